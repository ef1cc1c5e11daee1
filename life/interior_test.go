package life

import (
	"testing"

	"github.com/mathgo/mathgo/board"
)

// TestSmallInterior: a region bounded by pass-alive blocks is safe for
// their owner when its interior (its points, empty or the invader's, that
// touch no stone of the owner) is at most two adjacent points, and not
// otherwise; a region next to a block that is not pass-alive never is.
func TestSmallInterior(t *testing.T) {
	cases := []struct {
		name  string
		rows  string
		at    [2]int // a point of the region (column, row from the bottom)
		small bool
	}{
		{"two adjacent interior points (F1 G1)", `
O O O O O O O
. O . O O O O
O O O O . . .
. . . O . . .`, [2]int{5, 0}, true},
		{"an invader stone in the interior counts as a point of it", `
O O O O O O O
. O . O O O O
O O O O . . .
. . . O . X .`, [2]int{4, 1}, true},
		{"three interior points (F1 G1 H1)", `
O O O O O O O O
. O . O O O O O
O O O O . . . .
. . . O . . . .`, [2]int{5, 0}, false},
		{"two interior points that do not touch (F1, H1: G2 is the wall's)", `
O O O O O O O O
. O . O O O O O
O O O O . . O .
. . . O . . . .`, [2]int{5, 0}, false},
		{"a wall that is not pass-alive (one eye)", `
O O O O O O O
. O O O O O O
O O O O . . .
O O O O . . .`, [2]int{5, 0}, false},
	}
	for _, c := range cases {
		b := parseWhole(t, c.rows)
		var s bensonScratch
		s.run(b, board.White, nil)
		p := b.Pt(c.at[0], c.at[1])
		if got := s.regionSmallInterior(b, s.regionOf[p]); got != c.small {
			t.Errorf("%s: small interior %v, want %v", c.name, got, c.small)
		}
	}
}
