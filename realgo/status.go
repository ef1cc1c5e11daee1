package realgo

import (
	"errors"

	"github.com/mathgo/mathgo/board"
)

// status is the life-and-death status of a block at the end of the game.
type status int8

const (
	statusAlive status = iota
	statusDead
	statusUnknown
)

func (s status) String() string {
	switch s {
	case statusAlive:
		return "alive"
	case statusDead:
		return "dead"
	}
	return "unknown"
}

// outcome of an attack search.
type aResult int8

const (
	aFail aResult = iota // the attacker cannot capture the target
	aWin                 // the attacker captures it
	aUnknown
)

// errBudget is returned (through statusSolver.over) when a search runs out
// of nodes.
var errBudget = errors.New("realgo: node budget exhausted")

// statusSolver decides whether the attacker, moving first, can capture the
// block at target, the defender answering or passing, with moves only on
// the points of comp (see doc.go, "Life and death at the end"). It plays on
// the board it is given and leaves it as it found it.
type statusSolver struct {
	b        *board.Board
	g        *grid
	pa       paInfo
	comp     []board.Point // empty-able points where moves are tried
	inComp   []bool
	target   board.Point
	stones   []board.Point // the target block at the start
	attacker board.Color
	defender board.Color
	// exception: apply the Japanese rule that captured stones are alive if
	// their capture lets the defender play a stone there that cannot be
	// removed.
	exception bool

	nodes    *int64
	budget   int64
	maxDepth int
	tt       map[uint64]aResult
	path     map[uint64]int
	depth    int
	// bans are the ko recaptures forbidden by the confirmation rule: a
	// player whose stone was just captured in a ko may not retake it
	// until that player has passed.
	bans []koBan
	// koMattered is kept for statistics: set when a ban refused a move.
	koMattered bool
	over       bool
}

// koBan forbids colour c to play at pt when that captures exactly the
// single stone at by.
type koBan struct {
	pt, by board.Point
	c      board.Color
}

// newStatusSolver prepares a solver for the block at target on b.
func newStatusSolver(b *board.Board, g *grid, comp []board.Point, inComp []bool, target board.Point, nodes *int64, budget int64, exception bool) *statusSolver {
	def := b.At(target)
	return &statusSolver{
		b: b, g: g, comp: comp, inComp: inComp, target: target,
		stones:    b.Block(target),
		attacker:  def.Opponent(),
		defender:  def,
		exception: exception,
		nodes:     nodes, budget: budget,
		maxDepth: 2*len(comp) + 8,
		tt:       map[uint64]aResult{},
		path:     map[uint64]int{},
	}
}

// solve returns the status of the target block.
func (s *statusSolver) solve() status {
	ko := s.b.KoRule()
	s.b.SetKoRule(board.KoNone)
	r, _ := s.attack()
	s.b.SetKoRule(ko)
	if s.over {
		return statusUnknown
	}
	switch r {
	case aWin:
		return statusDead
	case aFail:
		return statusAlive
	}
	return statusUnknown
}

const noRep = 1 << 30

func (s *statusSolver) key(toMove board.Color) uint64 {
	k := s.b.Hash() ^ sideKey[toMove]
	for _, bn := range s.bans {
		k ^= koKeys[bn.c-1][bn.pt] ^ pointKeys[0][bn.by]
	}
	return k
}

// play makes a move of colour c under the confirmation rules: a pass
// lifts c's bans; a move that retakes a banned ko is refused; a move that
// captures one stone in a ko shape bans the immediate recapture. It
// returns false if the move is illegal; otherwise undo must be called.
func (s *statusSolver) play(m board.Point, c board.Color) (ok bool, undo func()) {
	saved := s.bans
	if m == board.Pass {
		s.b.Play(board.Pass, c)
		var kept []koBan
		for _, bn := range s.bans {
			if bn.c != c {
				kept = append(kept, bn)
			}
		}
		s.bans = kept
		return true, func() { s.b.Undo(); s.bans = saved }
	}
	n, err := s.b.Play(m, c)
	if err != nil {
		return false, nil
	}
	if n == 1 {
		for _, bn := range s.bans {
			if bn.c == c && bn.pt == m && s.b.At(bn.by) == board.Empty {
				s.b.Undo()
				s.koMattered = true
				return false, nil
			}
		}
	}
	if kp, kc := s.b.KoRecapture(); kp != board.Pass {
		s.bans = append(append([]koBan(nil), s.bans...), koBan{pt: kp, by: m, c: kc})
	}
	return true, func() { s.b.Undo(); s.bans = saved }
}

