package life

import (
	"fmt"
	"time"

	"github.com/mathgo/mathgo/board"
)

// Options bound and shape one analysis. The zero value is usable.
type Options struct {
	// MaxNodes bounds the number of node expansions of the whole analysis
	// (all its searches together); 0 means DefaultMaxNodes.
	MaxNodes int
	// Timeout bounds the wall-clock time of the analysis; 0 means none.
	Timeout time.Duration
	// Immortal has one entry per point (or is nil): stones that can never
	// be captured (declared immortal, or the frame of a partial diagram).
	// A block containing one is alive by declaration, and the search never
	// captures them. Entries beyond the board are ignored.
	Immortal []bool
	// Region has one entry per point (or is nil): the points where moves
	// are allowed. nil computes it: every point connected to the target
	// through empty points and stones that are neither immortal nor
	// pass-alive, that is the empty points and the points of those mortal
	// stones (playable again once they are captured).
	Region []bool
	// LargeRegion and LargeRegionNodes cap the search of a block whose
	// Region has more than LargeRegion empty points (where a search
	// rarely ends, as around an alive group of a finished game) at
	// LargeRegionNodes nodes, when that is below MaxNodes; the reason of
	// an unknown status then says so. Zero: no cap. A whole-board survey
	// (mathgo life FILE) sets them; a search of one block does not.
	LargeRegion, LargeRegionNodes int
	// MaxKoThreats is the largest number of external ko threats tried
	// before a ko is called unconditional (Wolf's k_m); 0 means
	// DefaultMaxKoThreats.
	MaxKoThreats int
	// ReplyRegion, if not nil, has one entry per point and switches to
	// the reply-only game that certifies a wall for decomposition
	// (package safety): a region number (0, 1, ...) for the points of
	// the defender's own eye regions and -1 elsewhere. The attacker moves
	// first, anywhere in Region, and ignores the ko ban (as if it had
	// every ko threat it wants; it may still not repeat a position of the
	// line). The defender may only answer an attacker move made in a
	// numbered region, inside that same region, or pass. An attacker pass
	// starts the settling phase: from then on both sides may play
	// anywhere in Region and pass at will, and the defender wins only by
	// making every target block pass-alive (a repetition then loses for
	// the defender), so that a block that merely survives in seki is not
	// certified. Before that phase a repetition made by the defender wins
	// for it. Region defaults to the numbered points; there are no ko
	// re-searches, and the status is "alive" when the defender wins,
	// "unsettled" when the attacker does (see Certify).
	ReplyRegion []int32
	// NoReplies, with ReplyRegion, forbids the defender every answer
	// before the settling phase: the attacker may play as often as it
	// likes and the defender only passes, then the settling phase is
	// played as usual. A wall that wins this game never has to answer a
	// move in its territory, so no such move is a ko threat (package
	// safety, Result.SearchKoThreats).
	NoReplies bool
}

// Defaults for Options.
const (
	DefaultMaxNodes     = 1_000_000
	DefaultMaxKoThreats = 3
)

// Statuses of a block (Result.Status).
const (
	StatusPassAlive = "pass-alive" // Benson: alive even if its owner always passes
	StatusDeclared  = "declared"   // contains an immortal stone
	StatusAlive     = "alive"      // lives with the attacker moving first and can become pass-alive
	StatusSeki      = "seki"       // lives with the attacker moving first, but only in seki
	StatusUnsettled = "unsettled"  // dies if the attacker moves first, lives if the defender does
	StatusKo        = "ko"         // the outcome depends on a ko (see KoThreats and KoFor)
	StatusDead      = "dead"       // dies whoever moves first
	StatusUnknown   = "unknown"    // the budget ran out (see Reason)
)

// Outcomes for one side moving first (Result.AttackerFirst, DefenderFirst).
const (
	OutcomeLives   = "lives"
	OutcomeDies    = "dies"
	OutcomeKo      = "ko"
	OutcomeUnknown = "unknown"
)

