package endgame

import (
	"path/filepath"
	"testing"

	"github.com/mathgo/mathgo/position"
)

// BenchmarkBoardSearch: the board search on the board-search set (every
// board analyzed whole, both countings, each side first) and on Spight's
// 9x9 problem within a budget of a million nodes per question and with
// the default budget (its Japanese scores proven, the Chinese not), under
// Japanese counting only, and with ten million (every score proven). Reports
// the board-search nodes per analysis.
func BenchmarkBoardSearch(b *testing.B) {
	files, err := filepath.Glob(filepath.Join(searchSetDir, "*.txt"))
	if err != nil {
		b.Fatal(err)
	}
	var set []*position.Position
	for _, f := range files {
		pos, err := position.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		set = append(set, pos)
	}
	spight, err := position.ReadFile("../testdata/positions/forum/spight-2011.txt")
	if err != nil {
		b.Fatal(err)
	}
	run := func(b *testing.B, ps []*position.Position, opts Options) {
		nodes := 0
		for b.Loop() {
			for _, pos := range ps {
				r, err := Analyze(pos, opts)
				if err != nil {
					b.Fatal(err)
				}
				if s := r.Decision.Search; s != nil {
					nodes += s.Nodes
				}
			}
		}
		b.ReportMetric(float64(nodes)/float64(b.N), "searchnodes/op")
	}
	b.Run("set", func(b *testing.B) {
		if len(set) == 0 {
			b.Skip("no board-search set")
		}
		run(b, set, Options{NoRealCheck: true})
	})
	b.Run("spight-1M", func(b *testing.B) {
		run(b, []*position.Position{spight}, Options{NoRealCheck: true, BoardSearchNodes: 1_000_000})
	})
	b.Run("spight", func(b *testing.B) {
		run(b, []*position.Position{spight}, Options{NoRealCheck: true})
	})
	// Under Japanese counting only (analyze --counting japanese, GTP
	// genmove): every Japanese score and optimal first move proven.
	b.Run("spight-japanese", func(b *testing.B) {
		run(b, []*position.Position{spight}, Options{NoRealCheck: true, JapaneseOnly: true})
	})
	// Every score proven, the Chinese with White first too (about a
	// minute on 2 cores).
	b.Run("spight-10M", func(b *testing.B) {
		run(b, []*position.Position{spight}, Options{NoRealCheck: true, BoardSearchNodes: 10_000_000})
	})
}
