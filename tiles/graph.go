package tiles

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/tiles/board"
)

// ErrBudget reports a tile whose game graph is larger than the search
// budget allows.
var ErrBudget = errors.New("tile too large to value within the search budget")

// CycleError reports a tile whose game graph has a cycle: a ko (or a
// longer repetition) played without a ko rule, as Mathematical Go plays.
// Such a tile has no short game value; exact ko values are a later step.
type CycleError struct {
	Moves []string // the moves around the cycle, like "B C3", "W D3"
}

func (e *CycleError) Error() string {
	return "the tile's game graph has a cycle (a ko): " + strings.Join(e.Moves, ", ")
}

// engine values regions of one board under Mathematical Go rules: no ko
// restriction, suicide illegal, immortal stones never captured. Values of
// regions are memoized by their contents, so transpositions and regions
// that recur in different tiles are valued once.
type engine struct {
	b      *board.Board // geometry and names; its stones are not changed
	cells  []board.Color
	imm    []bool // stone belongs to an immortal block
	log    []change
	work   []board.Point
	pool   []board.Point // backing store of parts, used as a stack
	keys   []regionKey   // keys of parts, a stack like pool
	mvs    []move        // moves being valued, a stack like pool
	opts   []cgt.Game    // scratch options for cgt.New
	one    [][]board.Point
	joined bool // the last play made a stone immortal
	// checkKeys makes the search verify every incremental key (set by
	// tests through debugCheckKeys).
	checkKeys bool
	ints      [2 * intCache]cgt.Game
	// Region keys are translation-invariant Zobrist hashes: z for a
	// region point by its place relative to the region's lowest row and
	// column (on a grid with a one-point margin) and its contents with
	// the board edges it touches; zb for an immortal stone around it.
	z        [][48]uint64
	zb       [][3]uint64
	xy       [][2]int32 // coordinates of each point
	edge     []uint8    // board edges each point touches, as bits
	relCols  int        // width of the relative grid: cols + 2
	memo     memoTable
	nb       [][]board.Point // neighbours of each point
	bmark    []uint32        // boundary marks of parts, stamped by bstamp
	bstamp   uint32
	nodes    int
	budget   int
	stack    []stackFrame
	inStack  map[regionKey]int
	mark     []uint32
	stamp    uint32
	progress func(nodes int)
	// areaLimit stops computing area games (for Chinese counting) once
	// this many positions have been searched: they are much larger than
	// the count games. 0 means no limit.
	areaLimit int
	// valuer, if set, values regions it recognises (corridors, sockets)
	// without a search; see Options.Valuer.
	valuer Valuer
	atFn   func(board.Point) board.Color
	immFn  func(board.Point) bool
	valued int // regions the valuer answered
}

type regionKey struct{ a, b uint64 }

// debugCheckKeys makes new engines verify every incremental region key
// against a full computation (for tests).
var debugCheckKeys = false

// intCache bounds the small integers the engine keeps at hand.
const intCache = 64

// integer returns the game n, from a cache for small n.
func (e *engine) integer(n int64) cgt.Game {
	if n > -intCache && n < intCache {
		g := &e.ints[n+intCache]
		if *g == cgt.Zero && n != 0 {
			*g = cgt.Int(n)
		}
		return *g
	}
	return cgt.Int(n)
}

// change is one undo record: a point's previous contents.
type change struct {
	p   board.Point
	c   board.Color
	imm bool
}

type stackFrame struct {
	key regionKey
	p   board.Point
	c   board.Color
}

// entry is the memoized value of a region.
type entry struct {
	count, area cgt.Game
	settled     bool
	areaOK      bool   // area is valid (not skipped by areaLimit)
	label       string // set when the valuer answered, in its words
}

// move is one legal move in a region and its value.
type move struct {
	p        board.Point
	c        board.Color
	captured int
	count    cgt.Game // value of the position after the move, captures included
	area     cgt.Game
	areaOK   bool
}

