package cgt

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// generalArena runs f with the closed forms for number-ups-star games
// turned off, so that f computes with the general algorithm only.
func generalArena(f func()) {
	ar.mu.Lock()
	ar.fast = false
	ar.mu.Unlock()
	defer func() {
		ar.mu.Lock()
		ar.fast = true
		ar.mu.Unlock()
	}()
	f()
}

// generalStar builds *n with the general constructor only.
func generalStar(n int) Game {
	var opts []Game
	g := Zero
	for range n {
		opts = append(opts, g)
		g = New(opts, opts)
	}
	return g
}

// generalNus builds x + ^u + *n by general sums of {0|*} (or its
// negative), a general *n and the number x.
func generalNus(x Dyadic, u, n int) Game {
	up := New([]Game{Zero}, []Game{generalStar(1)})
	if u < 0 {
		up, u = up.Neg(), -u
	}
	g := Number(x).Add(generalStar(n))
	for range u {
		g = g.Add(up)
	}
	return g
}

// TestNusCanonicalForms checks the closed forms of x + ^u + *n (built
// directly from their canonical forms) against the general algorithm,
// which canonicalizes sums of ^, * and x: the same game, with the same
// thermograph, stops and birthday.
func TestNusCanonicalForms(t *testing.T) {
	for _, xs := range []string{"0", "1", "-3/2"} {
		x, _ := ParseDyadic(xs)
		for u := -5; u <= 5; u++ {
			for n := 0; n <= 7; n++ {
				var want Game
				var th Thermograph
				var bday int64
				generalArena(func() {
					want = generalNus(x, u, n)
					th = want.Thermograph()
					bday = want.Birthday()
				})
				got := Nus(x, u, n)
				if got != want {
					t.Fatalf("Nus(%s, %d, %d) = %s, the general algorithm gives %s", x, u, n, got, want)
				}
				gx, gu, gn, ok := got.NusParts()
				if !ok || !gx.Equal(x) || gu != u || gn != n {
					t.Errorf("NusParts(%s) = %s %d %d %v", got, gx, gu, gn, ok)
				}
				if got.Birthday() != bday || got.BirthdayBig().Int64() != bday {
					t.Errorf("%s: birthday %d, general %d", got, got.Birthday(), bday)
				}
				if p, _ := ar.nusParts(got); x.IsInteger() && (u != 0 || n != 0) {
					if fast := nusThermograph(p); fmt.Sprint(fast) != fmt.Sprint(th) {
						t.Errorf("%s: closed-form thermograph %v, general %v", got, fast, th)
					}
				}
			}
		}
	}
}

// TestStarThermographs: the running-extreme thermographs of x + *k for a
// fraction x equal the general fold over the options (each computed in a
// table of its own, so neither finds the other's results).
func TestStarThermographs(t *testing.T) {
	const n = 12
	xs := []string{"1/2", "-3/4", "13/8", "5/16"}
	fast := map[string]string{}
	resetArena()
	for _, xs := range xs {
		x, _ := ParseDyadic(xs)
		for k := n; k >= 1; k-- { // from the top: one call computes the whole row
			fast[fmt.Sprint(xs, k)] = fmt.Sprint(Nus(x, 0, k).Thermograph())
		}
	}
	resetArena()
	generalArena(func() {
		for _, xs := range xs {
			x, _ := ParseDyadic(xs)
			for k := 1; k <= n; k++ {
				g := Number(x).Add(generalStar(k))
				if got, want := fast[fmt.Sprint(xs, k)], fmt.Sprint(g.Thermograph()); got != want {
					t.Errorf("%s+*%d: %s, general %s", xs, k, got, want)
				}
			}
		}
	})
}

// TestNusArithmeticMatchesGeneral compares sums, negatives and comparisons
// of random nus games by the closed forms with the general algorithm.
func TestNusArithmeticMatchesGeneral(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 19))
	xs := []Dyadic{{}, DyadicInt(1), DyadicInt(-1), NewDyadic(1, 1), NewDyadic(-3, 2)}
	random := func() (Dyadic, int, int) { return xs[r.IntN(len(xs))], r.IntN(9) - 4, r.IntN(6) }
	for range 300 {
		x, u, n := random()
		y, v, m := random()
		g, h := Nus(x, u, n), Nus(y, v, m)
		var sum, neg Game
		var leq, geq bool
		generalArena(func() {
			sum, neg = g.Add(h), g.Neg()
			leq, geq = g.Leq(h), h.Leq(g)
		})
		if fs := g.Add(h); fs != sum || fs != Nus(x.Add(y), u+v, n^m) {
			t.Fatalf("%s + %s: closed form %s, general %s", g, h, fs, sum)
		}
		if fn := g.Neg(); fn != neg {
			t.Fatalf("-(%s): closed form %s, general %s", g, fn, neg)
		}
		if g.Leq(h) != leq || h.Leq(g) != geq {
			t.Fatalf("%s <= %s: closed form %v %v, general %v %v", g, h, g.Leq(h), h.Leq(g), leq, geq)
		}
	}
}

