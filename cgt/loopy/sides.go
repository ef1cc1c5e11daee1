package loopy

import "slices"

// Sidling: the onside and offside of a game that is not a stopper.
//
// The onside G+ of G is G played so that infinite play is a win for Left,
// the offside G- so that it is a win for Right. When a side equals a
// stopper, sideStopper finds that stopper by transforming the game graph
// while keeping the value of the side at the start vertex:
//
//   - the part of the graph below which there are no alternating cycles is
//     a stopper and is replaced by its canonical form (fusing equal
//     vertices);
//   - obviously irrelevant edges go (moves to on/off/dud that the side makes
//     pointless, moves the opponent can undo at once on the side where the
//     resulting infinite play is his);
//   - an edge on an alternating cycle is deleted when the side's value at
//     the start does not change, decided exactly by comparison;
//   - failing that, an edge of the player who loses infinite play (Right on
//     the onside, Left on the offside) is unraveled: the player may take it
//     at most n times along alternating play (n = 1, 2, ...), again kept only
//     when the comparison proves the value unchanged.
//
// When no alternating cycle is left the graph is a stopper; it is put in
// canonical form and compared once more with the original game (both ways,
// exactly), so a side is never reported unless it is proved; a side left
// as a graph is compared with the original game in the same way. This follows
// the plan of CGSuite's LoopyGame.simplifyGraph; it is not guaranteed to
// succeed, and when it does not, the side is reported as not found.

// maxUnravel is the largest number of traversals tried when unraveling.
const maxUnravel = 4

// sideStopper returns the canonical stopper equal to the given side of the
// game at start, as a packed graph with the game at vertex 0; ok is false
// when none was found. The second result is the simplified graph of the
// side (equal to it on that side) for use when no stopper was found.
func sideStopper(x *graph, start int, s side, bud *budget) (st *graph, raw *graph, ok bool) {
	w, _ := pack(x, start)
	if w.isStopperAt(0) {
		c, _ := canonStopper(w, []int{0}, bud)
		return c, c, true
	}
	w = reduceStoppers(w, bud)
	if !w.isStopperAt(0) {
		w = obviousEliminations(w, s)
		w = reduceStoppers(w, bud)
	}
	for !w.isStopperAt(0) {
		nw, changed := deleteIrrelevantEdges(w, s, bud)
		if !changed {
			nw, changed = unravelOnce(w, s, bud)
		}
		if !changed {
			raw := deleteAllIrrelevant(w, s, bud)
			if !sameOnSide(raw, 0, x, start, s, bud) {
				raw, _ = pack(x, start) // unreachable unless a step above is unsound
			}
			return nil, raw, false
		}
		w = reduceStoppers(nw, bud)
	}
	c, _ := canonStopper(w, []int{0}, bud)
	if !sameOnSide(c, 0, x, start, s, bud) {
		raw, _ := pack(x, start) // unreachable unless a step above is unsound
		return nil, raw, false
	}
	return c, c, true
}

// sameOnSide reports whether a at a0 and b at b0 are equal on side s.
func sameOnSide(a *graph, a0 int, b *graph, b0 int, s side, bud *budget) bool {
	return leqAt(a, a0, b, b0, s, bud) && leqAt(b, b0, a, a0, s, bud)
}

