package position

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position/sgf"
)

// sgfValue is one property value: the text with escapes resolved, and the
// byte offset of its '['.
type sgfValue struct {
	text string
	off  int
}

// sgfProp is one property of a node.
type sgfProp struct {
	id     string
	off    int // byte offset of the identifier
	values []sgfValue
}

type sgfNode []sgfProp

// sgfParser reads the main line of the first game tree of an SGF
// collection (FF[4] syntax, by package sgf).
type sgfParser struct {
	name string
	data []byte
	i    int
}

func (p *sgfParser) errAt(off int, prop, format string, args ...any) error {
	line, col := lineCol(p.data, off)
	return &Error{File: p.name, Line: line, Col: col, Prop: prop, Msg: fmt.Sprintf(format, args...)}
}

// mainLine parses the first game tree and returns the nodes of its main
// line (the first variation at every branch). The whole first game tree is
// checked for syntax; anything after it is ignored.
func (p *sgfParser) mainLine() ([]sgfNode, error) {
	root, err := sgf.Parse(p.data)
	if err != nil {
		var se *sgf.SyntaxError
		if errors.As(err, &se) {
			return nil, &Error{File: p.name, Line: se.Line, Col: se.Col, Msg: se.Msg}
		}
		return nil, &Error{File: p.name, Msg: err.Error()} // unreachable: Parse returns *SyntaxError
	}
	var nodes []sgfNode
	for _, n := range root.MainLine() {
		nodes = append(nodes, convertNode(n))
	}
	return nodes, nil
}

// convertNode turns a parsed node into the form the position reader uses.
func convertNode(n *sgf.Node) sgfNode {
	var node sgfNode
	for _, pr := range n.Props {
		prop := sgfProp{id: pr.ID, off: pr.Off}
		for i, v := range pr.Values {
			off := 0
			if i < len(pr.ValueOffs) {
				off = pr.ValueOffs[i]
			}
			prop.values = append(prop.values, sgfValue{text: v, off: off})
		}
		node = append(node, prop)
	}
	return node
}

func isLetter(c byte) bool { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') }

// propText shows a property with one value, like AB[zz], for errors.
func propText(id, value string) string {
	if utf8.RuneCountInString(value) > 40 {
		value = string([]rune(value)[:40]) + "..."
	}
	value = strings.ToValidUTF8(value, "\uFFFD")
	return id + "[" + value + "]"
}

// parseSGF reads an SGF file: the root's SZ, setup (AB AW AE), PL, the
// main line's moves, SQ markup on stones (immortal), LB labels, GN.
func parseSGF(name string, data []byte) (*Position, error) {
	p := &sgfParser{name: name, data: data}
	nodes, err := p.mainLine()
	if err != nil {
		return nil, err
	}
	if len(nodes) == 0 {
		return nil, p.errAt(0, "", "no nodes") // unreachable: mainLine requires a node per tree
	}
	cols, rows := 19, 19
	for _, prop := range nodes[0] {
		v := prop.values[0]
		switch prop.id {
		case "GM":
			if strings.TrimSpace(v.text) != "1" {
				return nil, p.errAt(v.off, propText(prop.id, v.text), "not a game of Go (GM must be 1)")
			}
		case "SZ":
			cols, rows, err = parseSize(v.text)
			if err != nil {
				return nil, p.errAt(v.off, propText(prop.id, v.text), "%v", err)
			}
		}
	}
	pos, err := newPosition(name, cols, rows)
	if err != nil {
		return nil, err // unreachable: parseSize checks the range
	}
	s := &sgfState{p: p, pos: pos}
	for n, node := range nodes {
		if err := s.node(n, node); err != nil {
			return nil, err
		}
	}
	return pos, nil
}

// parseSize reads SZ[n] or SZ[cols:rows].
func parseSize(text string) (cols, rows int, err error) {
	a, b, two := strings.Cut(text, ":")
	cols, err1 := strconv.Atoi(strings.TrimSpace(a))
	rows = cols
	var err2 error
	if two {
		rows, err2 = strconv.Atoi(strings.TrimSpace(b))
	}
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("board size must be a number or columns:rows")
	}
	if cols < 1 || rows < 1 || cols > board.MaxSide || rows > board.MaxSide {
		return 0, 0, fmt.Errorf("board size %dx%d out of range (1..%d a side)", cols, rows, board.MaxSide)
	}
	return cols, rows, nil
}

