package loopy

import (
	"github.com/mathgo/mathgo/cgt"
)

// Value is the value of a loopy game: its onside and offside.
//
// When both sides are stoppers they are kept as canonical stoppers; when
// they are equal the value is a stopper (a short game is a stopper without
// cycles). A side that is not a stopper is kept as a game graph, simplified
// as far as the sidling algorithm got; comparisons, sums and outcomes still
// work on it exactly, but it has no canonical form or stops.
//
// Values are immutable and may be shared between goroutines. The zero Value
// is the game 0.
type Value struct {
	on, off *sideVal
	form    *graph // the explicit form '{...}' it was written as, if any (for ordinal sums)
}

// sideVal is one side of a value: a canonical stopper, or a game graph (the
// game at vertex 0) that is not equal to any stopper found.
type sideVal struct {
	st  *stopper // canonical, when the side is a stopper
	raw *graph   // when it is not
}

func (s *sideVal) graph() *graph {
	if s.st != nil {
		return s.st.graph()
	}
	return s.raw
}

var zeroSide = &sideVal{st: newStopper(&graph{left: [][]int{nil}, right: [][]int{nil}})}

func (v Value) sides() (*sideVal, *sideVal) {
	if v.on == nil {
		return zeroSide, zeroSide
	}
	return v.on, v.off
}

// stopperValue wraps a canonical stopper.
func stopperValue(s *stopper) Value {
	sv := &sideVal{st: s}
	return Value{on: sv, off: sv}
}

// Short returns the short game s as a Value.
func Short(s cgt.Game) Value {
	return stopperValue(shortStopper(s))
}

// sidedValue builds a value from two sides, merging equal stopper sides.
func sidedValue(on, off *sideVal, bud *budget) Value {
	if on.st != nil && off.st != nil && stopperEqual(on.st, off.st, bud) {
		return Value{on: on, off: on}
	}
	return Value{on: on, off: off}
}

// valueOf computes the value of the game x at start.
func valueOf(x *graph, start int, bud *budget) Value {
	if x.cycleFreeAt(start, false) {
		return Short(graphShort(x, start, map[int]cgt.Game{}, bud))
	}
	if x.isStopperAt(start) {
		return stopperValue(stopperOf(x, start, bud))
	}
	return sidedValue(sideOf(x, start, onSide, bud), sideOf(x, start, offSide, bud), bud)
}

// graphShort returns the short game at v of a graph with no cycle below v,
// built by the short-game engine.
func graphShort(x *graph, v int, memo map[int]cgt.Game, bud *budget) cgt.Game {
	if g, ok := memo[v]; ok {
		return g
	}
	if g, ok := x.known[v]; ok {
		return g
	}
	l := make([]cgt.Game, len(x.left[v]))
	for i, w := range x.left[v] {
		l[i] = graphShort(x, w, memo, bud)
	}
	r := make([]cgt.Game, len(x.right[v]))
	for i, w := range x.right[v] {
		r[i] = graphShort(x, w, memo, bud)
	}
	// Building a game on top of n others costs the short-game engine up to
	// about n comparisons (or n-bit numbers), so a chain of n positions
	// costs n^2.
	bud.charge(1 + len(memo))
	g := newShort(l, r, bud)
	memo[v] = g
	return g
}

// newShort is cgt.New with its work charged: canonicalizing n options takes
// up to about n^3 comparisons, and cgt.New has no limit of its own.
func newShort(l, r []cgt.Game, bud *budget) cgt.Game {
	n := len(l) + len(r)
	if n > 1<<10 {
		panic(budgetExceeded{})
	}
	bud.charge(n * n * n)
	return cgt.New(l, r)
}

// sideOf computes one side of the game x at start.
func sideOf(x *graph, start int, s side, bud *budget) *sideVal {
	st, raw, ok := sideStopper(x, start, s, bud)
	if ok {
		return &sideVal{st: newStopper(st)}
	}
	return &sideVal{raw: raw}
}

// IsStopper reports whether v is a stopper (its two sides are equal
// stoppers).
func (v Value) IsStopper() bool {
	on, off := v.sides()
	return on == off && on.st != nil
}

// IsStopperSided reports whether both sides of v are stoppers.
func (v Value) IsStopperSided() bool {
	on, off := v.sides()
	return on.st != nil && off.st != nil
}

// IsShort reports whether v is a short (loopfree) game, and returns it.
func (v Value) IsShort() (cgt.Game, bool) {
	on, _ := v.sides()
	if !v.IsStopper() {
		return 0, false
	}
	return on.st.shortAt(0)
}

// Neg returns -v.
func (v Value) Neg() Value {
	on, off := v.sides()
	if on == off {
		n := negSide(on)
		return Value{on: n, off: n}
	}
	return Value{on: negSide(off), off: negSide(on)}
}

