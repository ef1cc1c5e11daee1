package cgt

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// randomGame returns a random game with integer leaves in [-k, k] and the
// given depth; used by property tests and benchmarks.
func randomGame(r *rand.Rand, depth, k int) Game {
	if depth == 0 || r.IntN(4) == 0 {
		return Int(int64(r.IntN(2*k+1) - k))
	}
	var l, rr []Game
	for range 1 + r.IntN(2) {
		l = append(l, randomGame(r, depth-1, k))
	}
	for range 1 + r.IntN(2) {
		rr = append(rr, randomGame(r, depth-1, k))
	}
	return New(l, rr)
}

// randomSmall returns random games that include infinitesimals and
// fractions: options drawn from a fixed pool and earlier results.
func randomSmall(r *rand.Rand, n int) []Game {
	pool := []Game{Zero, Int(1), Int(-1), Star(1), Up(1), MustParse("1/2"), MustParse("+-1"), MustParse("{2|0}")}
	for range n {
		var l, rr []Game
		for range r.IntN(3) {
			l = append(l, pool[r.IntN(len(pool))])
		}
		for range r.IntN(3) {
			rr = append(rr, pool[r.IntN(len(pool))])
		}
		pool = append(pool, New(l, rr))
	}
	return pool
}

func TestDyadic(t *testing.T) {
	cases := []struct {
		in, want string
	}{
		{"3/16", "3/16"}, {"-6/8", "-3/4"}, {"19/1", "19"}, {"0/7", "0"}, {"6/3", "2"},
		{"31381059609/4722366482869645213696", "31381059609/4722366482869645213696"},
		{"-1823437481924", "-1823437481924"},
	}
	for _, c := range cases {
		d, err := ParseDyadic(c.in)
		if err != nil || d.String() != c.want {
			t.Errorf("ParseDyadic(%q) = %v, %v; want %s", c.in, d, err, c.want)
		}
	}
	for _, bad := range []string{"1/3", "2/6", "x", "1/0", "1/-2"} {
		if _, err := ParseDyadic(bad); err == nil {
			t.Errorf("ParseDyadic(%q) accepted", bad)
		}
	}
	// Overflow into math/big and back.
	big := DyadicInt(1 << 62).Add(DyadicInt(1 << 62))
	if big.String() != "9223372036854775808" {
		t.Errorf("2^63 = %s", big)
	}
	if back := big.Sub(DyadicInt(1)); back.String() != "9223372036854775807" || back.big != nil {
		t.Errorf("2^63-1 = %s (big %v)", back, back.big != nil)
	}
	if h := NewDyadic(3, 0).Shift(-70).Shift(70); !h.Equal(DyadicInt(3)) {
		t.Errorf("shift round trip = %s", h)
	}
	lo, hi := MustDyadic("1/4"), MustDyadic("3/8")
	if s := SimplestBetween(&lo, &hi); s.String() != "5/16" {
		t.Errorf("simplest in (1/4,3/8) = %s", s)
	}
	lo, hi = MustDyadic("-7/2"), MustDyadic("-3")
	if s := SimplestBetween(&lo, &hi); s.String() != "-13/4" {
		t.Errorf("simplest in (-7/2,-3) = %s", s)
	}
}

func MustDyadic(s string) Dyadic {
	d, err := ParseDyadic(s)
	if err != nil {
		panic(err)
	}
	return d
}

func TestNamedValues(t *testing.T) {
	cases := map[string]Game{
		"*":         Star(1),
		"*3":        Star(3),
		"^":         Up(1),
		"v3":        Up(-3),
		"+-1":       Switch(Int(1)),
		"Tiny(3/2)": Tiny(Number(MustDyadic("3/2"))),
		"Miny(1)":   Miny(Int(1)),
		"9/8*":      Nus(MustDyadic("9/8"), 0, 1),
		"73/16v9*8": Nus(MustDyadic("73/16"), -9, 8),
	}
	for s, g := range cases {
		if p := MustParse(s); p != g {
			t.Errorf("%s: parsed %s, constructed %s", s, p, g)
		}
		if g.String() != s {
			t.Errorf("constructed %s prints %s", s, g)
		}
	}
	if x, u, n, ok := MustParse("-1^^").NusParts(); !ok || x.String() != "-1" || u != 2 || n != 0 {
		t.Errorf("-1^^ parts = %v %d %d %v", x, u, n, ok)
	}
	if s := MustParse("{0|-1^^}").String(); s != "{0|-1^^}" {
		t.Errorf("signed juxtaposition round trip: %s", s)
	}
	if s := MustParse("3 -1^^").String(); s != "2vv" {
		t.Errorf("binary minus binds the whole literal: 3 -1^^ = %s", s)
	}
}

