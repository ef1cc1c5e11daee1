package thermograph

import (
	"slices"

	"github.com/mathgo/mathgo/cgt"
)

// CompoundThermograph is the compound thermograph of a sum G1 + ... + Gn
// as Winning Ways builds it for the thermostrat strategy (Winning Ways,
// chapter 6, "Thermostrat"; CGSuite's Thermograph.leftCompound and
// rightCompound), from the summands' thermographs alone.
//
// With L_i, R_i the walls of G_i and W_i = L_i - R_i its width, at every
// temperature t >= -1:
//
//	Left     = max_i (L_i + Σ_{j≠i} R_j) = Σ_j R_j + max_i W_i
//	Right    = min_i (R_i + Σ_{j≠i} L_j) = Σ_j L_j - max_i W_i
//	SumLeft  = Σ_j L_j
//	SumRight = Σ_j R_j
//
// Left's compound thermograph has left wall Left and right wall SumRight:
// L_i + Σ_{j≠i} R_j counts Left's wall in the one summand he plays in and
// Right's walls in all the others. Right's compound thermograph has left
// wall SumLeft and right wall Right. They are not thermographs of games:
// Left may rise with t and may lie right of Right.
//
// The ambient temperature for Left is the lowest t >= 0 at which Left's
// compound wall is furthest left (highest) on [0, ∞); thermostrat then
// plays in the summand that is widest there (see LeftMove). For a sum of switches
// {a_i|b_i} the widths are 2(τ_i - t), Left's compound wall rises while
// three or more summands are hotter than t, and the ambient temperature is
// the third highest temperature: the temperature of the "environment".
//
// For t >= 0 they bound the exact thermograph of the sum, Of(cgt.Sum(...)),
// by the stop inequalities RS(A)+RS(B) <= RS(A+B) <= LS(A)+RS(B) <=
// LS(A+B) <= LS(A)+LS(B) applied to the cooled summands:
//
//	SumRight <= right wall of the sum <= Right
//	Left     <= left wall of the sum  <= SumLeft
//
// All four walls run from t = -1 and are constant at Mean from
// Temperature up.
type CompoundThermograph struct {
	// Parts are the summands' thermographs, in the order given.
	Parts []Thermograph
	// Left, Right, SumLeft and SumRight are the compound walls described
	// above.
	Left, Right, SumLeft, SumRight cgt.Trajectory
	// Mean is the sum of the summands' means.
	Mean cgt.Dyadic
	// Temperature is the largest temperature of a summand (-1 for an
	// empty sum): from there up every compound wall equals Mean.
	Temperature cgt.Dyadic
	// AmbientLeft is the ambient temperature for Left: the least t >= 0
	// at which Left's compound wall (Left) is highest on [0, ∞).
	// AmbientRight is Right's: the least t >= 0 at which Right is lowest.
	// See the package documentation for why t >= 0.
	AmbientLeft, AmbientRight cgt.Dyadic

	widths []cgt.Trajectory // W_i
}

// Move is a thermostrat recommendation for one player.
type Move struct {
	// Component is the index of the summand to play in, or -1 when no
	// summand has a positive width at the ambient temperature (for
	// instance when every summand is an integer).
	Component int
	// Option is the option of that summand to move to: the one that
	// makes the player's wall of the summand at the ambient temperature.
	Option cgt.Game
	// Ambient is the player's ambient temperature.
	Ambient cgt.Dyadic
	// Width is the chosen summand's width at the ambient temperature.
	Width cgt.Dyadic
}

// Compound returns the compound thermograph of the sum of gs (see
// CompoundThermograph). It costs one thermograph per summand plus work
// proportional to the number of summands times the number of breakpoints,
// however hard the canonical form of the sum itself would be.
func Compound(gs []cgt.Game) CompoundThermograph {
	ths := make([]Thermograph, len(gs))
	for i, g := range gs {
		ths[i] = Of(g)
	}
	return CompoundOf(ths)
}

