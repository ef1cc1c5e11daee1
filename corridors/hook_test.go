package corridors

import (
	"fmt"
	"github.com/mathgo/mathgo/internal/testpos"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/tiles"
)

// compareWithSearch analyzes pos with and without Value as the tiles
// valuing hook and fails on any tile whose values differ. It returns the
// analysis with the hook.
func compareWithSearch(t *testing.T, name string, pos *position.Position) *tiles.Analysis {
	t.Helper()
	plain, err := tiles.Analyze(pos, tiles.Options{MaxPositions: 300_000})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	hooked, err := tiles.Analyze(pos, tiles.Options{MaxPositions: 300_000, Valuer: Value})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(plain.Tiles) != len(hooked.Tiles) {
		t.Fatalf("%s: %d tiles with the hook, %d without", name, len(hooked.Tiles), len(plain.Tiles))
	}
	for i, p := range plain.Tiles {
		h := hooked.Tiles[i]
		if p.Err != nil {
			continue // the search gave up (ko, budget); nothing to compare
		}
		if h.Err != nil {
			t.Errorf("%s tile %s: %v with the hook, %s without", name, h.ID, h.Err, p.Count)
			continue
		}
		if p.Count != h.Count || p.Chilled != h.Chilled {
			t.Errorf("%s tile %s (%s): count %s chilled %s with the hook, %s and %s by search", name, h.ID, h.Corridor, h.Count, h.Chilled, p.Count, p.Chilled)
		}
		if p.AreaOK && h.AreaOK && p.Area != h.Area {
			t.Errorf("%s tile %s (%s): area %s with the hook, %s by search", name, h.ID, h.Corridor, h.Area, p.Area)
		}
	}
	return hooked
}

// TestHookMatchesSearch checks that valuing regions by formula inside the
// tile search (the hook tiles.Analyze calls before searching a region)
// changes no value: every bundled position, and random boards of short
// corridors with invader stones, are analyzed both ways.
func TestHookMatchesSearch(t *testing.T) {
	files := testpos.Files(t, "positions", "problems", "corridors")
	if len(files) < 20 {
		t.Fatalf("only %d position files", len(files))
	}
	valued := 0
	for _, f := range files {
		if strings.Contains(f.Path, "packed-19x19-long") {
			continue // too long for the plain search; see TestPackedLongAnalyze
		}
		a := compareWithSearch(t, filepath.Base(f.Path), f.Pos)
		valued += a.ByValuer
	}
	r := rand.New(rand.NewPCG(5, 11))
	boards := 0
	for i := range 60 {
		// The top six rows of a generated board (three corridor rows,
		// the top one on the edge) with invader stones sprinkled into
		// the corridors: dead stones the corridor solver or the search
		// must handle.
		lines := strings.Split(packedBoard(uint64(100+i), r.IntN(2) == 0, 1, 6), "\n")
		lines = append(lines[:8], lines[len(lines)-2])
		for y := 0; y < 6; y += 2 {
			row, wall := []byte(lines[2+y]), lines[3+y]
			for k := 1; k+1 < len(row); k += 2 {
				if row[k] == '.' && r.IntN(8) == 0 {
					row[k] = map[byte]byte{'#': 'O', '@': 'X'}[wall[k]]
				}
			}
			lines[2+y] = string(row)
		}
		pos, err := position.Parse("random", []byte(strings.Join(lines, "\n")))
		if err != nil {
			continue // a sprinkled stone without liberties: skip the board
		}
		boards++
		a := compareWithSearch(t, fmt.Sprintf("random board %d", i), pos)
		valued += a.ByValuer
	}
	if boards < 40 {
		t.Errorf("only %d random boards", boards)
	}
	if valued < 100 {
		t.Errorf("the hook valued only %d regions: the comparison is too weak", valued)
	}
	t.Logf("%d regions valued by formula, all equal to the search", valued)
}

// TestPackedLongAnalyze analyzes the 19x19 board of corridors up to 17
// points long with the hook: every tile that is not settled territory is
// a labelled corridor, and the whole board takes well under the time the
// plain search needs (about 14 s).
func TestPackedLongAnalyze(t *testing.T) {
	pos, err := position.Parse("long", []byte(packedFiles()["packed-19x19-long.txt"]))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	a, err := tiles.Analyze(pos, tiles.Options{Valuer: Value})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Problems) > 0 || !a.Complete {
		t.Fatalf("problems: %v", a.Problems)
	}
	corr := 0
	for _, tl := range a.Tiles {
		if tl.Kind == tiles.KindTerritory {
			continue
		}
		if tl.Kind != tiles.KindCorridor || tl.Corridor == "" {
			t.Errorf("tile %s (%s) not labelled as a corridor", tl.ID, tl.Kind)
		}
		corr++
	}
	t.Logf("%d corridor tiles, %d regions by formula, %d searched, %v", corr, a.ByValuer, a.Positions, time.Since(start))
}

// BenchmarkPackedLongAnalyze: the whole analysis (certificates, tiles,
// values, totals) of the 19x19 board of corridors up to 17 long, with
// corridors valued by formula.
func BenchmarkPackedLongAnalyze(b *testing.B) {
	pos, err := position.Parse("long", []byte(packedFiles()["packed-19x19-long.txt"]))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		a, err := tiles.Analyze(pos, tiles.Options{Valuer: Value})
		if err != nil || !a.Complete {
			b.Fatal(err, a.Problems)
		}
		Label(a)
	}
}
