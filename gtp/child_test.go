package gtp

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mathgo/mathgo/board"
)

// fakeEngineEnv names the environment variable that makes the test binary
// a fake GTP engine (see fakeEngine) instead of running the tests.
const fakeEngineEnv = "MATHGO_FAKE_ENGINE"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEngineEnv); mode != "" {
		os.Exit(fakeEngine(mode))
	}
	os.Exit(m.Run())
}

// fakeEngine is a GTP engine for the child tests: mathgo's own engine
// (the fallback generator, simple ko) named "fake", misbehaving as mode
// says: "good" behaves; "crash" exits at genmove; "hang" never answers
// genmove; "garbage" answers genmove with a line that is not GTP;
// "wrongid" answers genmove with another id; "resign" resigns; "illegal"
// answers genmove with an occupied point (without playing it); "nomove"
// answers genmove with "hello"; "v1" speaks GTP version 1; "refuse"
// refuses every play. Every mode writes a line to standard error at the
// start.
func fakeEngine(mode string) int {
	fmt.Fprintf(os.Stderr, "fake engine (%s) ready\n", mode)
	e := NewEngine(Options{KoRule: board.KoSimple, Name: "fake"})
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		line := in.Text()
		cmd, ok := parseLine(line)
		if !ok {
			continue
		}
		reply := func(s string) {
			out.WriteString(s)
			out.Flush()
		}
		switch {
		case cmd.name == "protocol_version" && mode == "v1":
			reply(format(cmd.id, "1", true))
			continue
		case cmd.name == "play" && mode == "refuse":
			reply(format(cmd.id, "illegal move", false))
			continue
		case cmd.name == "genmove":
			switch mode {
			case "crash":
				return 3
			case "hang":
				time.Sleep(time.Hour)
			case "garbage":
				reply("what is go?\n\n")
				continue
			case "wrongid":
				reply(format(cmd.id+"9", "C3", true))
				continue
			case "resign":
				reply(format(cmd.id, "resign", true))
				continue
			case "nomove":
				reply(format(cmd.id, "hello", true))
				continue
			case "illegal":
				stones := strings.Fields(mustResp(e, "list_stones black") + " " + mustResp(e, "list_stones white"))
				if len(stones) > 0 {
					reply(format(cmd.id, stones[0], true))
					continue
				}
			}
		}
		resp, quit := e.Respond(line)
		reply(resp)
		if quit {
			return 0
		}
	}
	return 0
}

func mustResp(e *Engine, line string) string {
	r, _, _ := e.Exec(line)
	return r
}