// CompoundOf is Compound for thermographs already computed. Thermostrat
// moves need the Game field of each part (Of sets it).
func CompoundOf(parts []Thermograph) CompoundThermograph {
	zero := cgt.DyadicInt(0)
	c := CompoundThermograph{Parts: parts, Mean: zero, Temperature: minusOne}
	ls, rs := make([]cgt.Trajectory, len(parts)), make([]cgt.Trajectory, len(parts))
	for i, th := range parts {
		ls[i], rs[i] = th.Left, th.Right
		c.Mean = c.Mean.Add(th.Mean)
		if th.Temperature.Cmp(c.Temperature) > 0 {
			c.Temperature = th.Temperature
		}
	}
	w := compoundWalls(ls, rs)
	c.Left, c.Right, c.SumLeft, c.SumRight, c.widths = w.left, w.right, w.sumL, w.sumR, w.widths
	c.AmbientLeft, c.AmbientRight = w.ambient()
	return c
}

// walls are the compound walls of a sum (see CompoundThermograph).
type walls struct {
	left, right, sumL, sumR cgt.Trajectory
	widths                  []cgt.Trajectory
}

func compoundWalls(ls, rs []cgt.Trajectory) walls {
	zero := cgt.ConstTrajectory(cgt.Dyadic{})
	w := walls{sumL: zero, sumR: zero, widths: make([]cgt.Trajectory, len(ls))}
	var maxW cgt.Trajectory
	for i := range ls {
		w.sumL, w.sumR = w.sumL.Add(ls[i]), w.sumR.Add(rs[i])
		wi := ls[i].Sub(rs[i])
		w.widths[i] = wi
		if maxW == nil {
			maxW = wi
		} else {
			var err error
			if maxW, err = maxW.Max(wi); err != nil {
				panic(err) // unreachable: widths of short games have slopes -2, -1, 0
			}
		}
	}
	if maxW == nil {
		maxW = zero
	}
	w.left, w.right = w.sumR.Add(maxW), w.sumL.Sub(maxW)
	return w
}

// ambient returns the least t >= 0 at which Left's compound wall is
// highest, and the least at which Right's is lowest. Both walls are
// constant from the hottest summand's temperature up, so the extremes
// exist.
func (w walls) ambient() (left, right cgt.Dyadic) {
	zero := cgt.Dyadic{}
	left, _, _ = w.left.Extremum(zero, true)
	right, _, _ = w.right.Extremum(zero, false)
	return left, right
}

// LeftMove returns Left's thermostrat move: play in the summand that is
// widest at Left's ambient temperature T (on a tie, the one that stays
// widest just above T, then the first), moving to the Left option whose
// right wall, less T, makes the summand's left wall at T.
func (c CompoundThermograph) LeftMove() Move { return c.move(true) }

// RightMove returns Right's thermostrat move, the mirror image of LeftMove
// at Right's ambient temperature.
func (c CompoundThermograph) RightMove() Move { return c.move(false) }

func (c CompoundThermograph) move(left bool) Move {
	T := c.AmbientRight
	if left {
		T = c.AmbientLeft
	}
	games := make([]cgt.Game, len(c.Parts))
	for i, p := range c.Parts {
		games[i] = p.Game
	}
	return chooseMove(games, c.widths, T, left)
}

// chooseMove plays in the summand widest at T (on a tie, the one that
// stays widest just above T, then the first), moving to the option whose
// wall makes the summand's wall at T.
func chooseMove(games []cgt.Game, widths []cgt.Trajectory, T cgt.Dyadic, left bool) Move {
	m := Move{Component: -1, Ambient: T}
	var bestSlope int
	for i, w := range widths {
		v, s := w.At(T), w.SlopeAbove(T)
		if v.Sign() <= 0 {
			continue
		}
		if m.Component >= 0 {
			if d := v.Cmp(m.Width); d < 0 || d == 0 && s <= bestSlope {
				continue
			}
		}
		m.Component, m.Width, bestSlope = i, v, s
	}
	if m.Component < 0 {
		return m
	}
	g := games[m.Component]
	if left {
		m.Option = bestOption(g.LeftOptions(), T, true)
	} else {
		m.Option = bestOption(g.RightOptions(), T, false)
	}
	return m
}

