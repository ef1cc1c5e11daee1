package thermograph

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/mathgo/mathgo/cgt"
)

// TestClassifyTextbook: the cases and more, each worked by hand.
// L and R are the walls continued past the mast (see optionWalls); T the
// temperature (where they meet), m the mean (the count).
func TestClassifyTextbook(t *testing.T) {
	cases := []struct {
		expr         string
		sente        Sente
		miai, count  string
		black, white Sente // Words.For(Black), Words.For(White)
	}{
		// {9||8|0}: L = 9 - t. {8|0} has left wall 8 - t up to its
		// temperature 4, so R = (8 - t) + t = 8, vertical up to t = 4.
		// They meet at t = 1 on 8: R is vertical on both sides of T,
		// L slopes: White's sente, count 8, worth 1 (Black's reverse
		// sente takes the count from 8 to 9).
		{"{9||8|0}", WhiteSente, "1", "8", ReverseBlack, WhiteSente},
		// {6|2||-1}: {6|2} has right wall 2 + t up to 2, then 4, so
		// L = 2 up to t = 2, then 4 - t; R = -1 + t. At t = 2, L = 2 >
		// R = 1; then 4 - t = -1 + t at t = 5/2 on 3/2. Both slope
		// around 5/2: gote, count 3/2, worth (4 - (-1))/2 = 5/2.
		{"{6|2||-1}", Gote, "5/2", "3/2", Gote, Gote},
		// {7|3||2|1}: {7|3} has right wall 3 + t up to 2, so L = 3 up
		// to t = 2. {2|1} has left wall 2 - t up to 1/2, then 3/2, so
		// R = 2 up to 1/2, then 3/2 + t. They meet at 3/2 + t = 3,
		// t = 3/2 < 2: L vertical on both sides (Black's sente), R
		// sloped: count 3, worth 3/2 (White's reverse sente takes the
		// count from 3 to {2|1}'s 3/2).
		{"{7|3||2|1}", BlackSente, "3/2", "3", BlackSente, ReverseWhite},
		// {4||3|1}: L = 4 - t; {3|1} has left wall 3 - t up to 1, so
		// R = 3 up to t = 1, then 2 + t. They meet at 1 on 3, where R
		// turns from vertical to sloped: the follow-up {3|1} (worth 1)
		// is exactly as big as the move: ambiguous (3b = 2a + c: 9 = 9).
		// As sente: count 3, reverse sente 4 - 3 = 1; as gote: (4 - 2)/2
		// = 1. Either way worth 1.
		{"{4||3|1}", Ambiguous, "1", "3", Gote, Ambiguous},
		// {2||1|0}: L = 2 - t; R = 1 up to 1/2, then 1/2 + t; they meet
		// at 3/4 on 5/4 (Spight: (2a+b+c)/4 = 5/4 > b = 1): gote,
		// though White's move threatens a follow-up (worth 1/2, less
		// than the move's 3/4).
		{"{2||1|0}", Gote, "3/4", "5/4", Gote, Gote},
		// Sensei's Library's ambiguous position {{10|0},1|-1}: Black's
		// options give L = max(R({10|0}) - t, 1 - t) = max(0, 1 - t)
		// (R({10|0}) = t up to 5): 1 - t up to 1, then 0. R = -1 + t.
		// They meet at 1 on 0, where L turns from sloped (the gote
		// option 1) to vertical (the sente option {10|0}): ambiguous,
		// worth 1 either way.
		{"{{10|0},1|-1}", Ambiguous, "1", "0", Ambiguous, Gote},
		// Pure gote switches: {a|b} has L = a - t and R = b + t meeting
		// at (a-b)/2 on (a+b)/2.
		{"+-3", Gote, "3", "0", Gote, Gote},
		{"{2|0}", Gote, "1", "1", Gote, Gote},
		{"{7|-2}", Gote, "9/2", "5/2", Gote, Gote},
		// A double-sente shape: each side's move threatens a follow-up
		// worth 9 ({20|2} and {-2|-20}). L = R({20|2}) - t = 2 up to 9,
		// then 11 - t; R = -2 up to 9, then -11 + t; they meet at 11 on
		// 0: in an environment of every temperature it is gote, worth
		// 11 (ClassifyAt below finds the double sente).
		{"{{20|2}|{-2|-20}}", Gote, "11", "0", Gote, Gote},
		// Black's sente with White's gote reply that also threatens:
		// {{20|2}|{-1|-10}}: L = 2 up to 9; {-1|-10} has left wall
		// -1 - t up to 9/2, so R = -1 up to 9/2, then -11/2 + t; they
		// meet at 15/2 on 2, L vertical on both sides: Black's sente,
		// worth 15/2 (White's reverse sente: 2 - (-11/2)).
		{"{{20|2}|{-1|-10}}", BlackSente, "15/2", "2", BlackSente, ReverseWhite},
	}
	for _, c := range cases {
		g := cgt.MustParse(c.expr)
		w, ok := Classify(g)
		if !ok {
			t.Errorf("%s: no words", c.expr)
			continue
		}
		if w.Sente != c.sente || w.Miai.String() != c.miai || w.Count.String() != c.count ||
			w.For(cgt.Left) != c.black || w.For(cgt.Right) != c.white {
			t.Errorf("%s: %s miai %s count %s, Black %s, White %s; want %s %s %s, %s, %s",
				c.expr, w.Sente, w.Miai, w.Count, w.For(cgt.Left), w.For(cgt.Right), c.sente, c.miai, c.count, c.black, c.white)
		}
		if !w.Miai.Equal(g.Temperature()) || !w.Count.Equal(g.Mean()) {
			t.Errorf("%s: miai %s count %s, temperature %s mean %s", c.expr, w.Miai, w.Count, g.Temperature(), g.Mean())
		}
	}
}

