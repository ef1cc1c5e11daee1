package safety

import (
	"slices"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/life"
)

// Claims after the fact.
//
// Settle claims an enclosed region as territory only for a group that
// needed a search and was proven in the second tier; a region enclosed by
// pass-alive walls, or by walls the first tier proved, stays a tile. That
// is right while the tile search can value it, but an area of a dozen
// empty points, or one whose game graph has a cycle of captures and
// refills (an invader taken and the points played again, which
// Mathematical Go cannot value), is beyond it, and such areas are what
// the real games end with. Result.Claim tries them afterwards: the walls
// next to the region, with every block that shares an eye region or a
// claimed region with them, are proven again in the certification game
// with the region as a reply region (the second tier's game, the same
// search and the same criterion), so the set of settled blocks is
// unchanged and the territories grow by the region. Soundness is the
// package's (see "Soundness"): every group of the final S is still proven
// with its territories; groups that share no region with the claimed one
// share nothing with it on their sealed boards.
//
// Pass-alive walls. When every block of the group is pass-alive (Benson
// on the real board, counting only eye regions as eyes), the search plays
// in the claimed area only, and only its empty points count against
// MaxClaimEmpties (or MaxClaimNarrow for a narrow area). That is the certification game restricted to the area,
// and a win there is a win in the whole game: the adversary cannot win by
// capture anywhere (no sequence of moves captures a pass-alive block, and
// anchors are never captured in this game either), and its stones in the
// group's other regions, eye regions or areas claimed before, leave them
// safe for the settling phase without an answer, since every empty point
// of such a region still touches a pass-alive block or an anchor (stones
// only take empty points away) and no stone there can live. Those regions
// are separated from the area by the owner's stones, so nothing played
// there changes the area, and the adversary's ko threats are unlimited in
// both games. The owner's strategy in the whole game is the restricted
// game's in the area and a pass for every move elsewhere. The restricted
// search is conservative on the sealed board: if sealing costs a wall its
// pass-aliveness there, the owner cannot reach the winning condition and
// the claim fails.

// Claim tries to claim each of the given regions as territory, in order:
// a region qualifies when it is exactly a region of the board cut by the
// settled blocks, every settled block next to it has one colour c, it
// holds no stone of c and it is not already territory; it is claimed when
// the certification game proves the walls around it (with every block
// sharing an eye region or a claimed region with them) with the region as
// one more reply region, within the group's deep budget (Options.
// SolverNodes per block, for at most claimPassAliveTargets blocks when
// every block is pass-alive), raised claimEscalation times for an area whose
// walls are all pass-alive and whose stones (if any) are all in atari.
// Claim returns the number of regions claimed and updates Territory,
// Nodes and the groups SearchKoThreats checks. Regions
// of more than MaxClaimEmpties empty points (with the group's other eye
// regions) are not searched, except narrow ones inside pass-alive walls
// (Claimable: up to MaxClaimNarrow empty points, at most
// MaxClaimInterior of them touching none of the walls' colour).
func (r *Result) Claim(regions [][]board.Point) int {
	return r.claim(regions, claimEscalated)
}

// ClaimUnescalated is Claim without the escalated budget: each region
// gets the quick and the deep budget only. A caller that cannot become
// exact whatever is claimed (another part of the board is beyond the
// analysis) uses it to narrow its bounds without the largest searches.
func (r *Result) ClaimUnescalated(regions [][]board.Point) int {
	return r.claim(regions, claimDeep)
}

// ClaimAssumed is ClaimUnescalated for a caller that counts an empty area
// it cannot claim as territory by assumption (an analysis under stated
// assumptions): an empty region gets the quick budget only, since a
// deeper proof would change what the area's count rests on, not the
// count. A region holding stones gets the quick and the deep budget.
func (r *Result) ClaimAssumed(regions [][]board.Point) int {
	return r.claim(regions, claimAssumed)
}

// claimBudget is how far a claim's search may go: the quick and the deep
// budget (ClaimUnescalated), the escalated one too where it applies
// (Claim), or for an empty area the quick one only (ClaimAssumed).
type claimBudget int

const (
	claimAssumed claimBudget = iota
	claimDeep
	claimEscalated
)

