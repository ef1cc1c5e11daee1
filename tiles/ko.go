package tiles

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/cgt/loopy"
	"github.com/mathgo/mathgo/mgo"
)

// Ko tiles. A tile whose game graph has a cycle (a ko played without a ko
// rule, as Mathematical Go plays it) has no short value. Its position
// graph (PosGraph) is built here from the tile engine: a node is the
// tile's contents plus the prisoner balance taken in it since the start;
// a move is a stone placed under Mathematical Go rules; a position whose
// own search meets no cycle is a leaf with its short value (the engine's),
// so only the positions that can repeat are expanded. The graph is then
// handed to the loopy engine (cgt/loopy) twice: as it is, for the count
// (the Mathematical Go value, a stopper or onside & offside), and with
// every move taxed one point, for the chilled value (Berlekamp's
// chilling: Left's options less 1, Right's plus 1; a leaf, short, is
// chilled by cgt, so numbers are not moved in).
//
// A cycle along which the prisoner balance changes (one side captures more
// than the other on the way round) is no finite game: each lap changes the
// count. Such a tile is refused with a *DriftError, unless
// GraphOptions.CutDrift asks for its graph cut: a position whose balance
// has drifted past the cut is Endless, not expanded, and folded onto the
// position of the same contents at the usual balance, whose play is the
// same with every score shifted by the balances' difference (exact play
// with the ko ban plays on from there, package solve).

// DefaultMaxKoNodes bounds the positions of a tile's position graph.
const DefaultMaxKoNodes = 200_000

// PosGraph is the graph of the positions of one tile under Mathematical Go
// rules: Nodes[0] is the tile as analyzed, every node a position (the
// tile's contents and the prisoner balance taken in it) with the legal
// moves of both colours from it. With GraphOptions.ExpandShort every
// position reachable is expanded; otherwise a position whose own game is
// short (Short) is a leaf, valued by the tile engine.
type PosGraph struct {
	Tile  *Tile
	Nodes []PosNode
	geo   *board.Board
}

// PosNode is one position of a PosGraph.
type PosNode struct {
	// Cells are the contents of Tile.Points now, in their order.
	Cells []board.Color
	// Balance is the number of prisoners Black took in the tile since the
	// start less White's; Stones the Black stones on the tile's points less
	// the White ones.
	Balance, Stones int
	// Spare is the integer part of the position that is not on the board
	// as moves of the graph: Balance plus the settled territory of its
	// parts (Black's less White's). Under Mathematical Go each unit is a
	// move its owner may make at any time (handing back a prisoner,
	// filling a point of territory), in a cycle too, where a tempo can
	// decide a ko (Loopy gives the players these moves).
	Spare int
	// Short reports that the position's own game has no cycle; Count is
	// then its count (Balance included, comparable with the tile's count)
	// and Area its area game (the stones on the tile's points included),
	// valid when AreaOK.
	Short  bool
	Count  cgt.Game
	Area   cgt.Game
	AreaOK bool
	// Settled reports that every part of the position is settled
	// territory (no move is searched there).
	Settled bool
	// Endless marks a position past the cut of a graph built with
	// GraphOptions.CutDrift: its balance has drifted too far from that
	// of a shortest line of moves to its contents. It is not expanded:
	// Fold is the position with the same contents at that balance, whose
	// play is the same with every score moved by the difference of their
	// balances (under Japanese counting; under Chinese counting, which
	// does not count prisoners, the same).
	Endless bool
	Fold    int
	// Moves are the legal moves of both colours, Black's first, outside
	// settled territory; nil for a leaf that was not expanded (Expanded
	// false).
	Moves    []PosMove
	Expanded bool
}

// PosMove is one move of a PosGraph.
type PosMove struct {
	Color    board.Color
	Point    board.Point
	Captured int
	// To is the index of the position the move leads to.
	To int
	// Ban is the point where the opponent may not play at once under the
	// simple ko rule (board.Pass when there is none): the move captured a
	// single stone there with a stone that is now alone with that one
	// liberty, so playing there would take the stone back and repeat the
	// position.
	Ban board.Point
}