// Result is the life-and-death status of one block.
type Result struct {
	// Block is the point asked about, Color its stones' colour and Stones
	// their number. The defender is Color, the attacker its opponent.
	// For a group (AnalyzeGroup) Block is the first point given and Stones
	// counts the stones of all its blocks.
	Block  board.Point
	Color  board.Color
	Stones int
	// Group is one point of each block of the group asked about (in the
	// order given, duplicates of a block dropped); nil for Analyze and
	// Certify.
	Group []board.Point
	// Status is one of the Status constants.
	Status string
	// AttackerFirst and DefenderFirst are the outcomes (Outcome constants,
	// from the block's point of view) with each side moving first;
	// DefenderFirst is inferred as "lives" without a search when the block
	// lives with the attacker first (the defender may pass).
	AttackerFirst, DefenderFirst string
	// KoThreats is the number of external ko threats the side KoFor
	// ("attacker" or "defender") needs to win the ko of the headline
	// status (the attacker-first ko if there is one, else the
	// defender-first one); 0 without a ko.
	KoThreats int
	KoFor     string
	// AttackerFirstKo and DefenderFirstKo are the same per side to move:
	// threats needed by the side that loses the ko without threats
	// (0 when that outcome is not a ko), and AttackerFirstKoFor and
	// DefenderFirstKoFor name that side ("attacker" or "defender").
	AttackerFirstKo, DefenderFirstKo       int
	AttackerFirstKoFor, DefenderFirstKoFor string
	// KeyMove is the attacker's first move of the killing line when the
	// attacker moving first kills or makes ko, otherwise the defender's
	// first move of the living line when the defender moving first lives
	// (board.Pass if there is none, for example a block that is alive).
	KeyMove board.Point
	// PV is the principal variation that KeyMove starts, moves alternating
	// from the side that moves first (board.Pass for a pass).
	PV []board.Point
	// AttackerPV and DefenderPV are the principal variations with each side
	// moving first (nil if not searched or if the block is settled
	// statically).
	AttackerPV, DefenderPV []board.Point
	// Nodes is the number of df-pn expansions and Elapsed the time taken.
	Nodes   int
	Elapsed time.Duration
	// Reason says why the status is "unknown" (empty otherwise).
	Reason string
	// KoSeki is set when the status is "ko", the attacker is the side that
	// needs the external threats, and without them the block lives only in
	// seki: a seki that the attacker can turn into a ko it must win, as in
	// a ten-thousand-year ko (mannen ko), where this holds for the blocks
	// of both sides.
	KoSeki bool
}

// side outcome of one player moving first.
type outcome struct {
	result  string // OutcomeLives, OutcomeDies, OutcomeKo, OutcomeUnknown
	threats int    // external threats the ko loser needs
	koFor   board.Color
	pv      []board.Point
	reason  string
}

// Analyze returns the full status of the block at block: Benson's
// pass-alive test first, then df-pn searches with the attacker and (when it
// matters) the defender moving first, with ko re-searches counting
// external ko threats as in Wolf, and a seki check when the block lives.
// The board is not changed. A point without a stone gives status "unknown"
// with a Reason.
func Analyze(b *board.Board, block board.Point, opts Options) Result {
	return analyze(b, []board.Point{block}, opts, true, false)
}

// AnalyzeGroup is Analyze for a group: several blocks of one colour (one
// point of each) that live or die together, such as blocks joined only by
// shape (the carpenter's square). The attacker wins by capturing any one
// of them; the defender wins by making all of them pass-alive or by a seki.
// Blocks containing an immortal stone are dropped from the targets (they
// cannot be captured); the status is "declared" only if every block is.
// Points without a stone, or stones of both colours, give status
// "unknown" with a Reason. The board is not changed.
func AnalyzeGroup(b *board.Board, blocks []board.Point, opts Options) Result {
	return analyze(b, blocks, opts, true, true)
}

// Certify returns the certificate a tile boundary needs: "declared" for a
// block with an immortal stone, "pass-alive" (Benson), or the outcome of
// the search with the attacker moving first and the defender answering
// inside the region ("alive" or "seki" certify the block). When the block
// does not live with the attacker first, PV is the killing sequence; the
// defender-first search is skipped, so DefenderFirst is "unknown" and the
// status is "ko" or "unsettled" (meaning not settled: Analyze tells dead
// from unsettled). The board is not changed.
// Identical calls are answered from memory (see memo.go).
func Certify(b *board.Board, block board.Point, opts Options) Result {
	return certify(b, []board.Point{block}, opts, false)
}

