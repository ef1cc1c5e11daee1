package realgo

import "github.com/mathgo/mathgo/board"

// grid is a snapshot of a board's colours with its neighbour lists, the
// input of the static analyses (Benson, territory, counts). It is filled
// from a board.Board by load and reuses its slices between calls.
type grid struct {
	cols, rows, n int
	color         []board.Color
	nbrs          [][]board.Point

	// Scratch.
	id    []int32 // block or region id per point, -1 if none
	stack []board.Point
	mark  []uint32
	gen   uint32

	stackColors   []board.Color
	regionScratch []int32
	regAdj        [][]adj
	regEmpty      []int32
	inX, inR      []bool
	vitalCount    []int32
	far           []int32
}

// adj is a block bordering a region: how many empty points of the region
// are its liberties, and whether that is all of them.
type adj struct {
	block int32
	libs  int32
	vital bool
}

func (g *grid) boolScratch(s *[]bool, n int) []bool {
	if cap(*s) < n {
		*s = make([]bool, n)
	}
	return (*s)[:n]
}

func (g *grid) int32Scratch(s *[]int32, n int) []int32 {
	if cap(*s) < n {
		*s = make([]int32, n)
	}
	return (*s)[:n]
}

func newGrid(b *board.Board) *grid {
	n := b.Size()
	g := &grid{cols: b.Cols(), rows: b.Rows(), n: n,
		color: make([]board.Color, n), nbrs: make([][]board.Point, n),
		id: make([]int32, n), mark: make([]uint32, n)}
	for p := 0; p < n; p++ {
		g.nbrs[p] = b.Neighbors(board.Point(p))
	}
	return g
}

// load copies the colours of b.
func (g *grid) load(b *board.Board) {
	for p := 0; p < g.n; p++ {
		g.color[p] = b.At(board.Point(p))
	}
}

func (g *grid) nextMark() uint32 {
	g.gen++
	if g.gen == 0 {
		clear(g.mark)
		g.gen = 1
	}
	return g.gen
}

// paInfo is the pass-alive analysis of a position.
type paInfo struct {
	// alive is true on the stones of pass-alive blocks (Benson).
	alive []bool
	// terr is the owner of the pass-alive territory a point lies in, or
	// Empty.
	terr []board.Color
}

// passAlive computes, for both colours, Benson's unconditionally alive
// blocks and the pass-alive territories (see doc.go). out is reused when
// its slices are long enough.
func (g *grid) passAlive(out *paInfo) {
	if len(out.alive) != g.n {
		out.alive = make([]bool, g.n)
		out.terr = make([]board.Color, g.n)
	}
	clear(out.alive)
	clear(out.terr)
	g.benson(board.Black, out)
	g.benson(board.White, out)
}

