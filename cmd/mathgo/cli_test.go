package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNegativeExpressions: expressions that start with '-' work in eval,
// thermograph and play --games without "--" (the three cases).
func TestNegativeExpressions(t *testing.T) {
	out, errs, code := runCmd(t, "", "eval", "-1/2", "-2v", "--json")
	if code != 0 || !strings.Contains(out, `"canonical": "-1/2"`) || !strings.Contains(out, `"canonical": "-2v"`) {
		t.Errorf("eval -1/2 -2v: exit %d, %s %s", code, out, errs)
	}
	out, errs, code = runCmd(t, "", "thermograph", "-1*")
	if code != 0 || !strings.Contains(out, "-1*") {
		t.Errorf("thermograph -1*: exit %d, %s %s", code, out, errs)
	}
	out, errs, code = runCmd(t, "", "play", "--games", "-2v", "1", "--json")
	if code != 0 || !strings.Contains(out, `"mgo": "`) {
		t.Errorf("play --games -2v 1: exit %d, %s %s", code, out, errs)
	}
	// -h is still help, and a real unknown flag still an error.
	if out, _, code := runCmd(t, "", "eval", "-h"); code != 0 || !strings.Contains(out, "Usage") {
		t.Errorf("eval -h: exit %d", code)
	}
	if _, errs, code := runCmd(t, "", "eval", "--frob", "1"); code != 2 || !strings.Contains(errs, "unknown flag") {
		t.Errorf("eval --frob: exit %d, %s", code, errs)
	}
}

// TestEvalExactOrUnknown: a birthday past int64 is printed exactly, and
// an evaluation past its budget is "unknown" with exit status 3, never a
// hang or a wrong number.
func TestEvalExactOrUnknown(t *testing.T) {
	out, errs, code := runCmd(t, "", "eval", "--json", "1180591620717411303424")
	var res []struct{ Birthday json.Number }
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 {
		t.Fatalf("exit %d, %v, %s", code, err, errs)
	}
	if res[0].Birthday.String() != "1180591620717411303424" {
		t.Errorf("birthday %s", res[0].Birthday)
	}
	if out, _, _ := runCmd(t, "", "eval", "*64+*63", "*4096+*4095"); !strings.Contains(out, "*127") || !strings.Contains(out, "*8191") {
		t.Errorf("nimber sums:\n%s", out)
	}
	// A number of its own each run, so that no earlier evaluation in the
	// process has the sum in cgt's tables (-count=2).
	evalRuns++
	sum := fmt.Sprintf("{9|{8|-8}}+{7|-7}+{6||5|-5}+{11|{10|3}}+{4|-6}+{13||12|2}+%d/1024", 2*evalRuns+1)
	_, errs, code = runCmd(t, "", "eval", "--max-steps", "1000", sum)
	if code != 3 || !strings.Contains(errs, "unknown") {
		t.Errorf("over budget: exit %d, %s", code, errs)
	}
}

// evalRuns counts TestEvalExactOrUnknown's runs in this process.
var evalRuns int

// TestUsageErrors: a missing argument names the command and shows usage.
func TestUsageErrors(t *testing.T) {
	for _, c := range []string{"analyze", "tree", "solve", "life", "play", "thermograph", "eval"} {
		_, errs, code := runCmd(t, "", c)
		if code != 2 || !strings.Contains(errs, "mathgo "+c+": missing") || !strings.Contains(errs, "Usage: mathgo "+c) {
			t.Errorf("%s without arguments: exit %d, %q", c, code, errs)
		}
	}
	_, errs, code := runCmd(t, "", "thermograph", "nonexistent.txt")
	if code != 1 || !strings.Contains(errs, "no such file") {
		t.Errorf("thermograph nonexistent.txt: exit %d, %q", code, errs)
	}
}

