package play

import (
	"fmt"
	"math/big"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
	"github.com/mathgo/mathgo/thermograph"
	"github.com/mathgo/mathgo/tiles"
)

// ThermostratOptions control PlayThermostrat.
type ThermostratOptions struct {
	// Counting is Japanese (territory and prisoners) or Chinese (area of
	// the playing area).
	Counting rules.Counting
	// Base is added to the Japanese score (the prisoners taken before the
	// position).
	Base int
	// Komaster is the komaster the thermostrat assumes when it reads a ko
	// position's thermograph: board.Empty (the default) for none (both
	// players obey the ban and have no threats: the neutral thermograph),
	// or the player who can win every ko fight.
	Komaster board.Color
	// MaxMoves stops a play-out that does not end (0: 1000).
	MaxMoves int
}

// PlayThermostrat plays the tiles of an analyzed position (ko tiles
// included) out with the simple ko ban by the komaster-aware thermostrat,
// the heuristic for a position whose exact game with the ban is too large
// (PlayGame plays the exact one): each player plays in the tile hottest by
// its thermograph (a position on a ko cycle by its ko thermograph:
// neutral, or with the komaster the options name), the move best at that
// temperature there, never a banned one, and never one that repeats a
// state of the play-out (so that a triple ko cannot go round for ever).
// The caller reports how far the result can lie from the exact one (the
// bounds the analysis proves).
func PlayThermostrat(a *tiles.Analysis, first board.Color, opts ThermostratOptions) (*Record, error) {
	if opts.MaxMoves <= 0 {
		opts.MaxMoves = 1000
	}
	var graphs []*tiles.PosGraph
	for _, t := range a.Tiles {
		if !t.Valued() {
			return nil, fmt.Errorf("tile %s has no value: %w", t.ID, t.Err)
		}
		pg, err := a.PosGraph(t.ID, tiles.GraphOptions{ExpandShort: true})
		if err != nil {
			return nil, fmt.Errorf("tile %s: %w", t.ID, err)
		}
		graphs = append(graphs, pg)
	}
	rec := &Record{Rules: opts.Counting, First: solve.PlayerOf(first), Strategies: [2]string{"thermostrat", "thermostrat"}}
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
			rec.Result.Outcome = scoreOutcome(cgt.DyadicInt(int64(score)))
			rec.Result.Moves = len(rec.Turns)
			rec.Next = solve.PlayerOf(c)
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
		t := Turn{N: n, Player: solve.PlayerOf(c), Move: Candidate{Index: -1, Player: solve.PlayerOf(c), Move: Move{Label: "pass"}}, Strategy: "thermostrat"}
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
			t.Move.Tile, t.Captured, t.Move.Move.Label = pg.Tile.ID, m.Captured, pg.Name(m.Point)
			t.KoTaken = m.Ban != board.Pass
			if t.KoTaken {
				banTile, banPoint = bestTile, m.Ban
			} else {
				banTile, banPoint = -1, board.Pass
			}
			passes = 0
		}
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
