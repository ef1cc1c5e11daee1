package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/position"
)

// runReviewCmd runs `mathgo review ARGS` through the root command with
// newReviewCmd added (the lead wires it into newRoot), as run does, and
// returns stdout, stderr and the exit status.
func runReviewCmd(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	root := newRoot(strings.NewReader(stdin), &out, &errb)
	if c, _, err := root.Find([]string{"review"}); err != nil || c == root {
		root.AddCommand(newReviewCmd())
	}
	root.SetArgs(append([]string{"review"}, args...))
	err := root.Execute()
	var ee exitError
	var ue usageError
	switch {
	case err == nil:
		return out.String(), errb.String(), exitOK
	case errors.As(err, &ee):
		return out.String(), errb.String(), ee.code
	case errors.As(err, &ue):
		errb.WriteString(ue.msg)
		return out.String(), errb.String(), exitUsage
	}
	errb.WriteString(err.Error())
	return out.String(), errb.String(), exitUsage
}

type reviewJSON struct {
	File    string
	Scoring string
	Komi    string
	First   int
	Last    int
	Moves   []struct {
		N           int
		Player      string
		Move        string
		Best        []string
		Lost        *string
		Exact       bool
		ScoreBefore *string
		ScoreAfter  *string
		Reason      string
	}
	Players struct {
		Black, White struct {
			Lost     string
			Mistakes []struct {
				N    int
				Move string
				Lost string
			}
		}
	}
	Complete bool
}

func TestReviewJSON(t *testing.T) {
	out, errs, code := runReviewCmd(t, "", "--json", "../../testdata/review/gote2.sgf")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var j reviewJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out)
	}
	if j.Scoring != "japanese" || j.Komi != "0.5" || j.First != 1 || j.Last != 6 || len(j.Moves) != 6 || !j.Complete {
		t.Fatalf("review %+v", j)
	}
	// Black's dame E9 and White's dame E1 each let the 2-point gote E6
	// go: 2 points lost each (see the record's comment).
	m := j.Moves[0]
	if m.N != 1 || m.Player != "black" || m.Move != "E9" || strings.Join(m.Best, " ") != "E6" || m.Lost == nil || *m.Lost != "2" ||
		*m.ScoreBefore != "B+0.5" || *m.ScoreAfter != "W+1.5" {
		t.Errorf("move 1: %+v", m)
	}
	if m := j.Moves[3]; m.Move != "F6" || strings.Join(m.Best, " ") != "F6 pass" || *m.Lost != "0" {
		t.Errorf("move 4: %+v", m)
	}
	if j.Players.Black.Lost != "2" || j.Players.White.Lost != "2" || len(j.Players.Black.Mistakes) != 1 || j.Players.Black.Mistakes[0].N != 1 {
		t.Errorf("players %+v", j.Players)
	}
}

func TestReviewTextAndAnnotated(t *testing.T) {
	dir := t.TempDir()
	annotated := filepath.Join(dir, "out.sgf")
	out, errs, code := runReviewCmd(t, "", "../../testdata/review/choice.sgf", "--sgf", annotated)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"moves 1 to 8 reviewed", "│ 1 │ black  │ E6   │ E3", "wrote " + annotated} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	g, err := position.ReadGame(annotated)
	if err != nil {
		t.Fatal(err)
	}
	if bm, _ := g.Moves[0].Node.Get("BM"); bm != "1" {
		t.Errorf("move 1 (lost 1) is not marked BM[1]: %v", g.Moves[0].Node.Props)
	}
	if len(g.Moves) != 8 {
		t.Errorf("annotated record has %d moves on its main line, want 8", len(g.Moves))
	}
	if _, ok := g.Moves[1].Node.Get("BM"); ok {
		t.Errorf("optimal move 2 is marked: %v", g.Moves[1].Node.Props)
	}
}