// reduceStoppers replaces the stopper vertices of w (those below which
// there is no alternating cycle) by their joint canonical form and packs
// the result from vertex 0. When vertex 0 itself is a stopper, w is
// returned packed.
func reduceStoppers(w *graph, bud *budget) *graph {
	sv := w.stopperVertices()
	if sv[0] {
		p, _ := pack(w, 0)
		return p
	}
	var roots []int
	isRoot := make([]bool, w.n())
	for v := range w.n() {
		if sv[v] {
			continue
		}
		for _, es := range [2][]int{w.left[v], w.right[v]} {
			for _, t := range es {
				if sv[t] && !isRoot[t] {
					isRoot[t] = true
					roots = append(roots, t)
				}
			}
		}
	}
	core := make([]int, w.n())
	k := 0
	for v := range w.n() {
		core[v] = -1
		if !sv[v] {
			core[v] = k
			k++
		}
	}
	var c *graph
	var croots []int
	if len(roots) > 0 {
		c, croots = canonStopper(w, roots, bud)
	} else {
		c = newGraph(0)
	}
	rootOf := make(map[int]int, len(roots))
	for i, r := range roots {
		rootOf[r] = k + croots[i]
	}
	out := newGraph(k + c.n())
	mapT := func(t int) int {
		if sv[t] {
			return rootOf[t]
		}
		return core[t]
	}
	for v := range w.n() {
		if sv[v] {
			continue
		}
		for _, t := range w.left[v] {
			out.left[core[v]] = append(out.left[core[v]], mapT(t))
		}
		for _, t := range w.right[v] {
			out.right[core[v]] = append(out.right[core[v]], mapT(t))
		}
	}
	for v, x := range c.known {
		out.setKnown(k+v, x)
	}
	for v := range c.n() {
		for _, t := range c.left[v] {
			out.left[k+v] = append(out.left[k+v], k+t)
		}
		for _, t := range c.right[v] {
			out.right[k+v] = append(out.right[k+v], k+t)
		}
	}
	p, _ := pack(out, core[0])
	return p
}

func isOnVertex(g *graph, v int) bool {
	return len(g.left[v]) == 1 && g.left[v][0] == v && len(g.right[v]) == 0
}

func isOffVertex(g *graph, v int) bool {
	return len(g.right[v]) == 1 && g.right[v][0] == v && len(g.left[v]) == 0
}

func isDudVertex(g *graph, v int) bool {
	return len(g.left[v]) == 1 && g.left[v][0] == v && len(g.right[v]) == 1 && g.right[v][0] == v
}

// obviousEliminations applies, at every vertex, the simplifications that
// need no comparison: a move to on (or to dud on the onside) makes the
// mover's other moves pointless, a move to off (or to dud on the offside)
// is never worth making, and on the offside a Left move that Right can
// answer by moving straight back gains nothing (dually on the onside).
func obviousEliminations(w *graph, s side) *graph {
	g := w.clone()
	for v := range g.n() {
		var l []int
		for _, t := range g.left[v] {
			switch {
			case isOnVertex(w, t) || s == onSide && isDudVertex(w, t):
				l = []int{t}
			case isOffVertex(w, t) || s == offSide && isDudVertex(w, t):
				continue
			case s == offSide && slices.Contains(w.right[t], v):
				continue
			default:
				l = append(l, t)
			}
			if len(l) == 1 && (isOnVertex(w, l[0]) || s == onSide && isDudVertex(w, l[0])) {
				break
			}
		}
		var r []int
		for _, t := range g.right[v] {
			switch {
			case isOffVertex(w, t) || s == offSide && isDudVertex(w, t):
				r = []int{t}
			case isOnVertex(w, t) || s == onSide && isDudVertex(w, t):
				continue
			case s == onSide && slices.Contains(w.left[t], v):
				continue
			default:
				r = append(r, t)
			}
			if len(r) == 1 && (isOffVertex(w, r[0]) || s == offSide && isDudVertex(w, r[0])) {
				break
			}
		}
		if !slices.Equal(l, w.left[v]) || !slices.Equal(r, w.right[v]) {
			delete(g.known, v)
		}
		g.left[v], g.right[v] = l, r
	}
	p, _ := pack(g, 0)
	return p
}

// cyclicEdges lists the edges of w that lie on an alternating cycle, as
// (vertex, target, left) triples: Left edges first, then Right edges, in
// vertex order.
func cyclicEdges(w *graph) []edge {
	comp, size := sccs(2*w.n(), w.altSucc())
	var out []edge
	for _, left := range []bool{true, false} {
		for v := range w.n() {
			sv := 2 * v
			if !left {
				sv++
			}
			if size[comp[sv]] < 2 {
				continue
			}
			for _, t := range w.opts(v, left) {
				st := 2 * t
				if left {
					st++
				}
				if comp[st] == comp[sv] {
					out = append(out, edge{v, t, left})
				}
			}
		}
	}
	return out
}

