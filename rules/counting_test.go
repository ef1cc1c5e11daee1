package rules

import (
	"encoding/json"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	for _, c := range All {
		got, err := Parse(c.String())
		if err != nil || got != c {
			t.Errorf("Parse(%q) = %v, %v; want %v", c.String(), got, err, c)
		}
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatalf("marshal %v: %v", c, err)
		}
		var back Counting
		if err := json.Unmarshal(b, &back); err != nil || back != c {
			t.Errorf("JSON %s read back as %v, %v", b, back, err)
		}
	}
	if MathematicalGo.Scored() || !Japanese.Scored() || !Chinese.Scored() {
		t.Error("Scored: only Japanese and Chinese are scores")
	}
}

func TestParseBad(t *testing.T) {
	for _, s := range []string{"", "go", "japan", "chinese rules"} {
		if _, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) accepted", s)
		}
	}
	if _, err := Counting(9).MarshalText(); err == nil {
		t.Error("MarshalText accepted a bad counting")
	}
	if got, _ := Parse(" AREA "); got != Chinese {
		t.Errorf("Parse(AREA) = %v", got)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"mgo", "japanese", "chinese", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err == nil {
			if back, err := Parse(c.String()); err != nil || back != c {
				t.Fatalf("%q: %v does not read back", s, c)
			}
		}
	})
}