func TestReviewErrors(t *testing.T) {
	dir := t.TempDir()
	_, errs, code := runReviewCmd(t, "", filepath.Join(dir, "missing.sgf"))
	if code != exitInput || !strings.Contains(errs, "missing.sgf") {
		t.Errorf("missing file: exit %d, %q", code, errs)
	}
	bad := filepath.Join(dir, "bad.sgf")
	os.WriteFile(bad, []byte("(;GM[1]SZ[9];B[ee];W[ee])"), 0o644)
	_, errs, code = runReviewCmd(t, "", bad)
	if code != exitInput || !strings.Contains(errs, "move 2") {
		t.Errorf("illegal move: exit %d, %q", code, errs)
	}
	_, errs, code = runReviewCmd(t, "", "--from-move", "5", "--to-move", "2", "../../testdata/review/gote2.sgf")
	if code != exitUsage {
		t.Errorf("--from-move after --to-move: exit %d, %q", code, errs)
	}
	_, errs, code = runReviewCmd(t, "", "--from-move", "50", "../../testdata/review/gote2.sgf")
	if code != exitInput || !strings.Contains(errs, "6 moves") {
		t.Errorf("--from-move past the end: exit %d, %q", code, errs)
	}
	_, _, code = runReviewCmd(t, "")
	if code != exitUsage {
		t.Errorf("no file: exit %d", code)
	}
	// Standard input.
	data, err := os.ReadFile("../../testdata/review/gote2.sgf")
	if err != nil {
		t.Fatal(err)
	}
	out, errs, code := runReviewCmd(t, string(data), "--json", "-")
	if code != exitOK || !strings.Contains(out, `"file": "<stdin>"`) {
		t.Errorf("stdin: exit %d, %q", code, errs)
	}
}

func TestReviewUnproven(t *testing.T) {
	// A tile search budget of one position, and no second analysis with
	// larger budgets (--retries 0), leaves the gotes unvalued: the review
	// is not complete (exit 3, the JSON still printed), and no move that
	// is not exact gets a loss.
	out, _, code := runReviewCmd(t, "", "--json", "--no-formulas", "--max-positions", "1", "--retries", "0", "../../testdata/review/choice.sgf")
	var j reviewJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out)
	}
	if code != exitUnproven || j.Complete {
		t.Errorf("exit %d, complete %v", code, j.Complete)
	}
	for _, m := range j.Moves {
		if !m.Exact && (m.Lost != nil || m.Reason == "") {
			t.Errorf("move %d is not exact but has a loss or no reason: %+v", m.N, m)
		}
	}
}

// TestReviewAgreesWithAnalyze: on a GNU Go game whose last ten moves are
// reviewed exactly, each reviewed position's best score (review's
// scoreBefore, komi included) is the score analyze --move gives the same
// position with the player to move first: two commands, one pipeline, one
// answer.
func TestReviewAgreesWithAnalyze(t *testing.T) {
	if testing.Short() {
		t.Skip("analyzes ten positions of a game: skipped in -short mode")
	}
	file := filepath.Join("..", "..", "testdata", "games", "g09-l10-s48-cad.sgf")
	out, errs, code := runReviewCmd(t, "", "--json", file)
	if code != exitOK {
		t.Fatalf("review: exit %d: %s", code, errs)
	}
	var rv reviewJSON
	if err := json.Unmarshal([]byte(out), &rv); err != nil {
		t.Fatal(err)
	}
	komi, err := strconv.ParseFloat(rv.Komi, 64)
	if err != nil {
		t.Fatalf("komi %q: %v", rv.Komi, err)
	}
	compared := 0
	for _, m := range rv.Moves {
		if !m.Exact || m.ScoreBefore == nil {
			continue
		}
		aout, aerrs, acode := runCmd(t, "", "analyze", "--json", "--move", strconv.Itoa(m.N-1), file)
		if acode != exitOK {
			t.Errorf("move %d: review has an exact score before it, analyze exits %d: %s", m.N, acode, aerrs)
			continue
		}
		var an struct {
			Outcome struct {
				Japanese struct{ BlackFirst, WhiteFirst string }
			}
		}
		if err := json.Unmarshal([]byte(aout), &an); err != nil {
			t.Fatal(err)
		}
		s := an.Outcome.Japanese.BlackFirst
		if m.Player == "white" {
			s = an.Outcome.Japanese.WhiteFirst
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("move %d: analyze's Japanese score %q: %v", m.N, s, err)
		}
		v -= komi
		want := fmt.Sprintf("B+%g", v)
		if v < 0 {
			want = fmt.Sprintf("W+%g", -v)
		}
		if *m.ScoreBefore != want {
			t.Errorf("before move %d (%s to play): review says %s, analyze %s", m.N, m.Player, *m.ScoreBefore, want)
		}
		compared++
	}
	if compared < 10 {
		t.Errorf("only %d positions compared, want the ten reviewed", compared)
	}
}

