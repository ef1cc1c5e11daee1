package tiles

import (
	"slices"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
)

// Rules plays Mathematical Go on a whole board with exactly the rules the
// tile search uses (it is the tile search's own engine): no ko
// restriction, suicide illegal, immortal stones never captured, a stone
// that joins an immortal block immortal, and a region that one colour's
// immortal stones bound and in which every point touches them settled
// territory worth an integer. It exists so that independent searches
// (solve's whole-board alpha-beta) can check the tile analysis over the
// same rules. A Rules is not safe for concurrent use.
type Rules struct {
	e *engine
}

// NewRules returns the rules engine for board b (which it does not
// change) with the given immortal stones (one entry per point, as
// Certify or Analysis.Immortal give them).
func NewRules(b *board.Board, immortal []bool) *Rules {
	b = b.Clone()
	b.SetKoRule(board.KoNone)
	e := newEngine(b, slices.Clone(immortal), 0)
	e.areaLimit = 1 // Value gives count games only
	return &Rules{e: e}
}

// Value returns the count game of region (a connected region of points
// without immortal stones, as Components gives): its exact value under
// Mathematical Go rules, Black positive, searched and memoized exactly as
// Analyze values a tile. A region whose game graph has a cycle gives a
// *CycleError; a search past the budget (SetMaxPositions) an error
// wrapping ErrBudget.
func (r *Rules) Value(region []board.Point) (cgt.Game, error) {
	en, err := r.e.value(region)
	if err != nil {
		return cgt.Zero, err
	}
	return en.count, nil
}

// SetMaxPositions bounds the positions Value searches, in all (0: no
// bound).
func (r *Rules) SetMaxPositions(n int) { r.e.budget = n }

// Positions returns the number of positions Value has searched.
func (r *Rules) Positions() int { return r.e.nodes }

// SetProgress sets a function Value calls now and then during long
// searches with the positions searched so far.
func (r *Rules) SetProgress(f func(positions int)) { r.e.progress = f }

// Board returns the board the engine was made from (geometry and point
// names; its stones are those at the start, not the current ones).
func (r *Rules) Board() *board.Board { return r.e.b }

// At returns the current contents of p.
func (r *Rules) At(p board.Point) board.Color { return r.e.cells[p] }

// Immortal reports whether p currently holds an immortal stone.
func (r *Rules) Immortal(p board.Point) bool { return r.e.imm[p] }

// Play places a stone of colour c at p and returns the number of stones
// captured, or ok=false (nothing changed) when the move is illegal: an
// occupied point or suicide.
func (r *Rules) Play(p board.Point, c board.Color) (captured int, ok bool) {
	return r.e.play(p, c)
}

// Mark returns the current undo position, for Undo.
func (r *Rules) Mark() int { return len(r.e.log) }

// Undo takes back every change made since Mark returned mark.
func (r *Rules) Undo(mark int) { r.e.undoTo(mark) }

// Components splits the points of region that do not hold immortal
// stones into connected regions, each sorted.
func (r *Rules) Components(region []board.Point) [][]board.Point {
	return r.e.components(region)
}

// Settled reports whether region (a connected region of points without
// immortal stones, as Components gives) is settled territory, and if so
// its value: the number of spare moves it is worth to its owner under
// Japanese counting (each point, plus one more per enemy stone, a
// prisoner), positive for Black and negative for White. The tile search
// values such a region as this integer and never searches inside it.
func (r *Rules) Settled(region []board.Point) (value int, ok bool) {
	return r.e.settledValue(region)
}