// attack is the attacker to move. It returns the result and the smallest
// path depth of a repeated position its value rests on (noRep if none).
func (s *statusSolver) attack() (aResult, int) {
	k := s.key(s.attacker)
	if d, ok := s.path[k]; ok {
		return aFail, d // a repetition: the attacker has not forced a capture
	}
	if r, ok := s.tt[k]; ok {
		return r, noRep
	}
	if s.over {
		return aUnknown, noRep
	}
	*s.nodes++
	if *s.nodes > s.budget {
		s.over = true
		return aUnknown, noRep
	}
	if s.depth >= s.maxDepth {
		return aUnknown, noRep
	}
	s.path[k] = s.depth
	s.depth++
	res, minRep := aFail, noRep
	sawUnknown := false
	for _, m := range s.attackerMoves() {
		ok, undo := s.play(m, s.attacker)
		if !ok {
			continue
		}
		var r aResult
		rep := noRep
		if m != board.Pass && s.b.At(s.target) == board.Empty {
			r = s.afterCapture()
		} else {
			r, rep = s.defend()
		}
		undo()
		minRep = min(minRep, rep)
		if r == aWin {
			res = aWin
			break
		}
		if r == aUnknown {
			sawUnknown = true
		}
	}
	if res != aWin && sawUnknown {
		res = aUnknown
	}
	s.depth--
	delete(s.path, k)
	if minRep >= s.depth && !s.over {
		s.tt[k] = res
		minRep = noRep
	}
	return res, minRep
}

// defend is the defender to move.
func (s *statusSolver) defend() (aResult, int) {
	k := s.key(s.defender)
	if d, ok := s.path[k]; ok {
		return aFail, d
	}
	if r, ok := s.tt[k]; ok {
		return r, noRep
	}
	if s.over {
		return aUnknown, noRep
	}
	*s.nodes++
	if *s.nodes > s.budget {
		s.over = true
		return aUnknown, noRep
	}
	// Pass-alive now: it can never be captured.
	s.g.load(s.b)
	s.g.passAlive(&s.pa)
	if s.pa.alive[s.target] {
		s.tt[k] = aFail
		return aFail, noRep
	}
	if s.depth >= s.maxDepth {
		return aUnknown, noRep
	}
	s.path[k] = s.depth
	s.depth++
	res, minRep := aWin, noRep
	sawUnknown := false
	for _, m := range s.defenderMoves() {
		ok, undo := s.play(m, s.defender)
		if !ok {
			continue
		}
		r, rep := s.attack()
		undo()
		minRep = min(minRep, rep)
		if r == aFail {
			res = aFail
			break
		}
		if r == aUnknown {
			sawUnknown = true
		}
	}
	if res != aFail && sawUnknown {
		res = aUnknown
	}
	s.depth--
	delete(s.path, k)
	if minRep >= s.depth && !s.over {
		s.tt[k] = res
		minRep = noRep
	}
	return res, minRep
}

// afterCapture is called right after the attacker captured the target:
// without the exception the attacker has won; with it, the capture counts
// only if no stone the defender plays at once on a captured point would be
// impossible to remove.
func (s *statusSolver) afterCapture() aResult {
	if !s.exception {
		return aWin
	}
	res := aWin
	for _, q := range s.stones {
		ok, undo := s.play(q, s.defender)
		if !ok {
			continue
		}
		sub := newStatusSolver(s.b, s.g, s.comp, s.inComp, q, s.nodes, s.budget, false)
		sub.bans = s.bans
		r, _ := sub.attack()
		if sub.over {
			s.over = true
		}
		undo()
		switch r {
		case aFail:
			return aFail // the new stone cannot be removed: alive
		case aUnknown:
			res = aUnknown
		}
	}
	return res
}

// attackerMoves lists the attacker's tries: the liberties of the target
// first, then the other empty points of the component.
func (s *statusSolver) attackerMoves() []board.Point {
	libs := s.b.LibertyPoints(s.target)
	out := make([]board.Point, 0, len(s.comp))
	out = append(out, libs...)
	for _, p := range s.comp {
		if s.b.At(p) == board.Empty && !contains(libs, p) {
			out = append(out, p)
		}
	}
	if len(s.bans) > 0 {
		out = append(out, board.Pass) // to lift a ko ban
	}
	return out
}

// defenderMoves lists the defender's options: captures of attacker blocks
// next to the target, the target's liberties, a pass, then the rest.
func (s *statusSolver) defenderMoves() []board.Point {
	out := make([]board.Point, 0, len(s.comp)+1)
	for _, st := range s.b.Block(s.target) {
		for _, q := range s.b.Neighbors(st) {
			if s.b.At(q) == s.attacker && s.b.Liberties(q) == 1 {
				for _, l := range s.b.LibertyPoints(q) {
					if !contains(out, l) && s.inComp[l] {
						out = append(out, l)
					}
				}
			}
		}
	}
	for _, l := range s.b.LibertyPoints(s.target) {
		if !contains(out, l) {
			out = append(out, l)
		}
	}
	out = append(out, board.Pass)
	for _, p := range s.comp {
		if s.b.At(p) == board.Empty && !contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

func contains(ps []board.Point, p board.Point) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}
