package solve

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

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
//
// A tile whose cycles shift the prisoners (tiles.Tile.Drift) has a
// position graph without end, one position per balance; its graph is cut
// (tiles.GraphOptions.CutDrift), and a state with a position past the cut
// is no position of the game but a stand-in for its fold, the state with
// the same contents at their usual balance, whose play is the same with
// every Japanese score moved by the balances' difference (banCut). The
// states are solved with the cuts as ends whose values are their folds'
// values so moved, round after round (foldCuts) from no value, until the
// values hold still: each round's are bounds of the game's (a line that
// goes round the cut more often has one more round to count), the same
// as those of the endless graph once they hold still. Play (banNode)
// steps from a cut to its fold and carries the shift.

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
	first    []int32  // by state: where its moves start in edges and edgeMove (one more: the end)
	edges    []int32  // the state each move leads to; a terminal or dead end has none
	edgeMove []uint32 // each move: its tile<<16 | its index in the tile node's moves, or banPassRef; banFreeBit
	final    []int32  // score of a terminal state (its lower bound when reckoned, BanOptions.End)
	finalHi  []int32  // upper bound of a terminal state's score
	end      func(g *BanGame, nodes []int) (lo, hi int)
	ends     int // terminal states reckoned by end
	terminal []bool
	sink     []bool // no legal move and no pass: no result
	strides  []int
	lo, hi   []int32 // the two searches' values (noValueLo/noValueHi when no stop can be forced)
	// cuts are the states past the cut of a tile whose cycles shift the
	// prisoners (tiles.PosNode.Endless): each is solved as an end whose
	// score is its fold's (the same state with the tile's contents at
	// their usual balance) moved by the difference (foldCuts); cutAt maps
	// a cut state to its index in cuts.
	cuts  []banCut
	cutAt map[int32]int
	// loRank and hiRank number the states in the order they joined
	// Black's and White's attractors: a state's strategy move leads to a
	// state that joined before it (Progress). With cuts the numbers run on
	// across Solve's rounds, a state keeping the number of the round in
	// which its value was last raised (lowered in White's search): a move
	// onto a cut, ranked by its fold, then leads to a state numbered in an
	// earlier round (see solveOnce). rankNext is the next number.
	loRank, hiRank []int32
	rankNext       int64
	solved         bool
	start          StartBan  // the ban at the start (StartBan.Point board.Pass: none)
	banTile        int       // the tile holding start.Point
	free           [3]bool   // by colour: ignores the ko ban (BanOptions.Threats)
	scores         [][]int32 // by tile and node: tileScore's answers (scoreUnknown: not asked yet)
	class          []int     // by tile: its class of interchangeable tiles (-1: none; findClasses)
	rep            [][]int32 // by tile and node: the node that stands for it (nil: itself; findQuotients)
	quotients      []int     // by tile: its nodes that stand for others and themselves (findQuotients)
	quotiented     bool      // some tile has a node that stands for another
	members        [][]int   // by class: its tiles, in index order
	prev           []int     // by tile: the tile before it in its class (-1: none)
	kindOf         [][]int32 // by tile and node: its kind of positions, alike tiles numbering them alike (findClasses, findQuotients; nil: none)
	nodeOfKind     [][]int32 // by tile and kind: the lowest node of that kind, which stands for it
	canonBuf       []int
	noClasses      bool
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
	// noClasses keeps every tile apart (findClasses finds none): the
	// tests' reference.
	noClasses bool
}

// StartBan is a ko ban in force at the start of a BanGame: right after a
// ko capture, the colour Color may not take back at Point with its first
// move. The zero value's Point must be set to board.Pass for no ban (NoBan).
type StartBan struct {
	Point board.Point
	Color board.Color
}

