package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mathgo/mathgo/assume"
	"github.com/mathgo/mathgo/internal/testlong"
)

func runCmd(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func TestAnalyzeJSON(t *testing.T) {
	out, errs, code := runCmd(t, "", "analyze", "--json", "../../testdata/problems/five-tiles.txt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var j struct {
		Size  struct{ Cols, Rows int }
		Tiles []struct {
			ID, Kind                    string
			Points                      []string
			Count, Chilled, Temperature *string
			Boundary                    []struct{ Block, Color, Status string }
		}
		Total   struct{ Count, Chilled, LeftStop, RightStop *string }
		Outcome struct {
			MGO      struct{ BlackFirst, WhiteFirst string }
			Japanese struct{ BlackFirst, WhiteFirst string }
			Chinese  struct{ BlackFirst, WhiteFirst string }
		}
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out)
	}
	if j.Size.Cols != 9 || j.Size.Rows != 11 || len(j.Tiles) != 5 {
		t.Fatalf("size %+v, %d tiles", j.Size, len(j.Tiles))
	}
	want := map[string]string{"A": "1/2", "B": "2^", "C": "1/2", "D": "-3", "E": "0"}
	for _, tl := range j.Tiles {
		if *tl.Chilled != want[tl.ID] {
			t.Errorf("tile %s chilled %s, want %s", tl.ID, *tl.Chilled, want[tl.ID])
		}
		if len(tl.Boundary) == 0 || tl.Boundary[0].Status != "declared" {
			t.Errorf("tile %s boundary %+v", tl.ID, tl.Boundary)
		}
	}
	if *j.Total.Chilled != "^" || j.Outcome.MGO.BlackFirst != "black" || j.Outcome.MGO.WhiteFirst != "black" {
		t.Errorf("total %s, mgo %+v", *j.Total.Chilled, j.Outcome.MGO)
	}
	if j.Outcome.Japanese.BlackFirst != "1" || j.Outcome.Japanese.WhiteFirst != "0" {
		t.Errorf("japanese %+v", j.Outcome.Japanese)
	}
}

func TestAnalyzeErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("+---+\n|. Q|\n+---+\n"), 0o644)
	_, errs, code := runCmd(t, "", "analyze", bad)
	if code == 0 || !strings.Contains(errs, "bad.txt:2:") || strings.Contains(errs, "goroutine") {
		t.Errorf("unknown symbol: exit %d, %q", code, errs)
	}
	_, errs, code = runCmd(t, "", "analyze", filepath.Join(dir, "missing.txt"))
	if code == 0 || !strings.Contains(errs, "missing.txt") {
		t.Errorf("missing file: exit %d, %q", code, errs)
	}
	_, errs, code = runCmd(t, "\x00\x01garbage", "analyze", "-")
	if code == 0 || errs == "" {
		t.Errorf("binary stdin: exit %d, %q", code, errs)
	}
	// A ko tile: valued (kind "ko", the rule sets stated), exit 0; with
	// too small a search budget the JSON is still printed, with the
	// problem, and exit status 3.
	ko := filepath.Join(dir, "ko.txt")
	os.WriteFile(ko, []byte("+-------+\n|# # @ .|\n|# # @ @|\n|# . X @|\n+-------+\n"), 0o644)
	out, _, code := runCmd(t, "", "analyze", "--json", "--no-solver", ko)
	if code != 0 || !strings.Contains(out, `"kind": "ko"`) || !strings.Contains(out, `"ruleSets"`) {
		t.Errorf("ko position: exit %d\n%s", code, out)
	}
	out, _, code = runCmd(t, "", "analyze", "--json", "--no-solver", "--max-positions", "1", "--board-nodes", "-1", ko)
	if code != 3 || !strings.Contains(out, `"problems"`) {
		t.Errorf("ko position past the budget: exit %d\n%s", code, out)
	}
	// Rappaport's P + P + P: exact play with the ko ban within the
	// default budget (exit 0); with --ban-states below its states the
	// kos are played on the board instead, the same score, and the
	// warning says so (exit 0); without the board search either, the
	// Japanese score is unproven, and the problem says why (exit 3).
	ppp := "../../testdata/ko/p-p-p.txt"
	if _, _, code = runCmd(t, "", "analyze", ppp); code != 0 {
		t.Errorf("%s: exit %d", ppp, code)
	}
	out, _, code = runCmd(t, "", "analyze", "--ban-states", "10", ppp)
	if code != 0 || !strings.Contains(out, "the ko tiles played on the board instead") || !strings.Contains(out, "1 with Black first, 1 with White first") {
		t.Errorf("%s --ban-states 10: exit %d\n%s", ppp, code, out)
	}
	out, _, code = runCmd(t, "", "analyze", "--ban-states", "10", "--board-nodes", "-1", ppp)
	if code != 3 || !strings.Contains(out, "Japanese score with the ko ban not proven: the sum has more than 10 states") {
		t.Errorf("%s --ban-states 10 --board-nodes -1: exit %d\n%s", ppp, code, out)
	}
	// A whole board with a group alive only by answering inside its tile:
	// the board search plays that tile on the board (kind "searched",
	// exit 0); with --board-nodes -1 it is only bounded (exit 3): exact
	// play with the ko ban, which plays such a tile where the board search
	// does not (its cycles shift the prisoners), finds its sum too large.
	// (It answers 32 of the 44 boards of the set exactly.)
	set := "../../testdata/search/set/16-9x9.txt"
	out, _, code = runCmd(t, "", "analyze", "--json", set)
	if code != 0 || !strings.Contains(out, `"kind": "searched"`) || !strings.Contains(out, `"search"`) {
		t.Errorf("%s: exit %d\n%s", set, code, out)
	}
	out, _, code = runCmd(t, "", "analyze", "--json", "--board-nodes", "-1", set)
	if code != 3 || strings.Contains(out, `"kind": "searched"`) || !strings.Contains(out, `"bounds"`) {
		t.Errorf("%s --board-nodes -1: exit %d\n%s", set, code, out)
	}
}

