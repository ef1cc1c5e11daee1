package loopy

import (
	"math/rand/v2"
	"testing"

	"github.com/mathgo/mathgo/cgt"
)

// randomStopper builds a random stopper graph: n loopy positions over a few
// short leaves, with random Left and Right edges (passes included), each
// kept only when no alternating cycle appears. The game is vertex 0.
func randomStopper(r *rand.Rand, n int) *graph {
	g := newGraph(n)
	memo := map[cgt.Game]int{}
	leaves := []cgt.Game{cgt.Zero, cgt.Int(1), cgt.Int(-1), cgt.Star(1), cgt.Up(1), cgt.Number(cgt.NewDyadic(1, 1)), cgt.Int(2)}
	var leafV []int
	for _, l := range leaves[:2+r.IntN(len(leaves)-1)] {
		leafV = append(leafV, embedShort(g, l, memo, nil))
	}
	tries := 3 * n
	for range tries {
		v := r.IntN(n)
		var t int
		if r.IntN(3) == 0 {
			t = leafV[r.IntN(len(leafV))]
		} else {
			t = r.IntN(n)
		}
		left := r.IntN(2) == 0
		if left {
			g.left[v] = append(g.left[v], t)
		} else {
			g.right[v] = append(g.right[v], t)
		}
		ok := true
		for _, c := range g.cyclicVertices() {
			if c {
				ok = false
				break
			}
		}
		if !ok {
			if left {
				g.left[v] = g.left[v][:len(g.left[v])-1]
			} else {
				g.right[v] = g.right[v][:len(g.right[v])-1]
			}
		}
	}
	for v := range g.n() {
		g.left[v] = dedup(g.left[v])
		g.right[v] = dedup(g.right[v])
	}
	p, _ := pack(g, 0)
	return p
}

