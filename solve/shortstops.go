package solve

import (
	"github.com/mathgo/mathgo/cgt"
)

// Stops finds the stops of sums of short values: on the canonical total
// while it can be built within a limit of new games, by search over the
// values (a Solver) past that. It is the one place that rule is written:
// Decide's totals, the short sum's scores (NewSumGame) and package play's
// exact strategy and outcomes all ask a Stops. A Stops must not be shared
// between goroutines (its Solver memoizes).
type Stops struct {
	limit, nodes int
	sv           *Solver
}

// NewStops returns a Stops that builds canonical totals of at most
// maxTotalGames new games (0: DefaultMaxTotalGames; negative: never, every
// stop is searched) and searches with a budget of searchNodes per search
// (0: the Solver's default).
func NewStops(maxTotalGames, searchNodes int) *Stops {
	if maxTotalGames == 0 {
		maxTotalGames = DefaultMaxTotalGames
	}
	return &Stops{limit: maxTotalGames, nodes: searchNodes}
}

// WithSolver makes st search with sv (shared, with its memo and budget)
// and returns st.
func (st *Stops) WithSolver(sv *Solver) *Stops {
	st.sv = sv
	return st
}

// Solver returns the search the Stops falls back on, made on first use.
func (st *Stops) Solver() *Solver {
	if st.sv == nil {
		st.sv = NewSolver()
		if st.nodes > 0 {
			st.sv.MaxNodes = st.nodes
		}
	}
	return st.sv
}

// Searched reports whether the Stops has a Solver yet (some answer needed
// a search, or one was given).
func (st *Stops) Searched() bool { return st.sv != nil }

// Limit is the bound on the new games of a canonical total (negative:
// totals are never built).
func (st *Stops) Limit() int { return st.limit }

// Canonical returns the canonical sum of vals, coldest first (which keeps
// the intermediate forms small), and false when it needs more than the
// limit of new games.
func (st *Stops) Canonical(vals []cgt.Game) (cgt.Game, bool) {
	if st.limit < 0 {
		return cgt.Zero, false
	}
	return sumByTemperature(st.limit, vals)
}

// Change returns the canonical total after one term of a sum changes from
// before to after, given the canonical total before, and false past the
// limit.
func (st *Stops) Change(total, before, after cgt.Game) (cgt.Game, bool) {
	if st.limit < 0 {
		return cgt.Zero, false
	}
	return cgt.SumWithin(st.limit, total, after, before.Neg())
}

// Stop returns the stop of the sum of vals with p to move: on the
// canonical total when it can be built, by search otherwise.
func (st *Stops) Stop(vals []cgt.Game, p cgt.Player) (cgt.Dyadic, error) {
	if t, ok := st.Canonical(vals); ok {
		return t.Stop(p), nil
	}
	return st.SearchStop(vals, p)
}

// SearchStop returns the stop of the sum of vals with p to move, by
// search (for a sum whose canonical total is known to be too large).
func (st *Stops) SearchStop(vals []cgt.Game, p cgt.Player) (cgt.Dyadic, error) {
	var d cgt.Dyadic
	var err error
	if p == cgt.Left {
		d, _, err = st.Solver().LeftStop(vals)
	} else {
		d, _, err = st.Solver().RightStop(vals)
	}
	return d, err
}

// SearchReaches reports, by one bounded search, whether the stop of the
// sum of vals with p to move is at least as good for p's opponent as x:
// at most x for p = Left, at least x for p = Right. before are the values
// of the position the last move was made from (nil if none): the search
// works on the grid fine enough for both.
func (st *Stops) SearchReaches(vals, before []cgt.Game, p cgt.Player, x cgt.Dyadic) (bool, error) {
	e := StopExponent(vals)
	if before != nil {
		e = max(e, StopExponent(before))
	}
	if p == cgt.Right {
		return st.Solver().RightStopAtLeast(vals, x, e)
	}
	return st.Solver().LeftStopAtMost(vals, x, e)
}

// SearchStops returns the left and right stops of the sum of vals, by
// search.
func (st *Stops) SearchStops(vals []cgt.Game) ([2]cgt.Dyadic, error) {
	var out [2]cgt.Dyadic
	for _, p := range []cgt.Player{cgt.Left, cgt.Right} {
		d, err := st.SearchStop(vals, p)
		if err != nil {
			return [2]cgt.Dyadic{}, err
		}
		out[p] = d
	}
	return out, nil
}
