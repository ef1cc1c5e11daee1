package thermograph

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mathgo/mathgo/cgt"
)

// goLikeGames returns n random Go-like tiles: gote switches {a|b} and
// two-level games {a||b|c} (sente-ish for one side) with integer values,
// offset so that most are distinct games.
func goLikeGames(r *rand.Rand, n, offset int) []cgt.Game {
	gs := make([]cgt.Game, n)
	for i := range gs {
		a := r.IntN(20) - 5 + offset
		b := a - 1 - r.IntN(12)
		if r.IntN(2) == 0 {
			gs[i] = cgt.MustParse(fmt.Sprintf("{%d|%d}", a, b))
		} else {
			c := b - 1 - r.IntN(8)
			gs[i] = cgt.MustParse(fmt.Sprintf("{%d||%d|%d}", a+r.IntN(6), b, c))
		}
	}
	return gs
}

// BenchmarkCompound50 computes the compound thermograph, ambient
// temperatures and thermostrat moves of a sum of 50 Go-like tiles (the
// summands' canonical forms and thermographs are memoized by cgt).
func BenchmarkCompound50(b *testing.B) {
	gs := goLikeGames(rand.New(rand.NewPCG(1, 50)), 50, 0)
	b.ReportAllocs()
	for b.Loop() {
		c := Compound(gs)
		_, _ = c.LeftMove(), c.RightMove()
	}
}

// BenchmarkCompound50Fresh is BenchmarkCompound50 with 50 new tiles every
// iteration, so each summand is built, canonicalized and thermographed
// from scratch.
func BenchmarkCompound50Fresh(b *testing.B) {
	r := rand.New(rand.NewPCG(2, 50))
	off := 0
	b.ReportAllocs()
	for b.Loop() {
		off += 40
		gs := goLikeGames(r, 50, off)
		c := Compound(gs)
		_, _ = c.LeftMove(), c.RightMove()
	}
}

// BenchmarkExactSum6 is the exact thermograph of the sum of 6 fresh
// Go-like tiles: canonical form of the sum, then its thermograph. It shows
// why thermostrat works from the compound thermograph instead.
func BenchmarkExactSum6(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 6))
	off := 0
	b.ReportAllocs()
	for b.Loop() {
		off += 40
		_ = Of(cgt.Sum(goLikeGames(r, 6, off)...))
	}
}

// BenchmarkPNG draws the six tiles of Rappaport's Figure 4.10 as a PNG.
func BenchmarkPNG(b *testing.B) {
	ths := figure410()
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteImage(discard{}, "png", ths, PlotOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
