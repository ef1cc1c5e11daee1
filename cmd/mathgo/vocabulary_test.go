package main

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// vocabRow is one row of docs/cli.md's vocabulary table: a flag, the idea
// it stands for, and the commands that have it.
type vocabRow struct {
	line      int
	name      string // without "--"
	shorthand string // one letter, or ""
	idea      string
	commands  []string
}

// renamedRow is one row of docs/cli.md's table of renamed flags.
type renamedRow struct {
	old, shorthand, name string
	commands             string // the cell as written
}

// analysisCommands are the commands "the analysis commands" names in
// docs/cli.md.
var analysisCommands = []string{"analyze", "corridor", "play", "review", "solve", "thermograph", "tree"}

var flagCell = regexp.MustCompile("`(-[a-z]|--[a-z0-9-]+)`")

// docTable returns the rows (cells split, header and rule left out) of
// the first table after the heading of docs/cli.md that starts with
// heading, each with its line number.
func docTable(t *testing.T, text, heading string) (rows [][]string, lines []int) {
	t.Helper()
	in := false
	for i, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, "## "):
			in = strings.HasPrefix(l, heading)
		case in && strings.HasPrefix(l, "|") && !strings.HasPrefix(l, "| flag") && !strings.HasPrefix(l, "| old") && !strings.HasPrefix(l, "| ---"):
			cells := strings.Split(strings.Trim(l, "|"), " | ")
			for j := range cells {
				cells[j] = strings.TrimSpace(cells[j])
			}
			rows = append(rows, cells)
			lines = append(lines, i+1)
		}
	}
	if len(rows) == 0 {
		t.Fatalf("docs/cli.md: no table under %q", heading)
	}
	return rows, lines
}

// flagNames reads a cell like "`-o`, `--output`" into name and shorthand.
func flagNames(cell string) (name, shorthand string) {
	for _, m := range flagCell.FindAllStringSubmatch(cell, -1) {
		if strings.HasPrefix(m[1], "--") {
			name = m[1][2:]
		} else {
			shorthand = m[1][1:]
		}
	}
	return name, shorthand
}

// readVocabulary parses docs/cli.md's two tables.
func readVocabulary(t *testing.T) ([]vocabRow, []renamedRow) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "cli.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows, lines := docTable(t, string(data), "## The vocabulary")
	var vocab []vocabRow
	for i, cells := range rows {
		if len(cells) != 3 {
			t.Fatalf("docs/cli.md:%d: want 3 cells (flag, means, commands), got %d", lines[i], len(cells))
		}
		name, short := flagNames(cells[0])
		if name == "" {
			t.Fatalf("docs/cli.md:%d: no --flag in %q", lines[i], cells[0])
		}
		var cmds []string
		for _, c := range strings.Split(cells[2], ",") {
			c = strings.TrimSpace(c)
			if c == "the analysis commands" {
				cmds = append(cmds, analysisCommands...)
			} else {
				cmds = append(cmds, c)
			}
		}
		vocab = append(vocab, vocabRow{lines[i], name, short, cells[1], cmds})
	}
	rows, lines = docTable(t, string(data), "## Renamed flags")
	var renamed []renamedRow
	for i, cells := range rows {
		if len(cells) != 3 {
			t.Fatalf("docs/cli.md:%d: want 3 cells (old, new, commands), got %d", lines[i], len(cells))
		}
		old, short := flagNames(cells[0])
		name, _ := flagNames(cells[1])
		renamed = append(renamed, renamedRow{old, short, name, cells[2]})
	}
	return vocab, renamed
}

// commandFlag is one flag of one command, as cobra has it.
type commandFlag struct {
	command string // "analyze", "library query"
	flag    *pflag.Flag
}

// allFlags walks every runnable command of mathgo and returns its flags
// (help left out).
func allFlags() []commandFlag {
	root := newRoot(strings.NewReader(""), io.Discard, io.Discard)
	var out []commandFlag
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Runnable() && c != root {
			name := strings.TrimPrefix(c.CommandPath(), "mathgo ")
			c.Flags().VisitAll(func(f *pflag.Flag) {
				if f.Name != "help" {
					out = append(out, commandFlag{name, f})
				}
			})
		}
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(root)
	return out
}

