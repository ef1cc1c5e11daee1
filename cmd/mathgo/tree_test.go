package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mathgo/mathgo/internal/table"
)

// TestTreeWidth: the tree of every ko tile of the bundled ko positions
// fits in table.DefaultWidth columns, and says what --wide says: the same
// words, only wrapped (a drawing that needs no "…"). Some of these trees
// are wider than that when whole, so the wrapping is exercised.
func TestTreeWidth(t *testing.T) {
	files, err := filepath.Glob("../../testdata/ko/*.txt")
	if err != nil || len(files) < 5 {
		t.Fatalf("the bundled ko positions: %v, %d files", err, len(files))
	}
	glyphs := strings.NewReplacer("├─", " ", "└─", " ", "│", " ")
	words := func(s string) string { return strings.Join(strings.Fields(glyphs.Replace(s)), " ") }
	trees, wrapped := 0, 0
	for _, f := range files {
		out, errs, code := runCmd(t, "", "analyze", "--json", f)
		var doc struct{ Tiles []struct{ ID, Kind string } }
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("analyze %s: exit %d, %v: %s", f, code, err, errs)
		}
		for _, tl := range doc.Tiles {
			if tl.Kind != "ko" {
				continue
			}
			narrow, errs, code := runCmd(t, "", "tree", f, "--tile", tl.ID)
			wide, _, wcode := runCmd(t, "", "tree", f, "--tile", tl.ID, "--wide")
			if code != 0 || wcode != 0 {
				t.Fatalf("tree %s --tile %s: exit %d (--wide %d): %s", f, tl.ID, code, wcode, errs)
			}
			trees++
			for i, l := range strings.Split(narrow, "\n") {
				if w := utf8.RuneCountInString(l); w > table.DefaultWidth {
					t.Errorf("tree %s --tile %s: line %d is %d columns wide:\n%s", f, tl.ID, i+1, w, l)
				}
			}
			if table.Width(wide) > table.DefaultWidth {
				wrapped++
			}
			if !strings.Contains(narrow, "…") && words(narrow) != words(wide) {
				t.Errorf("tree %s --tile %s: the narrow drawing does not say what --wide says:\n%s\n--wide:\n%s", f, tl.ID, narrow, wide)
			}
			if strings.Count(narrow, "\n") < strings.Count(wide, "\n") {
				t.Errorf("tree %s --tile %s: fewer lines than --wide", f, tl.ID)
			}
		}
	}
	if trees < 10 || wrapped == 0 {
		t.Errorf("%d ko trees drawn, %d of them wider than %d columns whole: the test checks too little", trees, wrapped, table.DefaultWidth)
	}
	t.Logf("%d ko trees, %d wrapped", trees, wrapped)
}
