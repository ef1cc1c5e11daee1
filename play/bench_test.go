package play

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
	"github.com/mathgo/mathgo/tiles"
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
				sv := solve.NewSolver()
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

// BenchmarkPlayPosition plays 19x19 endgames out with the exact strategy
// on both sides, every optimal move listed (as `mathgo play FILE` does by
// default): endgame-19x19 (9 small tiles and 190 points of territory:
// 18 moves settle the tiles, then Mathematical Go fills the territories,
// 216 moves in all) and packed-19x19-split (27 corridors, 51 moves, then
// 24 filling), and solve/endgame-19x19.txt (18 rooms whose sum is too
// large for canonical form: exact play by search, 84 tile moves, then
// filling). "analyze" includes the analysis of the position.
func BenchmarkPlayPosition(b *testing.B) {
	for _, f := range []string{"play/endgame-19x19.txt", "corridors/packed-19x19-split.txt", "solve/endgame-19x19.txt"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", f))
		if err != nil {
			b.Fatal(err)
		}
		run := func(b *testing.B, a *tiles.Analysis) int {
			sum, err := Position(a)
			if err != nil {
				b.Fatal(err)
			}
			rec, err := Play(sum, Black, Options{Rules: rules.Japanese, ListOptimal: true})
			if err != nil {
				b.Fatal(err)
			}
			res, err := ResultOf(rec)
			if err != nil {
				b.Fatal(err)
			}
			fill, err := FillOut(rec, Options{ListOptimal: true})
			if err != nil || fill.Result.Winner != res.MGO {
				b.Fatal(err, fill.Result.Winner, res.MGO)
			}
			return len(rec.Turns) + len(fill.Turns)
		}
		name := strings.ReplaceAll(strings.TrimSuffix(f, ".txt"), "/", "-")
		b.Run(name, func(b *testing.B) {
			a := analyzeText(b, f, string(data))
			b.ReportAllocs()
			moves := 0
			for b.Loop() {
				moves = run(b, a)
			}
			b.ReportMetric(float64(moves), "moves")
		})
		b.Run(name+"/analyze", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				run(b, analyzeText(b, f, string(data)))
			}
		})
	}
}
