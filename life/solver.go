package life

import (
	"time"

	"github.com/mathgo/mathgo/board"
)

// move is a move of the search: a point, movePass, or a point plus
// threatBit for a ko recapture paid for with an external ko threat.
type move int16

const (
	movePass  move = -1
	moveNone  move = -2
	threatBit move = 1 << 12
)

// ply is one move made on the search path, with what Undo must restore.
type ply struct {
	mover    board.Color
	m        move
	prevThr  [3]int
	pass1bii bool // an attacker pass allowed because the defender has ko threats (Wolf's rule 1b-ii)
	repNew   bool // the situation after the ply was not on the path before
	sideOnly bool // a pass that changed only the player to move (see passedBack)
	settle   bool // an attacker pass that started the settling phase (reply mode)
	repKey   uint64
}

// noDep is the dep of a result that rests on no repetition above the node
// it belongs to.
const noDep = 65535

// kid is a child of the node being expanded.
type kid struct {
	m          move
	key        uint64
	phi, delta uint32 // from the child's player-to-move view
	md         uint16
	terminal   bool // solved statically (not looked up again)
	work       uint32
	// dep is the smallest depth of a situation on the search path that
	// the child's result rests on (a repetition of it ends a line), or
	// noDep: such a result holds on this path only.
	dep uint16
}

// engine is one life-and-death search: a private board, the target, the
// rules state (side to move, external ko threats, pass history), the
// path for repetitions, and the transposition table.
type engine struct {
	b        *board.Board // the caller's board, padded (see paddedClone)
	pad      padding
	def, att board.Color
	target   []board.Point // one stone of each target block at the root
	immortal []bool
	immPts   []board.Point
	inRegion []bool
	region   []board.Point // points where moves are allowed, in a fixed order

	// Reply mode (Options.ReplyRegion): reply holds the region number of
	// each point (-1 outside the defender's eye regions). In it the
	// attacker ignores ko bans, the defender only answers inside the
	// region of the attacker's last move, and an attacker pass switches
	// strict on (the settling phase).
	replyMode bool
	noReplies bool // Options.NoReplies: the defender only passes before the settling phase
	// answersAll (reply mode): every point of the region lies in one
	// reply region and the defender may answer, so it may answer every
	// attacker move at any point of the region: forced attacker moves
	// apply before the settling phase too, as they do in it (see doc.go,
	// "Reply mode").
	answersAll bool
	reply      []int32

	strict  bool // seki check: the defender wins only by pass-alive, cycles lose for the defender
	toMove  board.Color
	thr     [3]int
	hist    []ply
	n1bii   int
	rep     map[uint64]int32 // situation on the path -> its depth + 1
	tt      *table
	bs      bensonScratch
	pool    [][]kid
	libMark []uint32
	libGen  uint32
	// fillMark, fillGen and fillStack are replySafeAfter's flood fill.
	fillMark  []uint32
	fillGen   uint32
	fillStack []board.Point

	nodes    int
	maxNodes int
	// tvCalls and tvRefused count defenderSafe's twoVital checks and
	// those that refused.
	tvCalls, tvRefused int
	// budgetNote is added to the reason when the node budget runs out:
	// why the budget is smaller than Options.MaxNodes (LargeRegion).
	budgetNote string
	deadline   time.Time
	timed      bool
	aborted    bool
	reason     string
	koChance   [3]bool

	zSide   [3]uint64
	zKo     []uint64
	zKoC    [3]uint64
	zThr    [3][16]uint64
	zFlag   [3]uint64
	zStrict uint64
}

// splitmix is a tiny deterministic generator for Zobrist keys.
type splitmix uint64

func (s *splitmix) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (e *engine) initKeys() {
	s := splitmix(0x6c6966652d6c6966)
	for i := range e.zSide {
		e.zSide[i] = s.next()
		e.zKoC[i] = s.next()
		e.zFlag[i] = s.next()
		for j := range e.zThr[i] {
			e.zThr[i][j] = s.next()
		}
	}
	e.zStrict = s.next()
	e.zKo = make([]uint64, e.b.Size())
	for i := range e.zKo {
		e.zKo[i] = s.next()
	}
}

