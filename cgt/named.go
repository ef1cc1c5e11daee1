package cgt

// nusKey identifies the infinitesimal ^u + *n (u may be negative).
type nusKey struct{ u, n int }

// nusInfo records whether a game is number + ups + nimber.
type nusInfo struct {
	ok bool
	x  Dyadic
	u  int
	n  int
}

// Up returns u copies of ^ (u < 0 gives -u copies of v).
func Up(u int) Game {
	defer lock()()
	return ar.ups(u, 0)
}

// Nus returns x + u·^ + *n, the number-ups-star form CGSuite prints as
// juxtaposition (for example 73/16v9*8).
func Nus(x Dyadic, u, n int) Game {
	defer lock()()
	return ar.sum(ar.num(x), ar.ups(u, n))
}

// ups returns ^u + *n, memoized.
func (a *arena) ups(u, n int) Game {
	if u == 0 {
		return a.star(n)
	}
	k := nusKey{u, n}
	if g, ok := a.nusGames[k]; ok {
		return g
	}
	var g Game
	switch {
	case n != 0:
		g = a.sum(a.ups(u, 0), a.star(n))
	case u == 1:
		g = a.construct([]Game{Zero}, []Game{a.star(1)})
	case u == -1:
		g = a.negate(a.ups(1, 0))
	case u > 1:
		// Build by halves so that large multiples stay cheap.
		h := u / 2
		g = a.sum(a.ups(h, 0), a.ups(u-h, 0))
	default:
		g = a.negate(a.ups(-u, 0))
	}
	a.nusGames[k] = g
	return g
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

// nusOf recognizes g as x + ^u + *n.
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
	return info
}

// infinitesimalNus recognizes an infinitesimal g (both stops 0) as ^u*n by
// trying the candidates suggested by its options.
func (a *arena) infinitesimalNus(g Game) nusInfo {
	l, r := a.nodes[g].left, a.nodes[g].right
	// Nimbers: *n = {0,*,...,*(n-1) | same}.
	if len(l) == len(r) && a.star(len(l)) == g {
		return nusInfo{ok: true, n: len(l)}
	}
	tried := map[int]bool{}
	try := func(u int) (nusInfo, bool) {
		if u == 0 || tried[u] {
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
		if len(dn.left) == len(dn.right) && a.star(len(dn.left)) == d {
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