// TestEnumeration counts the distinct values born by day 2 and day 3.
func TestEnumeration(t *testing.T) {
	days := EnumerateDays(3)
	if len(days[0]) != 1 || len(days[1]) != 4 || len(days[2]) != 22 || len(days[3]) != 1474 {
		t.Fatalf("games born by day 0..3: %d %d %d %d, want 1 4 22 1474", len(days[0]), len(days[1]), len(days[2]), len(days[3]))
	}
	for _, g := range days[3] {
		if g.Birthday() > 3 {
			t.Fatalf("%s has birthday %d", g, g.Birthday())
		}
	}
}

func TestProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	games := randomSmall(r, 60)
	for range 40 {
		games = append(games, randomGame(r, 4, 3))
	}
	for i, g := range games {
		if s := g.Add(g.Neg()); s != Zero {
			t.Fatalf("G + -G = %s for G = %s", s, g)
		}
		// Canonical forms are unique: reparsing the printed form gives the same game.
		if p, err := Parse(g.String()); err != nil || p != g {
			t.Fatalf("%s reparsed as %v (%v)", g, p, err)
		}
		h := games[(i*7+3)%len(games)]
		k := games[(i*13+5)%len(games)]
		if g.Add(h) != h.Add(g) {
			t.Fatalf("sum does not commute: %s, %s", g, h)
		}
		if g.Add(h).Add(k) != g.Add(h.Add(k)) {
			t.Fatalf("sum does not associate: %s, %s, %s", g, h, k)
		}
		if !g.Add(h).Mean().Equal(g.Mean().Add(h.Mean())) {
			t.Fatalf("mean(%s + %s) = %s, want %s + %s", g, h, g.Add(h).Mean(), g.Mean(), h.Mean())
		}
		// A game above its temperature cools to its mean.
		tt := g.Temperature().Add(MustDyadic("1/8"))
		if tt.Cmp(MustDyadic("-1")) > 0 {
			if c := g.Cool(tt); c != Number(g.Mean()) {
				t.Fatalf("cool(%s, %s) = %s, want mean %s", g, tt, c, g.Mean())
			}
		}
		// Comparison is consistent with the difference's outcome.
		rel, out := g.Compare(h), g.Sub(h).Outcome()
		want := map[Relation]Outcome{Less: OutcomeR, Greater: OutcomeL, Equal: OutcomeP, Confused: OutcomeN}[rel]
		if out != want {
			t.Fatalf("%s vs %s: relation %s but difference outcome %s", g, h, rel, out)
		}
		// Left stop >= right stop.
		if g.LeftStop().Cmp(g.RightStop()) < 0 {
			t.Fatalf("%s: left stop %s < right stop %s", g, g.LeftStop(), g.RightStop())
		}
	}
	// {a|b} with a > b has temperature (a-b)/2 and mean (a+b)/2.
	for range 50 {
		a := NewDyadic(int64(r.IntN(200)-100), uint(r.IntN(4)))
		b := a.Sub(NewDyadic(int64(1+r.IntN(100)), uint(r.IntN(4))))
		g := New([]Game{Number(a)}, []Game{Number(b)})
		if !g.Temperature().Equal(a.Sub(b).Half()) || !g.Mean().Equal(a.Add(b).Half()) {
			t.Fatalf("{%s|%s}: temperature %s mean %s", a, b, g.Temperature(), g.Mean())
		}
	}
	if c := MustParse("{2|0}").Chill(); c.String() != "1*" {
		t.Errorf("chill({2|0}) = %s, want 1*", c)
	}
}

