package position

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"strconv"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position/sgf"
)

// Komi is a komi counted in half points, White's bonus: Komi(13) is 6.5
// points. SGF komi (KM) must be a multiple of 1/2; ParseKomi rejects
// anything else, so every komi mathgo reads is exact.
type Komi int

// HalfPoints returns k in half points (13 for a komi of 6.5).
func (k Komi) HalfPoints() int { return int(k) }

// Rat returns k in points as an exact rational (13/2 for 6.5).
func (k Komi) Rat() *big.Rat { return big.NewRat(int64(k), 2) }

// String formats k in points the way SGF writes it: "6.5", "-0.5", "7".
func (k Komi) String() string {
	n := int(k)
	sign := ""
	if n < 0 {
		sign, n = "-", -n
	}
	if n%2 == 0 {
		return sign + strconv.Itoa(n/2)
	}
	return sign + strconv.Itoa(n/2) + ".5"
}

// maxKomi bounds the komi ParseKomi accepts, in points.
const maxKomi = 1_000_000

// ParseKomi reads an SGF real (KM): an optional sign, digits, and an
// optional fraction ("6.5", "-0.5", "7", "0.50", ".5"), surrounding spaces
// allowed. The value must be a multiple of 1/2 and at most a million
// points either way.
func ParseKomi(s string) (Komi, error) {
	t := strings.TrimSpace(s)
	neg := false
	if t != "" && (t[0] == '+' || t[0] == '-') {
		neg = t[0] == '-'
		t = t[1:]
	}
	whole, frac, _ := strings.Cut(t, ".")
	if whole == "" && frac == "" || !allDigits(whole) || !allDigits(frac) {
		return 0, fmt.Errorf("komi %q is not a number", s)
	}
	r, ok := new(big.Rat).SetString("0" + whole + "." + frac + "0")
	if !ok {
		return 0, fmt.Errorf("komi %q is not a number", s) // unreachable: digits only
	}
	r.Mul(r, big.NewRat(2, 1))
	if !r.IsInt() {
		return 0, fmt.Errorf("komi %s is not a multiple of 1/2", strings.TrimSpace(s))
	}
	if r.Cmp(big.NewRat(2*maxKomi, 1)) > 0 {
		return 0, fmt.Errorf("komi %s is out of range (at most %d points)", strings.TrimSpace(s), maxKomi)
	}
	n := int(r.Num().Int64())
	if neg {
		n = -n
	}
	return Komi(n), nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(rune(s[i])) {
			return false
		}
	}
	return true
}

// Rule sets, as NormalizeRules names them.
const (
	RulesJapanese = "japanese"
	RulesChinese  = "chinese"
	RulesAGA      = "aga"
	RulesNZ       = "nz"
	RulesIng      = "ing"
)

// NormalizeRules names the rule set of an SGF RU value: "japanese" (also
// "JP", "Japan"), "chinese" ("CN", "China"), "aga" ("American"), "nz"
// ("New Zealand", "NewZealand"), "ing" ("GOE", "Ing GOE"), case and
// surrounding spaces ignored, a trailing " rules" dropped. Anything else
// (Korean, Tromp-Taylor, a server's own name) is returned verbatim,
// trimmed; "" stays "".
func NormalizeRules(ru string) string {
	t := strings.ToLower(strings.Join(strings.Fields(ru), " "))
	t = strings.TrimSuffix(t, " rules")
	switch t {
	case "japanese", "jp", "japan":
		return RulesJapanese
	case "chinese", "cn", "china":
		return RulesChinese
	case "aga", "american":
		return RulesAGA
	case "nz", "new zealand", "newzealand":
		return RulesNZ
	case "ing", "goe", "ing goe":
		return RulesIng
	}
	return strings.TrimSpace(ru)
}

// Move is one move of a game record's main line.
type Move struct {
	// Number counts the main line's moves from 1 (passes included; SGF MN
	// is ignored).
	Number int
	// Color is the player, Point the point played or board.Pass.
	Color board.Color
	Point board.Point
	// Captured is the number of stones the move took.
	Captured int
	// Node is the SGF node of the move in Game.Root, to annotate it.
	Node *sgf.Node
}

