package review

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/life"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/tiles"
)

// benchPosition is one line of testdata/games/positions.tsv.
type benchPosition struct {
	file                     string
	move, size, stage, total int
}

// readManifest reads the benchmark positions.
func readManifest(tb testing.TB) []benchPosition {
	tb.Helper()
	f, err := os.Open(filepath.Join(gamesDir, "positions.tsv"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []benchPosition
	sc := bufio.NewScanner(f)
	header := false
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if strings.HasPrefix(text, "#") || text == "" {
			continue
		}
		fields := strings.Split(text, "\t")
		if !header {
			if text != "file\tmove\tsize\tstage\ttotal" {
				tb.Fatalf("positions.tsv:%d: header %q", line, text)
			}
			header = true
			continue
		}
		if len(fields) != 5 {
			tb.Fatalf("positions.tsv:%d: %d fields", line, len(fields))
		}
		p := benchPosition{file: fields[0]}
		for i, v := range []*int{&p.move, &p.size, &p.stage, &p.total} {
			n, err := strconv.Atoi(fields[i+1])
			if err != nil {
				tb.Fatalf("positions.tsv:%d: %v", line, err)
			}
			*v = n
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// TestManifest checks the benchmark set: at least 30 positions, on 9x9,
// 13x13 and 19x19, at 20, 40 and 60 moves before the end, each naming a
// record of testdata/games whose size and length agree, and every record
// saying how it was made (command, seed, level, result).
func TestManifest(t *testing.T) {
	ps := readManifest(t)
	if len(ps) < 30 {
		t.Errorf("%d positions, want at least 30", len(ps))
	}
	seen := map[[2]int]int{}
	games := map[string]*position.Game{}
	for _, p := range ps {
		g := games[p.file]
		if g == nil {
			g = readGame(t, filepath.Join(gamesDir, p.file))
			games[p.file] = g
			c, _ := g.Root.Get("C")
			for _, want := range []string{"gnugo --mode gtp --seed ", " --level ", "final_score", "result " + g.Result} {
				if !strings.Contains(c, want) {
					t.Errorf("%s: the root comment does not say %q: %q", p.file, want, c)
				}
			}
		}
		if g.Cols != p.size || g.Rows != p.size || len(g.Moves) != p.total || p.move != p.total-p.stage || p.move < 1 {
			t.Errorf("%+v: the record is %dx%d with %d moves", p, g.Cols, g.Rows, len(g.Moves))
		}
		seen[[2]int{p.size, p.stage}]++
	}
	for _, size := range []int{9, 13, 19} {
		for _, stage := range []int{20, 40, 60} {
			if seen[[2]int{size, stage}] == 0 {
				t.Errorf("no %dx%d position %d moves before the end", size, size, stage)
			}
		}
	}
	perSize := map[int]int{}
	for _, g := range games {
		perSize[g.Cols]++
	}
	for _, size := range []int{9, 13, 19} {
		if perSize[size] < 4 {
			t.Errorf("%d games on %dx%d, want at least 4", perSize[size], size, size)
		}
	}
}

// Status of a benchmark position's analysis.
const (
	statusExact   = "exact"   // every number proven
	statusPartial = "partial" // some tile with moves valued, not all
	statusRefused = "refused" // no tile with moves valued, or the analysis failed
)

// classify says how far the analysis of a position got.
func classify(r *endgame.Report, err error) string {
	switch {
	case err != nil:
		return statusRefused
	case r.Exact():
		return statusExact
	}
	for _, t := range r.Tiles() {
		if t.Err == nil && t.Kind != tiles.KindTerritory {
			return statusPartial
		}
	}
	return statusRefused
}

// BenchmarkPositions analyzes every benchmark position of
// testdata/games/positions.tsv through endgame.Analyze with the review's
// budgets (DefaultSolverNodes, DefaultMaxPositions) and reports, per
// position, whether it was analyzed exactly, partially or refused (1 in
// the metric "exact", "partial" or "refused"; the others 0), the
// nodes, for a partial analysis the width of its Japanese bounds, and
// whether the winner with komi is proven with each side first (1 in
// "winner": exact, or decided by the bounds). Sub-benchmarks are named
// SIZE/stageN/FILE@MOVE, so one size or stage can be run alone:
//
//	go test -run '^$' -bench 'Positions/13x13/stage20' -benchtime 1x ./review/
func BenchmarkPositions(b *testing.B) {
	for _, p := range readManifest(b) {
		name := fmt.Sprintf("%dx%d/stage%d/%s@%d", p.size, p.size, p.stage, strings.TrimSuffix(p.file, ".sgf"), p.move)
		b.Run(name, func(b *testing.B) {
			g := readGame(b, filepath.Join(gamesDir, p.file))
			pos, err := g.PositionAfter(p.move)
			if err != nil {
				b.Fatal(err)
			}
			var r *endgame.Report
			for b.Loop() {
				life.ForgetCertificates()
				r, err = endgame.Analyze(pos, Options{}.analysis())
			}
			status := classify(r, err)
			for _, s := range []string{statusExact, statusPartial, statusRefused} {
				v := 0.0
				if s == status {
					v = 1
				}
				b.ReportMetric(v, s)
			}
			if r != nil {
				b.ReportMetric(float64(r.Nodes), "nodes/op")
				if bd := r.Bounds; bd != nil && status == statusPartial {
					// The width of the Japanese bounds (the wider of the
					// two sides first).
					w := max(bd.Japanese[0][1].Sub(bd.Japanese[0][0]).Float64(), bd.Japanese[1][1].Sub(bd.Japanese[1][0]).Float64())
					b.ReportMetric(w, "width")
				}
				// 1 when the winner with komi is proven with each side
				// first: exact, or decided by the bounds (RangeOf).
				proven := 0.0
				if g, ok := RangeOf(r); r.Exact() || ok && g.Winner(board.Black) != board.Empty && g.Winner(board.White) != board.Empty {
					proven = 1
				}
				b.ReportMetric(proven, "winner")
			}
		})
	}
}

// BenchmarkReviewGames reviews two of the games whose ends are exact,
// with the review's default budgets (second analyses included: see
// Options.Retries), with those budgets alone (no-retries) and with
// analyze's (--solver-nodes 50000 --max-nodes 2000000), each iteration
// from an empty memory of
// certificates (life.ForgetCertificates): one review then reuses the
// walls proven for one position in the next. It reports the moves
// reviewed exactly.
//
//	go test -bench ReviewGames -benchtime 1x -benchmem ./review/
func BenchmarkReviewGames(b *testing.B) {
	budgets := []struct {
		name string
		opts Options
	}{
		{"review-budgets", Options{}},
		{"no-retries", Options{Retries: -1}},
		{"analyze-budgets", Options{Analysis: endgame.Options{SolverNodes: endgame.DefaultSolverNodes, MaxPositions: endgame.DefaultMaxPositions}}},
	}
	for _, file := range []string{"g09-l10-s38-cad.sgf", "g09-l10-s48-cad.sgf"} {
		g := readGame(b, filepath.Join(gamesDir, file))
		for _, bu := range budgets {
			b.Run(strings.TrimSuffix(file, ".sgf")+"/"+bu.name, func(b *testing.B) {
				var res *Result
				for b.Loop() {
					life.ForgetCertificates()
					var err error
					if res, err = Review(g, bu.opts); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(res.Black.Exact+res.White.Exact), "exact-moves")
			})
		}
	}
}