func TestWarmChill(t *testing.T) {
	// Berlekamp: warming undoes chilling for Go-like values (up to a star).
	for _, s := range []string{"{2|0}", "{3|1}", "{4||3|1}", "*", "{1|-1}", "{4|0}", "{3||2|0}", "1", "2", "{0|-2}"} {
		g := MustParse(s)
		w := g.Chill().Warm()
		if w != g && w != g.Add(Star(1)) {
			t.Errorf("warm(chill(%s)) = %s", s, w)
		}
	}
	// warm(1*) = {1+warm(1) | -1+warm(1)} = {2*|*} = {2|0}*.
	if w := MustParse("1*").Warm(); w != MustParse("{2|0}").Add(Star(1)) {
		t.Errorf("warm(1*) = %s", w)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		in  string
		col int
	}{
		{"{1|", 1}, {"1 + ", 5}, {"{1|2|3}", 3}, {"foo(1)", 1}, {"1/3", 1}, {"cool(*,x)", 8},
		{"3 @ 4", 3}, {"{1,|2}", 3}, {"*99999", 2}, {"cool(*, -1)", 1}, {")", 1}, {"(1", 3},
	}
	for _, c := range cases {
		_, err := Parse(c.in)
		pe, ok := err.(*ParseError)
		if !ok {
			t.Errorf("%q: error %v, want a ParseError", c.in, err)
			continue
		}
		if pe.Col != c.col {
			t.Errorf("%q: column %d (%v), want %d", c.in, pe.Col, pe, c.col)
		}
	}
}

func TestComparisons(t *testing.T) {
	cases := map[string]bool{
		"^ > 0": true, "* <> 0": true, "^* <> 0": true, "^ <= *": false, "^ |> *": true,
		"{1|0} == +-1/2 + 1/2": true, "1/2 < 1": true, "v <| 0": true, "2 >= 2": true,
	}
	for s, want := range cases {
		v, err := Eval(s)
		if err != nil || !v.IsComparison || v.Bool != want {
			t.Errorf("%s = %v (%v), want %v", s, v.Bool, err, want)
		}
	}
}

func TestAtomicWeight(t *testing.T) {
	cases := map[string]string{"^": "1", "v*": "-1", "*8": "0", "{^^^|vv}": "{1|0}", "^^*": "2", "{0||0|vvv}": "0"}
	for s, want := range cases {
		aw, ok := MustParse(s).AtomicWeight()
		if !ok || aw != MustParse(want) {
			t.Errorf("aw(%s) = %s (%v), want %s", s, aw, ok, want)
		}
	}
	if _, ok := MustParse("{2|0}").AtomicWeight(); ok {
		t.Errorf("{2|0} is not all-small but got an atomic weight")
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"{3||2+*|1+*}", "73/16v9*8", "cool({3||2*|1*},1/4)", "+-{1,1*}", "Tiny({2|1})", "^ <> *", "{a|", "((((", "1/3", "-1^^", "±↑⋆"} {
		f.Add(s)
	}
	for _, s := range []string{"^[3]*", "v<2>", "2^3", "5*{3||2|1}", "1:1", "{^^^|vv}.AtomicWeight", "heat({3||2+*|1+*},*)", "^.Pow(3)", "{1|*}.LeftOptions", "nortonProduct(1/2,^)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 200 {
			return
		}
		var v Value
		var err, perr error
		var printed string
		var p Game
		if WithinBudget(Budget{MaxSteps: 200000}, func() {
			v, err = Eval(s)
			if err == nil && !v.IsComparison && !v.IsSet {
				printed = v.Game.String()
				p, perr = Parse(printed)
			}
		}) != nil {
			return // too much work for a fuzz input: refused, not wrong
		}
		if err != nil {
			if _, ok := err.(*ParseError); !ok {
				t.Fatalf("%q: non-ParseError %T", s, err)
			}
			return
		}
		if !v.IsComparison && !v.IsSet {
			if perr != nil && strings.Contains(perr.Error(), "nested too deeply") {
				return // a game deeper than the parser reads: refused, not misread
			}
			if perr != nil || p != v.Game {
				t.Fatalf("%q: printed %s does not reparse (%v)", s, printed, perr)
			}
		}
	})
}

// TestFormatLimit: small games print in full, and a sum whose printed
// form is long is refused under a small limit but printed without one.
func TestFormatLimit(t *testing.T) {
	g := MustParse("{3||2*|1*}")
	if s, ok := g.FormatLimit(false, 100); !ok || s != g.String() {
		t.Errorf("FormatLimit = %q, %v", s, ok)
	}
	h := MustParse("{5||4|3}").Add(MustParse("{7||6|5}")).Add(MustParse("{4|||3||2|1}"))
	full := h.String()
	if s, ok := h.FormatLimit(false, len(full)/2); ok {
		t.Errorf("a %d-character form printed under a limit of %d: %q", len(full), len(full)/2, s)
	}
	if s, ok := h.FormatLimit(false, 0); !ok || s != full {
		t.Errorf("no limit: %q, %v", s, ok)
	}
	if s, ok := h.FormatLimit(false, 16*len(full)+64); !ok || s != full {
		t.Errorf("generous limit: %q, %v", s, ok)
	}
}

