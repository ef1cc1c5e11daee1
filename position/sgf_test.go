package position

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
)

func TestSGF(t *testing.T) {
	for _, tc := range []struct {
		name       string
		in         string
		stones     []string
		labels     []string
		toMove     board.Color
		title      string
		moves      int
		prisoners  [2]int // black, white
		checkBoard func(t *testing.T, p *Position)
	}{
		{
			name:   "setup and player",
			in:     "(;GM[1]FF[4]SZ[5]AB[aa][bb]AW[cc]PL[W])",
			stones: []string{"X....", ".X...", "..O..", ".....", "....."},
			toMove: board.White,
		},
		{
			name:   "rectangular SZ[cols:rows], aa is the top-left corner",
			in:     "(;SZ[7:3]AB[aa]AW[gc]AB[ac])",
			stones: []string{"X......", ".......", "X.....O"},
		},
		{
			name:   "compressed point list and AE",
			in:     "(;SZ[4]AB[aa:cc]AW[dd];AE[bb])",
			stones: []string{"XXX.", "X.X.", "XXX.", "...O"},
		},
		{
			name:   "compressed list with corners in any order",
			in:     "(;SZ[3]AW[ca:ab])",
			stones: []string{"OOO", "OOO", "..."},
		},
		{
			name:   "moves, next player from the last move",
			in:     "(;SZ[3]AB[ba][ab];W[cc];B[bb])",
			stones: []string{".X.", "XX.", "..O"},
			toMove: board.White,
			moves:  2,
		},
		{
			name:      "capture by a move",
			in:        "(;SZ[3];B[ba];W[aa];B[ab])",
			stones:    []string{".X.", "X..", "..."},
			toMove:    board.White,
			moves:     3,
			prisoners: [2]int{1, 0},
		},
		{
			name:   "main line takes the first variation at each branch",
			in:     "(;SZ[5](;B[aa];W[bb](;B[cc])(;B[dd]))(;B[ee]))",
			stones: []string{"X....", ".O...", "..X..", ".....", "....."},
			toMove: board.White,
			moves:  3,
		},
		{
			name:   "passes: B[] and B[tt] on 19x19",
			in:     "(;SZ[19];B[];W[tt];B[aa])",
			moves:  3,
			toMove: board.White,
			checkBoard: func(t *testing.T, p *Position) {
				if p.Board.At(p.Board.Pt(0, 18)) != board.Black || len(p.Board.Blocks()) != 1 {
					t.Errorf("want one black stone at A19:\n%s", p.Board)
				}
			},
		},
		{
			name:   "tt is a point on a 20x20 board",
			in:     "(;SZ[20];B[tt])",
			moves:  1,
			toMove: board.White,
			checkBoard: func(t *testing.T, p *Position) {
				if p.Board.At(p.Board.Pt(19, 0)) != board.Black {
					t.Errorf("want a black stone at %s:\n%s", p.Board.Name(p.Board.Pt(19, 0)), p.Board)
				}
			},
		},
		{
			name:   "default size is 19",
			in:     "(;AB[ss])",
			stones: nil,
			checkBoard: func(t *testing.T, p *Position) {
				if p.Board.Cols() != 19 || p.Board.Rows() != 19 || p.Board.At(p.Board.Pt(18, 0)) != board.Black {
					t.Errorf("want 19x19 with a stone at T1:\n%s", p.Board)
				}
			},
		},
		{
			name:   "SQ on stones is immortal, SQ on an empty point is ignored",
			in:     "(;SZ[3]AB[aa]AW[cc]SQ[aa][cc][bb])",
			stones: []string{"#..", "...", "..@"},
		},
		{
			name:   "SQ compressed list over stones and empty points",
			in:     "(;SZ[3]AB[aa:ca]SQ[aa:cb])",
			stones: []string{"###", "...", "..."},
		},
		{
			name:   "LB labels with escapes",
			in:     `(;SZ[3]LB[aa:x][bb:a\]b][cc:two\\ words])`,
			stones: []string{"...", "...", "..."},
			labels: []string{"A3:x", "B2:a]b", `C1:two\ words`},
		},
		{
			name:   "whitespace between tokens, soft line break, FF[3] long names",
			in:     "\uFEFF \n( ;\n SZ [3]\n AddBlack [aa]\n [bb] C[a comment \\\n with \\] inside] AddWhite[cc] GN[Test\\\n game] )",
			stones: []string{"X..", ".X.", "..O"},
			title:  "Test game",
		},
		{
			name:   "later games in the collection are ignored",
			in:     "(;SZ[3]AB[aa])(;SZ[5]AB[bb]) trailing junk",
			stones: []string{"X..", "...", "..."},
		},
		{
			name:   "PL after the last move wins",
			in:     "(;SZ[3];B[aa]PL[B])",
			stones: []string{"X..", "...", "..."},
			toMove: board.Black,
			moves:  1,
		},
		{
			name:   "binary data inside a comment is fine",
			in:     "(;SZ[3]C[\x00\xff\x01]AB[aa])",
			stones: []string{"X..", "...", "..."},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Parse("g.sgf", []byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if tc.stones != nil {
				if got := stones(p); !slices.Equal(got, tc.stones) {
					t.Errorf("stones %v, want %v", got, tc.stones)
				}
			}
			if got := labelNames(p); !slices.Equal(got, tc.labels) {
				t.Errorf("labels %v, want %v", got, tc.labels)
			}
			if p.ToMove != tc.toMove || p.Title != tc.title {
				t.Errorf("to move %v title %q, want %v %q", p.ToMove, p.Title, tc.toMove, tc.title)
			}
			if p.Open.Any() || len(frameNames(p)) != 0 {
				t.Errorf("SGF is a whole board: open %+v", p.Open)
			}
			if got := p.Board.MoveNumber(); got != tc.moves {
				t.Errorf("MoveNumber %d, want %d", got, tc.moves)
			}
			if got := [2]int{p.Board.Prisoners(board.Black), p.Board.Prisoners(board.White)}; got != tc.prisoners {
				t.Errorf("prisoners %v, want %v", got, tc.prisoners)
			}
			if tc.checkBoard != nil {
				tc.checkBoard(t, p)
			}
		})
	}
}

