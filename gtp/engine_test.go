package gtp

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
)

// newTestEngine returns an engine with simple ko and a log buffer.
func newTestEngine(t *testing.T, opts Options) (*Engine, *bytes.Buffer) {
	t.Helper()
	var log bytes.Buffer
	if opts.Log == nil {
		opts.Log = &log
	}
	if opts.KoRule == board.KoNone {
		opts.KoRule = board.KoSimple
	}
	return NewEngine(opts), &log
}

// mustExec runs the commands and fails the test on the first failure.
func mustExec(t *testing.T, e *Engine, lines ...string) string {
	t.Helper()
	var resp string
	for _, l := range lines {
		r, ok, _ := e.Exec(l)
		if !ok {
			t.Fatalf("%q failed: %s", l, r)
		}
		resp = r
	}
	return resp
}

// execFail runs a command that must fail and returns its message.
func execFail(t *testing.T, e *Engine, line string) string {
	t.Helper()
	r, ok, _ := e.Exec(line)
	if ok {
		t.Fatalf("%q succeeded with %q, want a failure", line, r)
	}
	return r
}

func TestResponseFormat(t *testing.T) {
	e, _ := newTestEngine(t, Options{Version: "1.2"})
	for _, tc := range []struct{ in, want string }{
		{"1 boardsize 9", "=1\n\n"},
		{"boardsize 9", "=\n\n"},
		{"42 protocol_version", "=42 2\n\n"},
		{"protocol_version", "= 2\n\n"},
		{"7 name", "=7 mathgo\n\n"},
		{"version", "= 1.2\n\n"},
		{"3 frobnicate", "?3 unknown command\n\n"},
		{"frobnicate", "? unknown command\n\n"},
		{"5", "?5 syntax error\n\n"},
		{"8 boardsize", "?8 syntax error\n\n"},
		{"9 boardsize 26", "?9 unacceptable size\n\n"},
		{"10\tknown_command\tplay\r\n", "=10 true\n\n"},
		{"11 known_command PLAY # commands are case-sensitive", "=11 false\n\n"},
		{"12 play black C3", "=12\n\n"},
		{"13 play white C3", "?13 illegal move\n\n"},
		{"pro\x00tocol_version\x07", "= 2\n\n"},
		{"", ""},
		{"   ", ""},
		{"# just a comment", ""},
		{"\r\n", ""},
	} {
		got, quit := e.Respond(tc.in)
		if got != tc.want || quit {
			t.Errorf("Respond(%q) = %q, %v; want %q, false", tc.in, got, quit, tc.want)
		}
	}
	if got, quit := e.Respond("99 quit"); got != "=99\n\n" || !quit {
		t.Errorf("quit: %q, %v", got, quit)
	}
}

func TestKnownAndListCommands(t *testing.T) {
	e, _ := newTestEngine(t, Options{})
	list := mustExec(t, e, "list_commands")
	if got := strings.Split(list, "\n"); strings.Join(got, ",") != strings.Join(Commands(), ",") {
		t.Errorf("list_commands = %q", got)
	}
	for _, c := range Commands() {
		if r := mustExec(t, e, "known_command "+c); r != "true" {
			t.Errorf("known_command %s = %s", c, r)
		}
	}
	for _, c := range []string{"is_legal", "genmove_black", "Play", "kgs-time_settings"} {
		if r := mustExec(t, e, "known_command "+c); r != "false" {
			t.Errorf("known_command %s = %s", c, r)
		}
	}
	if r := execFail(t, e, "known_command"); r != "syntax error" {
		t.Errorf("known_command without argument: %q", r)
	}
}

// TestCommandTable: the command table is the one list of commands; it
// holds the commands of docs/json-contract.md, each once with a handler and a help
// line, and the package documentation shows its Help table.
func TestCommandTable(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range commands {
		if seen[c.name] {
			t.Errorf("%s registered twice", c.name)
		}
		seen[c.name] = true
		if c.run == nil || c.help == "" {
			t.Errorf("%s: handler %v, help %q", c.name, c.run != nil, c.help)
		}
	}
	contract := strings.Fields("protocol_version name version known_command list_commands quit boardsize clear_board komi play genmove undo showboard loadsgf final_score list_stones mathgo-analyze")
	if got := Commands()[:len(contract)]; strings.Join(got, " ") != strings.Join(contract, " ") {
		t.Errorf("the first commands are %v, want docs/json-contract.md's %v", got, contract)
	}
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(strings.TrimSuffix(Help(), "\n"), "\n") {
		if !strings.Contains(string(doc), "//\t"+l+"\n") {
			t.Errorf("doc.go does not show the command %q", l)
		}
	}
}

