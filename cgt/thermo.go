package cgt

import "slices"

// Segment is one straight piece of a Trajectory: from temperature T
// (inclusive) to the next segment's T, the value is V + Slope·(t - T).
type Segment struct {
	T, V  Dyadic
	Slope int
}

// Trajectory is a continuous piecewise-linear function of the temperature
// t >= -1 with integer slopes and dyadic breakpoints, as thermograph walls
// are. The first segment starts at t = -1; the last one runs to infinity.
type Trajectory []Segment

// At evaluates the trajectory at temperature t (t >= -1).
func (tr Trajectory) At(t Dyadic) Dyadic {
	i := len(tr) - 1
	for i > 0 && tr[i].T.Cmp(t) > 0 {
		i--
	}
	s := tr[i]
	return s.V.Add(t.Sub(s.T).MulInt(int64(s.Slope)))
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

func constTraj(v Dyadic) Trajectory {
	return Trajectory{{T: DyadicInt(-1), V: v}}
}

// addSlope returns tr(t) + c·t.
func (tr Trajectory) addSlope(c int) Trajectory {
	out := make(Trajectory, len(tr))
	for i, s := range tr {
		out[i] = Segment{T: s.T, V: s.V.Add(s.T.MulInt(int64(c))), Slope: s.Slope + c}
	}
	return out
}

// crossing returns the t at which two lines through (t0, a) and (t0, b)
// with slopes sa != sb meet.
func crossing(t0, a, b Dyadic, sa, sb int) Dyadic {
	// a + sa·x = b + sb·x  =>  x = (a-b)/(sb-sa)
	diff := a.Sub(b)
	den := sb - sa
	neg := den < 0
	if neg {
		den = -den
		diff = diff.Neg()
	}
	k := 0
	for den > 1 && den%2 == 0 {
		den /= 2
		k++
	}
	if den != 1 {
		// Walls of short games have slopes -1, 0, 1, so the slopes of two
		// trajectories differ by at most 2.
		panic("cgt: non-dyadic thermograph crossing") // unreachable
	}
	return t0.Add(diff.Shift(-k))
}

// combine returns the pointwise maximum (or minimum) of a and b.
func combine(a, b Trajectory, isMax bool) Trajectory {
	var ts []Dyadic
	for _, s := range a {
		ts = append(ts, s.T)
	}
	for _, s := range b {
		ts = append(ts, s.T)
	}
	slices.SortFunc(ts, func(x, y Dyadic) int { return x.Cmp(y) })
	ts = slices.CompactFunc(ts, func(x, y Dyadic) bool { return x.Equal(y) })
	segAt := func(tr Trajectory, t Dyadic) Segment {
		i := len(tr) - 1
		for i > 0 && tr[i].T.Cmp(t) > 0 {
			i--
		}
		s := tr[i]
		return Segment{T: t, V: s.V.Add(t.Sub(s.T).MulInt(int64(s.Slope))), Slope: s.Slope}
	}
	better := func(x, y Segment) bool { // is x the one to keep just after t?
		c := x.V.Cmp(y.V)
		if c == 0 {
			c = x.Slope - y.Slope
		}
		if isMax {
			return c >= 0
		}
		return c <= 0
	}
	var out Trajectory
	for i, t := range ts {
		sa, sb := segAt(a, t), segAt(b, t)
		first, second := sa, sb
		if !better(sa, sb) {
			first, second = sb, sa
		}
		out = appendSeg(out, first)
		if first.Slope != second.Slope {
			// They may cross before the next breakpoint.
			tc := crossing(t, first.V, second.V, first.Slope, second.Slope)
			if tc.Cmp(t) > 0 && (i+1 == len(ts) || tc.Cmp(ts[i+1]) < 0) {
				out = appendSeg(out, Segment{T: tc, V: second.V.Add(tc.Sub(t).MulInt(int64(second.Slope))), Slope: second.Slope})
			}
		}
	}
	return out
}

// appendSeg appends s unless it continues the last segment's line.
func appendSeg(tr Trajectory, s Segment) Trajectory {
	if n := len(tr); n > 0 {
		last := tr[n-1]
		if last.Slope == s.Slope && last.V.Add(s.T.Sub(last.T).MulInt(int64(last.Slope))).Equal(s.V) {
			return tr
		}
	}
	return append(tr, s)
}

// truncate returns tr up to temperature t and constant at tr(t) after it.
func (tr Trajectory) truncate(t Dyadic) Trajectory {
	var out Trajectory
	for _, s := range tr {
		if s.T.Cmp(t) >= 0 {
			break
		}
		out = append(out, s)
	}
	return appendSeg(out, Segment{T: t, V: tr.At(t), Slope: 0})
}

// Thermograph is the exact thermograph of a game: its left and right walls
// as functions of the temperature t >= -1, and the mast, a vertical line
// at Mean from Temperature upward.
type Thermograph struct {
	Left, Right       Trajectory
	Mean, Temperature Dyadic
}

// Thermograph returns the thermograph of g. Numbers follow CGSuite's
// conventions: an integer has temperature -1, m/2^k has -1/2^k.
func (g Game) Thermograph() Thermograph {
	defer lock()()
	return *ar.thermograph(g)
}

// Mean returns the mean value of g.
func (g Game) Mean() Dyadic {
	defer lock()()
	return ar.thermograph(g).Mean
}

// Temperature returns the temperature of g (CGSuite conventions).
func (g Game) Temperature() Dyadic {
	defer lock()()
	return ar.thermograph(g).Temperature
}

func (a *arena) thermograph(g Game) *Thermograph {
	if th := a.nodes[g].thermo; th != nil {
		return th
	}
	var th Thermograph
	n := &a.nodes[g]
	if n.isNum && n.num.IsInteger() {
		w := constTraj(n.num)
		th = Thermograph{Left: w, Right: w, Mean: n.num, Temperature: DyadicInt(-1)}
	} else {
		var ls, rs Trajectory
		for _, o := range a.leftOpts(g) {
			w := a.thermograph(o).Right
			if ls == nil {
				ls = w
			} else {
				ls = combine(ls, w, true)
			}
		}
		for _, o := range a.rightOpts(g) {
			w := a.thermograph(o).Left
			if rs == nil {
				rs = w
			} else {
				rs = combine(rs, w, false)
			}
		}
		// Canonical non-integers have options on both sides.
		ls = ls.addSlope(-1)
		rs = rs.addSlope(1)
		t := firstMeet(ls, rs)
		m := ls.At(t)
		th = Thermograph{Left: ls.truncate(t), Right: rs.truncate(t), Mean: m, Temperature: t}
	}
	a.nodes[g].thermo = &th
	return &th
}

// firstMeet returns the least t >= -1 with ls(t) <= rs(t); ls - rs is
// non-increasing.
func firstMeet(ls, rs Trajectory) Dyadic {
	d := combineDiff(ls, rs)
	for i, s := range d {
		if s.V.Sign() <= 0 {
			return s.T
		}
		if s.Slope < 0 {
			// s.V + slope·(t - s.T) = 0
			tc := crossing(s.T, s.V, Dyadic{}, s.Slope, 0)
			if i+1 == len(d) || tc.Cmp(d[i+1].T) <= 0 {
				return tc
			}
		}
	}
	return d[len(d)-1].T // unreachable for short games: walls always meet
}

// combineDiff returns ls - rs as a trajectory.
func combineDiff(ls, rs Trajectory) Trajectory {
	var ts []Dyadic
	for _, s := range ls {
		ts = append(ts, s.T)
	}
	for _, s := range rs {
		ts = append(ts, s.T)
	}
	slices.SortFunc(ts, func(x, y Dyadic) int { return x.Cmp(y) })
	ts = slices.CompactFunc(ts, func(x, y Dyadic) bool { return x.Equal(y) })
	var out Trajectory
	for _, t := range ts {
		i := len(ls) - 1
		for i > 0 && ls[i].T.Cmp(t) > 0 {
			i--
		}
		j := len(rs) - 1
		for j > 0 && rs[j].T.Cmp(t) > 0 {
			j--
		}
		out = appendSeg(out, Segment{T: t, V: ls.At(t).Sub(rs.At(t)), Slope: ls[i].Slope - rs[j].Slope})
	}
	return out
}

// ---- stops ----

func (a *arena) stopsOf(g Game) [2]Dyadic {
	n := &a.nodes[g]
	if n.stopReady {
		return n.stops
	}
	var s [2]Dyadic
	if n.isNum {
		s = [2]Dyadic{n.num, n.num}
	} else {
		l, r := n.left, n.right
		for i, o := range l {
			v := a.stopsOf(o)[1]
			if i == 0 || v.Cmp(s[0]) > 0 {
				s[0] = v
			}
		}
		for i, o := range r {
			v := a.stopsOf(o)[0]
			if i == 0 || v.Cmp(s[1]) < 0 {
				s[1] = v
			}
		}
	}
	a.nodes[g].stops, a.nodes[g].stopReady = s, true
	return s
}

// LeftStop returns the left stop of g: the number reached when Left
// starts and both play optimally until a number is reached.
func (g Game) LeftStop() Dyadic {
	defer lock()()
	return ar.stopsOf(g)[0]
}

// RightStop returns the right stop of g.
func (g Game) RightStop() Dyadic {
	defer lock()()
	return ar.stopsOf(g)[1]
}

// ---- cooling, heating, warming ----

type coolKey struct {
	g Game
	t string
}

// Cool returns g cooled by t (t > -1): G_t = {G^L_t - t | G^R_t + t} until
// the temperature of g, and the mean of g above it.
func (g Game) Cool(t Dyadic) Game {
	defer lock()()
	return ar.coolBy(g, t)
}

func (a *arena) coolBy(g Game, t Dyadic) Game {
	th := a.thermograph(g)
	if t.Cmp(th.Temperature) > 0 {
		return a.num(th.Mean)
	}
	k := coolKey{g, t.key()}
	if v, ok := a.cool[k]; ok {
		return v
	}
	l, r := a.leftOpts(g), a.rightOpts(g)
	nt, pt := a.num(t.Neg()), a.num(t)
	nl := make([]Game, len(l))
	for i, o := range l {
		nl[i] = a.sum(a.coolBy(o, t), nt)
	}
	nr := make([]Game, len(r))
	for i, o := range r {
		nr[i] = a.sum(a.coolBy(o, t), pt)
	}
	res := a.construct(nl, nr)
	a.cool[k] = res
	return res
}

// Chill returns g cooled by 1, the value Berlekamp and Wolfe play Go
// endgames with.
func (g Game) Chill() Game { return g.Cool(DyadicInt(1)) }

// Freeze returns g cooled by its own temperature.
func (g Game) Freeze() Game {
	defer lock()()
	return ar.coolBy(g, ar.thermograph(g).Temperature)
}

// Heat returns the heated game ∫^t g: g itself when g is a number,
// {∫^t g^L + t | ∫^t g^R - t} otherwise.
func (g Game) Heat(t Dyadic) Game {
	defer lock()()
	return ar.heatBy(g, t)
}

func (a *arena) heatBy(g Game, t Dyadic) Game {
	if a.nodes[g].isNum {
		return g
	}
	k := coolKey{g, t.key()}
	if v, ok := a.heat[k]; ok {
		return v
	}
	l, r := a.leftOpts(g), a.rightOpts(g)
	nt, pt := a.num(t.Neg()), a.num(t)
	nl := make([]Game, len(l))
	for i, o := range l {
		nl[i] = a.sum(a.heatBy(o, t), pt)
	}
	nr := make([]Game, len(r))
	for i, o := range r {
		nr[i] = a.sum(a.heatBy(o, t), nt)
	}
	res := a.construct(nl, nr)
	a.heat[k] = res
	return res
}

// Warm returns Berlekamp's warming of g: g for an even integer, g + * for
// an odd integer, and {1 + ∫g^L | -1 + ∫g^R} otherwise (on the canonical
// form). Warming undoes chilling for Go values: warm(chill(count)) is
// count or count + *.
func (g Game) Warm() Game {
	defer lock()()
	return ar.warmOf(g)
}

func (a *arena) warmOf(g Game) Game {
	n := &a.nodes[g]
	if n.isNum && n.num.IsInteger() {
		if n.num.Floor().Shift(-1).IsInteger() {
			return g
		}
		return a.sum(g, a.star(1))
	}
	if v, ok := a.warm[g]; ok {
		return v
	}
	l, r := a.leftOpts(g), a.rightOpts(g)
	one, mone := a.num(DyadicInt(1)), a.num(DyadicInt(-1))
	nl := make([]Game, len(l))
	for i, o := range l {
		nl[i] = a.sum(a.warmOf(o), one)
	}
	nr := make([]Game, len(r))
	for i, o := range r {
		nr[i] = a.sum(a.warmOf(o), mone)
	}
	res := a.construct(nl, nr)
	a.warm[g] = res
	return res
}