// GraphOptions control PosGraph.
type GraphOptions struct {
	// MaxNodes bounds the positions (0: DefaultMaxKoNodes).
	MaxNodes int
	// ExpandShort expands every position, short ones included (what exact
	// play with a ko ban needs: a move that a short value ignores can be a
	// ko threat).
	ExpandShort bool
	// CutDrift builds the graph of a tile whose cycles shift the prisoner
	// balance (a *DriftError otherwise) with a cut: a position whose
	// balance differs from that of a shortest line of moves to its
	// contents by more than DriftLaps times the drift of the cycle found,
	// plus the largest capture of one move, is Endless, folded onto the
	// position of the same contents at that balance. A graph without such
	// a cycle is built as without it.
	CutDrift  bool
	DriftLaps int
}

// DriftError reports a tile with a cycle of positions along which the
// prisoner balance changes: repeating it changes the score without end,
// so the tile is no finite game and has no value.
type DriftError struct {
	Moves []string // the moves around such a cycle, like "B C3"
	Drift int      // the change of Black's prisoners less White's per lap
}

// Error names the cycle and its drift.
func (e *DriftError) Error() string {
	return fmt.Sprintf("the tile has a cycle of positions (%s) along which the prisoner balance changes by %d per lap: repeating it changes the score without end, so the tile is not a finite game and has no value",
		strings.Join(e.Moves, ", "), e.Drift)
}

// Name returns the board name of point p (like "C3").
func (g *PosGraph) Name(p board.Point) string { return g.geo.Name(p) }

// MoveName names a move like "B C3".
func (g *PosGraph) MoveName(m PosMove) string {
	return m.Color.Letter() + " " + g.geo.Name(m.Point)
}

// PosGraph returns the position graph of the tile with the given ID.
func (a *Analysis) PosGraph(id string, opts GraphOptions) (*PosGraph, error) {
	t := a.Tile(id)
	if t == nil {
		return nil, fmt.Errorf("no tile %q", id)
	}
	if a.engine == nil {
		return nil, fmt.Errorf("tile %s: the analysis has no search engine", id)
	}
	a.engineMu.Lock()
	defer a.engineMu.Unlock()
	return a.engine.posGraph(t, opts)
}

// cellNode is a node of the graph of contents (prisoners ignored).
type cellNode struct {
	cells    []board.Color
	stones   int
	short    bool
	count    cgt.Game // without prisoners
	area     cgt.Game // stones included
	areaOK   bool
	settled  bool
	spare    int       // the settled territory of the parts, Black's less White's
	moves    []PosMove // To indexes cell nodes here
	expanded bool
}

