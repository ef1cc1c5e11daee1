package safety

import (
	"testing"

	"github.com/mathgo/mathgo/board"
)

// claimBoard has a pass-alive White wall around the 3x3 top-left corner
// (eyes E7, A3, A1) and a pass-alive Black group (eyes F4, D2, F2, G1):
// the corner is an area White encloses, no eye region (A7, B7, A6, B6, A5
// touch no white stone), so Settle leaves it a tile.
const claimBoard = `
+---------------+
| . . . O . O X |
| . . . O O O X |
| . . . O X X X |
| O O O O X . X |
| . O X X X X X |
| O O X . X . X |
| . O X X X X . |
+---------------+`

// TestClaimCorner claims the corner: Black cannot live in a 3x3 corner
// against White's answers, and White can then make it safe.
func TestClaimCorner(t *testing.T) {
	pos := parse(t, claimBoard)
	b := pos.Board
	r, certs := settle(t, pos, Options{})
	for _, name := range []string{"D7", "G7"} {
		if c := certs[name]; c.Status != StatusPassAlive {
			t.Fatalf("%s: %s, want pass-alive", name, c.Status)
		}
	}
	corner := []board.Point{b.Pt(0, 6), b.Pt(1, 6), b.Pt(2, 6), b.Pt(0, 5), b.Pt(1, 5), b.Pt(2, 5), b.Pt(0, 4), b.Pt(1, 4), b.Pt(2, 4)}
	if r.Territory[corner[0]] != board.Empty {
		t.Fatalf("the corner is territory before any claim")
	}
	// Not regions of the board: part of the corner, or the corner and more.
	if n := r.Claim([][]board.Point{corner[:4], append(corner[:9:9], b.Pt(4, 6))}); n != 0 {
		t.Fatalf("Claim of regions that are no region of the board: %d claimed", n)
	}
	before := r.Nodes
	if n := r.Claim([][]board.Point{corner}); n != 1 {
		t.Fatalf("Claim of the corner: %d claimed", n)
	}
	for _, p := range corner {
		if r.Territory[p] != board.White {
			t.Errorf("%s: territory %s after the claim", b.Name(p), r.Territory[p])
		}
	}
	if r.Nodes <= before {
		t.Errorf("the claim searched no node (%d before, %d after)", before, r.Nodes)
	}
	// Once territory, a region is not claimed again.
	if n := r.Claim([][]board.Point{corner}); n != 0 {
		t.Errorf("the corner was claimed twice")
	}
}

// TestClaimTooLarge checks that an area of more empty points than the
// life solver is asked about is not searched, let alone claimed: White's
// wall around a 4x7 area on a 9x9 board's left side.
func TestClaimTooLarge(t *testing.T) {
	pos := parse(t, `
+-------------------+
| . . . . O . O X . |
| . . . . O O O X X |
| . . . . O X X X . |
| . . . . O X . X X |
| . . . . O X X X . |
| . . . . O X . X X |
| . . . . O X X X . |
| O O O O O X . X X |
| . O . O X X X X . |
+-------------------+`)
	b := pos.Board
	r, certs := settle(t, pos, Options{})
	if c := certs["E9"]; c.Status != StatusPassAlive {
		t.Fatalf("E9: %s, want pass-alive", c.Status)
	}
	var area []board.Point
	for y := 2; y < 9; y++ {
		for x := 0; x < 4; x++ {
			area = append(area, b.Pt(x, y))
		}
	}
	before := r.Nodes
	if n := r.Claim([][]board.Point{area}); n != 0 || r.Nodes != before {
		t.Errorf("an area of 28 empty points: %d claimed, %d nodes searched", n, r.Nodes-before)
	}
}