func newEngine(b *board.Board, imm []bool, budget int) *engine {
	n := b.Size()
	r := rand.New(rand.NewPCG(0x6d617468, 0x676f))
	cells := make([]board.Color, n)
	for i := range cells {
		cells[i] = b.At(board.Point(i))
	}
	e := &engine{
		b: b, imm: imm, cells: cells,
		relCols: b.Cols() + 2,
		xy:      make([][2]int32, n),
		edge:    make([]uint8, n),
		memo:    newMemoTable(),
		bmark:   make([]uint32, n),
		nb:      make([][]board.Point, n),
		budget:  budget,
		inStack: make(map[regionKey]int),
		mark:    make([]uint32, n),
	}
	e.checkKeys = debugCheckKeys
	for i := range n {
		e.nb[i] = b.Neighbors(board.Point(i))
	}
	e.atFn = func(p board.Point) board.Color { return e.cells[p] }
	e.immFn = func(p board.Point) bool { return e.imm[p] }
	rel := (b.Cols() + 2) * (b.Rows() + 2)
	e.z, e.zb = make([][48]uint64, rel), make([][3]uint64, rel)
	for i := range rel {
		for c := range 48 {
			e.z[i][c] = r.Uint64()
		}
		for c := range 3 {
			e.zb[i][c] = r.Uint64()
		}
	}
	for i := range n {
		x, y := b.Coords(board.Point(i))
		e.xy[i] = [2]int32{int32(x), int32(y)}
		var m uint8
		if x == 0 {
			m |= 1
		}
		if x == b.Cols()-1 {
			m |= 2
		}
		if y == 0 {
			m |= 4
		}
		if y == b.Rows()-1 {
			m |= 8
		}
		e.edge[i] = m
	}
	return e
}

// anchor returns the offset that makes a region's relative grid index:
// rel(p) = p's grid index minus anchor, with the region's lowest column
// and row at 1 (the margin holds the stones around it).
func (e *engine) anchor(region []board.Point) int {
	minX, minY := int32(1<<30), int32(1<<30)
	for _, p := range region {
		minX, minY = min(minX, e.xy[p][0]), min(minY, e.xy[p][1])
	}
	return int(minY-1)*e.relCols + int(minX-1)
}

// rel returns p's index on the relative grid of a region with anchor a.
func (e *engine) rel(p board.Point, a int) int {
	return int(e.xy[p][1])*e.relCols + int(e.xy[p][0]) - a
}

// zp returns the Zobrist number of region point p holding c.
func (e *engine) zp(p board.Point, c board.Color, a int) uint64 {
	return e.z[e.rel(p, a)][int(c)+3*int(e.edge[p])]
}

// rekey returns the key k of a region updated for the changes logged
// since mark, when none of them made a stone immortal (anchor is the
// region's, see anchor).
func (e *engine) rekey(k regionKey, mark, anchor int) regionKey {
	for _, ch := range e.log[mark:] {
		o, n := e.zp(ch.p, ch.c, anchor), e.zp(ch.p, e.cells[ch.p], anchor)
		k.a ^= o ^ n
		k.b += (n - o) * 0x9e3779b97f4a7c15
	}
	return k
}

// nbr returns the neighbours of p.
func (e *engine) nbr(p board.Point) []board.Point { return e.nb[p] }

func (e *engine) nextStamp() uint32 {
	e.stamp++
	if e.stamp == 0 {
		clear(e.mark)
		e.stamp = 1
	}
	return e.stamp
}

// key identifies a region by its shape and contents, the colours of the
// immortal stones around it and the board edges it touches, wherever it
// lies on the board: equal regions in different places share their
// values.
func (e *engine) key(region []board.Point) regionKey {
	var k regionKey
	a := e.anchor(region)
	e.bstamp++
	if e.bstamp == 0 {
		clear(e.bmark)
		e.bstamp = 1
	}
	bst := e.bstamp
	for _, p := range region {
		z := e.zp(p, e.cells[p], a)
		k.a ^= z
		k.b += z * 0x9e3779b97f4a7c15
		for _, q := range e.nb[p] {
			if e.imm[q] && e.bmark[q] != bst {
				e.bmark[q] = bst
				z := e.zb[e.rel(q, a)][e.cells[q]]
				k.a ^= z
				k.b += z * 0xbf58476d1ce4e5b9
			}
		}
	}
	return k
}