// sgfState carries the position through the main line's nodes.
type sgfState struct {
	p   *sgfParser
	pos *Position
}

// node applies one node: setup (AE, then AB, then AW), PL, moves (B, W in
// the order given), then markup (SQ, LB) and GN.
func (s *sgfState) node(n int, node sgfNode) error {
	b := s.pos.Board
	setup := false
	for _, id := range []string{"AE", "AB", "AW"} {
		for _, prop := range node {
			if prop.id != id {
				continue
			}
			setup = true
			c := map[string]board.Color{"AE": board.Empty, "AB": board.Black, "AW": board.White}[id]
			for _, v := range prop.values {
				pts, err := s.points(v.text, true)
				if err != nil {
					return s.p.errAt(v.off, propText(id, v.text), "%v", err)
				}
				for _, pt := range pts {
					b.Setup(pt, c)
					if c == board.Empty {
						s.pos.Immortal[pt] = false
					}
				}
			}
		}
	}
	for _, prop := range node {
		v := prop.values[0]
		switch prop.id {
		case "SZ":
			if n > 0 {
				return s.p.errAt(prop.off, propText(prop.id, v.text), "node %d: SZ is only allowed in the root node", n)
			}
		case "PL":
			switch strings.ToUpper(strings.TrimSpace(v.text)) {
			case "B", "1":
				s.pos.ToMove = board.Black
			case "W", "2":
				s.pos.ToMove = board.White
			default:
				return s.p.errAt(v.off, propText(prop.id, v.text), "node %d: player must be B or W", n)
			}
		case "B", "W":
			if err := s.move(n, prop); err != nil {
				return err
			}
		case "GN":
			s.pos.Title = strings.ToValidUTF8(strings.TrimSpace(v.text), "\uFFFD")
		}
	}
	for _, prop := range node {
		switch prop.id {
		case "SQ":
			for _, v := range prop.values {
				pts, err := s.points(v.text, true)
				if err != nil {
					return s.p.errAt(v.off, propText(prop.id, v.text), "%v", err)
				}
				for _, pt := range pts {
					// SQ on an empty point is ordinary markup: ignored.
					if b.At(pt) != board.Empty {
						s.pos.Immortal[pt] = true
					}
				}
			}
		case "LB":
			for _, v := range prop.values {
				at, text, ok := strings.Cut(v.text, ":")
				if !ok {
					return s.p.errAt(v.off, propText(prop.id, v.text), "node %d: label must be point:text", n)
				}
				pts, err := s.points(at, false)
				if err != nil {
					return s.p.errAt(v.off, propText(prop.id, v.text), "%v", err)
				}
				s.pos.Labels[pts[0]] = strings.ToValidUTF8(text, "\uFFFD")
			}
		}
	}
	// Liberties are checked once the node's SQ marks are known: an
	// immortal block needs none.
	if setup {
		if err := s.checkLiberties(n, node); err != nil {
			return err
		}
	}
	return nil
}

// move plays a B or W property of node n.
func (s *sgfState) move(n int, prop sgfProp) error {
	b := s.pos.Board
	v := prop.values[0]
	pt := propText(prop.id, v.text)
	if len(prop.values) > 1 {
		return s.p.errAt(v.off, pt, "node %d: a move has one value", n)
	}
	c := board.Black
	if prop.id == "W" {
		c = board.White
	}
	at := board.Pass
	if v.text != "" && !(v.text == "tt" && b.Cols() <= 19 && b.Rows() <= 19) {
		pts, err := s.points(v.text, false)
		if err != nil {
			return s.p.errAt(v.off, pt, "node %d: %v", n, err)
		}
		at = pts[0]
	}
	if _, err := b.Play(at, c); err != nil {
		return s.p.errAt(v.off, pt, "node %d: illegal move %s %s: %v", n, c, b.Name(at), strings.TrimPrefix(err.Error(), "board: "))
	}
	for q, imm := range s.pos.Immortal {
		if imm && b.At(board.Point(q)) == board.Empty {
			return s.p.errAt(v.off, pt, "node %d: move captures the immortal stone at %s", n, b.Name(board.Point(q)))
		}
	}
	s.pos.ToMove = c.Opponent()
	return nil
}

