package life

import (
	"testing"

	"github.com/mathgo/mathgo/position"
)

// BenchmarkBensonAnchored finds the pass-alive blocks and territory of
// both colours on Spight's 9x9 problem, with the problem's walls as
// anchors: what the board search asks about every third ply.
func BenchmarkBensonAnchored(b *testing.B) {
	pos, err := position.ReadFile("../testdata/positions/forum/spight-2011.txt")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		BensonAnchored(pos.Board, pos.Immortal)
	}
}