func TestSyntaxErrors(t *testing.T) {
	e, _ := newTestEngine(t, Options{})
	mustExec(t, e, "boardsize 9")
	for _, line := range []string{
		"play", "play black", "play black C3 D4", "play blue C3", "play black I3",
		"play black C0", "play black C03", "play black 3C", "play black C", "play black C-1",
		"play black C100", "play black C26", "play black resign",
		"genmove", "genmove purple", "genmove black white",
		"komi", "komi x", "komi NaN", "komi +Inf", "komi 1 2",
		"boardsize x", "boardsize -3", "boardsize 9 9",
		"list_stones", "list_stones red", "loadsgf", "loadsgf a b c", "loadsgf f.sgf x", "loadsgf f.sgf 0",
		"clear_board now", "undo 2", "showboard x", "final_score x", "protocol_version 2", "quit now",
		"mathgo-analyze x",
	} {
		if r := execFail(t, e, line); r != "syntax error" {
			t.Errorf("%q: %q, want syntax error", line, r)
		}
	}
	if r := mustExec(t, e, "list_stones black"); r != "" {
		t.Errorf("syntax errors changed the board: %q", r)
	}
}

func TestBoardsizeKomiClear(t *testing.T) {
	e, _ := newTestEngine(t, Options{})
	if e.Board().Cols() != 19 || e.Board().Rows() != 19 || e.Komi() != 0 {
		t.Fatalf("new engine: %dx%d komi %v", e.Board().Cols(), e.Board().Rows(), e.Komi())
	}
	mustExec(t, e, "boardsize 7", "komi 6.5", "play b D4")
	if e.Board().Cols() != 7 || e.Komi() != 6.5 {
		t.Fatalf("after boardsize 7 komi 6.5: %dx%d komi %v", e.Board().Cols(), e.Board().Rows(), e.Komi())
	}
	mustExec(t, e, "boardsize 7")
	if r := mustExec(t, e, "list_stones b"); r != "" {
		t.Errorf("boardsize left stones: %q", r)
	}
	mustExec(t, e, "play b B1", "play b A2", "play w C1", "play w B2", "play b C2", "play w A1", "play b pass")
	if e.Board().Prisoners(board.White) != 1 {
		t.Fatalf("white prisoners = %d", e.Board().Prisoners(board.White))
	}
	mustExec(t, e, "clear_board")
	if r := mustExec(t, e, "list_stones white"); r != "" || e.Board().Prisoners(board.White) != 0 || e.Board().Cols() != 7 {
		t.Errorf("clear_board: stones %q, prisoners %d, size %d", r, e.Board().Prisoners(board.White), e.Board().Cols())
	}
	if e.Komi() != 6.5 {
		t.Errorf("clear_board changed komi to %v", e.Komi())
	}
	if r := execFail(t, e, "undo"); r != "cannot undo" {
		t.Errorf("undo after clear_board: %q", r)
	}
	for _, bad := range []string{"boardsize 0", "boardsize 26", "boardsize 99999999999999999999"} {
		if r := execFail(t, e, bad); r != "unacceptable size" {
			t.Errorf("%s: %q", bad, r)
		}
	}
	mustExec(t, e, "boardsize 1", "boardsize 25", "komi -3", "komi 0.5")
}

func TestPlayRules(t *testing.T) {
	e, _ := newTestEngine(t, Options{})
	mustExec(t, e, "boardsize 5")
	// Black B1 A2 C2, White C1 B2 A1... builds a ko at A1/B1.
	mustExec(t, e, "play black B1", "play black A2", "play white C1", "play white B2", "play black C2")
	if r := mustExec(t, e, "play white A1"); r != "" {
		t.Fatal(r)
	}
	if e.Board().Prisoners(board.White) != 1 {
		t.Fatalf("A1 should capture B1")
	}
	if r := execFail(t, e, "play black B1"); r != "illegal move" {
		t.Errorf("ko retake: %q", r)
	}
	if r := execFail(t, e, "play black A1"); r != "illegal move" {
		t.Errorf("occupied: %q", r)
	}
	if r := execFail(t, e, "play black F1"); r != "illegal move" {
		t.Errorf("off board: %q", r)
	}
	if r := execFail(t, e, "play black Z25"); r != "illegal move" {
		t.Errorf("off board: %q", r)
	}
	mustExec(t, e, "play black pass", "play white PASS")
	// A suicide: White E5 after Black D5 E4... White has no liberty at E5.
	mustExec(t, e, "play black D5", "play black E4")
	if r := execFail(t, e, "play white e5"); r != "illegal move" {
		t.Errorf("suicide: %q", r)
	}
	// The ko was cleared by other moves: the retake is legal now.
	mustExec(t, e, "play black b1")
	if got := mustExec(t, e, "list_stones black"); got != "D5 E4 A2 C2 B1" {
		t.Errorf("list_stones black = %q", got)
	}
	if got := mustExec(t, e, "list_stones W"); got != "B2 C1" {
		t.Errorf("list_stones white = %q", got)
	}
}