// valueKind is a flag's type for comparing two commands' flags of one
// name: a repeatable string is a string.
func valueKind(f *pflag.Flag) string {
	switch k := f.Value.Type(); {
	case k == "stringArray", k == "stringSlice":
		return "string"
	case k == "string", strings.Contains(k, "|"):
		return "string" // enumerated words are strings
	default:
		return k
	}
}

// TestFlagVocabulary: docs/cli.md's vocabulary is every command's flags,
// one name per idea and one idea per name; the flags renamed are in its
// table of renamed flags.
func TestFlagVocabulary(t *testing.T) {
	vocab, renamed := readVocabulary(t)
	byName := map[string]vocabRow{}
	byIdea := map[string]string{}
	for _, r := range vocab {
		if prev, ok := byName[r.name]; ok {
			t.Errorf("docs/cli.md:%d: --%s has a second row (line %d): one flag, one idea", r.line, r.name, prev.line)
		}
		byName[r.name] = r
		idea := strings.ToLower(r.idea)
		if other, ok := byIdea[idea]; ok {
			t.Errorf("docs/cli.md:%d: --%s and --%s stand for one idea (%q): one idea, one name", r.line, r.name, other, r.idea)
		}
		byIdea[idea] = r.name
	}
	kinds := map[string]string{} // flag name -> value kind
	kindAt := map[string]string{}
	have := map[string]bool{} // "command --flag"
	shorts := map[string]string{}
	for _, cf := range allFlags() {
		f := cf.flag
		if to := f.Annotations[renamedAnnotation]; len(to) == 1 {
			found := false
			for _, r := range renamed {
				if r.old == f.Name && r.name == to[0] && r.shorthand == f.Shorthand && cellNames(r.commands, cf.command) {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: the old spelling --%s of --%s is not in docs/cli.md's renamed flags", cf.command, f.Name, to[0])
			}
			continue
		}
		if f.Hidden {
			t.Errorf("%s --%s: a hidden flag that is not an old spelling", cf.command, f.Name)
			continue
		}
		have[cf.command+" --"+f.Name] = true
		r, ok := byName[f.Name]
		switch {
		case !ok:
			t.Errorf("%s --%s: not in docs/cli.md's vocabulary: add a row (or use the flag the table has for the idea)", cf.command, f.Name)
			continue
		case !slices.Contains(r.commands, cf.command):
			t.Errorf("%s --%s: docs/cli.md:%d does not list %s for --%s (%s)", cf.command, f.Name, r.line, cf.command, f.Name, r.idea)
		}
		if f.Shorthand != r.shorthand {
			t.Errorf("%s --%s: shorthand %q, docs/cli.md:%d says %q", cf.command, f.Name, f.Shorthand, r.line, r.shorthand)
		}
		if s, ok := shorts[f.Shorthand]; ok && f.Shorthand != "" && s != f.Name {
			t.Errorf("-%s is --%s in one command and --%s in %s", f.Shorthand, s, f.Name, cf.command)
		}
		shorts[f.Shorthand] = f.Name
		if k, ok := kinds[f.Name]; ok && k != valueKind(f) {
			t.Errorf("--%s takes a %s in %s and a %s in %s: two ideas under one name", f.Name, k, kindAt[f.Name], valueKind(f), cf.command)
		}
		kinds[f.Name], kindAt[f.Name] = valueKind(f), cf.command
	}
	var stale []string
	for _, r := range vocab {
		for _, c := range r.commands {
			if !have[c+" --"+r.name] {
				stale = append(stale, c+" --"+r.name)
			}
		}
	}
	sort.Strings(stale)
	for _, s := range stale {
		t.Errorf("docs/cli.md lists %s, which that command does not have", s)
	}
}

// cellNames reports whether a commands cell of the renamed table (a list
// like "analyze, tree, serve" or "review (a note)") names command.
func cellNames(cell, command string) bool {
	for _, item := range strings.Split(cell, ",") {
		item = strings.TrimSpace(item)
		if item == command || strings.HasPrefix(item, command+" ") {
			return true
		}
	}
	return false
}
