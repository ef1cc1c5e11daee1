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

func TestKoThermographOnePointKo(t *testing.T) {
	a, err := KoThermographs(koP(1, 0), 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("black komaster: mean %s temp %s left %s right %s", RatString(a.Black.Mean), RatString(a.Black.Temperature), a.Black.Left, a.Black.Right)
	t.Logf("white komaster: mean %s temp %s left %s right %s", RatString(a.White.Mean), RatString(a.White.Temperature), a.White.Left, a.White.Right)
	t.Logf("class %s dependence %s", a.Class, a.Dependence)
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
