package cgt

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// resetArena starts an empty game table so a benchmark measures real work,
// not memo hits. Games made before the reset must not be used after it.
func resetArena() { ar = newArena() }

// goLikeGame returns a random game with integer leaves shaped like a Go
// tile's count: a move gains at most maxGain points and its follow-ups
// gain strictly less, as in Go where the follow-up of a gote move is
// smaller than the move itself. Some positions offer two moves a side.
func goLikeGame(r *rand.Rand, depth, base, maxGain int) Game {
	if depth == 0 || maxGain < 1 || r.IntN(5) == 0 {
		return Int(int64(base))
	}
	var l, rr []Game
	for range 1 + r.IntN(2) {
		gain := 1 + r.IntN(maxGain)
		l = append(l, goLikeGame(r, depth-1, base+gain, gain-1))
	}
	for range 1 + r.IntN(2) {
		gain := 1 + r.IntN(maxGain)
		rr = append(rr, goLikeGame(r, depth-1, base-gain, gain-1))
	}
	return New(l, rr)
}

func BenchmarkEnumerateDay3(b *testing.B) {
	for b.Loop() {
		resetArena()
		if n := len(EnumerateDays(3)[3]); n != 1474 {
			b.Fatalf("%d games", n)
		}
	}
}

// BenchmarkSumGoGames measures the canonical form of a sum of n random
// games from goLikeGame (integer leaves, depth <= 5, each move gaining at
// most 8 and its follow-ups less). Their follow-ups may still be hotter
// than the move (a 5-point move whose follow-up gains 4 either way), so
// the components interleave and the canonical form of the sum grows
// exponentially: for seed 7 the sum has 550, 2355, 13465, 124358 and
// 335980 distinct positions (not counting integers) at n = 10, 11, 12,
// 13, 14, and n = 14 takes minutes and over 80 million memoized
// comparisons. No engine reaches n = 30 for these; see
// BenchmarkSumEndgameTiles for sums of 30.
func BenchmarkSumGoGames(b *testing.B) {
	for _, n := range []int{5, 8, 10, 12} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var s Game
			for b.Loop() {
				resetArena()
				r := rand.New(rand.NewPCG(7, 7))
				gs := make([]Game, n)
				for i := range gs {
					gs[i] = goLikeGame(r, 5, r.IntN(11)-5, 8)
				}
				s = Sum(gs...)
				_ = s.Mean()
			}
			b.ReportMetric(float64(positions(s)), "positions")
		})
	}
}

// endgameTile returns a random Go endgame tile valued by Japanese counting
// (integer leaves), shaped like the positions of endgame books: a gote
// move worth t points to either player (count base+t if Left plays,
// base-t if Right does), after which the follow-up position is itself a
// tile worth at most t/3 (often nothing: a settled count). The tile's
// mean is base and its temperature t; with t <= 8 the depth is at most 3.
//
// With sente, one tile in six is a Left (or Right) sente: Left's move
// threatens a follow-up worth more than 2t, Right answers, and Right's
// reverse-sente move gains t. Sums of those interleave far more (the
// threats are hotter than the moves), so they are measured at smaller n:
// for seed 7 a sum of 15 has 34334 positions and takes seconds.
func endgameTile(r *rand.Rand, depth, base, t int, sente bool) Game {
	if depth == 0 || t < 1 {
		return Int(int64(base))
	}
	follow := func(b int) Game { return endgameTile(r, depth-1, b, r.IntN(t/3+1), sente) }
	k := 2
	if sente {
		k = r.IntN(6)
	}
	switch k {
	case 0:
		w := 2*t + 1 + r.IntN(t)
		threat := New([]Game{follow(base + t + w)}, []Game{follow(base + t)})
		return New([]Game{threat}, []Game{follow(base)})
	case 1:
		w := 2*t + 1 + r.IntN(t)
		threat := New([]Game{follow(base - t)}, []Game{follow(base - t - w)})
		return New([]Game{follow(base)}, []Game{threat})
	}
	return New([]Game{follow(base + t)}, []Game{follow(base - t)})
}

// endgameTiles returns n tiles with temperatures spread over 1..8 and
// bases over -5..5.
func endgameTiles(r *rand.Rand, n int, sente bool) []Game {
	gs := make([]Game, n)
	for i := range gs {
		gs[i] = endgameTile(r, 5, r.IntN(11)-5, 1+r.IntN(8), sente)
	}
	return gs
}

// positions counts the distinct non-integer positions of g (g included).
func positions(g Game) int {
	seen := map[Game]bool{}
	var rec func(g Game)
	rec = func(g Game) {
		if seen[g] {
			return
		}
		seen[g] = true
		for _, o := range g.LeftOptions() {
			rec(o)
		}
		for _, o := range g.RightOptions() {
			rec(o)
		}
	}
	rec(g)
	n := 0
	for g := range seen {
		if d, ok := g.Number(); !ok || !d.IsInteger() {
			n++
		}
	}
	return n
}

// BenchmarkSumEndgameTiles measures the canonical form (and its mean) of
// a sum of n endgame tiles: gote tiles up to the n = 30, and tiles
// with sente shapes at smaller n, where the sums grow much faster.
func BenchmarkSumEndgameTiles(b *testing.B) {
	cases := []struct {
		n     int
		sente bool
	}{{10, false}, {20, false}, {30, false}, {5, true}, {10, true}}
	for _, c := range cases {
		name := fmt.Sprintf("gote/n=%d", c.n)
		if c.sente {
			name = fmt.Sprintf("sente/n=%d", c.n)
		}
		b.Run(name, func(b *testing.B) {
			var s Game
			for b.Loop() {
				resetArena()
				r := rand.New(rand.NewPCG(7, 7))
				s = Sum(endgameTiles(r, c.n, c.sente)...)
				_ = s.Mean()
			}
			b.ReportMetric(float64(positions(s)), "positions")
		})
	}
}

func BenchmarkCompare1e6(b *testing.B) {
	resetArena()
	r := rand.New(rand.NewPCG(3, 4))
	gs := randomSmall(r, 300)
	for range 200 {
		gs = append(gs, randomGame(r, 4, 3))
	}
	b.ResetTimer()
	for b.Loop() {
		n := 0
		for i := 0; n < 1_000_000; i++ {
			g, h := gs[i%len(gs)], gs[(i*31+7)%len(gs)]
			if g.Leq(h) {
				n++
			} else {
				n++
			}
		}
	}
}