// TestReviewRetries: with budgets too small for the hand-made record's
// tiles, the second analyses (--retries, on by default) review it whole
// and say so; --retries 0 leaves it unproven (exit 3); a negative
// --retries is a usage error.
func TestReviewRetries(t *testing.T) {
	file := "../../testdata/review/choice.sgf"
	small := []string{"--max-positions", "1", "--no-formulas"}
	out, errs, code := runReviewCmd(t, "", append(small, file)...)
	if code != exitOK || !strings.Contains(out, "analyzed with analyze's larger budgets") {
		t.Errorf("default --retries: exit %d, %q %q", code, out, errs)
	}
	out, _, code = runReviewCmd(t, "", append(small, "--json", file)...)
	var j struct {
		Positions struct{ Analyzed, Exact, Retried, Rescued int }
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != exitOK || j.Positions.Retried == 0 || j.Positions.Rescued != j.Positions.Retried {
		t.Errorf("--json: exit %d, positions %+v, %v", code, j.Positions, err)
	}
	out, _, code = runReviewCmd(t, "", append(small, "--retries", "0", file)...)
	if code != exitUnproven || strings.Contains(out, "larger budgets") {
		t.Errorf("--retries 0: exit %d, %q", code, out)
	}
	_, errs, code = runReviewCmd(t, "", "--retries", "-1", file)
	if code != exitUsage || !strings.Contains(errs, "--retries") {
		t.Errorf("--retries -1: exit %d, %q", code, errs)
	}
}

// TestReviewEndBounds: a game whose end is not exact gets what the bounds
// prove of its result, in the text and as JSON "endBounds".
func TestReviewEndBounds(t *testing.T) {
	if testing.Short() {
		t.Skip("reviews a real game: skipped in -short mode")
	}
	file := "../../testdata/games/g09-l10-s31-cad.sgf"
	out, errs, code := runReviewCmd(t, "", "--retries", "0", file)
	if code != exitUnproven || !strings.Contains(out, "after move 53 (not exact), result with komi 6.5 (japanese counting, the whole board): between ") {
		t.Errorf("text: exit %d, %s%s", code, out, errs)
	}
	out, _, _ = runReviewCmd(t, "", "--retries", "0", "--json", file)
	var j struct {
		EndBounds *struct {
			Move       int
			BlackFirst [2]string
		}
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil || j.EndBounds == nil || j.EndBounds.Move != 53 || j.EndBounds.BlackFirst[0] == "" {
		t.Errorf("JSON endBounds: %v %+v", err, j.EndBounds)
	}
}

// TestDiagramWhereRecordNeeded: analyze --move and review given a
// diagram say that a game record is needed (exit 1), not an SGF syntax
// error.
func TestDiagramWhereRecordNeeded(t *testing.T) {
	for _, args := range [][]string{
		{"analyze", "../../testdata/problems/five-tiles.txt", "--move", "3"},
		{"review", "../../testdata/problems/five-tiles.txt"},
	} {
		_, errs, code := runCmd(t, "", args...)
		if code != exitInput || !strings.Contains(errs, "not an SGF game record") || !strings.Contains(errs, args[0]) || strings.Contains(errs, "unexpected character") {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
}
