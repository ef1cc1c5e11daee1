package realgo

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
)

// fixtureExpect is what a testdata/realgo file says its result is, in
// comment lines:
//
//	// expect japanese <black first> <white first>
//	// expect chinese <black first> <white first>
//	// expect best <counting> <black|white> <moves...>
type fixtureExpect struct {
	scores map[rules.Counting][2]int
	best   map[rules.Counting]map[board.Color][]string
	// mayBeUnknown marks a position the solver cannot yet decide within
	// the test's budget ("// expect may-be-unknown"): an unknown outcome is
	// logged, a known one must still be right.
	mayBeUnknown bool
}

func parseExpect(t *testing.T, data []byte) fixtureExpect {
	t.Helper()
	ex := fixtureExpect{scores: map[rules.Counting][2]int{}, best: map[rules.Counting]map[board.Color][]string{}}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 3 || f[0] != "//" || f[1] != "expect" {
			continue
		}
		count := func(s string) rules.Counting {
			switch s {
			case "japanese":
				return rules.Japanese
			case "chinese":
				return rules.Chinese
			}
			t.Fatalf("bad counting %q", s)
			return 0
		}
		switch f[2] {
		case "may-be-unknown":
			ex.mayBeUnknown = true
		case "japanese", "chinese":
			if len(f) != 5 {
				t.Fatalf("bad expect line %q", sc.Text())
			}
			b, err1 := strconv.Atoi(f[3])
			w, err2 := strconv.Atoi(f[4])
			if err1 != nil || err2 != nil {
				t.Fatalf("bad expect line %q", sc.Text())
			}
			ex.scores[count(f[2])] = [2]int{b, w}
		case "best":
			if len(f) < 6 {
				t.Fatalf("bad expect line %q", sc.Text())
			}
			c := count(f[3])
			side := board.Black
			if f[4] == "white" {
				side = board.White
			}
			if ex.best[c] == nil {
				ex.best[c] = map[board.Color][]string{}
			}
			ex.best[c][side] = f[5:]
		default:
			t.Fatalf("bad expect line %q", sc.Text())
		}
	}
	return ex
}

func moveNames(b *board.Board, ms []board.Point) []string {
	var out []string
	for _, m := range ms {
		out = append(out, b.Name(m))
	}
	return out
}

// TestFixtures solves the hand-checked positions of testdata/realgo (each
// file says why its result is what it is) and compares.
func TestFixtures(t *testing.T) {
	files, err := filepath.Glob("../testdata/realgo/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		ex := parseExpect(t, data)
		if len(ex.scores) == 0 {
			continue // the Spight problem has its own test
		}
		t.Run(filepath.Base(f), func(t *testing.T) {
			pos, err := position.Parse(f, data)
			if err != nil {
				t.Fatal(err)
			}
			for c, want := range ex.scores {
				for i, first := range []board.Color{board.Black, board.White} {
					wb, withMoves := ex.best[c][first]
					budget := int64(1_000_000)
					if ex.mayBeUnknown {
						budget = 150_000
					}
					res, err := Solve(pos, Options{First: first, Countings: []rules.Counting{c}, MaxNodes: budget, NoMoves: !withMoves})
					if err != nil {
						t.Fatal(err)
					}
					o := res.Get(c, first)
					if !o.Known && ex.mayBeUnknown {
						if o.Lower > want[i] || o.Upper < want[i] {
							t.Errorf("%s: got %s, whose bounds exclude %d", f, o.String(), want[i])
						}
						t.Logf("%s: %s (allowed)", f, o.String())
						continue
					}
					if !o.Known || o.Score != want[i] {
						t.Errorf("%s: got %s, want %d", f, o.String(), want[i])
						continue
					}
					if !withMoves {
						continue
					}
					{
						got := moveNames(pos.Board, o.Best)
						if !slices.Equal(got, wb) {
							t.Errorf("%s, %s %s first: best moves %v, want %v", f, c, first, got, wb)
						}
					}
					if len(o.PV) == 0 || o.PV[len(o.PV)-1] != board.Pass {
						t.Errorf("%s, %s %s first: principal variation %v does not end with a pass", f, c, first, moveNames(pos.Board, o.PV))
					}
				}
			}
		})
	}
}
