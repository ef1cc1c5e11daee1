package cgt

import (
	"errors"
	"fmt"
	"slices"
)

// Walls. A Trajectory is the one representation of a thermograph wall in
// mathgo: cgt computes the walls, mean and temperature of every game with
// it, and package thermograph builds compound thermographs, ambient
// temperatures and thermostrat from it.
//
// Its scalar is Dyadic and its slopes are integers, because every short
// game's walls have dyadic breakpoints and slopes -1, 0 or +1 (sums of
// walls have other integer slopes, and the extremum of two walls whose
// slopes differ by 1 or 2 breaks at a dyadic point). Ko thermographs
// (Berlekamp's generalized thermography) need more: a ko that the winner
// must fill in two local moves has a wall of slope 1/2, and the chilled
// one-point ko has mean and temperature 1/3. They will get a wall of their
// own kind with a rational scalar (numerator and denominator, or
// math/big.Rat) and rational slopes, with the same operations as the
// methods below; those of Trajectory then become its dyadic special case
// (or instances of a generic Wall[S] whose scalar type provides Add, Sub,
// Cmp and division by a slope). Keeping short games on Dyadic and int
// keeps their mean and temperature as fast as they are now.

// Segment is one straight piece of a Trajectory: from temperature T
// (inclusive) to the next segment's T, the value is V + Slope·(t - T).
// As a breakpoint of a wall it is the point (T, V), and it prints so.
type Segment struct {
	T, V  Dyadic
	Slope int
}

// String prints the breakpoint as (T, V) with exact values.
func (s Segment) String() string { return "(" + s.T.String() + ", " + s.V.String() + ")" }

// at evaluates the segment's line at t.
func (s Segment) at(t Dyadic) Dyadic {
	switch s.Slope {
	case 0:
		return s.V
	case 1:
		return s.V.Add(t.Sub(s.T))
	case -1:
		return s.V.Sub(t.Sub(s.T))
	}
	return s.V.Add(t.Sub(s.T).MulInt(int64(s.Slope)))
}

// Trajectory is a continuous piecewise-linear function of the temperature
// t >= -1 with integer slopes and dyadic breakpoints, as thermograph walls
// are. The first segment starts at t = -1; the last one runs to infinity.
// Below its first breakpoint a trajectory continues its first segment.
// Trajectories are values: no method modifies its receiver or arguments,
// and a result may share memory with them.
type Trajectory []Segment

// ConstTrajectory returns the trajectory that is v at every temperature
// (from t = -1).
func ConstTrajectory(v Dyadic) Trajectory { return Trajectory{{T: minusOne, V: v}} }

var minusOne = DyadicInt(-1)

// index returns the index of the segment holding t: the last one that
// starts at or below t (the first one below every start).
func (tr Trajectory) index(t Dyadic) int {
	i := len(tr) - 1
	for i > 0 && tr[i].T.Cmp(t) > 0 {
		i--
	}
	return i
}

// At evaluates the trajectory at temperature t (t >= -1).
func (tr Trajectory) At(t Dyadic) Dyadic { return tr[tr.index(t)].at(t) }

// SlopeAbove returns the slope of the trajectory just above t: on (t, t+ε).
func (tr Trajectory) SlopeAbove(t Dyadic) int { return tr[tr.index(t)].Slope }

// SlopeBelow returns the slope of the trajectory just below t: on (t-ε, t)
// (the first segment's slope at or below the first breakpoint).
func (tr Trajectory) SlopeBelow(t Dyadic) int {
	i := len(tr) - 1
	for i > 0 && tr[i].T.Cmp(t) >= 0 {
		i--
	}
	return tr[i].Slope
}

// Breakpoints returns the (temperature, value) pairs where the slope
// changes, starting with t = -1.
func (tr Trajectory) Breakpoints() [][2]Dyadic {
	out := make([][2]Dyadic, len(tr))
	for i, s := range tr {
		out[i] = [2]Dyadic{s.T, s.V}
	}
	return out
}

// Check reports whether tr is a trajectory as cgt builds them: at least
// one segment, strictly increasing breakpoints, and continuous (each
// segment starts where the previous one's line is at that temperature).
func (tr Trajectory) Check() error {
	if len(tr) == 0 {
		return errors.New("empty trajectory")
	}
	for i := 1; i < len(tr); i++ {
		if tr[i].T.Cmp(tr[i-1].T) <= 0 {
			return fmt.Errorf("breakpoint %v does not follow %v", tr[i], tr[i-1])
		}
		if !tr[i-1].at(tr[i].T).Equal(tr[i].V) {
			return fmt.Errorf("jump at t = %s: %s then %s", tr[i].T, tr[i-1].at(tr[i].T), tr[i].V)
		}
	}
	return nil
}

