package table

import (
	"bytes"
	"strings"
	"testing"
)

func TestElide(t *testing.T) {
	cases := []struct {
		in   string
		n    int
		want string
	}{
		{"abcdef", 0, "abcdef"},
		{"abcdef", 6, "abcdef"},
		{"abcdefgh", 5, "ab…gh"},
		{"{3||2*|1*}", 7, "{3|…1*}"},
		{"abc", 2, "ab"},
	}
	for _, c := range cases {
		if got := Elide(c.in, c.n); got != c.want {
			t.Errorf("Elide(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}

func TestTable(t *testing.T) {
	var buf bytes.Buffer
	tb := New(&buf, "tile", "count")
	tb.Row("A", "{3|2}")
	if err := tb.Render(); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if !strings.Contains(out, "tile") || !strings.Contains(out, "{3|2}") {
		t.Errorf("table lacks its cells:\n%s", out)
	}
	if w := Width(out); w > 20 {
		t.Errorf("two short columns drawn %d wide:\n%s", w, out)
	}
}

// TestFitWidth: a table with a long cell is drawn within DefaultWidth
// columns, the long cell shortened with "…" and the short ones whole;
// made wide, it keeps every cell whole.
func TestFitWidth(t *testing.T) {
	long := strings.Repeat("{1|0}+", 40)
	draw := func(wide bool) string {
		var buf bytes.Buffer
		tb := New(&buf, "tile", "count", "chilled").Wide(wide)
		tb.Row("A", long, "1/2")
		tb.Row("B", "*", strings.Repeat("^", 30))
		if err := tb.Render(); err != nil {
			t.Fatal(err)
		}
		return buf.String()
	}
	out := draw(false)
	if w := Width(out); w > DefaultWidth || w < DefaultWidth-2 {
		t.Errorf("drawn %d wide, want about %d:\n%s", w, DefaultWidth, out)
	}
	if !strings.Contains(out, "…") || !strings.Contains(out, "1/2") || !strings.Contains(out, strings.Repeat("^", 30)) {
		t.Errorf("the long cell not shortened, or a short one cut:\n%s", out)
	}
	if wide := draw(true); !strings.Contains(wide, long) {
		t.Errorf("wide table cut a cell:\n%s", wide)
	}
	// The headers bound the narrowing: too many columns stay too wide.
	if got := Fit([]string{"abcdefghij", "klmnopqrst"}, [][]string{{"x", "y"}}, 10); got[0] != 0 || got[1] != 0 {
		t.Errorf("Fit narrowed below the headers: %v", got)
	}
}

func TestWriteWrapped(t *testing.T) {
	var buf bytes.Buffer
	text := strings.Repeat("A:B19 {*|-3||-4}, ", 12)
	if err := WriteWrapped(&buf, "optimal moves: ", text, 40); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[0], "optimal moves: A:B19") || !strings.HasPrefix(lines[1], strings.Repeat(" ", 15)) || lines[1][15] == ' ' {
		t.Errorf("wrapped:\n%s", buf.String())
	}
	for _, l := range lines {
		if len(l) > 40 {
			t.Errorf("line %q over 40 columns", l)
		}
	}
	if strings.Join(strings.Fields(buf.String()), " ") != "optimal moves: "+strings.TrimSpace(text) {
		t.Errorf("words lost or changed:\n%s", buf.String())
	}
	buf.Reset()
	WriteWrapped(&buf, "p: ", text, 0)
	if strings.Count(buf.String(), "\n") != 1 {
		t.Errorf("width 0 wrapped:\n%s", buf.String())
	}
	// A word longer than a line (a long canonical form) is shortened to
	// fit, not written past the width; width 0 keeps it whole.
	long := "A:B17 {15*||14*|13|||13*|12|||||14*||13*|12|||12*|11||||11*|10}, A:E17 {1|0}"
	buf.Reset()
	WriteWrapped(&buf, "optimal moves for black: ", long, 60)
	for _, l := range strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n") {
		if n := len([]rune(l)); n > 60 {
			t.Errorf("line %q is %d columns wide", l, n)
		}
	}
	if !strings.Contains(buf.String(), "…") || !strings.Contains(buf.String(), "A:E17 {1|0}") {
		t.Errorf("the long word not shortened, or a short one changed:\n%s", buf.String())
	}
	buf.Reset()
	WriteWrapped(&buf, "p: ", long, 0)
	if buf.String() != "p: "+long+"\n" {
		t.Errorf("width 0: %q", buf.String())
	}
}

// TestWrap: every line within the width, the words kept in order (a
// word too long for a line shortened with "…"), and one whole line when
// the width is 0.
func TestWrap(t *testing.T) {
	text := "count {1|*} & {*|-1}, chilled 1/2 & -1/2 [captures 1; cycle: back to the position after W D2] " + strings.Repeat("x", 40)
	for _, width := range []int{12, 25, 60} {
		lines := Wrap(text, width)
		for _, l := range lines {
			if n := len([]rune(l)); n > width {
				t.Errorf("width %d: line %q is %d wide", width, l, n)
			}
		}
		joined := strings.Join(lines, " ")
		if width >= 40 && joined != text {
			t.Errorf("width %d: words lost or changed:\n%s", width, joined)
		}
		if width < 40 && (strings.Contains(joined, strings.Repeat("x", 40)) || !strings.Contains(joined, "…")) {
			t.Errorf("width %d: the long word is not shortened: %q", width, joined)
		}
	}
	if got := Wrap(text, 0); len(got) != 1 || got[0] != text {
		t.Errorf("width 0: %q", got)
	}
}