func dedup(s []int) []int {
	seen := map[int]bool{}
	var out []int
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

func randomStopperValues(seed uint64, count, maxN int) ([]*graph, []Value) {
	r := rand.New(rand.NewPCG(seed, 7))
	var gs []*graph
	var vs []Value
	for range count {
		g := randomStopper(r, 1+r.IntN(maxN))
		gs = append(gs, g)
		vs = append(vs, stopperValue(stopperOf(g, 0, nil)))
	}
	return gs, vs
}

// TestCanonicalStopperRandom: the canonical form equals the game, is a
// fixed point, and equal values print identically.
func TestCanonicalStopperRandom(t *testing.T) {
	gs, vs := randomStopperValues(1, 300, 6)
	loopy := 0
	for i, g := range gs {
		c := vs[i].on.st.graph()
		if !leqAt(c, 0, g, 0, stopperSide, nil) || !leqAt(g, 0, c, 0, stopperSide, nil) {
			t.Fatalf("canonical form %s differs from its game", vs[i])
		}
		cc, _ := canonStopper(c, []int{0}, nil)
		if cc.n() != c.n() || printSide(&sideVal{st: newStopper(cc)}, 0) != vs[i].String() {
			t.Fatalf("canonical form of %s is not a fixed point", vs[i])
		}
		if _, short := vs[i].IsShort(); !short {
			loopy++
		}
		back, err := Parse(vs[i].String())
		if err != nil {
			t.Fatalf("%s does not parse back: %v", vs[i], err)
		}
		if eq, _ := Equal(back, vs[i]); !eq {
			t.Fatalf("%s parses back to a different value %s", vs[i], back)
		}
	}
	if loopy < 100 {
		t.Errorf("only %d of the random stoppers are loopy", loopy)
	}
}

// TestOrderRandom: comparison is a partial order on random stoppers, and
// equal stoppers have identical canonical forms.
func TestOrderRandom(t *testing.T) {
	_, vs := randomStopperValues(2, 60, 5)
	n := len(vs)
	le := make([][]bool, n)
	for i := range n {
		le[i] = make([]bool, n)
		for j := range n {
			le[i][j] = leq(vs[i], vs[j], nil)
		}
	}
	related, equalPairs := 0, 0
	for i := range n {
		if !le[i][i] {
			t.Fatalf("%s <= itself fails", vs[i])
		}
		for j := range n {
			if i != j && le[i][j] {
				related++
			}
			if le[i][j] && le[j][i] {
				if vs[i].String() != vs[j].String() || vs[i].on.st.graph().n() != vs[j].on.st.graph().n() {
					t.Fatalf("%s and %s are equal but print differently", vs[i], vs[j])
				}
				equalPairs++
			}
			for k := range n {
				if le[i][j] && le[j][k] && !le[i][k] {
					t.Fatalf("not transitive: %s <= %s <= %s", vs[i], vs[j], vs[k])
				}
			}
		}
	}
	if related < n {
		t.Errorf("only %d related pairs: the test is too weak", related)
	}
	t.Logf("%d stoppers, %d ordered pairs, %d equal pairs", n, related, equalPairs)
}

// TestSumWithNegativeRandom: G + (-G) is 0 for short games; for a loopy
// stopper it need not be (on - on = dud) but its onside is >= 0 and its
// offside <= 0 (Left and Right can each copy the other's moves). Also
// G <= H exactly when the onside of H - G is >= 0: comparison of stoppers
// checked against sidling.
func TestSumWithNegativeRandom(t *testing.T) {
	_, vs := randomStopperValues(3, 120, 4)
	zero := zeroSide.st
	for _, v := range vs {
		s := add(v, v.Neg(), nil)
		if _, short := v.IsShort(); short {
			if !s.IsZero() {
				t.Fatalf("%s - itself = %s, not 0", v, s)
			}
			continue
		}
		on, off := s.sides()
		if !leqAt(zero.graph(), 0, on.graph(), 0, onSide, nil) {
			t.Fatalf("onside of %s - itself is not >= 0: %s", v, s)
		}
		if !leqAt(off.graph(), 0, zero.graph(), 0, offSide, nil) {
			t.Fatalf("offside of %s - itself is not <= 0: %s", v, s)
		}
	}
	found, sided := 0, 0
	for i := 0; i+1 < len(vs); i += 2 {
		g, h := vs[i], vs[i+1]
		d := add(h, g.Neg(), nil)
		on, _ := d.sides()
		if on.st == nil {
			continue
		}
		found++
		if !d.IsStopper() {
			sided++
		}
		want := stopperLeq(g.on.st, h.on.st, nil)
		if got := stopperLeq(zero, on.st, nil); got != want {
			t.Fatalf("%s <= %s is %v, but the onside of the difference %s says %v", g, h, want, d, got)
		}
	}
	t.Logf("%d differences with a stopper onside, %d of them not stoppers", found, sided)
}

// TestSumsRandom: sums of stoppers are commutative and associative, and
// adding a short game agrees with the short engine when everything is
// short.
func TestSumsRandom(t *testing.T) {
	_, vs := randomStopperValues(4, 30, 3)
	for i := 0; i+2 < len(vs); i += 3 {
		a, b, c := vs[i], vs[i+1], vs[i+2]
		ab, ba := add(a, b, nil), add(b, a, nil)
		if !leq(ab, ba, nil) || !leq(ba, ab, nil) || ab.String() != ba.String() {
			t.Fatalf("%s + %s: %s but the other way %s", a, b, ab, ba)
		}
		l := add(add(a, b, nil), c, nil)
		r := add(a, add(b, c, nil), nil)
		if !leq(l, r, nil) || !leq(r, l, nil) {
			t.Fatalf("(%s + %s) + %s = %s but %s + (%s + %s) = %s", a, b, c, l, a, b, c, r)
		}
	}
}

// TestShortGamesThroughLoopyEngine: on the games born by day 3 the loopy
// engine (graphs, canonical stoppers, retrograde comparison, product
// graphs, stops) agrees with the short-game engine.
func TestShortGamesThroughLoopyEngine(t *testing.T) {
	days := cgt.EnumerateDays(3)
	all := days[3]
	graphs := make([]*graph, len(all))
	for i, x := range all {
		g := shortGraph(x, nil)
		c, _ := canonStopper(g, []int{0}, nil)
		s := newStopper(c)
		y, ok := s.shortAt(0)
		if !ok || y != x {
			t.Fatalf("canonical stopper of %s is %v", x, y)
		}
		if c.n() != g.n() {
			t.Fatalf("canonical stopper of %s has %d positions, the short form %d", x, c.n(), g.n())
		}
		graphs[i] = c
		// Stops through the loopy recursion (not the short shortcut).
		v := stopperValue(s)
		for _, left := range []bool{true, false} {
			want := x.LeftStop()
			if !left {
				want = x.RightStop()
			}
			p, err := stopThroughOptions(s, left)
			if err != nil || !p.IsNumber() || !p.X.Equal(want) {
				t.Fatalf("stop of %s: %v %v, want %s", x, p, err, want)
			}
		}
		if o, _ := v.Outcome(); o.String() != x.Outcome().String() {
			t.Fatalf("outcome of %s: %s, want %s", x, o, x.Outcome())
		}
	}
	r := rand.New(rand.NewPCG(5, 5))
	for range 4000 {
		i, j := r.IntN(len(all)), r.IntN(len(all))
		if got, want := leqAt(graphs[i], 0, graphs[j], 0, stopperSide, nil), all[i].Leq(all[j]); got != want {
			t.Fatalf("%s <= %s: loopy %v, short %v", all[i], all[j], got, want)
		}
		if got, want := leqAt(graphs[i], 0, graphs[j], 0, onSide, nil), all[i].Leq(all[j]); got != want {
			t.Fatalf("%s <= %s on the onside: loopy %v, short %v", all[i], all[j], got, want)
		}
		if got, want := leqAt(graphs[i], 0, graphs[j], 0, offSide, nil), all[i].Leq(all[j]); got != want {
			t.Fatalf("%s <= %s on the offside: loopy %v, short %v", all[i], all[j], got, want)
		}
	}
	for range 300 {
		i, j := r.IntN(len(all)), r.IntN(len(all))
		s := valueOf(sumGraph(graphs[i], 0, graphs[j], 0, nil), 0, nil)
		if x, ok := s.IsShort(); !ok || x != all[i].Add(all[j]) {
			t.Fatalf("%s + %s: loopy %s, short %s", all[i], all[j], s, all[i].Add(all[j]))
		}
		// The same sum simplified position by position by comparison (the
		// path loopy positions take), not by the short-game engine.
		c, _ := canonStopperWith(sumGraph(graphs[i], 0, graphs[j], 0, nil), []int{0}, false, nil)
		want := all[i].Add(all[j])
		if y, ok := newStopper(c).shortAt(0); !ok || y != want || c.n() != shortGraph(want, nil).n() {
			t.Fatalf("%s + %s simplified by comparison: %v with %d positions, want %s with %d", all[i], all[j], y, c.n(), want, shortGraph(want, nil).n())
		}
	}
	// Every pair of games born by day 2, compared by retrograde analysis.
	d2 := days[2]
	for _, x := range d2 {
		for _, y := range d2 {
			if got := leqAt(shortGraph(x, nil), 0, shortGraph(y, nil), 0, stopperSide, nil); got != x.Leq(y) {
				t.Fatalf("%s <= %s: loopy %v, short %v", x, y, got, x.Leq(y))
			}
		}
	}
}

// stopThroughOptions computes a stop by the loopy recursion over options,
// without the short-game shortcut at the top.
func stopThroughOptions(s *stopper, left bool) (Pseudonumber, error) {
	if p, ok := s.pseudoAt(0); ok {
		return p, nil
	}
	var best Pseudonumber
	for i, o := range s.graph().opts(0, left) {
		p, err := s.stop(o, !left, map[[2]int]Pseudonumber{}, map[[2]int]bool{})
		if err != nil {
			return Pseudonumber{}, err
		}
		if i == 0 || left && p.Cmp(best) > 0 || !left && p.Cmp(best) < 0 {
			best = p
		}
	}
	return best, nil
}

// randomGraph builds a random game graph (cycles and passes allowed).
func randomGraph(r *rand.Rand, n int) *graph {
	g := newGraph(n)
	for range 2*n + r.IntN(2*n) {
		v, t := r.IntN(n), r.IntN(n)
		if r.IntN(2) == 0 {
			g.left[v] = append(g.left[v], t)
		} else {
			g.right[v] = append(g.right[v], t)
		}
	}
	for v := range n {
		g.left[v] = dedup(g.left[v])
		g.right[v] = dedup(g.right[v])
	}
	return g
}

// naiveLeq decides g0 <= h0 by the textbook fixpoints, sweeping all states
// until nothing changes: the safety game nu Z for stoppers, and the Büchi
// game nu Z. mu Y. (accepting move into Z, or any move into Y) for sides.
func naiveLeq(g *graph, g0 int, h *graph, h0 int, mode side) bool {
	nh := h.n()
	n := 2 * g.n() * nh
	type mv struct {
		t   int
		acc bool
	}
	moves := make([][]mv, n)
	for gv := range g.n() {
		for hv := range nh {
			s := (gv*nh + hv) << 1
			for _, x := range g.right[gv] {
				moves[s] = append(moves[s], mv{(x*nh+hv)<<1 | 1, mode == offSide})
			}
			for _, y := range h.left[hv] {
				moves[s] = append(moves[s], mv{(gv*nh+y)<<1 | 1, mode == onSide})
			}
			for _, x := range g.left[gv] {
				moves[s|1] = append(moves[s|1], mv{(x*nh + hv) << 1, mode == offSide})
			}
			for _, y := range h.right[hv] {
				moves[s|1] = append(moves[s|1], mv{(gv*nh + y) << 1, mode == onSide})
			}
		}
	}
	z := make([]bool, n)
	for i := range z {
		z[i] = true
	}
	for {
		y := make([]bool, n)
		for changed := true; changed; {
			changed = false
			for s := range n {
				if y[s] {
					continue
				}
				ok := s&1 == 1 // Right to move: for all moves
				for _, m := range moves[s] {
					good := mode == stopperSide && z[m.t] || mode != stopperSide && (m.acc && z[m.t] || y[m.t])
					if s&1 == 0 && good {
						ok = true
						break
					}
					if s&1 == 1 && !good {
						ok = false
						break
					}
				}
				if ok {
					y[s] = true
					changed = true
				}
			}
			if mode == stopperSide {
				break
			}
		}
		same := true
		for s := range n {
			if y[s] != z[s] {
				same = false
			}
		}
		z = y
		if same {
			break
		}
	}
	return z[(g0*nh+h0)<<1|1]
}

// TestSolverAgainstNaive cross-checks the retrograde solver with the
// textbook fixpoints on random graphs, in all three modes.
func TestSolverAgainstNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 6))
	checked := map[side][2]int{}
	for range 300 {
		g := randomGraph(r, 1+r.IntN(5))
		h := randomGraph(r, 1+r.IntN(5))
		for _, mode := range []side{stopperSide, onSide, offSide} {
			for g0 := range g.n() {
				for h0 := range h.n() {
					got := leqAt(g, g0, h, h0, mode, nil)
					want := naiveLeq(g, g0, h, h0, mode)
					if got != want {
						t.Fatalf("mode %d: %v <= %v at (%d,%d): solver %v, fixpoint %v", mode, g, h, g0, h0, got, want)
					}
					c := checked[mode]
					if got {
						c[0]++
					} else {
						c[1]++
					}
					checked[mode] = c
				}
			}
		}
	}
	t.Logf("true/false answers by mode (stopper, onside, offside): %v", checked)
}

