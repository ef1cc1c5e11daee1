package cgt

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
)

// This file holds the operations on short games that CGSuite offers beyond
// sums and thermography (CanonicalShortGame in CGSuite): Norton and Conway
// products, ordinal sums, heating and overheating by games, companions,
// reduced canonical forms, uptimal powers, atomic weights in CGSuite's
// sense, followers and the parity and temper properties. Each follows
// CGSuite's definition on canonical forms, so the results print as
// CGSuite's do.

// ErrNotDefined is wrapped by the errors of operations that are not
// defined for their arguments (the atomic weight of a game that is not
// atomic, the power of a game that is not {0|H}, ...).
var ErrNotDefined = errors.New("not defined")

func notDefined(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrNotDefined, fmt.Sprintf(format, args...))
}

// maxDeep bounds the birthday of an argument whose options an operation
// recurses through (a number like 2^40 has 2^40 followers).
const maxDeep = 1 << 16

// checkDeep refuses an argument too old to recurse through.
func (a *arena) checkDeep(gs ...Game) error {
	for _, g := range gs {
		if b := a.birthday(g); b < 0 || b > maxDeep {
			return fmt.Errorf("%s is born after day %d: too deep to recurse through", a.format(g, false), maxDeep)
		}
	}
	return nil
}

// maxOptions bounds the options an operation of the expression language
// gives one game before it builds it (the removal of dominated options
// is quadratic in their number).
const maxOptions = 1 << 12

// checkOptions refuses an operation that would build a game with more
// than maxOptions options from options counts n.
func checkOptions(n int, what string) error {
	if n > maxOptions {
		return fmt.Errorf("%s would build a game with %d options (at most %d)", what, n, maxOptions)
	}
	return nil
}

func (a *arena) optionCount(g Game) int { return len(a.leftOpts(g)) + len(a.rightOpts(g)) }

// maxMultiple bounds the integer n of a Norton product n.U taken by
// repeated doubling (the games themselves bound the work; this bounds
// the loop).
const maxMultiple = 1 << 20

// NortonProduct returns CGSuite's Norton product G.U: n copies of U when
// G is an integer n, otherwise {G^L.U + U + I | G^R.U - U - I} over the
// incentives I of U. It is linear in G and, for U > 0, order-preserving.
// CGSuite writes n*U for the integer case.
func (g Game) NortonProduct(u Game) (Game, error) {
	defer lock()()
	return ar.nortonProduct(g, u, map[[2]Game]Game{})
}

func (a *arena) nortonProduct(g, u Game, memo map[[2]Game]Game) (Game, error) {
	if v, ok := memo[[2]Game{g, u}]; ok {
		return v, nil
	}
	if n := &a.nodes[g]; n.isNum && n.num.IsInteger() {
		k, ok := n.num.Int64()
		if !ok || k > maxMultiple || k < -maxMultiple {
			return 0, fmt.Errorf("the multiple %s is too large (at most %d)", n.num, maxMultiple)
		}
		res := a.multiple(k, u)
		memo[[2]Game{g, u}] = res
		return res, nil
	}
	inc := a.incentives(u)
	upi := make([]Game, len(inc))
	for i, x := range inc {
		upi[i] = a.sum(u, x)
	}
	var nl, nr []Game
	for _, o := range a.leftOpts(g) {
		p, err := a.nortonProduct(o, u, memo)
		if err != nil {
			return 0, err
		}
		for _, x := range upi {
			nl = append(nl, a.sum(p, x))
		}
	}
	for _, o := range a.rightOpts(g) {
		p, err := a.nortonProduct(o, u, memo)
		if err != nil {
			return 0, err
		}
		for _, x := range upi {
			nl2 := a.sum(p, a.negate(x))
			nr = append(nr, nl2)
		}
	}
	res := a.construct(nl, nr)
	memo[[2]Game{g, u}] = res
	return res, nil
}

// multiple returns k copies of u (k may be negative), by doubling.
func (a *arena) multiple(k int64, u Game) Game {
	if k < 0 {
		k, u = -k, a.negate(u)
	}
	res := Zero
	for k > 0 {
		if k&1 == 1 {
			res = a.sum(res, u)
		}
		k >>= 1
		if k > 0 {
			u = a.sum(u, u)
		}
	}
	return res
}