// posGraph builds the graph of tile t from the engine's position.
func (e *engine) posGraph(t *Tile, opts GraphOptions) (*PosGraph, error) {
	maxNodes := opts.MaxNodes
	if maxNodes <= 0 {
		maxNodes = DefaultMaxKoNodes
	}
	pts := t.Points
	index := map[string]int{}
	var cells []*cellNode
	key := func() string {
		var sb strings.Builder
		for _, p := range pts {
			sb.WriteByte(byte('0' + e.At(p)))
		}
		return sb.String()
	}
	// visit returns the cell node of the engine's current position,
	// exploring it (depth first, moves played and taken back) if new.
	var visit func() (int, error)
	visit = func() (int, error) {
		k := key()
		if i, ok := index[k]; ok {
			return i, nil
		}
		if len(cells) >= maxNodes {
			return 0, mgo.BudgetErrorf("its position graph has more than %d positions", maxNodes)
		}
		n := &cellNode{cells: make([]board.Color, len(pts))}
		for i, p := range pts {
			n.cells[i] = e.At(p)
			switch n.cells[i] {
			case board.Black:
				n.stones++
			case board.White:
				n.stones--
			}
		}
		i := len(cells)
		index[k] = i
		cells = append(cells, n)
		parts := e.Components(pts)
		n.short, n.settled, n.areaOK = true, true, true
		count, area := []cgt.Game{}, []cgt.Game{cgt.Int(int64(n.stones))}
		var open [][]board.Point // parts that are not settled territory
		for _, part := range parts {
			en, err := e.value(part)
			var ce *CycleError
			switch {
			case errors.As(err, &ce):
				n.short, n.settled = false, false
				open = append(open, part)
				continue
			case err != nil:
				return 0, err
			}
			count = append(count, en.count)
			n.areaOK = n.areaOK && en.areaOK
			area = append(area, en.area)
			if !en.settled {
				n.settled = false
				open = append(open, part)
			} else if v, ok := integerOf(en.count); ok {
				n.spare += v
			} else {
				return 0, fmt.Errorf("tile %s: settled part with count %s, not an integer", t.ID, en.count)
			}
		}
		if n.short {
			n.count = cgt.Sum(count...)
			if n.areaOK {
				n.area = cgt.Sum(area...)
			}
		}
		if n.short && !opts.ExpandShort {
			return i, nil
		}
		n.expanded = true
		for _, c := range [2]board.Color{board.Black, board.White} {
			for _, part := range open {
				for _, p := range part {
					if e.At(p) != board.Empty {
						continue
					}
					mark := e.Mark()
					captured, ok := e.Play(p, c)
					if !ok {
						continue
					}
					m := PosMove{Color: c, Point: p, Captured: captured, Ban: board.Pass}
					if q, ok := e.koBan(p, c, captured, mark); ok {
						m.Ban = q
					}
					to, err := visit()
					e.Undo(mark)
					if err != nil {
						return 0, err
					}
					m.To = to
					n.moves = append(n.moves, m)
				}
			}
		}
		return i, nil
	}
	mark := e.Mark()
	_, err := visit()
	e.Undo(mark)
	if err != nil {
		return nil, err
	}
	// span is how far a position's balance may drift from that of a
	// shortest line of moves to its contents (-1: no limit, no drift).
	span := -1
	var near []int // by contents: the balance of a shortest line of moves to them (span >= 0)
	if err := checkDrift(cells, e.Geometry()); err != nil {
		var de *DriftError
		if !opts.CutDrift || !errors.As(err, &de) {
			return nil, err
		}
		// The laps, and room for a line that reaches the contents
		// with a capture more than a shortest one.
		most := 0
		for _, c := range cells {
			for _, m := range c.moves {
				most = max(most, m.Captured)
			}
		}
		span = opts.DriftLaps*max(de.Drift, -de.Drift) + most
		near = nearBalances(cells)
	}
	// The positions: contents and prisoner balance, from (start, 0).
	g := &PosGraph{Tile: t, geo: e.Geometry()}
	type nodeKey struct{ cell, balance int }
	nodes := map[nodeKey]int{}
	var build func(cell, balance int) (int, error)
	build = func(cell, balance int) (int, error) {
		k := nodeKey{cell, balance}
		if i, ok := nodes[k]; ok {
			return i, nil
		}
		if len(g.Nodes) >= maxNodes {
			return 0, mgo.BudgetErrorf("its position graph has more than %d positions", maxNodes)
		}
		c := cells[cell]
		i := len(g.Nodes)
		nodes[k] = i
		if span >= 0 {
			if b0 := near[cell]; balance-b0 > span || b0-balance > span {
				g.Nodes = append(g.Nodes, PosNode{Cells: c.cells, Balance: balance, Spare: balance + c.spare, Stones: c.stones, Endless: true})
				j, err := build(cell, b0)
				if err != nil {
					return 0, err
				}
				g.Nodes[i].Fold = j
				return i, nil
			}
		}
		g.Nodes = append(g.Nodes, PosNode{Cells: c.cells, Balance: balance, Spare: balance + c.spare, Stones: c.stones, Short: c.short,
			AreaOK: c.short && c.areaOK, Settled: c.settled, Expanded: c.expanded})
		if c.short {
			g.Nodes[i].Count = c.count.Add(cgt.Int(int64(balance)))
			if c.areaOK {
				g.Nodes[i].Area = c.area
			}
		}
		if !c.expanded {
			return i, nil
		}
		moves := make([]PosMove, 0, len(c.moves))
		for _, m := range c.moves {
			d := m.balance()
			to, err := build(m.To, balance+d)
			if err != nil {
				return 0, err
			}
			m.To = to
			moves = append(moves, m)
		}
		g.Nodes[i].Moves = moves
		return i, nil
	}
	if _, err := build(0, 0); err != nil {
		return nil, err
	}
	return g, nil
}

