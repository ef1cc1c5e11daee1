package solve

import (
	"math/rand/v2"
	"testing"
)

// TestTTTable: the table holds what a map of the same puts holds, through
// growth, key 0 included; a clone is a copy.
func TestTTTable(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var nilTable *ttTable
	if _, ok := nilTable.get(5); ok || nilTable.len() != 0 || nilTable.clone() != nil {
		t.Fatal("a nil table holds something")
	}
	tab, want := newTTTable(), map[uint64]ttEntry{}
	keys := []uint64{0}
	for i := 0; i < 20_000; i++ {
		var k uint64
		switch {
		case i%7 == 0 && len(keys) > 0:
			k = keys[r.IntN(len(keys))] // an update
		case i%5 == 0:
			k = uint64(r.IntN(64)) << 58 // keys alike in their low bits
		default:
			k = r.Uint64()
		}
		keys = append(keys, k)
		e := ttEntry{lo: int64(i), hi: int64(i + 1), best: int16(i % 100), below: uint8(i % 8)}
		tab.put(k, e)
		want[k] = e
	}
	check := func(what string, tab *ttTable, want map[uint64]ttEntry) {
		t.Helper()
		if tab.len() != len(want) {
			t.Fatalf("%s: %d entries, want %d", what, tab.len(), len(want))
		}
		for k, e := range want {
			if got, ok := tab.get(k); !ok || got != e {
				t.Fatalf("%s: key %x: %v %v, want %v", what, k, got, ok, e)
			}
		}
		n := 0
		tab.each(func(k uint64, e ttEntry) {
			n++
			if want[k] != e {
				t.Fatalf("%s: each gives key %x %v, want %v", what, k, e, want[k])
			}
		})
		if n != len(want) {
			t.Fatalf("%s: each gives %d entries, want %d", what, n, len(want))
		}
	}
	check("table", tab, want)
	for i := 0; i < 1000; i++ {
		k := r.Uint64()
		if _, in := want[k]; in {
			continue
		}
		if e, ok := tab.get(k); ok {
			t.Fatalf("key %x, never put, holds %v", k, e)
		}
	}
	c := tab.clone()
	c.put(12345, ttEntry{lo: -1})
	if _, ok := tab.get(12345); ok && want[12345] != (ttEntry{lo: -1}) {
		t.Fatal("a clone shares its slots")
	}
	check("table after its clone changed", tab, want)
}
