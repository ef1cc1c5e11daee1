package endgame

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mathgo/mathgo/position"
)

// TestSearchGamesCampaign measures the board search on the bundled game
// records (testdata/games, or MATHGO_SEARCH_GAMES, a glob): the positions
// 0, 5, 10 and 20 moves before each record's end are analyzed with
// analyze's defaults, with and without the board search (--board-nodes
// -1), and the exact ones are counted per board size and stage with the
// median and largest time. A campaign, not a check: run with
// MATHGO_SEARCH_CAMPAIGN=1 (docs/benchmarks.md has the figures).
func TestSearchGamesCampaign(t *testing.T) {
	if os.Getenv("MATHGO_SEARCH_CAMPAIGN") == "" {
		t.Skip("set MATHGO_SEARCH_CAMPAIGN=1 to run the board-search campaign on the game records")
	}
	glob := os.Getenv("MATHGO_SEARCH_GAMES")
	if glob == "" {
		glob = "../testdata/games/*.sgf"
	}
	files, err := filepath.Glob(glob)
	if err != nil {
		t.Fatal(err)
	}
	type cell struct {
		n, exact [2]int
		times    [2][]time.Duration
	}
	cells := map[string]*cell{}
	var keys []string
	for _, f := range files {
		g, err := position.ReadGame(f)
		if err != nil {
			t.Fatal(err)
		}
		total := len(g.Moves)
		for _, stage := range []int{0, 5, 10, 20} {
			if total-stage < 0 {
				continue
			}
			pos, err := g.PositionAfter(total - stage)
			if err != nil {
				t.Fatal(err)
			}
			key := fmt.Sprintf("%dx%d, %2d before the end", pos.Board.Cols(), pos.Board.Rows(), stage)
			c := cells[key]
			if c == nil {
				c = &cell{}
				cells[key] = c
				keys = append(keys, key)
			}
			for mode, nodes := range []int{-1, 0} {
				st := time.Now()
				r, err := Analyze(pos, Options{BoardSearchNodes: nodes})
				if err != nil {
					t.Fatalf("%s after move %d: %v", f, total-stage, err)
				}
				d := time.Since(st)
				c.n[mode]++
				c.times[mode] = append(c.times[mode], d)
				if r.Exact() {
					c.exact[mode]++
				}
				t.Logf("%s after move %d (%d before the end), board search %v: exact %v, %v", filepath.Base(f), total-stage, stage, mode == 1, r.Exact(), d.Round(time.Millisecond))
			}
		}
	}
	slices.Sort(keys)
	var sb strings.Builder
	fmt.Fprintf(&sb, "| position | exact without the board search | exact with it | median time | largest time |\n| --- | --- | --- | --- | --- |\n")
	for _, k := range keys {
		c := cells[k]
		ts := slices.Clone(c.times[1])
		slices.Sort(ts)
		fmt.Fprintf(&sb, "| %s | %d of %d | %d of %d | %v | %v |\n", k, c.exact[0], c.n[0], c.exact[1], c.n[1],
			ts[len(ts)/2].Round(10*time.Millisecond), ts[len(ts)-1].Round(10*time.Millisecond))
	}
	t.Log("\n" + sb.String())
}
