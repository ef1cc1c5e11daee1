package play

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
	"github.com/mathgo/mathgo/thermograph"
	"github.com/mathgo/mathgo/tiles"
)

// Play-outs with a ko ban. A position with ko tiles is played as players
// play it, under Japanese or Chinese counting with the simple ko rule (a
// ko just taken may not be taken back at once; a player may answer
// elsewhere; ko threats anywhere on the board count), by PlayKo:
//
//   - exactly, when the sum of the tiles' whole position graphs is small
//     enough for solve.BanGame (the oracle): every move keeps the exact
//     value of the game (both of its searches), ties broken by a
//     preference (KoPrefer);
//   - otherwise by a komaster-aware thermostrat: each player plays in the
//     tile hottest by its thermograph (a position on a ko cycle by its ko
//     thermograph: neutral, or with the komaster KoPlayOptions names), the
//     move best at that temperature there, never a banned one, and never
//     one that repeats a state of the play-out (so that a triple ko cannot
//     go round for ever); the caller reports how far the result can lie
//     from the exact one (the bounds the analysis proves).

// KoPlayOptions control PlayKo.
type KoPlayOptions struct {
	// Counting is Japanese (territory and prisoners) or Chinese (area of
	// the playing area).
	Counting rules.Counting
	// Base is added to the Japanese score (the prisoners taken before the
	// position).
	Base int
	// MaxStates bounds exact play (0: solve.DefaultBanStates); past it
	// (or with Heuristic) the thermostrat plays.
	MaxStates int
	// Heuristic plays the komaster-aware thermostrat even when exact play
	// is possible (to compare).
	Heuristic bool
	// Komaster is the komaster the thermostrat assumes when it reads a ko
	// position's thermograph: board.Empty (the default) for none (both
	// players obey the ban and have no threats: the neutral thermograph),
	// or the player who can win every ko fight.
	Komaster board.Color
	// Prefer breaks ties among exactly optimal moves (nil: KoPreferFirst).
	Prefer KoPrefer
	// MaxMoves stops a play-out that does not end (0: 1000).
	MaxMoves int
	// End lets two passes end exact play with a tile unsettled and
	// reckons that end (solve.BanOptions.End; package endgame sets it on
	// whole boards, where real rules are asked about).
	End func(g *solve.BanGame, nodes []int) (lo, hi int)
}

// KoPrefer picks one of several optimal moves for the player to move; the
// moves are given in the order of the tiles, passes last.
type KoPrefer func(g *solve.BanGame, s int32, moves []solve.BanMove) solve.BanMove

// KoPreferFirst takes the first move that is not a pass (the pass only
// when it is the only optimal move).
func KoPreferFirst(_ *solve.BanGame, _ int32, moves []solve.BanMove) solve.BanMove {
	for _, m := range moves {
		if !m.IsPass() {
			return m
		}
	}
	return moves[0]
}

// KoTurn is one move of a play-out with a ko ban.
type KoTurn struct {
	N      int
	Player board.Color
	// Tile is the tile played in ("" for a pass), Point the point played
	// (board.Pass for a pass), Captured the stones it took.
	Tile     string
	Point    board.Point
	Label    string // the point's name, or "pass"
	Captured int
	// KoTaken reports that the move took a ko: the opponent may not take
	// it back at once (Rappaport writes a trailing k).
	KoTaken bool
	// Nodes are every tile's position after the move (indexes in the
	// tiles' position graphs).
	Nodes []int
	// Value is the exact value of the game after the move (exact play
	// only).
	Value *solve.BanValue
	// Strategy names what chose the move ("exact" or "thermostrat").
	Strategy string
	// Optimal are the moves that kept the exact value before this one
	// ("tile:point" or "pass"; exact play only).
	Optimal []string
}

