package solve

import (
	"fmt"
	"slices"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/cgt/loopy"
)

// KoTotals are the Mathematical Go totals of a position with ko tiles: the
// loopy value of the total count (when it could be built) and the winner
// with each player first, draws included.
type KoTotals struct {
	// Count and Chilled are the totals as loopy values (CountOK,
	// ChilledOK: they could be built).
	Count, Chilled     loopy.Value
	CountOK, ChilledOK bool
	Winner             [2]Winner
	Outcome            loopy.Outcome
	OutcomeOK          bool
	Method             string // how the winner was found
	Warnings           []string
	Nodes              int
}

// DecideKo decides the Mathematical Go winner of short values plus ko
// values: the outcome class, draws included, of their sum. When the
// canonical sum of the short values can be built it adds the loopy values
// (cgt/loopy). Otherwise, when every ko value has short onside and
// offside, it decides the two short sums G + ΣK+ and G + ΣK- with the sum
// solver (the sides of a sum of stopper-sided values with short sides are
// the sums of the sides), and combines their outcomes as loopy outcome
// classes combine (a side's winner moving first decides it when the other
// side agrees; otherwise play is endless). Otherwise the winner is
// Unknown with the reason.
func DecideKo(short, shortChilled []cgt.Game, kos, kosChilled []loopy.Value, opts TotalsOptions) (*KoTotals, error) {
	st := NewStops(max(opts.MaxTotalGames, 0), opts.SearchNodes)
	t := &KoTotals{}
	g, gOK := st.Canonical(short)
	if gOK {
		vs := append([]loopy.Value{loopy.Short(g)}, kos...)
		if v, err := loopy.Sum(vs...); err == nil {
			t.Count, t.CountOK = v, true
		} else {
			t.Warnings = append(t.Warnings, "the loopy total count could not be built: "+err.Error())
		}
	}
	if gc, ok := st.Canonical(shortChilled); ok {
		vs := append([]loopy.Value{loopy.Short(gc)}, kosChilled...)
		if v, err := loopy.Sum(vs...); err == nil {
			t.Chilled, t.ChilledOK = v, true
		}
	}
	if t.CountOK {
		o, err := t.Count.Outcome()
		if err == nil {
			t.Outcome, t.OutcomeOK = o, true
			t.Winner = LoopyWinners(o)
			t.Method = "outcome class of the loopy total"
			return t, nil
		}
		t.Warnings = append(t.Warnings, "the outcome of the loopy total could not be found: "+err.Error())
	}
	// Sides.
	var on, off []cgt.Game
	for i, k := range kos {
		onV, err1 := k.Onside()
		offV, err2 := k.Offside()
		if err1 != nil || err2 != nil {
			return t, fmt.Errorf("ko value %d (%s) is not stopper-sided: its sum with a large short total cannot be decided", i, k)
		}
		x, ok1 := onV.IsShort()
		y, ok2 := offV.IsShort()
		if !ok1 || !ok2 {
			return t, fmt.Errorf("ko value %d (%s) has a loopy side: its sum with a large short total (more than %d new games) cannot be decided", i, k, st.Limit())
		}
		on, off = append(on, x), append(off, y)
	}
	sv := NewSolver()
	if opts.SearchNodes > 0 {
		sv.MaxNodes = opts.SearchNodes
	}
	defer func() { t.Nodes = sv.Nodes }()
	onV := append(slices.Clone(short), on...)
	offV := append(slices.Clone(short), off...)
	var sides [2][2]cgt.Player // [onside/offside][first]
	for i, vals := range [][]cgt.Game{onV, offV} {
		for _, first := range []cgt.Player{cgt.Left, cgt.Right} {
			w, err := sv.Outcome(vals, first)
			if err != nil {
				return t, fmt.Errorf("Mathematical Go winner with %s first: %w", WinnerOf(first), err)
			}
			sides[i][first] = w
		}
	}
	for _, first := range []cgt.Player{cgt.Left, cgt.Right} {
		// Left wins if Left wins even when endless play goes to Right (the
		// offside); Right wins if Right wins even when it goes to Left.
		switch {
		case sides[1][first] == cgt.Left:
			t.Winner[first] = Black
		case sides[0][first] == cgt.Right:
			t.Winner[first] = White
		default:
			t.Winner[first] = Draw
		}
	}
	t.Method = "the sum solver on the onside and offside totals"
	return t, nil
}

// LoopyWinners returns the winners with Black (Left) first and White first
// of a loopy outcome class.
func LoopyWinners(o loopy.Outcome) [2]Winner {
	switch o {
	case loopy.OutcomeL:
		return [2]Winner{Black, Black}
	case loopy.OutcomeR:
		return [2]Winner{White, White}
	case loopy.OutcomeN:
		return [2]Winner{Black, White}
	case loopy.OutcomeP:
		return [2]Winner{White, Black}
	case loopy.OutcomeD:
		return [2]Winner{Draw, Draw}
	case loopy.OutcomeNHat:
		return [2]Winner{Black, Draw}
	case loopy.OutcomePHat:
		return [2]Winner{Draw, Black}
	case loopy.OutcomePCheck:
		return [2]Winner{White, Draw}
	case loopy.OutcomeNCheck:
		return [2]Winner{Draw, White}
	}
	return [2]Winner{Unknown, Unknown}
}
