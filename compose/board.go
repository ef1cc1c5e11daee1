package compose

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/library"
)

// grid is the board being composed: y = 0 is the top row. Cells: 0 free,
// '.' empty (tile point or eye), 'X'/'O' stones; tile marks the tiles'
// points (area and walls: their footprint).
type grid struct {
	w, h  int
	c     [][]byte
	tile  [][]int // 0 free, i+1: footprint of tile i
	area  [][]bool
	walls [][]bool
}

func newGrid(w, h int) *grid {
	g := &grid{w: w, h: h}
	g.c = make([][]byte, h)
	g.tile = make([][]int, h)
	g.area = make([][]bool, h)
	g.walls = make([][]bool, h)
	for y := range h {
		g.c[y] = make([]byte, w)
		g.tile[y] = make([]int, w)
		g.area[y] = make([]bool, w)
		g.walls[y] = make([]bool, w)
	}
	return g
}

func (g *grid) on(x, y int) bool { return x >= 0 && y >= 0 && x < g.w && y < g.h }

// gap is the Chebyshev distance kept free between tiles' footprints
// (the free points between them become living groups).
const gap = 1

var dirs4 = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// mapping maps a tile's frame onto the board: transpose, then mirror x
// and y, then shift.
type mapping struct {
	transpose, mx, my bool
	dx, dy            int
}

func (m mapping) apply(x, y int) (int, int) {
	if m.transpose {
		x, y = y, x
	}
	if m.mx {
		x = -x
	}
	if m.my {
		y = -y
	}
	return x + m.dx, y + m.dy
}

// place puts every tile on the board with a gap of at least one free
// point between footprints: corner tiles in corners, edge tiles against
// an edge, centre tiles away from the edges.
func place(rng *rand.Rand, w, h int, rows []placed) (*grid, error) {
	g := newGrid(w, h)
	order := rng.Perm(len(rows))
	for _, i := range order {
		in, err := library.ParseInstance(rows[i].OrientationOf(), rows[i].Diagram)
		if err != nil {
			return nil, err
		}
		if rows[i].Swap {
			in = in.Swapped()
		}
		ok := false
		for range 300 {
			m := randomMapping(rng, g, in)
			if g.fits(in, m) {
				g.put(i+1, in, m)
				ok = true
				break
			}
		}
		if !ok {
			return nil, fmt.Errorf("compose: no room for tile %s", rows[i].Key)
		}
	}
	return g, nil
}

// randomMapping chooses a placement for the instance's orientation.
func randomMapping(rng *rand.Rand, g *grid, in *library.Instance) mapping {
	m := mapping{transpose: rng.IntN(2) == 0, mx: rng.IntN(2) == 0, my: rng.IntN(2) == 0}
	switch in.Orientation {
	case library.Corner:
		// The frame's corner (0, 0) goes to a board corner.
		m.dx, m.dy = 0, 0
		if m.mx {
			m.dx = g.w - 1
		}
		if m.my {
			m.dy = g.h - 1
		}
	case library.Edge:
		// The frame's row y = 0 goes to an edge.
		if m.transpose { // y becomes x: the left or right edge
			m.dx = 0
			if m.mx {
				m.dx = g.w - 1
			}
			m.dy = rng.IntN(g.h)
		} else {
			m.dy = 0
			if m.my {
				m.dy = g.h - 1
			}
			m.dx = rng.IntN(g.w)
		}
	default:
		m.dx, m.dy = rng.IntN(g.w), rng.IntN(g.h)
	}
	return m
}

// fits checks that the tile lies on the board as its orientation says
// (its walls on the board, the area touching exactly the edges its frame
// has) and keeps a free point between its footprint and the others'.
func (g *grid) fits(in *library.Instance, m mapping) bool {
	area := map[[2]int]bool{}
	for _, p := range in.AreaPoints() {
		x, y := m.apply(p.X, p.Y)
		if !g.on(x, y) {
			return false
		}
		area[[2]int{x, y}] = true
	}
	foot := map[[2]int]bool{}
	for k := range area {
		foot[k] = true
	}
	for _, p := range in.WallPoints() {
		x, y := m.apply(p.X, p.Y)
		if !g.on(x, y) {
			return false
		}
		foot[[2]int{x, y}] = true
	}
	// Every on-board neighbour of the area is area or wall: the tile has
	// no more edges than its frame.
	for k := range area {
		for _, d := range dirs4 {
			x, y := k[0]+d[0], k[1]+d[1]
			if g.on(x, y) && !foot[[2]int{x, y}] {
				return false
			}
		}
	}
	for k := range foot {
		for dy := -gap; dy <= gap; dy++ {
			for dx := -gap; dx <= gap; dx++ {
				x, y := k[0]+dx, k[1]+dy
				if g.on(x, y) && g.tile[y][x] != 0 {
					return false
				}
			}
		}
	}
	return true
}

