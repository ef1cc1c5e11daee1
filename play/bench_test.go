package play

import (
	"math/rand"
	"testing"

	"github.com/mathgo/mathgo/cgt"
)

func BenchmarkFigure410(b *testing.B) {
	sum := mustGames(b, figure410...)
	b.ReportAllocs()
	for b.Loop() {
		rec, err := Play(sum, White, Options{ListOptimal: true})
		if err != nil || rec.Result.Winner != White {
			b.Fatal(err)
		}
	}
}

// random30 is a sum of 30 random Go-like games (integer leaves, depth <=
// 4, one or two options a side at every node), balanced by settled
// territory so that its mean lies in [0, 1): the first move matters.
func random30(seed int64) Sum {
	r := rand.New(rand.NewSource(seed))
	gs := make([]cgt.Game, 30)
	var m cgt.Dyadic
	for i := range gs {
		gs[i] = randomGame(r, 4, r.Intn(7)-3)
		m = m.Add(gs[i].Mean())
	}
	s := Games(gs...)
	s.Settled = m.Floor().Neg()
	return s
}

func BenchmarkRandom30(b *testing.B) {
	sum := random30(1)
	for _, name := range StrategyNames() {
		strat, _ := StrategyByName(name)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			moves, nodes := 0, 0
			for b.Loop() {
				sv := NewSolver()
				rec, err := Play(sum, White, Options{Black: strat, White: strat, NoTiles: true, Solver: sv})
				if err != nil {
					b.Fatal(err)
				}
				moves, nodes = rec.Result.Moves, sv.Nodes
			}
			b.ReportMetric(float64(moves), "moves")
			b.ReportMetric(float64(nodes), "nodes")
		})
	}
}
