package realgo

import (
	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/rules"
)

// inf stands for a value no finished game can reach: the value of a line
// that repeats a position (see doc.go, "Repetition"), and the widest
// window.
const inf = 16000

// ttEntry holds bounds on a node's value relative to the prisoner
// difference at the node (Japanese) and the best move found.
type ttEntry struct {
	lo, hi int16
	best   int16 // point+1, 0 for a pass, -1 for none
	// unc says the bounds rest on an unknown leaf or a repetition: they
	// hold in this searcher's model only.
	unc bool
}

// searcher is the alpha-beta search of one counting and one model (see
// doc.go, "Unknown statuses").
type searcher struct {
	b        *board.Board
	ev       *evaluator
	counting rules.Counting
	// upper selects the optimistic model: unknown leaves take their upper
	// bound and repetitions +inf; otherwise the lower bound and -inf.
	upper bool
	prune bool

	tt    map[uint64]ttEntry
	path  map[uint64]int32
	depth int32

	nodes    *int64
	maxNodes int64
	over     bool
	// uncertain is set when a value rested on an unknown leaf or on a
	// repetition.
	uncertain bool

	// statistics
	mainNodes, reps, unstored int64

	g         *grid
	pa        paInfo
	terrCache map[uint64][2]uint64
	bufs      [][]board.Point
	stoneN    int
}

func newSearcher(b *board.Board, ev *evaluator, c rules.Counting, upper, prune bool, nodes *int64, maxNodes int64) *searcher {
	return &searcher{
		b: b, ev: ev, counting: c, upper: upper, prune: prune,
		tt: map[uint64]ttEntry{}, path: map[uint64]int32{},
		nodes: nodes, maxNodes: maxNodes, g: newGrid(b),
	}
}

func (s *searcher) key(toMove board.Color, passes int) uint64 {
	return s.b.Hash() ^ sideKey[toMove] ^ koKey(s.b) ^ passKey[passes]
}

// pd is the prisoner difference (Japanese counting only).
func (s *searcher) pd() int {
	if s.counting != rules.Japanese {
		return 0
	}
	return s.b.Prisoners(board.Black) - s.b.Prisoners(board.White)
}

func (s *searcher) extreme() int {
	if s.upper {
		return inf
	}
	return -inf
}

// terminal is the value of the game ended by two passes on the current
// board, prisoners included, fail-soft within (alpha, beta): when bounds
// found without life-and-death search already fall outside the window, one
// of them is returned.
func (s *searcher) terminal(alpha, beta int) int {
	if s.counting == rules.Chinese {
		return s.ev.chinese()
	}
	pd := s.pd()
	c := s.ev.japaneseCheap()
	if int(c.hi)+pd <= alpha {
		return int(c.hi) + pd
	}
	if int(c.lo)+pd >= beta {
		return int(c.lo) + pd
	}
	l := s.ev.japanese()
	if l.lo != l.hi {
		s.uncertain = true
	}
	v := int(l.lo)
	if s.upper {
		v = int(l.hi)
	}
	return v + pd
}

// search returns the value of the node with toMove to play and passes
// consecutive passes just made (0 or 1), fail-soft within (alpha, beta),
// and the smallest path depth of a repeated position the value rests on.
func (s *searcher) search(alpha, beta int, toMove board.Color, passes int) (int, int32) {
	k := s.key(toMove, passes)
	if d, ok := s.path[k]; ok {
		s.uncertain = true
		s.reps++
		return s.extreme(), d
	}
	pd := s.pd()
	bestHint := int16(-1)
	e, hit := s.tt[k]
	if hit {
		if e.unc {
			s.uncertain = true
		}
		lo, hi := int(e.lo)+pd, int(e.hi)+pd
		if lo >= beta {
			return lo, noRep
		}
		if hi <= alpha {
			return hi, noRep
		}
		if lo == hi {
			return lo, noRep
		}
		alpha = max(alpha, lo)
		beta = min(beta, hi)
		bestHint = e.best
	} else {
		e = ttEntry{lo: -inf - 1000, hi: inf + 1000, best: -1}
	}
	*s.nodes++
	s.mainNodes++
	if *s.nodes > s.maxNodes {
		s.over = true
		return 0, noRep
	}
	a0, b0 := alpha, beta
	u0 := s.uncertain
	s.uncertain = e.unc
	s.path[k] = s.depth
	s.depth++
	opp := toMove.Opponent()
	maxing := toMove == board.Black
	best := inf + 1
	if maxing {
		best = -inf - 1
	}
	bestMove := int16(-1)
	minRep := int32(noRep)
	moves := s.moves(toMove, passes, bestHint)
	for _, m := range moves {
		var v int
		rep := int32(noRep)
		if m == board.Pass {
			if passes == 1 {
				v = s.terminal(alpha, beta)
			} else {
				s.b.Play(board.Pass, toMove)
				v, rep = s.search(alpha, beta, opp, 1)
				s.b.Undo()
			}
		} else {
			if _, err := s.b.Play(m, toMove); err != nil {
				continue
			}
			v, rep = s.search(alpha, beta, opp, 0)
			s.b.Undo()
		}
		if s.over {
			break
		}
		minRep = min(minRep, rep)
		if maxing {
			if v > best {
				best, bestMove = v, int16(m+1)
			}
			alpha = max(alpha, v)
		} else {
			if v < best {
				best, bestMove = v, int16(m+1)
			}
			beta = min(beta, v)
		}
		if alpha >= beta {
			break
		}
	}
	s.depth--
	delete(s.path, k)
	unc := s.uncertain
	s.uncertain = u0 || unc
	if s.over {
		return 0, noRep
	}
	if minRep >= s.depth {
		lo, hi := int(e.lo)+pd, int(e.hi)+pd
		switch {
		case best <= a0:
			hi = min(hi, best)
		case best >= b0:
			lo = max(lo, best)
		default:
			lo, hi = best, best
		}
		if lo > hi { // cannot happen with consistent bounds; keep the new one
			lo, hi = best, best
		}
		s.tt[k] = ttEntry{lo: int16(lo - pd), hi: int16(hi - pd), best: bestMove, unc: unc}
		minRep = noRep
	} else {
		s.unstored++
	}
	return best, minRep
}

