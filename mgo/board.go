package mgo

import (
	"slices"

	"github.com/mathgo/mathgo/board"
)

// Board is the state of a board under Mathematical Go rules: the
// contents of each point, which stones are immortal, and an undo log.
// Its geometry (size, neighbours, point names) is that of the
// board.Board it was made from, whose stones it does not change.
//
// A Board is not safe for concurrent use. Copying a Board value makes a
// second Board that shares the first one's storage: a Board may be
// copied (embedded by value) only before it is used.
type Board struct {
	geometry  *board.Board
	cells     []board.Color
	immortal  []bool
	neighbors [][]board.Point
	// log holds one Change per point changed, oldest first: Undo replays
	// it backwards.
	log []Change
	// work holds the stones of the block play last examined: captured,
	// or made immortal by joining.
	work  []board.Point
	marks board.Marker
	// joinAt is where the last Play's immortality records start in log,
	// or -1 when it made no stone immortal.
	joinAt int
}

// Change is one record of the undo log: a point and what it held before
// the change.
type Change struct {
	Point    board.Point
	Color    board.Color
	Immortal bool
}

// New returns the Board of b's stones with the given immortal stones
// (one entry per point, as life.Certify or tiles.DefaultImmortal give
// them; a block is immortal as a whole). New copies immortal and does not
// change b, but keeps it for its geometry: b must not be resized.
func New(b *board.Board, immortal []bool) *Board {
	n := b.Size()
	m := &Board{
		geometry:  b,
		cells:     make([]board.Color, n),
		immortal:  make([]bool, n),
		neighbors: make([][]board.Point, n),
		marks:     board.NewMarker(n),
		joinAt:    -1,
	}
	copy(m.immortal, immortal)
	for p := range board.Point(n) {
		m.cells[p] = b.At(p)
		m.neighbors[p] = b.Neighbors(p)
	}
	return m
}

// Geometry returns the board the Board was made from: its size, the
// neighbours and names of its points, and the stones at the start (not
// the current ones: see At).
func (m *Board) Geometry() *board.Board { return m.geometry }

// Size returns the number of points.
func (m *Board) Size() int { return len(m.cells) }

// At returns the current contents of p, a point of the board.
func (m *Board) At(p board.Point) board.Color { return m.cells[p] }

// Immortal reports whether p, a point of the board, holds an immortal
// stone now.
func (m *Board) Immortal(p board.Point) bool { return m.immortal[p] }

// Neighbors returns the points orthogonally adjacent to p, a point of
// the board. The slice is shared: the caller must not modify it.
func (m *Board) Neighbors(p board.Point) []board.Point { return m.neighbors[p] }

// Play places a stone of colour c (Black or White) at p. Mortal enemy
// blocks left without liberties are captured; immortal stones never are.
// A stone that joins an immortal block is immortal, with the whole block
// of mortal stones it makes (Joined lists them). Play returns the number
// of stones captured, or ok=false, and changes nothing, for an illegal
// move: an occupied point, or suicide (no liberty, no capture and no
// immortal block joined). There is no ko ban.
//
// Immortality belongs to whole blocks: no mortal stone touches an
// immortal stone of its colour, before or after Play.
func (m *Board) Play(p board.Point, c board.Color) (captured int, ok bool) {
	if m.cells[p] != board.Empty {
		return 0, false
	}
	mark := len(m.log)
	m.set(p, c)
	opp := c.Opponent()
	libs, joins, own := false, false, false
	for _, q := range m.neighbors[p] {
		switch m.cells[q] {
		case board.Empty:
			libs = true
		case c:
			if m.immortal[q] {
				joins = true
			} else {
				own = true
			}
		case opp:
			if !m.immortal[q] && !m.hasLiberty(q) {
				for _, s := range m.work {
					m.set(s, board.Empty)
				}
				captured += len(m.work)
			}
		}
	}
	// The stones that become immortal if the move joins: p's block of
	// mortal stones.
	m.work = append(m.work[:0], p)
	if own {
		st := m.marks.Next()
		m.marks.Set(p, st)
		for i := 0; i < len(m.work); i++ {
			for _, q := range m.neighbors[m.work[i]] {
				if m.marks.Is(q, st) {
					continue
				}
				switch m.cells[q] {
				case c:
					if m.immortal[q] {
						joins = true
					} else {
						m.marks.Set(q, st)
						m.work = append(m.work, q)
					}
				case board.Empty:
					libs = true
				}
			}
		}
	}
	if !libs && !joins && captured == 0 {
		m.Undo(mark)
		return 0, false
	}
	m.joinAt = -1
	if joins {
		m.joinAt = len(m.log)
		for _, s := range m.work {
			m.log = append(m.log, Change{Point: s, Color: c})
			m.immortal[s] = true
		}
	}
	return captured, true
}

