package solve

import (
	"fmt"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/rules"
)

// The scored games. A position's tiles, played together under one
// counting rule, are one game; every decision about a sum (its score with
// either side first, its optimal moves, the score after any move, the
// next position of a play-out) is asked of that game through Node, so no
// front end needs to know what the tiles hold. Two implementations exist:
//
//   - the short sum (sumNode): every tile has a short value (its count for
//     Japanese counting, its area game for Chinese); scores are the stops
//     of the sum, read off the canonical total while it is small enough to
//     build and found by search over the values past that (Stops, the one owner of
//     that rule, which package play's exact strategy and Decide also use);
//   - the ban game (banNode): some tile is a ko; the tiles' whole position
//     graphs are played together with the simple ko ban (BanGame), and,
//     when walls give ko threats, the two games that bracket them;
//   - the board search (searchNode, boardsearch.go): some tile has no
//     value; the tiles without one (and the ko tiles) are played on the
//     board under real rules inside the sum of the valued tiles.

// Move is a move of a scored game: a stone at Point in the tile named
// Tile, or a pass (Tile "" and Point board.Pass).
type Move struct {
	Tile  string
	Point board.Point
	// Label names the move inside its tile (the point's name), or "pass".
	Label string
}

// PassMove is the pass.
var PassMove = Move{Point: board.Pass, Label: "pass"}

// IsPass reports whether m is a pass.
func (m Move) IsPass() bool { return m.Point == board.Pass }

// String names the move as "tile:label", or "pass".
func (m Move) String() string {
	if m.IsPass() {
		return "pass"
	}
	return m.Tile + ":" + m.Label
}

// Score is the score best play reaches (Black minus White): exact when Lo
// and Hi are both known and equal, otherwise what is known of it (Lo a
// lower bound when LoOK, Hi an upper bound when HiOK).
type Score struct {
	Lo, Hi     cgt.Dyadic
	LoOK, HiOK bool
}

// ExactScore is the exact score x.
func ExactScore(x cgt.Dyadic) Score { return Score{Lo: x, Hi: x, LoOK: true, HiOK: true} }

// Exact reports whether the score is proven: Lo = Hi.
func (s Score) Exact() bool { return s.LoOK && s.HiOK && s.Lo.Equal(s.Hi) }

// String writes the score: "3", "between -1 and 2", a bound, or
// "unknown" when nothing is proven (a budget, endless play: the caller
// says which).
func (s Score) String() string {
	switch {
	case s.Exact():
		return s.Lo.String()
	case s.LoOK && s.HiOK:
		return fmt.Sprintf("between %s and %s", s.Lo, s.Hi)
	case s.LoOK:
		return fmt.Sprintf("at least %s", s.Lo)
	case s.HiOK:
		return fmt.Sprintf("at most %s", s.Hi)
	}
	return "unknown"
}

// meet returns what s and o prove together, both bounding the same
// score: the higher lower bound and the lower upper bound.
func (s Score) meet(o Score) Score {
	if o.LoOK && (!s.LoOK || o.Lo.Cmp(s.Lo) > 0) {
		s.Lo, s.LoOK = o.Lo, true
	}
	if o.HiOK && (!s.HiOK || o.Hi.Cmp(s.Hi) < 0) {
		s.Hi, s.HiOK = o.Hi, true
	}
	return s
}

// Add returns the score shifted by x.
func (s Score) Add(x cgt.Dyadic) Score {
	s.Lo, s.Hi = s.Lo.Add(x), s.Hi.Add(x)
	return s
}

// Option is one move of the player to move and the node it leads to.
type Option struct {
	Move Move
	// Next is the position after the move, the opponent to move.
	Next Node
	// Short is set for a move of a short tile: Before and After are the
	// tile's values before and after it, Incentive the mover's incentive
	// (Black's After - Before, White's Before - After). Unset for a pass
	// and for a move of a ko tile.
	Short                    bool
	Before, After, Incentive cgt.Game
	// Captured counts the stones the move takes (ban game only); KoTaken
	// reports that the opponent may not take back at once.
	Captured int
	KoTaken  bool
}

// Node is a position of a scored game with its player to move. Its
// methods search (within the game's budget, an error wrapping ErrTooBig
// past it) and memoize; a Node must not be shared between goroutines.
type Node interface {
	// Counting is the rule the game is scored under.
	Counting() rules.Counting
	// ToMove is the player to move.
	ToMove() board.Color
	// Value is the score best play reaches from here.
	Value() (Score, error)
	// Options lists every move of the player to move: tile by tile in the
	// game's order, each tile's moves in reading order, the pass last
	// (where the game allows one).
	Options() ([]Option, error)
	// Optimal lists the options after which the opponent can reach no
	// better score for himself than Value: the mover's optimal moves.
	// For a short sum a pass is among them only when passing keeps the
	// score.
	Optimal() ([]Option, error)
	// Done reports that the game is over (its Value is then the final
	// score): every tile settled in a short sum, two passes in a ban game.
	Done() bool
}

// Progressing is a Node of a game with cycles (exact play with the ko
// ban) whose optimal options can go round a cycle for ever: Progress
// returns those of them that bring the end nearer (never none when
// optimal has some). Exact play picks among them.
type Progressing interface {
	Progress(optimal []Option) []Option
}

// Undecided is a Node of a game whose values may be bounds, not exact
// (exact play with the ko ban, where endless play is at stake), all known
// at once: Undecided lists the options Optimal leaves out whose scores are
// only bounded, by bounds that hold the node's Value. Such a move may be
// optimal too; the analysis cannot say.
type Undecided interface {
	Undecided() ([]Option, error)
}

// Game is a position's tiles as one game under one counting rule.
type Game interface {
	// Counting is the rule the game is scored under.
	Counting() rules.Counting
	// Start returns the position at the start with first to move.
	Start(first board.Color) (Node, error)
}

// cmpFor compares two scores from c's point of view (1: a is better for
// c).
func cmpFor(c board.Color, a, b cgt.Dyadic) int {
	if c == board.White {
		return b.Cmp(a)
	}
	return a.Cmp(b)
}
