package position

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/mathgo/mathgo/board"
)

// cell is one point of a diagram row.
type cell struct {
	ch  rune
	col int // column in the line, from 1, in runes
}

// diagRow is a board row of a diagram.
type diagRow struct {
	line        int
	cells       []cell
	left, right bool // drawn with a '|' on that side
	leftCol     int  // column of the left '|' or of the first cell
}

// hline is a horizontal border line.
type hline struct {
	line              int
	firstCol, lastCol int
	left, right       bool // corner '+' at that end
	corners           bool // the line has a '+' somewhere
}

// parseDiagram reads the diagram format.
func parseDiagram(name string, data []byte) (*Position, error) {
	errAt := func(line, col int, format string, args ...any) error {
		return &Error{File: name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
	}
	if err := checkText(name, data); err != nil {
		return nil, err
	}
	if strings.TrimSpace(string(data)) == "" {
		return nil, errAt(0, 0, "empty input: no diagram and no SGF")
	}

	var (
		rows        []diagRow
		top, bottom *hline
		toMove      board.Color
		title       string
		sawContent  bool
	)
	for i, text := range strings.Split(string(data), "\n") {
		lineNo := i + 1
		line := []rune(strings.TrimSuffix(text, "\r"))
		k := skipSpace(line, 0)
		if k+1 < len(line) && line[k] == '/' && line[k+1] == '/' {
			continue
		}
		if k+1 < len(line) && line[k] == '$' && line[k+1] == '$' {
			k += 2
			if !sawContent {
				if ok, c, t := parseHeader(line[k:]); ok {
					toMove, title = c, t
					sawContent = true
					continue
				}
			}
			k = skipSpace(line, k)
			if k+1 < len(line) && line[k] == '/' && line[k+1] == '/' {
				continue
			}
		}
		if k >= len(line) {
			continue // blank
		}
		sawContent = true

		// Collect the non-space characters with their columns.
		var toks []cell
		for j := k; j < len(line); j++ {
			if line[j] != ' ' && line[j] != '\t' {
				toks = append(toks, cell{line[j], j + 1})
			}
		}
		if isBorderLine(toks) {
			h := &hline{
				line:     lineNo,
				firstCol: toks[0].col,
				lastCol:  toks[len(toks)-1].col,
				left:     toks[0].ch == '+',
				right:    toks[len(toks)-1].ch == '+',
			}
			for _, t := range toks {
				h.corners = h.corners || t.ch == '+'
			}
			switch {
			case len(rows) == 0 && top != nil:
				return nil, errAt(lineNo, h.firstCol, "second top border (the first is on line %d)", top.line)
			case len(rows) == 0:
				top = h
			case bottom != nil:
				return nil, errAt(lineNo, h.firstCol, "second bottom border (the first is on line %d)", bottom.line)
			default:
				bottom = h
			}
			continue
		}
		if bottom != nil {
			return nil, errAt(lineNo, toks[0].col, "board row below the bottom border (line %d)", bottom.line)
		}
		r := diagRow{line: lineNo, leftCol: toks[0].col}
		for j, t := range toks {
			switch t.ch {
			case '|':
				switch {
				case j == 0:
					r.left = true
				case j == len(toks)-1:
					r.right = true
				default:
					return nil, errAt(lineNo, t.col, "border '|' inside a board row")
				}
			case '-', '+':
				return nil, errAt(lineNo, t.col, "border character '%c' inside a board row", t.ch)
			case '.', ',', 'X', 'O', '#', '@':
				r.cells = append(r.cells, t)
			default:
				if t.ch >= 'a' && t.ch <= 'z' {
					r.cells = append(r.cells, t)
					continue
				}
				return nil, errAt(lineNo, t.col, "unknown symbol %s", quoteRune(t.ch))
			}
		}
		if len(r.cells) == 0 {
			return nil, errAt(lineNo, toks[0].col, "board row without points")
		}
		if len(r.cells) > board.MaxSide {
			return nil, errAt(lineNo, r.cells[board.MaxSide].col, "row has %d points; at most %d a side", len(r.cells), board.MaxSide)
		}
		if len(rows) > 0 {
			first := rows[0]
			if len(r.cells) != len(first.cells) {
				return nil, errAt(lineNo, r.leftCol, "ragged rows: row has %d points, expected %d (as on line %d)", len(r.cells), len(first.cells), first.line)
			}
			if r.left != first.left {
				return nil, errAt(lineNo, r.leftCol, "unterminated border: %s", edgeMismatch("left", r.left, first.line))
			}
			if r.right != first.right {
				return nil, errAt(lineNo, toks[len(toks)-1].col, "unterminated border: %s", edgeMismatch("right", r.right, first.line))
			}
		}
		if len(rows) == board.MaxSide {
			return nil, errAt(lineNo, r.leftCol, "more than %d rows", board.MaxSide)
		}
		rows = append(rows, r)
	}
	if len(rows) == 0 {
		return nil, errAt(0, 0, "no board rows")
	}

	// Corners: a horizontal border drawn with '+' turns into a vertical
	// one exactly where the rows have a '|'. A border of '-' only (the
	// forum style, as in " -----" over "| . . |") has no corners to check.
	hasLeft, hasRight := rows[0].left, rows[0].right
	for _, h := range []*hline{top, bottom} {
		if h == nil || !h.corners {
			continue
		}
		if h.left != hasLeft {
			if hasLeft {
				return nil, errAt(h.line, h.firstCol, "unterminated border: the left edge '|' needs a corner '+' here")
			}
			return nil, errAt(h.line, h.firstCol, "border corner '+' but the rows have no left edge '|'")
		}
		if h.right != hasRight {
			if hasRight {
				return nil, errAt(h.line, h.lastCol, "unterminated border: the right edge '|' needs a corner '+' here")
			}
			return nil, errAt(h.line, h.lastCol, "border corner '+' but the rows have no right edge '|'")
		}
	}

	cols, nrows := len(rows[0].cells), len(rows)
	pos, err := newPosition(name, cols, nrows)
	if err != nil {
		return nil, err // unreachable: sizes are checked above
	}
	pos.ToMove, pos.Title = toMove, title
	if top != nil || bottom != nil || hasLeft || hasRight {
		pos.Open = Sides{Top: top == nil, Bottom: bottom == nil, Left: !hasLeft, Right: !hasRight}
	}
	b := pos.Board
	for i, r := range rows {
		row := nrows - 1 - i
		for col, c := range r.cells {
			p := b.Pt(col, row)
			switch c.ch {
			case 'X':
				b.Setup(p, board.Black)
			case 'O':
				b.Setup(p, board.White)
			case '#':
				b.Setup(p, board.Black)
				pos.Immortal[p] = true
			case '@':
				b.Setup(p, board.White)
				pos.Immortal[p] = true
			case '.', ',':
			default:
				pos.Labels[p] = string(c.ch)
			}
		}
	}

	// No block may be left without liberties, unless it reaches an open
	// side (it is part of the frame, with liberties outside the fragment)
	// or is immortal (a stone of it is declared with '#' or '@': immortal
	// stones need no liberties, as in a board walled in by them).
	for _, blk := range b.Blocks() {
		if b.Liberties(blk[0]) > 0 || touchesOpen(b, blk, pos.Open) || anyImmortal(blk, pos.Immortal) {
			continue
		}
		// Report the block's first stone in reading order (top row first).
		first := blk[0]
		for _, s := range blk {
			c1, r1 := b.Coords(s)
			c0, r0 := b.Coords(first)
			if r1 > r0 || (r1 == r0 && c1 < c0) {
				first = s
			}
		}
		col, row := b.Coords(first)
		r := rows[nrows-1-row]
		what := "stone at " + b.Name(first)
		if len(blk) > 1 {
			what = fmt.Sprintf("block of %d stones at %s", len(blk), b.Name(first))
		}
		return nil, errAt(r.line, r.cells[col].col, "%s has no liberties", what)
	}
	return pos, nil
}

// checkText rejects invalid UTF-8 and control characters other than tab,
// newline and a carriage return before a newline.
func checkText(name string, data []byte) error {
	line, col := 1, 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return &Error{File: name, Line: line, Col: col, Msg: fmt.Sprintf("invalid UTF-8 (byte 0x%02x): not a text file", data[i])}
		case r == '\n':
			line, col = line+1, 1
			i += size
			continue
		case r == '\r' && i+1 < len(data) && data[i+1] == '\n':
		case r == '\r' && i+1 == len(data):
		case r == '\t':
		case r < 0x20 || (r >= 0x7f && r < 0xa0) || r == 0xfeff:
			return &Error{File: name, Line: line, Col: col, Msg: fmt.Sprintf("control character U+%04X: not a text diagram", r)}
		}
		i += size
		col++
	}
	return nil
}