// TestWalledBoard: a whole board whose outside is immortal stones loads,
// and the life of the group in the corner is attacker first dies,
// defender first lives.
func TestWalledBoard(t *testing.T) {
	path := filepath.Join(t.TempDir(), "walled.txt")
	if err := os.WriteFile(path, []byte("@ @ @ @ @ @\n@ @ @ @ @ @\nX X X X @ @\n. . . X @ @\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCmd(t, "", "life", "--json", "--block", "A2", path)
	var doc lifeJSON
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 0 {
		t.Fatalf("exit %d, %v, %s", code, err, errs)
	}
	if r := doc.Blocks[0]; r.AttackerFirst != "dies" || r.DefenderFirst != "lives" {
		t.Errorf("A2: attacker first %s, defender first %s; want dies, lives", r.AttackerFirst, r.DefenderFirst)
	}
}

// TestEvalLoopy: eval reads and prints loopy games in CGSuite's notation,
// with mean, temperature and birthday null and the sides added.
func TestEvalLoopy(t *testing.T) {
	out, errs, code := runCmd(t, "", "eval", "--json", "a{{1|a}|0}", "{0|pass}", "on+off", "over > 0")
	var res []map[string]any
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 {
		t.Fatalf("exit %d, %v, %s", code, err, errs)
	}
	ko := res[0]
	if ko["canonical"] != "{2|0} & -1" || ko["onside"] != "{2|0}" || ko["offside"] != "-1" || ko["outcome"] != "NCheck" {
		t.Errorf("the one-point ko: %v", ko)
	}
	for _, f := range []string{"mean", "temperature", "birthday"} {
		if v, ok := ko[f]; !ok || v != nil {
			t.Errorf("ko %s = %v (present %v), want null", f, v, ok)
		}
	}
	if res[1]["canonical"] != "over" || res[2]["canonical"] != "dud" || res[2]["outcome"] != "D" || res[3]["result"] != true {
		t.Errorf("loopy values: %v", res[1:])
	}
}

// TestRenamedFlags: each old spelling of a renamed budget flag still sets
// the budget under its new name, is hidden from --help, and prints a note
// naming the new flag on standard error (never on standard output, which
// may be JSON).
func TestRenamedFlags(t *testing.T) {
	for _, c := range []struct {
		args      []string
		old, name string
		code      int
	}{
		// A budget of one position leaves the tile unvalued (exit 0 with the default).
		{[]string{"analyze", "--json", "--max-nodes", "1", "../../testdata/positions/berlekamp-tile-a.txt"}, "max-nodes", "max-positions", 3},
		{[]string{"eval", "--max-nodes", "1000", "{9|{8|-8}}+{7|-7}+{6||5|-5}+{11|{10|3}}+{4|-6}+{13||12|2}+3/1024"}, "max-nodes", "max-steps", 3},
		{[]string{"life", "--json", "--max-nodes", "3", "--block", "A3", lifeFixture("rect6-liberties.txt")}, "max-nodes", "solver-nodes", 3},
		// review's move range and file, renamed for one vocabulary (docs/cli.md).
		{[]string{"review", "--json", "--first", "50", "../../testdata/review/gote2.sgf"}, "first", "from-move", 1},
		{[]string{"review", "--json", "--last", "50", "../../testdata/review/gote2.sgf"}, "last", "to-move", 1},
		{[]string{"review", "--json", "-o", filepath.Join(t.TempDir(), "r.sgf"), "--from-move", "5", "../../testdata/review/gote2.sgf"}, "output", "sgf", 0},
	} {
		out, errs, code := runCmd(t, "", c.args...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d (the old name must set the same budget)\n%s", c.args, code, c.code, errs)
		}
		note := "--" + c.old + " is deprecated: use --" + c.name
		if !strings.Contains(errs, note) || strings.Contains(out, note) {
			t.Errorf("%v: no note %q on standard error only:\nstdout %.200s\nstderr %s", c.args, note, out, errs)
		}
		help, _, _ := runCmd(t, "", c.args[0], "--help")
		if strings.Contains(help, "--"+c.old) || !strings.Contains(help, "--"+c.name) {
			t.Errorf("%s --help shows --%s or hides --%s", c.args[0], c.old, c.name)
		}
	}
	// The same budgets under their new names: no note.
	if _, errs, _ := runCmd(t, "", "analyze", "--max-positions", "1", "../../testdata/positions/berlekamp-tile-a.txt"); strings.Contains(errs, "deprecated") {
		t.Errorf("a note for the new name:\n%s", errs)
	}
}
