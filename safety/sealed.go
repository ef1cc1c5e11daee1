package safety

import (
	"slices"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/life"
)

// sealed is the board on which a group is proven: its blocks, its eye
// regions and the anchors next to them as on the real board, every other
// point an immortal stone of the attacker (the attacker has filled the
// tiles; see the package documentation, "The sealed game"). It is cropped
// to the group's bounding box plus one line of seal, so that the search
// does not pay for the rest of a large board: points are the cropped
// board's, and orig maps them back.
type sealed struct {
	b        *board.Board
	att, def board.Color
	imm      []bool  // immortal stones: the seal and the anchors that keep a private liberty
	anchors  []bool  // every anchor stone (for Benson: anchors are alive)
	reply    []int32 // per point: eye region number, -1 elsewhere
	targets  []board.Point
	target   []int // block index of each entry of targets
	empties  int   // empty points in the eye regions
	x0, y0   int   // the cropped board's lower left corner on the real board
	realCols int
}

// orig maps a point of the sealed board to the real board (Pass stays).
func (sl *sealed) orig(p board.Point) board.Point {
	if p == board.Pass {
		return p
	}
	x, y := sl.b.Coords(p)
	return board.Point((y+sl.y0)*sl.realCols + x + sl.x0)
}

// in maps a point of the real board to the sealed board, or reports that
// it lies outside the sealed board's box.
func (sl *sealed) in(p board.Point) (board.Point, bool) {
	x, y := int(p)%sl.realCols-sl.x0, int(p)/sl.realCols-sl.y0
	if x < 0 || x >= sl.b.Cols() || y < 0 || y >= sl.b.Rows() {
		return board.Pass, false
	}
	return sl.b.Pt(x, y), true
}

// libertyless returns the group's blocks (indexes into the settler's
// blocks) that have no liberty on the sealed board: every liberty they
// have on the real board lies in a tile or next to other walls, sealed as
// the attacker's stones. The attacker captures such a block by filling
// those liberties, moves the owner may not answer; the sealed board
// cannot show it (no move there captures a block that already has no
// liberty), so it is checked before any proof.
func (sl *sealed) libertyless() []int {
	var out []int
	for i, t := range sl.targets {
		if sl.b.Liberties(t) == 0 {
			out = append(out, sl.target[i])
		}
	}
	return out
}

// seal builds the sealed board of group g: with big, its enclosed
// regions are reply regions too (the second tier); without, they are
// seal like the tiles.
func (s *settler) seal(g *group, big bool) *sealed {
	regions := g.regions
	if big {
		regions = append(slices.Clone(regions), g.big...)
	}
	b := s.b
	// Bounding box of the targets and regions, one point wider.
	x0, y0, x1, y1 := b.Cols(), b.Rows(), -1, -1
	grow := func(p board.Point) {
		x, y := b.Coords(p)
		x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
	}
	for _, t := range g.targets {
		for _, p := range s.blocks[t].stones {
			grow(p)
		}
	}
	for _, reg := range regions {
		for _, p := range reg {
			grow(p)
		}
	}
	x0, y0 = max(x0-1, 0), max(y0-1, 0)
	x1, y1 = min(x1+1, b.Cols()-1), min(y1+1, b.Rows()-1)
	sb, err := board.New(x1-x0+1, y1-y0+1)
	if err != nil {
		panic("safety: " + err.Error()) // unreachable: a box inside a valid board
	}
	n := sb.Size()
	sl := &sealed{b: sb, def: g.color, att: g.color.Opponent(), x0: x0, y0: y0, realCols: b.Cols(),
		imm: make([]bool, n), anchors: make([]bool, n), reply: make([]int32, n)}
	kind := make([]byte, n) // 't' target, 'a' anchor, 'r' region, 0 other
	for i := range sl.reply {
		sl.reply[i] = -1
	}
	for _, t := range g.targets {
		for _, p := range s.blocks[t].stones {
			q, _ := sl.in(p) // every target stone is in the box
			kind[q] = 't'
			sb.Setup(q, g.color)
		}
		q, _ := sl.in(s.blocks[t].stones[0])
		sl.targets = append(sl.targets, q)
		sl.target = append(sl.target, t)
	}
	pieces := map[int][]board.Point{} // anchor block -> its stones in the box
	for _, a := range g.anchors {
		for _, p := range s.blocks[a].stones {
			if q, ok := sl.in(p); ok {
				kind[q] = 'a'
				sl.anchors[q] = true
				sb.Setup(q, g.color)
				pieces[a] = append(pieces[a], q)
			}
		}
	}
	for id, reg := range regions {
		for _, p := range reg {
			q, _ := sl.in(p)
			kind[q] = 'r'
			sl.reply[q] = int32(id)
			sb.Setup(q, b.At(p))
			if b.At(p) == board.Empty {
				sl.empties++
			}
		}
	}
	// An anchor keeps one private liberty next to no target or region
	// point, so that a move on its last sealed liberty is not taken for
	// the capture of an immortal block; an anchor (or a piece of one cut
	// by the box) without such a point stays mortal: the attacker may
	// then capture it, which it never can on the real board, a harder
	// test.
	private := make([]bool, n)
	for _, a := range g.anchors {
		for _, blk := range anchorPieces(sb, pieces[a]) {
			q := board.Pass
			for _, p := range blk {
				for _, r := range sb.Neighbors(p) {
					if kind[r] != 0 || (q != board.Pass && r >= q) {
						continue
					}
					ok := true
					for _, u := range sb.Neighbors(r) {
						if kind[u] == 't' || kind[u] == 'r' {
							ok = false
						}
					}
					if ok {
						q = r
					}
				}
			}
			if q == board.Pass {
				continue
			}
			private[q] = true
			for _, p := range blk {
				sl.imm[p] = true
			}
		}
	}
	for p0 := 0; p0 < n; p0++ {
		p := board.Point(p0)
		if kind[p] == 0 && !private[p] {
			sb.Setup(p, sl.att)
			sl.imm[p] = true
		}
	}
	return sl
}

