package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/mathgo/mathgo/internal/testlong"
)

func TestComposeCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a tile library up to area 5 (-short)")
	}
	testlong.Skip(t, "builds a tile library up to area 5")
	dir := t.TempDir()
	db := filepath.Join(dir, "tiles.db")
	if _, _, err := execute(newLibraryCmd, "build", "--max-area", "5", "--db", db); err != nil {
		t.Fatal(err)
	}
	txt, sgfFile := filepath.Join(dir, "p.txt"), filepath.Join(dir, "p.sgf")
	out, stderr, err := execute(newComposeCmd, "--db", db, "--board", "19x19", "--tiles", "4", "--seed", "3",
		"--winner", "white", "--candidates", "2", "--diagram", txt, "--sgf", sgfFile, "--json")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	var doc struct {
		Diagram string `json:"diagram"`
		Outcome struct {
			MGO struct{ BlackFirst, WhiteFirst string } `json:"mgo"`
		} `json:"outcome"`
		Metrics map[string]any `json:"metrics"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Outcome.MGO.BlackFirst != "white" || doc.Outcome.MGO.WhiteFirst != "white" {
		t.Errorf("outcome %+v, want white both ways", doc.Outcome.MGO)
	}
	for _, k := range []string{"forcedBits", "uniquePlies", "balance", "disguise", "trapRate"} {
		if _, ok := doc.Metrics[k]; !ok {
			t.Errorf("metrics lack %q", k)
		}
	}
	data, err := os.ReadFile(txt)
	if err != nil || string(data) != doc.Diagram {
		t.Errorf("-o wrote %q (%v), the JSON diagram is %q", data, err, doc.Diagram)
	}
	// analyze reads the diagram and finds the same winner.
	out, _, err = execute(newAnalyzeCmd, txt, "--json")
	if err != nil {
		t.Fatal(err)
	}
	var an struct {
		Outcome struct {
			MGO struct{ BlackFirst, WhiteFirst string } `json:"mgo"`
		} `json:"outcome"`
	}
	if err := json.Unmarshal([]byte(out), &an); err != nil {
		t.Fatal(err)
	}
	if an.Outcome.MGO != doc.Outcome.MGO {
		t.Errorf("analyze says %+v, compose %+v", an.Outcome.MGO, doc.Outcome.MGO)
	}
	if _, err := os.Stat(sgfFile); err != nil {
		t.Error(err)
	}
}

func TestComposeUsage(t *testing.T) {
	for _, bad := range [][]string{
		{"--board", "19x19", "--tiles", "4"},
		{"--db", "x.db", "--board", "3x3"},
		{"--db", "x.db", "--board", "axb"},
		{"--db", "x.db", "--winner", "red"},
		{"--db", "x.db", "--tiles", "1"},
	} {
		_, _, err := execute(newComposeCmd, bad...)
		var ue usageError
		if !errors.As(err, &ue) {
			t.Errorf("%v: %v, want a usage error", bad, err)
		}
	}
}

func TestParseBoardSize(t *testing.T) {
	for _, c := range []struct {
		in         string
		cols, rows int
		ok         bool
	}{
		{"19x19", 19, 19, true}, {"9X13", 9, 13, true}, {"13", 13, 13, true},
		{"4x4", 0, 0, false}, {"26x19", 0, 0, false}, {"x", 0, 0, false}, {"", 0, 0, false}, {"9x9x9", 0, 0, false},
	} {
		cols, rows, err := ParseBoardSize(c.in)
		if (err == nil) != c.ok || (c.ok && (cols != c.cols || rows != c.rows)) {
			t.Errorf("ParseBoardSize(%q) = %d, %d, %v", c.in, cols, rows, err)
		}
	}
}

func FuzzParseBoardSize(f *testing.F) {
	for _, s := range []string{"19x19", "9x13", "13", "x", "0x0", "-1x5", "25x25"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cols, rows, err := ParseBoardSize(s)
		if err == nil && (cols < 5 || rows < 5 || cols > 25 || rows > 25) {
			t.Fatalf("%q: %dx%d accepted", s, cols, rows)
		}
	})
}
