package loopy

import "sync"

// Comparison by retrograde analysis.
//
// G <= H is decided on the game H - G with Left moving second: a state is a
// pair (g, h) of vertices with a player to move. Left moves g -> g^R (a
// move in -G) or h -> h^L (a move in H); Right moves g -> g^L or h -> h^R.
// A player who cannot move loses. Infinite play is decided by the side:
//
//   - stoppers: Left wins every infinite play (for stoppers every infinite
//     play of H - G is infinite in both components, so the sides agree);
//   - onside (G+ <= H+): Left wins an infinite play when it has infinitely
//     many moves in H;
//   - offside (G- <= H-): Left wins an infinite play when it has infinitely
//     many moves in -G.
//
// The stopper case is a safety game for Left: the states Right wins are the
// Right-attractor of "Left to move and stuck". The sided cases are Büchi
// games for Left, solved by the classical iteration: remove the states from
// which Left cannot force another accepting move, add their Right-attractor,
// repeat until nothing changes.

// side selects how infinite play is scored.
type side int8

const (
	stopperSide side = iota // infinite play is a win for Left (stoppers)
	onSide                  // onside comparison
	offSide                 // offside comparison
)

// pairSolver holds the state of one analysis of H - G.
type pairSolver struct {
	g, h               *graph
	grl, grr, hrl, hrr [][]int // predecessor lists
	nh                 int
	mode               side
	bud                *budget

	all    bool    // every state is explored (all-pairs analysis)
	seen   []bool  // explored states
	states []int32 // explored states, in order
	lose   []bool  // Right wins (with Right to move: Right wins moving first...)
	cnt    []int32 // Left to move: moves to states not yet lost
	good   []bool
	rc     []int32
	edges  int // moves from the explored states: the work of one pass
	buf    *solverBuffers
}

// solverBuffers are the state arrays of one analysis, recycled between
// analyses (comparisons come in large numbers during sidling).
type solverBuffers struct {
	lose, seen, good []bool
	cnt, rc, states  []int32
}

var bufferPool = sync.Pool{New: func() any { return &solverBuffers{} }}