// push appends s unless it continues the last segment's line.
func (tr Trajectory) push(s Segment) Trajectory {
	if n := len(tr); n > 0 {
		last := tr[n-1]
		if last.Slope == s.Slope && last.at(s.T).Equal(s.V) {
			return tr
		}
	}
	return append(tr, s)
}

// pair walks two trajectories together over the union of their
// breakpoints, from the lower of their first breakpoints.
type pair struct {
	a, b Trajectory
	i, j int
	t    Dyadic // current breakpoint
	next Dyadic // the following one, when more
	more bool
}

func newPair(a, b Trajectory) *pair {
	p := &pair{a: a, b: b, t: a[0].T}
	if b[0].T.Cmp(p.t) < 0 {
		p.t = b[0].T
	}
	p.findNext()
	return p
}

func (p *pair) findNext() {
	p.more = false
	if p.i+1 < len(p.a) {
		p.next, p.more = p.a[p.i+1].T, true
	}
	if p.j+1 < len(p.b) {
		if t := p.b[p.j+1].T; !p.more || t.Cmp(p.next) < 0 {
			p.next = t
		}
		p.more = true
	}
}

// values returns both segments restarted at the current breakpoint.
func (p *pair) values() (sa, sb Segment) {
	sa, sb = p.a[p.i], p.b[p.j]
	if !sa.T.Equal(p.t) {
		sa = Segment{T: p.t, V: sa.at(p.t), Slope: sa.Slope}
	}
	if !sb.T.Equal(p.t) {
		sb = Segment{T: p.t, V: sb.at(p.t), Slope: sb.Slope}
	}
	return sa, sb
}

// advance moves to the next breakpoint; it reports false after the last.
func (p *pair) advance() bool {
	if !p.more {
		return false
	}
	p.t = p.next
	if p.i+1 < len(p.a) && p.a[p.i+1].T.Equal(p.t) {
		p.i++
	}
	if p.j+1 < len(p.b) && p.b[p.j+1].T.Equal(p.t) {
		p.j++
	}
	p.findNext()
	return true
}

// Add returns tr + o.
func (tr Trajectory) Add(o Trajectory) Trajectory {
	out := make(Trajectory, 0, len(tr)+len(o))
	p := newPair(tr, o)
	for {
		a, b := p.values()
		out = out.push(Segment{T: p.t, V: a.V.Add(b.V), Slope: a.Slope + b.Slope})
		if !p.advance() {
			return out
		}
	}
}

// Neg returns -tr.
func (tr Trajectory) Neg() Trajectory {
	out := make(Trajectory, len(tr))
	for i, s := range tr {
		out[i] = Segment{T: s.T, V: s.V.Neg(), Slope: -s.Slope}
	}
	return out
}

// Sub returns tr - o.
func (tr Trajectory) Sub(o Trajectory) Trajectory { return tr.Add(o.Neg()) }

// AddSlope returns tr(t) + c·t: the wall of a game whose options' walls
// are tr, taxed (c = -1) or subsidized (c = +1) by t per move.
func (tr Trajectory) AddSlope(c int) Trajectory {
	out := make(Trajectory, len(tr))
	for i, s := range tr {
		out[i] = Segment{T: s.T, V: s.V.Add(s.T.MulInt(int64(c))), Slope: s.Slope + c}
	}
	return out
}

// ErrNotDyadicWall reports an extremum of two trajectories that breaks at
// a temperature that is not dyadic (their slopes differ by a number that
// is not a power of two). It never happens for walls of short games.
var ErrNotDyadicWall = errors.New("cgt: the trajectories cross at a temperature that is not dyadic")

// crossing returns where the lines a + sa·(x - t0) and b + sb·(x - t0)
// meet (sa != sb), or false when that is not dyadic.
func crossing(t0, a, b Dyadic, sa, sb int) (Dyadic, bool) {
	// a + sa·x = b + sb·x  =>  x = (a-b)/(sb-sa)
	diff := a.Sub(b)
	den := sb - sa
	if den < 0 {
		den, diff = -den, diff.Neg()
	}
	k := 0
	for den > 1 && den%2 == 0 {
		den /= 2
		k++
	}
	if den != 1 {
		return Dyadic{}, false
	}
	return t0.Add(diff.Shift(-k)), true
}

