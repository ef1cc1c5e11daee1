package realgo

import (
	"github.com/mathgo/mathgo/board"
)

// leaf is the value of a finished game's board without the prisoners taken
// during play: exact when lo == hi, otherwise the bounds of the values the
// unknown statuses allow.
type leaf struct {
	lo, hi int16
}

// maxEnumerated is the largest number of blocks of unknown status whose
// assignments are enumerated to bound a count; past it the bounds are the
// widest possible.
const maxEnumerated = 10

// evaluator scores finished games. It caches by board hash.
type evaluator struct {
	b  *board.Board
	g  *grid
	pa paInfo

	nodes        *int64
	statusBudget int64 // per status question
	totalBudget  int64

	jcache      map[uint64]leaf
	cheapCache  map[uint64]leaf
	ccache      map[uint64]int16
	statusCache map[uint64]status

	// assumeAlive marks points whose stones count as pass-alive (set by a
	// Reckoner's caller; nil in Solve).
	assumeAlive []bool

	// statistics
	statusQueries, statusUnknown int64
	whyBudget, whyKo, whyDepth   int64
}

func newEvaluator(b *board.Board, nodes *int64, statusBudget, totalBudget int64) *evaluator {
	return &evaluator{
		b: b, g: newGrid(b), nodes: nodes,
		statusBudget: statusBudget, totalBudget: totalBudget,
		jcache:      map[uint64]leaf{},
		cheapCache:  map[uint64]leaf{},
		ccache:      map[uint64]int16{},
		statusCache: map[uint64]status{},
	}
}

// chinese returns the area count of the board (Black minus White).
func (e *evaluator) chinese() int {
	h := e.b.Hash()
	if v, ok := e.ccache[h]; ok {
		return int(v)
	}
	e.g.load(e.b)
	e.g.passAlive(&e.pa)
	v := e.g.areaScore(&e.pa)
	e.ccache[h] = int16(v)
	return v
}

// japanese returns the territory count of the board without earlier
// prisoners, with the status of every block decided as doc.go says.
func (e *evaluator) japanese() leaf {
	h := e.b.Hash()
	if v, ok := e.jcache[h]; ok {
		return v
	}
	v := e.japaneseUncached(true)
	e.jcache[h] = v
	return v
}

// japaneseCheap returns bounds on japanese() without any life-and-death
// search: only pass-alive blocks are known alive and only blocks in the
// other colour's pass-alive territory known dead.
func (e *evaluator) japaneseCheap() leaf {
	h := e.b.Hash()
	if v, ok := e.jcache[h]; ok {
		return v
	}
	if v, ok := e.cheapCache[h]; ok {
		return v
	}
	v := e.japaneseUncached(false)
	e.cheapCache[h] = v
	return v
}

func (e *evaluator) japaneseUncached(search bool) leaf {
	b, g := e.b, e.g
	g.load(b)
	g.passAlive(&e.pa)
	n := g.n
	pa := paInfo{alive: append([]bool(nil), e.pa.alive...), terr: append([]board.Color(nil), e.pa.terr...)}
	color := append([]board.Color(nil), g.color...)
	for p, a := range e.assumeAlive {
		if a && color[p] != board.Empty {
			pa.alive[p] = true
		}
	}
	dead := make([]bool, n)

	// Components: connected sets of points that are not pass-alive stones
	// (the status searches' keys and areas: none without search).
	var comp []int32
	var comps [][]board.Point
	var compKey []uint64
	if search {
		comp, comps, compKey = e.components(color, &pa)
	}

	// The status of every block that is neither pass-alive nor inside the
	// other colour's pass-alive territory.
	type ublock struct{ stones []board.Point }
	var unknown []ublock
	done := make([]bool, n)
	for p0 := 0; p0 < n; p0++ {
		c := color[p0]
		if c == board.Empty || done[p0] || pa.alive[p0] {
			continue
		}
		stones := b.Block(board.Point(p0))
		for _, s := range stones {
			done[s] = true
		}
		if pa.terr[p0] == c.Opponent() {
			for _, s := range stones {
				dead[s] = true
			}
			continue
		}
		if !search {
			unknown = append(unknown, ublock{stones})
			continue
		}
		ci := comp[p0]
		key := compKey[ci] ^ pointKeys[0][p0] ^ miscKeys[0] ^ sideKey[c]
		st, ok := e.statusCache[key]
		if !ok {
			e.statusQueries++
			inComp := make([]bool, n)
			var empties []board.Point
			for _, p := range comps[ci] {
				inComp[p] = true
				empties = append(empties, p)
			}
			limit := min(*e.nodes+e.statusBudget, e.totalBudget)
			ss := newStatusSolver(b, g, empties, inComp, board.Point(p0), e.nodes, limit, true)
			st = ss.solve()
			if st == statusUnknown {
				e.statusUnknown++
				switch {
				case ss.over:
					e.whyBudget++
				case ss.koMattered:
					e.whyKo++
				default:
					e.whyDepth++
				}
			}
			e.statusCache[key] = st
		}
		switch st {
		case statusDead:
			for _, s := range stones {
				dead[s] = true
			}
		case statusUnknown:
			unknown = append(unknown, ublock{stones})
		}
	}
	g.load(b) // the status searches used the grid
	if len(unknown) == 0 {
		v := int16(g.japaneseCount(dead, &pa))
		return leaf{v, v}
	}
	if len(unknown) > maxEnumerated {
		full := int16(n + n) // territory plus prisoners can never exceed this
		return leaf{-full, full}
	}
	lo, hi := int16(32767), int16(-32768)
	for mask := 0; mask < 1<<len(unknown); mask++ {
		for i, u := range unknown {
			d := mask&(1<<i) != 0
			for _, s := range u.stones {
				dead[s] = d
			}
		}
		v := int16(g.japaneseCount(dead, &pa))
		lo = min(lo, v)
		hi = max(hi, v)
	}
	return leaf{lo, hi}
}

// components returns the connected sets of points that are not
// pass-alive stones: by point its set (comp), the sets, and each set's
// key with the pass-alive stones around it (compKey).
func (e *evaluator) components(color []board.Color, pa *paInfo) (comp []int32, comps [][]board.Point, compKey []uint64) {
	g, n := e.g, e.g.n
	comp = make([]int32, n)
	for p := range comp {
		comp[p] = -1
	}
	for p0 := 0; p0 < n; p0++ {
		if comp[p0] >= 0 || (color[p0] != board.Empty && pa.alive[p0]) {
			continue
		}
		id := int32(len(comps))
		var pts []board.Point
		stack := []board.Point{board.Point(p0)}
		comp[p0] = id
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			pts = append(pts, s)
			for _, q := range g.nbrs[s] {
				if comp[q] < 0 && !(color[q] != board.Empty && pa.alive[q]) {
					comp[q] = id
					stack = append(stack, q)
				}
			}
		}
		comps = append(comps, pts)
	}
	compKey = make([]uint64, len(comps))
	seen := make([]int32, n)
	for i, pts := range comps {
		var k uint64
		for _, p := range pts {
			k ^= pointKeys[color[p]][p]
			for _, q := range g.nbrs[p] {
				if color[q] != board.Empty && pa.alive[q] && seen[q] != int32(i+1) {
					seen[q] = int32(i + 1) // each boundary stone once
					k ^= koKeys[color[q]-1][q]
				}
			}
		}
		compKey[i] = k
	}
	return comp, comps, compKey
}
