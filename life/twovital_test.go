package life

import (
	"math/rand"
	"testing"

	"github.com/mathgo/mathgo/board"
)

// TestTwoVitalNecessary: twoVital is a necessary condition of Benson's
// algorithm: on random boards (some with immortal stones), every block
// that run finds pass-alive without an immortal stone of its own has two
// vital regions by twoVital; and twoVital does refuse some blocks (it is
// not always true).
func TestTwoVitalNecessary(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	var s, s2 bensonScratch
	alive, refused := 0, 0
	for trial := 0; trial < 3000; trial++ {
		size := 4 + rng.Intn(4)
		b, err := board.New(size, size)
		if err != nil {
			t.Fatal(err)
		}
		density := 0.3 + 0.5*rng.Float64()
		for p := range b.Size() {
			if rng.Float64() < density {
				c := board.Black
				if rng.Intn(3) == 0 {
					c = board.White
				}
				_, _ = b.Play(board.Point(p), c)
			}
		}
		var anchors []bool
		if rng.Intn(3) == 0 {
			anchors = make([]bool, b.Size())
			for p := range anchors {
				anchors[p] = b.At(board.Point(p)) != board.Empty && rng.Intn(8) == 0
			}
		}
		for _, c := range []board.Color{board.Black, board.White} {
			s.run(b, c, anchors)
			for _, blk := range b.Blocks() {
				p := blk[0]
				if b.At(p) != c {
					continue
				}
				anchored := false
				for _, q := range blk {
					anchored = anchored || anchors != nil && anchors[q]
				}
				if anchored {
					continue
				}
				tv := s2.twoVital(b, p, anchors)
				if s.aliveAt(p) {
					alive++
					if !tv {
						t.Fatalf("block %s pass-alive by Benson but twoVital false:\n%s", b.Name(p), b)
					}
				}
				if !tv {
					refused++
				}
			}
		}
	}
	if alive < 100 || refused < 100 {
		t.Fatalf("%d pass-alive blocks, %d refused: the sample does not exercise both", alive, refused)
	}
}
