package life

import (
	"slices"
	"sync"

	"github.com/mathgo/mathgo/board"
)

// Benson returns, per point, whether the stone there belongs to a
// pass-alive block of either colour (Benson's unconditionally alive
// blocks: they cannot be captured even if their owner passes every turn),
// and, per colour c (indexed by board.Color), whether an empty or
// opponent point lies in a region made safe by c: a region of non-c
// points bounded only by pass-alive blocks of c in which every empty point
// is a liberty of one of them, so that the opponent can never make an eye
// there. Opponent stones in such a region are unconditionally dead.
// safe[board.Empty] is nil. The board is not changed.
func Benson(b *board.Board) (alive []bool, safe [3][]bool) {
	return BensonAnchored(b, nil)
}

// BensonAnchored is Benson with immortal stones (one entry per point, may
// be nil or short): a block holding an immortal stone always counts as
// alive (an anchor), and a region holding an immortal opponent stone is
// never an eye. The blocks it returns are pass-alive on a board where the
// immortal stones can never be captured; anchors themselves are included
// in alive.
func BensonAnchored(b *board.Board, immortal []bool) (alive []bool, safe [3][]bool) {
	n := b.Size()
	var anchors []bool
	if immortal != nil {
		anchors = make([]bool, n)
		for i := 0; i < n && i < len(immortal); i++ {
			anchors[i] = immortal[i] && b.At(board.Point(i)) != board.Empty
		}
	}
	alive = make([]bool, n)
	bss := bensonPool.Get().(*[3]bensonScratch)
	defer bensonPool.Put(bss)
	var aliveBlocks [3][]bool
	for _, c := range []board.Color{board.Black, board.White} {
		bs := &bss[c]
		bs.run(b, c, anchors)
		aliveBlocks[c] = bs.alivePoints(b)
		for p := 0; p < n; p++ {
			if aliveBlocks[c][p] {
				alive[p] = true
			}
		}
		safe[c] = bs.safePoints(b)
	}
	// A region cannot be safe for c if it holds a pass-alive opponent
	// block (possible only on tiny boards where the two are intertwined).
	for _, c := range []board.Color{board.Black, board.White} {
		opp := c.Opponent()
		bs := &bss[c]
		for r := range bs.regions {
			bad := false
			for _, p := range bs.regions[r].points {
				if aliveBlocks[opp][p] {
					bad = true
					break
				}
			}
			if bad {
				for _, p := range bs.regions[r].points {
					safe[c][p] = false
				}
			}
		}
	}
	return alive, safe
}

// bensonPool recycles BensonAnchored's scratch (one per colour), which
// the board search calls every few plies.
var bensonPool = sync.Pool{New: func() any { return new([3]bensonScratch) }}

// BensonColor returns, per point, whether the stone there belongs to a
// pass-alive block of colour c: Benson's algorithm for c alone, with the
// stones marked in immortal (one entry per point, may be nil or short)
// counted as anchors when they are of colour c (their blocks always
// alive) and as stones that keep their region from being an eye when they
// are of the other colour. The board is not changed.
func BensonColor(b *board.Board, c board.Color, immortal []bool) []bool {
	n := b.Size()
	anchors := make([]bool, n)
	for i := 0; i < n && i < len(immortal); i++ {
		anchors[i] = immortal[i] && b.At(board.Point(i)) != board.Empty
	}
	var bs bensonScratch
	bs.run(b, c, anchors)
	return bs.alivePoints(b)
}

// bensonScratch holds the blocks and regions of one colour for Benson's
// algorithm, reused between calls so that the search does not allocate.
type bensonScratch struct {
	c        board.Color
	blockOf  []int32 // per point: index of the block of colour c, or -1
	regionOf []int32 // per point: index of the region (non-c points), or -1
	blocks   []bBlock
	regions  []bRegion
	stack    []board.Point

	// twoVital's scratch: visit stamps per point, the current stamp,
	// and the block's stones.
	seen  []uint32
	stamp uint32
	own   []uint32
	bad   []uint32
	blk   []board.Point
	flood []board.Point
}

