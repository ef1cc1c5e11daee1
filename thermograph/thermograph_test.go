package thermograph

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/cgt"
)

// d parses a dyadic for tests.
func d(s string) cgt.Dyadic {
	v, err := cgt.ParseDyadic(s)
	if err != nil {
		panic(err)
	}
	return v
}

// pts parses "t,v t,v ..." into breakpoints.
func pts(s string) []Point {
	var out []Point
	for _, f := range strings.Fields(s) {
		t, v, _ := strings.Cut(f, ",")
		out = append(out, Point{T: d(t), V: d(v)})
	}
	return out
}

func fmtPts(ps []Point) string {
	var sb strings.Builder
	for i, p := range ps {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(p.T.String() + "," + p.V.String())
	}
	return sb.String()
}

// golden lists hand-derived thermographs. Breakpoints are "t,v" pairs
// from t = -1 up to the mast point (temperature, mean).
//
// Notation: L(G) and R(G) are the walls of G; for a game that is not an
// integer, L(G)(t) = max over Left options of R(G^L)(t) - t and
// R(G)(t) = min over Right options of L(G^R)(t) + t, up to the first
// temperature where they meet (the temperature; the value there is the
// mean), and constant above. An integer n has L = R = n from t = -1.
var golden = []struct {
	expr, canonical   string
	left, right       string
	mean, temperature string
}{
	// Switches {a|b}, a > b integers: L = a - t, R = b + t, meeting at
	// t = (a-b)/2 on the mean (a+b)/2; at t = -1, a+1 and b-1.
	{"+-1", "+-1", "-1,2 1,0", "-1,-2 1,0", "0", "1"},
	{"{2|0}", "{2|0}", "-1,3 1,1", "-1,-1 1,1", "1", "1"},
	{"{3|1}", "{3|1}", "-1,4 1,2", "-1,0 1,2", "2", "1"},
	{"{0|-10}", "{0|-10}", "-1,1 5,-5", "-1,-11 5,-5", "-5", "5"},
	{"{5|2}", "{5|2}", "-1,6 3/2,7/2", "-1,1 3/2,7/2", "7/2", "3/2"},
	// {4||3|1}: H = {3|1} has L(H) = 3-t, R(H) = 1+t up to t = 1 (mean 2).
	// L = R(4) - t = 4 - t. R = L(H) + t = 3 on [-1,1], then 2 + t.
	// They meet where 4 - t = 3: t = 1, value 3. The right wall is
	// vertical all the way up (White's move, answered, leaves 3), but
	// White's follow-up {3|1} is exactly as hot as the position, so the
	// players' words call it ambiguous (TestClassifyTextbook).
	{"{4||3|1}", "{4||3|1}", "-1,5 1,3", "-1,3 1,3", "3", "1"},
	// {3||2*|1*} (docs/json-contract.md's example):
	//   2* = {2|2}: L = 2 - t, R = 2 + t, meeting at t = 0 on 2.
	//   1* = {1|1}: L = 1 - t, R = 1 + t, meeting at t = 0 on 1.
	//   H = {2*|1*}: L(H) = R(2*) - t = 2 on [-1,0], 2 - t above;
	//                R(H) = L(1*) + t = 1 on [-1,0], 1 + t above;
	//                they meet at 2 - t = 1 + t: t = 1/2, mean 3/2.
	//   G = {3||H}:  L(G) = R(3) - t = 3 - t: 4 at t = -1;
	//                R(G) = L(H) + t = 2 + t on [-1,0] (1 at t = -1, 2 at 0),
	//                2 on [0,1/2], then 3/2 + t;
	//                they meet at 3 - t = 3/2 + t: t = 3/4, mean 9/4.
	// CGSuite asserts mean 9/4 and temperature 3/4 (conformance rows c024,
	// c116). The left wall starts at 4, not 3: at t = -1 every wall of a
	// non-integer is its option's opposite wall plus or minus 1.
	{"{3||2*|1*}", "{3||2*|1*}", "-1,4 3/4,9/4", "-1,1 0,2 1/2,2 3/4,9/4", "9/4", "3/4"},

	// Figure 4.10 of Rappaport's thesis (Berlekamp's problem): chilled
	// values of tiles A..F.
	// A = {3|5/2}: 5/2 = {2|3} has L = 2 - t, R = 3 + t up to -1/2.
	//   L = 3 - t; R = L(5/2) + t = 2 on [-1,-1/2], then 5/2 + t;
	//   3 - t = 5/2 + t at t = 1/4, mean 11/4 (Rappaport: 2 3/4).
	{"{3|5/2}", "{3|5/2}", "-1,4 1/4,11/4", "-1,2 -1/2,2 1/4,11/4", "11/4", "1/4"},
	// B = 3 + {0|^} = 3^^* = {3|3^}: 3^ = {3|3*} has L = 3 - t up to 0.
	//   L = 3 - t; R = L(3^) + t = 3 on [-1,0]; they meet at t = 0 on 3.
	{"3+{0|^}", "3^^*", "-1,4 0,3", "-1,3 0,3", "3", "0"},
	// C = 1* = {1|1}: L = 1 - t, R = 1 + t, meeting at t = 0 on 1.
	{"1*", "1*", "-1,2 0,1", "-1,0 0,1", "1", "0"},
	// D = -2v = {-2*|-2}: L = R(-2*) - t = -2 on [-1,0]; R = -2 + t.
	{"-2v", "-2v", "-1,-2 0,-2", "-1,-3 0,-2", "-2", "0"},
	// E = 1/2 = {0|1}: L = -t, R = 1 + t, meeting at -1/2 on 1/2.
	{"1/2", "1/2", "-1,1 -1/2,1/2", "-1,0 -1/2,1/2", "1/2", "-1/2"},
	// F = 2v = {2*|2}: L = R(2*) - t = 2 on [-1,0]; R = 2 + t.
	{"2v", "2v", "-1,2 0,2", "-1,1 0,2", "2", "0"},

	// Blocked corridors of length n chill to the numbers
	// n - 2 + 2^-(n-1): 1/2, 5/4, 17/8, 49/16. A number x = {x^L|x^R} with
	// denominator 2^k has L = x^L - t from (-1, x^L + 1) to (-1/2^k, x) and
	// R = x^L flat up to -1/2^(k-1), then rising to (-1/2^k, x).
	// 5/4 = {1|3/2}: L(3/2) = 1 - t up to -1/2, so R = 1 on [-1,-1/2], then
	//   3/2 + t, meeting L = 1 - t at -1/4 on 5/4.
	{"5/4", "5/4", "-1,2 -1/4,5/4", "-1,1 -1/2,1 -1/4,5/4", "5/4", "-1/4"},
	{"17/8", "17/8", "-1,3 -1/8,17/8", "-1,2 -1/4,2 -1/8,17/8", "17/8", "-1/8"},
	{"49/16", "49/16", "-1,4 -1/16,49/16", "-1,3 -1/8,3 -1/16,49/16", "49/16", "-1/16"},
	// Their count forms (Berlekamp's warming). warm(1/2) = {1|*}:
	//   L = R(1) - t = 1 - t; R = L(*) + t = 0 on [-1,0] (L(*) = -t), then t;
	//   1 - t = t at t = 1/2, mean 1/2.
	{"warm(1/2)", "{1|*}", "-1,2 1/2,1/2", "-1,0 0,0 1/2,1/2", "1/2", "1/2"},

	// Integers and infinitesimals.
	{"5", "5", "-1,5", "-1,5", "5", "-1"},
	{"0", "0", "-1,0", "-1,0", "0", "-1"},
	{"*", "*", "-1,1 0,0", "-1,-1 0,0", "0", "0"},
	// ^ = {0|*}: L = -t up to 0; R = L(*) + t = 0.
	{"^", "^", "-1,1 0,0", "-1,0 0,0", "0", "0"},
}

