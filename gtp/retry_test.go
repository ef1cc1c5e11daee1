package gtp

import (
	"strings"
	"testing"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
)

// TestGenMoveRetry: g09-l10-s48-cad after move 43 is valued exactly with
// analyze's budgets but not with genmove's (every tile is settled there:
// exact play passes, where GNU Go filled its own territory); the second
// analysis plays it exactly when the time allows (no time known, or 6 s: two thirds of the
// default --move-time), and not with NoRetry, with too little time, or on
// a board too large for that time.
func TestGenMoveRetry(t *testing.T) {
	if testing.Short() {
		t.Skip("two analyses of a real 9x9 position: skipped in -short mode")
	}
	pos := s48After43(t)
	imm := make([]bool, pos.Board.Size())
	if _, _, err := (ExactGenerator{NoRetry: true}).GenMove(pos.Board.Clone(), imm, board.White, 6.5); err == nil {
		t.Fatal("genmove's own budgets value the position: the test no longer tests the second analysis")
	}
	for _, within := range []time.Duration{0, 6 * time.Second} {
		p, reason, err := ExactGenerator{}.GenMoveWithin(pos.Board.Clone(), imm, board.White, 6.5, within)
		if err != nil || !strings.HasPrefix(reason, "exact") {
			t.Errorf("within %v: %s %q %v", within, pos.Board.Name(p), reason, err)
		}
	}
	if _, ok := (ExactGenerator{}).retryOptions(pos.Board, ExactGenerator{}.options(0), 4*time.Second); ok {
		t.Error("a second analysis with 4 s for the move")
	}
	big, err := board.New(19, 19)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := (ExactGenerator{}).retryOptions(big, ExactGenerator{}.options(0), 6*time.Second); ok {
		t.Error("a second analysis on 19x19 with 6 s for the move")
	}
	if _, ok := (ExactGenerator{}).retryOptions(big, ExactGenerator{}.options(0), 0); !ok {
		t.Error("no second analysis on 19x19 with no time known")
	}
	// The second analysis's board search: analyze's budget (genmove
	// stops it at the move's deadline), or RetryBoardNodes.
	for _, within := range []time.Duration{6 * time.Second, 0} {
		o, ok := (ExactGenerator{}).retryOptions(pos.Board, ExactGenerator{}.options(within), within)
		if !ok || o.BoardSearchNodes != solve.DefaultBoardSearchNodes {
			t.Errorf("within %v: second analysis %v, board search budget %d, want %d", within, ok, o.BoardSearchNodes, solve.DefaultBoardSearchNodes)
		}
		g := ExactGenerator{RetryBoardNodes: 300_000}
		o, ok = g.retryOptions(pos.Board, g.options(within), within)
		if !ok || o.BoardSearchNodes != 300_000 {
			t.Errorf("RetryBoardNodes, within %v: second analysis %v, board search budget %d, want 300000", within, ok, o.BoardSearchNodes)
		}
	}
	// The first analysis's board search has the second's budget when a
	// second is allowed (plan), genmove's own otherwise; a second with
	// no larger budget than the first is not made.
	for _, c := range []struct {
		within time.Duration
		board  int
		again  bool
	}{{6 * time.Second, solve.DefaultBoardSearchNodes, true}, {0, solve.DefaultBoardSearchNodes, true},
		{2 * time.Second, DefaultGenMoveBoardNodes / 4, false}} {
		first, _, again := (ExactGenerator{}).plan(pos.Board, ExactGenerator{}.options(c.within), c.within)
		if first.BoardSearchNodes != c.board || again != c.again {
			t.Errorf("within %v: first board search budget %d, second analysis %v, want %d, %v", c.within, first.BoardSearchNodes, again, c.board, c.again)
		}
	}
	same := ExactGenerator{SolverNodes: endgame.DefaultSolverNodes, MaxPositions: endgame.DefaultMaxPositions}
	if first, _, again := same.plan(pos.Board, same.options(0), 0); again || first.BoardSearchNodes != solve.DefaultBoardSearchNodes {
		t.Errorf("analyze's budgets already: second analysis %v, first board search budget %d", again, first.BoardSearchNodes)
	}
	if got := stopAt(9 * time.Second); got != 8500*time.Millisecond {
		t.Errorf("stopAt(9 s) = %v", got)
	}
	if got := stopAt(time.Second); got != 900*time.Millisecond {
		t.Errorf("stopAt(1 s) = %v", got)
	}
}

// TestGenMoveSpight: Bill Spight's problem (White to play and win by one
// point) is answered D5 by exact play when the move has time for
// analyze's board search: the board search proves its Japanese scores,
// not its Chinese ones, and genmove plays the Japanese game. The first
// analysis has analyze's board budget already (the move has the time for
// a second one), and is exact. Long tier (about 10 s).
func TestGenMoveSpight(t *testing.T) {
	if !testlong.Enabled() {
		t.Skip("long tier (MATHGO_LONG=1): an analysis of Spight's problem")
	}
	pos, err := position.ReadFile("../testdata/positions/forum/spight-2011.txt")
	if err != nil {
		t.Fatal(err)
	}
	imm := make([]bool, pos.Board.Size())
	p, reason, err := ExactGenerator{}.GenMoveWithin(pos.Board.Clone(), imm, board.White, 0, 90*time.Second)
	if err != nil || pos.Board.Name(p) != "D5" || !strings.HasPrefix(reason, "exact") {
		t.Errorf("genmove white: %s %q %v, want D5 by exact play", pos.Board.Name(p), reason, err)
	}
}

// TestScorerRetry: final_score values g09-l10-s48-cad after move 43, which
// only analyze's budgets value, as analyze does (-6 before komi: W+12.5).
func TestScorerRetry(t *testing.T) {
	if testing.Short() {
		t.Skip("two analyses of a real 9x9 position: skipped in -short mode")
	}
	pos := s48After43(t)
	s, ok := Scorer(pos.Board.Clone(), make([]bool, pos.Board.Size()), board.White, rules.Japanese)
	if !ok || s != -6 {
		t.Errorf("final_score: %v %v, want -6", s, ok)
	}
}

// s48After43 is g09-l10-s48-cad after move 43 (testdata/games).
func s48After43(t *testing.T) *position.Position {
	t.Helper()
	g, err := position.ReadGame("../testdata/games/g09-l10-s48-cad.sgf")
	if err != nil {
		t.Fatal(err)
	}
	pos, err := g.PositionAfter(43)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}