// lockedBuffer is a log that goroutines may share.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startFake starts the test binary as a fake engine in the given mode.
func startFake(t *testing.T, mode string, log *lockedBuffer) *Child {
	t.Helper()
	t.Setenv(fakeEngineEnv, mode)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// A generous bound: the fake answers at once, and a loaded machine
	// must not turn this test red (the hanging child is tested apart).
	ch, err := StartChild("'"+exe+"'", ChildOptions{Log: log, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ch.Close)
	return ch
}

// stonesOf lists the stones as "black / white", sorted, through a call.
func stonesOf(t *testing.T, call func(string) (string, error)) string {
	t.Helper()
	var parts []string
	for _, c := range []string{"black", "white"} {
		r, err := call("list_stones " + c)
		if err != nil {
			t.Fatal(err)
		}
		f := strings.Fields(strings.ToUpper(r))
		slices.Sort(f)
		parts = append(parts, strings.Join(f, " "))
	}
	return strings.Join(parts, " / ")
}

// checkSync fails the test when the child's stones differ from mathgo's.
func checkSync(t *testing.T, e *Engine, ch *Child, when string) {
	t.Helper()
	mine := stonesOf(t, func(l string) (string, error) { return mustExec(t, e, l), nil })
	theirs := stonesOf(t, func(l string) (string, error) { return ch.Call(l, 0) })
	if mine != theirs {
		t.Errorf("%s: mathgo has %s, the engine %s", when, mine, theirs)
	}
}

// TestChildKeepsInSync: every command that changes mathgo's position
// reaches the child engine, which answers genmove on an open board; its
// moves are played on mathgo's board, the child's standard error reaches
// the log, and quit ends it.
func TestChildKeepsInSync(t *testing.T) {
	log := &lockedBuffer{}
	ch := startFake(t, "good", log)
	if ch.Name() != "fake" {
		t.Errorf("name %q", ch.Name())
	}
	e := NewEngine(Options{KoRule: board.KoSimple, Generator: ExactGenerator{}, Child: ch, Log: log, MoveTime: -1})
	mustExec(t, e, "boardsize 7", "komi 2.5", "play b D4", "play w C3", "play b C4")
	checkSync(t, e, ch, "after plays")
	mv := mustExec(t, e, "genmove w")
	if !strings.Contains(log.String(), "genmove white: "+mv+": engine fake: not an endgame yet") {
		t.Errorf("the log does not say the engine chose %s and why:\n%s", mv, log.String())
	}
	checkSync(t, e, ch, "after the engine's genmove")
	mustExec(t, e, "undo", "undo")
	checkSync(t, e, ch, "after two undos")
	mustExec(t, e, "clear_board", "play b A1")
	checkSync(t, e, ch, "after clear_board")
	// A captured stone and a ko.
	mustExec(t, e, "boardsize 5", "play b B1", "play w C1", "play b A2", "play w B2", "play b C2", "play w D1", "play b D2", "play w A1")
	checkSync(t, e, ch, "before the capture")
	mustExec(t, e, "play b E1")
	checkSync(t, e, ch, "after the capture")
	// loadsgf: a record with setup stones, moves and a capture.
	sgf := filepath.Join(t.TempDir(), "g.sgf")
	if err := os.WriteFile(sgf, []byte("(;GM[1]FF[4]SZ[5]AB[aa][ba]AW[ea];B[cc];W[dd];B[bb];W[ab];B[ac];W[tt];B[ad])"), 0o644); err != nil {
		t.Fatal(err)
	}
	mustExec(t, e, "loadsgf "+sgf)
	checkSync(t, e, ch, "after loadsgf")
	mustExec(t, e, "loadsgf "+sgf+" 3")
	checkSync(t, e, ch, "after loadsgf FILE 3")
	mustExec(t, e, "boardsize 9", "fixed_handicap 4")
	checkSync(t, e, ch, "after fixed_handicap")
	if !strings.Contains(log.String(), "fake engine (good) ready") {
		t.Errorf("the child's standard error is not in the log:\n%s", log.String())
	}
	mustExec(t, e, "quit")
	if ch.Err() == nil {
		t.Errorf("the child still runs after quit")
	}
}

// TestChildTakeover: on a position mathgo values exactly, mathgo plays
// (the child is not asked) and the child gets the move.
func TestChildTakeover(t *testing.T) {
	log := &lockedBuffer{}
	ch := startFake(t, "good", log)
	e := NewEngine(Options{KoRule: board.KoSimple, Generator: ExactGenerator{}, Child: ch, Log: log, MoveTime: -1})
	path, _ := filepath.Abs(filepath.Join("..", "testdata", "gtp", "gote7.txt"))
	toMove := mustExec(t, e, "loadsgf "+path)
	mv := mustExec(t, e, "genmove "+toMove)
	if e.LastSource() != sourceExact || !strings.Contains(log.String(), "mathgo takes over") {
		t.Errorf("genmove %s = %s by %q:\n%s", toMove, mv, e.LastSource(), log.String())
	}
	checkSync(t, e, ch, "after mathgo's move")
}

// TestChildFailures: a child that crashes, hangs, answers nonsense,
// resigns or chooses an illegal move never costs mathgo a move: genmove
// answers a legal move (the fallback's, or the restarted child's), the log
// says what happened, and the engine goes on.
func TestChildFailures(t *testing.T) {
	for _, tc := range []struct {
		mode, log string
	}{
		{"crash", "the process ended before answering"},
		{"hang", "no answer to \"genmove black\""},
		{"garbage", "not a GTP answer"},
		{"wrongid", "answer for id"},
		{"resign", "resigns, and mathgo plays on"},
		{"nomove", "not a move"},
		{"illegal", "illegal under mathgo's rules"},
		{"refuse", "cannot give it mathgo's position"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			log := &lockedBuffer{}
			ch := startFake(t, tc.mode, log)
			// MoveTime bounds the hanging child's genmove (a clock is
			// unavoidable here: the child never answers).
			e := NewEngine(Options{KoRule: board.KoSimple, Generator: ExactGenerator{}, Child: ch, Log: log, MoveTime: 1500 * time.Millisecond})
			mustExec(t, e, "boardsize 9", "play w E5")
			for i := range 2 {
				mv := mustExec(t, e, "genmove b")
				p, err := e.Board().ParsePoint(mv)
				if err != nil || p == board.Pass {
					t.Fatalf("genmove %d = %q: the fallback should play on an open board", i, mv)
				}
				mustExec(t, e, "play w pass")
			}
			if !strings.Contains(log.String(), tc.log) || !strings.Contains(log.String(), ": fallback: ") {
				t.Errorf("the log lacks %q or the fallback:\n%s", tc.log, log.String())
			}
			if tc.mode == "crash" && !strings.Contains(log.String(), "restarting it (1 of 3)") {
				t.Errorf("the crashed child was not restarted:\n%s", log.String())
			}
			mustExec(t, e, "quit")
		})
	}
}