func TestGoldenWalls(t *testing.T) {
	for _, c := range golden {
		t.Run(c.expr, func(t *testing.T) {
			th, err := Parse(c.expr)
			if err != nil {
				t.Fatal(err)
			}
			if th.Canonical != c.canonical {
				t.Errorf("canonical %s, want %s", th.Canonical, c.canonical)
			}
			if got := fmtPts(th.Left); got != fmtPts(pts(c.left)) {
				t.Errorf("left wall %s, want %s", got, c.left)
			}
			if got := fmtPts(th.Right); got != fmtPts(pts(c.right)) {
				t.Errorf("right wall %s, want %s", got, c.right)
			}
			if th.Mean.String() != c.mean || th.Temperature.String() != c.temperature {
				t.Errorf("mean %s temperature %s, want %s %s", th.Mean, th.Temperature, c.mean, c.temperature)
			}
			checkInvariants(t, th)
		})
	}
}

// checkInvariants checks what every thermograph of a short game satisfies.
func checkInvariants(t *testing.T, th Thermograph) {
	t.Helper()
	for side, w := range map[string]cgt.Trajectory{"left": th.Left, "right": th.Right} {
		if len(w) == 0 || !w[0].T.Equal(minusOne) {
			t.Fatalf("%s: %s wall does not start at t = -1: %v", th.Canonical, side, w)
		}
		if err := w.Check(); err != nil {
			t.Fatalf("%s: %s wall: %v", th.Canonical, side, err)
		}
		last := w[len(w)-1]
		if !last.T.Equal(th.Temperature) || !last.V.Equal(th.Mean) || last.Slope != 0 {
			t.Errorf("%s: %s wall ends at %v, not at the mast point (%s, %s)", th.Canonical, side, last, th.Temperature, th.Mean)
		}
		// The slopes are those the breakpoints alone give.
		rebuilt, err := FromPoints(w.Breakpoints())
		if err != nil || fmt.Sprint(rebuilt) != fmt.Sprint(w) {
			t.Fatalf("%s: %s wall %v rebuilt from its points: %v, %v", th.Canonical, side, w, rebuilt, err)
		}
		for i, s := range w[:len(w)-1] {
			if !rebuilt[i].T.Equal(s.T) || rebuilt[i].Slope != s.Slope {
				t.Fatalf("%s: %s wall slope %d after %v, points say %d", th.Canonical, side, s.Slope, s, rebuilt[i].Slope)
			}
			lo, hi := -1, 0
			if side == "right" {
				lo, hi = 0, 1
			}
			if s.Slope < lo || s.Slope > hi {
				t.Errorf("%s: %s wall slope %d after %v", th.Canonical, side, s.Slope, s)
			}
			if i > 0 && s.Slope == w[i-1].Slope {
				t.Errorf("%s: %s wall has a needless breakpoint %v", th.Canonical, side, s)
			}
		}
	}
	for _, p := range append(append([]Point(nil), th.Left...), th.Right...) {
		if th.LeftAt(p.T).Cmp(th.RightAt(p.T)) < 0 {
			t.Errorf("%s: left wall right of right wall at t = %s", th.Canonical, p.T)
		}
	}
	above := th.Temperature.Add(cgt.DyadicInt(3))
	if !th.LeftAt(above).Equal(th.Mean) || !th.RightAt(above).Equal(th.Mean) {
		t.Errorf("%s: walls are not the mast above the temperature", th.Canonical)
	}
}

