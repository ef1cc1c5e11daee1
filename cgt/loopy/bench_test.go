package loopy

import (
	"math/rand/v2"
	"testing"

	"github.com/mathgo/mathgo/cgt"
)

// stopper50 returns a random stopper graph with 50 loopy positions (plus a
// few short leaves), canonical or not.
func stopper50(seed uint64) *graph {
	r := rand.New(rand.NewPCG(seed, 50))
	for {
		g := randomStopper(r, 50)
		if g.n() >= 50 {
			return g
		}
	}
}

// BenchmarkLeqStoppers50 compares two random stoppers of 50 positions.
func BenchmarkLeqStoppers50(b *testing.B) {
	g, h := stopper50(1), stopper50(2)
	b.ReportAllocs()
	for b.Loop() {
		leqAt(g, 0, h, 0, stopperSide, nil)
		leqAt(h, 0, g, 0, stopperSide, nil)
	}
}

// BenchmarkCanonicalStopper50 puts a random stopper of 50 positions in
// canonical form.
func BenchmarkCanonicalStopper50(b *testing.B) {
	g := stopper50(3)
	b.ReportAllocs()
	for b.Loop() {
		canonStopper(g, []int{0}, nil)
	}
}

// koGraph is the one-point ko of Mathematical Go (Rappaport):
// P = {1 + N | 0}, N = {0 | -1 + P}, that is P = {{1 | P} | 0}.
func koGraph() *Game {
	b := NewBuilder()
	p, take, one, zero := b.AddNode(), b.AddNode(), b.AddNode(), b.AddNode()
	b.SetShort(one, cgt.Int(1))
	b.SetShort(zero, cgt.Zero)
	b.AddLeft(p, take)
	b.AddRight(p, zero)
	b.AddLeft(take, one)
	b.AddRight(take, p)
	g, err := b.Build(p)
	if err != nil {
		panic(err) // unreachable: the graph above is valid
	}
	return g
}

// BenchmarkCanonicalKoSum5 simplifies the sum of five one-point kos (a
// graph of 3125 positions, not a stopper) to its value {6|4} & -5.
func BenchmarkCanonicalKoSum5(b *testing.B) {
	ko := koGraph()
	s, err := SumGames(ko, ko, ko, ko, ko)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		v, err := Canonical(s)
		if err != nil || v.String() != "{6|4} & -5" {
			b.Fatalf("got %v, %v", v, err)
		}
	}
}

// BenchmarkCanonicalStopperSum5 simplifies a sum of five small loopy
// stoppers (over, upon, {1|pass}, 3/2under, Tiny(over)): its graph has 864
// positions.
func BenchmarkCanonicalStopperSum5(b *testing.B) {
	var gs []*Game
	for _, e := range []string{"over", "upon", "{1|pass}", "{pass|3/2}", "{0||0|under}"} {
		g, err := MustParse(e).Game()
		if err != nil {
			b.Fatal(err)
		}
		gs = append(gs, g)
	}
	s, err := SumGames(gs...)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Canonical(s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkVariety computes the variety of the largest stopper of CGSuite's
// tests (17 positions), which takes sums and sidling of products.
func BenchmarkVariety(b *testing.B) {
	v := MustParse("{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := v.Variety(); err != nil {
			b.Fatal(err)
		}
	}
}