// Placement is one setup stone of a game record (AB, AW, or AE with Color
// board.Empty), in the order applied; Before is the number of moves played
// before it (0 for the root's setup, such as handicap stones).
type Placement struct {
	Point  board.Point
	Color  board.Color
	Before int
}

// Play is one move of a variation added with AddVariation: a colour and a
// point or board.Pass.
type Play struct {
	Color board.Color
	Point board.Point
}

// Game is a game record read from SGF: the first game tree's main line
// with its game information, and the tree itself for writing back.
type Game struct {
	// Name is the file name used in errors.
	Name string
	// Root is the whole first game tree as read (every variation and
	// property), which Marshal writes back with any annotations added.
	Root *sgf.Node
	// Cols and Rows are the board size (SZ; 19 by default).
	Cols, Rows int
	// Handicap is HA (0 if absent). The handicap stones themselves are
	// the setup (AB) or Black's first moves, as the record has them.
	Handicap int
	// Komi is KM and KomiKnown tells whether the record gives one (KM[]
	// counts as absent); Komi is 0 then.
	Komi      Komi
	KomiKnown bool
	// Rules is RU normalized by NormalizeRules ("" if absent), RulesText
	// RU as written.
	Rules, RulesText string
	// Result is RE as written ("B+R", "W+3.5", "0", "Void", ...).
	Result string
	// Black and White are the players' names (PB, PW), Title the game name
	// (GN), Date the date (DT); empty if absent.
	Black, White, Title, Date string
	// Setup lists the setup stones in the order applied.
	Setup []Placement
	// Moves are the main line's moves in order; Moves[i].Number is i+1.
	Moves []Move

	main   []*sgf.Node // the main line's nodes
	events []event     // what the main line does, in order
	data   []byte      // the file, for error positions
}

// event is one step of the main line: a setup placement, a PL, or a move
// (the index of the move in Moves).
type event struct {
	kind  eventKind
	color board.Color
	point board.Point
	move  int
}

type eventKind uint8

const (
	evSetup eventKind = iota
	evPL
	evMove
)

// ReadGame reads and parses the SGF game record at path; "-" reads
// standard input (named "<stdin>" in errors).
func ReadGame(path string) (*Game, error) {
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
	return ParseGame(name, data)
}

// ParseGame reads a game record: the first game tree of an SGF collection
// in data, its main line replayed under the simple ko rule. name is the
// file name used in errors. Errors are *Error values naming the file, line
// and column, the property, and for an illegal move (occupied point,
// suicide, immediate ko recapture) the move number and point.
func ParseGame(name string, data []byte) (*Game, error) {
	data = bytes.TrimPrefix(data, bom) // columns count as in Parse
	if !isSGF(data) {
		off := len(data) - len(bytes.TrimLeft(data, " \t\r\n"))
		line, col := lineCol(data, off)
		return nil, &NotGameRecordError{File: name, Line: line, Col: col}
	}
	root, err := sgf.Parse(data)
	if err != nil {
		var se *sgf.SyntaxError
		if errors.As(err, &se) {
			return nil, &Error{File: name, Line: se.Line, Col: se.Col, Msg: se.Msg}
		}
		return nil, &Error{File: name, Msg: err.Error()} // unreachable: Parse returns *SyntaxError
	}
	g := &Game{Name: name, Root: root, Cols: 19, Rows: 19, data: data, main: root.MainLine()}
	if err := g.readInfo(); err != nil {
		return nil, err
	}
	if _, err := g.replay(-1, true); err != nil {
		return nil, err
	}
	return g, nil
}

// NotGameRecordError is ParseGame's answer for a file that is not SGF at
// all (it does not start with "(;"): most often a diagram, a position
// without moves, given where a game record is needed.
// It is also an *Error (errors.As) at the first character of the file.
type NotGameRecordError struct {
	File      string
	Line, Col int
}

// notSGF is the message of a NotGameRecordError.
const notSGF = "not an SGF game record (it does not start with \"(;\"): a diagram is a position without moves"

// Error says what the file is and what was expected.
func (e *NotGameRecordError) Error() string { return e.File + ": " + notSGF }

