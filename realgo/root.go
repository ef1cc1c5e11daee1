package realgo

import (
	"fmt"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/rules"
)

// problem is one solve: a board, a counting, a first player, both models'
// searchers sharing one evaluator and one node counter.
type problem struct {
	b        *board.Board
	counting rules.Counting
	first    board.Color
	opts     Options
	nodes    int64
	maxNodes int64
	ev       *evaluator
	lower    *searcher
	upperS   *searcher
}

func newProblem(src *board.Board, c rules.Counting, first board.Color, opts Options) *problem {
	b := src.Clone()
	b.SetKoRule(board.KoSimple)
	maxNodes := opts.MaxNodes
	if maxNodes <= 0 {
		maxNodes = DefaultMaxNodes
	}
	sb := opts.StatusMaxNodes
	if sb <= 0 {
		sb = DefaultStatusMaxNodes
	}
	pr := &problem{b: b, counting: c, first: first, opts: opts, maxNodes: maxNodes}
	pr.ev = newEvaluator(b, &pr.nodes, sb, maxNodes)
	pr.lower = newSearcher(b, pr.ev, c, false, !opts.NoPruning, &pr.nodes, maxNodes)
	return pr
}

func (pr *problem) upper() *searcher {
	if pr.upperS == nil {
		pr.upperS = newSearcher(pr.b, pr.ev, pr.counting, true, !pr.opts.NoPruning, &pr.nodes, pr.maxNodes)
	}
	return pr.upperS
}

// value returns the lower and upper bounds of the root value (passes: the
// consecutive passes just made), and whether the budget ran out.
func (pr *problem) value(toMove board.Color, passes int) (lo, hi int, over bool) {
	s := pr.lower
	s.uncertain = false
	lo = s.mtdf(pr.guess(), toMove, passes)
	if s.over {
		return -inf, inf, true
	}
	if !s.uncertain {
		return lo, lo, false
	}
	u := pr.upper()
	hi = u.mtdf(lo, toMove, passes)
	if u.over {
		return lo, inf, true
	}
	return lo, hi, false
}

// guess is the first guess of MTD(f): the count of the board as it stands
// (pass-alive analysis only).
func (pr *problem) guess() int {
	if pr.counting == rules.Chinese {
		return pr.ev.chinese()
	}
	c := pr.ev.japaneseCheap()
	return (int(c.lo)+int(c.hi))/2 + pr.b.Prisoners(board.Black) - pr.b.Prisoners(board.White)
}

// atLeast reports whether the value of the node is >= t: yes, no, or
// unknown (ok false), using the lower model then the upper one.
func (pr *problem) atLeast(toMove board.Color, passes int, t int) (yes, ok, over bool) {
	s := pr.lower
	s.uncertain = false
	v, _ := s.search(t-1, t, toMove, passes)
	if s.over {
		return false, false, true
	}
	if v >= t {
		return true, true, false
	}
	if !s.uncertain {
		return false, true, false
	}
	u := pr.upper()
	v, _ = u.search(t-1, t, toMove, passes)
	if u.over {
		return false, false, true
	}
	if v < t {
		return false, true, false
	}
	return false, false, false
}

func solveOne(src *board.Board, c rules.Counting, first board.Color, opts Options) (out Outcome) {
	pr := newProblem(src, c, first, opts)
	out = Outcome{Counting: c, First: first}
	defer func() {
		out.Nodes = pr.nodes
		out.StatusQueries = pr.ev.statusQueries
		out.StatusUnknown = pr.ev.statusUnknown
	}()
	lo, hi, over := pr.value(first, 0)
	out.Lower, out.Upper = lo, hi
	switch {
	case over:
		out.Reason = fmt.Sprintf("node budget of %d exhausted", pr.maxNodes)
		return out
	case lo != hi:
		out.Reason = pr.uncertainReason()
		return out
	case lo <= -inf/2 || lo >= inf/2:
		out.Reason = "the result rests on an endless repetition"
		return out
	}
	out.Known, out.Score = true, lo
	if opts.NoMoves {
		return out
	}
	if err := pr.classify(&out); err != "" {
		out.Known = false
		out.Reason = err
		return out
	}
	return out
}

func (pr *problem) uncertainReason() string {
	if pr.ev.statusUnknown > 0 {
		return fmt.Sprintf("%d end-of-game life-and-death questions left unknown", pr.ev.statusUnknown)
	}
	return "the result rests on an endless repetition"
}

