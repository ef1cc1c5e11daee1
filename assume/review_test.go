package assume

import (
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/mathgo/mathgo/review"
)

// TestReviewAssumed: a 9x9 game whose end is not proven (its walls'
// eye spaces are too large to search) is reviewed with GNU Go's statuses
// at its end carried back: the review reaches moves it could not reach
// without them, every move it reviews under them is marked conditional,
// the review is not complete (never proven), and the losses add up: the
// score before the first move reviewed minus Black's losses plus White's
// is the score after the last.
func TestReviewAssumed(t *testing.T) {
	path, err := GNUGoPath()
	if err != nil {
		t.Skip(err)
	}
	g, _ := testpos.GameEnd(t, "../testdata/games/g09-l4-s3.sgf")
	plain, err := review.Review(g, review.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := review.Review(g, review.Options{Analysis: endgame.Options{Assume: GNUGo{Command: path + " --mode gtp"}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(plain.Moves) >= len(res.Moves) || res.First == 0 {
		t.Fatalf("%d moves reviewed with the assumptions, %d without: want more", len(res.Moves), len(plain.Moves))
	}
	if !res.Conditional() || res.Complete() || res.Assumed == "" || len(res.Inconsistencies) > 0 {
		t.Fatalf("conditional %v, complete %v, source %q, inconsistencies %v", res.Conditional(), res.Complete(), res.Assumed, res.Inconsistencies)
	}
	var lost [2]cgt.Dyadic
	for _, m := range res.Moves {
		if !m.Exact {
			t.Fatalf("move %d is not reviewed: %s", m.N, m.Reason)
		}
		if !m.Conditional {
			t.Errorf("move %d is not marked conditional, though the end of the game rests on assumptions", m.N)
		}
		k := 0
		if m.Color == board.White {
			k = 1
		}
		lost[k] = lost[k].Add(m.Lost)
	}
	first, last := res.Moves[0], res.Moves[len(res.Moves)-1]
	if got := first.Before.Sub(lost[0]).Add(lost[1]); !got.Equal(last.After) {
		t.Errorf("before move %d %s, Black lost %s and White %s, so after move %d %s; the review says %s", first.N, first.Before, lost[0], lost[1], last.N, got, last.After)
	}
	j := res.JSON()
	if !j.Conditional || j.Assumed == "" || j.Players.Black.Conditional+j.Players.White.Conditional != len(res.Moves) {
		t.Errorf("JSON: conditional %v, assumed %q, %d+%d conditional moves of %d", j.Conditional, j.Assumed, j.Players.Black.Conditional, j.Players.White.Conditional, len(res.Moves))
	}
}