func TestSGFErrors(t *testing.T) {
	for _, tc := range []struct {
		name      string
		in        string
		line, col int
		prop      string
		msg       string
	}{
		{"point off the board", "(;SZ[9]AB[zz])", 1, 10, "AB[zz]", "point off the 9x9 board"},
		{"point off a rectangular board", "(;SZ[9:5]AW[af])", 1, 12, "AW[af]", "point off the 9x5 board"},
		{"bad point", "(;SZ[9]\nB[a])", 2, 2, "B[a]", "node 0: bad point \"a\""},
		{"rectangle where a point is expected", "(;SZ[9];B[aa:bb])", 1, 10, "B[aa:bb]", "not a rectangle"},
		{"occupied", "(;SZ[5]AB[aa];W[aa])", 1, 16, "W[aa]", "node 1: illegal move white A5: point is occupied"},
		{"suicide", "(;SZ[5]AB[ba][ab];W[bb];W[aa])", 1, 26, "W[aa]", "node 2: illegal move white A5: suicide"},
		{"two values for a move", "(;SZ[5];B[aa][bb])", 1, 10, "B[aa]", "a move has one value"},
		{"size too big", "(;SZ[26])", 1, 5, "SZ[26]", "board size 26x26 out of range"},
		{"size zero", "(;SZ[0:5])", 1, 5, "SZ[0:5]", "out of range"},
		{"size not a number", "(;SZ[big])", 1, 5, "SZ[big]", "must be a number"},
		{"SZ outside the root", "(;SZ[5];SZ[5])", 1, 9, "SZ[5]", "only allowed in the root"},
		{"not Go", "(;GM[2]SZ[5])", 1, 5, "GM[2]", "not a game of Go"},
		{"bad player", "(;SZ[5]PL[X])", 1, 10, "PL[X]", "player must be B or W"},
		{"label without text", "(;SZ[5]LB[aa])", 1, 10, "LB[aa]", "label must be point:text"},
		{"label off the board", "(;SZ[5]LB[zz:a])", 1, 10, "LB[zz:a]", "point off"},
		{"setup stone without liberties", "(;SZ[3]AW[ba][ab]AB[aa])", 1, 20, "AB[aa]", "node 0: stone at A3 has no liberties"},
		{"setup block without liberties", "(;SZ[3]AW[ca][cb][ac][bc]AB[aa:bb])", 1, 28, "AB[aa:bb]", "block of 4 stones at A2 has no liberties"},
		{"immortal stone captured", "(;SZ[3]AB[aa]SQ[aa];W[ba];W[ab])", 1, 28, "W[ab]", "captures the immortal stone at A3"},
		{"unterminated value", "(;SZ[5]C[oops", 1, 9, "", "never closed by ']'"},
		{"unterminated tree", "(;SZ[5];B[aa]\n", 1, 1, "", "never closed by ')'"},
		{"unterminated variation", "(;SZ[5](;B[aa]", 1, 8, "", "never closed by ')'"},
		{"unexpected character", "(;SZ[5]%)", 1, 8, "", "unexpected character '%'"},
		{"unexpected binary byte", "(;SZ[5]\xff)", 1, 8, "", "unexpected byte 0xff"},
		{"control character outside values", "(;SZ[5]\x01)", 1, 8, "", "control character U+0001"},
		{"property without value", "(;SZ[5]AB)", 1, 8, "", "property AB without a value"},
		{"lowercase-only identifier", "(;sz[5])", 1, 3, "", "no uppercase letter"},
		{"tree without node", "(;SZ[5]()", 1, 9, "", "expected ';'"},
		{"node after variation", "(;SZ[5](;B[aa]);W[bb])", 1, 16, "", "node after a variation"},
		{"only the opening", "(;", 1, 1, "", "never closed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Parse("g.sgf", []byte(tc.in))
			if err == nil {
				t.Fatalf("no error; board\n%s", p.Board)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T %v is not *Error", err, err)
			}
			if e.File != "g.sgf" || e.Line != tc.line || e.Col != tc.col || e.Prop != tc.prop || !strings.Contains(e.Msg, tc.msg) {
				t.Errorf("error %q (line %d col %d prop %q),\nwant line %d col %d prop %q containing %q", err, e.Line, e.Col, e.Prop, tc.line, tc.col, tc.prop, tc.msg)
			}
		})
	}
}

// TestSGFMovesUndo checks that the moves of an SGF main line can be taken
// back on the Board, down to the setup position.
func TestSGFMovesUndo(t *testing.T) {
	p, err := Parse("g.sgf", []byte("(;SZ[3]AB[ba];W[aa];B[ab];W[bb])"))
	if err != nil {
		t.Fatal(err)
	}
	b := p.Board
	if b.Prisoners(board.Black) != 1 {
		t.Fatalf("prisoners %d", b.Prisoners(board.Black))
	}
	for b.Undo() {
	}
	if got := stones(p); !slices.Equal(got, []string{".X.", "...", "..."}) {
		t.Errorf("after undoing all moves: %v", got)
	}
}
