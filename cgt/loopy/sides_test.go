package loopy

import "testing"

// TestUnravelNeeded: a random game whose offside is found only by
// unraveling (deleting single edges does not remove every alternating
// cycle); the result is proved equal to the game by comparison.
func TestUnravelNeeded(t *testing.T) {
	x := &graph{
		left:  [][]int{{2, 3}, {2, 5, 6}, {2, 5}, {3}, {0, 3}, {}, {2, 6}},
		right: [][]int{{1}, {0, 5}, {4}, {0, 2}, {0, 5}, {}, {6}},
	}
	w, _ := pack(x, 0)
	w = reduceStoppers(w, nil)
	w = obviousEliminations(w, offSide)
	w = reduceStoppers(w, nil)
	for {
		nw, changed := deleteIrrelevantEdges(w, offSide, nil)
		if !changed {
			break
		}
		w = reduceStoppers(nw, nil)
	}
	if w.isStopperAt(0) {
		t.Fatal("deleting edges already found the offside; the test no longer exercises unraveling")
	}
	if _, changed := unravelOnce(w, offSide, nil); !changed {
		t.Fatal("unraveling made no progress")
	}
	v := valueOf(x, 0, nil)
	if got := v.String(); got != "on & over" {
		t.Errorf("value %s, want on & over", got)
	}
}

// TestUnravelShape: in the ko a = {c | 0}, c = {1 | a}, unraveling Right's
// retake n times gives stoppers that only grow as n shrinks (Right has
// fewer ways to play) and are never below the game on either side.
func TestUnravelShape(t *testing.T) {
	w := &graph{left: [][]int{{1}, {2}, {}, {3}}, right: [][]int{{3}, {0}, {}, {}}}
	w.left[2] = []int{3} // vertex 2 is 1 = {0|}, vertex 3 is 0
	var prev *stopper
	for n := 1; n <= 4; n++ {
		u := unravel(w, edge{1, 0, false}, n, nil)
		p, _ := pack(u, 0)
		if !p.isStopperAt(0) {
			t.Fatalf("unraveled %d times: still not a stopper", n)
		}
		s := stopperOf(p, 0, nil)
		for _, sd := range []side{onSide, offSide} {
			if !leqAt(w, 0, s.graph(), 0, sd, nil) {
				t.Fatalf("unraveled %d times: %s is below the game on side %d", n, stopperValue(s), sd)
			}
		}
		if prev != nil && !stopperLeq(s, prev, nil) {
			t.Fatalf("unraveled %d times: %s is not <= %s", n, stopperValue(s), stopperValue(prev))
		}
		prev = s
	}
	// An edge on no alternating cycle is left alone.
	if u := unravel(w, edge{0, 3, false}, 2, nil); u.n() != w.n() {
		t.Errorf("unraveling an acyclic edge changed the graph")
	}
}
