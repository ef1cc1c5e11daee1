package solve

import (
	"errors"

	"github.com/mathgo/mathgo/cgt"
)

// LeftStop returns the left stop of the sum of values, found by search
// (FirstWins) without the sum's canonical form, and the number of
// searches made. The stop is a number some play reaches, a sum of numbers
// occurring in the components, so it is a multiple of 2^-e where e is the
// largest exponent of those numbers; it lies between the mean M (which
// is additive) and M + T, T the largest temperature of a component. For a
// dyadic x strictly between two such multiples, Left moving first wins
// G - x exactly when the stop exceeds x (then G - x has a positive left
// stop; otherwise G - x is negative), so bisection on half-way points
// finds the stop.
func (sv *Solver) LeftStop(values []cgt.Game) (cgt.Dyadic, int, error) {
	mean := cgt.DyadicInt(0)
	var temp cgt.Dyadic
	hot := false
	e := uint(0)
	seen := map[cgt.Game]bool{}
	for _, g := range values {
		mean = mean.Add(g.Mean())
		if t := g.Temperature(); t.Sign() >= 0 && (!hot || t.Cmp(temp) > 0) {
			temp, hot = t, true
		}
		e = max(e, maxExp(g, seen))
	}
	if !hot {
		return mean, 0, nil // every component is a number
	}
	scale := func(d cgt.Dyadic) cgt.Dyadic { return d.Shift(int(e)) }
	lo, ok1 := scale(mean).Floor().Int64()
	hi, ok2 := scale(mean.Add(temp)).Ceil().Int64()
	if !ok1 || !ok2 {
		return cgt.Dyadic{}, 0, errors.New("stop search: numbers too large")
	}
	// Invariant: the stop is at least lo·2^-e and below (hi+1)·2^-e.
	rest := make([]cgt.Game, len(values)+1)
	copy(rest, values)
	searches := 0
	for lo < hi {
		k := lo + (hi-lo+1)/2
		// Is the stop at least k·2^-e? Test x = (k - 1/2)·2^-e.
		rest[len(values)] = cgt.Number(cgt.NewDyadic(2*k-1, e+1).Neg())
		win, err := sv.FirstWins(rest, cgt.Left)
		searches++
		if err != nil {
			return cgt.Dyadic{}, searches, err
		}
		if win {
			lo = k
		} else {
			hi = k - 1
		}
	}
	return cgt.NewDyadic(lo, e), searches, nil
}

// StopExponent returns the largest exponent e (log2 of the denominator)
// of the numbers in the values' game graphs: every stop of their sum, and
// of any position reached from it, is a multiple of 2^-e.
func StopExponent(values []cgt.Game) uint {
	e := uint(0)
	seen := map[cgt.Game]bool{}
	for _, g := range values {
		e = max(e, maxExp(g, seen))
	}
	return e
}

// RightStopAtLeast reports whether the right stop of the sum of values is
// at least x, a multiple of 2^-e (e at least StopExponent(values)): one
// search, Right moving first in the sum minus (x - 2^-(e+1)) loses
// exactly when the stop exceeds x - 2^-(e+1).
func (sv *Solver) RightStopAtLeast(values []cgt.Game, x cgt.Dyadic, e uint) (bool, error) {
	y := x.Sub(cgt.NewDyadic(1, e+1))
	w, err := sv.FirstWins(append(append([]cgt.Game(nil), values...), cgt.Number(y.Neg())), cgt.Right)
	return !w, err
}

// LeftStopAtMost reports whether the left stop of the sum of values is at
// most x, a multiple of 2^-e (e at least StopExponent(values)): Left
// moving first in the sum minus (x + 2^-(e+1)) loses exactly then.
func (sv *Solver) LeftStopAtMost(values []cgt.Game, x cgt.Dyadic, e uint) (bool, error) {
	y := x.Add(cgt.NewDyadic(1, e+1))
	w, err := sv.FirstWins(append(append([]cgt.Game(nil), values...), cgt.Number(y.Neg())), cgt.Left)
	return !w, err
}

// RightStop returns the right stop of the sum of values by search: minus
// the left stop of its negative.
func (sv *Solver) RightStop(values []cgt.Game) (cgt.Dyadic, int, error) {
	neg := make([]cgt.Game, len(values))
	for i, g := range values {
		neg[i] = g.Neg()
	}
	s, n, err := sv.LeftStop(neg)
	return s.Neg(), n, err
}

// maxExp returns the largest exponent (log2 of the denominator) of the
// numbers in g's game graph.
func maxExp(g cgt.Game, seen map[cgt.Game]bool) uint {
	if seen[g] {
		return 0
	}
	seen[g] = true
	if d, ok := g.Number(); ok {
		return d.Exp()
	}
	e := uint(0)
	for _, o := range g.LeftOptions() {
		e = max(e, maxExp(o, seen))
	}
	for _, o := range g.RightOptions() {
		e = max(e, maxExp(o, seen))
	}
	return e
}
