package gtp

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
)

// MoveGenerator chooses the move of colour c in a position. b is a copy of
// the engine's board (history and ko rule included), so the generator may
// play and undo on it freely; immortal has one entry per point, true for a
// stone declared immortal (Mathematical Go walls from the loaded file).
// komi is the current komi (White's bonus; scores are Black minus White).
//
// GenMove returns the point to play or board.Pass, and a one-line reason
// for the log (for the exact player: tile, value, incentive). An error, or
// a point that is not legal for c, makes the engine fall back to
// FallbackGenerator.
type MoveGenerator interface {
	GenMove(b *board.Board, immortal []bool, c board.Color, komi float64) (p board.Point, reason string, err error)
}

// Options configure an Engine.
type Options struct {
	// KoRule is the ko rule of real play: board.KoSimple (GNU Go's
	// default) or board.KoSuperko (positional superko). The zero value,
	// board.KoNone, allows immediate ko recapture, which is only meant for
	// analysis; a GUI should get one of the other two.
	KoRule board.KoRule
	// Name and Version answer the name and version commands; an empty
	// Name is "mathgo".
	Name, Version string
	// Generator chooses the moves of genmove; nil means FallbackGenerator.
	Generator MoveGenerator
	// Analyzer answers mathgo-analyze with the analyze table of the
	// position (a copy of the board and its immortal marks); nil makes the
	// command fail with "analyze is not available".
	Analyzer func(b *board.Board, immortal []bool) (string, error)
	// Scorer, if set, gives final_score the exact score of the position
	// (Black minus White, before komi) with best play from toMove, and
	// false when it cannot; final_score then counts territory with every
	// stone alive (TerritoryScore).
	Scorer func(b *board.Board, immortal []bool, toMove board.Color) (score float64, ok bool)
	// Log receives the reasons of genmove (which engine chose each move
	// and why) and the details of failures that GTP answers tersely (a
	// file that does not load, a fallback move, a recovered panic, a child
	// engine that failed); nil discards them. The engine serializes its
	// writes (see SyncWriter for a log shared with a child engine).
	Log io.Writer
	// Child, if set, is the child engine of mathgo gtp --engine: the
	// engine keeps its position in sync with every command that changes
	// mathgo's, asks it for the moves of positions the Generator cannot
	// value, and closes it at quit (or Close).
	Child *Child
	// MoveTime bounds each genmove (0: DefaultMoveTime); time_settings and
	// time_left may tighten it. Negative: no wall-clock bound, only the
	// node budgets (for tests, whose results must not depend on the
	// machine's speed).
	MoveTime time.Duration
}

// Engine is a GTP version 2 engine: a board with its ko rule and move
// history, the komi, and the immortal marks of a loaded position. Create
// it with NewEngine. An Engine is not safe for concurrent use.
type Engine struct {
	opts     Options
	log      io.Writer
	b        *board.Board
	immortal []bool
	komi     float64

	childState    childState
	childRestarts int
	clock         clock
	lastSource    string
	// pending is closed when an exact analysis abandoned over its time
	// ends (nil when none runs).
	pending <-chan struct{}
	cache   analysisCache
}

// DefaultBoardSize is the board size of a new Engine, as in GTP.
const DefaultBoardSize = 19

// NewEngine returns an engine with an empty 19x19 board and komi 0.
func NewEngine(opts Options) *Engine {
	if opts.Name == "" {
		opts.Name = "mathgo"
	}
	e := &Engine{opts: opts, log: io.Discard}
	if opts.Log != nil {
		e.log = SyncWriter(opts.Log)
	}
	e.newBoard(DefaultBoardSize, DefaultBoardSize)
	e.resetChild()
	return e
}

// Close ends the child engine, if any (quit does it too).
func (e *Engine) Close() {
	if e.opts.Child != nil {
		e.opts.Child.Close()
	}
}

// newBoard replaces the board by an empty one of the given size.
func (e *Engine) newBoard(cols, rows int) {
	b, err := board.New(cols, rows)
	if err != nil {
		panic(err) // unreachable: callers check the size first
	}
	b.SetKoRule(e.opts.KoRule)
	e.b = b
	e.immortal = make([]bool, b.Size())
}

// Board returns the engine's board. It is the live board: callers must not
// change it.
func (e *Engine) Board() *board.Board { return e.b }

// Komi returns the current komi.
func (e *Engine) Komi() float64 { return e.komi }