// Unwrap returns the error as an *Error, placed at the file's first
// character.
func (e *NotGameRecordError) Unwrap() error {
	return &Error{File: e.File, Line: e.Line, Col: e.Col, Msg: notSGF}
}

// errAt is an *Error at byte offset off of the file, in property prop
// (with its value, as "KM[x]") if not empty.
func (g *Game) errAt(off int, prop, format string, args ...any) error {
	line, col := lineCol(g.data, off)
	return &Error{File: g.Name, Line: line, Col: col, Prop: prop, Msg: fmt.Sprintf(format, args...)}
}

// readInfo reads the game information: the root's GM and SZ, and the
// first KM, HA, RU, RE, PB, PW, GN, DT on the main line.
func (g *Game) readInfo() error {
	seen := map[string]bool{}
	for n, node := range g.main {
		for _, prop := range node.Props {
			v, off := prop.Values[0], prop.ValueOffs[0]
			pt := propText(prop.ID, v)
			switch prop.ID {
			case "GM":
				if n == 0 && strings.TrimSpace(v) != "1" {
					return g.errAt(off, pt, "not a game of Go (GM must be 1)")
				}
			case "SZ":
				if n > 0 {
					return g.errAt(prop.Off, pt, "node %d: SZ is only allowed in the root node", n)
				}
				cols, rows, err := parseSize(v)
				if err != nil {
					return g.errAt(off, pt, "%v", err)
				}
				g.Cols, g.Rows = cols, rows
			}
			if seen[prop.ID] {
				continue
			}
			switch prop.ID {
			case "KM":
				seen[prop.ID] = true
				if strings.TrimSpace(v) == "" {
					continue
				}
				k, err := ParseKomi(v)
				if err != nil {
					return g.errAt(off, pt, "%v", err)
				}
				g.Komi, g.KomiKnown = k, true
			case "HA":
				seen[prop.ID] = true
				h, err := strconv.Atoi(strings.TrimSpace(v))
				if err != nil || h < 0 || h > g.Cols*g.Rows {
					return g.errAt(off, pt, "handicap must be a number of stones")
				}
				g.Handicap = h
			case "RU":
				seen[prop.ID] = true
				g.RulesText, g.Rules = v, NormalizeRules(v)
			case "RE", "PB", "PW", "GN", "DT":
				seen[prop.ID] = true
				text := strings.ToValidUTF8(strings.TrimSpace(v), "\uFFFD")
				switch prop.ID {
				case "RE":
					g.Result = text
				case "PB":
					g.Black = text
				case "PW":
					g.White = text
				case "GN":
					g.Title = text
				case "DT":
					g.Date = text
				}
			}
		}
	}
	return nil
}

