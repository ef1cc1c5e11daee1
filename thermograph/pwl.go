package thermograph

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/mathgo/mathgo/cgt"
)

// seg is one straight piece of a wall: from temperature t (inclusive) to
// the next piece's t, the value is v + slope·(x - t).
type seg struct {
	t, v  cgt.Dyadic
	slope int64
}

// pwl is an exact continuous piecewise-linear function of the temperature
// on [-1, ∞): the first piece starts at t = -1, the last runs to infinity.
// Walls of single games have slopes -1, 0, 1; sums of walls have any
// integer slope.
type pwl []seg

var minusOne = cgt.DyadicInt(-1)

// fromTrajectory copies a cgt trajectory (which is shared with cgt's
// memo table and must not be modified).
func fromTrajectory(tr cgt.Trajectory) pwl {
	out := make(pwl, 0, len(tr))
	for _, s := range tr {
		out = out.push(seg{t: s.T, v: s.V, slope: int64(s.Slope)})
	}
	return out
}

// constant returns the function that is v everywhere.
func constant(v cgt.Dyadic) pwl { return pwl{{t: minusOne, v: v}} }

// index returns the index of the piece that holds t (the last piece whose
// start is <= t; the first piece for t < -1).
func (f pwl) index(t cgt.Dyadic) int {
	i := len(f) - 1
	for i > 0 && f[i].t.Cmp(t) > 0 {
		i--
	}
	return i
}

// at evaluates f at t.
func (f pwl) at(t cgt.Dyadic) cgt.Dyadic {
	s := f[f.index(t)]
	return s.v.Add(t.Sub(s.t).MulInt(s.slope))
}

// slopeAbove returns the slope of f just above t.
func (f pwl) slopeAbove(t cgt.Dyadic) int64 { return f[f.index(t)].slope }

// push appends s unless it continues the line of the last piece.
func (f pwl) push(s seg) pwl {
	if n := len(f); n > 0 {
		last := f[n-1]
		if last.slope == s.slope && last.v.Add(s.t.Sub(last.t).MulInt(last.slope)).Equal(s.v) {
			return f
		}
	}
	return append(f, s)
}

// breaks returns the sorted union of the piece starts of fs.
func breaks(fs ...pwl) []cgt.Dyadic {
	var ts []cgt.Dyadic
	for _, f := range fs {
		for _, s := range f {
			ts = append(ts, s.t)
		}
	}
	slices.SortFunc(ts, func(a, b cgt.Dyadic) int { return a.Cmp(b) })
	return slices.CompactFunc(ts, func(a, b cgt.Dyadic) bool { return a.Equal(b) })
}

// cursor walks a pwl at increasing temperatures.
type cursor struct {
	f pwl
	i int
}

// seek returns the piece of f through t (t must not decrease between
// calls), restarted at t.
func (c *cursor) seek(t cgt.Dyadic) seg {
	for c.i+1 < len(c.f) && c.f[c.i+1].t.Cmp(t) <= 0 {
		c.i++
	}
	s := c.f[c.i]
	return seg{t: t, v: s.v.Add(t.Sub(s.t).MulInt(s.slope)), slope: s.slope}
}

// add returns f + g.
func add(f, g pwl) pwl {
	out := make(pwl, 0, len(f)+len(g))
	cf, cg := cursor{f: f}, cursor{f: g}
	for _, t := range breaks(f, g) {
		a, b := cf.seek(t), cg.seek(t)
		out = out.push(seg{t: t, v: a.v.Add(b.v), slope: a.slope + b.slope})
	}
	return out
}

// neg returns -f.
func neg(f pwl) pwl {
	out := make(pwl, len(f))
	for i, s := range f {
		out[i] = seg{t: s.t, v: s.v.Neg(), slope: -s.slope}
	}
	return out
}

// sub returns f - g.
func sub(f, g pwl) pwl { return add(f, neg(g)) }

// crossing returns where the lines v1 + s1·(x - t) and v2 + s2·(x - t)
// meet (s1 != s2). The result must be dyadic: callers only take extrema
// of functions whose slopes differ by 1 or 2.
func crossing(t, v1, v2 cgt.Dyadic, s1, s2 int64) cgt.Dyadic {
	diff, den := v2.Sub(v1), s1-s2
	if den < 0 {
		diff, den = diff.Neg(), -den
	}
	k := 0
	for den%2 == 0 {
		den /= 2
		k++
	}
	if den != 1 {
		panic(fmt.Sprintf("thermograph: crossing of slopes %d and %d is not dyadic", s1, s2)) // unreachable
	}
	return t.Add(diff.Shift(-k))
}

// extremum returns the pointwise maximum (isMax) or minimum of f and g.
func extremum(f, g pwl, isMax bool) pwl {
	ts := breaks(f, g)
	out := make(pwl, 0, len(ts))
	cf, cg := cursor{f: f}, cursor{f: g}
	for i, t := range ts {
		a, b := cf.seek(t), cg.seek(t)
		c := a.v.Cmp(b.v)
		if c == 0 {
			c = int(a.slope - b.slope)
		}
		if !isMax {
			c = -c
		}
		first, second := a, b
		if c < 0 {
			first, second = b, a
		}
		out = out.push(first)
		if first.slope != second.slope {
			x := crossing(t, first.v, second.v, first.slope, second.slope)
			if x.Cmp(t) > 0 && (i+1 == len(ts) || x.Cmp(ts[i+1]) < 0) {
				out = out.push(seg{t: x, v: second.v.Add(x.Sub(t).MulInt(second.slope)), slope: second.slope})
			}
		}
	}
	return out
}

// points returns f's breakpoints from t = -1 up to top, ending with the
// point (top, f(top)) (f is expected to be constant from top on).
func (f pwl) points(top cgt.Dyadic) []Point {
	out := make([]Point, 0, len(f)+1)
	for _, s := range f {
		if s.t.Cmp(top) > 0 {
			break
		}
		out = append(out, Point{T: s.t, V: s.v})
	}
	if len(out) == 0 || out[len(out)-1].T.Cmp(top) < 0 {
		out = append(out, Point{T: top, V: f.at(top)})
	}
	return out
}

// fromPoints rebuilds the function whose breakpoints are pts (linear in
// between, constant after the last one). It reports false when a slope
// between two breakpoints is not an integer, or the points do not start
// at t = -1 or do not increase.
func fromPoints(pts []Point) (pwl, bool) {
	if len(pts) == 0 || !pts[0].T.Equal(minusOne) {
		return nil, false
	}
	out := make(pwl, 0, len(pts))
	for i, p := range pts {
		var slope int64
		if i+1 < len(pts) {
			q := pts[i+1]
			dt := q.T.Sub(p.T)
			if dt.Sign() <= 0 {
				return nil, false
			}
			s, ok := intQuo(q.V.Sub(p.V), dt)
			if !ok {
				return nil, false
			}
			slope = s
		}
		out = append(out, seg{t: p.T, v: p.V, slope: slope})
	}
	return out, true
}

// intQuo returns a/b when it is an integer (b > 0).
func intQuo(a, b cgt.Dyadic) (int64, bool) {
	q := new(big.Rat).Quo(a.Rat(), b.Rat())
	if !q.IsInt() || !q.Num().IsInt64() {
		return 0, false
	}
	return q.Num().Int64(), true
}
