package cgt

import (
	"math/rand/v2"
	"testing"
)

// forgetThermographs drops every memoized thermograph so that a benchmark
// measures their computation, not memo hits.
func forgetThermographs() {
	defer lock()()
	for i := range ar.nodes {
		ar.nodes[i].thermo = nil
	}
}

// BenchmarkMeanTemperature measures the thermographs (mean and
// temperature) of 60 Go-like games, 60 endgame tiles (with sente shapes)
// and the sums of pairs of the tiles, on games already built: what play
// and solve ask of cgt for every tile and every move.
func BenchmarkMeanTemperature(b *testing.B) {
	resetArena()
	r := rand.New(rand.NewPCG(11, 13))
	var gs []Game
	for range 60 {
		gs = append(gs, goLikeGame(r, 5, r.IntN(11)-5, 8))
	}
	tiles := endgameTiles(r, 60, true)
	gs = append(gs, tiles...)
	for i := 0; i+1 < len(tiles); i += 2 {
		gs = append(gs, Sum(tiles[i], tiles[i+1]))
	}
	b.ReportAllocs()
	for b.Loop() {
		forgetThermographs()
		for _, g := range gs {
			_ = g.Mean()
			_ = g.Temperature()
		}
	}
}
