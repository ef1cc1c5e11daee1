package loopy

import (
	"errors"
	"slices"

	"github.com/mathgo/mathgo/cgt"
)

// Ordinal sums, subordinates and CGSuite's uptimal powers with loopy
// exponents (G.Pow(x), G.PowTo(x)), as CGSuite defines them.
//
// The ordinal sum G:H is played in G's graph and a copy of H's, where
// every position of the copy also has the moves of G itself: a move in G
// leaves H for good. The subordinate of G to a base B is the H with
// G = B:H, found by deleting from every follower of G the options that are
// B's (CGSuite's CanonicalStopper.subordinate); G.PowTo(x) = G:(x sub 1)
// and G.Pow(x) = {0 | -G.PowTo(x-1) + H} for G = {0 | H}.

// Errors of the ordinal-sum family, with CGSuite's messages.
var (
	ErrNotSubordinate = errors.New("That game cannot be subordinated to the specified base.")
	ErrBadExponent    = errors.New("Invalid exponent.")
	ErrBadPowBase     = errors.New("Invalid base for `Pow` operation (base must be of the form {0|H}).")
)

// ordinalSum returns G:H for G given by a graph and start vertex (its form
// matters, not only its value) and a stopper H.
func ordinalSum(g *graph, g0 int, h Value, bud *budget) (Value, error) {
	hs, err := h.stopperSide()
	if err != nil {
		return Value{}, err
	}
	hg := hs.graph()
	out := g.clone()
	base := out.n()
	for u := range hg.n() {
		out.addVertex()
		out.left[base+u] = slices.Clone(g.left[g0])
		out.right[base+u] = slices.Clone(g.right[g0])
		for _, w := range hg.left[u] {
			out.left[base+u] = append(out.left[base+u], base+w)
		}
		for _, w := range hg.right[u] {
			out.right[base+u] = append(out.right[base+u], base+w)
		}
	}
	bud.charge(out.n())
	return valueOf(out, base, bud), nil
}

// subordinate returns the H with G = B:H for a stopper G, given the options
// of the base B.
func subordinate(gv Value, bl, br []Value, bud *budget) (Value, error) {
	s, err := gv.stopperSide()
	if err != nil {
		return Value{}, err
	}
	for _, b := range slices.Concat(bl, br) {
		if !b.IsStopper() {
			return Value{}, ErrNotStopper
		}
	}
	g := s.graph()
	fol := make([]Value, g.n())
	for v := range g.n() {
		fol[v] = stopperValue(s.follower(v))
	}
	member := func(x Value, set []Value) bool {
		for _, y := range set {
			if leq(x, y, bud) && leq(y, x, bud) {
				return true
			}
		}
		return false
	}
	out := newGraph(0)
	node := map[int]int{}
	var visit func(v int) (int, error)
	visit = func(v int) (int, error) {
		if n, ok := node[v]; ok {
			return n, nil
		}
		n := out.addVertex()
		node[v] = n
		this := fol[v]
		for _, b := range bl {
			ok := slices.ContainsFunc(g.left[v], func(o int) bool { return leq(b, fol[o], bud) })
			if !ok {
				bro, _ := b.Options(false)
				ok = slices.ContainsFunc(bro, func(x Value) bool { return leq(x, this, bud) })
			}
			if !ok {
				return 0, ErrNotSubordinate
			}
		}
		for _, b := range br {
			ok := slices.ContainsFunc(g.right[v], func(o int) bool { return leq(fol[o], b, bud) })
			if !ok {
				blo, _ := b.Options(true)
				ok = slices.ContainsFunc(blo, func(x Value) bool { return leq(this, x, bud) })
			}
			if !ok {
				return 0, ErrNotSubordinate
			}
		}
		for _, o := range g.left[v] {
			if !member(fol[o], bl) {
				c, err := visit(o)
				if err != nil {
					return 0, err
				}
				out.left[n] = append(out.left[n], c)
			}
		}
		for _, o := range g.right[v] {
			if !member(fol[o], br) {
				c, err := visit(o)
				if err != nil {
					return 0, err
				}
				out.right[n] = append(out.right[n], c)
			}
		}
		return n, nil
	}
	root, err := visit(0)
	if err != nil {
		return Value{}, err
	}
	return valueOf(out, root, bud), nil
}

// powTo is CGSuite's G.PowTo(x) for a short G and a pseudonumber x.
func powTo(g, x Value, bud *budget) (Value, error) {
	gs, ok := g.IsShort()
	if !ok {
		return Value{}, errors.New("PowTo is defined for short games")
	}
	if !x.isPseudonumber() {
		return Value{}, ErrBadExponent
	}
	if x.IsZero() {
		return Value{}, nil
	}
	one := Short(cgt.Int(1))
	bl, _ := one.Options(true)
	sub, err := subordinate(x, bl, nil, bud)
	if err != nil {
		if errors.Is(err, ErrNotSubordinate) {
			return Value{}, ErrBadExponent
		}
		return Value{}, err
	}
	sg := shortGraph(gs, bud)
	return ordinalSum(sg, 0, sub, bud)
}

// pow is CGSuite's G.Pow(x) for G = {0 | H} and a pseudonumber x.
func pow(g, x Value, bud *budget) (Value, error) {
	gs, ok := g.IsShort()
	if !ok {
		return Value{}, ErrBadPowBase
	}
	lo, ro := gs.LeftOptions(), gs.RightOptions()
	if len(lo) != 1 || len(ro) != 1 || lo[0] != cgt.Zero {
		return Value{}, ErrBadPowBase
	}
	if !x.isPseudonumber() {
		return Value{}, ErrBadExponent
	}
	xm := add(x, Short(cgt.Int(-1)), bud)
	p, err := powTo(g, xm, bud)
	if err != nil {
		return Value{}, err
	}
	r := add(p.Neg(), Short(ro[0]), bud)
	s := newSpec()
	n := s.node()
	s.addTerm(n, true, Value{})
	s.addTerm(n, false, r)
	return s.value(n, bud)
}