func (e *engine) thrKey() uint64 {
	a, d := e.thr[e.att], e.thr[e.def]
	if a > 15 {
		a = 15
	}
	if d > 15 {
		d = 15
	}
	return e.zThr[e.att][a] ^ e.zThr[e.def][d]
}

// repKey identifies a situation for repetitions: stones, player to move,
// external ko threats and whether the attacker has made a pass allowed by
// rule 1b-ii on the path (not the ko ban). The last matters because it
// changes what a later defender pass costs: the position after defender
// pass, attacker pass is not a repetition of the one before them.
func (e *engine) repKey() uint64 {
	k := e.b.Hash() ^ e.zSide[e.toMove] ^ e.thrKey()
	if e.strict {
		k ^= e.zStrict
	}
	if e.n1bii > 0 {
		k ^= e.zFlag[0]
	}
	return k
}

// ttKey identifies a node: the situation plus the ko ban and the pass
// history that the pass rules look at.
func (e *engine) ttKey() uint64 {
	k := e.repKey()
	if p, c := e.b.KoRecapture(); p != board.Pass {
		k ^= e.zKo[p] ^ e.zKoC[c]
	}
	if e.cond1ai() {
		k ^= e.zFlag[2]
	}
	if e.passedBack() {
		k ^= e.zFlag[1]
	}
	if k == 0 {
		k = 1
	}
	return k
}

// passedBack reports whether the last move was a pass that changed only
// the player to move: the parent is then the same situation with the other
// player to move, whatever the path, so a pass back repeats it on every
// path to this node (part of the table key, so that such a result may be
// stored).
func (e *engine) passedBack() bool {
	n := len(e.hist)
	return n >= 1 && e.hist[n-1].sideOnly
}

// cond1ai is Wolf's rule 1a-i: the defender recaptured a ko with an
// external threat two moves ago and the attacker passed since.
func (e *engine) cond1ai() bool {
	n := len(e.hist)
	return n >= 2 && e.hist[n-1].mover == e.att && e.hist[n-1].m == movePass &&
		e.hist[n-2].mover == e.def && e.hist[n-2].m >= threatBit
}

// banned returns the ko point the player to move may not retake, or Pass.
func (e *engine) banned() board.Point { return e.b.KoPoint() }

// passAllowed applies Wolf's Ruling II (or, in the seki check, allows every
// pass).
func (e *engine) passAllowed() bool {
	if e.strict || e.replyMode {
		return true
	}
	m := e.toMove
	if e.banned() != board.Pass {
		return e.thr[m] == 0 // 2a, 2b
	}
	if m == e.def {
		return !e.cond1ai() // 1a-i; 1a-ii and 1a-iii allow it
	}
	return e.thr[e.def] >= 1 // 1b-i, 1b-ii
}

// lostImmortal reports whether an immortal stone has been captured.
func (e *engine) lostImmortal() bool {
	for _, p := range e.immPts {
		if e.b.At(p) == board.Empty {
			return true
		}
	}
	return false
}

// play makes m for the player to move. ok is false (and nothing changes) if
// the move is illegal; rep reports that the new situation repeats one on
// the path.
func (e *engine) play(m move) (ok, rep bool) {
	mover := e.toMove
	rec := ply{mover: mover, m: m, prevThr: e.thr}
	var before uint64
	if m == movePass {
		before = e.repKey()
	}
	switch {
	case m == movePass:
		regular := e.banned() == board.Pass
		if _, err := e.b.Play(board.Pass, mover); err != nil {
			return false, false
		}
		if e.replyMode {
			if mover == e.att && !e.strict {
				rec.settle = true
				e.strict = true
			}
		} else if !e.strict && regular {
			if mover == e.att {
				rec.pass1bii = true
				e.n1bii++
			} else if e.thr[e.def] > 0 && e.n1bii > 0 {
				e.thr[e.def] = 0 // 1a-ii: the defender's pass costs its ko threats
			}
		}
	case m >= threatBit:
		p := board.Point(m - threatBit)
		e.b.SetKoRule(board.KoNone)
		captured, err := e.b.Play(p, mover)
		e.b.SetKoRule(board.KoSimple)
		if err != nil {
			return false, false
		}
		if captured > 0 && e.lostImmortal() {
			e.b.Undo()
			return false, false
		}
		if !e.koFree(mover) {
			e.thr[mover]--
		}
	default:
		captured, err := e.b.Play(board.Point(m), mover)
		if err != nil {
			return false, false
		}
		if captured > 0 && e.lostImmortal() {
			e.b.Undo()
			return false, false
		}
	}
	e.toMove = mover.Opponent()
	rec.repKey = e.repKey()
	rec.sideOnly = m == movePass && rec.repKey == before^e.zSide[mover]^e.zSide[e.toMove]
	_, rep = e.rep[rec.repKey]
	if !rep {
		rec.repNew = true
		e.rep[rec.repKey] = int32(len(e.hist) + 2)
	}
	e.hist = append(e.hist, rec)
	return true, rep
}