// An edgeMove is a move's tile<<16 | its index in the tile node's moves,
// or banPassRef for a pass, with banFreeBit set when the move ignores the
// ko ban (a retake only a colour of BanOptions.Threats may make).
const (
	banPassRef = uint32(1)<<31 - 1
	banFreeBit = uint32(1) << 31
)

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
	g := &BanGame{Graphs: graphs, Counting: counting, Base: base, index: newBanIndex(), start: ban, banTile: -1, free: opts.Threats, end: opts.End, noClasses: opts.noClasses}
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
	g.findClasses()
	g.findQuotients()
	lb := g.minStates()
	if lb > float64(banStates) {
		return nil, mgo.BudgetErrorf("the sum has more than %d states with a ko ban (too many positions to play exactly: its tiles' combinations of positions alone, each with and without a pass just made, make %.0f states, and exploring them takes half as many again or more)", banStates, lb)
	}
	if lb*banStatesPerBound > float64(banStates) {
		return nil, mgo.BudgetErrorf("the sum would pass %d states with a ko ban (too many positions to play exactly: the combinations of its tiles' positions alone need %.0f, and every sum explored has needed half as many again or more)", banStates, lb)
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
	nodes := make([]int, len(graphs)) // the state's tile nodes (decode)
	add := func(k banKey) (int32, error) {
		if i, ok := g.index.get(k); ok {
			return i, nil
		}
		if len(g.states) >= banStates {
			return 0, mgo.BudgetErrorf("the sum has more than %d states with a ko ban (too many to play exactly)", banStates)
		}
		i := int32(len(g.states))
		g.index.put(k, i)
		g.states = append(reserve(g.states), banState{key: k})
		return i, nil
	}
	for _, black := range []bool{true, false} {
		if _, err := add(g.startKey(black)); err != nil {
			return nil, err
		}
	}
	// States are expanded in the order they were found (breadth first),
	// which is their index order: a state's moves are the range
	// first[s]:first[s+1] of edges and edgeMove.
	for s := int32(0); int(s) < len(g.states); s++ {
		k := g.states[s].key
		g.first = append(reserve(g.first), int32(len(g.edges)))
		g.final = append(reserve(g.final), 0)
		g.finalHi = append(reserve(g.finalHi), 0)
		g.terminal = append(reserve(g.terminal), false)
		g.sink = append(reserve(g.sink), false)
		g.decode(k.tuple, nodes)
		if g.endless(nodes) {
			// Past the cut of a tile whose cycles shift the prisoners
			// (tiles.GraphOptions.CutDrift): an end whose score is that
			// of its fold, moved by the balance (foldCuts).
			fk, delta := g.foldKey(k, nodes)
			t, err := add(g.canon(fk))
			if err != nil {
				return nil, err
			}
			if g.cutAt == nil {
				g.cutAt = map[int32]int{}
			}
			g.cutAt[s] = len(g.cuts)
			g.cuts = append(g.cuts, banCut{state: s, fold: t, delta: int32(delta)})
			g.terminal[s], g.final[s], g.finalHi[s] = true, noValueLo, noValueHi
			continue
		}
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
		err := g.successors(k, nodes, true, func(ti, mi int, m tiles.PosMove, nk banKey, retake bool) error {
			switch {
			case ti >= 0 && g.class[ti] >= 0:
				nk.tuple = g.canonMove(k.tuple, nodes, ti, m.To)
			case ti >= 0 && g.rep[ti] != nil:
				nk.tuple += uint64((int(g.rep[ti][m.To]) - m.To) * g.strides[ti])
			}
			ns, err := add(nk)
			if err != nil {
				return err
			}
			ref := banPassRef
			if ti >= 0 {
				ref = uint32(ti)<<16 | uint32(mi)
			}
			if retake {
				ref |= banFreeBit
			}
			g.edges = append(reserve(g.edges), ns)
			g.edgeMove = append(reserve(g.edgeMove), ref)
			return nil
		})
		if err != nil {
			return nil, err
		}
		if int(g.first[s]) == len(g.edges) {
			g.sink[s] = true // no legal move and no pass: no result
		}
	}
	g.first = append(g.first, int32(len(g.edges)))
	return g, nil
}

// successors calls f with each legal move of the state with key k (its
// tiles at nodes): a stone in tile ti (move mi of its node), then a pass
// (ti and mi -1, the zero move), with the key it leads to (not made
// canonical) and whether the move takes a ko back in spite of the ban (a
// colour of BanOptions.Threats). With
// firstOfClass, of the tiles of one class at the same node only the first
// is tried: the others lead to the same canonical states. Nothing is
// legal at the end of the game (two passes).
func (g *BanGame) successors(k banKey, nodes []int, firstOfClass bool, f func(ti, mi int, m tiles.PosMove, nk banKey, retake bool) error) error {
	if k.passes >= 2 {
		return nil
	}
	c := board.Black
	if !k.black {
		c = board.White
	}
	for ti, pg := range g.Graphs {
		node := nodes[ti]
		if firstOfClass && g.sameAsPrevious(ti, nodes) {
			continue
		}
		for mi, m := range pg.Nodes[node].Moves {
			if m.Color != c {
				continue
			}
			retake := int(k.banTile) == ti && int(k.banPoint) == int(m.Point)
			if retake && !g.free[c] {
				continue // the simple ko ban
			}
			nk := banKey{tuple: k.tuple + uint64((m.To-node)*g.strides[ti]), banTile: -1, banPoint: -1, black: !k.black}
			if m.Ban != board.Pass {
				nk.banTile, nk.banPoint = int16(ti), int16(m.Ban)
			}
			if err := f(ti, mi, m, nk, retake); err != nil {
				return err
			}
		}
	}
	// A pass, except a second one with a tile unsettled: the game ends
	// only when every tile is settled (unless End reckons it).
	if k.passes == 0 || g.end != nil || g.allSettled(nodes) {
		return f(-1, -1, tiles.PosMove{}, banKey{tuple: k.tuple, banTile: -1, banPoint: -1, passes: k.passes + 1, black: !k.black}, false)
	}
	return nil
}