// KoRecord is a whole play-out with a ko ban.
type KoRecord struct {
	Counting rules.Counting
	First    board.Color
	// Tiles are the tiles' IDs, in the order of Graphs.
	Tiles  []string
	Graphs []*tiles.PosGraph
	Turns  []KoTurn
	// Score is the final score (Black minus White).
	Score int
	// Exact is the exact value of the start (nil when exact play was out
	// of reach); Bounds, when Exact is nil, bound the exact score when
	// the caller gave them (see KoBounded).
	Exact *solve.BanValue
	// Strategy is "exact" or "thermostrat".
	Strategy string
	// States counts the states of the exact game (0 for the heuristic).
	States int
}

// PlayKo plays the tiles of an analyzed position (ko tiles included) out
// with a ko ban from first.
func PlayKo(a *tiles.Analysis, first board.Color, opts KoPlayOptions) (*KoRecord, error) {
	if opts.MaxMoves <= 0 {
		opts.MaxMoves = 1000
	}
	if !opts.Heuristic {
		res, g, err := solve.SolveBanWith(a, opts.Counting, opts.Base, opts.MaxStates, solve.BanOptions{Start: solve.NoBan, End: opts.End})
		if err == nil {
			return playBanExact(a, g, res, first, opts)
		}
		if !errors.Is(err, solve.ErrTooBig) {
			return nil, err
		}
	}
	return playBanThermostrat(a, first, opts)
}

func newKoRecord(a *tiles.Analysis, graphs []*tiles.PosGraph, first board.Color, opts KoPlayOptions) *KoRecord {
	rec := &KoRecord{Counting: opts.Counting, First: first, Graphs: graphs}
	for _, pg := range graphs {
		rec.Tiles = append(rec.Tiles, pg.Tile.ID)
	}
	return rec
}

// playBanExact walks the exact game from its start, every move keeping
// the value.
func playBanExact(a *tiles.Analysis, g *solve.BanGame, res *solve.BanResult, first board.Color, opts KoPlayOptions) (*KoRecord, error) {
	rec := newKoRecord(a, g.Graphs, first, opts)
	rec.Strategy, rec.States = "exact", res.States
	s := g.Start(first)
	v := g.Value(s)
	rec.Exact = &v
	prefer := opts.Prefer
	if prefer == nil {
		prefer = KoPreferFirst
	}
	for n := 1; ; n++ {
		if sc, ok := g.Terminal(s); ok {
			rec.Score = sc
			return rec, nil
		}
		if n > opts.MaxMoves {
			return rec, fmt.Errorf("play with a ko ban did not end within %d moves (the exact value is %s: endless play is at stake)", opts.MaxMoves, v)
		}
		opt := g.Optimal(s)
		if len(opt) == 0 {
			return rec, fmt.Errorf("move %d: no move keeps the value %s", n, g.Value(s))
		}
		m := prefer(g, s, opt)
		t := KoTurn{N: n, Player: g.ToMove(s), Point: board.Pass, Label: "pass", Strategy: "exact"}
		for _, o := range opt {
			t.Optimal = append(t.Optimal, BanMoveName(g, o))
		}
		if !m.IsPass() {
			t.Tile, t.Point, t.Captured = rec.Tiles[m.Tile], m.Move.Point, m.Move.Captured
			t.Label = g.Graphs[m.Tile].Name(m.Move.Point)
			t.KoTaken = m.Move.Ban != board.Pass
		}
		s = m.State
		for ti := range g.Graphs {
			t.Nodes = append(t.Nodes, g.Node(s, ti))
		}
		val := g.Value(s)
		t.Value = &val
		rec.Turns = append(rec.Turns, t)
	}
}