// repDepth returns the depth on the path of the situation with repetition
// key k (which must be on the path).
func (e *engine) repDepth(k uint64) uint16 {
	return uint16(min(e.rep[k]-1, noDep-1))
}

// undo takes back the last play.
func (e *engine) undo() {
	rec := e.hist[len(e.hist)-1]
	e.hist = e.hist[:len(e.hist)-1]
	if rec.repNew {
		delete(e.rep, rec.repKey)
	}
	e.b.Undo()
	e.thr = rec.prevThr
	if rec.pass1bii {
		e.n1bii--
	}
	if rec.settle {
		e.strict = false
	}
	e.toMove = rec.mover
}

// captured reports whether a target stone has been captured.
func (e *engine) captured() bool {
	for _, p := range e.target {
		if e.b.At(p) != e.def {
			return true
		}
	}
	return false
}

// defenderSafe reports whether every target block is pass-alive (immortal
// stones count as alive anchors).
func (e *engine) defenderSafe() bool {
	// Quick necessary condition: two liberties or an immortal stone.
	for _, p := range e.target {
		if e.b.LibertiesUpTo(p, 2) < 2 && !e.blockHasImmortal(p) {
			return false
		}
	}
	// The cheap necessary condition first, while it refuses often
	// enough to pay for itself (around a living group of an open board
	// nearly always; around walls with two eyes, as in a claim, seldom).
	if e.tvCalls < 64 || 4*e.tvRefused >= e.tvCalls {
		e.tvCalls++
		for _, p := range e.target {
			if !e.blockHasImmortal(p) && !e.bs.twoVital(e.b, p, e.immortal) {
				e.tvRefused++
				return false // Benson's algorithm would not find it pass-alive
			}
		}
	}
	e.bs.run(e.b, e.def, e.immortal)
	for _, p := range e.target {
		if !e.bs.aliveAt(p) {
			return false
		}
	}
	if e.replyMode {
		// The defender's eye regions must be safe too: every empty point
		// of them a liberty of a pass-alive block, so that no attacker
		// stone there can ever live (not even in seki).
		for _, p := range e.region {
			if e.reply[p] >= 0 && e.b.At(p) != e.def {
				if r := e.bs.regionOf[p]; !e.bs.regionSafe(e.b, r) && !e.bs.regionSmallInterior(e.b, r) {
					return false
				}
			}
		}
	}
	return true
}

func (e *engine) blockHasImmortal(p board.Point) bool {
	if len(e.immPts) == 0 {
		return false
	}
	for _, q := range e.immPts {
		if e.b.SameBlock(p, q) {
			return true
		}
	}
	return false
}

// attackerCanCapture reports whether the attacker, to move, can capture a
// target block at once.
func (e *engine) attackerCanCapture() bool {
	for _, p := range e.target {
		if e.b.LibertiesUpTo(p, 2) != 1 {
			continue
		}
		l := e.b.LibertyPoints(p)[0]
		if !e.inRegion[l] {
			continue
		}
		m := move(l)
		if l == e.banned() {
			if !e.koFree(e.att) && (e.strict || e.thr[e.att] == 0) {
				continue
			}
			m += threatBit
		}
		if ok, _ := e.play(m); ok {
			e.undo()
			return true
		}
	}
	return false
}

