package endgame

import (
	"path/filepath"
	"testing"

	"github.com/mathgo/mathgo/life"
	"github.com/mathgo/mathgo/position"
)

// BenchmarkReckonedEnds analyzes whole boards with a ko whose games with
// the ban may end with the ko open (every such end reckoned on the whole
// board): the 6x6 board where that decides the score, and a 9x9 game
// record right before a ko capture (g09-l3-s1, move 67).
func BenchmarkReckonedEnds(b *testing.B) {
	g := readGame(b, "../testdata/games/g09-l3-s1.sgf")
	pos67 := positionAfter(b, g, 67)
	six, err := position.ReadFile(filepath.Join("..", "testdata", "ko", "unsettled-end-6x6.txt"))
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		run  func() (*Report, error)
	}{
		{"6x6", func() (*Report, error) { return Analyze(six, Options{}) }},
		{"g09-l3-s1@67", func() (*Report, error) { return Analyze(pos67, Options{}) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				life.ForgetCertificates()
				r, err := c.run()
				if err != nil {
					b.Fatal(err)
				}
				if !r.Exact() || !r.Decision.KoTiles || r.Decision.Reckoned == 0 {
					b.Fatalf("exact %v, problems %q", r.Exact(), r.Problems)
				}
			}
		})
	}
}
