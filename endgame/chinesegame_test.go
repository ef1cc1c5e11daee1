package endgame

import (
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
)

// TestChineseGameCountsStonesOnce: the scored game of a short sum under
// Chinese counting starts at analyze's Chinese scores on a position whose
// valued tile holds mortal stones (White's E1 F1 in the lower right). It
// once counted those stones twice (2 points off here).
func TestChineseGameCountsStonesOnce(t *testing.T) {
	pos, err := position.Parse("stones.txt", []byte(`$$B
 X X X O O O
 X X X O O .
 X X . O . O
 . X X . O O
 X . X X . .
 . X . . O O
`))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Analyze(pos, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Exact() {
		t.Fatalf("not exact: %v", r.Problems)
	}
	stones := false
	for _, tl := range r.Tiles() {
		stones = stones || tl.Stones != 0
	}
	if !stones {
		t.Fatal("no valued tile holds mortal stones: the test checks nothing")
	}
	for i, n := range gameStarts(t, r, rules.Chinese) {
		c := []board.Color{board.Black, board.White}[i]
		v, err := n.Value()
		want, _ := r.Chinese(c)
		if err != nil || !v.Exact() || !v.Lo.Equal(want) {
			t.Errorf("%s first: the Chinese game starts at %s (%v), analyze says %s", c, v, err, want)
		}
	}
}

// gameStarts returns the starts of the report's game under the counting,
// with Black first and with White first.
func gameStarts(t *testing.T, r *Report, s rules.Counting) [2]solve.Node {
	t.Helper()
	g, err := r.Decision.Game(s)
	if err != nil {
		t.Fatal(err)
	}
	var out [2]solve.Node
	for i, c := range []board.Color{board.Black, board.White} {
		if out[i], err = g.Start(c); err != nil {
			t.Fatal(err)
		}
	}
	return out
}
