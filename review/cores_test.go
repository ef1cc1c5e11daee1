package review

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestReviewCores: a review gives the same answers on one core as on two,
// where the positions before the one analyzed are analyzed ahead on the
// second core (aheads): the range, every move's scores, loss, optimal
// moves and reason, and the counts of positions analyzed, exact and
// analyzed again. Run with -race (.ci/run), it checks that the analyses
// made ahead share nothing unlocked with the loop.
func TestReviewCores(t *testing.T) {
	// A hand-made record (a few milliseconds, even under -race) and the
	// last eight moves of a GNU Go game, whose analyses take seconds.
	files := []string{filepath.Join("review", "choice.sgf")}
	if !raceOn {
		files = append(files, filepath.Join("games", "g09-l1-s4.sgf"))
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			path := filepath.Join("..", "testdata", file)
			ahead := 0
			summary := func(procs int) string {
				defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
				// The last eight moves: enough positions for the analyses
				// ahead to overlap the loop's.
				g := readGame(t, path)
				res, err := Review(g, Options{First: max(1, len(g.Moves)-7)})
				if err != nil {
					t.Fatal(err)
				}
				ahead = res.aheadUsed
				var b strings.Builder
				fmt.Fprintf(&b, "moves %d-%d, %d analyzed, %d exact, %d retried, %d rescued; %s\n",
					res.First, res.Last, res.Analyzed, res.Exact, res.Retried, res.Rescued, res.Reason)
				for _, m := range res.Moves {
					fmt.Fprintf(&b, "%d %s %s: exact %v lost %s before %s after %s best %v undecided %v note %q: %s\n",
						m.N, m.Color, m.Name, m.Exact, m.Lost, m.Before, m.After, m.BestNames, m.UndecidedNames, m.Note, m.Reason)
				}
				return b.String()
			}
			one := summary(1)
			if ahead != 0 {
				t.Errorf("one core: %d positions analyzed ahead, want none", ahead)
			}
			two := summary(2)
			if ahead == 0 {
				t.Errorf("two cores: no position analyzed ahead: the test compares nothing")
			}
			if one != two {
				t.Errorf("one core and two differ:\n--- one\n%s--- two\n%s", one, two)
			}
			if !strings.Contains(two, "exact true") {
				t.Errorf("no move reviewed exactly: the test compares no answer:\n%s", two)
			}
		})
	}
}

// TestNothingReviewed: a review that reviewed no move says whether any
// position near the end was exact (only the end's: no move has both its
// positions exact).
func TestNothingReviewed(t *testing.T) {
	for _, c := range []struct {
		exact int
		want  string
	}{{0, "no position near the end"}, {1, "only the position at the end"}} {
		r := &Result{Analyzed: 7, Exact: c.exact}
		if got := r.NothingReviewed(); !strings.HasPrefix(got, c.want) {
			t.Errorf("%d exact: %q, want it to start with %q", c.exact, got, c.want)
		}
	}
}
