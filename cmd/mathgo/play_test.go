package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/spf13/cobra"
)

// playFigure410 is Berlekamp's problem as the sum of its six chilled tile
// values and the settled territory (Rappaport, Figure 4.10).
var playFigure410 = []string{"{3|5/2}", "3+{0|^}", "1*", "-2v", "1/2", "2v", "-7"}

func runPlayCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"play"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// playDoc mirrors the `play --json` document; japanese and chinese are
// raw so that null can be told from a string.
type playDoc struct {
	First string `json:"first"`
	Moves []struct {
		N         int      `json:"n"`
		Player    string   `json:"player"`
		Tile      string   `json:"tile"`
		Move      string   `json:"move"`
		Value     string   `json:"value"`
		Incentive string   `json:"incentive"`
		Class     string   `json:"class"`
		Equal     []string `json:"equal"`
		Optimal   []string `json:"optimal"`
	} `json:"moves"`
	Result struct {
		MGO      string          `json:"mgo"`
		Japanese json.RawMessage `json:"japanese"`
		Chinese  json.RawMessage `json:"chinese"`
		Exact    *struct {
			MGO string `json:"mgo"`
		} `json:"exact"`
	} `json:"result"`
}

func TestPlayFigure410JSON(t *testing.T) {
	args := append(append([]string{"--games"}, playFigure410...), "--first", "white", "--json")
	code, out, errs := runPlayCmd(t, args...)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var doc playDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out)
	}
	if doc.First != "white" || doc.Result.MGO != "white" {
		t.Fatalf("first %q, winner %q; want white, white", doc.First, doc.Result.MGO)
	}
	if string(doc.Result.Japanese) != "null" || string(doc.Result.Chinese) != "null" {
		t.Errorf("japanese %s, chinese %s; want null with --games", doc.Result.Japanese, doc.Result.Chinese)
	}
	m1 := doc.Moves[0]
	if m1.N != 1 || m1.Player != "white" || m1.Tile != "A" || m1.Move != "5/2" || m1.Value != "{3|5/2}" ||
		m1.Incentive != "{1/2|0}" || m1.Class != "hot" || len(m1.Equal) != 0 {
		t.Errorf("move 1 = %+v", m1)
	}
	// The only winning first move.
	if len(m1.Optimal) != 1 || m1.Optimal[0] != "A:5/2" {
		t.Errorf("winning first moves %v, want only A:5/2", m1.Optimal)
	}
	// One of the figure's winning lines: 1 A->5/2; 2, 4 the two downs
	// (equal choices); 3 B->3^; 5 B->3*; 6-9 the four stars in some order
	// (all equal choices); then numbers only.
	want := []map[string]bool{
		{"A:5/2": true}, {"D:-2*": true, "F:2*": true}, {"B:3^": true}, {"D:-2*": true, "F:2*": true}, {"B:3*": true},
	}
	for i, w := range want {
		if got := doc.Moves[i].Tile + ":" + doc.Moves[i].Move; !w[got] {
			t.Errorf("move %d = %s, want one of %v", i+1, got, w)
		}
	}
	if doc.Moves[1].Tile == doc.Moves[3].Tile {
		t.Errorf("moves 2 and 4 in the same tile %s", doc.Moves[1].Tile)
	}
	stars := map[string]bool{}
	for _, m := range doc.Moves[5:9] {
		if m.Class != "infinitesimal" {
			t.Errorf("move %d class %s, want infinitesimal (a star)", m.N, m.Class)
		}
		stars[m.Tile] = true
	}
	if len(stars) != 4 {
		t.Errorf("moves 6-9 in %v, want four different stars", stars)
	}
	for _, m := range doc.Moves[9:] {
		if m.Class != "number" && m.Class != "integer" {
			t.Errorf("move %d class %s after the stars", m.N, m.Class)
		}
	}
	last := doc.Moves[len(doc.Moves)-1]
	if last.Player != "white" {
		t.Errorf("last move by %s, want white (normal play: the last mover wins)", last.Player)
	}
	for _, m := range doc.Moves {
		if m.Player == "white" && len(m.Optimal) == 0 {
			t.Errorf("move %d: white has no winning move", m.N)
		}
		if m.Player == "black" && len(m.Optimal) != 0 {
			t.Errorf("move %d: black has winning moves %v", m.N, m.Optimal)
		}
	}
}