// TestCGSuiteMeanTemperature checks mean and temperature against every
// row of CGSuite's conformance vectors that gives them (the file has no
// wall vectors).
func TestCGSuiteMeanTemperature(t *testing.T) {
	rows := loadConformance(t)
	checked := 0
	for _, r := range rows {
		if r["mean"] == "" || r["temperature"] == "" {
			continue
		}
		th, err := Parse(r["expr"])
		if err != nil {
			t.Errorf("%s: %s: %v", r["id"], r["expr"], err)
			continue
		}
		if th.Mean.String() != r["mean"] || th.Temperature.String() != r["temperature"] {
			t.Errorf("%s: %s: mean %s temperature %s, CGSuite says %s %s",
				r["id"], r["expr"], th.Mean, th.Temperature, r["mean"], r["temperature"])
		}
		checkInvariants(t, th)
		checked++
	}
	if checked < 25 {
		t.Fatalf("only %d rows give mean and temperature", checked)
	}
	t.Logf("checked %d CGSuite rows", checked)
}

// TestWarmHeatsByOne checks, for the chilled values of the golden tiles,
// that their count forms (warm) keep the mean and are exactly one degree
// hotter, and chill back to the chilled value.
func TestWarmHeatsByOne(t *testing.T) {
	for _, e := range []string{"{3|5/2}", "3+{0|^}", "1*", "-2v", "1/2", "2v", "5/4", "17/8", "49/16"} {
		x := cgt.MustParse(e)
		w := x.Warm()
		tx, tw := Of(x), Of(w)
		checkInvariants(t, tw)
		if !tw.Mean.Equal(tx.Mean) || !tw.Temperature.Equal(tx.Temperature.Add(cgt.DyadicInt(1))) {
			t.Errorf("%s: warm %s has mean %s temperature %s; chilled mean %s temperature %s",
				e, w, tw.Mean, tw.Temperature, tx.Mean, tx.Temperature)
		}
		if w.Chill() != x {
			t.Errorf("chill(warm(%s)) = %s", e, w.Chill())
		}
	}
}

