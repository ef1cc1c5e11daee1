package solve

// ttTable is the board search's transposition table: entries by state
// key, in one array probed linearly from the key's slot. A Go map of the
// same entries touches its control word and then its slot, two cache
// misses in a table of a million states; here a lookup reads one slot,
// or a few side by side. A nil table holds nothing.
type ttTable struct {
	slots []ttSlot
	shift uint // 64 - log2(len(slots))
	n     int  // entries, the key 0's included
	// The key 0 marks an empty slot: its entry is kept apart.
	zero    ttEntry
	hasZero bool
}

type ttSlot struct {
	key uint64
	e   ttEntry
}

// ttMinSlots is a new table's size; a table doubles when three quarters
// full (linear probing stays within a cache line or two).
const ttMinSlots = 1 << 10

func newTTTable() *ttTable {
	t := &ttTable{}
	t.resize(ttMinSlots)
	return t
}

// resize gives t n empty slots (a power of two).
func (t *ttTable) resize(n int) {
	t.slots = make([]ttSlot, n)
	t.shift = 64
	for ; n > 1; n >>= 1 {
		t.shift--
	}
}

// len returns the number of entries.
func (t *ttTable) len() int {
	if t == nil {
		return 0
	}
	return t.n
}

// home is the slot where the search for key k starts: the key's top bits
// after a multiplication (the keys are hashes, but their low bits are
// those of the ko point and the player to move).
func (t *ttTable) home(k uint64) int {
	return int((k * 0x9E3779B97F4A7C15) >> t.shift)
}

// get returns the entry of key k.
func (t *ttTable) get(k uint64) (ttEntry, bool) {
	if t == nil {
		return ttEntry{}, false
	}
	if k == 0 {
		return t.zero, t.hasZero
	}
	mask := len(t.slots) - 1
	for i := t.home(k); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.key == k {
			return s.e, true
		}
		if s.key == 0 {
			return ttEntry{}, false
		}
	}
}

// put sets the entry of key k.
func (t *ttTable) put(k uint64, e ttEntry) {
	if k == 0 {
		if !t.hasZero {
			t.n++
		}
		t.zero, t.hasZero = e, true
		return
	}
	if 4*(t.n+1) > 3*len(t.slots) {
		t.grow()
	}
	mask := len(t.slots) - 1
	for i := t.home(k); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.key == k {
			s.e = e
			return
		}
		if s.key == 0 {
			s.key, s.e = k, e
			t.n++
			return
		}
	}
}

// grow doubles the slots.
func (t *ttTable) grow() {
	old := t.slots
	t.resize(2 * len(old))
	mask := len(t.slots) - 1
	for _, s := range old {
		if s.key == 0 {
			continue
		}
		i := t.home(s.key)
		for t.slots[i].key != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = s
	}
}

// clone returns a copy of t (nil for nil).
func (t *ttTable) clone() *ttTable {
	if t == nil {
		return nil
	}
	c := *t
	c.slots = make([]ttSlot, len(t.slots))
	copy(c.slots, t.slots)
	return &c
}

// each calls fn with every entry.
func (t *ttTable) each(fn func(k uint64, e ttEntry)) {
	if t == nil {
		return
	}
	if t.hasZero {
		fn(0, t.zero)
	}
	for _, s := range t.slots {
		if s.key != 0 {
			fn(s.key, s.e)
		}
	}
}
