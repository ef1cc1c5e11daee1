package life

import (
	"testing"

	"github.com/mathgo/mathgo/board"
)

// TestBensonAnchors: a Black block whose second eye it shares with an
// immortal Black stone is pass-alive only when that stone is an anchor;
// an immortal White stone in an eye keeps it from being one.
func TestBensonAnchors(t *testing.T) {
	b := parseWhole(t, `
. X . X .
X X X X X
O O O O O
. O . O .`)
	// Split Black: block A3 B3 C3 B4 with the eyes A4 and C4, and block
	// D4 E4, which shares C4 and has no other eye (D3 and E3 empty, open
	// to White).
	b.Setup(b.Pt(3, 2), board.Empty)
	b.Setup(b.Pt(4, 2), board.Empty)
	b.Setup(b.Pt(4, 3), board.Black)
	d4 := b.Pt(3, 3)
	imm := make([]bool, b.Size())
	alive := BensonColor(b, board.Black, imm)
	if alive[b.Pt(0, 2)] {
		t.Fatalf("A3 pass-alive without anchors:\n%s", b)
	}
	imm[d4] = true
	alive = BensonColor(b, board.Black, imm)
	if !alive[b.Pt(0, 2)] || !alive[d4] {
		t.Errorf("A3 not pass-alive with D4 an anchor:\n%s", b)
	}
	all, _ := BensonAnchored(b, imm)
	if !all[b.Pt(0, 2)] {
		t.Errorf("BensonAnchored disagrees with BensonColor")
	}
	// An immortal White stone in the eye A4 spoils it.
	b.Setup(b.Pt(0, 3), board.White)
	imm[b.Pt(0, 3)] = true
	if alive = BensonColor(b, board.Black, imm); alive[b.Pt(0, 2)] {
		t.Errorf("A3 pass-alive with an immortal White stone in its eye A4")
	}
}
