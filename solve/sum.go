package solve

import (
	"encoding/binary"
	"slices"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/mgo"
)

// ErrTooBig is returned when the exact solver exceeds its node budget:
// the sum is too big to solve exactly; play it with a heuristic strategy.
// It is mgo.ErrBudget, the one budget error of mathgo (the tile search's
// and the alpha-beta's too): test for it with errors.Is.
var ErrTooBig = mgo.ErrBudget

// errSumTooBig is the error the sum solver returns past its budget.
var errSumTooBig = mgo.BudgetErrorf("solve: sum too big to solve exactly within the node budget (use a heuristic strategy)")

// Solver decides who wins a sum of games under normal play (Mathematical
// Go) exactly, without building the canonical form of the whole sum,
// which grows exponentially with the number of hot components.
//
// It searches the sum move by move, with these exact shortcuts:
//
//   - numbers are added into one number, and never moved in while another
//     component remains (number avoidance);
//   - small tepid components (such as 1*, 3^, Tiny(1)) are added into one
//     canonical component: their sum is tepid or a number;
//   - pairs G, -G cancel;
//   - the mean M of the sum is the sum of the means and its temperature
//     is at most the largest component temperature T; since the left stop
//     lies between M and M+T (the right stop between M-T and M), Left
//     moving first wins when M > 0 and loses when M+T < 0 (symmetrically
//     for Right), without search; the hottest component's own stops
//     narrow these bounds further (see bounds);
//   - a few components left are summed canonically with cgt and the
//     outcome read off the canonical form;
//   - positions are memoized by the multiset of component values.
//
// A Solver may be reused across positions of one play-out (the memo
// carries over); it is not safe for concurrent use.
type Solver struct {
	// MaxNodes bounds the number of positions searched per call (0: no
	// bound). Past it the call fails with ErrTooBig.
	MaxNodes int
	// Small is the number of non-number components at or below which the
	// sum is built canonically instead of searched (default 1: bigger
	// canonical sums fill cgt's tables faster than they save search).
	Small int
	// Nodes counts the positions searched so far (all calls).
	Nodes int

	memo  map[string]bool
	info  []*ginfo // by game id (games are dense small integers)
	calls int
	key   []byte
}

// ginfo caches what the solver asks of a component value, so that the
// search does not go through cgt's lock for it every time.
type ginfo struct {
	num         cgt.Dyadic
	isNum       bool
	mean, temp  cgt.Dyadic // temp clamped at 0 (numbers, tepid games)
	ls, rs      cgt.Dyadic
	neg         cgt.Game
	left, right []cgt.Game
	simple      bool // a tepid game small enough to merge (see normalize)
}

func (sv *Solver) get(g cgt.Game) *ginfo {
	if int(g) < len(sv.info) {
		if in := sv.info[g]; in != nil {
			return in
		}
	} else {
		sv.info = append(sv.info, make([]*ginfo, int(g)+1-len(sv.info)+len(sv.info)/2)...)
	}
	in := &ginfo{}
	in.num, in.isNum = g.Number()
	th := g.Thermograph()
	in.mean, in.temp = th.Mean, th.Temperature
	if in.temp.Sign() < 0 {
		in.temp = cgt.Dyadic{}
	}
	in.ls, in.rs = g.LeftStop(), g.RightStop()
	in.neg = g.Neg()
	in.left, in.right = g.LeftOptions(), g.RightOptions()
	in.simple = !in.isNum && in.temp.Sign() == 0 && g.Birthday() <= maxMergeBirthday
	sv.info[g] = in
	return in
}

// DefaultSumNodes is the node budget of NewSolver: positions of the sum search per call.
const DefaultSumNodes = 2_000_000

// NewSolver returns a solver with the default node budget.
func NewSolver() *Solver { return &Solver{MaxNodes: DefaultSumNodes} }

// FirstWins reports whether p, moving first in the sum of values, wins
// under normal play.
func (sv *Solver) FirstWins(values []cgt.Game, p cgt.Player) (bool, error) {
	if sv.memo == nil {
		sv.memo = make(map[string]bool)
	}
	if sv.Small <= 0 {
		sv.Small = 1
	}
	sv.calls = 0
	hs, x := sv.normalize(values, cgt.Dyadic{})
	return sv.firstWins(hs, x, p)
}

// Outcome returns the winner of the sum with first to move.
func (sv *Solver) Outcome(values []cgt.Game, first cgt.Player) (cgt.Player, error) {
	w, err := sv.FirstWins(values, first)
	if err != nil {
		return first, err
	}
	if w {
		return first, nil
	}
	return first.Opponent(), nil
}

// maxMergeBirthday bounds the tepid components normalize merges: small
// infinitesimals (^, *, ^*, Tiny(1), ...) add into small canonical forms,
// while tepid games with hot followers (-4Miny({7|4||2|1})) can add into
// huge ones, so those stay separate components of the search.
const maxMergeBirthday = 8

