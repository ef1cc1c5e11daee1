package library

import (
	"fmt"
	"strings"
)

// grid draws the instance on the smallest whole board that holds it: the
// area, its walls, and one ring of filler walls where the orientation has
// no edge (filler points touch no area point, so their colour does not
// matter: each takes the colour of a wall beside it). Symbols: '.' empty,
// 'X'/'O' mortal stones, '#'/'@' immortal Black/White stones. With
// bordered, the rows are framed Sensei-style ("+---+", "|...|").
func (in *Instance) grid(bordered bool) []string {
	minX, minY, maxX, maxY := 1<<30, 1<<30, -1<<30, -1<<30
	for _, c := range in.cells {
		minX, minY, maxX, maxY = min(minX, c.p.x), min(minY, c.p.y), max(maxX, c.p.x), max(maxY, c.p.y)
	}
	maxX, maxY = maxX+1, maxY+1
	minX, minY = minX-1, minY-1
	if in.Orientation != Centre {
		minY = 0 // the top edge
	}
	if in.Orientation == Corner {
		minX = 0 // the left edge
	}
	w, h := maxX-minX+1, maxY-minY+1
	g := make([][]byte, h)
	for y := range g {
		g[y] = make([]byte, w)
	}
	for _, c := range in.cells {
		ch := byte('.')
		switch stoneOf(c.sym) {
		case 'X':
			ch = 'X'
		case 'O':
			ch = 'O'
		}
		g[c.p.y-minY][c.p.x-minX] = ch
	}
	for _, wl := range in.walls {
		ch := byte('#')
		if wl.color == 'O' {
			ch = '@'
		}
		g[wl.p.y-minY][wl.p.x-minX] = ch
	}
	// Fillers: repeat until every point is set (a filler takes a set
	// neighbour's wall colour; the ring is connected, so this ends).
	for changed := true; changed; {
		changed = false
		for y := range h {
			for x := range w {
				if g[y][x] != 0 {
					continue
				}
				for _, d := range dirs {
					nx, ny := x+d.x, y+d.y
					if nx >= 0 && ny >= 0 && nx < w && ny < h && (g[ny][nx] == '#' || g[ny][nx] == '@') {
						g[y][x], changed = g[ny][nx], true
						break
					}
				}
			}
		}
	}
	var rows []string
	if bordered {
		rows = append(rows, "+"+strings.Repeat("-", 2*w-1)+"+")
	}
	for y := range h {
		var sb strings.Builder
		if bordered {
			sb.WriteByte('|')
		}
		for x := range w {
			if x > 0 {
				sb.WriteByte(' ')
			}
			ch := g[y][x]
			if ch == 0 {
				ch = '#'
			}
			sb.WriteByte(ch)
		}
		if bordered {
			sb.WriteByte('|')
		}
		rows = append(rows, sb.String())
	}
	if bordered {
		rows = append(rows, rows[0])
	}
	return rows
}

// Diagram returns the instance as a mathgo diagram that `mathgo analyze`
// reads: a whole board (bordered on every side) holding the playing area,
// its walls declared immortal ('#' Black, '@' White) and filler walls,
// so that the tile is the board's only region.
func (in *Instance) Diagram() string {
	return strings.Join(in.grid(true), "\n") + "\n"
}

// Point is a point of a tile drawing in the tile's frame (x to the right,
// y downwards; for an edge tile y = 0 is the board's edge row, for a
// corner tile x = 0 is too) with what is on it: '.' empty, 'X'/'O' a
// mortal stone (area points), '#'/'@' an immortal Black/White wall.
type Point struct {
	X, Y int
	Ch   byte
}

// AreaPoints returns the playing area's points.
func (in *Instance) AreaPoints() []Point {
	out := make([]Point, len(in.cells))
	for i, c := range in.cells {
		ch := byte('.')
		if s := stoneOf(c.sym); s != 0 {
			ch = s
		}
		out[i] = Point{c.p.x, c.p.y, ch}
	}
	return out
}

// WallPoints returns the wall stones (the on-board neighbours of the
// area).
func (in *Instance) WallPoints() []Point {
	out := make([]Point, len(in.walls))
	for i, w := range in.walls {
		ch := byte('#')
		if w.color == 'O' {
			ch = '@'
		}
		out[i] = Point{w.p.x, w.p.y, ch}
	}
	return out
}

// ParseInstance reads back a tile drawn by Diagram (as the library stores
// it) for orientation o: the area is every point that is not a wall, the
// walls the '#'/'@' stones beside it (fillers dropped).
func ParseInstance(o Orientation, diagram string) (*Instance, error) {
	var grid [][]byte
	for _, line := range strings.Split(strings.TrimSpace(diagram), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "+") || line == "" {
			continue
		}
		line = strings.Trim(line, "|")
		grid = append(grid, []byte(strings.ReplaceAll(line, " ", "")))
	}
	at := func(x, y int) byte {
		if y < 0 || y >= len(grid) || x < 0 || x >= len(grid[y]) {
			return 0
		}
		return grid[y][x]
	}
	in := &Instance{Orientation: o}
	isArea := func(c byte) bool { return c == '.' || c == 'X' || c == 'O' }
	for y, row := range grid {
		for x, c := range row {
			switch {
			case isArea(c):
				var b, w bool
				for _, d := range dirs {
					switch at(x+d.x, y+d.y) {
					case '#':
						b = true
					case '@':
						w = true
					}
				}
				cls := ClassE
				switch {
				case b && w:
					cls = ClassS
				case b:
					cls = ClassB
				case w:
					cls = ClassW
				}
				sym := cls.String()[0]
				switch {
				case c == 'O' && cls == ClassB:
					sym = 'b'
				case c == 'X' && cls == ClassW:
					sym = 'w'
				case c == 'X' && cls == ClassE:
					sym = 'x'
				case c == 'O' && cls == ClassE:
					sym = 'o'
				case c != '.':
					return nil, fmt.Errorf("library: tile drawing: a mortal %c stone at row %d column %d touches its own wall", c, y+1, x+1)
				}
				in.cells = append(in.cells, cell{xy{x, y}, sym})
			case c == '#' || c == '@':
				for _, d := range dirs {
					if isArea(at(x+d.x, y+d.y)) {
						col := byte('X')
						if c == '@' {
							col = 'O'
						}
						in.walls = append(in.walls, wall{xy{x, y}, col})
						break
					}
				}
			default:
				return nil, fmt.Errorf("library: tile drawing: unknown symbol %q at row %d column %d", c, y+1, x+1)
			}
		}
	}
	if len(in.cells) == 0 {
		return nil, fmt.Errorf("library: tile drawing has no playing area")
	}
	return in, nil
}

// Swapped returns the instance with the colours exchanged (the tile's
// values negated).
func (in *Instance) Swapped() *Instance { return in.swapped() }