// Immortal returns, per point, whether the point holds a stone declared
// immortal by the loaded position file (a stone since captured is not
// immortal). The slice is new.
func (e *Engine) Immortal() []bool {
	out := make([]bool, len(e.immortal))
	for p, im := range e.immortal {
		out[p] = im && e.b.At(board.Point(p)) != board.Empty
	}
	return out
}

// Commands returns the names of the commands the engine knows, in the
// order list_commands answers them. The slice is new.
func Commands() []string { return append([]string(nil), commandNames...) }

// commandNames are the known commands in the order of list_commands.
var commandNames = []string{
	"protocol_version", "name", "version", "known_command", "list_commands", "quit",
	"boardsize", "clear_board", "komi", "play", "genmove", "undo", "showboard",
	"loadsgf", "final_score", "list_stones", "mathgo-analyze",
	"time_settings", "time_left", "final_status_list", "kgs-genmove_cleanup",
	"fixed_handicap", "place_free_handicap", "set_free_handicap",
	"gogui-analyze_commands", "mathgo-tile-values", "mathgo-temperatures", "mathgo-triage",
}

// The standard GTP error messages.
var (
	errSyntax  = errors.New("syntax error")
	errUnknown = errors.New("unknown command")
	errIllegal = errors.New("illegal move")
)

// handler runs one command on its arguments and returns the result text.
type handler func(e *Engine, args []string) (string, error)

var handlers map[string]handler

func init() {
	handlers = map[string]handler{
		"protocol_version": nullary(func(*Engine) (string, error) { return "2", nil }),
		"name":             nullary(func(e *Engine) (string, error) { return e.opts.Name, nil }),
		"version":          nullary(func(e *Engine) (string, error) { return e.opts.Version, nil }),
		"known_command":    (*Engine).cmdKnownCommand,
		"list_commands":    nullary(func(*Engine) (string, error) { return strings.Join(commandNames, "\n"), nil }),
		"quit":             nullary(func(e *Engine) (string, error) { e.Close(); return "", nil }),
		"boardsize":        (*Engine).cmdBoardsize,
		"clear_board":      nullary((*Engine).cmdClearBoard),
		"komi":             (*Engine).cmdKomi,
		"play":             (*Engine).cmdPlay,
		"genmove":          (*Engine).cmdGenmove,
		"undo":             nullary((*Engine).cmdUndo),
		"showboard":        nullary((*Engine).cmdShowboard),
		"loadsgf":          (*Engine).cmdLoadSGF,
		"final_score":      nullary((*Engine).cmdFinalScore),
		"list_stones":      (*Engine).cmdListStones,
		"mathgo-analyze":   nullary((*Engine).cmdAnalyze),

		"time_settings":          (*Engine).cmdTimeSettings,
		"time_left":              (*Engine).cmdTimeLeft,
		"final_status_list":      (*Engine).cmdFinalStatusList,
		"kgs-genmove_cleanup":    (*Engine).cmdGenmoveCleanup,
		"fixed_handicap":         (*Engine).cmdFixedHandicap,
		"place_free_handicap":    (*Engine).cmdFixedHandicap,
		"set_free_handicap":      (*Engine).cmdSetFreeHandicap,
		"gogui-analyze_commands": nullary((*Engine).cmdGoGuiAnalyzeCommands),
		"mathgo-tile-values":     nullary((*Engine).cmdTileValues),
		"mathgo-temperatures":    nullary((*Engine).cmdTemperatures),
		"mathgo-triage":          nullary((*Engine).cmdTriage),
	}
}

// nullary adapts a command without arguments, refusing any.
func nullary(f func(e *Engine) (string, error)) handler {
	return func(e *Engine, args []string) (string, error) {
		if len(args) != 0 {
			return "", errSyntax
		}
		return f(e)
	}
}

// command is one parsed command line.
type command struct {
	id   string // the digits of the id, "" if none
	name string
	args []string
}

