package tiles

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/mathgo/mathgo/board"
)

// part is one part of a region left by a move: its points, or, when they
// are not needed yet, a mask of them in the region.
type part struct {
	points []board.Point // nil: the points of mask, in the region's order
	mask   uint64
}

// parts is mgo's Components for the search's inner loop: the parts are
// carved out of e.pointPool, valid until the pool is cut back below
// them, not sorted, and returned as the tail of e.partStack; their keys
// (as key computes them) go to e.keyStack from index len(e.keyStack) at
// the call. The caller saves the lengths of e.pointPool, e.partStack and
// e.keyStack and restores them.
func (e *engine) parts(region []board.Point) []part {
	in, done := e.marks.Next2()
	for _, p := range region {
		if !e.Immortal(p) {
			e.marks.Set(p, in)
		}
	}
	first := len(e.partStack)
	for _, p := range region {
		if !e.marks.Is(p, in) {
			continue
		}
		// One search finds the part, its lowest row and column and the
		// immortal stones around it.
		start := len(e.pointPool)
		e.pointPool = append(e.pointPool, p)
		e.marks.Set(p, done)
		seen := e.wallMarks.Next()
		e.walls = e.walls[:0]
		minX, minY := e.coords[p][0], e.coords[p][1]
		for i := start; i < len(e.pointPool); i++ {
			for _, q := range e.Neighbors(e.pointPool[i]) {
				if e.marks.Is(q, in) {
					e.marks.Set(q, done)
					e.pointPool = append(e.pointPool, q)
					minX, minY = min(minX, e.coords[q][0]), min(minY, e.coords[q][1])
				} else if e.Immortal(q) && e.wallMarks.Visit(q, seen) {
					e.walls = append(e.walls, q)
				}
			}
		}
		pts := e.pointPool[start:len(e.pointPool):len(e.pointPool)]
		e.partStack = append(e.partStack, part{points: pts})
		e.keyStack = append(e.keyStack, e.hash(pts, e.walls, int(minY-1)*e.gridCols+int(minX-1)))
	}
	return e.partStack[first:]
}

// localView is the region moves is working on, built once per position
// for the first pass over its moves: its points numbered by their index
// in the region, and the immortal stones around it (walls) numbered too,
// so that parts can be found and keyed with bit masks.
type localView struct {
	ok             bool          // the view is valid (at most 64 points and walls)
	pointNeighbors [64]uint64    // the region's points next to each point
	wallNeighbors  [64]uint64    // the walls next to each point
	wallPoints     [64]uint64    // the region's points next to each wall
	rowPoints      [64]uint64    // the region's points in each row, from its lowest
	colPoints      [64]uint64    // the region's points in each column, from its lowest
	minX           int32         // the region's lowest column
	minY           int32         // and row
	pointZ         [64]zobristAt // where each point's Zobrist numbers are
	wallZ          [64]zobristAt // where each wall's Zobrist number is
	walls          []board.Point // the walls, by number
	index          []int32       // by point: its number in the region or among the walls
}

// zobristAt locates the Zobrist numbers of a point: its grid index and
// the column of pointZobrist less the contents (for a wall, the column of
// wallZobrist: its colour).
type zobristAt struct {
	grid int32
	col  int32
}

// buildLocal sets up e.local for region, all of whose points are mortal.
func (e *engine) buildLocal(region []board.Point) {
	view := &e.local
	view.ok = false
	if len(region) > 64 || e.noLocal {
		return
	}
	in := e.marks.Next()
	minX, minY := int32(1<<30), int32(1<<30)
	for i, p := range region {
		if e.Immortal(p) {
			return
		}
		e.marks.Set(p, in)
		view.index[p] = int32(i)
		view.pointZ[i] = zobristAt{e.gridIndex[p], int32(e.edgeCode[p])}
		minX, minY = min(minX, e.coords[p][0]), min(minY, e.coords[p][1])
	}
	view.minX, view.minY = minX, minY
	clear(view.rowPoints[:])
	clear(view.colPoints[:])
	clear(view.wallPoints[:])
	view.walls = view.walls[:0]
	seen := e.wallMarks.Next()
	for i, p := range region {
		view.colPoints[e.coords[p][0]-minX] |= 1 << i
		view.rowPoints[e.coords[p][1]-minY] |= 1 << i
		var m, w uint64
		for _, q := range e.Neighbors(p) {
			if e.marks.Is(q, in) {
				m |= 1 << view.index[q]
			} else if e.Immortal(q) {
				if e.wallMarks.Visit(q, seen) {
					if len(view.walls) == 64 {
						return
					}
					view.index[q] = int32(len(view.walls))
					view.wallZ[len(view.walls)] = zobristAt{e.gridIndex[q], int32(e.At(q))}
					view.walls = append(view.walls, q)
				}
				w |= 1 << view.index[q]
				view.wallPoints[view.index[q]] |= 1 << i
			}
		}
		view.pointNeighbors[i], view.wallNeighbors[i] = m, w
	}
	view.ok = true
}

// points returns the points of a part of region, carving them out of
// e.pointPool if need be.
func (e *engine) points(pt part, region []board.Point) []board.Point {
	if pt.points != nil {
		return pt.points
	}
	start := len(e.pointPool)
	for b := pt.mask; b != 0; b &= b - 1 {
		e.pointPool = append(e.pointPool, region[bits.TrailingZeros64(b)])
	}
	return e.pointPool[start:len(e.pointPool):len(e.pointPool)]
}

