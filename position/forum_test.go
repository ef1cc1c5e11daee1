package position

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
)

// spightRows are the stones of Bill Spight's problem, top row (9) first.
var spightRows = []string{
	"O.O...XO.",
	".OOX.XXOO",
	"OOXXXXXO.",
	".XXOXOOOO",
	".XX.OOXXX",
	".XOOOX.X.",
	".XXXOXXXX",
	".XOOOOOOO",
	".X.......",
}

// TestForumStyle checks the forum style of borders ('-' lines and '|'
// sides without '+' corners) on the bundled Spight problem, and the same
// diagram redrawn with "$$" on every line, with and without a space after
// it, and with '+' corners.
func TestForumStyle(t *testing.T) {
	path := filepath.Join("..", "testdata", "positions", "forum", "spight-2011.txt")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	if !strings.Contains(text, "// Bill Spight, 'Yet another old problem', Life In 19x19, February 2011") {
		t.Fatalf("%s lost its source comment", path)
	}
	// The diagram lines of the file, without comments.
	var lines []string
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if !strings.HasPrefix(l, "//") {
			lines = append(lines, l)
		}
	}
	redraw := func(f func(string) string) string {
		var sb strings.Builder
		for _, l := range lines {
			sb.WriteString(f(l))
			sb.WriteByte('\n')
		}
		return sb.String()
	}
	variants := map[string]string{
		"file":               text,
		"$$ on every line":   redraw(func(l string) string { return strings.Replace("$$ "+l, "$$ $$W", "$$W", 1) }),
		"$$ without a space": redraw(func(l string) string { return strings.Replace("$$"+strings.TrimLeft(l, " "), "$$$$W", "$$W", 1) }),
		"no leading space":   redraw(func(l string) string { return strings.TrimLeft(l, " ") }),
		"$$ and + corners": redraw(func(l string) string {
			return strings.Replace(strings.Replace("$$ "+l, "$$ $$W", "$$W", 1), " -------------------", "+-------------------+", 1)
		}),
		"tabs and CRLF, $$ only": strings.ReplaceAll(redraw(func(l string) string {
			if l == "$$W" {
				return "// header dropped"
			}
			return "$$\t" + l
		}), "\n", "\r\n"),
	}
	if !strings.Contains(variants["$$ and + corners"], "$$ +-----") || !strings.Contains(variants["$$ without a space"], "$$|") {
		t.Fatalf("redraw failed:\n%s\n%s", variants["$$ and + corners"], variants["$$ without a space"])
	}
	for name, in := range variants {
		t.Run(name, func(t *testing.T) {
			p, err := Parse("spight", []byte(in))
			if err != nil {
				t.Fatalf("%v\n%s", err, in)
			}
			b := p.Board
			if b.Cols() != 9 || b.Rows() != 9 || p.Open.Any() {
				t.Fatalf("want a whole 9x9 board, got %dx%d open %+v", b.Cols(), b.Rows(), p.Open)
			}
			if got := stones(p); !slices.Equal(got, spightRows) {
				t.Errorf("stones\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(spightRows, "\n"))
			}
			if name != "tabs and CRLF, $$ only" && p.ToMove != board.White {
				t.Errorf("to move %v, want white", p.ToMove)
			}
			for pt, want := range map[string]board.Color{
				"A9": board.White, "B9": board.Empty, "G9": board.Black, "H9": board.White, "J9": board.Empty,
				"D5": board.Empty, "E5": board.White, "J5": board.Black, "A1": board.Empty, "B1": board.Black,
				"J2": board.White, "G4": board.Empty, "D6": board.White,
			} {
				q, err := b.ParsePoint(pt)
				if err != nil {
					t.Fatal(err)
				}
				if got := b.At(q); got != want {
					t.Errorf("%s is %v, want %v", pt, got, want)
				}
			}
		})
	}
}

// TestForumStyleFragments checks the forum style on fragments: a '-' line
// over rows with a '|' on one side only is a corner, and '+' corners are
// still checked when they are drawn.
func TestForumStyleFragments(t *testing.T) {
	p, err := Parse("f", []byte("$$B\n$$ ------\n$$ | . . .\n$$ | . X .\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := (Sides{Bottom: true, Right: true}); p.Open != want || p.ToMove != board.Black {
		t.Errorf("open %+v to move %v, want %+v and black", p.Open, p.ToMove, want)
	}
	p, err = Parse("f", []byte(". . . |\n. O . |\n-------\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := (Sides{Top: true, Left: true}); p.Open != want {
		t.Errorf("open %+v, want %+v", p.Open, want)
	}
	// A '+' at one end only is still an unterminated border.
	if _, err := Parse("f", []byte(" -----+\n| . . |\n")); err == nil || !strings.Contains(err.Error(), "left edge '|' needs a corner '+'") {
		t.Errorf("half-cornered border: %v", err)
	}
}
