package corridors

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
)

// TestPathSolverMatchesEngine checks the corridor solver against the tiles
// engine on random corridors with invader stones in them.
func TestPathSolverMatchesEngine(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 7))
	s := newPathSolver()
	checked := 0
	for checked < 60 {
		n := 1 + r.IntN(7)
		b := []byte(strings.Repeat(".", n))
		for i := range b {
			if r.IntN(3) == 0 {
				b[i] = 'O'
			}
		}
		spec := corridorSpec{cells: string(b), nearInv: r.IntN(2) == 0, farInv: r.IntN(3) > 0,
			owner: board.Color(1 + r.IntN(2)), placement: placements[r.IntN(len(placements))]}
		near, far := endOwn, endOwn
		if spec.nearInv {
			near = endInvader
		}
		if spec.farInv {
			far = endInvader
		}
		if !validSegment(segmentOf{spec.cells, near, far}) {
			continue
		}
		checked++
		text := spec.diagram()
		name := fmt.Sprintf("%+v", spec)
		a := analyzeText(t, name, text)
		want := s.segment(spec.cells, near, far)
		if spec.owner == board.White {
			want = value{want.count.Neg(), want.area.Neg()}
		}
		var count, area = a.Tiles[0].Count, a.Tiles[0].Area
		for _, tl := range a.Tiles[1:] {
			count, area = count.Add(tl.Count), area.Add(tl.Area)
		}
		if testing.Verbose() && checked < 6 {
			t.Logf("%s count %s area %s\n%s", name, count, area, text)
		}
		if count != want.count || area != want.area {
			t.Errorf("%s: engine count %s area %s, solver %s %s\n%s", name, count, area, want.count, want.area, text)
		}
	}
}