type edge struct {
	from, to int
	left     bool
}

// without returns a copy of w without the edge e.
func without(w *graph, e edge) *graph {
	g := w.clone()
	delete(g.known, e.from)
	if e.left {
		g.left[e.from] = slices.DeleteFunc(g.left[e.from], func(t int) bool { return t == e.to })
	} else {
		g.right[e.from] = slices.DeleteFunc(g.right[e.from], func(t int) bool { return t == e.to })
	}
	return g
}

// sameSideValue reports whether the game at vertex 0 of nw equals that of
// w on side s, given that nw differs by giving one player fewer options:
// fewer Left options can only lower a game, fewer Right options only raise
// it, so one comparison decides.
func sameSideValue(nw, w *graph, leftRemoved bool, s side, bud *budget) bool {
	if leftRemoved {
		return leqAt(w, 0, nw, 0, s, bud)
	}
	return leqAt(nw, 0, w, 0, s, bud)
}

// deleteIrrelevantEdges makes one pass over the edges on alternating
// cycles, deleting each whose deletion keeps the side's value (judged
// against the graph with the earlier deletions of the pass applied).
func deleteIrrelevantEdges(w *graph, s side, bud *budget) (*graph, bool) {
	changed := false
	todo := cyclicEdges(w)
	for len(todo) > 0 {
		e := todo[0]
		todo = todo[1:]
		nw := without(w, e)
		if sameSideValue(nw, w, e.left, s, bud) {
			w, changed = nw, true
			// Edges no longer on an alternating cycle need no test.
			still := map[edge]bool{}
			for _, c := range cyclicEdges(w) {
				still[c] = true
			}
			todo = slices.DeleteFunc(todo, func(c edge) bool { return !still[c] })
		}
	}
	if !changed {
		return w, false
	}
	p, _ := pack(w, 0)
	return p, true
}

// deleteAllIrrelevant deletes, until none is left, every edge whose
// deletion keeps the side's value at the start (vertices in order, Left
// edges before Right ones). It is the last simplification of a side that
// is not a stopper, whose form is then not canonical; on CGSuite's
// examples it gives CGSuite's form.
func deleteAllIrrelevant(w *graph, s side, bud *budget) *graph {
	for changed := true; changed; {
		changed = false
		for v := range w.n() {
			for _, left := range []bool{true, false} {
				for _, t := range w.opts(v, left) {
					nw := without(w, edge{v, t, left})
					if sameSideValue(nw, w, left, s, bud) {
						w, changed = nw, true
						break
					}
				}
			}
		}
	}
	p, _ := pack(w, 0)
	return p
}

// unravelOnce unravels the first edge on an alternating cycle, of the
// player who loses infinite play on side s, that can be unraveled without
// changing the side's value.
func unravelOnce(w *graph, s side, bud *budget) (*graph, bool) {
	moverLeft := s == offSide
	for _, e := range cyclicEdges(w) {
		if e.left != moverLeft {
			continue
		}
		for n := 1; n <= maxUnravel; n++ {
			nw := unravel(w, e, n, bud)
			if sameSideValue(nw, w, e.left, s, bud) {
				p, _ := pack(nw, 0)
				return p, true
			}
		}
	}
	return w, false
}