func TestPlayFigure410Table(t *testing.T) {
	args := append(append([]string{"--games"}, playFigure410...), "--first", "white")
	code, out, errs := runPlayCmd(t, args...)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{"prior to move 1: white to play", "move made: 5/2 (incentive {1/2|0}, mean 1/4)",
		"equal choice: 2*", "winning moves for white: A:5/2", "IV hot", "after move", "white wins"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	code, out, _ = runPlayCmd(t, append(args, "--brief", "--strategy", "thermostrat")...)
	if code != 0 || !strings.Contains(out, "exact play: white wins too") || strings.Contains(out, "prior to move") {
		t.Errorf("--brief --strategy thermostrat: exit %d\n%s", code, out)
	}
}

func TestPlayHeuristicJSON(t *testing.T) {
	code, out, errs := runPlayCmd(t, "--json", "--black", "greedy", "--white", "sentestrat", "--games", "+-3", "{4|2}", "-1/2", "^")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var doc playDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.First != "black" || doc.Result.Exact == nil || doc.Result.Exact.MGO == "" || doc.Moves[0].Optimal != nil {
		t.Errorf("heuristic play: %s", out)
	}
}

func TestPlayErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--games", "1", "2", "{1|", "3"}, 1, "tile C"},
		{[]string{"--games", "1", "2", "{1|", "3"}, 1, "column"},
		{[]string{"--games", "1", "--first", "red"}, 2, "--first"},
		{[]string{"--games", "1", "--first"}, 2, "needs an argument"},
		{[]string{"--games", "1", "--strategy", "minimax"}, 2, "must be one of exact"},
		{[]string{"--games", "1", "--optimal", "maybe"}, 2, "--optimal"},
		{[]string{"--games", "1", "--frobnicate"}, 2, "unknown flag"},
		{[]string{"--games"}, 2, "missing a position FILE, or --games and expressions"},
		{[]string{}, 2, "--games"},
		{[]string{"no-such-position.sgf"}, 1, "no-such-position.sgf"},
		{[]string{"a.txt", "b.txt"}, 2, "one position FILE"},
		{[]string{"--games", "--max-positions", "-1", "1"}, 2, "--max-positions must be >= 0"},
	} {
		code, out, errs := runPlayCmd(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.want) || out != "" {
			t.Errorf("play %q: exit %d, stderr %q, stdout %q; want exit %d mentioning %q", c.args, code, errs, out, c.code, c.want)
		}
		if strings.Contains(errs, "panic") || strings.Contains(errs, "goroutine") {
			t.Errorf("play %q panicked: %s", c.args, errs)
		}
	}
	// Expressions may start with '-' and sit after "--".
	if code, _, errs := runPlayCmd(t, "--games", "--", "-1", "-2v", "--first"); code != 1 || !strings.Contains(errs, "tile C") {
		t.Errorf("after --, --first is an expression: exit %d, %q", code, errs)
	}
	if code, out, _ := runPlayCmd(t, "--help"); code != 0 || !strings.Contains(out, "meanIncentive") || !strings.Contains(out, "Currency") ||
		strings.Contains(out, "not supported") || !strings.Contains(out, "--assume-settled") {
		t.Errorf("--help: exit %d", code)
	}
}

// FuzzPlayArgs feeds the argument rewriting that lets expressions start
// with '-' (expressionArgs) arbitrary argument lists for play and eval
// (split on spaces): it must never panic, keep every argument, and keep
// the expressions in order.
func FuzzPlayArgs(f *testing.F) {
	for _, s := range []string{"--games 1 -2v --first white", "--first=black --json -- -7", "--max-nodes", "--games= -h", "--brief=maybe x", "-1/2 --json -2v"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, cmd := range []*cobra.Command{newPlayCmd(), newEvalCmd()} {
			in := strings.Fields(s)
			out := expressionArgs(cmd, in)
			n := len(out)
			if n != len(in) && !(n == len(in)+1 && slices.Contains(out, "--")) {
				t.Fatalf("%q became %q", in, out)
			}
		}
	})
}