// checkLiberties rejects setup that leaves a mortal block without
// liberties (a block with a stone marked immortal needs none).
func (s *sgfState) checkLiberties(n int, node sgfNode) error {
	b := s.pos.Board
	for _, blk := range b.Blocks() {
		if b.Liberties(blk[0]) > 0 || anyImmortal(blk, s.pos.Immortal) {
			continue
		}
		what := "stone at " + b.Name(blk[0])
		if len(blk) > 1 {
			what = fmt.Sprintf("block of %d stones at %s", len(blk), b.Name(blk[0]))
		}
		// Name the setup value that put the first stone there, if any.
		id := "AB"
		if b.At(blk[0]) == board.White {
			id = "AW"
		}
		for _, prop := range node {
			if prop.id != id {
				continue
			}
			for _, v := range prop.values {
				pts, _ := s.points(v.text, true)
				for _, q := range pts {
					if q == blk[0] {
						return s.p.errAt(v.off, propText(id, v.text), "node %d: %s has no liberties", n, what)
					}
				}
			}
		}
		return &Error{File: s.p.name, Msg: fmt.Sprintf("node %d: %s has no liberties", n, what)}
	}
	return nil
}

// points reads an SGF point on the position's board (see sgfPoints).
func (s *sgfState) points(text string, list bool) ([]board.Point, error) {
	return sgfPoints(s.pos.Board, text, list)
}

// sgfPoints reads an SGF point ("cd": column c, row d from the top) on b
// or, when list is true, also a compressed rectangle "aa:cc".
func sgfPoints(b *board.Board, text string, list bool) ([]board.Point, error) {
	a, z, rect := strings.Cut(text, ":")
	if rect && !list {
		return nil, fmt.Errorf("a single point is expected here, not a rectangle")
	}
	c1, r1, err := sgfPoint(b, a)
	if err != nil {
		return nil, err
	}
	if !rect {
		return []board.Point{b.Pt(c1, r1)}, nil
	}
	c2, r2, err := sgfPoint(b, z)
	if err != nil {
		return nil, err
	}
	c1, c2 = min(c1, c2), max(c1, c2)
	r1, r2 = min(r1, r2), max(r1, r2)
	var out []board.Point
	for r := r1; r <= r2; r++ {
		for c := c1; c <= c2; c++ {
			out = append(out, b.Pt(c, r))
		}
	}
	return out, nil
}

// sgfPoint reads two SGF coordinate letters (a..z = 0..25, A..Z = 26..51)
// and returns the column and row (row 0 at the bottom) on b.
func sgfPoint(b *board.Board, t string) (col, row int, err error) {
	if len(t) != 2 || !isLetter(t[0]) || !isLetter(t[1]) {
		return 0, 0, fmt.Errorf("bad point %q: two letters expected", t)
	}
	x, y := sgfCoord(t[0]), sgfCoord(t[1])
	if x >= b.Cols() || y >= b.Rows() {
		return 0, 0, fmt.Errorf("point off the %dx%d board", b.Cols(), b.Rows())
	}
	return x, b.Rows() - 1 - y, nil
}

func sgfCoord(c byte) int {
	if c >= 'a' && c <= 'z' {
		return int(c - 'a')
	}
	return int(c-'A') + 26
}

// SGFPoint returns the SGF coordinates of p on b ("aa" is the top-left
// corner), or "" for board.Pass (the FF[4] pass, B[]) and points off b.
func SGFPoint(b *board.Board, p board.Point) string {
	if !b.Contains(p) {
		return ""
	}
	col, row := b.Coords(p)
	return string([]byte{byte('a' + col), byte('a' + b.Rows() - 1 - row)})
}
