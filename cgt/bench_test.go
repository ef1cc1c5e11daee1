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
// Go-like games (integer leaves, depth <= 5, each move gaining at most 8
// and its follow-ups less). The canonical form of such sums grows quickly
// with n, so the 30-game target is out of reach; the sizes below
// show the growth.
func BenchmarkSumGoGames(b *testing.B) {
	for _, n := range []int{5, 8, 10, 12} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				resetArena()
				r := rand.New(rand.NewPCG(7, 7))
				gs := make([]Game, n)
				for i := range gs {
					gs[i] = goLikeGame(r, 5, r.IntN(11)-5, 8)
				}
				s := Sum(gs...)
				_ = s.Mean()
			}
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
