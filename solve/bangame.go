package solve

import (
	"fmt"
	"slices"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/mgo"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/tiles"
)

// Kos under the rules players play. A sum of tiles with kos is played here
// as Go is played under Japanese or Chinese counting: moves are stones
// placed in the tiles (every legal move of the tile's position graph, so
// that a move a short value bypasses can still serve as a ko threat), a
// pass is always legal, and the simple ko rule holds: right after a move
// that captures one stone with a stone left alone with that one liberty,
// the opponent may not play there (take it back); any other move or a pass
// lifts the ban. Two passes in a row end the game when every tile is
// settled (its position's stops are one integer: the score no further play
// changes); the score is then the sum of the tiles' scores (counts for
// Japanese, area games for Chinese) plus a constant.
//
// By default a second pass in a row is not allowed while a tile is
// unsettled: the game must settle every tile before it ends (Rappaport's
// tables are played so). Real rules end the game at the second pass
// whatever is open and reckon the board (Japanese rules by confirmation
// play, in which a player whose stone was just taken may take back only
// after a pass): with BanOptions.End the caller reckons such ends (package
// endgame does, on whole boards, with the reckoning of package realgo).
// Endless play (two kos can cycle) and a
// player left without a legal move or pass have no result. The game is solved twice over its finite state graph,
// by retrograde analysis (attractors): once with every such line counted
// as a loss for Black, once as a loss for White. When both give the same
// score, neither player can profit from endless play and the score is
// exact; otherwise only the two bounds are known.

// DefaultBanStates bounds the states of a BanGame.
const DefaultBanStates = 2_000_000

// BanGame is a sum of tiles played with the simple ko ban, solved
// exactly over its state graph (see above). Create it with NewBanGame.
type BanGame struct {
	Graphs   []*tiles.PosGraph
	Counting rules.Counting
	// Base is added to every final score (the prisoners taken before the
	// position, for Japanese counting).
	Base int

	states   []banState
	index    *banIndex
	succ     [][]int32 // successors; a terminal or dead end has none
	moves    [][]BanMove
	final    []int32 // score of a terminal state (its lower bound when reckoned, BanOptions.End)
	finalHi  []int32 // upper bound of a terminal state's score
	end      func(g *BanGame, nodes []int) (lo, hi int)
	ends     int // terminal states reckoned by end
	terminal []bool
	sink     []bool // no legal move and no pass: no result
	strides  []int
	lo, hi   []int32 // the two searches' values (noValueLo/noValueHi when no stop can be forced)
	solved   bool
	start    StartBan  // the ban at the start (StartBan.Point board.Pass: none)
	banTile  int       // the tile holding start.Point
	free     [3]bool   // by colour: ignores the ko ban (BanOptions.Threats)
	scores   [][]int32 // by tile and node: tileScore's answers (scoreUnknown: not asked yet)
}

// BanOptions are the less common settings of a BanGame.
type BanOptions struct {
	// Start is a ko ban in force at the start (NoBan: none).
	Start StartBan
	// Threats, by colour (board.Black, board.White), lets that colour
	// ignore the ko ban, as if it had a ko threat the other side must
	// answer every time: a bound on what threats outside the tiles can
	// do (package endgame: walls that must answer in their territory).
	Threats [3]bool
	// End, when set, lets two passes in a row end the game with a tile
	// unsettled, as real rules do, and reckons such an end: nodes holds
	// each tile's position, and the score (the whole final score, Base
	// included) lies between lo and hi (lo < hi when the reckoning could
	// not decide everything). A settled end is the sum of the tiles'
	// scores either way. Without End the game must settle every tile
	// before it ends.
	End func(g *BanGame, nodes []int) (lo, hi int)
}

// StartBan is a ko ban in force at the start of a BanGame: right after a
// ko capture, the colour Color may not take back at Point with its first
// move. The zero value's Point must be set to board.Pass for no ban (NoBan).
type StartBan struct {
	Point board.Point
	Color board.Color
}

// banPoolBlock is the largest size of the blocks a BanGame's move lists
// are cut from.
const banPoolBlock = 1 << 14

// NoBan is a start without a ko ban.
var NoBan = StartBan{Point: board.Pass}

// Sentinels of lo and hi: no terminal can be forced.
const (
	noValueLo = -1 << 30
	noValueHi = 1 << 30
)

// banKey identifies a state: the tiles' nodes (mixed radix), the ban, the
// passes in a row and the player to move.
type banKey struct {
	tuple    uint64
	banTile  int16
	banPoint int16
	passes   uint8
	black    bool
}

type banState struct {
	key banKey
}

