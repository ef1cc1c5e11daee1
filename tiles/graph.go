package tiles

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
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

// Error lists the moves around the cycle.
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
	comps  []part        // parts, a stack like pool
	bnd    []board.Point // scratch: immortal stones around a part
	known  []knownValue  // values of parts found by moves, a stack like keys
	hits   []*memoSlot   // scratch for moves
	lv     localView
	games  gameTable
	sums   [1 << sumCacheBits]sumEntry
	joined bool // the last play made a stone immortal
	jmark  int  // where the last play's immortality records start in log
	// checkKeys makes the search verify every incremental key (set by
	// tests through debugCheckKeys).
	checkKeys bool
	noLocal   bool // never use e.lv (set by tests through debugNoLocal)
	ints      [2 * intCache]cgt.Game
	// Region keys are translation-invariant Zobrist hashes: z for a
	// region point by its place relative to the region's lowest row and
	// column (on a grid with a one-point margin) and its contents with
	// the board edges it touches; zb for an immortal stone around it.
	z        [][48]uint64
	zb       [][3]uint64
	xy       [][2]int32 // coordinates of each point
	edge3    []uint8    // board edges each point touches, as bits, times 3
	gidx     []int32    // index of each point on the grid with a margin
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

// debugNoLocal makes new engines find the parts a move leaves by
// searching the board, as for regions too large for bit masks (for
// tests).
var debugNoLocal = false

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

// add returns g + h, from a small cache of recent sums.
func (e *engine) add(g, h cgt.Game) cgt.Game {
	if g > h {
		g, h = h, g
	}
	i := (uint32(g)*0x9e3779b1 ^ uint32(h)*0x85ebca6b) >> (32 - sumCacheBits)
	s := &e.sums[i]
	if s.g != g || s.h != h || !s.ok {
		*s = sumEntry{g: g, h: h, sum: g.Add(h), ok: true}
	}
	return s.sum
}

const sumCacheBits = 12

type sumEntry struct {
	g, h, sum cgt.Game
	ok        bool
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
	first, n int32 // its parts' entries in e.comps, e.keys and e.known
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
		edge3:   make([]uint8, n),
		gidx:    make([]int32, n),
		memo:    newMemoTable(),
		bmark:   make([]uint32, n),
		nb:      make([][]board.Point, n),
		budget:  budget,
		inStack: make(map[regionKey]int),
		mark:    make([]uint32, n),
	}
	e.lv.loc = make([]int32, n)
	e.checkKeys, e.noLocal = debugCheckKeys, debugNoLocal
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
		e.edge3[i] = 3 * m
		e.gidx[i] = int32(y*e.relCols + x)
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
	return int(e.gidx[p]) - a
}

// zp returns the Zobrist number of region point p holding c.
func (e *engine) zp(p board.Point, c board.Color, a int) uint64 {
	return e.z[e.rel(p, a)][int(c)+int(e.edge3[p])]
}

