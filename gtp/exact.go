package gtp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
)

// Budgets of genmove's exact analysis, sized so that on a two-core
// machine shared with other work the analysis of a position the triage
// lets through ends within a few seconds whatever its outcome: the life
// solver takes about 2 s with 10,000 nodes per block on the 13x13 and
// 19x19 benchmark positions (8 s with the analyze command's 50,000), the
// tile search about 1.5 s per 100,000 positions.
const (
	// DefaultGenMovePositions bounds the tile search of genmove.
	DefaultGenMovePositions = 200_000
	// DefaultGenMoveTilePoints skips the exact analysis when a tile has
	// more points.
	DefaultGenMoveTilePoints = endgame.TriageMaxOpenArea
	// DefaultGenMoveSolverNodes bounds the life-and-death search per block.
	DefaultGenMoveSolverNodes = 10_000
	// DefaultGenMoveBoardNodes bounds each question of the board search
	// (the tiles without a value played on the board) in the first
	// analysis: about a second. The second has analyze's (stopped at the
	// move's deadline).
	DefaultGenMoveBoardNodes = 200_000
)

// ExactGenerator plays the move exact play makes (endgame.Report.BestMove:
// the move `mathgo play` makes) when the position decomposes into tiles
// that mathgo can value (walls declared or certified settled, no ko
// tile, within the search budget). It first asks endgame.Triage, so an
// opening or a middle game is refused in microseconds ("not an endgame
// yet: ..."); then it runs endgame.Analyze with its node budgets (its
// board search under Japanese counting only, the game BestMove plays,
// and stopped at the move's deadline when the time is known), and when
// that is not exact and the time allows, again with analyze's (NoRetry). When the analysis is not exact it returns an error saying
// why, and the engine asks the child engine or the fallback.
type ExactGenerator struct {
	// MaxPositions bounds the tile search (0: DefaultGenMovePositions).
	MaxPositions int
	// MaxTilePoints skips the exact analysis when a tile has more points
	// (0: DefaultGenMoveTilePoints), so an open board falls back at once.
	MaxTilePoints int
	// SolverNodes bounds the life search per block (0:
	// DefaultGenMoveSolverNodes).
	SolverNodes int
	// NoTriage skips the triage (the node budgets still bound the work).
	NoTriage bool
	// NoRetry turns off the second analysis: when the analysis with the
	// budgets above is not exact and the time allows (no time known, or
	// at least RetryMinTime for the move; RetryMinTimeLarge on boards of
	// more than RetryMaxPoints points), genmove analyzes the position
	// again with a single analysis's budgets (endgame.DefaultSolverNodes,
	// endgame.DefaultMaxPositions, those of `mathgo analyze`), so mathgo
	// takes over as soon as `analyze` can value the board.
	NoRetry bool
	// RetryBoardNodes, if positive, is the board search budget of the
	// second analysis instead of analyze's
	// (solve.DefaultBoardSearchNodes). A game whose every move may take
	// that long (a test, a GUI without a clock) can keep it smaller.
	RetryBoardNodes int
}

// When genmove makes its second analysis (ExactGenerator.NoRetry). With
// analyze's budgets a 9x9 position takes at most about 3.5 s on this
// project's two-core machine (the 9x9 benchmark positions of
// testdata/games), a 13x13 or 19x19 one about 8 s: the engine gives the
// exact player two thirds of --move-time (9 s by default) when a child
// engine is set, so small boards get the second analysis under the
// default time and large ones only with more. The board search, which
// can take longer, is stopped at the move's deadline (stopAt).
const (
	// RetryMaxPoints is the largest board (in points) whose second
	// analysis needs only RetryMinTime.
	RetryMaxPoints = 121
	// RetryMinTime is the least time for the move that allows the second
	// analysis on a board of at most RetryMaxPoints points.
	RetryMinTime = 5 * time.Second
	// RetryMinTimeLarge is the least time for the move that allows it on
	// a larger board.
	RetryMinTimeLarge = 20 * time.Second
)

// retryOptions returns the options of genmove's second analysis and
// whether to make it, given the first one's options and the time for the
// move (0 or less: none known). Its board search has analyze's budget
// (or RetryBoardNodes): with a time known, genmove stops it at the
// move's deadline.
func (g ExactGenerator) retryOptions(b *board.Board, first endgame.Options, within time.Duration) (endgame.Options, bool) {
	if g.NoRetry {
		return first, false
	}
	need := RetryMinTime
	if b.Size() > RetryMaxPoints {
		need = RetryMinTimeLarge
	}
	if within > 0 && within < need {
		return first, false
	}
	retry, ok := first.WithDefaultBudgets()
	if g.RetryBoardNodes > 0 {
		retry.BoardSearchNodes = g.RetryBoardNodes
	}
	return retry, ok
}

