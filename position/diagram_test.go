package position

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
)

// stones returns the position as rows, top first: X O for stones, # @ for
// immortal ones, . for empty.
func stones(p *Position) []string {
	b := p.Board
	var out []string
	for row := b.Rows() - 1; row >= 0; row-- {
		var sb strings.Builder
		for col := 0; col < b.Cols(); col++ {
			q := b.Pt(col, row)
			switch c := b.At(q); {
			case c == board.Black && p.Immortal[q]:
				sb.WriteByte('#')
			case c == board.White && p.Immortal[q]:
				sb.WriteByte('@')
			case c == board.Black:
				sb.WriteByte('X')
			case c == board.White:
				sb.WriteByte('O')
			default:
				sb.WriteByte('.')
			}
		}
		out = append(out, sb.String())
	}
	return out
}

// names turns labels into name:text strings, sorted.
func labelNames(p *Position) []string {
	var out []string
	for q, t := range p.Labels {
		out = append(out, p.Board.Name(q)+":"+t)
	}
	slices.Sort(out)
	return out
}

// frameNames lists the points of Frame(), sorted by point.
func frameNames(p *Position) []string {
	var out []string
	for q, in := range p.Frame() {
		if in {
			out = append(out, p.Board.Name(board.Point(q)))
		}
	}
	return out
}

func TestContractExample(t *testing.T) {
	in := `$$ +---------------+
$$ | # # # # # # # |
$$ | # . a . b X # |
$$ | @ @ @ @ @ @ @ |
$$ +---------------+
`
	p, err := Parse("contract.txt", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"#######", "#....X#", "@@@@@@@"}
	if got := stones(p); !slices.Equal(got, want) {
		t.Errorf("stones %v, want %v", got, want)
	}
	if got := labelNames(p); !slices.Equal(got, []string{"C2:a", "E2:b"}) {
		t.Errorf("labels %v", got)
	}
	if p.Open.Any() || len(frameNames(p)) != 0 {
		t.Errorf("whole board expected: open %+v frame %v", p.Open, frameNames(p))
	}
	if p.ToMove != board.Empty || p.Name != "contract.txt" {
		t.Errorf("ToMove %v Name %q", p.ToMove, p.Name)
	}
	if p.Board.MoveNumber() != 0 {
		t.Error("a diagram has no moves")
	}
}