// moves lists the moves to try at a node: the hinted best move, then
// captures and moves that save a block in atari, then moves next to stones
// of both colours, then the rest; the pass first when it ends the game,
// last otherwise. Points inside pass-alive territory are left out when
// pruning (see doc.go, "Pruning").
func (s *searcher) moves(toMove board.Color, passes int, hint int16) []board.Point {
	d := int(s.depth)
	for len(s.bufs) <= d {
		s.bufs = append(s.bufs, make([]board.Point, 0, s.b.Size()+1))
	}
	b := s.b
	n := b.Size()
	var terr [2]uint64 // pass-alive territory points, as a bitset
	if s.prune {
		h := b.Hash()
		var ok bool
		if terr, ok = s.terrCache[h]; !ok {
			s.g.load(b)
			s.g.passAlive(&s.pa)
			for p := 0; p < n; p++ {
				if s.pa.terr[p] != board.Empty {
					terr[p>>6] |= 1 << (p & 63)
				}
			}
			if s.terrCache == nil {
				s.terrCache = map[uint64][2]uint64{}
			}
			s.terrCache[h] = terr
		}
	}
	urgent := s.bufs[d][:0]
	var border, rest []board.Point
	opp := toMove.Opponent()
	for p0 := 0; p0 < n; p0++ {
		p := board.Point(p0)
		if b.At(p) != board.Empty || int16(p+1) == hint {
			continue
		}
		if terr[p0>>6]&(1<<(p0&63)) != 0 {
			continue
		}
		nb, nw := false, false
		urg := false
		for _, q := range b.Neighbors(p) {
			switch b.At(q) {
			case toMove:
				nb = true
				if b.Liberties(q) == 1 {
					urg = true
				}
			case opp:
				nw = true
				if b.Liberties(q) == 1 {
					urg = true
				}
			}
		}
		switch {
		case urg:
			urgent = append(urgent, p)
		case nb && nw:
			border = append(border, p)
		default:
			rest = append(rest, p)
		}
	}
	out := urgent
	out = append(out, border...)
	out = append(out, rest...)
	if hint > 0 {
		out = append(out, 0)
		copy(out[1:], out)
		out[0] = board.Point(hint - 1)
	}
	if passes == 1 || hint == 0 {
		out = append(out, 0)
		copy(out[1:], out)
		out[0] = board.Pass
	} else {
		out = append(out, board.Pass)
	}
	s.bufs[d] = out[:0]
	return out
}

// mtdf finds the exact value (in this searcher's model) by null-window
// searches converging from guess (Plaat's MTD(f)). uncertain is set if any
// of the searches rested on an unknown leaf or a repetition.
func (s *searcher) mtdf(guess int, toMove board.Color, passes int) int {
	lo, hi := -inf-1, inf+1
	g := min(max(guess, -inf), inf)
	unc := false
	for lo < hi && !s.over {
		beta := g
		if g == lo {
			beta = g + 1
		}
		s.uncertain = false
		g, _ = s.search(beta-1, beta, toMove, passes)
		unc = unc || s.uncertain
		if g < beta {
			hi = g
		} else {
			lo = g
		}
	}
	s.uncertain = unc
	return g
}
