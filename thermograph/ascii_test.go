package thermograph

import (
	"strings"
	"testing"

	"github.com/mathgo/mathgo/cgt"
)

func TestASCII(t *testing.T) {
	s := ASCII(Of(cgt.MustParse("{3||2*|1*}")), 40, 12)
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if lines[0] != "Thermograph of {3||2*|1*}: mean 9/4, temperature 3/4" {
		t.Errorf("title line %q", lines[0])
	}
	// Title, "t", 12 rows, axis line, values, legend.
	if len(lines) != 17 {
		t.Fatalf("%d lines:\n%s", len(lines), s)
	}
	rows := lines[2:14]
	label := func(r string) string { return strings.TrimSpace(r[:strings.Index(r, "|")]) }
	body := func(r string) string { return r[strings.Index(r, "|")+1:] }
	if label(rows[11]) != "-1" {
		t.Errorf("bottom row label %q", label(rows[11]))
	}
	// The bottom row: left wall at the far left (value 4), right wall at
	// the far right (value 1).
	if b := body(rows[11]); !strings.HasPrefix(b, "/") || !strings.HasSuffix(b, "\\") || len(b) != 40 {
		t.Errorf("bottom row %q", b)
	}
	// The mast point row is labelled 3/4 and holds the meeting point; the
	// rows above hold the mast only.
	found := false
	for i, r := range rows {
		if label(r) == "3/4" {
			found = true
			if strings.TrimSpace(body(r)) != "^" {
				t.Errorf("mast point row %q", r)
			}
			for _, above := range rows[:i] {
				if strings.TrimSpace(body(above)) != "#" {
					t.Errorf("above the temperature: %q", above)
				}
			}
		}
	}
	if !found {
		t.Errorf("no row labelled 3/4:\n%s", s)
	}
	if !strings.Contains(lines[15], "4") || !strings.Contains(lines[15], "9/4") || !strings.HasSuffix(lines[15], "1") {
		t.Errorf("value axis %q", lines[15])
	}
	if !strings.Contains(lines[16], "Black/Left") || !strings.Contains(lines[16], "White/Right") {
		t.Errorf("legend %q", lines[16])
	}
}

func TestASCIIInteger(t *testing.T) {
	s := ASCII(Of(cgt.Int(-3)), 0, 0)
	plot := strings.Join(strings.Split(s, "\n")[2:2+DefaultASCIIHeight], "\n")
	if strings.Count(plot, "#") != DefaultASCIIHeight || strings.ContainsAny(plot, `/\^`) {
		t.Errorf("integer sketch:\n%s", s)
	}
}