func TestDiagrams(t *testing.T) {
	for _, tc := range []struct {
		name   string
		in     string
		stones []string
		open   Sides
		labels []string
		frame  []string
		toMove board.Color
		title  string
	}{
		{
			name:   "no border is a whole board, no spaces, no prefix",
			in:     "X.O\n.a.\n,,,\n",
			stones: []string{"X.O", "...", "..."},
			labels: []string{"B2:a"},
		},
		{
			name:   "header with side to move and title",
			in:     "$$B Black to play\n$$ X . O\n$$ . . .\n",
			stones: []string{"X.O", "..."},
			toMove: board.Black,
			title:  "Black to play",
		},
		{
			name:   "header with coordinates and size",
			in:     "$$Wc9 Corner\n$$ +-----\n$$ | . X\n$$ | O .\n",
			stones: []string{".X", "O."},
			open:   Sides{Bottom: true, Right: true},
			toMove: board.White,
			title:  "Corner",
			frame:  []string{"A1", "B2"},
		},
		{
			name:   "bare $$c header",
			in:     "$$c\n$$ . .\n",
			stones: []string{".."},
		},
		{
			name:   "top-left corner fragment",
			in:     "+--------\n| . . . .\n| . X X .\n| O . . X\n",
			stones: []string{"....", ".XX.", "O..X"},
			open:   Sides{Bottom: true, Right: true},
			frame:  []string{"A1", "D1"},
		},
		{
			name:   "left and right edges only",
			in:     "| X . O |\n| . . . |\n| X X X |\n",
			stones: []string{"X.O", "...", "XXX"},
			open:   Sides{Top: true, Bottom: true},
			frame:  []string{"A1", "B1", "C1", "A3", "C3"},
		},
		{
			name:   "bottom edge only, frame without liberties is allowed",
			in:     "O X . .\nO X . .\n-------\n",
			stones: []string{"OX..", "OX.."},
			open:   Sides{Top: true, Left: true, Right: true},
			frame:  []string{"A1", "B1", "A2", "B2"},
		},
		{
			name:   "filled open top row is part of the frame",
			in:     "XXXX\nOOOO\n.O.O\n----\n",
			stones: []string{"XXXX", "OOOO", ".O.O"},
			open:   Sides{Top: true, Left: true, Right: true},
			frame:  []string{"B1", "D1", "A2", "B2", "C2", "D2", "A3", "B3", "C3", "D3"},
		},
		{
			name:   "row of # stones is a row, comments and blank lines ignored",
			in:     "// a comment\n\n# # #\n   // indented comment\n. . .\n$$ // comment after prefix\n@ @ @\n",
			stones: []string{"###", "...", "@@@"},
		},
		{
			name:   "CRLF, BOM and tabs",
			in:     "\uFEFF$$ +-----+\r\n$$ |\t. X .|\r\n$$ | O . .|\r\n$$ +-----+\r\n",
			stones: []string{".X.", "O.."},
		},
		{
			name:   "labels on every letter",
			in:     "abcdefghijklm\nnopqrstuvwxyz\n",
			stones: []string{".............", "............."},
			labels: []string{"A1:n", "A2:a", "B1:o", "B2:b", "C1:p", "C2:c", "D1:q", "D2:d", "E1:r", "E2:e", "F1:s", "F2:f", "G1:t", "G2:g", "H1:u", "H2:h", "J1:v", "J2:i", "K1:w", "K2:j", "L1:x", "L2:k", "M1:y", "M2:l", "N1:z", "N2:m"},
		},
		{
			name:   "one point",
			in:     "+-+\n|.|\n+-+\n",
			stones: []string{"."},
		},
		{
			name:   "25x25 is allowed",
			in:     strings.Repeat(strings.Repeat(".", 25)+"\n", 25),
			stones: slices.Repeat([]string{strings.Repeat(".", 25)}, 25),
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Parse("d.txt", []byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if got := stones(p); !slices.Equal(got, tc.stones) {
				t.Errorf("stones %v, want %v", got, tc.stones)
			}
			if p.Open != tc.open {
				t.Errorf("open %+v, want %+v", p.Open, tc.open)
			}
			if got := labelNames(p); !slices.Equal(got, tc.labels) {
				t.Errorf("labels %v, want %v", got, tc.labels)
			}
			if got := frameNames(p); !slices.Equal(got, tc.frame) {
				t.Errorf("frame %v, want %v", got, tc.frame)
			}
			if p.ToMove != tc.toMove || p.Title != tc.title {
				t.Errorf("to move %v title %q, want %v %q", p.ToMove, p.Title, tc.toMove, tc.title)
			}
		})
	}
}

