package life

import (
	"testing"

	"github.com/mathgo/mathgo/board"
)

// TestBentFourPassRule checks the mechanism behind bent four in the corner
// (testdata/life/bent4-corner.txt): Black's direct attack is a ko that White
// wins with one external threat, and with that threat Black still kills, by
// passing first (Wolf's Ruling II, rules 1b-ii and 1a-ii).
func TestBentFourPassRule(t *testing.T) {
	pos := readProblem(t, "bent4-corner.txt")
	b := pos.Board
	c1, _ := b.ParsePoint("C1")
	b1, _ := b.ParsePoint("B1")
	imm := immortalOf(pos)

	// After Black's B1 it is a ko: White to move dies without a threat and
	// lives with one.
	after := b.Clone()
	after.SetKoRule(board.KoSimple)
	if _, err := after.Play(b1, board.Black); err != nil {
		t.Fatal(err)
	}
	e := newEngine(after, []board.Point{c1}, Options{Immortal: imm})
	if w := e.run(e.def, 0, 0, false); w != e.att {
		t.Errorf("after B1, White without threats: winner %v, want Black", w)
	}
	if !e.koChance[e.def] {
		t.Error("after B1, White had no ko chance: the threat re-search would not run")
	}
	if w := e.run(e.def, 0, 1, false); w != e.def {
		t.Errorf("after B1, White with one threat: winner %v, want White", w)
	}

	// From the start, Black kills even when White has a threat, and the
	// killing move is then a pass.
	e = newEngine(b, []board.Point{c1}, Options{Immortal: imm})
	if w := e.run(e.att, 0, 1, false); w != e.att {
		t.Fatalf("White with one threat: winner %v, want Black", w)
	}
	if pv := e.pv(20); len(pv) == 0 || pv[0] != board.Pass {
		t.Errorf("killing line with one white threat = %s, want a pass first", names(b, pv))
	}
	if w := e.run(e.def, 0, 1, false); w != e.att {
		t.Errorf("White first with one threat: winner %v, want Black", w)
	}
}
