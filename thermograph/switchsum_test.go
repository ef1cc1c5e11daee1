package thermograph

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/cgt"
)

// randomSwitchSum writes a sum of 16 to 23 numbers (some fractions) and
// simple switches whose temperatures take few values.
func randomSwitchSum(r *rand.Rand, maxWidth int) string {
	var terms []string
	for range 16 + r.IntN(8) {
		if r.IntN(4) == 0 {
			terms = append(terms, fmt.Sprintf("%d/%d", r.IntN(15)-7, 1<<r.IntN(3)))
			continue
		}
		a := r.IntN(13) - 6
		b := a - 1 - r.IntN(maxWidth)
		if r.IntN(3) == 0 {
			// dyadic ends: {a/2 | b/4}
			terms = append(terms, fmt.Sprintf("{%d/2|%d/4}", 2*a+1, 4*b-1))
			continue
		}
		terms = append(terms, fmt.Sprintf("{%d|%d}", a, b))
	}
	return strings.Join(terms, " + ")
}

// TestOfSwitchSum: the thermograph of a sum of numbers and switches read
// off its switches equals the one of its canonical form (cgt's), on
// random sums whose switches take few temperatures, so that the canonical
// form can be built: walls from t = -1 (the leaf numbers' own walls below
// 0 included) to the mast, mean and temperature.
func TestOfSwitchSum(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	compared := 0
	for i := range 400 {
		expr := randomSwitchSum(r, 6)
		s, ok := cgt.ParseSwitchSum(expr)
		if !ok {
			t.Fatalf("case %d: %s is not read as a sum of switches", i, expr)
		}
		if !s.HasCanonical {
			continue
		}
		g, err := cgt.Parse(expr)
		if err != nil {
			t.Fatal(err)
		}
		want, got := Of(g), OfSwitchSum(s)
		compared++
		if !slices.Equal(got.Left, want.Left) || !slices.Equal(got.Right, want.Right) || !got.Mean.Equal(want.Mean) || !got.Temperature.Equal(want.Temperature) || got.Canonical != want.Canonical {
			t.Fatalf("case %d: %s\nfrom the switches: left %v right %v mean %s temp %s\ncanonical %s: left %v right %v mean %s temp %s",
				i, expr, got.Left, got.Right, got.Mean, got.Temperature, want.Canonical, want.Left, want.Right, want.Mean, want.Temperature)
		}
	}
	if compared < 100 {
		t.Errorf("only %d sums compared", compared)
	}
	t.Logf("%d sums compared with their canonical forms", compared)
}

// BenchmarkOfSwitchSum200 is the thermograph of 200 random switches, whose
// canonical form is far too large to build.
func BenchmarkOfSwitchSum200(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 200))
	var terms []string
	for range 200 {
		a := r.IntN(41) - 20
		terms = append(terms, fmt.Sprintf("{%d|%d}", a, a-1-r.IntN(40)))
	}
	expr := strings.Join(terms, " + ")
	b.ReportAllocs()
	for b.Loop() {
		s, ok := cgt.ParseSwitchSum(expr)
		if !ok {
			b.Fatal("not a switch sum")
		}
		if th := OfSwitchSum(s); len(th.Left) == 0 {
			b.Fatal("no wall")
		}
	}
}
