package cgt

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
	p, isNus := a.nusParts(g)
	switch {
	case n.isNum && n.num.IsInteger():
		w := ConstTrajectory(n.num)
		th = Thermograph{Left: w, Right: w, Mean: n.num, Temperature: minusOne}
	case isNus && a.fast && !n.isNum && p.x.IsInteger():
		th = nusThermograph(p)
	case isNus && a.fast && !n.isNum && p.u == 0:
		a.starThermographs(p.x, p.n)
		return a.nodes[g].thermo
	default:
		ls := a.optionWalls(a.leftOpts(g), true)
		rs := a.optionWalls(a.rightOpts(g), false)
		// Canonical non-integers have options on both sides.
		ls = ls.AddSlope(-1)
		rs = rs.AddSlope(1)
		t, ok := FirstMeet(ls, rs)
		if !ok {
			panic("cgt: the walls of a short game do not meet") // unreachable: the left wall falls and the right one rises until they do, at a dyadic point
		}
		m := ls.At(t)
		th = Thermograph{Left: ls.Truncate(t), Right: rs.Truncate(t), Mean: m, Temperature: t}
	}
	a.nodes[g].thermo = &th
	return &th
}

// optionWalls returns the maximum of the right walls of Left's options
// (left) or the minimum of the left walls of Right's options.
func (a *arena) optionWalls(opts []Game, left bool) Trajectory {
	var w Trajectory
	for _, o := range opts {
		a.step() // a budget bounds thermographs too (x + *n for a fraction x takes O(n²))
		th := a.thermograph(o)
		ow := th.Left
		if left {
			ow = th.Right
		}
		if w == nil {
			w = ow
		} else {
			w = mustExtremum(w, ow, left)
		}
	}
	return w
}

// starThermographs computes the thermographs of x + *k for k = 1..n (x a
// number that is not an integer) in O(n) wall operations: the options of
// x + *k are x + *j for j < k on both sides, so the highest right wall and
// the lowest left wall among them are running extremes, extended by one
// wall per k. (Folding over the options of each x + *k afresh, as the
// general case does, would take O(n²).)
func (a *arena) starThermographs(x Dyadic, n int) {
	row := a.rowOf(x, keyOf(x), n+1)
	var maxR, minL Trajectory
	for k := 1; k <= n; k++ {
		a.step()
		prev := a.thermograph(row.games[k-1]) // x itself, or set by the previous round
		if k == 1 {
			maxR, minL = prev.Right, prev.Left
		} else {
			maxR, minL = mustExtremum(maxR, prev.Right, true), mustExtremum(minL, prev.Left, false)
		}
		g := row.games[k]
		if a.nodes[g].thermo != nil {
			continue
		}
		ls, rs := maxR.AddSlope(-1), minL.AddSlope(1)
		t, ok := FirstMeet(ls, rs)
		if !ok {
			panic("cgt: the walls of a short game do not meet") // unreachable, as in thermograph
		}
		a.nodes[g].thermo = &Thermograph{Left: ls.Truncate(t), Right: rs.Truncate(t), Mean: ls.At(t), Temperature: t}
	}
}

// nusThermograph returns the thermograph of x + ^u + *n (x an integer, not
// 0 + *0): temperature 0 and mean x; the left wall is x - t up to 0 except
// for downs (u <= -1) other than v*, where it is vertical, and the right
// wall x + t except for ups (u >= 1) other than ^*. (The Left option x of
// x + ^u*n, u >= 1, gives the left wall R(x) - t; the Right option's left
// wall falls with slope -1 up to 0, as every infinitesimal's does, so the
// right wall is vertical, except for ^* whose Right option is x itself.)
func nusThermograph(p nusInfo) Thermograph {
	x := p.x
	sloped := func(sign int) Trajectory { // x - sign·t up to 0, then x
		return Trajectory{{T: minusOne, V: x.Add(DyadicInt(int64(sign))), Slope: -sign}, {T: Dyadic{}, V: x}}
	}
	vertical := ConstTrajectory(x)
	l, r := sloped(1), sloped(-1)
	switch {
	case p.u >= 1 && !(p.u == 1 && p.n == 1):
		r = vertical
	case p.u <= -1 && !(p.u == -1 && p.n == 1):
		l = vertical
	}
	return Thermograph{Left: l, Right: r, Mean: x, Temperature: Dyadic{}}
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

// Freeze returns g cooled by its own temperature (a number itself).
func (g Game) Freeze() Game {
	defer lock()()
	return ar.freeze(g)
}

// freeze is CGSuite's Freeze: a number stays itself (cooling it by its
// negative temperature would add a star).
func (a *arena) freeze(g Game) Game {
	if a.nodes[g].isNum {
		return g
	}
	return a.coolBy(g, a.thermograph(g).Temperature)
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