// Multiple returns k copies of g (CGSuite's k*G): -k copies of -g for
// negative k.
func (g Game) Multiple(k int64) Game {
	defer lock()()
	return ar.multiple(k, g)
}

// incentives returns CGSuite's incentives of g: the undominated ones among
// G^L - G and G - G^R.
func (a *arena) incentives(g Game) []Game {
	var all []Game
	ng := a.negate(g)
	for _, o := range a.leftOpts(g) {
		all = append(all, a.sum(o, ng))
	}
	for _, o := range a.rightOpts(g) {
		all = append(all, a.sum(g, a.negate(o)))
	}
	return a.removeDominated(sortedUnique(all), true)
}

// NimProduct returns the nim product of a and b (the Conway product of *a
// and *b is *(a ⊗ b)).
func NimProduct(a, b uint64) uint64 { return nimMul(a, b, 32) }

// nimMul multiplies a, b < 2^(2h) in the nim field, with X = 2^h a Fermat
// 2-power: (a1 X + a0)(b1 X + b0) = (a1b1 + a1b0 + a0b1) X + a0b0 + a1b1 (X/2),
// since X ⊗ X = X ⊕ X/2.
func nimMul(a, b uint64, h uint) uint64 {
	if a < 2 || b < 2 {
		return a * b
	}
	for h > 1 && a>>h == 0 && b>>h == 0 {
		h >>= 1
	}
	mask := uint64(1)<<h - 1
	a1, a0, b1, b0 := a>>h, a&mask, b>>h, b&mask
	p := nimMul(a1, b1, h/2)
	q := nimMul(a0, b0, h/2)
	r := nimMul(a1^a0, b1^b0, h/2)
	return (r^q)<<h | (q ^ nimMul(p, 1<<(h-1), h/2))
}

// ConwayProduct returns Conway's product of short games, G.H = {G^L H +
// G H^L - G^L H^L, G^R H + G H^R - G^R H^R | G^L H + G H^R - G^L H^R,
// G^R H + G H^L - G^R H^L}: the product of numbers for numbers, the nim
// product for nimbers. It depends on the forms of G and H (the canonical
// ones here, as in CGSuite).
func (g Game) ConwayProduct(h Game) Game {
	defer lock()()
	return ar.conwayProduct(g, h, map[[2]Game]Game{})
}

func (a *arena) conwayProduct(g, h Game, memo map[[2]Game]Game) Game {
	ng, nh := &a.nodes[g], &a.nodes[h]
	if ng.isNum && nh.isNum {
		p := new(big.Rat).Mul(ng.num.Rat(), nh.num.Rat())
		d, err := DyadicFromBig(p.Num(), p.Denom())
		if err == nil {
			return a.num(d)
		}
	}
	pg, okg := a.nusParts(g)
	ph, okh := a.nusParts(h)
	if okg && okh && pg.x.Sign() == 0 && pg.u == 0 && ph.x.Sign() == 0 && ph.u == 0 {
		return a.star(int(nimMul(uint64(pg.n), uint64(ph.n), 32)))
	}
	if v, ok := memo[[2]Game{g, h}]; ok {
		return v
	}
	gl, gr, hl, hr := a.leftOpts(g), a.rightOpts(g), a.leftOpts(h), a.rightOpts(h)
	term := func(x, y Game) Game {
		return a.sum(a.sum(a.conwayProduct(x, h, memo), a.conwayProduct(g, y, memo)), a.negate(a.conwayProduct(x, y, memo)))
	}
	var nl, nr []Game
	for _, x := range gl {
		for _, y := range hl {
			nl = append(nl, term(x, y))
		}
	}
	for _, x := range gr {
		for _, y := range hr {
			nl = append(nl, term(x, y))
		}
	}
	for _, x := range gl {
		for _, y := range hr {
			nr = append(nr, term(x, y))
		}
	}
	for _, x := range gr {
		for _, y := range hl {
			nr = append(nr, term(x, y))
		}
	}
	res := a.construct(nl, nr)
	memo[[2]Game{g, h}] = res
	return res
}

