package cgt

import (
	"fmt"
	"math"
)

// Number + ups + nimber games ("nus", CGSuite's name) x + ^u + *n are the
// values of most cold Go positions and of every corridor, and their
// arithmetic has closed forms: (x + ^u + *n) + (y + ^v + *m) is
// (x+y) + ^(u+v) + *(n xor m), the negative is -x + ^(-u) + *n, and the
// order is that of the number part, then of the infinitesimal part, whose
// sign is known: ^u*n > 0 for u >= 2, and for u = 1 unless n = 1 (^* is
// confused with 0); *n (n > 0) is confused with 0. The canonical forms are
// known too (Conway, ONAG; Siegel, Combinatorial Game Theory, II.4):
//
//	x + *n    = {x, x+*, ..., x+*(n-1) | x, x+*, ..., x+*(n-1)}
//	x + ^*    = {x, x+* | x}
//	x + ^u*n  = {x | x + ^(u-1)*(n xor 1)}    for u >= 1 except ^*
//
// and their negatives for u < 0. The arena builds these forms directly
// (each from the next smaller one, so ^u*n costs O(u) games and *n O(n),
// with the option lists of x, x+*, x+*2, ... sharing one array) and marks
// every game it knows to be a nus (nusInfo), so that sums, negatives,
// comparisons, stops, thermographs and birthdays of marked games take
// constant time instead of the general algorithm. A test checks the forms
// and the arithmetic against the general algorithm.

// dyKey identifies a dyadic rational as a map key.
type dyKey struct {
	num int64
	exp uint32
	big string // the numerator's digits when it does not fit in int64
}

func keyOf(d Dyadic) dyKey {
	if d.big == nil {
		return dyKey{num: d.num, exp: d.exp}
	}
	return dyKey{exp: d.exp, big: d.big.String()}
}

// nusKey identifies the game x + ^u + *n (u may be negative).
type nusKey struct {
	x    dyKey
	u, n int
}

// nusInfo records whether a game is number + ups + nimber.
type nusInfo struct {
	ok bool
	x  Dyadic
	u  int
	n  int
}

// starRow holds x, x+*, x+*2, ... for one number x: games[k] = x + *k,
// whose option lists on both sides are games[:k], and hashes[k] the hash
// state of games[:k] (hashList), for k up to len(games). Every x + *k has a larger id than its
// options, so games is sorted by id and its prefixes serve as sorted option
// lists. Appending may move games to a new array; the nodes keep the old
// one, which stays valid since it is never written again.
type starRow struct {
	games  []Game
	hashes []uint64
}

// maxNus bounds the up count and nimber of a nus game the arena builds
// (each costs that many games); it is far above anything a Go position
// produces and keeps every count arithmetic below overflow.
const maxNus = 1 << 24

// Up returns u copies of ^ (u < 0 gives -u copies of v). It panics if |u|
// exceeds 2^24 (a programming error: ^u has u+1 positions).
func Up(u int) Game {
	defer lock()()
	return ar.nusGame(Dyadic{}, u, 0)
}

// Star returns the nimber *n (n >= 0). It panics if n is negative or
// exceeds 2^24 (a programming error: *n has n+1 positions).
func Star(n int) Game {
	defer lock()()
	return ar.star(n)
}

// Nus returns x + u·^ + *n, the number-ups-star form CGSuite prints as
// juxtaposition (for example 73/16v9*8). n must be >= 0; it panics if |u|
// or n exceeds 2^24.
func Nus(x Dyadic, u, n int) Game {
	defer lock()()
	return ar.nusGame(x, u, n)
}

func (a *arena) star(n int) Game { return a.nusGame(Dyadic{}, 0, n) }

// ups returns ^u + *n.
func (a *arena) ups(u, n int) Game { return a.nusGame(Dyadic{}, u, n) }

func checkNus(u, n int) {
	if n < 0 || n > maxNus || u > maxNus || u < -maxNus {
		panic(fmt.Sprintf("cgt: ^%d*%d is outside the supported range (nimbers 0..2^24, up counts up to 2^24)", u, n)) // unreachable from user input: the parser bounds literals, and sums stay in range (see nusSum)
	}
}

