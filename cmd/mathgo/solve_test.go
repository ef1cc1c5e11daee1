package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/review"
)

func TestSolveJSON(t *testing.T) {
	for _, method := range []string{"decomposition", "alphabeta"} {
		out, errs, code := runCmd(t, "", "solve", "--json", "--method", method, "../../testdata/positions/dame.txt")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", method, code, errs)
		}
		var j struct {
			Method  string
			MGO     struct{ BlackFirst, WhiteFirst string }
			Nodes   *int
			Seconds *float64
			Moves   int
		}
		if err := json.Unmarshal([]byte(out), &j); err != nil {
			t.Fatalf("bad JSON: %v\n%s", err, out)
		}
		// A dame: whoever moves first wins.
		if j.Method != method || j.MGO.BlackFirst != "black" || j.MGO.WhiteFirst != "white" || j.Nodes == nil || j.Seconds == nil || j.Moves != 1 {
			t.Errorf("%s: %s", method, out)
		}
	}
	// Both methods, one side.
	out, errs, code := runCmd(t, "", "solve", "--json", "--method", "both", "--first", "white", "../../testdata/problems/five-tiles.txt")
	if code != 0 {
		t.Fatalf("both: exit %d: %s", code, errs)
	}
	var j struct {
		Method  string
		MGO     struct{ BlackFirst, WhiteFirst *string }
		Agree   *bool
		Results []struct{ Method string }
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out)
	}
	if j.Method != "both" || j.MGO.BlackFirst != nil || j.MGO.WhiteFirst == nil || *j.MGO.WhiteFirst != "black" || j.Agree == nil || !*j.Agree || len(j.Results) != 2 {
		t.Errorf("both: %s", out)
	}
	// The table.
	out, _, code = runCmd(t, "", "solve", "../../testdata/positions/territory-white-4.txt")
	if code != 0 || !strings.Contains(out, "white wins with Black first, white wins with White first") {
		t.Errorf("table: exit %d\n%s", code, out)
	}
}

func TestSolveErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("+---+\n|. Q|\n+---+\n"), 0o644)
	_, errs, code := runCmd(t, "", "solve", bad)
	if code != 1 || !strings.Contains(errs, "bad.txt:2:") || strings.Contains(errs, "goroutine") {
		t.Errorf("unknown symbol: exit %d, %q", code, errs)
	}
	_, errs, code = runCmd(t, "", "solve", filepath.Join(dir, "missing.txt"))
	if code != 1 || !strings.Contains(errs, "missing.txt") {
		t.Errorf("missing file: exit %d, %q", code, errs)
	}
	_, errs, code = runCmd(t, "", "solve", "--method", "minimax", "../../testdata/positions/dame.txt")
	if code == 0 || !strings.Contains(errs, "minimax") {
		t.Errorf("bad method: exit %d, %q", code, errs)
	}
	_, errs, code = runCmd(t, "", "solve", "--first", "red", "../../testdata/positions/dame.txt")
	if code == 0 || !strings.Contains(errs, "red") {
		t.Errorf("bad --first: exit %d, %q", code, errs)
	}
	// A ko (Mathematical Go, no ban): White wins with Black first, a draw
	// with White first (White takes, and the ko is taken back for ever).
	ko := "+-------+\n|# # @ .|\n|# # @ @|\n|# . X @|\n+-------+\n"
	out, errs, code := runCmd(t, ko, "solve", "--json", "--method", "both", "-")
	if code != 0 || strings.Count(out, `"blackFirst": "white"`) < 2 || strings.Count(out, `"whiteFirst": "draw"`) < 2 || strings.Contains(out, `"unknown"`) {
		t.Errorf("ko: exit %d, %q\n%s", code, errs, out)
	}
	// Too small a budget for the ko tile: unknown with the reason, exit
	// 3, the JSON still printed.
	out, errs, code = runCmd(t, ko, "solve", "--json", "--max-positions", "1", "-")
	if code != 3 || !strings.Contains(out, `"unknown"`) {
		t.Errorf("ko past the budget: exit %d, %q\n%s", code, errs, out)
	}
	// A budget too small: unknown, exit 3.
	out, _, code = runCmd(t, "", "solve", "--method", "alphabeta", "--alphabeta-nodes", "3", "../../testdata/problems/five-tiles.txt")
	if code != 3 || !strings.Contains(out, "more than 3 positions") {
		t.Errorf("budget: exit %d\n%s", code, out)
	}
}