func TestTreeCommand(t *testing.T) {
	out, errs, code := runCmd(t, "", "tree", "../../testdata/positions/corridor-blocked-3.txt", "--tile", "A")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"count {2||1|*}, chilled 5/4", "B D2: count 2", "W D2: count {1|*}"} {
		if !strings.Contains(out, want) {
			t.Errorf("tree output lacks %q:\n%s", want, out)
		}
	}
	_, errs, code = runCmd(t, "", "tree", "../../testdata/positions/corridor-blocked-3.txt", "--tile", "Z")
	if code == 0 || !strings.Contains(errs, "no tile") {
		t.Errorf("bad tile: exit %d %q", code, errs)
	}
}

// TestTreeKo: the one-point ko P drawn from its game graph: the root with
// its loopy values, Black's take (on a cycle), Black's fill worth 1,
// White's retake marked as the cycle back to the start, White's fill
// worth 0; the JSON marks the cycle.
func TestTreeKo(t *testing.T) {
	file := "../../testdata/ko/one-point-ko-p.txt"
	out, errs, code := runCmd(t, "", "tree", file, "--tile", "C")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"count {2|0} & -1, chilled 1/2 & 0", "B C2: position on a cycle", "B D2: count 1", "W D2: position on a cycle (no value of its own)  [captures 1; cycle: back to the start]", "W C2: count 0"} {
		if !strings.Contains(out, want) {
			t.Errorf("tree output lacks %q:\n%s", want, out)
		}
	}
	out, _, code = runCmd(t, "", "tree", file, "--tile", "C", "--json")
	var root struct {
		Count    string `json:"count"`
		Loopy    bool   `json:"loopy"`
		Children []struct {
			Move     string `json:"move"`
			Children []struct {
				Move    string `json:"move"`
				Cycle   bool   `json:"cycle"`
				CycleTo string `json:"cycleTo"`
			} `json:"children"`
		} `json:"children"`
	}
	if err := json.Unmarshal([]byte(out), &root); code != 0 || err != nil {
		t.Fatalf("--json: exit %d, %v", code, err)
	}
	if root.Count != "{2|0} & -1" || !root.Loopy || len(root.Children) != 2 || root.Children[0].Move != "B C2" ||
		len(root.Children[0].Children) != 2 || !root.Children[0].Children[1].Cycle || root.Children[0].Children[1].CycleTo != "the start" {
		t.Errorf("--json: %s", out)
	}
}

func TestEvalCommand(t *testing.T) {
	out, _, code := runCmd(t, "", "eval", "--json", "{3||2+*|1+*}", "cool({3||2*|1*},1/4)", "^ + ^ + *", "^ <> *")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var res []map[string]any
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res[0]["canonical"] != "{3||2*|1*}" || res[0]["temperature"] != "3/4" || res[1]["canonical"] != "{11/4||2|3/2}" || res[2]["canonical"] != "^^*" || res[3]["result"] != true {
		t.Errorf("eval results %v", res)
	}
	_, errs, code := runCmd(t, "", "eval", "{1|")
	if code != 1 || !strings.Contains(errs, "column 1") {
		t.Errorf("bad expression: exit %d %q", code, errs)
	}
}

