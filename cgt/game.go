package cgt

import (
	"math"
	"math/big"
	"slices"
	"sync"
)

// Game is a short partizan game in canonical form. Games are hash-consed:
// two Games are equal as values exactly when they are the same Game, so ==
// is value equality. The zero Game is 0.
//
// Games live in one process-wide table guarded by a mutex, so they may be
// used from several goroutines. The table only grows.
type Game uint32

// Zero is the game 0 = { | }.
const Zero Game = 0

type node struct {
	left, right []Game // canonical options, sorted by id; for numbers filled lazily
	num         Dyadic // value when isNum
	isNum       bool
	optsReady   bool // options materialized (always true for non-numbers)

	hash uint64 // hashPair of the option lists (non-numbers): the key of arena.index

	neg       Game
	negReady  bool
	stops     [2]Dyadic
	stopReady bool
	birthday  int64 // -1 until computed, bigBirthday when it does not fit in an int64
	nus       nusInfo
	nusReady  bool // nus holds whether the game is number + ups + nimber
	thermo    *Thermograph
}

// bigBirthday marks a birthday past the int64 range (see BirthdayBig).
const bigBirthday = -2

type smallKey struct {
	num int64
	exp uint32
}

// arena is the global table of canonical games and the memo tables.
type arena struct {
	mu       sync.Mutex
	nodes    []node
	budget   budgetState // the work budgets of Within and SumWithin
	fast     bool        // closed forms for number-ups-star games (off only in tests that check them)
	index    optsTable   // option lists -> game
	smallNum map[smallKey]Game
	bigNum   map[string]Game
	leqMemo  leqTable
	add      pairTable
	cool     map[coolKey]Game
	heat     map[coolKey]Game
	warm     map[Game]Game
	nusGames map[nusKey]Game    // x + ^u + *n -> game, for every such game met so far
	rows     map[dyKey]*starRow // x -> x, x+*, x+*2, ... (see starRow)
	bigBday  map[Game]*big.Int  // birthdays past int64 (BirthdayBig)
	scratch  []Game
	strs     [2]map[Game]string   // printed forms, ASCII and Unicode (format)
	upTo     []Game               // ^[k] = ^.PowTo(k), built on demand (uptimal.go)
	upPow    []Game               // ^<k> = ^.Pow(k)
	upIndex  map[Game]uptimalInfo // ±^[k], ±^<k> (k >= 2) -> which
	uptimals map[Game]uptimalInfo // games recognized (or not) as uptimals
}

// ar is the process-wide table (set in init: newArena's call graph reaches
// the budget code, which refers back to ar).
var ar *arena

func init() { ar = newArena() }

func newArena() *arena {
	a := &arena{
		smallNum: make(map[smallKey]Game),
		bigNum:   make(map[string]Game),
		cool:     make(map[coolKey]Game),
		heat:     make(map[coolKey]Game),
		warm:     make(map[Game]Game),
		nusGames: make(map[nusKey]Game),
		rows:     make(map[dyKey]*starRow),
		bigBday:  make(map[Game]*big.Int),
		upIndex:  make(map[Game]uptimalInfo),
		uptimals: make(map[Game]uptimalInfo),
		fast:     true,
	}
	a.budget.reset()
	a.num(Dyadic{}) // id 0 is zero
	return a
}

func lock() func() {
	ar.mu.Lock()
	ar.budget.foreign = false
	return ar.mu.Unlock
}

// Stats describes the size of the process-wide game table.
type Stats struct {
	Games   int // games in the table
	LeqMemo int // pairs of games with a memoized comparison (either way)
	AddMemo int // memoized sums
}

// TableStats returns the current size of the game table and memo tables.
func TableStats() Stats {
	defer lock()()
	return Stats{Games: len(ar.nodes), LeqMemo: ar.leqMemo.n, AddMemo: ar.add.n}
}

// ---- construction ----

func (a *arena) newNode(n node) Game {
	if len(a.nodes) >= maxGames {
		panic("cgt: game table full") // unreachable: memory runs out long before 2^30 games
	}
	if len(a.nodes) >= a.budget.gameLimit {
		a.overBudget(true)
	}
	a.step()
	if n.birthday == 0 { // not given by the caller (no game but 0 is born on day 0)
		n.birthday = -1
	}
	a.nodes = append(a.nodes, n)
	return Game(len(a.nodes) - 1)
}

