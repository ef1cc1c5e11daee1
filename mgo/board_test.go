package mgo

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mathgo/mathgo/board"
)

// load builds a Board from rows of cells, top row first: '#' and '@'
// immortal Black and White stones, 'X' and 'O' mortal ones, anything else
// empty. A block with one immortal stone is immortal as a whole.
func load(t testing.TB, rows ...string) *Board {
	t.Helper()
	h, w := len(rows), len(rows[0])
	b, err := board.New(w, h)
	if err != nil {
		t.Fatal(err)
	}
	imm := make([]bool, w*h)
	for y, row := range rows {
		for x, ch := range row {
			p := b.Pt(x, h-1-y)
			switch ch {
			case '#', 'X':
				b.Setup(p, board.Black)
			case '@', 'O':
				b.Setup(p, board.White)
			}
			imm[p] = ch == '#' || ch == '@'
		}
	}
	return New(b, wholeBlocks(b, imm))
}

// wholeBlocks extends immortality from a stone to its block.
func wholeBlocks(b *board.Board, imm []bool) []bool {
	out := slices.Clone(imm)
	for _, blk := range b.Blocks() {
		if slices.ContainsFunc(blk, func(p board.Point) bool { return imm[p] }) {
			for _, p := range blk {
				out[p] = true
			}
		}
	}
	return out
}