// anchorPieces splits the stones of one anchor that lie in the box into
// the blocks they form there.
func anchorPieces(sb *board.Board, stones []board.Point) [][]board.Point {
	var out [][]board.Point
	seen := map[board.Point]bool{}
	for _, p := range stones {
		if seen[p] {
			continue
		}
		var blk []board.Point
		stack := []board.Point{p}
		seen[p] = true
		for len(stack) > 0 {
			q := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			blk = append(blk, q)
			for _, r := range sb.Neighbors(q) {
				if !seen[r] && slices.Contains(stones, r) {
					seen[r] = true
					stack = append(stack, r)
				}
			}
		}
		out = append(out, blk)
	}
	return out
}

// staticSafe applies the static rule of the package documentation
// ("Static safety"): the group's blocks, joined through miai pairs of
// common liberties in their eye regions, are pass-alive (Benson, anchors
// alive) on the sealed board however each pair is resolved.
func staticSafe(sl *sealed) bool {
	b := sl.b
	// Defender blocks next to each eye region.
	type pair struct{ p, q board.Point }
	var pairs []pair
	used := map[board.Point]bool{}
	headOf := func(p board.Point) board.Point {
		blk := b.Block(p)
		return blk[0]
	}
	parent := map[board.Point]board.Point{}
	var find func(board.Point) board.Point
	find = func(p board.Point) board.Point {
		for {
			q, ok := parent[p]
			if !ok || q == p {
				return p
			}
			p = q
		}
	}
	isTarget := map[board.Point]bool{}
	for _, t := range sl.targets {
		isTarget[headOf(t)] = true
	}
	maxID := int32(-1)
	for _, id := range sl.reply {
		maxID = max(maxID, id)
	}
	for id := int32(0); id <= maxID; id++ {
		// Empty points of the region and the defender blocks they touch.
		var empties []board.Point
		var heads []board.Point
		for p0, rid := range sl.reply {
			p := board.Point(p0)
			if rid != id || b.At(p) != board.Empty {
				continue
			}
			empties = append(empties, p)
			for _, q := range b.Neighbors(p) {
				if b.At(q) == sl.def {
					if h := headOf(q); !slices.Contains(heads, h) {
						heads = append(heads, h)
					}
				}
			}
		}
		slices.Sort(heads)
		for i, x := range heads {
			for _, y := range heads[i+1:] {
				if !isTarget[x] && !isTarget[y] {
					continue
				}
				if find(x) == find(y) {
					continue
				}
				var common []board.Point
				for _, p := range empties {
					if used[p] {
						continue
					}
					tx, ty := false, false
					for _, q := range b.Neighbors(p) {
						if b.At(q) == sl.def {
							h := headOf(q)
							tx = tx || h == x
							ty = ty || h == y
						}
					}
					if tx && ty {
						common = append(common, p)
					}
				}
				if len(common) < 2 {
					continue
				}
				pairs = append(pairs, pair{common[0], common[1]})
				used[common[0]], used[common[1]] = true, true
				parent[find(y)] = find(x)
			}
		}
	}
	mask := slices.Clone(sl.anchors)
	for i, v := range sl.imm {
		mask[i] = mask[i] || v
	}
	if len(pairs) == 0 || len(pairs) > 6 {
		// Without a pair this is Benson's test, which the pass-alive
		// verdict already made on the real board.
		return false
	}
	for sigma := 0; sigma < 1<<len(pairs); sigma++ {
		c := b.Clone()
		for i, pr := range pairs {
			a, d := pr.p, pr.q
			if sigma>>i&1 == 1 {
				a, d = d, a
			}
			c.Setup(a, sl.att)
			c.Setup(d, sl.def)
		}
		// The defender's stones capture the attacker stones they leave
		// without liberties (and an attacker stone that has none was a
		// suicide: the point stays empty).
		for _, pr := range pairs {
			for _, p := range []board.Point{pr.p, pr.q} {
				if c.At(p) != sl.att || c.Liberties(p) > 0 {
					continue
				}
				for _, s := range c.Block(p) {
					c.Setup(s, board.Empty)
				}
			}
		}
		alive, _ := life.BensonAnchored(c, mask)
		for _, t := range sl.targets {
			if !alive[t] {
				return false
			}
		}
	}
	return true
}
