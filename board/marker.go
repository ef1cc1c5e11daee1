package board

// Marker marks points for flood fills and other walks without clearing
// anything between walks: each walk takes a fresh stamp (Next), marks the
// points it visits with it, and a point counts as marked by the walk when
// its mark equals that stamp. The marks are cleared only when the stamps
// wrap around, once in four billion walks.
//
// The zero Marker marks no points; NewMarker makes one for n points. A
// Marker is not safe for concurrent use.
type Marker struct {
	marks []uint32
	stamp uint32
}

// NewMarker returns a Marker for the points 0..n-1, none of them marked.
func NewMarker(n int) Marker {
	return Marker{marks: make([]uint32, n)}
}

// Next returns a fresh stamp: no point is marked with it yet.
func (m *Marker) Next() uint32 {
	m.stamp++
	if m.stamp == 0 {
		m.wrap()
	}
	return m.stamp
}

// Next2 returns two fresh stamps, for a walk that needs two kinds of
// marks (such as "to visit" and "visited"): no point is marked with
// either yet, and the second is the first plus one.
func (m *Marker) Next2() (first, second uint32) {
	if m.stamp >= ^uint32(0)-1 {
		m.wrap()
	}
	m.stamp += 2
	return m.stamp - 1, m.stamp
}

// wrap clears the marks when the stamps run out; the next stamp is 1.
func (m *Marker) wrap() {
	clear(m.marks)
	m.stamp = 1
}

// Set marks p with stamp s.
func (m *Marker) Set(p Point, s uint32) { m.marks[p] = s }

// Is reports whether p is marked with stamp s.
func (m *Marker) Is(p Point, s uint32) bool { return m.marks[p] == s }

// Visit marks p with stamp s and reports whether it was not marked with s
// before: the test-and-mark step of a flood fill.
func (m *Marker) Visit(p Point, s uint32) bool {
	if m.marks[p] == s {
		return false
	}
	m.marks[p] = s
	return true
}
