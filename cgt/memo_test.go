package cgt

import (
	"math/rand/v2"
	"testing"
)

// TestMemoTablesBounded: with tiny caps, the comparison and sum memos are
// cleared instead of growing past them, and every answer stays right: a
// sum minus a term is the other term, sums commute, and g <= h exactly
// when h - g has Left winning moving second (outcome L or P), which is
// another pair's comparison (h - g against 0).
func TestMemoTablesBounded(t *testing.T) {
	oldLeq, oldPair := maxLeqSlots, maxPairSlots
	maxLeqSlots, maxPairSlots = 1<<10, 1<<10
	// Earlier tests may have grown the tables past the tiny caps: a full
	// table at or past its cap is cleared, never grown.
	leqCap, pairCap := startSizes()
	defer func() { maxLeqSlots, maxPairSlots = oldLeq, oldPair }()
	rng := rand.New(rand.NewPCG(3, 9))
	// Games of this test's own (odd sixty-fourths), so that no earlier
	// test left their sums in the memos.
	games := make([]Game, 0, 40)
	for len(games) < 40 {
		a, b := rng.IntN(64)-32, rng.IntN(64)-32
		if a <= b {
			continue
		}
		c := rng.IntN(16)
		l := Number(NewDyadic(int64(2*a+1), 6))
		r := Number(NewDyadic(int64(2*b+1), 6))
		g := New([]Game{l, New([]Game{l}, []Game{Star(c)})}, []Game{r})
		games = append(games, g)
	}
	for i, g := range games {
		for j, h := range games {
			s := g.Add(h)
			if s != h.Add(g) {
				t.Fatalf("%d + %d does not commute", i, j)
			}
			if s.Sub(h) != g {
				t.Fatalf("(%d + %d) - %d is not %d", i, j, j, i)
			}
			o := h.Sub(g).Outcome()
			if le := g.Leq(h); le != (o == OutcomeL || o == OutcomeP) {
				t.Fatalf("%d <= %d says %v, the outcome of the difference %v", i, j, le, o)
			}
		}
	}
	defer lock()()
	if len(ar.leqMemo.slots) > leqCap || len(ar.add.keys) > pairCap {
		t.Errorf("memo tables of %d and %d slots past the caps of %d and %d", len(ar.leqMemo.slots), len(ar.add.keys), leqCap, pairCap)
	}
}

// startSizes returns the most slots the memo tables may hold from now on:
// their sizes now or the caps, whichever is larger.
func startSizes() (leq, pair int) {
	defer lock()()
	return max(len(ar.leqMemo.slots), maxLeqSlots), max(len(ar.add.keys), maxPairSlots)
}
