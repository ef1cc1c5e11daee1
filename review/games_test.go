package review

import (
	"path/filepath"
	"sync"
	"testing"
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
				t.Logf("%s: %d moves; nothing reviewed: no exact position among the last %d (%s)", file, len(res.Game.Moves), res.Analyzed, res.Reason)
				return
			}
			t.Logf("%s: moves %d-%d, %d of %d reviewed exactly; %d positions analyzed, %d exact; GNU Go lost %s (Black) and %s (White) in the endgame, %s",
				file, res.First, res.Last, exact, len(res.Moves), res.Analyzed, res.Exact, res.Black.Lost, res.White.Lost, res.Scoring.Counting())
		})
	}
}
