package life

// inf is the proof or disproof number of a solved node: a node with
// phi == 0 is won by the player to move, one with delta == 0 is lost.
const inf uint32 = 1 << 30

// ttEntry is one transposition-table record. phi and delta are the proof
// and disproof numbers in negamax form (phi: how hard it is to prove that
// the player to move wins; delta: how hard to disprove it), md the minimal
// distance from the root at which the node was seen (Kishimoto and
// Müller's fix for repetitions), work the number of expansions spent in
// its subtree (the replacement priority), fam the defender's immediately
// winning points when the attacker is to move (forced attacker moves),
// full that the full static check (engine.static(true)) found no winner
// when the node was created, so that its first expansion need not run it
// again.
type ttEntry struct {
	key        uint64
	phi, delta uint32
	work       uint32
	md         uint16
	fam        [2]int16
	full       bool
}

// famUnknown marks fam as not computed yet; famNone as computed and empty.
const (
	famUnknown int16 = -3
	famNone    int16 = -2
)

// table is a fixed-size transposition table of 4-entry buckets; when a
// bucket is full the entry with the least work is replaced, so the table
// never grows and lost entries only cost re-search.
type table struct {
	e       []ttEntry
	mask    uint64
	used    int
	maxSize int
}

// newTable returns a small table that grows by doubling, while more than
// half full, up to maxSize entries (rounded to a power of two).
func newTable(maxSize int) *table {
	size := 1 << 12
	return &table{e: make([]ttEntry, size), mask: uint64(size - 1), maxSize: maxSize}
}

// grow doubles the table and reinserts its entries.
func (t *table) grow() {
	old := t.e
	size := 2 * len(old)
	t.e = make([]ttEntry, size)
	t.mask = uint64(size - 1)
	t.used = 0
	for _, e := range old {
		if e.key != 0 {
			t.put(e)
		}
	}
}

// get returns the entry for key.
func (t *table) get(key uint64) (ttEntry, bool) {
	i := key & t.mask &^ 3
	for j := uint64(0); j < 4; j++ {
		if t.e[i+j].key == key {
			return t.e[i+j], true
		}
	}
	return ttEntry{}, false
}

// put stores e, replacing the entry with the same key, an empty slot or the
// entry with the least work in its bucket.
func (t *table) put(e ttEntry) {
	i := e.key & t.mask &^ 3
	victim := i
	for j := uint64(0); j < 4; j++ {
		s := &t.e[i+j]
		if s.key == e.key {
			*s = e
			return
		}
		if s.key == 0 {
			*s = e
			t.used++
			if t.used > len(t.e)/2 && 2*len(t.e) <= t.maxSize {
				t.grow()
			}
			return
		}
		if s.work < t.e[victim].work {
			victim = i + j
		}
	}
	t.e[victim] = e
}
