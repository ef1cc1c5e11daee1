package tiles

import (
	"strings"
	"testing"

	"github.com/mathgo/mathgo/position"
)

// TestCaptureRefillIsNoKo: a 3x2 corner White's declared wall encloses
// has, under Mathematical Go, a cycle in which a Black invader is
// captured and the points played again (White gains prisoners on each
// lap, so the tile has no value). Both colours capture around it, but no
// single stone is taken and taken back: the message does not call it a
// ko, and names the area as White's territory to be.
func TestCaptureRefillIsNoKo(t *testing.T) {
	pos, err := position.Parse("corner", []byte(`
+-------------+
| . . . @ . @ |
| . . . @ @ @ |
| @ @ @ @ # # |
| . @ # # . # |
+-------------+
`))
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(pos, Options{})
	if err != nil {
		t.Fatal(err)
	}
	tl := a.Tiles[0]
	if len(tl.Points) != 6 || tl.Err == nil {
		t.Fatalf("tile A: %d points, err %v", len(tl.Points), tl.Err)
	}
	found := false
	for _, p := range a.Problems {
		if strings.HasPrefix(p, "tile A ") {
			found = true
			if strings.Contains(p, "is a ko") {
				t.Errorf("problem %q calls the tile a ko", p)
			}
			for _, want := range []string{"stones captured and their points played again", "an area White's settled stones enclose (6 empty points)"} {
				if !strings.Contains(p, want) {
					t.Errorf("problem %q does not say %q", p, want)
				}
			}
		}
	}
	if !found {
		t.Errorf("no problem names tile A: %q", a.Problems)
	}
}
