package position

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
)

// immortalNames lists the points of ImmortalStones(), sorted by point.
func immortalNames(p *Position) []string {
	var out []string
	for q, in := range p.ImmortalStones() {
		if in {
			out = append(out, p.Board.Name(board.Point(q)))
		}
	}
	return out
}

// walledCorner is the enclosed problem of the issue: a whole board whose
// outside is a wall of immortal white stones without a liberty, around a
// black group with a straight three in the corner.
const walledCorner = `@ @ @ @ @ @
@ @ @ @ @ @
X X X X @ @
. . . X @ @
`

// TestImmortalWithoutLiberties checks that immortal blocks need no
// liberties, in diagrams and SGF, whole boards and bordered ones.
func TestImmortalWithoutLiberties(t *testing.T) {
	p, err := Parse("walled.txt", []byte(walledCorner))
	if err != nil {
		t.Fatal(err)
	}
	b := p.Board
	if b.Cols() != 6 || b.Rows() != 4 || p.Open.Any() {
		t.Fatalf("want a whole 6x4 board, got %dx%d open %+v", b.Cols(), b.Rows(), p.Open)
	}
	wall := b.Block(b.Pt(0, 3))
	if len(wall) != 16 || b.Liberties(wall[0]) != 0 || b.At(wall[0]) != board.White {
		t.Errorf("wall: %d stones, %d liberties, colour %v; want 16, 0, white", len(wall), b.Liberties(wall[0]), b.At(wall[0]))
	}
	a2, _ := b.ParsePoint("A2")
	if got := b.BlockSize(a2); got != 5 || b.Liberties(a2) != 3 || b.At(a2) != board.Black {
		t.Errorf("black block at A2: %d stones %d liberties, want 5 and 3", got, b.Liberties(a2))
	}
	imm := p.ImmortalStones()
	if imm[a2] || !imm[wall[0]] || len(immortalNames(p)) != 16 {
		t.Errorf("immortal stones %v", immortalNames(p))
	}
	// The board plays on around the wall: a move on a liberty of the
	// black block, its capture and the undo keep the wall intact.
	for _, mv := range []struct {
		at string
		c  board.Color
	}{{"B1", board.White}, {"A1", board.White}, {"C1", board.White}} {
		q, _ := b.ParsePoint(mv.at)
		if _, err := b.Play(q, mv.c); err != nil {
			t.Fatalf("%v %s: %v", mv.c, mv.at, err)
		}
	}
	if b.At(a2) != board.Empty || b.Prisoners(board.White) != 5 || b.Liberties(wall[0]) != 5 {
		t.Errorf("after W B1 A1 C1: A2 %v, prisoners %d, wall liberties %d; want empty, 5, 5\n%s", b.At(a2), b.Prisoners(board.White), b.Liberties(wall[0]), b)
	}
	for b.Undo() {
	}
	if got := stones(p); !slices.Equal(got, []string{"@@@@@@", "@@@@@@", "XXXX@@", "...X@@"}) {
		t.Errorf("after undo: %v", got)
	}

	for _, tc := range []struct {
		name     string
		in       string
		immortal []string
	}{
		{"two immortal stones filling a bordered board", "+-+\n|#|\n|@|\n+-+\n", []string{"A1", "A2"}},
		{"a mixed block is immortal as a whole", "#X\n@@\n", []string{"A1", "B1", "A2", "B2"}},
		{"forum-style borders", " ----\n| # X |\n| @ @ |\n ----\n", []string{"A1", "B1", "B2", "A2"}},
		{"SGF: SQ in the setup node", "(;SZ[2]AB[aa][ba]AW[ab][bb]SQ[aa][ab])", []string{"A1", "B1", "A2", "B2"}},
		{"SGF: SQ on one stone of the block", "(;SZ[2]AB[aa][ba]AW[ab][bb]SQ[ba][bb])", []string{"A1", "B1", "A2", "B2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Parse("imm", []byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			got := immortalNames(p)
			want := slices.Clone(tc.immortal)
			slices.SortFunc(want, func(x, y string) int {
				px, _ := p.Board.ParsePoint(x)
				py, _ := p.Board.ParsePoint(y)
				return int(px - py)
			})
			if !slices.Equal(got, want) {
				t.Errorf("immortal %v, want %v", got, want)
			}
		})
	}

	for _, tc := range []struct {
		name      string
		in        string
		line, col int
		prop, msg string
	}{
		{"SGF: ordinary block beside an immortal one", "(;SZ[2]AB[aa][ba]AW[ab][bb]SQ[ab])", 1, 10, "AB[aa]", "node 0: block of 2 stones at A2 has no liberties"},
		{"SGF: SQ in a later node is too late", "(;SZ[2]AB[aa][ba]AW[ab][bb];SQ[aa][ab])", 1, 20, "AW[ab]", "node 0: block of 2 stones at A1 has no liberties"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("g.sgf", []byte(tc.in))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is not *Error", err)
			}
			if e.Line != tc.line || e.Col != tc.col || e.Prop != tc.prop || !strings.Contains(e.Msg, tc.msg) {
				t.Errorf("error %q (line %d col %d prop %q), want %d:%d %q %q", err, e.Line, e.Col, e.Prop, tc.line, tc.col, tc.prop, tc.msg)
			}
		})
	}
}
