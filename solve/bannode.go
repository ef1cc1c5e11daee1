package solve

import (
	"fmt"
	"math"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/tiles"
)

// banScored is the scored game of a position with ko tiles: exact play
// with the simple ko ban (BanGame). When walls give ko threats the tiles
// do not model, it is the pair of games that bracket them: low, in which
// White may ignore the ban whenever it has threats (a lower bound of
// Black's score), and high, in which Black may (an upper bound). A score
// is exact where the two meet. The moves of a colour are those of the
// game in which it takes no free retake (its real legal moves): Black's
// in low, White's in high. Without threats low and high are one game.
type banScored struct {
	counting  rules.Counting
	low, high *BanGame
}

// NewBanScored returns the scored game of exact play with the ko ban: one
// BanGame (low == high), or the pair of games that bracket the walls' ko
// threats (low: White may ignore the ban when it has threats; high: Black
// may). The games are solved if they were not.
func NewBanScored(counting rules.Counting, low, high *BanGame) Game {
	return newBanScored(counting, low, high)
}

func newBanScored(counting rules.Counting, low, high *BanGame) *banScored {
	low.Solve()
	high.Solve()
	return &banScored{counting: counting, low: low, high: high}
}

// Counting is the game's counting rule.
func (g *banScored) Counting() rules.Counting { return g.counting }

// Start returns the start with first to move.
func (g *banScored) Start(first board.Color) (Node, error) {
	return &banNode{g: g, key: g.low.startKey(first != board.White), sl: g.low.Start(first), sh: g.high.Start(first), toMove: first}, nil
}

// Bracketed reports whether the game is a pair bracketing ko threats.
func (g *banScored) Bracketed() bool { return g.low != g.high }

// banNode is a position of a banScored game: its key (each tile's own
// node: the games' states are canonical, tiles of a class sorted, but a
// player plays on the tiles as they are) and its state in low and in high
// (the same when they are one game).
type banNode struct {
	g      *banScored
	key    banKey
	sl, sh int32
	toMove board.Color
	opts   []Option
	// offset is added to every score: the prisoners taken going round a
	// cycle that shifts them, past a cut of the game's graph (banCut),
	// which the node's state, the cut's fold, does not count.
	offset int
}

// TilePositions is implemented by the nodes of a ban game: each tile's
// position in its whole position graph.
type TilePositions interface {
	// Positions returns the tiles' position graphs and each tile's node
	// there.
	Positions() (graphs []*tiles.PosGraph, nodes []int)
}

// Positions returns the tiles' graphs and positions (TilePositions), in
// the game the player to move plays.
func (n *banNode) Positions() ([]*tiles.PosGraph, []int) {
	g := n.g.own(n.toMove)
	nodes := make([]int, len(g.Graphs))
	g.decode(n.key.tuple, nodes)
	return g.Graphs, nodes
}

// Counting is the game's counting rule.
func (n *banNode) Counting() rules.Counting { return n.g.counting }

// ToMove is the player to move.
func (n *banNode) ToMove() board.Color { return n.toMove }

// Value is the score: Black's lower bound from low, the upper bound from
// high.
func (n *banNode) Value() (Score, error) {
	lo, hi := n.g.low.Value(n.sl), n.g.high.Value(n.sh)
	return Score{Lo: cgt.DyadicInt(int64(lo.Lo + n.offset)), Hi: cgt.DyadicInt(int64(hi.Hi + n.offset)), LoOK: lo.LoOK, HiOK: hi.HiOK}, nil
}

// Done reports a finished game (two passes, or a reckoned end).
func (n *banNode) Done() bool {
	_, done := n.g.own(n.toMove).Terminal(n.state(n.toMove))
	return done
}

// own returns the game whose moves colour c plays (the one in which c
// takes no free retake).
func (g *banScored) own(c board.Color) *BanGame {
	if c == board.White {
		return g.high
	}
	return g.low
}

// state returns n's state in the game own(c).
func (n *banNode) state(c board.Color) int32 {
	if c == board.White {
		return n.sh
	}
	return n.sl
}

