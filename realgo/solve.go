package realgo

import (
	"fmt"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
)

// Default budgets.
const (
	// DefaultMaxNodes is the node budget of one search (one counting, one
	// side first) when Options.MaxNodes is 0.
	DefaultMaxNodes = 20_000_000
	// DefaultStatusMaxNodes is the node budget of one life-and-death
	// question at the end of a game when Options.StatusMaxNodes is 0.
	DefaultStatusMaxNodes = 20_000
)

// Options control Solve.
type Options struct {
	// First is the side to move first; board.Empty solves both.
	First board.Color
	// Countings lists the countings to solve; empty means both.
	Countings []rules.Counting
	// KomiHalf is the komi in half points (13 for 6.5), used only to tell
	// which first moves win; scores are always reported without komi.
	KomiHalf int
	// MaxNodes is the node budget of each search, status questions
	// included (0: DefaultMaxNodes). Past it the outcome is unknown.
	MaxNodes int64
	// StatusMaxNodes is the budget of each life-and-death question at the
	// end of a game (0: DefaultStatusMaxNodes). Past it that status is
	// unknown.
	StatusMaxNodes int64
	// NoPruning turns off the pruning of moves inside pass-alive
	// territory (for checking that the pruning changes nothing).
	NoPruning bool
	// NoMoves skips classifying the first moves and the principal
	// variation (only the score and its bounds are computed).
	NoMoves bool
}

// Unbounded is the magnitude of a bound that no finished game reaches: an
// Outcome bound equal to -Unbounded or +Unbounded means no bound was found
// on that side.
const Unbounded = inf

// Outcome is the result of one counting with one side first.
type Outcome struct {
	// Counting and First say which question this answers.
	Counting rules.Counting
	First    board.Color
	// Known is true when Score is exact.
	Known bool
	// Score is the minimax score, Black minus White, without komi,
	// prisoners already on the position's board included (Japanese).
	Score int
	// Lower and Upper bound the score (both equal Score when Known).
	Lower, Upper int
	// Reason says why the outcome is unknown.
	Reason string
	// Best lists the first moves that reach Score (board.Pass for a pass),
	// in board order, pass last; Winning those that win against KomiHalf
	// (a jigo is not a win). Undecided lists first moves that could not be
	// classified (their values rest on unknown statuses). All three are
	// empty when the outcome is unknown or Options.NoMoves is set.
	Best, Winning, Undecided []board.Point
	// PV is a principal variation: optimal moves for both sides until the
	// game ends by two passes.
	PV []board.Point
	// Nodes counts the nodes searched, life-and-death questions included.
	Nodes int64
	// StatusQueries and StatusUnknown count the end-of-game life-and-death
	// questions asked and those left unknown.
	StatusQueries, StatusUnknown int64
}

// Winner returns the winner against komi (in half points): board.Black,
// board.White, or board.Empty for a jigo. It is meaningful only when Known.
func (o *Outcome) Winner(komiHalf int) board.Color {
	switch d := 2*o.Score - komiHalf; {
	case d > 0:
		return board.Black
	case d < 0:
		return board.White
	}
	return board.Empty
}

// String formats the outcome in one line, like "japanese, white first: -1
// (best: D5; 123 nodes)".
func (o *Outcome) String() string {
	head := fmt.Sprintf("%s, %s first: ", o.Counting, o.First)
	if !o.Known {
		return head + fmt.Sprintf("unknown in [%d, %d] (%s; %d nodes)", o.Lower, o.Upper, o.Reason, o.Nodes)
	}
	return head + fmt.Sprintf("%d (%d nodes)", o.Score, o.Nodes)
}

// Result holds the outcomes Solve computed, one per counting and side.
type Result struct {
	Outcomes []Outcome
}

// Get returns the outcome for counting c with first to play first, or nil
// if it was not computed.
func (r *Result) Get(c rules.Counting, first board.Color) *Outcome {
	for i := range r.Outcomes {
		if r.Outcomes[i].Counting == c && r.Outcomes[i].First == first {
			return &r.Outcomes[i]
		}
	}
	return nil
}

// MaxPoints is the largest board Solve accepts, in points.
const MaxPoints = 128

// Solve finds the exact minimax score of the position under the rules of
// doc.go, for each counting asked and each side first. The position's
// stones, prisoners and ko ban are the start; immortal marks and open
// sides are refused (the rules are those of a whole board).
func Solve(pos *position.Position, opts Options) (*Result, error) {
	if pos == nil || pos.Board == nil {
		return nil, fmt.Errorf("realgo: no position")
	}
	if pos.Open.Any() {
		return nil, fmt.Errorf("realgo: %s is a partial diagram: the solver needs a whole board", pos.Name)
	}
	for _, im := range pos.Immortal {
		if im {
			return nil, fmt.Errorf("realgo: %s declares immortal stones: the solver plays real rules only", pos.Name)
		}
	}
	if pos.Board.Size() > MaxPoints {
		return nil, fmt.Errorf("realgo: a %dx%d board is larger than %d points", pos.Board.Cols(), pos.Board.Rows(), MaxPoints)
	}
	for _, blk := range pos.Board.Blocks() {
		if pos.Board.Liberties(blk[0]) == 0 {
			return nil, fmt.Errorf("realgo: the block at %s has no liberties", pos.Board.Name(blk[0]))
		}
	}
	firsts := []board.Color{board.Black, board.White}
	switch opts.First {
	case board.Black, board.White:
		firsts = []board.Color{opts.First}
	case board.Empty:
	default:
		return nil, fmt.Errorf("realgo: bad first player %v", opts.First)
	}
	counts := opts.Countings
	if len(counts) == 0 {
		counts = []rules.Counting{rules.Japanese, rules.Chinese}
	}
	res := &Result{}
	for _, c := range counts {
		if c != rules.Japanese && c != rules.Chinese {
			return nil, fmt.Errorf("realgo: bad counting %v", c)
		}
		for _, f := range firsts {
			res.Outcomes = append(res.Outcomes, solveOne(pos.Board, c, f, opts))
		}
	}
	return res, nil
}
