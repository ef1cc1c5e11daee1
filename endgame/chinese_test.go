package endgame

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/mathgo/mathgo/position"
)

// checkChinese plays pos out exactly in area values with each side first
// and compares the area counted on the final board (FinalArea, which
// knows nothing of game values) with the Chinese score analyze predicts.
// It reports whether the position was compared.
func checkChinese(t *testing.T, name string, pos *position.Position) bool {
	t.Helper()
	r, err := Analyze(pos, Options{NoSolver: true})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !r.Exact() || !r.Totals.ChineseOK {
		return false
	}
	for _, first := range []board.Color{board.Black, board.White} {
		want, _ := r.Chinese(first)
		if r.Decision.KoTiles {
			// Kos: the area play-out with the ko ban (exact play of the
			// Chinese game, in area values) ends on the predicted score.
			res, err := r.PlayOut(first, PlayOptions{})
			if err != nil {
				t.Fatalf("%s, %s first: %v", name, first, err)
			}
			if res.Area == nil || want.String() != fmt.Sprint(res.Chinese) {
				t.Errorf("%s, %s first: analyze predicts Chinese %s, the play-out with the ko ban ends on %d", name, first, want, res.Chinese)
			}
			continue
		}
		res, err := r.PlayOut(first, PlayOptions{NoTiles: true})
		if err != nil {
			t.Fatalf("%s, %s first: %v", name, first, err)
		}
		if res.Area == nil {
			t.Fatalf("%s: no area play-out", name)
		}
		if w, ok := want.Int64(); !ok || !want.IsInteger() || int(w) != res.Chinese {
			t.Errorf("%s, %s first: analyze predicts Chinese %s, the final board of the area play-out counts %d\n%s",
				name, first, want, res.Chinese, pos.Board)
		}
		if j, _ := r.Japanese(first); !res.Japanese.Equal(j) {
			t.Errorf("%s, %s first: territory play-out scores %s, analyze's Japanese %s", name, first, res.Japanese, j)
		}
	}
	return true
}

// longChineseFiles are the bundled positions of TestChineseOnTheFinalBoard
// played out in the long tier only (many tiles on a large board).
var longChineseFiles = map[string]bool{"packed-19x19-long.txt": true, "packed-19x19-split.txt": true, "figure-5.2.txt": true}

// TestChineseOnTheFinalBoard: on every bundled position and 200 random
// small ones, analyze's Chinese score equals the area of the playing area
// counted directly on the final board after exact play in area values.
// The fast tier compares the first 40 random positions and the bundled
// positions but the large boards of longChineseFiles, the long tier
// (MATHGO_LONG=1) all of them.
func TestChineseOnTheFinalBoard(t *testing.T) {
	want := testlong.Pick(40, 200)
	files := 0
	for _, f := range testpos.Files(t, "positions", "problems", "corridors", "gtp") {
		if longChineseFiles[filepath.Base(f.Path)] && !testlong.Enabled() {
			continue
		}
		if checkChinese(t, filepath.Base(f.Path), f.Pos) {
			files++
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	random, tries := 0, 0
	for random < want {
		tries++
		if tries > 10*want {
			t.Fatalf("only %d of %d random positions could be compared", random, tries)
		}
		if checkChinese(t, fmt.Sprintf("random %d", tries), testpos.Random(rng, 10, 6)) {
			random++
		}
	}
	if files < 25 {
		t.Errorf("only %d bundled positions compared", files)
	}
	t.Logf("%d bundled and %d random positions (of %d tried): Chinese prediction = area counted on the final board", files, random, tries)
}