// OrdinalSum returns the ordinal sum G:H = {G^L, G:H^L | G^R, G:H^R}, on
// the canonical form of G (CGSuite's convention).
func (g Game) OrdinalSum(h Game) Game {
	defer lock()()
	return ar.ordinalSum(g, h, map[Game]Game{})
}

func (a *arena) ordinalSum(g, h Game, memo map[Game]Game) Game {
	if h == Zero {
		return g
	}
	if v, ok := memo[h]; ok {
		return v
	}
	if pg, ok := a.nusParts(g); ok && pg.u == 0 {
		if ph, ok := a.nusParts(h); ok && ph.x.Sign() == 0 && ph.u == 0 && pg.n+ph.n <= maxNus {
			// x+*m : *n = x + *(m+n).
			return a.sum(a.num(pg.x), a.star(pg.n+ph.n))
		}
	}
	l := slices.Clone(a.leftOpts(g))
	r := slices.Clone(a.rightOpts(g))
	for _, o := range a.leftOpts(h) {
		l = append(l, a.ordinalSum(g, o, memo))
	}
	for _, o := range a.rightOpts(h) {
		r = append(r, a.ordinalSum(g, o, memo))
	}
	res := a.construct(l, r)
	memo[h] = res
	return res
}

// HeatBy returns G heated by the game T: G itself when G is a number,
// otherwise {∫G^L + T | ∫G^R - T} (CGSuite's G.Heat(T); for a number T it
// equals Heat).
func (g Game) HeatBy(t Game) Game {
	defer lock()()
	return ar.heatByGame(g, t)
}

func (a *arena) heatByGame(g, t Game) Game {
	if n := &a.nodes[t]; n.isNum {
		return a.heatBy(g, n.num)
	}
	return a.heatGame(g, t, map[Game]Game{})
}

func (a *arena) heatGame(g, t Game, memo map[Game]Game) Game {
	if a.nodes[g].isNum {
		return g
	}
	if v, ok := memo[g]; ok {
		return v
	}
	nt := a.negate(t)
	var nl, nr []Game
	for _, o := range a.leftOpts(g) {
		nl = append(nl, a.sum(a.heatGame(o, t, memo), t))
	}
	for _, o := range a.rightOpts(g) {
		nr = append(nr, a.sum(a.heatGame(o, t, memo), nt))
	}
	res := a.construct(nl, nr)
	memo[g] = res
	return res
}

// Overheat returns G overheated from S to T: S.G (the Norton product, G
// copies of S) when G is an integer, otherwise {T + G^L overheated | -T +
// G^R overheated} (CGSuite's G.Overheat(S, T)).
func (g Game) Overheat(s, t Game) (Game, error) {
	defer lock()()
	return ar.overheat(g, s, t, map[Game]Game{})
}

func (a *arena) overheat(g, s, t Game, memo map[Game]Game) (Game, error) {
	if v, ok := memo[g]; ok {
		return v, nil
	}
	if n := &a.nodes[g]; n.isNum && n.num.IsInteger() {
		return a.nortonProduct(g, s, map[[2]Game]Game{})
	}
	nt := a.negate(t)
	var nl, nr []Game
	for _, o := range a.leftOpts(g) {
		x, err := a.overheat(o, s, t, memo)
		if err != nil {
			return 0, err
		}
		nl = append(nl, a.sum(x, t))
	}
	for _, o := range a.rightOpts(g) {
		x, err := a.overheat(o, s, t, memo)
		if err != nil {
			return 0, err
		}
		nr = append(nr, a.sum(x, nt))
	}
	res := a.construct(nl, nr)
	memo[g] = res
	return res, nil
}

// Companion returns CGSuite's companion of G: x + ^u*n stays when x != 0
// or n >= 2, ^u*n becomes ^u*(n xor 1) for n < 2, and otherwise {companions of G^L, and 0 if G >= 0
// | companions of G^R, and 0 if G <= 0}.
func (g Game) Companion() Game {
	defer lock()()
	return ar.companion(g, map[Game]Game{})
}