// TestClassifyAtAmbient: words depend on the environment below the
// tile's temperature.
func TestClassifyAtAmbient(t *testing.T) {
	d := func(s string) cgt.Dyadic { v, _ := cgt.ParseDyadic(s); return v }
	cases := []struct {
		expr, at string
		sente    Sente
	}{
		// Both walls vertical from 0 to 9: double sente below 9; at 9
		// they turn sloped (ambiguous), above it gote.
		{"{{20|2}|{-2|-20}}", "0", DoubleSente},
		{"{{20|2}|{-2|-20}}", "5", DoubleSente},
		{"{{20|2}|{-2|-20}}", "9", Ambiguous},
		{"{{20|2}|{-2|-20}}", "10", Gote},
		{"{{20|2}|{-2|-20}}", "30", Gote},
		// {2||1|0}: White's follow-up {1|0} is worth 1/2, so below 1/2
		// White's move is sente, above it gote (and at T = 3/4 gote).
		{"{2||1|0}", "0", WhiteSente},
		{"{2||1|0}", "1/2", Ambiguous},
		{"{2||1|0}", "5/8", Gote},
		// {9||8|0} stays White's sente down to 0.
		{"{9||8|0}", "0", WhiteSente},
		{"{9||8|0}", "-1", WhiteSente},
	}
	for _, c := range cases {
		w, ok := ClassifyAt(cgt.MustParse(c.expr), d(c.at))
		if !ok || w.Sente != c.sente {
			t.Errorf("%s at %s: %s %v, want %s", c.expr, c.at, w.Sente, ok, c.sente)
		}
	}
	if w, _ := ClassifyAt(cgt.MustParse("{{20|2}|{-2|-20}}"), d("0")); w.For(cgt.Left) != BlackSente || w.For(cgt.Right) != WhiteSente || w.Miai.String() != "11" {
		t.Errorf("double sente words %+v", w)
	}
}

// TestClassifyNoMove: numbers and infinitesimals have no move value.
func TestClassifyNoMove(t *testing.T) {
	for _, e := range []string{"0", "5", "-3/2", "1/2", "*", "^", "v*", "^^*3", "Tiny(1)", "3+Miny(2)", "2*"} {
		if w, ok := Classify(cgt.MustParse(e)); ok {
			t.Errorf("%s: words %+v", e, w)
		}
	}
}