// twoVital reports whether the block at p (of colour c, holding no
// immortal stone) has two regions vital to it: regions of points not of
// colour c, with an empty point, holding no immortal stone (anchors), all
// of whose empty points are liberties of the block. Benson's algorithm
// never finds a block pass-alive without two (run), and this looks only
// at the regions around the block, giving up on a region at its first
// empty point that is no liberty: a cheap necessary condition to try
// first on a large board.
func (s *bensonScratch) twoVital(b *board.Board, p board.Point, anchors []bool) bool {
	n := b.Size()
	if len(s.seen) != n {
		s.seen = make([]uint32, n)
		s.own = make([]uint32, n)
		s.bad = make([]uint32, n)
		s.stamp = 0
	}
	s.stamp++
	if s.stamp == 0 { // wrapped: clear the stamps
		clear(s.seen)
		clear(s.own)
		clear(s.bad)
		s.stamp = 1
	}
	stamp := s.stamp
	c := b.At(p)
	// The block's stones, by flood fill into reused scratch.
	blk := append(s.blk[:0], p)
	s.own[p] = stamp
	for i := 0; i < len(blk); i++ {
		for _, q := range b.Neighbors(blk[i]) {
			if b.At(q) == c && s.own[q] != stamp {
				s.own[q] = stamp
				blk = append(blk, q)
			}
		}
	}
	s.blk = blk
	liberty := func(q board.Point) bool {
		for _, r := range b.Neighbors(q) {
			if s.own[r] == stamp {
				return true
			}
		}
		return false
	}
	vital := 0
	for _, q := range blk {
		for _, l := range b.Neighbors(q) {
			if b.At(l) != board.Empty || s.seen[l] == stamp {
				continue
			}
			// Flood the region of l, giving up at its first point that
			// shows it is not vital. The points seen then are marked bad:
			// a later flood from another liberty of the same region meets
			// one of them (the region is connected) and fails too.
			ok := true
			flood := append(s.flood[:0], l)
			s.seen[l] = stamp
			for i := 0; i < len(flood) && ok; i++ {
				x := flood[i]
				if anchors != nil && int(x) < len(anchors) && anchors[x] || b.At(x) == board.Empty && !liberty(x) {
					ok = false
					break
				}
				for _, y := range b.Neighbors(x) {
					if b.At(y) == c {
						continue
					}
					if s.bad[y] == stamp {
						ok = false
						break
					}
					if s.seen[y] != stamp {
						s.seen[y] = stamp
						flood = append(flood, y)
					}
				}
			}
			if !ok {
				for _, x := range flood {
					s.bad[x] = stamp
				}
			}
			s.flood = flood
			if ok {
				vital++
				if vital >= 2 {
					return true
				}
			}
		}
	}
	return false
}

type bBlock struct {
	points []board.Point
	anchor bool    // contains an immortal stone: never removed
	alive  bool    // still in the candidate set
	vital  []int32 // regions vital to this block
}

type bRegion struct {
	points  []board.Point
	adj     []int32 // adjacent blocks of colour c
	vitalTo []int32 // adjacent blocks of which every empty point is a liberty
	empties int
	healthy bool
}