func (a *arena) companion(g Game, memo map[Game]Game) Game {
	if p, ok := a.nusOfCheap(g); ok {
		if p.x.Sign() != 0 || p.n >= 2 {
			return g
		}
		return a.nusGame(Dyadic{}, p.u, p.n^1)
	}
	if v, ok := memo[g]; ok {
		return v
	}
	var nl, nr []Game
	for _, o := range a.leftOpts(g) {
		nl = append(nl, a.companion(o, memo))
	}
	for _, o := range a.rightOpts(g) {
		nr = append(nr, a.companion(o, memo))
	}
	if a.leq(Zero, g) {
		nl = append(nl, Zero)
	}
	if a.leq(g, Zero) {
		nr = append(nr, Zero)
	}
	res := a.construct(nl, nr)
	memo[g] = res
	return res
}

// nusOfCheap returns g's nus parts, recognizing g when it is one.
func (a *arena) nusOfCheap(g Game) (nusInfo, bool) {
	i := a.nusOf(g)
	return i, i.ok
}

// ReducedCanonicalForm returns CGSuite's reduced canonical form: the
// number part of a number + ups + nimber, and otherwise the star
// projection of G heated by *.
func (g Game) ReducedCanonicalForm() Game {
	defer lock()()
	return ar.rcf(g)
}

func (a *arena) starProjection(g Game, memo map[Game]Game) Game {
	if a.nodes[g].isNum {
		return g
	}
	if p, ok := a.nusParts(g); ok && p.u == 0 && p.n == 1 {
		return a.num(p.x)
	}
	if v, ok := memo[g]; ok {
		return v
	}
	var nl, nr []Game
	for _, o := range a.leftOpts(g) {
		nl = append(nl, a.starProjection(o, memo))
	}
	for _, o := range a.rightOpts(g) {
		nr = append(nr, a.starProjection(o, memo))
	}
	res := a.construct(nl, nr)
	memo[g] = res
	return res
}

// maxPower bounds the exponent of Pow and PowTo (each costs O(n) games).
const maxPower = 1 << 12

// Pow returns CGSuite's G.Pow(n) for G = {0|H}: H's negative for n = 0,
// and {0 | H - G.PowTo(n-1)} otherwise; ^.Pow(n) is ↑ⁿ, printed ^<n>.
func (g Game) Pow(n int) (Game, error) {
	defer lock()()
	return ar.pow(g, n)
}

// PowTo returns CGSuite's G.PowTo(n) for G = {0|H}: 0 for n = 0, and
// {G.PowTo(n-1) | H} otherwise; ^.PowTo(n) is ↑ + ↑² + ... + ↑ⁿ, printed
// ^[n].
func (g Game) PowTo(n int) (Game, error) {
	defer lock()()
	return ar.powTo(g, n)
}

func (a *arena) zeroBar(g Game) (Game, error) {
	l, r := a.leftOpts(g), a.rightOpts(g)
	if len(l) != 1 || l[0] != Zero || len(r) != 1 {
		return 0, notDefined("%s is not of the form {0|H}", a.format(g, false))
	}
	return r[0], nil
}

func (a *arena) pow(g Game, n int) (Game, error) {
	h, err := a.zeroBar(g)
	if err != nil {
		return 0, err
	}
	if n < 0 || n > maxPower {
		return 0, fmt.Errorf("the exponent must be an integer from 0 to %d", maxPower)
	}
	if n == 0 {
		return a.negate(h), nil
	}
	p, err := a.powTo(g, n-1)
	if err != nil {
		return 0, err
	}
	return a.construct([]Game{Zero}, []Game{a.sum(h, a.negate(p))}), nil
}

func (a *arena) powTo(g Game, n int) (Game, error) {
	h, err := a.zeroBar(g)
	if err != nil {
		return 0, err
	}
	if n < 0 || n > maxPower {
		return 0, fmt.Errorf("the exponent must be an integer from 0 to %d", maxPower)
	}
	p := Zero
	for i := 1; i <= n; i++ {
		p = a.construct([]Game{p}, []Game{h})
	}
	return p, nil
}

// Followers returns every follower of g (g itself included), in printing
// order.
func (g Game) Followers() []Game {
	defer lock()()
	return newPrinter(ar, false).order(ar.followers(g))
}