// stopAt is when, after the start of a move with within to spend,
// genmove stops the board search of its analysis: a tenth of the time
// (at most half a second) before the deadline, to answer in time.
func stopAt(within time.Duration) time.Duration {
	return within - min(within/10, 500*time.Millisecond)
}

// GenMove implements MoveGenerator with the default budgets.
func (g ExactGenerator) GenMove(b *board.Board, immortal []bool, c board.Color, komi float64) (board.Point, string, error) {
	return g.GenMoveWithin(b, immortal, c, komi, 0)
}

// GenMoveWithin implements TimedGenerator: with less than four seconds
// for the move (time_left, time_settings) the node budgets shrink to a
// quarter, with less than one second to a twentieth; 0 or less means no
// time is known (the budgets as set).
func (g ExactGenerator) GenMoveWithin(b *board.Board, immortal []bool, c board.Color, komi float64, within time.Duration) (board.Point, string, error) {
	pos := &position.Position{Board: b, Immortal: immortal, Name: "gtp"}
	if !g.NoTriage {
		if v := endgame.Triage(pos); !v.Valuable {
			return board.Pass, "", errors.New(v.Reason)
		}
	}
	// BestMove plays the Japanese game: the board search is made under
	// Japanese counting only, and stopped at the move's deadline.
	opts := g.options(within)
	opts.JapaneseOnly = true
	if within > 0 {
		opts.Stop = new(atomic.Bool)
		t := time.AfterFunc(stopAt(within), func() { opts.Stop.Store(true) })
		defer t.Stop()
	}
	r, err := g.analyses(pos, opts, within, func(r *endgame.Report) bool { return r.ExactUnder(rules.Japanese) })
	if err != nil {
		return board.Pass, "", err
	}
	if !r.ExactUnder(rules.Japanese) {
		return board.Pass, "", notExact(r)
	}
	m, err := r.BestMove(c)
	if err != nil {
		return board.Pass, "", err
	}
	if !m.Short && m.Point != board.Pass {
		return m.Point, fmt.Sprintf("exact with the simple ko ban: tile %s, score with best play %s before komi %g", m.Tile, m.Score, komi), nil
	}
	if m.Point == board.Pass {
		return board.Pass, fmt.Sprintf("exact: every tile is settled (score with best play %s before komi %g)", m.Score, komi), nil
	}
	return m.Point, fmt.Sprintf("exact: tile %s from %s to %s, incentive %s, score with best play %s before komi %g",
		m.Tile, m.Before, m.After, m.Incentive, m.Score, komi), nil
}

// exactAnalysis is the GTP engine's one analysis of a position (genmove,
// final_score, final_status_list, the GoGui commands): genmove's budgets
// for the time available, then, when that is not exact and the time
// allows, analyze's (retryOptions).
func (g ExactGenerator) exactAnalysis(pos *position.Position, within time.Duration) (*endgame.Report, error) {
	return g.analyses(pos, g.options(within), within, (*endgame.Report).Exact)
}

// analyses is the analysis of pos with opts, then, when it is not done
// (enough for the caller) and the time allows, the second one
// (plan). None is started once opts.Stop is set (the deadline).
func (g ExactGenerator) analyses(pos *position.Position, opts endgame.Options, within time.Duration, done func(*endgame.Report) bool) (*endgame.Report, error) {
	first, retry, again := g.plan(pos.Board, opts, within)
	r, err := endgame.Analyze(pos, first)
	if err != nil || done(r) || opts.Stop != nil && opts.Stop.Load() {
		return r, err
	}
	if again {
		return endgame.Analyze(pos, retry)
	}
	return r, nil
}

// plan returns the options of genmove's first analysis, those of its
// second and whether to make the second (retryOptions). When the second
// is allowed, the first one's board search has the second's budget
// already: a search that needs more than genmove's budget would otherwise
// be made twice, its first nodes wasted (Spight's problem: 200,000 of the
// 1.6 million its Japanese scores and moves take), and the move's
// deadline stops it either way. The second analysis is then made only
// when its other budgets are larger.
func (g ExactGenerator) plan(b *board.Board, opts endgame.Options, within time.Duration) (first, retry endgame.Options, again bool) {
	retry, again = g.retryOptions(b, opts, within)
	if again {
		opts.BoardSearchNodes = max(opts.BoardSearchNodes, retry.BoardSearchNodes)
		again = retry.SolverNodes > opts.SolverNodes || retry.MaxPositions > opts.MaxPositions
	}
	return opts, retry, again
}