// TestSidlingRandom: on random games (mostly not stoppers) every side
// equals the game on that side, the offside is at most the onside, the
// outcome class exists, and the printed value parses back to an equal one.
func TestSidlingRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	stats := map[string]int{}
	for range 400 {
		x := randomGraph(r, 1+r.IntN(6))
		if x.isStopperAt(0) {
			stats["stopper"]++
			continue
		}
		v := valueOf(x, 0, nil)
		on, off := v.sides()
		if !leqAt(on.graph(), 0, x, 0, onSide, nil) || !leqAt(x, 0, on.graph(), 0, onSide, nil) {
			t.Fatalf("onside %s differs from the game's", printSide(on, 0))
		}
		if !leqAt(off.graph(), 0, x, 0, offSide, nil) || !leqAt(x, 0, off.graph(), 0, offSide, nil) {
			t.Fatalf("offside %s differs from the game's", printSide(off, 0))
		}
		if !leqAt(off.graph(), 0, on.graph(), 0, stopperSide, nil) {
			t.Fatalf("offside above onside: %s", v)
		}
		v.outcome(nil)
		back, err := Parse(v.String())
		if err != nil {
			t.Fatalf("%s does not parse back: %v", v, err)
		}
		if !leq(back, v, nil) || !leq(v, back, nil) {
			t.Fatalf("%s parses back to a different value %s", v, back)
		}
		switch {
		case v.IsStopper():
			stats["equivalent to a stopper"]++
		case v.IsStopperSided():
			stats["stopper-sided"]++
		default:
			stats["side not found"]++
		}
	}
	t.Logf("%v", stats)
}

// TestShortPrintRoundTrip: every game born by day 3 prints (by CGSuite's
// rules) to text that both cgt and this package read back as the game.
func TestShortPrintRoundTrip(t *testing.T) {
	for _, g := range cgt.EnumerateDays(3)[3] {
		text := Short(g).String()
		back, err := cgt.Parse(text)
		if err != nil || back != g {
			t.Fatalf("%s: cgt reads %q as %v (%v)", g, text, back, err)
		}
		v, err := Parse(text)
		if x, ok := v.IsShort(); err != nil || !ok || x != g {
			t.Fatalf("%s: %q reads back as %v (%v)", g, text, v, err)
		}
	}
}