// TestAnalyzeFitsTerminal: the analyze table of every bundled position
// fits in 120 columns (long cells are shortened, long lines wrapped).
func TestAnalyzeFitsTerminal(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "*", "*.txt"))
	if err != nil || len(files) < 50 {
		t.Fatalf("%d files, %v", len(files), err)
	}
	for _, f := range files {
		if (testing.Short() || !testlong.Enabled()) && (strings.Contains(f, "19x19") || longAgreeFiles[filepath.Base(f)] || testlong.HeavyExamples[filepath.Base(f)]) {
			continue // the 19x19 boards and the slow ones: the long tier only (MATHGO_LONG=1)
		}
		out, _, _ := runCmd(t, "", "analyze", "--solver-nodes", "2000", f)
		for i, line := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(line); n > 120 {
				t.Errorf("%s: line %d is %d columns wide: %s", filepath.Base(f), i+1, n, line)
			}
		}
	}
}

// TestAnalyzeResultBounds: a game record's position that is only bounded
// gets its results with komi between the bounds and the winner they
// prove (text and JSON "resultBounds"), with exit status 3; an exact one
// gets "result" and no "resultBounds".
func TestAnalyzeResultBounds(t *testing.T) {
	file := "../../testdata/games/g09-l10-s48-cad.sgf"
	out, errs, code := runCmd(t, "", "analyze", file, "--move", "42")
	out = strings.Join(strings.Fields(out), " ") // the line is wrapped at 100 columns
	if code != exitUnproven || !strings.Contains(out, "between W+15.5 and W+12.5 with Black first, between W+45.5 and W+12.5 with White first") || !strings.Contains(out, "White wins whoever moves first (the bounds decide the winner, not the margin)") {
		t.Errorf("text: exit %d, %s%s", code, out, errs)
	}
	type doc struct {
		Result       *struct{ BlackFirst, WhiteFirst string }
		ResultBounds *struct {
			Scoring                string
			BlackFirst, WhiteFirst [2]string
			Winner                 struct{ BlackFirst, WhiteFirst string }
		}
	}
	out, errs, code = runCmd(t, "", "analyze", file, "--move", "42", "--json")
	var j doc
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != exitUnproven || j.Result != nil || j.ResultBounds == nil {
		t.Fatalf("--json: exit %d, %v, %s", code, err, errs)
	}
	if rb := j.ResultBounds; rb.Scoring != "japanese" || rb.WhiteFirst != [2]string{"W+45.5", "W+12.5"} || rb.Winner.BlackFirst != "white" || rb.Winner.WhiteFirst != "white" {
		t.Errorf("resultBounds %+v", *rb)
	}
	out, errs, code = runCmd(t, "", "analyze", file, "--move", "-1", "--json")
	j = doc{}
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != exitOK || j.Result == nil || j.ResultBounds != nil {
		t.Errorf("the last position: exit %d, %v, result %v, resultBounds %v, %s", code, err, j.Result, j.ResultBounds, errs)
	}
}

// TestAnalyzeGameRecordEnd: a game record (moves and a komi) without
// --move is analyzed at its end with its komi, as with --move -1; a
// composed problem's SGF (a solution line, no komi, rules or result) gets
// no result with komi.
func TestAnalyzeGameRecordEnd(t *testing.T) {
	file := "../../testdata/games/g09-l10-s38-cad.sgf"
	plain, errs, code := runCmd(t, "", "analyze", file, "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	last, _, _ := runCmd(t, "", "analyze", file, "--json", "--move", "-1")
	var a, b map[string]any
	if err := json.Unmarshal([]byte(plain), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(last), &b); err != nil {
		t.Fatal(err)
	}
	delete(a, "seconds")
	delete(b, "seconds")
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) || a["result"] == nil || a["komi"] != "6.5" {
		t.Errorf("without --move:\n%s\nwith --move -1:\n%s", ja, jb)
	}
	out, _, code := runCmd(t, "", "analyze", "../../testdata/composed/p01.sgf")
	if code != exitOK || strings.Contains(out, "result with komi") {
		t.Errorf("a composed problem: exit %d, %s", code, out)
	}
}

