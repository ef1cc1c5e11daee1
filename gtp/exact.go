package gtp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/position"
)

// Budgets of genmove's exact analysis: small, so that a position mathgo
// cannot value (an open board) falls back at once.
const (
	// DefaultGenMovePositions bounds the tile search of genmove.
	DefaultGenMovePositions = 500_000
	// DefaultGenMoveTilePoints skips the exact analysis when a tile has
	// more points.
	DefaultGenMoveTilePoints = 40
)

// ExactGenerator plays the move exact play makes (endgame.Report.BestMove:
// the move `mathgo play` makes) when the position decomposes into tiles
// that mathgo can value (walls declared or certified settled, no ko
// tile, within the search budget). Otherwise it returns an error, and the
// engine falls back to FallbackGenerator.
type ExactGenerator struct {
	// MaxPositions bounds the tile search (0: DefaultGenMovePositions).
	MaxPositions int
	// MaxTilePoints skips the exact analysis when a tile has more points
	// (0: DefaultGenMoveTilePoints), so an open board falls back at once.
	MaxTilePoints int
}

// GenMove implements MoveGenerator.
func (g ExactGenerator) GenMove(b *board.Board, immortal []bool, c board.Color, komi float64) (board.Point, string, error) {
	opts := endgame.Options{MaxPositions: g.MaxPositions, MaxTilePoints: g.MaxTilePoints}
	if opts.MaxPositions == 0 {
		opts.MaxPositions = DefaultGenMovePositions
	}
	if opts.MaxTilePoints == 0 {
		opts.MaxTilePoints = DefaultGenMoveTilePoints
	}
	r, err := analyze(b, immortal, opts)
	if err != nil {
		return board.Pass, "", err
	}
	m, err := r.BestMove(c)
	if err != nil {
		return board.Pass, "", err
	}
	if m.Point == board.Pass {
		return board.Pass, fmt.Sprintf("exact: every tile is settled (score with best play %s before komi %g)", m.Score, komi), nil
	}
	return m.Point, fmt.Sprintf("exact: tile %s from %s to %s, incentive %s, score with best play %s before komi %g",
		m.Tile, m.Before, m.After, m.Incentive, m.Score, komi), nil
}

// analyze runs the one pipeline on the engine's position.
func analyze(b *board.Board, immortal []bool, opts endgame.Options) (*endgame.Report, error) {
	return endgame.Analyze(&position.Position{Board: b, Immortal: immortal, Name: "gtp"}, opts)
}

// Analyzer returns the mathgo-analyze answer: the analyze table of the
// position (or, with asJSON, the analyze --json document), computed by
// the same pipeline and options as `mathgo analyze`.
func Analyzer(asJSON bool) func(b *board.Board, immortal []bool) (string, error) {
	return func(b *board.Board, immortal []bool) (string, error) {
		r, err := analyze(b, immortal, endgame.Options{})
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
// analyzed exactly: the Japanese score (Black minus White, before komi)
// with best play from toMove, as analyze gives it. ok is false when the
// position cannot be valued exactly.
func Scorer(b *board.Board, immortal []bool, toMove board.Color) (score float64, ok bool) {
	r, err := analyze(b, immortal, endgame.Options{MaxPositions: DefaultGenMovePositions, MaxTilePoints: DefaultGenMoveTilePoints})
	if err != nil || !r.Exact() {
		return 0, false
	}
	s, ok := r.Japanese(toMove)
	if !ok {
		return 0, false
	}
	return s.Float64(), true
}
