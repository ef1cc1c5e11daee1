package gtp

import (
	"io"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/rules"
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
	// (Black minus White, before komi) with best play from toMove under
	// counting c (Japanese: territory and prisoners; Chinese: the area of
	// the whole board), and false when it cannot; final_score then counts
	// with every stone alive (TerritoryScore, AreaScore).
	Scorer func(b *board.Board, immortal []bool, toMove board.Color, c rules.Counting) (score float64, ok bool)
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
	// Assume, if set, is the source of stated assumptions (mathgo gtp
	// --assume): when the position cannot be proven, final_score and
	// final_status_list answer from mathgo's analysis under the statuses
	// it gives (endgame.Options.Assume), say so in the log, and
	// mathgo-assumptions lists the assumptions.
	Assume endgame.Assumer
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
	// ruleSet is the loaded record's rules (position.NormalizeRules; ""
	// when none): final_score counts as they do (endgame.CountingFor).
	ruleSet string

	childState    childState
	childRestarts int
	clock         clock
	lastSource    string
	// pending is closed when an exact analysis abandoned over its time
	// ends (nil when none runs).
	pending <-chan struct{}
	cache   analysisCache
	// assumed is the last analysis under Options.Assume (assumedAnalysis).
	assumed analysisCache
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
	e.ruleSet = "" // a new game: no record's rules
}

// Board returns the engine's board. It is the live board: callers must not
// change it.
func (e *Engine) Board() *board.Board { return e.b }

// Komi returns the current komi.
func (e *Engine) Komi() float64 { return e.komi }

// RuleSet returns the rules of the last game record loaded (position's
// NormalizeRules names; "" when it gave none): final_score counts as they
// do, territory for Japanese and Korean rules and when none is given,
// area for Chinese, AGA, New Zealand, Ing and Tromp-Taylor rules.
func (e *Engine) RuleSet() string { return e.ruleSet }

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
