package thermograph

import (
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
// The ambient temperature for Left is the lowest t at which Left's
// compound wall is furthest left (highest); thermostrat then plays in the
// summand that is widest there (see LeftMove). For a sum of switches
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
// All four walls are given by their breakpoints from t = -1 up to
// Temperature, above which they are all constant at Mean.
type CompoundThermograph struct {
	// Parts are the summands' thermographs, in the order given.
	Parts []Thermograph
	// Left, Right, SumLeft and SumRight are the compound walls described
	// above, as (temperature, value) breakpoints.
	Left, Right, SumLeft, SumRight []Point
	// Mean is the sum of the summands' means.
	Mean cgt.Dyadic
	// Temperature is the largest temperature of a summand (-1 for an
	// empty sum): from there up every compound wall equals Mean.
	Temperature cgt.Dyadic
	// AmbientLeft is the ambient temperature for Left: the lowest t at
	// which Left's compound wall (Left) reaches its maximum. AmbientRight
	// is Right's: the lowest t at which Right reaches its minimum.
	AmbientLeft, AmbientRight cgt.Dyadic

	widths []pwl // W_i
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
	sumL, sumR, maxW := constant(zero), constant(zero), pwl(nil)
	c := CompoundThermograph{Parts: parts, Mean: zero, Temperature: minusOne}
	c.widths = make([]pwl, len(parts))
	for i, th := range parts {
		l, r := th.walls()
		sumL, sumR = add(sumL, l), add(sumR, r)
		w := sub(l, r)
		c.widths[i] = w
		if maxW == nil {
			maxW = w
		} else {
			maxW = extremum(maxW, w, true)
		}
		c.Mean = c.Mean.Add(th.Mean)
		if th.Temperature.Cmp(c.Temperature) > 0 {
			c.Temperature = th.Temperature
		}
	}
	if maxW == nil {
		maxW = constant(zero)
	}
	left, right := add(sumR, maxW), sub(sumL, maxW)
	c.Left, c.Right = left.points(c.Temperature), right.points(c.Temperature)
	c.SumLeft, c.SumRight = sumL.points(c.Temperature), sumR.points(c.Temperature)
	c.AmbientLeft = extremeAt(left, true)
	c.AmbientRight = extremeAt(right, false)
	return c
}

// extremeAt returns the lowest t at which f reaches its maximum (isMax)
// or minimum. f is constant after its last piece, so the extremum is
// reached at a piece start.
func extremeAt(f pwl, isMax bool) cgt.Dyadic {
	best, bestV := f[0].t, f[0].v
	for _, s := range f[1:] {
		c := s.v.Cmp(bestV)
		if !isMax {
			c = -c
		}
		if c > 0 {
			best, bestV = s.t, s.v
		}
	}
	return best
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
	m := Move{Component: -1, Ambient: T}
	var bestSlope int64
	for i, w := range c.widths {
		v, s := w.at(T), w.slopeAbove(T)
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
	g := c.Parts[m.Component].Game
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
		th := o.Thermograph()
		v := th.Left.At(T)
		if left {
			v = th.Right.At(T)
		}
		if c := v.Cmp(bestV); i == 0 || left && c > 0 || !left && c < 0 {
			best, bestV = o, v
		}
	}
	return best
}

// Ambient returns the ambient temperatures of the sum of gs for Left and
// for Right (see CompoundThermograph).
func Ambient(gs []cgt.Game) (left, right cgt.Dyadic) {
	c := Compound(gs)
	return c.AmbientLeft, c.AmbientRight
}

// Thermostrat returns the thermostrat moves of Left and of Right in the
// sum of gs: each plays in the summand that is widest at his or her
// ambient temperature (see LeftMove).
func Thermostrat(gs []cgt.Game) (left, right Move) {
	c := Compound(gs)
	return c.LeftMove(), c.RightMove()
}