// static evaluates the current node without search: the winner, or Empty.
// full also runs the checks that cost a Benson analysis.
func (e *engine) static(full bool) board.Color {
	if e.captured() {
		return e.att
	}
	if full && e.defenderSafe() {
		return e.def
	}
	if e.toMove == e.att && e.attackerCanCapture() {
		return e.att
	}
	return board.Empty
}

// solved values from the view of the player to move.
func winFor(toMove, winner board.Color) (phi, delta uint32) {
	if toMove == winner {
		return 0, inf
	}
	return inf, 0
}

// defenderWins returns the defender's immediately winning points (up to
// two) when the defender would move now: moves after which every target
// block is pass-alive.
func (e *engine) defenderWins() [2]int16 {
	w := [2]int16{famNone, famNone}
	n := 0
	for _, p := range e.region {
		if e.b.At(p) != board.Empty {
			continue
		}
		if e.replyMode && !e.replySafeAfter(p) {
			continue // defenderSafe would refuse the move: skip its Benson run
		}
		captured, err := e.b.Play(p, e.def)
		if err != nil {
			continue
		}
		if !(captured > 0 && e.lostImmortal()) && e.defenderSafe() {
			w[n] = int16(p)
			n++
		}
		e.b.Undo()
		if n == 2 {
			break
		}
	}
	return w
}

// touchesDefAfter reports whether q is p, a neighbour of p, or next to a
// defender stone: with a defender stone added at p, whether q touches a
// defender stone.
func (e *engine) touchesDefAfter(q, p board.Point) bool {
	if q == p {
		return true
	}
	for _, x := range e.b.Neighbors(q) {
		if x == p || e.b.At(x) == e.def {
			return true
		}
	}
	return false
}

// replySafeAfter is a cheap necessary condition, in reply mode, for
// defenderSafe after a defender stone at the empty point p: it reports
// false when some empty point q of a reply region (in the search region)
// would touch no defender stone and the region of non-defender points
// around q would have an interior of more than two points. Such a region
// fails both of defenderSafe's tests: q is a liberty of no block, so the
// region is not vital, and its interior (its points, empty or not, that
// touch no defender stone) is too large for the small-interior test. The
// test counts the region as it is before the move, with p removed; a
// capture by the move only turns attacker stones into empty points, which
// changes neither the region nor its interior (it may add points like q,
// which the test then merely misses).
func (e *engine) replySafeAfter(p board.Point) bool {
	if len(e.fillMark) != e.b.Size() {
		e.fillMark = make([]uint32, e.b.Size())
	}
	e.fillGen++
	if e.fillGen == 0 {
		clear(e.fillMark)
		e.fillGen = 1
	}
	gen := e.fillGen
	for _, q := range e.region {
		if q == p || e.reply[q] < 0 || e.b.At(q) != board.Empty || e.fillMark[q] == gen || e.touchesDefAfter(q, p) {
			continue
		}
		// Flood q's region (non-defender points but p), counting its
		// interior; a region already flooded had at most two.
		n := 0
		e.fillStack = append(e.fillStack[:0], q)
		e.fillMark[q] = gen
		for len(e.fillStack) > 0 {
			x := e.fillStack[len(e.fillStack)-1]
			e.fillStack = e.fillStack[:len(e.fillStack)-1]
			if !e.touchesDefAfter(x, p) {
				if n++; n > 2 {
					return false
				}
			}
			for _, y := range e.b.Neighbors(x) {
				if y != p && e.fillMark[y] != gen && e.b.At(y) != e.def {
					e.fillMark[y] = gen
					e.fillStack = append(e.fillStack, y)
				}
			}
		}
	}
	return true
}

// famKeeps reports whether an attacker move just made (and not a capture)
// may still stop the defender's immediate win at one of the points w: it
// is pruned when some winning point other than the move itself stays legal
// and captures nothing new, since the defender then wins there.
func (e *engine) famKeeps(m move, w [2]int16) bool {
	for _, x := range w {
		if x < 0 || move(x) == m {
			continue
		}
		p := board.Point(x)
		if e.b.At(p) != board.Empty || !e.b.Legal(p, e.def) {
			continue
		}
		atari := false
		for _, q := range e.b.Neighbors(p) {
			if e.b.At(q) == e.att && e.b.LibertiesUpTo(q, 2) == 1 {
				atari = true
				break
			}
		}
		if !atari {
			return false
		}
	}
	return true
}