// components splits the non-immortal points of region into connected
// regions, each sorted.
func (e *engine) components(region []board.Point) [][]board.Point {
	st := e.nextStamp()
	in := st
	for _, p := range region {
		if !e.imm[p] {
			e.mark[p] = in
		}
	}
	done := e.nextStamp()
	var out [][]board.Point
	for _, p := range region {
		if e.mark[p] != in {
			continue
		}
		comp := []board.Point{p}
		e.mark[p] = done
		for i := 0; i < len(comp); i++ {
			for _, q := range e.nbr(comp[i]) {
				if e.mark[q] == in {
					e.mark[q] = done
					comp = append(comp, q)
				}
			}
		}
		slices.Sort(comp)
		out = append(out, comp)
	}
	return out
}

// parts is components for the search's inner loop: the components are
// carved out of e.pool, valid until the pool is cut back below them (the
// caller saves len(e.pool) and restores it), not sorted, and come with
// their keys (as key computes them) in e.keys from index len(e.keys) at
// the call.
func (e *engine) parts(region []board.Point) [][]board.Point {
	in := e.nextStamp()
	for _, p := range region {
		if !e.imm[p] {
			e.mark[p] = in
		}
	}
	done := e.nextStamp()
	var out [][]board.Point
	for _, p := range region {
		if e.mark[p] != in {
			continue
		}
		start := len(e.pool)
		e.pool = append(e.pool, p)
		e.mark[p] = done
		for i := start; i < len(e.pool); i++ {
			for _, q := range e.nb[e.pool[i]] {
				if e.mark[q] == in {
					e.mark[q] = done
					e.pool = append(e.pool, q)
				}
			}
		}
		comp := e.pool[start:len(e.pool):len(e.pool)]
		out = append(out, comp)
		e.keys = append(e.keys, e.key(comp))
	}
	return out
}

