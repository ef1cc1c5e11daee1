package play

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/mathgo/mathgo/tiles"
)

// TestSearchPathMatchesCanonical plays every bundled position and the
// corridor table out exactly twice under Japanese counting: with the
// canonical totals, and with the totals forced onto the search path
// (stops by bisection and one-search stop tests, as for sums too large to
// build). The moves and the results must be the same.
func TestSearchPathMatchesCanonical(t *testing.T) {
	var as []*tiles.Analysis
	var names []string
	for _, f := range testpos.Files(t, "positions", "problems") {
		a, err := tiles.Analyze(f.Pos, tiles.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if a.Complete {
			as, names = append(as, a), append(names, filepath.Base(f.Path))
		}
	}
	for _, n := range []int{3, 4} {
		as, names = append(as, analyzeText(t, "corridors", corridorsText(n))), append(names, "corridors")
	}
	moves := func(rec *Record) []string {
		var out []string
		for _, tr := range rec.Turns {
			out = append(out, tr.Move.String())
		}
		return out
	}
	compared := 0
	for i, a := range as {
		for _, first := range []Player{Black, White} {
			rec1, res1 := playPosition(t, a, first, Options{ListOptimal: true})
			totalLimit = -1
			rec2, res2 := playPosition(t, a, first, Options{ListOptimal: true})
			totalLimit = 0
			if !res1.Score.Equal(res2.Score) || res1.MGO != res2.MGO {
				t.Errorf("%s, %s first: japanese %s / %s, mgo %s / %s (canonical / search)", names[i], first, res1.Score, res2.Score, res1.MGO, res2.MGO)
			}
			if m1, m2 := moves(rec1), moves(rec2); !slices.Equal(m1, m2) {
				t.Errorf("%s, %s first: moves %v by the canonical totals, %v by search", names[i], first, m1, m2)
			}
			compared++
		}
	}
	if compared < 40 {
		t.Errorf("only %d play-outs compared", compared)
	}
}
