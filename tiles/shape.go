package tiles

import (
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
	// The cells (the region and its immortal or off-board neighbours) on
	// a grid over their bounding box. Codes: 1 empty, 2/3 mortal
	// Black/White, 4/5 immortal Black/White, 6 off the board, 0 no cell.
	x0, y0, x1, y1 := 1<<30, 1<<30, -1<<30, -1<<30
	for _, p := range region {
		x, y := b.Coords(p)
		x0, y0, x1, y1 = min(x0, x-1), min(y0, y-1), max(x1, x+1), max(y1, y+1)
	}
	w, h := x1-x0+1, y1-y0+1
	if w > 253 || h > 253 {
		return "", false, false
	}
	grid := make([]byte, w*h)
	for _, p := range region {
		x, y := b.Coords(p)
		grid[(y-y0)*w+x-x0] = byte(1 + int(e.At(p)))
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			qx, qy := x+d[0], y+d[1]
			if !b.OnBoard(qx, qy) {
				grid[(qy-y0)*w+qx-x0] = 6
			} else if q := b.Pt(qx, qy); e.Immortal(q) {
				grid[(qy-y0)*w+qx-x0] = byte(3 + int(e.At(q)))
			}
		}
	}
	// The cells' own bounding box (the grid's margin may be empty).
	gx0, gy0, gx1, gy1 := w, h, -1, -1
	for gy := range h {
		for gx := range w {
			if grid[gy*w+gx] != 0 {
				gx0, gy0, gx1, gy1 = min(gx0, gx), min(gy0, gy), max(gx1, gx), max(gy1, gy)
			}
		}
	}
	cw, ch := gx1-gx0+1, gy1-gy0+1
	if cw > 251 || ch > 251 {
		return "", false, false
	}
	swap := [7]byte{0, 1, 3, 2, 5, 4, 6}
	var best, enc []byte
	// The 16 symmetries: t&1 mirrors x, t&2 mirrors y, t&4 exchanges x
	// and y, t&8 swaps the colours. Each encoding lists the cells
	// (x, y, code) by y, then x, relative to the smallest x and y; walking
	// the transformed box row by row gives that order without a sort.
	for t := range 16 {
		enc = enc[:0]
		rowsN, colsN := ch, cw
		if t&4 != 0 {
			rowsN, colsN = cw, ch
		}
		for Y := range rowsN {
			for X := range colsN {
				a, c := X, Y
				if t&4 != 0 {
					a, c = Y, X
				}
				if t&1 != 0 {
					a = cw - 1 - a
				}
				if t&2 != 0 {
					c = ch - 1 - c
				}
				code := grid[(gy0+c)*w+gx0+a]
				if code == 0 {
					continue
				}
				if t&8 != 0 {
					code = swap[code]
				}
				enc = append(enc, byte(X), byte(Y), code)
			}
		}
		if best == nil || string(enc) < string(best) {
			best, enc, neg = enc, best, t&8 != 0 // keep enc as the best; reuse the old best's buffer
		}
	}
	return string(best), neg, true
}
