package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
)

const gamesDir = "../../testdata/games"

func TestSGFVertex(t *testing.T) {
	for _, tc := range []struct {
		size     int
		v, want  string
		wantFail bool
	}{
		{9, "A1", "ai", false}, {9, "J9", "ia", false}, {9, "e5", "ee", false}, {19, "T19", "sa", false},
		{19, "D4", "dp", false}, {9, "pass", "", false}, {9, "PASS", "", false},
		{9, "I5", "", true}, {9, "K1", "", true}, {9, "A10", "", true}, {9, "A0", "", true}, {9, "A", "", true}, {9, "5A", "", true},
	} {
		got, err := SGFVertex(tc.size, tc.v)
		if (err != nil) != tc.wantFail || got != tc.want {
			t.Errorf("SGFVertex(%d, %q) = %q, %v", tc.size, tc.v, got, err)
		}
	}
}

// TestRecord writes a record and reads it back as a game: the moves, the
// game information and the comment naming the command.
func TestRecord(t *testing.T) {
	s := Spec{Size: 9, Level: 3, Seed: 7, Komi: "6.5", Rules: "chinese"}
	data, err := Record(s, "GNU Go 3.8", []string{"E5", "C3", "pass", "G7", "pass", "pass"}, "B+2.5")
	if err != nil {
		t.Fatal(err)
	}
	g, err := position.ParseGame("record", data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if g.Cols != 9 || g.Komi.String() != "6.5" || g.Rules != "chinese" || g.Result != "B+2.5" || g.Title != "g09-l3-s7" || len(g.Moves) != 6 {
		t.Fatalf("game %+v", g)
	}
	if g.Moves[0].Color != board.Black || g.Moves[1].Color != board.White || g.Moves[2].Point != board.Pass {
		t.Errorf("moves %+v", g.Moves)
	}
	pos, _ := g.PositionAfter(-1)
	if pos.Board.Name(g.Moves[3].Point) != "G7" {
		t.Errorf("move 4 is %s", pos.Board.Name(g.Moves[3].Point))
	}
	c, _ := g.Root.Get("C")
	for _, want := range []string{"gnugo --mode gtp --seed 7 --level 3 --chinese-rules", "komi 6.5", "result B+2.5"} {
		if !bytes.Contains([]byte(c), []byte(want)) {
			t.Errorf("comment lacks %q: %q", want, c)
		}
	}
	if _, err := Record(s, "x", []string{"Z9"}, "0"); err == nil {
		t.Error("a bad vertex is accepted")
	}
}

// TestManifestUpToDate rebuilds the manifest from the records and
// compares it with the committed one.
func TestManifestUpToDate(t *testing.T) {
	got, err := Manifest(gamesDir)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(gamesDir, ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("positions.tsv is not what gengames makes from the records:\n%s", got)
	}
}

// TestReproducible plays the fastest game of the set again (9x9, level 1)
// and compares the record byte for byte with the committed one.
func TestReproducible(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a GNU Go game: skipped in -short mode")
	}
	path := GNUGoPath()
	if path == "" {
		t.Skip("GNU Go is not installed (apt-get install gnugo, or $GNUGO)")
	}
	for _, s := range Games {
		if s.Size != 9 || s.Level != 1 {
			continue
		}
		data, err := Generate(path, s, 5*time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(gamesDir, s.Name()+".sgf"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, want) {
			t.Errorf("%s: GNU Go played a different game:\n%s", s.Name(), data)
		}
		return
	}
	t.Fatal("no 9x9 level-1 game in the set")
}

// TestCampaign: the campaign games are 24, all distinct, and none is a
// game of the bundled set (a campaign never stands for a bundled record).
func TestCampaign(t *testing.T) {
	if len(Campaign) != 24 {
		t.Errorf("%d campaign games, want 24", len(Campaign))
	}
	names := map[string]bool{}
	for _, s := range Games {
		names[s.Name()] = true
	}
	for _, s := range Campaign {
		if names[s.Name()] {
			t.Errorf("%s is in both sets (or twice in the campaign)", s.Name())
		}
		names[s.Name()] = true
		if !s.CaptureAllDead || s.Level != 10 || (s.Size != 9 && s.Size != 13) {
			t.Errorf("%s: not a level-10 9x9 or 13x13 game with --capture-all-dead", s.Name())
		}
	}
}
