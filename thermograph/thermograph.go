package thermograph

import (
	"fmt"

	"github.com/mathgo/mathgo/cgt"
)

// Point is a breakpoint of a wall: the wall has value V at temperature T.
type Point struct {
	T, V cgt.Dyadic
}

// String prints the point as (T, V) with exact values.
func (p Point) String() string { return "(" + p.T.String() + ", " + p.V.String() + ")" }

// Thermograph is the exact thermograph of a game.
//
// Left and Right are the walls' breakpoints as (temperature, value) pairs
// from the bottom, t = -1, up to the mast point (Temperature, Mean); the
// walls are linear between consecutive breakpoints (with slope -1 or 0
// for the left wall, 0 or 1 for the right wall) and the mast continues
// upward from (Temperature, Mean). For an integer both walls are the single
// point (-1, n). The left wall is the left stop of the game cooled by t,
// the right wall its right stop, so Left >= Right everywhere.
type Thermograph struct {
	Left, Right       []Point
	Mean, Temperature cgt.Dyadic
	// Canonical is the game's canonical form in CGSuite notation.
	Canonical string
	// Game is the game itself.
	Game cgt.Game
}

// Of returns the exact thermograph of g, with CGSuite's conventions for
// numbers: walls start at t = -1, an integer has temperature -1 and a
// number m/2^k (k > 0) has temperature -1/2^k.
func Of(g cgt.Game) Thermograph {
	th := g.Thermograph()
	l, r := fromTrajectory(th.Left), fromTrajectory(th.Right)
	return Thermograph{
		Left:        l.points(th.Temperature),
		Right:       r.points(th.Temperature),
		Mean:        th.Mean,
		Temperature: th.Temperature,
		Canonical:   g.String(),
		Game:        g,
	}
}

// Parse parses a game in CGSuite notation (see cgt.Parse) and returns its
// thermograph. A syntax error is a *cgt.ParseError naming the column.
func Parse(expr string) (Thermograph, error) {
	g, err := cgt.Parse(expr)
	if err != nil {
		return Thermograph{}, err
	}
	return Of(g), nil
}

// LeftAt returns the left wall at temperature t (t >= -1): the left stop
// of the game cooled by t, and the mean from the temperature upward. The
// walls must be as Of builds them (starting at t = -1, with integer
// slopes); LeftAt panics otherwise.
func (th Thermograph) LeftAt(t cgt.Dyadic) cgt.Dyadic { return mustWall(th.Left).at(t) }

// RightAt returns the right wall at temperature t (t >= -1).
func (th Thermograph) RightAt(t cgt.Dyadic) cgt.Dyadic { return mustWall(th.Right).at(t) }

// WidthAt returns LeftAt(t) - RightAt(t), the thermograph's width at t
// (zero from the temperature upward).
func (th Thermograph) WidthAt(t cgt.Dyadic) cgt.Dyadic { return th.LeftAt(t).Sub(th.RightAt(t)) }

// IsNumber reports whether the thermograph is that of a number: its
// temperature is negative.
func (th Thermograph) IsNumber() bool { return th.Temperature.Sign() < 0 }

// walls returns both walls as exact functions.
func (th Thermograph) walls() (l, r pwl) { return mustWall(th.Left), mustWall(th.Right) }

// mustWall rebuilds a wall from its breakpoints; the breakpoints must be
// those of a wall (as Of and Compound make them).
func mustWall(pts []Point) pwl {
	f, ok := fromPoints(pts)
	if !ok {
		panic(fmt.Sprintf("thermograph: %v is not a wall: it must start at t = -1, increase in t and have integer slopes", pts)) // unreachable: walls come from Of and Compound
	}
	return f
}
