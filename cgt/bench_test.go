package cgt

import (
	"math/rand/v2"
	"testing"
)

// resetArena starts an empty game table so a benchmark measures real work,
// not memo hits. Games made before the reset must not be used after it.
func resetArena() { ar = newArena() }

// goLikeGame returns a random hot game with integer leaves, shaped like a
// Go tile's count: Left's options are at least Right's.
func goLikeGame(r *rand.Rand, depth int, base int) Game {
	if depth == 0 || r.IntN(3) == 0 {
		return Int(int64(base))
	}
	gain := 1 + r.IntN(3)
	l := goLikeGame(r, depth-1, base+gain)
	rr := goLikeGame(r, depth-1, base-gain)
	return New([]Game{l}, []Game{rr})
}

func BenchmarkEnumerateDay3(b *testing.B) {
	for b.Loop() {
		resetArena()
		if n := len(EnumerateDays(3)[3]); n != 1474 {
			b.Fatalf("%d games", n)
		}
	}
}

func BenchmarkSum30GoGames(b *testing.B) {
	for b.Loop() {
		resetArena()
		r := rand.New(rand.NewPCG(7, 7))
		gs := make([]Game, 30)
		for i := range gs {
			gs[i] = goLikeGame(r, 5, r.IntN(11)-5)
		}
		s := Sum(gs...)
		_ = s.Mean()
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
