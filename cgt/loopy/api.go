package loopy

import (
	"slices"

	"github.com/mathgo/mathgo/cgt"
)

// ---- building game graphs ----

// Node is a position of a game graph under construction.
type Node int

// Builder assembles a finite game graph: add nodes, add Left and Right
// edges (moves) between them, optionally give a node without edges the
// value of a short game, and build. A node may have an edge to itself (a
// pass). A Builder is not safe for concurrent use.
type Builder struct {
	g      *graph
	shorts map[Node]cgt.Game
}

// NewBuilder returns an empty Builder.
func NewBuilder() *Builder {
	return &Builder{g: newGraph(0), shorts: map[Node]cgt.Game{}}
}

// AddNode adds a position with no moves yet (the game 0 unless it gets
// moves or a short value).
func (b *Builder) AddNode() Node { return Node(b.g.addVertex()) }

// AddLeft adds a move for Left from one position to another.
func (b *Builder) AddLeft(from, to Node) {
	b.g.left[from] = append(b.g.left[from], int(to))
}

// AddRight adds a move for Right from one position to another.
func (b *Builder) AddRight(from, to Node) {
	b.g.right[from] = append(b.g.right[from], int(to))
}

// SetShort makes n the short game s; n must get no edges of its own (its
// moves are those of s). This is how known values, such as the territory
// left after a ko is resolved, enter the graph.
func (b *Builder) SetShort(n Node, s cgt.Game) { b.shorts[n] = s }

// Build returns the game at start. It reports nodes that do not exist and
// short nodes that were also given edges.
func (b *Builder) Build(start Node) (*Game, error) {
	n := b.g.n()
	valid := func(x Node) bool { return x >= 0 && int(x) < n }
	if !valid(start) {
		return nil, errorf("loopy: start node %d does not exist", start)
	}
	g := b.g.clone()
	for v := range n {
		for _, t := range slices.Concat(g.left[v], g.right[v]) {
			if !valid(Node(t)) {
				return nil, errorf("loopy: node %d has a move to node %d, which does not exist", v, t)
			}
		}
	}
	memo := map[cgt.Game]int{}
	for nd, s := range b.shorts {
		if !valid(nd) {
			return nil, errorf("loopy: short value set on node %d, which does not exist", nd)
		}
		if len(g.left[nd])+len(g.right[nd]) > 0 {
			return nil, errorf("loopy: node %d has both moves and a short value", nd)
		}
		v := embedShort(g, s, memo, nil)
		g.left[nd], g.right[nd] = slices.Clone(g.left[v]), slices.Clone(g.right[v])
		g.setKnown(int(nd), s)
	}
	for v := range g.n() {
		slices.Sort(g.left[v])
		g.left[v] = slices.Compact(g.left[v])
		slices.Sort(g.right[v])
		g.right[v] = slices.Compact(g.right[v])
	}
	p, _ := pack(g, int(start))
	return &Game{g: p}, nil
}

// Game is a finite loopy game given by its graph (not simplified): the
// position a Builder built, or the graph of a Value. Games are immutable.
type Game struct {
	g *graph // packed; the game is vertex 0
}

// Vertices returns the number of positions of the game's graph.
func (g *Game) Vertices() int { return g.g.n() }

// IsStopper reports whether no position of g starts an infinite
// alternating play.
func (g *Game) IsStopper() bool { return g.g.isStopperAt(0) }

// Neg returns the game with Left's and Right's moves exchanged.
func (g *Game) Neg() *Game { return &Game{g: g.g.neg()} }

// SumGames returns the graph of the sum of games (the product of their
// graphs): a move is a move in one component. The sum of no games is 0.
func SumGames(gs ...*Game) (s *Game, err error) {
	defer guard(&err)
	bud := newBudget(0)
	acc := &graph{left: [][]int{nil}, right: [][]int{nil}}
	for _, g := range gs {
		acc = sumGraph(acc, 0, g.g, 0, bud)
	}
	return &Game{g: acc}, nil
}

// Canonical simplifies g to its value: the canonical stopper when g is a
// stopper, otherwise its onside and offside (sidling), each a canonical
// stopper when one is found.
func Canonical(g *Game) (Value, error) { return CanonicalBudget(g, 0) }

// CanonicalBudget is Canonical with a work budget (DefaultBudget when
// n <= 0).
func CanonicalBudget(g *Game, n int) (v Value, err error) {
	defer guard(&err)
	return valueOf(g.g, 0, newBudget(n)), nil
}

// Game returns the graph of a stopper value (its canonical form).
func (v Value) Game() (g *Game, err error) {
	defer guard(&err)
	s, err := v.stopperSide()
	if err != nil {
		return nil, err
	}
	return &Game{g: s.graph()}, nil
}

// ---- arithmetic and comparison ----

// Sum returns the sum of the values (0 for none). The sum of two stoppers
// may fail to be a stopper; its sides are then the upsum and downsum:
// G + H = (G+ upsum H+) & (G- downsum H-).
func Sum(vs ...Value) (s Value, err error) {
	defer guard(&err)
	bud := newBudget(0)
	for _, v := range vs {
		s = add(s, v, bud)
	}
	return s, nil
}

// Add returns v + w.
func (v Value) Add(w Value) (Value, error) { return Sum(v, w) }

// Sub returns v - w.
func (v Value) Sub(w Value) (Value, error) { return Sum(v, w.Neg()) }

