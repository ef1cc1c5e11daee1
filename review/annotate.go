package review

import (
	"fmt"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/position"
)

// Annotated returns the game record with the review written into it, as
// SGF any viewer opens: the record as read (every property and variation
// kept), a comment on the root summarizing the review, and on each move
// reviewed exactly that lost points a mark — BM[1] (bad move) for a loss
// of a point or more, DO[] (doubtful) for a smaller one — with a comment
// C giving the loss, the optimal moves and the scores with komi, and the
// best move (Move.Choice) added as a variation beside it. Moves that lost
// nothing and moves not reviewed exactly are left as they were. The
// game itself is not changed: the annotations go on a copy.
func (r *Result) Annotated() ([]byte, error) {
	data, err := r.Game.Marshal()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.Game.Name, err)
	}
	g, err := position.ParseGame(r.Game.Name, data)
	if err != nil {
		return nil, err
	}
	g.Root.AppendText("C", r.summary())
	for _, m := range r.Moves {
		if !m.Exact || m.Lost.Sign() == 0 {
			continue
		}
		node := g.Moves[m.N-1].Node
		if m.Lost.Cmp(cgt.DyadicInt(1)) >= 0 {
			node.Set("BM", "1")
		} else {
			node.Set("DO", "")
		}
		text := r.moveComment(m)
		if m.BestKnown && len(m.Best) > 0 {
			nodes, err := g.AddVariation(m.N, []position.Play{{Color: m.Color, Point: m.Choice}})
			if err != nil {
				text += fmt.Sprintf("\n(The best move could not be added as a variation: %v.)", err)
			} else {
				nodes[0].Set("C", fmt.Sprintf("mathgo: the best move for %s, keeping %s (%s).", capital(m.Color), r.result(m.Before), r.Scoring.Words()))
				nodes[0].Set("TE", "1")
			}
		}
		node.AppendText("C", text)
	}
	return g.Marshal()
}

// result writes a score before komi as a result with komi.
func (r *Result) result(d cgt.Dyadic) string {
	return FormatScore(d.Sub(KomiDyadic(r.Komi)))
}

// points writes a number of points: "1 point", "2 points", "1/2 point".
func points(d cgt.Dyadic) string {
	if d.Equal(cgt.DyadicInt(1)) || d.Cmp(cgt.DyadicInt(1)) < 0 && d.Sign() > 0 {
		return decimal(d) + " point"
	}
	return decimal(d) + " points"
}

// moveComment is the comment on a mistake.
func (r *Result) moveComment(m Move) string {
	best := "unknown"
	if m.BestKnown {
		best = strings.Join(m.BestNames, ", ")
		if len(m.UndecidedNames) > 0 {
			best += " (perhaps also " + strings.Join(m.UndecidedNames, ", ") + ": not decided)"
		}
	}
	note := ""
	if m.Note != "" {
		note = ": " + m.Note
	}
	cond := ""
	if m.Conditional {
		cond = fmt.Sprintf(" Conditional: exact if the statuses assumed from %s hold; not proven.", r.Assumed)
	}
	return fmt.Sprintf("mathgo: %s lost %s with %s (%s)%s. Best: %s, keeping %s; after %s: %s.%s",
		capital(m.Color), points(m.Lost), m.Name, r.Scoring.Words(), note, best, r.result(m.Before), m.Name, r.result(m.After), cond)
}

// NothingReviewed says why a review that reviewed no move (First 0)
// found none: no position near the end exact, or only the end's (a move
// is reviewed when the positions before and after it are both exact).
func (r *Result) NothingReviewed() string {
	if r.Exact > 0 {
		return "only the position at the end could be analyzed exactly, not the one before the last move"
	}
	return "no position near the end could be analyzed exactly"
}

// summary is the comment on the root of the annotated record.
func (r *Result) summary() string {
	var sb strings.Builder
	komi := "komi " + r.Komi.String()
	if !r.KomiKnown {
		komi = "no komi given (0)"
	}
	fmt.Fprintf(&sb, "mathgo review (%s, %s): ", r.Scoring.Words(), komi)
	if r.First == 0 {
		fmt.Fprintf(&sb, "%s (%d analyzed), so no move was reviewed.", r.NothingReviewed(), r.Analyzed)
		sb.WriteString(r.endSummary())
		return sb.String()
	}
	exact := r.Black.Exact + r.White.Exact
	fmt.Fprintf(&sb, "moves %d to %d, %d of %d reviewed exactly.", r.First, r.Last, exact, len(r.Moves))
	if c := r.Black.Conditional + r.White.Conditional; c > 0 {
		fmt.Fprintf(&sb, " CONDITIONAL: %d of them rest on the statuses assumed from %s, not on proof.", c, r.Assumed)
	}
	for _, p := range []Player{r.Black, r.White} {
		fmt.Fprintf(&sb, " %s lost %s", capital(p.Color), points(p.Lost))
		if p.Exact < p.Moves {
			fmt.Fprintf(&sb, " in %d of %d moves", p.Exact, p.Moves)
		}
		if len(p.Mistakes) > 0 {
			var ms []string
			for _, n := range p.Mistakes {
				mv := r.Move(n)
				ms = append(ms, fmt.Sprintf("%d %s -%s", n, mv.Name, decimal(mv.Lost)))
			}
			fmt.Fprintf(&sb, " (biggest: %s)", strings.Join(ms, ", "))
		}
		sb.WriteString(".")
	}
	sb.WriteString(r.endSummary())
	sb.WriteString(" BM marks a move that lost a point or more, DO a smaller loss; the best move is a variation.")
	if len(r.Inconsistencies) > 0 {
		fmt.Fprintf(&sb, " %d inconsistent analyses (a bug; those moves have no loss): %s.", len(r.Inconsistencies), strings.Join(r.Inconsistencies, "; "))
	}
	return sb.String()
}

// endSummary says what the bounds prove of the result after the last move
// reviewed when that position is not exact (Result.End), or nothing.
func (r *Result) endSummary() string {
	if !r.EndOK {
		return ""
	}
	return fmt.Sprintf(" After move %d (not exact), %s.", r.EndMove, r.End.JSON().Text(r.Komi.String()))
}

func capital(c board.Color) string {
	if c == board.White {
		return "White"
	}
	return "Black"
}