// Interchangeable tiles. A final holds many tiles of one shape (dame
// above all), and a sum of k dame has 2^k states where one only needs to
// know how many are filled. Tiles that no ko ban ever concerns (no move
// of their graph sets a ban, and the ban at the start lies elsewhere)
// whose starts play alike (see "Positions that play alike" below: the
// coarsest partition of all their positions together puts their starts
// in one kind) form a class: each reaches the same kinds of positions,
// and the sum's value does not change when two of them swap their kinds.
// Two corridors of one shape drawn in different directions are a class,
// whatever the order of their graphs' nodes. The states of the game are
// canonical: within a class, the tiles' kinds increase with the tile's
// index (each tile at the lowest node of its kind). A reckoned end
// (BanOptions.End) sets the board's stones where the tiles are, which a
// swap changes, so a game with End has no classes.

// findClasses numbers the kinds of positions of every tile no ban
// concerns (kindOf, nodeOfKind: one partition of all their positions
// together, so that alike positions of two tiles are of one kind) and
// sorts those tiles into classes of interchangeable tiles: the tiles
// whose starts are of one kind (class -1: none, or a class of one).
func (g *BanGame) findClasses() {
	g.class = make([]int, len(g.Graphs))
	g.prev = make([]int, len(g.Graphs))
	g.kindOf = make([][]int32, len(g.Graphs))
	g.nodeOfKind = make([][]int32, len(g.Graphs))
	var cands []int
	for ti, pg := range g.Graphs {
		g.class[ti], g.prev[ti] = -1, -1
		if ti == g.banTile || g.end != nil || g.noClasses || len(pg.Nodes) < 2 || setsBan(pg) {
			continue
		}
		cands = append(cands, ti)
	}
	if len(cands) == 0 {
		return
	}
	parts, _ := g.alikeTiles(cands, false)
	var members [][]int
	byStart := map[int]int{}
	for i, ti := range cands {
		// The tile's kinds, numbered in increasing order of the
		// partition's parts (so that alike tiles number them alike),
		// and its lowest node of each.
		kinds := slices.Compact(slices.Sorted(slices.Values(parts[i])))
		local := make([]int, len(parts[i]))
		for node, part := range parts[i] {
			local[node], _ = slices.BinarySearch(kinds, part)
		}
		g.kindOf[ti], g.nodeOfKind[ti] = kindsOf(local, len(kinds))
		c, ok := byStart[parts[i][0]]
		if !ok {
			c = len(members)
			byStart[parts[i][0]] = c
			members = append(members, nil)
		}
		members[c] = append(members[c], ti)
	}
	for _, ms := range members {
		if len(ms) < 2 {
			continue
		}
		for i, ti := range ms {
			g.class[ti] = len(g.members)
			if i > 0 {
				g.prev[ti] = ms[i-1]
			}
		}
		g.members = append(g.members, ms)
	}
}

// setsBan reports whether some move of the graph sets a ko ban.
func setsBan(pg *tiles.PosGraph) bool {
	for i := range pg.Nodes {
		for _, m := range pg.Nodes[i].Moves {
			if m.Ban != board.Pass {
				return true
			}
		}
	}
	return false
}

