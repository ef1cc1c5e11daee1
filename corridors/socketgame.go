package corridors

import (
	"errors"
	"slices"
	"strings"
	"sync"

	"github.com/mathgo/mathgo/cgt"
)

// The game of a socketed group: an invader chain (mortal, without eyes)
// whose only way to live is to connect through one empty point, the
// socket, to an immortal group of its colour, and which touches the
// mouths of the owner's corridors. Black is the owner (the corridors'
// walls), White the chain's colour; White's sockets are the negatives.
//
// While the socket is open the chain is mortal: Black may play the socket
// only when that captures the chain (every corridor liberty filled), and
// the capture is valued as a huge number of points, the solver's capture
// (the chain, its eye-less area and everything it touches change hands;
// the result does not depend on the number once it is large, which the
// tests check).
// White may connect at the socket at any time; then the chain is immortal
// and every corridor is an independent region. An unblocked corridor,
// filled by White from end to end, also connects the chain to life; the
// socket is then White's territory.
//
// A corridor attached to the chain is a component: its points from the
// chain outwards up to the first Black stone ('.' empty, 'O' White), and
// what lies beyond its far end (the owner's wall, or the invader's
// immortal stones). White stones at the near end are the chain's.

// component is one corridor still attached to the mortal chain.
type component struct {
	cells string
	far   end
}

// errSocketBudget reports a socket game larger than the search budget.
var errSocketBudget = errors.New("socket game too large to value within the search budget")

// socketSolver values socket games.
type socketSolver struct {
	path    *pathSolver
	memo    map[string]value
	capture int64
	// whiteFrontier limits White's corridor moves to the frontiers: the
	// point after the chain's stones, and the point beside the invader's
	// immortal stones at an open far end. Black may play anywhere, White
	// may always connect at the socket. This keeps the corridors'
	// positions to their lengths (a White stone elsewhere would be a dead
	// stone inside Black's corridor); the tests check the model against
	// every legal move on small sockets.
	whiteFrontier bool
	budget        int
	nodes         int
}

func newSocketSolver(capture int64, whiteFrontier bool, budget int) *socketSolver {
	return &socketSolver{path: newPathSolver(), memo: map[string]value{}, capture: capture, whiteFrontier: whiteFrontier, budget: budget}
}

// sharedSockets keeps the socket games solved so far, by capture bonus,
// for the next socket of the same size: the positions a play-out or a
// move choice meets in a socket tile (each move leaves a socket game
// whose corridors were mostly valued already) are then valued from the
// memo instead of from scratch (figure-5.2's best move went from 70 s
// to well under a second). The values are exact whatever the order of
// the calls; the memo is dropped when it grows past maxSharedSocketMemo.
var sharedSockets struct {
	sync.Mutex
	solvers map[int64]*socketSolver
	size    int
}

// maxSharedSocketMemo bounds the entries of the shared socket memos.
const maxSharedSocketMemo = 200_000

// solveShared values a socket game with the shared memo of its capture
// bonus and a fresh node budget; solved reports the new nodes.
func solveShared(capture int64, budget int, cs []component) (v value, solved int, err error) {
	sharedSockets.Lock()
	defer sharedSockets.Unlock()
	if sharedSockets.solvers == nil || sharedSockets.size > maxSharedSocketMemo {
		sharedSockets.solvers, sharedSockets.size = map[int64]*socketSolver{}, 0
	}
	s := sharedSockets.solvers[capture]
	if s == nil {
		s = newSocketSolver(capture, true, budget)
		sharedSockets.solvers[capture] = s
	}
	before := len(s.memo)
	s.nodes, s.budget = 0, budget
	v, err = s.game(cs)
	sharedSockets.size += len(s.memo) - before
	return v, s.nodes, err
}

// chainRun returns the length of the chain's stones at the near end.
func (c component) chainRun() int {
	return len(c.cells) - len(strings.TrimLeft(c.cells, "O"))
}

// liberty reports whether the chain has a liberty in the component.
func (c component) liberty() bool {
	r := c.chainRun()
	return r < len(c.cells) // the point after the run is empty: strings are maximal
}