// put draws the tile.
func (g *grid) put(id int, in *library.Instance, m mapping) {
	for _, p := range in.AreaPoints() {
		x, y := m.apply(p.X, p.Y)
		g.c[y][x] = p.Ch
		g.tile[y][x] = id
		g.area[y][x] = true
	}
	for _, p := range in.WallPoints() {
		x, y := m.apply(p.X, p.Y)
		ch := byte('X')
		if p.Ch == '@' {
			ch = 'O'
		}
		g.c[y][x] = ch
		g.tile[y][x] = id
		g.walls[y][x] = true
	}
}

// fill gives every free point the colour of the nearest wall (breadth
// first from the walls in reading order), then opens two or more
// one-point eyes in every group so that it is pass-alive, with as many
// Black eyes as White ones (the eyes are territory: equal counts keep the
// total infinitesimal).
func (g *grid) fill() error {
	var queue [][2]int
	for y := range g.h {
		for x := range g.w {
			if g.walls[y][x] {
				queue = append(queue, [2]int{x, y})
			}
		}
	}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		for _, d := range dirs4 {
			x, y := q[0]+d[0], q[1]+d[1]
			if g.on(x, y) && g.c[y][x] == 0 {
				g.c[y][x] = g.c[q[1]][q[0]]
				queue = append(queue, [2]int{x, y})
			}
		}
	}
	for y := range g.h {
		for x := range g.w {
			if g.c[y][x] == 0 {
				return errors.New("compose: a point no wall reaches")
			}
		}
	}
	// Repair: a group without room for two eyes takes over a point of a
	// neighbouring group (never a wall) beside it, until every group has
	// room or the budget runs out.
	for range 400 {
		comp, n := g.groups()
		short := -1
		for i := range n {
			if len(g.tryEyes(comp, i, 2)) < 2 {
				short = i
				break
			}
		}
		if short < 0 {
			break
		}
		if !g.grow(comp, short) {
			break
		}
	}
	comp, n := g.groups()
	eyes := make([][][2]int, n)
	for i := range n {
		eyes[i] = g.addEyes(comp, i, 2, nil)
		if len(eyes[i]) < 2 {
			return fmt.Errorf("compose: a group has room for %d eyes", len(eyes[i]))
		}
	}
	count := func(c byte) int {
		k := 0
		for i := range n {
			if len(eyes[i]) > 0 && g.colorOf(comp, i) == c {
				k += len(eyes[i])
			}
		}
		return k
	}
	// Balance: add eyes to the colour with fewer.
	for range 200 {
		b, w := count('X'), count('O')
		if b == w {
			return nil
		}
		short := byte('X')
		if w < b {
			short = 'O'
		}
		added := false
		for i := range n {
			if g.colorOf(comp, i) != short {
				continue
			}
			if more := g.addEyes(comp, i, len(eyes[i])+1, eyes[i]); len(more) > len(eyes[i]) {
				eyes[i] = more
				added = true
				break
			}
		}
		if !added {
			return fmt.Errorf("compose: %d Black eyes and %d White ones, and no room for more", b, w)
		}
	}
	return errors.New("compose: eyes do not balance")
}

// tryEyes returns the eyes addEyes would open, leaving the board as it
// was.
func (g *grid) tryEyes(comp [][]int, i, want int) [][2]int {
	c := g.colorOf(comp, i)
	e := g.addEyes(comp, i, want, nil)
	for _, p := range e {
		g.c[p[1]][p[0]] = c
	}
	return e
}