// nusGame returns x + ^u + *n, built from its canonical form.
func (a *arena) nusGame(x Dyadic, u, n int) Game {
	checkNus(u, n)
	if u == 0 && n == 0 {
		return a.num(x)
	}
	xk := keyOf(x)
	k := nusKey{x: xk, u: u, n: n}
	if g, ok := a.nusGames[k]; ok {
		return g
	}
	if u == 0 {
		return a.starOf(x, xk, n)
	}
	// Build x + ^i*(n_i) for i from the largest one known up to |u|, where
	// n_i = n xor ((|u|-i) mod 2), each from the one below.
	sign, m := 1, u
	if u < 0 {
		sign, m = -1, -u
	}
	nimAt := func(i int) int { return n ^ ((m - i) & 1) }
	i := m
	for i > 1 {
		if _, ok := a.nusGames[nusKey{x: xk, u: sign * (i - 1), n: nimAt(i - 1)}]; ok {
			break
		}
		i--
	}
	var g Game
	for ; i <= m; i++ {
		ni := nimAt(i)
		xg := a.num(x)
		switch {
		case i == 1 && ni == 1:
			// x^* = {x, x* | x} and xv* = {x | x, x*}.
			row := a.rowOf(x, xk, 2)
			two, one := row.games[:2:2], row.games[:1:1]
			if sign > 0 {
				g = a.internShared(two, one, hashPair(row.hashes[2], row.hashes[1]))
			} else {
				g = a.internShared(one, two, hashPair(row.hashes[1], row.hashes[2]))
			}
		case sign > 0:
			g = a.internRaw([]Game{xg}, []Game{a.nusGame(x, i-1, ni^1)})
		default:
			g = a.internRaw([]Game{a.nusGame(x, -(i - 1), ni^1)}, []Game{xg})
		}
		a.markNus(g, x, sign*i, ni)
		a.nusGames[nusKey{x: xk, u: sign * i, n: ni}] = g
	}
	return g
}

// starOf returns x + *n, extending x's row.
func (a *arena) starOf(x Dyadic, xk dyKey, n int) Game {
	return a.rowOf(x, xk, n+1).games[n]
}

// rowOf returns x's row with at least size games.
func (a *arena) rowOf(x Dyadic, xk dyKey, size int) *starRow {
	row := a.rows[xk]
	if row == nil {
		xg := a.num(x)
		row = &starRow{games: []Game{xg}, hashes: []uint64{hashSeed, hashStep(hashSeed, xg)}}
		a.rows[xk] = row
	}
	for k := len(row.games); k < size; k++ {
		h := row.hashes[k]
		opts := row.games[:k:k]
		g := a.internShared(opts, opts, hashPair(h, h))
		a.markNus(g, x, 0, k)
		if bx := a.birthday(row.games[0]); bx >= 0 && bx <= math.MaxInt64-int64(k) {
			a.nodes[g].birthday = bx + int64(k) // x + *k is born k days after x
		}
		row.games = append(row.games, g)
		row.hashes = append(row.hashes, hashStep(h, g))
		a.nusGames[nusKey{x: xk, n: k}] = g
	}
	return row
}

// markNus records that g is x + ^u + *n (not a number): its nus parts and
// stops.
func (a *arena) markNus(g Game, x Dyadic, u, n int) {
	nd := &a.nodes[g]
	nd.nus, nd.nusReady = nusInfo{ok: true, x: x, u: u, n: n}, true
	nd.stops, nd.stopReady = [2]Dyadic{x, x}, true
}

// nusParts returns g's nus parts when g is known to be a nus game: a
// number, or a game marked by the builders or by nusOf.
func (a *arena) nusParts(g Game) (nusInfo, bool) {
	n := &a.nodes[g]
	if n.isNum {
		return nusInfo{ok: true, x: n.num}, true
	}
	if n.nusReady && n.nus.ok {
		return n.nus, true
	}
	return nusInfo{}, false
}

// nusSum returns the parts of the sum of two nus games, or false when the
// up count would leave the supported range (the general algorithm then
// decides, however slowly).
func nusSum(p, q nusInfo) (nusInfo, bool) {
	u, n := p.u+q.u, p.n^q.n
	if u > maxNus || u < -maxNus || n > maxNus {
		return nusInfo{}, false
	}
	return nusInfo{ok: true, x: p.x.Add(q.x), u: u, n: n}, true
}

