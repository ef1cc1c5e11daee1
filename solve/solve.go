package solve

import (
	"fmt"
	"strings"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/mgo"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/realgo"
	"github.com/mathgo/mathgo/rules"
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

// Options control a solve. The zero value solves both sides with the
// default budget.
type Options struct {
	// AssumeSettled treats every stone as immortal (as analyze
	// --assume-settled does); otherwise only declared stones, the frame of
	// a partial diagram and Benson pass-alive blocks are, and everything
	// else is searched: the life solver's certificates are not used, so
	// that the search stays independent of the decomposition's.
	AssumeSettled bool
	// MaxNodes bounds the positions expanded (0: DefaultMaxNodes). Past
	// it the result is Unknown, never a guess.
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
	// BlackFirst and WhiteFirst name the winner with that player moving
	// first, Unknown when the method could not decide (see Reason), or ""
	// when that side was not asked for.
	BlackFirst, WhiteFirst Winner
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
	// Counting is the game solved: rules.MathematicalGo (the winners
	// above), or Japanese or Chinese counting under real rules (SetScore:
	// the winners are then those of the scores with the komi).
	Counting rules.Counting
	// BlackScore and WhiteScore are a real-rules solve's exact scores
	// with that player first, Black minus White before komi (Chinese: the
	// area of the whole board); nil when not asked or not decided.
	BlackScore, WhiteScore *cgt.Dyadic
}

// SetScore records a real-rules solve's exact score with first to move,
// Black minus White before komi, and the winner it makes with the komi
// (a draw for a tie).
func (r *Result) SetScore(first board.Color, score, komi cgt.Dyadic) {
	w := Draw
	switch score.Sub(komi).Sign() {
	case 1:
		w = Black
	case -1:
		w = White
	}
	r.set(first, w)
	if first == board.White {
		r.WhiteScore = &score
	} else {
		r.BlackScore = &score
	}
}

// SolveRealGo solves pos under real rules with counting c (Japanese or
// Chinese) by realgo, the whole-board search that shares no code with the
// decomposition: the AlphaBeta method of a real-rules solve. komi decides
// the winners (SetScore). A position realgo refuses (immortal marks, an
// open side, more than realgo.MaxPoints points) is an error.
func SolveRealGo(pos *position.Position, c rules.Counting, komi cgt.Dyadic, opts Options) (*Result, error) {
	if c != rules.Japanese && c != rules.Chinese {
		return nil, fmt.Errorf("solve: realgo scores Japanese or Chinese counting, not %s", c)
	}
	start := time.Now()
	maxNodes := opts.MaxNodes
	if maxNodes <= 0 {
		maxNodes = DefaultMaxNodes
	}
	res := &Result{Method: AlphaBeta, Counting: c, Moves: RemainingMoves(pos, Immortal(pos, false))}
	var reasons []string
	for _, first := range opts.sides() {
		out, err := realgo.Solve(pos, realgo.Options{First: first, Countings: []rules.Counting{c}, MaxNodes: int64(maxNodes), NoMoves: true})
		if err != nil {
			return nil, err
		}
		o := out.Get(c, first)
		if o == nil {
			return nil, fmt.Errorf("solve: realgo gave no outcome for %s with %s first", c, first)
		}
		res.Nodes += int(o.Nodes)
		if !o.Known {
			res.set(first, Unknown)
			reasons = append(reasons, fmt.Sprintf("%s first: %s", first, o.Reason))
			continue
		}
		res.SetScore(first, cgt.DyadicInt(int64(o.Score)), komi)
	}
	res.Reason = strings.Join(reasons, "; ")
	res.Elapsed = time.Since(start)
	return res, nil
}

// Winner returns the winner with first to move ("" when not asked).
func (r *Result) Winner(first board.Color) Winner {
	if first == board.White {
		return r.WhiteFirst
	}
	return r.BlackFirst
}

// Complete reports whether every side asked for was decided.
func (r *Result) Complete() bool {
	return r.BlackFirst != Unknown && r.WhiteFirst != Unknown
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
func (r *Result) set(first board.Color, w Winner) {
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
	return remaining(mgo.New(pos.Board, immortal))
}

// remaining counts the empty points of m outside immortal stones and
// settled regions.
func remaining(m *mgo.Board) int {
	all := make([]board.Point, m.Size())
	for i := range all {
		all[i] = board.Point(i)
	}
	n := 0
	for _, comp := range m.Components(all) {
		if _, ok := m.Settled(comp); ok {
			continue
		}
		for _, p := range comp {
			if m.At(p) == board.Empty {
				n++
			}
		}
	}
	return n
}

// Immortal returns the stones the whole-board search treats as immortal:
// declared stones (# @ SQ), the frame of a partial diagram and Benson
// pass-alive blocks (tiles.DefaultImmortal), or every stone with
// assumeSettled. No life-and-death search is used, so no certificate of
// the decomposition's is trusted.
func Immortal(pos *position.Position, assumeSettled bool) []bool {
	if !assumeSettled {
		imm, _ := tiles.DefaultImmortal(pos)
		return imm
	}
	b := pos.Board
	imm := make([]bool, b.Size())
	for p := range imm {
		imm[p] = b.At(board.Point(p)) != board.Empty
	}
	return imm
}