// TestSolveCounting: solve --counting japanese and chinese on boards of
// the board-search set give, by both methods (the analysis with its board
// search, and realgo), the scores recorded in each file (realgo's, when
// the set was made); with declared stones realgo says why it cannot, and
// the exit status is 3.
func TestSolveCounting(t *testing.T) {
	files, err := filepath.Glob("../../testdata/search/set/0[1-3]-*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no board-search set: %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, counting := range []string{"japanese", "chinese"} {
			var want [2]int
			found := false
			for _, line := range strings.Split(string(data), "\n") {
				if n, _ := fmt.Sscanf(line, "// expect "+counting+" %d %d", &want[0], &want[1]); n == 2 {
					found = true
				}
			}
			if !found {
				t.Fatalf("%s: no expect line for %s", f, counting)
			}
			out, errs, code := runCmd(t, "", "solve", "--json", "--method", "both", "--counting", counting, f)
			var js solveJSON
			if err := json.Unmarshal([]byte(out), &js); err != nil || code != 0 {
				t.Fatalf("%s %s: exit %d, %v\n%s%s", f, counting, code, err, out, errs)
			}
			if js.Agree == nil || !*js.Agree || len(js.Results) != 2 || js.Counting != counting {
				t.Fatalf("%s %s: %s", f, counting, out)
			}
			for _, r := range js.Results {
				for side, got := range []*string{r.Score.BlackFirst, r.Score.WhiteFirst} {
					w := review.FormatScore(cgt.DyadicInt(int64(want[side])))
					if got == nil || *got != w {
						t.Errorf("%s %s, %s, side %d: score %v, want %s", filepath.Base(f), counting, r.Method, side, orText(got), w)
					}
				}
			}
		}
	}
	out, _, code := runCmd(t, "", "solve", "--method", "both", "--counting", "japanese", "../../testdata/problems/five-tiles.txt")
	if code != exitUnproven || !strings.Contains(out, "alphabeta unknown") || !strings.Contains(out, "immortal") {
		t.Errorf("solve --counting japanese with declared stones: exit %d\n%s", code, out)
	}
}

// TestSolveSpightJapanese: solve --counting japanese on Spight's problem
// (testdata/positions/forum/spight-2011.txt), whose Chinese score with
// White first no search proves: the Japanese scores (B+1 with Black
// first, W+1 with White first, no komi) are proven, so the answer is
// exact (exit status 0) and no Chinese search is made. It said "unknown
// with White first" after 33 s while the Chinese search ran to its
// budget; analyze --counting japanese likewise. Long tier (about 20 s).
func TestSolveSpightJapanese(t *testing.T) {
	if !testlong.Enabled() {
		t.Skip("long tier (MATHGO_LONG=1): Spight's problem by the board search")
	}
	out, errs, code := runCmd(t, "", "solve", "--json", "--counting", "japanese", "../../testdata/positions/forum/spight-2011.txt")
	var js solveJSON
	if err := json.Unmarshal([]byte(out), &js); err != nil || code != 0 {
		t.Fatalf("exit %d, %v\n%s%s", code, err, out, errs)
	}
	sc := js.Score
	if sc == nil {
		t.Fatalf("no score: %s", out)
	}
	if sc.BlackFirst == nil || *sc.BlackFirst != "B+1" || sc.WhiteFirst == nil || *sc.WhiteFirst != "W+1" {
		t.Errorf("scores %v %v, want B+1 and W+1\n%s", orText(sc.BlackFirst), orText(sc.WhiteFirst), out)
	}
	if strings.Contains(errs, "Chinese counting") {
		t.Errorf("a Chinese search was made:\n%s", errs)
	}
	// analyze --counting japanese: the same scores, D5 White's only
	// optimal first move, exit status 0.
	out, errs, code = runCmd(t, "", "analyze", "--json", "--counting", "japanese", "../../testdata/positions/forum/spight-2011.txt")
	var an struct {
		Outcome struct {
			Japanese struct{ BlackFirst, WhiteFirst string } `json:"japanese"`
		} `json:"outcome"`
		Search struct {
			Best struct{ WhiteFirst []string } `json:"best"`
		} `json:"search"`
	}
	if err := json.Unmarshal([]byte(out), &an); err != nil || code != 0 {
		t.Fatalf("analyze --counting japanese: exit %d, %v\n%s", code, err, errs)
	}
	if j := an.Outcome.Japanese; j.BlackFirst != "1" || j.WhiteFirst != "-1" || len(an.Search.Best.WhiteFirst) != 1 || !strings.HasSuffix(an.Search.Best.WhiteFirst[0], "D5") {
		t.Errorf("analyze --counting japanese: Japanese %+v, White's optimal first moves %v; want 1, -1 and D5 alone", j, an.Search.Best.WhiteFirst)
	}
}