func (a *arena) num(d Dyadic) Game {
	if d.big == nil {
		k := smallKey{d.num, d.exp}
		if g, ok := a.smallNum[k]; ok {
			return g
		}
		g := a.newNode(node{isNum: true, num: d})
		a.smallNum[k] = g
		return g
	}
	k := d.key()
	if g, ok := a.bigNum[k]; ok {
		return g
	}
	g := a.newNode(node{isNum: true, num: d})
	a.bigNum[k] = g
	return g
}

// internRaw interns a game whose options are known to be canonical and
// whose value is not a number.
func (a *arena) internRaw(l, r []Game) Game {
	buf := append(append(a.scratch[:0], l...), r...)
	a.scratch = buf
	nl := slices.Compact(sortInPlace(buf[:len(l)]))
	nr := slices.Compact(sortInPlace(buf[len(l):]))
	h := hashOpts(nl, nr)
	if g, ok := a.index.find(a, nl, nr, h); ok {
		return g
	}
	opts := make([]Game, len(nl)+len(nr))
	copy(opts, nl)
	copy(opts[len(nl):], nr)
	g := a.newNode(node{left: opts[:len(nl):len(nl)], right: opts[len(nl):], optsReady: true, hash: h})
	a.index.insert(a, g)
	return g
}

// internShared interns the game {l | r} whose option lists are already
// sorted, free of duplicates and canonical, with h = hashOpts(l, r). A new
// node keeps l and r themselves (they may share a backing array with
// other nodes' lists, so they must be capacity-limited and never written).
func (a *arena) internShared(l, r []Game, h uint64) Game {
	if g, ok := a.index.find(a, l, r, h); ok {
		return g
	}
	g := a.newNode(node{left: l, right: r, optsReady: true, hash: h})
	a.index.insert(a, g)
	return g
}

func sortInPlace(s []Game) []Game {
	slices.Sort(s)
	return s
}

func sortedUnique(s []Game) []Game {
	out := slices.Clone(s)
	slices.Sort(out)
	return slices.Compact(out)
}

// leftOpts returns the canonical Left options of g.
func (a *arena) leftOpts(g Game) []Game {
	a.materialize(g)
	return a.nodes[g].left
}

// rightOpts returns the canonical Right options of g.
func (a *arena) rightOpts(g Game) []Game {
	a.materialize(g)
	return a.nodes[g].right
}

// materialize fills in the canonical options of a number.
func (a *arena) materialize(g Game) {
	if a.nodes[g].optsReady {
		return
	}
	d := a.nodes[g].num
	var l, r []Game
	one := DyadicInt(1)
	switch {
	case d.IsInteger() && d.Sign() > 0:
		l = []Game{a.num(d.Sub(one))}
	case d.IsInteger() && d.Sign() < 0:
		r = []Game{a.num(d.Add(one))}
	case d.IsInteger():
	default:
		step := NewDyadic(1, d.Exp())
		l = []Game{a.num(d.Sub(step))}
		r = []Game{a.num(d.Add(step))}
	}
	n := &a.nodes[g]
	n.left, n.right, n.optsReady = l, r, true
}

// construct returns the canonical form of { l | r } for canonical options.
func (a *arena) construct(l, r []Game) Game {
	if g, ok := a.allNumbers(l, r); ok {
		return g
	}
	l = a.removeDominated(sortedUnique(l), true)
	r = a.removeDominated(sortedUnique(r), false)
	return a.bypassReversible(l, r)
}

// bypassReversible returns the canonical form of {l | r} for canonical
// options without dominated ones, where some value is not a number.
func (a *arena) bypassReversible(l, r []Game) Game {
	for {
		changed := false
		var nl, nr []Game
		for _, gl := range l {
			rev := false
			for _, glr := range a.rightOpts(gl) {
				if a.leqPend(glr, l, r) {
					nl = append(nl, a.leftOpts(glr)...)
					rev = true
					break
				}
			}
			if rev {
				changed = true
			} else {
				nl = append(nl, gl)
			}
		}
		for _, gr := range r {
			rev := false
			for _, grl := range a.leftOpts(gr) {
				if a.pendLeq(l, r, grl) {
					nr = append(nr, a.rightOpts(grl)...)
					rev = true
					break
				}
			}
			if rev {
				changed = true
			} else {
				nr = append(nr, gr)
			}
		}
		if !changed {
			break
		}
		l = a.removeDominated(sortedUnique(nl), true)
		r = a.removeDominated(sortedUnique(nr), false)
	}
	if g, ok := a.allNumbers(l, r); ok {
		return g
	}
	return a.internRaw(l, r)
}

