package solve

import (
	"errors"
	"fmt"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/tiles"
)

// Totals is what the sum of a position's tiles gives with each player
// first, found by search over the tile values (Solver) instead of
// from the canonical form of the sum. Use it when tiles.Analysis could
// not reduce its totals (CountOK or AreaOK false): the outcome and stops
// of a sum do not need its canonical form.
type Totals struct {
	// Winner is the Mathematical Go winner ("black" or "white") with
	// Black first and with White first.
	Winner [2]string
	// Japanese is the score with best play under territory counting: the
	// left stop of the total count (Black first) and its right stop.
	Japanese [2]cgt.Dyadic
	// Chinese is the area score of the playing area, the stops of the
	// total area game; valid when ChineseOK.
	Chinese   [2]cgt.Dyadic
	ChineseOK bool
	// Searches counts the sum searches made.
	Searches int
}

// SearchTotals decides the outcome and the stops of a's totals by search.
// maxNodes bounds each sum search (0: no limit); past it the answer is an
// error wrapping ErrTooBig.
func SearchTotals(a *tiles.Analysis, maxNodes int) (*Totals, error) {
	counts, ok := a.CountValues()
	if !ok {
		return nil, errors.New("not every tile has a value")
	}
	sv := NewSolver()
	sv.MaxNodes = maxNodes
	t := &Totals{}
	for i, first := range []cgt.Player{cgt.Left, cgt.Right} {
		w, err := sv.Outcome(counts, first)
		t.Searches++
		if err != nil {
			return nil, fmt.Errorf("Mathematical Go winner: %w", err)
		}
		t.Winner[i] = colorName(w)
	}
	var err error
	if t.Japanese, err = stops(sv, counts, &t.Searches); err != nil {
		return nil, fmt.Errorf("Japanese score: %w", err)
	}
	if areas, ok := a.AreaValues(); ok {
		if t.Chinese, err = stops(sv, areas, &t.Searches); err != nil {
			return nil, fmt.Errorf("Chinese score: %w", err)
		}
		t.ChineseOK = true
	}
	return t, nil
}

// WinnerOf returns Winner for the given first player.
func (t *Totals) WinnerOf(first board.Color) string {
	if first == board.White {
		return t.Winner[1]
	}
	return t.Winner[0]
}

// stops returns the left and right stops of the sum of values.
func stops(sv *Solver, values []cgt.Game, searches *int) ([2]cgt.Dyadic, error) {
	ls, n1, err := sv.LeftStop(values)
	*searches += n1
	if err != nil {
		return [2]cgt.Dyadic{}, err
	}
	rs, n2, err := sv.RightStop(values)
	*searches += n2
	if err != nil {
		return [2]cgt.Dyadic{}, err
	}
	return [2]cgt.Dyadic{ls, rs}, nil
}