func (r *Result) claim(regions [][]board.Point, level claimBudget) int {
	s := r.settler
	if s == nil || s.opts.NoSolver || s.opts.AssumeSettled {
		return 0
	}
	claimed := 0
	for _, want := range regions {
		if s.claimOne(r, want, level) {
			claimed++
		}
	}
	return claimed
}

// claimOne tries one region (see Claim).
func (s *settler) claimOne(r *Result, want []board.Point, level claimBudget) bool {
	b := s.b
	if len(want) == 0 {
		return false
	}
	part := partition(b, r.Immortal, s.blockOf)
	ri := part.regionOf[want[0]]
	if ri < 0 {
		return false
	}
	reg := part.regions[ri]
	c := part.enclosed[ri]
	if c == board.Empty || !slices.Equal(reg, sortedPoints(want)) || r.Territory[reg[0]] != board.Empty {
		return false
	}
	// The group: the settled blocks of colour c next to the region, and,
	// transitively, the blocks sharing an eye region or a claimed region
	// with them. Declared blocks are anchors (never captured); every
	// other block is a target.
	isClaimed := func(ri int32) bool {
		return part.owner[ri] == board.Empty && r.Territory[part.regions[ri][0]] == c
	}
	// A block proven earlier with answers keeps its whole group: the new
	// proof must cover every block an old one did, so that one strategy
	// answers for all of them.
	inGroup := map[int32]bool{ri: true}
	queue := []int32{ri}
	var blocks []int
	seen := map[int]bool{}
	var add func(bi int)
	add = func(bi int) {
		if seen[bi] {
			return
		}
		seen[bi] = true
		blocks = append(blocks, bi)
		for _, y := range part.homeOf(b, s.blocks[bi].stones, c, true) {
			if !inGroup[y] && (part.owner[y] == c || isClaimed(y)) {
				inGroup[y] = true
				queue = append(queue, y)
			}
		}
		for _, f := range s.final {
			if slices.Contains(f.g.targets, bi) {
				for _, t := range f.g.targets {
					add(t)
				}
			}
		}
	}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, w := range part.walls[x] {
			if s.blocks[w].color == c {
				add(int(w))
			}
		}
	}
	slices.Sort(blocks)
	g := &group{color: c}
	for _, bi := range blocks {
		if s.blocks[bi].status == StatusDeclared {
			g.anchors = append(g.anchors, bi)
		} else {
			g.targets = append(g.targets, bi)
		}
	}
	if len(g.targets) == 0 {
		return false // declared walls: the region is a tile by design
	}
	var regs []int32
	for y := range inGroup {
		regs = append(regs, y)
	}
	slices.Sort(regs)
	for _, y := range regs {
		if part.owner[y] != board.Empty {
			g.regions = append(g.regions, part.regions[y])
		} else {
			g.big = append(g.big, part.regions[y])
		}
		// Settled blocks of c next to the group's regions that are not
		// targets yet are anchors too (as in groups: never captured).
		for _, w := range part.walls[y] {
			if s.blocks[w].color == c && !seen[int(w)] && !slices.Contains(g.anchors, int(w)) {
				g.anchors = append(g.anchors, int(w))
			}
		}
	}
	slices.Sort(g.anchors)
	// Walls that are all pass-alive cannot be captured whatever the
	// invader does, and their other regions are eye regions or areas
	// claimed before, where no invader stone can live: moves there change
	// nothing in the area. The search then plays in the area only, and
	// only its empty points count against the limit (a small area next to
	// a large group with many eyes is searched too), which is higher for
	// a narrow area (Claimable).
	passAlive := s.allPassAlive(g)
	empties := g.empties(b, true)
	if passAlive {
		empties = emptyCount(b, reg)
	}
	if !Claimable(empties, Interior(b, reg, c), passAlive) {
		return false
	}
	sl := s.seal(g, true)
	if len(sl.libertyless()) > 0 {
		return false
	}
	var only []bool // the points the search may play on (nil: every region)
	if passAlive {
		only = make([]bool, sl.b.Size())
		for _, p := range reg {
			q, _ := sl.in(p) // the area is in the box
			only[q] = true
		}
	}
	proven := false
	deep := s.deepBudget(g)
	if passAlive {
		// The restricted game's cost is the area's, not the walls': the
		// budget no longer grows with the number of blocks past
		// claimPassAliveTargets (a 22-point top edge inside seven
		// pass-alive blocks took 1.4 million nodes, 16 s, to fail).
		deep = s.opts.SolverNodes * min(len(g.targets), claimPassAliveTargets)
	}
	budgets := []int{min(quickNodes, s.opts.SolverNodes), deep}
	if level == claimAssumed && emptyCount(b, reg) == len(reg) {
		budgets = budgets[:1]
	}
	if level == claimEscalated && passAlive && onlyAtari(b, reg) {
		// An area whose walls no attack can capture, empty or with enemy
		// stones in atari only: the search only asks whether an invasion
		// can live (or make a seki or a ko) there, the question that ends
		// real games, and it is worth a larger budget (claimEscalation)
		// before the area is given up. An area holding enemy stones with
		// liberties to spare is not: those stones may well be alive
		// already, and a search that cannot show it runs out at any
		// budget.
		budgets = append(budgets, claimEscalation*deep)
	}
	for _, budget := range budgets {
		res := life.CertifyGroup(sl.b, sl.targets, life.Options{MaxNodes: budget, Immortal: sl.imm, ReplyRegion: sl.reply, Region: only})
		s.nodes += res.Nodes
		r.Nodes += res.Nodes
		if res.Status == life.StatusAlive || res.Status == life.StatusPassAlive || res.Status == life.StatusDeclared {
			proven = true
			break
		}
		if res.Status != life.StatusUnknown {
			break // refuted: more nodes change nothing
		}
	}
	if !proven {
		return false
	}
	// The region is territory now; the group replaces the final groups of
	// its targets (their proofs did not answer in it) for SearchKoThreats.
	s.claimed = append(s.claimed, reg)
	for _, p := range reg {
		r.Territory[p] = c
	}
	s.final = slices.DeleteFunc(s.final, func(f finalGroup) bool {
		return slices.ContainsFunc(f.g.targets, func(t int) bool { return seen[t] })
	})
	s.final = append(s.final, finalGroup{g: g, claims: true})
	return true
}