// rekey returns the key k of a region updated for the changes logged
// from mark to end, when none of them made a stone immortal (anchor is the
// region's, see anchor).
func (e *engine) rekey(k regionKey, mark, end, anchor int) regionKey {
	for _, ch := range e.log[mark:end] {
		o, n := e.zp(ch.p, ch.c, anchor), e.zp(ch.p, e.cells[ch.p], anchor)
		k.a ^= o ^ n
		k.b += (n - o) * kp
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

func (e *engine) nextBstamp() uint32 {
	e.bstamp++
	if e.bstamp == 0 {
		clear(e.bmark)
		e.bstamp = 1
	}
	return e.bstamp
}

// key identifies a region by its shape and contents, the colours of the
// immortal stones around it and the board edges it touches, wherever it
// lies on the board: equal regions in different places share their
// values.
func (e *engine) key(region []board.Point) regionKey {
	var k regionKey
	a := e.anchor(region)
	bst := e.nextBstamp()
	for _, p := range region {
		z := e.zp(p, e.cells[p], a)
		k.a ^= z
		k.b += z * kp
		for _, q := range e.nb[p] {
			if e.imm[q] && e.bmark[q] != bst {
				e.bmark[q] = bst
				z := e.zb[e.rel(q, a)][e.cells[q]]
				k.a ^= z
				k.b += z * kb
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
// carved out of e.pool, valid until the pool is cut back below them, not
// sorted, and returned as the tail of e.comps; their keys (as key
// computes them) go to e.keys from index len(e.keys) at the call. The
// caller saves the lengths of e.pool, e.comps and e.keys and restores
// them.
func (e *engine) parts(region []board.Point) []part {
	in := e.nextStamp()
	for _, p := range region {
		if !e.imm[p] {
			e.mark[p] = in
		}
	}
	done := e.nextStamp()
	first := len(e.comps)
	for _, p := range region {
		if e.mark[p] != in {
			continue
		}
		// One search finds the part, its lowest row and column and the
		// immortal stones around it.
		start := len(e.pool)
		e.pool = append(e.pool, p)
		e.mark[p] = done
		bst := e.nextBstamp()
		e.bnd = e.bnd[:0]
		minX, minY := e.xy[p][0], e.xy[p][1]
		for i := start; i < len(e.pool); i++ {
			for _, q := range e.nb[e.pool[i]] {
				if e.mark[q] == in {
					e.mark[q] = done
					e.pool = append(e.pool, q)
					minX, minY = min(minX, e.xy[q][0]), min(minY, e.xy[q][1])
				} else if e.imm[q] && e.bmark[q] != bst {
					e.bmark[q] = bst
					e.bnd = append(e.bnd, q)
				}
			}
		}
		comp := e.pool[start:len(e.pool):len(e.pool)]
		e.comps = append(e.comps, part{pts: comp})
		e.keys = append(e.keys, e.hash(comp, e.bnd, int(minY-1)*e.relCols+int(minX-1)))
	}
	return e.comps[first:]
}

// hash returns the key of region with the immortal stones bnd around it
// and anchor a.
func (e *engine) hash(region, bnd []board.Point, a int) regionKey {
	var x, sp, sb uint64
	for _, p := range region {
		z := e.z[int(e.gidx[p])-a][int(e.cells[p])+int(e.edge3[p])]
		x ^= z
		sp += z
	}
	for _, q := range bnd {
		z := e.zb[int(e.gidx[q])-a][e.cells[q]]
		x ^= z
		sb += z
	}
	return regionKey{x, sp*kp + sb*kb}
}

// The multipliers of the second half of a key: region points and the
// immortal stones around them.
const (
	kp = 0x9e3779b97f4a7c15
	kb = 0xbf58476d1ce4e5b9
)

// The local view of the region moves is working on, built once per
// position for the first pass over its moves: its points numbered by
// their index in the region, and the immortal stones around it (walls)
// numbered too, so that parts can be found and keyed with bit masks.
type localView struct {
	ok    bool          // the view is valid (at most 64 points and walls)
	nbm   [64]uint64    // the region's points next to each point
	wnbm  [64]uint64    // the walls next to each point
	wpm   [64]uint64    // the region's points next to each wall
	rowm  [64]uint64    // the region's points in each row, from its lowest
	colm  [64]uint64    // the region's points in each column, from its lowest
	minX  int32         // the region's lowest column
	minY  int32         // and row
	pz    [64]pointZ    // where each point's Zobrist numbers are
	wz    [64]pointZ    // where each wall's Zobrist number is
	walls []board.Point // the walls, by number
	loc   []int32       // number of each point of the region and walls
}

// pointZ locates the Zobrist numbers of a point: its grid index (gidx)
// and the column of its contents less the contents (for a wall, its
// colour).
type pointZ struct {
	g   int32
	col int32
}

// buildLocal sets up e.lv for region, all of whose points are mortal.
func (e *engine) buildLocal(region []board.Point) {
	lv := &e.lv
	lv.ok = false
	if len(region) > 64 || e.noLocal {
		return
	}
	st := e.nextStamp()
	minX, minY := int32(1<<30), int32(1<<30)
	for i, p := range region {
		if e.imm[p] {
			return
		}
		e.mark[p] = st
		lv.loc[p] = int32(i)
		lv.pz[i] = pointZ{e.gidx[p], int32(e.edge3[p])}
		minX, minY = min(minX, e.xy[p][0]), min(minY, e.xy[p][1])
	}
	lv.minX, lv.minY = minX, minY
	clear(lv.rowm[:])
	clear(lv.colm[:])
	clear(lv.wpm[:])
	lv.walls = lv.walls[:0]
	bst := e.nextBstamp()
	for i, p := range region {
		lv.colm[e.xy[p][0]-minX] |= 1 << i
		lv.rowm[e.xy[p][1]-minY] |= 1 << i
		var m, w uint64
		for _, q := range e.nb[p] {
			if e.mark[q] == st {
				m |= 1 << lv.loc[q]
			} else if e.imm[q] {
				if e.bmark[q] != bst {
					e.bmark[q] = bst
					if len(lv.walls) == 64 {
						return
					}
					lv.loc[q] = int32(len(lv.walls))
					lv.wz[len(lv.walls)] = pointZ{e.gidx[q], int32(e.cells[q])}
					lv.walls = append(lv.walls, q)
				}
				w |= 1 << lv.loc[q]
				lv.wpm[lv.loc[q]] |= 1 << i
			}
		}
		lv.nbm[i], lv.wnbm[i] = m, w
	}
	lv.ok = true
}

// part is one part of a region left by a move: its points, or, when they
// are not needed yet, a mask of them in the region.
type part struct {
	pts  []board.Point // nil: the points of mask, in the region's order
	mask uint64
}

// points returns the points of a part of region, carving them out of
// e.pool if need be.
func (e *engine) points(pt part, region []board.Point) []board.Point {
	if pt.pts != nil {
		return pt.pts
	}
	start := len(e.pool)
	for b := pt.mask; b != 0; b &= b - 1 {
		e.pool = append(e.pool, region[bits.TrailingZeros64(b)])
	}
	return e.pool[start:len(e.pool):len(e.pool)]
}

// joinParts is parts for the position after a move (logged from mark)
// that made the stones e.log[e.jmark:] immortal in region, whose key was
// k and anchor a, with e.lv built for region. The parts are found with
// bit masks and keyed without a search of the board: from scratch, or,
// when the move leaves one part with the region's anchor, by updating k
// for the joined stones alone.
func (e *engine) joinParts(region []board.Point, k regionKey, a, mark int) []part {
	joined := e.log[e.jmark:]
	if len(joined) == len(region) {
		return nil // the whole region is immortal stones now
	}
	lv := &e.lv
	if !lv.ok {
		return e.parts(region)
	}
	var jm uint64 // the joined stones
	for _, ch := range joined {
		jm |= 1 << lv.loc[ch.p]
	}
	rest := (uint64(1)<<len(region) - 1) &^ jm // (1<<64 is 0)
	first := len(e.comps)
	for left := rest; left != 0; {
		comp := left & -left
		for front := comp; front != 0; {
			grow := lv.nbm[bits.TrailingZeros64(front)] & left &^ comp
			front &= front - 1
			comp |= grow
			front |= grow
		}
		left &^= comp
		e.comps = append(e.comps, part{mask: comp})
		var dx, dy int32
		for comp&lv.colm[dx] == 0 {
			dx++
		}
		for comp&lv.rowm[dy] == 0 {
			dy++
		}
		pa := int(lv.minY+dy-1)*e.relCols + int(lv.minX+dx-1)
		if comp == rest && pa == a {
			// One part with the region's anchor: k less the joined
			// stones as points, plus those next to the part as walls,
			// less the walls that only they touched.
			k = e.rekey(k, mark, e.jmark, a)
			var sp, sb, near uint64
			for b := jm; b != 0; b &= b - 1 {
				i := bits.TrailingZeros64(b)
				pz := lv.pz[i]
				c := e.cells[region[i]]
				z := e.z[int(pz.g)-a][int(pz.col)+int(c)]
				k.a ^= z
				sp += z
				if lv.nbm[i]&rest != 0 {
					z := e.zb[int(pz.g)-a][c]
					k.a ^= z
					sb += z
				}
				near |= lv.wnbm[i]
			}
			for ; near != 0; near &= near - 1 {
				w := bits.TrailingZeros64(near)
				if lv.wpm[w]&rest == 0 {
					wz := lv.wz[w]
					z := e.zb[int(wz.g)-a][wz.col]
					k.a ^= z
					sb -= z
				}
			}
			k.b += sb*kb - sp*kp
			e.keys = append(e.keys, k)
			break
		}
		// Key the part from scratch: its points, the walls and the
		// joined stones next to it.
		var x, sp, sb, nbs, ws uint64
		for b := comp; b != 0; b &= b - 1 {
			i := bits.TrailingZeros64(b)
			pz := lv.pz[i]
			z := e.z[int(pz.g)-pa][int(pz.col)+int(e.cells[region[i]])]
			x ^= z
			sp += z
			nbs |= lv.nbm[i]
			ws |= lv.wnbm[i]
		}
		for b := ws; b != 0; b &= b - 1 {
			wz := lv.wz[bits.TrailingZeros64(b)]
			z := e.zb[int(wz.g)-pa][wz.col]
			x ^= z
			sb += z
		}
		for b := nbs & jm; b != 0; b &= b - 1 {
			pz := lv.pz[bits.TrailingZeros64(b)]
			z := e.zb[int(pz.g)-pa][e.cells[region[bits.TrailingZeros64(b)]]]
			x ^= z
			sb += z
		}
		e.keys = append(e.keys, regionKey{x, sp*kp + sb*kb})
	}
	return e.comps[first:]
}

// checkJoin panics unless comps and their keys (from keyMark in e.keys)
// are the parts of region and keys that parts and key compute.
func (e *engine) checkJoin(region []board.Point, comps []part, keyMark int) {
	poolMark, compMark, keyEnd := len(e.pool), len(e.comps), len(e.keys)
	want := e.parts(region)
	wantKeys := e.keys[keyEnd:]
	if len(want) != len(comps) {
		panic(fmt.Sprintf("tiles: a join left %d parts, not %d", len(comps), len(want))) // unreachable: debug check, tests only
	}
	for i, w := range want {
		if wantKeys[i] != e.key(w.pts) {
			panic("tiles: the key parts gives a part differs from the computed one") // unreachable: debug check, tests only
		}
	}
	for i, pt := range comps {
		comp := e.points(pt, region)
		got := slices.Sorted(slices.Values(comp))
		j := slices.IndexFunc(want, func(w part) bool {
			return slices.Equal(slices.Sorted(slices.Values(w.pts)), got)
		})
		if j < 0 {
			panic(fmt.Sprintf("tiles: a part after a join is wrong: %v", e.names(comp))) // unreachable: debug check, tests only
		}
		if k := e.keys[keyMark+i]; k != wantKeys[j] || k != e.key(comp) {
			panic(fmt.Sprintf("tiles: the key of part %v after a join differs from the computed one", e.names(comp))) // unreachable: debug check, tests only
		}
	}
	e.pool, e.comps, e.keys = e.pool[:poolMark], e.comps[:compMark], e.keys[:keyEnd]
}

// names returns the names of points, for messages.
func (e *engine) names(pts []board.Point) []string {
	var out []string
	for _, p := range pts {
		out = append(out, e.b.Name(p))
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
//
// Immortality belongs to whole blocks (as Certify gives it): no mortal
// stone touches an immortal stone of its colour. When the move makes
// stones immortal (e.joined), they are the points of e.log[e.jmark:].
func (e *engine) play(p board.Point, c board.Color) (captured int, ok bool) {
	if e.cells[p] != board.Empty {
		return 0, false
	}
	mark := len(e.log)
	e.set(p, c)
	opp := c.Opponent()
	libs, joins, own := false, false, false
	for _, q := range e.nb[p] {
		switch e.cells[q] {
		case board.Empty:
			libs = true
		case c:
			if e.imm[q] {
				joins = true
			} else {
				own = true
			}
		case opp:
			if !e.imm[q] && !e.hasLiberty(q) {
				for _, s := range e.work {
					e.set(s, board.Empty)
				}
				captured += len(e.work)
			}
		}
	}
	// The stones that become immortal if the move joins: p's block of
	// mortal stones.
	e.work = append(e.work[:0], p)
	if own {
		st := e.nextStamp()
		e.mark[p] = st
		for i := 0; i < len(e.work); i++ {
			for _, q := range e.nb[e.work[i]] {
				if e.mark[q] == st {
					continue
				}
				switch e.cells[q] {
				case c:
					if e.imm[q] {
						joins = true
					} else {
						e.mark[q] = st
						e.work = append(e.work, q)
					}
				case board.Empty:
					libs = true
				}
			}
		}
	}
	if !libs && !joins && captured == 0 {
		e.undoTo(mark)
		return 0, false
	}
	e.joined = joins
	if joins {
		e.jmark = len(e.log)
		for _, s := range e.work {
			e.log = append(e.log, change{p: s, c: c, imm: false})
			e.imm[s] = true
		}
	}
	return captured, true
}

// hasLiberty reports whether the block of the mortal stone q has a
// liberty; if not, e.work holds its stones.
func (e *engine) hasLiberty(q board.Point) bool {
	for _, r := range e.nb[q] {
		if e.cells[r] == board.Empty {
			return true
		}
	}
	c := e.cells[q]
	st := e.nextStamp()
	e.work = append(e.work[:0], q)
	e.mark[q] = st
	for i := 0; i < len(e.work); i++ {
		for _, r := range e.nb[e.work[i]] {
			if e.mark[r] == st {
				continue
			}
			switch e.cells[r] {
			case c:
				e.mark[r] = st
				e.work = append(e.work, r)
			case board.Empty:
				return true
			}
		}
	}
	return false
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

// value returns the count and area games of a region.
func (e *engine) value(region []board.Point) (*entry, error) {
	sl, err := e.valueKeyed(region, e.key(region))
	if err != nil {
		return nil, err
	}
	return e.memo.entry(sl), nil
}

// valueKeyed is value for a region whose key is known.
// The slot it returns is valid until the next memo.put.
func (e *engine) valueKeyed(region []board.Point, k regionKey) (*memoSlot, error) {
	if sl := e.memo.get(k); sl != nil {
		return sl, nil
	}
	if v, ok := e.settledValue(region); ok {
		g := cgt.Int(int64(v))
		return e.memo.put(k, entry{count: g, area: g, settled: true, areaOK: true}), nil
	}
	if e.valuer != nil {
		if v, ok := e.valuer(e.b, region, e.atFn, e.immFn); ok {
			e.valued++
			en := entry{count: v.Count, area: v.Area, areaOK: v.AreaOK, label: v.Label}
			if isInteger(v.Count) {
				// Cold: worth its count under area counting too (see below).
				en.area, en.areaOK = v.Count, !e.sekiLike(region)
			}
			return e.memo.put(k, en), nil
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
	en := entry{count: e.newGame(buf[:nb], buf[nb:n]), areaOK: areaOK}
	switch {
	case !areaOK:
	case isInteger(en.count):
		// A cold position, worth an integer count: no move gains a point
		// under territory counting, and none gains area either (a stone
		// placed in one's own territory, or to capture a dead stone there,
		// changes no area), so under area counting it is worth its count
		// (its territory and prisoners; the stones on it are in the stone
		// balance). Its game tree would say more: a region only Black can
		// move in has the value of the number of moves he has left ({3|} =
		// 4), a tempo that area counting does not pay. A seki is the
		// exception: area counting gives its eyes, territory counting not,
		// so its area is left unknown.
		if e.sekiLike(region) {
			en.areaOK = false
		} else {
			en.area = en.count
		}
	default:
		en.area = e.newGame(buf[n:n+nb], buf[n+nb:])
	}
	return e.memo.put(k, en), nil
}

// isInteger reports whether g is an integer.
func isInteger(g cgt.Game) bool {
	d, ok := g.Number()
	return ok && d.IsInteger()
}

// sekiLike reports whether an empty point of region is a liberty of a
// mortal Black stone and of a mortal White stone: a shared liberty, as in
// a seki.
func (e *engine) sekiLike(region []board.Point) bool {
	for _, p := range region {
		if e.cells[p] != board.Empty {
			continue
		}
		var black, white bool
		for _, q := range e.nb[p] {
			if e.imm[q] {
				continue
			}
			switch e.cells[q] {
			case board.Black:
				black = true
			case board.White:
				white = true
			}
		}
		if black && white {
			return true
		}
	}
	return false
}

// moves plays every legal move of both colours in region and values the
// resulting positions (captures included, area counting one point for
// the stone placed).
//
// It works in three passes: the first plays each move and takes it back,
// noting the parts it leaves and their keys; the second looks all those
// keys up at once (the lookups' memory reads overlap); the third takes
// the moves in order and, for a move whose parts were not all known,
// plays it again and values them. Values and the order of the searches
// are those of valuing each move in turn.
//
// The moves are appended to e.mvs and returned as its tail; the caller
// cuts e.mvs back when done with them.
func (e *engine) moves(region []board.Point, k regionKey) ([]move, error) {
	start := len(e.mvs)
	poolMark, compMark, keyMark := len(e.pool), len(e.comps), len(e.keys)
	defer func() {
		e.pool, e.comps, e.keys = e.pool[:poolMark], e.comps[:compMark], e.keys[:keyMark]
	}()
	anchor := e.anchor(region)
	e.buildLocal(region)
	for _, c := range []board.Color{board.Black, board.White} {
		for _, p := range region {
			if e.cells[p] != board.Empty {
				continue
			}
			mark := len(e.log)
			captured, ok := e.play(p, c)
			if !ok {
				continue
			}
			first := len(e.keys)
			if e.joined {
				comps := e.joinParts(region, k, anchor, mark)
				if e.checkKeys {
					e.checkJoin(region, comps, first)
				}
			} else {
				// The region's points are all still mortal, so it is
				// still one region; its key changes by the points the
				// move changed.
				e.comps = append(e.comps, part{pts: region})
				e.keys = append(e.keys, e.rekey(k, mark, len(e.log), anchor))
				if e.checkKeys && e.keys[first] != e.key(region) {
					panic("tiles: incremental region key differs from the computed one") // unreachable: debug check, tests only
				}
			}
			e.undoTo(mark)
			e.mvs = append(e.mvs, move{p: p, c: c, captured: captured, first: int32(first), n: int32(len(e.keys) - first)})
		}
	}
	// Look the parts up.
	e.hits = slices.Grow(e.hits[:0], len(e.keys)-keyMark)[:len(e.keys)-keyMark]
	for i, k := range e.keys[keyMark:] {
		e.hits[i] = e.memo.get(k)
	}
	if n := len(e.keys); cap(e.known) < n {
		e.known = append(e.known[:cap(e.known)], make([]knownValue, n-cap(e.known))...)
	}
	e.known = e.known[:len(e.keys)]
	for i, sl := range e.hits {
		if sl != nil {
			e.known[keyMark+i] = knownValue{count: sl.count, area: sl.area, ok: true, areaOK: sl.flags&slotAreaOK != 0}
		} else {
			e.known[keyMark+i] = knownValue{}
		}
	}
	for i := start; i < len(e.mvs); i++ {
		m := e.mvs[i]
		sign := int64(1)
		if m.c == board.White {
			sign = -1
		}
		count := e.integer(sign * int64(m.captured))
		area := e.integer(sign * int64(m.captured+1))
		// Past the area limit no new entry gets an area game: skip the
		// sums.
		areaOK := e.areaLimit == 0 || e.nodes <= e.areaLimit
		all := true
		for j := m.first; j < m.first+m.n; j++ {
			all = all && e.known[j].ok
		}
		mark := len(e.log)
		if !all {
			if captured, ok := e.play(m.p, m.c); !ok || captured != m.captured {
				panic("tiles: a move replays differently") // unreachable: the same move on the same position
			}
			e.stack = append(e.stack, stackFrame{key: k, p: m.p, c: m.c})
		}
		for j := m.first; j < m.first+m.n; j++ {
			v := e.known[j]
			if !v.ok {
				sl, err := e.valueKeyed(e.points(e.comps[j], region), e.keys[j])
				if err != nil {
					e.stack = e.stack[:len(e.stack)-1]
					e.undoTo(mark)
					e.mvs = e.mvs[:start]
					return nil, err
				}
				v = knownValue{count: sl.count, area: sl.area, ok: true, areaOK: sl.flags&slotAreaOK != 0}
			}
			if j == m.first && m.captured == 0 {
				count = v.count
			} else {
				count = e.add(count, v.count)
			}
			if areaOK = areaOK && v.areaOK; areaOK {
				area = e.add(area, v.area)
			}
		}
		if !all {
			e.stack = e.stack[:len(e.stack)-1]
			e.undoTo(mark)
		}
		m.count, m.area, m.areaOK = count, area, areaOK
		e.mvs[i] = m
	}
	return e.mvs[start:], nil
}

// knownValue is a part's value as the lookups of moves found it.
type knownValue struct {
	count, area cgt.Game
	ok, areaOK  bool
}

// newGame returns the game {left | right}, as cgt.New does, from a cache
// of the games made from the same sets of options: positions that differ
// often have the same options. It sorts left and right in place.
func (e *engine) newGame(left, right []cgt.Game) cgt.Game {
	slices.Sort(left)
	slices.Sort(right)
	left, right = slices.Compact(left), slices.Compact(right)
	h := uint64(len(left))<<32 | uint64(len(right))
	for _, g := range left {
		h = (h ^ uint64(g)) * 0x100000001b3
	}
	for _, g := range right {
		h = (h ^ uint64(g)) * 0x100000001b3
	}
	h ^= h >> 29
	t := &e.games
	if 2*(len(t.list)+1) > len(t.slots) {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	i := h & mask
	for ; t.slots[i] != 0; i = (i + 1) & mask {
		c := &t.list[t.slots[i]-1]
		if c.h == h && int(c.nl) == len(left) && int(c.nr) == len(right) &&
			slices.Equal(t.opts[c.off:c.off+c.nl], left) &&
			slices.Equal(t.opts[c.off+c.nl:c.off+c.nl+c.nr], right) {
			return c.g
		}
	}
	g := cgt.New(left, right)
	off := uint32(len(t.opts))
	t.opts = append(append(t.opts, left...), right...)
	t.list = append(t.list, madeGame{h: h, off: off, nl: uint32(len(left)), nr: uint32(len(right)), g: g})
	t.slots[i] = int32(len(t.list))
	return g
}

// gameTable is newGame's cache: open addressing on a hash of the
// options, slots holding indices (plus one) into list.
type gameTable struct {
	slots []int32
	list  []madeGame
	opts  []cgt.Game // the options of the games in list
}

type madeGame struct {
	h           uint64
	off, nl, nr uint32 // left options opts[off:off+nl], right the nr after
	g           cgt.Game
}

func (t *gameTable) grow() {
	t.slots = make([]int32, max(1024, 2*len(t.slots)))
	mask := uint64(len(t.slots) - 1)
	for j, c := range t.list {
		i := c.h & mask
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = int32(j + 1)
	}
}

func colorLetter(c board.Color) string {
	if c == board.White {
		return "W"
	}
	return "B"
}

// memoTable maps region keys to entries: open addressing on the first
// half of the key, both halves compared, so a lookup costs no hashing.
// The slots hold the entries' games themselves (one cache line read per
// lookup); labels, rare, are kept aside.
type memoTable struct {
	slots  []memoSlot
	n      int
	labels []string
}

type memoSlot struct {
	k           regionKey
	count, area cgt.Game
	flags       uint32 // slotUsed, slotSettled, slotAreaOK
	label       uint32 // index in labels, 0 for none
}

const (
	slotUsed = 1 << iota
	slotSettled
	slotAreaOK
)

func newMemoTable() memoTable {
	return memoTable{slots: make([]memoSlot, 1024), labels: []string{""}}
}

// get returns the slot of k, or nil.
func (t *memoTable) get(k regionKey) *memoSlot {
	mask := uint64(len(t.slots) - 1)
	for i := k.a & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.flags == 0 {
			return nil
		}
		if s.k == k {
			return s
		}
	}
}

// entry returns the entry a slot holds.
func (t *memoTable) entry(s *memoSlot) *entry {
	return &entry{count: s.count, area: s.area, settled: s.flags&slotSettled != 0,
		areaOK: s.flags&slotAreaOK != 0, label: t.labels[s.label]}
}

// put stores en for k, replacing any entry there, and returns its slot
// (valid until the next put).
func (t *memoTable) put(k regionKey, en entry) *memoSlot {
	if 2*(t.n+1) > len(t.slots) {
		old := t.slots
		t.slots = make([]memoSlot, 2*len(old))
		t.n = 0
		for _, s := range old {
			if s.flags != 0 {
				*t.slot(s.k) = s
			}
		}
	}
	s := t.slot(k)
	*s = memoSlot{k: k, count: en.count, area: en.area, flags: slotUsed}
	if en.settled {
		s.flags |= slotSettled
	}
	if en.areaOK {
		s.flags |= slotAreaOK
	}
	if en.label != "" {
		s.label = uint32(len(t.labels))
		t.labels = append(t.labels, en.label)
	}
	return s
}

// slot returns k's slot, claiming an empty one (counted in n) if k has
// none.
func (t *memoTable) slot(k regionKey) *memoSlot {
	mask := uint64(len(t.slots) - 1)
	for i := k.a & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.flags == 0 {
			t.n++
			return s
		}
		if s.k == k {
			return s
		}
	}
}
