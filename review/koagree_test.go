package review

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/play"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
)

// TestKoFrontEndsAgree: on every bundled ko position that is exact, the
// move GTP genmove makes (Report.BestMove), the first move of `mathgo
// play` (play.PlayGame on the position's scored game) and review's
// optimal moves agree, under Japanese and Chinese counting: genmove's move
// is play's first move, review lists exactly play's optimal first moves,
// and the move loses nothing in review's eyes. (cmd/mathgo's
// TestFrontEndsAgree runs the commands on the positions a game record can
// hold; these have walls declared immortal.)
func TestKoFrontEndsAgree(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "ko", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	exact := 0
	for _, path := range files {
		name := filepath.Base(path)
		pos, err := position.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		r, err := endgame.Analyze(pos, endgame.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Exact() || !r.Decision.KoTiles {
			continue
		}
		exact++
		for _, c := range []board.Color{board.Black, board.White} {
			for _, counting := range []rules.Counting{rules.Japanese, rules.Chinese} {
				g, err := r.Game(counting)
				if err != nil {
					if counting == rules.Chinese {
						continue // no exact Chinese score
					}
					t.Fatalf("%s: %v", name, err)
				}
				rec, err := play.PlayGame(g, c, play.GameOptions{})
				if err != nil {
					t.Fatalf("%s, %s first, %s: %v", name, c, counting, err)
				}
				first := board.Pass
				var optimal []board.Point
				if len(rec.Turns) > 0 {
					tn := rec.Turns[0]
					first = pointOf(t, r.Board(), tn.Move.Move.Label)
					for _, o := range tn.Optimal {
						optimal = append(optimal, pointOf(t, r.Board(), o.Move.Label))
					}
				}
				if counting == rules.Japanese {
					m, err := r.BestMove(c)
					if err != nil {
						t.Fatalf("%s, %s first: BestMove: %v", name, c, err)
					}
					if m.Point != first {
						t.Errorf("%s, %s first: genmove's move %s, play's first move %s", name, c, nameOn(r.Board(), m.Point), nameOn(r.Board(), first))
					}
				}
				o, err := bestMoves(r, counting, c, first)
				if err != nil {
					t.Fatalf("%s, %s first, %s: review: %v", name, c, counting, err)
				}
				sortMoves(r.Board(), optimal)
				if !o.played.Equal(o.target) || !slices.Equal(o.best, optimal) {
					t.Errorf("%s, %s first, %s: play's move %s: review scores it %s of %s; review's best %v, play's optimal %v",
						name, c, counting, nameOn(r.Board(), first), o.played, o.target, o.best, optimal)
				}
			}
		}
	}
	if exact < 5 {
		t.Errorf("only %d exact ko positions compared", exact)
	}
}

// pointOf reads a move's label ("C3" or "pass").
func pointOf(t *testing.T, b *board.Board, label string) board.Point {
	t.Helper()
	if label == "pass" {
		return board.Pass
	}
	p, err := b.ParsePoint(label)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