// TestSuperko: after White's ko capture and a pass, simple ko lets Black
// retake, positional superko does not (the retake repeats the position
// before White's capture).
func TestSuperko(t *testing.T) {
	setup := []string{"boardsize 5", "play black B1", "play black A2", "play white C1", "play white B2",
		"play black C2", "play white A1", "play white pass"}
	for _, tc := range []struct {
		rule  board.KoRule
		legal bool
	}{{board.KoSimple, true}, {board.KoSuperko, false}} {
		e, _ := newTestEngine(t, Options{KoRule: tc.rule})
		mustExec(t, e, setup...)
		_, ok, _ := e.Exec("play black B1")
		if ok != tc.legal {
			t.Errorf("%v: retake legal = %v, want %v", tc.rule, ok, tc.legal)
		}
		if !strings.Contains(mustExec(t, e, "showboard"), "ko rule "+tc.rule.String()) {
			t.Errorf("%v: showboard does not name the ko rule", tc.rule)
		}
	}
}

func TestUndo(t *testing.T) {
	e, _ := newTestEngine(t, Options{})
	mustExec(t, e, "boardsize 5", "play b B1", "play b A2", "play w C1", "play w B2", "play b C2", "play w A1")
	before := e.Board().String()
	mustExec(t, e, "play b D4", "undo")
	if e.Board().String() != before {
		t.Fatal("undo did not restore the board")
	}
	mustExec(t, e, "undo") // takes back the capture at A1
	if got := mustExec(t, e, "list_stones black"); got != "A2 C2 B1" {
		t.Errorf("undo of a capture: black %q", got)
	}
	if e.Board().Prisoners(board.White) != 0 {
		t.Errorf("undo left %d prisoners", e.Board().Prisoners(board.White))
	}
	mustExec(t, e, "undo", "undo", "undo", "undo", "undo")
	if r := execFail(t, e, "undo"); r != "cannot undo" {
		t.Errorf("undo at the start: %q", r)
	}
	// genmove is undone like play.
	mustExec(t, e, "play b C3", "play w C4", "genmove b")
	n := e.Board().MoveNumber()
	mustExec(t, e, "undo")
	if e.Board().MoveNumber() != n-1 {
		t.Errorf("undo after genmove: move number %d, want %d", e.Board().MoveNumber(), n-1)
	}
}

func TestShowboard(t *testing.T) {
	e, _ := newTestEngine(t, Options{})
	mustExec(t, e, "boardsize 5", "play b B1", "play b A2", "play w C1", "play w B2", "play b C2", "play w A1", "komi 0.5")
	out, _ := e.Respond("3 showboard")
	if !strings.HasPrefix(out, "=3\n") || !strings.HasSuffix(out, "\n\n") || strings.Count(out, "\n\n") != 1 {
		t.Fatalf("showboard response is not one GTP response:\n%s", out)
	}
	for _, want := range []string{
		"    A B C D E\n",
		" 2  X O X . . 2\n",
		" 1  O . O . . 1\n",
		"White (O) has captured 1 stones",
		"komi 0.5, ko rule simple, ko at B1",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("showboard lacks %q:\n%s", want, out)
		}
	}
}

