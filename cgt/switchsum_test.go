package cgt

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// randomSwitchSum writes a sum of n numbers and simple switches with
// values in [-m, m].
func randomSwitchSum(r *rand.Rand, n, m int) string {
	var terms []string
	for range n {
		switch r.IntN(5) {
		case 0:
			terms = append(terms, fmt.Sprintf("%d/%d", r.IntN(2*m+1)-m, 1<<r.IntN(3)))
		case 1:
			terms = append(terms, fmt.Sprintf("+-%d/2", 1+r.IntN(2*m)))
		default:
			a := r.IntN(2*m+1) - m
			b := a - 1 - r.IntN(m)
			terms = append(terms, fmt.Sprintf("{%d|%d}", a, b))
		}
	}
	s := strings.Join(terms, " + ")
	return strings.ReplaceAll(s, "+ +-", "+-")
}

// TestSwitchSumAgrees: the fast analysis of a sum of switches gives the
// stops, mean, temperature (and canonical form, when it builds it) of the
// general algorithm's canonical form of the whole sum.
func TestSwitchSumAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(200, 35))
	bigHot := 0
	for i := 0; i < 60; i++ {
		expr := randomSwitchSum(r, 16+r.IntN(10), 3+r.IntN(12))
		s, ok := ParseSwitchSum(expr)
		if !ok {
			t.Fatalf("%s: not read as a sum of switches", expr)
		}
		g := MustParse(expr)
		if s.LeftStop != g.LeftStop() || s.RightStop != g.RightStop() || s.Mean != g.Mean() || s.Temperature != g.Temperature() {
			t.Fatalf("%s: fast %s %s %s %s, general %s %s %s %s", expr, s.LeftStop, s.RightStop, s.Mean, s.Temperature, g.LeftStop(), g.RightStop(), g.Mean(), g.Temperature())
		}
		if s.HasCanonical && s.Canonical != g {
			t.Fatalf("%s: canonical %s, general %s", expr, s.Canonical, g)
		}
		if !s.HasCanonical {
			bigHot++
		}
	}
	// Sums of 9 to 14 switches of distinct temperatures: no canonical form
	// from the fast path, and the general algorithm still manages.
	for n := 9; n <= 14; n++ {
		var terms []string
		for i := range n {
			x := r.IntN(7) - 3
			terms = append(terms, fmt.Sprintf("{%d|%d}", x+i+1, x-i-1))
		}
		terms = append(terms, "1/4", "(-3)", "5/8")
		for len(terms) < 16 {
			terms = append(terms, "1/2")
		}
		expr := strings.Join(terms, "+")
		s, ok := ParseSwitchSum(expr)
		if !ok || s.HasCanonical || len(s.Hot) != n {
			t.Fatalf("%s: %v %+v", expr, ok, s)
		}
		g := MustParse(expr)
		if s.LeftStop != g.LeftStop() || s.RightStop != g.RightStop() || s.Mean != g.Mean() || s.Temperature != g.Temperature() {
			t.Fatalf("%s: fast %s %s %s %s, general %s %s %s %s", expr, s.LeftStop, s.RightStop, s.Mean, s.Temperature, g.LeftStop(), g.RightStop(), g.Mean(), g.Temperature())
		}
		bigHot++
	}
	if bigHot == 0 {
		t.Errorf("no sum exercised the path without a canonical form")
	}
	for _, e := range []string{"{1|0}+{2|1}", "1 + 2 <= 3" + strings.Repeat("+1", 20), strings.Repeat("{1|*}+", 20) + "1", strings.Repeat("^+", 20) + "1", strings.Repeat("{1|0}+", 20) + "G"} {
		if _, ok := ParseSwitchSum(e); ok {
			t.Errorf("%s read as a sum of switches", e)
		}
	}
}

// BenchmarkSwitchSum200: stops, mean and temperature of a sum of 200
// random switches and numbers (issue 35: under 2 s and 200 MB).
func BenchmarkSwitchSum200(b *testing.B) {
	expr := randomSwitchSum(rand.New(rand.NewPCG(1, 2)), 200, 20)
	for b.Loop() {
		s, ok := ParseSwitchSum(expr)
		if !ok || s.Terms != 200 {
			b.Fatal("not a sum of 200 switches")
		}
	}
}
