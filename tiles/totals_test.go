package tiles

import (
	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
)

// The totals of an analysis belong to package solve (which imports this
// one); these small canonical versions let the tests here read an
// analysis's outcome without it.

// totalCount is the canonical sum of the counts and prisoners.
func totalCount(a *Analysis) cgt.Game {
	vs, _ := a.CountValues()
	return cgt.Sum(vs...)
}

// totalChilled is the canonical sum of the chilled values and prisoners.
func totalChilled(a *Analysis) cgt.Game {
	vs, _ := a.ChilledValues()
	return cgt.Sum(vs...)
}

// winner is the outcome class of the total count with first to move.
func winner(a *Analysis, first board.Color) string {
	switch totalCount(a).Outcome() {
	case cgt.OutcomeL:
		return "black"
	case cgt.OutcomeR:
		return "white"
	case cgt.OutcomeP:
		return first.Opponent().String()
	}
	return first.String()
}

// japanese is the stop of the total count with first to move.
func japanese(a *Analysis, first board.Color) cgt.Dyadic {
	if first == board.White {
		return totalCount(a).RightStop()
	}
	return totalCount(a).LeftStop()
}

// chinese is the stop of the total area game with first to move.
func chinese(a *Analysis, first board.Color) (cgt.Dyadic, bool) {
	vs, ok := a.AreaValues()
	if !ok {
		return cgt.Dyadic{}, false
	}
	g := cgt.Sum(vs...)
	if first == board.White {
		return g.RightStop(), true
	}
	return g.LeftStop(), true
}