// parseHeader recognises a Sensei's Library header after the "$$":
// optional B or W (side to move), optional c (coordinates), optional m
// and a move number, optional board size, then a space and a title. The
// coordinates flag, move number and size are accepted and ignored.
func parseHeader(s []rune) (ok bool, toMove board.Color, title string) {
	k := 0
	if k < len(s) && (s[k] == 'B' || s[k] == 'W') {
		toMove = board.Black
		if s[k] == 'W' {
			toMove = board.White
		}
		k++
	}
	if k < len(s) && s[k] == 'c' {
		k++
	}
	if k+1 < len(s) && s[k] == 'm' && isDigit(s[k+1]) {
		k++
		for k < len(s) && isDigit(s[k]) {
			k++
		}
	}
	for k < len(s) && isDigit(s[k]) {
		k++
	}
	if k == 0 || (k < len(s) && s[k] != ' ' && s[k] != '\t') {
		return false, board.Empty, ""
	}
	return true, toMove, strings.TrimSpace(string(s[k:]))
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

func skipSpace(line []rune, k int) int {
	for k < len(line) && (line[k] == ' ' || line[k] == '\t') {
		k++
	}
	return k
}

// isBorderLine reports whether a line's characters are all '-' and '+'.
func isBorderLine(toks []cell) bool {
	for _, t := range toks {
		if t.ch != '-' && t.ch != '+' {
			return false
		}
	}
	return len(toks) > 0
}

// edgeMismatch describes a row whose '|' on one side disagrees with the
// first row's.
func edgeMismatch(side string, here bool, firstLine int) string {
	if here {
		return fmt.Sprintf("%s edge '|' on this row but not on line %d", side, firstLine)
	}
	return fmt.Sprintf("%s edge '|' missing on this row (line %d has one)", side, firstLine)
}

// quoteRune shows a rune for an error message: 'Q', or U+2603 for a rune
// that is not printable ASCII.
func quoteRune(r rune) string {
	if r > ' ' && r < 0x7f && r != '\'' {
		return "'" + string(r) + "'"
	}
	if r == '\'' {
		return `"'"`
	}
	return fmt.Sprintf("'%c' (U+%04X)", r, r)
}
