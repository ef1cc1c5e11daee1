package safety

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/life"
	"github.com/mathgo/mathgo/position"
)

// Status says why a block is, or is not, treated as an immortal wall.
type Status string

// The statuses of a block (Certificate.Status). The first five settle the
// block (its stones are immortal while tiles are valued); the last two
// leave it mortal (its stones join the tile around them).
const (
	StatusDeclared  Status = "declared"   // '#', '@', SGF SQ, or a fragment's frame (see Certificate.Source)
	StatusPassAlive Status = "pass-alive" // Benson: alive even if its owner never answers
	StatusSafe      Status = "safe"       // static rules: pass-alive after every answer inside its own eyes
	StatusAlive     Status = "alive"      // the life solver's proof under the decomposition criterion
	StatusAssumed   Status = "assumed"    // Options.AssumeSettled: no proof at all
	StatusMortal    Status = "mortal"     // not settled: joins a tile (see Certificate.Reason)
	StatusUnknown   Status = "unknown"    // the budget ran out; treated as mortal
)

// String returns the status word.
func (s Status) String() string { return string(s) }

// MarshalText returns the status word, for JSON.
func (s Status) MarshalText() ([]byte, error) { return []byte(s), nil }

// Settled reports whether the status makes the block an immortal wall.
func (s Status) Settled() bool {
	switch s {
	case StatusDeclared, StatusPassAlive, StatusSafe, StatusAlive, StatusAssumed:
		return true
	}
	return false
}

// Certificate is the verdict on one block.
type Certificate struct {
	// Block is the block's first stone in reading order (top row first,
	// then left to right) and Color its colour.
	Block board.Point
	Color board.Color
	// Status is the verdict.
	Status Status
	// Source is "marked" ('#', '@', SQ) or "frame" (a stone touching an
	// open side of a fragment) for a declared block, empty otherwise.
	Source string
	// Reason says, for a mortal or unknown block, why it is not settled,
	// in a player's words, with the attacking line when one is known.
	Reason string
	// Group lists the other blocks (their first stones) certified
	// together with this one: blocks that share eyes and live or die
	// together. Nil for a block settled alone.
	Group []board.Point
	// Nodes is the number of life-solver nodes spent on the block's group
	// (the searches that decided it; 0 for static verdicts).
	Nodes int
}

// Options control Settle. The zero value is usable.
type Options struct {
	// SolverNodes bounds the deep life search of each block (a group of
	// k blocks gets k times as much, at most ten times); 0 means
	// DefaultSolverNodes. Each search first runs with 2,000 nodes.
	SolverNodes int
	// NoSolver settles blocks by declaration, Benson and the static rules
	// only: blocks they do not prove are "unknown".
	NoSolver bool
	// AssumeSettled treats every stone as immortal ("assumed"), with a
	// warning, and proves nothing.
	AssumeSettled bool
	// Workers is the number of searches run at once; 0 means
	// runtime.GOMAXPROCS(0). The result does not depend on it.
	Workers int
	// Progress, if set, is called about once a second, from the goroutine
	// that called Settle, once Settle has run for more than a second.
	Progress func(msg string)
}

// DefaultSolverNodes is the deep search budget per block.
const DefaultSolverNodes = 50_000

// quickNodes is the budget of the first, cheap search of a group.
const quickNodes = 2_000

// maxSearchEmpties is the largest eye space (empty points in a group's
// eye regions) the life solver is asked about: larger ones are left to
// Benson and the static rules, since every search node there costs a
// Benson analysis per answer and the proofs run far deeper than any
// budget (a wall around a long territory is "unknown" at once instead of
// after minutes).
const maxSearchEmpties = 24

// MaxClaimEmpties is the largest enclosed area (in empty points, with the
// group's other eye regions) a certificate may claim as territory: the
// eye space the life solver is asked about (see maxSearchEmpties). A
// narrow area inside pass-alive walls may be larger (MaxClaimNarrow).
const MaxClaimEmpties = maxSearchEmpties

