package loopy

import (
	"slices"
	"sync"

	"github.com/mathgo/mathgo/cgt"
)

// stopper is a canonical stopper: a packed graph in simplest form with the
// game at vertex 0. It is immutable; derived facts are computed once. A
// short game is kept as its cgt value, and its graph is built only when
// needed (so that 10^16 costs nothing until it meets a loopy game).
type stopper struct {
	mu sync.Mutex
	gr *graph

	x       cgt.Game // the value, when the game is short
	isShort bool

	once     sync.Once
	loopfree []bool     // no cycle below the vertex
	plumtree []bool     // no cycle longer than a pass below the vertex
	short    []cgt.Game // the short value of loopfree vertices
}

func newStopper(g *graph) *stopper { return &stopper{gr: g} }

// shortStopper returns the canonical stopper of a short game.
func shortStopper(s cgt.Game) *stopper { return &stopper{x: s, isShort: true} }

// graph returns the canonical graph, building it for a short game. A short
// game too large to build unwinds with the budget panic.
func (s *stopper) graph() *graph {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.gr == nil {
		s.gr = shortGraph(s.x, nil)
	}
	return s.gr
}

func (s *stopper) info() {
	s.once.Do(func() {
		g := s.graph()
		n := g.n()
		succ := func(u int) []int {
			out := make([]int, 0, len(g.left[u])+len(g.right[u]))
			out = append(out, g.left[u]...)
			return append(out, g.right[u]...)
		}
		comp, size := sccs(n, succ)
		cyc := make([]bool, n)
		for v := range n {
			cyc[v] = size[comp[v]] > 1 || slices.Contains(g.left[v], v) || slices.Contains(g.right[v], v)
		}
		// A vertex is loopfree when it reaches no cyclic vertex; Tarjan
		// numbers components in reverse topological order, so followers'
		// components come first.
		order := make([]int, n)
		for v := range order {
			order[v] = v
		}
		slices.SortFunc(order, func(a, b int) int { return comp[a] - comp[b] })
		lf := make([]bool, n)
		pt := make([]bool, n)
		for _, v := range order {
			ok := !cyc[v]
			okp := size[comp[v]] == 1
			for _, w := range succ(v) {
				if comp[w] != comp[v] && !lf[w] {
					ok = false
				}
				if comp[w] != comp[v] && !pt[w] {
					okp = false
				}
			}
			lf[v] = ok
			pt[v] = okp
		}
		s.loopfree = lf
		s.plumtree = pt
		s.short = make([]cgt.Game, n)
		for _, v := range order {
			if !lf[v] {
				continue
			}
			if x, ok := g.known[v]; ok {
				s.short[v] = x
				continue
			}
			l := make([]cgt.Game, len(g.left[v]))
			for i, w := range g.left[v] {
				l[i] = s.short[w]
			}
			r := make([]cgt.Game, len(g.right[v]))
			for i, w := range g.right[v] {
				r[i] = s.short[w]
			}
			s.short[v] = cgt.New(l, r)
		}
	})
}

// shortAt reports whether vertex v is loopfree, and its value then.
func (s *stopper) shortAt(v int) (cgt.Game, bool) {
	if v == 0 && s.isShort {
		return s.x, true
	}
	s.info()
	if s.loopfree[v] {
		return s.short[v], true
	}
	return 0, false
}

// isPlumtreeAt reports whether no cycle other than a pass can be reached
// from v.
func (s *stopper) isPlumtreeAt(v int) bool {
	if v == 0 && s.isShort {
		return true
	}
	s.info()
	return s.plumtree[v]
}

// follower returns the canonical stopper of vertex v.
func (s *stopper) follower(v int) *stopper {
	if v == 0 {
		return s
	}
	if x, ok := s.shortAt(v); ok {
		return shortStopper(x)
	}
	p, _ := pack(s.graph(), v)
	return newStopper(p)
}

// stopperLeq reports a <= b for canonical stoppers.
func stopperLeq(a, b *stopper, bud *budget) bool {
	if a == b {
		return true
	}
	if x, ok := a.shortAt(0); ok {
		if y, ok := b.shortAt(0); ok {
			return x.Leq(y)
		}
	}
	return leqAt(a.graph(), 0, b.graph(), 0, stopperSide, bud)
}

func stopperEqual(a, b *stopper, bud *budget) bool {
	if a == b {
		return true
	}
	x, ax := a.shortAt(0)
	y, by := b.shortAt(0)
	if ax || by {
		return ax && by && x == y // a short game never equals a loopy stopper
	}
	if a.graph().n() != b.graph().n() {
		return false // canonical forms of equal stoppers are isomorphic
	}
	return stopperLeq(a, b, bud) && stopperLeq(b, a, bud)
}

// stopperOf returns the canonical stopper of the stopper game x at start.
func stopperOf(x *graph, start int, bud *budget) *stopper {
	c, _ := canonStopper(x, []int{start}, bud)
	return newStopper(c)
}

func (s *stopper) neg() *stopper {
	if x, ok := s.shortAt(0); ok {
		return shortStopper(x.Neg())
	}
	return newStopper(s.graph().neg())
}

// ---- pseudonumbers and stops ----

// PseudoKind tells which kind of pseudonumber a Pseudonumber is.
type PseudoKind int8