// hasLiberty reports whether the block of the mortal stone q has a
// liberty; if not, m.work holds its stones.
func (m *Board) hasLiberty(q board.Point) bool {
	for _, r := range m.neighbors[q] {
		if m.cells[r] == board.Empty {
			return true
		}
	}
	c := m.cells[q]
	st := m.marks.Next()
	m.work = append(m.work[:0], q)
	m.marks.Set(q, st)
	for i := 0; i < len(m.work); i++ {
		for _, r := range m.neighbors[m.work[i]] {
			if m.marks.Is(r, st) {
				continue
			}
			switch m.cells[r] {
			case c:
				m.marks.Set(r, st)
				m.work = append(m.work, r)
			case board.Empty:
				return true
			}
		}
	}
	return false
}

// set changes a point, logging the old contents.
func (m *Board) set(p board.Point, c board.Color) {
	m.log = append(m.log, Change{Point: p, Color: m.cells[p], Immortal: m.immortal[p]})
	m.cells[p] = c
}

// Mark returns the current undo position, for Undo and Changes.
func (m *Board) Mark() int { return len(m.log) }

// Undo takes back every change made since Mark returned mark.
func (m *Board) Undo(mark int) {
	for i := len(m.log) - 1; i >= mark; i-- {
		ch := m.log[i]
		m.cells[ch.Point] = ch.Color
		m.immortal[ch.Point] = ch.Immortal
	}
	m.log = m.log[:mark]
}

// Changes returns the undo records between the marks from and to (as
// Mark gives them, from <= to): each point changed, with its contents
// before the change, oldest first. A point may appear more than once.
// The slice is the Board's own, valid until the next Play or Undo: the
// caller must not modify it.
func (m *Board) Changes(from, to int) []Change { return m.log[from:to:to] }

// Joined reports whether the last Play made stones immortal (the move
// joined an immortal block), and if so the mark from which its records
// start: Changes(from, Mark()) lists the stones made immortal, each with
// its colour, right after that Play. The records of the stones the move
// placed and captured come before from.
func (m *Board) Joined() (from int, ok bool) { return m.joinAt, m.joinAt >= 0 }

// Components splits the points of region that do not hold immortal
// stones into connected regions (connected through such points of
// region), each sorted by point index, in the order of their first point
// in region.
func (m *Board) Components(region []board.Point) [][]board.Point {
	in, done := m.marks.Next2()
	for _, p := range region {
		if !m.immortal[p] {
			m.marks.Set(p, in)
		}
	}
	var out [][]board.Point
	for _, p := range region {
		if !m.marks.Is(p, in) {
			continue
		}
		comp := []board.Point{p}
		m.marks.Set(p, done)
		for i := 0; i < len(comp); i++ {
			for _, q := range m.neighbors[comp[i]] {
				if m.marks.Is(q, in) {
					m.marks.Set(q, done)
					comp = append(comp, q)
				}
			}
		}
		slices.Sort(comp)
		out = append(out, comp)
	}
	return out
}

// BoundaryColors reports which colours of immortal stones touch region.
func (m *Board) BoundaryColors(region []board.Point) (black, white bool) {
	for _, p := range region {
		for _, q := range m.neighbors[p] {
			if m.immortal[q] {
				switch m.cells[q] {
				case board.Black:
					black = true
				case board.White:
					white = true
				}
			}
		}
	}
	return
}

// Settled reports whether region (a connected region of points without
// immortal stones, as Components gives) is settled territory, and if so
// its value: only one colour's immortal stones bound it and every point
// of it touches them, so the other colour can never make an eye there.
// The value is the number of spare moves the region is worth to its
// owner under Japanese counting (each point, plus one more per enemy
// stone, a prisoner), positive for Black and negative for White. An empty
// region is settled and worth 0.
func (m *Board) Settled(region []board.Point) (value int, ok bool) {
	black, white := m.BoundaryColors(region)
	if black == white {
		return 0, len(region) == 0
	}
	owner := board.Black
	if white {
		owner = board.White
	}
	v := 0
	for _, p := range region {
		touches := false
		for _, q := range m.neighbors[p] {
			if m.immortal[q] && m.cells[q] == owner {
				touches = true
				break
			}
		}
		if !touches {
			return 0, false
		}
		switch m.cells[p] {
		case board.Empty:
			v++
		case owner:
			return 0, false // unreachable: such a stone would be immortal
		default:
			v += 2
		}
	}
	if owner == board.White {
		v = -v
	}
	return v, true
}

// EachMove plays, in turn, each legal move of colour c at the empty
// points of region, in region's order, and calls f with the move played:
// its point, the number of stones it captured and the mark from before
// it (see Undo and Changes). The move is taken back when f returns. The
// first error f returns stops the loop and is returned.
func (m *Board) EachMove(region []board.Point, c board.Color, f func(p board.Point, captured, mark int) error) error {
	for _, p := range region {
		if m.cells[p] != board.Empty {
			continue
		}
		mark := len(m.log)
		captured, ok := m.Play(p, c)
		if !ok {
			continue
		}
		err := f(p, captured, mark)
		m.Undo(mark)
		if err != nil {
			return err
		}
	}
	return nil
}
