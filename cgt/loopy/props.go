package loopy

import (
	"errors"

	"github.com/mathgo/mathgo/cgt"
)

// Errors of properties that CGSuite defines only for some values.
var (
	// ErrNotStopperSided: a side of the value is not a stopper (or was not
	// found to be one), so it has no canonical form.
	ErrNotStopperSided = errors.New("a side of that value is not a stopper")
	// ErrNotStopper: the property is defined for stoppers only.
	ErrNotStopper = errors.New("that value is not a stopper")
	// ErrNotIdempotent is CGSuite's "Variety degree must be an idempotent."
	ErrNotIdempotent = errors.New("Variety degree must be an idempotent.")
	// ErrNotStable is CGSuite's "That game is not stable."
	ErrNotStable = errors.New("That game is not stable.")
)

func (v Value) stopperSide() (*stopper, error) {
	if !v.IsStopper() {
		return nil, ErrNotStopper
	}
	on, _ := v.sides()
	return on.st, nil
}

// onsideIn returns the onside as a stopper value.
func (v Value) onsideIn(bud *budget) (Value, error) {
	on, _ := v.sides()
	if on.st == nil {
		return Value{}, ErrNotStopperSided
	}
	return stopperValue(on.st), nil
}

func (v Value) offsideIn(bud *budget) (Value, error) {
	_, off := v.sides()
	if off.st == nil {
		return Value{}, ErrNotStopperSided
	}
	return stopperValue(off.st), nil
}

// upsum returns the onside of g + h for stoppers g and h.
func upsum(g, h Value, bud *budget) (Value, error) {
	if !g.IsStopper() || !h.IsStopper() {
		return Value{}, ErrNotStopper
	}
	return add(g, h, bud).onsideIn(bud)
}

// downsum returns the offside of g + h for stoppers g and h.
func downsum(g, h Value, bud *budget) (Value, error) {
	if !g.IsStopper() || !h.IsStopper() {
		return Value{}, ErrNotStopper
	}
	return add(g, h, bud).offsideIn(bud)
}

func (v Value) isIdempotent(bud *budget) bool {
	s := add(v, v, bud)
	return leq(s, v, bud) && leq(v, s, bud)
}

// upsumVariety is CGSuite's G.UpsumVariety(D) = G upsum (-G downsum -D).
func upsumVariety(g, deg Value, bud *budget) (Value, error) {
	if !deg.isIdempotent(bud) {
		return Value{}, ErrNotIdempotent
	}
	t, err := downsum(g.Neg(), deg.Neg(), bud)
	if err != nil {
		return Value{}, err
	}
	return upsum(g, t, bud)
}

// downsumVariety is CGSuite's G.DownsumVariety(D) = G downsum (-G upsum D).
func downsumVariety(g, deg Value, bud *budget) (Value, error) {
	if !deg.isIdempotent(bud) {
		return Value{}, ErrNotIdempotent
	}
	t, err := upsum(g.Neg(), deg, bud)
	if err != nil {
		return Value{}, err
	}
	return downsum(g, t, bud)
}

// degree is G upsum -G (0 for a short game).
func (v Value) degree(bud *budget) (Value, error) {
	s, err := v.stopperSide()
	if err != nil {
		return Value{}, err
	}
	if _, ok := s.shortAt(0); ok {
		return Value{}, nil
	}
	return upsum(v, v.Neg(), bud)
}

// varieties returns the upsum and downsum varieties relative to the degree.
func (v Value) varieties(bud *budget) (Value, Value, error) {
	deg, err := v.degree(bud)
	if err != nil {
		return Value{}, Value{}, err
	}
	a, err := upsumVariety(v, deg, bud)
	if err != nil {
		return Value{}, Value{}, err
	}
	b, err := downsumVariety(v, deg, bud)
	if err != nil {
		return Value{}, Value{}, err
	}
	return a, b, nil
}

func (v Value) variety(bud *budget) (Value, error) {
	s, err := v.stopperSide()
	if err != nil {
		return Value{}, err
	}
	if _, ok := s.shortAt(0); ok {
		return Value{}, nil
	}
	a, b, err := v.varieties(bud)
	if err != nil {
		return Value{}, err
	}
	if !leq(a, b, bud) || !leq(b, a, bud) {
		return Value{}, ErrNotStable
	}
	return a, nil
}

func (v Value) isStable(bud *budget) (bool, error) {
	s, err := v.stopperSide()
	if err != nil {
		return false, err
	}
	if _, ok := s.shortAt(0); ok {
		return true, nil
	}
	a, b, err := v.varieties(bud)
	if err != nil {
		return false, err
	}
	return leq(a, b, bud) && leq(b, a, bud), nil
}

