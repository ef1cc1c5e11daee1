package cgt

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// randomUptimalGame builds a random short game: numbers, nimbers, ups, uptimals
// (±^[k], ±^<k> plus a number and a nimber), and braces of smaller random
// games.
func randomUptimalGame(r *rand.Rand, depth int) Game {
	if depth == 0 || r.IntN(4) == 0 {
		x := NewDyadic(int64(r.IntN(17)-8), uint(r.IntN(3)))
		switch r.IntN(5) {
		case 0:
			return Number(x)
		case 1:
			return Nus(x, r.IntN(9)-4, r.IntN(4))
		case 2, 3:
			defer lock()()
			sign := 1
			if r.IntN(2) == 0 {
				sign = -1
			}
			return ar.uptimalGame(x, r.IntN(2) == 0, 2+r.IntN(4), sign, r.IntN(4))
		default:
			return Star(r.IntN(5))
		}
	}
	var l, rr []Game
	for i := r.IntN(3); i >= 0; i-- {
		l = append(l, randomUptimalGame(r, depth-1))
	}
	for i := r.IntN(3); i >= 0; i-- {
		rr = append(rr, randomUptimalGame(r, depth-1))
	}
	g := New(l, rr)
	if depth <= 2 && r.IntN(6) == 0 {
		g = g.Add(randomUptimalGame(r, depth-1))
	}
	return g
}

// TestPrintedFormsReadBack: every printed short game, in ASCII and in
// Unicode, reads back to the same game; uptimal forms are among them.
func TestPrintedFormsReadBack(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 35))
	uptimals := 0
	for i := 0; i < 2000; i++ {
		g := randomUptimalGame(r, 3)
		for _, uni := range []bool{false, true} {
			s := g.Format(uni)
			back, err := Parse(s)
			if err != nil {
				t.Fatalf("%s does not parse: %v", s, err)
			}
			if back != g {
				t.Fatalf("%s reads back as %s", s, back)
			}
			if !uni && (strings.Contains(s, "[") || strings.Contains(s, "<")) {
				uptimals++
			}
		}
	}
	if uptimals < 100 {
		t.Errorf("only %d printed forms used uptimal notation", uptimals)
	}
}

// TestUptimalNotation: ^[n] and ^<n> read and print as CGSuite's, and are
// the sums of powers of up CGSuite defines them to be.
func TestUptimalNotation(t *testing.T) {
	up2 := MustParse("{0|v*}")          // ↑² (CGSuite's UptimalTest)
	up3 := MustParse("{0|v* - {0|v*}}") // ↑³
	cases := []struct {
		in   string
		want Game
		text string
	}{
		{"^<2>", up2, "^<2>"},
		{"^<3>", up3, "^<3>"},
		{"^[2]", MustParse("^").Add(up2), "^[2]"},
		{"^[3]", MustParse("^").Add(up2).Add(up3), "^[3]"},
		{"v[3]*", MustParse("v").Sub(up2).Sub(up3).Add(Star(1)), "v[3]*"},
		{"3/2^<3>*2", Number(NewDyadic(3, 1)).Add(up3).Add(Star(2)), "3/2^<3>*2"},
		{"-1v<2>", Int(-1).Sub(up2), "-1v<2>"},
		{"↑[2]⋆", MustParse("^").Add(up2).Add(Star(1)), "^[2]*"},
	}
	for _, c := range cases {
		g, err := Parse(c.in)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if g != c.want {
			t.Errorf("%s = %s, want %s", c.in, g, c.want)
		}
		if g.String() != c.text {
			t.Errorf("%s prints %s, want %s", c.in, g, c.text)
		}
	}
	// 2^3 is a power, as in CGSuite; two plus three ups prints with a plus.
	if g := MustParse("2^3"); g != Int(8) {
		t.Errorf("2^3 = %s", g)
	}
	if g := MustParse("2+^3"); g.String() != "2+^3" || g != Int(2).Add(Up(3)) {
		t.Errorf("2+^3 prints %s", g)
	}
	for _, bad := range []string{"^[0]", "^<99999>", "^[", "^<2"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}
