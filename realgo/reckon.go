package realgo

import (
	"fmt"

	"github.com/mathgo/mathgo/board"
)

// Reckoner scores games that have just ended by two passes, as Solve
// scores the end of every line it searches (see the package comment):
// Japanese counting decides which blocks are dead by hypothetical play
// under the confirmation ko rule, Chinese counting removes the stones in
// the other colour's pass-alive territory and counts area. It lets a
// caller that plays a game its own way end that game the way real rules
// end it. A Reckoner keeps the statuses it found, so scoring many boards
// of one game is cheap; it is not safe for concurrent use.
type Reckoner struct {
	ev    *evaluator
	cols  int
	rows  int
	nodes int64
}

// NewReckoner returns a Reckoner for boards of cols x rows points that
// spends at most statusNodes nodes on one life-and-death question
// (0: DefaultStatusMaxNodes) and totalNodes in all (0: DefaultMaxNodes).
// A question past its budget leaves that block's status unknown, and the
// Japanese count becomes an interval.
func NewReckoner(cols, rows int, statusNodes, totalNodes int64) (*Reckoner, error) {
	if statusNodes <= 0 {
		statusNodes = DefaultStatusMaxNodes
	}
	if totalNodes <= 0 {
		totalNodes = DefaultMaxNodes
	}
	r := &Reckoner{cols: cols, rows: rows}
	b, err := board.New(cols, rows)
	if err != nil {
		return nil, err
	}
	r.ev = newEvaluator(b, &r.nodes, statusNodes, totalNodes)
	return r, nil
}

// AssumeAlive makes the Japanese reckoning treat the stones on the marked
// points (indexed by board.Point) as it treats pass-alive stones: alive,
// outside every hypothetical play, and never in seki because of a dame next
// to them (their owner fills it). A caller that has proven some blocks
// safe (package endgame: the walls of its tiles) sets them before the
// first reckoning.
func (r *Reckoner) AssumeAlive(points []bool) {
	r.ev.assumeAlive = append([]bool(nil), points...)
	clear(r.ev.jcache)
	clear(r.ev.statusCache)
}

// Nodes returns the nodes the life-and-death questions have used.
func (r *Reckoner) Nodes() int64 { return r.nodes }

// load points the evaluator at a copy of b played with the simple ko
// rule (the status searches play on it).
func (r *Reckoner) load(b *board.Board) error {
	if b.Cols() != r.cols || b.Rows() != r.rows {
		return fmt.Errorf("realgo: a %dx%d board given to a Reckoner of %dx%d boards", b.Cols(), b.Rows(), r.cols, r.rows)
	}
	// The copy reuses the last one's storage: a search reckons
	// millions of ends.
	c := b.CloneInto(r.ev.b)
	c.SetKoRule(board.KoSimple)
	r.ev.b = c
	return nil
}

// Japanese returns the bounds of the Japanese count of a game ended on b
// (Black minus White: territory plus the dead stones removed at the end,
// without any prisoner taken before), lo = hi when every status is known.
func (r *Reckoner) Japanese(b *board.Board) (lo, hi int, err error) {
	if err := r.load(b); err != nil {
		return 0, 0, err
	}
	v := r.ev.japanese()
	return int(v.lo), int(v.hi), nil
}

// Chinese returns the area count of a game ended on b (Black minus
// White, stones in the other colour's pass-alive territory removed).
func (r *Reckoner) Chinese(b *board.Board) (int, error) {
	if err := r.load(b); err != nil {
		return 0, err
	}
	return r.ev.chinese(), nil
}

// JapaneseCheap returns bounds on Japanese(b) found without any
// life-and-death search: only pass-alive (and assumed-alive) blocks are
// known alive, and only blocks in the other colour's pass-alive territory
// known dead. A caller that needs the count only when it falls inside a
// window can skip the searches of Japanese when these bounds already lie
// outside it.
func (r *Reckoner) JapaneseCheap(b *board.Board) (lo, hi int, err error) {
	if err := r.load(b); err != nil {
		return 0, 0, err
	}
	v := r.ev.japaneseCheap()
	return int(v.lo), int(v.hi), nil
}
