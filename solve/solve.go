package solve

import (
	"fmt"
	"github.com/mathgo/mathgo/cgt"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/tiles"
)

// Method names a way of solving.
type Method string

// The methods.
const (
	// Decomposition values the tiles with combinatorial game theory and
	// decides their sum.
	Decomposition Method = "decomposition"
	// AlphaBeta searches the whole board move by move.
	AlphaBeta Method = "alphabeta"
)

// Methods lists the methods in the order they are reported.
var Methods = []Method{Decomposition, AlphaBeta}

// ParseMethod returns the method named s.
func ParseMethod(s string) (Method, error) {
	for _, m := range Methods {
		if string(m) == s {
			return m, nil
		}
	}
	return "", fmt.Errorf("unknown method %q (want decomposition or alphabeta)", s)
}

// Winners of a side: who wins with that side first.
const (
	Black   = "black"
	White   = "white"
	Unknown = "unknown" // not decided: see Result.Reason
)

// Options control a solve. The zero value solves both sides with the
// default budgets.
type Options struct {
	// Tiles are the certification options (and, for Decomposition, the
	// tile search budget MaxPositions), as tiles.Analyze takes them.
	Tiles tiles.Options
	// MaxNodes bounds the search: for AlphaBeta the positions expanded
	// (0: DefaultMaxNodes), for Decomposition the positions of
	// the sum Solver's search over the tile values (0: DefaultSumNodes). The
	// tile search itself is bounded by Tiles.MaxPositions. Past the budget
	// the result is Unknown, never a guess.
	MaxNodes int
	// First, if Black or White, solves only with that player first; the
	// other side's winner is left empty.
	First board.Color
	// Progress, if set, is called now and then during long searches.
	Progress func(msg string)
}

// DefaultMaxNodes is AlphaBeta's default budget of positions.
const DefaultMaxNodes = 5_000_000

// Result is the answer of one method.
type Result struct {
	Method Method
	// BlackFirst and WhiteFirst name the winner ("black" or "white") with
	// that player moving first, Unknown when the method could not decide
	// (see Reason), or "" when that side was not asked for.
	BlackFirst, WhiteFirst string
	// Nodes counts the positions the method examined: for Decomposition
	// the tile positions valued plus the positions of the search over the
	// sum (if one was needed); for AlphaBeta the whole-board positions
	// expanded (transposition hits not counted).
	Nodes int
	// Elapsed is the wall-clock time, certification included.
	Elapsed time.Duration
	// Reason says why a side is Unknown.
	Reason string
	// Moves is the number of remaining moves on the board: the empty
	// points of the regions that are not settled (captures can add more;
	// spare moves are not counted).
	Moves int
	// Warnings are the certification's warnings (--assume-settled).
	Warnings []string
}

// Winner returns the winner with first to move ("" when not asked).
func (r *Result) Winner(first board.Color) string {
	if first == board.White {
		return r.WhiteFirst
	}
	return r.BlackFirst
}

// Complete reports whether every side asked for was decided.
func (r *Result) Complete() bool {
	return r.BlackFirst != Unknown && r.WhiteFirst != Unknown
}

// Solve runs method m on pos.
func Solve(pos *position.Position, m Method, opts Options) (*Result, error) {
	switch m {
	case Decomposition:
		return SolveDecomposition(pos, opts)
	case AlphaBeta:
		return SolveAlphaBeta(pos, opts)
	}
	return nil, fmt.Errorf("unknown method %q", m)
}

// sides lists the first players opts asks for.
func (o Options) sides() []board.Color {
	switch o.First {
	case board.Black, board.White:
		return []board.Color{o.First}
	}
	return []board.Color{board.Black, board.White}
}

// set records the winner w with first to move.
func (r *Result) set(first board.Color, w string) {
	if first == board.White {
		r.WhiteFirst = w
	} else {
		r.BlackFirst = w
	}
}

// RemainingMoves counts the empty points of pos outside immortal stones
// and settled regions, with the given immortal stones: the number of
// stone placements left if nothing more is captured.
func RemainingMoves(pos *position.Position, immortal []bool) int {
	r := tiles.NewRules(pos.Board, immortal)
	return remaining(r)
}

func remaining(r *tiles.Rules) int {
	b := r.Board()
	all := make([]board.Point, b.Size())
	for i := range all {
		all[i] = board.Point(i)
	}
	n := 0
	for _, comp := range r.Components(all) {
		if _, ok := r.Settled(comp); ok {
			continue
		}
		for _, p := range comp {
			if r.At(p) == board.Empty {
				n++
			}
		}
	}
	return n
}

// certify certifies pos's immortal stones as tiles.Analyze does, with the
// tiles options of opts (progress reported through opts.Progress when the
// tiles options have none).
func certify(pos *position.Position, opts Options) (tiles.Options, []bool, []string, error) {
	to := opts.Tiles
	if to.Progress == nil {
		to.Progress = opts.Progress
	}
	imm, warnings, err := tiles.Certify(pos, to)
	return to, imm, warnings, err
}

// colorName returns "black" for Left and "white" for Right.
func colorName(p cgt.Player) string {
	if p == cgt.Right {
		return White
	}
	return Black
}
