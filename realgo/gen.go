package realgo

import (
	"math/rand"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
)

// GenOptions control RandomEndgame.
type GenOptions struct {
	// MaxOpen is the largest number of empty points outside pass-alive
	// territory (0: 12). Such points are where the search has to play.
	MaxOpen int
	// MinOpen is the smallest number of such points (0: 3).
	MinOpen int
	// Tries bounds the attempts before the generator settles for the
	// last valid position it drew (0: 2000).
	Tries int
}

// RandomEndgame returns a late-endgame whole-board position with ordinary
// stones only, drawn deterministically from rng: the board is split by a
// wandering frontier into a Black side and a White side; each side is a
// wall with eyes and a little territory, mostly pass-alive; the frontier
// is partly open (dame, small gote and sente moves, cutting points left by
// stones taken out of the walls), and some groups have only one sure eye
// and a second that a move can destroy, so they live only by answering.
// cols and rows are clamped to 4..9; below 5x5 the targets are seldom
// met, and the first valid draw is returned. No block is without liberties and no
// block is in atari at the start. The side to move is not set.
func RandomEndgame(rng *rand.Rand, cols, rows int, opts GenOptions) *position.Position {
	cols = min(max(cols, 4), 9)
	rows = min(max(rows, 4), 9)
	if opts.MaxOpen <= 0 {
		opts.MaxOpen = 12
	}
	if opts.MinOpen <= 0 {
		opts.MinOpen = 3
	}
	if opts.Tries <= 0 {
		opts.Tries = 2000
	}
	b, _ := board.New(cols, rows)
	g := newGrid(b)
	var pa paInfo
	var best, fallback []board.Color
	for try := 0; try < opts.Tries; try++ {
		colors := drawEndgame(rng, cols, rows)
		b.Clear()
		for p, c := range colors {
			if c != board.Empty {
				b.Setup(board.Point(p), c)
			}
		}
		if !validStart(b) {
			continue
		}
		if fallback == nil {
			fallback = colors
		}
		g.load(b)
		g.passAlive(&pa)
		open := 0
		var stones, alive [3]int
		for p := 0; p < g.n; p++ {
			c := g.color[p]
			switch {
			case c == board.Empty:
				if pa.terr[p] == board.Empty {
					open++
				}
			default:
				stones[c]++
				if pa.alive[p] || pa.terr[p] == c.Opponent() {
					alive[c]++
				}
			}
		}
		// Mostly settled: for each colour at least 60% of its stones
		// pass-alive (or dead in pass-alive territory).
		if open < opts.MinOpen || open > opts.MaxOpen ||
			10*alive[board.Black] < 6*stones[board.Black] || 10*alive[board.White] < 6*stones[board.White] {
			continue
		}
		best = colors
		break
	}
	if best == nil {
		best = fallback // no draw met the targets: the first valid one
	}
	if best == nil {
		best = make([]board.Color, cols*rows) // an empty board is valid
	}
	pos := &position.Position{Board: b, Immortal: make([]bool, b.Size()), Labels: map[board.Point]string{}, Name: "random"}
	b.Clear()
	for p, c := range best {
		if c != board.Empty {
			b.Setup(board.Point(p), c)
		}
	}
	return pos
}

// validStart reports whether every block has at least two liberties.
func validStart(b *board.Board) bool {
	for _, blk := range b.Blocks() {
		if b.Liberties(blk[0]) < 2 {
			return false
		}
	}
	return true
}

// drawEndgame draws the colours of one candidate position.
func drawEndgame(rng *rand.Rand, cols, rows int) []board.Color {
	n := cols * rows
	colors := make([]board.Color, n)
	// The frontier: per row the column of the boundary, wandering by at
	// most one column from row to row, kept off the edges so both sides
	// have room.
	lo, hi := 1, cols-2
	split := make([]int, rows)
	split[0] = lo + rng.Intn(hi-lo+1)
	for r := 1; r < rows; r++ {
		s := split[r-1] + rng.Intn(3) - 1
		split[r] = min(max(s, lo), hi)
	}
	swap := rng.Intn(2) == 0 // which colour takes the left side
	left, right := board.Black, board.White
	if swap {
		left, right = right, left
	}
	at := func(col, row int) int { return row*cols + col }
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			switch {
			case c < split[r]:
				colors[at(c, r)] = left
			case c > split[r]:
				colors[at(c, r)] = right
			default:
				// the frontier point: open, or taken by either side
				switch x := rng.Intn(10); {
				case x < 4:
					colors[at(c, r)] = board.Empty
				case x < 7:
					colors[at(c, r)] = left
				default:
					colors[at(c, r)] = right
				}
			}
		}
	}
	// Eyes and territory: on each side, empty points away from the
	// frontier, not next to each other (so each is an eye), plus now and
	// then a second point next to an eye (a two- or three-point eye, or
	// territory along the wall).
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			d := c - split[r]
			if d < 0 {
				d = -d
			}
			if d < 2 || rng.Intn(2) == 0 {
				continue
			}
			free := true
			for _, q := range [][2]int{{c - 1, r}, {c + 1, r}, {c, r - 1}, {c, r + 1}} {
				if q[0] >= 0 && q[0] < cols && q[1] >= 0 && q[1] < rows && colors[at(q[0], q[1])] == board.Empty {
					free = false
				}
			}
			if free || rng.Intn(4) == 0 {
				colors[at(c, r)] = board.Empty
			}
		}
	}
	// Take a few stones next to the frontier out of the walls: cutting
	// points, small gote and sente moves.
	for k := rng.Intn(3); k > 0; k-- {
		r := rng.Intn(rows)
		c := split[r] + rng.Intn(3) - 1
		if c >= 0 && c < cols {
			colors[at(c, r)] = board.Empty
		}
	}
	// Now and then an enemy stone dropped inside a side: dead, or a
	// nuisance to capture.
	if rng.Intn(3) == 0 {
		r := rng.Intn(rows)
		c := rng.Intn(cols)
		if colors[at(c, r)] == board.Empty {
			if c < split[r] {
				colors[at(c, r)] = right
			} else if c > split[r] {
				colors[at(c, r)] = left
			}
		}
	}
	return colors
}