// MaxClaimNarrow is the largest area (in empty points) inside pass-alive
// walls that a certificate may claim when the area is narrow: at most
// MaxClaimInterior of its empty points touch none of the walls' colour.
// The search then plays in the area only (see claim.go), and a narrow
// area leaves an invader little room for two eyes, so that the proof
// stays small: the 28-point territory at the end of a 19x19 game with 5
// such points takes 12,000 nodes (BenchmarkClaimFinal), while areas of 25
// to 31 points with 14 or more were never proven within the budgets (the
// larger boards' territories run along the walls; a broad area is a
// middle game).
const MaxClaimNarrow = 40

// MaxClaimInterior is the number of empty points touching none of the
// walls' colour above which an area of more than MaxClaimEmpties empty
// points is not claimed (see MaxClaimNarrow).
const MaxClaimInterior = 8

// Interior returns the number of empty points of pts that touch no stone
// of colour c: the points of c's area where an invader could make an eye
// without first touching c's stones. The claims (MaxClaimNarrow) and the
// endgame triage measure an area's breadth with it.
func Interior(b *board.Board, pts []board.Point, c board.Color) int {
	n := 0
	for _, p := range pts {
		if b.At(p) != board.Empty {
			continue
		}
		touch := false
		for _, q := range b.Neighbors(p) {
			if b.At(q) == c {
				touch = true
				break
			}
		}
		if !touch {
			n++
		}
	}
	return n
}

// Claimable reports whether an area of c with the given number of empty
// points and interior (Interior) is within the claims' limits, for walls
// that are all pass-alive or (passAlive false) not: at most
// MaxClaimEmpties empty points, or, inside pass-alive walls, at most
// MaxClaimNarrow with at most MaxClaimInterior interior points.
func Claimable(empties, interior int, passAlive bool) bool {
	return empties <= MaxClaimEmpties || passAlive && empties <= MaxClaimNarrow && interior <= MaxClaimInterior
}

// Result is the outcome of Settle.
type Result struct {
	// Immortal has one entry per point: the stones of settled blocks.
	Immortal []bool
	// Certificates has one entry per block, in reading order of the
	// blocks' first stones (top row first).
	Certificates []Certificate
	// Territory has one entry per point: the colour whose territory the
	// point's region is, Empty elsewhere. A territory is a region bounded
	// by one colour's settled blocks alone, either an eye region (every
	// point of it touches them: the settled territory the tile valuation
	// counts directly) or an enclosed region that a certificate claims
	// (the certificate answers there and proves the enemy cannot live
	// there). These are the only regions in which a settled block may
	// answer an attack, and the tile valuation must value each as its
	// count: one point per point, one more per enemy stone, positive for
	// Black (see the package documentation, "Contract").
	Territory []board.Color
	// Warnings are notes for the user (AssumeSettled).
	Warnings []string
	// Nodes is the number of life-solver nodes spent in all.
	Nodes int

	settler *settler // for SearchKoThreats
}

// Settle decides which blocks of pos may be treated as immortal walls when
// the board is cut into tiles that are valued independently: declared
// blocks, Benson's pass-alive blocks, and blocks whose life needs no
// answer outside their own settled eyes (see the package documentation
// for the criterion and why it is sound). pos is not changed. The result
// is the same for every Options.Workers.
func Settle(pos *position.Position, opts Options) (*Result, error) {
	if pos == nil || pos.Board == nil {
		return nil, errors.New("safety: no position")
	}
	s := newSettler(pos, opts)
	if err := s.run(); err != nil {
		return nil, err
	}
	return s.result(), nil
}

// block is one block of the position and what is known about it.
type block struct {
	stones []board.Point // increasing
	first  board.Point   // first stone in reading order
	color  board.Color
	status Status // "" while a candidate
	source string
	reason string
	nodes  int
	group  []int // other blocks of its group (final verdicts)
}

