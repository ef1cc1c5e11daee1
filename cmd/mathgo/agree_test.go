package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/internal/testlong"
)

// longAgreeFiles are the bundled positions of agreeFiles' directories
// whose four front ends took two minutes or more each on two loaded cores:
// the long tier (MATHGO_LONG=1) only.
var longAgreeFiles = map[string]bool{"figure-5.2.txt": true, "corridor-unblocked-8.txt": true, "packed-19x19-long.txt": true}

// agreeFiles are the bundled positions every front end must agree on.
func agreeFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	dirs := []string{"positions", "problems", "corridors", "gtp"}
	long := !testing.Short() && testlong.Enabled()
	if long {
		// The 19x19 endgames (seconds each): the long tier only.
		dirs = append(dirs, "play", "solve")
	}
	for _, d := range dirs {
		fs, err := filepath.Glob(filepath.Join("..", "..", "testdata", d, "*.txt"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fs {
			if long || !longAgreeFiles[filepath.Base(f)] {
				files = append(files, f)
			}
		}
	}
	if len(files) < 30 {
		t.Fatalf("only %d bundled positions", len(files))
	}
	return files
}

// outcomeDoc is the part of analyze --json (and mathgo-analyze) compared.
type outcomeDoc struct {
	Outcome struct {
		MGO      struct{ BlackFirst, WhiteFirst *string }
		Japanese struct{ BlackFirst, WhiteFirst *string }
		Chinese  struct{ BlackFirst, WhiteFirst *string }
	}
	Problems []string
}

func (d outcomeDoc) side(first string) [3]string {
	get := func(b, w *string) string {
		s := b
		if first == "white" {
			s = w
		}
		if s == nil {
			return "null"
		}
		return *s
	}
	o := d.Outcome
	return [3]string{get(o.MGO.BlackFirst, o.MGO.WhiteFirst), get(o.Japanese.BlackFirst, o.Japanese.WhiteFirst), get(o.Chinese.BlackFirst, o.Chinese.WhiteFirst)}
}

// gtpAnswers runs a GTP session and returns the answers' texts.
func gtpAnswers(t *testing.T, input string, args ...string) []string {
	t.Helper()
	code, out, errs := runGTPCmd(t, input, args...)
	if code != 0 {
		t.Fatalf("gtp: exit %d: %s", code, errs)
	}
	var answers []string
	for _, a := range strings.Split(strings.TrimRight(out, "\n"), "\n\n") {
		if !strings.HasPrefix(a, "=") {
			t.Fatalf("gtp error %q for input %q", a, input)
		}
		answers = append(answers, strings.TrimSpace(strings.TrimPrefix(a, "=")))
	}
	return answers
}

// TestFrontEndsAgree runs every bundled position through analyze, play
// (each colour first), solve and the GTP engine (mathgo-analyze, and
// genmove for the first move), and requires the same Mathematical Go
// winner, Japanese score and Chinese score from all of them, and a
// genmove that play lists among the optimal first moves.
func TestFrontEndsAgree(t *testing.T) {
	for _, path := range agreeFiles(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			agree(t, path)
		})
	}
}

// agree runs one position through every front end.
func agree(t *testing.T, path string) {
	{
		name := filepath.Base(path)
		out, errs, code := runCmd(t, "", "analyze", "--json", path)
		var an outcomeDoc
		if err := json.Unmarshal([]byte(out), &an); err != nil {
			t.Fatalf("%s: analyze: %v (exit %d, %s)", name, err, code, errs)
		}
		if code != 0 {
			// Not exact: every front end must refuse it too.
			if c, _, _ := runPlayCmd(t, path); c != 3 {
				t.Errorf("%s: analyze refuses (exit %d) but play exits %d", name, code, c)
			}
			return
		}
		// The GTP engine's analysis of the loaded file.
		abs, _ := filepath.Abs(path)
		ga := gtpAnswers(t, "loadsgf "+abs+"\nmathgo-analyze\n", "--json")
		var gd outcomeDoc
		if err := json.Unmarshal([]byte(ga[1]), &gd); err != nil {
			t.Fatalf("%s: mathgo-analyze: %v\n%s", name, err, ga[1])
		}
		// solve --method decomposition.
		sout, serrs, scode := runCmd(t, "", "solve", "--json", path)
		var sd struct {
			MGO struct{ BlackFirst, WhiteFirst string } `json:"mgo"`
		}
		if err := json.Unmarshal([]byte(sout), &sd); err != nil || scode != 0 {
			t.Fatalf("%s: solve: exit %d, %v, %s", name, scode, err, serrs)
		}
		for _, first := range []string{"black", "white"} {
			want := an.side(first)
			if got := gd.side(first); got != want {
				t.Errorf("%s, %s first: analyze %v, GTP mathgo-analyze %v", name, first, want, got)
			}
			sw := sd.MGO.BlackFirst
			if first == "white" {
				sw = sd.MGO.WhiteFirst
			}
			if sw != want[0] {
				t.Errorf("%s, %s first: analyze's Mathematical Go winner %s, solve's %s", name, first, want[0], sw)
			}
			pc, pout, perrs := runPlayCmd(t, path, "--first", first, "--json", "--optimal", "true")
			var pd struct {
				Moves []struct {
					Move    string
					Optimal []string
				}
				Result struct {
					MGO      *string `json:"mgo"`
					Japanese *string `json:"japanese"`
					Chinese  *string `json:"chinese"`
				}
			}
			if err := json.Unmarshal([]byte(pout), &pd); err != nil || pc != 0 {
				t.Fatalf("%s, %s first: play: exit %d, %v, %s", name, first, pc, err, perrs)
			}
			got := [3]string{"null", "null", "null"}
			for i, s := range []*string{pd.Result.MGO, pd.Result.Japanese, pd.Result.Chinese} {
				if s != nil {
					got[i] = *s
				}
			}
			if got != want {
				t.Errorf("%s, %s first: analyze %v (mgo, japanese, chinese), play %v", name, first, want, got)
			}
			// genmove for the first move is one of play's optimal moves
			// (or a pass when play has no move to make).
			ans := gtpAnswers(t, "loadsgf "+abs+"\ngenmove "+first+"\n", "--move-time", "3600")
			gm := strings.ToUpper(ans[1])
			if len(pd.Moves) == 0 {
				if gm != "PASS" {
					t.Errorf("%s, %s first: nothing to play, genmove %s", name, first, gm)
				}
				continue
			}
			var optimal []string
			for _, o := range pd.Moves[0].Optimal {
				_, point, _ := strings.Cut(o, ":")
				optimal = append(optimal, strings.ToUpper(point))
			}
			if !slices.Contains(optimal, gm) {
				t.Errorf("%s, %s first: genmove %s, play's optimal first moves %v (play chose %s)", name, first, gm, optimal, pd.Moves[0].Move)
			}
		}
	}
}
