package solve

import (
	"fmt"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/tiles"
)

// koGames returns the bundled ko positions' tiles' position graphs (the
// positions with a ko tile whose sum is small enough for exact play).
func koGames(t *testing.T) map[string][]*tiles.PosGraph {
	t.Helper()
	out := map[string][]*tiles.PosGraph{}
	for _, f := range testpos.Files(t, "ko") {
		a, err := tiles.Analyze(f.Pos, tiles.Options{})
		if err != nil {
			t.Fatal(err)
		}
		hasKo := false
		var graphs []*tiles.PosGraph
		for _, tl := range a.Tiles {
			hasKo = hasKo || tl.Ko != nil
			pg, err := a.PosGraph(tl.ID, tiles.GraphOptions{ExpandShort: true})
			if err != nil {
				graphs = nil
				break
			}
			graphs = append(graphs, pg)
		}
		if hasKo && graphs != nil {
			out[filepath.Base(f.Path)] = graphs
		}
	}
	if len(out) == 0 {
		t.Fatal("no bundled ko position to play")
	}
	return out
}

// naiveSolve is Solve as it was first written, the reference of the
// incremental one: for each score v, the attractor of the ends worth at
// least v (Black's search) or at most v (White's) computed from scratch.
func naiveSolve(g *BanGame) (lo, hi []int32) {
	n := g.States()
	scores := g.endScores()
	succ := make([][]int32, n)
	for s := range n {
		for _, m := range g.Moves(int32(s)) {
			succ[s] = append(succ[s], m.State)
		}
	}
	attractor := func(black bool, target func(s int) bool) []bool {
		in := make([]bool, n)
		for changed := true; changed; {
			changed = false
			for s := range n {
				if in[s] {
					continue
				}
				join := g.terminal[s] && target(s)
				if !join && len(succ[s]) > 0 {
					if g.states[s].key.black == black {
						join = slices.ContainsFunc(succ[s], func(t int32) bool { return in[t] })
					} else {
						join = !slices.ContainsFunc(succ[s], func(t int32) bool { return !in[t] })
					}
				}
				if join {
					in[s], changed = true, true
				}
			}
		}
		return in
	}
	lo, hi = make([]int32, n), make([]int32, n)
	for s := range n {
		lo[s], hi[s] = noValueLo, noValueHi
	}
	for _, v := range scores {
		for s, ok := range attractor(true, func(s int) bool { return g.final[s] >= v }) {
			if ok {
				lo[s] = v
			}
		}
	}
	for i := len(scores) - 1; i >= 0; i-- {
		v := scores[i]
		for s, ok := range attractor(false, func(s int) bool { return g.finalHi[s] <= v }) {
			if ok {
				hi[s] = v
			}
		}
	}
	return lo, hi
}

// TestBanSolve: the incremental attractors of Solve give every state of
// every bundled ko game (both countings, with and without threats) the
// values of the reference computed score by score.
func TestBanSolve(t *testing.T) {
	checked := 0
	for name, graphs := range koGames(t) {
		for _, counting := range []rules.Counting{rules.Japanese, rules.Chinese} {
			for _, threats := range [][3]bool{{}, {board.White: true}, {board.Black: true}} {
				g, err := NewBanGame(graphs, counting, 0, 20_000, BanOptions{Start: NoBan, Threats: threats})
				if err != nil {
					continue // too large for the reference
				}
				g.Solve()
				lo, hi := naiveSolve(g)
				for s := range g.States() {
					if g.lo[s] != lo[s] || g.hi[s] != hi[s] {
						t.Fatalf("%s, %s, threats %v: state %d is %s, the reference %s", name, counting, threats, s,
							g.Value(int32(s)), BanValue{Lo: int(lo[s]), Hi: int(hi[s]), LoOK: lo[s] != noValueLo, HiOK: hi[s] != noValueHi})
					}
				}
				checked++
			}
		}
	}
	if checked == 0 {
		t.Fatal("no game small enough for the reference")
	}
}

