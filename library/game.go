package library

import (
	"fmt"
	"slices"
	"strings"
)

// gameKey returns the key of a tile's game: everything the game under
// Mathematical Go rules depends on, which is the graph of the playing
// area (which points are adjacent) with each point's class and stone,
// up to relabelling the points (graph isomorphism) and the colour swap
// (neg reports the swap). Two tiles with the same game key have the same
// values (negated when one is the swap); different shapes, orientations
// and wall stones can share it (the straight and the bent three, a
// corner and an edge, ...), which is why Rappaport names tiles by their
// configuration. The key reads "n:labels:adjacency", the labels in the
// canonical order and the adjacency as the upper triangle of 0s and 1s.
func gameKey(area polyomino, syms []byte) (key string, neg bool) {
	n := len(area)
	idx := map[xy]int{}
	for i, c := range area {
		idx[c] = i
	}
	adj := make([][]int, n)
	for i, c := range area {
		for _, d := range dirs {
			if j, ok := idx[xy{c.x + d.x, c.y + d.y}]; ok {
				adj[i] = append(adj[i], j)
			}
		}
	}
	best := ""
	for _, sw := range []bool{false, true} {
		labels := slices.Clone(syms)
		if sw {
			for i := range labels {
				labels[i] = swapSymbol(labels[i])
			}
		}
		if k := canonicalGraph(labels, adj); best == "" || k < best {
			best, neg = k, sw
		}
	}
	return best, neg
}

// canonicalGraph returns the smallest encoding of the labelled graph over
// the orderings of its points that colour refinement allows (points are
// first ordered by label, degree and refined neighbourhood; ties are
// broken by trying every order within each tied class).
func canonicalGraph(labels []byte, adj [][]int) string {
	n := len(labels)
	col := make([]string, n)
	for i := range n {
		col[i] = fmt.Sprintf("%c%d", labels[i], len(adj[i]))
	}
	distinct := func(c []string) int {
		s := slices.Clone(c)
		slices.Sort(s)
		return len(slices.Compact(s))
	}
	for d := distinct(col); ; {
		next := make([]string, n)
		for i := range n {
			nb := make([]string, len(adj[i]))
			for k, j := range adj[i] {
				nb[k] = col[j]
			}
			slices.Sort(nb)
			next[i] = col[i] + "(" + strings.Join(nb, ",") + ")"
		}
		// Rename the signatures to short ranks so they stay small.
		uniq := slices.Clone(next)
		slices.Sort(uniq)
		uniq = slices.Compact(uniq)
		for i := range next {
			r, _ := slices.BinarySearch(uniq, next[i])
			next[i] = fmt.Sprintf("%c%02d", labels[i], r)
		}
		nd := distinct(next)
		col = next
		if nd == d {
			break
		}
		d = nd
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(col[a], col[b]) })
	// Tied classes: runs of equal colour in order.
	var runs [][2]int
	for i := 0; i < n; {
		j := i
		for j < n && col[order[j]] == col[order[i]] {
			j++
		}
		runs = append(runs, [2]int{i, j})
		i = j
	}
	best := ""
	pos := make([]int, n)
	var rec func(r int)
	rec = func(r int) {
		if r == len(runs) {
			for i, v := range order {
				pos[v] = i
			}
			if e := encodeGraph(labels, adj, order, pos); best == "" || e < best {
				best = e
			}
			return
		}
		lo, hi := runs[r][0], runs[r][1]
		permute(order[lo:hi], 0, func() { rec(r + 1) })
	}
	rec(0)
	return best
}

// permute calls f with every permutation of s (in place; s is restored).
func permute(s []int, k int, f func()) {
	if k >= len(s)-1 {
		f()
		return
	}
	for i := k; i < len(s); i++ {
		s[k], s[i] = s[i], s[k]
		permute(s, k+1, f)
		s[k], s[i] = s[i], s[k]
	}
}

// encodeGraph writes the graph with its points in the given order:
// "n:labels:upper triangle".
func encodeGraph(labels []byte, adj [][]int, order, pos []int) string {
	n := len(labels)
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d:", n)
	for _, v := range order {
		sb.WriteByte(labels[v])
	}
	sb.WriteByte(':')
	tri := make([]byte, n*(n-1)/2)
	for i := range tri {
		tri[i] = '0'
	}
	at := func(i, j int) int { // i < j
		return i*n - i*(i+1)/2 + (j - i - 1)
	}
	for v := range n {
		for _, w := range adj[v] {
			i, j := pos[v], pos[w]
			if i < j {
				tri[at(i, j)] = '1'
			}
		}
	}
	sb.Write(tri)
	return sb.String()
}
