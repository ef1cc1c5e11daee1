package gtp

import (
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
)

// This file holds the Go commands of docs/json-contract.md (boardsize, play,
// genmove, loadsgf, final_score, ...) and mathgo-analyze, with the
// parsing of their colour and vertex arguments; the protocol that runs
// them is protocol.go.

// parseColor reads a GTP colour: black, b, white or w in any case.
func parseColor(s string) (board.Color, error) {
	switch strings.ToLower(s) {
	case "b", "black":
		return board.Black, nil
	case "w", "white":
		return board.White, nil
	}
	return board.Empty, errSyntax
}

// columnLetters are the GTP column names.
const columnLetters = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

// ParseVertex reads a GTP vertex ("D4", "pass") on board b: a malformed
// one, or one off the board, is an error.
func ParseVertex(b *board.Board, s string) (board.Point, error) {
	p, err := parseVertex(b, s)
	if err != nil {
		return board.Pass, fmt.Errorf("%q is not a vertex of this board", s)
	}
	return p, nil
}

// parseVertex reads a GTP vertex. A malformed vertex is errSyntax; a
// well-formed one off this board (like Z25 on 9x9) is errIllegal.
func parseVertex(b *board.Board, s string) (board.Point, error) {
	if strings.EqualFold(s, "pass") {
		return board.Pass, nil
	}
	if len(s) < 2 || len(s) > 3 {
		return board.Pass, errSyntax
	}
	letter := s[0]
	if letter >= 'a' && letter <= 'z' {
		letter -= 'a' - 'A'
	}
	col := strings.IndexByte(columnLetters, letter)
	if col < 0 {
		return board.Pass, errSyntax
	}
	if s[1] == '0' {
		return board.Pass, errSyntax
	}
	row := 0
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return board.Pass, errSyntax
		}
		row = row*10 + int(s[i]-'0')
	}
	if row > board.MaxSide {
		return board.Pass, errSyntax
	}
	if !b.OnBoard(col, row-1) {
		return board.Pass, errIllegal
	}
	return b.Pt(col, row-1), nil
}

