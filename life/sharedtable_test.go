package life

import (
	"testing"

	"github.com/mathgo/mathgo/position"
)

// TestSharedTableRepetition is the regression test of a bug fixed in the
// solver: results that rest on a repetition were stored in the shared
// transposition table and leaked from one search into another. White's
// block C2 has one eye (D1-E1); its only hope on the left is A2 followed by
// B2, and Black's B2 first makes the corner a ko that Black may take at
// leisure. Every White first move loses (Analyze after each of them, with
// Black to move, says "dies", and so does the retrograde solver with White
// to move and no threats). The defender-first search used to say "lives":
// the attacker-first search had stored the position after White A2, Black
// B2 as a White win proved by a repetition of a situation on its own path,
// which is no repetition from the defender-first root. Such results are now
// returned to the caller but not stored (see mid).
func TestSharedTableRepetition(t *testing.T) {

	pos, err := position.Parse("shared-table", []byte(`
$$ | # # # # # # # # .
$$ | . . O O O O . # .
$$ | . O O . . O . # .
$$ +------------------`))
	if err != nil {
		t.Fatal(err)
	}
	b := pos.Board
	c2, _ := b.ParsePoint("C2")
	r := Analyze(b, c2, Options{Immortal: immortalOf(pos)})
	if r.DefenderFirst == OutcomeLives {
		t.Errorf("defenderFirst = lives; every White first move loses")
	}
}
