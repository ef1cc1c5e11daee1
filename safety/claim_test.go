package safety

import (
	"slices"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/life"
	"github.com/mathgo/mathgo/position"
)

// claimBoard has a pass-alive White wall around the 3x3 top-left corner
// (eyes E7, A3, A1) and a pass-alive Black group (eyes F4, D2, F2, G1):
// the corner is an area White encloses, no eye region (A7, B7, A6, B6, A5
// touch no white stone), so Settle leaves it a tile.
const claimBoard = `
+---------------+
| . . . O . O X |
| . . . O O O X |
| . . . O X X X |
| O O O O X . X |
| . O X X X X X |
| O O X . X . X |
| . O X X X X . |
+---------------+`

// TestClaimCorner claims the corner: Black cannot live in a 3x3 corner
// against White's answers, and White can then make it safe.
func TestClaimCorner(t *testing.T) {
	pos := parse(t, claimBoard)
	b := pos.Board
	r, certs := settle(t, pos, Options{})
	for _, name := range []string{"D7", "G7"} {
		if c := certs[name]; c.Status != StatusPassAlive {
			t.Fatalf("%s: %s, want pass-alive", name, c.Status)
		}
	}
	corner := []board.Point{b.Pt(0, 6), b.Pt(1, 6), b.Pt(2, 6), b.Pt(0, 5), b.Pt(1, 5), b.Pt(2, 5), b.Pt(0, 4), b.Pt(1, 4), b.Pt(2, 4)}
	if r.Territory[corner[0]] != board.Empty {
		t.Fatalf("the corner is territory before any claim")
	}
	// Not regions of the board: part of the corner, or the corner and more.
	if n := r.Claim([][]board.Point{corner[:4], append(corner[:9:9], b.Pt(4, 6))}); n != 0 {
		t.Fatalf("Claim of regions that are no region of the board: %d claimed", n)
	}
	before := r.Nodes
	if n := r.Claim([][]board.Point{corner}); n != 1 {
		t.Fatalf("Claim of the corner: %d claimed", n)
	}
	for _, p := range corner {
		if r.Territory[p] != board.White {
			t.Errorf("%s: territory %s after the claim", b.Name(p), r.Territory[p])
		}
	}
	if r.Nodes <= before {
		t.Errorf("the claim searched no node (%d before, %d after)", before, r.Nodes)
	}
	// Once territory, a region is not claimed again.
	if n := r.Claim([][]board.Point{corner}); n != 0 {
		t.Errorf("the corner was claimed twice")
	}
}

// TestClaimTooLarge checks that an area of more empty points than the
// life solver is asked about is not searched, let alone claimed: White's
// wall around a 4x7 area on a 9x9 board's left side (18 of its points
// touch no white stone: no narrow area either).
func TestClaimTooLarge(t *testing.T) {
	pos := parse(t, `
+-------------------+
| . . . . O . O X . |
| . . . . O O O X X |
| . . . . O X X X . |
| . . . . O X . X X |
| . . . . O X X X . |
| . . . . O X . X X |
| . . . . O X X X . |
| O O O O O X . X X |
| . O . O X X X X . |
+-------------------+`)
	b := pos.Board
	r, certs := settle(t, pos, Options{})
	if c := certs["E9"]; c.Status != StatusPassAlive {
		t.Fatalf("E9: %s, want pass-alive", c.Status)
	}
	var area []board.Point
	for y := 2; y < 9; y++ {
		for x := 0; x < 4; x++ {
			area = append(area, b.Pt(x, y))
		}
	}
	before := r.Nodes
	if n := r.Claim([][]board.Point{area}); n != 0 || r.Nodes != before {
		t.Errorf("an area of 28 empty points: %d claimed, %d nodes searched", n, r.Nodes-before)
	}
}