func negSide(s *sideVal) *sideVal {
	if s.st != nil {
		if x, ok := s.st.shortAt(0); ok {
			return &sideVal{st: shortStopper(x.Neg())}
		}
		return &sideVal{st: s.st.neg()}
	}
	return &sideVal{raw: s.raw.neg()}
}

// add returns a + b.
func add(a, b Value, bud *budget) Value {
	aon, aoff := a.sides()
	bon, boff := b.sides()
	if a.IsStopper() && b.IsStopper() {
		if x, ok := aon.st.shortAt(0); ok {
			if y, ok := bon.st.shortAt(0); ok {
				s, ok := cgt.SumWithin(maxShortGames, x, y)
				if !ok {
					panic(budgetExceeded{})
				}
				return Short(s)
			}
		}
		return valueOf(sumGraph(aon.st.graph(), 0, bon.st.graph(), 0, bud), 0, bud)
	}
	on := sideOf(sumGraph(aon.graph(), 0, bon.graph(), 0, bud), 0, onSide, bud)
	off := sideOf(sumGraph(aoff.graph(), 0, boff.graph(), 0, bud), 0, offSide, bud)
	return sidedValue(on, off, bud)
}

// leq reports a <= b: onside a <= onside b and offside a <= offside b.
func leq(a, b Value, bud *budget) bool {
	aon, aoff := a.sides()
	bon, boff := b.sides()
	if aon.st != nil && bon.st != nil {
		if !stopperLeq(aon.st, bon.st, bud) {
			return false
		}
	} else if !leqAt(aon.graph(), 0, bon.graph(), 0, onSide, bud) {
		return false
	}
	if aoff == aon && boff == bon {
		return true
	}
	if aoff.st != nil && boff.st != nil {
		return stopperLeq(aoff.st, boff.st, bud)
	}
	return leqAt(aoff.graph(), 0, boff.graph(), 0, offSide, bud)
}

// ---- outcome classes ----

// Outcome is the outcome class of a loopy game, draws included (CGSuite's
// LoopyOutcomeClass).
type Outcome int8

// The outcome classes. L, R, N, P as for short games; D: a draw whoever
// starts; PHat: Left wins moving second and the game is drawn when Right
// moves second... precisely (who wins when Left starts, who wins when Right
// starts):
//
//	L      (Left, Left)      R      (Right, Right)
//	N      (Left, Right)     P      (Right, Left)
//	D      (draw, draw)
//	NHat   (Left, draw)      PHat   (draw, Left)
//	NCheck (draw, Right)     PCheck (Right, draw)
const (
	OutcomeL Outcome = iota
	OutcomeR
	OutcomeN
	OutcomeP
	OutcomeD
	OutcomePHat
	OutcomeNHat
	OutcomePCheck
	OutcomeNCheck
)

// String returns CGSuite's name: L, R, N, P, D, PHat, NHat, PCheck, NCheck.
func (o Outcome) String() string {
	return [...]string{"L", "R", "N", "P", "D", "PHat", "NHat", "PCheck", "NCheck"}[o]
}

// sideOutcome is the short outcome class of one side.
func sideOutcome(s *sideVal, mode side, bud *budget) Outcome {
	var ge, le bool
	if s.st != nil {
		ge = stopperLeq(zeroSide.st, s.st, bud)
		le = stopperLeq(s.st, zeroSide.st, bud)
	} else {
		z := zeroSide.st.graph()
		ge = leqAt(z, 0, s.raw, 0, mode, bud)
		le = leqAt(s.raw, 0, z, 0, mode, bud)
	}
	switch {
	case ge && le:
		return OutcomeP
	case ge:
		return OutcomeL
	case le:
		return OutcomeR
	}
	return OutcomeN
}

func (v Value) outcome(bud *budget) Outcome {
	on, off := v.sides()
	a := sideOutcome(on, onSide, bud)
	if on == off {
		return a
	}
	b := sideOutcome(off, offSide, bud)
	switch [2]Outcome{a, b} {
	case [2]Outcome{OutcomeL, OutcomeL}:
		return OutcomeL
	case [2]Outcome{OutcomeL, OutcomeN}:
		return OutcomeNHat
	case [2]Outcome{OutcomeL, OutcomeP}:
		return OutcomePHat
	case [2]Outcome{OutcomeL, OutcomeR}:
		return OutcomeD
	case [2]Outcome{OutcomeN, OutcomeN}:
		return OutcomeN
	case [2]Outcome{OutcomeN, OutcomeR}:
		return OutcomeNCheck
	case [2]Outcome{OutcomeP, OutcomeP}:
		return OutcomeP
	case [2]Outcome{OutcomeP, OutcomeR}:
		return OutcomePCheck
	case [2]Outcome{OutcomeR, OutcomeR}:
		return OutcomeR
	}
	panic("loopy: onside outcome below offside outcome") // unreachable: G+ >= G-
}
