package review

import (
	"path/filepath"
	"sync"
	"testing"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/endgame"
)

// gamesDir holds the GNU Go self-play records (go run ./internal/gengames).
const gamesDir = "../testdata/games"

// reviewedGames are the ten GNU Go games the issue asks to review: four
// 9x9, four 13x13 and two 19x19, levels 1 to 10, Japanese and Chinese
// rules.
var reviewedGames = []string{
	"g09-l10-s1.sgf", "g09-l7-s2.sgf", "g09-l4-s3.sgf", "g09-l1-s4.sgf",
	"g13-l10-s11.sgf", "g13-l6-s12.sgf", "g13-l3-s13.sgf", "g13-l1-s14.sgf",
	"g19-l5-s22.sgf", "g19-l1-s24.sgf",
}

var (
	reviewsMu sync.Mutex
	reviews   = map[string]*Result{}
)

// reviewOf reviews a record once per test binary (the GTP test reuses the
// reviews of the games test).
func reviewOf(t *testing.T, path string) *Result {
	t.Helper()
	reviewsMu.Lock()
	defer reviewsMu.Unlock()
	if res, ok := reviews[path]; ok {
		return res
	}
	res := reviewFile(t, path, Options{})
	reviews[path] = res
	return res
}

// TestGNUGoGames reviews the ten GNU Go games with the default budgets and
// checks each review is consistent (no negative loss, no two analyses
// that disagree, the totals the sums of the moves); it logs per game what
// was reviewed and how many points each side of GNU Go lost in the
// endgame.
func TestGNUGoGames(t *testing.T) {
	if testing.Short() {
		t.Skip("reviewing ten GNU Go games takes minutes: skipped in -short mode")
	}
	for _, file := range reviewedGames {
		t.Run(file, func(t *testing.T) {
			res := reviewOf(t, filepath.Join(gamesDir, file))
			checkConsistent(t, res)
			exact := res.Black.Exact + res.White.Exact
			if res.First == 0 {
				t.Logf("%s: %d moves; nothing reviewed: no exact position among the last %d (%s)", file, len(res.Game.Moves), res.Analyzed, short(res.Reason))
				return
			}
			t.Logf("%s: moves %d-%d, %d of %d reviewed exactly; %d positions analyzed, %d exact; GNU Go lost %s (Black) and %s (White) in the endgame, %s",
				file, res.First, res.Last, exact, len(res.Moves), res.Analyzed, res.Exact, res.Black.Lost, res.White.Lost, res.Scoring.Counting())
			checkPlayOuts(t, res, 5)
		})
	}
}

// checkPlayOuts plays up to max of a review's exact positions out with
// exact play for both sides (Report.PlayOut: count values for Japanese
// counting, area values for Chinese) and checks the play-out ends at the
// review's optimum.
func checkPlayOuts(t *testing.T, res *Result, max int) {
	t.Helper()
	done := 0
	for _, m := range res.Moves {
		if done == max {
			return
		}
		if !m.BeforeKnown || !m.BestKnown {
			continue
		}
		done++
		pos, err := res.Game.PositionAfter(m.N - 1)
		if err != nil {
			t.Fatal(err)
		}
		r, err := endgame.Analyze(pos, Options{}.analysis())
		if err != nil {
			t.Fatal(err)
		}
		po, err := r.PlayOut(m.Color, endgame.PlayOptions{NoTiles: true})
		if err != nil {
			t.Errorf("%s before move %d: %v", res.Game.Name, m.N, err)
			continue
		}
		got := po.Japanese
		if res.Scoring == Chinese {
			got = cgt.DyadicInt(int64(po.Chinese + r.WallStones()))
		}
		if !got.Equal(m.Before) {
			t.Errorf("%s before move %d: exact play ends at %s, the review's optimum is %s", res.Game.Name, m.N, got, m.Before)
		}
	}
}

// short cuts a long reason for the log.
func short(s string) string {
	if r := []rune(s); len(r) > 300 {
		return string(r[:299]) + "…"
	}
	return s
}