// finalPosition returns the last position of a benchmark game record.
func finalPosition(t *testing.T, name string) *position.Position {
	t.Helper()
	g, err := position.ReadGame("../testdata/games/" + name)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := g.PositionAfter(-1)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// point parses a point name.
func point(t *testing.T, b *board.Board, name string) board.Point {
	t.Helper()
	p, err := b.ParsePoint(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// emptyArea reports whether no point of reg holds a stone.
func emptyArea(b *board.Board, reg []board.Point) bool {
	return emptyCount(b, reg) == len(reg)
}

// regionAt returns the region of the board cut by r's settled blocks
// that holds p.
func regionAt(b *board.Board, r *Result, p board.Point) []board.Point {
	seen := map[board.Point]bool{p: true}
	out := []board.Point{p}
	for i := 0; i < len(out); i++ {
		for _, q := range b.Neighbors(out[i]) {
			if !seen[q] && !r.Immortal[q] {
				seen[q] = true
				out = append(out, q)
			}
		}
	}
	return out
}

// escalationNodes is a budget per block (Options.SolverNodes) with which
// the claim of TestClaimEscalation needs the escalated budget, and a third
// of it one with which the claim of TestClaimEscalationAtari (two blocks)
// does: the proofs take about 6,500 and 2,500 nodes (since the claim's
// search prunes with forced attacker moves; 100,000 each without).
const escalationNodes = 3000

// TestClaimEscalation claims the empty 15-point lower right of the final
// position of g09-l10-s45-cad, inside a pass-alive Black wall: White
// cannot live there, but with escalationNodes per block the proof takes
// more than the deep budget of one wall, and only the escalated budget
// (claimEscalation times it, for empty areas with pass-alive walls) finds
// it. With a third of that budget even the escalated search runs out.
func TestClaimEscalation(t *testing.T) {
	pos := finalPosition(t, "g09-l10-s45-cad.sgf")
	b := pos.Board
	corner := point(t, b, "J1")
	for _, nodes := range []int{escalationNodes / 3, escalationNodes} {
		r, _ := settle(t, pos, Options{SolverNodes: nodes})
		reg := regionAt(b, r, corner)
		if len(reg) != 15 || !emptyArea(b, reg) {
			t.Fatalf("the lower right is %d points (empty %v), want 15 empty points", len(reg), emptyArea(b, reg))
		}
		before := r.Nodes
		n := r.Claim([][]board.Point{reg})
		used := r.Nodes - before
		if nodes < escalationNodes {
			if n != 0 {
				t.Fatalf("claimed with %d solver nodes (%d searched)", nodes, used)
			}
			if used < min(quickNodes, nodes)+(1+claimEscalation)*nodes {
				t.Errorf("searched %d nodes with %d solver nodes, want the quick, deep and escalated budgets used up", used, nodes)
			}
			continue
		}
		if n != 1 {
			t.Fatalf("the lower right was not claimed (%d nodes searched)", used)
		}
		if used <= min(quickNodes, nodes)+nodes {
			t.Errorf("claimed within %d nodes: the escalation was not needed", used)
		}
		if r.Territory[corner] != board.Black {
			t.Errorf("J1 is territory of %s after the claim", r.Territory[corner])
		}
	}
}

// TestClaimEscalationAtari: after move 52 of g09-l10-s50-cad, the lower
// edge Black's pass-alive walls enclose holds one White stone, D3, in
// atari. The area is searched with the escalated budget all the same, and
// claimed: the position becomes exact and the game's review goes back two
// moves further. With the default budget the deep search proves it; with
// a third of escalationNodes per block only the escalated one does.
func TestClaimEscalationAtari(t *testing.T) {
	g, err := position.ReadGame("../testdata/games/g09-l10-s50-cad.sgf")
	if err != nil {
		t.Fatal(err)
	}
	pos, err := g.PositionAfter(52)
	if err != nil {
		t.Fatal(err)
	}
	b := pos.Board
	r, _ := settle(t, pos, Options{})
	reg := regionAt(b, r, point(t, b, "J1"))
	d3 := point(t, b, "D3")
	if !slices.Contains(reg, d3) || b.At(d3) != board.White || b.Liberties(d3) != 1 || emptyArea(b, reg) || !onlyAtari(b, reg) {
		t.Fatalf("the lower edge (%d points) does not hold D3, a White stone in atari, as its only stone", len(reg))
	}
	before := r.Nodes
	if n := r.Claim([][]board.Point{reg}); n != 1 {
		t.Fatalf("the lower edge was not claimed (%d nodes searched)", r.Nodes-before)
	}
	if r.Territory[d3] != board.Black {
		t.Errorf("D3 is territory of %s after the claim", r.Territory[d3])
	}
	nodes := escalationNodes / 3
	life.ForgetCertificates() // the claim is remembered
	r, _ = settle(t, pos, Options{SolverNodes: nodes})
	before = r.Nodes
	if n := r.Claim([][]board.Point{reg}); n != 1 {
		t.Fatalf("the lower edge was not claimed with %d solver nodes (%d nodes searched)", nodes, r.Nodes-before)
	}
	if used := r.Nodes - before; used <= min(quickNodes, nodes)+nodes*2 {
		t.Errorf("claimed within %d nodes: the escalation was not needed", used)
	}
}

// TestClaimNoEscalation: the top right of the final position of
// g13-l10-s11 is an area White's pass-alive walls enclose, but it holds
// Black stones with a large eye space of their own (not in atari); such
// an area gets no escalated search (it would only run out later).
func TestClaimNoEscalation(t *testing.T) {
	if testing.Short() {
		t.Skip("a 13x13 board's settlement")
	}
	pos := finalPosition(t, "g13-l10-s11.sgf")
	b := pos.Board
	r, _ := settle(t, pos, Options{})
	reg := regionAt(b, r, point(t, b, "N13"))
	if emptyArea(b, reg) {
		t.Fatalf("the top right holds no stone")
	}
	before := r.Nodes
	if n := r.Claim([][]board.Point{reg}); n != 0 {
		t.Fatalf("the top right (Black's living group inside) was claimed")
	}
	if used := r.Nodes - before; used > quickNodes+10*DefaultSolverNodes {
		t.Errorf("searched %d nodes: more than the quick and deep budgets", used)
	}
}

// TestClaimPassAliveWalls: the last position of g09-l10-s49-cad has a
// 7-point top left corner and a 5-point strip on the left edge (A4 to A1
// and B1) inside Black's one big pass-alive group. Once the corner is
// claimed (as analyze claims it, first), the group's eye regions and
// claimed areas hold more empty points than a claim may search. With
// pass-alive walls the search plays in the strip only and counts only its
// points, so the strip is claimed too (and the position is exact, B+17.5
// with komi, GNU Go's own result).
func TestClaimPassAliveWalls(t *testing.T) {
	pos := finalPosition(t, "g09-l10-s49-cad.sgf")
	b := pos.Board
	r, _ := settle(t, pos, Options{})
	if n := r.Claim([][]board.Point{regionAt(b, r, point(t, b, "A9"))}); n != 1 {
		t.Fatalf("the top left corner was not claimed")
	}
	a1 := point(t, b, "A1")
	reg := regionAt(b, r, a1)
	if len(reg) != 5 || !emptyArea(b, reg) {
		t.Fatalf("the strip at A1 has %d points (empty %v), want 5 empty points", len(reg), emptyArea(b, reg))
	}
	// The empty points of the regions only Black's settled stones
	// enclose: the group's eye space, with the strip.
	black := 0
	seen := map[board.Point]bool{}
	for p0 := range b.Size() {
		p := board.Point(p0)
		if r.Immortal[p] || seen[p] {
			continue
		}
		area := regionAt(b, r, p)
		enclosed := true
		for _, q := range area {
			seen[q] = true
			for _, n := range b.Neighbors(q) {
				if r.Immortal[n] && b.At(n) != board.Black {
					enclosed = false
				}
			}
		}
		if enclosed && emptyArea(b, area) {
			black += len(area)
		}
	}
	if black <= MaxClaimEmpties {
		t.Fatalf("the areas Black encloses hold %d empty points: no more than a claim may search", black)
	}
	before := r.Nodes
	if n := r.Claim([][]board.Point{reg}); n != 1 {
		t.Fatalf("the strip was not claimed (%d nodes searched)", r.Nodes-before)
	}
	if r.Territory[a1] != board.Black {
		t.Errorf("A1 is territory of %s after the claim", r.Territory[a1])
	}
}

// TestClaimNarrow: the last position of g19-l10-s403-cad (a 19x19 game)
// has a 28-point territory in the centre inside Black's pass-alive
// walls, more empty points than a claim searches in general, but narrow:
// only 5 of them touch no black stone. It is searched (in the area only)
// and claimed, and the position is exact (B+1.5 with komi, GNU Go's own
// result: TestFinalScoresAgainstGNUGo in package review).
func TestClaimNarrow(t *testing.T) {
	if testing.Short() {
		t.Skip("a 19x19 board's settlement")
	}
	pos := finalPosition(t, "g19-l10-s403-cad.sgf")
	b := pos.Board
	r, _ := settle(t, pos, Options{})
	j10 := point(t, b, "J10")
	reg := regionAt(b, r, j10)
	empties, interior := emptyCount(b, reg), Interior(b, reg, board.Black)
	if empties <= MaxClaimEmpties || interior > MaxClaimInterior || !emptyArea(b, reg) {
		t.Fatalf("the area at J10: %d points, %d empty, %d touching no black stone; want an empty narrow area of more than %d points",
			len(reg), empties, interior, MaxClaimEmpties)
	}
	before := r.Nodes
	if n := r.Claim([][]board.Point{reg}); n != 1 {
		t.Fatalf("the area at J10 was not claimed (%d nodes searched)", r.Nodes-before)
	}
	if r.Territory[j10] != board.Black {
		t.Errorf("J10 is territory of %s after the claim", r.Territory[j10])
	}
}

// TestClaimBroad: the last position of g09-l10-s52-cad has a 27-point
// lower right inside Black's walls, 14 of whose points touch no black
// stone: not narrow, so it is not searched at all (such areas were never
// proven within the budgets).
func TestClaimBroad(t *testing.T) {
	pos := finalPosition(t, "g09-l10-s52-cad.sgf")
	b := pos.Board
	r, _ := settle(t, pos, Options{})
	reg := regionAt(b, r, point(t, b, "F1"))
	empties, interior := emptyCount(b, reg), Interior(b, reg, board.Black)
	if empties <= MaxClaimEmpties || empties > MaxClaimNarrow || interior <= MaxClaimInterior {
		t.Fatalf("the area at F1: %d empty points, %d touching no black stone; want a broad area of %d to %d points",
			empties, interior, MaxClaimEmpties+1, MaxClaimNarrow)
	}
	before := r.Nodes
	if n := r.Claim([][]board.Point{reg}); n != 0 || r.Nodes != before {
		t.Errorf("the broad area at F1: %d claimed, %d nodes searched", n, r.Nodes-before)
	}
}

// TestClaimable checks the claims' size limits.
func TestClaimable(t *testing.T) {
	for _, tc := range []struct {
		empties, interior int
		passAlive, want   bool
	}{
		{MaxClaimEmpties, 20, false, true},
		{MaxClaimEmpties + 1, 0, false, false},
		{MaxClaimEmpties + 1, MaxClaimInterior, true, true},
		{MaxClaimEmpties + 1, MaxClaimInterior + 1, true, false},
		{MaxClaimNarrow, MaxClaimInterior, true, true},
		{MaxClaimNarrow + 1, 0, true, false},
	} {
		if got := Claimable(tc.empties, tc.interior, tc.passAlive); got != tc.want {
			t.Errorf("Claimable(%d, %d, %v) = %v", tc.empties, tc.interior, tc.passAlive, got)
		}
	}
}

// TestClaimUnescalated: the corner of TestClaimEscalation needs the
// escalated budget (with escalationNodes per block), which
// ClaimUnescalated does not give.
func TestClaimUnescalated(t *testing.T) {
	pos := finalPosition(t, "g09-l10-s45-cad.sgf")
	b := pos.Board
	r, _ := settle(t, pos, Options{SolverNodes: escalationNodes})
	reg := regionAt(b, r, point(t, b, "J1"))
	before := r.Nodes
	if n := r.ClaimUnescalated([][]board.Point{reg}); n != 0 {
		t.Fatalf("claimed without the escalated budget")
	}
	if used := r.Nodes - before; used > quickNodes+10*DefaultSolverNodes {
		t.Errorf("searched %d nodes: more than the quick and deep budgets", used)
	}
	if n := r.Claim([][]board.Point{reg}); n != 1 {
		t.Errorf("not claimed with the escalated budget")
	}
}

// TestClaimPassAliveBudget: the 22-point top edge of the final position of
// g13-l10-s65-cad lies inside seven pass-alive Black blocks (its game
// graph has a ko and is too large for the tile search). The claim takes
// about 117,000 nodes (2.4 million before the claim's search pruned with
// forced attacker moves); with 5,000 solver nodes per block it is not
// proven. Its budget counts three blocks, not seven
// (claimPassAliveTargets): the quick, deep and escalated searches spend at
// most 2,000 + 15,000 + 45,000 nodes, where seven blocks would give
// 2,000 + 35,000 + 105,000.
func TestClaimPassAliveBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("a 13x13 board's settlement and claim search")
	}
	const nodes = 5000
	pos := finalPosition(t, "g13-l10-s65-cad.sgf")
	b := pos.Board
	r, _ := settle(t, pos, Options{SolverNodes: nodes})
	reg := regionAt(b, r, point(t, b, "G13"))
	before := r.Nodes
	if n := r.Claim([][]board.Point{reg}); n != 0 {
		t.Fatalf("claimed the top edge with %d solver nodes", nodes)
	}
	// Each search may pass its budget by the one node that finds it spent.
	limit := min(quickNodes, nodes) + (1+claimEscalation)*claimPassAliveTargets*nodes + 3
	if used := r.Nodes - before; used > limit || used <= 2*claimPassAliveTargets*nodes {
		t.Errorf("searched %d nodes: want the three budgets of three blocks, at most %d", used, limit)
	}
}

// TestClaimAssumed: under stated assumptions an empty area left unclaimed
// is assumed territory of the same count, so ClaimAssumed gives it the
// quick search only (the empty 15-point lower right of g09-l10-s45-cad's
// final position, which Claim proves with its escalated budget); an area
// holding a stone (g09-l10-s50-cad after move 52: White's D3 in atari)
// still gets the deep search.
func TestClaimAssumed(t *testing.T) {
	pos := finalPosition(t, "g09-l10-s45-cad.sgf")
	b := pos.Board
	r, _ := settle(t, pos, Options{})
	reg := regionAt(b, r, point(t, b, "J1"))
	if !emptyArea(b, reg) {
		t.Fatalf("the lower right holds a stone")
	}
	before := r.Nodes
	if n := r.ClaimAssumed([][]board.Point{reg}); n != 0 {
		t.Errorf("the lower right was claimed within the quick search")
	}
	if used := r.Nodes - before; used == 0 || used > quickNodes+1 {
		t.Errorf("the empty area: %d nodes searched, want the quick search (%d) only", used, quickNodes)
	}

	g, err := position.ReadGame("../testdata/games/g09-l10-s50-cad.sgf")
	if err != nil {
		t.Fatal(err)
	}
	if pos, err = g.PositionAfter(52); err != nil {
		t.Fatal(err)
	}
	b = pos.Board
	r, _ = settle(t, pos, Options{})
	reg = regionAt(b, r, point(t, b, "J1"))
	if emptyArea(b, reg) {
		t.Fatalf("the lower edge holds no stone")
	}
	before = r.Nodes
	r.ClaimAssumed([][]board.Point{reg})
	if used := r.Nodes - before; used <= quickNodes+1 {
		t.Errorf("the area with a stone: %d nodes searched, want the deep search too", used)
	}
}
