package assume

import (
	"slices"
	"strings"
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
// the review is not complete (never proven), and the losses add up: over
// each run of moves reviewed in a row, the score before its first move
// minus Black's losses plus White's is the score after its last. A move
// that loses points inside a territory whose wall is assumed alive is
// not judged (what it threatens or answers is outside the analysis).
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
	// The losses add up over every run of moves reviewed in a row. A move
	// may go unreviewed only where the statuses carried back do not hold
	// alike before and after it (the block a move makes takes its status
	// only once it is played), or where it loses points in a territory
	// whose wall is assumed alive (g09-l4-s3's move 41, Black's H8 right
	// after White's E9 next to the wall G9: an answer the assumption
	// cannot tell from a wasted move). Its teire (White's A4, Black's E1
	// and B6) are reviewed as passes.
	reviewed, runs, walled := 0, 0, 0
	for i := 0; i < len(res.Moves); {
		if m := res.Moves[i]; !m.Exact {
			switch {
			case strings.Contains(m.Reason, "is assumed alive, not proven"):
				walled++
			case !strings.Contains(m.Reason, "do not hold alike"):
				t.Fatalf("move %d is not reviewed: %s", m.N, m.Reason)
			}
			i++
			continue
		}
		j := i
		var lost [2]cgt.Dyadic
		for ; j < len(res.Moves) && res.Moves[j].Exact; j++ {
			m := res.Moves[j]
			if !m.Conditional {
				t.Errorf("move %d is not marked conditional, though the end of the game rests on assumptions", m.N)
			}
			k := 0
			if m.Color == board.White {
				k = 1
			}
			lost[k] = lost[k].Add(m.Lost)
		}
		first, last := res.Moves[i], res.Moves[j-1]
		if got := first.Before.Sub(lost[0]).Add(lost[1]); !got.Equal(last.After) {
			t.Errorf("before move %d %s, Black lost %s and White %s, so after move %d %s; the review says %s", first.N, first.Before, lost[0], lost[1], last.N, got, last.After)
		}
		reviewed, runs = reviewed+j-i, runs+1
		i = j
	}
	if reviewed+walled < len(res.Moves)-1 || walled == 0 || reviewed < len(res.Moves)/2 {
		t.Errorf("%d of %d moves reviewed (%d runs), %d in territories of assumed walls not judged", reviewed, len(res.Moves), runs, walled)
	}
	j := res.JSON()
	if !j.Conditional || j.Assumed == "" || j.Players.Black.Conditional+j.Players.White.Conditional != reviewed {
		t.Errorf("JSON: conditional %v, assumed %q, %d+%d conditional moves of %d reviewed", j.Conditional, j.Assumed, j.Players.Black.Conditional, j.Players.White.Conditional, reviewed)
	}
}

// TestReviewTeire: White's A4 at move 56 of g09-l10-s1, a fill among
// White's own stones that the block A5 needs (without it, its only
// liberty), is carried back as a point filled before counting: the fill
// is reviewed as the pass it is on the board analyzed (nothing lost, the
// game is over), noted as a teire, conditional.
func TestReviewTeire(t *testing.T) {
	res := reviewMoves(t, "../testdata/games/g09-l10-s1.sgf", 56, 56)
	m := res.Moves[0]
	if !m.Exact || !m.Conditional || m.Note != review.NoteTeire || m.Lost.Sign() != 0 || !m.Before.Equal(m.After) {
		t.Errorf("move 56: exact %v, conditional %v, note %q, lost %s, before %s, after %s (%s)", m.Exact, m.Conditional, m.Note, m.Lost, m.Before, m.After, m.Reason)
	}
}

// TestReviewThreatPair: in f19-22 (testdata/finals), Black's B7 at move
// 255 is played in White's territory beside the wall H13, assumed alive,
// and White answers at A8, another eye of the same wall. Each alone would
// not be judged (the analysis, whose wall lives without answering, counts
// both as wasted); judged as a pair, the answer taken as needed, the
// exchange costs Black nothing: both moves exact, conditional, noted, lost
// 0, and the scores chain (after the threat is before the answer).
func TestReviewThreatPair(t *testing.T) {
	res := reviewMoves(t, "../testdata/finals/f19-22-kisei33-ishida-vs-so-yokoku.sgf", 255, 256)
	for i, note := range []string{review.NoteThreat, review.NoteAnswer} {
		m := res.Moves[i]
		if !m.Exact || !m.Conditional || m.Note != note || m.Lost.Sign() != 0 || !m.Optimal() {
			t.Errorf("move %d %s: exact %v, conditional %v, note %q, lost %s (%s)", m.N, m.Name, m.Exact, m.Conditional, m.Note, m.Lost, m.Reason)
		}
		if !slices.Contains(m.Best, m.Point) {
			t.Errorf("move %d %s lost nothing but is not among the optimal moves %v", m.N, m.Name, m.BestNames)
		}
	}
	if a, b := res.Moves[0], res.Moves[1]; !a.After.Equal(b.Before) || !a.Before.Equal(b.After) {
		t.Errorf("scores: threat %s -> %s, answer %s -> %s", a.Before, a.After, b.Before, b.After)
	}
}

// TestReviewUnanswered: in f19-23 (testdata/finals), White's O17 at move
// 242 is played in Black's territory beside a wall assumed alive, and
// Black's next move, P14, is elsewhere: the wall lived without answering,
// as assumed, so the stone is judged as the analysis values it (a loss,
// noted), conditional. Without the rule it would not be judged.
func TestReviewUnanswered(t *testing.T) {
	res := reviewMoves(t, "../testdata/finals/f19-23-kisei32-shuto-vs-cho-sonjin.sgf", 242, 243)
	m, next := res.Moves[0], res.Moves[1]
	if !m.Exact || !m.Conditional || m.Note != review.NoteUnanswered || m.Lost.Sign() <= 0 || slices.Contains(m.Best, m.Point) {
		t.Errorf("move %d %s: exact %v, conditional %v, note %q, lost %s, best %v (%s)", m.N, m.Name, m.Exact, m.Conditional, m.Note, m.Lost, m.BestNames, m.Reason)
	}
	if !next.Exact || next.Note != "" || !m.After.Equal(next.Before) {
		t.Errorf("move %d %s: exact %v, note %q, before %s; the move before ends at %s", next.N, next.Name, next.Exact, next.Note, next.Before, m.After)
	}
}

// reviewMoves reviews moves first to last of the game record file with
// GNU Go's statuses at its end carried back (the test is skipped without
// GNU Go), and requires every move of the range reviewed, without
// inconsistency.
func reviewMoves(t *testing.T, file string, first, last int) *review.Result {
	t.Helper()
	path, err := GNUGoPath()
	if err != nil {
		t.Skip(err)
	}
	g, _ := testpos.GameEnd(t, file)
	res, err := review.Review(g, review.Options{First: first, Last: last, Analysis: endgame.Options{Assume: GNUGo{Command: path + " --mode gtp"}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Inconsistencies) > 0 || len(res.Moves) != last-first+1 {
		t.Fatalf("%d moves reviewed, inconsistencies %v", len(res.Moves), res.Inconsistencies)
	}
	return res
}
