package solve

import (
	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/mgo"
)

// retrograde decides the whole-board game with first to move by
// retrograde analysis of its finite state graph (stones, spare balance,
// side to move), every state reachable from the position: a state whose
// mover has no move is lost, a state whose remaining moves are all spare
// moves is decided by the spare balance (as wins does), a state with a
// move to a lost state is won, one whose every move leads to a won state
// is lost, and every state left undecided is a draw: its play can go on
// for ever, as a ko without a ko rule does. It fails past maxStates (a
// cycle that changes the spare balance has unboundedly many states).
func (s *search) retrograde(first board.Color, maxStates int) (Winner, int, error) {
	if maxStates <= 0 {
		return Unknown, 0, mgo.BudgetErrorf("search budget exhausted before the retrograde analysis")
	}
	index := map[uint64]int32{}
	var succ [][]int32
	var status []int8 // +1 the mover wins, -1 loses, 0 not yet known
	var visit func(c board.Color) (int32, error)
	visit = func(c board.Color) (int32, error) {
		k := s.key(c)
		if i, ok := index[k]; ok {
			return i, nil
		}
		if len(succ) >= maxStates {
			return 0, mgo.BudgetErrorf("retrograde analysis: more than %d whole-board states (a cycle that changes the spare balance has no end of states)", maxStates)
		}
		i := int32(len(succ))
		index[k] = i
		succ = append(succ, nil)
		status = append(status, 0)
		s.nodes++
		hasSpare := s.balance*sign(c) > 0
		open := false
		var out []int32
		for p, a := range s.active {
			pt := board.Point(p)
			if !a || s.m.At(pt) != board.Empty {
				continue
			}
			open = true
			mark, amark, bal, h := s.m.Mark(), len(s.alog), s.balance, s.hash
			if !s.play(pt, c) {
				continue
			}
			j, err := visit(c.Opponent())
			s.m.Undo(mark)
			for _, q := range s.alog[amark:] {
				s.active[q] = true
			}
			s.alog = s.alog[:amark]
			s.balance, s.hash = bal, h
			if err != nil {
				return 0, err
			}
			out = append(out, j)
		}
		switch {
		case !open:
			// Only spare moves remain: the one with more wins.
			if hasSpare {
				status[i] = 1
			} else {
				status[i] = -1
			}
			return i, nil
		case hasSpare:
			s.balance -= sign(c)
			j, err := visit(c.Opponent())
			s.balance += sign(c)
			if err != nil {
				return 0, err
			}
			out = append(out, j)
		}
		if len(out) == 0 {
			status[i] = -1 // no legal move
		}
		succ[i] = out
		return i, nil
	}
	root, err := visit(first)
	if err != nil {
		return Unknown, len(succ), err
	}
	n := len(succ)
	pred := make([][]int32, n)
	count := make([]int32, n)
	var queue []int32
	for v := range n {
		count[v] = int32(len(succ[v]))
		for _, w := range succ[v] {
			pred[w] = append(pred[w], int32(v))
		}
		if status[v] != 0 {
			queue = append(queue, int32(v))
		}
	}
	for len(queue) > 0 {
		v := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, u := range pred[v] {
			if status[u] != 0 {
				continue
			}
			if status[v] < 0 {
				status[u] = 1
				queue = append(queue, u)
				continue
			}
			count[u]--
			if count[u] == 0 {
				status[u] = -1
				queue = append(queue, u)
			}
		}
	}
	switch status[root] {
	case 1:
		return colorWinner(first), n, nil
	case -1:
		return colorWinner(first.Opponent()), n, nil
	}
	return Draw, n, nil
}
