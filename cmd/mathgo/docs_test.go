package main

// The documentation's commands are tests: every `mathgo ...` (or
// `go run ./cmd/mathgo ...`) line of a ```sh block of README.md and
// docs/*.md runs against the built binary, with the exit status the
// block states (0 unless a trailing comment says `# exit N`), and a
// ```text block right after a ```sh block is the standard output of the
// block's last mathgo command (a line "..." or "…" there stands for any
// number of lines).
//
// Markers, in the trailing comment, separated by commas or semicolons:
//   - `exit N`: the expected exit status;
//   - `long`: run only when MATHGO_LONG is set (more than a few seconds);
//   - `needs PROG`: run only when PROG is installed (GNU Go, say);
//   - `not run: REASON`: documented but never run here (a server).
//
// Every command not run is logged with its reason; the test fails if the
// documentation holds no command at all.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// docCommand is one command line of a ```sh block.
type docCommand struct {
	file   string // the document, relative to the repository root
	line   int    // the command's first line in it
	text   string // the command, continuation lines joined, comment removed
	exit   int    // the exit status the documentation states
	long   bool   // run only with MATHGO_LONG
	needs  string // a program that must be installed, or ""
	notRun string // why it is never run here, or ""
	output []string
	hasOut bool // output holds the documented standard output
}

// docOther is a line of a ```sh block that is not a mathgo command (go
// test, go install, ...): listed, never run.
type docOther struct {
	file string
	line int
	text string
}

var exitMarker = regexp.MustCompile(`^exit (\d+)$`)

// splitComment cuts a shell line at its first '#' that starts a comment
// (outside quotes, after a blank).
func splitComment(s string) (cmd, comment string) {
	var quote rune
	prev := ' '
	for i, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '#' && (prev == ' ' || prev == '\t'):
			return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:])
		}
		prev = r
	}
	return strings.TrimSpace(s), ""
}

// isMathgo reports whether a shell line runs mathgo, and returns it with
// `go run ./cmd/mathgo` replaced by the binary's name.
func isMathgo(cmd string) (string, bool) {
	cmd = strings.ReplaceAll(cmd, "go run ./cmd/mathgo", "mathgo")
	if cmd == "mathgo" || strings.HasPrefix(cmd, "mathgo ") || strings.Contains(cmd, "| mathgo ") {
		return cmd, true
	}
	return cmd, false
}

// parseDoc returns the commands and the other shell lines of a markdown
// document.
func parseDoc(name string, text string) ([]docCommand, []docOther, error) {
	var cmds []docCommand
	var others []docOther
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		fence := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(fence, "```") {
			continue
		}
		lang := strings.TrimSpace(strings.TrimPrefix(fence, "```"))
		start := i
		// Find the closing fence.
		j := i + 1
		for j < len(lines) && strings.TrimSpace(lines[j]) != "```" {
			j++
		}
		if j == len(lines) {
			return nil, nil, fmt.Errorf("%s:%d: code block never closed", name, start+1)
		}
		if lang != "sh" {
			i = j
			continue
		}
		first := len(cmds)
		for k := start + 1; k < j; k++ {
			lineNo := k + 1
			raw := lines[k]
			for strings.HasSuffix(strings.TrimRight(raw, " "), "\\") && k+1 < j {
				raw = strings.TrimRight(strings.TrimSuffix(strings.TrimRight(raw, " "), "\\"), " ") + " " + strings.TrimSpace(lines[k+1])
				k++
			}
			cmd, comment := splitComment(strings.TrimSpace(raw))
			if cmd == "" {
				continue
			}
			run, ok := isMathgo(cmd)
			if !ok {
				others = append(others, docOther{name, lineNo, cmd})
				continue
			}
			c := docCommand{file: name, line: lineNo, text: run}
			for _, field := range strings.FieldsFunc(comment, func(r rune) bool { return r == ',' || r == ';' }) {
				field = strings.TrimSpace(field)
				switch {
				case field == "long":
					c.long = true
				case exitMarker.MatchString(field):
					c.exit, _ = strconv.Atoi(exitMarker.FindStringSubmatch(field)[1])
				case strings.HasPrefix(field, "needs "):
					c.needs = strings.TrimSpace(strings.TrimPrefix(field, "needs "))
				case strings.HasPrefix(field, "not run:"):
					c.notRun = strings.TrimSpace(strings.TrimPrefix(field, "not run:"))
				}
			}
			cmds = append(cmds, c)
		}
		i = j
		// A ```text block right after the block is the output of its last
		// mathgo command.
		n := j + 1
		for n < len(lines) && strings.TrimSpace(lines[n]) == "" {
			n++
		}
		if n < len(lines) && strings.TrimSpace(lines[n]) == "```text" && len(cmds) > first {
			m := n + 1
			for m < len(lines) && strings.TrimSpace(lines[m]) != "```" {
				m++
			}
			if m == len(lines) {
				return nil, nil, fmt.Errorf("%s:%d: code block never closed", name, n+1)
			}
			last := &cmds[len(cmds)-1]
			last.output = append([]string(nil), lines[n+1:m]...)
			last.hasOut = true
			i = m
		}
	}
	return cmds, others, nil
}