// orderedMoves returns the candidate moves of the player to move: the
// target's liberties first, then the other empty points of the region,
// then a ko recapture with an external threat, then a pass if allowed.
func (e *engine) orderedMoves(buf []move) []move {
	buf = buf[:0]
	if e.replyMode && !e.strict && e.toMove == e.def {
		return e.replyMoves(buf)
	}
	e.libGen++
	if e.libGen == 0 {
		clear(e.libMark)
		e.libGen = 1
	}
	for _, t := range e.target {
		if e.b.At(t) != e.def {
			continue
		}
		for _, q := range e.b.Neighbors(t) {
			if e.b.At(q) == board.Empty && e.inRegion[q] && e.libMark[q] != e.libGen {
				e.libMark[q] = e.libGen
				buf = append(buf, move(q))
			}
		}
	}
	for _, p := range e.region {
		if e.b.At(p) == board.Empty && e.libMark[p] != e.libGen {
			buf = append(buf, move(p))
		}
	}
	if kp := e.banned(); kp != board.Pass && e.inRegion[kp] && (e.koFree(e.toMove) || (!e.strict && e.thr[e.toMove] > 0)) {
		buf = append(buf, move(kp)+threatBit)
	}
	if e.passAllowed() {
		buf = append(buf, movePass)
	}
	return buf
}

// expand generates and evaluates the children of the current node. fam is
// the node's cached forced-attacker information (updated in place).
// pruned is the smallest depth of a situation on the path that an attacker
// move was barred from repeating (noDep if none): a loss of the attacker
// here holds on this path only.
func (e *engine) expand(depth int, fam *[2]int16) (kids []kid, pruned uint16) {
	for len(e.pool) <= depth {
		e.pool = append(e.pool, nil)
	}
	kids = e.pool[depth][:0]
	pruned = noDep
	mover := e.toMove
	if !e.strict && e.banned() != board.Pass && e.thr[mover] == 0 {
		e.koChance[mover] = true
	}
	if mover == e.att && fam[0] == famUnknown {
		if e.replyMode && !e.strict && !e.answersAll {
			// Before the settling phase the defender may not answer
			// anywhere it likes: no forced attacker moves.
			*fam = [2]int16{famNone, famNone}
		} else {
			*fam = e.defenderWins()
		}
	}
	forced := mover == e.att && fam[0] >= 0
	var mbuf [640]move
	moves := e.orderedMoves(mbuf[:0])
	for _, m := range moves {
		if forced && m == movePass && !(e.replyMode && e.strict) {
			// The defender answers a pass at its winning point (in
			// reply mode the pass starts the settling phase). In the
			// settling phase of reply mode the pass is kept: it may
			// repeat a position of the path (a win for the attacker),
			// in which the ko ban may bar the winning point.
			continue
		}
		before := e.b.Prisoners(mover)
		ok, rep := e.play(m)
		if !ok {
			continue
		}
		if forced && e.b.Prisoners(mover) == before && !e.famKeeps(m, *fam) {
			e.undo()
			continue
		}
		k := kid{m: m, key: e.ttKey(), md: uint16(min(depth+1, 65535)), dep: noDep}
		winner := board.Empty
		if rep {
			d := e.repDepth(e.hist[len(e.hist)-1].repKey)
			if m == movePass && len(e.hist) >= 2 && e.hist[len(e.hist)-2].sideOnly && int(d) == len(e.hist)-2 {
				// A pass back to the parent: implied by the node's key.
				d = noDep
			}
			switch {
			case e.strict:
				winner = e.att
			case mover == e.att:
				e.undo()
				pruned = min(pruned, d)
				continue // the attacker may not repeat a position
			default:
				winner = e.def
			}
			k.terminal = true
			k.dep = d
			k.phi, k.delta = winFor(e.toMove, winner)
		} else if ent, found := e.tt.get(k.key); found {
			k.phi, k.delta, k.md, k.work = ent.phi, ent.delta, ent.md, ent.work
		} else {
			// The full check (a Benson analysis) after a defender move;
			// in reply mode it waits for the node's first expansion
			// (mid), as most answers there settle nothing.
			full := mover == e.def && !e.replyMode
			winner = e.static(full)
			if winner != board.Empty {
				k.phi, k.delta = winFor(e.toMove, winner)
			} else {
				k.phi, k.delta = 1, 1
			}
			e.tt.put(ttEntry{key: k.key, phi: k.phi, delta: k.delta, md: k.md, fam: [2]int16{famUnknown, famUnknown}, full: full && winner == board.Empty})
		}
		kids = append(kids, k)
		e.undo()
	}
	e.pool[depth] = kids
	return kids, pruned
}

