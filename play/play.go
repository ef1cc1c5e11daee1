package play

import (
	"errors"
	"fmt"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
)

// Options control a play-out.
type Options struct {
	// Rules are the rules played (Mathematical Go by default).
	Rules rules.Counting
	// Black and White are the players' strategies; nil means Exact.
	Black, White Strategy
	// CompareExact also computes the result of exact play from the start
	// (Result.Exact); heuristic play alone never solves the sum. When the
	// sum is too big for the solver's budget, heuristic play goes on and
	// Result.Exact stays nil.
	CompareExact bool
	// ListOptimal records, before every move, every optimal move
	// (Turn.Optimal), testing each candidate exactly.
	ListOptimal bool
	// Solver decides Mathematical Go outcomes for the exact strategy,
	// CompareExact and ListOptimal; nil means solve.NewSolver().
	Solver *solve.Solver
	// NoTiles leaves Turn.Tiles empty and Final without moves (faster for
	// long play-outs nobody will print).
	NoTiles bool
	// MaxMoves stops a play-out with an error after that many moves (0:
	// no limit; short games always end).
	MaxMoves int
}

// TileView is one component as listed before a move: its value, class,
// and each player's best moves there (those whose incentive no other move
// of the same player in the same component strictly exceeds).
type TileView struct {
	Name  string
	Value cgt.Game
	Class Class
	Black []Candidate
	White []Candidate
}

// Turn is one move of a play-out.
type Turn struct {
	// N numbers the moves from 1.
	N int
	// Player is the mover.
	Player Player
	// Tiles lists every component before the move (empty with NoTiles).
	Tiles []TileView
	// Move is the move made, Equal the moves the strategy rated as good.
	Move  Candidate
	Equal []Candidate
	// Optimal lists every optimal move (Options.ListOptimal), nil when
	// not computed; OptimalKnown tells the two apart.
	Optimal      []Candidate
	OptimalKnown bool
	// Wins reports whether the mover still wins after the move, as the
	// exact strategy knows it under Mathematical Go (false otherwise).
	Wins bool
	// Strategy names the strategy that chose the move.
	Strategy string
	// Captured counts the stones the move took and KoTaken reports that
	// it took a ko (the opponent may not take back at once); set in
	// play-outs with the ko ban (PlayGame, ThermostratKo).
	Captured int
	KoTaken  bool
}

// Outcome is the result of a play-out or of exact play.
type Outcome struct {
	// Winner is the winner (meaningless when Draw).
	Winner Player
	// Draw is a jigo under Japanese counting.
	Draw bool
	// Score is the final score (Black minus White) under Japanese
	// counting; nil under Mathematical Go.
	Score *cgt.Dyadic
}

// String returns "black", "white" or "draw".
func (o Outcome) String() string {
	if o.Draw {
		return "draw"
	}
	return PlayerName(o.Winner)
}

// Result is the end of a play-out.
type Result struct {
	Outcome
	// Moves is the number of moves played.
	Moves int
	// Exact is the result of exact play from the start when it was
	// computed (Options.CompareExact, or when both players play exactly).
	Exact *Outcome
}

// WinnerChanged reports whether the play-out's winner differs from exact
// play's (false when the exact result is unknown).
func (r Result) WinnerChanged() bool {
	return r.Exact != nil && (r.Exact.Draw != r.Draw || (!r.Draw && r.Exact.Winner != r.Winner))
}

// ScoreLoss returns how far the score fell from the exact score, from
// Black's point of view (exact minus played: positive when Black ended
// worse off than exact play). ok is false when either score is unknown.
func (r Result) ScoreLoss() (loss cgt.Dyadic, ok bool) {
	if r.Exact == nil || r.Exact.Score == nil || r.Score == nil {
		return cgt.Dyadic{}, false
	}
	return r.Exact.Score.Sub(*r.Score), true
}

// Record is a whole play-out.
type Record struct {
	Rules rules.Counting
	// First is the player who moved first.
	First Player
	// Strategies names Black's and White's strategies.
	Strategies [2]string
	// Turns are the moves in order.
	Turns []Turn
	// Final lists the components after the last move (their moves only
	// without Options.NoTiles).
	Final []TileView
	// FinalComponents are the components after the last move, and Next
	// the player who would move next.
	FinalComponents []Component
	Next            Player
	// Result is how it ended.
	Result Result
}

// ExactOutcome returns the result of exact play of the sum of values with
// first to move: under Mathematical Go the winner as sv decides it (nil
// sv: a new Solver); under Japanese counting the score, the canonical
// total's left stop (Black first) or right stop (White first).
func ExactOutcome(values []cgt.Game, first Player, counting rules.Counting, sv *solve.Solver) (Outcome, error) {
	if sv == nil {
		sv = solve.NewSolver()
	}
	if counting == rules.Japanese {
		sc, err := newStops(sv).Stop(values, first)
		return scoreOutcome(sc), err
	}
	w, err := sv.Outcome(values, first)
	return Outcome{Winner: w}, err
}

func scoreOutcome(sc cgt.Dyadic) Outcome {
	o := Outcome{Score: &sc}
	switch sc.Sign() {
	case 0:
		o.Draw = true
	case -1:
		o.Winner = White
	}
	return o
}