// stopIn returns the left or right stop of a stopper.
func (v Value) stopIn(left bool) (Pseudonumber, error) {
	s, err := v.stopperSide()
	if err != nil {
		return Pseudonumber{}, err
	}
	return s.stopOf(left)
}

// Value returns the pseudonumber as a game value.
func (p Pseudonumber) Value() Value {
	switch p.Kind {
	case PseudoOn:
		return stopperValue(newStopper(onGraph()))
	case PseudoOff:
		return stopperValue(newStopper(onGraph().neg()))
	case PseudoNumber:
		return Short(cgt.Number(p.X))
	}
	g := shortGraph(cgt.Number(p.X), nil)
	v := g.addVertex()
	if p.Kind == PseudoOver {
		g.left[v], g.right[v] = []int{0}, []int{v}
	} else {
		g.left[v], g.right[v] = []int{v}, []int{0}
	}
	return stopperValue(stopperOf(g, v, nil))
}

// strongStop is the stop with over and under dropped.
func (v Value) strongStop(left bool) (Pseudonumber, error) {
	p, err := v.stopIn(left)
	return p.strong(), err
}

// ---- boolean properties (CGSuite's definitions) ----

func (v Value) isPseudonumber() bool {
	s, err := v.stopperSide()
	if err != nil {
		return false
	}
	_, ok := s.pseudoAt(0)
	return ok
}

func (v Value) isLoopfree() bool {
	s, err := v.stopperSide()
	if err != nil {
		return false
	}
	_, ok := s.shortAt(0)
	return ok
}

func (v Value) isPlumtree() bool {
	s, err := v.stopperSide()
	if err != nil {
		return false
	}
	return s.isPlumtreeAt(0)
}

func (v Value) isInfinitesimal() bool {
	if x, ok := v.IsShort(); ok {
		return x.IsInfinitesimal()
	}
	if v.IsStopper() {
		l, err1 := v.strongStop(true)
		r, err2 := v.strongStop(false)
		return err1 == nil && err2 == nil && l.IsNumber() && l.X.Sign() == 0 && r.IsNumber() && r.X.Sign() == 0
	}
	if !v.IsStopperSided() {
		return false
	}
	on, off := v.sides()
	return stopperValue(on.st).isInfinitesimal() && stopperValue(off.st).isInfinitesimal()
}

func (v Value) isNumberish() bool {
	if x, ok := v.IsShort(); ok {
		return x.LeftStop().Equal(x.RightStop())
	}
	if v.IsStopper() {
		l, err1 := v.strongStop(true)
		r, err2 := v.strongStop(false)
		return err1 == nil && err2 == nil && l.IsNumber() && l.Cmp(r) == 0
	}
	if !v.IsStopperSided() {
		return false
	}
	on, off := v.sides()
	l, err1 := stopperValue(on.st).strongStop(true)
	r, err2 := stopperValue(off.st).strongStop(false)
	return err1 == nil && err2 == nil && l.Cmp(r) == 0
}

// isNumberTiny is CGSuite's CanonicalStopper.isNumberTiny: {x || x | G}
// with G - x <= under, or its mirror image.
func (v Value) isNumberTiny(bud *budget) bool {
	s, err := v.stopperSide()
	if err != nil {
		return false
	}
	if x, ok := s.shortAt(0); ok {
		return shortNumberTiny(x)
	}
	p := &printer{s: s, canon: true, bud: bud}
	_, ok := p.tinyForm(0, false)
	return ok
}

// shortNumberTiny is CGSuite's isNumberTiny of a short game (true for
// numbers).
func shortNumberTiny(x cgt.Game) bool {
	if x.IsNumber() {
		return true
	}
	lo, ro := x.LeftOptions(), x.RightOptions()
	if len(lo) != 1 || len(ro) != 1 {
		return false
	}
	if lo[0].IsNumber() {
		rl, rr := ro[0].LeftOptions(), ro[0].RightOptions()
		return len(rl) == 1 && len(rr) == 1 && rl[0] == lo[0] && rr[0].Mean().Cmp(lo[0].Mean()) < 0
	}
	if ro[0].IsNumber() {
		ll, lr := lo[0].LeftOptions(), lo[0].RightOptions()
		return len(ll) == 1 && len(lr) == 1 && lr[0] == ro[0] && ll[0].Mean().Cmp(ro[0].Mean()) > 0
	}
	return false
}
