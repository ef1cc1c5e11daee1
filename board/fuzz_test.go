package board

import (
	"strings"
	"testing"
)

// FuzzParsePoint checks that ParsePoint never panics, that what it accepts
// is on the board, and that Name and ParsePoint are inverses.
func FuzzParsePoint(f *testing.F) {
	for _, s := range []string{"A1", "t19", "J10", "Z25", "pass", "PASS", "I5", "A0", "A01", "", "a", "AA1", "A-1", "\xff1", "é1", "H8"} {
		f.Add(s, uint8(19), uint8(19))
	}
	f.Add("Y3", uint8(25), uint8(3))
	f.Fuzz(func(t *testing.T, s string, cols, rows uint8) {
		b, err := New(int(cols%26), int(rows%26))
		if err != nil {
			return
		}
		p, err := b.ParsePoint(s)
		if err != nil {
			if !strings.Contains(err.Error(), "board:") {
				t.Errorf("error without context: %v", err)
			}
			return
		}
		if p == Pass {
			if !strings.EqualFold(s, "pass") {
				t.Errorf("ParsePoint(%q) = Pass", s)
			}
			return
		}
		if !b.Contains(p) {
			t.Fatalf("ParsePoint(%q) = %d, off the %dx%d board", s, p, b.Cols(), b.Rows())
		}
		if name := b.Name(p); !strings.EqualFold(name, s) {
			t.Errorf("Name(ParsePoint(%q)) = %q", s, name)
		}
	})
}