// balance is the change of the prisoner balance (Black's less White's)
// the move makes.
func (m PosMove) balance() int {
	if m.Color == board.White {
		return -m.Captured
	}
	return m.Captured
}

// nearBalances returns, for each contents, the prisoner balance of a
// shortest line of moves from the start (cells[0]) to them: breadth
// first, the first line found.
func nearBalances(cells []*cellNode) []int {
	bal := make([]int, len(cells))
	seen := make([]bool, len(cells))
	seen[0] = true
	queue := []int{0}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, m := range cells[u].moves {
			if seen[m.To] {
				continue
			}
			d := m.balance()
			seen[m.To], bal[m.To] = true, bal[u]+d
			queue = append(queue, m.To)
		}
	}
	return bal
}

// koBan reports the point the opponent may not play at once after c's
// move at p that captured `captured` stones (played from mark): a single
// stone captured by a stone that is now alone, not immortal, with that
// one point as its only liberty (the simple ko rule).
func (e *engine) koBan(p board.Point, c board.Color, captured, mark int) (board.Point, bool) {
	if captured != 1 || e.Immortal(p) {
		return board.Pass, false
	}
	lib := board.Pass
	for _, q := range e.Neighbors(p) {
		switch e.At(q) {
		case c:
			return board.Pass, false
		case board.Empty:
			if lib != board.Pass {
				return board.Pass, false
			}
			lib = q
		}
	}
	// The liberty must be the point just captured.
	for _, ch := range e.Changes(mark, e.Mark()) {
		if ch.Point == lib && ch.Color == c.Opponent() {
			return lib, true
		}
	}
	return board.Pass, false
}

// checkDrift finds a cycle of contents along which the prisoner balance
// changes: it gives each node of a strongly connected component a
// potential (the balance relative to the component's first node) and
// reports an edge that contradicts it.
func checkDrift(cells []*cellNode, geo *board.Board) error {
	n := len(cells)
	comp := sccs(n, func(v int) []int {
		out := make([]int, len(cells[v].moves))
		for i, m := range cells[v].moves {
			out[i] = m.To
		}
		return out
	})
	pot := make([]int, n)
	set := make([]bool, n)
	parent := make([]int, n) // the node a potential came from (for the message)
	via := make([]PosMove, n)
	for v := range n {
		if set[v] {
			continue
		}
		set[v], parent[v] = true, -1
		stack := []int{v}
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, m := range cells[u].moves {
				if comp[m.To] != comp[u] {
					continue
				}
				d := m.balance()
				if !set[m.To] {
					set[m.To], pot[m.To], parent[m.To], via[m.To] = true, pot[u]+d, u, m
					stack = append(stack, m.To)
					continue
				}
				if drift := pot[u] + d - pot[m.To]; drift != 0 {
					// The cycle: from m.To back up the tree to their common
					// ancestor is not easy to name; name the path from the
					// component's root to u, the move, and the root's path
					// to m.To.
					var moves []string
					name := func(m PosMove) string { return m.Color.Letter() + " " + geo.Name(m.Point) }
					var up []string
					for x := u; parent[x] >= 0; x = parent[x] {
						up = append(up, name(via[x]))
					}
					slices.Reverse(up)
					moves = append(moves, up...)
					moves = append(moves, name(m))
					return &DriftError{Moves: moves, Drift: drift}
				}
			}
		}
	}
	return nil
}