// Positions that play alike. Many positions of a tile are one and the
// same to the sum: a dame filled by Black or by White (under Japanese
// counting), two dame of a tile with one of them filled. Two positions of
// a tile are alike when they have the same score (SettledScore, or none)
// and each player's moves reach alike positions: the coarsest such
// partition (a bisimulation, found by refining the partition by scores
// until it holds still). In a tile where a ko ban may arise (a move of
// its graph sets one, or the ban at the start lies there) the moves are
// told apart by the bans they set too, since a ban names a point, and by
// their points where a ban may name them: only a move there can be a
// banned retake (elsewhere the point makes no difference, and telling
// such moves apart kept f19-04's ko tiles at 256 and 96 kinds of
// positions instead of 69 and 38, 10.0 against 6.1 million states after
// its move 244). Alike positions have the same value in any sum with the
// ban, whatever the other tiles: a state's value depends on its tiles
// only through their scores, the moves they allow (whether a move is a
// banned retake depends on its point alone, and any move lifts a ban
// elsewhere alike) and the states those reach. The game's states hold,
// for each tile, the lowest position of its kind (rep; the start stands
// for itself), so a dame filled by either colour is one state; a player
// still plays the tiles as they stand (banNode keeps the concrete key,
// canon maps it). A reckoned end (BanOptions.End) sees the stones, so a
// game with End has none.

// findQuotients finds the positions that stand for alike ones (rep) and
// counts each tile's kinds of positions (quotients).
func (g *BanGame) findQuotients() {
	g.rep = make([][]int32, len(g.Graphs))
	g.quotients = make([]int, len(g.Graphs))
	for ti, pg := range g.Graphs {
		g.quotients[ti] = len(pg.Nodes)
		if g.end != nil || g.noClasses || len(pg.Nodes) < 2 {
			continue
		}
		if g.kindOf[ti] == nil {
			// A tile a ban concerns: its own partition, its moves told
			// apart by point where a ban may name it.
			g.kindOf[ti], g.nodeOfKind[ti] = kindsOf(g.alike(ti, true))
		}
		n := len(g.nodeOfKind[ti])
		if n == len(pg.Nodes) {
			continue
		}
		// The lowest node of each kind stands for it (node 0, the start,
		// for its own).
		rep := make([]int32, len(pg.Nodes))
		for node, k := range g.kindOf[ti] {
			rep[node] = g.nodeOfKind[ti][k]
		}
		g.rep[ti], g.quotients[ti], g.quotiented = rep, n, true
	}
}

// kindsOf turns a partition of a tile's positions into n kinds (part: by
// node, its kind) into kindOf and nodeOfKind (the lowest node of each).
func kindsOf(part []int, n int) (kindOf, nodeOfKind []int32) {
	kindOf, nodeOfKind = make([]int32, len(part)), make([]int32, n)
	for k := range nodeOfKind {
		nodeOfKind[k] = -1
	}
	for node, k := range part {
		kindOf[node] = int32(k)
		if nodeOfKind[k] < 0 {
			nodeOfKind[k] = int32(node)
		}
	}
	return kindOf, nodeOfKind
}

// alike partitions tile ti's positions into kinds of alike ones (ko: the
// moves told apart by point and ban too): each position's part, and the
// number of parts.
func (g *BanGame) alike(ti int, ko bool) ([]int, int) {
	parts, n := g.alikeTiles([]int{ti}, ko)
	return parts[0], n
}

