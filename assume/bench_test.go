package assume

import (
	"fmt"
	"testing"

	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/mathgo/mathgo/life"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
	"github.com/mathgo/mathgo/tiles"
)

// BenchmarkFinalAssumed: `analyze --assume gnugo` on the finals of four
// professional games among the slowest of testdata/finals (one bounded,
// three conditional), GNU Go's call included (about 1.5 s each).
// Skipped without GNU Go.
func BenchmarkFinalAssumed(b *testing.B) {
	src, err := Parse("gnugo")
	if err != nil {
		b.Skip(err)
	}
	for _, name := range []string{"f19-14-kisei34-rin-shien-vs-takemiya", "f19-27-kisei37-takanashi-vs-kudo", "f19-07-kisei37-kurotaki-vs-ishida", "f19-09-kisei37-yamada-vs-hikosaka", "f19-08-kisei37-kataoka-vs-lee-ishu", "f19-10-kisei35-ryu-vs-kono", "f19-18-kisei33-rin-kaiho-vs-uchida", "f19-20-kisei33-ryu-vs-takagi"} {
		_, pos := testpos.GameEnd(b, "../testdata/finals/"+name+".sgf")
		b.Run(name[:6], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				life.ForgetCertificates()
				if _, err := endgame.Analyze(pos, endgame.Options{Assume: src}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkBanFinal: the ban game (exact play with the simple ko ban,
// Japanese counting) of two professional finals' sums of tiles under GNU
// Go's statuses, from f19-04 after move 244 (two kos beside dame and
// corridors) and f19-12 at its end (one ko, a dozen dame, two corridors
// of one shape drawn in two directions): its states (the budget's
// measure, --ban-states) and the time to build and solve it. Skipped
// without GNU Go.
func BenchmarkBanFinal(b *testing.B) {
	src, err := Parse("gnugo")
	if err != nil {
		b.Skip(err)
	}
	for _, c := range []struct {
		name string
		move int
	}{
		{"f19-04-kisei38-mannami-vs-o-rissei", 244},
		{"f19-12-kisei34-ishida-vs-ando", -1},
	} {
		g, err := position.ReadGame("../testdata/finals/" + c.name + ".sgf")
		if err != nil {
			b.Fatal(err)
		}
		pos, err := g.PositionAfter(c.move)
		if err != nil {
			b.Fatal(err)
		}
		r, err := endgame.Analyze(pos, endgame.Options{Assume: src})
		if err != nil {
			b.Fatal(err)
		}
		var graphs []*tiles.PosGraph
		for _, t := range r.Analysis.Tiles {
			pg, err := r.Analysis.PosGraph(t.ID, tiles.GraphOptions{ExpandShort: true})
			if err != nil {
				b.Fatal(err)
			}
			graphs = append(graphs, pg)
		}
		b.Run(fmt.Sprintf("%s@%d", c.name[:6], c.move), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bg, err := solve.NewBanGame(graphs, rules.Japanese, 0, 50_000_000, solve.BanOptions{Start: solve.NoBan})
				if err != nil {
					b.Fatal(err)
				}
				bg.Solve()
				b.ReportMetric(float64(bg.States()), "states")
			}
		})
	}
}