// grow turns one stone of another colour beside group i (not a wall, not
// in an area) into group i's colour, preferring the point with most of
// group i around it; false if there is none.
func (g *grid) grow(comp [][]int, i int) bool {
	c := g.colorOf(comp, i)
	best, bestN := [2]int{-1, -1}, 0
	for y := range g.h {
		for x := range g.w {
			if g.area[y][x] || g.walls[y][x] || g.c[y][x] == c || g.c[y][x] == '.' {
				continue
			}
			k := 0
			for _, d := range dirs4 {
				a, b := x+d[0], y+d[1]
				if g.on(a, b) && comp[b][a] == i {
					k++
				}
			}
			if k > bestN {
				best, bestN = [2]int{x, y}, k
			}
		}
	}
	if bestN == 0 {
		return false
	}
	g.c[best[1]][best[0]] = c
	return true
}

// groups labels the stones outside the tiles' areas by connected
// one-colour group.
func (g *grid) groups() ([][]int, int) {
	comp := make([][]int, g.h)
	for y := range comp {
		comp[y] = make([]int, g.w)
		for x := range comp[y] {
			comp[y][x] = -1
		}
	}
	n := 0
	for y := range g.h {
		for x := range g.w {
			if g.area[y][x] || comp[y][x] >= 0 || g.c[y][x] == '.' {
				continue
			}
			c := g.c[y][x]
			stack := [][2]int{{x, y}}
			comp[y][x] = n
			for len(stack) > 0 {
				q := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				for _, d := range dirs4 {
					a, b := q[0]+d[0], q[1]+d[1]
					if g.on(a, b) && !g.area[b][a] && comp[b][a] < 0 && g.c[b][a] == c {
						comp[b][a] = n
						stack = append(stack, [2]int{a, b})
					}
				}
			}
			n++
		}
	}
	return comp, n
}

func (g *grid) colorOf(comp [][]int, i int) byte {
	for y := range g.h {
		for x := range g.w {
			if comp[y][x] == i && g.c[y][x] != '.' {
				return g.c[y][x]
			}
		}
	}
	return 0
}

// addEyes opens eyes in group i (keeping those it has) until it has want:
// a stone that is no tile wall, whose neighbours are all stones of the
// group and no eye, and whose removal keeps the group connected.
func (g *grid) addEyes(comp [][]int, i, want int, have [][2]int) [][2]int {
	eyes := append([][2]int(nil), have...)
	for y := range g.h {
		for x := range g.w {
			if len(eyes) >= want {
				return eyes
			}
			if comp[y][x] != i || g.walls[y][x] || g.c[y][x] == '.' {
				continue
			}
			ok := true
			for _, d := range dirs4 {
				a, b := x+d[0], y+d[1]
				if g.on(a, b) && (g.area[b][a] || comp[b][a] != i || g.c[b][a] == '.') {
					ok = false
				}
			}
			if !ok {
				continue
			}
			c := g.c[y][x]
			g.c[y][x] = '.'
			if g.connected(comp, i) {
				eyes = append(eyes, [2]int{x, y})
			} else {
				g.c[y][x] = c
			}
		}
	}
	return eyes
}

// connected reports whether the stones of group i form one block.
func (g *grid) connected(comp [][]int, i int) bool {
	var start [2]int
	total := 0
	for y := range g.h {
		for x := range g.w {
			if comp[y][x] == i && g.c[y][x] != '.' {
				if total == 0 {
					start = [2]int{x, y}
				}
				total++
			}
		}
	}
	seen := map[[2]int]bool{start: true}
	stack := [][2]int{start}
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range dirs4 {
			a, b := q[0]+d[0], q[1]+d[1]
			k := [2]int{a, b}
			if g.on(a, b) && comp[b][a] == i && g.c[b][a] != '.' && !seen[k] {
				seen[k] = true
				stack = append(stack, k)
			}
		}
	}
	return len(seen) == total
}

// diagram draws the board (a whole board, bordered) with the winner to
// move.
func (g *grid) diagram(toMove board.Color) string {
	var sb strings.Builder
	side := "B"
	if toMove == board.White {
		side = "W"
	}
	fmt.Fprintf(&sb, "$$%s Composed Mathematical Go problem: %s to play and win\n", side, map[string]string{"B": "Black", "W": "White"}[side])
	border := "$$ +" + strings.Repeat("-", 2*g.w+1) + "+\n"
	sb.WriteString(border)
	for y := range g.h {
		sb.WriteString("$$ | ")
		for x := range g.w {
			sb.WriteByte(g.c[y][x])
			sb.WriteByte(' ')
		}
		sb.WriteString("|\n")
	}
	sb.WriteString(border)
	return sb.String()
}
