package loopy

import (
	"slices"

	"github.com/mathgo/mathgo/cgt"
)

// The order in which CGSuite prints options.
//
// Short options come first, in CGSuite's DeterministicOrdering of short
// games (numbers by value, then nimbers, then uptimals by their expansion,
// then the rest by their sorted option lists). Loopy options follow,
// compared by CGSuite's hashCode difference (a 32-bit subtraction); the
// hash of a canonical stopper is Scala's case-class hash of
// CanonicalStopperImpl(loopyGame), where loopyGame hashes as
// Bigraph.hashCodeIsomorphismInvariant. The list is sorted as
// java.util.Arrays.sort sorts short lists (a binary insertion sort after
// the first run), starting from the iteration order of a java.util.HashSet.

// sortedOptions returns the options of v in CGSuite's print order.
func (p *printer) sortedOptions(v int, left bool) []int {
	s := p.s
	opts := slices.Clone(s.graph().opts(v, left))
	hashes := make(map[int]int32, len(opts))
	for _, o := range opts {
		hashes[o] = p.optionHash(o)
	}
	// HashSet iteration order: by bucket of the spread hash code.
	bucket := func(o int) int32 {
		h := graphHash(s.graph(), o)
		return (h ^ int32(uint32(h)>>16)) & 15
	}
	slices.SortStableFunc(opts, func(a, b int) int { return int(bucket(a) - bucket(b)) })
	cmp := func(a, b int) int {
		xa, sa := s.shortAt(a)
		xb, sb := s.shortAt(b)
		switch {
		case sa && sb:
			if p.order == nil {
				p.order = newShortOrder()
			}
			return p.order.compare(xa, xb)
		case sa:
			return -1
		case sb:
			return 1
		}
		return int(hashes[a] - hashes[b])
	}
	javaSort(opts, cmp)
	return opts
}