// CertifyGroup is Certify for a group of blocks, as in AnalyzeGroup.
func CertifyGroup(b *board.Board, blocks []board.Point, opts Options) Result {
	return certify(b, blocks, opts, true)
}

// certify is Certify or CertifyGroup, remembered.
func certify(b *board.Board, targets []board.Point, opts Options, group bool) Result {
	start := time.Now()
	key := memoKey(b, targets, opts, group)
	if res, ok := memoGet(key); ok {
		res.Elapsed = time.Since(start)
		return res
	}
	res := analyze(b, targets, opts, false, group)
	memoPut(key, res)
	return res
}

// analyze is Analyze (full) or Certify for the blocks at targets (one, or a
// group).
func analyze(b *board.Board, targets []board.Point, opts Options, full, group bool) (res Result) {
	start := time.Now()
	res = Result{Block: board.Pass, KeyMove: board.Pass, Status: StatusUnknown,
		AttackerFirst: OutcomeUnknown, DefenderFirst: OutcomeUnknown}
	defer func() { res.Elapsed = time.Since(start) }()
	if len(targets) == 0 {
		res.Reason = "no block given"
		return res
	}
	res.Block = targets[0]
	var blocks []board.Point // one point per distinct block
	for _, p := range targets {
		if b == nil || !b.Contains(p) || b.At(p) == board.Empty {
			res.Reason = "no stone at the point"
			if b != nil && b.Contains(p) {
				res.Reason = fmt.Sprintf("no stone at %s", b.Name(p))
			}
			return res
		}
		if b.At(p) != b.At(targets[0]) {
			res.Reason = fmt.Sprintf("the stones at %s and %s are of different colours", b.Name(targets[0]), b.Name(p))
			return res
		}
		dup := false
		for _, q := range blocks {
			dup = dup || b.SameBlock(p, q)
		}
		if !dup {
			blocks = append(blocks, p)
			res.Stones += b.BlockSize(p)
		}
	}
	if group {
		res.Group = blocks
	}
	res.Color = b.At(blocks[0])
	var mortal []board.Point
	for _, p := range blocks {
		if !hasImmortal(b, p, opts.Immortal) {
			mortal = append(mortal, p)
		}
	}
	if len(mortal) == 0 {
		res.Status, res.AttackerFirst, res.DefenderFirst = StatusDeclared, OutcomeLives, OutcomeLives
		return res
	}
	e := newEngine(b, mortal, opts)
	if e.defenderSafe() {
		res.Status, res.AttackerFirst, res.DefenderFirst = StatusPassAlive, OutcomeLives, OutcomeLives
		return res
	}
	kmax := opts.MaxKoThreats
	if kmax <= 0 {
		kmax = DefaultMaxKoThreats
	}
	if e.replyMode {
		kmax = 0 // the attacker ignores ko bans; no threats to count
	}

	af := e.solveKo(e.att, kmax)
	res.AttackerFirst, res.AttackerPV = af.result, af.pv
	var df outcome
	switch af.result {
	case OutcomeLives:
		df = outcome{result: OutcomeLives}
	case OutcomeUnknown:
		df = outcome{result: OutcomeUnknown}
	default:
		if full {
			df = e.solveKo(e.def, kmax)
		} else {
			df = outcome{result: OutcomeUnknown, reason: "not searched"}
		}
	}
	res.DefenderFirst, res.DefenderPV = df.result, df.pv
	role := func(c board.Color) string {
		if c == e.att {
			return "attacker"
		}
		return "defender"
	}
	if af.result == OutcomeKo {
		res.AttackerFirstKo, res.AttackerFirstKoFor = af.threats, role(af.koFor)
	}
	if df.result == OutcomeKo {
		res.DefenderFirstKo, res.DefenderFirstKoFor = df.threats, role(df.koFor)
	}
	koSide := func(o outcome) {
		res.KoThreats, res.KoFor = o.threats, role(o.koFor)
	}

	switch {
	case af.result == OutcomeUnknown:
		res.Reason = af.reason
	case af.result == OutcomeLives && e.replyMode:
		// The settling phase already required pass-alive.
		res.Status = StatusAlive
	case af.result == OutcomeLives:
		seki, ok := e.sekiCheck()
		switch {
		case !ok:
			res.Reason = "lives, but the budget ran out telling life from seki: " + e.reason
		case seki:
			res.Status = StatusSeki
		default:
			res.Status = StatusAlive
		}
	case af.result == OutcomeKo:
		res.Status = StatusKo
		koSide(af)
		if af.koFor == e.att {
			// Without threats the block lives: in seki, or alive?
			seki, ok := e.sekiCheck()
			res.KoSeki = ok && seki
		}
	case !full:
		res.Status = StatusUnsettled
	case df.result == OutcomeUnknown:
		res.Reason = df.reason
	case df.result == OutcomeLives:
		res.Status = StatusUnsettled
	case df.result == OutcomeKo:
		res.Status = StatusKo
		koSide(df)
	default:
		res.Status = StatusDead
	}
	switch {
	case af.result == OutcomeDies || af.result == OutcomeKo:
		res.PV = af.pv
	case df.result == OutcomeLives || df.result == OutcomeKo:
		res.PV = df.pv
	}
	if len(res.PV) > 0 {
		res.KeyMove = res.PV[0]
	}
	res.Nodes = e.nodes
	return res
}