func TestFinalScore(t *testing.T) {
	e, _ := newTestEngine(t, Options{})
	mustExec(t, e, "boardsize 5")
	if r := mustExec(t, e, "final_score"); r != "0" {
		t.Errorf("empty board: %q", r)
	}
	// A black wall on column B and a white wall on column D: Black owns
	// column A (5), White column E (5), column C is neutral.
	for row := 1; row <= 5; row++ {
		mustExec(t, e, "play b B"+string(rune('0'+row)), "play w D"+string(rune('0'+row)))
	}
	if r := mustExec(t, e, "final_score"); r != "0" {
		t.Errorf("symmetric walls: %q", r)
	}
	mustExec(t, e, "komi 6.5")
	if r := mustExec(t, e, "final_score"); r != "W+6.5" {
		t.Errorf("komi 6.5: %q", r)
	}
	// Black fills C3: column C is still bordered by both colours.
	mustExec(t, e, "komi 0", "play b C3")
	if r := mustExec(t, e, "final_score"); r != "0" {
		t.Errorf("after C3: %q", r)
	}
	// White captures nothing but fills its own eye at E3: one point less.
	mustExec(t, e, "play w E3")
	if r := mustExec(t, e, "final_score"); r != "B+1" {
		t.Errorf("after E3: %q", r)
	}
	if got := FormatScore(-2.5); got != "W+2.5" {
		t.Errorf("FormatScore(-2.5) = %q", got)
	}
	if got := FormatScore(31); got != "B+31" {
		t.Errorf("FormatScore(31) = %q", got)
	}
}

func TestFinalScorePrisoners(t *testing.T) {
	e, _ := newTestEngine(t, Options{})
	// White captures B1 (the ko shape): White has 1 prisoner, and the
	// regions are all neutral except A... check against a hand count.
	mustExec(t, e, "boardsize 5", "play b B1", "play b A2", "play w C1", "play w B2", "play b C2", "play w A1")
	bt, wt := Territory(e.Board())
	// B1 is bordered by A1, C1, B2 (white) and nothing else: white territory.
	if bt != 0 || wt != 1 {
		t.Errorf("territory %d, %d; want 0, 1", bt, wt)
	}
	if r := mustExec(t, e, "final_score"); r != "W+2" {
		t.Errorf("final_score = %q, want W+2 (one point and one prisoner)", r)
	}
}

// stubGen is a MoveGenerator that answers a fixed move or fails.
type stubGen struct {
	move  string
	err   error
	panic bool
	calls int
}

func (g *stubGen) GenMove(b *board.Board, immortal []bool, c board.Color, komi float64) (board.Point, string, error) {
	g.calls++
	if g.panic {
		panic("stub generator exploded")
	}
	if g.err != nil {
		return board.Pass, "", g.err
	}
	// Scribble on the board: the engine must have given a copy.
	b.Clear()
	p, err := b.ParsePoint(g.move)
	if err != nil {
		return board.Pass, "", err
	}
	return p, "tile A, value {1|0}, incentive 1/2", nil
}

func TestGenmoveGenerator(t *testing.T) {
	g := &stubGen{move: "C3"}
	e, log := newTestEngine(t, Options{Generator: g})
	mustExec(t, e, "boardsize 5", "play w A1")
	if r := mustExec(t, e, "genmove b"); r != "C3" {
		t.Fatalf("genmove = %q", r)
	}
	if got := mustExec(t, e, "list_stones black") + "/" + mustExec(t, e, "list_stones white"); got != "C3/A1" {
		t.Errorf("after genmove: %q", got)
	}
	if !strings.Contains(log.String(), "genmove black: C3: mathgo (exact): tile A, value {1|0}, incentive 1/2") {
		t.Errorf("log lacks the reason: %q", log.String())
	}

	// An illegal answer, an error and a panic all fall back.
	for _, bad := range []*stubGen{{move: "C3"}, {err: errors.New("cannot value tile B")}, {panic: true}} {
		e, log := newTestEngine(t, Options{Generator: bad})
		mustExec(t, e, "boardsize 5", "play b C3", "play w D3")
		r := mustExec(t, e, "genmove black")
		if r == "C3" {
			t.Errorf("engine played the generator's illegal move")
		}
		if !strings.Contains(log.String(), "fallback") {
			t.Errorf("log does not mention the fallback: %q", log.String())
		}
		if bad.calls != 1 {
			t.Errorf("generator called %d times", bad.calls)
		}
	}
}

