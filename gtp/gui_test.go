package gtp

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mathgo/mathgo/board"
)

// testdataPath returns the absolute path of a file of testdata.
func testdataPath(t *testing.T, parts ...string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join(append([]string{"..", "testdata"}, parts...)...))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestTimeCommands: time_settings and time_left are accepted as GTP
// defines them and bound the time of each move; malformed ones are syntax
// errors.
func TestTimeCommands(t *testing.T) {
	e, _ := newTestEngine(t, Options{})
	mustExec(t, e, "boardsize 9")
	for _, tc := range []struct {
		cmds []string
		c    board.Color
		want time.Duration
	}{
		{nil, board.Black, DefaultMoveTime},
		{[]string{"time_settings 60 0 0"}, board.Black, 60 * time.Second / 27}, // 81 empty points: 27 moves
		{[]string{"time_left b 10 0"}, board.Black, 10 * time.Second / 27},
		{[]string{"time_left black 30 5"}, board.Black, 6 * time.Second},
		{nil, board.White, 60 * time.Second / 27},                                                // White's time_left is unknown: the settings
		{[]string{"time_settings 600 30 10", "time_left w 300 0"}, board.White, DefaultMoveTime}, // 14.1 s: the default is less
		{[]string{"time_left w 100 0"}, board.White, 100*time.Second/27 + 3*time.Second},
		{[]string{"time_left w 30 10"}, board.White, 3 * time.Second},
		{[]string{"time_left w 0.05 1"}, board.White, 100 * time.Millisecond}, // at least 0.1 s
		{[]string{"time_settings 0 10 0"}, board.Black, DefaultMoveTime},      // no time limit
		{[]string{"time_settings 0 0 0"}, board.Black, DefaultMoveTime},
	} {
		mustExec(t, e, tc.cmds...)
		if got := e.moveLimit(tc.c); got != tc.want {
			t.Errorf("after %q: %v's limit %v, want %v", tc.cmds, tc.c, got, tc.want)
		}
	}
	for _, bad := range []string{"time_settings", "time_settings 1 2", "time_settings -1 0 0", "time_settings 1 2 x",
		"time_settings 1 2 -3", "time_left b 1", "time_left green 1 0", "time_left b nan 0", "time_left b 1 1.5"} {
		if r := execFail(t, e, bad); r != "syntax error" {
			t.Errorf("%q: %q", bad, r)
		}
	}
	// The node budgets shrink with the time.
	g := ExactGenerator{}
	if a, b, c := g.options(0), g.options(3*time.Second), g.options(500*time.Millisecond); a.SolverNodes != DefaultGenMoveSolverNodes ||
		b.SolverNodes != a.SolverNodes/4 || c.MaxPositions != a.MaxPositions/20 {
		t.Errorf("budgets: %+v %+v %+v", a, b, c)
	}
}

// TestFinalStatusList: from the exact analysis, the dead White stone in
// Black's territory is dead and the walls alive; the answer lists one
// block per line; a bad status is a syntax error.
func TestFinalStatusList(t *testing.T) {
	e, log := newTestEngine(t, Options{})
	mustExec(t, e, "loadsgf "+testdataPath(t, "positions", "territory-dead-stone.txt"))
	if r := mustExec(t, e, "final_status_list dead"); r != "C2" {
		t.Errorf("dead: %q", r)
	}
	if r := mustExec(t, e, "final_status_list seki"); r != "" {
		t.Errorf("seki: %q", r)
	}
	alive := mustExec(t, e, "final_status_list alive")
	if n := len(strings.Fields(alive)); n != 12 || strings.Count(alive, "\n") != 0 {
		t.Errorf("alive: %q (%d stones; the wall is one block, one line)", alive, n)
	}
	if !strings.Contains(log.String(), "from mathgo's exact analysis") {
		t.Errorf("log: %q", log.String())
	}
	for _, bad := range []string{"final_status_list", "final_status_list zombie", "final_status_list dead alive"} {
		if r := execFail(t, e, bad); r != "syntax error" {
			t.Errorf("%q: %q", bad, r)
		}
	}
}

// TestFinalStatusSimpleRule: without an exact analysis the simple rule
// decides: a lone stone deep in the opponent's area is dead, a group with
// an eye of its own and a pass-alive group are alive.
func TestFinalStatusSimpleRule(t *testing.T) {
	b, imm := parseBoard(t, `
		. . . . X O . . .
		. . . . X O . . .
		. . O . X O . . .
		. . . . X O . X .
		X X X X X O . . .
		O O O O O O O O O
		. . X . . . . . .
		. . . . . . . . .
		. . . . . . . . .`)
	st := simpleStatus(b, imm)
	want := map[string]string{"C7": statusDead, "H6": statusDead, "C3": statusDead, "E9": statusAlive, "F9": statusAlive, "A5": statusAlive}
	for name, w := range want {
		p, _ := b.ParsePoint(name)
		if st[p] != w {
			t.Errorf("%s: %s, want %s", name, st[p], w)
		}
	}
}

