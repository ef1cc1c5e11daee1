package solve

import (
	"fmt"
	"slices"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/tiles"
)

// SumOptions bound the work of a short sum's scores.
type SumOptions struct {
	// MaxTotalGames bounds the new games made while building a canonical
	// total (0: DefaultMaxTotalGames); past it the stops are found by
	// search over the values.
	MaxTotalGames int
	// SearchNodes bounds each such search (0: DefaultSearchNodes).
	SearchNodes int
}

// sumGame is a position whose tiles all have short values, played under
// Japanese counting (the tiles' counts plus the prisoners taken before)
// or Chinese counting (their area games, which hold the stones on their
// points).
type sumGame struct {
	counting rules.Counting
	ids      []string
	locals   []*tiles.Local
	constant cgt.Dyadic
	st       *Stops
}

// NewSumGame returns the scored game of an analyzed position whose tiles
// all have short values, under Japanese or Chinese counting. It fails when
// a tile has no value (a ko, an unsettled wall, a budget), or, for Chinese
// counting, no area game.
func NewSumGame(a *tiles.Analysis, counting rules.Counting, opts SumOptions) (Game, error) {
	if counting != rules.Japanese && counting != rules.Chinese {
		return nil, fmt.Errorf("solve: a sum of tiles is scored under Japanese or Chinese counting, not %s", counting)
	}
	g := &sumGame{counting: counting, st: NewStops(opts.MaxTotalGames, opts.SearchNodes)}
	for _, t := range a.Tiles {
		if t.Err != nil {
			return nil, fmt.Errorf("tile %s has no short value: %w", t.ID, t.Err)
		}
		l, err := a.Local(t.ID)
		if err != nil {
			return nil, err
		}
		if counting == rules.Chinese && !l.AreaOK {
			return nil, fmt.Errorf("tile %s has no area game (too large for the area search)", t.ID)
		}
		g.ids = append(g.ids, t.ID)
		g.locals = append(g.locals, l)
	}
	// Japanese: the prisoners taken before. Chinese: nothing, since a
	// Local's area game holds the stones on its points already
	// (tiles.Local.Area starts as Tile.Area + Tile.Stones); adding the
	// stones again counted them twice.
	if counting == rules.Japanese {
		g.constant = cgt.DyadicInt(int64(a.Prisoners[board.Black] - a.Prisoners[board.White]))
	}
	return g, nil
}

// Counting is the game's counting rule.
func (g *sumGame) Counting() rules.Counting { return g.counting }

// Start returns the start with first to move.
func (g *sumGame) Start(first board.Color) (Node, error) {
	vals := make([]cgt.Game, 0, len(g.locals)+1)
	for _, l := range g.locals {
		vals = append(vals, g.value(l))
	}
	vals = append(vals, cgt.Number(g.constant))
	return &sumNode{g: g, locals: g.locals, vals: vals, toMove: first}, nil
}

// value is a tile's value under the game's counting.
func (g *sumGame) value(l *tiles.Local) cgt.Game {
	if g.counting == rules.Chinese {
		return l.Area
	}
	return l.Count
}

// ShortSum is implemented by the nodes of a short sum (every tile a short
// value): its tiles as playable positions, for the strategies of package
// play that need the values themselves.
type ShortSum interface {
	// Tiles returns the tiles' IDs and positions, and the constant the
	// scores add to them (prisoners for Japanese counting, 0 for
	// Chinese).
	Tiles() (ids []string, locals []*tiles.Local, constant cgt.Dyadic)
}

// sumNode is a position of a sumGame: each tile's position and value (the
// constant last), the player to move.
type sumNode struct {
	g      *sumGame
	locals []*tiles.Local
	vals   []cgt.Game // the tiles' values, then the constant
	toMove board.Color

	total        cgt.Game // canonical total, valid when canon
	canon, tried bool
	parent       *sumNode // the node before the last move (for its total)
	changed      int      // the tile the last move changed (-1: a pass)
	value        *Score
	opts         []Option
	optsErr      error
}

// Tiles returns the tiles' IDs and positions and the constant (ShortSum).
func (n *sumNode) Tiles() ([]string, []*tiles.Local, cgt.Dyadic) {
	return n.g.ids, n.locals, n.g.constant
}

// Counting is the game's counting rule.
func (n *sumNode) Counting() rules.Counting { return n.g.counting }

// ToMove is the player to move.
func (n *sumNode) ToMove() board.Color { return n.toMove }