// Play plays sum out with first to move and returns the record.
func Play(sum Sum, first Player, opt Options) (*Record, error) {
	if first != Black && first != White {
		return nil, fmt.Errorf("play: bad first player %d", first)
	}
	comps := sum.locals()
	for i, c := range comps {
		if c.Local == nil {
			return nil, fmt.Errorf("play: component %d (%s) has no position", i+1, c.Name)
		}
	}
	strat := [2]Strategy{opt.Black, opt.White}
	for i := range strat {
		if strat[i] == nil {
			strat[i] = Exact()
		}
	}
	rec := &Record{Rules: opt.Rules, First: first, Strategies: [2]string{strat[0].Name(), strat[1].Name()}}
	_, exactB := strat[Black].(exact)
	_, exactW := strat[White].(exact)
	sv := opt.Solver
	if sv == nil {
		sv = solve.NewSolver()
	}

	s := newState(opt.Rules, first, 1, comps)
	s.stops = newStops(sv)
	if opt.CompareExact || (exactB && exactW) {
		o, err := ExactOutcome(s.values, first, opt.Rules, sv)
		switch {
		case err == nil:
			rec.Result.Exact = &o
		case !errors.Is(err, solve.ErrTooBig) || exactB || exactW:
			return rec, err
		}
		// Too big to solve: heuristic play goes on without the comparison.
	}
	for {
		if opt.Rules == rules.Japanese && s.AllNumbers() {
			var sc cgt.Dyadic
			for _, v := range s.values {
				d, _ := v.Number()
				sc = sc.Add(d)
			}
			rec.Result.Outcome = scoreOutcome(sc)
			break
		}
		cands := s.Candidates(s.ToMove)
		if len(cands) == 0 {
			if opt.Rules == rules.Japanese {
				return rec, fmt.Errorf("play: move %d: %s has no move but the sum is not settled", s.N, PlayerName(s.ToMove))
			}
			rec.Result.Outcome = Outcome{Winner: s.ToMove.Opponent()}
			break
		}
		if opt.MaxMoves > 0 && s.N > opt.MaxMoves {
			return rec, fmt.Errorf("play: no end after %d moves", opt.MaxMoves)
		}
		var err error
		turn := Turn{N: s.N, Player: s.ToMove, Strategy: strat[s.ToMove].Name()}
		if !opt.NoTiles {
			turn.Tiles = tileViews(s, true)
		}
		if opt.ListOptimal {
			turn.Optimal, err = OptimalMoves(s)
			if err != nil {
				return rec, fmt.Errorf("play: move %d: %w", s.N, err)
			}
			turn.OptimalKnown = true
		}
		d, err := strat[s.ToMove].Choose(s)
		if err != nil {
			return rec, fmt.Errorf("play: move %d: %w", s.N, err)
		}
		if d.Move.Player != s.ToMove || d.Move.Index < 0 || d.Move.Index >= len(s.Components) || d.Move.Move.Next == nil {
			return rec, errors.New("play: strategy returned a move that is not a candidate")
		}
		turn.Move, turn.Equal, turn.Wins = d.Move, d.Equal, d.Wins
		rec.Turns = append(rec.Turns, turn)

		next := append([]Component(nil), s.Components...)
		next[d.Move.Index] = Component{Name: next[d.Move.Index].Name, Local: d.Move.Move.Next}
		ns := newState(opt.Rules, s.ToMove.Opponent(), s.N+1, next)
		ns.stops = s.stops
		if s.TotalKnown() {
			ns.total, ns.totalKnown = s.TotalAfter(d.Move), true
		}
		last := d.Move
		ns.Prev, ns.Last = s, &last
		// Only the previous state is needed (sentestrat): drop older ones.
		s.Prev, s.Last = nil, nil
		s.after = nil
		s = ns
	}
	rec.Result.Moves = len(rec.Turns)
	rec.Final = tileViews(s, !opt.NoTiles)
	rec.FinalComponents, rec.Next = s.Components, s.ToMove
	return rec, nil
}

// tileViews lists the components of s, with each player's best moves
// when withMoves is set.
func tileViews(s *State, withMoves bool) []TileView {
	out := make([]TileView, len(s.Components))
	for i, c := range s.Components {
		out[i] = TileView{Name: c.Name, Value: s.values[i], Class: ClassOf(s.values[i])}
	}
	if !withMoves {
		return out
	}
	for _, p := range []Player{Black, White} {
		byTile := make([][]Candidate, len(s.Components))
		for _, c := range s.Candidates(p) {
			byTile[c.Index] = append(byTile[c.Index], c)
		}
		for i, cs := range byTile {
			best := maximal(cs)
			if p == Black {
				out[i].Black = best
			} else {
				out[i].White = best
			}
		}
	}
	return out
}

// Choose returns the move strategy strat (nil: Exact) makes for p in sum
// under rules, as Play would make it at that point of a play-out: the
// one place where a single move is chosen, used by `mathgo play` and by
// the GTP engine's genmove alike. sv may be nil (a new solver). It
// returns ErrNoMove when p has no move.
func Choose(sum Sum, p Player, counting rules.Counting, strat Strategy, sv *solve.Solver) (Decision, error) {
	if strat == nil {
		strat = Exact()
	}
	if sv == nil {
		sv = solve.NewSolver()
	}
	s := newState(counting, p, 1, sum.locals())
	s.stops = newStops(sv)
	if len(s.Candidates(p)) == 0 {
		return Decision{}, ErrNoMove
	}
	return strat.Choose(s)
}

// AllNumbers reports whether every component of sum is a number: nothing is
// left worth a move under territory counting.
func (sum Sum) AllNumbers() bool {
	for _, c := range sum.locals() {
		if !c.Local.Value().IsNumber() {
			return false
		}
	}
	return true
}
