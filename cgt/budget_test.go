package cgt

import (
	"errors"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
)

// checkTables checks the invariants of the game table that later answers
// rely on: every non-number's option lists are sorted and canonical ids
// below its own, it is found in the index under its options, negation
// links are symmetric, and memoized stops are those of its options.
func checkTables(t *testing.T) {
	t.Helper()
	defer lock()()
	for i := range ar.nodes {
		g := Game(i)
		n := &ar.nodes[g]
		if n.isNum {
			continue
		}
		if !slices.IsSorted(n.left) || !slices.IsSorted(n.right) {
			t.Fatalf("game %d: unsorted options", g)
		}
		for _, o := range append(slices.Clone(n.left), n.right...) {
			if o >= g {
				t.Fatalf("game %d has option %d made after it", g, o)
			}
		}
		if f, ok := ar.index.find(ar, n.left, n.right, hashOpts(n.left, n.right)); !ok || f != g {
			t.Fatalf("game %d not found in the index (%d, %v)", g, f, ok)
		}
		if n.negReady && (!ar.nodes[n.neg].negReady || ar.nodes[n.neg].neg != g) {
			t.Fatalf("game %d: negation link not symmetric", g)
		}
	}
}

// TestWithinStopsAndTablesStayConsistent: a sum too large for its budget
// stops with ErrBudget; the table stays consistent and later evaluations
// give the answers an unbudgeted run gives.
func TestWithinStopsAndTablesStayConsistent(t *testing.T) {
	tiles := func() []Game {
		return endgameTiles(rand.New(rand.NewPCG(7, 7)), 8, true)
	}
	// The reference, in a table of its own.
	resetArena()
	ref := Sum(tiles()...)
	refText, refMean := ref.String(), ref.Mean()
	refGames := TableStats().Games

	resetArena()
	gs := tiles()
	before := TableStats().Games
	var s Game
	err := Within(200, func() { s = Sum(gs...) })
	if !errors.Is(err, ErrBudget) {
		t.Fatalf("Within(200) of a sum needing %d games: %v (sum %s)", refGames, err, s)
	}
	if grown := TableStats().Games - before; grown > 200 {
		t.Fatalf("the table grew by %d games under a budget of 200", grown)
	}
	checkTables(t)
	// The lock is free again and the budget gone: the full sum works.
	got := Sum(gs...)
	if got.String() != refText || !got.Mean().Equal(refMean) {
		t.Fatalf("after the stop: %s (mean %s), want %s (mean %s)", got, got.Mean(), refText, refMean)
	}
	checkTables(t)
	// Within a generous budget it completes.
	err = Within(1_000_000, func() { s = Sum(gs[:3]...) })
	if err != nil || s != Sum(gs[:3]...) {
		t.Fatalf("Within(1e6): %v", err)
	}
}

// TestWithinSteps: comparisons count as steps, and a step budget stops a
// computation that creates no games.
func TestWithinSteps(t *testing.T) {
	resetArena()
	gs := endgameTiles(rand.New(rand.NewPCG(5, 5)), 6, true)
	a := Sum(gs...)
	b := a.Add(Up(1)) // same stops: the comparison must recurse
	resetLeq := func() {
		defer lock()()
		ar.leqMemo = leqTable{}
	}
	resetLeq()
	err := WithinBudget(Budget{MaxSteps: 3}, func() { a.Compare(b) })
	if !errors.Is(err, ErrBudget) {
		t.Fatalf("compare within 3 steps: %v", err)
	}
	resetLeq()
	want := a.Compare(b)
	var got Relation
	if err := WithinBudget(Budget{MaxSteps: 1 << 30}, func() { got = a.Compare(b) }); err != nil || got != want {
		t.Fatalf("compare within a large budget: %v %v, want %v", got, err, want)
	}
}

// TestWithinProgress: the hook sees the work grow and can stop it.
func TestWithinProgress(t *testing.T) {
	resetArena()
	gs := endgameTiles(rand.New(rand.NewPCG(7, 7)), 12, true)
	var seen []Progress
	err := WithinBudget(Budget{ProgressEvery: 50, Progress: func(p Progress) bool {
		seen = append(seen, p)
		return len(seen) < 4
	}}, func() { Sum(gs...) })
	if !errors.Is(err, ErrBudget) || len(seen) != 4 {
		t.Fatalf("err %v after %d calls", err, len(seen))
	}
	for i := 1; i < len(seen); i++ {
		if seen[i].Steps <= seen[i-1].Steps || seen[i].NewGames < seen[i-1].NewGames {
			t.Fatalf("progress does not grow: %v", seen)
		}
	}
	checkTables(t)
}

// TestWithinNested: the tightest budget applies and the innermost
// WithinBudget reports it; an outer budget is not used up by the inner
// one's stop.
func TestWithinNested(t *testing.T) {
	resetArena()
	gs := endgameTiles(rand.New(rand.NewPCG(7, 7)), 12, true)
	var inner error
	outer := Within(1_000_000, func() {
		inner = Within(100, func() { Sum(gs...) })
	})
	if !errors.Is(inner, ErrBudget) || outer != nil {
		t.Fatalf("inner %v, outer %v", inner, outer)
	}
	// An outer budget tighter than the inner one stops the inner call.
	outer = Within(100, func() {
		inner = Within(1_000_000, func() { Sum(gs...) })
	})
	if !errors.Is(inner, ErrBudget) {
		t.Fatalf("inner %v, outer %v", inner, outer)
	}
	checkTables(t)
}

// TestWithinPassesPanics: a panic of f's own is not taken for a budget
// stop.
func TestWithinPassesPanics(t *testing.T) {
	defer func() {
		if r := recover(); r != "mine" {
			t.Fatalf("recovered %v", r)
		}
	}()
	_ = Within(10, func() { panic("mine") })
}

// TestWithinOtherGoroutines: work of a goroutine outside any budget is
// never interrupted while another goroutine's budget is exhausted, and
// every result is right.
func TestWithinOtherGoroutines(t *testing.T) {
	resetArena()
	gs := endgameTiles(rand.New(rand.NewPCG(7, 7)), 12, true)
	hs := endgameTiles(rand.New(rand.NewPCG(8, 8)), 7, true)
	var wg sync.WaitGroup
	var free Game
	wg.Add(1)
	go func() {
		defer wg.Done()
		free = Sum(hs...) // no budget: must complete
	}()
	err := Within(50, func() { Sum(gs...) })
	wg.Wait()
	if err != nil && !errors.Is(err, ErrBudget) {
		t.Fatal(err)
	}
	if free != Sum(hs...) {
		t.Fatal("the unbudgeted sum changed")
	}
	checkTables(t)
}

func TestSumWithinStillWorks(t *testing.T) {
	resetArena()
	gs := endgameTiles(rand.New(rand.NewPCG(7, 7)), 12, true)
	if _, ok := SumWithin(100, gs...); ok {
		t.Fatal("SumWithin(100) of a large sum succeeded")
	}
	checkTables(t)
	s, ok := SumWithin(0, gs[:2]...)
	if !ok || s != gs[0].Add(gs[1]) {
		t.Fatal("SumWithin without a limit")
	}
}
