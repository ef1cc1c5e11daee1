package solve

import (
	"fmt"
	"slices"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/cgt/loopy"
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
	index    map[banKey]int32
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
	start    StartBan // the ban at the start (StartBan.Point board.Pass: none)
	banTile  int      // the tile holding start.Point
	free     [3]bool  // by colour: ignores the ko ban (BanOptions.Threats)
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
// both players first, up to maxStates (0: DefaultBanStates); past it it
// fails with an error wrapping ErrTooBig.
func NewBanGame(graphs []*tiles.PosGraph, counting rules.Counting, base, maxStates int) (*BanGame, error) {
	return NewBanGameFrom(graphs, counting, base, maxStates, NoBan)
}

// NewBanGameFrom is NewBanGame from a position with a ko ban in force for
// the player to move: Start(ban.Color) has the ban, the other start none
// (its player would be moving twice: the ban is lifted).
func NewBanGameFrom(graphs []*tiles.PosGraph, counting rules.Counting, base, maxStates int, ban StartBan) (*BanGame, error) {
	return NewBanGameWith(graphs, counting, base, maxStates, BanOptions{Start: ban})
}

// NewBanGameWith is NewBanGame with options: a ban at the start, and the
// colours that may ignore the ban.
func NewBanGameWith(graphs []*tiles.PosGraph, counting rules.Counting, base, maxStates int, opts BanOptions) (*BanGame, error) {
	if maxStates <= 0 {
		maxStates = DefaultBanStates
	}
	ban := opts.Start
	g := &BanGame{Graphs: graphs, Counting: counting, Base: base, index: map[banKey]int32{}, start: ban, banTile: -1, free: opts.Threats, end: opts.End}
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
	add := func(k banKey) (int32, error) {
		if i, ok := g.index[k]; ok {
			return i, nil
		}
		if len(g.states) >= maxStates {
			return 0, mgo.BudgetErrorf("the sum has more than %d states with a ko ban (too many to play exactly)", maxStates)
		}
		i := int32(len(g.states))
		g.index[k] = i
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
		if k.passes >= 2 {
			if sc, ok := g.settledScore(k.tuple); ok {
				g.terminal[s], g.final[s], g.finalHi[s] = true, int32(sc), int32(sc)
			} else if g.end != nil {
				nodes := make([]int, len(g.Graphs))
				for ti := range nodes {
					nodes[ti] = g.nodeOf(k.tuple, ti)
				}
				lo, hi := g.end(g, nodes)
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
		var ms []BanMove
		for ti, pg := range g.Graphs {
			node := g.nodeOf(k.tuple, ti)
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
		if _, settled := g.settledScore(k.tuple); k.passes == 0 || settled || g.end != nil {
			ns, err := add(banKey{tuple: k.tuple, banTile: -1, banPoint: -1, passes: k.passes + 1, black: !k.black})
			if err != nil {
				return nil, err
			}
			ms = append(ms, BanMove{Tile: -1, State: ns})
		}
		if len(ms) == 0 {
			g.sink[s] = true // no legal move and no pass: no result
			continue
		}
		g.moves[s] = ms
		succ := make([]int32, len(ms))
		for i, m := range ms {
			succ[i] = m.State
		}
		g.succ[s] = succ
	}
	return g, nil
}

// nodeOf returns tile ti's node in a tuple.
func (g *BanGame) nodeOf(tuple uint64, ti int) int {
	return int(tuple/uint64(g.strides[ti])) % len(g.Graphs[ti].Nodes)
}

// tileScore is the score of a settled tile node (SettledScore).
func (g *BanGame) tileScore(n *tiles.PosNode) (int, bool) { return SettledScore(n, g.Counting) }

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

// settledScore returns the final score of a tuple whose tiles are all
// settled.
func (g *BanGame) settledScore(tuple uint64) (int, bool) {
	sum := g.Base
	for ti, pg := range g.Graphs {
		s, ok := g.tileScore(&pg.Nodes[g.nodeOf(tuple, ti)])
		if !ok {
			return 0, false
		}
		sum += s
	}
	return sum, true
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
	return g.index[g.startKey(first != board.White)]
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

// BanResult is the exact result of playing a sum with a ko ban, with each
// player first.
type BanResult struct {
	Counting rules.Counting
	// Value is indexed by cgt.Player: Left is Black first.
	Value  [2]BanValue
	States int
}

// SolveBan plays the tiles of an analyzed position with the simple ko ban
// exactly: every tile's full position graph, both players first. base is
// added to the scores (the prisoners taken before, for Japanese).
func SolveBan(a *tiles.Analysis, counting rules.Counting, base, maxStates int) (*BanResult, *BanGame, error) {
	return SolveBanFrom(a, counting, base, maxStates, NoBan)
}

// SolveBanFrom is SolveBan from a position with a ko ban in force for the
// player to move (NewBanGameFrom).
func SolveBanFrom(a *tiles.Analysis, counting rules.Counting, base, maxStates int, ban StartBan) (*BanResult, *BanGame, error) {
	return SolveBanWith(a, counting, base, maxStates, BanOptions{Start: ban})
}

// SolveBanWith is SolveBan with options (NewBanGameWith).
func SolveBanWith(a *tiles.Analysis, counting rules.Counting, base, maxStates int, opts BanOptions) (*BanResult, *BanGame, error) {
	var graphs []*tiles.PosGraph
	for _, t := range a.Tiles {
		if t.Err != nil && t.Ko == nil {
			return nil, nil, fmt.Errorf("tile %s has no value: %w", t.ID, t.Err)
		}
		pg, err := a.PosGraph(t.ID, tiles.GraphOptions{ExpandShort: true, MaxNodes: maxStates})
		if err != nil {
			return nil, nil, fmt.Errorf("tile %s: %w", t.ID, err)
		}
		graphs = append(graphs, pg)
	}
	g, err := NewBanGameWith(graphs, counting, base, maxStates, opts)
	if err != nil {
		return nil, nil, err
	}
	g.Solve()
	res := &BanResult{Counting: counting, States: g.States()}
	res.Value[cgt.Left] = g.Value(g.Start(board.Black))
	res.Value[cgt.Right] = g.Value(g.Start(board.White))
	return res, g, nil
}

// ---- Mathematical Go totals with kos ----

// KoTotals are the Mathematical Go totals of a position with ko tiles: the
// loopy value of the total count (when it could be built) and the winner
// with each player first, draws included.
type KoTotals struct {
	// Count and Chilled are the totals as loopy values (CountOK,
	// ChilledOK: they could be built).
	Count, Chilled     loopy.Value
	CountOK, ChilledOK bool
	Winner             [2]Winner
	Outcome            loopy.Outcome
	OutcomeOK          bool
	Method             string // how the winner was found
	Warnings           []string
	Nodes              int
}

// DecideKo decides the Mathematical Go winner of short values plus ko
// values: the outcome class, draws included, of their sum. When the
// canonical sum of the short values can be built it adds the loopy values
// (cgt/loopy). Otherwise, when every ko value has short onside and
// offside, it decides the two short sums G + ΣK+ and G + ΣK- with the sum
// solver (the sides of a sum of stopper-sided values with short sides are
// the sums of the sides), and combines their outcomes as loopy outcome
// classes combine (a side's winner moving first decides it when the other
// side agrees; otherwise play is endless). Otherwise the winner is
// Unknown with the reason.
func DecideKo(short, shortChilled []cgt.Game, kos, kosChilled []loopy.Value, opts TotalsOptions) (*KoTotals, error) {
	limit := opts.MaxTotalGames
	if limit <= 0 {
		limit = DefaultMaxTotalGames
	}
	t := &KoTotals{}
	g, gOK := sumByTemperature(limit, short)
	if gOK {
		vs := append([]loopy.Value{loopy.Short(g)}, kos...)
		if v, err := loopy.Sum(vs...); err == nil {
			t.Count, t.CountOK = v, true
		} else {
			t.Warnings = append(t.Warnings, "the loopy total count could not be built: "+err.Error())
		}
	}
	if gc, ok := sumByTemperature(limit, shortChilled); ok {
		vs := append([]loopy.Value{loopy.Short(gc)}, kosChilled...)
		if v, err := loopy.Sum(vs...); err == nil {
			t.Chilled, t.ChilledOK = v, true
		}
	}
	if t.CountOK {
		o, err := t.Count.Outcome()
		if err == nil {
			t.Outcome, t.OutcomeOK = o, true
			t.Winner = LoopyWinners(o)
			t.Method = "outcome class of the loopy total"
			return t, nil
		}
		t.Warnings = append(t.Warnings, "the outcome of the loopy total could not be found: "+err.Error())
	}
	// Sides.
	var on, off []cgt.Game
	for i, k := range kos {
		onV, err1 := k.Onside()
		offV, err2 := k.Offside()
		if err1 != nil || err2 != nil {
			return t, fmt.Errorf("ko value %d (%s) is not stopper-sided: its sum with a large short total cannot be decided", i, k)
		}
		x, ok1 := onV.IsShort()
		y, ok2 := offV.IsShort()
		if !ok1 || !ok2 {
			return t, fmt.Errorf("ko value %d (%s) has a loopy side: its sum with a large short total (more than %d new games) cannot be decided", i, k, limit)
		}
		on, off = append(on, x), append(off, y)
	}
	sv := NewSolver()
	if opts.SearchNodes > 0 {
		sv.MaxNodes = opts.SearchNodes
	}
	defer func() { t.Nodes = sv.Nodes }()
	onV := append(slices.Clone(short), on...)
	offV := append(slices.Clone(short), off...)
	var sides [2][2]cgt.Player // [onside/offside][first]
	for i, vals := range [][]cgt.Game{onV, offV} {
		for _, first := range []cgt.Player{cgt.Left, cgt.Right} {
			w, err := sv.Outcome(vals, first)
			if err != nil {
				return t, fmt.Errorf("Mathematical Go winner with %s first: %w", WinnerOf(first), err)
			}
			sides[i][first] = w
		}
	}
	for _, first := range []cgt.Player{cgt.Left, cgt.Right} {
		// Left wins if Left wins even when endless play goes to Right (the
		// offside); Right wins if Right wins even when it goes to Left.
		switch {
		case sides[1][first] == cgt.Left:
			t.Winner[first] = Black
		case sides[0][first] == cgt.Right:
			t.Winner[first] = White
		default:
			t.Winner[first] = Draw
		}
	}
	t.Method = "the sum solver on the onside and offside totals"
	return t, nil
}

// LoopyWinners returns the winners with Black (Left) first and White first
// of a loopy outcome class.
func LoopyWinners(o loopy.Outcome) [2]Winner {
	switch o {
	case loopy.OutcomeL:
		return [2]Winner{Black, Black}
	case loopy.OutcomeR:
		return [2]Winner{White, White}
	case loopy.OutcomeN:
		return [2]Winner{Black, White}
	case loopy.OutcomeP:
		return [2]Winner{White, Black}
	case loopy.OutcomeD:
		return [2]Winner{Draw, Draw}
	case loopy.OutcomeNHat:
		return [2]Winner{Black, Draw}
	case loopy.OutcomePHat:
		return [2]Winner{Draw, Black}
	case loopy.OutcomePCheck:
		return [2]Winner{White, Draw}
	case loopy.OutcomeNCheck:
		return [2]Winner{Draw, White}
	}
	return [2]Winner{Unknown, Unknown}
}

// ---- whole-board Mathematical Go with draws ----

// retrograde decides the whole-board game with first to move by
// retrograde analysis of its finite state graph (stones, spare balance,
// side to move), every state reachable from the position: a state whose
// mover has no move is lost, a state whose remaining moves are all spare
// moves is decided by the spare balance (as wins does), a state with a
// move to a lost state is won, one whose every move leads to a won state
// is lost, and every state left undecided is a draw: its play can go on
// for ever, as a ko without a ko rule does. It fails past maxStates (a
// cycle that changes the spare balance has unboundedly many states).
func (s *search) retrograde(first board.Color, maxStates int) (Winner, int, error) {
	if maxStates <= 0 {
		return Unknown, 0, mgo.BudgetErrorf("search budget exhausted before the retrograde analysis")
	}
	index := map[uint64]int32{}
	var succ [][]int32
	var status []int8 // +1 the mover wins, -1 loses, 0 not yet known
	var visit func(c board.Color) (int32, error)
	visit = func(c board.Color) (int32, error) {
		k := s.key(c)
		if i, ok := index[k]; ok {
			return i, nil
		}
		if len(succ) >= maxStates {
			return 0, mgo.BudgetErrorf("retrograde analysis: more than %d whole-board states (a cycle that changes the spare balance has no end of states)", maxStates)
		}
		i := int32(len(succ))
		index[k] = i
		succ = append(succ, nil)
		status = append(status, 0)
		s.nodes++
		hasSpare := s.balance*sign(c) > 0
		open := false
		var out []int32
		for p, a := range s.active {
			pt := board.Point(p)
			if !a || s.m.At(pt) != board.Empty {
				continue
			}
			open = true
			mark, amark, bal, h := s.m.Mark(), len(s.alog), s.balance, s.hash
			if !s.play(pt, c) {
				continue
			}
			j, err := visit(c.Opponent())
			s.m.Undo(mark)
			for _, q := range s.alog[amark:] {
				s.active[q] = true
			}
			s.alog = s.alog[:amark]
			s.balance, s.hash = bal, h
			if err != nil {
				return 0, err
			}
			out = append(out, j)
		}
		switch {
		case !open:
			// Only spare moves remain: the one with more wins.
			if hasSpare {
				status[i] = 1
			} else {
				status[i] = -1
			}
			return i, nil
		case hasSpare:
			s.balance -= sign(c)
			j, err := visit(c.Opponent())
			s.balance += sign(c)
			if err != nil {
				return 0, err
			}
			out = append(out, j)
		}
		if len(out) == 0 {
			status[i] = -1 // no legal move
		}
		succ[i] = out
		return i, nil
	}
	root, err := visit(first)
	if err != nil {
		return Unknown, len(succ), err
	}
	n := len(succ)
	pred := make([][]int32, n)
	count := make([]int32, n)
	var queue []int32
	for v := range n {
		count[v] = int32(len(succ[v]))
		for _, w := range succ[v] {
			pred[w] = append(pred[w], int32(v))
		}
		if status[v] != 0 {
			queue = append(queue, int32(v))
		}
	}
	for len(queue) > 0 {
		v := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, u := range pred[v] {
			if status[u] != 0 {
				continue
			}
			if status[v] < 0 {
				status[u] = 1
				queue = append(queue, u)
				continue
			}
			count[u]--
			if count[u] == 0 {
				status[u] = -1
				queue = append(queue, u)
			}
		}
	}
	switch status[root] {
	case 1:
		return colorWinner(first), n, nil
	case -1:
		return colorWinner(first.Opponent()), n, nil
	}
	return Draw, n, nil
}
