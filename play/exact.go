package play

import (
	"errors"
	"slices"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/rules"
)

// Decision is a strategy's choice of move.
type Decision struct {
	// Move is the move to make.
	Move Candidate
	// Equal lists the other moves the strategy rates as good as Move.
	Equal []Candidate
	// Optimal is the number of optimal moves (winning moves under
	// Mathematical Go when the mover can win, score-keeping moves under
	// Japanese counting), or -1 when the strategy does not know it. Under
	// Mathematical Go it is 0 when the mover has lost whatever he does.
	Optimal int
	// Wins reports, for the exact strategy under Mathematical Go, whether
	// the mover still wins after Move.
	Wins bool
}

// Strategy chooses moves.
type Strategy interface {
	// Name is the strategy's name as the command line spells it.
	Name() string
	// Choose picks a move for s.ToMove; s has at least one candidate.
	Choose(s *State) (Decision, error)
}

// ErrNoMove is returned by a strategy asked to move where the player to
// move has no move.
var ErrNoMove = errors.New("play: the player to move has no move")

type exact struct{}

// Exact returns the exact strategy.
//
// Under Mathematical Go a move is optimal when the mover still wins the
// whole sum after it (the sum after the move is >= 0 for Black, <= 0 for
// White), decided exactly by the state's Solver. Under Japanese counting
// a move is optimal when it keeps the stop: the right stop of the sum
// after a Black move equals the left stop before it (symmetrically for
// White), on the running canonical sum; among those, when the mover wins
// the sum under normal play (Mathematical Go) moving first, only the moves
// that keep that win (which costs no point: see optimality). When the
// mover has no optimal move (a lost Mathematical Go game), every move
// is in the pool.
//
// From the pool it plays the move with the largest incentive: the moves
// whose incentive no other move of the pool strictly exceeds are the
// maximal moves; the first of them in component order (then move order
// within the component) is played and the others are reported as equal
// choices. Maximal moves have equal incentives or incomparable
// (confused) ones; both are equally good for the result, which is all
// optimality asks.
func Exact() Strategy { return exact{} }

func (exact) Name() string { return "exact" }

func (exact) Choose(s *State) (Decision, error) {
	cands := s.Candidates(s.ToMove)
	if len(cands) == 0 {
		return Decision{}, ErrNoMove
	}
	optimal, canWin, err := optimality(s)
	if err != nil {
		return Decision{}, err
	}
	if !canWin {
		m := maximal(cands)
		return Decision{Move: m[0], Equal: m[1:], Optimal: 0}, nil
	}
	winners, err := optimalSet(cands, optimal)
	if err != nil {
		return Decision{}, err
	}
	if len(winners) == 0 {
		// Unreachable when the outcome says the mover wins; keep going
		// with every move rather than fail.
		m := maximal(cands)
		return Decision{Move: m[0], Equal: m[1:], Optimal: 0}, nil
	}
	m := maximal(winners)
	return Decision{Move: m[0], Equal: m[1:], Optimal: -1, Wins: s.Rules == rules.MathematicalGo}, nil
}

// optimality returns the test of an optimal move for the player to move,
// and whether any move can be optimal (false for a lost Mathematical Go
// game).
func optimality(s *State) (optimal func(Candidate) (bool, error), canWin bool, err error) {
	if s.Rules == rules.Japanese {
		total, ok := s.TotalWithin()
		if !ok {
			return searchOptimality(s)
		}
		// Ties on the score go to the normal-play (Mathematical Go) winner
		// of the sum: when the mover wins it moving first, only the moves
		// after which he still wins are optimal. This never costs a point:
		// with a stop above 0 every stop-keeping move wins, and with a stop
		// of 0 every winning move keeps it.
		keepsWin := func(Candidate) bool { return true }
		if winsFirst(total, s.ToMove) {
			keepsWin = func(c Candidate) bool { return !winsFirst(s.TotalAfter(c), c.Player.Opponent()) }
		}
		if _, ok := total.Number(); ok {
			// The sum is already a number: keep as much of it as any move
			// can.
			var best cgt.Dyadic
			for i, c := range s.Candidates(s.ToMove) {
				v := stopAfter(s, c)
				if i == 0 || cmpFor(s.ToMove, v, best) > 0 {
					best = v
				}
			}
			return func(c Candidate) (bool, error) { return stopAfter(s, c).Equal(best) && keepsWin(c), nil }, true, nil
		}
		target := total.LeftStop()
		if s.ToMove == White {
			target = total.RightStop()
		}
		return func(c Candidate) (bool, error) { return stopAfter(s, c).Equal(target) && keepsWin(c), nil }, true, nil
	}
	sv := s.Solver()
	canWin, err = sv.FirstWins(s.values, s.ToMove)
	if err != nil {
		return nil, false, err
	}
	return func(c Candidate) (bool, error) {
		w, err := sv.FirstWins(s.ValuesAfter(c), c.Player.Opponent())
		return !w, err
	}, canWin, nil
}

