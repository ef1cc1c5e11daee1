package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
)

// runGTP runs `mathgo gtp args...` on the given input and returns the exit
// status, standard output and standard error.
func runGTP(t *testing.T, input string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"gtp"}, args...), strings.NewReader(input), &out, &errb)
	return code, out.String(), errb.String()
}

func TestGTPSession(t *testing.T) {
	in := "1 protocol_version\n2 name\n3 boardsize 5\n4 play black C3\n5 play white C3\n6 frobnicate\n" +
		"7 list_stones black\n8 genmove white\n9 final_score\n10 quit\n11 name\n"
	code, out, errs := runGTP(t, in, "--ko", "simple")
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
	if !strings.HasPrefix(got[7], "=8 ") || !strings.HasPrefix(got[8], "=9 ") || got[9] != "=10" {
		t.Errorf("genmove, final_score, quit: %q", got[7:])
	}
	// The reason of genmove goes to standard error, never to the protocol.
	if !strings.Contains(errs, "genmove white:") {
		t.Errorf("stderr lacks the genmove reason: %q", errs)
	}
}

func TestGTPKoFlag(t *testing.T) {
	for _, tc := range []struct{ args []string }{{nil}, {[]string{"--ko", "superko"}}, {[]string{"--ko", "simple"}}} {
		want := "superko"
		if len(tc.args) == 2 {
			want = tc.args[1]
		}
		code, out, _ := runGTP(t, "showboard\n", tc.args...)
		if code != 0 || !strings.Contains(out, "ko rule "+want) {
			t.Errorf("%v: exit %d, showboard %q", tc.args, code, out)
		}
	}
	code, out, errs := runGTP(t, "name\n", "--ko", "japanese")
	if code != 2 || out != "" || !strings.Contains(errs, "--ko must be simple or superko") {
		t.Errorf("bad --ko: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, _, errs := runGTP(t, "", "extra"); code == 0 {
		t.Errorf("gtp with an argument: exit 0, stderr %q", errs)
	}
}

func TestGTPAnalyzeHook(t *testing.T) {
	saved := gtpAnalyzer
	defer func() { gtpAnalyzer = saved }()
	gtpAnalyzer = nil
	code, out, _ := runGTP(t, "mathgo-analyze\n")
	if code != 0 || out != "? analyze is not available\n\n" {
		t.Errorf("without an analyzer: exit %d, %q", code, out)
	}
	gtpAnalyzer = func(b *board.Board, immortal []bool, asJSON bool) (string, error) {
		return fmt.Sprintf("size %dx%d json %v", b.Cols(), b.Rows(), asJSON), nil
	}
	for _, tc := range []struct {
		args []string
		want string
	}{{nil, "= size 9x9 json false\n\n"}, {[]string{"--json"}, "= size 9x9 json true\n\n"}} {
		code, out, _ := runGTP(t, "boardsize 9\nmathgo-analyze\n", tc.args...)
		if code != 0 || !strings.HasSuffix(out, tc.want) {
			t.Errorf("%v: exit %d, %q", tc.args, code, out)
		}
	}
}
