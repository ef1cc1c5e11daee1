package review

import (
	"errors"
	"fmt"
	"slices"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/play"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
	"github.com/mathgo/mathgo/tiles"
)

// errInconsistent marks a contradiction between two exact results (a move
// better than the optimum, two analyses of one position that disagree):
// a bug somewhere in the pipeline, never a loss to print.
var errInconsistent = errors.New("inconsistent analysis")

// optimum is what the analysis of the position before a move says about
// the mover's choices.
type optimum struct {
	// target is the mover's best score, Black minus White before komi.
	target cgt.Dyadic
	// best lists every move proven optimal in reading order, board.Pass
	// last; undecided the moves that may be optimal too (solve.Undecided:
	// exact play with the ko ban bounds the score after them around the
	// best one), in the same order. best is every optimal move when
	// undecided is empty.
	best, undecided []board.Point
	// played is the score after the move played, the opponent to move,
	// as the same analysis values it; unset when inTerritory.
	played cgt.Dyadic
	// inTerritory reports a move played inside a territory (settled, or
	// claimed by the walls): territories are numbers, whose moves the
	// analysis does not list; the review takes its score from the
	// analysis of the position after it.
	inTerritory bool
	// choice is the optimal move shown as a variation: the move exact
	// play makes (Report.BestMove) under Japanese counting, else the
	// first optimal move.
	choice board.Point
}

// cmpFor compares two scores from p's point of view (Black is Left).
func cmpFor(p cgt.Player, a, b cgt.Dyadic) int {
	if p == cgt.Right {
		return b.Cmp(a)
	}
	return a.Cmp(b)
}

// bestMoves finds, from the report r of a position with c to move, c's
// best score in counting s, every optimal move (every move after which
// the opponent, moving, can reach no better score for himself; a pass
// when passing keeps the score), and the score the same analysis gives
// the move played. It asks the position's scored game (the short sum of
// the tiles' counts or area games, or exact play with the ko ban: the same
// for every kind of tile) and checks that its values are the report's
// scores. A move better than the optimum, or a move played that the
// analysis does not know, is an errInconsistent error; a search over its
// budget is another error (the optimal moves are then unknown).
func bestMoves(r *endgame.Report, s rules.Counting, c board.Color, played board.Point) (optimum, error) {
	g, err := r.Decision.Game(s)
	if err != nil {
		return optimum{}, err
	}
	b := r.Board()
	// The game's values are the report's scores up to a constant (none
	// for Japanese counting; for Chinese the walls' stones, and for a
	// short sum the mortal stones on the board, which no move changes).
	// A side whose score is not proven is left out: the report may be
	// exact for one player first only (sideScore).
	var offset cgt.Dyadic
	found := false
	for _, first := range []board.Color{board.Black, board.White} {
		want, ok := sideScore(r, s, first)
		if !ok {
			continue
		}
		n, err := g.Start(first)
		if err != nil {
			return optimum{}, err
		}
		v, err := n.Value()
		if err != nil {
			return optimum{}, fmt.Errorf("the score of the tiles' game: %w", err)
		}
		if !v.Exact() {
			return optimum{}, fmt.Errorf("with %s first the game of the tiles bounds the score only (%s)", first, v)
		}
		d := want.Sub(v.Lo)
		switch {
		case !found:
			offset, found = d, true
		case !d.Equal(offset):
			return optimum{}, fmt.Errorf("%w: the game of the tiles gives scores that differ from the report's by %s and %s", errInconsistent, offset, d)
		}
	}
	if _, ok := sideScore(r, s, c); !ok || !found {
		return optimum{}, fmt.Errorf("with %s to move the score is not proven", c)
	}
	if s == rules.Japanese && offset.Sign() != 0 {
		return optimum{}, fmt.Errorf("%w: the game of the tiles gives scores that differ from the Japanese scores by %s", errInconsistent, offset)
	}
	n, err := g.Start(c)
	if err != nil {
		return optimum{}, err
	}
	v, err := n.Value()
	if err != nil {
		return optimum{}, err
	}
	target := v.Lo
	o := optimum{target: target.Add(offset), choice: board.Pass}
	// after is the exact score after option x, the opponent to move.
	after := func(x solve.Option) (cgt.Dyadic, error) {
		w, err := x.Next.Value()
		if err != nil {
			return cgt.Dyadic{}, fmt.Errorf("the score after %s: %w", nameOn(b, x.Move.Point), err)
		}
		if !w.Exact() {
			return cgt.Dyadic{}, fmt.Errorf("the score after %s is only bounded (%s)", nameOn(b, x.Move.Point), w)
		}
		return w.Lo, nil
	}
	optimal, err := n.Optimal()
	if err != nil {
		return optimum{}, fmt.Errorf("the optimal moves: %w", err)
	}
	for _, x := range optimal {
		// Nothing can be better than the best score: check it.
		d, err := after(x)
		if err != nil {
			return optimum{}, err
		}
		if !d.Equal(target) {
			return optimum{}, fmt.Errorf("%w: %s %s reaches %s, not the best score %s", errInconsistent, c, nameOn(b, x.Move.Point), d.Add(offset), o.target)
		}
		o.best = append(o.best, x.Move.Point)
	}
	// Moves whose score is only bounded around the best one may be
	// optimal too: listed apart, not taken for optimal or not.
	if u, ok := n.(solve.Undecided); ok {
		undecided, err := u.Undecided()
		if err != nil {
			return optimum{}, fmt.Errorf("the moves that may be optimal: %w", err)
		}
		for _, x := range undecided {
			o.undecided = append(o.undecided, x.Move.Point)
		}
	}
	all, err := n.Options()
	if err != nil {
		return optimum{}, fmt.Errorf("listing the moves: %w", err)
	}
	foundPlayed := false
	for _, x := range all {
		if x.Move.Point != played && !x.Move.IsPass() {
			continue
		}
		if x.Move.Point != played {
			// A pass not played whose score is only bounded: it may be
			// optimal (undecided), or its bounds say it is not, unless
			// they say it is better than the best score.
			w, err := x.Next.Value()
			if err == nil && !w.Exact() {
				// The mover's end of the bounds: Black's lower, White's upper.
				known, end := w.LoOK, w.Lo
				if c == board.White {
					known, end = w.HiOK, w.Hi
				}
				if known && cmpFor(solve.PlayerOf(c), end, target) > 0 {
					return optimum{}, fmt.Errorf("%w: %s pass reaches %s, better than the best score %s", errInconsistent, c, w, o.target)
				}
				continue
			}
		}
		d, err := after(x)
		if err != nil {
			return optimum{}, err
		}
		if cmpFor(solve.PlayerOf(c), d, target) > 0 {
			return optimum{}, fmt.Errorf("%w: %s %s reaches %s, better than the best score %s", errInconsistent, c, nameOn(b, x.Move.Point), d.Add(offset), o.target)
		}
		if x.Move.Point == played {
			foundPlayed = true
			o.played = d.Add(offset)
		}
	}
	if !foundPlayed {
		if !inTerritory(r, played) {
			return optimum{}, fmt.Errorf("%w: %s %s is not a move of the analysis", errInconsistent, c, nameOn(b, played))
		}
		o.inTerritory = true
	}
	sortMoves(b, o.best)
	sortMoves(b, o.undecided)
	if len(o.best) > 0 {
		o.choice = o.best[0]
	}
	if !slices.Contains(o.best, played) {
		// The variation shown is the move exact play makes.
		if x, err := play.Best(n); err == nil && slices.Contains(o.best, x.Move.Point) {
			o.choice = x.Move.Point
		}
	}
	return o, nil
}