// OptimalMoves returns every optimal move of the player to move, in
// candidate order, testing each one exactly (see Exact): under
// Mathematical Go the winning moves (none when the mover has lost), under
// Japanese counting the moves that keep the stop.
func OptimalMoves(s *State) ([]Candidate, error) {
	optimal, canWin, err := optimality(s)
	if err != nil || !canWin {
		return nil, err
	}
	var out []Candidate
	for _, c := range s.Candidates(s.ToMove) {
		ok, err := optimal(c)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, c)
		}
	}
	return out, nil
}

// winsFirst reports whether p wins g under normal play moving first.
func winsFirst(g cgt.Game, p Player) bool {
	switch g.Outcome() {
	case cgt.OutcomeN:
		return true
	case cgt.OutcomeL:
		return p == Black
	case cgt.OutcomeR:
		return p == White
	}
	return false
}

// stopAfter is the stop of the sum after c with the opponent to move:
// the right stop after a Black move, the left stop after a White move.
// searchOptimality is the Japanese optimality test of optimality for a
// sum whose canonical form is too large to build: the stops and the
// normal-play outcomes come from the solver's search instead.
func searchOptimality(s *State) (optimal func(Candidate) (bool, error), canWin bool, err error) {
	st := s.Stops()
	sv := st.Solver()
	target, err := st.SearchStop(s.values, s.ToMove)
	if err != nil {
		return nil, false, err
	}
	wins, err := sv.FirstWins(s.values, s.ToMove)
	if err != nil {
		return nil, false, err
	}
	return func(c Candidate) (bool, error) {
		// A move keeps the stop when the stop after it (the opponent to
		// move) is no worse than target: it cannot be better (the
		// mover's stop is the best of his options'), so one search
		// decides it.
		after := s.ValuesAfter(c)
		keeps, err := st.SearchReaches(after, s.values, c.Player.Opponent(), target)
		if err != nil || !keeps {
			return false, err
		}
		if !wins {
			return true, nil
		}
		w, err := sv.FirstWins(after, c.Player.Opponent())
		return !w, err
	}, true, nil
}

func stopAfter(s *State, c Candidate) cgt.Dyadic {
	t := s.TotalAfter(c)
	if c.Player == Black {
		return t.RightStop()
	}
	return t.LeftStop()
}

// cmpFor compares two scores from p's point of view.
func cmpFor(p Player, a, b cgt.Dyadic) int {
	if p == White {
		return b.Cmp(a)
	}
	return a.Cmp(b)
}

// optimalSet returns the optimal candidates that may be maximal by
// incentive, in candidate order. A candidate whose incentive is strictly
// below that of a known optimal one cannot be maximal among the optimal
// moves, so it is not tested: candidates are tested in an order where
// every strictly better incentive comes first.
func optimalSet(cands []Candidate, optimal func(Candidate) (bool, error)) ([]Candidate, error) {
	n := len(cands)
	dom := make([][]bool, n) // dom[i][j]: cands[i] strictly better than cands[j]
	above := make([]int, n)  // number of candidates strictly better
	for i := range dom {
		dom[i] = make([]bool, n)
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			a, b := cands[i].Incentive, cands[j].Incentive
			if a == b {
				continue
			}
			switch a.Compare(b) {
			case cgt.Greater:
				dom[i][j] = true
				above[j]++
			case cgt.Less:
				dom[j][i] = true
				above[i]++
			}
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return above[a] - above[b] })
	var wins []int
	for _, i := range order {
		skip := false
		for _, w := range wins {
			if dom[w][i] {
				skip = true
				break
			}
		}
		if skip {
			continue
		}
		ok, err := optimal(cands[i])
		if err != nil {
			return nil, err
		}
		if ok {
			wins = append(wins, i)
		}
	}
	slices.Sort(wins)
	out := make([]Candidate, len(wins))
	for k, i := range wins {
		out[k] = cands[i]
	}
	return out, nil
}
