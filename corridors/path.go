package corridors

import (
	"strings"

	"github.com/mathgo/mathgo/cgt"
)

// The exact game of a width-one corridor, with any invader stones in it.
//
// The solver works with Black as the owner (White's corridors are the
// negatives) and mirrors the rules of the tiles engine exactly: moves are
// stone placements, suicide is illegal, immortal stones are never
// captured, a stone that touches an immortal stone of its colour is
// immortal, and a region that only the owner's immortal stones bound is
// settled territory, counted as its empty points plus two for each dead
// invader stone (territory and prisoner). Every point of a corridor
// touches the owner's wall, so an owner stone is immortal the moment it is
// placed and cuts the corridor in two; an invader stone is immortal when
// its string reaches an end that touches the invader's immortal stones.
//
// A segment is a stretch of a corridor between two ends, as a string of
// '.' (empty) and 'O' (a mortal invader stone); owner stones never occur
// inside a segment because they are immortal.

// end says what lies beyond one end of a segment.
type end byte

const (
	endOwn     end = 'o' // the owner's wall, an owner stone, or the board edge
	endInvader end = 'i' // the invader's immortal stones
)

// value is a count (territory scoring) and an area (area scoring) game.
type value struct{ count, area cgt.Game }

func (v value) add(w value) value { return value{v.count.Add(w.count), v.area.Add(w.area)} }

func intValue(n int) value { g := cgt.Int(int64(n)); return value{g, g} }

// pathSolver values segments, memoized by their contents and ends.
type pathSolver struct {
	memo map[string]value
}

func newPathSolver() *pathSolver { return &pathSolver{memo: map[string]value{}} }

// segment returns the value of a segment with the given ends.
func (s *pathSolver) segment(cells string, near, far end) value {
	if cells == "" {
		return value{cgt.Zero, cgt.Zero}
	}
	if near == endOwn && far == endOwn {
		// Settled: only the owner bounds it and every point touches his wall.
		return intValue(len(cells) + strings.Count(cells, "O"))
	}
	// The same corridor read from the other end has the same value.
	if rev := reverse(cells); rev < cells || (rev == cells && far < near) {
		cells, near, far = rev, far, near
	}
	key := string(near) + string(far) + cells
	if v, ok := s.memo[key]; ok {
		return v
	}
	var lc, rc, la, ra []cgt.Game
	n := len(cells)
	for i := 0; i < n; i++ {
		if cells[i] != '.' {
			continue
		}
		// Black (the owner) plays at i: immortal, cuts the segment, and
		// captures an invader string left without liberties: one that
		// runs from i to an end of the segment beyond which lies the
		// owner's wall.
		left, right := cells[:i], cells[i+1:]
		captured := 0
		if near == endOwn && strings.Trim(left, "O") == "" && left != "" {
			captured += len(left)
			left = strings.Repeat(".", len(left))
		}
		if far == endOwn && strings.Trim(right, "O") == "" && right != "" {
			captured += len(right)
			right = strings.Repeat(".", len(right))
		}
		v := s.segment(left, near, endOwn).add(s.segment(right, endOwn, far))
		lc = append(lc, v.count.Add(cgt.Int(int64(captured))))
		la = append(la, v.area.Add(cgt.Int(int64(captured+1))))
		// White (the invader) plays at i.
		a, b := i, i
		for a > 0 && cells[a-1] == 'O' {
			a--
		}
		for b < n-1 && cells[b+1] == 'O' {
			b++
		}
		var w value
		switch {
		case (a == 0 && near == endInvader) || (b == n-1 && far == endInvader):
			// The string joins the invader's immortal stones and leaves
			// the region.
			w = s.segment(cells[:a], near, endInvader).add(s.segment(cells[b+1:], endInvader, far))
		case a == 0 && b == n-1:
			continue // suicide: no liberty, and White cannot capture
		default:
			w = s.segment(cells[:i]+"O"+cells[i+1:], near, far)
		}
		rc = append(rc, w.count)
		ra = append(ra, w.area.Add(cgt.Int(-1)))
	}
	v := value{cgt.New(lc, rc), cgt.New(la, ra)}
	s.memo[key] = v
	return v
}

func reverse(s string) string {
	b := []byte(s)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}