// hasImmortal reports whether the block at p has a stone marked in
// immortal (which may be short or nil).
func hasImmortal(b *board.Board, p board.Point, immortal []bool) bool {
	for _, s := range b.Block(p) {
		if int(s) < len(immortal) && immortal[s] {
			return true
		}
	}
	return false
}

// newEngine sets up a search for the blocks at targets (all of one colour).
func newEngine(b *board.Board, targets []board.Point, opts Options) *engine {
	bb, pad := paddedClone(b, opts.Immortal)
	bb.SetKoRule(board.KoSimple)
	n := bb.Size()
	e := &engine{b: bb, pad: pad, rep: map[uint64]int32{}, libMark: make([]uint32, n)}
	e.immortal = make([]bool, n)
	for i := 0; i < b.Size() && i < len(opts.Immortal); i++ {
		if p := e.inner(board.Point(i)); opts.Immortal[i] && bb.At(p) != board.Empty {
			e.immortal[p] = true
			e.immPts = append(e.immPts, p)
		}
	}
	targets = append([]board.Point(nil), targets...)
	for i, t := range targets {
		targets[i] = e.inner(t)
	}
	e.def = bb.At(targets[0])
	e.att = e.def.Opponent()
	for _, t := range targets {
		dup := false
		for _, u := range e.target {
			if bb.SameBlock(t, u) {
				dup = true
			}
		}
		if !dup && bb.At(t) == e.def {
			e.target = append(e.target, t)
		}
	}
	e.maxNodes = opts.MaxNodes
	if e.maxNodes <= 0 {
		e.maxNodes = DefaultMaxNodes
	}
	if opts.Timeout > 0 {
		e.timed = true
		e.deadline = time.Now().Add(opts.Timeout)
	}
	e.initKeys()
	e.inRegion = make([]bool, n)
	if opts.ReplyRegion != nil {
		e.replyMode = true
		e.noReplies = opts.NoReplies
		e.reply = make([]int32, n)
		for i := range e.reply {
			e.reply[i] = -1
		}
		for i := 0; i < b.Size() && i < len(opts.ReplyRegion); i++ {
			e.reply[e.inner(board.Point(i))] = opts.ReplyRegion[i]
		}
	}
	switch {
	case opts.Region != nil:
		for i := 0; i < b.Size() && i < len(opts.Region); i++ {
			e.inRegion[e.inner(board.Point(i))] = opts.Region[i]
		}
	case e.replyMode:
		for i, id := range e.reply {
			e.inRegion[i] = id >= 0
		}
	default:
		e.autoRegion()
	}
	e.immPts = e.reachableImmortals()
	// Fixed move order: by distance from the target, nearest first.
	dist := make([]int, n)
	for i := range dist {
		dist[i] = -1
	}
	var queue []board.Point
	for _, t := range e.target {
		for _, s := range bb.Block(t) {
			dist[s] = 0
			queue = append(queue, s)
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, q := range bb.Neighbors(p) {
			if dist[q] < 0 {
				dist[q] = dist[p] + 1
				queue = append(queue, q)
			}
		}
	}
	empties := 0
	for d := 1; d <= n; d++ {
		for i := 0; i < n; i++ {
			if dist[i] == d && e.inRegion[i] {
				e.region = append(e.region, board.Point(i))
				if bb.At(board.Point(i)) == board.Empty {
					empties++
				}
			}
		}
	}
	if e.replyMode && !e.noReplies && len(e.region) > 0 {
		id := e.reply[e.region[0]]
		e.answersAll = id >= 0
		for _, p := range e.region {
			if e.reply[p] != id {
				e.answersAll = false
			}
		}
	}
	if opts.LargeRegion > 0 && empties > opts.LargeRegion && opts.LargeRegionNodes > 0 && opts.LargeRegionNodes < e.maxNodes {
		e.maxNodes = opts.LargeRegionNodes
		e.budgetNote = fmt.Sprintf(": a large region (%d empty points, more than %d) searched with at most %d nodes", empties, opts.LargeRegion, opts.LargeRegionNodes)
	}
	e.tt = newTable(min(max(e.maxNodes*4, 1<<12), 1<<22))
	return e
}

// padding records the lines paddedClone added around the board: the
// engine's board is the original one shifted by (left, bottom).
type padding struct {
	left, bottom int
	cols, rows   int // size of the original board (cols 0: no padding)
}

// reachableImmortals returns one stone of each block of immortal stones
// that a move of the search can reach: a block next to a point of the
// region (the only points played on), or one holding a target stone.
// Every other immortal block keeps its stones, liberties and block for
// the whole search, so it can neither be captured (lostImmortal) nor join
// a target block (blockHasImmortal); leaving it out only saves their
// loops over every immortal stone of a large board.
func (e *engine) reachableImmortals() []board.Point {
	var reps []board.Point
	seen := make([]bool, e.b.Size())
	for _, p := range e.immPts {
		if seen[p] {
			continue
		}
		reach := false
		for _, s := range e.b.Block(p) {
			seen[s] = true
			for _, q := range e.b.Neighbors(s) {
				if e.inRegion[q] {
					reach = true
				}
			}
		}
		for _, t := range e.target {
			if e.b.SameBlock(p, t) {
				reach = true
			}
		}
		if reach {
			reps = append(reps, p)
		}
	}
	return reps
}

// paddedClone returns the board the search plays on: a clone of b, or,
// when a whole side of b is made of immortal stones (the frame of a
// diagram drawn without room outside it, such as a wall along an open
// side), a copy with an empty line added beyond each such side. The
// frame is alive by declaration, but on the bare board its last
// liberties could be filled: moves there would capture it (and be
// rejected) or be suicide, and an empty point next to it could pass for
// an eye. The added lines touch only immortal stones and lie outside
// every region, so they change nothing else: the frame merely has
// liberties that no one can fill. No padding is added when the padded
// board would exceed board.MaxSide or when b has a ko pending (its ban
// cannot be carried over to a new board).
func paddedClone(b *board.Board, immortal []bool) (*board.Board, padding) {
	cols, rows := b.Cols(), b.Rows()
	imm := func(c, r int) bool {
		p := b.Pt(c, r)
		return int(p) < len(immortal) && immortal[p] && b.At(p) != board.Empty
	}
	whole := func(n int, at func(i int) (int, int)) bool {
		for i := 0; i < n; i++ {
			if !imm(at(i)) {
				return false
			}
		}
		return true
	}
	var l, r, bo, t int
	if whole(rows, func(i int) (int, int) { return 0, i }) {
		l = 1
	}
	if whole(rows, func(i int) (int, int) { return cols - 1, i }) {
		r = 1
	}
	if whole(cols, func(i int) (int, int) { return i, 0 }) {
		bo = 1
	}
	if whole(cols, func(i int) (int, int) { return i, rows - 1 }) {
		t = 1
	}
	ko, _ := b.KoRecapture()
	if l+r+bo+t == 0 || ko != board.Pass || cols+l+r > board.MaxSide || rows+bo+t > board.MaxSide {
		return b.Clone(), padding{}
	}
	nb, err := board.New(cols+l+r, rows+bo+t)
	if err != nil {
		return b.Clone(), padding{}
	}
	for p := 0; p < b.Size(); p++ {
		if c := b.At(board.Point(p)); c != board.Empty {
			x, y := b.Coords(board.Point(p))
			nb.Setup(nb.Pt(x+l, y+bo), c)
		}
	}
	nb.SetPrisoners(board.Black, b.Prisoners(board.Black))
	nb.SetPrisoners(board.White, b.Prisoners(board.White))
	return nb, padding{left: l, bottom: bo, cols: cols, rows: rows}
}

// inner maps a point of the caller's board to the engine's board.
func (e *engine) inner(p board.Point) board.Point {
	if e.pad.cols == 0 || p == board.Pass {
		return p
	}
	x, y := int(p)%e.pad.cols, int(p)/e.pad.cols
	return e.b.Pt(x+e.pad.left, y+e.pad.bottom)
}

// outer maps a point of the engine's board back to the caller's board
// (Pass for a point of the padding, where no move is ever made).
func (e *engine) outer(p board.Point) board.Point {
	if e.pad.cols == 0 || p == board.Pass {
		return p
	}
	x, y := e.b.Coords(p)
	x -= e.pad.left
	y -= e.pad.bottom
	if x < 0 || y < 0 || x >= e.pad.cols || y >= e.pad.rows {
		return board.Pass
	}
	return board.Point(y*e.pad.cols + x)
}

// autoRegion marks the points connected to the target through empty points
// and stones that are neither immortal nor pass-alive (either colour): the
// empty points and the points of those mortal stones, which become playable
// once the stones are captured (the inside of bent four in the corner is
// played again after the defender captures the attacker's stones there).
func (e *engine) autoRegion() {
	b := e.b
	n := b.Size()
	alive := make([]bool, n)
	for _, c := range []board.Color{board.Black, board.White} {
		e.bs.run(b, c, e.immortal)
		for i := 0; i < n; i++ {
			if b.At(board.Point(i)) == c && e.bs.aliveAt(board.Point(i)) {
				alive[i] = true
			}
		}
	}
	seen := make([]bool, n)
	var stack []board.Point
	for _, t := range e.target {
		for _, s := range b.Block(t) {
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b.At(p) == board.Empty || !e.blockIsTarget(p) {
			e.inRegion[p] = true
		}
		for _, q := range b.Neighbors(p) {
			if seen[q] {
				continue
			}
			if b.At(q) != board.Empty && (e.immortal[q] || alive[q]) {
				continue
			}
			seen[q] = true
			stack = append(stack, q)
		}
	}
}

// blockIsTarget reports whether the stone at p belongs to a target block.
func (e *engine) blockIsTarget(p board.Point) bool {
	for _, t := range e.target {
		if e.b.SameBlock(p, t) {
			return true
		}
	}
	return false
}

// reset prepares a search from the root position.
func (e *engine) reset(first board.Color, thrAtt, thrDef int, strict bool) {
	for len(e.hist) > 0 {
		e.undo()
	}
	e.strict = strict
	e.toMove = first
	e.thr = [3]int{}
	e.thr[e.att], e.thr[e.def] = thrAtt, thrDef
	e.n1bii = 0
	clear(e.rep)
	e.rep[e.repKey()] = 1 // depth 0
	e.koChance = [3]bool{}
}

// run searches the root with first to move and returns the winner, or
// Empty if the budget ran out.
func (e *engine) run(first board.Color, thrAtt, thrDef int, strict bool) board.Color {
	e.reset(first, thrAtt, thrDef, strict)
	for !e.aborted {
		phi, delta, _ := e.mid(inf, inf, 0)
		if phi == 0 {
			return first
		}
		if delta == 0 {
			return first.Opponent()
		}
	}
	return board.Empty
}

// solveKo finds the outcome with first moving first, re-searching with
// external ko threats for the loser while the loser had a ko chance.
func (e *engine) solveKo(first board.Color, kmax int) outcome {
	w := e.run(first, 0, 0, false)
	if w == board.Empty {
		return outcome{result: OutcomeUnknown, reason: e.reason}
	}
	o := outcome{pv: e.pv(40)}
	o.result = OutcomeLives
	if w == e.att {
		o.result = OutcomeDies
	}
	loser := w.Opponent()
	for k := 1; k <= kmax && e.koChance[loser]; k++ {
		ta, td := 0, 0
		if loser == e.att {
			ta = k
		} else {
			td = k
		}
		w2 := e.run(first, ta, td, false)
		if w2 == board.Empty {
			return outcome{result: OutcomeUnknown, reason: e.reason + " (ko re-search)", pv: o.pv}
		}
		if w2 == loser {
			o.result, o.threats, o.koFor = OutcomeKo, k, loser
			if loser == first {
				// The line worth showing is the one in which the side
				// moving first wins its ko with the threats.
				o.pv = e.pv(40)
			}
			return o
		}
		// The winner still wins with the loser holding k threats: its
		// line from this search is the one that holds against them.
		o.pv = e.pv(40)
	}
	return o
}

// sekiCheck tells life from seki for a block that lives with the attacker
// first: can the defender reach a pass-alive position even though the
// attacker moves first and may pass at will? ok is false if the budget ran
// out.
func (e *engine) sekiCheck() (seki, ok bool) {
	w := e.run(e.att, 0, 0, true)
	if w == board.Empty {
		return false, false
	}
	return w == e.att, true
}

// pv follows the proof from the root position of the last run: the
// winner's fastest win and the loser's most stubborn defence. Results that
// hold on the path only are not in the table; they are solved again here
// (from the table they rest on, so cheaply).
func (e *engine) pv(limit int) []board.Point {
	var out []board.Point
	played := 0
	var kids []kid
	for len(out) < limit && !e.aborted {
		depth := len(e.hist)
		phi, delta := e.solveHere(depth)
		if phi != 0 && delta != 0 {
			break
		}
		fam := [2]int16{famNone, famNone}
		if ent, found := e.tt.get(e.ttKey()); found && ent.fam[0] != famUnknown {
			fam = ent.fam
		}
		k0, _ := e.expand(depth+1000, &fam)
		kids = append(kids[:0], k0...)
		solve := func(k *kid) {
			if k.terminal || k.phi == 0 || k.delta == 0 {
				return
			}
			// Not solved in the table: solve it on this path.
			if ok, _ := e.play(k.m); ok {
				k.phi, k.delta = e.solveHere(depth + 1)
				if ent, found := e.tt.get(k.key); found {
					k.work = ent.work
				}
				e.undo()
			}
		}
		best := -1
		if phi == 0 {
			// Winner: a child lost for the opponent, least work first;
			// children not solved yet are solved only if none is.
			for i := range kids {
				if kids[i].delta == 0 && (best < 0 || kids[i].work < kids[best].work) {
					best = i
				}
			}
			for i := 0; best < 0 && i < len(kids); i++ {
				if solve(&kids[i]); kids[i].delta == 0 {
					best = i
				}
			}
		} else {
			// Loser: every child is won by the opponent; the most work.
			for i := range kids {
				k := &kids[i]
				solve(k)
				if k.phi == 0 && (best < 0 || k.work > kids[best].work) {
					best = i
				}
			}
		}
		if best < 0 {
			break
		}
		m := kids[best].m
		terminal := kids[best].terminal
		if ok, rep := e.play(m); !ok || rep {
			if ok {
				e.undo()
			}
			break
		}
		played++
		switch {
		case m == movePass:
			out = append(out, board.Pass)
		case m >= threatBit:
			out = append(out, e.outer(board.Point(m-threatBit)))
		default:
			out = append(out, e.outer(board.Point(m)))
		}
		if terminal || e.static(true) != board.Empty {
			break
		}
	}
	for ; played > 0; played-- {
		e.undo()
	}
	return out
}

// solveHere returns the current node's phi and delta: from the table if it
// holds a result, else by searching (the result may hold on this path
// only). Both are non-zero if the budget ran out.
func (e *engine) solveHere(depth int) (phi, delta uint32) {
	if ent, found := e.tt.get(e.ttKey()); found && (ent.phi == 0 || ent.delta == 0) {
		return ent.phi, ent.delta
	}
	for !e.aborted {
		phi, delta, _ = e.mid(inf, inf, depth)
		if phi == 0 || delta == 0 {
			return phi, delta
		}
	}
	return 1, 1
}