// replay plays the main line on a new board up to (not including) the
// move with index stop (-1: to the end) and returns the board. With
// record set it also fills Moves, Setup and events and checks everything
// (it is ParseGame's pass); otherwise it replays the recorded events.
func (g *Game) replay(stop int, record bool) (*board.Board, error) {
	b, err := board.New(g.Cols, g.Rows)
	if err != nil {
		return nil, &Error{File: g.Name, Msg: err.Error()} // unreachable: the size is checked
	}
	b.SetKoRule(board.KoSimple)
	if !record {
		for _, ev := range g.events {
			switch ev.kind {
			case evSetup:
				b.Setup(ev.point, ev.color)
			case evMove:
				if ev.move == stop {
					return b, nil
				}
				if _, err := b.Play(ev.point, ev.color); err != nil {
					return nil, &Error{File: g.Name, Msg: fmt.Sprintf("move %d: %v", ev.move+1, err)} // unreachable: checked by ParseGame
				}
			}
		}
		return b, nil
	}
	for n, node := range g.main {
		if err := g.recordNode(b, n, node); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// recordNode applies main-line node n to b, recording its setup, PL and
// move: setup first (AE, then AB, then AW), then PL, then the move.
func (g *Game) recordNode(b *board.Board, n int, node *sgf.Node) error {
	setup := false
	for _, id := range []string{"AE", "AB", "AW"} {
		c := map[string]board.Color{"AE": board.Empty, "AB": board.Black, "AW": board.White}[id]
		for _, prop := range node.Props {
			if prop.ID != id {
				continue
			}
			setup = true
			for i, v := range prop.Values {
				pts, err := sgfPoints(b, v, true)
				if err != nil {
					return g.errAt(prop.ValueOffs[i], propText(id, v), "node %d: %v", n, err)
				}
				for _, pt := range pts {
					b.Setup(pt, c)
					g.Setup = append(g.Setup, Placement{Point: pt, Color: c, Before: len(g.Moves)})
					g.events = append(g.events, event{kind: evSetup, color: c, point: pt})
				}
			}
		}
	}
	if setup {
		for _, blk := range b.Blocks() {
			if b.Liberties(blk[0]) > 0 {
				continue
			}
			what := "stone at " + b.Name(blk[0])
			if len(blk) > 1 {
				what = fmt.Sprintf("block of %d stones at %s", len(blk), b.Name(blk[0]))
			}
			return g.errAt(node.Off, "", "node %d: setup leaves the %s without liberties", n, what)
		}
	}
	// PL and the move in the order given (a PL after the move names the
	// side to move next).
	var move *sgf.Prop
	for i := range node.Props {
		prop := &node.Props[i]
		v, off := prop.Values[0], prop.ValueOffs[0]
		switch prop.ID {
		case "PL":
			var c board.Color
			switch strings.ToUpper(strings.TrimSpace(v)) {
			case "B", "1":
				c = board.Black
			case "W", "2":
				c = board.White
			default:
				return g.errAt(off, propText(prop.ID, v), "node %d: player must be B or W", n)
			}
			g.events = append(g.events, event{kind: evPL, color: c})
		case "B", "W":
			if move != nil {
				return g.errAt(prop.Off, propText(prop.ID, v), "node %d: a second move in one node (after %s)", n, propText(move.ID, move.Values[0]))
			}
			move = prop
			if err := g.recordMove(b, node, prop); err != nil {
				return err
			}
		}
	}
	return nil
}

// recordMove plays the move prop (B or W) of node on b and records it.
func (g *Game) recordMove(b *board.Board, node *sgf.Node, move *sgf.Prop) error {
	v, off := move.Values[0], move.ValueOffs[0]
	pt := propText(move.ID, v)
	num := len(g.Moves) + 1
	if len(move.Values) > 1 {
		return g.errAt(off, pt, "move %d: a move has one value", num)
	}
	c := board.Black
	if move.ID == "W" {
		c = board.White
	}
	at := board.Pass
	if v != "" && !(v == "tt" && b.Cols() <= 19 && b.Rows() <= 19) {
		pts, err := sgfPoints(b, v, false)
		if err != nil {
			return g.errAt(off, pt, "move %d: %v", num, err)
		}
		at = pts[0]
	}
	captured, err := b.Play(at, c)
	if err != nil {
		return g.errAt(off, pt, "move %d: illegal move %s %s: %v", num, c, b.Name(at), strings.TrimPrefix(err.Error(), "board: "))
	}
	g.Moves = append(g.Moves, Move{Number: num, Color: c, Point: at, Captured: captured, Node: node})
	g.events = append(g.events, event{kind: evMove, color: c, point: at, move: num - 1})
	return nil
}

// PositionAfter returns the position after move n of the main line: the
// position in which move n+1 was played (every node before move n+1,
// including setup in its own node), or for n = len(Moves) or -1 the end of
// the main line; n = 0 is the setup before the first move. The board
// holds the moves since the last setup (Undo steps back through them),
// the prisoners taken so far (Board.Prisoners) and the ko rule
// board.KoSimple, so a single-stone ko just taken shows in KoPoint (and
// KoRecapture). ToMove is the colour of move n+1 if there is one; at the
// end it is the last PL after the last move, else the opponent of the
// last mover, else the last PL, else Empty. Komi, KomiKnown and Rules
// come from the record, MoveNumber is n. SQ and LB are markup in a game
// record: no stone is immortal and there are no labels.
func (g *Game) PositionAfter(n int) (*Position, error) {
	if n == -1 {
		n = len(g.Moves)
	}
	if n < 0 || n > len(g.Moves) {
		return nil, &Error{File: g.Name, Msg: fmt.Sprintf("no move %d: the main line has %d moves", n, len(g.Moves))}
	}
	stop := n
	if n == len(g.Moves) {
		stop = -1
	}
	b, err := g.replay(stop, false)
	if err != nil {
		return nil, err
	}
	pos := &Position{
		Board:      b,
		Immortal:   make([]bool, b.Size()),
		Labels:     map[board.Point]string{},
		Title:      g.Title,
		Name:       g.Name,
		Komi:       g.Komi,
		KomiKnown:  g.KomiKnown,
		Rules:      g.Rules,
		MoveNumber: n,
	}
	if n < len(g.Moves) {
		pos.ToMove = g.Moves[n].Color
		return pos, nil
	}
	pos.Counted = g.Counted()
	for _, ev := range g.events {
		switch ev.kind {
		case evPL:
			pos.ToMove = ev.color
		case evMove:
			pos.ToMove = ev.color.Opponent()
		}
	}
	return pos, nil
}

// Marshal writes the game tree back as SGF, with every annotation added
// to Root (sgf.Node.Set, Add, AppendText) and variation (AddVariation).
func (g *Game) Marshal() ([]byte, error) { return sgf.Marshal(g.Root) }

// AddVariation adds line as an alternative to move n (from 1): a new
// branch after the existing ones at the node before move n, so the main
// line stays first and viewers show the line as a variation of move n. The
// line must be legal from the position after move n-1 (simple ko rule);
// its moves are written as B[..] and W[..] (B[] for a pass). It returns the
// new nodes, one per move, for comments and markup.
func (g *Game) AddVariation(n int, line []Play) ([]*sgf.Node, error) {
	if n < 1 || n > len(g.Moves) {
		return nil, fmt.Errorf("%s: no move %d: the main line has %d moves", g.Name, n, len(g.Moves))
	}
	if len(line) == 0 {
		return nil, fmt.Errorf("%s: move %d: an empty variation", g.Name, n)
	}
	var parent *sgf.Node
	for i, node := range g.main {
		if node == g.Moves[n-1].Node {
			if i == 0 {
				return nil, fmt.Errorf("%s: move %d is in the root node: there is no node to branch from", g.Name, n)
			}
			parent = g.main[i-1]
		}
	}
	if parent == nil {
		return nil, fmt.Errorf("%s: move %d: its node is no longer on the main line", g.Name, n)
	}
	pos, err := g.PositionAfter(n - 1)
	if err != nil {
		return nil, err
	}
	b := pos.Board
	var nodes []*sgf.Node
	for i, pl := range line {
		if pl.Point != board.Pass && !b.Contains(pl.Point) {
			return nil, fmt.Errorf("%s: variation at move %d, its move %d: point %d is off the board", g.Name, n, i+1, pl.Point)
		}
		if _, err := b.Play(pl.Point, pl.Color); err != nil {
			return nil, fmt.Errorf("%s: variation at move %d, its move %d: illegal move %s %s: %v", g.Name, n, i+1, pl.Color, b.Name(pl.Point), strings.TrimPrefix(err.Error(), "board: "))
		}
		id := "B"
		if pl.Color == board.White {
			id = "W"
		}
		nodes = append(nodes, &sgf.Node{Props: []sgf.Prop{{ID: id, Values: []string{SGFPoint(b, pl.Point)}}}})
	}
	for i := 1; i < len(nodes); i++ {
		nodes[i-1].Children = []*sgf.Node{nodes[i]}
	}
	parent.Children = append(parent.Children, nodes[0])
	return nodes, nil
}

// Counted reports whether the record's result (RE) is a count: a margin
// ("B+3.5", "W+0.5", "B+12") or a draw ("0", "Draw", "Jigo"), not a
// resignation, a time or forfeit loss, "Void" or "?".
func (g *Game) Counted() bool {
	re := strings.ToLower(strings.TrimSpace(g.Result))
	switch re {
	case "0", "draw", "jigo":
		return true
	}
	if len(re) < 3 || (re[0] != 'b' && re[0] != 'w') || re[1] != '+' {
		return false
	}
	for _, r := range re[2:] {
		if (r < '0' || r > '9') && r != '.' {
			return false
		}
	}
	_, err := strconv.ParseFloat(re[2:], 64)
	return err == nil
}
