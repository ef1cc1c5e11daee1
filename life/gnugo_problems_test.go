package life

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
)

// gnugoSize is the board the problems are embedded in for GNU Go.
const gnugoSize = 19

// embedding places a problem diagram on a whole gnugoSize board for GNU Go:
// the diagram sits against the board edges it draws, and every point
// outside it is filled with stones of the colour of the nearest frame stone,
// with one-point eyes on a lattice, so that the frame is alive for GNU Go
// as it is immortal for mathgo.
type embedding struct {
	dx, dy int           // board coordinates of the diagram's lower-left point
	stones []board.Color // the whole board, gnugoSize*gnugoSize, row 0 at the bottom
}

func embed(pos *position.Position) (*embedding, error) {
	b := pos.Board
	cols, rows := b.Cols(), b.Rows()
	if cols > gnugoSize-4 || rows > gnugoSize-4 {
		return nil, fmt.Errorf("diagram %dx%d too large to embed", cols, rows)
	}
	e := &embedding{stones: make([]board.Color, gnugoSize*gnugoSize)}
	place := func(openLow, openHigh bool, n int) int {
		switch {
		case !openLow:
			return 0
		case !openHigh:
			return gnugoSize - n
		default:
			return (gnugoSize - n) / 2
		}
	}
	if !pos.Open.Any() {
		return nil, fmt.Errorf("a whole-board diagram is not a fragment")
	}
	e.dx = place(pos.Open.Left, pos.Open.Right, cols)
	e.dy = place(pos.Open.Bottom, pos.Open.Top, rows)
	inside := func(x, y int) bool { return x >= e.dx && x < e.dx+cols && y >= e.dy && y < e.dy+rows }
	idx := func(x, y int) int { return y*gnugoSize + x }
	frame := pos.Frame()
	// Breadth-first from the frame stones over the outside points.
	var queue [][2]int
	seen := make([]bool, gnugoSize*gnugoSize)
	for p := 0; p < b.Size(); p++ {
		c, r := b.Coords(board.Point(p))
		x, y := c+e.dx, r+e.dy
		e.stones[idx(x, y)] = b.At(board.Point(p))
		seen[idx(x, y)] = true
		if frame[p] {
			queue = append(queue, [2]int{x, y})
		}
	}
	if len(queue) == 0 {
		return nil, fmt.Errorf("no frame stones")
	}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		c := e.stones[idx(q[0], q[1])]
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			x, y := q[0]+d[0], q[1]+d[1]
			if x < 0 || y < 0 || x >= gnugoSize || y >= gnugoSize || seen[idx(x, y)] || inside(x, y) {
				continue
			}
			seen[idx(x, y)] = true
			e.stones[idx(x, y)] = c
			queue = append(queue, [2]int{x, y})
		}
	}
	// Eyes: every other point of every other line, away from the diagram.
	for y := 0; y < gnugoSize; y++ {
		for x := 0; x < gnugoSize; x++ {
			if x%2 != 1 || y%2 != 1 || inside(x, y) {
				continue
			}
			near := false
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				if inside(x+d[0], y+d[1]) {
					near = true
				}
			}
			if !near {
				e.stones[idx(x, y)] = board.Empty
			}
		}
	}
	return e, nil
}

// vertex names the diagram point p on the whole board.
func (e *embedding) vertex(b *board.Board, p board.Point) string {
	c, r := b.Coords(p)
	x, y := c+e.dx, r+e.dy
	letters := "ABCDEFGHJKLMNOPQRST"
	return fmt.Sprintf("%c%d", letters[x], y+1)
}

// load sets the embedded position up in GNU Go.
func (e *embedding) load(t *testing.T, g *gtp) {
	g.send(t, fmt.Sprintf("boardsize %d", gnugoSize))
	g.send(t, "clear_board")
	letters := "ABCDEFGHJKLMNOPQRST"
	for i, c := range e.stones {
		if c == board.Empty {
			continue
		}
		color := "black"
		if c == board.White {
			color = "white"
		}
		// Every block of the final position has a liberty, so placing
		// the stones one by one captures nothing.
		g.send(t, fmt.Sprintf("play %s %c%d", color, letters[i%gnugoSize], i/gnugoSize+1))
	}
}

// point maps a GNU Go vertex back to the diagram ("PASS" stays, a point
// outside the diagram is named on the whole board with a leading '!').
func (e *embedding) point(b *board.Board, v string) string {
	if strings.EqualFold(v, "pass") {
		return "PASS"
	}
	letters := "ABCDEFGHJKLMNOPQRST"
	x := strings.IndexByte(letters, strings.ToUpper(v)[0])
	var y int
	if _, err := fmt.Sscanf(v[1:], "%d", &y); err != nil || x < 0 {
		return "?" + v
	}
	c, r := x-e.dx, y-1-e.dy
	if !b.OnBoard(c, r) {
		return "!" + v
	}
	return b.Name(b.Pt(c, r))
}

// owl asks GNU Go one owl command about the diagram point p and returns
// the answer as "code" or "code:move" with the move in diagram
// coordinates.
func (e *embedding) owl(t *testing.T, g *gtp, b *board.Board, command string, p board.Point) string {
	f := strings.Fields(g.send(t, command+" "+e.vertex(b, p)))
	if len(f) == 0 {
		return ""
	}
	if len(f) == 1 {
		return f[0]
	}
	return f[0] + ":" + e.point(b, f[1])
}

// TestProblemsAgainstGnuGo replays the GNU Go cross-checks recorded in the
// problem files ("// gnugo: block=B2 owl_attack=1:B1 owl_defend=0", or
// group=... naming the group by its points, GNU Go's owl code reading the
// whole dragon of the first): each diagram is embedded in a 19x19 board
// with a living frame, and GNU Go's owl_attack and owl_defend answers
// (result code: 0 fails, 1 succeeds, 2 and 3 by a ko, 5 with a loss; and
// the move) must be the recorded ones. What GNU Go's answer means for each
// problem, and where it differs from mathgo's, is in the file's comments.
func TestProblemsAgainstGnuGo(t *testing.T) {
	var g *gtp
	checked := 0
	for _, pr := range loadProblems(t) {
		for _, want := range pr.gnugo {
			if g == nil {
				g = startGnugo(t)
			}
			e, err := embed(pr.pos)
			if err != nil {
				t.Fatalf("%s: %v", pr.path, err)
			}
			e.load(t, g)
			b := pr.pos.Board
			target := want["block"]
			if target == "" {
				target = want["group"]
			}
			p, err := b.ParsePoint(strings.Split(target, ",")[0])
			if err != nil {
				t.Fatalf("%s: %v", pr.path, err)
			}
			for _, cmd := range []string{"owl_attack", "owl_defend"} {
				w, ok := want[cmd]
				if !ok {
					continue
				}
				if got := e.owl(t, g, b, cmd, p); got != w {
					t.Errorf("%s %s: GNU Go %s = %s, recorded %s", filepath.Base(pr.path), target, cmd, got, w)
				}
				checked++
			}
		}
	}
	t.Logf("%d GNU Go answers checked", checked)
}
