package thermograph

import (
	"math/rand/v2"
	"testing"

	"github.com/mathgo/mathgo/cgt"
)

func games(exprs ...string) []cgt.Game {
	out := make([]cgt.Game, len(exprs))
	for i, e := range exprs {
		out[i] = cgt.MustParse(e)
	}
	return out
}

// TestCompoundBoundsExactSum checks the compound walls against the exact
// thermograph of the sum: SumRight <= R(sum) <= Right and
// Left <= L(sum) <= SumLeft, at every eighth of a degree from -1 (the
// bounds are theorems for t >= 0; for these integer-valued games they
// hold below zero too).
func TestCompoundBoundsExactSum(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for it := range 150 {
		n := 1 + r.IntN(4)
		gs := make([]cgt.Game, n)
		for i := range gs {
			gs[i] = randomGame(r)
		}
		c := Compound(gs)
		ex := Of(cgt.Sum(gs...))
		cl, cr, sl, sr := c.Left, c.Right, c.SumLeft, c.SumRight
		top := c.Temperature.Floor().Float64() + 2
		for k := -8; k <= int(8*top); k++ {
			tt := cgt.NewDyadic(int64(k), 3)
			L, R := ex.LeftAt(tt), ex.RightAt(tt)
			if sr.At(tt).Cmp(R) > 0 || R.Cmp(cr.At(tt)) > 0 || cl.At(tt).Cmp(L) > 0 || L.Cmp(sl.At(tt)) > 0 {
				t.Fatalf("case %d %v at t = %s: SumRight %s <= R %s <= Right %s, Left %s <= L %s <= SumLeft %s fails",
					it, gs, tt, sr.At(tt), R, cr.At(tt), cl.At(tt), L, sl.At(tt))
			}
		}
		if !c.Mean.Equal(ex.Mean) {
			t.Fatalf("%v: compound mean %s, sum's mean %s", gs, c.Mean, ex.Mean)
		}
		// Brute force: the compound walls are the pointwise max/min of
		// L_i + Σ_{j≠i} R_j and R_i + Σ_{j≠i} L_j.
		for k := -8; k <= int(8*top); k++ {
			tt := cgt.NewDyadic(int64(k), 3)
			var maxL, minR cgt.Dyadic
			for i := range c.Parts {
				li, ri := c.Parts[i].LeftAt(tt), c.Parts[i].RightAt(tt)
				for j := range c.Parts {
					if j != i {
						li = li.Add(c.Parts[j].RightAt(tt))
						ri = ri.Add(c.Parts[j].LeftAt(tt))
					}
				}
				if i == 0 || li.Cmp(maxL) > 0 {
					maxL = li
				}
				if i == 0 || ri.Cmp(minR) < 0 {
					minR = ri
				}
			}
			if !cl.At(tt).Equal(maxL) || !cr.At(tt).Equal(minR) {
				t.Fatalf("%v at t = %s: compound walls %s %s, brute force %s %s", gs, tt, cl.At(tt), cr.At(tt), maxL, minR)
			}
		}
	}
}

// TestCompoundOfOne: the compound thermograph of a single game is its
// thermograph. {3||2*|1*} has L = 4 - t on [-1, 3/4] and R = 1 + t on
// [-1,0], 2 on [0,1/2], 3/2 + t on [1/2,3/4]: Left's compound wall (L) is
// highest on [0, ∞) at t = 0, Right's (R) lowest on [0, ∞) from t = 0 to
// 1/2, so both ambient temperatures are 0, where the width is 3 - 2 = 1.
func TestCompoundOfOne(t *testing.T) {
	g := cgt.MustParse("{3||2*|1*}")
	c := Compound([]cgt.Game{g})
	th := Of(g)
	if fmtPts(c.Left) != fmtPts(th.Left) || fmtPts(c.SumLeft) != fmtPts(th.Left) ||
		fmtPts(c.Right) != fmtPts(th.Right) || fmtPts(c.SumRight) != fmtPts(th.Right) {
		t.Fatalf("compound of one: %v %v %v %v", c.Left, c.Right, c.SumLeft, c.SumRight)
	}
	l, r := c.LeftMove(), c.RightMove()
	if l.Component != 0 || r.Component != 0 || l.Option != cgt.Int(3) || r.Option != cgt.MustParse("{2*|1*}") {
		t.Fatalf("moves %+v %+v", l, r)
	}
	if c.AmbientLeft.String() != "0" || c.AmbientRight.String() != "0" || l.Width.String() != "1" {
		t.Fatalf("ambient %s %s, width %s", c.AmbientLeft, c.AmbientRight, l.Width)
	}
}

