package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
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
	for _, want := range []string{"prior to move 1: white to play", "MOVE MADE: 5/2 (incentive {1/2|0}, mean 1/4)",
		"EQUAL CHOICE: 2*", "winning moves for white: A:5/2", "IV hot", "after move", "white wins"} {
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
		{[]string{"--games", "1", "--strategy", "minimax"}, 2, "unknown strategy"},
		{[]string{"--games", "1", "--optimal", "maybe"}, 2, "--optimal"},
		{[]string{"--games", "1", "--frobnicate"}, 2, "unknown flag"},
		{[]string{"--games"}, 2, "at least one expression"},
		{[]string{}, 2, "--games"},
		{[]string{"position.sgf"}, 2, "not supported yet"},
		{[]string{"--games", "--max-nodes", "-1", "1"}, 2, "--max-nodes"},
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
	if code, out, _ := runPlayCmd(t, "--help"); code != 0 || !strings.Contains(out, "meanIncentive") {
		t.Errorf("--help: exit %d", code)
	}
}

// FuzzPlayArgs feeds the hand-written flag parser of play arbitrary
// argument lists (split on spaces): it must return an error or a result,
// never panic.
func FuzzPlayArgs(f *testing.F) {
	for _, s := range []string{"--games 1 -2v --first white", "--first=black --json -- -7", "--max-nodes", "--games= -h", "--brief=maybe x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cmd := newPlayCmd()
		_, _, _ = parsePlayArgs(cmd.Flags(), strings.Fields(s))
	})
}
