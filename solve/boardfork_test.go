package solve

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/tiles"
)

// TestForkAgrees: a fork of a board search's searcher (fork, join) finds
// the same optimal first moves as the searcher itself, while the
// searcher is asked the other side's at the same time; after join the
// game answers both sides' questions as a game that found them alone
// does, and counts the fork's nodes. On the board-search set's boards
// whose search passes forkMinNodes, and on smaller ones, which optimal
// never forks. .ci/run runs it under -race.
func TestForkAgrees(t *testing.T) {
	for _, name := range []string{"01-6x6.txt", "10-6x6.txt", "09-9x9.txt", "16-9x9.txt"} {
		t.Run(name, func(t *testing.T) {
			pos, err := position.ReadFile(filepath.Join("..", "testdata", "search", "set", name))
			if err != nil {
				t.Fatal(err)
			}
			a, err := tiles.Analyze(pos, tiles.Options{})
			if err != nil {
				t.Fatal(err)
			}
			newGame := func() *boardSearchGame {
				g, err := NewBoardSearchGame(a, pos.Board, rules.Japanese, BoardSearchOptions{})
				if err != nil {
					t.Fatal(err)
				}
				for _, first := range []board.Color{board.Black, board.White} {
					n, _ := g.Start(first)
					if _, err := n.Value(); err != nil {
						t.Fatalf("%s first: %v", first, err)
					}
				}
				return g.(*boardSearchGame)
			}
			// Alone, one side after the other.
			alone := newGame()
			var want [2][]string
			for i, first := range []board.Color{board.Black, board.White} {
				names, _, ok := optimalOf(alone, first)
				if !ok {
					t.Fatalf("%s first: the optimal moves are not decided", first)
				}
				want[i] = names
			}
			// Forked: White's by the fork while Black's are found.
			g := newGame()
			before := g.s.total
			f, err := g.fork()
			if err != nil {
				t.Fatal(err)
			}
			var white []string
			done := make(chan bool)
			go func() {
				names, _, ok := optimalOf(f, board.White)
				white = names
				done <- ok
			}()
			black, _, okB := optimalOf(g, board.Black)
			okW := <-done
			if !okB || !okW || !slices.Equal(black, want[0]) || !slices.Equal(white, want[1]) {
				t.Fatalf("forked: Black %v %v, White %v %v; alone %v", black, okB, white, okW, want)
			}
			mine := g.s.total - before
			forks := f.s.total - f.s.forkedAt
			g.join(f)
			if g.s.total != before+mine+forks || forks == 0 {
				t.Errorf("nodes after join %d, want %d + %d + %d (the fork's)", g.s.total, before, mine, forks)
			}
			// The joined game answers White's question again from its
			// tables: fewer nodes than the fork spent, same moves.
			at := g.s.total
			names, _, ok := optimalOf(g, board.White)
			if !ok || !slices.Equal(names, want[1]) {
				t.Errorf("after join, White: %v %v, want %v", names, ok, want[1])
			}
			if again := g.s.total - at; again >= forks {
				t.Errorf("after join White's moves took %d nodes, the fork's %d: its tables were not taken back", again, forks)
			}
			t.Logf("scores %d nodes, Black's moves %d, White's %d by the fork, %d again after join", before, mine, forks, g.s.total-at)
		})
	}
}