// grow returns s resized to n, zeroed.
func grow[T bool | int32](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

func newPairSolver(g, h *graph, mode side, bud *budget) *pairSolver {
	p := &pairSolver{g: g, h: h, nh: h.n(), mode: mode, bud: bud}
	p.grl, p.grr = g.reverse()
	if h == g {
		p.hrl, p.hrr = p.grl, p.grr
	} else {
		p.hrl, p.hrr = h.reverse()
	}
	n := 2 * g.n() * h.n()
	capAt(n, maxSolverStates)
	bud.charge(n)
	p.buf = bufferPool.Get().(*solverBuffers)
	p.lose = grow(p.buf.lose, n)
	p.cnt = grow(p.buf.cnt, n)
	return p
}

// release returns the buffers to the pool; p must not be used after.
func (p *pairSolver) release() {
	b := p.buf
	b.lose, b.seen, b.good, b.cnt, b.rc, b.states = p.lose, p.seen, p.good, p.cnt, p.rc, p.states
	bufferPool.Put(b)
	p.buf = nil
}

func (p *pairSolver) state(gv, hv, mover int) int { return (gv*p.nh+hv)<<1 | mover }

func (p *pairSolver) isSeen(s int) bool { return p.all || p.seen[s] }

// outdeg is the number of moves from state s.
func (p *pairSolver) outdeg(s int) int {
	pair := s >> 1
	gv, hv := pair/p.nh, pair%p.nh
	if s&1 == 0 {
		return len(p.g.right[gv]) + len(p.h.left[hv])
	}
	return len(p.g.left[gv]) + len(p.h.right[hv])
}

// explore marks the states reachable from start.
func (p *pairSolver) explore(start int) {
	p.seen = grow(p.buf.seen, len(p.lose))
	p.seen[start] = true
	p.states = append(p.buf.states[:0], int32(start))
	nh := p.nh
	visit := func(t int) {
		if !p.seen[t] {
			p.seen[t] = true
			p.states = append(p.states, int32(t))
		}
	}
	for q := 0; q < len(p.states); q++ {
		s := int(p.states[q])
		pair := s >> 1
		gv, hv := pair/nh, pair%nh
		p.edges += p.outdeg(s)
		if s&1 == 0 {
			for _, x := range p.g.right[gv] {
				visit((x*nh+hv)<<1 | 1)
			}
			for _, y := range p.h.left[hv] {
				visit((gv*nh+y)<<1 | 1)
			}
		} else {
			for _, x := range p.g.left[gv] {
				visit((x*nh + hv) << 1)
			}
			for _, y := range p.h.right[hv] {
				visit((gv*nh + y) << 1)
			}
		}
	}
	p.bud.charge(len(p.states))
}

// exploreAll makes every state explored.
func (p *pairSolver) exploreAll() {
	p.all = true
	p.states = grow(p.buf.states, len(p.lose))
	for i := range p.states {
		p.states[i] = int32(i)
	}
	eg, eh := 0, 0
	for v := range p.g.n() {
		eg += len(p.g.left[v]) + len(p.g.right[v])
	}
	for v := range p.h.n() {
		eh += len(p.h.left[v]) + len(p.h.right[v])
	}
	p.edges = eg*p.h.n() + p.g.n()*eh
}

// lost marks s lost and queues it, when it is explored and not yet lost.
func (p *pairSolver) lost(s int, queue []int32) []int32 {
	if p.lose[s] || !p.isSeen(s) {
		return queue
	}
	if s&1 == 1 {
		p.lose[s] = true
		return append(queue, int32(s))
	}
	p.cnt[s]--
	if p.cnt[s] == 0 {
		p.lose[s] = true
		queue = append(queue, int32(s))
	}
	return queue
}

// markLost closes the lost set under Right's attraction, starting from the
// queued states (already marked).
func (p *pairSolver) markLost(queue []int32) {
	nh := p.nh
	for len(queue) > 0 {
		t := int(queue[len(queue)-1])
		queue = queue[:len(queue)-1]
		pair := t >> 1
		gv, hv := pair/nh, pair%nh
		if t&1 == 1 {
			// t has Right to move: Left moved into it, in -G or in H.
			for _, x := range p.grr[gv] {
				queue = p.lost((x*nh+hv)<<1, queue)
			}
			for _, y := range p.hrl[hv] {
				queue = p.lost((gv*nh+y)<<1, queue)
			}
		} else {
			for _, x := range p.grl[gv] {
				queue = p.lost((x*nh+hv)<<1|1, queue)
			}
			for _, y := range p.hrr[hv] {
				queue = p.lost((gv*nh+y)<<1|1, queue)
			}
		}
	}
}

// solve computes the lost states of every explored state.
func (p *pairSolver) solve() {
	nh := p.nh
	p.bud.charge(p.edges)
	var queue []int32
	for _, s32 := range p.states {
		s := int(s32)
		if s&1 == 0 {
			d := p.outdeg(s)
			p.cnt[s] = int32(d)
			if d == 0 {
				p.lose[s] = true
				queue = append(queue, s32)
			}
		}
	}
	p.markLost(queue)
	if p.mode == stopperSide {
		return
	}
	on := p.mode == onSide
	p.good = grow(p.buf.good, len(p.lose))
	p.rc = grow(p.buf.rc, len(p.lose))
	for {
		p.bud.charge(len(p.states) + p.edges)
		clear(p.good)
		queue = queue[:0]
		// Seeds: Left can make an accepting move to a state not lost;
		// Right has only accepting moves (or none).
		for _, s32 := range p.states {
			s := int(s32)
			if p.lose[s] {
				continue
			}
			pair := s >> 1
			gv, hv := pair/nh, pair%nh
			if s&1 == 0 {
				found := false
				if on {
					for _, y := range p.h.left[hv] {
						if !p.lose[(gv*nh+y)<<1|1] {
							found = true
							break
						}
					}
				} else {
					for _, x := range p.g.right[gv] {
						if !p.lose[(x*nh+hv)<<1|1] {
							found = true
							break
						}
					}
				}
				if found {
					p.good[s] = true
					queue = append(queue, s32)
				}
				continue
			}
			var n int
			if on {
				n = len(p.g.left[gv])
			} else {
				n = len(p.h.right[hv])
			}
			p.rc[s] = int32(n)
			if n == 0 {
				p.good[s] = true
				queue = append(queue, s32)
			}
		}
		// Left's attractor to the seeds.
		for len(queue) > 0 {
			t := int(queue[len(queue)-1])
			queue = queue[:len(queue)-1]
			pair := t >> 1
			gv, hv := pair/nh, pair%nh
			if t&1 == 1 {
				for _, x := range p.grr[gv] {
					queue = p.goodLeft((x*nh+hv)<<1, queue)
				}
				for _, y := range p.hrl[hv] {
					queue = p.goodLeft((gv*nh+y)<<1, queue)
				}
			} else {
				// Right moved into t; only non-accepting moves count down.
				if on {
					for _, x := range p.grl[gv] {
						queue = p.goodRight((x*nh+hv)<<1|1, queue)
					}
				} else {
					for _, y := range p.hrr[hv] {
						queue = p.goodRight((gv*nh+y)<<1|1, queue)
					}
				}
			}
		}
		queue = queue[:0]
		for _, s32 := range p.states {
			s := int(s32)
			if !p.lose[s] && !p.good[s] {
				p.lose[s] = true
				queue = append(queue, s32)
			}
		}
		if len(queue) == 0 {
			return
		}
		p.markLost(queue)
	}
}

func (p *pairSolver) goodLeft(s int, queue []int32) []int32 {
	if !p.isSeen(s) || p.lose[s] || p.good[s] {
		return queue
	}
	p.good[s] = true
	return append(queue, int32(s))
}

func (p *pairSolver) goodRight(s int, queue []int32) []int32 {
	if !p.isSeen(s) || p.lose[s] || p.good[s] {
		return queue
	}
	p.rc[s]--
	if p.rc[s] == 0 {
		p.good[s] = true
		queue = append(queue, int32(s))
	}
	return queue
}

// leqAt reports g0 <= h0 (vertices of g and h) under mode.
func leqAt(g *graph, g0 int, h *graph, h0 int, mode side, bud *budget) bool {
	p := newPairSolver(g, h, mode, bud)
	defer p.release()
	start := p.state(g0, h0, 1)
	p.explore(start)
	p.solve()
	return !p.lose[start]
}

// leqMatrix returns leq[u][v] = (u <= v) for all vertices of one graph.
func leqMatrix(g *graph, mode side, bud *budget) [][]bool {
	p := newPairSolver(g, g, mode, bud)
	defer p.release()
	p.exploreAll()
	p.solve()
	n := g.n()
	m := make([][]bool, n)
	for u := range n {
		m[u] = make([]bool, n)
		for v := range n {
			m[u][v] = !p.lose[p.state(u, v, 1)]
		}
	}
	return m
}
