package gtp

import (
	"fmt"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/tiles"
)

// ExactGenerator plays the exactly optimal move under Japanese counting
// when the position decomposes into tiles that mathgo can value (walls
// declared or certified settled, no ko tile, within the search budget):
// the move that keeps the best stop of the total count. Otherwise it
// returns an error, and the engine falls back to FallbackGenerator.
type ExactGenerator struct {
	// MaxPositions bounds the tile search (0: 500,000 positions).
	MaxPositions int
	// MaxTilePoints skips the exact analysis when a tile has more points
	// (0: 40), so an open board falls back at once.
	MaxTilePoints int
}

// GenMove implements MoveGenerator.
func (g ExactGenerator) GenMove(b *board.Board, immortal []bool, c board.Color, komi float64) (board.Point, string, error) {
	limit := g.MaxPositions
	if limit == 0 {
		limit = 500_000
	}
	maxPoints := g.MaxTilePoints
	if maxPoints == 0 {
		maxPoints = 40
	}
	a, err := tiles.Analyze(&position.Position{Board: b, Immortal: immortal, Name: "gtp"}, tiles.Options{MaxPositions: limit, MaxTilePoints: maxPoints})
	if err != nil {
		return board.Pass, "", err
	}
	m, err := a.BestMove(c)
	if err != nil {
		return board.Pass, "", err
	}
	if m.Point == board.Pass {
		return board.Pass, fmt.Sprintf("exact: no move beats passing (total %s, score with best play %s before komi %g)", a.Count, m.Score, komi), nil
	}
	t := a.Tile(m.Tile)
	return m.Point, fmt.Sprintf("exact: tile %s (count %s, chilled %s) to %s, incentive %s, score with best play %s before komi %g",
		m.Tile, t.Count, t.Chilled, m.Value, m.Incentive, m.Score, komi), nil
}
