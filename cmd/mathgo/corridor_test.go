package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/corridors"
)

func runCorridorCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"corridor"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestCorridorJSONContract(t *testing.T) {
	code, out, errs := runCorridorCmd(t, "--type", "blocked", "--length", "5", "--json")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, []byte(out)); err != nil {
		t.Fatalf("not one JSON document: %v\n%s", err, out)
	}
	want := `{"type":"blocked","length":5,"count":"{4||||3|||2||1|*}","chilled":"49/16"}`
	if compact.String() != want {
		t.Errorf("got  %s\nwant %s", compact.String(), want)
	}
	code, out, _ = runCorridorCmd(t, "--type", "gote", "--length", "4", "--owner", "white", "--json")
	compact.Reset()
	_ = json.Compact(&compact, []byte(out))
	want = `{"type":"gote","length":4,"count":"{0|-2||-3|||-4}","chilled":"-3vv*"}`
	if code != 0 || compact.String() != want {
		t.Errorf("exit %d, got %s\nwant %s", code, compact.String(), want)
	}
}

// TestCorridorAllLengths checks the command against the package for every
// family, length 1..12 and owner.
func TestCorridorAllLengths(t *testing.T) {
	for _, typ := range corridors.Types {
		for n := 1; n <= 12; n++ {
			for _, owner := range []board.Color{board.Black, board.White} {
				code, out, errs := runCorridorCmd(t, "--json", "--type", typ, "--length", fmt.Sprint(n), "--owner", owner.String())
				count, chilled, err := corridors.Values(typ, n, owner)
				if err != nil {
					if code != 2 || out != "" || !strings.Contains(errs, "length at least") {
						t.Errorf("%s %d: exit %d, stdout %q, stderr %q", typ, n, code, out, errs)
					}
					continue
				}
				var got corridorJSON
				if code != 0 || json.Unmarshal([]byte(out), &got) != nil {
					t.Fatalf("%s %d %s: exit %d: %s %s", typ, n, owner, code, out, errs)
				}
				if got != (corridorJSON{typ, n, count.String(), chilled.String()}) {
					t.Errorf("%s %d %s: %+v", typ, n, owner, got)
				}
			}
		}
	}
}

func TestCorridorTable(t *testing.T) {
	code, out, _ := runCorridorCmd(t, "--type", "unblocked", "--length", "5")
	if code != 0 || !strings.Contains(out, "n-4+2^-(n-3) = 1 + 1/4") || !strings.Contains(out, "{2||1|*}") || !strings.Contains(out, "5/4") {
		t.Errorf("exit %d\n%s", code, out)
	}
	code, out, _ = runCorridorCmd(t, "--type", "gote", "--length", "3", "--unicode")
	if code != 0 || !strings.Contains(out, "2↑") {
		t.Errorf("exit %d\n%s", code, out)
	}
}

func TestCorridorErrors(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"--type", "blocked"},
		{"--length", "3"},
		{"--type", "open", "--length", "3"},
		{"--type", "blocked", "--length", "0"},
		{"--type", "blocked", "--length", "-2"},
		{"--type", "unblocked", "--length", "1"},
		{"--type", "gote", "--length", "1"},
		{"--type", "blocked", "--length", "3", "--owner", "purple"},
		{"--type", "blocked", "--length", "3", "--json", "--owner", "none"},
		{"--type", "blocked", "--length", "99999"},
		{"--type", "blocked", "--length", "3", filepath.Join("..", "..", "testdata", "corridors", "figure-5.2.txt")},
	} {
		code, out, errs := runCorridorCmd(t, args...)
		if code != 2 || out != "" || !strings.HasPrefix(errs, "mathgo corridor: ") || !strings.Contains(errs, "Usage: mathgo corridor") || strings.Contains(errs, "goroutine") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	code, _, errs := runCorridorCmd(t, "--type", "blocked", "--length", "x")
	if code == 0 || errs == "" {
		t.Errorf("non-numeric length: exit %d, stderr %q", code, errs)
	}
	code, _, errs = runCorridorCmd(t, "no-such-file.txt")
	if code != 1 || !strings.Contains(errs, "no-such-file.txt") {
		t.Errorf("missing file: exit %d, stderr %q", code, errs)
	}
}

// TestCorridorFile lists the corridors and the socket of Figure 5.2.
func TestCorridorFile(t *testing.T) {
	path := filepath.Join("..", "..", "testdata", "corridors", "figure-5.2.txt")
	code, out, errs := runCorridorCmd(t, "--json", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got positionCorridorsJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	// The socketed chain is no wall: its corridors and socket are one tile
	// (the socket game), so no tile is a lone corridor.
	if len(got.Corridors) != 0 || len(got.Sockets) != 1 {
		t.Fatalf("%d corridors, %d sockets", len(got.Corridors), len(got.Sockets))
	}
	s := got.Sockets[0]
	if s.Point != "A3" || s.Chilled != "373/32" || s.RelativeChilled != "405/32" || s.Naive != "201/16" || len(s.Tiles) != 1 || len(s.Corridors) != 8 {
		t.Errorf("socket %+v", s)
	}
	code, out, _ = runCorridorCmd(t, path)
	if code != 0 || !strings.Contains(out, "socket A3") || !strings.Contains(out, "12 + 21/32 counting the socket as 1") {
		t.Errorf("exit %d\n%s", code, out)
	}
}
