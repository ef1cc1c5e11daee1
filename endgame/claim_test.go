package endgame

import (
	"fmt"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/realgo"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/tiles"
)

// TestClaimedCorner analyzes a 7x7 board whose only open area is a 3x2
// corner White's pass-alive wall encloses: the tile search cannot value
// it (an invader captured and played again is a cycle whose prisoner
// count grows), so the walls claim it (safety.Result.Claim) and it is
// White's territory of 6 points. The scores are checked against realgo's
// whole-board search under real rules.
func TestClaimedCorner(t *testing.T) {
	pos, err := position.Parse("claim", []byte(`
+---------------+
| . . . O . O X |
| . . . O O O X |
| O O O O X X X |
| . O X X X . X |
| O O X . X X X |
| . O X X . X X |
| O O X . X X . |
+---------------+
`))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Analyze(pos, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Exact() || r.Claimed != 1 {
		t.Fatalf("exact %v, %d claimed: %q", r.Exact(), r.Claimed, r.Problems)
	}
	a := r.Tile("A")
	if a == nil || a.Kind != tiles.KindTerritory || len(a.Points) != 6 || a.Count.String() != "-6" {
		t.Fatalf("tile A: %+v", a)
	}
	res, err := realgo.Solve(pos, realgo.Options{NoMoves: true, MaxNodes: 3_000_000})
	if err != nil {
		t.Fatal(err)
	}
	for _, first := range []board.Color{board.Black, board.White} {
		jp, ch := res.Get(rules.Japanese, first), res.Get(rules.Chinese, first)
		if !jp.Known || !ch.Known {
			t.Fatalf("%s first: realgo does not know (%s)", first, jp.Reason)
		}
		j, _ := r.Japanese(first)
		c, _ := r.Chinese(first)
		if j.String() != fmt.Sprint(jp.Score) {
			t.Errorf("%s first: Japanese %s, real rules %d", first, j, jp.Score)
		}
		if got := c.Add(cgt.DyadicInt(int64(r.WallStones()))); got.String() != fmt.Sprint(ch.Score) {
			t.Errorf("%s first: Chinese %s (with the walls' stones), real rules %d", first, got, ch.Score)
		}
	}
}

// TestClaimedKoCorner: the last position of g09-l10-s45-cad has a
// 15-point lower right corner whose game graph holds a ko (an invasion that
// can end in one) and is too large for the tile search. With analyze's
// default budgets the walls claim it all the same (the search of an empty
// area inside pass-alive walls gets three times the deep budget; in the
// certification game the invader ignores the ko ban, so the proof does
// not rest on a ko won), and the board is exact: 0 with either side
// first, which with komi 6.5 is GNU Go's own W+6.5.
func TestClaimedKoCorner(t *testing.T) {
	if testing.Short() {
		t.Skip("a claim of 150,000 nodes: skipped in -short mode")
	}
	g := readGame(t, "../testdata/games/g09-l10-s45-cad.sgf")
	pos := positionAfter(t, g, len(g.Moves))
	r, err := Analyze(pos, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Claimed < 1 || !r.Exact() {
		t.Fatalf("%d areas claimed, exact %v: %v", r.Claimed, r.Exact(), r.Problems)
	}
	for _, first := range []board.Color{board.Black, board.White} {
		if j, _ := r.Japanese(first); !j.Equal(cgt.DyadicInt(0)) {
			t.Errorf("%s first: Japanese %s, want 0 (GNU Go: W+6.5 with komi 6.5)", first, j)
		}
	}
	if g.Result != "W+6.5" {
		t.Errorf("the record's result is %q", g.Result)
	}
}

// TestClaimableTiles: the claims get their escalated budget only when
// every tile left unvalued could still be claimed (claimable), since
// only then can they make the analysis exact. At the end of
// g09-l10-s53-cad the one unvalued tile is an 18-point corner inside
// White's pass-alive walls (its claim runs out of nodes; s33's 15-point
// corner, used here before, is proven since the claims' search prunes
// with forced attacker moves); 20 moves before the end of
// g19-l10-s401-cad a 65-point open tile stays unvalued whatever is
// claimed.
func TestClaimableTiles(t *testing.T) {
	if testing.Short() {
		t.Skip("two real games' analyses")
	}
	testlong.Skip(t, "two real games' analyses, one 19x19")
	for _, tc := range []struct {
		game string
		move int
		want bool
	}{
		{"g09-l10-s53-cad.sgf", -1, true},
		{"g19-l10-s401-cad.sgf", 287, false},
	} {
		g := readGame(t, "../testdata/games/"+tc.game)
		n := tc.move
		if n < 0 {
			n = len(g.Moves)
		}
		r, err := Analyze(positionAfter(t, g, n), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Exact() {
			t.Fatalf("%s after move %d is exact", tc.game, n)
		}
		if got := claimable(r.Analysis); got != tc.want {
			t.Errorf("%s after move %d: claimable %v, want %v (%q)", tc.game, n, got, tc.want, r.Problems)
		}
	}
}
