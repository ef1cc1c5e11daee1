package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// execute runs the command from ctor with args and returns stdout,
// stderr and the error.
func execute(ctor func() *cobra.Command, args ...string) (string, string, error) {
	cmd := ctor()
	var out, errb bytes.Buffer
	cmd.SetArgs(args)
	cmd.SetFlagErrorFunc(flagError)
	cmd.SetOut(&out)
	cmd.SetErr(&errb)
	err := cmd.Execute()
	return out.String(), errb.String(), err
}

func TestLibraryBuildAndQuery(t *testing.T) {
	db := filepath.Join(t.TempDir(), "tiles.db")
	out, _, err := execute(newLibraryCmd, "build", "--max-area", "3", "--db", db, "--json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Tiles []struct {
			Area        int    `json:"area"`
			Orientation string `json:"orientation"`
			Tiles       int    `json:"tiles"`
		} `json:"tiles"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(doc.Tiles) != 9 {
		t.Fatalf("counts for %d (area, orientation) pairs, want 9", len(doc.Tiles))
	}
	total := 0
	for _, c := range doc.Tiles {
		total += c.Tiles
	}
	// 2+2+2 + 7+18+8 + 57+142+87 tiles (see the library's counts).
	if total != 325 {
		t.Errorf("%d tiles up to area 3, want 325", total)
	}
	out, _, err = execute(newLibraryCmd, "query", "--db", db, "--chilled", "*", "--json", "--limit", "0")
	if err != nil {
		t.Fatal(err)
	}
	var rows []struct {
		Key     string  `json:"key"`
		Chilled *string `json:"chilled"`
	}
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		t.Fatal("no tile with chilled value *")
	}
	for _, r := range rows {
		if r.Chilled == nil || *r.Chilled != "*" {
			t.Fatalf("tile %s: chilled %v", r.Key, r.Chilled)
		}
	}
	out, _, err = execute(newLibraryCmd, "query", "--db", db, "--temperature", "0..1", "--area", "2", "--orientation", "edge")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, " tiles") {
		t.Errorf("table without a count line:\n%s", out)
	}
	for _, bad := range [][]string{
		{"query", "--db", db, "--temperature", "3..1"},
		{"query", "--db", db, "--chilled", "{1|"},
		{"query", "--db", db, "--class", "warm"},
		{"query", "--db", db, "--disguise", "q:B"},
		{"query"},
		{"build", "--max-area", "0", "--db", db},
	} {
		_, _, err := execute(newLibraryCmd, bad...)
		var ue usageError
		if !errors.As(err, &ue) {
			t.Errorf("%v: %v, want a usage error", bad, err)
		}
	}
	_, _, err = execute(newLibraryCmd, "query", "--db", filepath.Join(t.TempDir(), "missing.db"))
	var ee exitError
	if !errors.As(err, &ee) || ee.code != exitInput {
		t.Errorf("missing library: %v, want exit status %d", err, exitInput)
	}
}