// run computes the pass-alive blocks of colour c; anchors (per point, may
// be nil) mark immortal stones, whose blocks always count as alive.
func (s *bensonScratch) run(b *board.Board, c board.Color, anchors []bool) {
	n := b.Size()
	s.c = c
	if len(s.blockOf) != n {
		s.blockOf = make([]int32, n)
		s.regionOf = make([]int32, n)
	}
	for i := range s.blockOf {
		s.blockOf[i] = -1
		s.regionOf[i] = -1
	}
	s.blocks = s.blocks[:0]
	s.regions = s.regions[:0]

	// Blocks of colour c and regions of non-c points, by flood fill.
	for p0 := 0; p0 < n; p0++ {
		p := board.Point(p0)
		isC := b.At(p) == c
		if isC && s.blockOf[p] < 0 {
			id := int32(len(s.blocks))
			if len(s.blocks) < cap(s.blocks) {
				s.blocks = s.blocks[:id+1]
			} else {
				s.blocks = append(s.blocks, bBlock{})
			}
			blk := &s.blocks[id]
			blk.points = blk.points[:0]
			blk.vital = blk.vital[:0]
			blk.alive = true
			blk.anchor = false
			s.fill(b, p, true, s.blockOf, id, &blk.points)
			for _, q := range blk.points {
				if anchors != nil && anchors[q] {
					blk.anchor = true
				}
			}
		} else if !isC && s.regionOf[p] < 0 {
			id := int32(len(s.regions))
			if len(s.regions) < cap(s.regions) {
				s.regions = s.regions[:id+1]
			} else {
				s.regions = append(s.regions, bRegion{})
			}
			reg := &s.regions[id]
			reg.points = reg.points[:0]
			reg.adj = reg.adj[:0]
			reg.vitalTo = reg.vitalTo[:0]
			s.fill(b, p, false, s.regionOf, id, &reg.points)
		}
	}
	// Adjacent blocks and vital blocks of each region.
	for r := range s.regions {
		reg := &s.regions[r]
		reg.empties = 0
		first := true
		for _, p := range reg.points {
			var nb [4]int32
			k := 0
			for _, q := range b.Neighbors(p) {
				if id := s.blockOf[q]; id >= 0 {
					dup := false
					for j := 0; j < k; j++ {
						if nb[j] == id {
							dup = true
						}
					}
					if !dup {
						nb[k] = id
						k++
					}
					found := false
					for _, a := range reg.adj {
						if a == id {
							found = true
							break
						}
					}
					if !found {
						reg.adj = append(reg.adj, id)
					}
				}
			}
			if b.At(p) != board.Empty {
				continue
			}
			reg.empties++
			if first {
				reg.vitalTo = append(reg.vitalTo, nb[:k]...)
				first = false
				continue
			}
			// Keep only the blocks adjacent to this empty point too.
			w := 0
			for _, v := range reg.vitalTo {
				for j := 0; j < k; j++ {
					if nb[j] == v {
						reg.vitalTo[w] = v
						w++
						break
					}
				}
			}
			reg.vitalTo = reg.vitalTo[:w]
		}
		if reg.empties == 0 {
			// A region without empty points holds only opponent stones
			// without liberties (a setup oddity): never count it as an eye.
			reg.vitalTo = reg.vitalTo[:0]
		}
		if anchors != nil && len(reg.vitalTo) > 0 {
			// A region holding an immortal opponent stone is never an
			// eye: the opponent can always play next to a stone that is
			// never captured (even where the bare board has no liberty
			// left for it), so the region may be filled.
			for _, p := range reg.points {
				if int(p) < len(anchors) && anchors[p] {
					reg.vitalTo = reg.vitalTo[:0]
					break
				}
			}
		}
		for _, v := range reg.vitalTo {
			s.blocks[v].vital = append(s.blocks[v].vital, int32(r))
		}
	}

	// Benson's iteration: drop blocks with fewer than two healthy vital
	// regions, then regions next to a dropped block, until nothing changes.
	for {
		for r := range s.regions {
			reg := &s.regions[r]
			reg.healthy = true
			for _, a := range reg.adj {
				if !s.blocks[a].alive {
					reg.healthy = false
					break
				}
			}
		}
		changed := false
		for i := range s.blocks {
			blk := &s.blocks[i]
			if !blk.alive || blk.anchor {
				continue
			}
			cnt := 0
			for _, r := range blk.vital {
				if s.regions[r].healthy {
					cnt++
				}
			}
			if cnt < 2 {
				blk.alive = false
				changed = true
			}
		}
		if !changed {
			return
		}
	}
}

// fill flood-fills from p over the points of colour s.c (stones true) or
// of any other content (stones false), labelling them id.
func (s *bensonScratch) fill(b *board.Board, p board.Point, stones bool, label []int32, id int32, out *[]board.Point) {
	label[p] = id
	s.stack = append(s.stack[:0], p)
	for len(s.stack) > 0 {
		q := s.stack[len(s.stack)-1]
		s.stack = s.stack[:len(s.stack)-1]
		*out = append(*out, q)
		for _, r := range b.Neighbors(q) {
			if label[r] < 0 && (b.At(r) == s.c) == stones {
				label[r] = id
				s.stack = append(s.stack, r)
			}
		}
	}
}

// aliveAt reports whether the stone at p (of the colour of the last run)
// is in a pass-alive block.
func (s *bensonScratch) aliveAt(p board.Point) bool {
	id := s.blockOf[p]
	return id >= 0 && s.blocks[id].alive
}