func (e *Engine) cmdBoardsize(args []string) (string, error) {
	if len(args) != 1 || !isDigits(args[0]) {
		return "", errSyntax
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 || n > board.MaxSide {
		return "", errors.New("unacceptable size")
	}
	e.newBoard(n, n)
	e.resetChild()
	return "", nil
}

func (e *Engine) cmdClearBoard() (string, error) {
	e.newBoard(e.b.Cols(), e.b.Rows())
	e.resetChild()
	return "", nil
}

func (e *Engine) cmdKomi(args []string) (string, error) {
	if len(args) != 1 {
		return "", errSyntax
	}
	k, err := strconv.ParseFloat(args[0], 64)
	if err != nil || math.IsNaN(k) || math.IsInf(k, 0) {
		return "", errSyntax
	}
	e.komi = k
	e.toChild("komi " + formatKomi(k))
	return "", nil
}

func (e *Engine) cmdPlay(args []string) (string, error) {
	if len(args) != 2 {
		return "", errSyntax
	}
	c, err := parseColor(args[0])
	if err != nil {
		return "", err
	}
	p, err := parseVertex(e.b, args[1])
	if err != nil {
		return "", err
	}
	if _, err := e.b.Play(p, c); err != nil {
		return "", errIllegal
	}
	e.toChild(fmt.Sprintf("play %s %s", c, e.b.Name(p)))
	return "", nil
}

func (e *Engine) cmdGenmove(args []string) (string, error) { return e.genmove(args, false) }

// cmdGenmoveCleanup is kgs-genmove_cleanup: genmove that does not pass
// while dead stones of the opponent are left on the board (see
// final_status_list), but captures them.
func (e *Engine) cmdGenmoveCleanup(args []string) (string, error) { return e.genmove(args, true) }

func (e *Engine) genmove(args []string, cleanup bool) (string, error) {
	if len(args) != 1 {
		return "", errSyntax
	}
	c, err := parseColor(args[0])
	if err != nil {
		return "", err
	}
	p, byChild := e.generate(c, cleanup)
	if _, err := e.b.Play(p, c); err != nil {
		// generate only returns legal moves; pass is always legal.
		e.childState = childStale
		return "", fmt.Errorf("internal error: generated move %s is illegal: %v", e.b.Name(p), err)
	}
	if !byChild { // a move the child chose is on its board already
		e.toChild(fmt.Sprintf("play %s %s", c, e.b.Name(p)))
	}
	return e.b.Name(p), nil
}

func (e *Engine) cmdUndo() (string, error) {
	if !e.b.Undo() {
		return "", errors.New("cannot undo")
	}
	if e.childState == childSynced {
		e.toChild("undo")
	} else {
		e.resetChild()
	}
	return "", nil
}

func (e *Engine) cmdShowboard() (string, error) {
	var sb strings.Builder
	sb.WriteByte('\n')
	sb.WriteString(e.b.String())
	fmt.Fprintf(&sb, "Black (X) has captured %d stones\n", e.b.Prisoners(board.Black))
	fmt.Fprintf(&sb, "White (O) has captured %d stones\n", e.b.Prisoners(board.White))
	fmt.Fprintf(&sb, "komi %s, ko rule %s", strconv.FormatFloat(e.komi, 'f', -1, 64), e.b.KoRule())
	if ko := e.b.KoPoint(); ko != board.Pass {
		fmt.Fprintf(&sb, ", ko at %s", e.b.Name(ko))
	}
	if n := countTrue(e.Immortal()); n > 0 {
		fmt.Fprintf(&sb, ", %d immortal stones", n)
	}
	return sb.String(), nil
}

func countTrue(v []bool) int {
	n := 0
	for _, x := range v {
		if x {
			n++
		}
	}
	return n
}

// maxFileSize bounds the position files loadsgf reads.
const maxFileSize = 16 << 20

func (e *Engine) cmdLoadSGF(args []string) (string, error) {
	if len(args) < 1 || len(args) > 2 {
		return "", errSyntax
	}
	moveNumber := 0
	if len(args) == 2 {
		n, err := strconv.Atoi(args[1])
		if err != nil || !isDigits(args[1]) || n < 1 {
			return "", errSyntax
		}
		moveNumber = n
	}
	pos, err := readPosition(args[0])
	if err != nil {
		fmt.Fprintf(e.log, "loadsgf: %v\n", err)
		return "", errors.New("cannot load file")
	}
	// A game record sets komi and rules as it gives them (GNU Go takes
	// the komi too); a diagram leaves them.
	if data, err := os.ReadFile(args[0]); err == nil {
		if g, err := position.ParseGame(args[0], data); err == nil {
			if g.KomiKnown {
				e.komi = float64(g.Komi.HalfPoints()) / 2
			}
			e.ruleSet = g.Rules
		}
	}
	b := pos.Board
	toMove := pos.ToMove
	if moveNumber > 0 && b.MoveNumber() >= moveNumber {
		for b.MoveNumber() >= moveNumber {
			_, c, _ := b.LastMove()
			b.Undo()
			toMove = c
		}
	}
	if toMove == board.Empty {
		toMove = board.Black
		if _, c, ok := b.LastMove(); ok {
			toMove = c.Opponent()
		}
	}
	b.SetKoRule(e.opts.KoRule)
	e.b = b
	e.immortal = pos.Immortal
	e.resetChild()
	return toMove.String(), nil
}

// readPosition reads a position file like position.ReadFile, but only a
// regular file of reasonable size (standard input carries the protocol,
// and a device could block the engine forever).
func readPosition(path string) (*position.Position, error) {
	if path == "-" {
		return nil, errors.New("standard input carries GTP: give a file name")
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	if fi.Size() > maxFileSize {
		return nil, fmt.Errorf("%s: larger than %d bytes", path, maxFileSize)
	}
	return position.ReadFile(path)
}

// cmdFinalScore is final_score: the exact score when the position is
// proven (Options.Scorer), else the exact score under the assumptions of
// Options.Assume, else the count with every stone alive; the log says
// which.
func (e *Engine) cmdFinalScore() (string, error) {
	toMove := board.Black
	if _, c, ok := e.b.LastMove(); ok {
		toMove = c.Opponent()
	}
	if e.opts.Scorer != nil {
		if s, ok := e.opts.Scorer(e.b.Clone(), e.Immortal(), toMove, e.counting()); ok {
			fmt.Fprintf(e.log, "final_score: proven (mathgo's exact analysis, best play from %s)\n", toMove)
			return FormatScore(s - e.komi), nil
		}
	}
	if s, n, ok := e.assumedScore(toMove); ok {
		if n == 0 {
			fmt.Fprintf(e.log, "final_score: proven (mathgo's exact analysis, best play from %s)\n", toMove)
		} else {
			fmt.Fprintf(e.log, "final_score: conditional, not proven: it rests on %d %s from %s (mathgo-assumptions lists them)\n",
				n, plural(n, "assumption", "assumptions"), e.opts.Assume.Name())
		}
		return FormatScore(s - e.komi), nil
	}
	fmt.Fprintf(e.log, "final_score: not proven: counted with every stone on the board alive\n")
	if e.counting() == rules.Chinese {
		return FormatScore(AreaScore(e.b, e.komi)), nil
	}
	return FormatScore(TerritoryScore(e.b, e.komi)), nil
}

// plural is one or many after n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func (e *Engine) cmdListStones(args []string) (string, error) {
	if len(args) != 1 {
		return "", errSyntax
	}
	c, err := parseColor(args[0])
	if err != nil {
		return "", err
	}
	return strings.Join(listStones(e.b, c), " "), nil
}

// listStones names the stones of colour c the way GNU Go lists them: the
// top row first, each row from left to right.
func listStones(b *board.Board, c board.Color) []string {
	var out []string
	for row := b.Rows() - 1; row >= 0; row-- {
		for col := 0; col < b.Cols(); col++ {
			if p := b.Pt(col, row); b.At(p) == c {
				out = append(out, b.Name(p))
			}
		}
	}
	return out
}

func (e *Engine) cmdAnalyze() (string, error) {
	if e.opts.Analyzer == nil {
		return "", errors.New("analyze is not available")
	}

	s, err := e.opts.Analyzer(e.b.Clone(), e.Immortal())
	if err != nil {
		return "", err
	}
	if strings.Contains(strings.TrimSpace(s), "\n") {
		s = "\n" + s // a table starts on its own line, like showboard
	}
	return s, nil
}

// counting is how final_score counts: as the loaded record's rules do.
func (e *Engine) counting() rules.Counting { return endgame.CountingFor(e.ruleSet) }
