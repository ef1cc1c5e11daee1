package solve

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/mgo"
	"github.com/mathgo/mathgo/position"
)

// SolveAlphaBeta decides pos by a plain search of the whole board: no tiles,
// no values, no life-and-death certificates. Only declared stones, the
// frame of a partial diagram and Benson pass-alive blocks are immortal
// (see Immortal); every other stone can be captured. It plays Mathematical
// Go move by move. A side whose search meets a repeated position (a ko
// without a ko rule) is decided by retrograde analysis of the whole
// board's states instead, draws included (Draw: play can go on for
// ever). The result is Unknown, with the reason, when the search exceeds
// opts.MaxNodes (the retrograde states count against it too).
func SolveAlphaBeta(pos *position.Position, opts Options) (*Result, error) {
	start := time.Now()
	imm := Immortal(pos, opts.AssumeSettled)
	var warnings []string
	if opts.AssumeSettled {
		warnings = append(warnings, "--assume-settled: every stone is treated as immortal without a life-and-death proof")
	}
	s := newSearch(pos, imm)
	s.maxNodes = opts.MaxNodes
	if s.maxNodes == 0 {
		s.maxNodes = DefaultMaxNodes
	}
	if opts.Progress != nil {
		s.progress = opts.Progress
	}
	res := &Result{Method: AlphaBeta, Warnings: warnings, Moves: s.remaining()}
	var reasons []string
	for _, first := range opts.sides() {
		win, err := s.solve(first)
		var rep *RepetitionError
		if errors.As(err, &rep) {
			// A position repeats (a ko): decide the game, draws
			// included, by retrograde analysis of its states.
			w, _, rerr := s.retrograde(first, s.maxNodes-s.nodes)
			if rerr == nil {
				res.set(first, w)
				continue
			}
			err = fmt.Errorf("%w; %v", err, rerr)
		}
		switch {
		case err != nil:
			res.set(first, Unknown)
			reasons = append(reasons, fmt.Sprintf("%s first: %v", first, err))
		case win:
			res.set(first, colorWinner(first))
		default:
			res.set(first, colorWinner(first.Opponent()))
		}
	}
	res.Reason = strings.Join(reasons, "; ")
	res.Nodes = s.nodes
	res.Elapsed = time.Since(start)
	return res, nil
}

// RepetitionError reports a position that repeats on the search path: a
// ko (or longer cycle) played without a ko rule, on which Mathematical Go
// could go on for ever.
type RepetitionError struct {
	Moves []string // the moves from the first occurrence back to it, like "B C3"
}

// Error lists the moves of the cycle.
func (e *RepetitionError) Error() string {
	return "a position repeats after " + strings.Join(e.Moves, ", ") +
		" (a ko without a ko rule: the game can loop, so it has no winner by this search)"
}

// spare is the move that uses a spare (a prisoner or a point of settled
// territory).
const spare = board.Pass

// pathMove is one move on the search path.
type pathMove struct {
	c board.Color
	p board.Point
}

// search is the whole-board alpha-beta (boolean negamax) state.
type search struct {
	m        *mgo.Board    // the stones, under Mathematical Go rules
	b        *board.Board  // the board's geometry and point names
	active   []bool        // point outside immortal stones and settled regions
	alog     []board.Point // points deactivated, for undo
	balance  int           // Black's spare moves minus White's
	hash     uint64        // Zobrist hash of the stones
	z        [][3]uint64
	tt       map[uint64]bool // side to move wins
	path     []uint64        // keys of the positions on the path
	moves    []pathMove      // the moves that led to them
	nodes    int
	maxNodes int
	history  [3][]int32       // by colour and point: cutoffs made
	killers  [][2]board.Point // by ply
	bufs     [][]board.Point  // move lists by ply
	scores   [][]int32        // their ordering scores
	region   []board.Point    // scratch: the region of a move
	old      []board.Color    // scratch: its contents before the move
	marks    board.Marker     // scratch marks for flood fills
	progress func(string)
}

