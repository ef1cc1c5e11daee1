package tiles

import (
	"github.com/mathgo/mathgo/internal/testpos"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/position"
)

// TestPositionFiles checks every position in testdata/positions against
// the expectations written in its comment lines:
//
//	// tile A chilled 5/4
//	// tile A count {2||1|*}
//	// tile A kind dame
func TestPositionFiles(t *testing.T) {
	files := testpos.Files(t, "positions")
	if len(files) < 20 {
		t.Fatalf("expected the bundled positions, found %d", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f.Path), func(t *testing.T) {
			data := f.Data
			a, err := Analyze(f.Pos, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(a.Problems) > 0 {
				t.Fatalf("problems: %v", a.Problems)
			}
			checked := 0
			for _, line := range strings.Split(string(data), "\n") {
				fields := strings.Fields(strings.TrimPrefix(line, "//"))
				if !strings.HasPrefix(line, "//") || len(fields) != 4 || fields[0] != "tile" {
					continue
				}
				tl := a.Tile(fields[1])
				if tl == nil {
					t.Fatalf("no tile %s", fields[1])
				}
				checked++
				switch fields[2] {
				case "kind":
					if string(tl.Kind) != fields[3] {
						t.Errorf("tile %s kind %s, want %s", tl.ID, tl.Kind, fields[3])
					}
				case "count", "chilled":
					want := cgt.MustParse(fields[3])
					got := tl.Count
					if fields[2] == "chilled" {
						got = tl.Chilled
					}
					if got != want {
						t.Errorf("tile %s %s = %s, want %s", tl.ID, fields[2], got, want)
					}
				default:
					t.Fatalf("bad expectation %q", line)
				}
				if !tl.WarmOK {
					t.Errorf("tile %s fails the BIG theorem check", tl.ID)
				}
			}
			if checked == 0 {
				t.Fatal("no expectations in the file")
			}
		})
	}
}

// TestChineseCorridorTable checks chapter 6's table for N copies of the
// blocked corridor of length 3: Japanese and Chinese scores of the playing
// area with each player first.
func TestChineseCorridorTable(t *testing.T) {
	want := map[int][4]string{ // japanese B, W first; chinese B, W first
		1: {"2", "1", "3", "1"},
		3: {"4", "3", "5", "3"},
		4: {"5", "5", "6", "4"},
		8: {"10", "10", "10", "10"},
	}
	for n, w := range want {
		text := testpos.CorridorTable(n)
		a := analyzeText(t, text, Options{})
		if len(a.Tiles) != n {
			t.Fatalf("N=%d: %d tiles", n, len(a.Tiles))
		}
		jb := japanese(a, 1)
		jw := japanese(a, 2)
		cb, _ := chinese(a, 1)
		cw, _ := chinese(a, 2)
		got := [4]string{jb.String(), jw.String(), cb.String(), cw.String()}
		if got != w {
			t.Errorf("N=%d: japanese %s/%s chinese %s/%s, want %v", n, got[0], got[1], got[2], got[3], w)
		}
	}
}

func TestBadInput(t *testing.T) {
	cases := map[string]string{
		"unknown symbol":  "+---+\n|. Q|\n+---+\n",
		"ragged rows":     "+-----+\n|. . .|\n|. .|\n+-----+\n",
		"suicide stone":   "+---+\n|X O|\n|O .|\n+---+\n",
		"empty":           "",
		"binary garbage":  "\x00\x01\x02\xff\xfe",
		"26x26":           strings.Repeat(strings.Repeat(".", 26)+"\n", 26),
		"sgf off board":   "(;GM[1]SZ[5]AB[zz])",
		"unclosed border": "+---+\n|. .\n",
	}
	for name, text := range cases {
		if _, err := position.Parse(name, []byte(text)); err == nil {
			t.Errorf("%s: accepted", name)
		} else if !strings.Contains(err.Error(), name) && !strings.Contains(err.Error(), ":") {
			t.Errorf("%s: error %q names no place", name, err)
		}
	}
}