// nusLeq reports p <= q for nus games: q - p >= 0.
func nusLeq(p, q nusInfo) bool {
	if c := p.x.Cmp(q.x); c != 0 {
		return c < 0
	}
	u, n := q.u-p.u, q.n^p.n
	switch {
	case u == 0:
		return n == 0
	case u >= 2:
		return true
	case u == 1:
		return n != 1
	}
	return false
}

// Switch returns ±g = {g | -g}.
func Switch(g Game) Game {
	defer lock()()
	return ar.construct([]Game{g}, []Game{ar.negate(g)})
}

// Tiny returns Tiny(g) = {0 || 0 | -g}.
func Tiny(g Game) Game {
	defer lock()()
	return ar.tiny(g)
}

func (a *arena) tiny(g Game) Game {
	inner := a.construct([]Game{Zero}, []Game{a.negate(g)})
	return a.construct([]Game{Zero}, []Game{inner})
}

// Miny returns Miny(g) = {g | 0 || 0} = -Tiny(g).
func Miny(g Game) Game {
	defer lock()()
	return ar.negate(ar.tiny(g))
}

// nusOf recognizes g as x + ^u + *n. A game found to be one is marked and
// registered, so that the closed forms apply to it from then on.
func (a *arena) nusOf(g Game) nusInfo {
	n := &a.nodes[g]
	if n.nusReady {
		return n.nus
	}
	var info nusInfo
	switch {
	case n.isNum:
		info = nusInfo{ok: true, x: n.num}
	default:
		s := a.stopsOf(g)
		if s[0].Equal(s[1]) {
			x := s[0]
			if x.Sign() != 0 {
				h := a.sum(g, a.num(x.Neg()))
				hi := a.nusOf(h)
				if hi.ok {
					info = nusInfo{ok: true, x: x, u: hi.u, n: hi.n}
				}
			} else {
				info = a.infinitesimalNus(g)
			}
		}
	}
	a.nodes[g].nus, a.nodes[g].nusReady = info, true
	if info.ok && !a.nodes[g].isNum {
		if info.u <= maxNus && info.u >= -maxNus && info.n <= maxNus {
			a.nusGames[nusKey{x: keyOf(info.x), u: info.u, n: info.n}] = g
		}
	}
	return info
}

// infinitesimalNus recognizes an infinitesimal g (both stops 0) as ^u*n by
// trying the candidates suggested by its options.
func (a *arena) infinitesimalNus(g Game) nusInfo {
	l, r := a.nodes[g].left, a.nodes[g].right
	// Nimbers: *n = {0,*,...,*(n-1) | same}.
	if len(l) == len(r) && len(l) <= maxNus && a.star(len(l)) == g {
		return nusInfo{ok: true, n: len(l)}
	}
	tried := map[int]bool{}
	try := func(u int) (nusInfo, bool) {
		if u == 0 || tried[u] || u > maxNus || u < -maxNus {
			return nusInfo{}, false
		}
		tried[u] = true
		d := a.sum(g, a.negate(a.ups(u, 0)))
		dn := &a.nodes[d]
		if d == Zero {
			return nusInfo{ok: true, u: u}, true
		}
		if dn.isNum {
			return nusInfo{}, false
		}
		if len(dn.left) == len(dn.right) && len(dn.left) <= maxNus && a.star(len(dn.left)) == d {
			return nusInfo{ok: true, u: u, n: len(dn.left)}, true
		}
		return nusInfo{}, false
	}
	for _, side := range [][]Game{r, l} {
		for _, o := range side {
			oi := a.nusOf(o)
			if !oi.ok || oi.x.Sign() != 0 {
				continue
			}
			for _, u := range []int{oi.u + 1, oi.u - 1, oi.u} {
				if info, ok := try(u); ok {
					return info
				}
			}
		}
	}
	return nusInfo{}
}

// NusParts returns (x, u, n, true) when g = x + ^u + *n.
func (g Game) NusParts() (x Dyadic, ups int, nim int, ok bool) {
	defer lock()()
	i := ar.nusOf(g)
	return i.x, i.u, i.n, i.ok
}
