package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/mathgo/mathgo/internal/table"
)

// everyProgress makes progressPrinter print every message at once (no
// wait on the clock) for the rest of the test.
func everyProgress(t *testing.T) {
	t.Helper()
	saved := progressTiming
	progressTiming.first, progressTiming.every = 0, 0
	t.Cleanup(func() { progressTiming = saved })
}

// progressLines returns the progress lines of a command's standard
// error, and fails the test when one is wider than table.DefaultWidth.
func progressLines(t *testing.T, what, stderr string) []string {
	t.Helper()
	var lines []string
	for _, l := range strings.Split(stderr, "\n") {
		if !strings.HasPrefix(l, "mathgo: ") {
			continue
		}
		lines = append(lines, l)
		if w := utf8.RuneCountInString(l); w > table.DefaultWidth {
			t.Errorf("%s: a progress line %d columns wide:\n%s", what, w, l)
		}
	}
	return lines
}

// TestProgressPrinter: nothing before the first interval, the first
// message past it printed at once, then at most one a interval; a long
// message is shortened to fit.
func TestProgressPrinter(t *testing.T) {
	saved := progressTiming
	t.Cleanup(func() { progressTiming = saved })
	var buf bytes.Buffer
	progressTiming.first, progressTiming.every = time.Hour, 0
	p := progressPrinter(&buf)
	p("too early")
	if buf.Len() != 0 {
		t.Errorf("printed before the first interval: %q", buf.String())
	}
	progressTiming.first, progressTiming.every = 0, time.Hour
	p = progressPrinter(&buf)
	p("first " + strings.Repeat("x", 200) + " end")
	p("second")
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "mathgo: first ") || !strings.Contains(lines[0], "end (0s)") || !strings.Contains(lines[0], "…") {
		t.Errorf("want the first message only, shortened: %q", buf.String())
	}
	if w := utf8.RuneCountInString(lines[0]); w > table.DefaultWidth {
		t.Errorf("a progress line %d columns wide", w)
	}
}

// TestEvalProgress: eval's progress lines name the statement by its
// number (a worksheet's by its line) and a short form of the expression,
// never the whole of a long one, within 100 columns; the results on
// standard output are those of a run without progress.
func TestEvalProgress(t *testing.T) {
	// Games of their own each run, so that no earlier evaluation in the
	// process has them in cgt's tables (-count=2): their work is done here.
	evalRuns++
	long := strings.Repeat("{3|-3}+", 12) + fmt.Sprintf("{2||1|*}+^+^+*2+%d/2048", 2*evalRuns+1)
	args := []string{"eval", fmt.Sprintf("{5|{4|-4}}+{7|-7}+{6||5|-5}+%d/4096", 2*evalRuns+1), long}
	everyProgress(t)
	saved := evalProgressEvery
	evalProgressEvery = 8
	t.Cleanup(func() { evalProgressEvery = saved })
	out, errs, code := runCmd(t, "", args...)
	evalProgressEvery = saved
	quiet, _, qcode := runCmd(t, "", args...)
	if code != 0 || qcode != 0 || out != quiet {
		t.Errorf("with progress: exit %d (%d without), standard output\n%s\nwant\n%s", code, qcode, out, quiet)
	}
	lines := progressLines(t, "eval", errs)
	seen := map[string]bool{}
	for _, l := range lines {
		if strings.Contains(l, long) {
			t.Errorf("a progress line repeats the whole expression: %s", l)
		}
		for _, n := range []string{"expression 1 of 2 ({5|{4|-4}}+", "expression 2 of 2 ({3|-3}+"} {
			if strings.HasPrefix(l, "mathgo: eval: "+n) && strings.Contains(l, " steps, ") {
				seen[n] = true
			}
		}
	}
	if len(seen) != 2 {
		t.Errorf("progress lines for %d of the 2 expressions:\n%s", len(seen), errs)
	}
	// A worksheet: the line of the statement.
	evalProgressEvery = 8
	sheet := fmt.Sprintf("# a worksheet\nG := {2||1|*}\n\n%s + G + %d/8192\n", long, 2*evalRuns+1)
	_, errs, code = runCmd(t, sheet, "eval", "-f", "-")
	if code != 0 {
		t.Fatalf("eval -f -: exit %d: %s", code, errs)
	}
	found := false
	for _, l := range progressLines(t, "eval -f", errs) {
		found = found || strings.HasPrefix(l, "mathgo: eval: line 4 ({3|-3}+")
	}
	if !found {
		t.Errorf("no progress line names line 4 of the worksheet:\n%s", errs)
	}
}

// TestComposeProgress: compose (the README's example) reports its
// attempts and candidates on standard error as it goes, within 100
// columns, and never on standard output.
func TestComposeProgress(t *testing.T) {
	db := filepath.Join(t.TempDir(), "tiles.db")
	if _, errs, err := execute(newLibraryCmd, "build", "--max-area", "4", "--db", db); err != nil {
		t.Fatalf("library build: %v\n%s", err, errs)
	}
	everyProgress(t)
	out, errs, err := execute(newComposeCmd, "--db", db, "--board", "9x9", "--tiles", "4", "--seed", "1")
	if err != nil {
		t.Fatalf("compose: %v\n%s", err, errs)
	}
	lines := progressLines(t, "compose", errs)
	candidates := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "mathgo: candidate ") {
			candidates++
		}
	}
	if candidates == 0 || strings.Contains(out, "mathgo: ") {
		t.Errorf("compose: %d candidate lines on standard error (want some, and none on standard output):\n%s\nstandard output:\n%s", candidates, errs, out)
	}
}