// TestGenmoveCleanup: where genmove passes (every tile settled), the
// kgs-genmove_cleanup answer captures the dead stone, move by move, and
// then passes.
func TestGenmoveCleanup(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dead.txt")
	if err := os.WriteFile(path, []byte("+-----------+\n|# # # # # #|\n|# . . O . #|\n|# . . . . #|\n|# # # # # #|\n+-----------+\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e, _ := newTestEngine(t, Options{Generator: ExactGenerator{}})
	mustExec(t, e, "loadsgf "+path)
	if r := mustExec(t, e, "genmove b"); r != "pass" {
		t.Errorf("genmove b = %q, want pass", r)
	}
	mustExec(t, e, "undo")
	var moves []string
	for len(moves) < 3 && mustExec(t, e, "list_stones white") != "" {
		r := mustExec(t, e, "kgs-genmove_cleanup b")
		if r != "C3" && r != "E3" && r != "D2" {
			t.Fatalf("kgs-genmove_cleanup b = %q after %q, want a liberty of D3", r, moves)
		}
		moves = append(moves, r)
		mustExec(t, e, "play w pass")
	}
	if w := mustExec(t, e, "list_stones white"); w != "" || len(moves) != 3 {
		t.Errorf("after %q White still has %q", moves, w)
	}
	if r := mustExec(t, e, "kgs-genmove_cleanup b"); r != "pass" {
		t.Errorf("nothing left to clean up, but %q", r)
	}
}

// gfxLine matches the draw commands of GoGui's gfx type that mathgo uses.
var gfxLine = regexp.MustCompile(`^(LABEL [A-HJ-Z][0-9]{1,2} [^ ]{1,5}|(BLACK|WHITE)( [A-HJ-Z][0-9]{1,2})+|COLOR #[0-9a-f]{6}( [A-HJ-Z][0-9]{1,2})+|VAR [bw] [A-HJ-Z][0-9]{1,2}|TEXT .+)$`)

// checkGfx checks a gfx answer line by line and returns its lines.
func checkGfx(t *testing.T, e *Engine, resp string) []string {
	t.Helper()
	lines := strings.Split(resp, "\n")
	for _, l := range lines {
		if !gfxLine.MatchString(l) {
			t.Errorf("not a gfx draw command: %q", l)
			continue
		}
		f := strings.Fields(l)
		if f[0] == "LABEL" || f[0] == "BLACK" || f[0] == "WHITE" || f[0] == "COLOR" || f[0] == "VAR" {
			start := 1
			if f[0] == "COLOR" || f[0] == "VAR" {
				start = 2
			}
			end := len(f)
			if f[0] == "LABEL" {
				end = 2
			}
			for _, v := range f[start:end] {
				if p, err := parseVertex(e.Board(), v); err != nil || p == board.Pass {
					t.Errorf("%q: %q is not a point of the board", l, v)
				}
			}
		}
	}
	if n := strings.Count(resp, "TEXT "); n != 1 {
		t.Errorf("%d TEXT lines, want one (the status line):\n%s", n, resp)
	}
	return lines
}

// TestGoGuiAnalyzeCommands: gogui-analyze_commands lists GoGui's
// "type/label/command" lines, every command known; the gfx commands
// answer well-formed draw commands whose labels are the tiles' values,
// and an opening gets the triage's words.
func TestGoGuiAnalyzeCommands(t *testing.T) {
	e, _ := newTestEngine(t, Options{Analyzer: Analyzer(false)})
	list := mustExec(t, e, "gogui-analyze_commands")
	types := []string{"gfx", "string", "plist", "sboard", "cboard", "dboard", "pspairs", "none"}
	for _, l := range strings.Split(list, "\n") {
		parts := strings.SplitN(l, "/", 3)
		if len(parts) != 3 || !slices.Contains(types, parts[0]) || parts[1] == "" {
			t.Errorf("not a GoGui analyze command: %q", l)
			continue
		}
		if r := mustExec(t, e, "known_command "+strings.Fields(parts[2])[0]); r != "true" {
			t.Errorf("%q: the command is not known", l)
		}
		if parts[0] == "gfx" || parts[0] == "string" {
			mustExec(t, e, parts[2]) // answers on the empty board
		}
	}

	// An opening: the triage's words.
	mustExec(t, e, "boardsize 9", "play b E5", "play w C3", "play b G7")
	for _, cmd := range []string{"mathgo-tile-values", "mathgo-temperatures"} {
		r := mustExec(t, e, cmd)
		if !strings.HasPrefix(r, "TEXT not an endgame yet: 78 empty points in open areas") {
			t.Errorf("%s on an opening: %q", cmd, r)
		}
		checkGfx(t, e, r)
	}
	if r := mustExec(t, e, "mathgo-triage"); !strings.HasPrefix(r, "not an endgame yet: 78 empty points") {
		t.Errorf("mathgo-triage: %q", r)
	}
	if r := mustExec(t, e, "mathgo-analyze"); !strings.HasPrefix(r, "not an endgame yet") {
		t.Errorf("mathgo-analyze on an opening: %q", r)
	}

	// The five tiles: labels are the counts ({1|*} for the blocked
	// corridor of length 2 at B10 C10, the mean 2 of the "up" corridor at
	// B8, -3 for White's territory, * for the dame).
	mustExec(t, e, "loadsgf "+testdataPath(t, "problems", "five-tiles.txt"))
	lines := checkGfx(t, e, mustExec(t, e, "mathgo-tile-values"))
	labels := map[string]string{}
	for _, l := range lines {
		if f := strings.Fields(l); f[0] == "LABEL" {
			labels[f[1]] = f[2]
		}
	}
	for v, want := range map[string]string{"B10": "{1|*}", "C10": "{1|*}", "B8": "~2", "B3": "-3", "B1": "*"} {
		if labels[v] != want {
			t.Errorf("label at %s = %q, want %q (labels %v)", v, labels[v], want, labels)
		}
	}
	if !slices.Contains(lines, "WHITE B3 C3 D3") {
		t.Errorf("White's territory is not shaded: %q", lines)
	}
	temps := checkGfx(t, e, mustExec(t, e, "mathgo-temperatures"))
	var colored bool
	for _, l := range temps {
		colored = colored || strings.HasPrefix(l, "COLOR #")
	}
	if !colored || !strings.Contains(temps[len(temps)-1], "hottest: tile") {
		t.Errorf("mathgo-temperatures: %q", temps)
	}
}

// TestFixedHandicap: the fixed handicap points of GTP on 19x19 and the
// smaller boards, the errors, and set_free_handicap.
func TestFixedHandicap(t *testing.T) {
	e, _ := newTestEngine(t, Options{})
	for _, tc := range []struct {
		size, n int
		want    string
	}{
		{19, 2, "D4 Q16"},
		{19, 9, "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"},
		{9, 5, "C3 G7 C7 G3 E5"},
		{7, 4, "C3 E5 C5 E3"},
		{13, 7, "D4 K10 D10 K4 D7 K7 G7"},
	} {
		mustExec(t, e, fmt.Sprintf("boardsize %d", tc.size))
		if r := mustExec(t, e, fmt.Sprintf("fixed_handicap %d", tc.n)); r != tc.want {
			t.Errorf("%dx%d, %d stones: %q, want %q", tc.size, tc.size, tc.n, r, tc.want)
		}
		if n := len(strings.Fields(mustExec(t, e, "list_stones black"))); n != tc.n {
			t.Errorf("%d black stones on the board", n)
		}
	}
	if r := execFail(t, e, "fixed_handicap 2"); r != "board not empty" {
		t.Errorf("on a board with stones: %q", r)
	}
	for _, tc := range []struct{ size, n int }{{19, 10}, {19, 1}, {7, 5}, {8, 5}, {6, 2}} {
		mustExec(t, e, fmt.Sprintf("boardsize %d", tc.size))
		if r := execFail(t, e, fmt.Sprintf("fixed_handicap %d", tc.n)); r != "invalid number of stones" {
			t.Errorf("%dx%d, %d stones: %q", tc.size, tc.size, tc.n, r)
		}
	}
	mustExec(t, e, "boardsize 9", "set_free_handicap A1 J9 E5")
	if r := mustExec(t, e, "list_stones black"); r != "J9 E5 A1" {
		t.Errorf("set_free_handicap: %q", r)
	}
	mustExec(t, e, "clear_board")
	if r := execFail(t, e, "set_free_handicap A1 A1"); r != "bad vertex list" {
		t.Errorf("a repeated vertex: %q", r)
	}
	// White moves first after a handicap.
	mustExec(t, e, "clear_board", "fixed_handicap 2", "play w E5")
}

// TestFixedHandicapAgreesWithGNUGo: the same stones as GNU Go places.
func TestFixedHandicapAgreesWithGNUGo(t *testing.T) {
	gnugo := startGNUGo(t, time.Minute)
	e, _ := newTestEngine(t, Options{})
	for _, size := range []int{7, 8, 9, 13, 19} {
		for n := 2; n <= 9; n++ {
			for _, p := range []player{gnugo, enginePlayer{e}} {
				must(t, p, fmt.Sprintf("boardsize %d", size))
			}
			theirs, ok1, err := gnugo.Cmd(fmt.Sprintf("fixed_handicap %d", n))
			if err != nil {
				t.Fatal(err)
			}
			mine, ok2, _ := e.Exec(fmt.Sprintf("fixed_handicap %d", n))
			a, b := strings.Fields(theirs), strings.Fields(mine)
			slices.Sort(a)
			slices.Sort(b)
			if ok1 != ok2 || (ok1 && !slices.Equal(a, b)) {
				t.Errorf("%dx%d, %d stones: GNU Go %v %q, mathgo %v %q", size, size, n, ok1, theirs, ok2, mine)
			}
		}
	}
}