// IsNumberish reports whether g is infinitesimally close to a number (its
// stops are equal).
func (g Game) IsNumberish() bool {
	defer lock()()
	s := ar.stopsOf(g)
	return s[0].Equal(s[1])
}

// IsInfinitesimalOrZero reports CGSuite's IsInfinitesimal: both stops are
// 0, so 0 itself counts (IsInfinitesimal excludes it).
func (g Game) IsInfinitesimalOrZero() bool {
	defer lock()()
	s := ar.stopsOf(g)
	return s[0].Sign() == 0 && s[1].Sign() == 0
}

// IsInteger reports whether g is an integer.
func (g Game) IsInteger() bool {
	defer lock()()
	n := &ar.nodes[g]
	return n.isNum && n.num.IsInteger()
}

// IsNimber reports whether g is a nimber *n (0 included).
func (g Game) IsNimber() bool {
	defer lock()()
	p, ok := ar.nusOfCheap(g)
	return ok && p.x.Sign() == 0 && p.u == 0
}

// IsNumberUpStar reports whether g is x + ^u + *n.
func (g Game) IsNumberUpStar() bool {
	defer lock()()
	_, ok := ar.nusOfCheap(g)
	return ok
}

// IsSwitch reports CGSuite's IsSwitch: g == -g.
func (g Game) IsSwitch() bool {
	defer lock()()
	return ar.negate(g) == g
}

// IsEven reports CGSuite's IsEven: every option odd, an even integer, or
// an odd integer plus *.
func (g Game) IsEven() bool {
	defer lock()()
	return ar.parity(g, true, map[parityKey]bool{})
}

// IsOdd reports CGSuite's IsOdd: every option even, an odd integer, or an
// even integer plus *.
func (g Game) IsOdd() bool {
	defer lock()()
	return ar.parity(g, false, map[parityKey]bool{})
}

type parityKey struct {
	g    Game
	even bool
}

func (a *arena) parity(g Game, even bool, memo map[parityKey]bool) bool {
	if p, ok := a.nusOfCheap(g); ok {
		if p.u != 0 || p.n > 1 || !p.x.IsInteger() {
			return false
		}
		k, ok := p.x.Int64()
		if !ok {
			return false
		}
		return ((k+int64(p.n))%2 == 0) == even
	}
	key := parityKey{g, even}
	if v, ok := memo[key]; ok {
		return v
	}
	res := true
	for _, o := range append(slices.Clone(a.leftOpts(g)), a.rightOpts(g)...) {
		if !a.parity(o, !even, memo) {
			res = false
			break
		}
	}
	memo[key] = res
	return res
}

// IsEvenTempered reports CGSuite's IsEvenTempered: a number, or every
// option odd-tempered.
func (g Game) IsEvenTempered() bool {
	defer lock()()
	return ar.tempered(g, true, map[parityKey]bool{})
}

// IsOddTempered reports CGSuite's IsOddTempered: a number plus *, or every
// option even-tempered.
func (g Game) IsOddTempered() bool {
	defer lock()()
	return ar.tempered(g, false, map[parityKey]bool{})
}

func (a *arena) tempered(g Game, even bool, memo map[parityKey]bool) bool {
	if p, ok := a.nusOfCheap(g); ok {
		if even {
			return p.u == 0 && p.n == 0
		}
		return p.u == 0 && p.n == 1
	}
	key := parityKey{g, even}
	if v, ok := memo[key]; ok {
		return v
	}
	res := true
	for _, o := range append(slices.Clone(a.leftOpts(g)), a.rightOpts(g)...) {
		if !a.tempered(o, !even, memo) {
			res = false
			break
		}
	}
	memo[key] = res
	return res
}

// AtomicWeightOf returns CGSuite's atomic weight: defined for atomic
// games, that is infinitesimal ones (0 included) that are all-small or
// lie within ^* plus a red kite of their naive atomic weight times ^. The
// error wraps ErrNotDefined otherwise.
func (g Game) AtomicWeightOf() (Game, error) {
	defer lock()()
	return ar.atomicWeightOf(g)
}