// claimEscalation is the factor by which Claim raises a group's deep
// budget, after it ran out, when every target of the group is pass-alive
// and the area is empty or holds stones in atari only. On the final
// positions of the 9x9 benchmark games, before the claim's search pruned
// with forced attacker moves (package life, "Reply mode"), three times
// the default budget proved the corners of s45 and s50 that the deep
// budget left unproven; the next ones needed six and ten times (s36,
// s35), and others more than a million nodes, which would slow every
// position where the claim fails. With the pruning the deep budget
// proves s45, s50 and s36 (8,456, 1,768 and 6,798 nodes with the quick
// search), and the escalated one s35 and s33 (105,224 and 299,015).
const claimEscalation = 3

// claimPassAliveTargets caps the number of blocks that raise a claim's
// budget when its walls are all pass-alive. The search then plays in the
// area only and the targets are never in danger, so more blocks do not
// make it harder; the cap keeps the budgets of one to three blocks (every
// claim proven on the benchmark games' positions needed at most 321,302
// nodes, with three blocks, and none with more blocks needed more than
// 38,000, before the claim's search pruned with forced attacker moves).
const claimPassAliveTargets = 3

// allPassAlive reports whether every target of g is pass-alive (Benson).
func (s *settler) allPassAlive(g *group) bool {
	for _, bi := range g.targets {
		if s.blocks[bi].status != StatusPassAlive {
			return false
		}
	}
	return len(g.targets) > 0
}

// emptyCount returns the number of empty points of reg.
func emptyCount(b *board.Board, reg []board.Point) int {
	n := 0
	for _, p := range reg {
		if b.At(p) == board.Empty {
			n++
		}
	}
	return n
}

// onlyAtari reports whether every stone on a point of reg belongs to a
// block with one liberty (true for an empty area).
func onlyAtari(b *board.Board, reg []board.Point) bool {
	for _, p := range reg {
		if b.At(p) != board.Empty && b.LibertiesUpTo(p, 2) > 1 {
			return false
		}
	}
	return true
}

// sortedPoints returns the points in increasing order (a copy).
func sortedPoints(pts []board.Point) []board.Point {
	out := slices.Clone(pts)
	slices.Sort(out)
	return out
}
