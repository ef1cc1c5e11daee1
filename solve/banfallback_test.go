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

// TestBanFallbackBoardSearch: where exact play with the ko ban passes its
// budget, the ko tiles are played on the board inside the sum of the
// others (the board search). On the ko positions of testdata/ko, decided
// once with the ban game's default budget and once with a budget of one
// state (so that every one falls back), every score both prove is the
// same, and the fallback proves some.
func TestBanFallbackBoardSearch(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "ko", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	compared := 0
	for _, f := range files {
		pos, err := position.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		a, err := tiles.Analyze(pos, tiles.Options{})
		if err != nil {
			t.Fatal(err)
		}
		in := PositionInput{Position: pos, Analysis: a}
		ban := DecidePosition(in, PositionOptions{NoRealCheck: true})
		fb := DecidePosition(in, PositionOptions{NoRealCheck: true, BanStates: 1})
		t.Logf("%s: ban %v %v; fallback %v %v %v", filepath.Base(f), ban.Totals != nil, ban.Problems, fb.Totals != nil, fb.Search != nil, fb.Problems)
		if ban.Totals == nil || fb.Totals == nil {
			continue
		}
		if fb.Search == nil {
			t.Errorf("%s: exact with a ban budget of one state, but not by the board search", f)
			continue
		}
		for p := range 2 {
			if !ban.Totals.Japanese[p].Equal(fb.Totals.Japanese[p]) {
				t.Errorf("%s: Japanese score %d: the ban game %s, the board search %s", f, p, ban.Totals.Japanese[p], fb.Totals.Japanese[p])
			}
			if ban.Totals.ChineseOK && fb.Totals.ChineseOK && !ban.Totals.Chinese[p].Equal(fb.Totals.Chinese[p]) {
				t.Errorf("%s: Chinese score %d: the ban game %s, the board search %s", f, p, ban.Totals.Chinese[p], fb.Totals.Chinese[p])
			}
		}
		compared++
	}
	if compared < 3 {
		t.Errorf("only %d positions compared", compared)
	}
	_ = rules.Japanese
}

// koAndDames is P + * + * + * with a fourth dame on the walls' other side
// (D5: Black's wall on three sides, where the others have White's).
const koAndDames = `+-------------+
| . @ @ # # . |
| @ @ . O # # |
| @ @ @ # # # |
| @ @ . # # # |
| @ @ @ . # # |
| @ @ . # # # |
| @ @ @ # # # |
| @ @ . # # # |
| . @ @ # # . |
+-------------+
`