// allNumbers handles option lists made only of numbers: the simplest
// number between them, or the switch {max L | min R}.
func (a *arena) allNumbers(l, r []Game) (Game, bool) {
	// The bounds are kept by value (a pointer to a copy per option sent
	// every copy to the heap).
	var lo, hi Dyadic
	hasLo, hasHi := false, false
	for _, g := range l {
		n := &a.nodes[g]
		if !n.isNum {
			return 0, false
		}
		if !hasLo || n.num.Cmp(lo) > 0 {
			lo, hasLo = n.num, true
		}
	}
	for _, g := range r {
		n := &a.nodes[g]
		if !n.isNum {
			return 0, false
		}
		if !hasHi || n.num.Cmp(hi) < 0 {
			hi, hasHi = n.num, true
		}
	}
	if !hasLo || !hasHi || lo.Cmp(hi) < 0 {
		var lp, hp *Dyadic
		if hasLo {
			lp = &lo
		}
		if hasHi {
			hp = &hi
		}
		return a.num(SimplestBetween(lp, hp)), true
	}
	return a.internRaw([]Game{a.num(lo)}, []Game{a.num(hi)}), true
}

// removeDominatedCross returns the undominated games among x and y, each
// already free of dominated games and duplicates, so that only pairs
// across the two lists need comparing. A game in both lists is kept once.
func (a *arena) removeDominatedCross(x, y []Game, left bool) []Game {
	out := make([]Game, 0, len(x)+len(y))
	for _, g := range x {
		dominated := false
		for _, h := range y {
			if g != h && (left && a.leq(g, h) || !left && a.leq(h, g)) {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, g)
		}
	}
	for _, h := range y {
		dominated := false
		for _, g := range x {
			if g == h || left && a.leq(h, g) || !left && a.leq(g, h) {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, h)
		}
	}
	return out
}

// removeDominated keeps the maximal (left) or minimal (right) options.
func (a *arena) removeDominated(opts []Game, left bool) []Game {
	if len(opts) < 2 {
		return opts
	}
	out := opts[:0:0]
	for i, g := range opts {
		dominated := false
		for j, h := range opts {
			if i == j {
				continue
			}
			if left && a.leq(g, h) || !left && a.leq(h, g) {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, g)
		}
	}
	return out
}

// ---- comparison ----

// leq reports g <= h for canonical games.
func (a *arena) leq(g, h Game) bool {
	if res, ok := a.leqQuick(g, h); ok {
		return res
	}
	a.step()
	// g <= h fails exactly when some gL >= h or some hR <= g. Look for a
	// witness among the comparisons that are settled without recursion
	// first: a deep search under one option is wasted when another option
	// is already known to refute.
	ng, nh := &a.nodes[g], &a.nodes[h]
	var gl, hr []Game
	switch {
	case nh.isNum: // g not a number: g <= x iff no gL >= x
		gl = ng.left
	case ng.isNum: // x <= h iff no hR <= x
		hr = nh.right
	default:
		gl, hr = ng.left, nh.right
	}
	// settled marks the options (gl first, then hr, up to 64) whose
	// comparison the first pass settled (as false), so the second pass
	// does not look them up again.
	var settled uint64
	res := true
	for i, o := range gl {
		if v, ok := a.leqQuick(h, o); ok {
			if v {
				res = false
				break
			}
			settled |= bit(i)
		}
	}
	if res {
		for i, o := range hr {
			if v, ok := a.leqQuick(o, g); ok {
				if v {
					res = false
					break
				}
				settled |= bit(len(gl) + i)
			}
		}
	}
	if res {
		for i, o := range gl {
			if settled&bit(i) == 0 {
				if a.leq(h, o) {
					res = false
					break
				}
			}
		}
	}
	if res {
		for i, o := range hr {
			if settled&bit(len(gl)+i) == 0 {
				if a.leq(o, g) {
					res = false
					break
				}
			}
		}
	}
	a.leqMemo.put(g, h, res)
	return res
}

// bit returns the mask of option i for leq's settled set: none past 63,
// so those options are always searched.
func bit(i int) uint64 {
	if i >= 64 {
		return 0
	}
	return 1 << i
}

