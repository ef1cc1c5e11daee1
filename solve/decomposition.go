package solve

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/tiles"
)

// SolveDecomposition decides pos by combinatorial game theory. It
// certifies the immortal stones as tiles.Analyze does, cuts the rest of
// the board into tiles, values each exactly with the tile search
// tiles.Analyze uses (settled territory as an integer), and decides the
// sum of the values and the prisoner difference with the sum Solver, which
// finds the outcome without building the canonical sum (that sum grows
// exponentially with the number of hot tiles; the outcome is the same).
// A position with a ko tile, or a tile or sum past the budget, is
// Unknown, with the reason.
func SolveDecomposition(pos *position.Position, opts Options) (*Result, error) {
	start := time.Now()
	to, imm, warnings, err := certify(pos, opts)
	if err != nil {
		return nil, err
	}
	res := &Result{Method: Decomposition, Warnings: warnings}
	r := tiles.NewRules(pos.Board, imm)
	budget := to.MaxPositions
	if budget == 0 {
		budget = 2_000_000
	}
	r.SetMaxPositions(budget)
	if opts.Progress != nil {
		r.SetProgress(func(n int) { opts.Progress(fmt.Sprintf("tile search: %d positions", n)) })
	}
	b := r.Board()
	all := make([]board.Point, b.Size())
	for i := range all {
		all[i] = board.Point(i)
	}
	pris := pos.Board.Prisoners(board.Black) - pos.Board.Prisoners(board.White)
	values := []cgt.Game{cgt.Int(int64(pris))}
	var problems []string
	seen := map[string]cgt.Game{} // tile values by shape, up to symmetry
	for _, comp := range r.Components(all) {
		if _, ok := r.Settled(comp); !ok {
			for _, p := range comp {
				if r.At(p) == board.Empty {
					res.Moves++
				}
			}
		}
		key, neg, keyed := r.ShapeKey(comp)
		if v, ok := seen[key]; ok && keyed {
			if neg {
				v = v.Neg()
			}
			values = append(values, v)
			continue
		}
		v, err := r.Value(comp)
		if err == nil && keyed {
			if neg {
				seen[key] = v.Neg()
			} else {
				seen[key] = v
			}
		}
		if err != nil {
			name := fmt.Sprintf("the tile at %s (%d points)", b.Name(topLeft(b, comp)), len(comp))
			var ce *tiles.CycleError
			if errors.As(err, &ce) {
				problems = append(problems, fmt.Sprintf("%s is a ko: its game graph has a cycle (%s); ko values are not supported", name, strings.Join(ce.Moves, ", ")))
			} else {
				problems = append(problems, fmt.Sprintf("%s: %v", name, err))
			}
			continue
		}
		values = append(values, v)
	}
	res.Nodes = r.Positions()
	if len(problems) > 0 {
		res.Reason = strings.Join(problems, "; ")
		for _, first := range opts.sides() {
			res.set(first, Unknown)
		}
		res.Elapsed = time.Since(start)
		return res, nil
	}
	var reasons []string
	for _, first := range opts.sides() {
		w, n, err := sumWinner(values, first, opts.MaxNodes)
		res.Nodes += n
		res.set(first, w)
		if err != nil {
			reasons = append(reasons, fmt.Sprintf("%s first: %v", first, err))
		}
	}
	res.Reason = strings.Join(reasons, "; ")
	res.Elapsed = time.Since(start)
	return res, nil
}

// topLeft returns the point of pts that a diagram shows first.
func topLeft(b *board.Board, pts []board.Point) board.Point {
	best := pts[0]
	for _, p := range pts[1:] {
		pc, pr := b.Coords(p)
		bc, br := b.Coords(best)
		if pr > br || (pr == br && pc < bc) {
			best = p
		}
	}
	return best
}

// sumWinner decides the sum of values with first to move by the sum Solver's
// search, without the canonical sum. It returns the winner, the
// positions searched, and an error (with Unknown) past the budget.
func sumWinner(values []cgt.Game, first board.Color, maxNodes int) (string, int, error) {
	sv := NewSolver()
	if maxNodes > 0 {
		sv.MaxNodes = maxNodes
	}
	p := cgt.Left
	if first == board.White {
		p = cgt.Right
	}
	w, err := sv.Outcome(values, p)
	if err != nil {
		if errors.Is(err, ErrTooBig) {
			return Unknown, sv.Nodes, fmt.Errorf("the sum of the tile values needs more than %d positions of search", sv.MaxNodes)
		}
		return Unknown, sv.Nodes, err
	}
	if w == cgt.Left {
		return Black, sv.Nodes, nil
	}
	return White, sv.Nodes, nil
}
