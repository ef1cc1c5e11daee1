package endgame

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/mathgo/mathgo/solve"
)

// TestPartialBoundsHoldTheExactAnswer: a position analyzed with too
// small a tile budget gets bounds (the tiles over the budget unresolved),
// and the exact answer found with the full budget lies within them, with
// each player first, under both countings. The long tier (MATHGO_LONG=1)
// compares 100 positions, the fast tier the first 25 of them.
func TestPartialBoundsHoldTheExactAnswer(t *testing.T) {
	want := testlong.Pick(25, 100)
	rng := rand.New(rand.NewPCG(31, 32))
	compared := 0
	for i := 0; compared < want && i < 30*want; i++ {
		pos := testpos.Random(rng, 12, 5)
		exact, err := Analyze(pos, Options{NoSolver: true})
		if err != nil {
			t.Fatal(err)
		}
		if !exact.Exact() {
			continue
		}
		part, err := Analyze(pos, Options{NoSolver: true, MaxPositions: 3})
		if err != nil {
			t.Fatal(err)
		}
		if part.Exact() {
			continue // every tile small enough: nothing to bound
		}
		if part.Bounds == nil {
			t.Fatalf("position %d: not exact, no bounds: %v", i, part.Problems)
		}
		name := fmt.Sprintf("position %d", i)
		for _, first := range []board.Color{board.Black, board.White} {
			j, _ := exact.Japanese(first)
			if b := part.Bounds.Japanese[solve.PlayerOf(first)]; j.Cmp(b[0]) < 0 || j.Cmp(b[1]) > 0 {
				t.Errorf("%s, %s first: Japanese %s outside the bounds [%s, %s]\n%s", name, first, j, b[0], b[1], pos.Board)
			}
			if c, ok := exact.Chinese(first); ok && part.Bounds.ChineseOK {
				if b := part.Bounds.Chinese[solve.PlayerOf(first)]; c.Cmp(b[0]) < 0 || c.Cmp(b[1]) > 0 {
					t.Errorf("%s, %s first: Chinese %s outside the bounds [%s, %s]\n%s", name, first, c, b[0], b[1], pos.Board)
				}
			}
		}
		j := part.JSON(0)
		if !j.Partial || j.Bounds == nil {
			t.Errorf("%s: JSON without partial bounds", name)
		}
		for _, tl := range j.Tiles {
			if tl.Count == nil && (tl.Kind != "unresolved" || tl.Reason == nil) {
				t.Errorf("%s: tile %s without value is %s", name, tl.ID, tl.Kind)
			}
		}
		compared++
	}
	if compared < want/2 {
		t.Fatalf("only %d positions compared", compared)
	}
	t.Logf("%d partial analyses bound the exact answer", compared)
}