// TestGenmoveFallbackPlaysOpenBoard: without a generator, the fallback
// plays the opening instead of passing (the GTP game that mathgo
// lost by passing every move).
func TestGenmoveFallbackPlaysOpenBoard(t *testing.T) {
	e, log := newTestEngine(t, Options{})
	mustExec(t, e, "boardsize 9")
	if r := mustExec(t, e, "genmove w"); r != "D4" {
		t.Errorf("empty board: genmove = %q, want D4", r)
	}
	if _, c, ok := e.Board().LastMove(); !ok || c != board.White {
		t.Errorf("the move was not played")
	}
	if !strings.Contains(log.String(), "fallback") {
		t.Errorf("log does not say the fallback chose: %q", log.String())
	}
}

func TestLoadSGF(t *testing.T) {
	dir := t.TempDir()
	diagram := filepath.Join(dir, "d.txt")
	if err := os.WriteFile(diagram, []byte("$$W\n+-----------+\n| # # . @ . |\n| # . a @ O |\n| X X . @ @ |\n+-----------+\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sgf := filepath.Join(dir, "g.sgf")
	if err := os.WriteFile(sgf, []byte("(;GM[1]FF[4]SZ[5]AB[aa][ba]AW[ea]SQ[aa];B[cc];W[dd];B[bb]C[x])"), 0o644); err != nil {
		t.Fatal(err)
	}
	analyzer := func(b *board.Board, immortal []bool) (string, error) {
		return "immortal " + strings.Repeat("I", countTrue(immortal)) + "\n\n  table line\n", nil
	}
	e, log := newTestEngine(t, Options{KoRule: board.KoSuperko, Analyzer: analyzer})

	if r := mustExec(t, e, "loadsgf "+diagram); r != "white" {
		t.Errorf("loadsgf diagram: %q, want white", r)
	}
	if e.Board().Cols() != 5 || e.Board().Rows() != 3 || e.Board().KoRule() != board.KoSuperko {
		t.Errorf("diagram board %dx%d ko %v", e.Board().Cols(), e.Board().Rows(), e.Board().KoRule())
	}
	if n := countTrue(e.Immortal()); n != 7 {
		t.Errorf("diagram: %d immortal stones, want 7", n)
	}
	out, _ := e.Respond("mathgo-analyze")
	if out != "=\nimmortal IIIIIII\n  table line\n\n" {
		t.Errorf("mathgo-analyze response %q", out)
	}

	if r := mustExec(t, e, "loadsgf "+sgf); r != "white" {
		t.Errorf("loadsgf sgf: %q", r)
	}
	if got := mustExec(t, e, "list_stones black"); got != "A5 B5 B4 C3" {
		t.Errorf("sgf black stones %q", got)
	}
	if n := countTrue(e.Immortal()); n != 1 {
		t.Errorf("sgf: %d immortal stones, want 1", n)
	}
	// loadsgf FILE 3: the position before move 3 (after two moves), Black to play.
	if r := mustExec(t, e, "loadsgf "+sgf+" 3"); r != "black" {
		t.Errorf("loadsgf sgf 3: %q", r)
	}
	if got := mustExec(t, e, "list_stones black") + "/" + mustExec(t, e, "list_stones white"); got != "A5 B5 C3/E5 D2" {
		t.Errorf("sgf before move 3: %q", got)
	}
	mustExec(t, e, "undo", "undo")
	if r := execFail(t, e, "undo"); r != "cannot undo" {
		t.Errorf("undo past the setup: %q", r)
	}
	if r := mustExec(t, e, "loadsgf "+sgf+" 1"); r != "black" {
		t.Errorf("loadsgf sgf 1: %q", r)
	}
	if r := mustExec(t, e, "loadsgf "+sgf+" 99"); r != "white" {
		t.Errorf("loadsgf sgf 99: %q", r)
	}

	log.Reset()
	for _, bad := range []string{filepath.Join(dir, "missing.sgf"), dir, "-", os.DevNull} {
		if r := execFail(t, e, "loadsgf "+bad); r != "cannot load file" {
			t.Errorf("loadsgf %s: %q", bad, r)
		}
	}
	broken := filepath.Join(dir, "broken.txt")
	if err := os.WriteFile(broken, []byte("X O Q\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := execFail(t, e, "loadsgf "+broken); r != "cannot load file" {
		t.Errorf("broken file: %q", r)
	}
	if !strings.Contains(log.String(), "broken.txt:1:5") {
		t.Errorf("the log does not say where the file is broken: %q", log.String())
	}
	// A failed load keeps the position.
	if e.Board().Cols() != 5 || e.Board().Rows() != 5 {
		t.Errorf("a failed loadsgf changed the board")
	}
}

func TestAnalyzeUnavailable(t *testing.T) {
	e, _ := newTestEngine(t, Options{})
	if r := execFail(t, e, "mathgo-analyze"); r != "analyze is not available" {
		t.Errorf("mathgo-analyze: %q", r)
	}
	e2, _ := newTestEngine(t, Options{Analyzer: func(*board.Board, []bool) (string, error) {
		return "", errors.New("tile B: unsettled boundary at C4\nsecond line")
	}})
	out, _ := e2.Respond("4 mathgo-analyze")
	if out != "?4 tile B: unsettled boundary at C4\nsecond line\n\n" {
		t.Errorf("failing analyzer: %q", out)
	}
}

func TestRun(t *testing.T) {
	e, _ := newTestEngine(t, Options{})
	in := strings.NewReader("1 boardsize 5\r\n\n# comment\n2 play b C3\n3 list_stones black\n4 quit\n5 name\n")
	var out bytes.Buffer
	if err := e.Run(in, &out); err != nil {
		t.Fatal(err)
	}
	want := "=1\n\n=2\n\n=3 C3\n\n=4\n\n"
	if out.String() != want {
		t.Errorf("Run wrote %q, want %q", out.String(), want)
	}
	// The end of input ends the loop; a last line without newline counts.
	out.Reset()
	if err := e.Run(strings.NewReader("name"), &out); err != nil || out.String() != "= mathgo\n\n" {
		t.Errorf("Run without quit: %q, %v", out.String(), err)
	}
}

// panicAnalyzer checks that a panic inside a command is answered, not fatal.
func TestPanicRecovered(t *testing.T) {
	e, log := newTestEngine(t, Options{Analyzer: func(*board.Board, []bool) (string, error) {
		panic("analyzer bug")
	}})
	r := execFail(t, e, "mathgo-analyze")
	if !strings.HasPrefix(r, "internal error: analyzer bug") || !strings.Contains(log.String(), "analyzer bug") {
		t.Errorf("panic answer %q, log %q", r, log.String())
	}
	mustExec(t, e, "boardsize 5") // the engine goes on
}

// TestLoadSGFKomiAndRules: loadsgf takes a game record's komi and rules,
// and final_score counts with them (area under Chinese rules, territory
// and prisoners otherwise); a diagram and clear_board leave the komi, and
// clear_board forgets the rules.
func TestLoadSGFKomiAndRules(t *testing.T) {
	dir := t.TempDir()
	// 5x5: Black's wall on column B, White's on column D, the middle
	// column filled; Black has more stones on the board than White, so
	// area and territory counting differ.
	rec := "(;GM[1]FF[4]SZ[5]KM[6.5]RU[Chinese]AB[ba][bb][bc][bd][be][ca]AW[da][db][dc][dd][de][ce]" +
		";B[cb];W[cd];B[cc])"
	chinese := filepath.Join(dir, "c.sgf")
	japanese := filepath.Join(dir, "j.sgf")
	if err := os.WriteFile(chinese, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(japanese, []byte(strings.Replace(rec, "RU[Chinese]", "RU[Japanese]", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	e, _ := newTestEngine(t, Options{})
	mustExec(t, e, "komi 0.5")
	mustExec(t, e, "loadsgf "+chinese)
	if e.Komi() != 6.5 || e.RuleSet() != "chinese" {
		t.Fatalf("after loadsgf: komi %v, rules %q; want 6.5, chinese", e.Komi(), e.RuleSet())
	}
	want := FormatScore(AreaScore(e.Board(), 6.5))
	if got := mustExec(t, e, "final_score"); got != want {
		t.Errorf("final_score under Chinese rules: %s, want %s", got, want)
	}
	if AreaScore(e.Board(), 0) == TerritoryScore(e.Board(), 0) {
		t.Fatal("the test position counts the same by area and by territory: it cannot tell them apart")
	}
	mustExec(t, e, "loadsgf "+japanese)
	if got, want := mustExec(t, e, "final_score"), FormatScore(TerritoryScore(e.Board(), 6.5)); got != want {
		t.Errorf("final_score under Japanese rules: %s, want %s", got, want)
	}
	mustExec(t, e, "clear_board")
	if e.Komi() != 6.5 || e.RuleSet() != "" {
		t.Errorf("after clear_board: komi %v, rules %q; want 6.5 kept, no rules", e.Komi(), e.RuleSet())
	}
}
