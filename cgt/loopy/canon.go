package loopy

import "slices"

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
func canonStopper(g *graph, roots []int, bud *budget) (*graph, []int) {
	x, m := pack(g, roots...)
	n := x.n()
	leq := leqMatrix(x, stopperSide, bud)
	orig := x.clone()
	for v := range n {
		x.left[v] = simplifyOptions(orig, v, true, leq, bud)
		x.right[v] = simplifyOptions(orig, v, false, leq, bud)
	}
	// Fuse equal vertices onto the smallest of their class.
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
		for i, w := range x.left[v] {
			x.left[v][i] = rep[w]
		}
		for i, w := range x.right[v] {
			x.right[v][i] = rep[w]
		}
	}
	newRoots := make([]int, len(roots))
	for i, r := range roots {
		newRoots[i] = rep[m[r]]
	}
	y, m2 := pack(x, newRoots...)
	for i, r := range newRoots {
		newRoots[i] = m2[r]
	}
	return y, newRoots
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
