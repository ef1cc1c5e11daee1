package realgo

import (
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
)

// TestSpightWithinBudget runs Spight's 9x9 problem (Japanese, White first)
// within a small node budget. The problem is beyond the solver today, so
// the outcome is expected unknown; if it is known (after improvements) it
// must be the published answer: White wins by 1, and D5 is White's only
// winning first move.
func TestSpightWithinBudget(t *testing.T) {
	pos, err := position.ReadFile("../testdata/realgo/spight-2011.txt")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Solve(pos, Options{First: board.White, Countings: []rules.Counting{rules.Japanese}, MaxNodes: 150_000})
	if err != nil {
		t.Fatal(err)
	}
	o := res.Get(rules.Japanese, board.White)
	t.Log(o.String())
	if !o.Known {
		if o.Lower > -1 || o.Upper < -1 {
			t.Errorf("bounds [%d, %d] exclude the published -1", o.Lower, o.Upper)
		}
		return
	}
	if o.Score != -1 || len(o.Winning) != 1 || pos.Board.Name(o.Winning[0]) != "D5" {
		t.Errorf("got %s with winning moves %v, want -1 and D5 alone", o.String(), moveNames(pos.Board, o.Winning))
	}
}