// Done reports that every tile is a number: nothing is left worth a move.
func (n *sumNode) Done() bool {
	for _, v := range n.vals {
		if !v.IsNumber() {
			return false
		}
	}
	return true
}

// canonical returns the canonical total when it can be built within the
// budget: from the parent's total when there is one (the total changes by
// the changed tile's difference), else from the values.
func (n *sumNode) canonical() (cgt.Game, bool) {
	if n.tried {
		return n.total, n.canon
	}
	n.tried = true
	if p := n.parent; p != nil {
		if t, ok := p.canonical(); ok {
			if n.changed < 0 {
				n.total, n.canon = t, true
			} else {
				n.total, n.canon = n.g.st.Change(t, p.vals[n.changed], n.vals[n.changed])
			}
			return n.total, n.canon
		}
		if n.changed < 0 {
			return cgt.Zero, false
		}
	}
	n.total, n.canon = n.g.st.Canonical(n.vals)
	return n.total, n.canon
}

// Value is the stop of the sum with the player to move.
func (n *sumNode) Value() (Score, error) {
	if n.value != nil {
		return *n.value, nil
	}
	d, err := n.stop(PlayerOf(n.toMove))
	if err != nil {
		return Score{}, err
	}
	s := ExactScore(d)
	n.value = &s
	return s, nil
}

// stop returns the stop of the sum with p to move.
func (n *sumNode) stop(p cgt.Player) (cgt.Dyadic, error) {
	if t, ok := n.canonical(); ok {
		return t.Stop(p), nil
	}
	return n.g.st.SearchStop(n.vals, p)
}

// Options lists every move of the player to move, then the pass.
func (n *sumNode) Options() ([]Option, error) {
	if n.opts != nil || n.optsErr != nil {
		return n.opts, n.optsErr
	}
	me := PlayerOf(n.toMove)
	var out []Option
	for i, l := range n.locals {
		ms, err := l.Moves(n.toMove)
		if err != nil {
			n.optsErr = fmt.Errorf("tile %s: listing the moves: %w", n.g.ids[i], err)
			return nil, n.optsErr
		}
		before := n.vals[i]
		for _, m := range ms {
			next := n.child(i, m.Next)
			after := next.vals[i]
			inc := after.Sub(before)
			if me == cgt.Right {
				inc = before.Sub(after)
			}
			out = append(out, Option{Move: Move{Tile: n.g.ids[i], Point: m.Point, Label: l.Name(m.Point)}, Next: next,
				Short: true, Before: before, After: after, Incentive: inc})
		}
	}
	out = append(out, Option{Move: PassMove, Next: n.child(-1, nil)})
	n.opts = out
	return out, nil
}

// child returns the node after a move in tile i to position l (i < 0: a
// pass).
func (n *sumNode) child(i int, l *tiles.Local) *sumNode {
	c := &sumNode{g: n.g, locals: n.locals, vals: n.vals, toMove: n.toMove.Opponent(), parent: n, changed: i}
	if i >= 0 {
		c.locals = slices.Clone(n.locals)
		c.locals[i] = l
		c.vals = slices.Clone(n.vals)
		c.vals[i] = n.g.value(l)
	}
	return c
}

// Optimal lists the options that keep the mover's stop: those after which
// the stop with the opponent to move is no worse for the mover (it cannot
// be better: the mover's stop is the best of his options'). A move that
// would beat it is an inconsistency, reported as an error.
func (n *sumNode) Optimal() ([]Option, error) {
	target, err := n.Value()
	if err != nil {
		return nil, err
	}
	opts, err := n.Options()
	if err != nil {
		return nil, err
	}
	opp := PlayerOf(n.toMove.Opponent())
	var out []Option
	for _, o := range opts {
		next := o.Next.(*sumNode)
		keeps, err := next.reaches(opp, target.Lo)
		if err != nil {
			return nil, fmt.Errorf("is %s optimal: %w", o.Move, err)
		}
		if keeps {
			out = append(out, o)
		}
	}
	return out, nil
}

// reaches reports whether the stop with p to move is at least as good for
// p's opponent (the mover before) as x: at most x for p = Left, at least x
// for p = Right. On the canonical total it compares the stop; otherwise one
// bounded search decides it.
func (n *sumNode) reaches(p cgt.Player, x cgt.Dyadic) (bool, error) {
	if t, ok := n.canonical(); ok {
		return cmpFor(ColorOf(p.Opponent()), t.Stop(p), x) >= 0, nil
	}
	var before []cgt.Game
	if n.parent != nil {
		before = n.parent.vals
	}
	return n.g.st.SearchReaches(n.vals, before, p, x)
}