// settler holds one run of Settle.
type settler struct {
	pos     *position.Position
	b       *board.Board // a private clone
	opts    Options
	blocks  []*block
	blockOf []int32 // per point: block index, -1 for an empty point
	cache   map[string]*verdict
	claimed [][]board.Point // enclosed regions of groups proven in the second tier
	final   []finalGroup    // the groups of the final S proven with answers (alive or safe)
	nodes   int
	start   time.Time
	lastMsg time.Time
	work    int // searches done, for progress
}

func newSettler(pos *position.Position, opts Options) *settler {
	b := pos.Board.Clone()
	s := &settler{pos: pos, b: b, opts: opts, cache: map[string]*verdict{}, start: time.Now()}
	if s.opts.SolverNodes <= 0 {
		s.opts.SolverNodes = DefaultSolverNodes
	}
	if s.opts.Workers <= 0 {
		s.opts.Workers = runtime.GOMAXPROCS(0)
	}
	s.blockOf = make([]int32, b.Size())
	for i := range s.blockOf {
		s.blockOf[i] = -1
	}
	blks := b.Blocks()
	// Reading order of the blocks' first stones.
	for _, stones := range blks {
		first := stones[0]
		for _, p := range stones {
			if b.ReadingCmp(p, first) < 0 {
				first = p
			}
		}
		s.blocks = append(s.blocks, &block{stones: stones, first: first, color: b.At(stones[0])})
	}
	slices.SortFunc(s.blocks, func(x, y *block) int { return b.ReadingCmp(x.first, y.first) })
	for i, blk := range s.blocks {
		for _, p := range blk.stones {
			s.blockOf[p] = int32(i)
		}
	}
	return s
}

// run decides every block.
func (s *settler) run() error {
	b := s.b
	n := b.Size()
	frame := s.pos.Frame()
	declared := make([]bool, n)
	for _, blk := range s.blocks {
		marked, framed := false, false
		for _, p := range blk.stones {
			if int(p) < len(s.pos.Immortal) && s.pos.Immortal[p] {
				marked = true
			}
			if int(p) < len(frame) && frame[p] {
				framed = true
			}
		}
		if marked || framed {
			blk.status = StatusDeclared
			blk.source = "marked"
			if framed {
				blk.source = "frame"
			}
			for _, p := range blk.stones {
				declared[p] = true
			}
		}
	}
	if s.opts.AssumeSettled {
		for _, blk := range s.blocks {
			if blk.status == "" {
				blk.status = StatusAssumed
			}
		}
		return nil
	}
	for _, c := range []board.Color{board.Black, board.White} {
		alive := life.BensonColor(b, c, s.bensonMask(c, declared))
		for _, blk := range s.blocks {
			if blk.status == "" && blk.color == c && alive[blk.stones[0]] {
				blk.status = StatusPassAlive
			}
		}
	}
	return s.fixpoint()
}

// bensonMask returns the immortal stones Benson's test for colour c uses:
// the declared stones, and every stone of the other colour that touches
// no stone of colour c. Such a stone keeps its region from counting as an
// eye: only regions in which every point touches the owner's stones are
// eyes (see the package documentation, "Static safety").
func (s *settler) bensonMask(c board.Color, declared []bool) []bool {
	b := s.b
	mask := slices.Clone(declared)
	for p0 := range mask {
		p := board.Point(p0)
		if b.At(p) != c.Opponent() {
			continue
		}
		touches := false
		for _, q := range b.Neighbors(p) {
			touches = touches || b.At(q) == c
		}
		if !touches {
			mask[p] = true
		}
	}
	return mask
}

// candidate reports whether block i is still a candidate (not decided).
func (s *settler) candidate(i int) bool { return s.blocks[i].status == "" }

// inS returns, per point, whether its stone belongs to a settled block or
// a candidate: the walls assumed in this round.
func (s *settler) inS() []bool {
	out := make([]bool, s.b.Size())
	for _, blk := range s.blocks {
		if blk.status == "" || blk.status.Settled() {
			for _, p := range blk.stones {
				out[p] = true
			}
		}
	}
	return out
}

