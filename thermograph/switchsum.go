package thermograph

import (
	"github.com/mathgo/mathgo/cgt"
)

// OfSwitchSum returns the exact thermograph of a sum of numbers and simple
// switches (cgt.ParseSwitchSum) without its canonical form, which has 2^k
// leaves for k switches of distinct temperatures. The sum is X ± h1 ± h2
// ... ± hk (h1 > ... > hk > 0). Cooled by t >= 0 it is X plus the switches
// hotter than t, each h - t smaller, and its stops are the alternating
// sums X ± (h1 - t) ∓ (h2 - t) ± ... (the hottest switch first is optimal
// in a sum of switches): the walls, linear between the temperatures h_i
// (the left wall's slope -1 while an odd number of switches is hotter than
// t, 0 otherwise; the right wall's +1 or 0), up to the mast at (h1, X).
// Below hk every switch is taken in turn and the line ends on the leaf
// y = X ± (h1 - h2 + ...), a number whose own walls (below its temperature
// -1/2^j) give the value there: its right wall when the player who took
// the last switch was the one who moved first, its left wall otherwise.
// Canonical is the sum's canonical form when the analysis built it (at
// most cgt.MaxSwitchCanonical hot switches), else its reduced form X +-h1
// +-h2 ... (SwitchSum.Describe), with Reduced set.
func OfSwitchSum(s cgt.SwitchSum) Thermograph {
	if len(s.Hot) == 0 {
		return Of(cgt.Number(s.Mean))
	}
	k := len(s.Hot)
	odd := k%2 == 1
	var altAll cgt.Dyadic
	for j, h := range s.Hot {
		if j%2 == 0 {
			altAll = altAll.Add(h)
		} else {
			altAll = altAll.Sub(h)
		}
	}
	// Below the coolest switch: the leaf's walls, taxed once per switch
	// the first mover took beyond the other's (t per odd k).
	tax := func(sign int) cgt.Trajectory {
		slope := 0
		if odd {
			slope = sign
		}
		return cgt.Trajectory{{T: cgt.DyadicInt(-1), V: cgt.DyadicInt(int64(-slope)), Slope: slope}}
	}
	yl, yr := Of(cgt.Number(s.Mean.Add(altAll))), Of(cgt.Number(s.Mean.Sub(altAll)))
	lowLeft, lowRight := yl.Left, yr.Right
	if odd {
		lowLeft, lowRight = yl.Right, yr.Left
	}
	lowLeft, lowRight = lowLeft.Add(tax(-1)), lowRight.Add(tax(1))
	coolest := s.Hot[k-1]
	var left, right cgt.Trajectory
	for _, seg := range lowLeft {
		if seg.T.Cmp(coolest) < 0 {
			left = appendSegment(left, seg)
		}
	}
	for _, seg := range lowRight {
		if seg.T.Cmp(coolest) < 0 {
			right = appendSegment(right, seg)
		}
	}
	// From the coolest switch up: fewer switches hotter than t.
	for i := k - 1; i >= 0; i-- {
		t := s.Hot[i]
		var alt cgt.Dyadic
		m := 0
		for _, h := range s.Hot[:i] { // the switches hotter than t
			if m%2 == 0 {
				alt = alt.Add(h.Sub(t))
			} else {
				alt = alt.Sub(h.Sub(t))
			}
			m++
		}
		slope := 0
		if m%2 == 1 {
			slope = 1
		}
		left = appendSegment(left, cgt.Segment{T: t, V: s.Mean.Add(alt), Slope: -slope})
		right = appendSegment(right, cgt.Segment{T: t, V: s.Mean.Sub(alt), Slope: slope})
	}
	th := Thermograph{Left: left, Right: right, Mean: s.Mean, Temperature: s.Hot[0], Canonical: s.Describe(), Reduced: true}
	if s.HasCanonical {
		th.Game, th.Canonical, th.Reduced = s.Canonical, s.Canonical.String(), false
	}
	return th
}

// appendSegment appends seg to the wall w unless it continues w's last
// segment on the same line (then it is no breakpoint).
func appendSegment(w cgt.Trajectory, seg cgt.Segment) cgt.Trajectory {
	if n := len(w); n > 0 && w[n-1].Slope == seg.Slope {
		return w
	}
	return append(w, seg)
}
