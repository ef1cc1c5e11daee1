package endgame

import (
	"bytes"
	"strings"
	"testing"
)

// TestWriteTextSaysWhatJSONHas: a loopy total (a ko) has a count, a
// chilled value and a Mathematical Go outcome but no stops; the text
// prints all three, and a range whose ends meet is printed as the number.
func TestWriteTextSaysWhatJSONHas(t *testing.T) {
	s := func(v string) *string { return &v }
	j := JSON{
		Total:   JSONTotal{Count: s("{5*|3*||2*} & 2"), Chilled: s("3v & 5/2")},
		Outcome: JSONOutcome{MGO: JSONFirst{BlackFirst: s("black"), WhiteFirst: s("black")}},
		Bounds: &JSONBounds{
			Japanese: JSONRange{BlackFirst: [2]string{"2", "3"}, WhiteFirst: [2]string{"2", "2"}},
		},
	}
	var buf bytes.Buffer
	if err := j.WriteText(&buf, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"total: count {5*|3*||2*} & 2\n",
		"chilled 3v & 5/2\n",
		"Mathematical Go: black wins with Black first, black wins with White first\n",
		"Japanese between 2 and 3 with Black first, 2 with White first\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "stops") || strings.Contains(out, "between 2 and 2") {
		t.Errorf("stops without stops, or a range that is a number:\n%s", out)
	}
}

func TestBetween(t *testing.T) {
	if got := Between("2", "2"); got != "2" {
		t.Errorf("Between(2, 2) = %q", got)
	}
	if got := Between("W+1.5", "B+0.5"); got != "between W+1.5 and B+0.5" {
		t.Errorf("Between = %q", got)
	}
}