// fixpoint removes candidates that cannot be proven until every remaining
// group is proven: the greatest set of blocks found that is sound together
// (see the package documentation, "The fixpoint").
func (s *settler) fixpoint() error {
	for {
		part := partition(s.b, s.inS(), s.blockOf)
		if s.dropEyeless(part) {
			continue
		}
		groups := s.groups(part)
		var quick, deep []job
		for _, g := range groups {
			v, ok := s.cache[g.key]
			if !ok {
				v = s.begin(part, g)
				s.cache[g.key] = v
			}
			if v.kind != pending {
				continue
			}
			for tier := 1; tier <= 2; tier++ {
				switch v.tiers[tier].kind {
				case pending:
					quick = append(quick, job{g: g, tier: tier, budget: min(quickNodes, s.opts.SolverNodes)})
				case needDeep:
					deep = append(deep, job{g: g, tier: tier, budget: s.deepBudget(g)})
				}
			}
		}
		// Verdicts reached without a search (static rule, cache, a
		// space too large) first; then one batch of searches at a time,
		// after which the round starts again.
		if s.apply(groups) {
			continue
		}
		if len(quick) > 0 {
			s.search(quick, false)
			s.combine(groups)
			continue
		}
		if len(deep) > 0 {
			s.search(deep, true)
			s.combine(groups)
			continue
		}
		// Every group is proven: record the verdicts.
		for _, g := range groups {
			v := s.cache[g.key]
			if v.kind != proven {
				panic("safety: a group left undecided") // unreachable: apply removed it, or a search was due
			}
			for _, t := range g.targets {
				blk := s.blocks[t]
				blk.status = v.status
				blk.nodes = v.nodes
				for _, u := range g.targets {
					if u != t {
						blk.group = append(blk.group, u)
					}
				}
			}
			if v.claims {
				s.claimed = append(s.claimed, g.big...)
			}
			s.final = append(s.final, finalGroup{g: g, claims: v.claims})
		}
		return nil
	}
}

// begin gives a new group its first verdict: proven by the static rule,
// or the searches to run in each tier (the first seals its enclosed
// regions, the second lets it answer there too), or undecided.
func (s *settler) begin(part *partitionInfo, g *group) *verdict {
	v := &verdict{kind: pending}
	v.tiers[1].kind, v.tiers[2].kind = none, none
	v.wide = s.wideTargets(part, g)
	if len(v.wide) == 0 {
		if sl := s.seal(g, false); len(sl.libertyless()) == 0 && staticSafe(sl) {
			return &verdict{kind: proven, status: StatusSafe}
		}
		v.tiers[1].kind = pending
	}
	if len(g.big) > 0 {
		v.tiers[2].kind = pending
	}
	if s.opts.NoSolver {
		return &verdict{kind: undecided, reason: "not proven by the static rules, and the life solver is off", wide: v.wide}
	}
	for tier := 1; tier <= 2; tier++ {
		if e := g.empties(s.b, tier == 2); v.tiers[tier].kind == pending && e > maxSearchEmpties {
			v.tiers[tier] = tierResult{kind: undecided, final: true, reason: fmt.Sprintf(
				"not proven by the static rules, and its eye space (%d empty points) is too large for the search (at most %d)", e, maxSearchEmpties)}
		}
	}
	s.settleTiers(g, v)
	return v
}

// combine updates the verdicts of groups from their tiers' results.
func (s *settler) combine(groups []*group) {
	for _, g := range groups {
		if v := s.cache[g.key]; v.kind == pending {
			s.settleTiers(g, v)
		}
	}
}

