package loopy

import (
	"slices"

	"github.com/mathgo/mathgo/cgt"
)

// Canonical stoppers.
//
// A stopper (a game graph in which no follower starts an infinite
// alternating play) has a simplest form, unique up to isomorphism of game
// graphs: no dominated options, no reversible options, and no two distinct
// vertices of equal value (Conway, Siegel). canonStopper computes it:
//
//  1. compare every pair of vertices (one retrograde analysis of G - G);
//  2. at every vertex, bypass reversible options (G^L with some G^LR <= G is
//     replaced by the Left options of G^LR, and dually) until none is left,
//     then delete dominated options; values of vertices never change, so the
//     comparisons of step 1 stay valid throughout;
//  3. fuse vertices of equal value and drop what is no longer reachable.
//
// Bypassing keeps the graph a stopper: an alternating cycle through a new
// edge v -> G^LRL would give the alternating cycle
// v -> G^L -> G^LR -> G^LRL -> ... -> v in the old graph.

// canonStopper returns the canonical form of the stopper graph g seen from
// the roots: a new packed graph and the vertex of each root. Every vertex
// reachable from the roots must be a stopper.
//
// The positions with no cycle below them are short games: the short-game
// engine values them, and they enter as their canonical forms (shared, so
// equal short games are one vertex, and needing no simplification). Only
// the loopy positions are simplified by comparison.
func canonStopper(g *graph, roots []int, bud *budget) (*graph, []int) {
	return canonStopperWith(g, roots, true, bud)
}

// canonStopperWith is canonStopper; with shortcut false every position is
// simplified by comparison, short ones included (used to test the
// simplification against the short-game engine).
func canonStopperWith(g *graph, roots []int, shortcut bool, bud *budget) (*graph, []int) {
	x, m := pack(g, roots...)
	lf := make([]bool, x.n())
	if shortcut {
		lf = loopfreeVertices(x)
	} else {
		x.known = nil
	}
	y := newGraph(0)
	emb := map[cgt.Game]int{}
	memo := map[int]cgt.Game{}
	ys := make([]int, x.n())
	for v := range x.n() {
		if lf[v] {
			ys[v] = embedShort(y, graphShort(x, v, memo, bud), emb, bud)
		}
	}
	for v := range x.n() {
		if !lf[v] {
			ys[v] = y.addVertex()
		}
	}
	for v := range x.n() {
		if lf[v] {
			continue
		}
		for _, t := range x.left[v] {
			y.left[ys[v]] = append(y.left[ys[v]], ys[t])
		}
		for _, t := range x.right[v] {
			y.right[ys[v]] = append(y.right[ys[v]], ys[t])
		}
	}
	n := y.n()
	leq := leqMatrix(y, stopperSide, bud)
	orig := y.clone()
	for v := range n {
		if _, ok := y.known[v]; ok {
			continue // a canonical short game
		}
		y.left[v] = simplifyOptions(orig, v, true, leq, bud)
		y.right[v] = simplifyOptions(orig, v, false, leq, bud)
	}
	// Fuse equal vertices onto the smallest of their class; the short games
	// come first, so a loopy position equal to a short game becomes it.
	rep := make([]int, n)
	for v := range n {
		rep[v] = v
		for u := range v {
			if rep[u] == u && leq[u][v] && leq[v][u] {
				rep[v] = u
				break
			}
		}
	}
	for v := range n {
		for i, w := range y.left[v] {
			y.left[v][i] = rep[w]
		}
		for i, w := range y.right[v] {
			y.right[v][i] = rep[w]
		}
	}
	newRoots := make([]int, len(roots))
	for i, r := range roots {
		newRoots[i] = rep[ys[m[r]]]
	}
	z, m2 := pack(y, newRoots...)
	for i, r := range newRoots {
		newRoots[i] = m2[r]
	}
	return z, newRoots
}

// loopfreeVertices reports, for every vertex, whether no cycle can be
// reached from it.
func loopfreeVertices(g *graph) []bool {
	n := g.n()
	succ := func(u int) []int {
		out := make([]int, 0, len(g.left[u])+len(g.right[u]))
		out = append(out, g.left[u]...)
		return append(out, g.right[u]...)
	}
	comp, size := sccs(n, succ)
	order := make([]int, n)
	for v := range order {
		order[v] = v
	}
	// Tarjan numbers components sinks first.
	slices.SortFunc(order, func(a, b int) int { return comp[a] - comp[b] })
	lf := make([]bool, n)
	for _, v := range order {
		ok := size[comp[v]] == 1 && !slices.Contains(g.left[v], v) && !slices.Contains(g.right[v], v)
		for _, w := range succ(v) {
			if w != v && !lf[w] {
				ok = false
			}
		}
		lf[v] = ok
	}
	return lf
}

// simplifyOptions returns the options of v for one player after bypassing
// reversible options and deleting dominated ones, judged by leq on the
// vertices of g.
func simplifyOptions(g *graph, v int, left bool, leq [][]bool, bud *budget) []int {
	opts := slices.Clone(g.opts(v, left))
	slices.Sort(opts)
	opts = slices.Compact(opts)
	for changed := true; changed; {
		changed = false
		bud.charge(len(opts))
		for i, a := range opts {
			// a is reversible through b, an option of a for the other
			// player, when b <= v (Left) or b >= v (Right).
			bud.charge(len(g.opts(a, !left)))
			for _, b := range g.opts(a, !left) {
				if left && leq[b][v] || !left && leq[v][b] {
					bud.charge(1)
					rest := slices.Delete(slices.Clone(opts), i, i+1)
					rest = append(rest, g.opts(b, left)...)
					slices.Sort(rest)
					opts = slices.Compact(rest)
					changed = true
					break
				}
			}
			if changed {
				break
			}
		}
	}
	// Delete dominated options; of several equal ones keep the smallest.
	bud.charge(len(opts) * len(opts))
	out := opts[:0:0]
	for _, a := range opts {
		dominated := false
		for _, b := range opts {
			if a == b {
				continue
			}
			worse := left && leq[a][b] || !left && leq[b][a]
			better := left && leq[b][a] || !left && leq[a][b]
			if worse && (!better || b < a) {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, a)
		}
	}
	return out
}