// bestOption returns the first option whose wall at T is best for the
// mover: Left maximizes the right walls of his options, Right minimizes
// the left walls of hers.
func bestOption(opts []cgt.Game, T cgt.Dyadic, left bool) cgt.Game {
	var best cgt.Game
	var bestV cgt.Dyadic
	for i, o := range opts {
		l, r := WallsAt(o, T)
		v := l
		if left {
			v = r
		}
		if c := v.Cmp(bestV); i == 0 || left && c > 0 || !left && c < 0 {
			best, bestV = o, v
		}
	}
	return best
}

// Ambient returns the ambient temperatures of the sum of gs for Left and
// for Right (see CompoundThermograph and the package documentation). It
// needs only the summands' walls, and does not build the compound walls:
// between two consecutive breakpoints of the summands' walls Left's
// compound wall ΣR + max W is convex (a sum of lines plus a maximum of
// lines) and Right's ΣL - max W concave, so their extremes on [0, ∞) lie
// at 0 or at a breakpoint, where Ambient evaluates them. (Compound builds
// the walls and finds the same temperatures; a test checks they agree.)
func Ambient(gs []cgt.Game) (left, right cgt.Dyadic) {
	ls, rs := make([]cgt.Trajectory, len(gs)), make([]cgt.Trajectory, len(gs))
	for i, g := range gs {
		ls[i], rs[i] = Walls(g)
	}
	return ambientAt(ls, rs)
}

// ambientAt returns the ambient temperatures from the summands' walls by
// evaluating the compound walls at 0 and at every breakpoint above it.
func ambientAt(ls, rs []cgt.Trajectory) (left, right cgt.Dyadic) {
	ts := []cgt.Dyadic{{}}
	for _, ws := range [2][]cgt.Trajectory{ls, rs} {
		for _, w := range ws {
			for _, s := range w {
				if s.T.Sign() > 0 {
					ts = append(ts, s.T)
				}
			}
		}
	}
	slices.SortFunc(ts, func(a, b cgt.Dyadic) int { return a.Cmp(b) })
	ts = slices.CompactFunc(ts, func(a, b cgt.Dyadic) bool { return a.Equal(b) })
	var bestL, bestR cgt.Dyadic
	for k, t := range ts {
		var sumL, sumR, maxW cgt.Dyadic
		for i := range ls {
			l, r := ls[i].At(t), rs[i].At(t)
			sumL, sumR = sumL.Add(l), sumR.Add(r)
			if w := l.Sub(r); i == 0 || w.Cmp(maxW) > 0 {
				maxW = w
			}
		}
		lv, rv := sumR.Add(maxW), sumL.Sub(maxW)
		if k == 0 || lv.Cmp(bestL) > 0 {
			bestL, left = lv, t
		}
		if k == 0 || rv.Cmp(bestR) < 0 {
			bestR, right = rv, t
		}
	}
	return left, right
}

// AmbientFor returns p's ambient temperature of the sum of gs.
func AmbientFor(gs []cgt.Game, p cgt.Player) cgt.Dyadic {
	l, r := Ambient(gs)
	if p == cgt.Right {
		return r
	}
	return l
}

// Thermostrat returns the thermostrat moves of Left and of Right in the
// sum of gs: each plays in the summand that is widest at his or her
// ambient temperature (see LeftMove).
func Thermostrat(gs []cgt.Game) (left, right Move) {
	ls, rs := make([]cgt.Trajectory, len(gs)), make([]cgt.Trajectory, len(gs))
	widths := make([]cgt.Trajectory, len(gs))
	for i, g := range gs {
		ls[i], rs[i] = Walls(g)
		widths[i] = ls[i].Sub(rs[i])
	}
	tl, tr := ambientAt(ls, rs)
	return chooseMove(gs, widths, tl, true), chooseMove(gs, widths, tr, false)
}