// playBanThermostrat plays the komaster-aware thermostrat.
func playBanThermostrat(a *tiles.Analysis, first board.Color, opts KoPlayOptions) (*KoRecord, error) {
	var graphs []*tiles.PosGraph
	for _, t := range a.Tiles {
		if t.Err != nil && t.Ko == nil {
			return nil, fmt.Errorf("tile %s has no value: %w", t.ID, t.Err)
		}
		pg, err := a.PosGraph(t.ID, tiles.GraphOptions{ExpandShort: true})
		if err != nil {
			return nil, fmt.Errorf("tile %s: %w", t.ID, err)
		}
		graphs = append(graphs, pg)
	}
	rec := newKoRecord(a, graphs, first, opts)
	rec.Strategy = "thermostrat"
	nodes := make([]int, len(graphs))
	cyc := make([][]bool, len(graphs))
	for i, pg := range graphs {
		cyc[i] = pg.Cycles()
	}
	th := &koTherm{graphs: graphs, cyc: cyc, counting: opts.Counting, cache: map[[3]int]koTemp{}, games: map[int]*thermograph.KoGame{}, km: thermograph.NoKomaster}
	switch opts.Komaster {
	case board.Black:
		th.km = cgt.Left
	case board.White:
		th.km = cgt.Right
	}
	seen := map[string]bool{}
	stateKey := func(c board.Color) string { return fmt.Sprint(nodes, c) }
	seen[stateKey(first)] = true
	banTile, banPoint := -1, board.Pass
	passes := 0
	c := first
	for n := 1; ; n++ {
		if n > opts.MaxMoves {
			return rec, fmt.Errorf("the thermostrat play-out did not end within %d moves", opts.MaxMoves)
		}
		settled := true
		score := opts.Base
		if opts.Counting == rules.Chinese {
			score = 0
		}
		for ti, pg := range graphs {
			sc, ok := solve.SettledScore(&pg.Nodes[nodes[ti]], opts.Counting)
			settled = settled && ok
			score += sc
		}
		if passes >= 2 {
			rec.Score = score
			return rec, nil
		}
		// Candidates: the hottest tile's best move for c.
		bestTile, bestMove := -1, -1
		var bestTemp, bestVal *big.Rat
		for ti, pg := range graphs {
			node := &pg.Nodes[nodes[ti]]
			temp := th.temp(ti, nodes[ti], c)
			for mi, m := range node.Moves {
				if m.Color != c || (ti == banTile && m.Point == banPoint) {
					continue
				}
				old := nodes[ti]
				nodes[ti] = m.To
				repeats := seen[stateKey(c.Opponent())]
				nodes[ti] = old
				if repeats {
					continue
				}
				val := th.after(ti, m.To, c, temp)
				better := bestTile < 0 || temp.Cmp(bestTemp) > 0 ||
					(temp.Cmp(bestTemp) == 0 && ((c == board.Black && val.Cmp(bestVal) > 0) || (c == board.White && val.Cmp(bestVal) < 0)))
				if better {
					bestTile, bestMove, bestTemp, bestVal = ti, mi, temp, val
				}
			}
		}
		t := KoTurn{N: n, Player: c, Point: board.Pass, Label: "pass", Strategy: "thermostrat"}
		// Pass when nothing is hot for c (every temperature below 0), unless
		// that would be a second pass with a tile unsettled.
		pass := bestTile < 0 || (bestTemp.Sign() < 0 && (passes == 0 || settled))
		if bestTile < 0 && passes == 1 && !settled {
			return rec, fmt.Errorf("move %d: %s has no legal move and may not end the game with a tile unsettled", n, c)
		}
		if pass {
			passes++
			banTile, banPoint = -1, board.Pass
		} else {
			pg := graphs[bestTile]
			m := pg.Nodes[nodes[bestTile]].Moves[bestMove]
			nodes[bestTile] = m.To
			t.Tile, t.Point, t.Captured, t.Label = pg.Tile.ID, m.Point, m.Captured, pg.Name(m.Point)
			t.KoTaken = m.Ban != board.Pass
			if t.KoTaken {
				banTile, banPoint = bestTile, m.Ban
			} else {
				banTile, banPoint = -1, board.Pass
			}
			passes = 0
		}
		t.Nodes = append([]int(nil), nodes...)
		rec.Turns = append(rec.Turns, t)
		c = c.Opponent()
		if !pass {
			seen[stateKey(c)] = true
		}
	}
}

// koTemp is a position's temperature and walls as the thermostrat sees
// them.
type koTemp struct {
	temp        *big.Rat
	left, right thermograph.KoWall
}

