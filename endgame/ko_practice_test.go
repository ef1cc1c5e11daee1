package endgame

import (
	"math/big"
	"testing"
)

// Ko positions from Go practice, checked against values published by
// others (issue 17). Each case reads testdata/ko/practice-*.txt, whose
// comments name the source and quote its values. The expected numbers below
// are the published ones, written in mathgo's count (Japanese counting,
// Black positive) with the baseline stated per case; none of them was
// obtained by running mathgo.
//
// Conventions. Players (Sensei's Library, endgame books) count a ko by its
// two results and the net plays each side needs: count = White's result +
// swing / plays, miai value = swing / plays. mathgo's ko thermographs are
// Berlekamp's (count currency): with the komaster who would have to make
// the ko's last move (a connection that gains nothing) they give that move
// as a tempo worth one point and let the komaster keep it, so the mast
// moves with the komaster even for a direct ko, which players call placid
// (its count does not depend on who is komaster). Where the two
// conventions give different numbers the case is skipped with the reason
// (reported on the issue), not bent to fit.

// practiceKo is one published ko position and its values.
type practiceKo struct {
	file string
	// source names where the values are published (also in the file).
	source string
	// komaster is "black" or "white": the thermograph the published count
	// and miai value are compared with.
	komaster string
	// mean and temp are the published count and miai value (temperature),
	// in mathgo's count.
	mean, temp string
	// class is the published class (Berlekamp's words, as Spight uses
	// them on Sensei's Library), or "" when the source does not say.
	class string
	// other is the published count with the other komaster, and
	// otherSkip why mathgo's number is not compared with it (empty: it is).
	other, otherSkip string
}

var practiceKos = []practiceKo{
	{
		// White's connection is 0, Black's win (take and connect) 1: one
		// prisoner. Net count 1, local tally 3, miai value 1/3, count 1/3.
		file:     "practice-direct.txt",
		source:   `Sensei's Library, "Smallest Kos" (the half-point ko); dfan, "Go endgame values with area counting: part 3, ko" (2025)`,
		komaster: "black",
		mean:     "1/3",
		temp:     "1/3",
		class:    "placid",
		other:    "1/3",
		otherSkip: "players count a direct ko 1/3 whoever is komaster (Spight, Sensei's Library, \"Komaster\", \"Placid\"); " +
			"mathgo's White-komaster thermograph is -1 frozen: Black's take is futile and White keeps the connection as a tempo " +
			"(count currency, Berlekamp's komaster convention), a difference of convention, not of play",
	},
}

func TestKoPractice(t *testing.T) {
	for _, c := range practiceKos {
		t.Run(c.file, func(t *testing.T) {
			_, r := analyzeKoFile(t, c.file)
			j := r.JSON(0)
			var ko *JSONKo
			for i := range j.Tiles {
				if j.Tiles[i].Kind == "ko" {
					if ko != nil {
						t.Fatalf("more than one ko tile")
					}
					ko = j.Tiles[i].Ko
				}
			}
			if ko == nil || ko.BlackKomaster == nil || ko.WhiteKomaster == nil {
				t.Fatalf("no ko tile with thermographs (problems %q)", r.Problems)
			}
			th, other := ko.BlackKomaster, ko.WhiteKomaster
			if c.komaster == "white" {
				th, other = other, th
			}
			if !ratEq(t, th.Mean, c.mean) || !ratEq(t, th.Temperature, c.temp) {
				t.Errorf("%s komaster: mean %s, temperature %s; published (%s): count %s, miai value %s",
					c.komaster, th.Mean, th.Temperature, c.source, c.mean, c.temp)
			}
			if c.class != "" && (ko.Class == nil || *ko.Class != c.class) {
				got := "none"
				if ko.Class != nil {
					got = *ko.Class
				}
				t.Errorf("class %s; published (%s): %s", got, c.source, c.class)
			}
			t.Run("other komaster", func(t *testing.T) {
				if c.otherSkip != "" {
					t.Skipf("mathgo %s, published %s: %s", other.Mean, c.other, c.otherSkip)
				}
				if !ratEq(t, other.Mean, c.other) {
					t.Errorf("other komaster: mean %s; published (%s): %s", other.Mean, c.source, c.other)
				}
			})
		})
	}
}

// ratEq compares two rationals written as mathgo prints them ("1/3",
// "-2").
func ratEq(t *testing.T, got, want string) bool {
	t.Helper()
	g, ok1 := new(big.Rat).SetString(got)
	w, ok2 := new(big.Rat).SetString(want)
	if !ok1 || !ok2 {
		t.Fatalf("not rationals: %q, %q", got, want)
	}
	return g.Cmp(w) == 0
}