// leqQuick settles g <= h without recursion when it can: equal games,
// numbers, stops, and the memo (in both directions, since distinct
// canonical games are never both <= each other).
func (a *arena) leqQuick(g, h Game) (res, ok bool) {
	if g == h {
		return true, true
	}
	ng, nh := &a.nodes[g], &a.nodes[h]
	if ng.isNum && nh.isNum {
		return ng.num.Cmp(nh.num) <= 0, true
	}
	// Stops settle most comparisons at once: g <= h forces both stops of
	// g to be at most those of h, and LS(g) < RS(h) puts a number between.
	sg, sh := a.stopsOf(g), a.stopsOf(h)
	if sg[0].Cmp(sh[0]) > 0 || sg[1].Cmp(sh[1]) > 0 {
		return false, true
	}
	if sg[0].Cmp(sh[1]) < 0 {
		return true, true
	}
	if a.fast {
		if p, ok := a.nusParts(g); ok {
			if q, ok := a.nusParts(h); ok {
				return nusLeq(p, q), true
			}
		}
	}
	return a.leqMemo.get(g, h)
}

// pendLeq reports G <= h where G = {l | r} is not yet canonical.
func (a *arena) pendLeq(l, r []Game, h Game) bool {
	for _, gl := range l {
		if a.leq(h, gl) {
			return false
		}
	}
	for _, hr := range a.rightOpts(h) {
		if a.leqPend(hr, l, r) {
			return false
		}
	}
	return true
}

// leqPend reports h <= G where G = {l | r} is not yet canonical.
func (a *arena) leqPend(h Game, l, r []Game) bool {
	for _, gr := range r {
		if a.leq(gr, h) {
			return false
		}
	}
	for _, hl := range a.leftOpts(h) {
		if a.pendLeq(l, r, hl) {
			return false
		}
	}
	return true
}

// ---- arithmetic ----

func (a *arena) negate(g Game) Game {
	n := &a.nodes[g]
	if n.negReady {
		return n.neg
	}
	var res Game
	if n.isNum {
		res = a.num(n.num.Neg())
	} else if p, ok := a.nusParts(g); ok && a.fast {
		res = a.nusGame(p.x.Neg(), -p.u, p.n)
	} else {
		l, r := a.nodes[g].left, a.nodes[g].right
		nl := make([]Game, len(r))
		for i, x := range r {
			nl[i] = a.negate(x)
		}
		nr := make([]Game, len(l))
		for i, x := range l {
			nr[i] = a.negate(x)
		}
		res = a.internRaw(nl, nr)
	}
	a.nodes[g].neg, a.nodes[g].negReady = res, true
	a.nodes[res].neg, a.nodes[res].negReady = g, true
	return res
}

func (a *arena) sum(g, h Game) Game {
	if g == Zero {
		return h
	}
	if h == Zero {
		return g
	}
	ng, nh := &a.nodes[g], &a.nodes[h]
	if ng.isNum && nh.isNum {
		return a.num(ng.num.Add(nh.num))
	}
	if a.fast {
		if p, ok := a.nusParts(g); ok {
			if q, ok := a.nusParts(h); ok {
				if r, ok := nusSum(p, q); ok {
					return a.nusGame(r.x, r.u, r.n)
				}
			}
		}
	}
	if g > h {
		g, h = h, g
	}
	key := uint64(g)<<32 | uint64(h)
	if v, ok := a.add.get(key); ok {
		return v
	}
	var res Game
	ng, nh = &a.nodes[g], &a.nodes[h]
	switch {
	case ng.isNum || nh.isNum:
		// Number translation: x + H = {x + H^L | x + H^R}, canonical as is.
		x, hh := g, h
		if nh.isNum {
			x, hh = h, g
		}
		hl, hr := a.nodes[hh].left, a.nodes[hh].right
		l := make([]Game, len(hl))
		for i, o := range hl {
			l[i] = a.sum(x, o)
		}
		r := make([]Game, len(hr))
		for i, o := range hr {
			r[i] = a.sum(x, o)
		}
		res = a.internRaw(l, r)
	default:
		// The options G^L + H are pairwise incomparable and distinct, as
		// G's are and adding H preserves order; so are G + H^L. Only
		// pairs across the two families can dominate each other.
		gl, gr := a.nodes[g].left, a.nodes[g].right
		hl, hr := a.nodes[h].left, a.nodes[h].right
		l := make([]Game, len(gl)+len(hl)+len(gr)+len(hr))
		r := l[len(gl)+len(hl):]
		for i, o := range gl {
			l[i] = a.sum(o, h)
		}
		for i, o := range hl {
			l[len(gl)+i] = a.sum(g, o)
		}
		for i, o := range gr {
			r[i] = a.sum(o, h)
		}
		for i, o := range hr {
			r[len(gr)+i] = a.sum(g, o)
		}
		l = l[:len(gl)+len(hl)]
		if v, ok := a.allNumbers(l, r); ok {
			res = v
		} else {
			res = a.bypassReversible(
				a.removeDominatedCross(l[:len(gl)], l[len(gl):], true),
				a.removeDominatedCross(r[:len(gr)], r[len(gr):], false))
		}
	}
	a.add.put(key, res)
	return res
}

