package library

import (
	"slices"
	"strings"
)

// xy is a point of a tile's own frame: x grows to the right, y downwards;
// for an edge tile the row y = 0 lies on the board's edge, for a corner
// tile also the column x = 0.
type xy struct{ x, y int }

// polyomino is a set of cells normalised to min x = min y = 0, sorted by
// (y, x).
type polyomino []xy

// cmpXY orders points by row, then column.
func cmpXY(a, b xy) int {
	if a.y != b.y {
		return a.y - b.y
	}
	return a.x - b.x
}

// normalise shifts cells to min x = min y = 0 and sorts them.
func normalise(cells []xy) polyomino {
	minX, minY := 1<<30, 1<<30
	for _, c := range cells {
		minX, minY = min(minX, c.x), min(minY, c.y)
	}
	out := make(polyomino, len(cells))
	for i, c := range cells {
		out[i] = xy{c.x - minX, c.y - minY}
	}
	slices.SortFunc(out, cmpXY)
	return out
}

// transform applies symmetry t (0..7) of the square to a point: bit 0
// mirrors x, bit 1 mirrors y, bit 2 swaps the axes (applied last).
func transform(t int, p xy) xy {
	x, y := p.x, p.y
	if t&1 != 0 {
		x = -x
	}
	if t&2 != 0 {
		y = -y
	}
	if t&4 != 0 {
		x, y = y, x
	}
	return xy{x, y}
}

// key encodes a polyomino as a string (for sets and ordering).
func (p polyomino) key() string {
	var sb strings.Builder
	for _, c := range p {
		sb.WriteByte(byte('a' + c.x))
		sb.WriteByte(byte('a' + c.y))
	}
	return sb.String()
}

// fixedPolyominoes returns every fixed polyomino (distinct up to
// translation only) of n cells, in a deterministic order.
func fixedPolyominoes(n int) []polyomino {
	if n <= 0 {
		return nil
	}
	cur := []polyomino{{{0, 0}}}
	for size := 2; size <= n; size++ {
		seen := map[string]bool{}
		var next []polyomino
		for _, p := range cur {
			in := map[xy]bool{}
			for _, c := range p {
				in[c] = true
			}
			for _, c := range p {
				for _, d := range dirs {
					q := xy{c.x + d.x, c.y + d.y}
					if in[q] {
						continue
					}
					np := normalise(append(slices.Clone([]xy(p)), q))
					if k := np.key(); !seen[k] {
						seen[k] = true
						next = append(next, np)
					}
				}
			}
		}
		slices.SortFunc(next, func(a, b polyomino) int { return strings.Compare(a.key(), b.key()) })
		cur = next
	}
	return cur
}

// dirs are the four neighbours' offsets.
var dirs = [4]xy{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// freeKey returns the key of p's free polyomino: the smallest key over
// the eight symmetries.
func freeKey(p polyomino) string {
	best := ""
	for t := range 8 {
		cells := make([]xy, len(p))
		for i, c := range p {
			cells[i] = transform(t, c)
		}
		if k := normalise(cells).key(); best == "" || k < best {
			best = k
		}
	}
	return best
}

// freePolyominoes returns one polyomino per free polyomino of n cells
// (distinct up to the eight symmetries), in a deterministic order.
func freePolyominoes(n int) []polyomino {
	var out []polyomino
	for _, p := range fixedPolyominoes(n) {
		if p.key() == freeKey(p) {
			out = append(out, p)
		}
	}
	return out
}
