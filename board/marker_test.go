package board

import (
	"slices"
	"testing"
)

// TestMarker checks that a fresh stamp marks nothing, that marks of one
// stamp do not count for another, and that Visit marks once.
func TestMarker(t *testing.T) {
	m := NewMarker(5)
	s := m.Next()
	for p := range Point(5) {
		if m.Is(p, s) {
			t.Fatalf("point %d marked with a fresh stamp", p)
		}
	}
	m.Set(1, s)
	if !m.Is(1, s) || m.Is(2, s) {
		t.Fatal("Set marked the wrong points")
	}
	if !m.Visit(3, s) || m.Visit(3, s) || m.Visit(1, s) {
		t.Fatal("Visit: want true once for an unmarked point, then false")
	}
	in, done := m.Next2()
	if in == s || done == s || in == done {
		t.Fatalf("Next2 gave %d, %d after %d: not fresh", in, done, s)
	}
	if m.Is(1, in) || m.Is(1, done) || m.Is(3, in) {
		t.Fatal("an old mark counts for a fresh stamp")
	}
}

// TestMarkerWrap drives the stamps round the uint32 range: after the
// wrap no point is marked with the stamps Next and Next2 give, though
// points were marked with those numbers before it.
func TestMarkerWrap(t *testing.T) {
	for _, start := range []uint32{^uint32(0) - 3, ^uint32(0) - 2, ^uint32(0) - 1, ^uint32(0)} {
		m := NewMarker(4)
		// Mark every point with every stamp a wrap could give again.
		for p := range Point(4) {
			m.marks[p] = uint32(p) + 1
		}
		m.stamp = start
		seen := map[uint32]bool{}
		for range 6 {
			a, b := m.Next2()
			c := m.Next()
			for _, s := range []uint32{a, b, c} {
				if s == 0 || seen[s] {
					t.Fatalf("start %d: stamp %d is zero or repeats", start, s)
				}
				seen[s] = true
				for p := range Point(4) {
					if m.Is(p, s) {
						t.Fatalf("start %d: point %d already marked with the fresh stamp %d", start, p, s)
					}
				}
			}
			if b != a+1 {
				t.Fatalf("start %d: Next2 gave %d, %d", start, a, b)
			}
			for p := range Point(4) {
				m.Set(p, a)
			}
		}
	}
}

// TestReadingCmp sorts every point of a 3x2 board in reading order.
func TestReadingCmp(t *testing.T) {
	b, err := New(3, 2)
	if err != nil {
		t.Fatal(err)
	}
	pts := []Point{0, 1, 2, 3, 4, 5}
	slices.SortFunc(pts, b.ReadingCmp)
	var names []string
	for _, p := range pts {
		names = append(names, b.Name(p))
	}
	want := []string{"A2", "B2", "C2", "A1", "B1", "C1"}
	if !slices.Equal(names, want) {
		t.Errorf("reading order %v, want %v", names, want)
	}
	if b.ReadingCmp(4, 4) != 0 {
		t.Error("a point does not compare equal to itself")
	}
}