// randomGame returns a random Go-like game: a switch {a|b} or a two-level
// game {a||b|c} with small integers, sometimes with a star.
func randomGame(r *rand.Rand) cgt.Game {
	a := r.IntN(9) - 3
	b := a - r.IntN(6)
	star := ""
	if r.IntN(4) == 0 {
		star = "*"
	}
	if r.IntN(2) == 0 {
		return cgt.MustParse(fmt.Sprintf("{%d%s|%d}", a, star, b))
	}
	c := b - r.IntN(5)
	return cgt.MustParse(fmt.Sprintf("{%d||%d%s|%d}", a+r.IntN(4), b, star, c))
}

// TestWallsAreStopsOfCooledGames checks the walls against cgt's cooling:
// the left wall at t is the left stop of g cooled by t, the right wall its
// right stop, at sample temperatures in (-1, temperature + 1].
func TestWallsAreStopsOfCooledGames(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	var gs []cgt.Game
	for _, c := range golden {
		gs = append(gs, cgt.MustParse(c.expr))
	}
	for range 60 {
		g := randomGame(r)
		if r.IntN(2) == 0 {
			g = g.Add(randomGame(r))
		}
		gs = append(gs, g)
	}
	for _, g := range gs {
		th := Of(g)
		checkInvariants(t, th)
		for k := -7; k <= 8*int(th.Temperature.Floor().Float64()+2); k++ {
			tt := cgt.NewDyadic(int64(k), 3)
			c := g.Cool(tt)
			if !th.LeftAt(tt).Equal(c.LeftStop()) || !th.RightAt(tt).Equal(c.RightStop()) {
				t.Errorf("%s at t = %s: walls %s %s, cooled stops %s %s",
					g, tt, th.LeftAt(tt), th.RightAt(tt), c.LeftStop(), c.RightStop())
			}
		}
	}
}

func TestAtBetweenBreakpoints(t *testing.T) {
	th := Of(cgt.MustParse("{3||2*|1*}"))
	for _, c := range []struct{ t, l, r string }{
		{"-1", "4", "1"}, {"-1/2", "7/2", "3/2"}, {"1/4", "11/4", "2"}, {"5/8", "19/8", "17/8"}, {"3/4", "9/4", "9/4"}, {"10", "9/4", "9/4"},
	} {
		if l, r := th.LeftAt(d(c.t)), th.RightAt(d(c.t)); l.String() != c.l || r.String() != c.r {
			t.Errorf("at %s: %s %s, want %s %s", c.t, l, r, c.l, c.r)
		}
	}
	if w := th.WidthAt(d("0")); w.String() != "1" {
		t.Errorf("width at 0 = %s, want 1", w)
	}
	if th.IsNumber() || !Of(cgt.MustParse("3/8")).IsNumber() {
		t.Error("IsNumber")
	}
}

func TestParseError(t *testing.T) {
	_, err := Parse("{3||2*|1")
	var pe *cgt.ParseError
	if err == nil || !asParseError(err, &pe) || pe.Col < 1 {
		t.Fatalf("Parse of a bad expression: %v", err)
	}
}

func asParseError(err error, pe **cgt.ParseError) bool {
	p, ok := err.(*cgt.ParseError)
	*pe = p
	return ok
}

func ExampleOf() {
	th := Of(cgt.MustParse("{3||2*|1*}"))
	fmt.Println(th.Canonical, "mean", th.Mean, "temperature", th.Temperature)
	fmt.Println("left ", th.Left)
	fmt.Println("right", th.Right)
	// Output:
	// {3||2*|1*} mean 9/4 temperature 3/4
	// left  [(-1, 4) (3/4, 9/4)]
	// right [(-1, 1) (0, 2) (1/2, 2) (3/4, 9/4)]
}

// FuzzParse checks that any expression either fails to parse with an
// error or yields a thermograph with the invariants of one.
func FuzzParse(f *testing.F) {
	for _, c := range golden {
		f.Add(c.expr)
	}
	f.Add("{3||2*|1")
	f.Add("+-1+-2+-3")
	f.Fuzz(func(t *testing.T, expr string) {
		if len(expr) > 40 {
			return
		}
		g, err := cgt.Parse(expr)
		if err != nil || g.Birthday() > 12 {
			return
		}
		checkInvariants(t, Of(g))
	})
}