// refresh reloads the values of the non-terminal children from the table.
func (e *engine) refresh(kids []kid) {
	for i := range kids {
		k := &kids[i]
		if k.terminal {
			continue
		}
		if ent, found := e.tt.get(k.key); found {
			k.phi, k.delta, k.md, k.work = ent.phi, ent.delta, ent.md, ent.work
		}
	}
}

// resultDep returns the dep of a node solved from kids (phi == 0: the
// player to move wins; otherwise it loses): a win rests on the winning
// child least tied to the path, a loss on every child and on the attacker
// moves barred as repetitions.
func resultDep(kids []kid, phi uint32, pruned uint16) uint16 {
	if phi == 0 {
		dep := uint16(0)
		for i := range kids {
			if kids[i].delta == 0 && kids[i].dep > dep {
				dep = kids[i].dep
			}
		}
		return dep
	}
	dep := pruned
	for i := range kids {
		dep = min(dep, kids[i].dep)
	}
	return dep
}

func addSat(a, b uint32) uint32 {
	if a >= inf || b >= inf {
		return inf
	}
	if s := a + b; s < inf {
		return s
	}
	return inf - 1
}

// aggregate computes the node's phi and delta from its children with the
// minimal-distance rule, the child to search next and the second-smallest
// delta.
func aggregate(kids []kid, md uint16) (phi, delta uint32, best int, delta2 uint32, newMd uint16) {
	phi, delta2 = inf, inf
	best = -1
	var sumNormal, maxOld uint32
	hasOld := false
	newMd = md
	oldMd := uint16(65535)
	for i := range kids {
		k := &kids[i]
		if k.delta < phi {
			delta2 = phi
			phi = k.delta
			best = i
		} else if k.delta < delta2 {
			delta2 = k.delta
		}
		if k.md > md || k.terminal {
			sumNormal = addSat(sumNormal, k.phi)
		} else {
			hasOld = true
			if k.phi > maxOld {
				maxOld = k.phi
			}
			if k.phi != 0 && k.delta != 0 && k.md < oldMd {
				oldMd = k.md
			}
		}
	}
	delta = sumNormal
	if sumNormal == 0 && hasOld {
		delta = maxOld
		if oldMd < newMd {
			newMd = oldMd
		}
	}
	// A solved node is solved whatever its old children say.
	if phi == 0 {
		delta = inf
	} else if delta == 0 {
		phi = inf
	}
	return
}

var debugLoop = false

// tick counts a node and checks the budget.
func (e *engine) tick() bool {
	e.nodes++
	if e.maxNodes > 0 && e.nodes > e.maxNodes {
		e.aborted = true
		e.reason = "node budget exhausted" + e.budgetNote
	}
	if e.timed && e.nodes&255 == 0 && time.Now().After(e.deadline) {
		e.aborted = true
		e.reason = "time limit reached"
	}
	return !e.aborted
}

