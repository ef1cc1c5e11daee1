package board

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Color is the content of a point: Empty, Black or White.
type Color uint8

// The colours of a point. Black is Left (positive values), White is Right.
const (
	Empty Color = iota
	Black
	White
)

// Opponent returns the other player's colour: White for Black, Black for
// White, and Empty for anything else.
func (c Color) Opponent() Color {
	switch c {
	case Black:
		return White
	case White:
		return Black
	}
	return Empty
}

// String returns "empty", "black" or "white" (and "color(n)" for an invalid
// value).
// Letter is "B" for Black and "W" for White (an SGF property's name,
// and how a line of play names its players: "B D5 W pass"); "" for
// Empty.
func (c Color) Letter() string {
	switch c {
	case Black:
		return "B"
	case White:
		return "W"
	}
	return ""
}

func (c Color) String() string {
	switch c {
	case Empty:
		return "empty"
	case Black:
		return "black"
	case White:
		return "white"
	}
	return fmt.Sprintf("color(%d)", uint8(c))
}

// Point is a point of the board, the index row*cols+col, where row 0 is the
// bottom row and column 0 the left column.
type Point int32

// Pass is the Point of a pass move.
const Pass Point = -1

// KoRule says which repetitions a Board forbids.
type KoRule uint8

// The ko rules.
const (
	// KoNone allows immediate recapture (Mathematical Go: a ko is a loop
	// the analysis handles, not something the board forbids).
	KoNone KoRule = iota
	// KoSimple forbids retaking a single-stone ko immediately.
	KoSimple
	// KoSuperko forbids any move whose resulting stone configuration
	// repeats a configuration seen earlier in the game since the last Setup
	// (positional superko). Configurations are compared by their 64-bit
	// Zobrist hash, so a move is wrongly refused only on a hash collision.
	// An immediate single-stone ko recapture is reported as ErrKo.
	KoSuperko
)

// String returns "none", "simple" or "superko".
func (r KoRule) String() string {
	switch r {
	case KoNone:
		return "none"
	case KoSimple:
		return "simple"
	case KoSuperko:
		return "superko"
	}
	return fmt.Sprintf("korule(%d)", uint8(r))
}

// Errors returned by Play. Play returns these values themselves (no
// wrapping, so an illegal move costs no allocation); callers add the point
// and colour as context.
var (
	ErrOccupied = errors.New("board: point is occupied")
	ErrSuicide  = errors.New("board: suicide")
	ErrKo       = errors.New("board: ko (immediate recapture)")
	ErrSuperko  = errors.New("board: superko (repeats an earlier position)")
	ErrOffBoard = errors.New("board: point is off the board")
	// ErrColor is returned for a move by a colour that is neither Black
	// nor White.
	ErrColor = errors.New("board: a move must be black or white")
)

// MaxSide is the largest number of points on a side of a Board.
const MaxSide = 25

// columnLetters are the GTP column names: A..Z without I.
const columnLetters = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

// Board is a Go position with its rules and move history. The zero value is
// not usable: create boards with New.
type Board struct {
	cols, rows, size int

	color []Color
	head  []Point // block representative of each stone
	next  []Point // circular list of the stones of each block
	bsize []int32 // per representative: number of stones
	plibs []int32 // per representative: pseudo-liberties (stone, empty neighbour) pairs

	nbrs [][]Point // neighbours of each point, capacity-limited slices of one array

	hash      uint64
	ko        Point // point where the last move's single capture may not be retaken, or Pass
	koColor   Color // colour that may not play at ko
	koRule    KoRule
	prisoners [3]int

	// Undo history since the last Setup.
	hist      []undoRec
	capStones []capStone // captured stones of all moves in history, each block from its head in list order
	capBlocks []capBlock // captured blocks of all moves in history
	merges    []merge    // block merges of all moves in history

	// seen counts the stone configurations (by hash) of the game since the
	// last Setup; kept only while the ko rule is KoSuperko.
	seen map[uint64]int32

	// stale says the block data must be recomputed from the colours before
	// use (Setup changes colours only, so that loading a position costs
	// one recomputation, not one per stone).
	stale bool

	// Scratch for queries.
	mark    []uint32
	markGen uint32
}

type undoRec struct {
	p         Point
	c         Color
	koColor   Color
	ko        Point
	hash      uint64
	captured  int32
	capBlocks int8
	merges    int8
}