func newSearch(pos *position.Position, imm []bool) *search {
	b := pos.Board.Clone()
	b.SetKoRule(board.KoNone)
	m := mgo.New(b, imm)
	n := b.Size()
	rng := rand.New(rand.NewPCG(0x616c7068, 0x61626574))
	s := &search{
		m: m, b: b,
		active: make([]bool, n),
		z:      make([][3]uint64, n),
		tt:     make(map[uint64]bool),
		marks:  board.NewMarker(n),
	}
	for c := range s.history {
		s.history[c] = make([]int32, n)
	}
	for p := range n {
		for c := range 3 {
			s.z[p][c] = rng.Uint64()
		}
		s.hash ^= s.z[p][m.At(board.Point(p))]
	}
	s.balance = pos.Board.Prisoners(board.Black) - pos.Board.Prisoners(board.White)
	all := make([]board.Point, n)
	for i := range all {
		all[i] = board.Point(i)
	}
	for _, comp := range m.Components(all) {
		if v, ok := m.Settled(comp); ok {
			s.balance += v
			continue
		}
		for _, p := range comp {
			s.active[p] = true
		}
	}
	return s
}

// remaining counts the empty active points.
func (s *search) remaining() int {
	n := 0
	for p, a := range s.active {
		if a && s.m.At(board.Point(p)) == board.Empty {
			n++
		}
	}
	return n
}

// solve reports whether first, moving first, wins.
func (s *search) solve(first board.Color) (win bool, err error) {
	s.path, s.moves = s.path[:0], s.moves[:0]
	return s.wins(first, 0)
}

// key identifies the position with c to move: stones, spare balance and
// side to move. (Which stones are immortal and which regions are settled
// follow from the stones.)
func (s *search) key(c board.Color) uint64 {
	k := s.hash ^ board.Mix(uint64(int64(s.balance))+0x9e3779b97f4a7c15)
	if c == board.White {
		k ^= 0x5bd1e9955bd1e995
	}
	return k
}

func sign(c board.Color) int {
	if c == board.White {
		return -1
	}
	return 1
}

// wins reports whether c, to move, wins.
func (s *search) wins(c board.Color, ply int) (bool, error) {
	k := s.key(c)
	if w, ok := s.tt[k]; ok {
		return w, nil
	}
	hasSpare := s.balance*sign(c) > 0
	for i := len(s.path) - 1; i >= 0; i-- {
		if s.path[i] == k {
			return false, s.repetition(i)
		}
	}
	s.nodes++
	if s.nodes > s.maxNodes {
		return false, mgo.BudgetErrorf("search budget exhausted: more than %d positions", s.maxNodes)
	}
	if s.progress != nil && s.nodes%(1<<20) == 0 {
		s.progress(fmt.Sprintf("alpha-beta: %d positions searched, %d moves deep", s.nodes, ply))
	}
	moves := s.genMoves(c, ply)
	if len(moves) == 0 {
		// Only spare moves left (or none): whoever has one wins.
		s.tt[k] = hasSpare
		return hasSpare, nil
	}
	s.path = append(s.path, k)
	win := false
	var err error
	tried := 0
	for _, p := range moves {
		var child bool
		if p == spare {
			s.balance -= sign(c)
			s.moves = append(s.moves, pathMove{c, p})
			child, err = s.wins(c.Opponent(), ply+1)
			s.moves = s.moves[:len(s.moves)-1]
			s.balance += sign(c)
		} else {
			mark, amark, bal, h := s.m.Mark(), len(s.alog), s.balance, s.hash
			if !s.play(p, c) {
				continue
			}
			s.moves = append(s.moves, pathMove{c, p})
			child, err = s.wins(c.Opponent(), ply+1)
			s.moves = s.moves[:len(s.moves)-1]
			s.m.Undo(mark)
			for _, q := range s.alog[amark:] {
				s.active[q] = true
			}
			s.alog = s.alog[:amark]
			s.balance, s.hash = bal, h
		}
		tried++
		if err != nil {
			break
		}
		if !child {
			win = true
			if p != spare {
				s.history[c][p] += int32(1 + tried)
				if s.killers[ply][0] != p {
					s.killers[ply][1] = s.killers[ply][0]
					s.killers[ply][0] = p
				}
			}
			break
		}
	}
	s.path = s.path[:len(s.path)-1]
	if err != nil {
		return false, err
	}
	if tried == 0 {
		win = hasSpare // every placement was illegal
	}
	s.tt[k] = win
	return win, nil
}

// repetition builds the error for a position that repeats the one at
// path index i.
func (s *search) repetition(i int) error {
	var ms []string
	for _, m := range s.moves[i:] {
		l := "B"
		if m.c == board.White {
			l = "W"
		}
		if m.p == spare {
			ms = append(ms, l+" spare")
		} else {
			ms = append(ms, l+" "+s.b.Name(m.p))
		}
	}
	return &RepetitionError{Moves: ms}
}