// koAndDamesAnalysis reads koAndDames and cuts it into tiles.
func koAndDamesAnalysis(t *testing.T) (*position.Position, *tiles.Analysis) {
	t.Helper()
	pos, err := position.Parse("dame", []byte(koAndDames))
	if err != nil {
		t.Fatal(err)
	}
	a, err := tiles.Analyze(pos, tiles.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return pos, a
}

// TestLocalKeyAlikeGames: the board search's table knows a valued tile
// by its game, not its place: P + * + * + * with a fourth dame on the
// walls' other side (D5: Black's wall on three sides, where the others
// have White's): the four dame tiles, two shapes, have
// one key (tiles.Local.ShapeKey tells the shapes apart, the game tree
// does not), which differs from the key of a dame filled.
func TestLocalKeyAlikeGames(t *testing.T) {
	pos, a := koAndDamesAnalysis(t)
	gm, err := NewBoardSearchGame(a, pos.Board, rules.Japanese, BoardSearchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g := gm.(*boardSearchGame)
	keys := map[uint64]int{}
	shapes := map[uint64]int{}
	var dame *tiles.Local
	for _, l := range g.locals {
		if len(l.Points()) != 1 {
			continue
		}
		dame = l
		keys[g.s.localKey(l)]++
		shapes[l.ShapeKey()]++
	}
	if len(keys) != 1 || len(shapes) != 2 || keys[g.s.localKey(dame)] != 4 {
		t.Fatalf("%d dame tiles: %d keys, %d shapes; want 4 tiles, 1 key, 2 shapes", len(g.locals), len(keys), len(shapes))
	}
	ms, err := dame.Moves(board.Black)
	if err != nil || len(ms) != 1 {
		t.Fatalf("a dame's moves: %v %v", ms, err)
	}
	if g.s.localKey(ms[0].Next) == g.s.localKey(dame) {
		t.Error("a dame filled has the key of an open one")
	}
}

// TestCapturableWall: a declared wall whose every liberty lies in the
// searched region could be captured by a move of the search, which its
// declaration forbids: capturableWall names it; with a liberty outside
// the region it is a wall like a proven one. realBoard refuses a board
// with a block without a liberty.
func TestCapturableWall(t *testing.T) {
	pos, err := position.Parse("wall", []byte(`+-----------+
| . . X . . |
| . X @ X . |
| . X . X . |
| . . X . . |
| . . . . . |
+-----------+
`))
	if err != nil {
		t.Fatal(err)
	}
	b := pos.Board
	at := func(s string) board.Point {
		p, err := b.ParsePoint(s)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	if !realBoard(pos) {
		t.Fatal("a board whose every block has a liberty is refused")
	}
	if w := capturableWall(pos, &SearchRegion{Points: []board.Point{at("C3")}}); w != "C4" {
		t.Errorf("the wall C4, its one liberty C3 in the region: got %q", w)
	}
	if w := capturableWall(pos, &SearchRegion{Points: []board.Point{at("A1")}}); w != "" {
		t.Errorf("a region away from the wall: got %q", w)
	}
	full, err := position.Parse("full", []byte(`+-----+
| @ X . |
| X . . |
| . . . |
+-----+
`))
	if err != nil {
		t.Fatal(err)
	}
	if realBoard(full) {
		t.Error("a board with a block without a liberty is accepted")
	}
}

// TestDropAlike: of the moves in four dames whose positions are one state
// (TestLocalKeyAlikeGames's board: a ko and four dames), the search tries
// one (moves' alike); the scores and the lists of every optimal first move
// are those of the search that tries every move (NoPruning), and a list
// that names one dame names all four.
func TestDropAlike(t *testing.T) {
	pos, a := koAndDamesAnalysis(t)
	for _, c := range []rules.Counting{rules.Japanese, rules.Chinese} {
		for _, first := range []board.Color{board.Black, board.White} {
			var vals [2]Score
			var best [2][]string
			for i, noPrune := range []bool{false, true} {
				gm, err := NewBoardSearchGame(a, pos.Board, c, BoardSearchOptions{NoPruning: noPrune})
				if err != nil {
					t.Fatal(err)
				}
				g := gm.(*boardSearchGame)
				var damePoints []board.Point
				for _, l := range g.locals {
					if len(l.Points()) == 1 {
						damePoints = append(damePoints, l.Points()...)
					}
				}
				if len(damePoints) != 4 {
					t.Fatalf("%d dames, want 4", len(damePoints))
				}
				isDame := func(o Option) bool { return slices.Contains(damePoints, o.Move.Point) }
				n, err := g.Start(first)
				if err != nil {
					t.Fatal(err)
				}
				if vals[i], err = n.Value(); err != nil {
					t.Fatalf("%s, %s first: %v", c, first, err)
				}
				opt, err := n.Optimal()
				if err != nil {
					t.Fatalf("%s, %s first: %v", c, first, err)
				}
				dames := 0
				for _, o := range opt {
					best[i] = append(best[i], o.Move.String())
					if isDame(o) {
						dames++
					}
				}
				if dames != 0 && dames != 4 {
					t.Errorf("%s, %s first: %d of the four dames among the optimal moves %v", c, first, dames, best[i])
				}
				if i == 0 {
					g.s.load(n.(*searchNode))
					tileMoves := func(alike bool) int {
						ms, _, err := g.s.moves(false, -1, 0, false, alike)
						if err != nil {
							t.Fatal(err)
						}
						k := 0
						for _, m := range ms {
							if m.kind == 1 {
								k++
							}
						}
						return k
					}
					all, kept := tileMoves(false), tileMoves(true)
					if all < 4 || kept != all-3 {
						t.Errorf("%s, %s first: %d tile moves, %d kept; want the four dames' moves kept as one", c, first, all, kept)
					}
				}
			}
			if !vals[0].Lo.Equal(vals[1].Lo) || !vals[0].Hi.Equal(vals[1].Hi) {
				t.Errorf("%s, %s first: %s with alike moves dropped, %s without", c, first, vals[0], vals[1])
			}
			if !slices.Equal(best[0], best[1]) {
				t.Errorf("%s, %s first: optimal moves %v with alike moves dropped, %v without", c, first, best[0], best[1])
			}
		}
	}
}