// TestBanClasses: tiles of the same shape (dame above all) are one class
// whose states are sorted, not told apart. On every bundled ko game the
// values at the start are those of the game that tells every tile apart,
// with fewer states wherever a class has two tiles; and play through the
// positions (banNode) stays on the tiles as they are: every move is legal
// on its tile's position where the line has brought it, to the game's end.
func TestBanClasses(t *testing.T) {
	fewer := 0
	eachPair(t, func(name string, graphs []*tiles.PosGraph, counting rules.Counting, g, ref *BanGame) {
		for _, c := range []board.Color{board.Black, board.White} {
			if v, w := g.Value(g.Start(c)), ref.Value(ref.Start(c)); v != w {
				t.Errorf("%s, %s, %s first: %s with classes, %s without", name, counting, c, v, w)
			}
		}
		if len(g.members) > 0 {
			if g.States() >= ref.States() {
				t.Errorf("%s: %d classes, yet %d states against %d", name, len(g.members), g.States(), ref.States())
			}
			fewer++
		}
		sc := newBanScored(counting, g, g)
		for _, c := range []board.Color{board.Black, board.White} {
			n, _ := sc.Start(c)
			mine := make([]int, len(graphs)) // each tile's node, replayed here
			for step := 0; !n.Done() && step < 200; step++ {
				_, nodes := n.(*banNode).Positions()
				if !slices.Equal(nodes, mine) {
					t.Fatalf("%s, %s first, move %d: the game's tiles are at %v, the line played brings them to %v", name, c, step+1, nodes, mine)
				}
				best, err := n.(*banNode).Optimal()
				if err != nil || len(best) == 0 {
					t.Fatalf("%s, %s first, move %d: no optimal move (%v)", name, c, step+1, err)
				}
				// The last optimal move: a stone before a pass where
				// both keep the value, so that the line fills tiles.
				o := best[len(best)-1]
				if !o.Move.IsPass() {
					ti := slices.IndexFunc(graphs, func(pg *tiles.PosGraph) bool { return pg.Tile.ID == o.Move.Tile })
					mi := slices.IndexFunc(graphs[ti].Nodes[mine[ti]].Moves, func(m tiles.PosMove) bool {
						return m.Point == o.Move.Point && m.Color == n.ToMove()
					})
					if mi < 0 {
						t.Fatalf("%s, %s first, move %d: %s is no legal move of tile %s as the line left it", name, c, step+1, o.Move.Label, o.Move.Tile)
					}
					mine[ti] = graphs[ti].Nodes[mine[ti]].Moves[mi].To
				}
				n = o.Next
			}
		}
	})
	if fewer == 0 {
		t.Error("no bundled ko game has a class of two tiles: the test checks nothing of them")
	}
}

// TestBanView: a view of a game explored with both colours free of the
// ban gives every state of the game made with its own threats alone the
// same value.
func TestBanView(t *testing.T) {
	checked := 0
	for name, graphs := range koGames(t) {
		both, err := NewBanGame(graphs, rules.Japanese, 0, 0, BanOptions{Start: NoBan, Threats: [3]bool{board.Black: true, board.White: true}})
		if err != nil {
			continue
		}
		for _, c := range []board.Color{board.Black, board.White} {
			var threats [3]bool
			threats[c] = true
			own, err := NewBanGame(graphs, rules.Japanese, 0, 0, BanOptions{Start: NoBan, Threats: threats})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			own.Solve()
			view, err := both.View(threats)
			if err != nil {
				t.Fatal(err)
			}
			view.Solve()
			sameValues(t, fmt.Sprintf("%s, %s free (the view against its own game)", name, c), view, own)
			checked++
		}
		if _, err := both.View([3]bool{}); err != nil {
			t.Errorf("%s: a view without threats: %v", name, err)
		}
	}
	if checked == 0 {
		t.Fatal("no game compared")
	}
}