// boundaryColors returns which colours of immortal stones touch region.
func (e *engine) boundaryColors(region []board.Point) (black, white bool) {
	for _, p := range region {
		for _, q := range e.nbr(p) {
			if e.imm[q] {
				switch e.cells[q] {
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

// settledValue values a region that only one colour's immortal stones
// bound and in which the other colour can never make an eye: every point
// of it touches the owner's immortal stones. Japanese counting: each point
// is territory and each enemy stone also a prisoner.
func (e *engine) settledValue(region []board.Point) (int, bool) {
	black, white := e.boundaryColors(region)
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
		for _, q := range e.nbr(p) {
			if e.imm[q] && e.cells[q] == owner {
				touches = true
				break
			}
		}
		if !touches {
			return 0, false
		}
		switch e.cells[p] {
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

// play places a stone under Mathematical Go rules: mortal enemy blocks
// left without liberties are captured, immortal stones never are, and a
// stone that joins an immortal block is immortal. It returns the number
// captured, or ok=false (and changes nothing) for an illegal move: an
// occupied point or suicide.
func (e *engine) play(p board.Point, c board.Color) (captured int, ok bool) {
	if e.cells[p] != board.Empty {
		return 0, false
	}
	mark := len(e.log)
	e.set(p, c)
	opp := c.Opponent()
	for _, q := range e.nbr(p) {
		if e.cells[q] == opp && !e.imm[q] {
			if blk, libs := e.block(q); !libs {
				for _, s := range blk {
					e.set(s, board.Empty)
				}
				captured += len(blk)
			}
		}
	}
	blk, libs := e.block(p)
	joins := false
	for _, s := range blk {
		if e.imm[s] {
			joins = true
			break
		}
		for _, q := range e.nbr(s) {
			if e.imm[q] && e.cells[q] == c {
				joins = true
				break
			}
		}
		if joins {
			break
		}
	}
	if !libs && !joins && captured == 0 {
		e.undoTo(mark)
		return 0, false
	}
	e.joined = joins
	if joins {
		for _, s := range blk {
			if !e.imm[s] {
				e.log = append(e.log, change{p: s, c: e.cells[s], imm: false})
				e.imm[s] = true
			}
		}
	}
	return captured, true
}

// set changes a point, logging the old contents.
func (e *engine) set(p board.Point, c board.Color) {
	e.log = append(e.log, change{p: p, c: e.cells[p], imm: e.imm[p]})
	e.cells[p] = c
}

// undoTo restores the state at log length mark.
func (e *engine) undoTo(mark int) {
	for i := len(e.log) - 1; i >= mark; i-- {
		ch := e.log[i]
		e.cells[ch.p] = ch.c
		e.imm[ch.p] = ch.imm
	}
	e.log = e.log[:mark]
}

// block returns the stones of the block at p and whether it has a
// liberty. The slice is reused by the next call.
func (e *engine) block(p board.Point) ([]board.Point, bool) {
	c := e.cells[p]
	st := e.nextStamp()
	e.work = append(e.work[:0], p)
	e.mark[p] = st
	libs := false
	for i := 0; i < len(e.work); i++ {
		for _, q := range e.nbr(e.work[i]) {
			if e.mark[q] == st {
				continue
			}
			switch e.cells[q] {
			case c:
				e.mark[q] = st
				e.work = append(e.work, q)
			case board.Empty:
				libs = true
			}
		}
	}
	return e.work, libs
}

// value returns the count and area games of a region.
func (e *engine) value(region []board.Point) (*entry, error) {
	return e.valueKeyed(region, e.key(region))
}

// valueKeyed is value for a region whose key is known.
func (e *engine) valueKeyed(region []board.Point, k regionKey) (*entry, error) {
	if en := e.memo.get(k); en != nil {
		return en, nil
	}
	if v, ok := e.settledValue(region); ok {
		g := cgt.Int(int64(v))
		en := &entry{count: g, area: g, settled: true, areaOK: true}
		e.memo.put(k, en)
		return en, nil
	}
	if e.valuer != nil {
		if count, area, label, ok := e.valuer(e.b, region, e.atFn, e.immFn); ok {
			e.valued++
			en := &entry{count: count, area: area, areaOK: true, label: label}
			e.memo.put(k, en)
			return en, nil
		}
	}
	if at, ok := e.inStack[k]; ok {
		var moves []string
		for _, f := range e.stack[at:] {
			moves = append(moves, colorLetter(f.c)+" "+e.b.Name(f.p))
		}
		return nil, &CycleError{Moves: moves}
	}
	e.nodes++
	if e.budget > 0 && e.nodes > e.budget {
		return nil, fmt.Errorf("%w (more than %d positions)", ErrBudget, e.budget)
	}
	if e.progress != nil && e.nodes%100000 == 0 {
		e.progress(e.nodes)
	}
	e.inStack[k] = len(e.stack)
	defer delete(e.inStack, k)
	mvMark := len(e.mvs)
	moves, err := e.moves(region, k)
	if err != nil {
		e.mvs = e.mvs[:mvMark]
		return nil, err
	}
	// The options go into one scratch buffer (cgt.New copies them):
	// Black's counts, White's counts, Black's areas, White's areas.
	nb := 0
	for _, m := range moves {
		if m.c == board.Black {
			nb++
		}
	}
	n := len(moves)
	buf := slices.Grow(e.opts[:0], 2*n)[:2*n]
	areaOK := e.areaLimit == 0 || e.nodes <= e.areaLimit
	bi, wi := 0, nb
	for _, m := range moves {
		areaOK = areaOK && m.areaOK
		if m.c == board.Black {
			buf[bi], buf[n+bi] = m.count, m.area
			bi++
		} else {
			buf[wi], buf[n+wi] = m.count, m.area
			wi++
		}
	}
	e.opts = buf
	e.mvs = e.mvs[:mvMark]
	en := &entry{count: cgt.New(buf[:nb], buf[nb:n]), areaOK: areaOK}
	if areaOK {
		en.area = cgt.New(buf[n:n+nb], buf[n+nb:])
	}
	e.memo.put(k, en)
	return en, nil
}

// moves plays every legal move of both colours in region and values the
// resulting positions (captures included, area counting one point for
// the stone placed).
//
// The moves are appended to e.mvs and returned as its tail; the caller
// cuts e.mvs back when done with them.
func (e *engine) moves(region []board.Point, k regionKey) ([]move, error) {
	start := len(e.mvs)
	anchor := e.anchor(region)
	for _, c := range []board.Color{board.Black, board.White} {
		sign := int64(1)
		if c == board.White {
			sign = -1
		}
		for _, p := range region {
			if e.cells[p] != board.Empty {
				continue
			}
			mark := len(e.log)
			captured, ok := e.play(p, c)
			if !ok {
				continue
			}
			e.stack = append(e.stack, stackFrame{key: k, p: p, c: c})
			count := e.integer(sign * int64(captured))
			area := e.integer(sign * int64(captured+1))
			// Past the area limit no new entry gets an area game: skip
			// the sums.
			areaOK := e.areaLimit == 0 || e.nodes <= e.areaLimit
			poolMark, keyMark := len(e.pool), len(e.keys)
			var comps [][]board.Point
			if e.joined {
				comps = e.parts(region)
			} else {
				// The region's points are all still mortal, so it is
				// still one region; its key changes by the points the
				// move changed.
				var single [1][]board.Point
				single[0] = region
				comps = single[:]
				e.keys = append(e.keys, e.rekey(k, mark, anchor))
				if e.checkKeys && e.keys[keyMark] != e.key(region) {
					panic("tiles: incremental region key differs from the computed one")
				}
			}
			for i, comp := range comps {
				en, err := e.valueKeyed(comp, e.keys[keyMark+i])
				if err != nil {
					e.stack = e.stack[:len(e.stack)-1]
					e.undoTo(mark)
					e.pool, e.keys = e.pool[:poolMark], e.keys[:keyMark]
					return nil, err
				}
				if i == 0 && captured == 0 {
					count = en.count
				} else {
					count = count.Add(en.count)
				}
				if areaOK = areaOK && en.areaOK; areaOK {
					area = area.Add(en.area)
				}
			}
			e.pool, e.keys = e.pool[:poolMark], e.keys[:keyMark]
			e.stack = e.stack[:len(e.stack)-1]
			e.undoTo(mark)
			e.mvs = append(e.mvs, move{p: p, c: c, captured: captured, count: count, area: area, areaOK: areaOK})
		}
	}
	return e.mvs[start:], nil
}

func colorLetter(c board.Color) string {
	if c == board.White {
		return "W"
	}
	return "B"
}

// memoTable maps region keys to entries: open addressing on the first
// half of the key, both halves compared, so a lookup costs no hashing.
type memoTable struct {
	slots []memoSlot
	n     int
}

type memoSlot struct {
	k  regionKey
	en *entry
}

func newMemoTable() memoTable { return memoTable{slots: make([]memoSlot, 1024)} }

// get returns the entry for k, or nil.
func (t *memoTable) get(k regionKey) *entry {
	mask := uint64(len(t.slots) - 1)
	for i := k.a & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.en == nil {
			return nil
		}
		if s.k == k {
			return s.en
		}
	}
}

// put stores en (not nil) for k, replacing any entry there.
func (t *memoTable) put(k regionKey, en *entry) {
	if 2*(t.n+1) > len(t.slots) {
		old := t.slots
		t.slots = make([]memoSlot, 2*len(old))
		t.n = 0
		for _, s := range old {
			if s.en != nil {
				t.put(s.k, s.en)
			}
		}
	}
	mask := uint64(len(t.slots) - 1)
	for i := k.a & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.en == nil {
			*s = memoSlot{k, en}
			t.n++
			return
		}
		if s.k == k {
			s.en = en
			return
		}
	}
}
