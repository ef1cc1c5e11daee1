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