// alivePoints returns the per-point result of the last run.
func (s *bensonScratch) alivePoints(b *board.Board) []bool {
	out := make([]bool, b.Size())
	for i := range s.blocks {
		if s.blocks[i].alive {
			for _, p := range s.blocks[i].points {
				out[p] = true
			}
		}
	}
	return out
}

// regionSafe reports whether region r of the last run is made safe by
// the colour of that run: healthy, next to at least one block, every
// empty point a liberty of a pass-alive block.
func (s *bensonScratch) regionSafe(b *board.Board, r int32) bool {
	reg := &s.regions[r]
	healthy := len(reg.adj) > 0
	for _, a := range reg.adj {
		healthy = healthy && s.blocks[a].alive
	}
	if !healthy {
		return false
	}
	for _, p := range reg.points {
		if b.At(p) != board.Empty {
			continue
		}
		adj := false
		for _, q := range b.Neighbors(p) {
			if b.At(q) == s.c && s.aliveAt(q) {
				adj = true
				break
			}
		}
		if !adj {
			return false
		}
	}
	return true
}

// regionSmallInterior reports whether region r of the last run, bounded
// by pass-alive blocks only (healthy), has an interior of at most two
// adjacent points: the points of the region, empty or not, that touch no
// stone of the colour of the run. An invader's eye must lie in the
// interior (a point next to a pass-alive stone is never the invader's eye,
// and pass-alive stones are never captured), so with such an interior it
// can make one eye at most; and a seki is impossible, since every shared
// liberty outside the interior can be filled by the owner joining a
// pass-alive block, which keeps it pass-alive. The owner kills every
// invader there, whoever moves (see doc.go, "Small interiors"). With an
// interior of at most one point this is KataGo's pass-alive territory.
// All the region's points count, the invader's stones too: captured,
// they become empty points of the region.
func (s *bensonScratch) regionSmallInterior(b *board.Board, r int32) bool {
	reg := &s.regions[r]
	if len(reg.adj) == 0 {
		return false
	}
	for _, a := range reg.adj {
		if !s.blocks[a].alive {
			return false
		}
	}
	var in [2]board.Point
	n := 0
	for _, p := range reg.points {
		adj := false
		for _, q := range b.Neighbors(p) {
			if b.At(q) == s.c {
				adj = true
				break
			}
		}
		if adj {
			continue
		}
		if n == 2 {
			return false
		}
		in[n] = p
		n++
	}
	if n == 2 {
		return slices.Contains(b.Neighbors(in[0]), in[1])
	}
	return true
}

// safePoints returns the points of the regions made safe by the colour of
// the last run: healthy regions, bounded by at least one block, every
// empty point of which is a liberty of a pass-alive block.
func (s *bensonScratch) safePoints(b *board.Board) []bool {
	out := make([]bool, b.Size())
	for r := range s.regions {
		reg := &s.regions[r]
		if !reg.healthy || len(reg.adj) == 0 {
			continue
		}
		ok := true
		for _, p := range reg.points {
			if b.At(p) != board.Empty {
				continue
			}
			adj := false
			for _, q := range b.Neighbors(p) {
				if s.aliveAt(q) && b.At(q) == s.c {
					adj = true
					break
				}
			}
			if !adj {
				ok = false
				break
			}
		}
		if ok {
			for _, p := range reg.points {
				out[p] = true
			}
		}
	}
	return out
}

// MayBePassAlive reports whether the block at p can be pass-alive on
// board b, with the stones marked in anchors (as BensonAnchored takes
// them; may be nil, which disqualifies fewer regions): whether it holds
// an anchor or has two regions vital to it, which Benson's algorithm
// requires of every other block it finds pass-alive. False proves that it
// is not pass-alive; true proves nothing. A cheap test to make before
// BensonAnchored.
func MayBePassAlive(b *board.Board, p board.Point, anchors []bool) bool {
	if b.At(p) == board.Empty {
		return false
	}
	bss := bensonPool.Get().(*[3]bensonScratch)
	defer bensonPool.Put(bss)
	return bss[board.Empty].twoVital(b, p, anchors)
}