// Options lists the moves of the player to move in its own game, with the
// state the same move leads to in the other game, a pass last.
func (n *banNode) Options() ([]Option, error) {
	if n.opts != nil {
		return n.opts, nil
	}
	own := n.g.own(n.toMove)
	nodes := make([]int, len(own.Graphs))
	own.decode(n.key.tuple, nodes)
	var out []Option
	err := own.successors(n.key, nodes, false, func(ti, _ int, m tiles.PosMove, nk banKey, _ bool) error {
		bm := BanMove{Tile: ti, Move: m}
		next := &banNode{g: n.g, key: nk, toMove: n.toMove.Opponent(), offset: n.offset}
		var ok bool
		next.sl, ok = n.g.low.stateOf(nk)
		if _, cut := n.g.low.isCut(next.sl); ok && cut {
			// Past a cut: play on from its fold, the score moved (the
			// fold of the key as the tiles stand, made canonical by
			// stateOf). Progress ranks such a move by the fold's state,
			// so that a lap back to a state already met is no progress.
			at := make([]int, len(own.Graphs))
			own.decode(nk.tuple, at)
			fk, delta := n.g.low.foldKey(nk, at)
			nk, next.key, next.offset = fk, fk, n.offset+delta
			next.sl, ok = n.g.low.stateOf(nk)
		}
		switch {
		case !ok:
		case n.g.high.index == n.g.low.index:
			next.sh = next.sl // one exploration (View): the same states
		default:
			next.sh, ok = n.g.high.stateOf(nk)
		}
		if !ok {
			return fmt.Errorf("%s %s is missing from one of the games bracketing the ko threats (a bug)", n.toMove, banMoveOf(own, bm))
		}
		o := Option{Move: banMoveOf(own, bm), Next: next}
		if !bm.IsPass() {
			o.Captured, o.KoTaken = m.Captured, m.Ban != board.Pass
		}
		out = append(out, o)
		return nil
	})
	if err != nil {
		return nil, err
	}
	n.opts = out
	return out, nil
}

// banMoveOf names a move of g.
func banMoveOf(g *BanGame, m BanMove) Move {
	if m.IsPass() {
		return PassMove
	}
	pg := g.Graphs[m.Tile]
	return Move{Tile: pg.Tile.ID, Point: m.Move.Point, Label: pg.Name(m.Move.Point)}
}

// Progress returns the options of optimal (n's optimal options) that
// bring the end nearer by the mover's own strategy: the states they lead
// to joined the mover's attractor (Black's search in low, White's in high)
// before n's state did. A player who always picks one of them ends the
// game (a move that only keeps the value can go round a cycle for ever);
// where the mover's search has no value, optimal is returned as it is.
func (n *banNode) Progress(optimal []Option) []Option {
	own := n.g.own(n.toMove)
	rank := own.loRank
	if n.toMove == board.White {
		rank = own.hiRank
	}
	here := rank[n.state(n.toMove)]
	if here == math.MaxInt32 {
		return optimal
	}
	var out []Option
	for _, o := range optimal {
		if next, ok := o.Next.(*banNode); ok && rank[next.state(n.toMove)] < here {
			out = append(out, o)
		}
	}
	if len(out) == 0 {
		return optimal
	}
	return out
}

// Undecided lists the options whose value is only bounded, by bounds
// that hold n's exact value: they may keep it (be optimal) or not. None
// when n's own value is not exact.
func (n *banNode) Undecided() ([]Option, error) {
	return n.optionsWhere(func(v, w Score) bool {
		return v.Exact() && !w.Exact() && (!w.LoOK || w.Lo.Cmp(v.Lo) <= 0) && (!w.HiOK || w.Hi.Cmp(v.Lo) >= 0)
	})
}

// Optimal lists the options that keep the value in both searches (and,
// bracketed, in both games): the mover's best moves.
func (n *banNode) Optimal() ([]Option, error) {
	return n.optionsWhere(func(v, w Score) bool {
		return w.LoOK == v.LoOK && w.HiOK == v.HiOK && (!v.LoOK || w.Lo.Equal(v.Lo)) && (!v.HiOK || w.Hi.Equal(v.Hi))
	})
}

// optionsWhere lists the options whose value w keep accepts, n's own
// value being v.
func (n *banNode) optionsWhere(keep func(v, w Score) bool) ([]Option, error) {
	v, _ := n.Value()
	opts, err := n.Options()
	if err != nil {
		return nil, err
	}
	var out []Option
	for _, o := range opts {
		if w, _ := o.Next.Value(); keep(v, w) {
			out = append(out, o)
		}
	}
	return out, nil
}
