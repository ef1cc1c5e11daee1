package loopy_test

import (
	"fmt"

	"github.com/mathgo/mathgo/cgt/loopy"
)

// Loopy games in CGSuite's notation: pass, node labels, on, off, upon
// (10*upon as in CGSuite's EvalTest.scala:184).
func ExampleParse() {
	for _, e := range []string{"{0|pass}", "a{0|a}", "on+off", "10*upon", "{pass|*}"} {
		v, err := loopy.Parse(e)
		if err != nil {
			fmt.Println(e, err)
			continue
		}
		fmt.Println(e, "=", v)
	}
	// Output:
	// {0|pass} = over
	// a{0|a} = over
	// on+off = dud
	// 10*upon = {0|{0||||0|||0||0|{0||||0|||0||0|^[on]*}}}
	// {pass|*} = ^[on]
}

func ExampleSum() {
	over := loopy.MustParse("over")
	s, err := loopy.Sum(over, loopy.MustParse("5"))
	fmt.Println(s, err)
	ls, _ := s.LeftStop()
	fmt.Println(ls)
	// Output:
	// 5over <nil>
	// 5over
}

// Onside and offside of a stopper-sided value, and its degree of
// loopiness.
func ExampleValue_Onside() {
	v := loopy.MustParse("on & off")
	on, _ := v.Onside()
	off, _ := v.Offside()
	fmt.Println(on, off)
	// CGSuite's CanonicalStopperTestCase: the degree of {-1/4+*|pass} is ^<on>.
	d, _ := loopy.MustParse("{-1/4+*|pass}").Degree()
	fmt.Println(d)
	// Output:
	// on off
	// ^<on>
}

func ExampleValue_Followers() {
	fs, _ := loopy.MustParse("upon").Followers()
	fmt.Println(fs)
	o, _ := loopy.MustParse("upon").Outcome()
	fmt.Println(o)
	// Output:
	// [^[on] * 0]
	// L
}
