package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runGTP runs `mathgo gtp args...` on the given input and returns the exit
// status, standard output and standard error.
func runGTPCmd(t *testing.T, input string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"gtp"}, args...), strings.NewReader(input), &out, &errb)
	return code, out.String(), errb.String()
}

func TestGTPSession(t *testing.T) {
	in := "1 protocol_version\n2 name\n3 boardsize 5\n4 play black C3\n5 play white C3\n6 frobnicate\n" +
		"7 list_stones black\n8 genmove white\n9 final_score\n10 quit\n11 name\n"
	code, out, errs := runGTPCmd(t, in, "--ko", "simple")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	want := []string{"=1 2", "=2 mathgo", "=3", "=4", "?5 illegal move", "?6 unknown command", "=7 C3"}
	got := strings.Split(strings.TrimSuffix(out, "\n\n"), "\n\n")
	if len(got) != 10 {
		t.Fatalf("%d responses, want 10 (nothing after quit):\n%s", len(got), out)
	}
	for i, w := range want {
		if got[i] != w {
			t.Errorf("response %d = %q, want %q", i+1, got[i], w)
		}
	}
	if !strings.HasPrefix(got[7], "=8 ") || got[7] == "=8 pass" || !strings.HasPrefix(got[8], "=9 ") || got[9] != "=10" {
		t.Errorf("genmove (it plays an open board), final_score, quit: %q", got[7:])
	}
	// The reason of genmove goes to standard error, never to the protocol:
	// here the fallback, and why mathgo did not play exactly.
	if !strings.Contains(errs, "genmove white:") || !strings.Contains(errs, "fallback") || !strings.Contains(errs, "not an endgame yet") {
		t.Errorf("stderr lacks the genmove reason: %q", errs)
	}
}

func TestGTPKoFlag(t *testing.T) {
	for _, tc := range []struct{ args []string }{{nil}, {[]string{"--ko", "superko"}}, {[]string{"--ko", "simple"}}} {
		want := "superko"
		if len(tc.args) == 2 {
			want = tc.args[1]
		}
		code, out, _ := runGTPCmd(t, "showboard\n", tc.args...)
		if code != 0 || !strings.Contains(out, "ko rule "+want) {
			t.Errorf("%v: exit %d, showboard %q", tc.args, code, out)
		}
	}
	code, out, errs := runGTPCmd(t, "name\n", "--ko", "japanese")
	if code != 2 || out != "" || !strings.Contains(errs, "--ko\" flag: must be one of simple, superko") {
		t.Errorf("bad --ko: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, _, errs := runGTPCmd(t, "", "extra"); code == 0 {
		t.Errorf("gtp with an argument: exit 0, stderr %q", errs)
	}
}

// TestGTPAnalyze: mathgo-analyze answers with the analyze table of the
// current position, or with --json the analyze --json document (the same
// pipeline as the analyze command); a position that is not an endgame
// gets the triage's words (and, in JSON, they are the first problem).
func TestGTPAnalyze(t *testing.T) {
	path, _ := filepath.Abs(filepath.Join("..", "..", "testdata", "gtp", "gote7.txt"))
	setup := "loadsgf " + path + "\nmathgo-analyze\n"
	code, out, _ := runGTPCmd(t, setup)
	if code != 0 || !strings.Contains(out, "tile") || !strings.Contains(out, "prisoners:") {
		t.Errorf("table: exit %d, %q", code, out)
	}
	code, out, _ = runGTPCmd(t, setup, "--json")
	if code != 0 || !strings.Contains(out, `"size": {`) || !strings.Contains(out, `"cols": 7`) {
		t.Errorf("--json: exit %d, %q", code, out)
	}
	open := "boardsize 5\nplay b b1\nplay w d1\nmathgo-analyze\n"
	code, out, _ = runGTPCmd(t, open)
	if code != 0 || !strings.Contains(out, "= not an endgame yet: 23 empty points in open areas") {
		t.Errorf("open board: exit %d, %q", code, out)
	}
	code, out, _ = runGTPCmd(t, open, "--json")
	if code != 0 || !strings.Contains(out, `"problems": [`+"\n"+`    "not an endgame yet: 23 empty points`) {
		t.Errorf("open board, --json: exit %d, %q", code, out)
	}
}

// TestGTPEngineFlag: --engine starts the child engine and reports a
// command that is no engine; --move-time is checked.
func TestGTPEngineFlag(t *testing.T) {
	code, _, errs := runGTPCmd(t, "name\n", "--engine", "/nonexistent/engine --mode gtp")
	if code != 1 || !strings.Contains(errs, "--engine") || !strings.Contains(errs, "/nonexistent/engine") {
		t.Errorf("a missing engine: exit %d, stderr %q", code, errs)
	}
	code, _, errs = runGTPCmd(t, "name\n", "--move-time", "0.1")
	if code != 2 || !strings.Contains(errs, "--move-time") {
		t.Errorf("--move-time 0.1: exit %d, stderr %q", code, errs)
	}
	gnugo := "/usr/games/gnugo"
	if _, err := os.Stat(gnugo); err != nil {
		t.Skip("GNU Go is not installed: apt-get install gnugo")
	}
	in := "boardsize 9\nclear_board\ngenmove b\nplay w C3\ngenmove b\nlist_stones black\nquit\n"
	code, out, errs := runGTPCmd(t, in, "--ko", "simple", "--engine", gnugo+" --mode gtp --level 1 --seed 1")
	if code != 0 || strings.Contains(out, "?") || strings.Count(out, "=") != 7 {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if !strings.Contains(errs, "engine GNU Go started") || strings.Count(errs, ": engine GNU Go: not an endgame yet") != 2 {
		t.Errorf("stderr does not say GNU Go chose both moves: %q", errs)
	}
}