// unravel lets the mover of edge e take it at most n times in a row of
// alternating play. The vertices on alternating paths from the target of e
// back to its source get n pairs of copies (Left to move, Right to move);
// moves inside the cycle region step through the copies of the current
// round, e itself leads to the next round and is gone after the last one,
// and any other move returns to the original graph.
func unravel(w *graph, e edge, n int, bud *budget) *graph {
	// States: 2v is v with Left to move, 2v+1 with Right to move.
	moverState := func(v int, left bool) int {
		if left {
			return 2 * v
		}
		return 2*v + 1
	}
	src := moverState(e.from, e.left)
	tgt := moverState(e.to, !e.left)
	fwd := altReach(2*w.n(), w.altSucc(), tgt)
	back := altReach(2*w.n(), altPred(w), src)
	num := make([]int, w.n())
	k := 0
	for v := range w.n() {
		num[v] = -1
		if fwd[2*v] && back[2*v] || fwd[2*v+1] && back[2*v+1] {
			num[v] = k
			k++
		}
	}
	if num[e.from] < 0 || num[e.to] < 0 {
		return w.clone() // e lies on no alternating cycle: nothing to unravel
	}
	bud.charge(2 * n * k)
	base := w.n()
	lcopy := func(r, v int) int { return base + 2*r*k + num[v] }     // Left to move, round r
	rcopy := func(r, v int) int { return base + (2*r+1)*k + num[v] } // Right to move, round r
	g := newGraph(base + 2*n*k)
	for v := range w.n() {
		g.left[v] = slices.Clone(w.left[v])
		g.right[v] = slices.Clone(w.right[v])
	}
	for v, x := range w.known {
		g.setKnown(v, x)
	}
	for r := range n {
		for v := range w.n() {
			if num[v] < 0 {
				continue
			}
			lc, rc := lcopy(r, v), rcopy(r, v)
			for _, t := range w.left[v] {
				if num[t] >= 0 {
					g.left[lc] = append(g.left[lc], rcopy(r, t))
				} else {
					g.left[lc] = append(g.left[lc], t)
				}
				g.left[rc] = append(g.left[rc], t)
			}
			for _, t := range w.right[v] {
				if num[t] >= 0 {
					g.right[rc] = append(g.right[rc], lcopy(r, t))
				} else {
					g.right[rc] = append(g.right[rc], t)
				}
				g.right[lc] = append(g.right[lc], t)
			}
		}
	}
	// Redirect e: from the original into round 0, from round r into round
	// r+1, and nowhere from the last round.
	redirect := func(from, oldTo, newTo int) {
		es := g.opts(from, e.left)
		for i, t := range es {
			if t == oldTo {
				if newTo < 0 {
					es = slices.Delete(es, i, i+1)
				} else {
					es[i] = newTo
				}
				break
			}
		}
		if e.left {
			g.left[from] = es
		} else {
			g.right[from] = es
		}
	}
	if e.left {
		redirect(e.from, e.to, rcopy(0, e.to))
		for r := range n {
			next := -1
			if r+1 < n {
				next = rcopy(r+1, e.to)
			}
			redirect(lcopy(r, e.from), rcopy(r, e.to), next)
		}
	} else {
		redirect(e.from, e.to, lcopy(0, e.to))
		for r := range n {
			next := -1
			if r+1 < n {
				next = lcopy(r+1, e.to)
			}
			redirect(rcopy(r, e.from), lcopy(r, e.to), next)
		}
	}
	return g
}

// altReach marks the states reachable from s by succ.
func altReach(n int, succ func(int) []int, s int) []bool {
	seen := make([]bool, n)
	seen[s] = true
	stack := []int{s}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, t := range succ(v) {
			if !seen[t] {
				seen[t] = true
				stack = append(stack, t)
			}
		}
	}
	return seen
}

// altPred is the predecessor function of the alternating state graph.
func altPred(w *graph) func(int) []int {
	rl, rr := w.reverse()
	return func(s int) []int {
		v := s >> 1
		var out []int
		if s&1 == 1 {
			// v with Right to move was reached by a Left move.
			for _, u := range rl[v] {
				out = append(out, 2*u)
			}
		} else {
			for _, u := range rr[v] {
				out = append(out, 2*u+1)
			}
		}
		return out
	}
}
