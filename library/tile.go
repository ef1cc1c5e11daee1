package library

import (
	"fmt"
	"slices"
	"strings"
)

// Orientation says which edges of the board a tile's playing area
// touches: none (Centre), one (Edge: the row y = 0 of the tile's frame is
// the board's edge) or two adjacent ones (Corner: the row y = 0 and the
// column x = 0). Rappaport's nine placements (centre, four edges, four
// corners) are these three up to the board's symmetries.
type Orientation uint8

// The orientations.
const (
	Centre Orientation = iota
	Edge
	Corner
)

// Orientations lists the orientations in order.
var Orientations = []Orientation{Centre, Edge, Corner}

// String returns "centre", "edge" or "corner".
func (o Orientation) String() string {
	switch o {
	case Edge:
		return "edge"
	case Corner:
		return "corner"
	}
	return "centre"
}

// letter is the orientation's letter in a tile key.
func (o Orientation) letter() byte { return "cek"[o] }

// ParseOrientation reads "centre" (or "center"), "edge" or "corner".
func ParseOrientation(s string) (Orientation, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "centre", "center", "c":
		return Centre, nil
	case "edge", "e":
		return Edge, nil
	case "corner", "k":
		return Corner, nil
	}
	return Centre, fmt.Errorf("unknown orientation %q (want centre, edge or corner)", s)
}

// symmetries returns the symmetries (see transform) that map the
// orientation's board edges onto themselves.
func (o Orientation) symmetries() []int {
	switch o {
	case Edge:
		return []int{0, 1} // identity, mirror x
	case Corner:
		return []int{0, 4} // identity, transpose
	}
	return []int{0, 1, 2, 3, 4, 5, 6, 7}
}

// onBoard reports whether a point of the tile's frame is on the board
// (the board is taken large: only the orientation's edges bound it).
func (o Orientation) onBoard(p xy) bool {
	switch o {
	case Edge:
		return p.y >= 0
	case Corner:
		return p.x >= 0 && p.y >= 0
	}
	return true
}

// Class is Rappaport's class of a playing-area point by the immortal
// stones it touches: B (Black's, not White's), W (White's, not Black's),
// S (both) or E (none: only playing-area points and the edge).
type Class uint8

// The classes.
const (
	ClassB Class = iota
	ClassW
	ClassS
	ClassE
)

// String returns "B", "W", "S" or "E".
func (c Class) String() string { return string("BWSE"[c]) }

// Symbols of a playing-area point in a tile key: the class letter for an
// empty point, and for a point holding a mortal stone b (a White stone on
// a B point), w (a Black stone on a W point), x (a Black stone on an E
// point) or o (a White stone on an E point). A stone on its own colour's
// class would join the wall (it is immortal), and a stone on an S point
// too, so no other symbols exist.
const symbols = "BWSEbwxo"

// swapSymbol exchanges the colours of a symbol.
func swapSymbol(s byte) byte {
	switch s {
	case 'B':
		return 'W'
	case 'W':
		return 'B'
	case 'b':
		return 'w'
	case 'w':
		return 'b'
	case 'x':
		return 'o'
	case 'o':
		return 'x'
	}
	return s
}

// stoneOf returns the mortal stone of a symbol: 'X' (Black), 'O' (White)
// or 0.
func stoneOf(s byte) byte {
	switch s {
	case 'w', 'x':
		return 'X'
	case 'b', 'o':
		return 'O'
	}
	return 0
}

// classOf returns the class of a symbol.
func classOf(s byte) Class {
	switch s {
	case 'B', 'b':
		return ClassB
	case 'W', 'w':
		return ClassW
	case 'S':
		return ClassS
	}
	return ClassE
}

// cell is a playing-area point of a tile instance with its symbol.
type cell struct {
	p   xy
	sym byte
}

// wall is an immortal stone around a tile instance: 'X' (Black) or 'O'
// (White).
type wall struct {
	p     xy
	color byte
}

