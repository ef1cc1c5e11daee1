package endgame

import (
	"math/rand/v2"
	"strings"

	"github.com/mathgo/mathgo/internal/testpos"

	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/tiles"
)

// Generators of test and benchmark positions. Rows are written top row
// first with '#' and '@' immortal solve.Black and solve.White stones, 'X' and 'O'
// mortal ones and '.' empty points.

// rowsPosition builds a whole-board position from rows of cells (see
// testpos.Rows).
func rowsPosition(rows []string) *position.Position { return testpos.Rows(rows) }

// diagramText writes rows as a bordered whole-board diagram file.
func diagramText(comment string, rows []string) string {
	var sb strings.Builder
	for _, l := range strings.Split(comment, "\n") {
		sb.WriteString("// " + l + "\n")
	}
	w := len(rows[0])
	sb.WriteString("+" + strings.Repeat("-", 2*w+1) + "+\n")
	for _, r := range rows {
		sb.WriteString("| " + strings.Join(strings.Split(r, ""), " ") + " |\n")
	}
	sb.WriteString("+" + strings.Repeat("-", 2*w+1) + "+\n")
	return sb.String()
}

// randomPosition builds a small board of immortal walls, empty points and
// a few mortal stones, with between 1 and maxEmpty empty points, every
// mortal block with a liberty.
func randomPosition(r *rand.Rand, maxEmpty int) *position.Position {
	for {
		cols, rows := 3+r.IntN(4), 3+r.IntN(3)
		grid := make([][]byte, rows)
		empty := 0
		for y := range grid {
			grid[y] = make([]byte, cols)
			for x := range grid[y] {
				switch v := r.IntN(100); {
				case v < 25:
					grid[y][x] = '#'
				case v < 50:
					grid[y][x] = '@'
				case v < 54:
					grid[y][x] = 'X'
				case v < 58:
					grid[y][x] = 'O'
				default:
					grid[y][x] = '.'
					empty++
				}
			}
		}
		if empty == 0 || empty > maxEmpty {
			continue
		}
		rs := make([]string, rows)
		for y := range grid {
			rs[y] = string(grid[y])
		}
		pos := rowsPosition(rs)
		if mortalBlocksBreathe(pos) {
			return pos
		}
	}
}

// mortalBlocksBreathe reports whether every mortal block has a liberty.
func mortalBlocksBreathe(pos *position.Position) bool {
	b := pos.Board
	for _, blk := range b.Blocks() {
		mortal := true
		for _, s := range blk {
			mortal = mortal && !pos.Immortal[s]
		}
		if mortal && b.Liberties(blk[0]) == 0 {
			return false
		}
	}
	return true
}

// cellTemplate fills a w x h box: a shape of empty points (at most one
// mortal stone among them) with immortal walls of random colours, both
// colours touching the shape.
type cellMaker struct {
	r *rand.Rand
}

// familyBoard returns the benchmark family's board with n tiles of five
// empty points each (5n remaining moves): tiles of 3x2 interiors in a grid
// two tiles wide, separated by immortal walls of random colours; in each
// tile one interior point is a wall stone or a mortal stone. The tiles
// have no ko and none is settled. Deterministic in seed.
func familyBoard(n int, seed uint64) []string {
	r := rand.New(rand.NewPCG(seed, uint64(n)))
	across := 2
	down := (n + across - 1) / across
	w, h := 1+across*4, 1+down*3
	var grid [][]byte
	for {
		grid = make([][]byte, h)
		for y := range grid {
			grid[y] = make([]byte, w)
			for x := range grid[y] {
				grid[y][x] = "#@"[r.IntN(2)]
			}
		}
		for i := range n {
			cx, cy := 1+4*(i%across), 1+3*(i/across)
			fillTile(r, grid, cx, cy, 3, 2, 5)
		}
		// Boxes past n (an odd count) stay walls.
		rows := make([]string, h)
		for y := range grid {
			rows[y] = string(grid[y])
		}
		if tilesOK(rows, n) {
			return rows
		}
	}
}

// fillTile makes the w x h box at (cx, cy) a tile: every point empty, then
// enough points turned to immortal walls or (at most one) mortal stone to
// leave exactly empty points, keeping the empty points connected.
func fillTile(r *rand.Rand, grid [][]byte, cx, cy, w, h, empty int) {
	for {
		pts := [][2]int{}
		for y := cy; y < cy+h; y++ {
			for x := cx; x < cx+w; x++ {
				grid[y][x] = '.'
				pts = append(pts, [2]int{x, y})
			}
		}
		mortal := false
		for k := len(pts) - empty; k > 0; k-- {
			pt := pts[r.IntN(len(pts))]
			for grid[pt[1]][pt[0]] != '.' {
				pt = pts[r.IntN(len(pts))]
			}
			switch v := r.IntN(10); {
			case v < 4 && !mortal:
				grid[pt[1]][pt[0]] = "XO"[r.IntN(2)]
				mortal = true
			default:
				grid[pt[1]][pt[0]] = "#@"[r.IntN(2)]
			}
		}
		if connectedEmpty(grid, cx, cy, w, h) {
			return
		}
	}
}