// capStone is a captured stone with the per-point block counters it had:
// for a stone absorbed into a block by an earlier merge they are still
// needed to undo that merge, and replaying on the point overwrites them.
type capStone struct {
	p           Point
	size, plibs int32
}

type capBlock struct {
	head Point
	n    int32
}

type merge struct {
	keep, absorbed Point
}

// New returns an empty board with the given number of columns and rows,
// each 1..25, with ko rule KoNone.
func New(cols, rows int) (*Board, error) {
	if cols < 1 || cols > MaxSide || rows < 1 || rows > MaxSide {
		return nil, fmt.Errorf("board: size %dx%d out of range (1..%d a side)", cols, rows, MaxSide)
	}
	n := cols * rows
	b := &Board{
		cols:  cols,
		rows:  rows,
		size:  n,
		color: make([]Color, n),
		head:  make([]Point, n),
		next:  make([]Point, n),
		bsize: make([]int32, n),
		plibs: make([]int32, n),
		nbrs:  make([][]Point, n),
		mark:  make([]uint32, n),
		ko:    Pass,
	}
	backing := make([]Point, 0, 4*n)
	for p := 0; p < n; p++ {
		col, row := p%cols, p/cols
		start := len(backing)
		if row > 0 {
			backing = append(backing, Point(p-cols))
		}
		if col > 0 {
			backing = append(backing, Point(p-1))
		}
		if col < cols-1 {
			backing = append(backing, Point(p+1))
		}
		if row < rows-1 {
			backing = append(backing, Point(p+cols))
		}
		b.nbrs[p] = backing[start:len(backing):len(backing)]
	}
	return b, nil
}

// Cols returns the number of columns.
func (b *Board) Cols() int { return b.cols }

// Rows returns the number of rows.
func (b *Board) Rows() int { return b.rows }

// Size returns the number of points, Cols()*Rows().
func (b *Board) Size() int { return b.size }

// Pt returns the point at column col and row row (both from 0; row 0 is the
// bottom row). It does not check the range: use OnBoard or Contains.
func (b *Board) Pt(col, row int) Point { return Point(row*b.cols + col) }

// Coords returns the column and row of p (both from 0, row 0 the bottom row).
func (b *Board) Coords(p Point) (col, row int) {
	return int(p) % b.cols, int(p) / b.cols
}

// OnBoard reports whether column col and row row are on the board.
func (b *Board) OnBoard(col, row int) bool {
	return col >= 0 && col < b.cols && row >= 0 && row < b.rows
}

// Contains reports whether p is a point of the board (Pass is not).
func (b *Board) Contains(p Point) bool { return p >= 0 && int(p) < b.size }

// Name returns the GTP name of p: the column letter (A..Z skipping I) and
// the row number counted from the bottom, "A1" for the lower-left corner.
// Pass is "pass"; a point off the board is named like "point(700)".
func (b *Board) Name(p Point) string {
	if p == Pass {
		return "pass"
	}
	if !b.Contains(p) {
		return fmt.Sprintf("point(%d)", int32(p))
	}
	col, row := b.Coords(p)
	return fmt.Sprintf("%c%d", columnLetters[col], row+1)
}

// ParsePoint is the inverse of Name: it reads a GTP point name such as
// "C3" (any case) or "pass". The error names the bad text.
func (b *Board) ParsePoint(s string) (Point, error) {
	if strings.EqualFold(s, "pass") {
		return Pass, nil
	}
	if len(s) < 2 || len(s) > 3 {
		return Pass, fmt.Errorf("board: bad point %q: want a column letter and a row number, like C3", s)
	}
	letter := s[0]
	if letter >= 'a' && letter <= 'z' {
		letter -= 'a' - 'A'
	}
	col := strings.IndexByte(columnLetters, letter)
	if col < 0 {
		return Pass, fmt.Errorf("board: bad point %q: column must be a letter A..Z other than I", s)
	}
	row := 0
	for i := 1; i < len(s); i++ {
		d := s[i]
		if d < '0' || d > '9' || (i == 1 && d == '0') {
			return Pass, fmt.Errorf("board: bad point %q: row must be a number from 1", s)
		}
		row = row*10 + int(d-'0')
	}
	if col >= b.cols || row > b.rows {
		return Pass, fmt.Errorf("board: point %q is off the %dx%d board", s, b.cols, b.rows)
	}
	return b.Pt(col, row-1), nil
}

