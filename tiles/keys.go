package tiles

import (
	"math/rand/v2"
	"sync"

	"github.com/mathgo/mathgo/board"
)

// regionKey identifies a region by its contents (see engine.key): two
// 64-bit halves, the first also the memo table's hash.
type regionKey struct{ a, b uint64 }

// keyTables are the Zobrist numbers of region keys and the geometry they
// are looked up by. Region keys are translation-invariant: a region
// point's number depends on its place relative to the region's lowest row
// and column, on a grid with a one-point margin (the grid index of the
// point less the region's anchor), on its contents and on the board edges
// it touches; an immortal stone around the region (a wall) has a number
// by its place and colour.
type keyTables struct {
	pointZobrist [][48]uint64 // by grid index, then contents + edgeCode
	wallZobrist  [][3]uint64  // by grid index, then colour
	coords       [][2]int32   // column and row of each point
	// edgeCode is, per point, the board edges it touches as bits (left 1,
	// right 2, bottom 4, top 8) times 3: the column of pointZobrist where
	// its contents' numbers start.
	edgeCode  []uint8
	gridIndex []int32 // index of each point on the grid with a margin
	gridCols  int     // width of that grid: cols + 2
}

// The multipliers of the second half of a key: region points and the
// immortal stones around them.
const (
	kp = 0x9e3779b97f4a7c15
	kb = 0xbf58476d1ce4e5b9
)

// keyTablesBySize holds the key tables of each board size met: they
// depend only on the size (the numbers come from a fixed seed) and are
// never written after they are made, so every engine on a board of that
// size shares them (drawing them was a tenth of a small analysis).
var keyTablesBySize sync.Map // [2]int{cols, rows} -> keyTables

// sharedKeyTables returns the key tables of b's size, made once.
func sharedKeyTables(b *board.Board) keyTables {
	k := [2]int{b.Cols(), b.Rows()}
	if t, ok := keyTablesBySize.Load(k); ok {
		return t.(keyTables)
	}
	t := newKeyTables(b, rand.New(rand.NewPCG(0x6d617468, 0x676f)))
	keyTablesBySize.Store(k, t)
	return t
}

// newKeyTables draws the Zobrist numbers for board b from r.
func newKeyTables(b *board.Board, r *rand.Rand) keyTables {
	n := b.Size()
	t := keyTables{
		gridCols:  b.Cols() + 2,
		coords:    make([][2]int32, n),
		edgeCode:  make([]uint8, n),
		gridIndex: make([]int32, n),
	}
	grid := (b.Cols() + 2) * (b.Rows() + 2)
	t.pointZobrist, t.wallZobrist = make([][48]uint64, grid), make([][3]uint64, grid)
	for i := range grid {
		for c := range 48 {
			t.pointZobrist[i][c] = r.Uint64()
		}
		for c := range 3 {
			t.wallZobrist[i][c] = r.Uint64()
		}
	}
	for i := range n {
		x, y := b.Coords(board.Point(i))
		t.coords[i] = [2]int32{int32(x), int32(y)}
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
		t.edgeCode[i] = 3 * m
		t.gridIndex[i] = int32(y*t.gridCols + x)
	}
	return t
}

// anchor returns the offset that makes a region's relative grid index:
// rel(p) = p's grid index minus anchor, with the region's lowest column
// and row at 1 (the margin holds the stones around it).
func (t *keyTables) anchor(region []board.Point) int {
	minX, minY := int32(1<<30), int32(1<<30)
	for _, p := range region {
		minX, minY = min(minX, t.coords[p][0]), min(minY, t.coords[p][1])
	}
	return int(minY-1)*t.gridCols + int(minX-1)
}

// rel returns p's index on the relative grid of a region with anchor a.
func (t *keyTables) rel(p board.Point, a int) int {
	return int(t.gridIndex[p]) - a
}

// pointZ returns the Zobrist number of region point p holding c, in a
// region with anchor a.
func (t *keyTables) pointZ(p board.Point, c board.Color, a int) uint64 {
	return t.pointZobrist[t.rel(p, a)][int(c)+int(t.edgeCode[p])]
}

// rekey returns the key k of a region updated for the changes logged
// from mark to end, when none of them made a stone immortal (anchor is the
// region's, see anchor).
func (e *engine) rekey(k regionKey, mark, end, anchor int) regionKey {
	for _, ch := range e.Changes(mark, end) {
		o, n := e.pointZ(ch.Point, ch.Color, anchor), e.pointZ(ch.Point, e.At(ch.Point), anchor)
		k.a ^= o ^ n
		k.b += (n - o) * kp
	}
	return k
}

// key identifies a region by its shape and contents, the colours of the
// immortal stones around it and the board edges it touches, wherever it
// lies on the board: equal regions in different places share their
// values.
func (e *engine) key(region []board.Point) regionKey {
	var k regionKey
	a := e.anchor(region)
	seen := e.wallMarks.Next()
	for _, p := range region {
		z := e.pointZ(p, e.At(p), a)
		k.a ^= z
		k.b += z * kp
		for _, q := range e.Neighbors(p) {
			if e.Immortal(q) && e.wallMarks.Visit(q, seen) {
				z := e.wallZobrist[e.rel(q, a)][e.At(q)]
				k.a ^= z
				k.b += z * kb
			}
		}
	}
	return k
}

// hash returns the key of region with the immortal stones walls around
// it and anchor a.
func (e *engine) hash(region, walls []board.Point, a int) regionKey {
	var x, sp, sb uint64
	for _, p := range region {
		z := e.pointZobrist[int(e.gridIndex[p])-a][int(e.At(p))+int(e.edgeCode[p])]
		x ^= z
		sp += z
	}
	for _, q := range walls {
		z := e.wallZobrist[int(e.gridIndex[q])-a][e.At(q)]
		x ^= z
		sb += z
	}
	return regionKey{x, sp*kp + sb*kb}
}
