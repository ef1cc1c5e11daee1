package solve

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/mathgo/mathgo/tiles"
)

// valuesOf returns the values of a's totals, false if a tile has none.
func valuesOf(a *tiles.Analysis) (Values, bool) {
	count, ok := a.CountValues()
	if !ok {
		return Values{}, false
	}
	chilled, _ := a.ChilledValues()
	area, areaOK := a.AreaValues()
	return Values{Count: count, Chilled: chilled, Area: area, AreaOK: areaOK}, true
}

// checkTotals compares the search Decide falls back on with Decide
// reading the canonical totals.
func checkTotals(t *testing.T, name string, a *tiles.Analysis) bool {
	t.Helper()
	v, ok := valuesOf(a)
	if !ok {
		return false
	}
	canon, err := Decide(v, TotalsOptions{})
	if err != nil {
		t.Fatalf("%s: canonical totals: %v", name, err)
	}
	if !canon.CountOK || v.AreaOK && !canon.AreaOK {
		return false // too large to build: nothing to compare with
	}
	// What Decide finds by search when the canonical totals are too large.
	got := &Totals{ChineseOK: v.AreaOK}
	st := NewStops(-1, 0)
	sv := st.Solver()
	for _, first := range []cgt.Player{cgt.Left, cgt.Right} {
		w, err := sv.Outcome(v.Count, first)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got.Winner[first] = WinnerOf(w)
	}
	if got.Japanese, err = st.SearchStops(v.Count); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if v.AreaOK {
		if got.Chinese, err = st.SearchStops(v.Area); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	got.Mean = canon.Mean
	for _, first := range []cgt.Player{cgt.Left, cgt.Right} {
		if got.Winner[first] != canon.Winner[first] {
			t.Errorf("%s, %s first: search says %s wins, the canonical total %s says %s", name, first, got.Winner[first], canon.Count, canon.Winner[first])
		}
		if !got.Japanese[first].Equal(canon.Japanese[first]) {
			t.Errorf("%s, %s first: Japanese %s by search, %s from the canonical total %s", name, first, got.Japanese[first], canon.Japanese[first], canon.Count)
		}
		if canon.ChineseOK && (!got.ChineseOK || !got.Chinese[first].Equal(canon.Chinese[first])) {
			t.Errorf("%s, %s first: Chinese %s (%v) by search, %s from the canonical area total", name, first, got.Chinese[first], got.ChineseOK, canon.Chinese[first])
		}
	}
	if !got.Mean.Equal(canon.Count.Mean()) {
		t.Errorf("%s: mean %s, canonical %s", name, got.Mean, canon.Count.Mean())
	}
	return true
}

// TestSearchTotals: the outcome and the stops found by search over the
// tile values equal those of the canonical totals on every bundled
// position and on random small boards of several tiles: 300 of them in
// the long tier (MATHGO_LONG=1), the first 100 in the fast tier, where
// at least a third as many positions must be compared.
func TestSearchTotals(t *testing.T) {
	random, want := testlong.Pick(100, 300), testlong.Pick(34, 100)
	n := 0
	for _, f := range testpos.Files(t, "positions", "problems", "play", "corridors") {
		a, err := tiles.Analyze(f.Pos, tiles.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if checkTotals(t, filepath.Base(f.Path), a) {
			n++
		}
	}
	r := rand.New(rand.NewPCG(21, 22))
	for i := range random {
		pos := testpos.Random(r, 12, 4)
		a, err := tiles.Analyze(pos, tiles.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if checkTotals(t, fmt.Sprintf("random %d", i), a) {
			n++
		}
	}
	if n < want {
		t.Errorf("only %d positions compared", n)
	}
	t.Logf("%d positions: winner, Japanese and Chinese stops by search equal the canonical totals", n)
}

// TestDecideBudget: a search past its budget is an error, never a guess.
func TestDecideBudget(t *testing.T) {
	var gs []cgt.Game
	for i := range 12 {
		gs = append(gs, cgt.MustParse(fmt.Sprintf("{%d|%d}", 2*i+5, -i-3)))
	}
	_, err := Decide(Values{Count: gs, Chilled: gs}, TotalsOptions{MaxTotalGames: 1, SearchNodes: 3})
	if err == nil {
		t.Fatal("a three-node search decided twelve hot switches")
	}
}