// Instance is one tile drawn in its own frame: the playing area with its
// symbols and the immortal stones around it. Instances that differ by a
// symmetry of the orientation, by the colour swap, or only in wall stones
// that give every point the same class, are the same tile (their Key
// agrees; the colour swap negates the values).
type Instance struct {
	Orientation Orientation
	cells       []cell
	walls       []wall
}

// Area returns the number of playing-area points.
func (in *Instance) Area() int { return len(in.cells) }

// swapped returns the instance with the colours exchanged.
func (in *Instance) swapped() *Instance {
	out := &Instance{Orientation: in.Orientation, cells: slices.Clone(in.cells), walls: slices.Clone(in.walls)}
	for i := range out.cells {
		out.cells[i].sym = swapSymbol(out.cells[i].sym)
	}
	for i := range out.walls {
		if out.walls[i].color == 'X' {
			out.walls[i].color = 'O'
		} else {
			out.walls[i].color = 'X'
		}
	}
	return out
}

// code draws the playing area after symmetry t (normalised to min 0) as
// rows of symbols joined by '/', '.' for points outside the area.
func code(cells []cell, t int, swap bool) string {
	pts := make([]xy, len(cells))
	minX, minY := 1<<30, 1<<30
	for i, c := range cells {
		pts[i] = transform(t, c.p)
		minX, minY = min(minX, pts[i].x), min(minY, pts[i].y)
	}
	w, h := 0, 0
	for i := range pts {
		pts[i] = xy{pts[i].x - minX, pts[i].y - minY}
		w, h = max(w, pts[i].x+1), max(h, pts[i].y+1)
	}
	grid := make([]byte, 0, (w+1)*h)
	for range h {
		grid = append(grid, strings.Repeat(".", w)...)
		grid = append(grid, '/')
	}
	for i, c := range cells {
		s := c.sym
		if swap {
			s = swapSymbol(s)
		}
		grid[pts[i].y*(w+1)+pts[i].x] = s
	}
	return string(grid[:len(grid)-1])
}

// canonical returns the tile's key, the smallest code over the
// orientation's symmetries and the colour swap prefixed by the
// orientation's letter, and whether the smallest needed the swap (the
// instance is then the key's tile with colours exchanged: its values are
// the negatives of the key's).
func canonical(o Orientation, cells []cell) (key string, neg bool) {
	best := ""
	for _, t := range o.symmetries() {
		for _, sw := range []bool{false, true} {
			c := code(cells, t, sw)
			if best == "" || c < best {
				best, neg = c, sw
			}
		}
	}
	return string(o.letter()) + ":" + best, neg
}

// Key returns the instance's canonical key (see canonical) and whether
// the instance is the colour swap of the key's tile.
func (in *Instance) Key() (string, bool) { return canonical(in.Orientation, in.cells) }

// ParseKey checks a tile key's syntax ("c:BSW", "k:SE/.S"): an
// orientation letter (c, e or k), a colon and rows of symbols (B W S E b
// w x o, and '.' off the area) joined by '/', all rows of one width.
func ParseKey(key string) error {
	if len(key) < 3 || key[1] != ':' || !strings.ContainsRune("cek", rune(key[0])) {
		return fmt.Errorf("tile key %q: want an orientation letter c, e or k, a colon and rows of symbols like \"c:BSW\"", key)
	}
	rows := strings.Split(key[2:], "/")
	for i, r := range rows {
		if len(r) != len(rows[0]) {
			return fmt.Errorf("tile key %q: row %d has %d symbols, row 1 has %d", key, i+1, len(r), len(rows[0]))
		}
		for j := range len(r) {
			if r[j] != '.' && !strings.ContainsRune(symbols, rune(r[j])) {
				return fmt.Errorf("tile key %q: row %d column %d: unknown symbol %q (want one of %s or '.')", key, i+1, j+1, r[j], symbols)
			}
		}
	}
	return nil
}