// TestNimberSums: nimbers add by xor, at once even for large ones.
func TestNimberSums(t *testing.T) {
	for a := range 20 {
		for b := range 20 {
			var want Game
			generalArena(func() { want = generalStar(a).Add(generalStar(b)) })
			if got := Star(a).Add(Star(b)); got != want || got != Star(a^b) {
				t.Fatalf("*%d + *%d = %s, general %s", a, b, got, want)
			}
		}
	}
	if Star(4096).Add(Star(4095)) != Star(8191) || Star(4096).Add(Star(4097)) != Star(1) {
		t.Fatal("*4096 + *4095 != *8191 or *4096 + *4097 != *1")
	}
	if b := Star(8191).Birthday(); b != 8191 {
		t.Fatalf("birthday of *8191 = %d", b)
	}
}

// TestNusExpressions evaluates the expressions through the parser.
func TestNusExpressions(t *testing.T) {
	for _, c := range []struct {
		expr string
		want bool
	}{
		{"*4096+*4095 == *8191", true},
		{"*4096+*4097 == *1", true},
		{"*4096+*4095 == *1", false},
		{"*64+*63 == *127", true},
		{"^5 + v3 == ^^", true},
		{"3/8^*2 + -1/8v*3 == 1/4*1", true},
		{"^1000 + v999 == ^", true},
		{"^65536 - ^65535 > 0", true},
		{"^* <> 0", true},
		{"^*2 > 0", true},
		{"v*3 < 0", true},
		{"*65536 + *65535 + *65535 == *65536", true},
	} {
		v, err := Eval(c.expr)
		if err != nil || !v.IsComparison || v.Bool != c.want {
			t.Errorf("%s: %+v, %v; want %v", c.expr, v, err, c.want)
		}
	}
	if _, err := Eval("*65537"); err == nil {
		t.Error("*65537 accepted")
	}
	if _, err := Parse(string(make([]byte, 0)) + repeat("^", maxUps+1)); err == nil {
		t.Error("too many carets accepted")
	}
	g := MustParse("73/16v9*8")
	if g.String() != "73/16v9*8" {
		t.Errorf("73/16v9*8 prints as %s", g)
	}
}

func repeat(s string, n int) string {
	b := make([]byte, 0, n*len(s))
	for range n {
		b = append(b, s...)
	}
	return string(b)
}

// TestBirthdayExact: birthdays past int64 are exact through BirthdayBig and
// reported as not fitting by BirthdayInt64.
func TestBirthdayExact(t *testing.T) {
	two70, _ := new(big.Int).SetString("1180591620717411303424", 10)
	for _, c := range []struct{ expr, want string }{
		{"1180591620717411303424", "1180591620717411303424"},
		{"-1180591620717411303424", "1180591620717411303424"},
		{"1180591620717411303424*", "1180591620717411303425"},
		{"1180591620717411303424*5", "1180591620717411303429"},
		{"1180591620717411303424^", "1180591620717411303426"},
		{"{1180591620717411303424|0}", "1180591620717411303425"},
		{"9223372036854775807", "9223372036854775807"},
		{"9223372036854775807*", "9223372036854775808"},
		{"9223372036854775807/2", "4611686018427387905"},
		{"3/8", "4"},
		{"*7", "7"},
		{"{3||2*|1*}", "5"},
	} {
		g := MustParse(c.expr)
		if got := g.BirthdayBig().String(); got != c.want {
			t.Errorf("birthday of %s = %s, want %s", c.expr, got, c.want)
		}
		want, _ := new(big.Int).SetString(c.want, 10)
		b, ok := g.BirthdayInt64()
		if ok != want.IsInt64() || ok && b != want.Int64() {
			t.Errorf("BirthdayInt64(%s) = %d, %v", c.expr, b, ok)
		}
		if ok && g.Birthday() != b || !ok && g.Birthday() != 1<<63-1 {
			t.Errorf("Birthday(%s) = %d", c.expr, g.Birthday())
		}
	}
	_ = two70
}

func BenchmarkNimberSum(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		resetArena()
		if Star(4096).Add(Star(4095)) != Star(8191) {
			b.Fatal("wrong sum")
		}
	}
}

func BenchmarkUpsSum(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		resetArena()
		g := MustParse("^1000*3 + v999*2 + 3/8")
		if g.String() != "3/8^*" {
			b.Fatal(g)
		}
	}
}