// TestClassifySpight checks the words against Bill Spight's formulas for
// {a||b|c}, a > b > c: mean max(b, (2a+b+c)/4), temperature min(a-b,
// (2a-b-c)/4); White's sente when 3b > 2a + c, ambiguous when equal, gote
// when less.
func TestClassifySpight(t *testing.T) {
	for a := -4; a <= 8; a++ {
		for b := -6; b < a; b++ {
			for c := -8; c < b; c++ {
				g := cgt.MustParse(fmt.Sprintf("{%d||%d|%d}", a, b, c))
				w, ok := Classify(g)
				if !ok {
					t.Fatalf("{%d||%d|%d}: no words", a, b, c)
				}
				mean := cgt.NewDyadic(int64(2*a+b+c), 2)
				if cgt.DyadicInt(int64(b)).Cmp(mean) > 0 {
					mean = cgt.DyadicInt(int64(b))
				}
				temp := cgt.NewDyadic(int64(2*a-b-c), 2)
				if cgt.DyadicInt(int64(a-b)).Cmp(temp) < 0 {
					temp = cgt.DyadicInt(int64(a - b))
				}
				want := Gote
				switch {
				case 3*b > 2*a+c:
					want = WhiteSente
				case 3*b == 2*a+c:
					want = Ambiguous
				}
				if w.Sente != want || !w.Count.Equal(mean) || !w.Miai.Equal(temp) {
					t.Errorf("{%d||%d|%d}: %s count %s miai %s; Spight: %s %s %s", a, b, c, w.Sente, w.Count, w.Miai, want, mean, temp)
				}
			}
		}
	}
}

// TestSenteText: the JSON spellings are the contract's.
func TestSenteText(t *testing.T) {
	want := []string{"gote", "black", "white", "reverse-black", "reverse-white", "double", "ambiguous"}
	for i, w := range want {
		s := Sente(i)
		b, err := s.MarshalText()
		if err != nil || string(b) != w || s.String() != w {
			t.Errorf("Sente(%d) = %q %v", i, b, err)
		}
		var back Sente
		if err := back.UnmarshalText(b); err != nil || back != s {
			t.Errorf("UnmarshalText(%q) = %v %v", b, back, err)
		}
	}
	if _, err := Sente(9).MarshalText(); err == nil {
		t.Error("Sente(9) marshalled")
	}
	var s Sente
	if err := s.UnmarshalText([]byte("sente")); err == nil {
		t.Error("unknown word accepted")
	}
	w, _ := Classify(cgt.MustParse("{6|2||-1}"))
	js, err := json.Marshal(w)
	if err != nil || string(js) != `{"sente":"gote","miai":"5/2"}` {
		t.Errorf("JSON %s %v", js, err)
	}
}

// FuzzClassify checks, for any expression that parses to a small game,
// that the words agree with the thermograph: miai value = temperature,
// count = mean, no words for games no hotter than 0, and the per-player
// words consistent with the tile's word.
func FuzzClassify(f *testing.F) {
	for _, e := range []string{"{9||8|0}", "{6|2||-1}", "{7|3||2|1}", "{4||3|1}", "+-2", "*", "{{20|2}|{-2|-20}}"} {
		f.Add(e)
	}
	f.Fuzz(func(t *testing.T, expr string) {
		if len(expr) > 40 {
			return
		}
		g, err := cgt.Parse(expr)
		if err != nil || g.Birthday() > 12 {
			return
		}
		w, ok := Classify(g)
		temp := g.Temperature()
		if ok != (temp.Sign() > 0) {
			t.Fatalf("%s: words %v at temperature %s", g, ok, temp)
		}
		if !ok {
			return
		}
		if !w.Miai.Equal(temp) || !w.Count.Equal(g.Mean()) {
			t.Fatalf("%s: %+v", g, w)
		}
		switch w.Sente {
		case BlackSente:
			if w.For(cgt.Left) != BlackSente || w.For(cgt.Right) != ReverseWhite {
				t.Fatalf("%s: %+v", g, w)
			}
		case WhiteSente:
			if w.For(cgt.Right) != WhiteSente || w.For(cgt.Left) != ReverseBlack {
				t.Fatalf("%s: %+v", g, w)
			}
		case Gote:
			if w.For(cgt.Left) != Gote || w.For(cgt.Right) != Gote {
				t.Fatalf("%s: %+v", g, w)
			}
		case DoubleSente:
			t.Fatalf("%s: double sente at its own temperature", g)
		}
	})
}
