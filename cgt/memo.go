package cgt

import "slices"

// Open-addressing hash tables for the memo tables of the arena. They hold
// far more entries than any other table (millions for large sums), and a
// flat table of words is several times smaller and faster than a Go map:
// one probe usually settles a lookup and there are no per-entry pointers
// for the garbage collector to scan.

// The memo tables are caches: forgetting an entry costs only the time to
// compute it again. So that a long-lived process (a review of many
// positions, a GTP session, a server, a test binary) does not grow them
// without end, a table that is full at its largest size is cleared
// instead of doubled: maxLeqSlots and maxPairSlots bound them at 512 MB
// and 192 MB. Each holds tens of millions of entries, far more than one
// computation within the default budgets makes.
// (Variables so that a test can make them small.)
var (
	maxLeqSlots  = 1 << 26
	maxPairSlots = 1 << 24
)

// pairHash spreads a pair key over the table (Fibonacci hashing).
func pairHash(k uint64, shift uint) uint64 {
	return (k * 0x9E3779B97F4A7C15) >> shift
}

// leqTable memoizes comparisons of pairs of distinct games. One slot
// serves both g <= h and h <= g: it holds lo<<34 | hi<<4 | bits where
// lo < hi are the two ids and bits record, for each direction, whether it
// is known and its value. A slot is never 0 since hi > 0. Ids stay below
// 1<<30 (a table that large would need hundreds of gigabytes).
type leqTable struct {
	slots []uint64
	n     int
	shift uint
}

// Bits of a leqTable slot: whether lo <= hi is known and true, and the
// same for hi <= lo.
const (
	leqKnownLH = 1 << iota
	leqLH
	leqKnownHL
	leqHL
)

// leqKey returns the slot key of the pair and the bit offset (0 or 2) of
// the direction g <= h.
func leqKey(g, h Game) (k uint64, off uint) {
	if g < h {
		return uint64(g)<<30 | uint64(h), 0
	}
	return uint64(h)<<30 | uint64(g), 2
}

// get returns what is known about g <= h: the value of g <= h when known,
// and otherwise whether h <= g is known to hold, which refutes g <= h for
// distinct canonical games.
func (t *leqTable) get(g, h Game) (res, ok bool) {
	if t.n == 0 {
		return false, false
	}
	k, off := leqKey(g, h)
	mask := uint64(len(t.slots) - 1)
	for i := pairHash(k, t.shift); ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			return false, false
		}
		if s>>4 == k {
			b := s >> off
			if b&leqKnownLH != 0 {
				return b&leqLH != 0, true
			}
			if s>>(2-off)&(leqKnownLH|leqLH) == leqKnownLH|leqLH {
				return false, true
			}
			return false, false
		}
	}
}

func (t *leqTable) put(g, h Game, res bool) {
	if 4*(t.n+1) > 3*len(t.slots) {
		t.grow()
	}
	k, off := leqKey(g, h)
	bits := uint64(leqKnownLH)
	if res {
		bits |= leqLH
	}
	bits <<= off
	mask := uint64(len(t.slots) - 1)
	for i := pairHash(k, t.shift); ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			t.slots[i] = k<<4 | bits
			t.n++
			return
		}
		if s>>4 == k {
			t.slots[i] = s&^((leqKnownLH|leqLH)<<off) | bits
			return
		}
	}
}

func (t *leqTable) grow() {
	old := t.slots
	if len(old) >= maxLeqSlots {
		clear(t.slots)
		t.n = 0
		return
	}
	size := 2 * len(old)
	if size == 0 {
		size = 1 << 10
	}
	t.slots = make([]uint64, size)
	t.shift = uint(64 - log2(size))
	mask := uint64(size - 1)
	for _, s := range old {
		if s == 0 {
			continue
		}
		i := pairHash(s>>4, t.shift)
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = s
	}
}

// pairTable maps ordered pairs of games to a game (the memo for sums).
// Keys are g<<32 | h + 1 so that 0 marks an empty slot.
type pairTable struct {
	keys  []uint64
	vals  []Game
	n     int
	shift uint
}

func (t *pairTable) get(k uint64) (Game, bool) {
	if t.n == 0 {
		return 0, false
	}
	k++
	mask := uint64(len(t.keys) - 1)
	for i := pairHash(k, t.shift); ; i = (i + 1) & mask {
		s := t.keys[i]
		if s == 0 {
			return 0, false
		}
		if s == k {
			return t.vals[i], true
		}
	}
}

