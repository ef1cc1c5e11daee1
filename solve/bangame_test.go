package solve

import (
	"path/filepath"
	"testing"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/tiles"
)

// TestBanEndMonotone: BanOptions.End gives the player who makes the second
// pass with a tile open one more way to end the game. An end that is
// always worth farEnd to Black can only help Black: the value with it is
// at least the value without it, with either player first; an end worth
// -farEnd can only help White; an end that is only known to lie between
// the two leaves the value between the two. On every bundled ko position
// with an open tile at some second pass the ends must be reckoned, and on
// at least one of them the end worth farEnd must change the value (Black,
// komaster of nothing, still gains by ending a fight it would lose).
func TestBanEndMonotone(t *testing.T) {
	const farEnd = 1000
	changed, reckoned := 0, 0
	for _, f := range testpos.Files(t, "ko") {
		name := filepath.Base(f.Path)
		a, err := tiles.Analyze(f.Pos, tiles.Options{})
		if err != nil {
			t.Fatal(err)
		}
		hasKo := false
		for _, tl := range a.Tiles {
			hasKo = hasKo || tl.Ko != nil
		}
		if !hasKo {
			continue
		}
		bg, err := BanGameOf(a, rules.Japanese, 0, 0, BanOptions{Start: NoBan})
		if err != nil {
			continue // too large for exact play: nothing to compare
		}
		for _, c := range []struct {
			lo, hi int
		}{{farEnd, farEnd}, {-farEnd, -farEnd}, {-farEnd, farEnd}} {
			end := func(*BanGame, []int) (int, int) { return c.lo, c.hi }
			g, err := BanGameOf(a, rules.Japanese, 0, 0, BanOptions{Start: NoBan, End: end})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			reckoned += g.Reckoned()
			for _, p := range []cgt.Player{cgt.Left, cgt.Right} {
				v, w := g.Value(g.Start(ColorOf(p))), bg.Value(bg.Start(ColorOf(p)))
				if !v.LoOK || !v.HiOK || !w.LoOK || !w.HiOK {
					continue
				}
				switch {
				case c.lo == farEnd && (v.Lo < w.Lo || v.Hi < w.Hi):
					t.Errorf("%s, %v first: an end worth %d to Black lowers the value from %s to %s", name, p, farEnd, w, v)
				case c.hi == -farEnd && (v.Lo > w.Lo || v.Hi > w.Hi):
					t.Errorf("%s, %v first: an end worth %d raises the value from %s to %s", name, p, -farEnd, w, v)
				case c.lo == -farEnd && c.hi == farEnd && (v.Lo > w.Lo || v.Hi < w.Hi):
					t.Errorf("%s, %v first: an end between %d and %d gives %s, outside which the value %s lies", name, p, -farEnd, farEnd, v, w)
				}
				if c.lo == farEnd && v.Lo != w.Lo {
					changed++
				}
			}
		}
	}
	if reckoned == 0 || changed == 0 {
		t.Errorf("%d ends reckoned, %d values changed by an end worth %d: the test checks nothing", reckoned, changed, farEnd)
	}
}
