package play

import (
	"slices"

	"github.com/mathgo/mathgo/cgt"
)

// walls returns the left and right walls of g's thermograph at t.
func walls(g cgt.Game, t cgt.Dyadic) (left, right cgt.Dyadic) {
	th := g.Thermograph()
	return th.Left.At(t), th.Right.At(t)
}

// width returns the width of g's thermograph at t (left wall minus right
// wall; 0 on the mast).
func width(g cgt.Game, t cgt.Dyadic) cgt.Dyadic {
	l, r := walls(g, t)
	return l.Sub(r)
}

// AmbientTemperature returns the ambient temperature of the sum of values
// for player p, as Winning Ways' thermostrat defines it from the compound
// thermograph. For Black the compound's left boundary at temperature t is
//
//	L(t) = sum of the components' right walls at t + the largest width at t,
//
// and the ambient temperature is the least t >= 0 at which L is largest
// (furthest left); for White, symmetrically, the least t >= 0 at which
// R(t) = sum of left walls - largest width is smallest. The extremum is
// always at 0 or at a breakpoint of some wall (between breakpoints the
// boundary is convex), so the search is exact.
func AmbientTemperature(values []cgt.Game, p Player) cgt.Dyadic {
	zero := cgt.DyadicInt(0)
	ts := []cgt.Dyadic{zero}
	ths := make([]cgt.Thermograph, len(values))
	for i, g := range values {
		ths[i] = g.Thermograph()
		for _, w := range []cgt.Trajectory{ths[i].Left, ths[i].Right} {
			for _, s := range w {
				if s.T.Sign() > 0 {
					ts = append(ts, s.T)
				}
			}
		}
	}
	slices.SortFunc(ts, func(a, b cgt.Dyadic) int { return a.Cmp(b) })
	ts = slices.CompactFunc(ts, func(a, b cgt.Dyadic) bool { return a.Equal(b) })
	var best, bestT cgt.Dyadic
	for k, t := range ts {
		var sum, widest cgt.Dyadic
		for i, th := range ths {
			l, r := th.Left.At(t), th.Right.At(t)
			if w := l.Sub(r); i == 0 || w.Cmp(widest) > 0 {
				widest = w
			}
			if p == Black {
				sum = sum.Add(r)
			} else {
				sum = sum.Add(l)
			}
		}
		var v cgt.Dyadic
		if p == Black {
			v = sum.Add(widest)
		} else {
			v = sum.Sub(widest).Neg() // maximize the negation
		}
		if k == 0 || v.Cmp(best) > 0 {
			best, bestT = v, t
		}
	}
	return bestT
}
