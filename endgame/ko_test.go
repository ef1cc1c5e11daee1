package endgame

import (
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/solve"
)

// TestKoPPlusK reproduces the table of Rappaport's chapter 8 ("Mathematical
// Go: An Analysis", 1993, after Figure 8.3): the Mathematical Go outcome of
// P + k, each side first, by decomposition (the loopy total of the tiles)
// and by whole-board alpha-beta (retrograde analysis once a position
// repeats), which must agree.
func TestKoPPlusK(t *testing.T) {
	for _, c := range []struct {
		file         string
		black, white solve.Winner
	}{
		{"p-plus-2", solve.Black, solve.Black},
		{"p-plus-1", solve.Draw, solve.Black},
		{"one-point-ko-p", solve.Draw, solve.White},
		{"p-minus-1", solve.Draw, solve.White},
		{"p-minus-2", solve.Draw, solve.White},
		{"p-minus-3", solve.White, solve.White},
	} {
		pos := mustRead(t, "../testdata/ko/"+c.file+".txt")
		for _, m := range solve.Methods {
			res := mustSolve(t, pos, m, solve.Options{})
			if res.BlackFirst != c.black || res.WhiteFirst != c.white {
				t.Errorf("%s by %s: %s first %s, %s first %s; want %s and %s (reason: %s)", c.file, m,
					board.Black, res.BlackFirst, board.White, res.WhiteFirst, c.black, c.white, res.Reason)
			}
		}
	}
}

// TestKoReport: the one-point ko P as analyze reports it. Its tile is a ko
// with the loopy count {2|0} & -1 and chilled 1/2 & 0; with Black as
// komaster its thermograph has mean and temperature 1/3 (P freezes at 1/3
// to 1/3, Berlekamp as Rappaport quotes him, chapter 8), its left wall
// falling two points per degree (Black needs two local moves: take and
// fill); with White as komaster Black's take is answered at once and the
// point stays White's (mean -1, the count of one point of White
// territory). Japanese with the ko ban: Black first takes and, White
// having nothing else to play, fills (1); White first fills (0).
func TestKoReport(t *testing.T) {
	r, err := Analyze(mustRead(t, "../testdata/ko/one-point-ko-p.txt"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Exact() {
		t.Fatalf("not exact: %v", r.Problems)
	}
	j := r.JSON(0)
	var ko *JSONTile
	for i := range j.Tiles {
		if j.Tiles[i].Kind == "ko" {
			ko = &j.Tiles[i]
		}
	}
	if ko == nil || ko.Ko == nil {
		t.Fatalf("no ko tile in %+v", j.Tiles)
	}
	if *ko.Count != "{2|0} & -1" || *ko.Chilled != "1/2 & 0" {
		t.Errorf("count %s, chilled %s", *ko.Count, *ko.Chilled)
	}
	b, w := ko.Ko.BlackKomaster, ko.Ko.WhiteKomaster
	if b.Mean != "1/3" || b.Temperature != "1/3" || w.Mean != "-1" || w.Temperature != "-1" {
		t.Errorf("black komaster %+v, white komaster %+v", b, w)
	}
	if len(b.Left) != 2 || b.Left[0] != [2]string{"-1", "3"} || b.Left[1] != [2]string{"1/3", "1/3"} {
		t.Errorf("black komaster left wall %v, want (-1, 3) (1/3, 1/3)", b.Left)
	}
	if *j.Outcome.MGO.BlackFirst != "draw" || *j.Outcome.MGO.WhiteFirst != "white" {
		t.Errorf("mgo %s %s", *j.Outcome.MGO.BlackFirst, *j.Outcome.MGO.WhiteFirst)
	}
	if *j.Outcome.Japanese.BlackFirst != "1" || *j.Outcome.Japanese.WhiteFirst != "0" {
		t.Errorf("japanese %s %s", *j.Outcome.Japanese.BlackFirst, *j.Outcome.Japanese.WhiteFirst)
	}
	if j.RuleSets == nil {
		t.Error("the rule sets are not stated")
	}
}

// TestKoThreeKos: P + P + P (Figure 8.3): under the ko ban Black wins by
// exactly one point whoever moves first (Japanese); the area of the
// playing area is -2 either way, one point better for Black than the -3
// the three White stones give at the start. Under Mathematical Go rules
// the sum is a draw either way (P + P is already a draw).
func TestKoThreeKos(t *testing.T) {
	r, err := Analyze(mustRead(t, "../testdata/ko/p-p-p.txt"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Exact() {
		t.Fatalf("not exact: %v", r.Problems)
	}
	for _, c := range []board.Color{board.Black, board.White} {
		if j, _ := r.Japanese(c); j.String() != "1" {
			t.Errorf("%s first: Japanese %s, want 1", c, j)
		}
		if ch, ok := r.Chinese(c); !ok || ch.String() != "-2" {
			t.Errorf("%s first: Chinese %s (%v), want -2", c, ch, ok)
		}
		if w := r.Winner(c); w != solve.Draw {
			t.Errorf("%s first: Mathematical Go %s, want draw", c, w)
		}
	}
}

// TestKoJustTaken: a game record right after a ko capture (g09-l3-s1,
// White takes at A5 with move 68, A4 banned for Black) is played from
// that state: with Black first, Black may not take back at once, has no
// threat, and the score is White's 18, where the same board with the ban
// lifted (after Black's pass, move 69) is 19 with Black first (Black
// takes back). Before the capture and after the connection as well.
func TestKoJustTaken(t *testing.T) {
	g := readGame(t, "../testdata/games/g09-l3-s1.sgf")
	for _, c := range []struct {
		move         int
		black, white int64
	}{{67, 19, 18}, {68, 18, 18}, {69, 19, 18}, {70, 18, 18}} {
		r, err := Analyze(positionAfter(t, g, c.move), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Exact() {
			t.Fatalf("after move %d: not exact: %q", c.move, r.Problems)
		}
		b, _ := r.Japanese(board.Black)
		w, _ := r.Japanese(board.White)
		if !b.Equal(cgt.DyadicInt(c.black)) || !w.Equal(cgt.DyadicInt(c.white)) {
			t.Errorf("after move %d: Japanese %s with Black first, %s with White first; want %d and %d", c.move, b, w, c.black, c.white)
		}
	}
}
