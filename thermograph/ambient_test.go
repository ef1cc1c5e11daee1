package thermograph

import (
	"math/rand/v2"
	"testing"

	"github.com/mathgo/mathgo/cgt"
)

// TestAmbientDefinition pins the ambient temperature to Winning Ways'
// definition over t >= 0 (see the package documentation) on sums where
// the two old implementations disagreed (play's searched t >= 0, this
// package's t >= -1).
//
// 2 + {1|-2} + Tiny(1) + G, G = {6,{6|3}|1||-1*}. The walls:
//
//   - 2: L = R = 2.
//   - {1|-2}: L = 1 - t, R = -2 + t, meeting at 3/2 on -1/2.
//   - Tiny(1) = {0||0|-1}: L = R(0) - t = -t; {0|-1} has left wall -t up
//     to 1/2, so R = 0; they meet at 0 on 0.
//   - G: G's Left option {6,{6|3}|1} has right wall 1 + t up to 5/2
//     (its walls 6 - t and 1 + t meet there), so L(G) = 1 up to 5/2;
//     -1* has left wall -1 - t up to 0, then -1, so R(G) = -1 up to 0,
//     then -1 + t; they meet at 2 on 1.
//
// On [0, 3/2]: ΣR = 2 + (-2 + t) + 0 + (-1 + t) = -1 + 2t; the widths are
// 3 - 2t ({1|-2}), 0 (Tiny), 2 - t (G), so max W = 3 - 2t up to 1, then
// 2 - t. Left's compound wall ΣR + max W is 2 on [0,1], 1 + t on [1,3/2],
// then 5/2 for good (on [3/2,2] ΣR = 1/2 + t, max W = 2 - t; from 2 on
// every summand is a mast and ΣR = 2 - 1/2 + 0 + 1 = 5/2). Its highest
// value on [0, ∞) is 5/2, first reached at t = 3/2: Left's ambient
// temperature is 3/2. (At t = -1 the wall is -2 + 5 = 3, higher still:
// searching from -1 gave -1.) There only G is wider than 0 (1/2), so
// thermostrat plays G, to the Left option whose right wall is highest at
// 3/2: {6,{6|3}|1}.
//
// Right's compound wall ΣL - max W: on [0,1] ΣL = 2 + (1 - t) + 0 + 1 =
// 4 - t and max W = 3 - 2t, so 1 + t; on [1,3/2] (4 - t) - (2 - t) = 2;
// higher after. Lowest on [0, ∞) at t = 0 (value 1): Right's ambient
// temperature is 0 (searching from -1 gave -1: the wall is 1 on [-1,0]),
// where {1|-2} is widest (3): Right plays it, to -2.
func TestAmbientDefinition(t *testing.T) {
	gs := games("2", "{1|-2}", "Tiny(1)", "{6,{6|3}|1||-1*}")
	l, r := Ambient(gs)
	if l.String() != "3/2" || r.String() != "0" {
		t.Fatalf("ambient temperatures %s %s, want 3/2 0", l, r)
	}
	if AmbientFor(gs, cgt.Left) != l || AmbientFor(gs, cgt.Right) != r {
		t.Fatal("AmbientFor disagrees with Ambient")
	}
	c := Compound(gs)
	if got := fmtPts(c.Left); got != "-1,3 0,2 1,2 3/2,5/2" {
		t.Errorf("Left's compound wall %s", got)
	}
	if !c.AmbientLeft.Equal(l) || !c.AmbientRight.Equal(r) {
		t.Errorf("Compound's ambient temperatures %s %s", c.AmbientLeft, c.AmbientRight)
	}
	lm, rm := Thermostrat(gs)
	if lm.Component != 3 || lm.Option != cgt.MustParse("{6,{6|3}|1}") || lm.Width.String() != "1/2" {
		t.Errorf("Left's move %+v", lm)
	}
	if rm.Component != 1 || rm.Option != cgt.Int(-2) || rm.Width.String() != "3" {
		t.Errorf("Right's move %+v", rm)
	}
	// A single switch {4|2}: Left's compound wall is its left wall 4 - t,
	// highest on [0, ∞) at 0 (at -1 overall); Right's is 2 + t, lowest at
	// 0. Both ambient temperatures are 0.
	if l, r := Ambient(games("{4|2}")); l.Sign() != 0 || r.Sign() != 0 {
		t.Errorf("ambient of {4|2}: %s %s, want 0 0", l, r)
	}
	// Numbers only: every compound wall is constant; the ambient
	// temperature is 0 and there is no move.
	if l, r := Ambient(games("3", "1/2")); l.Sign() != 0 || r.Sign() != 0 {
		t.Errorf("ambient of numbers: %s %s", l, r)
	}
}

// TestAmbientAgreesWithCompound: Ambient (which evaluates the compound
// walls at breakpoints) and Compound (which builds them) find the same
// ambient temperatures on random sums.
func TestAmbientAgreesWithCompound(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 37))
	for it := range 300 {
		gs := make([]cgt.Game, 1+r.IntN(6))
		for i := range gs {
			gs[i] = randomGame(r)
		}
		l, rr := Ambient(gs)
		c := Compound(gs)
		if !l.Equal(c.AmbientLeft) || !rr.Equal(c.AmbientRight) {
			t.Fatalf("case %d %v: Ambient %s %s, Compound %s %s", it, gs, l, rr, c.AmbientLeft, c.AmbientRight)
		}
		lm, rm := Thermostrat(gs)
		if lm != c.LeftMove() || rm != c.RightMove() {
			t.Fatalf("case %d %v: Thermostrat %+v %+v, Compound %+v %+v", it, gs, lm, rm, c.LeftMove(), c.RightMove())
		}
	}
}
