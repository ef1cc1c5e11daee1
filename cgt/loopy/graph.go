package loopy

import (
	"slices"

	"github.com/mathgo/mathgo/cgt"
)

// graph is a finite game graph: vertex v has the Left options left[v] and
// the Right options right[v]. Edge lists hold no duplicates once a graph
// has been packed. A vertex may be its own option (a pass).
type graph struct {
	left, right [][]int
	// known holds vertices that are canonical short games, with their
	// values (set when short games are embedded; kept by clone, neg and
	// pack). Their options are then canonical, and their value need not be
	// recomputed.
	known map[int]cgt.Game
}

// setKnown records that v is the canonical short game x.
func (g *graph) setKnown(v int, x cgt.Game) {
	if g.known == nil {
		g.known = map[int]cgt.Game{}
	}
	g.known[v] = x
}

func newGraph(n int) *graph {
	return &graph{left: make([][]int, n), right: make([][]int, n)}
}

func (g *graph) n() int { return len(g.left) }

func (g *graph) clone() *graph {
	c := newGraph(g.n())
	for v := range g.left {
		c.left[v] = slices.Clone(g.left[v])
		c.right[v] = slices.Clone(g.right[v])
	}
	for v, x := range g.known {
		c.setKnown(v, x)
	}
	return c
}

func (g *graph) addVertex() int {
	g.left = append(g.left, nil)
	g.right = append(g.right, nil)
	return len(g.left) - 1
}

// opts returns the options of v for Left (left) or Right.
func (g *graph) opts(v int, left bool) []int {
	if left {
		return g.left[v]
	}
	return g.right[v]
}

// neg returns the graph of the negative: Left and Right swap edges.
func (g *graph) neg() *graph {
	c := g.clone()
	c.left, c.right = c.right, c.left
	for v, x := range c.known {
		c.known[v] = x.Neg()
	}
	return c
}

// reverse returns the predecessor lists: rl[v] holds every u with v in
// left[u], rr[v] every u with v in right[u].
func (g *graph) reverse() (rl, rr [][]int) {
	return reverseOf(g.left), reverseOf(g.right)
}

// reverseOf inverts one edge relation, all lists sharing one array.
func reverseOf(es [][]int) [][]int {
	n := len(es)
	count := make([]int, n+1)
	for _, ts := range es {
		for _, v := range ts {
			count[v+1]++
		}
	}
	for v := range n {
		count[v+1] += count[v]
	}
	flat := make([]int, count[n])
	next := make([]int, n)
	copy(next, count[:n])
	for u, ts := range es {
		for _, v := range ts {
			flat[next[v]] = u
			next[v]++
		}
	}
	out := make([][]int, n)
	for v := range n {
		out[v] = flat[count[v]:count[v+1]:count[v+1]]
	}
	return out
}

// pack keeps the vertices reachable from the roots, numbered in depth-first
// order (the first root is 0), with sorted duplicate-free edge lists. It
// returns the new graph and the new number of every old vertex (-1 when
// dropped).
func pack(g *graph, roots ...int) (*graph, []int) {
	m := make([]int, g.n())
	for i := range m {
		m[i] = -1
	}
	next := 0
	var stack []int
	for _, r := range roots {
		if m[r] >= 0 {
			continue
		}
		m[r] = next
		next++
		stack = append(stack[:0], r)
		// Iterative depth-first numbering: a vertex is numbered when first
		// seen, its options pushed in reverse so that Left options come first.
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for i := len(g.right[v]) - 1; i >= 0; i-- {
				stack = pushNew(stack, m, g.right[v][i], &next)
			}
			for i := len(g.left[v]) - 1; i >= 0; i-- {
				stack = pushNew(stack, m, g.left[v][i], &next)
			}
		}
	}
	p := newGraph(next)
	for v, nv := range m {
		if nv < 0 {
			continue
		}
		p.left[nv] = mapEdges(g.left[v], m)
		p.right[nv] = mapEdges(g.right[v], m)
		if x, ok := g.known[v]; ok {
			p.setKnown(nv, x)
		}
	}
	return p, m
}

