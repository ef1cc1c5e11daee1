package tiles

import (
	"slices"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/mathgo/mathgo/position"
)

func analyzeText(t *testing.T, text string, opts Options) *Analysis {
	t.Helper()
	pos, err := position.Parse("test", []byte(text))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	a, err := Analyze(pos, opts)
	if err != nil {
		t.Fatalf("analyze: %v", err)
	}
	return a
}

func TestQuickCorridor(t *testing.T) {
	a := analyzeText(t, "+---------+\n|# # # # @|\n|# . . . @|\n|# # # # @|\n+---------+\n", Options{})
	for _, tl := range a.Tiles {
		t.Logf("%s %v kind %s count %v chilled %v area %v err %v", tl.ID, tl.Points, tl.Kind, tl.Count, tl.Chilled, tl.Area, tl.Err)
	}
	t.Logf("problems %v", a.Problems)
}

// TestReuse: an analysis that reuses an earlier one of the same stones
// and walls (Options.Reuse) gives every tile the same values and searches
// fewer positions (none here: every region was valued before); with other
// walls the earlier analysis is ignored, and the earlier analysis still
// values its tiles after handing its table over.
func TestReuse(t *testing.T) {
	pos, err := position.ReadFile("../testdata/problems/five-tiles.txt")
	if err != nil {
		t.Fatal(err)
	}
	first, err := Analyze(pos, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if first.Positions == 0 {
		t.Fatal("the first analysis searched nothing: the test needs a search")
	}
	same := func(x, y *Analysis) bool {
		if len(x.Tiles) != len(y.Tiles) {
			return false
		}
		for i, tx := range x.Tiles {
			ty := y.Tiles[i]
			if (tx.Err == nil) != (ty.Err == nil) || tx.Err == nil && (tx.Count != ty.Count || tx.AreaOK != ty.AreaOK || tx.AreaOK && tx.Area != ty.Area) {
				return false
			}
		}
		return true
	}
	again, err := Analyze(pos, Options{Reuse: first})
	if err != nil {
		t.Fatal(err)
	}
	if !same(first, again) || again.Positions != 0 {
		t.Errorf("reusing: same values %v, %d positions searched (want 0)", same(first, again), again.Positions)
	}
	if _, err := first.Local(first.Tiles[0].ID); err != nil {
		t.Errorf("the earlier analysis after handing its table over: %v", err)
	}
	// Other walls: no reuse.
	imm := slices.Clone(first.Immortal)
	for p := range imm {
		if !imm[p] && pos.Board.At(board.Point(p)) != board.Empty {
			imm[p] = true
			break
		}
	}
	other, err := Analyze(pos, Options{Immortal: imm, Reuse: again})
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := Analyze(pos, Options{Immortal: imm})
	if err != nil {
		t.Fatal(err)
	}
	if other.Positions != fresh.Positions || !same(other, fresh) {
		t.Errorf("other walls: %d positions with Reuse, %d fresh (want the same search)", other.Positions, fresh.Positions)
	}
}

// TestMaxEnclosedPositions: an empty area one colour's walls enclose,
// first in reading order, spends the whole budget, and the tile after it
// fails too; bounded on its own (Options.MaxEnclosedPositions) the area
// fails alone, saying why, and the tile after it gets its value (the
// value it has when the area is filled with the walls' stones).
func TestMaxEnclosedPositions(t *testing.T) {
	rows := []string{
		"....#.@",
		"....#.@",
		"....#.@",
		"....#.@",
		"#####.@",
		"@@@@@@@",
	}
	const budget = 20000
	plain, err := Analyze(testpos.Rows(rows), Options{MaxPositions: budget})
	if err != nil {
		t.Fatal(err)
	}
	if len(plain.Tiles) != 2 {
		t.Fatalf("want two tiles, got %d", len(plain.Tiles))
	}
	if c, empties, ok := plain.Enclosed(plain.Tiles[0]); !ok || c != board.Black || empties != 16 {
		t.Fatalf("tile A: enclosed %v by %v with %d empty points, want Black's 16", ok, c, empties)
	}
	if plain.Tiles[0].Err == nil || plain.Tiles[1].Err == nil {
		t.Fatalf("with %d positions: %v, %v; the test needs the area to spend the budget", budget, plain.Tiles[0].Err, plain.Tiles[1].Err)
	}
	capped, err := Analyze(testpos.Rows(rows), Options{MaxPositions: budget, MaxEnclosedPositions: 5})
	if err != nil {
		t.Fatal(err)
	}
	filled := slices.Clone(rows)
	for i := range 4 {
		filled[i] = "#####.@"
	}
	alone, err := Analyze(testpos.Rows(filled), Options{})
	if err != nil || len(alone.Tiles) != 1 || alone.Tiles[0].Err != nil {
		t.Fatalf("the tile alone: %v %v", err, alone.Problems)
	}
	got0, got1 := capped.Tiles[0], capped.Tiles[1]
	if got0.Err == nil || !strings.Contains(got0.Err.Error(), "more than 5 positions, the bound on the search of an enclosed area") {
		t.Errorf("the area bounded to 5 positions: error %v, want the bound on an enclosed area", got0.Err)
	}
	if got1.Err != nil || got1.Count != alone.Tiles[0].Count {
		t.Errorf("the tile after the area: %v, count %v, want %v", got1.Err, got1.Count, alone.Tiles[0].Count)
	}
	if capped.Positions > 10+alone.Positions {
		t.Errorf("%d positions searched; the bound allows at most %d", capped.Positions, 10+alone.Positions)
	}
}
