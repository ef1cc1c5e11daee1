package tiles

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
)

// TestCapBudgetNests: a cap tighter than the budget in force bounds the
// searches under it and names itself in the budget error; one that is
// not tighter leaves the budget in force as it is; each uncap restores
// what its cap replaced, and gives back the positions of a failed search
// only when its own cap was in force.
func TestCapBudgetNests(t *testing.T) {
	b, _ := board.New(5, 5)
	e := newEngine(b, nil, 1000)
	e.nodes = 100
	outer := e.capBudget(500, "outer")
	if e.budget != 600 || e.capped != 500 || e.capWhat != "outer" || !outer.inForce {
		t.Fatalf("outer cap: budget %d, capped %d (%s)", e.budget, e.capped, e.capWhat)
	}
	e.nodes = 150
	loose := e.capBudget(1000, "loose")
	if loose.inForce || e.budget != 600 || e.capWhat != "outer" {
		t.Fatalf("a looser cap changed the budget: %d (%s)", e.budget, e.capWhat)
	}
	e.nodes = 400
	e.uncapBudget(loose, true)
	if e.nodes != 400 || e.wasted != 0 || e.budget != 600 || e.capWhat != "outer" {
		t.Fatalf("after the looser cap: nodes %d, wasted %d, budget %d (%s)", e.nodes, e.wasted, e.budget, e.capWhat)
	}
	inner := e.capBudget(50, "inner")
	if !inner.inForce || e.budget != 450 || e.capWhat != "inner" {
		t.Fatalf("inner cap: budget %d (%s)", e.budget, e.capWhat)
	}
	e.nodes = 440
	e.uncapBudget(inner, true)
	if e.nodes != 400 || e.wasted != 40 || e.budget != 600 || e.capped != 500 || e.capWhat != "outer" {
		t.Fatalf("after the inner cap failed: nodes %d, wasted %d, budget %d, capped %d (%s)", e.nodes, e.wasted, e.budget, e.capped, e.capWhat)
	}
	e.uncapBudget(outer, false)
	if e.nodes != 400 || e.budget != 1000 || e.capped != 0 {
		t.Fatalf("after the outer cap: nodes %d, budget %d, capped %d", e.nodes, e.budget, e.capped)
	}
}

// TestCyclicTileBounded: the position graph of Spight's 39-point tile,
// whose game graph has a capture cycle, is searched within
// MaxCyclicTilePositions positions, not the whole budget, and the error says
// which bound stopped it; the positions it spent are not charged to the
// tiles after it.
func TestCyclicTileBounded(t *testing.T) {
	pos, err := position.ReadFile("../testdata/positions/forum/spight-2011.txt")
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(pos, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var big *Tile
	for _, tl := range a.Tiles {
		if len(tl.Points) == 39 {
			big = tl
		}
	}
	if big == nil || big.Err == nil {
		t.Fatalf("no unvalued 39-point tile: %v", big)
	}
	found := false
	for _, p := range a.Problems {
		found = found || strings.HasPrefix(p, "tile "+big.ID+" ") &&
			strings.Contains(p, fmt.Sprintf("more than %d positions, the bound on the searches of a cyclic tile's position graph", MaxCyclicTilePositions))
	}
	if !found {
		t.Errorf("no problem names the bound on tile %s's position graph: %q", big.ID, a.Problems)
	}
	if a.Positions > DefaultMaxPositions/2 {
		t.Errorf("%d positions searched: the cyclic tile was not bounded", a.Positions)
	}
}