// parseLine preprocesses a line as GTP version 2 says and splits it into
// id, name and arguments. ok is false for a line that is empty once
// comments and control characters are gone (it gets no response).
func parseLine(line string) (cmd command, ok bool) {
	var sb strings.Builder
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '#':
			i = len(line)
		case c == '\t':
			sb.WriteByte(' ')
		case c < 32 || c == 127:
			// Control characters are discarded (CR, LF, NUL, ...).
		default:
			sb.WriteByte(c)
		}
	}
	fields := strings.FieldsFunc(sb.String(), func(r rune) bool { return r == ' ' })
	if len(fields) == 0 {
		return cmd, false
	}
	if isDigits(fields[0]) {
		cmd.id = fields[0]
		fields = fields[1:]
	}
	if len(fields) > 0 {
		cmd.name = fields[0]
		cmd.args = fields[1:]
	}
	return cmd, true
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Exec runs one command line and returns its result text (without the
// '='/'?' status, the id or the final newlines), whether it succeeded, and
// whether it was quit. A line that is empty after preprocessing does
// nothing and returns ("", true, false).
func (e *Engine) Exec(line string) (resp string, ok bool, quit bool) {
	cmd, nonEmpty := parseLine(line)
	if !nonEmpty {
		return "", true, false
	}
	return e.exec(cmd)
}

// exec runs a parsed command, turning a panic into a failure.
func (e *Engine) exec(cmd command) (resp string, ok bool, quit bool) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(e.log, "mathgo gtp: internal error in %q: %v\n%s", cmd.name, r, debug.Stack())
			resp, ok, quit = fmt.Sprintf("internal error: %v", r), false, false
		}
	}()
	if cmd.name == "" {
		return errSyntax.Error(), false, false
	}
	h, known := handlers[cmd.name]
	if !known {
		return errUnknown.Error(), false, false
	}
	out, err := h(e, cmd.args)
	if err != nil {
		return cleanText(err.Error()), false, false
	}
	return cleanText(out), true, cmd.name == "quit"
}

// cleanText makes s fit in a GTP response: no carriage returns or other
// control characters but newline, no empty lines, no trailing newline.
func cleanText(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '\t' {
			return ' '
		}
		if r != '\n' && (r < 32 || r == 127) {
			return -1
		}
		return r
	}, s)
	if !strings.Contains(s, "\n") {
		return s
	}
	lead := strings.HasPrefix(s, "\n")
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, strings.TrimRight(l, " "))
		}
	}
	out := strings.Join(lines, "\n")
	if lead && out != "" {
		out = "\n" + out
	}
	return out
}

// Respond runs one command line and returns the complete GTP response:
// "=id result\n\n" or "?id message\n\n" (the id only if the command had
// one), or "" for a line that is empty after preprocessing. quit reports
// the quit command.
func (e *Engine) Respond(line string) (out string, quit bool) {
	cmd, nonEmpty := parseLine(line)
	if !nonEmpty {
		return "", false
	}
	resp, ok, quit := e.exec(cmd)
	return format(cmd.id, resp, ok), quit
}

// format builds a GTP response from its parts.
func format(id, resp string, ok bool) string {
	var sb strings.Builder
	if ok {
		sb.WriteByte('=')
	} else {
		sb.WriteByte('?')
	}
	sb.WriteString(id)
	if resp != "" {
		if resp[0] != '\n' {
			sb.WriteByte(' ')
		}
		sb.WriteString(resp)
	}
	sb.WriteString("\n\n")
	return sb.String()
}

// Run is the GTP loop: it reads commands from in, one per line, and writes
// each response to out at once, until quit or the end of in. It returns nil
// at quit or at the end of input, and the first read or write error
// otherwise.
func (e *Engine) Run(in io.Reader, out io.Writer) error {
	r := bufio.NewReader(in)
	w := bufio.NewWriter(out)
	for {
		line, rerr := r.ReadString('\n')
		if line != "" {
			resp, quit := e.Respond(line)
			if resp != "" {
				if _, err := w.WriteString(resp); err != nil {
					return err
				}
				if err := w.Flush(); err != nil {
					return err
				}
			}
			if quit {
				return nil
			}
		}
		if rerr == io.EOF {
			return nil
		}
		if rerr != nil {
			return rerr
		}
	}
}

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

func (e *Engine) cmdKnownCommand(args []string) (string, error) {
	if len(args) != 1 {
		return "", errSyntax
	}
	if _, ok := handlers[args[0]]; ok {
		return "true", nil
	}
	return "false", nil
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

func (e *Engine) cmdFinalScore() (string, error) {
	if e.opts.Scorer != nil {
		toMove := board.Black
		if _, c, ok := e.b.LastMove(); ok {
			toMove = c.Opponent()
		}
		if s, ok := e.opts.Scorer(e.b.Clone(), e.Immortal(), toMove); ok {
			return FormatScore(s - e.komi), nil
		}
	}
	return FormatScore(TerritoryScore(e.b, e.komi)), nil
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
