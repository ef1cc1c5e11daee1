package solve

import (
	"math/rand/v2"
	"testing"

	"github.com/mathgo/mathgo/cgt"
)

// TestStopsCanonicalAndSearchAgree holds the two ways of Stops to one
// answer: the stops read off the canonical total (the default limit) and
// the stops found by search (a negative limit: never build the total) of
// random sums of small hot games, and the search's "does the stop reach
// x" against the canonical stop on each side of it.
func TestStopsCanonicalAndSearchAgree(t *testing.T) {
	parts := []string{"{3|-1}", "{2|0}", "{1|-1}", "{4|{2|0}}", "{{3|1}|-2}", "{1/2|-1/2}", "*", "^", "{5|3}", "{0|-4}", "{2|-2}", "1/4", "-1"}
	rng := rand.New(rand.NewPCG(7, 31))
	canon, search := NewStops(0, 0), NewStops(-1, 0)
	checked := 0
	for range 120 {
		var vals []cgt.Game
		for range 2 + rng.IntN(4) {
			g, err := cgt.Parse(parts[rng.IntN(len(parts))])
			if err != nil {
				t.Fatal(err)
			}
			vals = append(vals, g)
		}
		if _, ok := search.Canonical(vals); ok {
			t.Fatal("a Stops with a negative limit built a canonical total")
		}
		total, ok := canon.Canonical(vals)
		if !ok {
			t.Fatalf("%v: no canonical total within the default limit", vals)
		}
		for _, p := range []cgt.Player{cgt.Left, cgt.Right} {
			want := total.Stop(p)
			a, err := canon.Stop(vals, p)
			if err != nil {
				t.Fatal(err)
			}
			b, err := search.Stop(vals, p)
			if err != nil {
				t.Fatal(err)
			}
			if !a.Equal(want) || !b.Equal(want) {
				t.Errorf("%v, %v to move: stop %s (canonical), %s (search), want %s", vals, p, a, b, want)
			}
			// SearchReaches asks whether the stop with p to move is at
			// least as good as x for p's opponent.
			// x on the grid of the values' numbers (StopExponent), as
			// every caller's x is a stop of the sum or of a neighbour.
			step := cgt.NewDyadic(1, StopExponent(vals))
			for _, x := range []cgt.Dyadic{want, want.Add(step), want.Sub(step)} {
				got, err := search.SearchReaches(vals, nil, p, x)
				if err != nil {
					t.Fatal(err)
				}
				exp := want.Cmp(x) <= 0
				if p == cgt.Right {
					exp = want.Cmp(x) >= 0
				}
				if got != exp {
					t.Errorf("%v, %v to move, x = %s: reaches %v, want %v (stop %s)", vals, p, x, got, exp, want)
				}
				checked++
			}
		}
	}
	if !search.Searched() || checked < 600 {
		t.Errorf("searched %v, %d comparisons", search.Searched(), checked)
	}
}
