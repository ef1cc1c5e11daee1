package thermograph

import (
	"math/big"
	"testing"

	"github.com/mathgo/mathgo/cgt"
)

// koP is Rappaport's one-point ko P = {1 + N | 0}, N = {0 | -1 + P} as a
// graph of Go positions (chapter 8): node 0 is P (White's stone at point
// 2; Black takes at point 1, a ko capture banning point 2), node 1 is 1 + N
// (Black fills at 2: 1; White takes back at 2, banning 1), node 2 the
// Black fill 1, node 3 White's fill 0.
func koP(x, y int64) *KoGame {
	return &KoGame{Nodes: []KoNode{
		{Moves: [2][]KoMove{{{To: 1, Point: 1, Ban: 2}}, {{To: 3, Point: 1, Ban: -1}}}},
		{Moves: [2][]KoMove{{{To: 2, Point: 2, Ban: -1}}, {{To: 0, Point: 2, Ban: 1}}}},
		{Leaf: true, Value: cgt.Int(x)},
		{Leaf: true, Value: cgt.Int(y)},
	}}
}

func r(s string) *big.Rat {
	x, ok := new(big.Rat).SetString(s)
	if !ok {
		panic(s)
	}
	return x
}

// TestKoThermographOnePointKo: a direct ko in which Black needs two moves
// (take, then resolve: result x) and White one (resolve: result y). With
// Black as komaster its miai value is one third of the swing, (x - y)/3,
// the rule for a direct ko that issue 17 quotes from ko thermography
// (Berlekamp, "The economist's view of combinatorial games", 1996): the
// temperature is (x - y)/3 and the mast y + (x - y)/3 (Black's wall falls
// two points per degree: two local moves). With White as komaster Black's take is
// answered at once and White need never spend the resolving move: the
// position is worth y - 1 (a tempo of count currency), frozen from t = -1.
// The ko is placid and its mast depends on the komaster.
func TestKoThermographOnePointKo(t *testing.T) {
	for _, c := range []struct{ x, y int64 }{{1, 0}, {5, -1}, {3, 1}, {2, -4}} {
		a, err := KoThermographs(koP(c.x, c.y), 0)
		if err != nil {
			t.Fatal(err)
		}
		swing := big.NewRat(c.x-c.y, 3)
		mean := new(big.Rat).Add(big.NewRat(c.y, 1), swing)
		if a.Black.Temperature.Cmp(swing) != 0 || a.Black.Mean.Cmp(mean) != 0 {
			t.Errorf("x=%d y=%d, Black komaster: mean %s temperature %s, want %s and %s", c.x, c.y, RatString(a.Black.Mean), RatString(a.Black.Temperature), RatString(mean), RatString(swing))
		}
		if want := big.NewRat(c.y-1, 1); a.White.Mean.Cmp(want) != 0 || a.White.Temperature.Cmp(big.NewRat(-1, 1)) != 0 {
			t.Errorf("x=%d y=%d, White komaster: mean %s temperature %s, want %s frozen at -1", c.x, c.y, RatString(a.White.Mean), RatString(a.White.Temperature), RatString(want))
		}
		if a.Class != Placid || a.Dependence != "mast" {
			t.Errorf("x=%d y=%d: class %s, dependence %s", c.x, c.y, a.Class, a.Dependence)
		}
	}
}

func TestKoThermographNeutral(t *testing.T) {
	th, err := NeutralThermograph(koP(1, 0), 0)
	if err != nil {
		t.Fatal(err)
	}
	if RatString(th.Mean) != "1/3" || RatString(th.Temperature) != "1/3" {
		t.Errorf("neutral P: mean %s temperature %s", RatString(th.Mean), RatString(th.Temperature))
	}
	k, err := NeutralThermograph(koP(1, 0), 1)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("neutral 1+N: mean %s temp %s %s | %s", RatString(k.Mean), RatString(k.Temperature), k.Left, k.Right)
}

// TestKoThermographThreeStepKo: Bill Spight's three-step ko (Sensei's
// Library, "Three Step Ko"): if Black fills the ko the local score is 3;
// White must take three times and then fill for -4. With White as
// komaster five plays make the difference of 7 points: each gains 7/5,
// and the count is 1 3/5. As a graph: node i is the ko after White's i-th
// take (Black takes back to i-1), node 0 Black's fill, node 3 White's
// fill.
func TestKoThermographThreeStepKo(t *testing.T) {
	g := &KoGame{Nodes: []KoNode{
		{Moves: [2][]KoMove{{{To: 4, Point: 50, Ban: -1}}, {{To: 1, Point: 1, Ban: 2}}}},
		{Moves: [2][]KoMove{{{To: 0, Point: 2, Ban: 1}}, {{To: 2, Point: 3, Ban: 4}}}},
		{Moves: [2][]KoMove{{{To: 1, Point: 4, Ban: 3}}, {{To: 3, Point: 5, Ban: 6}}}},
		{Moves: [2][]KoMove{{{To: 2, Point: 6, Ban: 5}}, {{To: 5, Point: 51, Ban: -1}}}},
		{Leaf: true, Value: cgt.Int(3)},
		{Leaf: true, Value: cgt.Int(-4)},
	}}
	a, err := KoThermographs(g, 0)
	if err != nil {
		t.Fatal(err)
	}
	if RatString(a.White.Mean) != "8/5" || RatString(a.White.Temperature) != "7/5" {
		t.Errorf("White komaster: mean %s temperature %s, want 8/5 and 7/5", RatString(a.White.Mean), RatString(a.White.Temperature))
	}
}