// sccs numbers the strongly connected components of a graph of n nodes
// (Tarjan's algorithm, iterative): comp[v] is v's component.
func sccs(n int, succ func(int) []int) []int {
	index := make([]int, n)
	low := make([]int, n)
	on := make([]bool, n)
	comp := make([]int, n)
	for i := range index {
		index[i], comp[i] = -1, -1
	}
	next, ncomp := 0, 0
	var stack []int
	type frame struct {
		v    int
		out  []int
		i    int
		from int
	}
	for s := range n {
		if index[s] >= 0 {
			continue
		}
		calls := []frame{{v: s, out: succ(s), from: -1}}
		index[s], low[s] = next, next
		next++
		stack = append(stack, s)
		on[s] = true
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			if f.i < len(f.out) {
				w := f.out[f.i]
				f.i++
				switch {
				case index[w] < 0:
					index[w], low[w] = next, next
					next++
					stack = append(stack, w)
					on[w] = true
					calls = append(calls, frame{v: w, out: succ(w), from: f.v})
				case on[w]:
					low[f.v] = min(low[f.v], index[w])
				}
				continue
			}
			v := f.v
			if low[v] == index[v] {
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					on[w] = false
					comp[w] = ncomp
					if w == v {
						break
					}
				}
				ncomp++
			}
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				p := calls[len(calls)-1].v
				low[p] = min(low[p], low[v])
			}
		}
	}
	return comp
}

// KoValue holds the Mathematical Go values of a ko tile: its position
// graph and the loopy values of its count and of its chilled count.
type KoValue struct {
	Graph *PosGraph
	// Count is the tile's value under Mathematical Go (no ko ban, endless
	// play a draw), in CGSuite's loopy notation: a stopper, or onside &
	// offside. Chilled is the same game with every move taxed one point.
	Count, Chilled loopy.Value
}

// Loopy returns the loopy games of a position graph built without
// ExpandShort: its count (short leaves given their counts) and its chilled
// count (every move taxed one point: Left's options less 1, Right's plus
// 1; leaves chilled by cgt).
//
// A node of the count is a position with the integer part of its value
// held apart (PosNode.Spare: prisoners taken in the tile and its settled
// territory): each unit is a move its owner may make at any time, as
// Mathematical Go allows (hand back a prisoner, fill a point of one's
// territory), and in a cycle such a tempo can decide a ko. Folding the
// integer into the leaves, as a short game may, loses these moves: a
// tile then reads as a draw where the player with a prisoner in hand
// wins (the whole-board search found two such boards in 664). A move on
// the board from a position p to q adds q's Spare less p's to the
// integer; a leaf is its count less its own Spare plus the integer.
func (g *PosGraph) Loopy() (count, chilled *loopy.Game, err error) {
	for i, n := range g.Nodes {
		if !n.Expanded && !n.Short {
			return nil, nil, fmt.Errorf("tile %s: position %d is neither short nor expanded", g.Tile.ID, i)
		}
	}
	limit := 4 * (len(g.Nodes) + 16) * (len(g.Nodes) + 16)
	// Count: node (i, x), x the integer held apart.
	b := loopy.NewBuilder()
	type ix struct{ i, x int }
	cn := map[ix]loopy.Node{}
	var addCount func(i, x int) (loopy.Node, error)
	addCount = func(i, x int) (loopy.Node, error) {
		if v, ok := cn[ix{i, x}]; ok {
			return v, nil
		}
		if len(cn) > limit {
			return 0, mgo.BudgetErrorf("tile %s: its loopy graph is too large", g.Tile.ID)
		}
		v := b.AddNode()
		cn[ix{i, x}] = v
		n := g.Nodes[i]
		if !n.Expanded {
			b.SetShort(v, n.Count.Add(cgt.Int(int64(x-n.Spare))))
			return v, nil
		}
		for _, m := range n.Moves {
			w, err := addCount(m.To, x+g.Nodes[m.To].Spare-n.Spare)
			if err != nil {
				return 0, err
			}
			if m.Color == board.Black {
				b.AddLeft(v, w)
			} else {
				b.AddRight(v, w)
			}
		}
		if x > 0 {
			w, err := addCount(i, x-1)
			if err != nil {
				return 0, err
			}
			b.AddLeft(v, w)
		}
		if x < 0 {
			w, err := addCount(i, x+1)
			if err != nil {
				return 0, err
			}
			b.AddRight(v, w)
		}
		return v, nil
	}
	root, err := addCount(0, g.Nodes[0].Spare)
	if err != nil {
		return nil, nil, err
	}
	if count, err = b.Build(root); err != nil {
		return nil, nil, err
	}
	// Chilled: node (i, k) is the chilled value of position i plus k (the
	// taxes paid), the integer folded into the leaves as before: chilled
	// Go, as Berlekamp and Wolfe play it, never moves in a number (a
	// tempo from a prisoner is no chilled move), and so the one-point ko
	// P chills to 1/2 & 0, within Berlekamp's bounds 0 <= P <= 1/2 (a
	// graph with the spare moves gives 1* & 0).
	cb := loopy.NewBuilder()
	type ik struct{ i, k int }
	chn := map[ik]loopy.Node{}
	var add func(i, k int) (loopy.Node, error)
	add = func(i, k int) (loopy.Node, error) {
		if v, ok := chn[ik{i, k}]; ok {
			return v, nil
		}
		if len(chn) > limit {
			return 0, mgo.BudgetErrorf("tile %s: its chilled graph is too large", g.Tile.ID)
		}
		v := cb.AddNode()
		chn[ik{i, k}] = v
		n := g.Nodes[i]
		if !n.Expanded {
			cb.SetShort(v, n.Count.Chill().Add(cgt.Int(int64(k))))
			return v, nil
		}
		for _, m := range n.Moves {
			if m.Color == board.Black {
				w, err := add(m.To, k-1)
				if err != nil {
					return 0, err
				}
				cb.AddLeft(v, w)
			} else {
				w, err := add(m.To, k+1)
				if err != nil {
					return 0, err
				}
				cb.AddRight(v, w)
			}
		}
		return v, nil
	}
	start, err := add(0, 0)
	if err != nil {
		return nil, nil, err
	}
	if chilled, err = cb.Build(start); err != nil {
		return nil, nil, err
	}
	return count, chilled, nil
}

