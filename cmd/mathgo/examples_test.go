package main

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/spf13/cobra"
)

// helpExamples returns every runnable command's path ("library query")
// and its --help examples, "library build" first (the other library
// examples and compose's read the library it builds).
func helpExamples() (paths []string, examples map[string]string) {
	root := newRoot(strings.NewReader(""), io.Discard, io.Discard)
	examples = map[string]string{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Runnable() && c != root {
			p := strings.TrimPrefix(c.CommandPath(), "mathgo ")
			paths = append(paths, p)
			examples[p] = c.Example
		}
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(root)
	for i, p := range paths {
		if p == "library build" {
			paths = append(append([]string{p}, paths[:i]...), paths[i+1:]...)
			break
		}
	}
	return paths, examples
}

// buildMathgo builds the binary into a temporary directory and returns
// that directory.
func buildMathgo(t *testing.T) string {
	t.Helper()
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "mathgo"), ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// exampleTimeout is the most one example may take (the long ones are
// marked and run only in the long tier).
const exampleTimeout = 10 * time.Minute

// TestHelpExamples runs every example of every command's --help exactly
// as written, in one directory with the bundled testdata, and checks its
// exit status (0 unless its comment says "# exit N") and that it printed
// something. Examples are marked as in the documentation (docs/README.md):
// "# long" runs only in the long tier, "# needs PROG" where PROG is
// installed, "# not run: REASON" never (a server).
func TestHelpExamples(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	bin := buildMathgo(t)
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(root, "testdata"), filepath.Join(dir, "testdata")); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if d, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, d.Add(-30*time.Second))
		defer cancel()
	}
	paths, examples := helpExamples()
	ran := 0
	for _, p := range paths {
		if strings.TrimSpace(examples[p]) == "" {
			t.Errorf("mathgo %s --help has no example", p)
			continue
		}
		cmds, others, err := parseDoc("mathgo "+p+" --help", "```sh\n"+examples[p]+"\n```\n")
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range others {
			t.Logf("mathgo %s --help: not a mathgo command, not run: %s", p, o.text)
		}
		if len(cmds) == 0 {
			t.Errorf("mathgo %s --help: no example runs mathgo", p)
		}
		for _, c := range cmds {
			where := "mathgo " + p + " --help: " + c.text
			switch {
			case c.notRun != "":
				t.Logf("%s: not run: %s", where, c.notRun)
				continue
			case c.long && !testlong.Enabled():
				t.Logf("%s: long, not run (set %s=1)", where, testlong.Env)
				continue
			case c.needs != "":
				if _, err := exec.LookPath(c.needs); err != nil {
					t.Logf("%s: not run: %s is not installed", where, c.needs)
					continue
				}
			}
			// An example that hangs (a server nobody marked) fails
			// alone instead of taking the test's deadline; the bound is a
			// hang guard far above any example's time, not a speed test.
			cctx, cancel := context.WithTimeout(ctx, exampleTimeout)
			stdout, stderr, code, err := runShell(t, cctx, dir, bin, where, c.text)
			cancel()
			if err != nil {
				t.Errorf("%s: %v", where, err)
				continue
			}
			ran++
			if code != c.exit {
				t.Errorf("%s: exit status %d, the example says %d\nstderr: %s", where, code, c.exit, tail(stderr.String(), 10))
			}
			if strings.TrimSpace(stdout.String()) == "" {
				t.Errorf("%s: printed nothing on standard output\nstderr: %s", where, tail(stderr.String(), 10))
			}
		}
	}
	if ran == 0 {
		t.Fatal("no example was run")
	}
}

// TestDiagramsTopic: `mathgo help diagrams` explains the format, and its
// example is the bundled file it names, line for line.
func TestDiagramsTopic(t *testing.T) {
	out, errs, code := runCmd(t, "", "help", "diagrams")
	if code != 0 || !strings.Contains(out, "immortal") || !strings.Contains(out, "$$") {
		t.Fatalf("help diagrams: exit %d, %s\n%s", code, errs, out)
	}
	data, err := os.ReadFile("../../testdata/problems/five-tiles.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if !strings.HasPrefix(l, "//") && !strings.Contains(out, "\n  "+l+"\n") {
			t.Errorf("help diagrams: the example lacks the line %q of five-tiles.txt", l)
		}
	}
	if root, _, _ := runCmd(t, "", "--help"); !strings.Contains(root, "diagrams") {
		t.Errorf("mathgo --help does not list the diagrams topic")
	}
}
