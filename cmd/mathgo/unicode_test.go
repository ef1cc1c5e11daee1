package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/cgt"
)

// TestAnalyzeUnicode: analyze --unicode prints every canonical form of
// the text in cgt's unicode notation (the one eval --unicode uses), and
// leaves the JSON, a contract, in CGSuite's ASCII.
func TestAnalyzeUnicode(t *testing.T) {
	const file = "../../testdata/problems/five-tiles.txt"
	plain, errs, code := runCmd(t, "", "analyze", "--json", file)
	if code != 0 {
		t.Fatalf("analyze --json: exit %d: %s", code, errs)
	}
	uni, errs, code := runCmd(t, "", "analyze", "--json", "--unicode", file)
	if code != 0 {
		t.Fatalf("analyze --json --unicode: exit %d: %s", code, errs)
	}
	var a, b map[string]any
	if err := json.Unmarshal([]byte(plain), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(uni), &b); err != nil {
		t.Fatal(err)
	}
	delete(a, "seconds")
	delete(b, "seconds")
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Errorf("--unicode changed the JSON:\n%s\n%s", ja, jb)
	}
	var j struct {
		Tiles []struct{ ID, Count, Chilled string }
		Total struct{ Count, Chilled string }
	}
	if err := json.Unmarshal([]byte(plain), &j); err != nil {
		t.Fatal(err)
	}
	forms := []string{j.Total.Count, j.Total.Chilled}
	for _, tl := range j.Tiles {
		forms = append(forms, tl.Count, tl.Chilled)
	}
	text, errs, code := runCmd(t, "", "analyze", "--unicode", file)
	if code != 0 {
		t.Fatalf("analyze --unicode: exit %d: %s", code, errs)
	}
	ascii, _, _ := runCmd(t, "", "analyze", file)
	differ := 0
	for _, s := range forms {
		g, err := cgt.Parse(s)
		if err != nil {
			t.Fatalf("the JSON's %q: %v", s, err)
		}
		u := g.Format(true)
		if u == s {
			continue
		}
		differ++
		if !strings.Contains(text, u) {
			t.Errorf("analyze --unicode does not print %s (%s in ASCII):\n%s", u, s, text)
		}
		if strings.Contains(ascii, u) || !strings.Contains(ascii, s) {
			t.Errorf("analyze without --unicode: want %s, not %s:\n%s", s, u, ascii)
		}
	}
	if differ == 0 {
		t.Fatalf("%s has no canonical form with a unicode symbol: the test checks nothing", file)
	}
}
