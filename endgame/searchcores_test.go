package endgame

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"testing"

	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/mathgo/mathgo/position"
)

// TestBoardSearchCores: the board search gives the same answers on one
// core as on two, where the Chinese scores are searched beside the
// Japanese ones and White's optimal first moves by a fork of the
// searcher beside Black's (solve.searchRegion): the outcome, the search's
// exactness and optimal moves, and the problems and warnings (their
// node counts aside), on boards of the set (testdata/search/set): five
// exact, two (with budgets of 3,000 and 20,000 nodes) whose Japanese
// scores fail, so that the Chinese search is stopped, and 21-9x9 with
// 20,000, whose Japanese scores are proven and Chinese ones not. Each
// board is analyzed under both countings and under Japanese counting only
// (genmove's and the reviews' search, where the second core has no
// Chinese search to make and shares Optimal's questions only). Run with
// -race (.ci/run), it checks that the searches share
// nothing unlocked.
func TestBoardSearchCores(t *testing.T) {
	digits := regexp.MustCompile(`[0-9]+ nodes|passed [0-9]+`)
	doc := func(t *testing.T, pos *position.Position, opts Options, procs int) map[string]any {
		t.Helper()
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		r, err := Analyze(pos, opts)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(r.JSON(DefaultMaxPrint))
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		testpos.DropRunVarying(m)
		out, _ := json.Marshal(m)
		var back map[string]any
		_ = json.Unmarshal([]byte(digits.ReplaceAllString(string(out), "N")), &back)
		return back
	}
	for _, c := range []struct {
		file  string
		nodes int
	}{{"12-5x5.txt", 0}, {"01-6x6.txt", 0}, {"10-6x6.txt", 0}, {"13-6x6.txt", 0}, {"02-7x7.txt", 0},
		{"10-6x6.txt", 3000}, {"03-8x8.txt", 20_000}, {"21-9x9.txt", 20_000}} {
		for _, japanese := range []bool{false, true} {
			name := c.file
			if japanese {
				name += "/japanese-only"
			}
			t.Run(name, func(t *testing.T) {
				pos, err := position.ReadFile(filepath.Join(searchSetDir, c.file))
				if err != nil {
					t.Fatal(err)
				}
				opts := Options{NoRealCheck: true, BoardSearchNodes: c.nodes, JapaneseOnly: japanese}
				one, two := doc(t, pos, opts, 1), doc(t, pos, opts, 2)
				if !reflect.DeepEqual(one, two) {
					a, _ := json.MarshalIndent(one, "", " ")
					b, _ := json.MarshalIndent(two, "", " ")
					t.Errorf("one core and two differ:\n%s\n%s", a, b)
				}
				if s, ok := two["search"].(map[string]any); !ok || s["exact"] == nil {
					t.Errorf("no board search: %v", two["search"])
				}
			})
		}
	}
}