func pushNew(stack, m []int, v int, next *int) []int {
	if m[v] < 0 {
		m[v] = *next
		*next++
		stack = append(stack, v)
	}
	return stack
}

func mapEdges(es, m []int) []int {
	out := make([]int, 0, len(es))
	for _, e := range es {
		if m[e] >= 0 {
			out = append(out, m[e])
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// sumGraph returns the graph of a + b (the part reachable from (sa, sb)) and
// the vertex of (sa, sb), which is 0.
func sumGraph(a *graph, sa int, b *graph, sb int, bud *budget) *graph {
	na, nb := a.n(), b.n()
	capAt(na*nb, maxGraphVertices)
	bud.charge(na * nb)
	idx := make([]int32, na*nb)
	for i := range idx {
		idx[i] = -1
	}
	var pairs [][2]int
	get := func(i, j int) int {
		k := i*nb + j
		if idx[k] < 0 {
			idx[k] = int32(len(pairs))
			pairs = append(pairs, [2]int{i, j})
		}
		return int(idx[k])
	}
	get(sa, sb)
	var left, right [][]int
	for q := 0; q < len(pairs); q++ {
		i, j := pairs[q][0], pairs[q][1]
		var l, r []int
		for _, x := range a.left[i] {
			l = append(l, get(x, j))
		}
		for _, y := range b.left[j] {
			l = append(l, get(i, y))
		}
		for _, x := range a.right[i] {
			r = append(r, get(x, j))
		}
		for _, y := range b.right[j] {
			r = append(r, get(i, y))
		}
		slices.Sort(l)
		slices.Sort(r)
		left = append(left, slices.Compact(l))
		right = append(right, slices.Compact(r))
	}
	return &graph{left: left, right: right}
}

// maxShortBirthday bounds the short games that are turned into graphs: a
// number's followers are about as many as its birthday (and the short-game
// engine would have to create them all).
const maxShortBirthday = 1 << 16

// embedShort adds the canonical followers of the short game s to g and
// returns the vertex of s. memo maps games already added to their vertices.
func embedShort(g *graph, s cgt.Game, memo map[cgt.Game]int, bud *budget) int {
	if _, ok := memo[s]; !ok && s.Birthday() > maxShortBirthday {
		panic(budgetExceeded{}) // its followers all have smaller birthdays
	}
	return embedFollowers(g, s, memo, bud)
}

func embedFollowers(g *graph, s cgt.Game, memo map[cgt.Game]int, bud *budget) int {
	if v, ok := memo[s]; ok {
		return v
	}
	bud.charge(1)
	v := g.addVertex()
	memo[s] = v
	var l, r []int
	for _, o := range s.LeftOptions() {
		l = append(l, embedFollowers(g, o, memo, bud))
	}
	for _, o := range s.RightOptions() {
		r = append(r, embedFollowers(g, o, memo, bud))
	}
	g.left[v], g.right[v] = l, r
	g.setKnown(v, s)
	return v
}

// shortGraph returns the graph of the short game s, s at vertex 0.
func shortGraph(s cgt.Game, bud *budget) *graph {
	g := newGraph(0)
	embedShort(g, s, map[cgt.Game]int{}, bud)
	return g
}

// reach marks the vertices reachable from the roots.
func (g *graph) reach(roots ...int) []bool {
	seen := make([]bool, g.n())
	stack := append([]int(nil), roots...)
	for _, r := range roots {
		seen[r] = true
	}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, es := range [2][]int{g.left[v], g.right[v]} {
			for _, w := range es {
				if !seen[w] {
					seen[w] = true
					stack = append(stack, w)
				}
			}
		}
	}
	return seen
}

// sccs labels the vertices 0..n-1 of the graph given by succ with strongly
// connected components (iterative Tarjan) and returns the component of each
// vertex and the size of each component.
func sccs(n int, succ func(v int) []int) (comp []int, size []int) {
	index := make([]int, n)
	low := make([]int, n)
	onStack := make([]bool, n)
	comp = make([]int, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	type frame struct {
		v, i int
		ss   []int // successors of v, fetched once
	}
	var call []frame
	counter := 0
	for s := range n {
		if index[s] >= 0 {
			continue
		}
		call = append(call, frame{v: s, ss: succ(s)})
		index[s], low[s] = counter, counter
		counter++
		stack = append(stack, s)
		onStack[s] = true
		for len(call) > 0 {
			f := &call[len(call)-1]
			if f.i < len(f.ss) {
				w := f.ss[f.i]
				f.i++
				if index[w] < 0 {
					index[w], low[w] = counter, counter
					counter++
					stack = append(stack, w)
					onStack[w] = true
					call = append(call, frame{v: w, ss: succ(w)})
				} else if onStack[w] {
					low[f.v] = min(low[f.v], index[w])
				}
				continue
			}
			v := f.v
			call = call[:len(call)-1]
			if len(call) > 0 {
				p := call[len(call)-1].v
				low[p] = min(low[p], low[v])
			}
			if low[v] == index[v] {
				c := len(size)
				k := 0
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp[w] = c
					k++
					if w == v {
						break
					}
				}
				size = append(size, k)
			}
		}
	}
	return comp, size
}

// altSucc is the successor function of the alternating state graph: state
// 2v is v with Left to move, 2v+1 is v with Right to move.
func (g *graph) altSucc() func(s int) []int {
	return func(s int) []int {
		v := s >> 1
		if s&1 == 0 {
			out := make([]int, len(g.left[v]))
			for i, w := range g.left[v] {
				out[i] = 2*w + 1
			}
			return out
		}
		out := make([]int, len(g.right[v]))
		for i, w := range g.right[v] {
			out[i] = 2 * w
		}
		return out
	}
}

// cyclicVertices reports, for every vertex, whether one of its two states
// (Left or Right to move) lies on an alternating cycle.
func (g *graph) cyclicVertices() []bool {
	comp, size := sccs(2*g.n(), g.altSucc())
	out := make([]bool, g.n())
	for s, c := range comp {
		if size[c] > 1 {
			out[s>>1] = true
		}
	}
	return out
}

// stopperVertices reports, for every vertex, whether it is a stopper: no
// follower (including itself) starts an infinite alternating play.
func (g *graph) stopperVertices() []bool {
	cyc := g.cyclicVertices()
	rl, rr := g.reverse()
	bad := make([]bool, g.n())
	var stack []int
	for v, c := range cyc {
		if c {
			bad[v] = true
			stack = append(stack, v)
		}
	}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, ps := range [2][]int{rl[v], rr[v]} {
			for _, p := range ps {
				if !bad[p] {
					bad[p] = true
					stack = append(stack, p)
				}
			}
		}
	}
	for v := range bad {
		bad[v] = !bad[v]
	}
	return bad
}

// isStopperAt reports whether the game at v is a stopper.
func (g *graph) isStopperAt(v int) bool {
	p, m := pack(g, v)
	_ = m
	for _, c := range p.cyclicVertices() {
		if c {
			return false
		}
	}
	return true
}

// cycleFreeAt reports whether no cycle (of length > 1 when ignoreLoops)
// can be reached from v.
func (g *graph) cycleFreeAt(v int, ignoreLoops bool) bool {
	p, _ := pack(g, v)
	succ := func(u int) []int {
		out := make([]int, 0, len(p.left[u])+len(p.right[u]))
		out = append(out, p.left[u]...)
		out = append(out, p.right[u]...)
		return out
	}
	comp, size := sccs(p.n(), succ)
	for u := range p.n() {
		if size[comp[u]] > 1 {
			return false
		}
		if !ignoreLoops && (slices.Contains(p.left[u], u) || slices.Contains(p.right[u], u)) {
			return false
		}
	}
	return true
}