// Neighbors returns the points orthogonally adjacent to p (2 to 4 of them).
// The slice is shared: the caller must not modify it.
func (b *Board) Neighbors(p Point) []Point {
	if !b.Contains(p) {
		return nil
	}
	return b.nbrs[p]
}

// At returns the colour at p (Empty for a point off the board).
func (b *Board) At(p Point) Color {
	if !b.Contains(p) {
		return Empty
	}
	return b.color[p]
}

// SetKoRule sets the ko rule used for later moves.
func (b *Board) SetKoRule(r KoRule) {
	b.koRule = r
	if r == KoSuperko {
		b.rebuildSeen()
	} else {
		b.seen = nil
	}
}

// KoRule returns the ko rule in force.
func (b *Board) KoRule() KoRule { return b.koRule }

// rebuildSeen recounts the configurations of the game since the last Setup.
func (b *Board) rebuildSeen() {
	if b.seen == nil {
		b.seen = make(map[uint64]int32, 64)
	} else {
		clear(b.seen)
	}
	for i := range b.hist {
		b.seen[b.hist[i].hash]++
	}
	b.seen[b.hash]++
}

// Setup puts colour c at p (Empty removes a stone) as a setup placement,
// like SGF AB/AW/AE or a diagram: there are no captures and no legality
// checks, so a block may be left without liberties. Setup clears the undo
// history (MoveNumber becomes 0, and the superko history starts again from
// the new configuration) and the ko point; prisoners are kept. A point off
// the board or an invalid colour is ignored.
func (b *Board) Setup(p Point, c Color) {
	if !b.Contains(p) || c > White {
		return
	}
	if old := b.color[p]; old != Empty {
		b.hash ^= zobrist(p, old)
	}
	b.color[p] = c
	if c != Empty {
		b.hash ^= zobrist(p, c)
	}
	b.resetHistory()
	b.stale = true
}

// Clear empties the board and clears the history, the ko point and the
// prisoners. The size and the ko rule are kept.
func (b *Board) Clear() {
	clear(b.color)
	b.hash = 0
	b.prisoners = [3]int{}
	b.resetHistory()
	b.stale = true
}

// SetPrisoners sets the number of stones captured by colour c (for a
// position loaded with known prisoners). It is not undone by Undo.
func (b *Board) SetPrisoners(c Color, n int) {
	if c == Black || c == White {
		b.prisoners[c] = n
	}
}

func (b *Board) resetHistory() {
	b.hist = b.hist[:0]
	b.capStones = b.capStones[:0]
	b.capBlocks = b.capBlocks[:0]
	b.merges = b.merges[:0]
	b.ko = Pass
	b.koColor = Empty
	if b.koRule == KoSuperko {
		b.rebuildSeen()
	}
}

// sync recomputes the block data if Setup has changed the colours.
func (b *Board) sync() {
	if b.stale {
		b.rebuildBlocks()
	}
}

// rebuildBlocks recomputes every block, its list and its pseudo-liberties
// from the colours.
func (b *Board) rebuildBlocks() {
	b.stale = false
	gen := b.nextMark()
	var stack []Point
	for p0 := 0; p0 < b.size; p0++ {
		p := Point(p0)
		c := b.color[p]
		if c == Empty || b.mark[p] == gen {
			continue
		}
		// Flood fill the block of p, linking its stones in visiting order.
		b.mark[p] = gen
		stack = append(stack[:0], p)
		last := p
		var n, libs int32
		b.head[p] = p
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			n++
			for _, q := range b.nbrs[s] {
				switch b.color[q] {
				case Empty:
					libs++
				case c:
					if b.mark[q] != gen {
						b.mark[q] = gen
						b.head[q] = p
						b.next[last] = q
						last = q
						stack = append(stack, q)
					}
				}
			}
		}
		b.next[last] = p
		b.bsize[p] = n
		b.plibs[p] = libs
	}
}

// nextMark returns a fresh generation number for the mark array.
func (b *Board) nextMark() uint32 {
	b.markGen++
	if b.markGen == 0 {
		clear(b.mark)
		b.markGen = 1
	}
	return b.markGen
}

// Hash returns the Zobrist hash of the stone configuration only (not the
// side to move, the ko point or the prisoners). Equal configurations on
// boards of the same size have equal hashes.
func (b *Board) Hash() uint64 { return b.hash }