// The kinds of pseudonumbers: a number x, x over = {x | pass}, x under =
// {pass | x}, on = {pass | } and off = { | pass}.
const (
	PseudoNumber PseudoKind = iota
	PseudoOver
	PseudoUnder
	PseudoOn
	PseudoOff
)

// Pseudonumber is a number, x over, x under, on or off: the possible stops
// of a stopper. X is the number (zero for on and off).
type Pseudonumber struct {
	Kind PseudoKind
	X    cgt.Dyadic
}

// String prints CGSuite's form: 5, 5over, -3/2under, over, on, off.
func (p Pseudonumber) String() string {
	switch p.Kind {
	case PseudoOn:
		return "on"
	case PseudoOff:
		return "off"
	}
	x := ""
	if p.X.Sign() != 0 || p.Kind == PseudoNumber {
		x = p.X.String()
	}
	switch p.Kind {
	case PseudoOver:
		return x + "over"
	case PseudoUnder:
		return x + "under"
	}
	return x
}

// Cmp orders pseudonumbers: off < x under < x < x over < y under (x < y)
// < on.
func (p Pseudonumber) Cmp(q Pseudonumber) int {
	rank := func(k PseudoKind) int {
		switch k {
		case PseudoOff:
			return -2
		case PseudoOn:
			return 2
		}
		return 0
	}
	if c := rank(p.Kind) - rank(q.Kind); c != 0 || rank(p.Kind) != 0 {
		return sign(c)
	}
	if c := p.X.Cmp(q.X); c != 0 {
		return c
	}
	sub := func(k PseudoKind) int {
		switch k {
		case PseudoUnder:
			return -1
		case PseudoOver:
			return 1
		}
		return 0
	}
	return sign(sub(p.Kind) - sub(q.Kind))
}

func sign(c int) int {
	switch {
	case c < 0:
		return -1
	case c > 0:
		return 1
	}
	return 0
}

// IsNumber reports whether p is a number.
func (p Pseudonumber) IsNumber() bool { return p.Kind == PseudoNumber }

// strong drops over and under: x over and x under become x.
func (p Pseudonumber) strong() Pseudonumber {
	if p.Kind == PseudoOver || p.Kind == PseudoUnder {
		return Pseudonumber{Kind: PseudoNumber, X: p.X}
	}
	return p
}

// pseudoAt recognizes the pseudonumbers among the vertices of a canonical
// stopper.
func (s *stopper) pseudoAt(v int) (Pseudonumber, bool) {
	g := s.graph()
	if x, ok := s.shortAt(v); ok {
		if d, ok := x.Number(); ok {
			return Pseudonumber{Kind: PseudoNumber, X: d}, true
		}
		return Pseudonumber{}, false
	}
	switch {
	case isOnVertex(g, v):
		return Pseudonumber{Kind: PseudoOn}, true
	case isOffVertex(g, v):
		return Pseudonumber{Kind: PseudoOff}, true
	}
	if len(g.left[v]) == 1 && len(g.right[v]) == 1 {
		if g.right[v][0] == v {
			if x, ok := s.shortAt(g.left[v][0]); ok {
				if d, ok := x.Number(); ok {
					return Pseudonumber{Kind: PseudoOver, X: d}, true
				}
			}
		}
		if g.left[v][0] == v {
			if x, ok := s.shortAt(g.right[v][0]); ok {
				if d, ok := x.Number(); ok {
					return Pseudonumber{Kind: PseudoUnder, X: d}, true
				}
			}
		}
	}
	return Pseudonumber{}, false
}

// stops computes the left (left=true) or right stop of vertex v:
// pseudonumbers are their own stops, short games have their usual stops,
// and otherwise LS(G) = max RS(G^L), RS(G) = min LS(G^R). The recursion
// follows alternating play, which ends in a stopper.
func (s *stopper) stop(v int, left bool, memo map[[2]int]Pseudonumber, busy map[[2]int]bool) (Pseudonumber, error) {
	k := [2]int{v, 0}
	if !left {
		k[1] = 1
	}
	if p, ok := memo[k]; ok {
		return p, nil
	}
	if p, ok := s.pseudoAt(v); ok {
		return p, nil
	}
	if x, ok := s.shortAt(v); ok {
		d := x.RightStop()
		if left {
			d = x.LeftStop()
		}
		return Pseudonumber{Kind: PseudoNumber, X: d}, nil
	}
	if busy[k] {
		return Pseudonumber{}, errorf("stop undefined: infinite alternating play") // unreachable for stoppers
	}
	busy[k] = true
	defer delete(busy, k)
	opts := s.graph().opts(v, left)
	if len(opts) == 0 {
		return Pseudonumber{}, errorf("stop undefined: no options") // unreachable for canonical stoppers
	}
	var best Pseudonumber
	for i, o := range opts {
		p, err := s.stop(o, !left, memo, busy)
		if err != nil {
			return Pseudonumber{}, err
		}
		if i == 0 || left && p.Cmp(best) > 0 || !left && p.Cmp(best) < 0 {
			best = p
		}
	}
	memo[k] = best
	return best, nil
}

func (s *stopper) stopOf(left bool) (Pseudonumber, error) {
	return s.stop(0, left, map[[2]int]Pseudonumber{}, map[[2]int]bool{})
}