// ---- public API ----

// New returns the canonical form of the game {left | right}.
func New(left, right []Game) Game {
	defer lock()()
	return ar.construct(left, right)
}

// Number returns the number d as a game.
func Number(d Dyadic) Game {
	defer lock()()
	return ar.num(d)
}

// Int returns the integer n as a game.
func Int(n int64) Game { return Number(DyadicInt(n)) }

// Add returns g + h.
func (g Game) Add(h Game) Game {
	defer lock()()
	return ar.sum(g, h)
}

// Sum returns the sum of the games (0 for none).
func Sum(gs ...Game) Game {
	defer lock()()
	s := Zero
	for _, g := range gs {
		s = ar.sum(s, g)
	}
	return s
}

// Neg returns -g.
func (g Game) Neg() Game {
	defer lock()()
	return ar.negate(g)
}

// Sub returns g - h.
func (g Game) Sub(h Game) Game {
	defer lock()()
	return ar.sum(g, ar.negate(h))
}

// Leq reports whether g <= h.
func (g Game) Leq(h Game) bool {
	defer lock()()
	return ar.leq(g, h)
}

// Relation is the result of comparing two games.
type Relation int8

// The four possible relations between two games.
const (
	Less Relation = iota
	Equal
	Greater
	Confused
)

// String returns "<", "=", ">" or "||".
func (r Relation) String() string {
	switch r {
	case Less:
		return "<"
	case Equal:
		return "="
	case Greater:
		return ">"
	}
	return "||"
}

// Compare returns how g relates to h.
func (g Game) Compare(h Game) Relation {
	defer lock()()
	return ar.compare(g, h)
}

func (a *arena) compare(g, h Game) Relation {
	if g == h {
		return Equal
	}
	le, ge := a.leq(g, h), a.leq(h, g)
	switch {
	case le && ge:
		return Equal // unreachable for canonical forms
	case le:
		return Less
	case ge:
		return Greater
	}
	return Confused
}

// Outcome is the outcome class of a game.
type Outcome int8

// Outcome classes: Left wins, Right wins, the next player wins, the
// previous player wins.
const (
	OutcomeL Outcome = iota
	OutcomeR
	OutcomeN
	OutcomeP
)

// String returns "L", "R", "N" or "P".
func (o Outcome) String() string { return [...]string{"L", "R", "N", "P"}[o] }

// Outcome returns the outcome class of g.
func (g Game) Outcome() Outcome {
	defer lock()()
	return ar.outcome(g)
}

func (a *arena) outcome(g Game) Outcome {
	switch a.compare(g, Zero) {
	case Greater:
		return OutcomeL
	case Less:
		return OutcomeR
	case Equal:
		return OutcomeP
	}
	return OutcomeN
}

// LeftOptions returns the canonical Left options of g (a new slice).
func (g Game) LeftOptions() []Game {
	defer lock()()
	return slices.Clone(ar.leftOpts(g))
}

// RightOptions returns the canonical Right options of g (a new slice).
func (g Game) RightOptions() []Game {
	defer lock()()
	return slices.Clone(ar.rightOpts(g))
}

// IsNumber reports whether g is a number.
func (g Game) IsNumber() bool {
	defer lock()()
	return ar.nodes[g].isNum
}

// Number returns g's value when g is a number.
func (g Game) Number() (Dyadic, bool) {
	defer lock()()
	n := &ar.nodes[g]
	return n.num, n.isNum
}