// benson marks the pass-alive blocks of colour c in out.alive and the
// pass-alive territory of c in out.terr.
//
// Benson's algorithm: X is the set of blocks of c, R the set of maximal
// connected sets of points not of colour c (regions). A region is vital to
// a block if every empty point of the region is a liberty of the block.
// Repeat until nothing changes: remove from X every block with fewer than
// two vital regions in R; remove from R every region bordered by a block
// not in X. The blocks left in X cannot be captured even if c passes for
// ever.
func (g *grid) benson(c board.Color, out *paInfo) {
	n := g.n
	// Label blocks of c and regions of non-c points in one array: blocks
	// get ids 0..nb-1, regions nb..nb+nr-1.
	for p := range g.id {
		g.id[p] = -1
	}
	nb, nr := int32(0), int32(0)
	// blocks
	for p0 := 0; p0 < n; p0++ {
		if g.color[p0] != c || g.id[p0] >= 0 {
			continue
		}
		g.flood(board.Point(p0), nb, func(q board.Point) bool { return g.color[q] == c })
		nb++
	}
	if nb == 0 {
		return
	}
	for p0 := 0; p0 < n; p0++ {
		if g.color[p0] == c || g.id[p0] >= 0 {
			continue
		}
		g.flood(board.Point(p0), nb+nr, func(q board.Point) bool { return g.color[q] != c })
		nr++
	}
	// For each region: its bordering blocks, and for each bordering block
	// whether the region is vital to it (every empty point of the region is
	// a liberty of the block).
	if cap(g.regAdj) < int(nr) {
		g.regAdj = make([][]adj, nr)
		g.regEmpty = make([]int32, nr)
	}
	regAdj := g.regAdj[:nr]
	regEmpty := g.regEmpty[:nr]
	for r := range regAdj {
		regAdj[r] = regAdj[r][:0]
		regEmpty[r] = 0
	}
	for p0 := 0; p0 < n; p0++ {
		if g.color[p0] == c {
			continue
		}
		r := g.id[p0] - nb
		isEmpty := g.color[p0] == board.Empty
		if isEmpty {
			regEmpty[r]++
		}
		var seen [4]int32
		ns := 0
	nbrLoop:
		for _, q := range g.nbrs[p0] {
			if g.color[q] != c {
				continue
			}
			bq := g.id[q]
			for i := 0; i < ns; i++ {
				if seen[i] == bq {
					continue nbrLoop
				}
			}
			seen[ns] = bq
			ns++
			list := regAdj[r]
			i := 0
			for i < len(list) && list[i].block != bq {
				i++
			}
			if i == len(list) {
				regAdj[r] = append(list, adj{block: bq})
			}
			if isEmpty {
				regAdj[r][i].libs++
			}
		}
	}
	for r := range regAdj {
		for i := range regAdj[r] {
			regAdj[r][i].vital = regAdj[r][i].libs == regEmpty[r]
		}
	}
	inX := g.boolScratch(&g.inX, int(nb))
	for i := range inX {
		inX[i] = true
	}
	inR := g.boolScratch(&g.inR, int(nr))
	for i := range inR {
		inR[i] = true
	}
	vitalCount := g.int32Scratch(&g.vitalCount, int(nb))
	for changed := true; changed; {
		changed = false
		clear(vitalCount)
		for r := int32(0); r < nr; r++ {
			if !inR[r] {
				continue
			}
			for _, a := range regAdj[r] {
				if a.vital {
					vitalCount[a.block]++
				}
			}
		}
		for b := int32(0); b < nb; b++ {
			if inX[b] && vitalCount[b] < 2 {
				inX[b] = false
				changed = true
			}
		}
		for r := int32(0); r < nr; r++ {
			if !inR[r] {
				continue
			}
			for _, a := range regAdj[r] {
				if !inX[a.block] {
					inR[r] = false
					changed = true
					break
				}
			}
		}
	}
	anyAlive := false
	for p := 0; p < n; p++ {
		if g.color[p] == c && inX[g.id[p]] {
			out.alive[p] = true
			anyAlive = true
		}
	}
	if !anyAlive {
		return
	}
	// Pass-alive territory of c: a region all of whose bordering blocks are
	// pass-alive (and which has at least one), in which at most one point
	// is not adjacent to a pass-alive stone of c.
	far := g.int32Scratch(&g.far, int(nr))
	clear(far)
	for p0 := 0; p0 < n; p0++ {
		if g.color[p0] == c {
			continue
		}
		near := false
		for _, q := range g.nbrs[p0] {
			if g.color[q] == c && out.alive[q] {
				near = true
				break
			}
		}
		if !near {
			far[g.id[p0]-nb]++
		}
	}
	for p0 := 0; p0 < n; p0++ {
		if g.color[p0] == c {
			continue
		}
		r := g.id[p0] - nb
		if far[r] > 1 || len(regAdj[r]) == 0 {
			continue
		}
		ok := true
		for _, a := range regAdj[r] {
			if !inX[a.block] {
				ok = false
				break
			}
		}
		if ok {
			out.terr[p0] = c
		}
	}
}

// flood labels with id the connected set of points satisfying in that
// contains p.
func (g *grid) flood(p board.Point, id int32, in func(board.Point) bool) {
	g.id[p] = id
	g.stack = append(g.stack[:0], p)
	for len(g.stack) > 0 {
		s := g.stack[len(g.stack)-1]
		g.stack = g.stack[:len(g.stack)-1]
		for _, q := range g.nbrs[s] {
			if g.id[q] < 0 && in(q) {
				g.id[q] = id
				g.stack = append(g.stack, q)
			}
		}
	}
}