// options are the analysis options of genmove with the time available.
func (g ExactGenerator) options(within time.Duration) endgame.Options {
	opts := endgame.Options{MaxPositions: g.MaxPositions, MaxTilePoints: g.MaxTilePoints, SolverNodes: g.SolverNodes}
	if opts.MaxPositions == 0 {
		opts.MaxPositions = DefaultGenMovePositions
	}
	if opts.MaxTilePoints == 0 {
		opts.MaxTilePoints = DefaultGenMoveTilePoints
	}
	if opts.SolverNodes == 0 {
		opts.SolverNodes = DefaultGenMoveSolverNodes
	}
	div := 1
	switch {
	case within <= 0:
	case within < time.Second:
		div = 20
	case within < 4*time.Second:
		div = 4
	}
	opts.MaxPositions = max(opts.MaxPositions/div, 1)
	opts.SolverNodes = max(opts.SolverNodes/div, 1)
	opts.BoardSearchNodes = max(DefaultGenMoveBoardNodes/div, 1)
	return opts
}

// notExact says in a line why a report cannot be played.
func notExact(r *endgame.Report) error {
	if len(r.Problems) == 0 {
		return errors.New("mathgo cannot value the position exactly: the totals are unknown")
	}
	msg := strings.Join(strings.Fields(r.Problems[0]), " ")
	if n := len(r.Problems) - 1; n > 0 {
		msg += fmt.Sprintf(" (and %d more)", n)
	}
	return errors.New("mathgo cannot value the position exactly: " + msg)
}

// TimedGenerator is a MoveGenerator that can adapt its work to the time
// available for the move (0 or less: unknown). ExactGenerator is one.
type TimedGenerator interface {
	MoveGenerator
	GenMoveWithin(b *board.Board, immortal []bool, c board.Color, komi float64, within time.Duration) (p board.Point, reason string, err error)
}

// analyze runs the one pipeline on the engine's position.
func analyze(b *board.Board, immortal []bool, opts endgame.Options) (*endgame.Report, error) {
	return endgame.Analyze(&position.Position{Board: b, Immortal: immortal, Name: "gtp"}, opts)
}

// Analyzer returns the mathgo-analyze answer: the analyze table of the
// position (or, with asJSON, the analyze --json document), computed by
// the same pipeline and options as `mathgo analyze`. A position the
// triage refuses (endgame.Triage) is answered with the verdict instead of
// the table ("not an endgame yet: ..."); its JSON document is computed
// with small budgets, and has the verdict as its first problem when it is
// not exact, once: endgame.Analyze puts it there, as for `mathgo analyze`.
func Analyzer(asJSON bool) func(b *board.Board, immortal []bool) (string, error) {
	return func(b *board.Board, immortal []bool) (string, error) {
		v := endgame.Triage(&position.Position{Board: b, Immortal: immortal, Name: "gtp"})
		opts := endgame.Options{}
		if !v.Valuable {
			if !asJSON {
				return v.Reason, nil
			}
			// The document of a position mathgo cannot value: small
			// budgets (endgame.Analyze lists the verdict first among
			// its problems).
			opts = endgame.Options{MaxPositions: 20_000, SolverNodes: 2_000, MaxTilePoints: endgame.TriageMaxOpenArea}
		}
		r, err := analyze(b, immortal, opts)
		if err != nil {
			return "", err
		}
		var buf bytes.Buffer
		j := r.JSON(endgame.DefaultMaxPrint)
		if asJSON {
			enc := json.NewEncoder(&buf)
			enc.SetIndent("", "  ")
			enc.SetEscapeHTML(false)
			err = enc.Encode(j)
		} else {
			err = j.WriteText(&buf, endgame.TextOptions{})
		}
		return strings.TrimRight(buf.String(), "\n"), err
	}
}

// Scorer returns final_score's exact score when the position can be
// analyzed exactly: the score under counting c (Black minus White, before
// komi; endgame.Report.Score: Japanese territory and prisoners, or the area of
// the whole board) with best play from toMove, as analyze gives it
// (genmove's budgets first, then analyze's). ok is false when the
// position cannot be valued exactly.
func Scorer(b *board.Board, immortal []bool, toMove board.Color, c rules.Counting) (score float64, ok bool) {
	pos := &position.Position{Board: b, Immortal: immortal, Name: "gtp"}
	if !endgame.Triage(pos).Valuable {
		return 0, false
	}
	// No time limit here: the score agrees with analyze's wherever
	// analyze values the board.
	r, err := ExactGenerator{}.exactAnalysis(pos, 0)
	if err != nil {
		return 0, false
	}
	s, err := r.Score(c, toMove) // proven scores under c only
	if err != nil {
		return 0, false
	}
	return s.Float64(), true
}