// classify fills Best, Winning, Undecided and PV. It returns a non-empty
// reason if the budget ran out.
func (pr *problem) classify(out *Outcome) string {
	b := pr.b
	first := pr.first
	opp := first.Opponent()
	v := out.Score
	// Threshold for a win of first against komi: Black wins with 2s > komi,
	// White with 2s < komi.
	var winT int // Black: s >= winT ; White: s <= winT
	if first == board.Black {
		winT = floorDiv(pr.opts.KomiHalf, 2) + 1
	} else {
		winT = -floorDiv(-pr.opts.KomiHalf, 2) - 1
	}
	bestWins := (first == board.Black && v >= winT) || (first == board.White && v <= winT)
	// test reports whether the child value is at least as good for first
	// as t.
	test := func(t int) (bool, bool, bool) {
		if first == board.Black {
			return pr.atLeast(opp, 0, t)
		}
		yes, ok, over := pr.atLeast(opp, 0, t+1) // value >= t+1 ?
		return !yes, ok, over
	}
	var moves []board.Point
	for p := 0; p < b.Size(); p++ {
		if b.At(board.Point(p)) == board.Empty && b.Legal(board.Point(p), first) {
			moves = append(moves, board.Point(p))
		}
	}
	moves = append(moves, board.Pass)
	for _, m := range moves {
		b.Play(m, first)
		passes := 0
		if m == board.Pass {
			passes = 1
		}
		_ = passes
		var good, ok, over bool
		if m == board.Pass {
			good, ok, over = pr.passTest(v)
		} else {
			good, ok, over = test(v)
		}
		if over {
			b.Undo()
			return fmt.Sprintf("node budget of %d exhausted while classifying the first moves", pr.maxNodes)
		}
		win := false
		winOK := true
		if ok && good {
			out.Best = append(out.Best, m)
			win = bestWins
		} else if ok && bestWins {
			// not optimal, but it may still win
			if m == board.Pass {
				win, winOK, over = pr.passTestT(winT)
			} else {
				win, winOK, over = test(winT)
			}
			if over {
				b.Undo()
				return fmt.Sprintf("node budget of %d exhausted while classifying the first moves", pr.maxNodes)
			}
		}
		if !ok || !winOK {
			out.Undecided = append(out.Undecided, m)
		} else if win {
			out.Winning = append(out.Winning, m)
		}
		b.Undo()
	}
	pv, reason := pr.pv(first, 0, v)
	out.PV = pv
	return reason
}

// passTest and passTestT are test for the first player's pass (the child
// then has one pass made).
func (pr *problem) passTest(t int) (bool, bool, bool) { return pr.passTestT(t) }

func (pr *problem) passTestT(t int) (bool, bool, bool) {
	opp := pr.first.Opponent()
	if pr.first == board.Black {
		return pr.atLeast(opp, 1, t)
	}
	yes, ok, over := pr.atLeast(opp, 1, t+1)
	return !yes, ok, over
}

// pv follows optimal moves from the current node (value v) until two
// passes end the game.
func (pr *problem) pv(toMove board.Color, passes int, v int) ([]board.Point, string) {
	b := pr.b
	var line []board.Point
	played := 0
	defer func() {
		for ; played > 0; played-- {
			b.Undo()
		}
	}()
	for len(line) < 4*b.Size()+20 {
		found := false
		var cands []board.Point
		if e, ok := pr.lower.tt[pr.lower.key(toMove, passes)]; ok && e.best >= 0 {
			cands = append(cands, board.Point(e.best-1))
		}
		for p := 0; p < b.Size(); p++ {
			cands = append(cands, board.Point(p))
		}
		cands = append(cands, board.Pass)
		for _, m := range cands {
			if m != board.Pass && (b.At(m) != board.Empty || !b.Legal(m, toMove)) {
				continue
			}
			if m == board.Pass && passes == 1 {
				// ends the game
				var t int
				if pr.counting == rules.Chinese {
					t = pr.ev.chinese()
				} else {
					l := pr.ev.japanese()
					if l.lo != l.hi {
						continue
					}
					t = int(l.lo) + b.Prisoners(board.Black) - b.Prisoners(board.White)
				}
				if t == v {
					line = append(line, m)
					return line, ""
				}
				continue
			}
			b.Play(m, toMove)
			np := 0
			if m == board.Pass {
				np = 1
			}
			lo, hi, over := pr.value(toMove.Opponent(), np)
			if over {
				b.Undo()
				return line, fmt.Sprintf("node budget of %d exhausted while building the principal variation", pr.maxNodes)
			}
			if lo == v && hi == v {
				line = append(line, m)
				played++
				toMove = toMove.Opponent()
				passes = np
				found = true
				break
			}
			b.Undo()
		}
		if !found {
			return line, ""
		}
	}
	return line, ""
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}