// javaSort sorts as java.util.TimSort sorts fewer than 32 elements.
func javaSort(a []int, cmp func(x, y int) int) {
	n := len(a)
	if n < 2 {
		return
	}
	runHi := 1
	if cmp(a[1], a[0]) < 0 {
		runHi = 2
		for runHi < n && cmp(a[runHi], a[runHi-1]) < 0 {
			runHi++
		}
		slices.Reverse(a[:runHi])
	} else {
		runHi = 2
		for runHi < n && cmp(a[runHi], a[runHi-1]) >= 0 {
			runHi++
		}
	}
	for start := runHi; start < n; start++ {
		pivot := a[start]
		lo, hi := 0, start
		for lo < hi {
			mid := int(uint(lo+hi) >> 1)
			if cmp(pivot, a[mid]) < 0 {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		copy(a[lo+1:start+1], a[lo:start])
		a[lo] = pivot
	}
}

// shortOrder is CGSuite's DeterministicOrdering of short games, memoized
// (the order of two games compares their sorted option lists, which
// compare their options' lists, and so on).
type shortOrder struct {
	cmp    map[[2]cgt.Game]int
	sorted map[cgt.Game][2][]cgt.Game
	kind   map[cgt.Game]int
}

func newShortOrder() *shortOrder {
	return &shortOrder{cmp: map[[2]cgt.Game]int{}, sorted: map[cgt.Game][2][]cgt.Game{}, kind: map[cgt.Game]int{}}
}

// shortCompare orders two short games (a fresh memo; use a shortOrder for
// many comparisons).
func shortCompare(a, b cgt.Game) int { return newShortOrder().compare(a, b) }

func (o *shortOrder) compare(a, b cgt.Game) int {
	if a == b {
		return 0
	}
	k := [2]cgt.Game{a, b}
	if c, ok := o.cmp[k]; ok {
		return c
	}
	c := o.compareNew(a, b)
	o.cmp[k] = c
	return c
}

func (o *shortOrder) compareNew(a, b cgt.Game) int {
	ka, kb := o.kindOf(a), o.kindOf(b)
	if ka != kb {
		return ka - kb
	}
	switch ka {
	case 0:
		x, _ := a.Number()
		y, _ := b.Number()
		return x.Cmp(y)
	case 1:
		_, _, n, _ := a.NusParts()
		_, _, m, _ := b.NusParts()
		return n - m
	case 2:
		xa, ua, na, _ := a.NusParts()
		xb, ub, nb, _ := b.NusParts()
		if c := xa.Cmp(xb); c != 0 {
			return c
		}
		la, lb := 0, 0
		if ua != 0 {
			la = 1
		}
		if ub != 0 {
			lb = 1
		}
		if la == 1 && lb == 1 && ua != ub {
			return ua - ub
		}
		if la != lb {
			return la - lb
		}
		return na - nb
	}
	sa, sb := o.sortedOpts(a), o.sortedOpts(b)
	if c := o.compareLists(sa[0], sb[0]); c != 0 {
		return c
	}
	return o.compareLists(sa[1], sb[1])
}

func (o *shortOrder) kindOf(g cgt.Game) int {
	if k, ok := o.kind[g]; ok {
		return k
	}
	k := shortKind(g)
	o.kind[g] = k
	return k
}

// sortedOpts returns the Left and Right options of g in order.
func (o *shortOrder) sortedOpts(g cgt.Game) [2][]cgt.Game {
	if s, ok := o.sorted[g]; ok {
		return s
	}
	s := [2][]cgt.Game{o.sort(g.LeftOptions()), o.sort(g.RightOptions())}
	o.sorted[g] = s
	return s
}

func (o *shortOrder) sort(gs []cgt.Game) []cgt.Game {
	out := slices.Clone(gs)
	slices.SortStableFunc(out, o.compare)
	return out
}

// shortKind: 0 number, 1 nimber, 2 other uptimal (x + ^u + *n), 3 other.
func shortKind(g cgt.Game) int {
	if g.IsNumber() {
		return 0
	}
	x, u, _, ok := g.NusParts()
	switch {
	case !ok:
		return 3
	case u == 0 && x.Sign() == 0:
		return 1
	}
	return 2
}

func sortedShort(gs []cgt.Game) []cgt.Game { return newShortOrder().sort(gs) }

func (o *shortOrder) compareLists(a, b []cgt.Game) int {
	for i := 0; i < len(a) || i < len(b); i++ {
		switch {
		case i >= len(a):
			return -1
		case i >= len(b):
			return 1
		}
		if c := o.compare(a[i], b[i]); c != 0 {
			return c
		}
	}
	return 0
}

// ---- CGSuite's hash codes ----

const (
	minisigBase     int32 = -962764907
	leftOneCycle    int32 = -742481099
	rightOneCycle   int32 = -121939996
	loptMultiplier  int32 = -1692903693
	roptMultiplier  int32 = 1419677861
	eoptMultiplier  int32 = 1161334719
	oneCycleFullsig int32 = 1567540980
	productSeed     int32 = -889275714 // 0xcafebabe
)

// graphHash is Bigraph.hashCodeIsomorphismInvariant(v): the signatures of
// the vertices reachable from v, XORed, with v's doubled.
func graphHash(g *graph, v int) int32 {
	seen := g.reach(v)
	var hc int32
	for u := range g.n() {
		switch {
		case u == v:
			hc ^= vertexSignature(g, u) << 1
		case seen[u]:
			hc ^= vertexSignature(g, u)
		}
	}
	return hc
}

func vertexSignature(g *graph, v int) int32 {
	var lsig, rsig int32
	for _, t := range g.left[v] {
		if t == v {
			lsig += oneCycleFullsig
		} else {
			lsig += vertexMinisig(g, t)
		}
	}
	for _, t := range g.right[v] {
		if t == v {
			rsig += oneCycleFullsig
		} else {
			rsig += vertexMinisig(g, t)
		}
	}
	return lsig<<2 + rsig<<1 + vertexMinisig(g, v)
}

func vertexMinisig(g *graph, v int) int32 {
	sig := minisigBase
	nl, nr := int32(len(g.left[v])), int32(len(g.right[v]))
	sig ^= nl * (nl + 1) * loptMultiplier
	sig ^= nr * (nr + 1) * roptMultiplier
	var e int32
	for _, t := range g.left[v] {
		if t == v {
			sig ^= leftOneCycle
		} else if slices.Contains(g.right[v], t) {
			e++
		}
	}
	for _, t := range g.right[v] {
		if t == v {
			sig ^= rightOneCycle
		}
	}
	sig ^= e * (e + 1) * eoptMultiplier
	return sig
}

func rotl(x int32, k uint) int32 { return int32(uint32(x)<<k | uint32(x)>>(32-k)) }

// mix and finalizeHash are scala.runtime.Statics' MurmurHash3 steps.
func mix(h, data int32) int32 {
	k := data * -862048943 // 0xcc9e2d51
	k = rotl(k, 15)
	k *= 461845907 // 0x1b873593
	h ^= k
	h = rotl(h, 13)
	return h*5 + -430675100 // 0xe6546b64
}

func finalizeHash(h int32, length int32) int32 {
	h ^= length
	h ^= int32(uint32(h) >> 16)
	h *= -2048144789 // 0x85ebca6b
	h ^= int32(uint32(h) >> 13)
	h *= -1028477387 // 0xc2b2ae35
	h ^= int32(uint32(h) >> 16)
	return h
}

func javaStringHash(s string) int32 {
	var h int32
	for _, c := range s {
		h = 31*h + int32(c)
	}
	return h
}

// productHash is the hash of a Scala case class with the given name and
// element hashes.
func productHash(name string, elems ...int32) int32 {
	h := mix(productSeed, javaStringHash(name))
	for _, e := range elems {
		h = mix(h, e)
	}
	return finalizeHash(h, int32(len(elems)))
}

// numberHash is the hash of a CGSuite dyadic rational object.
func numberHash(d cgt.Dyadic) int32 {
	if d.Sign() == 0 {
		return javaStringHash("ZeroImpl")
	}
	if d.IsInteger() {
		n, _ := d.Int64()
		return productHash("SmallIntegerImpl", int32(n))
	}
	k := d.Exp()
	num := d.Shift(int(k))
	n, _ := num.Int64()
	return productHash("DyadicRationalNumberImpl",
		productHash("SmallIntegerImpl", int32(n)), productHash("SmallIntegerImpl", int32(int64(1)<<k)))
}

// optionHash is the hash CGSuite orders a loopy option by.
func (p *printer) optionHash(v int) int32 {
	if ps, ok := p.s.pseudoAt(v); ok {
		switch ps.Kind {
		case PseudoOn:
			return javaStringHash("OnImpl")
		case PseudoOff:
			return javaStringHash("OffImpl")
		case PseudoOver:
			return productHash("OverNumberImpl", numberHash(ps.X), 1)
		case PseudoUnder:
			return productHash("OverNumberImpl", numberHash(ps.X), -1)
		}
		return numberHash(ps.X)
	}
	return productHash("CanonicalStopperImpl", graphHash(p.s.graph(), v))
}
