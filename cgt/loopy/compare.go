package loopy

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
	bud.charge(n)
	p.lose = make([]bool, n)
	p.cnt = make([]int32, n)
	return p
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

// succ calls f for every move from s; hmove tells a move in H.
func (p *pairSolver) succ(s int, f func(t int, hmove bool)) {
	pair := s >> 1
	gv, hv := pair/p.nh, pair%p.nh
	if s&1 == 0 {
		for _, x := range p.g.right[gv] {
			f((x*p.nh+hv)<<1|1, false)
		}
		for _, y := range p.h.left[hv] {
			f((gv*p.nh+y)<<1|1, true)
		}
		return
	}
	for _, x := range p.g.left[gv] {
		f((x*p.nh+hv)<<1, false)
	}
	for _, y := range p.h.right[hv] {
		f((gv*p.nh+y)<<1, true)
	}
}

// pred calls f for every explored state with a move to t.
func (p *pairSolver) pred(t int, f func(s int, hmove bool)) {
	pair := t >> 1
	gv, hv := pair/p.nh, pair%p.nh
	if t&1 == 1 {
		// Left moved: in -G (g' -> gv is a Right edge of G) or in H.
		for _, x := range p.grr[gv] {
			if s := (x*p.nh + hv) << 1; p.isSeen(s) {
				f(s, false)
			}
		}
		for _, y := range p.hrl[hv] {
			if s := (gv*p.nh + y) << 1; p.isSeen(s) {
				f(s, true)
			}
		}
		return
	}
	for _, x := range p.grl[gv] {
		if s := (x*p.nh+hv)<<1 | 1; p.isSeen(s) {
			f(s, false)
		}
	}
	for _, y := range p.hrr[hv] {
		if s := (gv*p.nh+y)<<1 | 1; p.isSeen(s) {
			f(s, true)
		}
	}
}

// explore marks the states reachable from start.
func (p *pairSolver) explore(start int) {
	p.seen = make([]bool, len(p.lose))
	p.seen[start] = true
	p.states = append(p.states[:0], int32(start))
	for q := 0; q < len(p.states); q++ {
		p.succ(int(p.states[q]), func(t int, _ bool) {
			if !p.seen[t] {
				p.seen[t] = true
				p.states = append(p.states, int32(t))
			}
		})
	}
	p.bud.charge(len(p.states))
}

// exploreAll makes every state explored.
func (p *pairSolver) exploreAll() {
	p.all = true
	p.states = make([]int32, len(p.lose))
	for i := range p.states {
		p.states[i] = int32(i)
	}
}

// markLost adds the states of queue to the lost set (they must already be
// marked) and closes the set under Right's attraction.
func (p *pairSolver) markLost(queue []int32) {
	for len(queue) > 0 {
		t := int(queue[len(queue)-1])
		queue = queue[:len(queue)-1]
		p.pred(t, func(s int, _ bool) {
			if p.lose[s] {
				return
			}
			if s&1 == 1 {
				p.lose[s] = true
				queue = append(queue, int32(s))
				return
			}
			p.cnt[s]--
			if p.cnt[s] == 0 {
				p.lose[s] = true
				queue = append(queue, int32(s))
			}
		})
	}
}

// solve computes the lost states of every explored state.
func (p *pairSolver) solve() {
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
	p.good = make([]bool, len(p.lose))
	p.rc = make([]int32, len(p.lose))
	for {
		p.bud.charge(len(p.states))
		clear(p.good)
		queue = queue[:0]
		for _, s32 := range p.states {
			s := int(s32)
			if p.lose[s] {
				continue
			}
			if s&1 == 0 {
				found := false
				p.succ(s, func(t int, hmove bool) {
					if !found && p.accepting(hmove) && !p.lose[t] {
						found = true
					}
				})
				if found {
					p.good[s] = true
					queue = append(queue, s32)
				}
				continue
			}
			n := int32(0)
			p.succ(s, func(_ int, hmove bool) {
				if !p.accepting(hmove) {
					n++
				}
			})
			p.rc[s] = n
			if n == 0 {
				p.good[s] = true
				queue = append(queue, s32)
			}
		}
		for len(queue) > 0 {
			t := int(queue[len(queue)-1])
			queue = queue[:len(queue)-1]
			p.pred(t, func(s int, hmove bool) {
				if p.lose[s] || p.good[s] {
					return
				}
				if s&1 == 0 {
					p.good[s] = true
					queue = append(queue, int32(s))
					return
				}
				if !p.accepting(hmove) {
					p.rc[s]--
					if p.rc[s] == 0 {
						p.good[s] = true
						queue = append(queue, int32(s))
					}
				}
			})
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

// accepting reports whether a move counts for Left's infinite play.
func (p *pairSolver) accepting(hmove bool) bool {
	if p.mode == onSide {
		return hmove
	}
	return !hmove
}

// leqAt reports g0 <= h0 (vertices of g and h) under mode.
func leqAt(g *graph, g0 int, h *graph, h0 int, mode side, bud *budget) bool {
	p := newPairSolver(g, h, mode, bud)
	start := p.state(g0, h0, 1)
	p.explore(start)
	p.solve()
	return !p.lose[start]
}

// leqMatrix returns leq[u][v] = (u <= v) for all vertices of one graph.
func leqMatrix(g *graph, mode side, bud *budget) [][]bool {
	p := newPairSolver(g, g, mode, bud)
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
