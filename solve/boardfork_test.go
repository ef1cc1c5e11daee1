package solve

import (
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/tiles"
)

// TestOptimalShared: Optimal, sharing its questions with a fork of the
// game (helperGame) on a second core, lists the same optimal moves as a
// game that asks them all itself, at the start with each side first and
// one move later (after each optimal move), and counts the helper's
// nodes in the game's. On two of the board-search set's 9x9 boards, with
// sharing from the first node (it starts at forkMinNodes). .ci/run runs
// it under -race.
func TestOptimalShared(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: Optimal never shares its questions")
	}
	for _, name := range []string{"09-9x9.txt", "16-9x9.txt"} {
		t.Run(name, func(t *testing.T) {
			pos, err := position.ReadFile(filepath.Join("..", "testdata", "search", "set", name))
			if err != nil {
				t.Fatal(err)
			}
			a, err := tiles.Analyze(pos, tiles.Options{})
			if err != nil {
				t.Fatal(err)
			}
			newGame := func(shared bool) *boardSearchGame {
				g, err := NewBoardSearchGame(a, pos.Board, rules.Japanese, BoardSearchOptions{})
				if err != nil {
					t.Fatal(err)
				}
				bg := g.(*boardSearchGame)
				bg.isFork = !shared // a fork never shares
				for _, first := range []board.Color{board.Black, board.White} {
					n, _ := g.Start(first)
					if _, err := n.Value(); err != nil {
						t.Fatalf("%s first: %v", first, err)
					}
				}
				bg.shareFrom = 0 // these boards' searches are smaller than forkMinNodes
				return bg
			}
			// lines lists the optimal moves at the start with each side
			// first and after each of them.
			lines := func(g *boardSearchGame) []string {
				var out []string
				for _, first := range []board.Color{board.Black, board.White} {
					n, _ := g.Start(first)
					opts, err := n.Optimal()
					if err != nil {
						t.Fatalf("%s first: %v", first, err)
					}
					for _, o := range opts {
						out = append(out, first.Letter()+" "+o.Move.String())
						if o.Next.Done() {
							continue
						}
						next, err := o.Next.Optimal()
						if err != nil {
							t.Fatalf("after %s %s: %v", first, o.Move, err)
						}
						for _, o2 := range next {
							out = append(out, "  "+o2.Move.String())
						}
					}
				}
				return out
			}
			want := lines(newGame(false))
			g := newGame(true)
			before := g.s.total
			got := lines(g)
			if !slices.Equal(got, want) {
				t.Fatalf("shared: %v\nalone: %v", got, want)
			}
			if g.helper == nil {
				t.Fatal("no helper was made")
			}
			helped := g.helper.s.total - before
			if g.s.total <= before || g.helper.s.forkedAt != g.helper.s.total {
				t.Errorf("the helper's nodes were not counted: game %d (from %d), helper %d, counted to %d", g.s.total, before, g.helper.s.total, g.helper.s.forkedAt)
			}
			t.Logf("%d optimal moves and answers; the game's nodes %d -> %d, the helper's own %d", len(got), before, g.s.total, helped)
		})
	}
}