// settledParts returns the value of the components once the chain is
// immortal: each is an independent segment between the chain and its far
// end.
func (s *socketSolver) settledParts(cs []component) value {
	v := intValue(0)
	for _, c := range cs {
		v = v.add(s.path.segment(c.cells[c.chainRun():], endInvader, c.far))
	}
	return v
}

// game returns the value of the socket game with the socket open and the
// chain attached to the components.
func (s *socketSolver) game(cs []component) (value, error) {
	// The chain's own stones in a corridor matter only for the size of
	// the capture, which Capture stands for: drop them.
	cs = slices.Clone(cs)
	for i := range cs {
		cs[i].cells = cs[i].cells[cs[i].chainRun():]
	}
	cs = slices.DeleteFunc(cs, func(c component) bool { return c.cells == "" && c.far == endOwn })
	slices.SortFunc(cs, func(x, y component) int {
		if x.far != y.far {
			return int(x.far) - int(y.far)
		}
		if len(x.cells) != len(y.cells) {
			return len(x.cells) - len(y.cells)
		}
		return strings.Compare(x.cells, y.cells)
	})
	var kb strings.Builder
	for _, c := range cs {
		kb.WriteByte(byte(c.far))
		kb.WriteString(c.cells)
		kb.WriteByte('|')
	}
	key := kb.String()
	if v, ok := s.memo[key]; ok {
		return v, nil
	}
	s.nodes++
	if s.budget > 0 && s.nodes > s.budget {
		return value{}, errSocketBudget
	}
	var lc, la, rc, ra []cgt.Game
	addL := func(v value, captured int) {
		lc = append(lc, v.count.Add(cgt.Int(int64(captured))))
		la = append(la, v.area.Add(cgt.Int(int64(captured+1))))
	}
	addR := func(v value) {
		rc = append(rc, v.count)
		ra = append(ra, v.area.Add(cgt.Int(-1)))
	}
	// White connects at the socket.
	addR(s.settledParts(cs))
	// Black captures the chain at the socket when it has no other liberty.
	if !slices.ContainsFunc(cs, component.liberty) {
		m := cgt.Int(s.capture)
		lc, la = append(lc, m), append(la, m)
	}
	replaced := func(i int, c component) []component {
		out := slices.Clone(cs)
		out[i] = c
		return out
	}
	for i, c := range cs {
		n := len(c.cells)
		r := c.chainRun()
		for j := 0; j < n; j++ {
			if c.cells[j] != '.' {
				continue
			}
			// Black plays at j: the near part stays attached, the far
			// part is cut off; a White string between j and the owner's
			// wall at the far end is captured.
			far := c.cells[j+1:]
			captured := 0
			if c.far == endOwn && far != "" && strings.Trim(far, "O") == "" {
				captured, far = len(far), strings.Repeat(".", len(far))
			}
			v, err := s.game(replaced(i, component{c.cells[:j], endOwn}))
			if err != nil {
				return value{}, err
			}
			addL(v.add(s.path.segment(far, endOwn, c.far)), captured)
			// White plays at j.
			if frontier := j == r || (j == n-1 && c.far == endInvader); s.whiteFrontier && !frontier {
				continue
			}
			a, b := j, j
			for a > 0 && c.cells[a-1] == 'O' {
				a--
			}
			for b < n-1 && c.cells[b+1] == 'O' {
				b++
			}
			toChain, toLife := a == 0, b == n-1 && c.far == endInvader
			switch {
			case toChain && toLife:
				// The chain connects to life through the corridor; the
				// socket becomes White's territory.
				rest := slices.Delete(slices.Clone(cs), i, i+1)
				addR(s.settledParts(rest).add(intValue(-1)))
				continue
			case toLife:
				v, err = s.game(replaced(i, component{c.cells[:a], endInvader}))
			default:
				// Joins the chain (which keeps the socket as a liberty) or
				// stands alone with an empty point beside it.
				v, err = s.game(replaced(i, component{c.cells[:j] + "O" + c.cells[j+1:], c.far}))
			}
			if err != nil {
				return value{}, err
			}
			addR(v)
		}
	}
	v := value{cgt.New(lc, rc), cgt.New(la, ra)}
	s.memo[key] = v
	return v, nil
}