// alikeTiles partitions the positions of the tiles tis together into
// kinds of alike ones (ko as for alike): by tile (as listed) and node, the
// position's part, and the number of parts. Positions of two tiles in
// one part play alike in any sum.
func (g *BanGame) alikeTiles(tis []int, ko bool) ([][]int, int) {
	parts := make([][]int, len(tis))
	ids := map[string]int{}
	for i, ti := range tis {
		parts[i] = make([]int, len(g.Graphs[ti].Nodes))
		for node := range parts[i] {
			v, ok := g.tileScore(ti, node)
			key := "-"
			switch {
			case ok:
				key = strconv.Itoa(v)
			case g.Graphs[ti].Nodes[node].Endless:
				// Alike when their folds are, with the same shift.
				key = "endless " + strconv.Itoa(g.foldDelta(ti, node))
			}
			if _, seen := ids[key]; !seen {
				ids[key] = len(ids)
			}
			parts[i][node] = ids[key]
		}
	}
	n := len(ids)
	// A move's entry: its colour above its position's part (parts number
	// fewer than the graphs' nodes, so fewer than 2^32); in a ko tile the
	// ban it sets follows it, and its point when a ban may name that
	// point (only a move there can be a banned retake: elsewhere the
	// point makes no difference to the sum).
	banAt := make([]map[board.Point]bool, len(tis))
	if ko {
		for i, ti := range tis {
			pg := g.Graphs[ti]
			banAt[i] = map[board.Point]bool{}
			if ti == g.banTile {
				banAt[i][g.start.Point] = true
			}
			for node := range pg.Nodes {
				for _, m := range pg.Nodes[node].Moves {
					if m.Ban != board.Pass {
						banAt[i][m.Ban] = true
					}
				}
			}
		}
	}
	var sig []uint64
	var pairs [][2]uint64
	var sb strings.Builder
	for {
		ids = map[string]int{}
		next := make([][]int, len(tis))
		for i, ti := range tis {
			pg := g.Graphs[ti]
			part := parts[i]
			next[i] = make([]int, len(part))
			for node := range pg.Nodes {
				sig = append(sig[:0], uint64(part[node]))
				if ko {
					// The moves' (entry, point and ban) pairs, sorted.
					pairs = pairs[:0]
					for _, m := range pg.Nodes[node].Moves {
						at := int64(-1)
						if banAt[i][m.Point] {
							at = int64(m.Point)
						}
						pairs = append(pairs, [2]uint64{uint64(m.Color)<<32 | uint64(part[m.To]), uint64(at)<<32 | uint64(uint32(int32(m.Ban)))})
					}
					slices.SortFunc(pairs, func(x, y [2]uint64) int {
						if x[0] != y[0] {
							return cmp.Compare(x[0], y[0])
						}
						return cmp.Compare(x[1], y[1])
					})
					for _, e := range slices.Compact(pairs) {
						sig = append(sig, e[0], e[1])
					}
					if n := &pg.Nodes[node]; n.Endless {
						sig = append(sig, foldMark<<32|uint64(part[n.Fold]), 0)
					}
				} else {
					for _, m := range pg.Nodes[node].Moves {
						sig = append(sig, uint64(m.Color)<<32|uint64(part[m.To]))
					}
					if n := &pg.Nodes[node]; n.Endless {
						sig = append(sig, foldMark<<32|uint64(part[n.Fold]))
					}
					slices.Sort(sig[1:])
					sig = sig[:1+len(slices.Compact(sig[1:]))]
				}
				sb.Reset()
				for _, x := range sig {
					sb.WriteString(strconv.FormatUint(x, 36))
					sb.WriteByte(',')
				}
				key := sb.String()
				id, seen := ids[key]
				if !seen {
					id = len(ids)
					ids[key] = id
				}
				next[i][node] = id
			}
		}
		parts = next
		if len(ids) == n { // each part refines the last: no change
			return parts, n
		}
		n = len(ids)
	}
}

// repOf returns the node that stands for tile ti's node.
func (g *BanGame) repOf(ti, node int) int {
	if r := g.rep[ti]; r != nil {
		return int(r[node])
	}
	return node
}

// sameAsPrevious reports whether tile ti's class has a tile before it at
// the same kind of position.
func (g *BanGame) sameAsPrevious(ti int, nodes []int) bool {
	p := g.prev[ti]
	return p >= 0 && g.kindOf[p][nodes[p]] == g.kindOf[ti][nodes[ti]]
}

// canonMove returns the canonical tuple reached from the canonical tuple
// (its tiles at nodes) when tile ti, of a class, moves to node to: the
// class's kinds sorted, each tile at the lowest node of its kind.
func (g *BanGame) canonMove(tuple uint64, nodes []int, ti, to int) uint64 {
	ms := g.members[g.class[ti]]
	vals := g.canonBuf[:0]
	for _, t := range ms {
		k := g.kindOf[t][nodes[t]]
		if t == ti {
			k = g.kindOf[ti][to]
		}
		vals = append(vals, int(k))
		tuple -= uint64(nodes[t] * g.strides[t])
	}
	slices.Sort(vals)
	for i, t := range ms {
		tuple += uint64(int(g.nodeOfKind[t][vals[i]]) * g.strides[t])
	}
	g.canonBuf = vals
	return tuple
}

// canon returns the canonical key of any key (each tile's node the one
// that stands for it, its classes' nodes sorted).
func (g *BanGame) canon(k banKey) banKey {
	if len(g.members) == 0 && !g.quotiented {
		return k
	}
	nodes := make([]int, len(g.Graphs))
	g.decode(k.tuple, nodes)
	for ti, r := range g.rep {
		if r != nil {
			k.tuple -= uint64((nodes[ti] - int(r[nodes[ti]])) * g.strides[ti])
			nodes[ti] = int(r[nodes[ti]])
		}
	}
	for _, ms := range g.members {
		vals := make([]int, 0, len(ms))
		for _, t := range ms {
			vals = append(vals, int(g.kindOf[t][nodes[t]]))
			k.tuple -= uint64(nodes[t] * g.strides[t])
		}
		slices.Sort(vals)
		for i, t := range ms {
			k.tuple += uint64(int(g.nodeOfKind[t][vals[i]]) * g.strides[t])
		}
	}
	return k
}