// normalize adds numbers into x, merges small tepid components, cancels
// G + -G and sorts; it returns a fresh slice.
func (sv *Solver) normalize(hs []cgt.Game, x cgt.Dyadic) ([]cgt.Game, cgt.Dyadic) {
	hot := make([]cgt.Game, 0, len(hs))
	tepid := cgt.Zero
	nTepid := 0
	for _, h := range hs {
		in := sv.get(h)
		switch {
		case in.isNum:
			x = x.Add(in.num)
		case !in.simple:
			hot = append(hot, h)
		default:
			if nTepid == 0 {
				tepid = h
			} else {
				tepid = tepid.Add(h)
			}
			nTepid++
		}
	}
	if nTepid > 0 {
		if in := sv.get(tepid); in.isNum {
			x = x.Add(in.num)
		} else {
			hot = append(hot, tepid)
		}
	}
	slices.Sort(hot)
	// Cancel G + -G (and G + G when G = -G, as for +-1).
	out := hot[:0]
	var usedBuf [64]bool
	used := usedBuf[:0]
	if len(hot) <= len(usedBuf) {
		used = usedBuf[:len(hot)]
	} else {
		used = make([]bool, len(hot))
	}
	for i, h := range hot {
		if used[i] {
			continue
		}
		n := sv.get(h).neg
		if j, ok := slices.BinarySearch(hot, n); ok {
			for ; j < len(hot) && hot[j] == n; j++ {
				if !used[j] && j != i {
					used[i], used[j] = true, true
					break
				}
			}
		}
		if !used[i] {
			out = append(out, h)
		}
	}
	return out, x
}

// quick decides a normalized position without searching when it can: no
// component left, stop bounds, a small canonical sum, or the memo.
func (sv *Solver) quick(hs []cgt.Game, x cgt.Dyadic, p cgt.Player) (win, ok bool) {
	if len(hs) == 0 {
		if p == cgt.Left {
			return x.Sign() > 0, true
		}
		return x.Sign() < 0, true
	}
	if win, ok := sv.bounds(hs, x, p); ok {
		return win, true
	}
	if len(hs) <= sv.Small {
		g := cgt.Sum(hs...).Add(cgt.Number(x))
		switch g.Outcome() {
		case cgt.OutcomeN:
			return true, true
		case cgt.OutcomeP:
			return false, true
		case cgt.OutcomeL:
			return p == cgt.Left, true
		}
		return p == cgt.Right, true
	}
	win, ok = sv.memo[string(sv.keyOf(hs, x, p))]
	return win, ok
}

func (sv *Solver) firstWins(hs []cgt.Game, x cgt.Dyadic, p cgt.Player) (bool, error) {
	if win, ok := sv.quick(hs, x, p); ok {
		return win, nil
	}
	sv.calls++
	sv.Nodes++
	if sv.MaxNodes > 0 && sv.calls > sv.MaxNodes {
		return false, errSumTooBig
	}
	win, err := sv.search(hs, x, p)
	if err != nil {
		return false, err
	}
	sv.memo[string(sv.keyOf(hs, x, p))] = win
	return win, nil
}

type solverMove struct {
	temp, gain cgt.Dyadic
	child      []cgt.Game
	x          cgt.Dyadic
}