// TestStartChildErrors: a command that is no engine fails with the reason.
func TestStartChildErrors(t *testing.T) {
	for _, tc := range []struct{ cmd, want string }{
		{"", "empty"},
		{"'unterminated", "unterminated single quote"},
		{"/nonexistent/engine --mode gtp", "no such file"},
	} {
		if _, err := StartChild(tc.cmd, ChildOptions{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("StartChild(%q) = %v, want %q", tc.cmd, err, tc.want)
		}
	}
	log := &lockedBuffer{}
	t.Setenv(fakeEngineEnv, "v1")
	exe, _ := os.Executable()
	if _, err := StartChild("'"+exe+"'", ChildOptions{Log: log}); err == nil || !strings.Contains(err.Error(), `GTP version "1"`) {
		t.Errorf("a GTP version 1 engine: %v", err)
	}
}

func TestSplitCommand(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"gnugo --mode gtp", []string{"gnugo", "--mode", "gtp"}},
		{"  a\tb  ", []string{"a", "b"}},
		{`'/path with space/gnugo' --level 1`, []string{"/path with space/gnugo", "--level", "1"}},
		{`"a \"b\" c" d\ e ''`, []string{`a "b" c`, "d e", ""}},
		{`x"y"'z'`, []string{"xyz"}},
		{"", nil},
	} {
		got, err := SplitCommand(tc.in)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("SplitCommand(%q) = %q, %v, want %q", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{`'a`, `"a`, `a\`, `"a\"`} {
		if _, err := SplitCommand(bad); err == nil {
			t.Errorf("SplitCommand(%q) succeeded", bad)
		}
	}
}

func TestParseChildAnswer(t *testing.T) {
	for _, tc := range []struct {
		lines []string
		id    int
		text  string
		ok    bool
		err   string
	}{
		{[]string{"=3 C3"}, 3, "C3", true, ""},
		{[]string{"=3"}, 3, "", true, ""},
		{[]string{"?12 illegal move"}, 12, "illegal move", false, ""},
		{[]string{"=5 A1 B2", "C3 D4"}, 5, "A1 B2\nC3 D4", true, ""},
		{[]string{"= C3"}, 3, "", false, "answer for id"},
		{[]string{"=4 C3"}, 3, "", false, "answer for id"},
		{[]string{"=3C3"}, 3, "", false, "no space after the id"},
		{[]string{"=31 C3"}, 3, "", false, "answer for id"},
		{[]string{"C3"}, 3, "", false, "not a GTP answer"},
		{nil, 3, "", false, "empty answer"},
	} {
		text, ok, err := parseChildAnswer(tc.lines, tc.id)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: err %v, want %q", tc.lines, err, tc.err)
			}
			continue
		}
		if err != nil || text != tc.text || ok != tc.ok {
			t.Errorf("%q: %q %v %v, want %q %v", tc.lines, text, ok, err, tc.text, tc.ok)
		}
	}
}

// FuzzSplitCommand: SplitCommand never panics, and quoting any words in
// single quotes (a quote inside written as '\”) splits back to them.
func FuzzSplitCommand(f *testing.F) {
	for _, s := range []string{"gnugo --mode gtp", `"a\"b" 'c d' e\ f`, `'`, `"\`, "a\x00b", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words, err := SplitCommand(s)
		if err != nil {
			return
		}
		var quoted []string
		for _, w := range words {
			quoted = append(quoted, "'"+strings.ReplaceAll(w, "'", `'\''`)+"'")
		}
		back, err := SplitCommand(strings.Join(quoted, " "))
		if err != nil || !slices.Equal(back, words) {
			t.Fatalf("%q -> %q -> %q (%v)", s, words, back, err)
		}
	})
}

// FuzzChildAnswer: whatever lines a child engine writes, parseChildAnswer
// does not panic, and a success it accepts starts with '=' and the id.
func FuzzChildAnswer(f *testing.F) {
	f.Add("=1 C3", 1)
	f.Add("?2 illegal move\nmore", 2)
	f.Add("=", 0)
	f.Add("\xff=3", 3)
	f.Fuzz(func(t *testing.T, text string, id int) {
		lines := strings.Split(text, "\n")
		_, ok, err := parseChildAnswer(lines, id)
		if err == nil && ok && !strings.HasPrefix(lines[0], "="+fmt.Sprint(id)) {
			t.Fatalf("accepted %q for id %d", text, id)
		}
	})
}