// TestBanMinStates: the lower bound a game is refused by before it
// explores (every combination of its tiles' positions, classes as
// multisets) is the number of combinations the exploration reaches, with
// classes or without; a budget below it, or below the estimate of
// banStatesPerBound times it, is refused at once; and no game explores
// fewer states than that estimate.
func TestBanMinStates(t *testing.T) {
	for name, graphs := range koGames(t) {
		for _, noClasses := range []bool{false, true} {
			g, err := NewBanGame(graphs, rules.Japanese, 0, 0, BanOptions{Start: NoBan, noClasses: noClasses})
			if err != nil {
				continue
			}
			lb := g.minStates()
			// The bound counts the combinations of the tiles' positions
			// twice, and each is the tuple of some state explored with
			// no pass made and of another with one.
			tuples := map[uint64]bool{}
			for _, st := range g.states {
				tuples[st.key.tuple] = true
			}
			if math.Abs(lb-2*float64(len(tuples))) > 0.5 || lb > float64(g.States()) {
				t.Errorf("%s (classes %v): lower bound %.0f, %d combinations of positions in %d states explored", name, !noClasses, lb, len(tuples), g.States())
			}
			if lb >= 2 {
				_, err := NewBanGame(graphs, rules.Japanese, 0, int(lb)-1, BanOptions{Start: NoBan, noClasses: noClasses})
				if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("make %.0f states", lb)) {
					t.Errorf("%s: a budget of %d states below the bound %.0f: %v", name, int(lb)-1, lb, err)
				}
				_, err = NewBanGame(graphs, rules.Japanese, 0, int(lb*banStatesPerBound)-1, BanOptions{Start: NoBan, noClasses: noClasses})
				if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("alone need %.0f", lb)) {
					t.Errorf("%s: a budget of %d states below the estimate %.0f: %v", name, int(lb*banStatesPerBound)-1, lb*banStatesPerBound, err)
				}
			}
			// The estimate the refusals rest on: never more states than
			// the game explores.
			if lb*banStatesPerBound > float64(g.States()) {
				t.Errorf("%s (classes %v): %d states, fewer than %.1f times the bound %.0f", name, !noClasses, g.States(), banStatesPerBound, lb)
			}
		}
	}
}

// eachPair calls f with each bundled ko game under each counting, made
// and solved, and the game that tells every tile and position apart (its
// reference), where the first fits in its budget.
func eachPair(t *testing.T, f func(name string, graphs []*tiles.PosGraph, counting rules.Counting, g, ref *BanGame)) {
	t.Helper()
	for name, graphs := range koGames(t) {
		for _, counting := range []rules.Counting{rules.Japanese, rules.Chinese} {
			if g, ref, ok := solvedPair(graphs, counting, 0); ok {
				f(name, graphs, counting, g, ref)
			}
		}
	}
}

// sameValues checks that every state of the reference ref (the game that
// tells every tile and position apart, or a view's own game) is a state
// of g with the same value.
func sameValues(t *testing.T, label string, g, ref *BanGame) {
	t.Helper()
	for s := range ref.States() {
		gs, ok := g.stateOf(ref.states[s].key)
		if !ok {
			t.Fatalf("%s: state %d of the reference is not in the game", label, s)
		}
		if v, w := g.Value(gs), ref.Value(int32(s)); v != w {
			t.Fatalf("%s: state %d is %s in the reference, %s in the game", label, s, w, v)
		}
	}
}

// solvedPair builds and solves the ban game of graphs and its reference,
// the game that tells every tile and position apart, both with budget
// (0: the default); ok is false when either passes it.
func solvedPair(graphs []*tiles.PosGraph, counting rules.Counting, budget int) (g, ref *BanGame, ok bool) {
	g, err := NewBanGame(graphs, counting, 0, budget, BanOptions{Start: NoBan})
	if err != nil {
		return nil, nil, false
	}
	ref, err = NewBanGame(graphs, counting, 0, budget, BanOptions{Start: NoBan, noClasses: true})
	if err != nil {
		return nil, nil, false
	}
	g.Solve()
	ref.Solve()
	return g, ref, true
}