// Birthday returns the birthday of g when it fits in an int64, and
// math.MaxInt64 otherwise (only numbers with an integer part near 2^63, and
// games built on them, are born that late). BirthdayInt64 says whether it
// fits and BirthdayBig is always exact.
func (g Game) Birthday() int64 {
	defer lock()()
	if b := ar.birthday(g); b >= 0 {
		return b
	}
	return math.MaxInt64
}

// BirthdayInt64 returns the birthday of g and true when it fits in an
// int64, or 0 and false (use BirthdayBig).
func (g Game) BirthdayInt64() (int64, bool) {
	defer lock()()
	if b := ar.birthday(g); b >= 0 {
		return b, true
	}
	return 0, false
}

// BirthdayBig returns the exact birthday of g (a new big.Int).
func (g Game) BirthdayBig() *big.Int {
	defer lock()()
	return new(big.Int).Set(ar.birthdayBig(g))
}

// birthday returns g's birthday, or bigBirthday when it does not fit.
func (a *arena) birthday(g Game) int64 {
	n := &a.nodes[g]
	if n.birthday != -1 {
		return n.birthday
	}
	var b int64
	if n.isNum {
		b = numberBirthday(n.num)
	} else if p, ok := a.nusParts(g); ok && p.u == 0 && a.fast {
		// x + *k is born k days after x (the row builder sets this
		// unless it overflows; this is the other case).
		bx := a.birthday(a.num(p.x))
		if bx < 0 || bx > math.MaxInt64-int64(p.n) {
			b = bigBirthday
		} else {
			b = bx + int64(p.n)
		}
	} else {
		for _, side := range [2][]Game{n.left, n.right} {
			for _, o := range side {
				ob := a.birthday(o)
				if ob < 0 {
					b = bigBirthday
					break
				}
				b = max(b, ob)
			}
			if b < 0 {
				break
			}
		}
		if b >= 0 {
			if b == math.MaxInt64 {
				b = bigBirthday
			} else {
				b++
			}
		}
	}
	a.nodes[g].birthday = b
	return b
}

// birthdayBig returns g's exact birthday (shared; callers copy it).
func (a *arena) birthdayBig(g Game) *big.Int {
	if b := a.birthday(g); b >= 0 {
		return big.NewInt(b)
	}
	if v, ok := a.bigBday[g]; ok {
		return v
	}
	n := &a.nodes[g]
	var b *big.Int
	switch p, ok := a.nusParts(g); {
	case n.isNum:
		b = numberBirthdayBig(n.num)
	case ok && p.u == 0:
		b = new(big.Int).Add(a.birthdayBig(a.num(p.x)), big.NewInt(int64(p.n)))
	default:
		b = new(big.Int)
		for _, side := range [2][]Game{n.left, n.right} {
			for _, o := range side {
				if ob := a.birthdayBig(o); ob.Cmp(b) > 0 {
					b.Set(ob)
				}
			}
		}
		b.Add(b, big.NewInt(1))
	}
	a.bigBday[g] = b
	return b
}

// numberBirthday: an integer n is born on day |n|; m/2^k (k >= 1) on day
// |integer part toward zero| + k + 1. It returns bigBirthday when that
// does not fit in an int64.
func numberBirthday(d Dyadic) int64 {
	if d.big == nil && d.num != math.MinInt64 {
		ip := abs64(d.num) >> d.exp // |integer part|, toward zero
		if d.exp == 0 {
			return ip
		}
		if ip <= math.MaxInt64-int64(d.exp)-1 {
			return ip + int64(d.exp) + 1
		}
	}
	b := numberBirthdayBig(d)
	if !b.IsInt64() {
		return bigBirthday
	}
	return b.Int64()
}

func numberBirthdayBig(d Dyadic) *big.Int {
	abs := d
	if d.Sign() < 0 {
		abs = d.Neg()
	}
	b := abs.Floor().bigNum()
	if !d.IsInteger() {
		b.Add(b, new(big.Int).SetUint64(uint64(d.Exp())+1))
	}
	return b
}

// IsInfinitesimal reports whether g is infinitesimal: not a number... more
// precisely, whether -x < g < x for every positive number x, and g != 0.
func (g Game) IsInfinitesimal() bool {
	defer lock()()
	if g == Zero || ar.nodes[g].isNum {
		return false
	}
	s := ar.stopsOf(g)
	return s[0].Sign() == 0 && s[1].Sign() == 0
}
