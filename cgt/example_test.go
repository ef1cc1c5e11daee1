package cgt_test

import (
	"fmt"

	"github.com/mathgo/mathgo/cgt"
)

// The expression language: CGSuite's notation, functions and methods.
func ExampleEval() {
	for _, e := range []string{"{3||2+*|1+*}", "{^^^|vv}.AtomicWeight", "5*{3||2|1}", "1:1", "^.Pow(3)", "2^3", "{3||2|1}.LeftOptions", "0.IsInfinitesimal"} {
		v, err := cgt.Eval(e)
		switch {
		case err != nil:
			fmt.Println(e, "error:", err)
		case v.IsComparison:
			fmt.Println(e, "=", v.Bool)
		case v.IsSet:
			fmt.Println(e, "=", v.Set)
		default:
			fmt.Println(e, "=", v.Game)
		}
	}
	// Output:
	// {3||2+*|1+*} = {3||2*|1*}
	// {^^^|vv}.AtomicWeight = {1|0}
	// 5*{3||2|1} = {12|||11||10,{11|10}|9Tiny({2|1})}
	// 1:1 = 2
	// ^.Pow(3) = ^<3>
	// 2^3 = 8
	// {3||2|1}.LeftOptions = [3]
	// 0.IsInfinitesimal = true
}

// A worksheet: names, functions and a table, as in a CGSuite session.
func ExampleEnv_Exec() {
	env := cgt.NewEnv()
	sheet := `G := {1|*}
F(n) := {n | -n} + G
table F(n) - G for n = 1..3`
	for _, st := range cgt.SplitWorksheet(sheet) {
		for _, it := range env.Exec(st) {
			if it.Err != nil {
				fmt.Println(it.Err)
				continue
			}
			if it.Name == "F(n)" {
				fmt.Println(it.Input)
				continue
			}
			fmt.Println(it.Input, "=", it.Value.Game)
		}
	}
	// Output:
	// G := {1|*} = {1|*}
	// F(n) := {n | -n} + G
	// F(n) - G [n=1] = +-1
	// F(n) - G [n=2] = +-2
	// F(n) - G [n=3] = +-3
}

func ExampleGame_NortonProduct() {
	for _, g := range []string{"6", "1/2", "^", "Tiny(2)"} {
		p, _ := cgt.MustParse(g).NortonProduct(cgt.Up(1))
		fmt.Printf("%s.^ = %s\n", g, p)
	}
	// Output:
	// 6.^ = ^6
	// 1/2.^ = {^^*|v*}
	// ^.^ = {^^*||0|v4}
	// Tiny(2).^ = {^^*||0|v6}
}

func ExampleGame_ConwayProduct() {
	fmt.Println(cgt.Star(19).ConwayProduct(cgt.Star(23)))
	fmt.Println(cgt.MustParse("{3|1}").ConwayProduct(cgt.Up(2)))
	fmt.Println(cgt.NimProduct(4, 4))
	// Output:
	// *86
	// {^6|^^}
	// 6
}

func ExampleGame_OrdinalSum() {
	fmt.Println(cgt.Int(1).OrdinalSum(cgt.Int(1)))
	fmt.Println(cgt.Star(1).OrdinalSum(cgt.Int(-1)))
	// Output:
	// 2
	// v*
}

// Heating by a game (CGSuite's G.Heat(T)) and overheating.
func ExampleGame_HeatBy() {
	g := cgt.MustParse("{3||2+*|1+*}")
	fmt.Println(g.HeatBy(cgt.Star(1)))
	o, _ := g.Overheat(cgt.Star(1), cgt.MustParse("1+*"))
	fmt.Println(o)
	o, _ = cgt.MustParse("7/16").Overheat(cgt.Zero, cgt.Zero)
	fmt.Println(o)
	// Output:
	// {3*||2|1}
	// {1||+-(1*)|-1,{-1|-3}}
	// ^[3]
}

// Uptimals: ^.Pow(n) is ^<n>, ^.PowTo(n) is ^[n], both read and printed.
func ExampleGame_Pow() {
	up := cgt.Up(1)
	p, _ := up.Pow(3)
	q, _ := up.PowTo(3)
	fmt.Println(p, q, p == cgt.MustParse("^<3>"), cgt.MustParse("{0,^*|0}"))
	// Output:
	// ^<3> ^[3] true ^[2]*
}

func ExampleGame_AtomicWeightOf() {
	for _, g := range []string{"{^^^|vv}", "{1|^^||^}", "{1|^^^||^}", "{3||2|1}"} {
		w, err := cgt.MustParse(g).AtomicWeightOf()
		fmt.Println(g, w, err)
	}
	// Output:
	// {^^^|vv} {1|0} <nil>
	// {1|^^||^} 2 <nil>
	// {1|^^^||^} 0 not defined: the atomic weight of {1|^3||^}: the game is not atomic
	// {3||2|1} 0 not defined: the atomic weight of {3||2|1}: the game is not infinitesimal
}

func ExampleGame_Companion() {
	for _, g := range []string{"0", "^", "{0||0|vvv}", "{3||2*|1*}"} {
		fmt.Println(g, cgt.MustParse(g).Companion())
	}
	// Output:
	// 0 *
	// ^ ^*
	// {0||0|vvv} {0,*||*|v3*}
	// {3||2*|1*} {3||2*|1*}
}

func ExampleGame_ReducedCanonicalForm() {
	fmt.Println(cgt.MustParse("{3||2*|1*}").ReducedCanonicalForm())
	fmt.Println(cgt.MustParse("{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}").ReducedCanonicalForm())
	// Output:
	// {3||2|1}
	// {3/2|1/2||{0|-3},{-1/2|-1||-5/2}}
}

func ExampleGame_Properties() {
	p := cgt.MustParse("{3||2+*|1+*}").Properties()
	fmt.Println(p.IsNumberish, p.IsOddTempered, p.IsEvenTempered, p.IsAtomic)
	z := cgt.Zero.Properties()
	fmt.Println(z.IsInfinitesimal, z.IsEven, *z.AtomicWeight)
	// Output:
	// false true false false
	// true true 0
}

// Followers (CGSuite's FollowerCount of {0||0|v*} is 5) and incentives.
func ExampleGame_Followers() {
	fmt.Println(cgt.MustParse("{0||0|v*}").Followers())
	fmt.Println(cgt.MustParse("{^^^|vv}").Incentives())
	// Output:
	// [0 * v* ^<2> {0|^<2>}]
	// [{^5|0}]
}

func ExampleGame_Multiple() {
	fmt.Println(cgt.MustParse("{3||2|1}").Multiple(5))
	// Output:
	// {12|||11||10,{11|10}|9Tiny({2|1})}
}

// A long sum of switches: stops, mean and temperature without the
// canonical form of the whole sum (equal temperatures cancel).
func ExampleParseSwitchSum() {
	expr := "{5|1} + {4|0} + {9|1} + {3|-3}"
	for range 6 {
		expr += " + {9|1} + {2|1}"
	}
	s, ok := cgt.ParseSwitchSum(expr)
	fmt.Println(ok, s.Terms, s.Describe())
	fmt.Println(s.LeftStop, s.RightStop, s.Mean, s.Temperature, s.HasCanonical, s.Canonical)
	// Output:
	// true 16 49 +-4 +-3
	// 50 48 49 4 true {56|50||48|42}
}