// TestAnalyzeAssume: --assume names its source, leaves a proven position
// proven (exit 0, nothing assumed), and on a game's final whose walls it
// cannot settle gives a conditional result that says so (exit 3) and
// lists its assumptions; an unknown source is a usage error.
func TestAnalyzeAssume(t *testing.T) {
	if _, errs, code := runCmd(t, "", "analyze", "--assume", "bogus", "../../testdata/problems/five-tiles.txt"); code != exitUsage || !strings.Contains(errs, "life, gnugo") {
		t.Errorf("--assume bogus: exit %d, stderr %q; want %d naming the sources", code, errs, exitUsage)
	}
	if _, errs, code := runCmd(t, "", "review", "--assume", "bogus", "../../testdata/review/gote2.sgf"); code != exitUsage || !strings.Contains(errs, "review --assume") {
		t.Errorf("review --assume bogus: exit %d, stderr %q; want %d naming the command", code, errs, exitUsage)
	}
	out, errs, code := runCmd(t, "", "analyze", "--assume", "life", "../../testdata/problems/five-tiles.txt")
	if code != 0 || strings.Contains(out, "CONDITIONAL") || strings.Contains(errs, "conditional") {
		t.Errorf("--assume life on a proven position: exit %d, output:\n%s%s", code, out, errs)
	}
	if !testlong.Enabled() {
		t.Skip("the conditional final runs in the long tier (MATHGO_LONG=1)")
	}
	src := "life"
	if _, err := assume.GNUGoPath(); err == nil {
		src = "gnugo"
	}
	out, errs, code = runCmd(t, "", "analyze", "--assume", src, "../../testdata/games/g09-l4-s3.sgf")
	if code != exitUnproven || !strings.Contains(out, "CONDITIONAL") || !strings.Contains(out, "assumed: ") || !strings.Contains(errs, "conditional") {
		t.Errorf("--assume %s on a final: exit %d, output:\n%s%s", src, code, out, errs)
	}
	out, errs, code = runCmd(t, "", "review", "--assume", src, "../../testdata/games/g09-l4-s3.sgf")
	if code != exitUnproven || !strings.Contains(out, "CONDITIONAL") || !strings.Contains(out, "(cond.)") {
		t.Errorf("review --assume %s: exit %d, output:\n%s%s", src, code, out, errs)
	}
}

// TestAnalyzeCountingJapanese: analyze and play --counting japanese on a
// board the board search plays (testdata/search/set/01-6x6.txt) prove
// the same Japanese scores as without the flag, make no Chinese board
// search (no Chinese scores, and the warning says they were not asked
// for), and exit 0; a counting the flag does not take is a usage error.
func TestAnalyzeCountingJapanese(t *testing.T) {
	const f = "../../testdata/search/set/01-6x6.txt"
	type outcome struct {
		Outcome struct {
			Japanese *struct{ BlackFirst, WhiteFirst *string } `json:"japanese"`
			Chinese  *struct{ BlackFirst, WhiteFirst *string } `json:"chinese"`
		} `json:"outcome"`
		Warnings []string `json:"warnings"`
	}
	read := func(args ...string) outcome {
		t.Helper()
		out, errs, code := runCmd(t, "", append([]string{"analyze", "--json", f}, args...)...)
		var o outcome
		if err := json.Unmarshal([]byte(out), &o); err != nil || code != 0 {
			t.Fatalf("analyze %v: exit %d, %v\n%s%s", args, code, err, out, errs)
		}
		return o
	}
	all, jp := read(), read("--counting", "japanese")
	if all.Outcome.Japanese == nil || all.Outcome.Chinese == nil || all.Outcome.Chinese.BlackFirst == nil {
		t.Fatalf("analyze without --counting: no Japanese or Chinese scores: %+v", all.Outcome)
	}
	if jp.Outcome.Japanese == nil || orText(jp.Outcome.Japanese.BlackFirst) != orText(all.Outcome.Japanese.BlackFirst) ||
		orText(jp.Outcome.Japanese.WhiteFirst) != orText(all.Outcome.Japanese.WhiteFirst) {
		t.Errorf("--counting japanese changed the Japanese scores: %+v, want %+v", jp.Outcome.Japanese, all.Outcome.Japanese)
	}
	if c := jp.Outcome.Chinese; c != nil && (c.BlackFirst != nil || c.WhiteFirst != nil) {
		t.Errorf("--counting japanese gave Chinese scores: %s %s", orText(c.BlackFirst), orText(c.WhiteFirst))
	}
	if !strings.Contains(strings.Join(jp.Warnings, "\n"), "not asked for") {
		t.Errorf("no warning that the Chinese scores were not asked for: %q", jp.Warnings)
	}
	code, out, errs := runPlayCmd(t, f, "--counting", "japanese")
	if code != 0 || !strings.Contains(out, "Chinese: not asked for (--counting japanese)") ||
		!strings.Contains(out, "simple ko ban): "+orText(all.Outcome.Japanese.BlackFirst)) {
		t.Errorf("play --counting japanese: exit %d\n%s%s", code, out, errs)
	}
	if _, errs, code := runCmd(t, "", "analyze", "--counting", "chinese", f); code != exitUsage || !strings.Contains(errs, "--counting") {
		t.Errorf("analyze --counting chinese: exit %d, %s", code, errs)
	}
	if code, _, errs := runPlayCmd(t, "--games", "{1|-1}", "--counting", "japanese"); code != exitUsage || !strings.Contains(errs, "--counting") {
		t.Errorf("play --games --counting japanese: exit %d, %s", code, errs)
	}
}