// TestBanAlike: the positions of a tile that play alike (findQuotients)
// are one state of the game, and every state of the game that tells
// them apart has the value of the state it maps to, in both countings;
// some bundled ko game has such positions and fewer states for them.
func TestBanAlike(t *testing.T) {
	fewer := 0
	eachPair(t, func(name string, graphs []*tiles.PosGraph, counting rules.Counting, g, ref *BanGame) {
		sameValues(t, fmt.Sprintf("%s, %s", name, counting), g, ref)
		if g.quotiented {
			if g.States() >= ref.States() {
				t.Errorf("%s, %s: alike positions, yet %d states against %d", name, counting, g.States(), ref.States())
			}
			fewer++
		}
	})
	if fewer == 0 {
		t.Error("no bundled ko game has alike positions: the test checks nothing of them")
	}
}

// TestAlikePartition: on hand-made position graphs, a dame's two filled
// positions are alike, and two positions that differ only in which
// colour has the move left are not; in a ko tile, neither are two whose
// moves differ only in points a ko ban may name.
func TestAlikePartition(t *testing.T) {
	zero, star := cgt.Int(0), cgt.Star(1)
	leaf := func(v cgt.Game) tiles.PosNode {
		return tiles.PosNode{Short: true, Count: v, Area: v, AreaOK: true, Expanded: true}
	}
	node := func(v cgt.Game, moves ...tiles.PosMove) tiles.PosNode {
		n := leaf(v)
		n.Moves = moves
		return n
	}
	mv := func(c board.Color, to int) tiles.PosMove { return tiles.PosMove{Color: c, To: to, Ban: board.Pass} }
	at := func(c board.Color, p board.Point, to int) tiles.PosMove {
		return tiles.PosMove{Color: c, Point: p, To: to, Ban: board.Pass}
	}
	// Two positions whose Black moves reach the same positions, at 10
	// and 11 in one and at 11 and 10 in the other: alike, unless a ko
	// ban may name one of the points (then a ban on 10 leaves Black
	// different moves in each).
	swapped := []tiles.PosNode{
		node(star, mv(board.White, 1), mv(board.White, 2)),
		node(star, at(board.Black, 10, 3), at(board.Black, 11, 4)),
		node(star, at(board.Black, 11, 3), at(board.Black, 10, 4)),
		leaf(cgt.Int(1)), leaf(zero)}
	banned := slices.Clone(swapped)
	banned[0] = node(star, tiles.PosMove{Color: board.White, To: 1, Ban: 10}, mv(board.White, 2))
	tile := &tiles.Tile{ID: "T"}
	cases := []struct {
		name  string
		nodes []tiles.PosNode
		ko    bool
		want  int // kinds of positions
		same  [][2]int
	}{
		{"moves at points swapped", swapped, false, 4, [][2]int{{1, 2}}},
		{"moves at points swapped, in a ko tile where no ban names them", swapped, true, 4, [][2]int{{1, 2}}},
		{"moves at points swapped, in a ko tile where a ban may name one", banned, true, 5, nil},
		{"dame", []tiles.PosNode{node(star, mv(board.Black, 1), mv(board.White, 2)), leaf(zero), leaf(zero)}, false, 2, [][2]int{{1, 2}}},
		{"tempo left to one colour", []tiles.PosNode{
			node(star, mv(board.Black, 1), mv(board.White, 2)),
			node(zero, mv(board.White, 3)), node(zero, mv(board.Black, 3)), leaf(zero)}, false, 4, nil},
		{"scores differ", []tiles.PosNode{node(star, mv(board.Black, 1), mv(board.White, 2)), leaf(cgt.Int(1)), leaf(zero)}, false, 3, nil},
	}
	for _, tc := range cases {
		g := &BanGame{Graphs: []*tiles.PosGraph{{Tile: tile, Nodes: tc.nodes}}, Counting: rules.Japanese, banTile: -1, start: NoBan}
		part, n := g.alike(0, tc.ko)
		if n != tc.want {
			t.Errorf("%s: %d kinds of positions %v, want %d", tc.name, n, part, tc.want)
		}
		for _, p := range tc.same {
			if part[p[0]] != part[p[1]] {
				t.Errorf("%s: positions %d and %d are not alike: %v", tc.name, p[0], p[1], part)
			}
		}
	}
}