// minStates is a lower bound of the states the exploration reaches: every
// combination of the tiles' positions (a class's as a multiset, alike
// positions as one), twice. Each is reached: a tile's graph holds only
// positions its start reaches; the sum lets the tiles' shortest paths be
// played one after the other; a pass (never a second in a row) lets a
// colour move twice; and the ban never stops such a path, which never
// takes a ko back at once (that would return to the position before the
// capture). Such a path ends with a stone (or is the start), so with no
// pass just made, where a pass is always allowed: the state it leads to
// holds the same positions with one pass made, a second state.
func (g *BanGame) minStates() float64 {
	n := 1.0
	for ti := range g.Graphs {
		if g.class[ti] < 0 {
			n *= float64(g.quotients[ti])
		}
	}
	for _, ms := range g.members {
		// Multisets of len(ms) nodes out of m: C(m+k-1, k).
		m, k := g.quotients[ms[0]], len(ms)
		for i := 1; i <= k; i++ {
			n *= float64(m-1+i) / float64(i)
		}
	}
	return 2 * n
}

// banStatesPerBound is the least ratio of states explored to minStates
// seen: 1.5 on the smallest bundled ko games, 2 to 2.6 on the finals'
// sums (TestBanMinStates checks it on the bundled ones). A sum whose
// bound times this passes the budget is refused before it is explored:
// exploring it to the budget took seconds, for a refusal all the same.
const banStatesPerBound = 1.5