// TestAmbientThreeSwitches: {2|0} + {2|0} + {10|0}.
//
// Walls: {2|0} has L = 2 - t, R = t up to 1; {10|0} has L = 10 - t, R = t
// up to 5. Left's compound wall ΣR + max W is 3t + (10 - 2t) = 10 + t on
// [-1,1] and (2 + t) + (10 - 2t) = 12 - t on [1,5], then 7: highest (11)
// at t = 1, the ambient temperature, where {10|0} is the widest (8). With
// many switches the ambient temperature is that of the third hottest.
func TestAmbientThreeSwitches(t *testing.T) {
	c := Compound(games("{2|0}", "{2|0}", "{10|0}"))
	if got := fmtPts(c.Left); got != "-1,9 1,11 5,7" {
		t.Errorf("Left's compound wall %s", got)
	}
	// Right's: ΣL - max W = (14 - 3t) - (10 - 2t) = 4 - t on [-1,1], then
	// 2 + t: lowest (3) at t = 1.
	if got := fmtPts(c.Right); got != "-1,5 1,3 5,7" {
		t.Errorf("Right's compound wall %s", got)
	}
	if got := fmtPts(c.SumRight); got != "-1,-3 1,3 5,7" {
		t.Errorf("ΣR %s", got)
	}
	if got := fmtPts(c.SumLeft); got != "-1,17 1,11 5,7" {
		t.Errorf("ΣL %s", got)
	}
	l, r := c.LeftMove(), c.RightMove()
	if l.Ambient.String() != "1" || l.Component != 2 || l.Option != cgt.Int(10) || l.Width.String() != "8" {
		t.Errorf("Left's move %+v", l)
	}
	if r.Ambient.String() != "1" || r.Component != 2 || r.Option != cgt.Int(0) {
		t.Errorf("Right's move %+v", r)
	}
	al, ar := Ambient(games("{2|0}", "{2|0}", "{10|0}"))
	if al.String() != "1" || ar.String() != "1" {
		t.Errorf("Ambient = %s %s", al, ar)
	}
	// Five switches at temperatures 1..5: Left's ambient temperature is
	// the third hottest, 3.
	al, _ = Ambient(games("{2|0}", "{4|0}", "{6|0}", "{8|0}", "{10|0}"))
	if al.String() != "3" {
		t.Errorf("ambient of five switches %s, want 3", al)
	}
}

// TestThermostratNotHotstrat: A = {6|0} (temperature 3) and
// B = {{8|6}|0} (temperature 7/2). B: L = R({8|6}) - t = 6 up to t = 1,
// then 7 - t; R = t; they meet at 7/2. The widths are W_A = 6 - 2t and
// W_B = 6 - t on [0,1], 7 - 2t on [1,7/2]: B is at least as wide from
// t = 0 on. Left's compound wall is ΣR + max W = 2t + W_B: 6 + t on
// [0,1], 7 on [1,3], falling after: the ambient temperature is 1, where B
// (width 5) beats A (4), so Left plays B to {8|6}, not hotstrat's choice.
// Right's compound wall ΣL - max W is 6 on [0,3] (12 - t - (6 - t), then
// 13 - 2t - (7 - 2t)), rising after: her ambient temperature is 0, where
// A and B are both 6 wide; B stays wider just above (slope -1 against
// -2), so Right takes B to 0.
func TestThermostratNotHotstrat(t *testing.T) {
	l, r := Thermostrat(games("{6|0}", "{{8|6}|0}"))
	if l.Ambient.String() != "1" || l.Component != 1 || l.Option != cgt.MustParse("{8|6}") || l.Width.String() != "5" {
		t.Errorf("Left's move %+v", l)
	}
	if r.Ambient.String() != "0" || r.Component != 1 || r.Option != cgt.Int(0) || r.Width.String() != "6" {
		t.Errorf("Right's move %+v", r)
	}
}

// TestThermostratTies: two identical switches: the first is chosen.
func TestThermostratTies(t *testing.T) {
	l, r := Thermostrat(games("5", "{3|1}", "{3|1}"))
	if l.Component != 1 || r.Component != 1 || l.Option != cgt.Int(3) || r.Option != cgt.Int(1) {
		t.Errorf("moves %+v %+v", l, r)
	}
}

// TestThermostratNoMove: a sum of integers has no component with width.
func TestThermostratNoMove(t *testing.T) {
	for _, gs := range [][]cgt.Game{nil, games("3", "-2", "0")} {
		l, r := Thermostrat(gs)
		if l.Component != -1 || r.Component != -1 {
			t.Errorf("%v: moves %+v %+v", gs, l, r)
		}
		c := Compound(gs)
		if c.Temperature.String() != "-1" || len(c.Left) != 1 {
			t.Errorf("%v: compound %+v", gs, c)
		}
	}
}

// TestFigure410Thermostrat: the six tiles of Berlekamp's problem
// (chilled values, Rappaport's Figure 4.10). Tile A, {3|5/2}, is the only
// one hotter than an infinitesimal, and both players start there, as in
// the thesis (White's first move is A2).
func TestFigure410Thermostrat(t *testing.T) {
	gs := games("{3|5/2}", "3+{0|^}", "1*", "-2v", "1/2", "2v")
	l, r := Thermostrat(gs)
	if l.Component != 0 || l.Option != cgt.Int(3) {
		t.Errorf("Left's move %+v", l)
	}
	if r.Component != 0 || r.Option != cgt.MustParse("5/2") {
		t.Errorf("Right's move %+v", r)
	}
	c := Compound(gs)
	if want := cgt.Sum(gs...).Mean(); !c.Mean.Equal(want) {
		t.Errorf("compound mean %s, want %s", c.Mean, want)
	}
}
