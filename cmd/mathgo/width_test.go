package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/mathgo/mathgo/internal/table"
	"github.com/mathgo/mathgo/internal/testlong"
)

// widthDirs are the bundled positions every command runs on (about 25
// seconds in all; their 19x19 boards in the long tier).
var widthDirs = []string{"problems", "composed", "ko", "review", "play"}

// longWidthDirs are run in the long tier only: the corridor positions
// (two of them 19x19) whole, and of the real games (SGF records) the
// widthGames: every command on all 47 records would take hours (a review
// takes up to minutes, and life on a record that ended in the middle
// game searches dozens of open blocks, two minutes and more), and
// TestAnalyzeTextSaysAll checks the width of analyze's text on every
// record in the long tier.
var longWidthDirs = []string{"corridors", "games"}

// widthGames are the game records of the long tier: each board size,
// exact and only bounded, played to their end (a few minutes in all).
var widthGames = []string{
	"g09-l10-s45-cad.sgf", "g09-l10-s53-cad.sgf", "g13-l10-s62-cad.sgf", "g19-l10-s403-cad.sgf",
}

// widthAllEnv is the campaign switch of TestOutputWidth: with it set to
// 1, every command runs on every .txt and .sgf file under testdata (every
// directory, every game record, the bad-input files too), two runs at a
// time. It takes hours, mostly life and review on the records that end in
// the middle game:
//
//	MATHGO_WIDTH_ALL=1 go test -timeout 600m -run TestOutputWidth -v ./cmd/mathgo
const widthAllEnv = "MATHGO_WIDTH_ALL"

// widthCommandsEnv, a comma-separated list of commands (review,life),
// runs only those: a campaign repeated for the commands a fix touched.
const widthCommandsEnv = "MATHGO_WIDTH_COMMANDS"

// widthCommands are the commands that take a position, with the flags
// they cannot do without (tree draws one tile).
var widthCommands = [][]string{
	{"analyze"}, {"play"}, {"solve"}, {"life"}, {"corridor"}, {"thermograph"}, {"review"},
	{"tree", "--tile", "A"}, // every ko tile's tree: TestTreeWidth
}

// TestOutputWidth runs every command on bundled positions with default
// flags and checks that no line of standard output is wider than
// table.DefaultWidth columns; every run is checked, however long it
// takes.
func TestOutputWidth(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	err = filepath.WalkDir(filepath.Join(root, "testdata"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if ext := filepath.Ext(p); ext != ".txt" && ext != ".sgf" || strings.EqualFold(d.Name(), "README.md") {
			return nil
		}
		rel, _ := filepath.Rel(filepath.Join(root, "testdata"), p)
		dir := strings.Split(rel, string(filepath.Separator))[0]
		// The 19x19 boards (seconds a run) as in the other front-end
		// tests: the long tier only.
		switch {
		case os.Getenv(widthAllEnv) == "1":
			files = append(files, p)
		case contains(widthDirs, dir) && (testlong.Enabled() || !strings.Contains(d.Name(), "19x19")):
			files = append(files, p)
		case testlong.Enabled() && contains(longWidthDirs, dir) && (dir != "games" || contains(widthGames, d.Name())):
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 20 {
		t.Fatalf("only %d bundled positions found", len(files))
	}
	if testlong.Enabled() && os.Getenv(widthAllEnv) != "1" {
		games := 0
		for _, f := range files {
			if filepath.Base(filepath.Dir(f)) == "games" {
				games++
			}
		}
		if games != len(widthGames) {
			t.Fatalf("%d of the %d widthGames found", games, len(widthGames))
		}
	}
	bin := filepath.Join(buildMathgo(t), "mathgo")
	type run struct {
		args []string
		name string
	}
	// analyze's text is checked to fit by TestAnalyzeTextSaysAll, which
	// writes it from the JSON of the same analysis (analyzeJSON.writeText,
	// what analyze prints): those files' analyze runs are not repeated
	// here (in the long tier, minutes of game records analyzed twice).
	checked := map[string]bool{}
	if os.Getenv(widthAllEnv) != "1" {
		for _, f := range analyzeTextFiles(t, filepath.Join(root, "testdata")) {
			if a, err := filepath.Abs(f); err == nil {
				checked[a] = true
			}
		}
	}
	var runs []run
	for _, f := range files {
		name, _ := filepath.Rel(root, f)
		for _, c := range widthCommands {
			if only := os.Getenv(widthCommandsEnv); only != "" && !contains(strings.Split(only, ","), c[0]) {
				continue
			}
			if c[0] == "analyze" && checked[f] {
				continue
			}
			if c[0] == "review" && filepath.Ext(f) != ".sgf" {
				continue // review needs a game record
			}
			runs = append(runs, run{append(append([]string{}, c...), f), name})
		}
	}
	// One run at a time, two in the campaign (each run is one process;
	// the machine has two cores).
	workers := 1
	if os.Getenv(widthAllEnv) == "1" {
		workers = 2
	}
	var mu sync.Mutex
	next := 0
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				if next == len(runs) {
					mu.Unlock()
					return
				}
				r := runs[next]
				next++
				mu.Unlock()
				start := time.Now()
				cmd := exec.Command(bin, r.args...)
				var stdout bytes.Buffer
				cmd.Stdout = &stdout
				var ee *exec.ExitError
				if err := cmd.Run(); err != nil && !errors.As(err, &ee) {
					t.Errorf("%s: %v", strings.Join(r.args[:len(r.args)-1], " ")+" "+r.name, err)
					continue
				}
				label := strings.Join(r.args[:len(r.args)-1], " ") + " " + r.name
				if os.Getenv(widthAllEnv) == "1" {
					t.Logf("%s: exit %d, %d lines, %.1fs", label, cmd.ProcessState.ExitCode(),
						strings.Count(stdout.String(), "\n"), time.Since(start).Seconds())
				}
				for i, l := range strings.Split(stdout.String(), "\n") {
					if w := utf8.RuneCountInString(l); w > table.DefaultWidth {
						t.Errorf("mathgo %s: line %d is %d columns wide:\n%s", label, i+1, w, l)
						break
					}
				}
			}
		}()
	}
	wg.Wait()
	t.Logf("%d runs on %d positions checked", len(runs), len(files))
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
