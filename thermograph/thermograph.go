package thermograph

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/mathgo/mathgo/cgt"
)

// Point is a breakpoint of a wall: the wall has value V at temperature T
// (and, as a segment of a cgt.Trajectory, Slope from there to the next
// breakpoint). It prints as (T, V). Walls are cgt.Trajectory values, which
// are lists of Points.
type Point = cgt.Segment

// Thermograph is the exact thermograph of a game.
//
// Left and Right are its walls (cgt.Trajectory: the one wall type), listed
// as breakpoints from the bottom, t = -1, up to the mast point
// (Temperature, Mean), which is always their last breakpoint; the walls
// are linear between breakpoints (slope -1 or 0 for the left wall, 0 or 1
// for the right wall) and the mast continues upward from (Temperature,
// Mean). For an integer both walls are the single point (-1, n). The left
// wall is the left stop of the game cooled by t, the right wall its right
// stop, so Left >= Right everywhere.
type Thermograph struct {
	Left, Right       cgt.Trajectory
	Mean, Temperature cgt.Dyadic
	// Canonical is the game's canonical form in CGSuite notation, or,
	// when Reduced, an expression equal to the game in a reduced form (a
	// long sum of switches: OfSwitchSum), its canonical form being too
	// large to build.
	Canonical string
	Reduced   bool
	// Game is the game itself.
	Game cgt.Game
}

var minusOne = cgt.DyadicInt(-1)

// Of returns the exact thermograph of g, with CGSuite's conventions for
// numbers: walls start at t = -1, an integer has temperature -1 and a
// number m/2^k (k > 0) has temperature -1/2^k.
func Of(g cgt.Game) Thermograph {
	th := of(g)
	th.Canonical = g.String()
	return th
}

// of is Of without the canonical form (printing is the costly part).
func of(g cgt.Game) Thermograph {
	th := g.Thermograph()
	return Thermograph{
		Left:        withMast(th.Left, th.Temperature),
		Right:       withMast(th.Right, th.Temperature),
		Mean:        th.Mean,
		Temperature: th.Temperature,
		Game:        g,
	}
}

// withMast returns the wall w (shared with cgt's memo, so never modified)
// with the mast point as its last breakpoint.
func withMast(w cgt.Trajectory, temp cgt.Dyadic) cgt.Trajectory {
	last := w[len(w)-1]
	if last.T.Cmp(temp) >= 0 {
		return w
	}
	out := make(cgt.Trajectory, len(w), len(w)+1)
	copy(out, w)
	return append(out, Point{T: temp, V: w.At(temp)})
}

// Walls returns g's left and right walls (cgt's, without the mast point
// appended; they must not be modified). It is the cheap way to the walls
// of many games: Of also prints the canonical form.
func Walls(g cgt.Game) (left, right cgt.Trajectory) {
	th := g.Thermograph()
	return th.Left, th.Right
}

// WallsAt returns g's left and right walls at temperature t (t >= -1).
func WallsAt(g cgt.Game, t cgt.Dyadic) (left, right cgt.Dyadic) {
	th := g.Thermograph()
	return th.Left.At(t), th.Right.At(t)
}

// Width returns the width of g's thermograph at t: left wall minus right
// wall (0 on the mast).
func Width(g cgt.Game, t cgt.Dyadic) cgt.Dyadic {
	l, r := WallsAt(g, t)
	return l.Sub(r)
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
// of the game cooled by t, and the mean from the temperature upward.
func (th Thermograph) LeftAt(t cgt.Dyadic) cgt.Dyadic { return th.Left.At(t) }

// RightAt returns the right wall at temperature t (t >= -1).
func (th Thermograph) RightAt(t cgt.Dyadic) cgt.Dyadic { return th.Right.At(t) }

// WidthAt returns LeftAt(t) - RightAt(t), the thermograph's width at t
// (zero from the temperature upward).
func (th Thermograph) WidthAt(t cgt.Dyadic) cgt.Dyadic { return th.LeftAt(t).Sub(th.RightAt(t)) }

// IsNumber reports whether the thermograph is that of a number: its
// temperature is negative.
func (th Thermograph) IsNumber() bool { return th.Temperature.Sign() < 0 }

// FromPoints rebuilds a wall from its breakpoints alone (for instance read
// back from JSON), working out the slopes: linear between consecutive
// points and constant after the last one. It is an error if the points do
// not start at t = -1, do not increase in t, or a slope between two of
// them is not an integer.
func FromPoints(pts [][2]cgt.Dyadic) (cgt.Trajectory, error) {
	if len(pts) == 0 || !pts[0][0].Equal(minusOne) {
		return nil, errors.New("a wall starts at t = -1")
	}
	out := make(cgt.Trajectory, 0, len(pts))
	for i, p := range pts {
		var slope int
		if i+1 < len(pts) {
			q := pts[i+1]
			dt := q[0].Sub(p[0])
			if dt.Sign() <= 0 {
				return nil, fmt.Errorf("breakpoint t = %s does not follow t = %s", q[0], p[0])
			}
			s, ok := intQuo(q[1].Sub(p[1]), dt)
			if !ok {
				return nil, fmt.Errorf("the slope from t = %s to t = %s is not an integer", p[0], q[0])
			}
			slope = s
		}
		out = append(out, Point{T: p[0], V: p[1], Slope: slope})
	}
	return out, nil
}

// intQuo returns a/b when it is an integer that fits an int (b > 0).
func intQuo(a, b cgt.Dyadic) (int, bool) {
	q := new(big.Rat).Quo(a.Rat(), b.Rat())
	if !q.IsInt() || !q.Num().IsInt64() || q.Num().Int64() != int64(int(q.Num().Int64())) {
		return 0, false
	}
	return int(q.Num().Int64()), true
}