// pt returns the point with GTP name s.
func pt(t testing.TB, m *Board, s string) board.Point {
	t.Helper()
	p, err := m.Geometry().ParsePoint(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// state is a snapshot of a Board's stones and immortal flags.
type state struct {
	cells []board.Color
	imm   []bool
	mark  int
}

func snapshot(m *Board) state {
	s := state{cells: make([]board.Color, m.Size()), imm: make([]bool, m.Size()), mark: m.Mark()}
	for p := range board.Point(m.Size()) {
		s.cells[p], s.imm[p] = m.At(p), m.Immortal(p)
	}
	return s
}

func (s state) equal(o state) bool {
	return slices.Equal(s.cells, o.cells) && slices.Equal(s.imm, o.imm) && s.mark == o.mark
}

// TestCapture: a mortal block without liberties is captured, the count
// returned, and Undo puts it back exactly.
func TestCapture(t *testing.T) {
	m := load(t,
		".XX..",
		"XOO..",
		".XX..",
	)
	before := snapshot(m)
	captured, ok := m.Play(pt(t, m, "D2"), board.Black)
	if !ok || captured != 2 {
		t.Fatalf("D2: captured %d, ok %v; want 2, true", captured, ok)
	}
	if m.At(pt(t, m, "B2")) != board.Empty || m.At(pt(t, m, "C2")) != board.Empty || m.At(pt(t, m, "D2")) != board.Black {
		t.Error("the captured stones are still there, or the stone was not placed")
	}
	if _, joined := m.Joined(); joined {
		t.Error("a capture with no immortal stone around joined")
	}
	m.Undo(before.mark)
	if !snapshot(m).equal(before) {
		t.Error("Undo did not restore the position")
	}
}

// TestImmortalNotCaptured: an immortal block is never captured, even
// without liberties, and the move that takes its last liberty is legal
// when it has liberties of its own.
func TestImmortalNotCaptured(t *testing.T) {
	m := load(t,
		".XX..",
		"X@@..",
		".XX..",
	)
	captured, ok := m.Play(pt(t, m, "D2"), board.Black)
	if !ok || captured != 0 {
		t.Fatalf("D2: captured %d, ok %v; want 0, true", captured, ok)
	}
	if m.At(pt(t, m, "B2")) != board.White || !m.Immortal(pt(t, m, "C2")) {
		t.Error("the immortal block changed")
	}
}

// TestSuicide: a move without liberties that captures nothing and joins
// no immortal block is illegal and changes nothing; so is a move on an
// occupied point.
func TestSuicide(t *testing.T) {
	m := load(t,
		".O.",
		"O.O",
		".O.",
	)
	before := snapshot(m)
	if _, ok := m.Play(pt(t, m, "B2"), board.Black); ok {
		t.Error("suicide allowed")
	}
	if _, ok := m.Play(pt(t, m, "B1"), board.Black); ok {
		t.Error("play on an occupied point allowed")
	}
	if !snapshot(m).equal(before) {
		t.Error("an illegal move changed the board")
	}
	// White filling the point is fine (its stones have liberties).
	if _, ok := m.Play(pt(t, m, "B2"), board.White); !ok {
		t.Error("White B2 refused")
	}
	// A suicide of several stones is illegal too.
	m = load(t,
		"XO.",
		".O.",
		"OO.",
	)
	before = snapshot(m)
	if _, ok := m.Play(pt(t, m, "A2"), board.Black); ok {
		t.Error("suicide of two stones allowed")
	}
	if !snapshot(m).equal(before) {
		t.Error("an illegal move changed the board")
	}
}

// TestCaptureNotSuicide: a move without liberties that captures is legal
// (there is no ko ban: the recapture is legal too).
func TestCaptureNotSuicide(t *testing.T) {
	m := load(t,
		".XO.",
		"XO.O",
		".XO.",
	)
	captured, ok := m.Play(pt(t, m, "C2"), board.Black)
	if !ok || captured != 1 {
		t.Fatalf("C2: captured %d, ok %v; want 1, true", captured, ok)
	}
	captured, ok = m.Play(pt(t, m, "B2"), board.White)
	if !ok || captured != 1 {
		t.Fatalf("ko recapture B2: captured %d, ok %v; want 1, true", captured, ok)
	}
}

// TestJoin: a stone next to an immortal block of its colour is immortal
// with the whole mortal block it makes; Joined lists those stones, and
// Undo makes them mortal again. Filling the last liberty of one's own
// immortal block is legal (it joins).
func TestJoin(t *testing.T) {
	m := load(t,
		"##...",
		"#.XX.",
		"##...",
	)
	before := snapshot(m)
	captured, ok := m.Play(pt(t, m, "B2"), board.Black)
	if !ok || captured != 0 {
		t.Fatalf("B2: captured %d, ok %v", captured, ok)
	}
	from, joined := m.Joined()
	if !joined {
		t.Fatal("B2 did not join")
	}
	var got []string
	for _, ch := range m.Changes(from, m.Mark()) {
		got = append(got, m.Geometry().Name(ch.Point))
		if ch.Color != board.Black || ch.Immortal {
			t.Errorf("join record %+v: want a Black stone, mortal before", ch)
		}
	}
	slices.Sort(got)
	if want := []string{"B2", "C2", "D2"}; !slices.Equal(got, want) {
		t.Errorf("joined %v, want %v", got, want)
	}
	for _, s := range []string{"B2", "C2", "D2"} {
		if !m.Immortal(pt(t, m, s)) {
			t.Errorf("%s is not immortal", s)
		}
	}
	if ch := m.Changes(before.mark, from); len(ch) != 1 || ch[0].Point != pt(t, m, "B2") || ch[0].Color != board.Empty {
		t.Errorf("records before the join: %+v, want B2 empty", ch)
	}
	m.Undo(before.mark)
	if !snapshot(m).equal(before) {
		t.Error("Undo did not restore the position")
	}

	// The last liberty of an immortal block, inside it: legal, joins.
	m = load(t,
		"###",
		"#.#",
		"###",
	)
	if _, ok := m.Play(pt(t, m, "B2"), board.Black); !ok {
		t.Error("filling the last eye of an immortal block refused")
	}
	if !m.Immortal(pt(t, m, "B2")) {
		t.Error("the stone filling it is not immortal")
	}
	// White there is suicide.
	m = load(t,
		"###",
		"#.#",
		"###",
	)
	if _, ok := m.Play(pt(t, m, "B2"), board.White); ok {
		t.Error("White's suicide in Black's immortal eye allowed")
	}
}

// TestComponentsAndSettled: the points outside immortal stones split into
// connected regions; one bounded only by one colour, every point touching
// it, is settled territory (each point one, each enemy stone two).
func TestComponentsAndSettled(t *testing.T) {
	m := load(t,
		".#..@.",
		"O#.X@.",
		"##@@@.",
	)
	all := make([]board.Point, m.Size())
	for i := range all {
		all[i] = board.Point(i)
	}
	comps := m.Components(all)
	var names [][]string
	for _, c := range comps {
		if !slices.IsSorted(c) {
			t.Errorf("component %v not sorted", c)
		}
		var ns []string
		for _, p := range c {
			ns = append(ns, m.Geometry().Name(p))
		}
		slices.Sort(ns)
		names = append(names, ns)
	}
	want := [][]string{{"F1", "F2", "F3"}, {"A2", "A3"}, {"C2", "C3", "D2", "D3"}}
	if len(names) != len(want) {
		t.Fatalf("components %v, want %v", names, want)
	}
	for _, w := range want {
		if !slices.ContainsFunc(names, func(n []string) bool { return slices.Equal(n, w) }) {
			t.Errorf("components %v, missing %v", names, w)
		}
	}
	for _, c := range comps {
		v, ok := m.Settled(c)
		switch name := m.Geometry().Name(c[0]); name {
		case "A2": // Black's corner with a dead White stone: 1 point + 1 stone*2
			if !ok || v != 3 {
				t.Errorf("%s: settled %d, %v; want 3, true", name, v, ok)
			}
		case "C2": // both colours around
			if ok {
				t.Errorf("%s: settled %d, want not settled", name, v)
			}
		case "F1": // White only, every point touches
			if !ok || v != -3 {
				t.Errorf("%s: settled %d, %v; want -3, true", name, v, ok)
			}
		}
	}
	if v, ok := m.Settled(nil); !ok || v != 0 {
		t.Errorf("empty region: %d, %v; want 0, true", v, ok)
	}
	// A point of the region that does not touch the wall: not settled.
	m = load(t,
		"....",
		"....",
		"####",
	)
	if _, ok := m.Settled(m.Components(all[:12])[0]); ok {
		t.Error("a region with a point far from the wall is settled")
	}
	if black, white := m.BoundaryColors(m.Components(all[:12])[0]); !black || white {
		t.Errorf("boundary colours %v %v, want black only", black, white)
	}
}

// TestEachMove: the legal moves in region order, each played when f sees
// it and taken back after; an error stops the loop.
func TestEachMove(t *testing.T) {
	m := load(t,
		".O.",
		"O.O",
		"...",
	)
	before := snapshot(m)
	var got []string
	err := m.EachMove([]board.Point{4, 0, 1, 2, 3, 5, 6, 7, 8}, board.Black, func(p board.Point, captured, mark int) error {
		if m.At(p) != board.Black || mark != before.mark {
			t.Errorf("%s: not played, or mark %d", m.Geometry().Name(p), mark)
		}
		got = append(got, m.Geometry().Name(p))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// A3 and C3 are suicide.
	if want := []string{"B2", "A1", "B1", "C1"}; !slices.Equal(got, want) {
		t.Errorf("moves %v, want %v", got, want)
	}
	if !snapshot(m).equal(before) {
		t.Error("EachMove did not restore the position")
	}
	stop := errors.New("stop")
	n := 0
	err = m.EachMove([]board.Point{0, 1, 2}, board.White, func(board.Point, int, int) error {
		n++
		return stop
	})
	if err != stop || n != 1 || !snapshot(m).equal(before) {
		t.Errorf("EachMove after an error: %v, %d calls", err, n)
	}
}

// ref is a plain implementation of the rules for the random test: flood
// fills on copies, nothing incremental.
type ref struct {
	b     *board.Board
	cells []board.Color
	imm   []bool
}

// block returns the block of the stone at p and whether it has a liberty.
func (r *ref) block(p board.Point) ([]board.Point, bool) {
	c := r.cells[p]
	blk, seen, libs := []board.Point{p}, map[board.Point]bool{p: true}, false
	for i := 0; i < len(blk); i++ {
		for _, q := range r.b.Neighbors(blk[i]) {
			switch {
			case r.cells[q] == board.Empty:
				libs = true
			case r.cells[q] == c && !seen[q]:
				seen[q] = true
				blk = append(blk, q)
			}
		}
	}
	return blk, libs
}

func (r *ref) play(p board.Point, c board.Color) (int, bool) {
	if r.cells[p] != board.Empty {
		return 0, false
	}
	cells, imm := slices.Clone(r.cells), slices.Clone(r.imm)
	r.cells[p] = c
	captured := 0
	for _, q := range r.b.Neighbors(p) {
		if r.cells[q] != c.Opponent() {
			continue
		}
		blk, libs := r.block(q)
		if libs || slices.ContainsFunc(blk, func(s board.Point) bool { return r.imm[s] }) {
			continue
		}
		for _, s := range blk {
			r.cells[s] = board.Empty
		}
		captured += len(blk)
	}
	blk, libs := r.block(p)
	joins := slices.ContainsFunc(blk, func(s board.Point) bool { return r.imm[s] })
	if !libs && !joins {
		r.cells, r.imm = cells, imm
		return 0, false
	}
	if joins {
		for _, s := range blk {
			r.imm[s] = true
		}
	}
	return captured, true
}

// TestRandomAgainstReference plays random moves and takes random numbers
// of them back on random small boards, comparing every position with the
// plain implementation, and Undo with the position it restores.
func TestRandomAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for game := range 300 {
		cols, rows := 2+r.IntN(5), 2+r.IntN(4)
		b, _ := board.New(cols, rows)
		imm := make([]bool, b.Size())
		for p := range board.Point(b.Size()) {
			switch x := r.IntN(100); {
			case x < 12:
				b.Setup(p, board.Black)
				imm[p] = true
			case x < 24:
				b.Setup(p, board.White)
				imm[p] = true
			case x < 34:
				b.Setup(p, board.Black)
			case x < 44:
				b.Setup(p, board.White)
			}
		}
		imm = wholeBlocks(b, imm)
		m := New(b, imm)
		want := &ref{b: b, cells: snapshot(m).cells, imm: slices.Clone(imm)}
		var stack []state
		for step := range 60 {
			if len(stack) > 0 && r.IntN(4) == 0 {
				k := 1 + r.IntN(len(stack))
				s := stack[len(stack)-k]
				stack = stack[:len(stack)-k]
				m.Undo(s.mark)
				if got := snapshot(m); !got.equal(s) {
					t.Fatalf("game %d step %d: Undo to %d did not restore the position", game, step, s.mark)
				}
				want.cells, want.imm = slices.Clone(s.cells), slices.Clone(s.imm)
				continue
			}
			p := board.Point(r.IntN(b.Size()))
			c := board.Color(1 + r.IntN(2))
			before := snapshot(m)
			gc, gok := m.Play(p, c)
			wc, wok := want.play(p, c)
			if gc != wc || gok != wok {
				t.Fatalf("game %d step %d: %s %s: got %d, %v; want %d, %v", game, step, c, b.Name(p), gc, gok, wc, wok)
			}
			got := snapshot(m)
			if !slices.Equal(got.cells, want.cells) || !slices.Equal(got.imm, want.imm) {
				t.Fatalf("game %d step %d: %s %s: position differs from the reference", game, step, c, b.Name(p))
			}
			if !gok {
				if !got.equal(before) {
					t.Fatalf("game %d step %d: an illegal move changed the board", game, step)
				}
				continue
			}
			// The undo records before the join give the position back.
			from, joined := m.Joined()
			if !joined {
				from = m.Mark()
			}
			for _, ch := range m.Changes(from, m.Mark()) {
				if !got.imm[ch.Point] || before.imm[ch.Point] || ch.Color != c {
					t.Fatalf("game %d step %d: bad join record %+v", game, step, ch)
				}
			}
			stack = append(stack, before)
		}
	}
}