// Max returns the pointwise maximum of tr and o, or ErrNotDyadicWall.
func (tr Trajectory) Max(o Trajectory) (Trajectory, error) { return extremum(tr, o, true) }

// Min returns the pointwise minimum of tr and o, or ErrNotDyadicWall.
func (tr Trajectory) Min(o Trajectory) (Trajectory, error) { return extremum(tr, o, false) }

func extremum(a, b Trajectory, isMax bool) (Trajectory, error) {
	out := make(Trajectory, 0, len(a)+len(b))
	p := newPair(a, b)
	for {
		sa, sb := p.values()
		c := sa.V.Cmp(sb.V)
		if c == 0 {
			c = sa.Slope - sb.Slope
		}
		if !isMax {
			c = -c
		}
		first, second := sa, sb
		if c < 0 {
			first, second = sb, sa
		}
		out = out.push(first)
		if first.Slope != second.Slope && !first.V.Equal(second.V) {
			// The other one may overtake before the next breakpoint.
			var overtakes bool
			if p.more {
				c := second.at(p.next).Cmp(first.at(p.next))
				overtakes = isMax && c > 0 || !isMax && c < 0
			} else {
				overtakes = isMax && second.Slope > first.Slope || !isMax && second.Slope < first.Slope
			}
			if overtakes {
				x, ok := crossing(p.t, first.V, second.V, first.Slope, second.Slope)
				if !ok {
					return nil, ErrNotDyadicWall
				}
				out = out.push(Segment{T: x, V: second.at(x), Slope: second.Slope})
			}
		}
		if !p.advance() {
			return out, nil
		}
	}
}

// mustExtremum is extremum for walls of short games.
func mustExtremum(a, b Trajectory, isMax bool) Trajectory {
	out, err := extremum(a, b, isMax)
	if err != nil {
		panic(err) // unreachable: walls of short games have slopes -1, 0, 1
	}
	return out
}

// Truncate returns tr up to temperature t and constant at tr(t) from t on
// (the mast of a thermograph).
func (tr Trajectory) Truncate(t Dyadic) Trajectory {
	i := 0
	for i < len(tr) && tr[i].T.Cmp(t) < 0 {
		i++
	}
	out := make(Trajectory, i, i+1)
	copy(out, tr[:i])
	return out.push(Segment{T: t, V: tr.At(t), Slope: 0})
}

// Extremum returns the least temperature t >= from at which tr reaches its
// largest value on [from, ∞) (isMax) or its smallest, and that value. A
// trajectory that keeps rising (or falling) has no such point; then it
// returns its last breakpoint at or above from and false.
func (tr Trajectory) Extremum(from Dyadic, isMax bool) (t, v Dyadic, ok bool) {
	better := func(x, y Dyadic) bool {
		if isMax {
			return x.Cmp(y) > 0
		}
		return x.Cmp(y) < 0
	}
	t, v = from, tr.At(from)
	for _, s := range tr {
		if s.T.Cmp(from) > 0 && better(s.V, v) {
			t, v = s.T, s.V
		}
	}
	last := tr[len(tr)-1].Slope
	ok = last == 0 || isMax && last < 0 || !isMax && last > 0
	return t, v, ok
}

// FirstMeet returns the least t >= the first breakpoint with l(t) <= r(t)
// when l - r is non-increasing (as for the walls of a game before they
// meet), and false when they never meet or meet at a temperature that is
// not dyadic (never for the walls of a short game).
func FirstMeet(l, r Trajectory) (Dyadic, bool) {
	p := newPair(l, r)
	for {
		sl, sr := p.values()
		d := sl.V.Sub(sr.V)
		if d.Sign() <= 0 {
			return p.t, true
		}
		if sd := sl.Slope - sr.Slope; sd < 0 {
			if !p.more || sl.at(p.next).Cmp(sr.at(p.next)) <= 0 {
				return crossing(p.t, d, Dyadic{}, sd, 0)
			}
		}
		if !p.advance() {
			return p.t, false
		}
	}
}

// sortedBreaks returns the sorted union of the breakpoints of trs.
func sortedBreaks(trs ...Trajectory) []Dyadic {
	var ts []Dyadic
	for _, tr := range trs {
		for _, s := range tr {
			ts = append(ts, s.T)
		}
	}
	slices.SortFunc(ts, func(x, y Dyadic) int { return x.Cmp(y) })
	return slices.CompactFunc(ts, func(x, y Dyadic) bool { return x.Equal(y) })
}
