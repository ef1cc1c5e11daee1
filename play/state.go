package play

import (
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
)

// Candidate is one move the player to move could make: a move in one
// component, with the component's value before and after and the mover's
// incentive.
type Candidate struct {
	// Index is the component's position in State.Components.
	Index int
	// Tile is the component's name.
	Tile string
	// Player is the mover.
	Player Player
	// Move is the move inside the component.
	Move Move
	// Before and After are the component's values before and after.
	Before, After cgt.Game
	// Incentive is Black's After - Before, or White's Before - After
	// (Rappaport's B - G and G - W): the larger, the better for the mover.
	Incentive cgt.Game
	// Class is the class of the component before the move.
	Class Class
	// Short is set when Before, After, Incentive and Class are known: always
	// for the moves of a sum of short games; unset for a move of a ko tile
	// in a play-out of a scored game (PlayGame), which has no short value.
	Short bool

	id int // position in the State's candidate list
}

// String names the move as "tile:label", the form of the equal-choice
// lists.
func (c Candidate) String() string { return c.Tile + ":" + c.Move.Label }

// State is a play-out before one move: what a Strategy sees. Its methods
// memoize, so a State must not be shared between goroutines.
type State struct {
	// Rules are the rules being played.
	Rules rules.Counting
	// ToMove is the player about to move.
	ToMove Player
	// N is the number of the move about to be made, from 1.
	N int
	// Components are the components now, settled territory last.
	Components []Component
	// Prev is the state before the previous move (nil before move 1) and
	// Last the move made there.
	Prev *State
	Last *Candidate

	values     []cgt.Game
	total      cgt.Game
	totalKnown bool
	totalTried bool // TotalWithin gave up
	cands      [2][]Candidate
	candsReady [2]bool
	after      map[int]cgt.Game // total after candidate id of ToMove
	ambient    [2]*cgt.Dyadic
	hot        int8 // 0 unknown, 1 some component hot, -1 none
	stops      *solve.Stops
}

func newState(counting rules.Counting, toMove Player, n int, comps []Component) *State {
	s := &State{Rules: counting, ToMove: toMove, N: n, Components: comps}
	s.values = make([]cgt.Game, len(comps))
	for i, c := range comps {
		s.values[i] = c.Local.Value()
	}
	return s
}

// Values returns the components' values (shared; do not modify).
func (s *State) Values() []cgt.Game { return s.values }

// Total returns the canonical value of the whole sum, computing it the
// first time. That is expensive for big sums (exponential in the number
// of hot components); only Japanese counting needs it.
func (s *State) Total() cgt.Game {
	if !s.totalKnown {
		s.total = cgt.Sum(s.values...)
		s.totalKnown = true
	}
	return s.total
}

// totalLimit is the limit on the new games of a canonical total, given
// to solve.NewStops (0: solve.DefaultMaxTotalGames); tests set it
// negative to force the search path (a positive limit can be met from
// cgt's memo alone).
var totalLimit = 0

// newStops returns the rule for the stops of a play-out's sums (solve's
// Stops), searching with sv.
func newStops(sv *solve.Solver) *solve.Stops {
	return solve.NewStops(totalLimit, 0).WithSolver(sv)
}

// TotalWithin returns the canonical value of the whole sum if it can be
// built within the Stops' limit of new games (solve.Stops.Canonical), and
// false otherwise (then the exact strategy finds stops and outcomes by
// search).
func (s *State) TotalWithin() (cgt.Game, bool) {
	if s.totalKnown {
		return s.total, true
	}
	if s.totalTried {
		return cgt.Zero, false
	}
	s.totalTried = true
	if p := s.Prev; p != nil && p.totalTried && !p.totalKnown {
		// One move rarely shrinks a sum that was too large: do not pay
		// for the attempt again.
		return cgt.Zero, false
	}
	g, ok := s.Stops().Canonical(s.values)
	if ok {
		s.total, s.totalKnown = g, true
	}
	return g, ok
}

// TotalKnown reports whether the canonical total has been computed.
func (s *State) TotalKnown() bool { return s.totalKnown }

// Candidates returns every move p can make, component by component in
// order and, within a component, in the component's move order.
func (s *State) Candidates(p Player) []Candidate {
	if s.candsReady[p] {
		return s.cands[p]
	}
	var out []Candidate
	for i, c := range s.Components {
		before := s.values[i]
		cls := ClassOf(before)
		for _, m := range c.Local.Moves(p) {
			if m.Next == nil {
				continue
			}
			after := m.Next.Value()
			var inc cgt.Game
			if p == Black {
				inc = after.Sub(before)
			} else {
				inc = before.Sub(after)
			}
			out = append(out, Candidate{Index: i, Tile: c.Name, Player: p, Move: m,
				Before: before, After: after, Incentive: inc, Class: cls, Short: true, id: len(out)})
		}
	}
	s.cands[p], s.candsReady[p] = out, true
	return out
}

// TotalAfter returns the canonical value of the sum after the candidate c
// of the player to move: Total() plus the change in c's component.
func (s *State) TotalAfter(c Candidate) cgt.Game {
	if c.Player == s.ToMove {
		if v, ok := s.after[c.id]; ok {
			return v
		}
	}
	var v cgt.Game
	if c.Player == Black {
		v = s.Total().Add(c.Incentive)
	} else {
		v = s.Total().Sub(c.Incentive)
	}
	if c.Player == s.ToMove {
		if s.after == nil {
			s.after = make(map[int]cgt.Game)
		}
		s.after[c.id] = v
	}
	return v
}

// ValuesAfter returns the components' values after candidate c (a new
// slice).
func (s *State) ValuesAfter(c Candidate) []cgt.Game {
	out := make([]cgt.Game, len(s.values))
	copy(out, s.values)
	if c.Index >= 0 && c.Index < len(out) {
		out[c.Index] = c.After
	}
	return out
}

// Stops returns the stops of sums shared by the play-out: canonical
// totals while small, the play-out's exact solver past that (a new one
// with the default budget when the state was made outside Play).
func (s *State) Stops() *solve.Stops {
	if s.stops == nil {
		s.stops = newStops(solve.NewSolver())
	}
	return s.stops
}

// Solver returns the exact solver shared by the play-out.
func (s *State) Solver() *solve.Solver { return s.Stops().Solver() }

// AnyHot reports whether some component is hot (class IV).
func (s *State) AnyHot() bool {
	if s.hot == 0 {
		s.hot = -1
		for _, v := range s.values {
			if ClassOf(v) == Hot {
				s.hot = 1
				break
			}
		}
	}
	return s.hot > 0
}

// AllNumbers reports whether every component is a number.
func (s *State) AllNumbers() bool {
	for _, v := range s.values {
		if !v.IsNumber() {
			return false
		}
	}
	return true
}

// Ambient returns the ambient temperature of the sum for player p (see
// AmbientTemperature).
func (s *State) Ambient(p Player) cgt.Dyadic {
	if s.ambient[p] == nil {
		t := AmbientTemperature(s.values, p)
		s.ambient[p] = &t
	}
	return *s.ambient[p]
}

// better reports whether incentive a is strictly greater than b.
func better(a, b cgt.Game) bool {
	return a != b && b.Leq(a)
}

// maximal returns the candidates of pool (in pool order) whose incentive
// no other member of pool strictly exceeds.
func maximal(pool []Candidate) []Candidate {
	var out []Candidate
	for i, c := range pool {
		top := true
		for j, d := range pool {
			if i != j && better(d.Incentive, c.Incentive) {
				top = false
				break
			}
		}
		if top {
			out = append(out, c)
		}
	}
	return out
}