// integerOf returns g as an int when it is an integer.
func integerOf(g cgt.Game) (int, bool) {
	d, ok := g.Number()
	if !ok || !d.IsInteger() {
		return 0, false
	}
	v, ok := d.Int64()
	return int(v), ok
}

// koValue values a ko tile: its position graph (short positions as
// leaves) and the loopy values of its count and chilled count.
func (e *engine) koValue(t *Tile) (*KoValue, error) {
	g, err := e.posGraph(t, GraphOptions{})
	if err != nil {
		return nil, err
	}
	cg, chg, err := g.Loopy()
	if err != nil {
		return nil, err
	}
	kv := &KoValue{Graph: g}
	if kv.Count, err = loopy.Canonical(cg); err != nil {
		return nil, fmt.Errorf("the loopy value of its count: %w", err)
	}
	if kv.Chilled, err = loopy.Canonical(chg); err != nil {
		return nil, fmt.Errorf("the loopy value of its chilled count: %w", err)
	}
	return kv, nil
}

// Cycles returns, for each node of the graph, whether it lies on a cycle
// (a position that can repeat).
func (g *PosGraph) Cycles() []bool {
	comp := sccs(len(g.Nodes), func(v int) []int {
		out := make([]int, len(g.Nodes[v].Moves))
		for i, m := range g.Nodes[v].Moves {
			out[i] = m.To
		}
		return out
	})
	size := map[int]int{}
	for _, c := range comp {
		size[c]++
	}
	on := make([]bool, len(g.Nodes))
	for v, c := range comp {
		on[v] = size[c] > 1
		for _, m := range g.Nodes[v].Moves {
			on[v] = on[v] || m.To == v
		}
	}
	return on
}

// KoTiles returns the tiles that are kos with their Mathematical Go
// values (Tile.Ko set).
func (a *Analysis) KoTiles() []*Tile {
	var out []*Tile
	for _, t := range a.Tiles {
		if t.Ko != nil {
			out = append(out, t)
		}
	}
	return out
}
