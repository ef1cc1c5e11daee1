package solve

// banIndex maps the keys of a BanGame's states to their indices. The
// exploration of a large sum asks it millions of times (a Go map with the
// struct key took half of NewBanGame's time on a 19x19 final with kos), so
// it is an open-addressing hash table with linear probing, each slot the
// key packed into 12 bytes and the index, in one cache line.
type banIndex struct {
	slots []banSlot
	n     int  // keys held
	shift uint // 64 - log2(len(slots))
}

// banSlot is one slot of a banIndex: val is the index plus one, 0 when
// empty (so that a new table needs no filling: make zeroes it).
type banSlot struct {
	tuple uint64
	meta  uint32
	val   int32
}

// banIndexMinBits is the log2 of a new table's size.
const banIndexMinBits = 8

func newBanIndex() *banIndex {
	x := &banIndex{}
	x.alloc(banIndexMinBits)
	return x
}

// alloc empties the table at 2^bits slots.
func (x *banIndex) alloc(bits uint) {
	x.slots = make([]banSlot, 1<<bits)
	x.shift = 64 - bits
	x.n = 0
}

// packMeta packs the key's fields other than the tuple: the banned tile
// (+1, up to 2^19), the banned point (+1, up to 1023: a 25x25 board has
// 625 points), the passes in a row (0 to 2) and the player to move.
func packMeta(k banKey) uint32 {
	m := uint32(uint16(k.banTile+1))<<13 | uint32(uint16(k.banPoint+1))<<3 | uint32(k.passes)<<1
	if k.black {
		m |= 1
	}
	return m
}

// slot returns the first slot to probe for a key.
func (x *banIndex) slot(tuple uint64, meta uint32) uint64 {
	h := tuple*0x9E3779B97F4A7C15 ^ uint64(meta)*0xC2B2AE3D27D4EB4F
	h ^= h >> 31
	h *= 0x94D049BB133111EB
	return h >> x.shift
}

// get returns the index of key k.
func (x *banIndex) get(k banKey) (int32, bool) {
	meta := packMeta(k)
	mask := uint64(len(x.slots) - 1)
	for i := x.slot(k.tuple, meta); ; i = (i + 1) & mask {
		sl := &x.slots[i]
		if sl.val == 0 {
			return 0, false
		}
		if sl.tuple == k.tuple && sl.meta == meta {
			return sl.val - 1, true
		}
	}
}

// put stores index v for key k, which the table does not hold.
func (x *banIndex) put(k banKey, v int32) {
	if 2*(x.n+1) > len(x.slots) {
		x.grow()
	}
	x.insert(banSlot{tuple: k.tuple, meta: packMeta(k), val: v + 1})
}

// insert places a key known to be absent.
func (x *banIndex) insert(s banSlot) {
	mask := uint64(len(x.slots) - 1)
	i := x.slot(s.tuple, s.meta)
	for x.slots[i].val != 0 {
		i = (i + 1) & mask
	}
	x.slots[i] = s
	x.n++
}

// grow doubles the table.
func (x *banIndex) grow() {
	old := x.slots
	x.alloc(64 - x.shift + 1)
	for _, s := range old {
		if s.val != 0 {
			x.insert(s)
		}
	}
}