// mid is df-pn's multiple iterative deepening at the current node, with
// thresholds thPhi and thDelta; it returns the node's phi and delta, and
// for a solved node its dep (see kid): a result that rests on a
// repetition of a situation above the node holds on this path only, so it
// is returned to the caller but not stored as solved in the table (the
// graph-history-interaction problem).
func (e *engine) mid(thPhi, thDelta uint32, depth int) (uint32, uint32, uint16) {
	key := e.ttKey()
	ent, found := e.tt.get(key)
	if found && (ent.phi == 0 || ent.delta == 0) {
		return ent.phi, ent.delta, noDep
	}
	if !found {
		ent = ttEntry{key: key, phi: 1, delta: 1, md: uint16(min(depth, 65535)), fam: [2]int16{famUnknown, famUnknown}}
	}
	oldPhi, oldDelta := ent.phi, ent.delta // unsolved, so both non-zero
	if ent.work == 0 && !ent.full {
		// First expansion: children were only checked cheaply when
		// created, unless after a defender move (ent.full).
		if w := e.static(true); w != board.Empty {
			ent.phi, ent.delta = winFor(e.toMove, w)
			e.tt.put(ent)
			return ent.phi, ent.delta, noDep
		}
		ent.full = true
	}
	if !e.tick() {
		return ent.phi, ent.delta, noDep
	}
	if uint16(depth) < ent.md {
		ent.md = uint16(min(depth, 65535))
	}
	startNodes := e.nodes
	kids, pruned := e.expand(depth, &ent.fam)
	md := ent.md
	var phi, delta uint32
	for {
		e.refresh(kids)
		var best int
		var delta2 uint32
		phi, delta, best, delta2, md = aggregate(kids, md)
		if len(kids) == 0 {
			phi, delta = inf, 0 // no move: the player to move loses
		}
		if phi >= thPhi || delta >= thDelta || phi == 0 || delta == 0 || e.aborted {
			break
		}
		k := kids[best]
		cPhi := thDelta
		if thDelta < inf {
			cPhi = uint32(min(int64(inf), int64(thDelta)+int64(k.phi)-int64(delta)))
		}
		cDelta := thPhi
		if delta2 < inf {
			cDelta = min(thPhi, addSat(delta2, delta2/4+1))
		}
		if ok, _ := e.play(k.m); !ok {
			// Cannot happen: the move was legal when generated.
			kids[best].terminal = true
			kids[best].phi, kids[best].delta = inf, 0
			continue
		}
		p, d, dep := e.mid(cPhi, cDelta, depth+1)
		e.undo()
		if debugLoop && p == k.phi && d == k.delta {
			println("no progress", depth, k.m, p, d, cPhi, cDelta, phi, delta, thPhi, thDelta)
		}
		kids = e.pool[depth] // the slice may have moved
		if ent2, ok := e.tt.get(k.key); !ok || (ent2.phi != p || ent2.delta != d) {
			// Keep the result even if the table dropped it (or never
			// held it: a result that holds on this path only).
			kids[best].phi, kids[best].delta = p, d
			if p == 0 || d == 0 {
				kids[best].terminal = true
				kids[best].dep = dep
			}
		}
	}
	dep := uint16(noDep)
	if phi == 0 || delta == 0 {
		dep = resultDep(kids, phi, pruned)
	}
	ent.md = md
	ent.work = uint32(min(int64(ent.work)+int64(e.nodes-startNodes)+1, 1<<31))
	if dep < uint16(min(len(e.hist), noDep)) {
		// Solved on this path only: the table keeps the old estimate.
		ent.phi, ent.delta = oldPhi, oldDelta
	} else {
		ent.phi, ent.delta = phi, delta
		dep = noDep
	}
	e.tt.put(ent)
	return phi, delta, dep
}

// koFree reports whether c ignores the ko ban: the attacker in reply mode,
// which stands for an attacker with every ko threat it wants.
func (e *engine) koFree(c board.Color) bool {
	return e.replyMode && c == e.att
}

// replyMoves returns the defender's moves in reply mode before the
// settling phase: the empty points of the region of the attacker's last
// move (none if that move was outside every numbered region), then a pass.
func (e *engine) replyMoves(buf []move) []move {
	if n := len(e.hist); !e.noReplies && n > 0 && e.hist[n-1].mover == e.att && e.hist[n-1].m != movePass {
		m := e.hist[n-1].m
		if m >= threatBit {
			m -= threatBit
		}
		if id := e.reply[m]; id >= 0 {
			for _, p := range e.region {
				if e.reply[p] == id && e.b.At(p) == board.Empty {
					buf = append(buf, move(p))
				}
			}
		}
	}
	return append(buf, movePass)
}