func (t *pairTable) put(k uint64, v Game) {
	if 4*(t.n+1) > 3*len(t.keys) {
		t.grow()
	}
	k++
	mask := uint64(len(t.keys) - 1)
	for i := pairHash(k, t.shift); ; i = (i + 1) & mask {
		switch t.keys[i] {
		case 0:
			t.keys[i], t.vals[i] = k, v
			t.n++
			return
		case k:
			t.vals[i] = v
			return
		}
	}
}

func (t *pairTable) grow() {
	oldK, oldV := t.keys, t.vals
	if len(oldK) >= maxPairSlots {
		clear(t.keys)
		t.n = 0
		return
	}
	size := 2 * len(oldK)
	if size == 0 {
		size = 1 << 10
	}
	t.keys = make([]uint64, size)
	t.vals = make([]Game, size)
	t.shift = uint(64 - log2(size))
	mask := uint64(size - 1)
	for j, k := range oldK {
		if k == 0 {
			continue
		}
		i := pairHash(k, t.shift)
		for t.keys[i] != 0 {
			i = (i + 1) & mask
		}
		t.keys[i], t.vals[i] = k, oldV[j]
	}
}

// log2 returns k with 1<<k == n for a power of two n.
func log2(n int) int {
	k := 0
	for n > 1 {
		n >>= 1
		k++
	}
	return k
}

// maxGames bounds the number of games so that two ids fit a leqTable slot.
const maxGames = 1 << 30

// optsTable interns non-number games by their option lists: a slot holds
// a game id, 0 marks an empty slot (game 0 is the number 0, never held
// here), and a lookup compares the candidate's options with the query.
type optsTable struct {
	slots []Game
	n     int
	shift uint
}

// Option lists are hashed word by word with a state that can be extended:
// the state after a prefix of a list is the state after the whole prefix,
// so a family whose option lists are prefixes of one another (the nimbers
// *0, *1, *2, ... and x + *k) is hashed in constant time per member.

// hashSeed is the state of the empty list.
const hashSeed uint64 = 0x84222325CBF29CE4

// hashStep extends the state h of a list by one more game.
func hashStep(h uint64, g Game) uint64 {
	h = (h ^ uint64(g)) * 0x100000001B3
	return h ^ h>>29
}

// hashList returns the state after the whole list.
func hashList(l []Game) uint64 {
	h := hashSeed
	for _, g := range l {
		h = hashStep(h, g)
	}
	return h
}

// hashPair combines the states of a Left and a Right list.
func hashPair(hl, hr uint64) uint64 {
	h := (hl ^ 0xFF) * 0x9E3779B97F4A7C15
	return (h ^ hr ^ hr>>31) * 0xBF58476D1CE4E5B9
}

// hashOpts hashes two sorted option lists.
func hashOpts(l, r []Game) uint64 { return hashPair(hashList(l), hashList(r)) }

func (t *optsTable) find(a *arena, l, r []Game, h uint64) (Game, bool) {
	if t.n == 0 {
		return 0, false
	}
	mask := uint64(len(t.slots) - 1)
	for i := pairHash(h, t.shift); ; i = (i + 1) & mask {
		g := t.slots[i]
		if g == 0 {
			return 0, false
		}
		if n := &a.nodes[g]; n.hash == h && slices.Equal(n.left, l) && slices.Equal(n.right, r) {
			return g, true
		}
	}
}

// insert adds g, which must not be present; its node holds its hash.
func (t *optsTable) insert(a *arena, g Game) {
	if 4*(t.n+1) > 3*len(t.slots) {
		old := t.slots
		size := 2 * len(old)
		if size == 0 {
			size = 1 << 10
		}
		t.slots = make([]Game, size)
		t.shift = uint(64 - log2(size))
		t.n = 0
		for _, o := range old {
			if o != 0 {
				t.put(a, o)
			}
		}
	}
	t.put(a, g)
}

func (t *optsTable) put(a *arena, g Game) {
	mask := uint64(len(t.slots) - 1)
	i := pairHash(a.nodes[g].hash, t.shift)
	for t.slots[i] != 0 {
		i = (i + 1) & mask
	}
	t.slots[i] = g
	t.n++
}