func (a *arena) atomicWeightOf(g Game) (Game, error) {
	s := a.stopsOf(g)
	if s[0].Sign() != 0 || s[1].Sign() != 0 {
		return 0, notDefined("the atomic weight of %s: the game is not infinitesimal", a.format(g, false))
	}
	memo := map[Game]Game{}
	fs := map[Game]int{}
	w := a.naiveAW(g, memo, fs)
	if a.allSmall(g, map[Game]bool{}) {
		return w, nil
	}
	wu, err := a.nortonProduct(w, a.ups(1, 0), map[[2]Game]Game{})
	if err != nil {
		return 0, err
	}
	diff := a.sum(g, a.negate(wu))
	far := a.farStar(g, fs)
	next := 2
	for next < far {
		next <<= 1
	}
	if next > maxNus {
		return 0, fmt.Errorf("the atomic weight of %s: a nimber beyond *%d would be needed", a.format(g, false), maxNus)
	}
	kite := a.ordinalSum(a.star(next), a.num(DyadicInt(-1)), map[Game]Game{})
	eps := a.sum(a.ups(1, 1), kite)
	if a.leq(diff, eps) && a.leq(a.negate(eps), diff) {
		return w, nil
	}
	return 0, notDefined("the atomic weight of %s: the game is not atomic", a.format(g, false))
}

// farStar returns CGSuite's far star index: one more than the largest
// nimber among g's followers, at least 1.
func (a *arena) farStar(g Game, memo map[Game]int) int {
	if p, ok := a.nusParts(g); ok && p.x.Sign() == 0 && p.u == 0 {
		return p.n + 1
	}
	if v, ok := memo[g]; ok {
		return v
	}
	f := 1
	for _, o := range append(slices.Clone(a.leftOpts(g)), a.rightOpts(g)...) {
		f = max(f, a.farStar(o, memo))
	}
	memo[g] = f
	return f
}

// naiveAW is CGSuite's naive atomic weight: the up count for a number +
// ups + nimber, otherwise {aw(G^L)-2 | aw(G^R)+2} adjusted by the far star
// when that is an integer.
func (a *arena) naiveAW(g Game, memo map[Game]Game, fs map[Game]int) Game {
	if p, ok := a.nusOfCheap(g); ok {
		return a.num(DyadicInt(int64(p.u)))
	}
	if v, ok := memo[g]; ok {
		return v
	}
	two, mtwo := a.num(DyadicInt(2)), a.num(DyadicInt(-2))
	var lw, rw []Game
	for _, o := range a.leftOpts(g) {
		lw = append(lw, a.sum(a.naiveAW(o, memo, fs), mtwo))
	}
	for _, o := range a.rightOpts(g) {
		rw = append(rw, a.sum(a.naiveAW(o, memo, fs), two))
	}
	w := a.construct(slices.Clone(lw), slices.Clone(rw))
	if n := &a.nodes[w]; n.isNum && n.num.IsInteger() {
		f := a.farStar(g, fs)
		fstar := a.star(f)
		le, ge := a.leq(g, fstar), a.leq(fstar, g)
		switch {
		case le && !ge:
			if len(lw) == 0 {
				w = Zero
			} else {
				w = a.num(a.integerAboveAll(lw))
			}
		case ge && !le:
			if len(rw) == 0 {
				w = Zero
			} else {
				w = a.num(a.integerBelowAll(rw))
			}
		}
	}
	memo[g] = w
	return w
}

// StopCount returns CGSuite's stop count: the number of leaves of the
// game tree of the canonical form (nimbers counted by formula).
func (g Game) StopCount() *big.Int {
	defer lock()()
	return new(big.Int).Set(ar.stopCount(g, map[Game]*big.Int{}))
}

func (a *arena) stopCount(g Game, memo map[Game]*big.Int) *big.Int {
	if p, ok := a.nusParts(g); ok && p.u == 0 {
		if p.n == 0 {
			return big.NewInt(1)
		}
		return new(big.Int).Mul(big.NewInt(2), new(big.Int).Exp(big.NewInt(3), big.NewInt(int64(p.n-1)), nil))
	}
	if v, ok := memo[g]; ok {
		return v
	}
	c := new(big.Int)
	for _, o := range append(slices.Clone(a.leftOpts(g)), a.rightOpts(g)...) {
		c.Add(c, a.stopCount(o, memo))
	}
	memo[g] = c
	return c
}