// BanMove is a move of a BanGame state: a stone in a tile (Tile >= 0) or
// a pass (Tile -1), and the state it leads to.
type BanMove struct {
	Tile  int
	Move  tiles.PosMove
	State int32
}

// IsPass reports whether the move is a pass.
func (m BanMove) IsPass() bool { return m.Tile < 0 }

// NewBanGame explores the states of the sum of the given position graphs
// (each built with GraphOptions.ExpandShort) from every tile's start, with
// both players first, up to banStates (0: DefaultBanStates); past it it
// fails with an error wrapping ErrTooBig. The options set a ban at the
// start, the colours that may ignore the ban, and how two passes may end
// the game with a tile unsettled.
func NewBanGame(graphs []*tiles.PosGraph, counting rules.Counting, base, banStates int, opts BanOptions) (*BanGame, error) {
	if banStates <= 0 {
		banStates = DefaultBanStates
	}
	ban := opts.Start
	g := &BanGame{Graphs: graphs, Counting: counting, Base: base, index: newBanIndex(), start: ban, banTile: -1, free: opts.Threats, end: opts.End}
	if ban.Point != board.Pass {
		for ti, pg := range graphs {
			if slices.Contains(pg.Tile.Points, ban.Point) {
				g.banTile = ti
			}
		}
		if g.banTile < 0 {
			return nil, fmt.Errorf("the banned point %s is in no tile", graphs[0].Name(ban.Point))
		}
	}
	prod := uint64(1)
	for _, pg := range graphs {
		g.strides = append(g.strides, int(prod))
		n := uint64(len(pg.Nodes))
		if prod > (1<<62)/max(n, 1) {
			return nil, mgo.BudgetErrorf("the sum of %d tiles has too many positions to play exactly with a ko ban", len(graphs))
		}
		prod *= n
	}
	queue := []int32{}
	nodes := make([]int, len(graphs)) // the state's tile nodes (decode)
	var scratch, movePool []BanMove   // a state's moves; the blocks the lists are cut from
	var succPool []int32              // likewise for the successors (same lengths as movePool)
	add := func(k banKey) (int32, error) {
		if i, ok := g.index.get(k); ok {
			return i, nil
		}
		if len(g.states) >= banStates {
			return 0, mgo.BudgetErrorf("the sum has more than %d states with a ko ban (too many to play exactly)", banStates)
		}
		i := int32(len(g.states))
		g.index.put(k, i)
		g.states = append(g.states, banState{key: k})
		queue = append(queue, i)
		return i, nil
	}
	for _, black := range []bool{true, false} {
		if _, err := add(g.startKey(black)); err != nil {
			return nil, err
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		k := g.states[s].key
		g.succ = append(g.succ, nil)
		g.moves = append(g.moves, nil)
		g.final = append(g.final, 0)
		g.finalHi = append(g.finalHi, 0)
		g.terminal = append(g.terminal, false)
		g.sink = append(g.sink, false)
		g.decode(k.tuple, nodes)
		if k.passes >= 2 {
			if sc, ok := g.settledNodes(nodes); ok {
				g.terminal[s], g.final[s], g.finalHi[s] = true, int32(sc), int32(sc)
			} else if g.end != nil {
				lo, hi := g.end(g, slices.Clone(nodes))
				g.terminal[s], g.final[s], g.finalHi[s] = true, int32(lo), int32(max(lo, hi))
				g.ends++
			} else {
				g.sink[s] = true
			}
			continue
		}
		c := board.Black
		if !k.black {
			c = board.White
		}
		ms := scratch[:0]
		for ti, pg := range g.Graphs {
			node := nodes[ti]
			for _, m := range pg.Nodes[node].Moves {
				if m.Color != c {
					continue
				}
				if int(k.banTile) == ti && int(k.banPoint) == int(m.Point) && !g.free[c] {
					continue // the simple ko ban
				}
				nk := banKey{tuple: k.tuple + uint64((m.To-node)*g.strides[ti]), banTile: -1, banPoint: -1, black: !k.black}
				if m.Ban != board.Pass {
					nk.banTile, nk.banPoint = int16(ti), int16(m.Ban)
				}
				ns, err := add(nk)
				if err != nil {
					return nil, err
				}
				ms = append(ms, BanMove{Tile: ti, Move: m, State: ns})
			}
		}
		// A pass, except a second one with a tile unsettled: the game
		// ends only when every tile is settled (unless End reckons it).
		if k.passes == 0 || g.end != nil || g.allSettled(nodes) {
			ns, err := add(banKey{tuple: k.tuple, banTile: -1, banPoint: -1, passes: k.passes + 1, black: !k.black})
			if err != nil {
				return nil, err
			}
			ms = append(ms, BanMove{Tile: -1, State: ns})
		}
		scratch = ms
		if len(ms) == 0 {
			g.sink[s] = true // no legal move and no pass: no result
			continue
		}
		// The lists are cut from large blocks: one allocation per state
		// (and its growth) took a third of the exploration.
		if cap(movePool)-len(movePool) < len(ms) {
			// Blocks double up to banPoolBlock: a small game stays small.
			size := max(min(2*cap(movePool), banPoolBlock), 64, len(ms))
			movePool = make([]BanMove, 0, size)
			succPool = make([]int32, 0, size)
		}
		at := len(movePool)
		movePool = append(movePool, ms...)
		g.moves[s] = movePool[at:len(movePool):len(movePool)]
		for _, m := range ms {
			succPool = append(succPool, m.State)
		}
		g.succ[s] = succPool[at:len(succPool):len(succPool)]
	}
	return g, nil
}

// nodeOf returns tile ti's node in a tuple.
func (g *BanGame) nodeOf(tuple uint64, ti int) int {
	return int(tuple/uint64(g.strides[ti])) % len(g.Graphs[ti].Nodes)
}

// tileScore is the score of tile ti's node (SettledScore), computed once
// per node: the stops of its game are asked for at every state.
func (g *BanGame) tileScore(ti, node int) (int, bool) {
	if g.scores == nil {
		g.scores = make([][]int32, len(g.Graphs))
	}
	sc := g.scores[ti]
	if sc == nil {
		sc = make([]int32, len(g.Graphs[ti].Nodes))
		for i := range sc {
			sc[i] = scoreUnknown
		}
		g.scores[ti] = sc
	}
	if v := sc[node]; v != scoreUnknown {
		return int(v), v != scoreUnsettled
	}
	v, ok := SettledScore(&g.Graphs[ti].Nodes[node], g.Counting)
	switch {
	case !ok:
		sc[node] = scoreUnsettled
	case v > noValueLo && v < noValueHi && int32(v) != scoreUnknown && int32(v) != scoreUnsettled:
		sc[node] = int32(v)
	}
	return v, ok
}

// Sentinels of BanGame.scores.
const (
	scoreUnknown   = int32(-1 << 31)
	scoreUnsettled = int32(-1<<31 + 1)
)

// SettledScore is the score of a settled tile position under the
// counting: its count (Japanese) or area game (Chinese) when both its
// stops are one integer, the score no further play changes.
func SettledScore(n *tiles.PosNode, counting rules.Counting) (int, bool) {
	if !n.Short {
		return 0, false
	}
	v := n.Count
	if counting == rules.Chinese {
		if !n.AreaOK {
			return 0, false
		}
		v = n.Area
	}
	ls, rs := v.LeftStop(), v.RightStop()
	if !ls.Equal(rs) || !ls.IsInteger() {
		return 0, false
	}
	x, ok := ls.Int64()
	return int(x), ok
}

// decode writes each tile's node in tuple into nodes.
func (g *BanGame) decode(tuple uint64, nodes []int) {
	for ti, pg := range g.Graphs {
		n := uint64(len(pg.Nodes))
		nodes[ti] = int(tuple % n)
		tuple /= n
	}
}

// settledNodes is settledScore with the tiles' nodes decoded.
func (g *BanGame) settledNodes(nodes []int) (int, bool) {
	sum := g.Base
	for ti, node := range nodes {
		s, ok := g.tileScore(ti, node)
		if !ok {
			return 0, false
		}
		sum += s
	}
	return sum, true
}

// allSettled reports whether every tile's node is settled.
func (g *BanGame) allSettled(nodes []int) bool {
	for ti, node := range nodes {
		if _, ok := g.tileScore(ti, node); !ok {
			return false
		}
	}
	return true
}

// States returns the number of states.
func (g *BanGame) States() int { return len(g.states) }

// Reckoned returns the number of ends with a tile unsettled that
// BanOptions.End reckoned.
func (g *BanGame) Reckoned() int { return g.ends }

// Solve computes the values of every state in both searches.
func (g *BanGame) Solve() {
	if g.solved {
		return
	}
	n := len(g.states)
	var scores []int32
	for s := range n {
		if g.terminal[s] {
			scores = append(scores, g.final[s], g.finalHi[s])
		}
	}
	slices.Sort(scores)
	scores = slices.Compact(scores)
	g.lo = make([]int32, n)
	g.hi = make([]int32, n)
	for s := range n {
		g.lo[s], g.hi[s] = noValueLo, noValueHi
	}
	// Predecessors.
	pred := make([][]int32, n)
	for s, ss := range g.succ {
		for _, t := range ss {
			pred[t] = append(pred[t], int32(s))
		}
	}
	count := make([]int32, n)
	in := make([]bool, n)
	var queue []int32
	// attractor marks in the states from which player black (true) or
	// white can force reaching a target terminal; sinks never belong.
	attractor := func(black bool, target func(s int) bool) {
		for s := range n {
			in[s] = false
			count[s] = int32(len(g.succ[s]))
		}
		queue = queue[:0]
		for s := range n {
			if g.terminal[s] && target(s) {
				in[s] = true
				queue = append(queue, int32(s))
			}
		}
		for len(queue) > 0 {
			t := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			for _, s := range pred[t] {
				if in[s] {
					continue
				}
				if g.states[s].key.black == black {
					in[s] = true
					queue = append(queue, s)
					continue
				}
				count[s]--
				if count[s] == 0 {
					in[s] = true
					queue = append(queue, s)
				}
			}
		}
	}
	for _, v := range scores {
		attractor(true, func(s int) bool { return g.final[s] >= v }) // a reckoned end at its lowest
		for s := range n {
			if in[s] {
				g.lo[s] = v
			}
		}
	}
	for i := len(scores) - 1; i >= 0; i-- {
		v := scores[i]
		attractor(false, func(s int) bool { return g.finalHi[s] <= v }) // and at its highest
		for s := range n {
			if in[s] {
				g.hi[s] = v
			}
		}
	}
	g.solved = true
}

// BanValue is a state's value: Lo is the score Black can force when every
// line without a result counts as a loss for Black, Hi the score White can
// force when it counts as a loss for White (LoOK and HiOK false when no
// score can be forced that way). Exact when both are known and equal.
type BanValue struct {
	Lo, Hi     int
	LoOK, HiOK bool
}

// Exact reports whether the value is proven: Lo = Hi.
func (v BanValue) Exact() bool { return v.LoOK && v.HiOK && v.Lo == v.Hi }

// String writes the value: "3", or "between -1 and 2", or a bound.
func (v BanValue) String() string {
	switch {
	case v.Exact():
		return fmt.Sprint(v.Lo)
	case v.LoOK && v.HiOK:
		return fmt.Sprintf("between %d and %d", v.Lo, v.Hi)
	case v.LoOK:
		return fmt.Sprintf("at least %d", v.Lo)
	case v.HiOK:
		return fmt.Sprintf("at most %d", v.Hi)
	}
	return "unknown (endless play)"
}

// Value returns the value of state s (Solve must have run).
func (g *BanGame) Value(s int32) BanValue {
	return BanValue{Lo: int(g.lo[s]), Hi: int(g.hi[s]), LoOK: g.lo[s] != noValueLo, HiOK: g.hi[s] != noValueHi}
}

// Start returns the state of the sum's start with first to move.
func (g *BanGame) Start(first board.Color) int32 {
	i, _ := g.index.get(g.startKey(first != board.White))
	return i
}

// startKey is the key of the start with Black (or White) to move: the
// start ban binds its colour only.
func (g *BanGame) startKey(black bool) banKey {
	k := banKey{banTile: -1, banPoint: -1, black: black}
	if g.start.Point != board.Pass && (g.start.Color == board.Black) == black {
		k.banTile, k.banPoint = int16(g.banTile), int16(g.start.Point)
	}
	return k
}

// Moves returns the moves of state s (nil at the end of the game).
func (g *BanGame) Moves(s int32) []BanMove { return g.moves[s] }

// Terminal reports whether s is a finished game, and its score (the
// lower bound of a reckoned end's score, BanOptions.End).
func (g *BanGame) Terminal(s int32) (int, bool) { return int(g.final[s]), g.terminal[s] }

// ToMove returns the player to move in s.
func (g *BanGame) ToMove(s int32) board.Color {
	if g.states[s].key.black {
		return board.Black
	}
	return board.White
}

// Node returns tile ti's position in state s.
func (g *BanGame) Node(s int32, ti int) int { return g.nodeOf(g.states[s].key.tuple, ti) }

// Ban returns the tile and point banned for the player to move in s (tile
// -1 when none).
func (g *BanGame) Ban(s int32) (tile int, p board.Point) {
	k := g.states[s].key
	if k.banTile < 0 {
		return -1, board.Pass
	}
	return int(k.banTile), board.Point(k.banPoint)
}

// Optimal returns the moves of s that keep its value in both searches
// (the player to move's best moves).
func (g *BanGame) Optimal(s int32) []BanMove {
	g.Solve()
	var out []BanMove
	for _, m := range g.moves[s] {
		if g.lo[m.State] == g.lo[s] && g.hi[m.State] == g.hi[s] {
			out = append(out, m)
		}
	}
	return out
}
