package solve

import (
	"math/rand"
	"path/filepath"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/tiles"
)

// TestStaticBoundHolds: the board search's static bound (staticBound)
// holds the exact score of the positions it is asked about. Random lines
// are played from the start of the board-search set's first boards and
// of Spight's problem (walls: the declared, frame and pass-alive blocks),
// and at each position reached the bound is compared with the score a
// search that never uses it (NoPruning) proves. The test also requires
// that the score lies at an end of the bound in some of them, so that a
// bound one point too tight would fail it.
func TestStaticBoundHolds(t *testing.T) {
	for _, c := range []rules.Counting{rules.Japanese, rules.Chinese} {
		t.Run(c.String(), func(t *testing.T) { testStaticBoundHolds(t, c) })
	}
}

func testStaticBoundHolds(t *testing.T, counting rules.Counting) {
	files, err := filepath.Glob("../testdata/search/set/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files[:min(8, len(files))], "../testdata/positions/forum/spight-2011.txt")
	rng := rand.New(rand.NewSource(7))
	checked, tight := 0, 0
	for _, f := range files {
		pos, err := position.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		a, err := tiles.Analyze(pos, tiles.Options{MaxPositions: 20_000})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := RegionOf(a); err != nil {
			continue
		}
		g, err := NewBoardSearchGame(a, pos.Board, counting, BoardSearchOptions{NoPruning: true, MaxNodes: 50_000})
		if err != nil {
			continue
		}
		bg := g.(*boardSearchGame)
		region := len(bg.region.Points)
		for walk := 0; walk < 6; walk++ {
			first := board.Black
			if walk%2 == 1 {
				first = board.White
			}
			node, err := g.Start(first)
			if err != nil {
				t.Fatal(err)
			}
			n := node.(*searchNode)
			// Deep enough that the exact search of what is left is small.
			for depth := 0; depth < 60 && !n.Done(); depth++ {
				opts, err := n.Options()
				if err != nil || len(opts) == 0 {
					break
				}
				n = opts[rng.Intn(len(opts))].Next.(*searchNode)
				if depth < region/2 {
					continue
				}
				v, err := n.Value()
				if err != nil {
					continue // past the budget: nothing to compare
				}
				s := bg.s
				s.load(n)
				s.withNumbers = false
				lo, hi, ok := s.staticBound()
				if !ok {
					continue
				}
				x, _ := scaled(v.Lo)
				checked++
				if x < lo || x > hi {
					t.Fatalf("%s: after %d moves (%s to move) the score is %s, outside the static bound [%s, %s]:\n%s",
						filepath.Base(f), depth+1, n.toMove, v.Lo, unscale(lo), unscale(hi), n.b)
				}
				if x == lo || x == hi {
					tight++
				}
			}
		}
	}
	t.Logf("%d positions checked, the score at an end of the bound in %d", checked, tight)
	if checked < 50 || tight < 5 {
		t.Errorf("%d positions checked, the score at an end of the bound in %d: too few to test the bound", checked, tight)
	}
}
