package solve

import (
	"fmt"
	"slices"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
)

// Winner names who wins a game: "black", "white", "draw" or "unknown".
// It marshals to JSON as that word.
type Winner string

// The winners. Draw never occurs in Mathematical Go without kos (the
// player who cannot move loses); Unknown means not decided (a budget ran
// out, or a ko the engine cannot value yet), with the reason given beside.
const (
	Black   Winner = "black"
	White   Winner = "white"
	Draw    Winner = "draw"
	Unknown Winner = "unknown"
)

// String returns the winner's word.
func (w Winner) String() string { return string(w) }

// WinnerOf returns the winner named by player p (Left is Black).
func WinnerOf(p cgt.Player) Winner {
	if p == cgt.Right {
		return White
	}
	return Black
}

// OutcomeWinner returns the normal-play winner of a game whose outcome
// class is o, with first to move.
func OutcomeWinner(o cgt.Outcome, first cgt.Player) Winner {
	switch o {
	case cgt.OutcomeL:
		return Black
	case cgt.OutcomeR:
		return White
	case cgt.OutcomeP:
		return WinnerOf(first.Opponent())
	}
	return WinnerOf(first)
}

// Defaults of the totals' budgets (see TotalsOptions), shared by every
// front end.
const (
	// DefaultMaxTotalGames bounds the new games made while reducing a
	// total to canonical form.
	DefaultMaxTotalGames = 30_000
	// DefaultSearchNodes bounds each sum search made when a canonical
	// total is too large to build.
	DefaultSearchNodes = DefaultSumNodes
)

// Values are the games whose sums are a position's totals.
type Values struct {
	// Count are the counts: the prisoner difference, then each tile's
	// count (its value under territory counting, Black positive).
	Count []cgt.Game
	// Chilled are the same games chilled (the prisoner difference as it
	// is).
	Chilled []cgt.Game
	// Area are the area games (each tile's, then the mortal stones on the
	// board at the start), valid when AreaOK.
	Area   []cgt.Game
	AreaOK bool
}

// TotalsOptions bound the work of Decide. The zero value uses the
// defaults.
type TotalsOptions struct {
	// MaxTotalGames bounds the new games made while reducing each total to
	// canonical form (0: DefaultMaxTotalGames); past it the outcome and
	// stops are found by search instead.
	MaxTotalGames int
	// SearchNodes bounds each sum search (0: DefaultSearchNodes).
	SearchNodes int
	// WinnersOnly asks for the Mathematical Go winners alone (what `solve
	// --method decomposition` reports): the total count is reduced to
	// canonical form only while that takes at most WinnersOnlyTotalGames
	// new games (past it a search decides, at a small fraction of the
	// cost of a failed canonical sum), and the chilled and area totals, the
	// stops and the Chinese scores are not computed (Totals.Japanese is
	// then zero and ChineseOK false).
	WinnersOnly bool
}

// WinnersOnlyTotalGames bounds the canonical total count when only the
// winners are asked for (TotalsOptions.WinnersOnly).
const WinnersOnlyTotalGames = 2_000

// Totals are what a position's values add up to, exactly: canonical sums
// while they are small enough to build, and in every case the
// Mathematical Go winner and the Japanese and Chinese scores with each
// player first (indexed by cgt.Player: Left is Black first).
type Totals struct {
	// Count, Chilled and Area are the canonical totals, valid when their
	// flag is set (false: too large to build within MaxTotalGames).
	Count, Chilled, Area       cgt.Game
	CountOK, ChilledOK, AreaOK bool
	// Mean is the mean of the total count (means add, so it is known even
	// when the canonical sum is not). Temperature is the total count's
	// temperature, valid when CountOK.
	Mean, Temperature cgt.Dyadic
	// Winner is the Mathematical Go winner: the outcome class of the
	// total count.
	Winner [2]Winner
	// NoJapanese is set when Japanese was not computed (WinnersOnly with a
	// total count too large to build).
	NoJapanese bool
	// Japanese are the stops of the total count: the territory score
	// (Black minus White, prisoners included) with best play.
	Japanese [2]cgt.Dyadic
	// Chinese are the stops of the total area game: the area score of the
	// playing area with best play under area counting; valid when
	// ChineseOK (every tile has an area game).
	Chinese   [2]cgt.Dyadic
	ChineseOK bool
	// Searched reports that some answer came from a search over the
	// values rather than a canonical total; Nodes counts the positions of
	// those searches.
	Searched bool
	Nodes    int
	// Board reports that the scores come from the board search
	// (boardsearch.go): Japanese and Chinese only, no canonical total, no
	// mean, the Mathematical Go winners unknown.
	Board bool
	// Warnings say which canonical totals were too large to build.
	Warnings []string
}

