package tiles

import (
	"slices"

	"github.com/mathgo/mathgo/cgt"
)

// entry is the memoized value of a region.
type entry struct {
	count, area cgt.Game
	settled     bool
	areaOK      bool   // area is valid (not skipped by areaLimit)
	label       string // set when the valuer answered, in its words
}

// memoTable maps region keys to entries: open addressing on the first
// half of the key, both halves compared, so a lookup costs no hashing.
// The slots hold the entries' games themselves (one cache line read per
// lookup); labels, rare, are kept aside.
type memoTable struct {
	slots  []memoSlot
	n      int
	labels []string
}

// memoSlot is one slot of a memoTable.
type memoSlot struct {
	k           regionKey
	count, area cgt.Game
	flags       uint32 // slotUsed, slotSettled, slotAreaOK
	label       uint32 // index in labels, 0 for none
}

// The flags of a memoSlot.
const (
	slotUsed = 1 << iota
	slotSettled
	slotAreaOK
)

// newMemoTable returns an empty memo table.
func newMemoTable() memoTable {
	return memoTable{slots: make([]memoSlot, 1024), labels: []string{""}}
}

// get returns the slot of k, or nil.
func (t *memoTable) get(k regionKey) *memoSlot {
	mask := uint64(len(t.slots) - 1)
	for i := k.a & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.flags == 0 {
			return nil
		}
		if s.k == k {
			return s
		}
	}
}

// entry returns the entry a slot holds.
func (t *memoTable) entry(s *memoSlot) *entry {
	return &entry{count: s.count, area: s.area, settled: s.flags&slotSettled != 0,
		areaOK: s.flags&slotAreaOK != 0, label: t.labels[s.label]}
}

// put stores en for k, replacing any entry there, and returns its slot
// (valid until the next put).
func (t *memoTable) put(k regionKey, en entry) *memoSlot {
	if 2*(t.n+1) > len(t.slots) {
		old := t.slots
		t.slots = make([]memoSlot, 2*len(old))
		t.n = 0
		for _, s := range old {
			if s.flags != 0 {
				*t.slot(s.k) = s
			}
		}
	}
	s := t.slot(k)
	*s = memoSlot{k: k, count: en.count, area: en.area, flags: slotUsed}
	if en.settled {
		s.flags |= slotSettled
	}
	if en.areaOK {
		s.flags |= slotAreaOK
	}
	if en.label != "" {
		s.label = uint32(len(t.labels))
		t.labels = append(t.labels, en.label)
	}
	return s
}

// slot returns k's slot, claiming an empty one (counted in n) if k has
// none.
func (t *memoTable) slot(k regionKey) *memoSlot {
	mask := uint64(len(t.slots) - 1)
	for i := k.a & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.flags == 0 {
			t.n++
			return s
		}
		if s.k == k {
			return s
		}
	}
}

// newGame returns the game {left | right}, as cgt.New does, from a cache
// of the games made from the same sets of options: positions that differ
// often have the same options. It sorts left and right in place.
func (e *engine) newGame(left, right []cgt.Game) cgt.Game {
	slices.Sort(left)
	slices.Sort(right)
	left, right = slices.Compact(left), slices.Compact(right)
	h := uint64(len(left))<<32 | uint64(len(right))
	for _, g := range left {
		h = (h ^ uint64(g)) * 0x100000001b3
	}
	for _, g := range right {
		h = (h ^ uint64(g)) * 0x100000001b3
	}
	h ^= h >> 29
	t := &e.games
	if 2*(len(t.list)+1) > len(t.slots) {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	i := h & mask
	for ; t.slots[i] != 0; i = (i + 1) & mask {
		c := &t.list[t.slots[i]-1]
		if c.h == h && int(c.nl) == len(left) && int(c.nr) == len(right) &&
			slices.Equal(t.opts[c.off:c.off+c.nl], left) &&
			slices.Equal(t.opts[c.off+c.nl:c.off+c.nl+c.nr], right) {
			return c.g
		}
	}
	g := cgt.New(left, right)
	off := uint32(len(t.opts))
	t.opts = append(append(t.opts, left...), right...)
	t.list = append(t.list, madeGame{h: h, off: off, nl: uint32(len(left)), nr: uint32(len(right)), g: g})
	t.slots[i] = int32(len(t.list))
	return g
}

// gameTable is newGame's cache: open addressing on a hash of the
// options, slots holding indices (plus one) into list.
type gameTable struct {
	slots []int32
	list  []madeGame
	opts  []cgt.Game // the options of the games in list
}

// madeGame is one game of a gameTable and where its options are.
type madeGame struct {
	h           uint64
	off, nl, nr uint32 // left options opts[off:off+nl], right the nr after
	g           cgt.Game
}

// grow doubles the slots (at least 1024) and reinserts the games.
func (t *gameTable) grow() {
	t.slots = make([]int32, max(1024, 2*len(t.slots)))
	mask := uint64(len(t.slots) - 1)
	for j, c := range t.list {
		i := c.h & mask
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = int32(j + 1)
	}
}