// connectedEmpty reports whether the non-wall points of the box are
// connected and every mortal stone touches an empty point.
func connectedEmpty(grid [][]byte, cx, cy, w, h int) bool {
	in := func(x, y int) bool {
		return x >= cx && x < cx+w && y >= cy && y < cy+h && grid[y][x] != '#' && grid[y][x] != '@'
	}
	var start [2]int
	total := 0
	for y := cy; y < cy+h; y++ {
		for x := cx; x < cx+w; x++ {
			if in(x, y) {
				total++
				start = [2]int{x, y}
			}
		}
	}
	seen := map[[2]int]bool{start: true}
	stack := [][2]int{start}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			q := [2]int{p[0] + d[0], p[1] + d[1]}
			if in(q[0], q[1]) && !seen[q] {
				seen[q] = true
				stack = append(stack, q)
			}
		}
	}
	if len(seen) != total {
		return false
	}
	for y := cy; y < cy+h; y++ {
		for x := cx; x < cx+w; x++ {
			if grid[y][x] == 'X' || grid[y][x] == 'O' {
				lib := false
				for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					if qy, qx := y+d[1], x+d[0]; qy >= 0 && qy < len(grid) && qx >= 0 && qx < len(grid[0]) && grid[qy][qx] == '.' {
						lib = true
					}
				}
				if !lib {
					return false
				}
			}
		}
	}
	return true
}

// tilesOK reports whether the position has n tiles, none of them a ko or
// settled, and the tile analysis complete.
func tilesOK(rows []string, n int) bool {
	a, err := tiles.Analyze(rowsPosition(rows), tiles.Options{MaxAreaPositions: 1})
	if err != nil || !a.Complete || len(a.Problems) > 0 {
		return false
	}
	count := 0
	for _, t := range a.Tiles {
		if t.Kind == tiles.KindTerritory {
			continue
		}
		count++
	}
	return count == n
}

// endgame19 returns a 19x19 Mathematical Go endgame of 18 rooms and 204
// empty points. Immortal walls along every third row (the first and last
// included) cut the board into six bands two rows high; walls on the
// columns G and N cut each band into three rooms, 6, 5 and 6 points wide.
// The rooms of the middle columns are solve.White's, the others solve.Black's: the
// walls above and below a room have its owner's colour, and each wall
// between two rooms of a band mixes the colours, so a room has one or two
// doors of the other colour (or none). The wall colourings are drawn in a
// seeded random order and the first one in which no room's game has a
// cycle (a ko) and no room is settled territory is kept. Every block has
// a liberty, so the diagram is a legal position file.
func endgame19(seed uint64) []string {
	r := rand.New(rand.NewPCG(seed, 19))
	const n = 19
	own := func(x int) byte {
		if x >= 7 && x <= 11 {
			return '@'
		}
		return '#'
	}
	boundary := func(x int) bool { return x == 6 || x == 12 }
	grid := make([][]byte, n)
	for y := range grid {
		grid[y] = make([]byte, n)
		for x := range grid[y] {
			switch {
			case y%3 == 0 && boundary(x):
				grid[y][x] = own(x - 1)
			case y%3 == 0:
				grid[y][x] = own(x)
			default:
				grid[y][x] = '.'
			}
		}
	}
	rooms := [][2]int{{0, 6}, {7, 5}, {13, 6}}
	for y0 := 1; y0 < n; y0 += 3 {
		for _, combo := range r.Perm(1 << 4) {
			bit := 0
			for _, x := range []int{6, 12} {
				for y := y0; y < y0+2; y++ {
					grid[y][x] = "#@"[(combo>>bit)&1]
					bit++
				}
			}
			ok := true
			for _, rm := range rooms {
				ok = ok && roomOK(grid, rm[0], y0, rm[1], 2)
			}
			if ok {
				break
			}
		}
	}
	rows := make([]string, n)
	for y := range grid {
		rows[y] = string(grid[y])
	}
	return rows
}

// roomOK reports whether the w x h room at (x0, y0), cut out with the ring
// of walls around it (the board's edge where it has no wall), is a tile
// with no ko that is not settled territory: a tile's game depends only on
// its points and the immortal stones around it.
func roomOK(grid [][]byte, x0, y0, w, h int) bool {
	xa, ya := max(x0-1, 0), max(y0-1, 0)
	xb, yb := min(x0+w, len(grid[0])-1), min(y0+h, len(grid)-1)
	var rows []string
	for y := ya; y <= yb; y++ {
		rows = append(rows, string(grid[y][xa:xb+1]))
	}
	a, err := tiles.Analyze(rowsPosition(rows), tiles.Options{MaxAreaPositions: 1})
	if err != nil || len(a.Problems) > 0 {
		return false
	}
	for _, t := range a.Tiles {
		if len(t.Points) == w*h && t.Kind == tiles.KindTerritory {
			return false
		}
	}
	return true
}