// joinParts is parts for the position after a move (logged from mark)
// that made the stones of the changes from joinAt on immortal in region,
// whose key was k and anchor a, with e.local built for region. The parts
// are found with bit masks and keyed without a search of the board: from
// scratch, or, when the move leaves one part with the region's anchor, by
// updating k for the joined stones alone.
func (e *engine) joinParts(region []board.Point, k regionKey, a, mark, joinAt int) []part {
	joined := e.Changes(joinAt, e.Mark())
	if len(joined) == len(region) {
		return nil // the whole region is immortal stones now
	}
	view := &e.local
	if !view.ok {
		return e.parts(region)
	}
	var joinedMask uint64 // the joined stones, by number in the region
	for _, ch := range joined {
		joinedMask |= 1 << view.index[ch.Point]
	}
	rest := (uint64(1)<<len(region) - 1) &^ joinedMask // (1<<64 is 0)
	first := len(e.partStack)
	for left := rest; left != 0; {
		comp := left & -left
		for front := comp; front != 0; {
			grow := view.pointNeighbors[bits.TrailingZeros64(front)] & left &^ comp
			front &= front - 1
			comp |= grow
			front |= grow
		}
		left &^= comp
		e.partStack = append(e.partStack, part{mask: comp})
		var dx, dy int32
		for comp&view.colPoints[dx] == 0 {
			dx++
		}
		for comp&view.rowPoints[dy] == 0 {
			dy++
		}
		partAnchor := int(view.minY+dy-1)*e.gridCols + int(view.minX+dx-1)
		if comp == rest && partAnchor == a {
			// One part with the region's anchor: k less the joined
			// stones as points, plus those next to the part as walls,
			// less the walls that only they touched.
			k = e.rekey(k, mark, joinAt, a)
			var sp, sb, near uint64
			for b := joinedMask; b != 0; b &= b - 1 {
				i := bits.TrailingZeros64(b)
				pz := view.pointZ[i]
				c := e.At(region[i])
				z := e.pointZobrist[int(pz.grid)-a][int(pz.col)+int(c)]
				k.a ^= z
				sp += z
				if view.pointNeighbors[i]&rest != 0 {
					z := e.wallZobrist[int(pz.grid)-a][c]
					k.a ^= z
					sb += z
				}
				near |= view.wallNeighbors[i]
			}
			for ; near != 0; near &= near - 1 {
				w := bits.TrailingZeros64(near)
				if view.wallPoints[w]&rest == 0 {
					wz := view.wallZ[w]
					z := e.wallZobrist[int(wz.grid)-a][wz.col]
					k.a ^= z
					sb -= z
				}
			}
			k.b += sb*kb - sp*kp
			e.keyStack = append(e.keyStack, k)
			break
		}
		// Key the part from scratch: its points, the walls and the
		// joined stones next to it. x is the first half of the key, sp
		// and sb the sums of the points' and the walls' numbers that
		// make the second; nbs and ws are the points and walls next to
		// the part.
		var x, sp, sb, nbs, ws uint64
		for b := comp; b != 0; b &= b - 1 {
			i := bits.TrailingZeros64(b)
			pz := view.pointZ[i]
			z := e.pointZobrist[int(pz.grid)-partAnchor][int(pz.col)+int(e.At(region[i]))]
			x ^= z
			sp += z
			nbs |= view.pointNeighbors[i]
			ws |= view.wallNeighbors[i]
		}
		for b := ws; b != 0; b &= b - 1 {
			wz := view.wallZ[bits.TrailingZeros64(b)]
			z := e.wallZobrist[int(wz.grid)-partAnchor][wz.col]
			x ^= z
			sb += z
		}
		for b := nbs & joinedMask; b != 0; b &= b - 1 {
			i := bits.TrailingZeros64(b)
			z := e.wallZobrist[int(view.pointZ[i].grid)-partAnchor][e.At(region[i])]
			x ^= z
			sb += z
		}
		e.keyStack = append(e.keyStack, regionKey{x, sp*kp + sb*kb})
	}
	return e.partStack[first:]
}

// checkJoin panics unless parts and their keys (from keyMark in
// e.keyStack) are the parts of region and keys that parts and key
// compute.
func (e *engine) checkJoin(region []board.Point, got []part, keyMark int) {
	poolMark, partMark, keyEnd := len(e.pointPool), len(e.partStack), len(e.keyStack)
	want := e.parts(region)
	wantKeys := e.keyStack[keyEnd:]
	if len(want) != len(got) {
		panic(fmt.Sprintf("tiles: a join left %d parts, not %d", len(got), len(want))) // unreachable: debug check, tests only
	}
	for i, w := range want {
		if wantKeys[i] != e.key(w.points) {
			panic("tiles: the key parts gives a part differs from the computed one") // unreachable: debug check, tests only
		}
	}
	for i, pt := range got {
		pts := e.points(pt, region)
		sorted := slices.Sorted(slices.Values(pts))
		j := slices.IndexFunc(want, func(w part) bool {
			return slices.Equal(slices.Sorted(slices.Values(w.points)), sorted)
		})
		if j < 0 {
			panic(fmt.Sprintf("tiles: a part after a join is wrong: %v", e.names(pts))) // unreachable: debug check, tests only
		}
		if k := e.keyStack[keyMark+i]; k != wantKeys[j] || k != e.key(pts) {
			panic(fmt.Sprintf("tiles: the key of part %v after a join differs from the computed one", e.names(pts))) // unreachable: debug check, tests only
		}
	}
	e.pointPool, e.partStack, e.keyStack = e.pointPool[:poolMark], e.partStack[:partMark], e.keyStack[:keyEnd]
}