// normalize drops trailing blanks of every line and trailing empty lines.
func normalize(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimRight(l, " \t")
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// isEllipsis reports whether a documented output line stands for lines
// left out.
func isEllipsis(l string) bool {
	l = strings.TrimSpace(l)
	return l == "..." || l == "…"
}

// matchOutput reports whether got matches the documented lines want, an
// ellipsis line matching any number of lines (none included).
func matchOutput(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if isEllipsis(want[0]) {
		for k := 0; k <= len(got); k++ {
			if matchOutput(want[1:], got[k:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && got[0] == want[0] && matchOutput(want[1:], got[1:])
}

// docFiles returns README.md and docs/*.md of the repository at root.
func docFiles(t *testing.T, root string) []string {
	t.Helper()
	files := []string{"README.md"}
	more, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range more {
		rel, err := filepath.Rel(root, f)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, filepath.ToSlash(rel))
	}
	return files
}

// TestParseDoc checks the extraction on a document of every kind of line.
func TestParseDoc(t *testing.T) {
	doc := "intro\n```sh\ngo test ./...   # the tests\ngo run ./cmd/mathgo analyze x.txt  # the main job\n" +
		"mathgo solve y.txt --json   # exit 3, long\nmathgo eval '#x' \\\n  --json  # needs gnugo\n" +
		"cat p.txt | mathgo analyze -  # not run: a server\n```\n\n```sh\nmathgo eval 1\n```\n\n```text\nA\n...\nZ\n```\n" +
		"```\nmathgo ignored (not a sh block)\n```\n" +
		"```sh\nmathgo eval 2\nmathgo eval 3\n```\n```text\n3\n```\n"
	cmds, others, err := parseDoc("doc.md", doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(others) != 1 || others[0].text != "go test ./..." || others[0].line != 3 {
		t.Errorf("other lines: %+v", others)
	}
	want := []docCommand{
		{file: "doc.md", line: 4, text: "mathgo analyze x.txt"},
		{file: "doc.md", line: 5, text: "mathgo solve y.txt --json", exit: 3, long: true},
		{file: "doc.md", line: 6, text: "mathgo eval '#x' --json", needs: "gnugo"},
		{file: "doc.md", line: 8, text: "cat p.txt | mathgo analyze -", notRun: "a server"},
		{file: "doc.md", line: 12, text: "mathgo eval 1", output: []string{"A", "...", "Z"}, hasOut: true},
		{file: "doc.md", line: 24, text: "mathgo eval 2"},
		{file: "doc.md", line: 25, text: "mathgo eval 3", output: []string{"3"}, hasOut: true},
	}
	if len(cmds) != len(want) {
		t.Fatalf("got %d commands, want %d: %+v", len(cmds), len(want), cmds)
	}
	for i := range want {
		g, w := cmds[i], want[i]
		if g.file != w.file || g.line != w.line || g.text != w.text || g.exit != w.exit || g.long != w.long ||
			g.needs != w.needs || g.notRun != w.notRun || g.hasOut != w.hasOut || strings.Join(g.output, "\n") != strings.Join(w.output, "\n") {
			t.Errorf("command %d: got %+v, want %+v", i, g, w)
		}
	}
	if !matchOutput(cmds[4].output, []string{"A", "B", "C", "Z"}) || !matchOutput(cmds[4].output, []string{"A", "Z"}) {
		t.Error("an ellipsis line should match any number of lines")
	}
	if matchOutput(cmds[4].output, []string{"A", "B"}) || matchOutput([]string{"A"}, []string{"A", "B"}) {
		t.Error("output matched where a line differs or is missing")
	}
	if _, _, err := parseDoc("bad.md", "```sh\nmathgo eval 1\n"); err == nil {
		t.Error("an unclosed block should be an error")
	}
}

// TestDocCommands runs every command of README.md and docs/*.md.
func TestDocCommands(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	var all []docCommand
	for _, f := range docFiles(t, root) {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		cmds, others, err := parseDoc(f, string(data))
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range others {
			t.Logf("%s:%d: not a mathgo command, not run: %s", o.file, o.line, o.text)
		}
		all = append(all, cmds...)
	}
	if len(all) == 0 {
		t.Fatal("no mathgo command found in README.md and docs/*.md")
	}

	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "mathgo"), ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	long := os.Getenv("MATHGO_LONG") != ""
	ctx := context.Background()
	if d, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, d.Add(-30*time.Second))
		defer cancel()
	}
	// Each document runs in a directory of its own, in order (a command
	// may read what an earlier one wrote), with testdata linked in.
	dirs := map[string]string{}
	ran := 0
	for _, c := range all {
		where := fmt.Sprintf("%s:%d: %s", c.file, c.line, c.text)
		switch {
		case c.notRun != "":
			t.Logf("%s: not run: %s", where, c.notRun)
			continue
		case c.long && !long:
			t.Logf("%s: long, not run (set MATHGO_LONG=1)", where)
			continue
		case c.needs != "":
			if _, err := exec.LookPath(c.needs); err != nil {
				t.Logf("%s: not run: %s is not installed", where, c.needs)
				continue
			}
		}
		dir, ok := dirs[c.file]
		if !ok {
			dir = t.TempDir()
			if err := os.Symlink(filepath.Join(root, "testdata"), filepath.Join(dir, "testdata")); err != nil {
				t.Fatal(err)
			}
			dirs[c.file] = dir
		}
		stdout, stderr, code, err := runShell(t, ctx, dir, bin, where, c.text)
		if err != nil {
			t.Errorf("%s: %v", where, err)
			continue
		}
		ran++
		if code != c.exit {
			t.Errorf("%s: exit status %d, the documentation says %d\nstderr: %s", where, code, c.exit, tail(stderr.String(), 20))
			continue
		}
		if c.hasOut {
			got := normalize(strings.Split(stdout.String(), "\n"))
			want := normalize(c.output)
			if !matchOutput(want, got) {
				t.Errorf("%s: the output shown differs from the command's; it prints:\n%s", where, strings.Join(got, "\n"))
			}
		}
	}
	t.Logf("%d documented commands run, %d found", ran, len(all))
	if ran == 0 {
		t.Fatal("no documented command was run")
	}
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	var lines []string
	sc := bufio.NewScanner(strings.NewReader(s))
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// runShell runs text with sh in dir, the mathgo binary in bin first on
// the PATH, and returns its output and exit status; err is set when it
// could not run or end (not for a non-zero exit). Its time is logged (to
// find commands to mark long), never tested.
func runShell(t *testing.T, ctx context.Context, dir, bin, where, text string) (stdout, stderr bytes.Buffer, code int, err error) {
	t.Helper()
	cmd := exec.CommandContext(ctx, "sh", "-c", text)
	cmd.WaitDelay = 5 * time.Second // a child of sh keeping the pipes open
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err = cmd.Run()
	t.Logf("%s: ran in %.1fs", where, time.Since(start).Seconds())
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		return stdout, stderr, exitErr.ExitCode(), nil
	}
	return stdout, stderr, 0, err
}
