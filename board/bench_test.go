package board

import (
	"math/rand/v2"
	"testing"
)

// playout plays random legal moves that do not fill a one-point eye of the
// mover until both players pass or maxMoves moves are made, and returns the
// number of moves (passes included).
func playout(b *Board, rng *rand.Rand, maxMoves int) int {
	c := Black
	passes := 0
	n := b.Size()
	moves := 0
	for moves < maxMoves && passes < 2 {
		p := Pass
		for try := 0; try < 30; try++ {
			q := Point(rng.IntN(n))
			if playable(b, q, c) {
				p = q
				break
			}
		}
		if p == Pass {
			start := rng.IntN(n)
			for i := 0; i < n; i++ {
				q := Point((start + i) % n)
				if playable(b, q, c) {
					p = q
					break
				}
			}
		}
		if _, err := b.Play(p, c); err != nil {
			panic(err) // unreachable: playable checked legality
		}
		if p == Pass {
			passes++
		} else {
			passes = 0
		}
		moves++
		c = c.Opponent()
	}
	return moves
}

// playable reports whether c may play at p and p is not c's own one-point eye.
func playable(b *Board, p Point, c Color) bool {
	if b.color[p] != Empty {
		return false
	}
	eye := true
	for _, q := range b.nbrs[p] {
		if b.color[q] != c {
			eye = false
			break
		}
	}
	return !eye && b.Legal(p, c)
}

// benchPlayouts measures whole random playouts (move choice included)
// followed by undoing every move; ns/move is per Play+Undo pair.
func benchPlayouts(bm *testing.B, size int, rule KoRule) {
	b, _ := New(size, size)
	b.SetKoRule(rule)
	rng := rand.New(rand.NewPCG(7, 7))
	// Warm up the undo stacks so the measured loop does not grow them.
	for i := 0; i < 3; i++ {
		playout(b, rng, 3*b.Size())
		for b.Undo() {
		}
	}
	bm.ReportAllocs()
	bm.ResetTimer()
	total := 0
	for i := 0; i < bm.N; i++ {
		total += playout(b, rng, 3*b.Size())
		for b.Undo() {
		}
	}
	bm.ReportMetric(float64(bm.Elapsed().Nanoseconds())/float64(total), "ns/move")
	bm.ReportMetric(float64(total)/float64(bm.N), "moves/playout")
}

func BenchmarkPlayout9x9(b *testing.B)          { benchPlayouts(b, 9, KoSimple) }
func BenchmarkPlayout19x19(b *testing.B)        { benchPlayouts(b, 19, KoSimple) }
func BenchmarkPlayout9x9Superko(b *testing.B)   { benchPlayouts(b, 9, KoSuperko) }
func BenchmarkPlayout19x19Superko(b *testing.B) { benchPlayouts(b, 19, KoSuperko) }

// benchReplay records one random playout and then measures replaying it:
// every Play of the game, then every Undo. ns/move is per Play+Undo pair,
// without the cost of choosing moves.
func benchReplay(bm *testing.B, size int) {
	b, _ := New(size, size)
	rng := rand.New(rand.NewPCG(11, 3))
	playout(b, rng, 3*b.Size())
	var moves []Point
	var colors []Color
	for _, h := range b.hist {
		moves = append(moves, h.p)
		colors = append(colors, h.c)
	}
	for b.Undo() {
	}
	bm.ReportAllocs()
	bm.ResetTimer()
	for i := 0; i < bm.N; i++ {
		for j, p := range moves {
			if _, err := b.Play(p, colors[j]); err != nil {
				bm.Fatal(err)
			}
		}
		for b.Undo() {
		}
	}
	bm.ReportMetric(float64(bm.Elapsed().Nanoseconds())/float64(bm.N*len(moves)), "ns/move")
}

func BenchmarkReplay9x9(b *testing.B)   { benchReplay(b, 9) }
func BenchmarkReplay19x19(b *testing.B) { benchReplay(b, 19) }

func BenchmarkLegal19x19(bm *testing.B) {
	b, _ := New(19, 19)
	rng := rand.New(rand.NewPCG(5, 5))
	playout(b, rng, 150)
	bm.ReportAllocs()
	bm.ResetTimer()
	n := 0
	for i := 0; i < bm.N; i++ {
		for p := Point(0); int(p) < b.Size(); p++ {
			if b.Legal(p, Black) {
				n++
			}
		}
	}
	bm.ReportMetric(float64(bm.Elapsed().Nanoseconds())/float64(bm.N*b.Size()), "ns/point")
	_ = n
}