// inTerritory reports whether p lies in a territory tile of r (settled
// or claimed): a point whose moves the analysis does not list.
func inTerritory(r *endgame.Report, p board.Point) bool {
	return territoryAt(r, p) != nil
}

// territoryAt returns the territory tile of the analysis that holds p, or
// nil.
func territoryAt(r *endgame.Report, p board.Point) *tiles.Tile {
	if p == board.Pass {
		return nil
	}
	for _, t := range r.Tiles() {
		if t.Kind == tiles.KindTerritory && slices.Contains(t.Points, p) {
			return t
		}
	}
	return nil
}

// assumedWall names a block assumed alive (not proven) among the walls
// of the territory tile of r that holds p, or returns "" when there is
// none. Under that assumption the wall lives without answering, so a stone
// played in its territory is worth nothing but a prisoner: a ko threat or
// an attack against it, and the answer to one, are valued as wasted moves.
func assumedWall(r *endgame.Report, p board.Point) string {
	if w := assumedWalls(r, p); len(w) > 0 {
		return r.Board().Name(w[0])
	}
	return ""
}

// assumedWalls lists the blocks assumed alive (not proven) among the
// walls of the territory tile of r that holds p, each by the point its
// assumption names, in the order of the tile's boundary.
func assumedWalls(r *endgame.Report, p board.Point) []board.Point {
	t := territoryAt(r, p)
	if t == nil {
		return nil
	}
	b := r.Board()
	var walls []board.Point
	for _, w := range t.Boundary {
		blk := b.Block(w.Block)
		for _, a := range r.Assumptions {
			if a.Status == endgame.AssumedAlive && !a.Area && !a.Point && slices.Contains(blk, a.Block) && !slices.Contains(walls, a.Block) {
				walls = append(walls, a.Block)
			}
		}
	}
	return walls
}

// territoryOwner returns the colour whose territory (a territory tile of
// the analysis, its walls all of that colour) holds p, or board.Empty.
func territoryOwner(r *endgame.Report, p board.Point) board.Color {
	t := territoryAt(r, p)
	if t == nil || len(t.Boundary) == 0 {
		return board.Empty
	}
	c := t.Boundary[0].Color
	for _, w := range t.Boundary {
		if w.Color != c {
			return board.Empty
		}
	}
	return c
}

// sortMoves puts moves in reading order, a pass last.
func sortMoves(b *board.Board, moves []board.Point) {
	slices.SortFunc(moves, func(p, q board.Point) int {
		switch {
		case p == q:
			return 0
		case p == board.Pass:
			return 1
		case q == board.Pass:
			return -1
		}
		return b.ReadingCmp(p, q)
	})
}

// nameOn names a point of b ("pass" for board.Pass).
func nameOn(b *board.Board, p board.Point) string {
	if p == board.Pass {
		return "pass"
	}
	return b.Name(p)
}