// Decide adds the values up: each total is reduced to canonical form
// (coldest games first, which keeps the intermediate forms small) while
// that makes at most opts.MaxTotalGames new games; the winner and the
// stops are read off the canonical totals when they exist and are found
// by a search over the values otherwise (the sum solver, and bisection on
// outcomes of G - x for the stops), never guessed. A search past its
// budget is an error wrapping ErrTooBig.
func Decide(v Values, opts TotalsOptions) (*Totals, error) {
	limit := opts.MaxTotalGames
	if limit <= 0 {
		limit = DefaultMaxTotalGames
	}
	t := &Totals{}
	tooLarge := func(what string) {
		t.Warnings = append(t.Warnings, fmt.Sprintf("the canonical form of the %s is too large (more than %d new games; --max-total-games raises the limit): its outcome and stops are found by search instead", what, limit))
	}
	for _, g := range v.Count {
		t.Mean = t.Mean.Add(g.Mean())
	}
	if opts.WinnersOnly {
		limit = min(limit, WinnersOnlyTotalGames)
		v.Chilled, v.AreaOK = nil, false
	}
	st := NewStops(limit, opts.SearchNodes)
	if t.Count, t.CountOK = st.Canonical(v.Count); !t.CountOK {
		tooLarge("total count")
	} else {
		t.Temperature = t.Count.Temperature()
	}
	if opts.WinnersOnly {
		// No chilled total is asked for.
	} else if t.Chilled, t.ChilledOK = st.Canonical(v.Chilled); !t.ChilledOK {
		tooLarge("total chilled value")
	}
	if v.AreaOK {
		if t.Area, t.AreaOK = st.Canonical(v.Area); !t.AreaOK {
			tooLarge("total area game")
		}
	}
	defer func() {
		if t.Searched = st.Searched(); t.Searched {
			t.Nodes = st.Solver().Nodes
		}
	}()
	for _, first := range []cgt.Player{cgt.Left, cgt.Right} {
		if t.CountOK {
			t.Winner[first] = OutcomeWinner(t.Count.Outcome(), first)
			t.Japanese[first] = t.Count.Stop(first)
			continue
		}
		w, err := st.Solver().Outcome(v.Count, first)
		if err != nil {
			return nil, fmt.Errorf("Mathematical Go winner with %s first: %w", WinnerOf(first), err)
		}
		t.Winner[first] = WinnerOf(w)
	}
	t.NoJapanese = !t.CountOK && opts.WinnersOnly
	if !t.CountOK && !opts.WinnersOnly {
		var err error
		if t.Japanese, err = st.SearchStops(v.Count); err != nil {
			return nil, fmt.Errorf("Japanese score: %w", err)
		}
	}
	switch {
	case t.AreaOK:
		t.Chinese = [2]cgt.Dyadic{t.Area.LeftStop(), t.Area.RightStop()}
		t.ChineseOK = true
	case v.AreaOK:
		var err error
		if t.Chinese, err = st.SearchStops(v.Area); err != nil {
			return nil, fmt.Errorf("Chinese score: %w", err)
		}
		t.ChineseOK = true
	}
	return t, nil
}

// sumByTemperature adds games coldest first, which keeps the intermediate
// canonical forms small (numbers fold in for free). If the canonical form
// of the sum needs more than limit new games, it gives up.
func sumByTemperature(limit int, gs []cgt.Game) (cgt.Game, bool) {
	gs = slices.Clone(gs)
	slices.SortStableFunc(gs, func(x, y cgt.Game) int { return x.Temperature().Cmp(y.Temperature()) })
	return cgt.SumWithin(limit, gs...)
}

// PlayerOf returns the player a colour is in the games' terms: Black is
// Left (positive values), White is Right.
func PlayerOf(c board.Color) cgt.Player {
	if c == board.White {
		return cgt.Right
	}
	return cgt.Left
}

// ColorOf returns the colour of player p (Left is Black).
func ColorOf(p cgt.Player) board.Color {
	if p == cgt.Right {
		return board.White
	}
	return board.Black
}