// search tries p's moves: first every move whose result is decided
// without search (enhanced transposition cutoff), then the others,
// hottest component first and, within it, the option with the best mean
// first.
func (sv *Solver) search(hs []cgt.Game, x cgt.Dyadic, p cgt.Player) (bool, error) {
	var moves []solverMove
	q := p.Opponent()
	// The parent's mean and three largest temperatures give each child's
	// mean exactly (means add; normalizing keeps the value) and an upper
	// bound on its temperatures, enough to settle most children without
	// normalizing them.
	m := x
	var top [3]cgt.Dyadic // largest temperatures, with repetition
	var topIdx [3]int
	topIdx = [3]int{-1, -1, -1}
	for i, h := range hs {
		in := sv.get(h)
		m = m.Add(in.mean)
		for k := range top {
			if topIdx[k] < 0 || in.temp.Cmp(top[k]) > 0 {
				copy(top[k+1:], top[k:2])
				copy(topIdx[k+1:], topIdx[k:2])
				top[k], topIdx[k] = in.temp, i
				break
			}
		}
	}
	for i, h := range hs {
		if i > 0 && hs[i-1] == h {
			continue // same component, same moves
		}
		in := sv.get(h)
		opts := in.left
		if p == cgt.Right {
			opts = in.right
		}
		// The largest temperature left when h is replaced.
		var rest cgt.Dyadic
		for k := range top {
			if topIdx[k] >= 0 && topIdx[k] != i {
				rest = top[k]
				break
			}
		}
		for _, o := range opts {
			oi := sv.get(o)
			g := oi.mean.Sub(in.mean)
			t1 := rest
			if oi.temp.Cmp(t1) > 0 {
				t1 = oi.temp
			}
			// The child's mean from q's side: q moving first wins when it
			// is > 0 and loses when it is < -t1.
			cm := m.Add(g)
			if q == cgt.Right {
				cm = cm.Neg()
			}
			if cm.Sign() > 0 {
				continue // refuted
			}
			if cm.Add(t1).Sign() < 0 {
				return true, nil
			}
			if p == cgt.Right {
				g = g.Neg()
			}
			others := make([]cgt.Game, 0, len(hs))
			others = append(others, hs[:i]...)
			others = append(others, hs[i+1:]...)
			others = append(others, o)
			child, nx := sv.normalize(others, x)
			if w, ok := sv.quick(child, nx, q); ok {
				if !w {
					return true, nil
				}
				continue // refuted: no need to search it
			}
			moves = append(moves, solverMove{temp: in.temp, gain: g, child: child, x: nx})
		}
	}
	slices.SortStableFunc(moves, func(a, b solverMove) int {
		if c := b.temp.Cmp(a.temp); c != 0 {
			return c
		}
		return b.gain.Cmp(a.gain)
	})
	for _, mv := range moves {
		w, err := sv.firstWins(mv.child, mv.x, q)
		if err != nil {
			return false, err
		}
		if !w {
			return true, nil
		}
	}
	return false, nil
}

// keyOf encodes a normalized position as a memo key (in sv.key, reused).
func (sv *Solver) keyOf(hs []cgt.Game, x cgt.Dyadic, p cgt.Player) []byte {
	b := sv.key[:0]
	b = append(b, byte(p))
	for _, h := range hs {
		b = binary.LittleEndian.AppendUint32(b, uint32(h))
	}
	e := x.Exp()
	if n, ok := x.Shift(int(e)).Int64(); ok {
		b = append(b, 0)
		b = binary.AppendVarint(b, n)
		b = binary.AppendUvarint(b, uint64(e))
	} else {
		b = append(b, 1)
		b = append(b, x.String()...)
	}
	sv.key = b
	return b
}

// bounds decides the sum hs + x with p moving first from stop bounds when
// it can (ok true). With M the sum of the means and T1 >= T2 the two
// largest temperatures of the components, G1 a hottest one, the left stop
// L of the sum satisfies
//
//	M <= L <= M + T1
//	LS(G1) + M' - T2 <= L <= LS(G1) + M' + T2      (M' = M - mean(G1))
//
// (from RS(G)+RS(H) <= RS(G+H) <= RS(G)+LS(H) <= LS(G+H) <= LS(G)+LS(H),
// mean(H) - temp(H) <= RS(H) <= mean(H) <= LS(H) <= mean(H) + temp(H) and
// temp(G+H) <= max(temp G, temp H)), and symmetrically for the right
// stop. Left moving first wins when L > 0 and loses when L < 0.
func (sv *Solver) bounds(hs []cgt.Game, x cgt.Dyadic, p cgt.Player) (win, ok bool) {
	m := x
	// The two hottest components, by index.
	top := [2]int{-1, -1}
	for i, h := range hs {
		in := sv.get(h)
		m = m.Add(in.mean)
		for k := range top {
			if top[k] < 0 || in.temp.Cmp(sv.get(hs[top[k]]).temp) > 0 {
				copy(top[k+1:], top[k:1])
				top[k] = i
				break
			}
		}
	}
	temp := func(k int) cgt.Dyadic {
		if top[k] < 0 {
			return cgt.Dyadic{}
		}
		return sv.get(hs[top[k]]).temp
	}
	// lo, hi bound the stop of the mover (left stop for Left, right stop
	// for Right).
	var lo, hi cgt.Dyadic
	if p == cgt.Left {
		lo, hi = m, m.Add(temp(0))
	} else {
		lo, hi = m.Sub(temp(0)), m
	}
	narrow := func(stop, rest, t cgt.Dyadic) {
		if l := stop.Add(rest).Sub(t); l.Cmp(lo) > 0 {
			lo = l
		}
		if h := stop.Add(rest).Add(t); h.Cmp(hi) < 0 {
			hi = h
		}
	}
	g1 := sv.get(hs[top[0]])
	if p == cgt.Left {
		narrow(g1.ls, m.Sub(g1.mean), temp(1))
	} else {
		narrow(g1.rs, m.Sub(g1.mean), temp(1))
	}
	if p == cgt.Right {
		lo, hi = hi.Neg(), lo.Neg() // the mover's side: Right wants it negative
	}
	switch {
	case lo.Sign() > 0:
		return true, true
	case hi.Sign() < 0:
		return false, true
	}
	return false, false
}
