package realgo

import (
	"math/rand"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
)

// BenchmarkSpightBudget runs the first 500,000 nodes of Spight's 9x9
// problem (Japanese, White first): the problem is out of reach today (see
// the package report), so this measures the node rate on it.
func BenchmarkSpightBudget(b *testing.B) {
	pos, err := position.ReadFile("../testdata/realgo/spight-2011.txt")
	if err != nil {
		b.Fatal(err)
	}
	var nodes int64
	for i := 0; i < b.N; i++ {
		res, err := Solve(pos, Options{First: board.White, Countings: []rules.Counting{rules.Japanese}, MaxNodes: 500_000, NoMoves: true})
		if err != nil {
			b.Fatal(err)
		}
		nodes += res.Outcomes[0].Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkRandom7x7 solves one typical random 7x7 endgame (the first
// 7x7 of seed 2011 the solver decides), both countings, both sides first,
// first moves and variations included (200,000 nodes at most per
// outcome).
func BenchmarkRandom7x7(b *testing.B) {
	rng := rand.New(rand.NewSource(2011))
	var pos *position.Position
	for pos == nil {
		p := RandomEndgame(rng, 7, 7, GenOptions{})
		res, err := Solve(p, Options{MaxNodes: 10_000, NoMoves: true})
		if err != nil {
			b.Fatal(err)
		}
		ok := true
		for _, o := range res.Outcomes {
			ok = ok && o.Known && o.Nodes > 200
		}
		if ok {
			pos = p
		}
	}
	b.ResetTimer()
	var nodes int64
	for i := 0; i < b.N; i++ {
		res, err := Solve(pos, Options{MaxNodes: 200_000})
		if err != nil {
			b.Fatal(err)
		}
		for _, o := range res.Outcomes {
			nodes += o.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkRandomScores solves the scores only (no first-move
// classification) of the first 30 random endgames of seed 2011, both
// countings, both sides first, 10,000 nodes at most per outcome: the
// regime of the project's cross-checks.
func BenchmarkRandomScores(b *testing.B) {
	rng := rand.New(rand.NewSource(2011))
	var poss []*position.Position
	for i := 0; i < 30; i++ {
		poss = append(poss, RandomEndgame(rng, 5+i%3, 5+i%3, GenOptions{}))
	}
	b.ResetTimer()
	var nodes int64
	for i := 0; i < b.N; i++ {
		for _, pos := range poss {
			res, err := Solve(pos, Options{MaxNodes: 10_000, NoMoves: true})
			if err != nil {
				b.Fatal(err)
			}
			for _, o := range res.Outcomes {
				nodes += o.Nodes
			}
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N)/30, "nodes/position")
}
