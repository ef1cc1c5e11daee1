package play

import (
	"errors"
	"fmt"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
)

// Scored games. Best is the one choice of exact play at a position of a
// scored game (solve.Node), whatever its tiles hold, and PlayGame the
// exact play-out of one: GTP genmove, review's shown variation, `mathgo
// play` and the front-end agreement test all go through them.

// Best returns the move exact play makes at n for the player to move:
//
//   - in a short sum (every tile a short value), the move of the exact
//     strategy (Exact: among the moves keeping the score, those keeping
//     the Mathematical Go win of the count sum when the mover has it, the
//     first of largest incentive), the pass once every tile is a number;
//   - in any other game, the first optimal move in the game's order that
//     is not a pass (the pass when it is the only one); in a game with
//     cycles (solve.Progressing), of the optimal moves that bring the end
//     nearer.
//
// It asks the game only what its choice needs: for a short sum the exact
// strategy tests the moves in the order of their incentives and stops at
// the first optimal ones (a search each when the canonical total is too
// large), so the list of every optimal move, which may cost a search per
// move, is asked of n.Optimal only by callers that show it (PlayGame).
func Best(n solve.Node) (solve.Option, error) {
	if ss, ok := n.(solve.ShortSum); ok {
		return bestShort(n, ss)
	}
	optimal, err := n.Optimal()
	if err != nil {
		return solve.Option{}, err
	}
	if len(optimal) == 0 {
		return solve.Option{}, fmt.Errorf("no move keeps the score at a position whose score is %s", valueString(n))
	}
	if p, ok := n.(solve.Progressing); ok {
		// Of the moves that keep the score, one that brings the end
		// nearer: a cycle of moves that each keep it has no end.
		optimal = p.Progress(optimal)
	}
	for _, o := range optimal {
		if !o.Move.IsPass() {
			return o, nil
		}
	}
	return optimal[0], nil
}

// valueString writes n's value for an error message.
func valueString(n solve.Node) string {
	v, err := n.Value()
	if err != nil {
		return "unknown (" + err.Error() + ")"
	}
	return v.String()
}

// bestShort is Best for a short sum: the exact strategy's move on the sum
// of the tiles (played under Japanese rules, in counts or area values).
func bestShort(n solve.Node, ss solve.ShortSum) (solve.Option, error) {
	all, err := n.Options()
	if err != nil {
		return solve.Option{}, err
	}
	pass := all[len(all)-1] // the options end with the pass
	if n.Done() {
		return pass, nil
	}
	ids, locals, constant := ss.Tiles()
	area := n.Counting() == rules.Chinese
	box := &goBox{}
	sum := Sum{Settled: constant}
	for i, l := range locals {
		sum.Components = append(sum.Components, Component{Name: ids[i], Local: &goTile{l: l, box: box, area: area}})
	}
	d, err := Choose(sum, solve.PlayerOf(n.ToMove()), rules.Japanese, Exact(), nil)
	if errors.Is(err, ErrNoMove) {
		return pass, nil
	}
	if err != nil {
		return solve.Option{}, err
	}
	if box.err != nil {
		return solve.Option{}, box.err
	}
	for _, o := range all {
		if o.Move.Tile == d.Move.Tile && o.Move.Label == d.Move.Move.Label {
			return o, nil
		}
	}
	return solve.Option{}, fmt.Errorf("play: exact play chose %s, which the scored game does not list", d.Move)
}

// GameOptions shape a play-out of a scored game.
type GameOptions struct {
	// MaxMoves stops the play-out with an error after that many moves (0:
	// 1000): endless play has no result.
	MaxMoves int
	// Prefer, if set, picks the move among the optimal ones (given in the
	// game's order) instead of Best: another exactly optimal line.
	Prefer func(n solve.Node, optimal []solve.Option) solve.Option
}

// PlayGame plays the scored game g out from first with exact play (Best at
// every move) until the game is over, and returns the record: every turn
// with the move made (Turn.Move names its tile and point; for a move of a
// short tile it also holds the tile's values and the incentive), every
// optimal move, whether it took a ko, and the final score
// (Result.Score).
func PlayGame(g solve.Game, first board.Color, opts GameOptions) (*Record, error) {
	if opts.MaxMoves <= 0 {
		opts.MaxMoves = 1000
	}
	n, err := g.Start(first)
	if err != nil {
		return nil, err
	}
	rec := &Record{Rules: g.Counting(), First: solve.PlayerOf(first), Strategies: [2]string{"exact", "exact"}}
	v0, err := n.Value()
	if err != nil {
		return rec, err
	}
	if v0.Exact() {
		o := scoreOutcome(v0.Lo)
		rec.Result.Exact = &o
	}
	for k := 1; !n.Done(); k++ {
		if k > opts.MaxMoves {
			return rec, fmt.Errorf("play did not end within %d moves (the value is %s: endless play is at stake)", opts.MaxMoves, v0)
		}
		optimal, err := n.Optimal()
		if err != nil {
			return rec, fmt.Errorf("play: move %d: %w", k, err)
		}
		best, err := Best(n)
		if err != nil {
			return rec, fmt.Errorf("play: move %d: %w", k, err)
		}
		if opts.Prefer != nil {
			best = opts.Prefer(n, optimal)
		}
		mover := solve.PlayerOf(n.ToMove())
		turn := Turn{N: k, Player: mover, Move: candidateOf(n, best), Strategy: "exact", OptimalKnown: true,
			Captured: best.Captured, KoTaken: best.KoTaken}
		for _, o := range optimal {
			turn.Optimal = append(turn.Optimal, candidateOf(n, o))
		}
		rec.Turns = append(rec.Turns, turn)
		n = best.Next
	}
	end, err := n.Value()
	if err != nil {
		return rec, err
	}
	if !end.Exact() {
		return rec, fmt.Errorf("play ended at a score that is only bounded (%s)", end)
	}
	rec.Result.Outcome = scoreOutcome(end.Lo)
	rec.Result.Moves = len(rec.Turns)
	rec.Next = solve.PlayerOf(n.ToMove())
	return rec, nil
}

// candidateOf describes option o of node n as a Candidate: its tile and
// point, and for a move of a short tile the tile's values and the
// incentive.
func candidateOf(n solve.Node, o solve.Option) Candidate {
	c := Candidate{Index: -1, Tile: o.Move.Tile, Player: solve.PlayerOf(n.ToMove()), Move: Move{Label: o.Move.Label}}
	if o.Short {
		c.Short = true
		c.Before, c.After, c.Incentive = o.Before, o.After, o.Incentive
		c.Class = ClassOf(c.Before)
	}
	return c
}
