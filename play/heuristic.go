package play

import (
	"fmt"
	"strings"

	"github.com/mathgo/mathgo/cgt"
)

// The heuristic strategies. Each works on the components' thermographs
// and never needs the canonical sum, so it scales to sums too big to
// solve exactly. While some component is hot (class IV) each applies its
// own rule; once none is, all of them play the largest incentive, as
// Rappaport does in classes III to I (see coldChoice).

type heuristic struct {
	name string
	hot  func(s *State) (Decision, bool)
}

func (h heuristic) Name() string { return h.name }

func (h heuristic) Choose(s *State) (Decision, error) {
	if len(s.Candidates(s.ToMove)) == 0 {
		return Decision{}, ErrNoMove
	}
	if s.AnyHot() {
		if d, ok := h.hot(s); ok {
			return d, nil
		}
	}
	return coldChoice(s), nil
}

// coldChoice plays the largest incentive: the maximal moves (whose
// incentive no other move strictly exceeds), the first in component order
// played and the others listed as equal.
func coldChoice(s *State) Decision {
	m := maximal(s.Candidates(s.ToMove))
	return Decision{Move: m[0], Equal: m[1:], Optimal: -1}
}

// Greedy returns the greedy strategy: while some component is hot, take
// the largest immediate gain in mean value (the mean of the incentive,
// mean(G^L) - mean(G) for Black), ties going to the hotter component.
// In a sum of switches {a|b} this is Rappaport's "be greedy": play in the
// switch with the greatest temperature.
func Greedy() Strategy {
	return heuristic{name: "greedy", hot: func(s *State) (Decision, bool) {
		return pickBest(s, s.Candidates(s.ToMove), func(c Candidate) []cgt.Dyadic {
			gain := c.After.Mean().Sub(c.Before.Mean())
			if c.Player == White {
				gain = gain.Neg()
			}
			return []cgt.Dyadic{gain, c.Before.Temperature()}
		})
	}}
}

// Hotstrat returns Winning Ways' hotstrat: move in a hottest component,
// choosing the option that determines the mover's wall of its thermograph
// at its temperature.
func Hotstrat() Strategy {
	return heuristic{name: "hotstrat", hot: func(s *State) (Decision, bool) {
		return hottest(s, -1)
	}}
}

// Thermostrat returns Winning Ways' thermostrat: find the ambient
// temperature T of the sum (AmbientTemperature), move in the component
// whose thermograph is widest at T, choosing the option that determines
// the mover's wall there. When every component is a mast at T it falls
// back to hotstrat.
func Thermostrat() Strategy {
	return heuristic{name: "thermostrat", hot: thermostrat}
}

func thermostrat(s *State) (Decision, bool) {
	t := s.Ambient(s.ToMove)
	var widest cgt.Dyadic
	best := -1
	for i, v := range s.values {
		if v.IsNumber() {
			continue
		}
		if w := width(v, t); best < 0 || w.Cmp(widest) > 0 {
			best, widest = i, w
		}
	}
	if best < 0 || widest.Sign() <= 0 {
		return hottest(s, -1)
	}
	// Every component as wide as the widest is a candidate; the option
	// rule then picks among them.
	var pool []Candidate
	for _, c := range s.Candidates(s.ToMove) {
		if !c.Before.IsNumber() && width(c.Before, t).Equal(widest) {
			pool = append(pool, c)
		}
	}
	return pickBest(s, pool, func(c Candidate) []cgt.Dyadic {
		return []cgt.Dyadic{wallKey(c, t), c.Before.Temperature()}
	})
}

// Sentestrat returns Winning Ways' sentestrat: if the opponent's last move
// raised the temperature of its component above the ambient temperature
// of the sum before that move, answer in that component (hotstrat's
// option there); otherwise play thermostrat.
func Sentestrat() Strategy {
	return heuristic{name: "sentestrat", hot: func(s *State) (Decision, bool) {
		if s.Prev != nil && s.Last != nil && s.Last.Player != s.ToMove {
			i := s.Last.Index
			amb := s.Prev.Ambient(s.Last.Player)
			if i < len(s.values) && s.values[i].Temperature().Cmp(amb) > 0 {
				if d, ok := hottest(s, i); ok {
					return d, true
				}
			}
		}
		return thermostrat(s)
	}}
}

// hottest plays in a hottest component (or in component only, when
// only >= 0), with the option that determines the mover's wall at the
// component's temperature.
func hottest(s *State, only int) (Decision, bool) {
	var pool []Candidate
	for _, c := range s.Candidates(s.ToMove) {
		if only < 0 || c.Index == only {
			pool = append(pool, c)
		}
	}
	return pickBest(s, pool, func(c Candidate) []cgt.Dyadic {
		t := c.Before.Temperature()
		return []cgt.Dyadic{t, wallKey(c, t)}
	})
}

// wallKey rates a move by the thermograph wall it determines at t: Black
// wants the largest right wall of G^L at t, White the smallest left wall
// of G^R (negated, so larger is better for both).
func wallKey(c Candidate, t cgt.Dyadic) cgt.Dyadic {
	l, r := walls(c.After, t)
	if c.Player == Black {
		return r
	}
	return l.Neg()
}

// pickBest plays the candidate of pool with the lexicographically largest
// key; candidates with the same key are listed as equal.
func pickBest(s *State, pool []Candidate, key func(Candidate) []cgt.Dyadic) (Decision, bool) {
	if len(pool) == 0 {
		return Decision{}, false
	}
	keys := make([][]cgt.Dyadic, len(pool))
	best := 0
	for i, c := range pool {
		keys[i] = key(c)
		if cmpKeys(keys[i], keys[best]) > 0 {
			best = i
		}
	}
	d := Decision{Move: pool[best], Optimal: -1}
	for i, c := range pool {
		if i != best && cmpKeys(keys[i], keys[best]) == 0 {
			d.Equal = append(d.Equal, c)
		}
	}
	return d, true
}

func cmpKeys(a, b []cgt.Dyadic) int {
	for i := range a {
		if c := a[i].Cmp(b[i]); c != 0 {
			return c
		}
	}
	return 0
}

// StrategyNames lists the strategies StrategyByName knows.
func StrategyNames() []string {
	return []string{"exact", "greedy", "hotstrat", "thermostrat", "sentestrat"}
}

// StrategyByName returns the strategy with the given name (see
// StrategyNames), case-insensitively.
func StrategyByName(name string) (Strategy, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "exact":
		return Exact(), nil
	case "greedy":
		return Greedy(), nil
	case "hotstrat":
		return Hotstrat(), nil
	case "thermostrat":
		return Thermostrat(), nil
	case "sentestrat":
		return Sentestrat(), nil
	}
	return nil, fmt.Errorf("unknown strategy %q (want one of %s)", name, strings.Join(StrategyNames(), ", "))
}