// KoPoint returns the point the player to move may not play because it
// would retake a single-stone ko at once, or Pass if there is none. Under
// KoNone nothing is forbidden and KoPoint is always Pass.
func (b *Board) KoPoint() Point {
	if b.koRule == KoNone {
		return Pass
	}
	return b.ko
}

// SetKo restores a ko ban after Setup cleared it: c may not retake at p
// with its next move, as right after the opponent's single stone next to
// p captured a single stone there. It sets the ban only where the shape
// is a ko (p empty, and a neighbour a single stone of c's opponent whose
// only liberty is p) and reports whether it did; the history is not
// changed (Undo does not bring the ban back).
func (b *Board) SetKo(p Point, c Color) bool {
	if !b.Contains(p) || (c != Black && c != White) || b.At(p) != Empty {
		return false
	}
	for _, q := range b.Neighbors(p) {
		if b.At(q) == c.Opponent() && b.BlockSize(q) == 1 && b.Liberties(q) == 1 {
			b.ko, b.koColor = p, c
			return true
		}
	}
	return false
}

// KoRecapture returns the point where the last move captured a single
// stone in a ko shape, and the colour that would retake it there, whatever
// the ko rule; (Pass, Empty) if the last move did not make such a ko. A
// search under KoNone can add it to its transposition key.
func (b *Board) KoRecapture() (Point, Color) { return b.ko, b.koColor }

// Prisoners returns the number of stones captured by colour c through Play
// (plus any SetPrisoners).
func (b *Board) Prisoners(c Color) int {
	if c != Black && c != White {
		return 0
	}
	return b.prisoners[c]
}

// MoveNumber returns the number of Play calls (passes included) not undone
// since the last Setup or Clear.
func (b *Board) MoveNumber() int { return len(b.hist) }

// LastMove returns the point and colour of the last move not undone, and
// false if there is none since the last Setup.
func (b *Board) LastMove() (Point, Color, bool) {
	if len(b.hist) == 0 {
		return Pass, Empty, false
	}
	h := &b.hist[len(b.hist)-1]
	return h.p, h.c, true
}

// Block returns the stones of the block containing p in increasing order,
// or nil if p is empty or off the board. The slice is new.
func (b *Board) Block(p Point) []Point {
	b.sync()
	if !b.Contains(p) || b.color[p] == Empty {
		return nil
	}
	h := b.head[p]
	out := make([]Point, 0, b.bsize[h])
	s := h
	for {
		out = append(out, s)
		s = b.next[s]
		if s == h {
			break
		}
	}
	slices.Sort(out)
	return out
}

// BlockSize returns the number of stones of the block at p (0 if empty).
func (b *Board) BlockSize(p Point) int {
	b.sync()
	if !b.Contains(p) || b.color[p] == Empty {
		return 0
	}
	return int(b.bsize[b.head[p]])
}

// SameBlock reports whether p and q are stones of one block.
func (b *Board) SameBlock(p, q Point) bool {
	b.sync()
	return b.Contains(p) && b.Contains(q) && b.color[p] != Empty &&
		b.color[p] == b.color[q] && b.head[p] == b.head[q]
}

// Liberties returns the number of distinct liberties of the block at p (0 if
// p is empty or off the board).
func (b *Board) Liberties(p Point) int {
	return b.LibertiesUpTo(p, b.size+1) // more than any block can have
}

// LibertiesUpTo is min(Liberties(p), max), found without walking the
// rest of the block once max liberties are seen: a test such as "in
// atari" or "at least two liberties" on a long wall stops early.
func (b *Board) LibertiesUpTo(p Point, max int) int {
	b.sync()
	if !b.Contains(p) || b.color[p] == Empty || max <= 0 {
		return 0
	}
	gen := b.nextMark()
	h := b.head[p]
	n := 0
	s := h
	for {
		for _, q := range b.nbrs[s] {
			if b.color[q] == Empty && b.mark[q] != gen {
				b.mark[q] = gen
				n++
				if n == max {
					return n
				}
			}
		}
		s = b.next[s]
		if s == h {
			break
		}
	}
	return n
}

