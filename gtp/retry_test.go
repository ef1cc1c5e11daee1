package gtp

import (
	"strings"
	"testing"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
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
