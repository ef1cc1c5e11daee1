package testpos

import (
	"math/rand/v2"
	"testing"

	"github.com/mathgo/mathgo/board"
)

func TestRows(t *testing.T) {
	pos := Rows([]string{"#.O", "X@."})
	b := pos.Board
	if b.Cols() != 3 || b.Rows() != 2 {
		t.Fatalf("size %dx%d", b.Cols(), b.Rows())
	}
	want := []struct {
		x, y int
		c    board.Color
		imm  bool
	}{
		{0, 1, board.Black, true}, {1, 1, board.Empty, false}, {2, 1, board.White, false},
		{0, 0, board.Black, false}, {1, 0, board.White, true}, {2, 0, board.Empty, false},
	}
	for _, w := range want {
		p := b.Pt(w.x, w.y)
		if b.At(p) != w.c || pos.Immortal[p] != w.imm {
			t.Errorf("%s: %v immortal %v, want %v %v", b.Name(p), b.At(p), pos.Immortal[p], w.c, w.imm)
		}
	}
}

func TestRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		pos := Random(r, 6, 4)
		b := pos.Board
		empty := 0
		for p := range b.Size() {
			if b.At(board.Point(p)) == board.Empty {
				empty++
			}
			if pos.Immortal[p] && b.At(board.Point(p)) == board.Empty {
				t.Fatalf("an empty point marked immortal\n%s", b)
			}
		}
		if empty < 1 || empty > 6 {
			t.Fatalf("%d empty points, want 1..6\n%s", empty, b)
		}
		for _, blk := range b.Blocks() {
			mortal := true
			for _, s := range blk {
				mortal = mortal && !pos.Immortal[s]
			}
			if mortal && b.Liberties(blk[0]) == 0 {
				t.Fatalf("a mortal block without liberties\n%s", b)
			}
		}
	}
}

func TestFiles(t *testing.T) {
	fs := Files(t, "positions")
	if len(fs) < 20 {
		t.Fatalf("%d bundled positions", len(fs))
	}
	for _, f := range fs {
		if f.Pos == nil || len(f.Data) == 0 {
			t.Fatalf("%s: not read", f.Path)
		}
	}
}