// settleTiers decides v from its tiers when it can: proven if a tier
// proves it (the first tier preferred: it claims no territory); else, once
// no tier has a search to run, undecided if a tier ran out of nodes, and
// refuted if every tier tried was refuted (the blocks to drop are those a
// capture takes, the second tier's first, as it allows more answers). A
// quick search that ran out turns into a deep one when the deep budget
// is larger.
func (s *settler) settleTiers(g *group, v *verdict) {
	for tier := 1; tier <= 2; tier++ {
		t := &v.tiers[tier]
		if t.kind == proven {
			v.kind, v.status, v.claims = proven, StatusAlive, tier == 2
			v.nodes = v.tiers[1].nodes + v.tiers[2].nodes
			return
		}
		if t.kind == undecided && !t.deep && !t.final && s.deepBudget(g) > quickNodes {
			t.kind = needDeep
		}
	}
	for tier := 1; tier <= 2; tier++ {
		if k := v.tiers[tier].kind; k == pending || k == needDeep {
			return
		}
	}
	var ref, und *tierResult
	for tier := 2; tier >= 1; tier-- {
		t := &v.tiers[tier]
		switch t.kind {
		case refuted:
			if ref == nil || (len(ref.captured) == 0 && len(t.captured) > 0) {
				ref = t
			}
		case undecided:
			if und == nil {
				und = t
			}
		}
	}
	v.nodes = v.tiers[1].nodes + v.tiers[2].nodes
	switch {
	case und != nil:
		v.kind, v.reason = undecided, und.reason
		if v.reason == "" {
			v.reason = "undecided by the quick search"
		}
	case ref != nil:
		v.kind, v.captured, v.reason = refuted, ref.captured, ref.reason
	default:
		v.kind, v.reason = undecided, "no eye region to search" // unreachable: an eyeless block was dropped
	}
}

// deepBudget is the deep search budget of group g.
func (s *settler) deepBudget(g *group) int {
	return s.opts.SolverNodes * min(len(g.targets), 10)
}

// apply removes the blocks that the verdicts on groups disprove; it
// reports whether any was removed.
func (s *settler) apply(groups []*group) bool {
	removed := false
	for _, g := range groups {
		v := s.cache[g.key]
		switch v.kind {
		case refuted:
			victims := v.captured
			if len(victims) == 0 {
				victims = g.targets
			}
			for _, t := range victims {
				s.remove(t, StatusMortal, v.reason, v.nodes)
			}
			removed = true
		case undecided:
			victims, reason := g.targets, v.reason
			if n := len(v.wide); n > 0 && n < len(g.targets) {
				// Only the blocks without an eye region of their own:
				// the others are tried next round with their eyes.
				victims = v.wide
				reason += "; it touches none of its group's eye regions, only the areas the group encloses, so the group's other blocks are tried with their eye regions alone"
			}
			for _, t := range victims {
				s.remove(t, StatusUnknown, reason, v.nodes)
			}
			removed = true
		}
	}
	return removed
}

// remove makes candidate t mortal or unknown.
func (s *settler) remove(t int, st Status, reason string, nodes int) {
	blk := s.blocks[t]
	if blk.status != "" {
		return
	}
	blk.status, blk.reason, blk.nodes = st, reason, nodes
}