// TestBanAlikeMixed: sums of two bundled ko games' tiles (a ko beside
// another game's kos, dame and corridors), each state of the game that
// tells positions apart valued as the state it maps to, in both
// countings and with either colour free of the ban.
func TestBanAlikeMixed(t *testing.T) {
	games := koGames(t)
	names := slices.Sorted(maps.Keys(games))
	checked, merged := 0, 0
	for i, a := range names {
		for _, b := range names[i+1:] {
			graphs := append(slices.Clone(games[a]), games[b]...)
			for _, counting := range []rules.Counting{rules.Japanese, rules.Chinese} {
				for _, threats := range [][3]bool{{}, {board.Black: true}, {board.White: true}} {
					opts := BanOptions{Start: NoBan, Threats: threats}
					g, err := NewBanGame(graphs, counting, 0, 100_000, opts)
					if err != nil {
						continue
					}
					opts.noClasses = true
					ref, err := NewBanGame(graphs, counting, 0, 400_000, opts)
					if err != nil {
						continue
					}
					g.Solve()
					ref.Solve()
					sameValues(t, fmt.Sprintf("%s + %s, %s, threats %v", a, b, counting, threats), g, ref)
					checked++
					if g.quotiented {
						merged++
					}
				}
			}
		}
	}
	if checked < 20 || merged == 0 {
		t.Errorf("%d sums checked, %d with alike positions: too few", checked, merged)
	}
	t.Logf("%d sums checked, %d with alike positions", checked, merged)
}

// TestBanClassesReordered: a tile and a copy of it whose graph lists the
// positions in another order (a corridor drawn in the other direction)
// play alike from their starts, so they are one class; every state of the
// game that tells every tile apart has the value of the state it maps to,
// in both countings, and there are fewer states.
func TestBanClassesReordered(t *testing.T) {
	checked := 0
	for name, graphs := range koGames(t) {
		src := -1
		for ti, pg := range graphs {
			if len(pg.Nodes) >= 3 && !setsBan(pg) {
				src = ti
				break
			}
		}
		if src < 0 {
			continue
		}
		// The copy: the start first, the other nodes in reverse order.
		pg := graphs[src]
		n := len(pg.Nodes)
		perm := make([]int, n) // old index -> new
		for i := 1; i < n; i++ {
			perm[i] = n - i
		}
		cp := *pg
		cp.Nodes = make([]tiles.PosNode, n)
		for i, node := range pg.Nodes {
			node.Moves = slices.Clone(node.Moves)
			for j := range node.Moves {
				node.Moves[j].To = perm[node.Moves[j].To]
			}
			cp.Nodes[perm[i]] = node
		}
		sum := append(slices.Clone(graphs), &cp)
		for _, counting := range []rules.Counting{rules.Japanese, rules.Chinese} {
			g, ref, ok := solvedPair(sum, counting, 400_000)
			if !ok {
				continue
			}
			if g.class[src] < 0 || g.class[src] != g.class[len(sum)-1] {
				t.Fatalf("%s, %s: tile %d and its reordered copy are not one class (%v)", name, counting, src, g.class)
			}
			for _, c := range []board.Color{board.Black, board.White} {
				if v, w := g.Value(g.Start(c)), ref.Value(ref.Start(c)); v != w {
					t.Errorf("%s, %s, %s first: %s with classes, %s without", name, counting, c, v, w)
				}
			}
			sameValues(t, fmt.Sprintf("%s, %s, the copy in a class", name, counting), g, ref)
			if g.States() >= ref.States() {
				t.Errorf("%s, %s: %d states with classes, %d without", name, counting, g.States(), ref.States())
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no bundled ko game has a tile to copy")
	}
	t.Logf("%d sums checked", checked)
}