// Leq reports a <= b: for stoppers by the comparison of stoppers, for
// sided values side by side (onside with onside, offside with offside).
func Leq(a, b Value) (r bool, err error) {
	defer guard(&err)
	return leq(a, b, newBudget(0)), nil
}

// Equal reports a = b.
func Equal(a, b Value) (r bool, err error) {
	defer guard(&err)
	bud := newBudget(0)
	return leq(a, b, bud) && leq(b, a, bud), nil
}

// Upsum returns G upsum H, the onside of G + H, for stoppers.
func Upsum(g, h Value) (s Value, err error) {
	defer guard(&err)
	return upsum(g, h, newBudget(0))
}

// Downsum returns G downsum H, the offside of G + H, for stoppers.
func Downsum(g, h Value) (s Value, err error) {
	defer guard(&err)
	return downsum(g, h, newBudget(0))
}

// ---- properties ----

// Outcome returns the outcome class, draws included.
func (v Value) Outcome() (o Outcome, err error) {
	defer guard(&err)
	return v.outcome(newBudget(0)), nil
}

// LeftStop returns the left stop of a stopper (a pseudonumber).
func (v Value) LeftStop() (Pseudonumber, error) { return v.stopIn(true) }

// RightStop returns the right stop of a stopper (a pseudonumber).
func (v Value) RightStop() (Pseudonumber, error) { return v.stopIn(false) }

// Onside returns the onside as a stopper (ErrNotStopperSided when it is
// not one).
func (v Value) Onside() (Value, error) { return v.onsideIn(nil) }

// Offside returns the offside as a stopper (ErrNotStopperSided when it is
// not one).
func (v Value) Offside() (Value, error) { return v.offsideIn(nil) }

// Degree returns the degree of loopiness of a stopper, G upsum -G (0 for a
// short game).
func (v Value) Degree() (d Value, err error) {
	defer guard(&err)
	return v.degree(newBudget(0))
}

// Variety returns the variety of a stable stopper: the common value of its
// upsum and downsum varieties relative to its degree. It fails with
// ErrNotIdempotent when the degree is not idempotent and with ErrNotStable
// when the two differ.
func (v Value) Variety() (d Value, err error) {
	defer guard(&err)
	return v.variety(newBudget(0))
}

// IsStable reports whether a stopper is stable (its upsum and downsum
// varieties agree); ErrNotIdempotent as for Variety.
func (v Value) IsStable() (b bool, err error) {
	defer guard(&err)
	return v.isStable(newBudget(0))
}

// IsIdempotent reports whether v + v = v.
func (v Value) IsIdempotent() (b bool, err error) {
	defer guard(&err)
	return v.isIdempotent(newBudget(0)), nil
}

// IsPseudonumber reports whether v is a number, x over, x under, on or off.
func (v Value) IsPseudonumber() bool { return v.isPseudonumber() }

// IsPlumtree reports whether v is a stopper whose only cycles are passes.
func (v Value) IsPlumtree() bool { return v.isPlumtree() }

// IsLoopfree reports whether v is a short game.
func (v Value) IsLoopfree() bool { return v.isLoopfree() }

// IsInfinitesimal reports whether v is infinitesimal: for a stopper, both
// stops are 0, over and under not counted (CGSuite's definition; for short
// games cgt's, which excludes 0); for a stopper-sided value, both sides are
// infinitesimal.
func (v Value) IsInfinitesimal() bool { return v.isInfinitesimal() }

// IsNumberish reports whether v is infinitesimally close to a number
// (CGSuite's definition).
func (v Value) IsNumberish() bool { return v.isNumberish() }

// IsNumberTiny reports whether v is a number plus a Tiny or a Miny
// (CGSuite's definition).
func (v Value) IsNumberTiny() (b bool, err error) {
	defer guard(&err)
	return v.isNumberTiny(newBudget(0)), nil
}

// IsZero reports whether v is 0.
func (v Value) IsZero() bool {
	x, ok := v.IsShort()
	return ok && x == cgt.Zero
}

// Class returns CGSuite's class name: Pseudonumber, CanonicalStopper,
// StopperSidedValue or SidedValue for loopy values, CanonicalShortGame for
// short ones.
func (v Value) Class() string {
	switch {
	case v.isLoopfree():
		return "CanonicalShortGame"
	case v.isPseudonumber():
		return "Pseudonumber"
	case v.IsStopper():
		return "CanonicalStopper"
	case v.IsStopperSided():
		return "StopperSidedValue"
	}
	return "SidedValue"
}

// Options returns the canonical options of a stopper for Left (left) or
// Right, each once.
func (v Value) Options(left bool) (opts []Value, err error) {
	defer guard(&err)
	s, err := v.stopperSide()
	if err != nil {
		return nil, err
	}
	var out []Value
	for _, o := range s.graph().opts(0, left) {
		out = append(out, stopperValue(s.follower(o)))
	}
	return out, nil
}

// Followers returns every position of a stopper's canonical form, the
// stopper itself included, each once.
func (v Value) Followers() (fs []Value, err error) {
	defer guard(&err)
	s, err := v.stopperSide()
	if err != nil {
		return nil, err
	}
	out := make([]Value, s.graph().n())
	for u := range s.graph().n() {
		out[u] = stopperValue(s.follower(u))
	}
	return out, nil
}