// TestSumOrderIndependent adds the same games in different orders and
// groupings: hash-consing makes equal sums the same Game, so any slip in
// the sum's pruning of dominated options or in the memo tables shows up
// as different results.
func TestSumOrderIndependent(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 5))
	for trial := range 4 {
		gs := endgameTiles(r, 7, trial%2 == 1)
		gs = append(gs, goLikeGame(r, 3, 0, 4), goLikeGame(r, 3, 1, 4))
		fwd := Sum(gs...)
		rev := Zero
		for i := len(gs) - 1; i >= 0; i-- {
			rev = gs[i].Add(rev)
		}
		half := Sum(gs[:5]...).Add(Sum(gs[5:]...))
		if fwd != rev || fwd != half {
			t.Fatalf("trial %d: sums differ: %v, %v, %v", trial, fwd, rev, half)
		}
		// Subtracting every game back must give 0 exactly.
		back := fwd
		for _, g := range gs {
			back = back.Sub(g)
		}
		if back != Zero {
			t.Fatalf("trial %d: sum minus its terms = %v", trial, back)
		}
		for _, g := range gs {
			if !g.Leq(g) || g.Compare(g.Add(Int(1))) != Less || g.Add(Int(1)).Compare(g) != Greater {
				t.Fatalf("trial %d: %v misorders against %v + 1", trial, g, g)
			}
		}
	}
}

// TestLeqTable checks the memo table on its own: both directions of a
// pair share a slot, a known g <= h refutes h <= g, and entries survive
// growth.
func TestLeqTable(t *testing.T) {
	var tb leqTable
	for i := Game(1); i < 5000; i++ {
		tb.put(i, i+1, i%3 == 0)
	}
	for i := Game(1); i < 5000; i++ {
		if v, ok := tb.get(i, i+1); !ok || v != (i%3 == 0) {
			t.Fatalf("get(%d,%d) = %v, %v", i, i+1, v, ok)
		}
		v, ok := tb.get(i+1, i)
		if i%3 == 0 && (!ok || v) || i%3 != 0 && ok {
			t.Fatalf("reverse get(%d,%d) = %v, %v", i+1, i, v, ok)
		}
	}
	tb.put(2, 1, true) // 1 <= 2 is false, 2 <= 1 true: same slot
	if v, ok := tb.get(2, 1); !ok || !v {
		t.Fatal("second direction lost")
	}
	if v, ok := tb.get(1, 2); !ok || v {
		t.Fatal("first direction lost")
	}
	if tb.n != 4999 {
		t.Fatalf("%d entries, want 4999", tb.n)
	}
}

// TestSumWithin: a sum that needs many new games is refused under a small
// limit (and the table stays usable: the same sum then succeeds without
// a limit and equals Sum's), and a cheap one is computed.
func TestSumWithin(t *testing.T) {
	resetArena()
	var gs []Game
	for i := range 8 {
		gs = append(gs, MustParse(fmt.Sprintf("{%d||%d|%d}", 10+i, 5+i, i)))
	}
	if _, ok := SumWithin(50, gs...); ok {
		t.Fatal("a sum of eight hot games fitted in 50 new games")
	}
	s, ok := SumWithin(0, gs...)
	if !ok || s != Sum(gs...) {
		t.Fatalf("unlimited SumWithin = %v, %v; Sum = %v", s, ok, Sum(gs...))
	}
	if s2, ok := SumWithin(10, gs...); !ok || s2 != s {
		t.Fatalf("a memoized sum should need no new games: %v %v", s2, ok)
	}
	if g, ok := SumWithin(10, MustParse("3/4"), MustParse("*"), MustParse("^")); !ok || g != MustParse("3/4^*") {
		t.Fatalf("small sum: %v %v", g, ok)
	}
	if s.Sub(Sum(gs...)) != Zero {
		t.Fatal("the table is inconsistent after giving up")
	}
}