// reserve returns s with room for one more element, doubling its
// capacity when full: append grows a large slice by a quarter, and the
// exploration's slices reach millions of elements (copying them took a
// tenth of its time).
func reserve[T any](s []T) []T {
	if len(s) < cap(s) {
		return s
	}
	t := make([]T, len(s), max(2*cap(s), 1024))
	copy(t, s)
	return t
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

// endless reports whether some tile's node lies past the cut of its graph
// (tiles.PosNode.Endless).
func (g *BanGame) endless(nodes []int) bool {
	for ti, node := range nodes {
		if g.Graphs[ti].Nodes[node].Endless {
			return true
		}
	}
	return false
}

// A banCut is a state past the cut of a tile's graph (tiles.PosNode.Endless)
// and its fold: the state with every such tile at the position of the same
// contents and their usual balance (tiles.PosNode.Fold), whose play is the
// same, every score moved by delta (the balances' difference under
// Japanese counting, 0 under Chinese, which counts no prisoners).
type banCut struct {
	state, fold int32
	delta       int32
}

// foldKey returns the key of the fold of the state with key k (its tiles
// at nodes; see banCut), not made canonical, and the score's shift.
func (g *BanGame) foldKey(k banKey, nodes []int) (banKey, int) {
	delta := 0
	for ti, node := range nodes {
		n := &g.Graphs[ti].Nodes[node]
		if !n.Endless {
			continue
		}
		k.tuple = k.tuple + uint64(n.Fold*g.strides[ti]) - uint64(node*g.strides[ti])
		delta += g.foldDelta(ti, node)
	}
	return k, delta
}

// foldDelta is the shift of the score from tile ti's cut position node to
// its fold: the balances' difference under Japanese counting, 0 under
// Chinese (which counts no prisoners).
func (g *BanGame) foldDelta(ti, node int) int {
	if g.Counting == rules.Chinese {
		return 0
	}
	n := &g.Graphs[ti].Nodes[node]
	return n.Balance - g.Graphs[ti].Nodes[n.Fold].Balance
}

// foldMark stands for the colour of a cut position's fold in the
// signatures of alikeTiles (the colours of moves are 1 and 2).
const foldMark = 3

// isCut reports whether state s lies past a cut (banCut): not a position
// of the game, but its fold moved by a score.
func (g *BanGame) isCut(s int32) (banCut, bool) {
	i, ok := g.cutAt[s]
	if !ok {
		return banCut{}, false
	}
	return g.cuts[i], true
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

// endScores returns the scores of the game's ends (both bounds of a
// reckoned one), in increasing order, each once.
func (g *BanGame) endScores() []int32 {
	var scores []int32
	for s := range g.states {
		if g.terminal[s] {
			scores = append(scores, g.final[s], g.finalHi[s])
		}
	}
	slices.Sort(scores)
	return slices.Compact(scores)
}

// maxFoldRounds bounds the rounds of foldCuts: past them the cuts keep
// the bounds they have (still bounds of their folds' values).
const maxFoldRounds = 32

// Solve computes the values of every state in both searches; with cuts,
// round after round until their values hold still (foldCuts).
func (g *BanGame) Solve() {
	if g.solved {
		return
	}
	g.solveOnce()
	for range maxFoldRounds {
		if !g.foldCuts() {
			break
		}
		g.solveOnce()
	}
	g.solved = true
}

// foldCuts gives every cut the values its fold has now, moved by its
// delta, and reports whether one changed. A cut starts without a value
// (no result: a loss for Black in Black's search, for White in White's),
// so each round's values are bounds of the game's, the lower ones rising
// and the upper ones falling round after round, as lines that go round the
// cut more often are played: exact where they meet.
func (g *BanGame) foldCuts() bool {
	changed := false
	for _, c := range g.cuts {
		lo, hi := g.lo[c.fold], g.hi[c.fold]
		if lo != noValueLo {
			lo += c.delta
		}
		if hi != noValueHi {
			hi += c.delta
		}
		if lo != g.final[c.state] || hi != g.finalHi[c.state] {
			g.final[c.state], g.finalHi[c.state] = lo, hi
			changed = true
		}
	}
	return changed
}

// solveOnce computes the values of every state in both searches, the cuts
// taken as ends with the values they have.
func (g *BanGame) solveOnce() {
	n := len(g.states)
	scores := g.endScores()
	// The last round's values and ranks: a state whose value this round
	// leaves as it was keeps its rank (the round that proved the value
	// numbered it), one whose value moves gets a number after all the
	// last round's. Numbers run on across rounds, so a state numbered in
	// this round by the attractor reaches, by its strategy move, a state
	// numbered earlier in this round or in an earlier one; and the fold of
	// a cut that ends a strategy line this round holds its value from the
	// round before, so its number is earlier still: the numbers fall
	// along every line of strategy moves, through the cuts too.
	oldLo, oldHi, oldLoRank, oldHiRank := g.lo, g.hi, g.loRank, g.hiRank
	g.lo = make([]int32, n)
	g.hi = make([]int32, n)
	g.loRank = make([]int32, n)
	g.hiRank = make([]int32, n)
	for s := range n {
		g.lo[s], g.hi[s] = noValueLo, noValueHi
		g.loRank[s], g.hiRank[s] = math.MaxInt32, math.MaxInt32
	}
	rankOf := func(value, old, oldRank []int32, s int32) int32 {
		if old != nil && value[s] == old[s] {
			return oldRank[s]
		}
		r := g.rankNext
		g.rankNext++
		if r >= math.MaxInt32 {
			return math.MaxInt32 // past the numbers: no rank, Progress keeps every optimal move
		}
		return int32(r)
	}
	// Predecessors, by the moves this game allows (allowed):
	// pred[predFirst[t]:predFirst[t+1]] are the states with a move to t.
	predFirst := make([]int32, n+1)
	moves := make([]int32, n) // each state's allowed moves
	for s := range n {
		for i := g.first[s]; i < g.first[s+1]; i++ {
			if g.allowed(int32(s), i) {
				predFirst[g.edges[i]+1]++
				moves[s]++
			}
		}
	}
	for t := range n {
		predFirst[t+1] += predFirst[t]
	}
	pred := make([]int32, predFirst[n])
	fill := slices.Clone(predFirst[:n])
	for s := range n {
		for i := g.first[s]; i < g.first[s+1]; i++ {
			if t := g.edges[i]; g.allowed(int32(s), i) {
				pred[fill[t]] = int32(s)
				fill[t]++
			}
		}
	}
	count := make([]int32, n)
	in := make([]bool, n)
	var queue []int32
	// The attractor of a target set of terminals: the states from which
	// player black (true) or white can force reaching one; sinks never
	// belong. The target sets grow one score at a time, and so do their
	// attractors: grow adds targets and carries the propagation on from
	// where the smaller set's stopped (the counts of the opponent's
	// states kept), so each game is solved in one pass over its edges
	// per search, not one per score. enter(s) is told as s joins.
	reset := func() {
		for s := range n {
			in[s] = false
			count[s] = moves[s]
		}
	}
	grow := func(black bool, targets []int32, enter func(s int32)) {
		queue = queue[:0]
		for _, s := range targets {
			if !in[s] {
				in[s] = true
				enter(s)
				queue = append(queue, s)
			}
		}
		for len(queue) > 0 {
			t := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			for _, s := range pred[predFirst[t]:predFirst[t+1]] {
				if in[s] {
					continue
				}
				if g.states[s].key.black != black {
					count[s]--
					if count[s] > 0 {
						continue
					}
				}
				in[s] = true
				enter(s)
				queue = append(queue, s)
			}
		}
	}
	var terms []int32
	for s := range n {
		if g.terminal[s] {
			terms = append(terms, int32(s))
		}
	}
	// Black's search: the highest score v whose ends (a reckoned end at
	// its lowest) Black can force, so v descending.
	slices.SortFunc(terms, func(a, b int32) int { return int(g.final[b]) - int(g.final[a]) })
	reset()
	for i, j := len(scores)-1, 0; i >= 0; i-- {
		v := scores[i]
		k := j
		for k < len(terms) && g.final[terms[k]] >= v {
			k++
		}
		grow(true, terms[j:k], func(s int32) { g.lo[s] = v; g.loRank[s] = rankOf(g.lo, oldLo, oldLoRank, s) })
		j = k
	}
	// White's: the lowest v whose ends (at their highest) White can force.
	slices.SortFunc(terms, func(a, b int32) int { return int(g.finalHi[a]) - int(g.finalHi[b]) })
	reset()
	for i, j := 0, 0; i < len(scores); i++ {
		v := scores[i]
		k := j
		for k < len(terms) && g.finalHi[terms[k]] <= v {
			k++
		}
		grow(false, terms[j:k], func(s int32) { g.hi[s] = v; g.hiRank[s] = rankOf(g.hi, oldHi, oldHiRank, s) })
		j = k
	}
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

// allowed reports whether this game allows move i of state s: a retake
// in spite of the ko ban only for a colour of its threats (View).
func (g *BanGame) allowed(s int32, i int32) bool {
	if g.edgeMove[i]&banFreeBit == 0 {
		return true
	}
	if g.states[s].key.black {
		return g.free[board.Black]
	}
	return g.free[board.White]
}

// View returns the game in which only the colours of threats (a subset of
// the BanOptions.Threats g was made with) may ignore the ko ban. It shares
// g's states, which it explored once for both (a state one game never
// reaches is solved all the same, and unused), and is solved on its own.
func (g *BanGame) View(threats [3]bool) (*BanGame, error) {
	for _, c := range []board.Color{board.Black, board.White} {
		if threats[c] && !g.free[c] {
			return nil, fmt.Errorf("solve: a view of a ban game cannot let %s ignore the ban when the game does not", c)
		}
	}
	v := *g
	v.free = threats
	v.lo, v.hi, v.solved = nil, nil, false
	if len(g.cuts) > 0 {
		// The cuts' values are the view's own (foldCuts).
		v.final, v.finalHi = slices.Clone(g.final), slices.Clone(g.finalHi)
	}
	return &v, nil
}

// stateOf returns the state of the position with key k (any order of a
// class's tiles), false when the game never reaches it.
func (g *BanGame) stateOf(k banKey) (int32, bool) {
	return g.index.get(g.canon(k))
}

// Moves returns the moves of state s (nil at the end of the game). A
// state is canonical (tiles of a class sorted by node, findClasses): of
// the tiles of a class at one node only the first has moves here.
func (g *BanGame) Moves(s int32) []BanMove {
	var out []BanMove
	for i := g.first[s]; i < g.first[s+1]; i++ {
		if !g.allowed(s, i) {
			continue
		}
		ref := g.edgeMove[i] &^ banFreeBit
		if ref == banPassRef {
			out = append(out, BanMove{Tile: -1, State: g.edges[i]})
			continue
		}
		ti, mi := int(ref>>16), int(ref&0xFFFF)
		m := g.Graphs[ti].Nodes[g.Node(s, ti)].Moves[mi]
		out = append(out, BanMove{Tile: ti, Move: m, State: g.edges[i]})
	}
	return out
}

// Terminal reports whether s is a finished game, and its score (the
// lower bound of a reckoned end's score, BanOptions.End).
func (g *BanGame) Terminal(s int32) (int, bool) {
	if _, cut := g.isCut(s); cut {
		return 0, false // not an end: its fold is played on (banNode)
	}
	return int(g.final[s]), g.terminal[s]
}

// ToMove returns the player to move in s.
func (g *BanGame) ToMove(s int32) board.Color {
	if g.states[s].key.black {
		return board.Black
	}
	return board.White
}

// Node returns tile ti's position in state s (canonical: tiles of a class
// sorted by node).
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
	for _, m := range g.Moves(s) {
		if g.lo[m.State] == g.lo[s] && g.hi[m.State] == g.hi[s] {
			out = append(out, m)
		}
	}
	return out
}