// LibertyPoints returns the liberties of the block at p in increasing order
// (nil if p is empty or off the board). The slice is new.
func (b *Board) LibertyPoints(p Point) []Point {
	b.sync()
	if !b.Contains(p) || b.color[p] == Empty {
		return nil
	}
	gen := b.nextMark()
	h := b.head[p]
	var out []Point
	s := h
	for {
		for _, q := range b.nbrs[s] {
			if b.color[q] == Empty && b.mark[q] != gen {
				b.mark[q] = gen
				out = append(out, q)
			}
		}
		s = b.next[s]
		if s == h {
			break
		}
	}
	slices.Sort(out)
	return out
}

// Blocks returns every block, each as its stones in increasing order, the
// blocks ordered by their smallest point.
func (b *Board) Blocks() [][]Point {
	b.sync()
	var out [][]Point
	gen := b.nextMark()
	for p0 := 0; p0 < b.size; p0++ {
		p := Point(p0)
		if b.color[p] == Empty {
			continue
		}
		h := b.head[p]
		if b.mark[h] == gen {
			continue
		}
		b.mark[h] = gen
		out = append(out, b.Block(p))
	}
	return out
}

// Clone returns a deep copy of b, history included: Undo on the copy steps
// back through the same moves, independently of b.
func (b *Board) Clone() *Board {
	c := *b
	c.color = slices.Clone(b.color)
	c.head = slices.Clone(b.head)
	c.next = slices.Clone(b.next)
	c.bsize = slices.Clone(b.bsize)
	c.plibs = slices.Clone(b.plibs)
	c.mark = make([]uint32, len(b.mark))
	c.markGen = 0
	c.hist = slices.Clone(b.hist)
	c.capStones = slices.Clone(b.capStones)
	c.capBlocks = slices.Clone(b.capBlocks)
	c.merges = slices.Clone(b.merges)
	if b.seen != nil {
		c.seen = make(map[uint64]int32, len(b.seen))
		for k, v := range b.seen {
			c.seen[k] = v
		}
	}
	// nbrs is immutable after New and shared.
	return &c
}

// CloneInto makes dst a copy of b as Clone does, reusing dst's storage,
// and returns it: a new clone when dst is nil or of another size. A
// caller that copies many boards in turn (a reckoning of each end of a
// search) allocates nothing once dst has grown.
func (b *Board) CloneInto(dst *Board) *Board {
	if dst == nil || dst == b || dst.cols != b.cols || dst.rows != b.rows {
		return b.Clone()
	}
	color, head, next, bsize, plibs := dst.color, dst.head, dst.next, dst.bsize, dst.plibs
	hist, capStones, capBlocks, merges, seen := dst.hist, dst.capStones, dst.capBlocks, dst.merges, dst.seen
	mark, gen := dst.mark, dst.markGen // dst's marks stay below its generation
	*dst = *b
	dst.color = append(color[:0], b.color...)
	dst.head = append(head[:0], b.head...)
	dst.next = append(next[:0], b.next...)
	dst.bsize = append(bsize[:0], b.bsize...)
	dst.plibs = append(plibs[:0], b.plibs...)
	dst.hist = append(hist[:0], b.hist...)
	dst.capStones = append(capStones[:0], b.capStones...)
	dst.capBlocks = append(capBlocks[:0], b.capBlocks...)
	dst.merges = append(merges[:0], b.merges...)
	dst.seen = nil
	if b.seen != nil {
		if seen == nil {
			seen = make(map[uint64]int32, len(b.seen))
		}
		clear(seen)
		for k, v := range b.seen {
			seen[k] = v
		}
		dst.seen = seen
	}
	dst.mark, dst.markGen = mark, gen
	return dst
}

// String returns an ASCII diagram of the board, top row first, with column
// letters above and below and row numbers on both sides: X is black, O
// white, . empty.
func (b *Board) String() string {
	var sb strings.Builder
	letters := func() {
		sb.WriteString("   ")
		for col := 0; col < b.cols; col++ {
			sb.WriteByte(' ')
			sb.WriteByte(columnLetters[col])
		}
		sb.WriteByte('\n')
	}
	letters()
	for row := b.rows - 1; row >= 0; row-- {
		fmt.Fprintf(&sb, "%2d ", row+1)
		for col := 0; col < b.cols; col++ {
			sb.WriteByte(' ')
			switch b.color[b.Pt(col, row)] {
			case Black:
				sb.WriteByte('X')
			case White:
				sb.WriteByte('O')
			default:
				sb.WriteByte('.')
			}
		}
		fmt.Fprintf(&sb, " %d\n", row+1)
	}
	letters()
	return sb.String()
}
