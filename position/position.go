package position

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position/sgf"
)

// Position is a position read from a file: the board with its stones, which
// stones are immortal, which sides of a fragment are open, labels, and the
// side to move.
type Position struct {
	// Board holds the stones. For SGF it also holds the main line's moves
	// since the last setup node (so Undo steps back through them) and the
	// prisoners they took.
	Board *board.Board
	// Immortal has one entry per point: true for a stone declared immortal
	// ('#' or '@' in a diagram, SQ markup on a stone in SGF).
	Immortal []bool
	// Open tells which sides of a partial diagram are open (no border
	// drawn); stones of blocks touching them form the frame (see Frame).
	Open Sides
	// Labels are the diagram's lowercase letters and SGF LB labels.
	Labels map[board.Point]string
	// ToMove is the side to move: from SGF PL (or, after the main line's
	// last move, the other player) or a diagram header like "$$B"; Empty if
	// the file does not say.
	ToMove board.Color
	// Title is the text after a diagram header ("$$B Title") or SGF GN;
	// empty if none.
	Title string
	// Name is the file name used in errors.
	Name string

	// Komi (White's bonus, in half points) and KomiKnown (whether the
	// file gives one), Rules (normalized, see NormalizeRules) and
	// MoveNumber (the number of the game record's moves played to reach
	// the position) are set by Game.PositionAfter; Parse leaves them zero
	// (diagrams carry none, and Parse reads an SGF file as a position, not
	// as a game record).
	Komi       Komi
	KomiKnown  bool
	Rules      string
	MoveNumber int
	// Counted is set by Game.PositionAfter for the position after the
	// main line's last move of a record whose result is a count
	// (Game.Counted): the players finished the game there.
	Counted bool
}

// Sides names the four sides of a board or fragment.
type Sides struct{ Top, Bottom, Left, Right bool }

// Any reports whether any side is set.
func (s Sides) Any() bool { return s.Top || s.Bottom || s.Left || s.Right }

// Error is a problem in a position file: File is the file name, Line and
// Col (from 1; 0 when unknown) the place in it, Prop the SGF property with
// its value, like "AB[zz]", when the problem is in one.
type Error struct {
	File      string
	Line, Col int
	Prop      string
	Msg       string
}

// Error formats e like "file.txt:3:7: unknown symbol 'Q'" or
// "game.sgf:2:5: property AB[zz]: point off the 9x9 board".
func (e *Error) Error() string {
	var sb strings.Builder
	sb.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&sb, ":%d", e.Line)
		if e.Col > 0 {
			fmt.Fprintf(&sb, ":%d", e.Col)
		}
	}
	if sb.Len() > 0 {
		sb.WriteString(": ")
	}
	if e.Prop != "" {
		sb.WriteString("property ")
		sb.WriteString(e.Prop)
		sb.WriteString(": ")
	}
	sb.WriteString(e.Msg)
	return sb.String()
}

// bom is the UTF-8 byte-order mark.
var bom = []byte{0xEF, 0xBB, 0xBF}

// Parse reads a position from data, which is SGF if it starts (after
// optional whitespace and a byte-order mark) with "(;" and a diagram
// otherwise. name is the file name used in errors.
func Parse(name string, data []byte) (*Position, error) {
	data = bytes.TrimPrefix(data, bom)
	if isSGF(data) {
		return parseSGF(name, data)
	}
	return parseDiagram(name, data)
}

// isSGF reports whether data starts, after whitespace, with '(' and ';'
// (whitespace allowed between them).
func isSGF(data []byte) bool {
	rest := bytes.TrimLeft(data, " \t\r\n")
	if len(rest) == 0 || rest[0] != '(' {
		return false
	}
	rest = bytes.TrimLeft(rest[1:], " \t\r\n")
	return len(rest) > 0 && rest[0] == ';'
}

// ReadFile reads and parses the position file at path; "-" reads standard
// input (named "<stdin>" in errors).
func ReadFile(path string) (*Position, error) {
	var data []byte
	var err error
	name := path
	if path == "-" {
		name = "<stdin>"
		data, err = io.ReadAll(os.Stdin)
	} else {
		data, err = os.ReadFile(path)
	}
	if err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	return Parse(name, data)
}

// Frame returns, per point, whether the point holds a stone of a block
// touching an open side of the diagram: the frame assumed alive around a
// fragment. It is all false for a whole board.
func (p *Position) Frame() []bool {
	b := p.Board
	out := make([]bool, b.Size())
	if !p.Open.Any() {
		return out
	}
	for _, blk := range b.Blocks() {
		if touchesOpen(b, blk, p.Open) {
			for _, s := range blk {
				out[s] = true
			}
		}
	}
	return out
}

// ImmortalStones returns, per point, whether the point holds a stone of an
// immortal block: a block is immortal as a whole when any of its stones is
// declared immortal (Immortal), so a mortal stone drawn touching a '#' (or
// joined to an SQ-marked stone) is immortal too. This is the rule the
// analysis applies (tiles, life); Immortal itself keeps the declarations
// as written.
func (p *Position) ImmortalStones() []bool {
	b := p.Board
	out := make([]bool, b.Size())
	for _, blk := range b.Blocks() {
		if anyImmortal(blk, p.Immortal) {
			for _, s := range blk {
				out[s] = true
			}
		}
	}
	return out
}

// anyImmortal reports whether a stone of blk is marked in immortal (which
// may be short or nil).
func anyImmortal(blk []board.Point, immortal []bool) bool {
	for _, s := range blk {
		if int(s) < len(immortal) && immortal[s] {
			return true
		}
	}
	return false
}

// touchesOpen reports whether any stone of blk lies on an open side.
func touchesOpen(b *board.Board, blk []board.Point, open Sides) bool {
	for _, s := range blk {
		col, row := b.Coords(s)
		if (open.Top && row == b.Rows()-1) || (open.Bottom && row == 0) ||
			(open.Left && col == 0) || (open.Right && col == b.Cols()-1) {
			return true
		}
	}
	return false
}

// newPosition returns a Position with an empty board of the given size.
func newPosition(name string, cols, rows int) (*Position, error) {
	b, err := board.New(cols, rows)
	if err != nil {
		return nil, &Error{File: name, Msg: err.Error()}
	}
	return &Position{
		Board:    b,
		Immortal: make([]bool, b.Size()),
		Labels:   map[board.Point]string{},
		Name:     name,
	}, nil
}

// lineCol returns the line and column (from 1, columns in runes, an invalid
// byte counting as one) of byte offset off in data.
func lineCol(data []byte, off int) (line, col int) { return sgf.LineCol(data, off) }
