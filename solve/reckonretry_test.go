package solve

import (
	"path/filepath"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/tiles"
)

// TestReckonRetry: on board 1 of the board-search set, an end's status
// that searchReckonNodes cannot decide leaves the Japanese score with
// Black first inexact (valueOnce, the searcher's own reckoning); value
// searches it again with retryReckonNodes per question and states it,
// equal to realgo's (the file's "expect japanese"), with tables of the
// retry's own (the searcher's own stay those of its reckoning).
func TestReckonRetry(t *testing.T) {
	pos, err := position.ReadFile(filepath.Join("..", "testdata", "search", "set", "01-6x6.txt"))
	if err != nil {
		t.Fatal(err)
	}
	a, err := tiles.Analyze(pos, tiles.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewBoardSearchGame(a, pos.Board, rules.Japanese, BoardSearchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s := g.(*boardSearchGame).s
	n, _ := g.Start(board.Black)
	once, err := s.valueOnce(n.(*searchNode))
	if err != nil {
		t.Fatal(err)
	}
	if once.Exact() {
		t.Fatalf("with %d nodes per question the score is already exact (%s): the test needs a board where it is not", searchReckonNodes, once)
	}
	if s.mid.rk != nil {
		t.Fatal("valueOnce used the retry's reckoning")
	}
	n, _ = g.Start(board.Black)
	sc, err := n.Value()
	if err != nil {
		t.Fatal(err)
	}
	if want := cgt.DyadicInt(-3); !sc.Lo.Equal(want) {
		t.Errorf("Black first: %s, realgo says -3", sc)
	}
	if s.mid.rk == nil || s.mid.rk.Nodes() == 0 || len(s.mid.reck) == 0 {
		t.Error("the score was not searched again with the retry's reckoning")
	}
	if once.LoOK && sc.Lo.Cmp(once.Lo) < 0 || once.HiOK && sc.Hi.Cmp(once.Hi) > 0 {
		t.Errorf("the retry's score %s lies outside the first search's bounds %s", sc, once)
	}
}
