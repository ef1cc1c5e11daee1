package tiles

import (
	"errors"
	"fmt"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
)

// Move is a move chosen by BestMove.
type Move struct {
	Point board.Point // board.Pass for a pass
	Tile  string
	// Value is the tile's count after the move; Incentive the move's
	// incentive in that tile (for Black option - count, for White count -
	// option).
	Value, Incentive cgt.Game
	// Score is the Japanese score (Black minus White, before komi) that
	// best play reaches after the move, with the opponent to move.
	Score cgt.Dyadic
}

// BestMove returns an exactly optimal move for c under Japanese counting:
// one that keeps the best stop of the total count with the opponent to
// move next. Among equally good moves it prefers the hottest tile. It
// passes when no move does better than passing, unless an equally good
// move is still hot.
func (a *Analysis) BestMove(c board.Color) (Move, error) {
	if !a.Complete {
		return Move{}, errors.New("the position is not completely valued: " + fmt.Sprint(a.Problems))
	}
	if !a.CountOK {
		return Move{}, errors.New("the total count is too large to reduce to canonical form")
	}
	stop := func(g cgt.Game) cgt.Dyadic { // score with the opponent of c to move
		if c == board.Black {
			return g.RightStop()
		}
		return g.LeftStop()
	}
	better := func(x, y cgt.Dyadic) bool { // x better than y for c
		if c == board.Black {
			return x.Cmp(y) > 0
		}
		return x.Cmp(y) < 0
	}
	best := Move{Point: board.Pass, Score: stop(a.Count)}
	var bestTemp cgt.Dyadic
	found := false
	for _, t := range a.Tiles {
		if t.Kind == KindTerritory {
			continue
		}
		root, err := a.Tree(t.ID, 1)
		if err != nil {
			return Move{}, err
		}
		rest := a.Count.Sub(t.Count)
		for _, ch := range root.Children {
			if ch.Color != c || ch.Dominated {
				continue
			}
			s := stop(rest.Add(ch.Count))
			temp := t.Count.Temperature()
			switch {
			case better(s, best.Score):
			case s.Equal(best.Score) && temp.Sign() > 0 && (!found || temp.Cmp(bestTemp) > 0):
			default:
				continue
			}
			inc := ch.Count.Sub(t.Count)
			if c == board.White {
				inc = inc.Neg()
			}
			best = Move{Point: ch.Point, Tile: t.ID, Value: ch.Count, Incentive: inc, Score: s}
			bestTemp, found = temp, true
		}
	}
	return best, nil
}