// playPositionDoc mirrors `play FILE --json`.
type playPositionDoc struct {
	First string `json:"first"`
	Moves []struct {
		N       int      `json:"n"`
		Player  string   `json:"player"`
		Tile    string   `json:"tile"`
		Move    string   `json:"move"`
		Value   string   `json:"value"`
		Chilled string   `json:"chilled"`
		Class   string   `json:"class"`
		Equal   []string `json:"equal"`
		Optimal []string `json:"optimal"`
	} `json:"moves"`
	Result struct {
		MGO      string  `json:"mgo"`
		Japanese *string `json:"japanese"`
		Chinese  *string `json:"chinese"`
		Moves    int     `json:"moves"`
		Exact    *struct {
			MGO      string `json:"mgo"`
			Japanese string `json:"japanese"`
			Chinese  string `json:"chinese"`
		} `json:"exact"`
		Final map[string]string `json:"final"`
	} `json:"result"`
}

func playPositionJSON(t *testing.T, args ...string) playPositionDoc {
	t.Helper()
	code, out, errs := runPlayCmd(t, append(args, "--json")...)
	if code != 0 {
		t.Fatalf("play %q: exit %d, stderr %q", args, code, errs)
	}
	var doc playPositionDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out)
	}
	return doc
}

// corridorsFile writes n copies of Black's blocked corridor of length 3
// (Rappaport, chapter 6) as a diagram.
func corridorsFile(t *testing.T, n int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), fmt.Sprintf("corridors-%d.txt", n))
	if err := os.WriteFile(path, []byte(testpos.CorridorTable(n)), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestPlayFileCorridorTable is chapter 6's table for N copies of the
// blocked corridor of length 3: the Japanese and Chinese scores of the
// playing area with each player first, played out exactly.
func TestPlayFileCorridorTable(t *testing.T) {
	want := map[int][4]string{ // japanese B, W first; chinese B, W first
		1: {"2", "1", "3", "1"},
		3: {"4", "3", "5", "3"},
		4: {"5", "5", "6", "4"},
		8: {"10", "10", "10", "10"},
	}
	for n, w := range want {
		path := corridorsFile(t, n)
		for i, first := range []string{"black", "white"} {
			doc := playPositionJSON(t, path, "--first", first)
			if doc.First != first || doc.Result.MGO != "black" || doc.Result.Japanese == nil || doc.Result.Chinese == nil ||
				*doc.Result.Japanese != w[i] || *doc.Result.Chinese != w[2+i] {
				t.Errorf("N=%d, %s first: mgo %s japanese %v chinese %v; want black %s %s", n, first, doc.Result.MGO,
					orDash(doc.Result.Japanese), orDash(doc.Result.Chinese), w[i], w[2+i])
			}
			if doc.Result.Moves != len(doc.Moves) || len(doc.Moves) < n {
				t.Errorf("N=%d: %d moves listed, result.moves %d", n, len(doc.Moves), doc.Result.Moves)
			}
		}
	}
}

func TestPlayFileJSON(t *testing.T) {
	path := filepath.Join("..", "..", "testdata", "problems", "five-tiles.txt")
	out, _, code := runCmd(t, "", "analyze", "--json", path)
	if code != 0 {
		t.Fatalf("analyze: exit %d", code)
	}
	var an struct {
		Tiles []struct {
			ID      string   `json:"id"`
			Points  []string `json:"points"`
			Count   string   `json:"count"`
			Chilled string   `json:"chilled"`
		} `json:"tiles"`
		Outcome struct {
			MGO, Japanese, Chinese struct{ BlackFirst, WhiteFirst string }
		} `json:"outcome"`
	}
	if err := json.Unmarshal([]byte(out), &an); err != nil {
		t.Fatal(err)
	}
	points := map[string]map[string]bool{}
	for _, tl := range an.Tiles {
		points[tl.ID] = map[string]bool{}
		for _, p := range tl.Points {
			points[tl.ID][p] = true
		}
	}
	for _, first := range []string{"black", "white"} {
		doc := playPositionJSON(t, path, "--first", first)
		o := an.Outcome
		wantMGO, wantJ, wantC := o.MGO.BlackFirst, o.Japanese.BlackFirst, o.Chinese.BlackFirst
		if first == "white" {
			wantMGO, wantJ, wantC = o.MGO.WhiteFirst, o.Japanese.WhiteFirst, o.Chinese.WhiteFirst
		}
		if doc.Result.MGO != wantMGO || *doc.Result.Japanese != wantJ {
			t.Errorf("%s first: mgo %s japanese %s, analyze %s %s", first, doc.Result.MGO, *doc.Result.Japanese, wantMGO, wantJ)
		}
		// The Chinese score of this line happens to be the optimum too.
		if *doc.Result.Chinese != wantC {
			t.Errorf("%s first: chinese %s, analyze %s", first, *doc.Result.Chinese, wantC)
		}
		if doc.Result.Exact != nil {
			t.Errorf("exact result reported for exact play")
		}
		player := first
		for i, m := range doc.Moves {
			if m.N != i+1 || m.Player != player || !points[m.Tile][m.Move] || m.Value == "" || m.Chilled == "" || m.Class == "" ||
				m.Equal == nil || m.Optimal == nil {
				t.Errorf("%s first, move %d: %+v", first, i+1, m)
			}
			if player == "black" {
				player = "white"
			} else {
				player = "black"
			}
		}
		if len(doc.Result.Final) != len(an.Tiles) {
			t.Errorf("final %v", doc.Result.Final)
		}
	}
	// The first move's value and chilled value are the tile's.
	doc := playPositionJSON(t, path)
	for _, tl := range an.Tiles {
		if tl.ID == doc.Moves[0].Tile && (tl.Count != doc.Moves[0].Value || tl.Chilled != doc.Moves[0].Chilled) {
			t.Errorf("move 1 in %s: value %s chilled %s, analyze %s %s", tl.ID, doc.Moves[0].Value, doc.Moves[0].Chilled, tl.Count, tl.Chilled)
		}
	}
	// A heuristic: the exact result is analyze's.
	doc = playPositionJSON(t, path, "--strategy", "thermostrat", "--first", "white")
	if e := doc.Result.Exact; e == nil || e.MGO != an.Outcome.MGO.WhiteFirst || e.Japanese != an.Outcome.Japanese.WhiteFirst || e.Chinese != an.Outcome.Chinese.WhiteFirst {
		t.Errorf("thermostrat: exact %+v", doc.Result.Exact)
	}
	// --fill plays Mathematical Go out: the winner is the one predicted.
	fill := playPositionJSON(t, path, "--first", "white", "--fill")
	if fill.Result.MGO != an.Outcome.MGO.WhiteFirst || fill.Result.Moves <= doc.Result.Moves || len(fill.Moves) != fill.Result.Moves {
		t.Errorf("--fill: mgo %s, %d moves", fill.Result.MGO, fill.Result.Moves)
	}
	last := fill.Moves[len(fill.Moves)-1]
	if last.Player != fill.Result.MGO {
		t.Errorf("--fill: last move by %s, winner %s", last.Player, fill.Result.MGO)
	}
}

func TestPlayFileTable(t *testing.T) {
	path := filepath.Join("..", "..", "testdata", "problems", "five-tiles.txt")
	code, out, errs := runPlayCmd(t, path, "--first", "white")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{"prior to move 1: white to play (exact)", "count", "chilled", "black's move",
		"move made: B8 {2|0}", "optimal moves for white", "after move", "I integer", "result after",
		"Japanese (territory + prisoners, Black minus White): 0", "Chinese (area of the playing area, Black minus White, after a play-out in area values): -1",
		"Mathematical Go: black wins"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q\n%s", want, out)
		}
	}
	code, out, _ = runPlayCmd(t, path, "--brief", "--black", "greedy", "--fill")
	if code != 0 || strings.Contains(out, "prior to move") || !strings.Contains(out, "filling territory") ||
		!strings.Contains(out, "exact play (analyze): Mathematical Go black wins, Japanese 1, Chinese 1") {
		t.Errorf("--brief --fill: exit %d\n%s", code, out)
	}
}

func TestPlayFileErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ko := write("ko.txt", "+-------+\n|# # # #|\n|# . . @|\n|@ . . @|\n+-------+\n")
	bad := write("bad.txt", "+---+\n|. Q|\n+---+\n")
	empty := write("empty.txt", "")
	for _, c := range []struct {
		args []string
		code int
		want []string
	}{
		{[]string{ko, "--max-positions", "2", "--board-nodes", "-1"}, 3, []string{"ko.txt", "cannot be played", "tile A", "search budget"}},
		{[]string{ko, "--json", "--max-positions", "2", "--board-nodes", "-1"}, 3, []string{"tile A"}},
		{[]string{bad}, 1, []string{"bad.txt:2"}},
		{[]string{empty}, 1, []string{"empty.txt"}},
		{[]string{filepath.Join(dir, "missing.txt")}, 1, []string{"missing.txt"}},
		{[]string{ko, "--max-positions", "x"}, 2, []string{"--max-positions"}},
	} {
		code, out, errs := runPlayCmd(t, c.args...)
		if code != c.code || out != "" {
			t.Errorf("play %q: exit %d, stdout %q; want exit %d and no output", c.args, code, out, c.code)
		}
		for _, w := range c.want {
			if !strings.Contains(errs, w) {
				t.Errorf("play %q: stderr %q lacks %q", c.args, errs, w)
			}
		}
		if strings.Contains(errs, "panic") || strings.Contains(errs, "goroutine") {
			t.Errorf("play %q panicked: %s", c.args, errs)
		}
	}
}

