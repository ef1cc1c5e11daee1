package tiles

import (
	"slices"

	"github.com/mathgo/mathgo/board"
)

// shapeKey describes a region by everything its game depends on: its
// points and their contents, the colours of the immortal stones around it
// and where the board's edge is, relative to the region, in the first of
// its eight rotations and reflections and two colourings. Regions with
// the same key have the same count and area values, negated when neg says
// the colours were swapped (the rules are the same under the symmetries
// of the board and, with the sign, under swapping the colours). ok is
// false for a region too wide to encode (over 250 points across).
func (e *engine) shapeKey(region []board.Point) (key string, neg, ok bool) {
	b := e.Geometry()
	type cell struct{ x, y, code int }
	// Codes: 1 empty, 2/3 mortal Black/White, 4/5 immortal Black/White, 6 off the board.
	cells := map[[2]int]int{}
	for _, p := range region {
		x, y := b.Coords(p)
		cells[[2]int{x, y}] = 1 + int(e.At(p))
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			qx, qy := x+d[0], y+d[1]
			if !b.OnBoard(qx, qy) {
				cells[[2]int{qx, qy}] = 6
			} else if q := b.Pt(qx, qy); e.Immortal(q) {
				cells[[2]int{qx, qy}] = 3 + int(e.At(q))
			}
		}
	}
	swap := [7]int{0, 1, 3, 2, 5, 4, 6}
	var best, enc []byte
	// The cells once as a slice: the 16 symmetries below walk them.
	base := make([]cell, 0, len(cells))
	for xy, code := range cells {
		base = append(base, cell{xy[0], xy[1], code})
	}
	out := make([]cell, 0, len(cells))
	for t := range 16 {
		out = out[:0]
		minX, minY, maxX, maxY := 1<<30, 1<<30, -1<<30, -1<<30
		for _, c := range base {
			x, y, code := c.x, c.y, c.code
			if t&1 != 0 {
				x = -x
			}
			if t&2 != 0 {
				y = -y
			}
			if t&4 != 0 {
				x, y = y, x
			}
			if t&8 != 0 {
				code = swap[code]
			}
			out = append(out, cell{x, y, code})
			minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
		}
		if maxX-minX > 250 || maxY-minY > 250 {
			return "", false, false
		}
		slices.SortFunc(out, func(a, b cell) int {
			if a.y != b.y {
				return a.y - b.y
			}
			return a.x - b.x
		})
		enc = enc[:0]
		for _, c := range out {
			enc = append(enc, byte(c.x-minX), byte(c.y-minY), byte(c.code))
		}
		if best == nil || string(enc) < string(best) {
			best, enc, neg = enc, best, t&8 != 0 // keep enc as the best; reuse the old best's buffer
		}
	}
	return string(best), neg, true
}
