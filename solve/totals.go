package solve

import (
	"errors"
	"fmt"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/play"
	"github.com/mathgo/mathgo/tiles"
	"github.com/mathgo/mathgo/tiles/board"
)

// Totals is what the sum of a position's tiles gives with each player
// first, found by search over the tile values (play.Solver) instead of
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
// error wrapping play.ErrTooBig.
func SearchTotals(a *tiles.Analysis, maxNodes int) (*Totals, error) {
	counts, ok := a.CountValues()
	if !ok {
		return nil, errors.New("not every tile has a value")
	}
	sv := play.NewSolver()
	sv.MaxNodes = maxNodes
	t := &Totals{}
	for i, first := range []play.Player{play.Black, play.White} {
		w, err := sv.Outcome(counts, first)
		t.Searches++
		if err != nil {
			return nil, fmt.Errorf("Mathematical Go winner: %w", err)
		}
		t.Winner[i] = w.String()
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
func stops(sv *play.Solver, values []cgt.Game, searches *int) ([2]cgt.Dyadic, error) {
	ls, err := leftStop(sv, values, searches)
	if err != nil {
		return [2]cgt.Dyadic{}, err
	}
	neg := make([]cgt.Game, len(values))
	for i, g := range values {
		neg[i] = g.Neg()
	}
	nrs, err := leftStop(sv, neg, searches)
	if err != nil {
		return [2]cgt.Dyadic{}, err
	}
	return [2]cgt.Dyadic{ls, nrs.Neg()}, nil
}

// leftStop finds the left stop L of the sum G of values by bisection on
// outcomes. The stop is a number some play reaches, a sum of numbers
// occurring in the components, so it is a multiple of 2^-e where e is
// the largest exponent of those numbers. It lies between the mean M
// (additive) and M + T, T the largest temperature of a component. For a
// dyadic x strictly between two multiples, Left moving first wins G - x
// exactly when L > x (L > x gives G - x a positive left stop; L < x makes
// G - x negative), so testing half-way points decides L >= k·2^-e.
func leftStop(sv *play.Solver, values []cgt.Game, searches *int) (cgt.Dyadic, error) {
	mean := cgt.DyadicInt(0)
	var temp cgt.Dyadic
	hot := false
	e := uint(0)
	seen := map[cgt.Game]bool{}
	for _, g := range values {
		mean = mean.Add(g.Mean())
		if t := g.Temperature(); t.Sign() >= 0 && (!hot || t.Cmp(temp) > 0) {
			temp, hot = t, true
		}
		e = max(e, maxExp(g, seen))
	}
	if !hot {
		return mean, nil // every component is a number
	}
	scale := func(d cgt.Dyadic) cgt.Dyadic { return d.Shift(int(e)) }
	lo, ok1 := scale(mean).Floor().Int64()
	hi, ok2 := scale(mean.Add(temp)).Ceil().Int64()
	if !ok1 || !ok2 {
		return cgt.Dyadic{}, errors.New("stop search: numbers too large")
	}
	// Invariant: L >= lo·2^-e, and L < (hi+1)·2^-e.
	rest := make([]cgt.Game, len(values)+1)
	copy(rest, values)
	for lo < hi {
		k := lo + (hi-lo+1)/2
		// Is L >= k·2^-e? Test x = (k - 1/2)·2^-e.
		x := cgt.NewDyadic(2*k-1, e+1)
		rest[len(values)] = cgt.Number(x.Neg())
		win, err := sv.FirstWins(rest, play.Black)
		*searches++
		if err != nil {
			return cgt.Dyadic{}, err
		}
		if win {
			lo = k
		} else {
			hi = k - 1
		}
	}
	return cgt.NewDyadic(lo, e), nil
}

// maxExp returns the largest exponent (log2 of the denominator) of the
// numbers in g's game graph.
func maxExp(g cgt.Game, seen map[cgt.Game]bool) uint {
	if seen[g] {
		return 0
	}
	seen[g] = true
	if d, ok := g.Number(); ok {
		return d.Exp()
	}
	e := uint(0)
	for _, o := range g.LeftOptions() {
		e = max(e, maxExp(o, seen))
	}
	for _, o := range g.RightOptions() {
		e = max(e, maxExp(o, seen))
	}
	return e
}
