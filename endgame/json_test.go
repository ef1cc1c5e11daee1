package endgame

import (
	"testing"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/internal/testpos"
)

// TestPlayersWords: every valued tile with a move worth something gets
// its miai value (its temperature) and its sente word; numbers get none.
func TestPlayersWords(t *testing.T) {
	for _, f := range testpos.Files(t, "positions", "problems") {
		r, err := Analyze(f.Pos, Options{NoSolver: true})
		if err != nil {
			t.Fatal(err)
		}
		j := r.JSON(0)
		for _, tl := range j.Tiles {
			hot := tl.Temperature != nil && (*tl.Temperature)[0] != '-' && *tl.Temperature != "0"
			switch {
			case tl.Count == nil:
			case hot && (tl.Miai == nil || tl.Sente == nil || *tl.Miai != *tl.Temperature):
				t.Errorf("%s tile %s (count %s): miai %v sente %v, temperature %s", f.Path, tl.ID, *tl.Count, tl.Miai, tl.Sente, *tl.Temperature)
			case !hot && (tl.Miai != nil || tl.Sente != nil):
				t.Errorf("%s tile %s (count %s): words for a cold tile", f.Path, tl.ID, *tl.Count)
			}
		}
	}
	r, err := Analyze(testpos.Rows([]string{"####@", "#...@", "#####"}), Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Black's blocked corridor of length 3 with White's wall at its mouth:
	// Black closing it gets 2 points; White pushing in leaves {1|*}
	// (Black blocks for 1, or White pushes again to a dame): count
	// {2||1|*}, mean 5/4 and temperature 3/4, a gote move worth 3/4.
	j := r.JSON(0)
	if tl := j.Tiles[0]; tl.Count == nil || *tl.Count != "{2||1|*}" || tl.Sente == nil || *tl.Sente != "gote" || *tl.Miai != "3/4" {
		t.Errorf("corridor tile: count %v, sente %v, miai %v", deref(tl.Count), deref(tl.Sente), deref(tl.Miai))
	}
}

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

// TestUnicodeJSON: UnicodeJSON prints each canonical form as
// cgt.Game.Format(true) prints the value JSON prints in ASCII, and
// changes nothing else.
func TestUnicodeJSON(t *testing.T) {
	r, err := Analyze(testpos.Rows([]string{"####@", "#...@", "#####"}), Options{})
	if err != nil {
		t.Fatal(err)
	}
	a, u := r.JSON(0), r.UnicodeJSON(0)
	if len(a.Tiles) != len(u.Tiles) {
		t.Fatalf("%d tiles, %d in unicode", len(a.Tiles), len(u.Tiles))
	}
	pairs := [][2]*string{{a.Total.Count, u.Total.Count}, {a.Total.Chilled, u.Total.Chilled}}
	for i := range a.Tiles {
		pairs = append(pairs, [2]*string{a.Tiles[i].Count, u.Tiles[i].Count}, [2]*string{a.Tiles[i].Chilled, u.Tiles[i].Chilled})
	}
	differ := 0
	for _, p := range pairs {
		if p[0] == nil || p[1] == nil {
			t.Fatalf("a value left out: %v %v", deref(p[0]), deref(p[1]))
		}
		if want := cgt.MustParse(*p[0]).Format(true); *p[1] != want {
			t.Errorf("unicode %s, want %s (ASCII %s)", *p[1], want, *p[0])
		}
		if *p[0] != *p[1] {
			differ++
		}
	}
	if differ == 0 {
		t.Error("no value printed differently: the position should have a *")
	}
	if *a.Total.LeftStop != *u.Total.LeftStop || *a.Tiles[0].Mean != *u.Tiles[0].Mean {
		t.Error("UnicodeJSON changed a number")
	}
}
