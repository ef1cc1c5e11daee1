package solve

import (
	"github.com/mathgo/mathgo/internal/testpos"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/tiles"
)

// checkTotals compares SearchTotals with the canonical totals of a.
func checkTotals(t *testing.T, name string, a *tiles.Analysis) bool {
	t.Helper()
	if !a.Complete || !a.CountOK {
		return false
	}
	got, err := SearchTotals(a, 0)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for i, first := range []board.Color{board.Black, board.White} {
		if w := a.Winner(first); got.Winner[i] != w {
			t.Errorf("%s, %s first: search says %s wins, the canonical total %s says %s", name, first, got.Winner[i], a.Count, w)
		}
		if j, _ := a.Japanese(first); !got.Japanese[i].Equal(j) {
			t.Errorf("%s, %s first: Japanese %s by search, %s from the canonical total %s", name, first, got.Japanese[i], j, a.Count)
		}
		if c, ok := a.Chinese(first); ok && (!got.ChineseOK || !got.Chinese[i].Equal(c)) {
			t.Errorf("%s, %s first: Chinese %s (%v) by search, %s from the canonical area total", name, first, got.Chinese[i], got.ChineseOK, c)
		}
	}
	return true
}

// TestSearchTotals: the outcome and the stops found by search over the
// tile values equal those of the canonical totals on every bundled
// position and on random small boards of several tiles.
func TestSearchTotals(t *testing.T) {
	n := 0
	for _, f := range testpos.Files(t, "positions", "problems", "play", "corridors") {
		a, err := tiles.Analyze(f.Pos, tiles.Options{NoSolver: true})
		if err != nil {
			t.Fatal(err)
		}
		if checkTotals(t, filepath.Base(f.Path), a) {
			n++
		}
	}
	r := rand.New(rand.NewPCG(21, 22))
	for i := range 300 {
		pos := randomPosition(r, 12)
		a, err := tiles.Analyze(pos, tiles.Options{NoSolver: true})
		if err != nil {
			t.Fatal(err)
		}
		if checkTotals(t, "random "+string(rune('0'+i%10)), a) {
			n++
		}
	}
	if n < 100 {
		t.Errorf("only %d positions compared", n)
	}
	t.Logf("%d positions: winner, Japanese and Chinese stops by search equal the canonical totals", n)
}