func TestDiagramErrors(t *testing.T) {
	for _, tc := range []struct {
		name      string
		in        string
		line, col int
		msg       string
	}{
		{"unknown symbol", "X.Q\n...\n", 1, 3, "unknown symbol 'Q'"},
		{"unknown symbol after prefix", "$$ +-----+\n$$ | . Q |\n", 2, 8, "unknown symbol 'Q'"},
		{"uppercase letter", "X B .\n", 1, 3, "unknown symbol 'B'"},
		{"digit", ". 1 .\n", 1, 3, "unknown symbol '1'"},
		{"header only on the first line", "X .\n$$B\n", 2, 3, "unknown symbol 'B'"},
		{"non-ASCII symbol", ". ● .\n", 1, 3, "unknown symbol '●' (U+25CF)"},
		{"trailing text", ". . Black to play\n", 1, 5, "unknown symbol 'B'"},
		{"ragged rows", "...\n..\n", 2, 1, "row has 2 points, expected 3"},
		{"ragged rows with borders", "+-----+\n| . . |\n| . . . |\n+-----+\n", 3, 1, "row has 3 points, expected 2"},
		{"26 columns", strings.Repeat(".", 26) + "\n", 1, 26, "row has 26 points; at most 25"},
		{"26x26", strings.Repeat(strings.Repeat(". ", 26)+"\n", 26), 1, 51, "at most 25"},
		{"26 rows", strings.Repeat(".....\n", 26), 26, 1, "more than 25 rows"},
		{"empty input", "", 0, 0, "empty input"},
		{"whitespace only", " \n\t\n", 0, 0, "empty input"},
		{"comments only", "// nothing\n$$\n", 0, 0, "no board rows"},
		{"border only", "+--+\n", 0, 0, "no board rows"},
		{"NUL byte", "..\n.\x00\n", 2, 2, "control character U+0000"},
		{"bell", "\a", 1, 1, "control character U+0007"},
		{"control character counted in runes", "é☃\x01\n", 1, 3, "control character U+0001"},
		{"invalid UTF-8", "X.\xff\n", 1, 3, "invalid UTF-8"},
		{"lone carriage return", ".\r.\n", 1, 2, "control character U+000D"},
		{"suicide stone", "XO\nO.\n", 1, 1, "stone at A2 has no liberties"},
		{"suicide stone in borders", "+---+\n|.XO|\n|..X|\n+---+\n", 2, 4, "stone at C2 has no liberties"},
		{"suicide block", "XXO\nOO.\n...\n", 1, 1, "block of 2 stones at A3 has no liberties"},
		{"ordinary stone walled in by immortal stones", "X@@\n@@@\n", 1, 1, "stone at A2 has no liberties"},
		{"ordinary block beside an immortal one", "+----+\n|XX@@|\n|@@@@|\n+----+\n", 2, 2, "block of 2 stones at A2 has no liberties"},
		{"border closed on the left only", "+------\n| . . |\n", 1, 7, "unterminated border: the right edge '|' needs a corner '+' here"},
		{"corner without edge", "+-----+\n| . .\n", 1, 7, "border corner '+' but the rows have no right edge"},
		{"row missing its right edge", "| . . |\n| . .\n", 2, 5, "right edge '|' missing on this row"},
		{"row with an extra left edge", ". .\n| . .\n", 2, 1, "left edge '|' on this row but not on line 1"},
		{"bottom border without left corner", "| . . |\n-------+\n", 2, 1, "unterminated border: the left edge '|' needs a corner '+' here"},
		{"edge inside a row", ". | .\n", 1, 3, "border '|' inside a board row"},
		{"dash inside a row", ". - .\n", 1, 3, "border character '-' inside a board row"},
		{"row below the bottom border", "..\n--\n..\n", 3, 1, "board row below the bottom border"},
		{"second top border", "--\n--\n..\n", 2, 1, "second top border"},
		{"second bottom border", "..\n--\n--\n", 3, 1, "second bottom border"},
		{"row of edges only", "| |\n", 1, 1, "board row without points"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Parse("bad.txt", []byte(tc.in))
			if err == nil {
				t.Fatalf("no error; board\n%s", p.Board)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T %v is not *Error", err, err)
			}
			if e.File != "bad.txt" || e.Line != tc.line || e.Col != tc.col || !strings.Contains(e.Msg, tc.msg) {
				t.Errorf("error %q (line %d col %d), want line %d col %d containing %q", err, e.Line, e.Col, tc.line, tc.col, tc.msg)
			}
		})
	}
}

func TestErrorFormat(t *testing.T) {
	for _, tc := range []struct {
		e    Error
		want string
	}{
		{Error{File: "file.txt", Line: 3, Col: 7, Msg: "unknown symbol 'Q'"}, "file.txt:3:7: unknown symbol 'Q'"},
		{Error{File: "game.sgf", Prop: "AB[zz]", Msg: "point off the 9x9 board"}, "game.sgf: property AB[zz]: point off the 9x9 board"},
		{Error{File: "game.sgf", Line: 2, Col: 5, Prop: "AB[zz]", Msg: "point off the 9x9 board"}, "game.sgf:2:5: property AB[zz]: point off the 9x9 board"},
		{Error{File: "f", Line: 4, Msg: "m"}, "f:4: m"},
		{Error{Msg: "m"}, "m"},
	} {
		if got := tc.e.Error(); got != tc.want {
			t.Errorf("Error() = %q, want %q", got, tc.want)
		}
	}
}

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "pos.txt")
	if err := os.WriteFile(path, []byte("X.\n.O\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := stones(p); !slices.Equal(got, []string{"X.", ".O"}) || p.Name != path {
		t.Errorf("ReadFile: %v name %q", got, p.Name)
	}
	if _, err := ReadFile(filepath.Join(dir, "missing.txt")); err == nil || !strings.Contains(err.Error(), "missing.txt") {
		t.Errorf("missing file: %v", err)
	}

	// "-" reads standard input.
	bad := filepath.Join(dir, "stdin.txt")
	if err := os.WriteFile(bad, []byte("(;SZ[3]AB[aa]\nAW[zz])"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(bad)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	saved := os.Stdin
	os.Stdin = f
	defer func() { os.Stdin = saved }()
	_, err = ReadFile("-")
	if err == nil || err.Error() != "<stdin>:2:3: property AW[zz]: point off the 3x3 board" {
		t.Errorf("stdin: %v", err)
	}
}