// TestPlayKoTooLargeForExact: a 19x19 board with 54 tiles and 4 kos has
// too many positions for exact play with the ko ban. The default (exact)
// play refuses with exit 3 and names the way out; --strategy thermostrat
// plays it and states the bounds of exact play and how far its result can
// be from them, in text and JSON, with exit status 3 (nothing proven
// beyond the bounds).
func TestPlayKoTooLargeForExact(t *testing.T) {
	file := "../../testdata/ko/board-19x19-4ko.txt"
	code, out, errs := runPlayCmd(t, file)
	if code != 3 || out != "" || !strings.Contains(errs, "too many positions") || !strings.Contains(errs, "--strategy thermostrat") {
		t.Errorf("exact play: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, errs = runPlayCmd(t, file, "--strategy", "thermostrat", "--first", "white")
	if code != 3 || !strings.Contains(out, "between -2 and 2") || !strings.Contains(out, "at most 2 from exact play") || !strings.Contains(errs, "thermostrat") {
		t.Errorf("thermostrat: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, _ = runPlayCmd(t, file, "--strategy", "thermostrat", "--json")
	var doc struct {
		Result struct {
			Japanese *string `json:"japanese"`
			Exact    struct {
				Japanese       *string  `json:"japanese"`
				JapaneseBounds []string `json:"japaneseBounds"`
			} `json:"exact"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(out), &doc); code != 3 || err != nil {
		t.Fatalf("--json: exit %d, %v: %s", code, err, out)
	}
	if doc.Result.Japanese == nil || doc.Result.Exact.Japanese != nil || strings.Join(doc.Result.Exact.JapaneseBounds, ",") != "-1,3" {
		t.Errorf("--json: result %+v", doc.Result)
	}
}

// TestPlaySpightJapanese: Spight's problem, whose board search proves the
// Japanese scores but not the Chinese ones, is played under Japanese
// counting (White first: D5 first, the only optimal move, and -1 in the
// end), with no Chinese play-out and exit status 3 (not every score of
// the position is proven). Long tier (about a minute).
func TestPlaySpightJapanese(t *testing.T) {
	if !testlong.Enabled() {
		t.Skip("long tier (MATHGO_LONG=1): Spight's problem played out")
	}
	code, out, errs := runPlayCmd(t, "../../testdata/positions/forum/spight-2011.txt", "--first", "white", "--json")
	var doc playKoJSON
	if err := json.Unmarshal([]byte(out), &doc); code != 3 || err != nil {
		t.Fatalf("exit %d, %v: %s\n%s", code, err, out, errs)
	}
	if len(doc.Moves) == 0 || doc.Moves[0].Move != "B:D5" || len(doc.Moves[0].Optimal) != 1 {
		t.Errorf("first move %+v, want B:D5, the only optimal one", doc.Moves)
	}
	if doc.Result.Japanese == nil || *doc.Result.Japanese != "-1" || doc.Result.Chinese != nil {
		t.Errorf("result %+v: want Japanese -1 and no Chinese", doc.Result)
	}
	if !strings.Contains(errs, "only the Japanese scores are proven") {
		t.Errorf("stderr does not say only the Japanese scores are played: %s", errs)
	}
}