// genMoves lists c's candidate moves, best first: placements on empty
// active points (legality is checked when played), then the spare move if
// c has one. The list is reused at the next visit of the same ply.
func (s *search) genMoves(c board.Color, ply int) []board.Point {
	for len(s.bufs) <= ply {
		s.bufs = append(s.bufs, nil)
		s.scores = append(s.scores, nil)
		s.killers = append(s.killers, [2]board.Point{spare, spare})
	}
	moves, scores := s.bufs[ply][:0], s.scores[ply][:0]
	var last board.Point = spare
	if n := len(s.moves); n > 0 {
		last = s.moves[n-1].p
	}
	for i, a := range s.active {
		p := board.Point(i)
		if !a || s.m.At(p) != board.Empty {
			continue
		}
		sc := s.history[c][p]
		switch p {
		case s.killers[ply][0]:
			sc += 1 << 24
		case s.killers[ply][1]:
			sc += 1 << 23
		}
		if s.captures(p, c) {
			sc += 1 << 26
		}
		if last != spare && slices.Contains(s.b.Neighbors(last), p) {
			sc += 1 << 22
		}
		moves = append(moves, p)
		scores = append(scores, sc)
	}
	// Insertion sort by score, highest first (lists are short).
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && scores[j] > scores[j-1]; j-- {
			scores[j], scores[j-1] = scores[j-1], scores[j]
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
	if len(moves) > 0 && s.balance*sign(c) > 0 {
		moves = append(moves, spare)
	}
	s.bufs[ply], s.scores[ply] = moves, scores
	return moves
}

// captures reports whether c at the empty point p would capture: a
// mortal enemy block next to it has p as its only liberty.
func (s *search) captures(p board.Point, c board.Color) bool {
	opp := c.Opponent()
	for _, q := range s.b.Neighbors(p) {
		if s.m.At(q) == opp && !s.m.Immortal(q) && s.onlyLiberty(q, p) {
			return true
		}
	}
	return false
}

// onlyLiberty reports whether p is the only liberty of the block at q.
func (s *search) onlyLiberty(q, p board.Point) bool {
	st := s.marks.Next()
	col := s.m.At(q)
	work := append(s.region[:0], q)
	s.marks.Set(q, st)
	defer func() { s.region = work[:0] }()
	for i := 0; i < len(work); i++ {
		for _, x := range s.b.Neighbors(work[i]) {
			if s.marks.Is(x, st) {
				continue
			}
			switch s.m.At(x) {
			case col:
				s.marks.Set(x, st)
				work = append(work, x)
			case board.Empty:
				if x != p {
					return false
				}
			}
		}
	}
	return true
}

// play makes c's placement at p, if legal: the stones change (the
// engine's rules), captures add to c's spares, and any part of the
// move's region that is now settled turns into spare moves for its
// owner. The caller restores the state.
func (s *search) play(p board.Point, c board.Color) bool {
	// The region of p: the connected points without immortal stones.
	st := s.marks.Next()
	reg := append(s.region[:0], p)
	s.marks.Set(p, st)
	for i := 0; i < len(reg); i++ {
		for _, q := range s.b.Neighbors(reg[i]) {
			if !s.m.Immortal(q) && s.marks.Visit(q, st) {
				reg = append(reg, q)
			}
		}
	}
	s.region = reg
	s.old = s.old[:0]
	for _, q := range reg {
		s.old = append(s.old, s.m.At(q))
	}
	captured, ok := s.m.Play(p, c)
	if !ok {
		return false
	}
	for i, q := range reg {
		if now := s.m.At(q); now != s.old[i] {
			s.hash ^= s.z[q][s.old[i]] ^ s.z[q][now]
		}
	}
	s.balance += sign(c) * captured
	for _, comp := range s.m.Components(reg) {
		if v, ok := s.m.Settled(comp); ok {
			s.balance += v
			for _, q := range comp {
				s.active[q] = false
				s.alog = append(s.alog, q)
			}
		}
	}
	// Stones that joined an immortal block leave the play.
	for _, q := range reg {
		if s.active[q] && s.m.Immortal(q) {
			s.active[q] = false
			s.alog = append(s.alog, q)
		}
	}
	return true
}

// colorWinner names the winner of colour c.
func colorWinner(c board.Color) Winner {
	if c == board.White {
		return White
	}
	return Black
}