// dropEyeless makes mortal the candidates next to no eye region of their
// own colour: every liberty they have lies in a tile (or next to the
// opponent's walls), where they may not answer. It reports whether any
// was dropped. Eyeless blocks of both colours can spoil each other's
// eyes (dead stones inside a territory, or a seki): a block is dropped
// when it has no eye region even with the other colour's eyeless blocks
// gone; if every eyeless block would have one, only the smallest (fewest
// stones, then reading order) is dropped, and the next round sees the
// rest anew.
func (s *settler) dropEyeless(part *partitionInfo) bool {
	var eyeless [3][]int
	for i, blk := range s.blocks {
		if s.candidate(i) && len(part.homeOf(s.b, blk.stones, blk.color, true)) == 0 {
			eyeless[blk.color] = append(eyeless[blk.color], i)
		}
	}
	if len(eyeless[board.Black])+len(eyeless[board.White]) == 0 {
		return false
	}
	var hopeless []int
	for _, c := range []board.Color{board.Black, board.White} {
		if len(eyeless[c]) == 0 {
			continue
		}
		p := part
		if opp := eyeless[c.Opponent()]; len(opp) > 0 {
			wall := s.inS()
			for _, i := range opp {
				for _, q := range s.blocks[i].stones {
					wall[q] = false
				}
			}
			p = partition(s.b, wall, s.blockOf)
		}
		for _, i := range eyeless[c] {
			if len(p.homeOf(s.b, s.blocks[i].stones, c, true)) == 0 {
				hopeless = append(hopeless, i)
			}
		}
	}
	if len(hopeless) == 0 {
		smallest := -1
		for _, i := range append(eyeless[board.Black], eyeless[board.White]...) {
			if smallest < 0 || len(s.blocks[i].stones) < len(s.blocks[smallest].stones) ||
				(len(s.blocks[i].stones) == len(s.blocks[smallest].stones) && i < smallest) {
				smallest = i
			}
		}
		hopeless = []int{smallest}
	}
	for _, i := range hopeless {
		blk := s.blocks[i]
		libs := s.libertyNames(blk.stones, 6)
		reason := "no eye of its own: it has no liberty"
		if libs != "" {
			reason = fmt.Sprintf("no eye of its own: its liberties (%s) lie in tiles, where it could not answer an attack", libs)
		}
		s.remove(i, StatusMortal, reason, 0)
	}
	return true
}

// libertyNames names up to max liberties of the block with the given
// stones.
func (s *settler) libertyNames(stones []board.Point, max int) string {
	libs := s.b.LibertyPoints(stones[0])
	slices.SortFunc(libs, s.b.ReadingCmp)
	var names []string
	for i, p := range libs {
		if i == max {
			names = append(names, "...")
			break
		}
		names = append(names, s.b.Name(p))
	}
	return strings.Join(names, ", ")
}

// progress reports now and then once Settle has run for a second.
func (s *settler) progress(running int, total int) {
	if s.opts.Progress == nil {
		return
	}
	now := time.Now()
	if now.Sub(s.start) < time.Second || now.Sub(s.lastMsg) < time.Second {
		return
	}
	s.lastMsg = now
	s.opts.Progress(fmt.Sprintf("safety: %d of %d searches done, %d running, %d nodes, %.1fs",
		s.work, total, running, s.nodes, now.Sub(s.start).Seconds()))
}

// result assembles the Result.
func (s *settler) result() *Result {
	b := s.b
	n := b.Size()
	r := &Result{Immortal: make([]bool, n), Territory: make([]board.Color, n), Nodes: s.nodes, settler: s}
	if s.opts.AssumeSettled {
		r.Warnings = append(r.Warnings, "every stone is assumed immortal without a life-and-death proof (AssumeSettled)")
	}
	for _, blk := range s.blocks {
		if blk.status.Settled() {
			for _, p := range blk.stones {
				r.Immortal[p] = true
			}
		}
		c := Certificate{Block: blk.first, Color: blk.color, Status: blk.status, Source: blk.source,
			Reason: blk.reason, Nodes: blk.nodes}
		for _, u := range blk.group {
			c.Group = append(c.Group, s.blocks[u].first)
		}
		r.Certificates = append(r.Certificates, c)
	}
	part := partition(b, r.Immortal, s.blockOf)
	for i, reg := range part.regions {
		if part.owner[i] == board.Empty {
			continue
		}
		for _, p := range reg {
			r.Territory[p] = part.owner[i]
		}
	}
	for _, reg := range s.claimed {
		c := b.At(s.blocks[s.blockOf[neighborWall(b, r.Immortal, reg)]].first)
		for _, p := range reg {
			r.Territory[p] = c
		}
	}
	return r
}

// neighborWall returns a wall stone next to region reg.
func neighborWall(b *board.Board, wall []bool, reg []board.Point) board.Point {
	for _, p := range reg {
		for _, q := range b.Neighbors(p) {
			if wall[q] {
				return q
			}
		}
	}
	panic("safety: an enclosed region without a wall") // unreachable: claimed regions are enclosed by settled blocks
}