// koTherm evaluates tile positions for the thermostrat: short positions by
// their thermographs, positions on a cycle by their ko thermograph with
// the mover as komaster.
type koTherm struct {
	graphs   []*tiles.PosGraph
	cyc      [][]bool
	counting rules.Counting
	cache    map[[3]int]koTemp
	games    map[int]*thermograph.KoGame
	km       cgt.Player // the komaster assumed, or thermograph.NoKomaster
}

// get returns the thermograph of tile ti's node.
func (k *koTherm) get(ti, node int) koTemp {
	key := [3]int{ti, node, 0}
	if v, ok := k.cache[key]; ok {
		return v
	}
	n := &k.graphs[ti].Nodes[node]
	var v koTemp
	if n.Short {
		g := n.Count
		if k.counting == rules.Chinese && n.AreaOK {
			g = n.Area
		}
		th := thermograph.Of(g)
		v = koTemp{temp: th.Temperature.Rat(), left: thermograph.KoWallOf(th.Left), right: thermograph.KoWallOf(th.Right)}
	} else {
		kg := k.games[ti]
		if kg == nil {
			kg = koGameFrom(k.graphs[ti], k.counting)
			k.games[ti] = kg
		}
		th, err := thermograph.KomasterThermograph(kg, node, k.km, false)
		if err != nil {
			v = koTemp{temp: big.NewRat(0, 1), left: thermograph.KoWall{{T: big.NewRat(-1, 1), V: big.NewRat(0, 1)}}, right: thermograph.KoWall{{T: big.NewRat(-1, 1), V: big.NewRat(0, 1)}}}
		} else {
			v = koTemp{temp: th.Temperature, left: th.Left, right: th.Right}
		}
	}
	k.cache[key] = v
	return v
}

// temp returns the temperature of tile ti's node for mover c.
func (k *koTherm) temp(ti, node int, c board.Color) *big.Rat { return k.get(ti, node).temp }

// after returns the value, at temperature t, of the position a move of c
// leads to: the opponent's wall there.
func (k *koTherm) after(ti, node int, c board.Color, t *big.Rat) *big.Rat {
	v := k.get(ti, node)
	if c == board.Black {
		return v.right.At(t)
	}
	return v.left.At(t)
}

// koGameFrom converts a whole position graph (every position expanded) to
// a ko thermograph input, short positions as leaves (their area games for
// Chinese counting).
func koGameFrom(g *tiles.PosGraph, counting rules.Counting) *thermograph.KoGame {
	return KoGame(g, func(n *tiles.PosNode) (cgt.Game, bool) {
		if !n.Short {
			return cgt.Game(0), false
		}
		if counting == rules.Chinese && n.AreaOK {
			return n.Area, true
		}
		return n.Count, true
	})
}

// KoGame converts a position graph to the input of the ko thermographs:
// a position for which leaf reports a value is a leaf with that value,
// every other one keeps its moves (Black's, then White's) with their ko
// bans.
func KoGame(g *tiles.PosGraph, leaf func(n *tiles.PosNode) (cgt.Game, bool)) *thermograph.KoGame {
	out := &thermograph.KoGame{Nodes: make([]thermograph.KoNode, len(g.Nodes))}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if v, ok := leaf(n); ok {
			out.Nodes[i] = thermograph.KoNode{Leaf: true, Value: v}
			continue
		}
		var kn thermograph.KoNode
		for _, m := range n.Moves {
			km := thermograph.KoMove{To: m.To, Point: int(m.Point), Ban: -1}
			if m.Ban != board.Pass {
				km.Ban = int(m.Ban)
			}
			side := 0
			if m.Color == board.White {
				side = 1
			}
			kn.Moves[side] = append(kn.Moves[side], km)
		}
		out.Nodes[i] = kn
	}
	return out
}

// BanMoveName names a move of a BanGame: "tile:point", or "pass".
func BanMoveName(g *solve.BanGame, m solve.BanMove) string {
	if m.IsPass() {
		return "pass"
	}
	pg := g.Graphs[m.Tile]
	return pg.Tile.ID + ":" + pg.Name(m.Move.Point)
}
