package solve

import (
	"errors"
	"fmt"
	"hash/maphash"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/life"
	"github.com/mathgo/mathgo/mgo"
	"github.com/mathgo/mathgo/realgo"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/tiles"
)

// The board search: the third scored game. When some tile could not be
// valued (a mortal wall joined its tile and the tile's game graph is too
// large to enumerate, or a ko tile sits beside such a tile), the score of
// the whole position does not need that tile's value: it needs the tile
// played alternately within the sum. The unvalued tiles (and the ko tiles)
// form the searched region; it is played on the board under real rules:
// captures and prisoners, suicide illegal, the simple ko ban, passes. The
// tiles that could be valued take part as playable tiles (tiles.Local,
// every legal move of their unsettled parts, so that a move their value
// bypasses can still serve as a ko threat); a tile whose value is a number
// is played by its number, unless a ko arises, when the search is made
// again with its moves. A move of the search is a stone in the region, a
// move in one valued tile, or a pass.
//
// Two passes in a row end the game, but only once every valued tile is a
// number (the convention of the short sum and the ban game: a valued tile
// is scored by its stops, so it must be played out); the region is then
// reckoned as real rules reckon it (realgo.Reckoner: Japanese counting by
// hypothetical play, Chinese counting by area), the walls around it being
// settled. The score is the region's count plus the valued tiles' numbers
// plus the prisoners (Japanese) or the tiles' stones (Chinese), exactly as
// the short sum counts them.
//
// The search is MTD(f): null-window alpha-beta (fail-soft) on the score,
// with a transposition table keyed by the region's stones, the valued
// tiles' positions, the ko ban, the passes and the player to move, holding
// bounds relative to the prisoners taken in the region. Before a state's
// moves are searched, the table is asked about each move's position
// (enhanced transposition cutoffs, childCutoff): one whose bounds already
// refute the window ends the state's search as searching it first would
// have. Moves are ordered:
// the table's move, the killer moves of the depth (stones that refuted a
// sibling), captures, ataris, answers next to the last move, the valued
// tiles by temperature, the pass first when it ends the game. (A history
// of the cutoffs each point made anywhere, added to a stone's priority,
// cost Spight's problem six times the nodes: it soon outweighed captures
// and killers.) A
// player never fills his own one-point eye. A line that repeats a state
// of the search path (kos can cycle) never ends; it is valued as a loss
// for Black in one search and for White in a second, made only when the
// first met such a line, and the score is exact only when both agree (as
// realgo does). Each search also reads the other's table where its
// bounds serve (otherEntry: the first's lower bounds hold for the
// second, the second's upper bounds for the first). A reckoning that cannot decide a status gives its two
// ends in the two searches likewise. The second search values every end
// at least as high for Black as the first, so it starts from the first's
// value, which one null-window search confirms when they agree. Past the
// node budget the answer is the bounds MTD(f) has proven so far.
//
// A state whose static bound (staticBound: what each side keeps by
// passing to the end, a valued tile counted at the least or the greatest
// number play in it can leave) already lies outside the window is not
// searched. The bound holds the
// state's true score (correct statuses, no endless line under a passing
// strategy), which lies between the two searches' values of the state;
// replacing a subtree by a bound on its true score therefore keeps the
// first search at most the true score and the second at least it, and
// the score is still stated only when they agree.

// DefaultBoardSearchNodes bounds the nodes of one board search.
const DefaultBoardSearchNodes = 2_000_000

// searchReckonNodes and retryReckonNodes bound one life-and-death
// question of the reckoning of a board search's end. A search reckons
// thousands of ends; on Spight's problem their questions are decided in
// under 64 nodes or not at all: with the 20,000 of the other reckonings
// they took 10 million nodes of its first score's 17 million, with 500
// they take 0.4 million, and the same ends stay undecided. An undecided
// status leaves the end an interval, which the two searches take at its
// two ends: a smaller budget can cost a score its exactness, never its
// soundness. On the board-search set 64 nodes cost one exact board (100
// did too, 500 none), so a score left inexact by an undecided end is
// searched again with retryReckonNodes per question (searcher.value), as
// a move question is with reckonNodes (searcher.keeps).
const (
	searchReckonNodes = 64
	retryReckonNodes  = 500
)

// safeEvery is how often (in plies) pass-alive territory is found anew.
const safeEvery = 3

// maxSearchTable bounds the entries of one transposition table (about
// 40 bytes each); a full table is cleared.
const maxSearchTable = 1 << 23

// searchScaleBits: scores are kept as integers in units of 2^-searchScaleBits.
const searchScaleBits = 10

const (
	searchScale = int64(1) << searchScaleBits
	searchInf   = int64(1) << 50
	searchBig   = int64(1) << 40 // an endless line, far beyond any score
)

// BoardSearchOptions bound a board search.
type BoardSearchOptions struct {
	// MaxNodes bounds the nodes of each question asked of the game (one
	// score): 0 for DefaultBoardSearchNodes.
	MaxNodes int
	// Progress, if set, is told about long searches now and then.
	Progress func(msg string)
	// NoPruning searches every legal move, inside pass-alive territory
	// and one's own one-point eyes too, cuts no line by the static bound
	// and asks the table about no move before searching it (a check of
	// the pruning).
	NoPruning bool
	// Stop, if set, is watched by the search: once it is true the
	// search gives up (an error wrapping ErrStopped) within a thousand
	// nodes. searchRegion stops the Chinese search, made beside the
	// Japanese one, when the Japanese scores cannot all be proven.
	Stop *atomic.Bool
	// Walls names settled groups (a stone of each of their blocks) to
	// search on the board all the same, with every tile they touch: the
	// walls that may have to answer in their territory, whose ko threats
	// the search must play (RegionWith).
	Walls []board.Point
}

// SearchRegion is where a position's board search plays on the board.
type SearchRegion struct {
	// Tiles are the IDs of the tiles the region is made of.
	Tiles []string
	// Points are the region's points, in board order.
	Points []board.Point
	// Walls are the blocks of settled groups searched with the region
	// (the first stone of each, in board order; RegionWith), nil for none.
	Walls []board.Point
}

// RegionOf returns the searched region of an analysis: the tiles without
// a value and the ko tiles, when some tile has no value or is a ko (a
// position whose exact play with the ko ban passes its budget is searched
// on the board too). It fails (with the reason) when there is none or
// when the region does not lie within settled walls.
func RegionOf(a *tiles.Analysis) (*SearchRegion, error) {
	return RegionWith(a, nil)
}

// RegionWith is RegionOf with the settled groups walls (a stone of each
// of their blocks) searched too: their stones, and every tile touching
// them, join the region, which must then lie within the other settled
// walls.
func RegionWith(a *tiles.Analysis, walls []board.Point) (*SearchRegion, error) {
	r := &SearchRegion{}
	unvalued, ko := false, false
	b := a.Board()
	in := make([]bool, b.Size())
	touched := make([]bool, b.Size()) // next to a searched wall
	for _, w := range walls {
		if b.At(w) == board.Empty {
			return nil, fmt.Errorf("%s is not a stone", b.Name(w))
		}
		if in[w] {
			continue
		}
		blk := b.Block(w)
		r.Walls = append(r.Walls, slices.Min(blk))
		for _, p := range blk {
			in[p] = true
			for _, q := range b.Neighbors(p) {
				touched[q] = true
			}
		}
	}
	for _, t := range a.Tiles {
		unvalued = unvalued || t.Err != nil
		ko = ko || t.Ko != nil
		join := t.Err != nil || t.Ko != nil
		for _, p := range t.Points {
			join = join || touched[p]
		}
		if !join {
			continue
		}
		r.Tiles = append(r.Tiles, t.ID)
		for _, p := range t.Points {
			in[p] = true
		}
	}
	if !unvalued && !ko {
		return nil, errors.New("every tile has a value and none is a ko")
	}
	slices.Sort(r.Walls)
	for p := range in {
		if !in[p] {
			continue
		}
		r.Points = append(r.Points, board.Point(p))
		for _, q := range b.Neighbors(board.Point(p)) {
			if in[q] {
				continue
			}
			if b.At(q) == board.Empty || a.Immortal == nil || !a.Immortal[q] {
				return nil, fmt.Errorf("the searched region touches %s, which is not a settled wall", b.Name(q))
			}
		}
	}
	return r, nil
}

// boardSearchGame is the scored game of the board search (see above).
type boardSearchGame struct {
	counting rules.Counting
	region   *SearchRegion
	start    *board.Board // the position, simple ko rule
	tileOf   map[board.Point]string
	ids      []string       // the valued tiles with moves
	locals   []*tiles.Local // their positions at the start
	constant int64          // scaled: prisoners or stones, and the numbers of tiles without moves
	s        *searcher
	a        *tiles.Analysis    // for fork
	opts     BoardSearchOptions // for fork

	// helper is a fork of the game that Optimal asks half the moves'
	// questions (helperGame); isFork marks a fork, which makes none.
	helper    *boardSearchGame
	isFork    bool
	shareFrom int // the nodes from which Optimal shares (forkMinNodes; tests lower it)

	// starts are the start's nodes by the player to move, made once
	// (Start), so that what one front end learns of them (the score, the
	// optimal moves) the next one reads instead of asking again.
	starts [3]*searchNode
}

// NewBoardSearchGame returns the board search of position b (the board
// of the analysis, with its ko ban) under Japanese or Chinese counting.
// It fails when the position has no searched region (RegionOf) or a
// valued tile cannot be played.
func NewBoardSearchGame(a *tiles.Analysis, b *board.Board, counting rules.Counting, opts BoardSearchOptions) (Game, error) {
	if counting != rules.Japanese && counting != rules.Chinese {
		return nil, fmt.Errorf("solve: a board search is scored under Japanese or Chinese counting, not %s", counting)
	}
	region, err := RegionWith(a, opts.Walls)
	if err != nil {
		return nil, err
	}
	g := &boardSearchGame{counting: counting, region: region, tileOf: map[board.Point]string{}, a: a, opts: opts, shareFrom: forkMinNodes}
	g.start = b.Clone()
	g.start.SetKoRule(board.KoSimple)
	for _, t := range a.Tiles {
		if slices.Contains(region.Tiles, t.ID) {
			for _, p := range t.Points {
				g.tileOf[p] = t.ID
			}
		}
	}
	var wallStones []board.Point
	for _, w := range region.Walls {
		wallStones = append(wallStones, b.Block(w)...)
	}
	// A searched wall's points are named by a tile next to them.
	for grown := true; grown; {
		grown = false
		for _, p := range wallStones {
			if _, ok := g.tileOf[p]; ok {
				continue
			}
			for _, q := range b.Neighbors(p) {
				if id, ok := g.tileOf[q]; ok {
					g.tileOf[p], grown = id, true
					break
				}
			}
		}
	}
	if counting == rules.Japanese {
		g.constant = int64(a.Prisoners[board.Black]-a.Prisoners[board.White]) * searchScale
	} else {
		// The Chinese score is the area without the wall stones
		// (WallStones adds them back), the searched walls counted among
		// them as at the start: their stones are the region's now.
		for _, p := range wallStones {
			g.constant -= int64(sign(b.At(p))) * searchScale
		}
	}
	for _, t := range a.Tiles {
		if slices.Contains(region.Tiles, t.ID) {
			continue
		}
		l, err := a.Local(t.ID)
		if err != nil {
			return nil, err
		}
		if counting == rules.Chinese {
			if !l.AreaOK { // Local.Area holds the tile's stones already
				return nil, fmt.Errorf("tile %s has no area game", t.ID)
			}
		}
		v := localValue(l, counting)
		bm, err := l.Moves(board.Black)
		if err != nil {
			return nil, err
		}
		wm, err := l.Moves(board.White)
		if err != nil {
			return nil, err
		}
		if len(bm) == 0 && len(wm) == 0 {
			x, ok := scaledNumber(v)
			if !ok {
				return nil, fmt.Errorf("tile %s has no moves but is not a number", t.ID)
			}
			g.constant += x
			continue
		}
		g.ids = append(g.ids, t.ID)
		g.locals = append(g.locals, l)
	}
	s, err := newSearcher(g, a, opts)
	if err != nil {
		return nil, err
	}
	g.s = s
	return g, nil
}

// localValue is a valued tile's value under the counting.
func localValue(l *tiles.Local, c rules.Counting) cgt.Game {
	if c == rules.Chinese {
		return l.Area
	}
	return l.Count
}

// scaledNumber returns the number v in the search's units.
func scaledNumber(v cgt.Game) (int64, bool) {
	d, ok := v.Number()
	if !ok {
		return 0, false
	}
	return scaled(d)
}

// scaled returns d in the search's units.
func scaled(d cgt.Dyadic) (int64, bool) {
	if d.Exp() > searchScaleBits {
		return 0, false
	}
	return d.Shift(searchScaleBits).Int64()
}

// unscale returns the score x (search units) as a dyadic.
func unscale(x int64) cgt.Dyadic { return cgt.NewDyadic(x, searchScaleBits) }

// Counting is the game's counting rule.
func (g *boardSearchGame) Counting() rules.Counting { return g.counting }

// Region is the searched region.
func (g *boardSearchGame) Region() *SearchRegion { return g.region }

// Start returns the position at the start with first to move: the same
// node each time, with the score and optimal moves already found (the
// analysis's, when a front end plays the position after analyzing it).
// Like every node of the game, it is not safe for concurrent use.
func (g *boardSearchGame) Start(first board.Color) (Node, error) {
	if first != board.Black && first != board.White {
		return nil, fmt.Errorf("solve: no player to move (%v)", first)
	}
	if g.starts[first] == nil {
		g.starts[first] = &searchNode{g: g, b: g.start.Clone(), locals: slices.Clone(g.locals), toMove: first}
	}
	return g.starts[first], nil
}

// BoardSearch is implemented by the nodes of a board search: the region
// searched on the board and the nodes the searches have used.
type BoardSearch interface {
	Region() *SearchRegion
	SearchNodes() int
}

// searchNode is a position of the board search.
type searchNode struct {
	g      *boardSearchGame
	b      *board.Board // the whole board now (the region played, the rest as at the start)
	locals []*tiles.Local
	caps   int64 // Japanese: Black's prisoners less White's taken in the region (scaled)
	passes int
	toMove board.Color

	value   *Score
	opts    []Option
	optsErr error
	optimal []Option // Optimal's answer, once found
}

// Region is the searched region (BoardSearch).
func (n *searchNode) Region() *SearchRegion { return n.g.region }

// SearchNodes counts the nodes of every search of the game so far.
func (n *searchNode) SearchNodes() int { return n.g.s.total }

// Counting is the game's counting rule.
func (n *searchNode) Counting() rules.Counting { return n.g.counting }

// ToMove is the player to move.
func (n *searchNode) ToMove() board.Color { return n.toMove }

// Done reports that two passes in a row have ended the game.
func (n *searchNode) Done() bool { return n.passes >= 2 }

// Value is the score best play reaches from here.
func (n *searchNode) Value() (Score, error) {
	if n.value != nil {
		return *n.value, nil
	}
	sc, err := n.g.s.value(n)
	if err != nil && !errors.Is(err, ErrTooBig) {
		return Score{}, err
	}
	if sc.Exact() {
		n.value = &sc
		return sc, nil
	}
	if err == nil {
		err = errors.New("the score rests on an endless repetition or on a status the reckoning could not decide")
	}
	return sc, fmt.Errorf("the board search could not prove the score (%s): %w", sc, err)
}

// Options lists the moves: stones in the region (reading order), then
// the valued tiles' moves, then the pass where it is legal.
func (n *searchNode) Options() ([]Option, error) {
	if n.opts != nil || n.optsErr != nil {
		return n.opts, n.optsErr
	}
	g, c := n.g, n.toMove
	var out []Option
	pts := slices.Clone(g.region.Points)
	slices.SortFunc(pts, n.b.ReadingCmp)
	for _, p := range pts {
		if n.b.At(p) != board.Empty || !n.b.Legal(p, c) {
			continue
		}
		nb := n.b.Clone()
		captured, err := nb.Play(p, c)
		if err != nil {
			continue
		}
		child := &searchNode{g: g, b: nb, locals: n.locals, caps: n.caps, toMove: c.Opponent()}
		if g.counting == rules.Japanese {
			child.caps += int64(sign(c)) * int64(captured) * searchScale
		}
		out = append(out, Option{Move: Move{Tile: g.tileOf[p], Point: p, Label: n.b.Name(p)}, Next: child, Captured: captured, KoTaken: nb.KoPoint() != board.Pass})
	}
	for i, l := range n.locals {
		ms, err := g.s.localMoves(l, c)
		if err != nil {
			n.optsErr = err
			return nil, err
		}
		for _, m := range ms {
			locals := slices.Clone(n.locals)
			locals[i] = m.Next
			nb := n.b.Clone()
			nb.Play(board.Pass, c) // a move elsewhere lifts the ban
			child := &searchNode{g: g, b: nb, locals: locals, caps: n.caps, toMove: c.Opponent()}
			before, after := localValue(l, g.counting), localValue(m.Next, g.counting)
			inc := after.Sub(before)
			if c == board.White {
				inc = before.Sub(after)
			}
			out = append(out, Option{Move: Move{Tile: g.ids[i], Point: m.Point, Label: l.Name(m.Point)}, Next: child,
				Short: true, Before: before, After: after, Incentive: inc, Captured: m.Captured})
		}
	}
	if n.passes == 0 || n.settled() {
		nb := n.b.Clone()
		nb.Play(board.Pass, c)
		out = append(out, Option{Move: PassMove, Next: &searchNode{g: g, b: nb, locals: n.locals, caps: n.caps, passes: n.passes + 1, toMove: c.Opponent()}})
	}
	n.opts = out
	return out, nil
}

// settled reports that every valued tile is a number (two passes may end
// the game).
func (n *searchNode) settled() bool {
	for _, l := range n.locals {
		if !localValue(l, n.g.counting).IsNumber() {
			return false
		}
	}
	return true
}

// Optimal lists the options whose score keeps the node's. Each option
// is one question (keepsExactly); with a second core and a search that
// has done forkMinNodes or more, a fork of the game (helperGame) takes
// the questions with the game's own searcher, each the next one not yet
// asked, so that the two cores share them. The answers are proven either
// way, so the list is the same.
func (n *searchNode) Optimal() ([]Option, error) {
	if n.optimal != nil {
		return n.optimal, nil
	}
	v, err := n.Value()
	if err != nil {
		return nil, err
	}
	x, ok := scaled(v.Lo)
	if !ok {
		return nil, fmt.Errorf("the score %s is finer than the board search's unit", v.Lo)
	}
	opts, err := n.Options()
	if err != nil {
		return nil, err
	}
	black := n.toMove == board.Black
	keeps := make([]bool, len(opts))
	errs := make([]error, len(opts))
	var open []int // the options whose child is not over (those ask the game)
	// Options whose positions are one state (a move in either of two
	// dames) have one answer: the first of them is asked (moves' alike).
	same := make([]int, len(opts))
	first := map[uint64]int{}
	for i, o := range opts {
		child := o.Next.(*searchNode)
		same[i] = i
		if child.Done() {
			keeps[i], errs[i] = n.g.s.keepsExactly(child, x, black)
			continue
		}
		k := n.g.s.nodeKey(child)
		if j, ok := first[k]; ok && !n.g.s.noPrune {
			same[i] = j
			continue
		}
		first[k] = i
		open = append(open, i)
	}
	var next atomic.Int32
	ask := func(s *searcher) {
		for {
			k := int(next.Add(1)) - 1
			if k >= len(open) {
				return
			}
			i := open[k]
			keeps[i], errs[i] = s.keepsExactly(opts[i].Next.(*searchNode), x, black)
		}
	}
	if h := n.g.helperGame(len(open)); h != nil {
		done := make(chan struct{})
		go func() {
			defer close(done)
			ask(h.s)
		}()
		ask(n.g.s)
		<-done
		n.g.countHelper()
	} else {
		ask(n.g.s)
	}
	var out []Option
	for i, o := range opts {
		keeps[i], errs[i] = keeps[same[i]], errs[same[i]]
		if errs[i] != nil {
			return nil, fmt.Errorf("is %s optimal: %w", o.Move, errs[i])
		}
		if keeps[i] {
			out = append(out, o)
		}
	}
	n.optimal = out
	return out, nil
}

// helperGame returns the fork Optimal shares its questions with, made
// once, from the tables as they are then (they hold for every later
// question, and each game keeps what it learns), or nil when there is no
// second core, the game is a fork, there are fewer than two questions or
// the game's searches have done fewer than forkMinNodes nodes (copying
// the tables would cost more than the questions).
func (g *boardSearchGame) helperGame(questions int) *boardSearchGame {
	if g.isFork || questions < 2 || runtime.GOMAXPROCS(0) < 2 || g.s.total < g.shareFrom {
		return nil
	}
	if g.helper == nil {
		f, err := g.fork()
		if err != nil {
			return nil
		}
		g.helper = f
	}
	return g.helper
}

// countHelper adds the nodes the helper searched since it was last
// counted to the game's, and a ko it met.
func (g *boardSearchGame) countHelper() {
	h := g.helper.s
	g.s.total += h.total - h.forkedAt
	h.forkedAt = h.total
	g.s.koEver = g.s.koEver || h.koEver
}

// keepsExactly reports whether child, the position after a move from a
// node of score v (search units), keeps that score: whether its score is
// at least v after Black's move (atLeast), at most v after White's (no
// child passes its parent's score). It needs no child's exact score: one
// null-window search with the lines that repeat (and undecided
// reckonings) valued against the side the bound favours proves that the
// child keeps v. When it fails and no line of it met an endless line or
// an undecided reckoning, its value is the child's own, and the failure
// proves that the child does not keep v; otherwise a second search with
// them valued for that side proves that it does not. When the two
// disagree, the answer rests on endless play and is refused.
func (s *searcher) keepsExactly(child *searchNode, v int64, atLeast bool) (bool, error) {
	ok, err := s.keepsExactlyOnce(child, v, atLeast)
	if errors.Is(err, errUndecided) && s.unsure > 0 {
		return s.fullReckoning(func() (bool, error) { return s.keepsExactlyOnce(child, v, atLeast) })
	}
	return ok, err
}

// errUndecided: whether a move keeps the score could not be told.
var errUndecided = errors.New("whether it keeps the score rests on an endless repetition or on a status the reckoning could not decide")

// keepsExactlyOnce is keepsExactly with the searcher's reckoning as it is.
func (s *searcher) keepsExactlyOnce(child *searchNode, v int64, atLeast bool) (bool, error) {
	if child.Done() {
		sc, err := child.Value()
		if err != nil {
			return false, err
		}
		w, ok := scaled(sc.Lo)
		return ok && w == v, nil
	}
	beta := v
	if !atLeast {
		beta = v + 1
	}
	// First the side the bound favours loses every endless line: a pass
	// proves the bound.
	r, err := s.nullWindow(child, beta, !atLeast)
	if err != nil {
		return false, err
	}
	if (atLeast && r >= beta) || (!atLeast && r < beta) {
		return true, nil
	}
	if s.endless == 0 && s.unsure == 0 {
		// No line of that search rested on the pessimism: its value
		// is the score's, and the failure proves the child falls short.
		return false, nil
	}
	// Then it wins them: a failure proves the child falls short.
	r, err = s.nullWindow(child, beta, atLeast)
	if err != nil {
		return false, err
	}
	if (atLeast && r < beta) || (!atLeast && r >= beta) {
		return false, nil
	}
	return false, errUndecided
}

// nullWindow runs one null-window search of node n around beta (is its
// score at least beta?) with the given pessimism, as value runs its
// searches: again with the moves of the tiles whose value is a number
// when a ko arose and such a tile has a move.
func (s *searcher) nullWindow(n *searchNode, beta int64, pessimistic bool) (int64, error) {
	s.pessimistic = pessimistic
	var r int64
	for _, numbers := range []bool{false, true} {
		s.withNumbers, s.koSeen = numbers, false
		s.begin()
		s.load(n)
		var err error
		if r, err = s.ab(beta-1, beta, 0); err != nil {
			return 0, err
		}
		if !s.koSeen || !s.numberMoves(n) {
			break
		}
	}
	return r, nil
}

// ttEntry holds bounds on a state's value relative to the region's
// prisoners, and the best move found.
type ttEntry struct {
	lo, hi int64
	best   int16 // index of the best move in the state's move list, -1 none
	// below records what the search under the state met, so that a later
	// hit reports it as the search itself would have: belowEndless (an
	// endless line or an undecided reckoning: the value rests on the
	// pessimism), belowUnsure (an undecided reckoning among them) and
	// belowKo (a ko arose).
	below uint8
}

const (
	belowEndless = 1 << iota
	belowKo
	belowUnsure // an undecided reckoning in particular (also belowEndless)
)

// smove is a move of the search: a stone (kind 0), a valued tile's move
// (kind 1), a pass (kind 2).
type smove struct {
	kind  uint8
	p     board.Point
	tile  int
	next  *tiles.Local
	order int
	pri   int64 // the ordering's priority (moves)
}

// searcher runs the searches of one game on a working position.
type searcher struct {
	g        *boardSearchGame
	seed     maphash.Seed
	maxNodes int
	progress func(string)
	stop     *atomic.Bool
	noPrune  bool
	total    int      // nodes of every search
	alikeBuf []uint64 // moves' alike moves: the key changes seen
	alikeAt  []int    // and where their moves are in the list
	// slots remember, per valued tile, what the maps keyed by its
	// position gave for the position it was last seen in (slot).
	slots    []localSlot
	forkedAt int // a fork's total when its nodes were last counted in its game's (fork, countHelper)

	// rk, reck and tts: the reckoning in use (searchReckonNodes per
	// question unless a retry tier is in use), its reckoned ends and the
	// tables of the searches that rest on it.
	rk   *realgo.Reckoner
	reck map[uint64][2]int // by board hash: the region's count at an end
	tts  [4]*ttTable
	// mid serves value's second try (retryReckonNodes per question), full
	// keeps's (reckonNodes per question).
	mid, full reckTier
	scratch   *board.Board
	rest      int               // the reckoning of everything outside the region
	cheap     map[uint64][2]int // by board hash: reckonCheap's bounds
	inR       []bool

	immortal  []bool
	permanent []board.Color     // by point: the colour of an immortal stone no move of the region can capture, else Empty
	anchored  []bool            // staticBound's scratch (set on the region and its rim only)
	rim       []board.Point     // the points outside the region next to one of it
	bounds    []boundEntry      // staticBound's cache (boardBound)
	stack     []board.Point     // staticBound's scratch
	safe      map[uint64][]bool // by board hash: the points in pass-alive territory
	safeAt    [][]bool          // by depth: the pass-alive territory in use
	safePris  []int             // by depth: the prisoners when it was found
	mbuf      [][]smove         // by depth: the move list's storage
	moveCache map[moveKey][]tiles.LocalMove
	keyCache  map[*tiles.Local]uint64
	// placedCache holds placedHash's term of each valued tile's position.
	placedCache map[*tiles.Local]uint64
	treeCache   map[*tiles.Local]uint64 // treeKey's keys
	thermoMemo  map[uint64]thermoEntry  // meanTemp's answers, by localKey
	reachMemo   map[uint64]answerEntry  // answerBound's answers, by localKey
	reachWork   int                     // answerBound's positions visited

	// The pass-alive stones of the static bound under Chinese counting
	// (bensonApplies): a cache of the boards' (passAlive), and its
	// scratch.
	aliveCache []aliveSlot
	whole      *board.Board
	anchorBuf  []bool
	aliveAt    [][]uint64 // by depth: a copy of the node's (childCutoff)
	probe      []uint64   // while childCutoff asks: the inherited ones
	probeBuf   []uint64

	// While childCutoff asks about a move's position: its board bound
	// found from the parent's (childBound), when it could be.
	next       boardBoundValue
	anchoredAt [][]bool // by depth: the parent's anchored stones (boardBoundUncached)

	// the working state
	b      *board.Board
	locals []*tiles.Local
	caps   int64
	passes int
	toMove board.Color

	// one search
	tt          *ttTable       // tts's of this search's settings (pessimistic, withNumbers)
	other       *ttTable       // the table of the other pessimism (otherEntry)
	path        map[uint64]int // the states on the search path, by depth
	minRep      int            // the shallowest path state a repetition below went back to
	nodes       int
	rkStart     int64 // the reckoning's nodes when this search began
	pessimistic bool  // endless lines and undecided statuses: false for Black's loss, true for White's
	endless     int   // lines that met a repetition
	unsure      int   // reckonings that could not decide
	undecided   int   // the same, over every search of one value question
	koSeen      bool
	koEver      bool // a ko arose in some search of the game
	withNumbers bool // play the moves of tiles whose value is a number

	// move ordering learnt from cutoffs
	killers [][2]board.Point // by depth
}

// cutoff records that a stone at p refuted the opponent's last move at
// depth: a killer move of that depth.
func (s *searcher) cutoff(p board.Point, depth int) {
	for len(s.killers) <= depth {
		s.killers = append(s.killers, [2]board.Point{board.Pass, board.Pass})
	}
	if k := &s.killers[depth]; k[0] != p {
		k[1], k[0] = k[0], p
	}
}

type moveKey struct {
	l *tiles.Local
	c board.Color
}

// newSearcher sets up the reckoning of the region's ends.
func newSearcher(g *boardSearchGame, a *tiles.Analysis, opts BoardSearchOptions) (*searcher, error) {
	b := g.start
	s := &searcher{g: g, seed: maphash.MakeSeed(), maxNodes: opts.MaxNodes, progress: opts.Progress, stop: opts.Stop, noPrune: opts.NoPruning,
		reck: map[uint64][2]int{}, cheap: map[uint64][2]int{}, moveCache: map[moveKey][]tiles.LocalMove{}, keyCache: map[*tiles.Local]uint64{}, placedCache: map[*tiles.Local]uint64{}, treeCache: map[*tiles.Local]uint64{}, thermoMemo: map[uint64]thermoEntry{}, reachMemo: map[uint64]answerEntry{},
		inR: make([]bool, b.Size()), safe: map[uint64][]bool{}}
	s.mid.nodes, s.full.nodes = retryReckonNodes, reckonNodes
	if s.maxNodes <= 0 {
		s.maxNodes = DefaultBoardSearchNodes
	}
	for _, p := range g.region.Points {
		s.inR[p] = true
	}
	rk, err := realgo.NewReckoner(b.Cols(), b.Rows(), searchReckonNodes, 0)
	if err != nil {
		return nil, err
	}
	// The searched walls are stones like the region's others.
	s.immortal = slices.Clone(a.Immortal)
	for _, p := range g.region.Points {
		s.immortal[p] = false
	}
	rk.AssumeAlive(s.immortal)
	s.rk = rk
	s.permanent = permanentStones(b, s.immortal, s.inR)
	for p := range b.Size() {
		if !s.inR[p] && slices.ContainsFunc(b.Neighbors(board.Point(p)), func(q board.Point) bool { return s.inR[q] }) {
			s.rim = append(s.rim, board.Point(p))
		}
	}
	// The reckoning board: the stones outside the region that are not
	// walls (in valued tiles) are taken off, so that everything outside
	// the region reckons to a constant, found with the region empty.
	s.scratch = b.Clone()
	for p := range b.Size() {
		if !s.inR[p] && !s.immortal[p] {
			s.scratch.Setup(board.Point(p), board.Empty)
		}
	}
	for _, p := range g.region.Points {
		s.scratch.Setup(p, board.Empty)
	}
	lo, hi, err := s.reckonScratch()
	if err != nil || lo != hi {
		return nil, fmt.Errorf("the reckoning of the board around the searched region failed: %v", err)
	}
	s.rest = lo - s.emptyRegionCount()
	return s, nil
}

// emptyRegionCount is what the region counts empty, its walls living: each
// connected part that only one colour's stones border is that colour's.
func (s *searcher) emptyRegionCount() int {
	b := s.g.start
	seen := make([]bool, b.Size())
	total := 0
	for _, p0 := range s.g.region.Points {
		if seen[p0] {
			continue
		}
		seen[p0] = true
		stack, size, colours := []board.Point{p0}, 0, 0
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			size++
			for _, q := range b.Neighbors(p) {
				switch {
				case s.inR[q] && !seen[q]:
					seen[q] = true
					stack = append(stack, q)
				case !s.inR[q] && b.At(q) == board.Black:
					colours |= 1
				case !s.inR[q] && b.At(q) == board.White:
					colours |= 2
				}
			}
		}
		switch colours {
		case 1:
			total += size
		case 2:
			total -= size
		}
	}
	return total
}

// reckonScratch reckons the scratch board under the game's counting.
func (s *searcher) reckonScratch() (lo, hi int, err error) {
	if s.g.counting == rules.Chinese {
		v, err := s.rk.Chinese(s.scratch)
		return v, v, err
	}
	return s.rk.Japanese(s.scratch)
}

// reckonRegion returns the region's count at the end of a game on the
// working board (lo < hi when a status could not be decided).
func (s *searcher) reckonRegion() (lo, hi int, ok bool) {
	h := s.b.Hash()
	if r, found := s.reck[h]; found {
		return r[0], r[1], true
	}
	for _, p := range s.g.region.Points {
		s.scratch.Setup(p, s.b.At(p))
	}
	lo, hi, err := s.reckonScratch()
	if err != nil {
		return 0, 0, false
	}
	lo, hi = lo-s.rest, hi-s.rest
	if len(s.reck) > 1<<21 {
		clear(s.reck)
	}
	s.reck[h] = [2]int{lo, hi}
	return lo, hi, true
}

// reckonCheap bounds the region's Japanese count at the end of a game on
// the working board without any life-and-death search.
func (s *searcher) reckonCheap() (lo, hi int, ok bool) {
	h := s.b.Hash()
	if r, found := s.cheap[h]; found {
		return r[0], r[1], true
	}
	for _, p := range s.g.region.Points {
		s.scratch.Setup(p, s.b.At(p))
	}
	lo, hi, err := s.rk.JapaneseCheap(s.scratch)
	if err != nil {
		return 0, 0, false
	}
	lo, hi = lo-s.rest, hi-s.rest
	if len(s.cheap) > 1<<21 {
		clear(s.cheap)
	}
	s.cheap[h] = [2]int{lo, hi}
	return lo, hi, true
}

// localMoves returns c's moves in a valued tile (cached).
func (s *searcher) localMoves(l *tiles.Local, c board.Color) ([]tiles.LocalMove, error) {
	k := moveKey{l, c}
	if ms, ok := s.moveCache[k]; ok {
		return ms, nil
	}
	ms, err := l.Moves(c)
	if err != nil {
		return nil, fmt.Errorf("tile %s: %w", l.ID(), err)
	}
	s.moveCache[k] = ms
	return ms, nil
}

// localKey identifies a valued tile's game wherever it lies, so that
// states that differ only by which of two alike tiles (two dames) was
// played share their table entries: the table holds the sum's value,
// which depends on the games, not on where they are. A tile whose game
// tree (every move of either side, to the end) has at most treeKeyNodes
// nodes is known by the tree: its value under the counting, and its two
// sides' options' keys, as multisets; dames of any shape are then alike.
// A larger tile is known by its parts' shapes (tiles.Local.ShapeKey) and
// the prisoners and stones its value adds to them. (No line repeats a
// state through a tile's move: each valued tile's game has no cycle, so a
// move there leaves a sum that no line returns to.)
func (s *searcher) localKey(l *tiles.Local) uint64 {
	if k, ok := s.keyCache[l]; ok {
		return k
	}
	budget := treeKeyNodes
	k, ok := uint64(0), false
	if emptyPoints(l) <= treeKeyPoints {
		k, ok = s.treeKey(l, &budget)
	}
	if !ok {
		caps, stones := l.Balance()
		bal := caps
		if s.g.counting == rules.Chinese {
			bal = stones
		}
		k = board.Mix(l.ShapeKey() ^ uint64(int64(bal))*0x9E3779B97F4A7C15 ^ 0x5bd1e9955bd1e995)
	}
	s.keyCache[l] = k
	return k
}

// treeKeyNodes bounds the game trees localKey identifies tiles by, and
// treeKeyPoints the empty points of a tile whose tree it tries: a larger
// tile's tree is not walked at all (each position of a walk over a
// tile's positions asks for its key, answerBound's; walking 64 nodes of
// the tree of each position of a 12-point tile took minutes).
const (
	treeKeyNodes  = 64
	treeKeyPoints = 3
)

// emptyPoints counts the empty points of a valued tile's position.
func emptyPoints(l *tiles.Local) int {
	n := 0
	for _, p := range l.Points() {
		if l.At(p) == board.Empty {
			n++
		}
	}
	return n
}

// treeKey is localKey's key of a small tile's game tree (see there); ok
// is false when the tree has more nodes than budget allows.
func (s *searcher) treeKey(l *tiles.Local, budget *int) (uint64, bool) {
	if k, ok := s.treeCache[l]; ok {
		return k, true
	}
	if *budget--; *budget < 0 {
		return 0, false
	}
	var sides [2]uint64
	for i, c := range []board.Color{board.Black, board.White} {
		ms, err := s.localMoves(l, c)
		if err != nil {
			return 0, false
		}
		for _, m := range ms {
			k, ok := s.treeKey(m.Next, budget)
			if !ok {
				return 0, false
			}
			sides[i] += board.Mix(k)
		}
	}
	k := board.Mix(uint64(localValue(l, s.g.counting))*0xff51afd7ed558ccd ^ board.Mix(sides[0]+1)*0xc4ceb9fe1a85ec53 ^ board.Mix(sides[1]+2))
	s.treeCache[l] = k
	return k, true
}

// key identifies the working state (not the prisoners: values are stored
// relative to them).
func (s *searcher) key() uint64 {
	return s.stateKey(s.b, s.passes, s.toMove) ^ s.localsHash()
}

// stateKey is key's part of a board, its passes and its player to move.
func (s *searcher) stateKey(b *board.Board, passes int, toMove board.Color) uint64 {
	k := b.Hash()
	k = k*0x9E3779B97F4A7C15 + uint64(b.KoPoint()+2)
	return k*0x9E3779B97F4A7C15 + uint64(passes)*2 + uint64(toMove)
}

// nodeKey is key of node n's state with its prisoners: two nodes with one
// nodeKey have one score.
func (s *searcher) nodeKey(n *searchNode) uint64 {
	k := s.stateKey(n.b, n.passes, n.toMove) + uint64(n.caps)*0xC2B2AE3D27D4EB4F
	for _, l := range n.locals {
		k += s.localKey(l)
	}
	return k
}

// load sets the working state to node n.
func (s *searcher) load(n *searchNode) {
	s.b = n.b.Clone()
	s.b.SetKoRule(board.KoSimple)
	s.locals = slices.Clone(n.locals)
	s.caps, s.passes, s.toMove = n.caps, n.passes, n.toMove
}

// value finds node n's score: one search, and a second with the other
// pessimism when the first met an endless line or an undecided status;
// again with the number tiles' moves when a ko arose.
//
// A score left inexact by an end whose statuses the reckoning could not
// decide within searchReckonNodes is searched again with retryReckonNodes
// per question (tables of its own); both answers bound the score, and the
// two bounds are kept.
func (s *searcher) value(n *searchNode) (Score, error) {
	s.undecided = 0
	sc, err := s.valueOnce(n)
	if err != nil || sc.Exact() || s.undecided == 0 {
		return sc, err
	}
	var sc2 Score
	if err := s.withTier(&s.mid, func() (err error) {
		sc2, err = s.valueOnce(n)
		return err
	}); err != nil && !errors.Is(err, ErrTooBig) {
		return sc, err
	}
	m := sc.meet(sc2)
	if m.LoOK && m.HiOK && m.Lo.Cmp(m.Hi) > 0 {
		// Both searches bound the same score: impossible if both are
		// sound, so neither is trusted.
		return Score{}, fmt.Errorf("the searches with %d and %d reckoning nodes per question contradict each other (%s, %s)", searchReckonNodes, retryReckonNodes, sc, sc2)
	}
	return m, nil
}

// valueOnce is value with the reckoning in place.
func (s *searcher) valueOnce(n *searchNode) (Score, error) {
	s.withNumbers, s.koSeen = false, false
	sc, err := s.bothWays(n)
	if err != nil || !s.koSeen || !s.numberMoves(n) {
		return sc, err
	}
	s.withNumbers = true
	return s.bothWays(n)
}

// numberMoves reports whether some valued tile whose value is a number
// has a move (a ko threat the first search did not play).
func (s *searcher) numberMoves(n *searchNode) bool {
	for _, l := range n.locals {
		if localValue(l, s.g.counting).IsNumber() {
			return true
		}
	}
	return false
}

// bothWays runs the search once, and again with the other pessimism when
// the first met an endless line or an undecided status.
func (s *searcher) bothWays(n *searchNode) (Score, error) {
	s.pessimistic = false
	lo1, hi1, err := s.mtd(n, -searchInf)
	if err != nil {
		if s.endless > 0 || s.unsure > 0 {
			// The first search's upper bounds count endless lines and
			// undecided reckonings against Black: they bound its own
			// value, which may lie below the score. Only the static
			// bound holds the score from above.
			_, hi1 = s.startBound(n)
		}
		return boundsScore(lo1, hi1), err
	}
	if s.endless == 0 && s.unsure == 0 {
		return ExactScore(unscale(lo1)), nil
	}
	// The second search values every end at least as high for Black as
	// the first did (endless lines and undecided reckonings at their
	// upper ends), so its value is at least the first's: it starts from
	// that lower bound, and when the values agree a single null-window
	// search shows it.
	s.pessimistic = true
	lo2, hi2, err := s.mtd(n, lo1)
	if err != nil {
		return boundsScore(min(lo1, lo2), max(hi1, hi2)), err
	}
	if hi2 < lo1 {
		// The second search proved less than the first: impossible if
		// both are sound, so neither is trusted.
		return Score{}, fmt.Errorf("the two searches contradict each other (at least %s, at most %s)", unscale(lo1), unscale(hi2))
	}
	return boundsScore(min(lo1, lo2), max(hi1, hi2)), nil
}

// boundsScore is the score known to lie in [lo, hi] (search units).
func boundsScore(lo, hi int64) Score {
	var sc Score
	if lo > -searchBig {
		sc.Lo, sc.LoOK = unscale(lo), true
	}
	if hi < searchBig {
		sc.Hi, sc.HiOK = unscale(hi), true
	}
	return sc
}

// mtd is MTD(f) from node n, given that its value is at least from: the
// bounds proven (lo = hi when exact), and an error wrapping ErrTooBig past
// the budget.
func (s *searcher) mtd(n *searchNode, from int64) (lo, hi int64, err error) {
	s.begin()
	// The static bound holds the true score, which lies between the two
	// searches' values (see staticBound): the searches start inside it,
	// and past the budget the bounds are never wider.
	blo, bhi := s.startBound(n)
	lo, hi = max(from, blo), bhi
	guess := min(max(from, 0, lo), hi)
	// At a guess of 0 the first question leans to the player to move,
	// whose score it more often is: with Black first "more than 0?", with
	// White first "at least 0?" (less than 0?). With whole-point scores a
	// positive score with Black first then takes two questions ("more
	// than 0", "more than s") instead of three ("at least 0" first), and
	// a negative one with White first two. Spight's Japanese scores and
	// optimal moves (one core): 1.46 M -> 1.22 M nodes; asking "more than
	// 0?" with White first too cost a third question there (its fail-soft
	// answer was 0, not -1).
	above := guess == 0 && n.toMove == board.Black
	for lo < hi {
		beta := guess
		if guess == lo || above {
			beta = guess + 1
		}
		above = false
		s.load(n)
		v, err := s.ab(beta-1, beta, 0)
		if err != nil {
			return lo, hi, err
		}
		if v < beta {
			hi = v
		} else {
			lo = v
		}
		guess = v
	}
	return lo, hi, nil
}

// begin starts a search: the table of its settings (its entries are
// states' own values, no repetition above them, so every question of the
// game with the same settings shares it) and fresh counters.
func (s *searcher) begin() {
	mode := 0
	if s.pessimistic {
		mode |= 1
	}
	if s.withNumbers {
		mode |= 2
	}
	if s.tts[mode] == nil || s.tts[mode].len() > maxSearchTable {
		s.tts[mode] = newTTTable()
	}
	s.tt = s.tts[mode]
	s.other = s.tts[mode^1]
	s.path = map[uint64]int{}
	s.nodes, s.endless, s.unsure = 0, 0, 0
	s.rkStart = s.rk.Nodes()
	s.minRep = 1 << 30
}

// ErrStopped: the search was stopped (BoardSearchOptions.Stop).
var ErrStopped = errors.New("solve: the board search was stopped")

var errNoMove = errors.New("a player has no legal move while a valued tile is still open")

// ab is fail-soft alpha-beta on the working state; Black maximizes.
func (s *searcher) ab(alpha, beta int64, depth int) (int64, error) {
	s.nodes++
	s.total++
	// The budget counts the reckoning's life-and-death nodes too, so
	// that it bounds the work whatever the ends cost.
	if s.nodes+int(s.rk.Nodes()-s.rkStart) > s.maxNodes {
		return 0, mgo.BudgetErrorf("the board search passed %d nodes (its own and the reckoning's)", s.maxNodes)
	}
	if s.progress != nil && s.total%200_000 == 0 {
		s.progress(fmt.Sprintf("board search: %d nodes", s.total))
	}
	if s.stop != nil && s.total&1023 == 1 && s.stop.Load() { // the first node too: a stop set before the search ends it at once
		return 0, ErrStopped
	}
	if s.passes >= 2 {
		return s.terminal(alpha, beta)
	}
	key := s.key()
	if d, on := s.path[key]; on {
		s.endless++
		s.minRep = min(s.minRep, d)
		if s.pessimistic {
			return searchBig, nil
		}
		return -searchBig, nil
	}
	kn := s.known(key, alpha, beta)
	if kn.hasOwn {
		s.met(kn.own)
	}
	if kn.hasOther {
		s.met(kn.other)
	}
	if kn.done {
		return kn.v, nil
	}
	alpha, beta = kn.alpha, kn.beta
	found, e := kn.hasOwn, kn.own
	moves, due, err := s.moves(found, e.best, depth, true, true)
	if err != nil {
		return 0, err
	}
	if !s.noPrune {
		if v, ok := s.childCutoff(moves, alpha, beta, depth); ok {
			return v, nil
		}
	}
	if due {
		// The transposition cutoffs failed: the moves are searched, so
		// the pass-alive territory is found now, and the moves in it
		// dropped.
		safe := s.safeTerritory()
		s.safeAt[depth] = safe
		moves = slices.DeleteFunc(moves, func(m smove) bool { return m.kind == 0 && safe[m.p] })
	}
	if len(moves) == 0 {
		return 0, errNoMove
	}
	s.path[key] = depth
	outerRep, outerKo := s.minRep, s.koSeen
	s.minRep, s.koSeen = 1<<30, false
	doubtBefore, unsureBefore := s.endless+s.unsure, s.unsure
	defer func() {
		s.minRep = min(s.minRep, outerRep)
		s.koSeen = s.koSeen || outerKo
	}()
	black := s.toMove == board.Black
	best, bestAt := searchInf, -1
	if black {
		best = -searchInf
	}
	a, bt := alpha, beta
	for i, m := range moves {
		u, ok := s.play(m)
		if !ok {
			continue
		}
		v, err := s.ab(a, bt, depth+1)
		s.unplay(m, u)
		if err != nil {
			delete(s.path, key)
			return 0, err
		}
		if black {
			if v > best {
				best, bestAt = v, i
			}
			a = max(a, v)
		} else {
			if v < best {
				best, bestAt = v, i
			}
			bt = min(bt, v)
		}
		if a >= bt {
			if m.kind == 0 {
				s.cutoff(m.p, depth)
			}
			break
		}
	}
	delete(s.path, key)
	if bestAt < 0 {
		return 0, errNoMove
	}
	if s.minRep >= depth { // no repetition below went back above this state: the value is its own
		ne := ttEntry{lo: -searchInf, hi: searchInf, best: int16(moves[bestAt].order)}
		if found {
			ne.lo, ne.hi, ne.below = e.lo, e.hi, e.below
		}
		if s.endless+s.unsure > doubtBefore {
			ne.below |= belowEndless
		}
		if s.unsure > unsureBefore {
			ne.below |= belowUnsure
		}
		if s.koSeen {
			ne.below |= belowKo
		}
		rel := best - s.caps
		switch {
		case best <= alpha:
			ne.hi = min(ne.hi, rel)
		case best >= beta:
			ne.lo = max(ne.lo, rel)
		default:
			ne.lo, ne.hi = rel, rel
		}
		s.tt.put(key, ne)
	}
	return best, nil
}

// childCutoff asks about the moves' positions before any is searched
// (enhanced transposition cutoffs) what each move's own search would ask
// first: the table, the other pessimism's table, the static bound. When
// one of them already refutes the window (a move of Black's worth at
// least beta, of White's at most alpha), that value is returned, as
// searching that move first would return it, and what the entries met is
// told to the search as that visit would. Ends, and positions of the
// search path, are left to the search.
func (s *searcher) childCutoff(moves []smove, alpha, beta int64, depth int) (int64, bool) {
	black := s.toMove == board.Black
	mover := s.toMove
	koSeen, koEver := s.koSeen, s.koEver
	var parent []uint64
	if s.bensonApplies() {
		for len(s.aliveAt) <= depth {
			s.aliveAt = append(s.aliveAt, nil)
		}
		s.aliveAt[depth] = append(s.aliveAt[depth][:0], s.passAlive()...)
		parent = s.aliveAt[depth]
	}
	// The moves' board bounds are found from the parent's (childBound)
	// under Japanese counting, and under Chinese counting where the
	// parent's pass-alive stones are anchored (a child's bound found with
	// them, inherit): its anchored stones, kept apart since each bound
	// found on the board overwrites them.
	var up, down int64
	incremental := s.g.counting == rules.Japanese || parent != nil
	if incremental {
		up, down = s.boardBoundUncached(parent)
		for len(s.anchoredAt) <= depth {
			s.anchoredAt = append(s.anchoredAt, nil)
		}
		s.anchoredAt[depth] = append(s.anchoredAt[depth][:0], s.anchored...)
	}
	for _, m := range moves {
		var pris int
		if parent != nil || incremental {
			pris = s.b.Prisoners(board.Black) + s.b.Prisoners(board.White)
		}
		var next boardBoundValue
		nextOK := false
		if incremental && m.kind == 0 {
			next, nextOK = s.childBound(up, down, s.anchoredAt[depth], m.p, mover)
		}
		u, ok := s.play(m)
		if !ok {
			s.koSeen, s.koEver = koSeen, koEver
			continue
		}
		var kn knownValue
		if s.passes < 2 {
			if k := s.key(); !s.onPath(k) {
				// A stone that captures nothing and whose block has not
				// two vital regions makes no new pass-alive block of
				// the mover's (MayBePassAlive) in most positions: its
				// position's bound anchors what the parent's pass-alive
				// stones prove (inherit), without a Benson analysis.
				captured := s.b.Prisoners(board.Black)+s.b.Prisoners(board.White) != pris
				probe := parent != nil && m.kind == 0 && !captured && !life.MayBePassAlive(s.b, m.p, nil)
				if probe {
					s.probe = s.inherit(parent, m, mover)
				}
				if nextOK && !captured && (parent == nil || probe) {
					s.next = next
				}
				kn = s.known(k, alpha, beta)
				s.probe, s.next = nil, boardBoundValue{}
			}
		}
		s.unplay(m, u)
		s.koSeen, s.koEver = koSeen, koEver
		if kn.done && (black && kn.v >= beta || !black && kn.v <= alpha) {
			if kn.hasOwn {
				s.met(kn.own)
			}
			if kn.hasOther {
				s.met(kn.other)
			}
			if m.kind == 0 {
				s.cutoff(m.p, depth)
			}
			return kn.v, true
		}
	}
	return 0, false
}

// knownValue is what known finds out about a state's value.
type knownValue struct {
	v                int64 // the value to return, when done
	done             bool
	alpha, beta      int64 // the window narrowed by the bounds found, when not done
	own, other       ttEntry
	hasOwn, hasOther bool // the entries used (their flags are for met)
}

// known asks what is known of the working state's value (key) in the
// window (alpha, beta) before any of its moves is searched: the table,
// then the other pessimism's table, then (unless NoPruning) the static
// bound. The caller tells the search what the entries used met (met).
func (s *searcher) known(key uint64, alpha, beta int64) (kn knownValue) {
	if e, found := s.tt.get(key); found {
		kn.own, kn.hasOwn = e, true
		lo, hi := e.lo+s.caps, e.hi+s.caps
		if v, ok := decides(lo, hi, alpha, beta); ok {
			kn.v, kn.done = v, true
			return kn
		}
		if lo == hi { // an exact entry answers any window
			kn.v, kn.done = lo, true
			return kn
		}
		alpha, beta = max(alpha, lo), min(beta, hi)
	}
	if lo, hi, e, ok := s.otherEntry(key); ok {
		kn.other, kn.hasOther = e, true
		if v, ok := decides(lo, hi, alpha, beta); ok {
			kn.v, kn.done = v, true
			return kn
		}
		alpha, beta = max(alpha, lo), min(beta, hi)
	}
	if !s.noPrune {
		if lo, hi, ok := s.staticBound(); ok {
			if v, ok := decides(lo, hi, alpha, beta); ok {
				kn.v, kn.done = v, true
				return kn
			}
		}
	}
	kn.alpha, kn.beta = alpha, beta
	return kn
}

// decides returns the value a state whose value lies in [lo, hi] gives
// the window (alpha, beta) without a search: lo when it is at least
// beta, hi when it is at most alpha.
func decides(lo, hi, alpha, beta int64) (int64, bool) {
	switch {
	case lo >= beta:
		return lo, true
	case hi <= alpha:
		return hi, true
	}
	return 0, false
}

// onPath reports whether the state with this key is on the search path.
func (s *searcher) onPath(key uint64) bool {
	_, on := s.path[key]
	return on
}

// met reports to the search what the table entry e met below its state,
// as the search itself would have met it there.
func (s *searcher) met(e ttEntry) {
	if e.below&belowEndless != 0 {
		s.endless++
	}
	if e.below&belowUnsure != 0 {
		s.unsure++
		s.undecided++
	}
	if e.below&belowKo != 0 {
		s.koSeen, s.koEver = true, true
	}
}

// otherEntry returns what the table of the other pessimism (same
// settings otherwise) proves about the working state's value in this
// search, if anything. Let O and P be the values the two searches
// compute (endless lines and undecided ends against Black in O, for
// Black in P; O <= T <= P for the true score T, the static cuts
// included, as the package comment argues). A lower bound O's table
// holds is at most T (a Black strategy whose ends are O's, at most T's),
// so at most P; an upper bound P's table holds is at least T, so at least
// O. An entry whose subtree met no endless line and no undecided end
// bounds T both ways, so it serves either search whole. The entry is
// returned for met, which the caller calls if it uses the bounds.
func (s *searcher) otherEntry(key uint64) (lo, hi int64, e ttEntry, ok bool) {
	if s.other == nil {
		return 0, 0, e, false
	}
	e, found := s.other.get(key)
	if !found {
		return 0, 0, e, false
	}
	lo, hi = e.lo, e.hi
	if e.below&belowEndless != 0 {
		if s.pessimistic {
			hi = searchInf
		} else {
			lo = -searchInf
		}
	}
	if lo == -searchInf && hi == searchInf {
		return 0, 0, e, false
	}
	if lo > -searchInf {
		lo += s.caps
	}
	if hi < searchInf {
		hi += s.caps
	}
	return lo, hi, e, true
}

// terminal scores the end of a game on the working state (fail-soft:
// a bound outside the window (alpha, beta) when the reckoning without
// life-and-death search already gives one).
func (s *searcher) terminal(alpha, beta int64) (int64, error) {
	v := s.g.constant + s.caps
	for _, l := range s.locals {
		n, ok := scaledNumber(localValue(l, s.g.counting))
		if !ok {
			return 0, fmt.Errorf("tile %s ended the game with a value that is not a number", l.ID())
		}
		v += n
	}
	if s.g.counting == rules.Japanese {
		if _, found := s.reck[s.b.Hash()]; !found {
			if lo, hi, ok := s.reckonCheap(); ok {
				if x := v + int64(hi)*searchScale; x <= alpha {
					return x, nil
				}
				if x := v + int64(lo)*searchScale; x >= beta {
					return x, nil
				}
			}
		}
	}
	lo, hi, ok := s.reckonRegion()
	if !ok {
		return 0, errors.New("the region's end could not be reckoned")
	}
	x := lo
	if lo != hi {
		s.unsure++
		s.undecided++
		if s.pessimistic {
			x = hi
		}
	}
	return v + int64(x)*searchScale, nil
}

// moves lists the moves of the working state, best first. A move's
// order is its place among every move the state could have (a stone's,
// its point's place in the region), whatever moves are pruned, so that the
// table's best move names the same move on every path to the state. With
// deferSafe, where the pass-alive territory is due to be found anew
// (every few plies, after captures) the parent's serves in its place and
// due reports it: the caller (ab) finds it, and drops the moves inside it,
// only once its transposition cutoffs have failed. The parent's is never
// larger (see below), so the list then holds every move the fresh one
// would leave, and a few more.
//
// With alike, of the valued tiles' moves whose positions are one state
// the list keeps one, the first (or the table's move): two moves lead to
// one state when each changes the sum of the tiles' keys by the same
// amount (a move in one of two dames, or in one of two tiles in the same
// position to the same position), the board being the same after either
// (a tile's move is a pass on the board). The table already takes those
// positions for one state (key); their searches are the same search, and
// the second's value is the first's, so it can change no bound. Where the
// table cannot keep a value (below a repetition of the search path, which
// a ko brings), each such move was searched anew: k dames cost k
// searches of the same sum at every node. The lists of every optimal
// move (Optimal, keeper) still name each move; NoPruning keeps them all.
func (s *searcher) moves(haveBest bool, best int16, depth int, deferSafe, alike bool) (_ []smove, due bool, _ error) {
	c := s.toMove
	for len(s.mbuf) <= depth {
		s.mbuf = append(s.mbuf, nil)
	}
	out := s.mbuf[depth][:0] // the list of depth d is in use only while the state of depth d is
	defer func() { s.mbuf[depth] = out[:0] }()
	last, _, hasLast := s.b.LastMove()
	// Pass-alive territory only grows along a line (no move is searched
	// inside it, and no other move can undo it): the parent's serves,
	// recomputed every few plies and after captures.
	if depth >= len(s.safeAt) {
		s.safeAt = append(s.safeAt, make([][]bool, depth+1-len(s.safeAt))...)
	}
	var safe []bool
	due = depth == 0 || depth%safeEvery == 0 || s.b.Prisoners(board.Black)+s.b.Prisoners(board.White) != s.safePris[depth-1]
	if due && (!deferSafe || depth == 0) {
		safe, due = s.safeTerritory(), false
	} else {
		safe = s.safeAt[depth-1]
	}
	s.safeAt[depth] = safe
	if depth >= len(s.safePris) {
		s.safePris = append(s.safePris, make([]int, depth+1-len(s.safePris))...)
	}
	s.safePris[depth] = s.b.Prisoners(board.Black) + s.b.Prisoners(board.White)
	for i, p := range s.g.region.Points {
		if s.b.At(p) != board.Empty || !s.b.Legal(p, c) || (!s.noPrune && (safe[p] || s.ownEye(p, c))) {
			continue
		}
		out = append(out, smove{kind: 0, p: p, order: i})
	}
	order := len(s.g.region.Points)
	settled := true
	alike = alike && !s.noPrune
	seen, seenAt := s.alikeBuf[:0], s.alikeAt[:0] // with alike: the key changes kept, and their moves' places in out
	for i := range s.locals {
		if s.slot(i).number {
			if !s.withNumbers {
				continue
			}
		} else {
			settled = false
		}
		ms, err := s.slotMoves(i, c)
		if err != nil {
			return nil, false, err
		}
		deltas := s.slot(i).deltas[c]
		for j, m := range ms {
			sm := smove{kind: 1, p: m.Point, tile: i, next: m.Next, order: order}
			order++
			if alike {
				if k := slices.Index(seen, deltas[j]); k >= 0 {
					if haveBest && int(best) == sm.order {
						out[seenAt[k]] = sm
					}
					continue
				}
				seen, seenAt = append(seen, deltas[j]), append(seenAt, len(out))
			}
			out = append(out, sm)
		}
	}
	s.alikeBuf, s.alikeAt = seen[:0], seenAt[:0]
	if s.passes == 0 || settled {
		out = append(out, smove{kind: 2, p: board.Pass, order: order})
	}
	// Order: the table's move, a pass that ends the game, captures and
	// ataris, points next to the last move, hot tiles, the rest.
	for i, m := range out {
		var x int64
		switch m.kind {
		case 0:
			x = s.urgency(m.p, c)
			if hasLast && last != board.Pass {
				for _, q := range s.b.Neighbors(m.p) {
					if q == last {
						x += 50
					}
				}
			}
			if depth < len(s.killers) {
				if k := s.killers[depth]; k[0] == m.p {
					x += killerWeight
				} else if k[1] == m.p {
					x += killerWeight / 2
				}
			}
		case 1:
			x = s.slot(m.tile).pri
		case 2:
			if s.passes == 1 {
				x = 10_000
			} else {
				x = -10_000
			}
		}
		if haveBest && int(best) == m.order {
			x = 1 << 40
		}
		out[i].pri = x
	}
	// Ties keep the list's order, which is the moves' order field's
	// (increasing as the list was built): an unstable sort on both is
	// the stable sort on the priority alone, and cheaper.
	slices.SortFunc(out, func(a, b smove) int {
		switch {
		case a.pri > b.pri:
			return -1
		case a.pri < b.pri:
			return 1
		}
		return a.order - b.order
	})
	return out, due, nil
}

// safeTerritory marks the points of the working board that lie in
// either colour's pass-alive territory (life.BensonAnchored, the walls
// anchors): no move there is searched. Such a move captures nothing
// outside the region (it is bounded by blocks that cannot be captured),
// makes no living group, and changes no count (Chinese) or costs its
// player a point (Japanese); it acts on the ko ban as a pass does, and a
// pass is always among the moves (the argument of realgo's pruning, which
// its tests check at the root of random endgames).
func (s *searcher) safeTerritory() []bool {
	h := s.b.Hash()
	if m, ok := s.safe[h]; ok {
		return m
	}
	_, safe := life.BensonAnchored(s.b, s.immortal)
	m := make([]bool, s.b.Size())
	for p := range m {
		m[p] = safe[board.Black][p] || safe[board.White][p]
	}
	// A safe region that holds stones (the other colour's, dead there) is
	// searched all the same: the reckoning removes only the stones in
	// pass-alive territory as it defines it (at most one point of the
	// region away from the walls), which need not hold here, and the
	// owner may have to capture the rest in play (under area counting).
	seen := make([]bool, len(m))
	for p0 := range m {
		if !m[p0] || seen[p0] {
			continue
		}
		comp, stones := []board.Point{board.Point(p0)}, false
		seen[p0] = true
		for i := 0; i < len(comp); i++ {
			p := comp[i]
			stones = stones || s.b.At(p) != board.Empty
			for _, q := range s.b.Neighbors(p) {
				if m[q] && !seen[q] {
					seen[q] = true
					comp = append(comp, q)
				}
			}
		}
		if stones {
			for _, p := range comp {
				m[p] = false
			}
		}
	}
	if len(s.safe) > 1<<20 {
		clear(s.safe)
	}
	s.safe[h] = m
	return m
}

// urgency scores a stone at p for c: captures first, then ataris and
// escapes from atari.
func (s *searcher) urgency(p board.Point, c board.Color) int64 {
	var x int64
	for _, q := range s.b.Neighbors(p) {
		switch s.b.At(q) {
		case c.Opponent():
			switch s.b.LibertiesUpTo(q, 3) {
			case 1:
				x += 1000
			case 2:
				x += 100
			}
		case c:
			if s.b.LibertiesUpTo(q, 2) == 1 {
				x += 500
			}
		}
	}
	return x
}

// ownEye reports that p is c's one-point eye: every neighbour a stone of
// one block of c that has another liberty. Filling it connects nothing
// and captures nothing; it only takes a liberty (and a point of eye
// space) from its own block.
func (s *searcher) ownEye(p board.Point, c board.Color) bool {
	first := board.Pass
	for _, q := range s.b.Neighbors(p) {
		if s.b.At(q) != c {
			return false
		}
		if first == board.Pass {
			if s.b.LibertiesUpTo(q, 2) < 2 {
				return false
			}
			first = q
		} else if !s.b.SameBlock(first, q) {
			return false
		}
	}
	return true
}

// undoState is what play changed and unplay restores.
type undoState struct {
	caps   int64
	passes int
	toMove board.Color
	old    *tiles.Local // the valued tile's position before a move in it
}

// play plays m on the working state (false if it is illegal, the state
// unchanged); unplay(m, u) takes it back.
func (s *searcher) play(m smove) (u undoState, ok bool) {
	c := s.toMove
	u = undoState{caps: s.caps, passes: s.passes, toMove: c}
	switch m.kind {
	case 0:
		captured, err := s.b.Play(m.p, c)
		if err != nil {
			return u, false
		}
		if s.g.counting == rules.Japanese {
			s.caps += int64(sign(c)) * int64(captured) * searchScale
		}
		if s.b.KoPoint() != board.Pass {
			s.koSeen, s.koEver = true, true
		}
		s.passes = 0
	case 1:
		if _, err := s.b.Play(board.Pass, c); err != nil { // a move elsewhere lifts the ban
			return u, false
		}
		u.old = s.locals[m.tile]
		s.locals[m.tile] = m.next
		s.passes = 0
	case 2:
		if _, err := s.b.Play(board.Pass, c); err != nil {
			return u, false
		}
		s.passes++
	}
	s.toMove = c.Opponent()
	return u, true
}

// unplay takes back move m, which play made and reported as u.
func (s *searcher) unplay(m smove, u undoState) {
	s.b.Undo()
	if m.kind == 1 {
		s.locals[m.tile] = u.old
	}
	s.caps, s.passes, s.toMove = u.caps, u.passes, u.toMove
}

// describeRegion names a region's tiles and size for messages.
func describeRegion(r *SearchRegion) string {
	return fmt.Sprintf("tile %s (%d points)", strings.Join(r.Tiles, ", "), len(r.Points))
}

// killerWeight orders a killer move (one that refuted a sibling) before
// captures (on Spight's problem, with a weight below the captures', the
// first score took three times the nodes).
const killerWeight = 5000

// maxPV bounds the length of a principal variation.
const maxPV = 40

// principal returns a principal variation from node n: moves each of
// which keeps n's exact score (so every node of the line has it), until
// the game ends, maxPV moves, or a score cannot be proven within the
// budget (the line found so far).
func (g *boardSearchGame) principal(n *searchNode) []Option {
	v, err := n.Value()
	if err != nil {
		return nil
	}
	x, ok := scaled(v.Lo)
	if !ok {
		return nil
	}
	var pv []Option
	for len(pv) < maxPV && !n.Done() {
		o, ok := g.s.keeper(n, x)
		if !ok {
			break
		}
		pv = append(pv, o)
		n = o.Next.(*searchNode)
	}
	return pv
}

// keeper returns an option of node n whose score is n's score v (search
// units), the table's move tried first. A child is proven to keep v by
// one null-window search: at least v after Black's move, with endless
// lines lost for Black, at most v after White's, with them lost for White
// (a child's score never passes n's, so that is equality).
func (s *searcher) keeper(n *searchNode, v int64) (Option, bool) {
	opts, err := n.Options()
	if err != nil {
		return Option{}, false
	}
	s.load(n)
	e, found := s.tt.get(s.key())
	order := make([]int, 0, len(opts))
	if found && e.best >= 0 {
		// the table's move, by its place in the searcher's move list
		if ms, _, err := s.moves(false, -1, 0, false, false); err == nil {
			for _, m := range ms {
				if int(e.best) != m.order {
					continue
				}
				for i, o := range opts {
					if (m.kind == 2 && o.Move.IsPass()) || (m.kind == 0 && !o.Short && o.Move.Point == m.p) ||
						(m.kind == 1 && o.Short && o.Move.Tile == s.g.ids[m.tile] && o.Move.Point == m.p) {
						order = append(order, i)
					}
				}
			}
		}
	}
	for i := range opts {
		if !slices.Contains(order, i) {
			order = append(order, i)
		}
	}
	black := n.toMove == board.Black
	for _, i := range order {
		child := opts[i].Next.(*searchNode)
		if child.Done() {
			sc, err := child.Value()
			if err == nil && sc.Exact() {
				if x, ok := scaled(sc.Lo); ok && x == v {
					return opts[i], true
				}
			}
			continue
		}
		if ok, err := s.keeps(child, v, black); err == nil && ok {
			return opts[i], true
		}
	}
	return Option{}, false
}

// keeps reports whether node n's score is at least v (atLeast) or at most
// v (otherwise), proven by a null-window search (nullWindow) whose endless
// lines are lost for the side the bound is about.
func (s *searcher) keeps(n *searchNode, v int64, atLeast bool) (bool, error) {
	ok, err := s.keepsOnce(n, v, atLeast)
	if ok || err != nil || s.unsure == 0 {
		return ok, err
	}
	return s.fullReckoning(func() (bool, error) { return s.keepsOnce(n, v, atLeast) })
}

// reckTier is a reckoning with a larger budget per question than the
// searcher's own, its reckoned ends and the tables of the searches that
// rest on it (a table's bounds hold for the reckoning it was made with:
// the other tiers keep theirs).
type reckTier struct {
	nodes int64 // per question
	rk    *realgo.Reckoner
	reck  map[uint64][2]int
	tts   [4]*ttTable
}

// withTier runs ask with tier t's reckoning, ends and tables in place of
// the searcher's own.
func (s *searcher) withTier(t *reckTier, ask func() error) error {
	if t.rk == nil {
		rk, err := realgo.NewReckoner(s.b.Cols(), s.b.Rows(), t.nodes, 0)
		if err != nil {
			return err
		}
		rk.AssumeAlive(s.immortal)
		t.rk = rk
		if t.reck == nil { // a fork's is a copy of its parent's
			t.reck = map[uint64][2]int{}
		}
	}
	rk, reck, tts := s.rk, s.reck, s.tts
	s.rk, s.reck, s.tts = t.rk, t.reck, t.tts
	defer func() {
		t.reck, t.tts = s.reck, s.tts
		s.rk, s.reck, s.tts = rk, reck, tts
	}()
	return ask()
}

// fullReckoning asks a move question again when ends whose statuses the
// reckoning left undecided within searchReckonNodes kept it from being
// answered: with the reckoning's full budget per question (reckonNodes),
// and tables and reckoned ends of its own (the others rest on the
// smaller budget).
func (s *searcher) fullReckoning(ask func() (bool, error)) (bool, error) {
	var ok bool
	err := s.withTier(&s.full, func() (err error) {
		ok, err = ask()
		return err
	})
	return ok, err
}

// keepsOnce is keeps with the searcher's reckoning as it is.
func (s *searcher) keepsOnce(n *searchNode, v int64, atLeast bool) (bool, error) {
	if atLeast {
		r, err := s.nullWindow(n, v, false)
		return err == nil && r >= v, err
	}
	r, err := s.nullWindow(n, v+1, true)
	return err == nil && r <= v, err
}

// permanentStones marks, by colour, the immortal stones (walls) that no
// move of the region can capture: those of blocks with a liberty outside
// the region. The reckoning assumes every wall alive; a wall whose every
// liberty lies in the region could still be captured in play, and then
// its point holds no stone.
func permanentStones(b *board.Board, immortal, inR []bool) []board.Color {
	out := make([]board.Color, b.Size())
	seen := make([]bool, b.Size())
	for p0 := range b.Size() {
		if seen[p0] || !immortal[p0] || b.At(board.Point(p0)) == board.Empty {
			continue
		}
		blk := b.Block(board.Point(p0))
		outside := false
		for _, p := range blk {
			seen[p] = true
			for _, q := range b.Neighbors(p) {
				outside = outside || (b.At(q) == board.Empty && !inR[q])
			}
		}
		if !outside {
			continue
		}
		for _, p := range blk {
			if immortal[p] {
				out[p] = b.At(p)
			}
		}
	}
	return out
}

// staticBound bounds the value of the working state without a search.
// The upper bound is the score White guarantees by a simple strategy:
// pass after Black's moves in the region, answer Black's moves in a
// valued tile in that tile (or pass, whichever is better there), and,
// when a pass is not allowed (after Black's pass with a valued tile not
// yet a number), move in such a tile; the lower bound is Black's likewise.
// Best play can only do better for the player who follows it, so the
// state's value lies between them. A valued tile that is a number and
// has no move in the search counts its number; any other valued tile
// (one that is not a number yet, or with the moves of the number tiles
// played) counts what that strategy keeps it to there (answerBound): its
// moves and the other side's alternate within the tile, as they do under
// the strategy whatever is played elsewhere, so the tiles' bounds add up.
// A move in a valued tile leaves the region alone, as a pass does (it
// lifts the ko ban), so what follows holds with such moves in place of
// passes; the valued tiles' moves are finitely many (their graphs have
// no cycle), so those lines end too.
//
// While White passes, Black only adds stones to the region (suicide is
// illegal and no Black stone is ever captured) and captures White stones
// of the region that are there now: no line repeats, and the game ends.
// A White stone of the region joined to a permanent wall (a wall with a
// liberty outside the region, which no move of the region takes) is never
// captured and lives at the end, as the wall does; call both anchored.
// At the end the count of the region, whatever statuses the other blocks
// get, is at most, point by point:
//   - 0 for a point holding a Black stone (alive it scores nothing; dead,
//     it gives White a prisoner and its point at most one back);
//   - 0 for an anchored White stone, and for an empty point next to one:
//     its empty region touches a living White stone, so it is no Black
//     territory;
//   - 1 for any other empty point (Black territory at most);
//   - 2 for a White stone that is not anchored (captured in play or dead
//     at the end: a prisoner, and its point at most one more), or 1 when
//     it is next to an anchored White stone.
//
// The first two rules are what matter: under Japanese counting an
// invader's stones score nothing, so a captured group's area inside
// living walls is worth at most its interior points to the invader, and
// the search need not refute every invasion of it to the end of the game.
//
// Under Chinese counting the count of the region at the end is, point by
// point, at most -1 for a point that is surely White's (surely: an
// anchored White stone, or an empty point all of whose neighbours are
// anchored White stones, where Black can never play) and 1 for any other
// (a Black stone that lives, or Black's area). That bound is weak where
// White's territories are large, but it is exact at the end of a game
// whose territories are single eyes, and there it spares the search the
// last dame of every line: on Spight's problem it made the Chinese score
// with Black first exact (21, which the search without it could not
// reach in 30 million nodes), and it cut the board-search set's nodes by
// a third.
func (s *searcher) staticBound() (lo, hi int64, ok bool) {
	v := s.g.constant + s.caps
	vlo, vhi := v, v
	mean, hot, thermo := v, int64(0), true
	for i, l := range s.locals {
		sl := s.slot(i)
		mean, hot, thermo = mean+sl.mean, max(hot, sl.temp), thermo && sl.thermo
		if !s.withNumbers && sl.numOK {
			vlo, vhi = vlo+sl.num, vhi+sl.num
			continue
		}
		if !sl.bounded {
			sl.lo, sl.hi, sl.bound = s.answerBound(l)
			sl.bounded = true
		}
		if !sl.bound {
			return 0, 0, false
		}
		vlo, vhi = vlo+sl.lo, vhi+sl.hi
	}
	if thermo {
		vlo, vhi = max(vlo, mean-hot), min(vhi, mean+hot)
	}
	up, down := s.boardBound()
	return vlo - down*searchScale, vhi + up*searchScale, true
}

// meanTemp returns the mean and the temperature (at least 0) of a valued
// tile's value in search units, remembered by its game (localKey); fine
// is false when either is finer than the unit.
//
// They give the static bound a second bound on the valued tiles, besides
// answerBound's: the sum S of their values scores LS(S) with Black first
// and RS(S) with White first (its stops: the short sum's scores), and a
// stop lies within the temperature of the mean (a thermograph's walls
// move from the stops to the mast with slopes of at most 1), the mean of
// a sum being the sum of the means and its temperature at most the
// largest of theirs. White playing S's optimal strategy (a move of Black
// in the region counting as a pass in S, answered there; White's moves in
// S lifting the ban, as passes in the region do) keeps S to LS(S) and the
// region to what it keeps by passing; Black likewise. A number tile whose
// moves the search does not play is its number, its own mean.
func (s *searcher) meanTemp(l *tiles.Local) (mean, temp int64, fine bool) {
	k := s.localKey(l)
	e, ok := s.thermoMemo[k]
	if !ok {
		g := localValue(l, s.g.counting)
		m, okM := scaled(g.Mean())
		t, okT := scaled(g.Temperature())
		e = thermoEntry{mean: m, temp: max(t, 0), fine: okM && okT}
		s.thermoMemo[k] = e
	}
	return e.mean, e.temp, e.fine
}

// thermoEntry is what meanTemp found for a valued tile's game.
type thermoEntry struct {
	mean, temp int64
	fine       bool
}

// reachBudget bounds the valued tiles' positions one searcher visits to
// bound what they can end at (answerBound); past it a tile has no such
// bound, and the static bound is not used while the tile has a move.
const reachBudget = 1 << 16

// answerEntry is what answerBound found for a valued tile's position X
// (search units). For the upper bound, White answering in the tile:
// black is the most Black gets there with Black to act (to move in the
// tile or leave it as it is), answered the most with White to answer a
// Black move that made X (by a move in the tile or a pass); for the lower
// bound, Black answering: white and answeredW likewise.
type answerEntry struct {
	black, answered  int64
	white, answeredW int64
	ok               bool
	working          bool // on the stack of the walk: met again, a cycle
}

// answerBound returns the least and the greatest number (search units)
// a valued tile's value ends at from position l under the answering
// strategies of staticBound. With White answering, Black to act at X:
//
//	black(X)    = max(stop(X), max over Black's moves X->L of answered(L))
//	answered(X) = min(black(X), min over White's moves X->R of black(R))
//	stop(X)     = X when X is a number, else min over White's moves of black(R)
//
// (Black leaves a tile that is not a number only until White must move
// there: the game cannot end before.) The lower bound is the same with
// the colours' roles swapped. Each is a number some line of the tile
// ends at, so it is never wider than the least and greatest numbers
// reachable. ok is false when a position that is not a number lacks a
// move for either side, when a number is finer than the search's unit,
// on a cycle, or past reachBudget positions.
func (s *searcher) answerBound(l *tiles.Local) (lo, hi int64, ok bool) {
	e := s.answerWalk(l)
	return e.white, e.black, e.ok
}

// answerWalk computes l's answerEntry, its options' first (answerBound).
func (s *searcher) answerWalk(l *tiles.Local) answerEntry {
	// Remembered by the tile's game (localKey), not by the Local: the
	// positions a tile reaches by moves in different orders are one, and
	// a walk of its tree instead of its graph passed the budget on a
	// 7-point tile of a real game.
	k := s.localKey(l)
	if e, found := s.reachMemo[k]; found {
		if e.working {
			return answerEntry{}
		}
		return e
	}
	if s.reachWork >= reachBudget {
		return answerEntry{}
	}
	s.reachWork++
	s.reachMemo[k] = answerEntry{working: true}
	fail := answerEntry{}
	val := localValue(l, s.g.counting)
	number := val.IsNumber()
	var x int64
	if number {
		var fine bool
		if x, fine = scaledNumber(val); !fine {
			s.reachMemo[k] = fail
			return fail
		}
	}
	var opts [3][]answerEntry // by colour: the options' entries
	for _, c := range []board.Color{board.Black, board.White} {
		ms, err := s.localMoves(l, c)
		if err != nil || (!number && len(ms) == 0) {
			s.reachMemo[k] = fail
			return fail
		}
		for _, m := range ms {
			o := s.answerWalk(m.Next)
			if !o.ok {
				s.reachMemo[k] = fail
				return fail
			}
			opts[c] = append(opts[c], o)
		}
	}
	// White answering (the upper bound).
	stopHi, stopLo := x, x
	if !number {
		stopHi, stopLo = searchInf, -searchInf
		for _, o := range opts[board.White] {
			stopHi = min(stopHi, o.black)
		}
		for _, o := range opts[board.Black] {
			stopLo = max(stopLo, o.white)
		}
	}
	e := answerEntry{ok: true, black: stopHi, white: stopLo}
	for _, o := range opts[board.Black] {
		e.black = max(e.black, o.answered)
	}
	for _, o := range opts[board.White] {
		e.white = min(e.white, o.answeredW)
	}
	e.answered, e.answeredW = e.black, e.white
	for _, o := range opts[board.White] {
		e.answered = min(e.answered, o.black)
	}
	for _, o := range opts[board.Black] {
		e.answeredW = max(e.answeredW, o.white)
	}
	s.reachMemo[k] = e
	return e
}

// boundEntry is a slot of staticBound's cache: a board's hash and the
// points its region can gain for each colour (boardBound).
type boundEntry struct {
	hash     uint64
	up, down int32
	ok       bool
}

// boundCacheBits sizes staticBound's direct-mapped cache (slots by the
// board's hash): the transposition cutoffs ask about every move's
// position before the search visits it, so most boards are asked twice.
const boundCacheBits = 16

// boardBound returns the points (up for Black, down for White) that the
// working board's region can still gain beyond what staticBound counts
// as kept (Japanese counting), or the most each side's count of the
// region can be (Chinese): the board part of the static bound, a
// function of the board alone, remembered by its hash.
func (s *searcher) boardBound() (up, down int64) {
	if s.probe != nil {
		// Pass-alive stones inherited from the parent (inherit): a
		// bound of this line, not of the board, not remembered.
		if s.next.ok {
			return s.next.up, s.next.down
		}
		return s.boardBoundUncached(s.probe)
	}
	h := s.b.Hash()
	var alive []uint64
	if s.bensonApplies() {
		alive = s.passAlive()
		h = h*0x9E3779B97F4A7C15 + s.placedHash() + 1
	}
	if s.bounds == nil {
		s.bounds = make([]boundEntry, 1<<boundCacheBits)
	}
	slot := &s.bounds[h&(1<<boundCacheBits-1)]
	if slot.ok && slot.hash == h {
		return int64(slot.up), int64(slot.down)
	}
	if s.next.ok && alive == nil {
		up, down = s.next.up, s.next.down
	} else {
		up, down = s.boardBoundUncached(alive)
	}
	*slot = boundEntry{hash: h, up: int32(up), down: int32(down), ok: true}
	return up, down
}

// boardBoundValue is a board bound (boardBound's up and down), when ok.
type boardBoundValue struct {
	up, down int64
	ok       bool
}

// childBound returns the board bound (boardBound, or under Chinese
// counting boardBoundUncached with the parent's pass-alive stones
// anchored, as inherit gives them) of the position after a stone of
// mover's at p, an empty point, found from the parent's: up and down are
// the parent's, anchored its anchored stones (boardBoundUncached). It
// reports false where that needs the board after the move: p next to an
// anchored stone of mover's (the stone is anchored, with what it joins).
// Otherwise no stone is anchored or loses its anchor (the caller asks
// only when the move captures nothing, and inherit then keeps every
// pass-alive stone), so only p's own term changes. Japanese: an empty
// point counted 1 for each side with no anchored stone next to it, now a
// stone that is not anchored, counted 2 for the other side. Chinese: a
// point counted -1 for a side whose anchored stones are all around it
// (surely), else +1, now a stone that is not anchored, +1 for each side;
// an empty neighbour is surely no one's before and after (p is not
// anchored).
func (s *searcher) childBound(up, down int64, anchored []bool, p board.Point, mover board.Color) (boardBoundValue, bool) {
	if s.permanent[p] != board.Empty {
		return boardBoundValue{}, false
	}
	var nextTo [3]bool
	all := [3]bool{board.Black: true, board.White: true}
	for _, q := range s.b.Neighbors(p) {
		c := s.b.At(q)
		if anchored[q] {
			nextTo[c] = true
		}
		all[board.Black] = all[board.Black] && anchored[q] && c == board.Black
		all[board.White] = all[board.White] && anchored[q] && c == board.White
	}
	if nextTo[mover] {
		return boardBoundValue{}, false
	}
	if s.g.counting == rules.Chinese {
		if all[board.White] {
			up += 2
		}
		if all[board.Black] {
			down += 2
		}
		return boardBoundValue{up: up, down: down, ok: true}, true
	}
	if !nextTo[board.White] {
		up--
	}
	if !nextTo[board.Black] {
		down--
	}
	if mover == board.White {
		up += 2
	} else {
		down += 2
	}
	return boardBoundValue{up: up, down: down, ok: true}, true
}

// boardBoundUncached is boardBound found on the board, with the stones
// marked in alive (a bit per point, may be nil) anchored too.
func (s *searcher) boardBoundUncached(alive []uint64) (up, down int64) {
	b := s.b
	if s.anchored == nil {
		s.anchored = make([]bool, b.Size())
	}
	anch := s.anchored
	// Only the region's points and its rim are read (below, and by
	// surely): a point's neighbours are in one or the other. A region
	// stone is anchored when a chain of region stones of its colour joins
	// it to an anchored stone, and the chain's first link is next to that
	// stone, in the region or on the rim.
	stack := s.stack[:0]
	for _, ps := range [2][]board.Point{s.g.region.Points, s.rim} {
		for _, q := range ps {
			p := int(q)
			anch[p] = s.isPermanent(b, p) || alive != nil && bitAt(alive, p) && b.At(q) != board.Empty
			if anch[p] {
				stack = append(stack, q)
			}
		}
	}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, q := range b.Neighbors(p) {
			if !anch[q] && s.inR[q] && b.At(q) == b.At(p) {
				anch[q] = true
				stack = append(stack, q)
			}
		}
	}
	s.stack = stack
	if s.g.counting == rules.Chinese {
		for _, p := range s.g.region.Points {
			if s.surely(p, board.White) {
				up--
			} else {
				up++
			}
			if s.surely(p, board.Black) {
				down--
			} else {
				down++
			}
		}
		return up, down
	}
	for _, p := range s.g.region.Points {
		c := b.At(p)
		var nextTo [3]bool
		for _, q := range b.Neighbors(p) {
			if anch[q] {
				nextTo[b.At(q)] = true
			}
		}
		switch {
		case c == board.Empty:
			if !nextTo[board.White] {
				up++
			}
			if !nextTo[board.Black] {
				down++
			}
		case anch[p]:
		case c == board.White:
			up += 2
			if nextTo[board.White] {
				up--
			}
		case c == board.Black:
			down += 2
			if nextTo[board.Black] {
				down--
			}
		}
	}
	return up, down
}

// surely reports that point p of the region is c's at the end of every
// game from the working board, under area counting (boardBoundUncached's
// anchored stones marked): an anchored stone of c, or an empty point all
// of whose neighbours are anchored stones of c (the other colour can
// never play there: the move would have no liberty and capture nothing,
// so the point stays empty among c's stones or gets one).
func (s *searcher) surely(p board.Point, c board.Color) bool {
	b, anch := s.b, s.anchored
	switch b.At(p) {
	case c:
		return anch[p]
	case board.Empty:
		for _, q := range b.Neighbors(p) {
			if !anch[q] || b.At(q) != c {
				return false
			}
		}
		return true
	}
	return false
}

// isPermanent reports that point p of board b holds a stone of a
// permanent wall (permanentStones), still there.
func (s *searcher) isPermanent(b *board.Board, p int) bool {
	return s.permanent[p] != board.Empty && b.At(board.Point(p)) == s.permanent[p]
}

// bensonApplies reports whether the static bound anchors the blocks
// pass-alive on the whole board (passAlive), as it does the permanent
// walls: under Chinese counting, where the bound counts a point only when
// it is surely one side's (surely), and while no valued tile can change
// (each is a number played by its number, or there is none), so that the
// whole board is the working board with the valued tiles' stones as they
// stand. A pass-alive block is never captured while its owner passes
// (Benson), whatever the other side plays: it lives at the end, and so do
// the empty points among its stones, as for a permanent wall. Under
// Japanese counting the bound counts an invader's area as nothing
// already, and the analysis costs more than it saves (Spight's Japanese
// scores and moves: 1.71 M nodes in 30.6 s with it, 1.61 M in 11.4 s
// without).
func (s *searcher) bensonApplies() bool {
	if s.g.counting != rules.Chinese || s.noPrune {
		return false
	}
	if s.withNumbers && len(s.locals) > 0 {
		return false
	}
	for _, l := range s.locals {
		if !localValue(l, s.g.counting).IsNumber() {
			return false
		}
	}
	// Early in a line few blocks are pass-alive and the analysis seldom
	// finds one the walls do not anchor already: it is made once at most
	// half of the region's points are empty (Spight's problem with a
	// budget of 10 M nodes: every Chinese score proven in 57 s, where made
	// at every position it took 130 s).
	empty := 0
	for _, p := range s.g.region.Points {
		if s.b.At(p) == board.Empty {
			empty++
		}
	}
	return 2*empty <= len(s.g.region.Points)
}

// placedHash identifies the valued tiles' positions where they lie: the
// stones on each tile's points, tile by tile, for the caches of what the
// whole board's stones decide (passAlive, boardBound), where two alike
// tiles played differently are not the same.
func (s *searcher) placedHash() uint64 {
	var h uint64
	for i, l := range s.locals {
		sl := s.slot(i)
		if sl.placedOK {
			h ^= sl.placed * uint64(2*i+1)
			continue
		}
		k, ok := s.placedCache[l]
		if !ok {
			var mh maphash.Hash
			mh.SetSeed(s.seed)
			fmt.Fprintf(&mh, "%d:", i)
			for _, p := range l.Points() {
				mh.WriteByte(byte(l.At(p)))
			}
			k = mh.Sum64()
			s.placedCache[l] = k
		}
		sl.placed, sl.placedOK = k, true
		h ^= k * uint64(2*i+1)
	}
	return h
}

// localsHash identifies the valued tiles' games (as key mixes them).
func (s *searcher) localsHash() uint64 {
	var h uint64
	for i := range s.locals {
		h += s.slot(i).key
	}
	return h
}

// localSlot is what the searcher knows of a valued tile in the position
// it was last seen in (l): what the maps keyed by position gave for it,
// some of it found only once asked.
type localSlot struct {
	l          *tiles.Local
	key        uint64 // localKey
	mean, temp int64  // meanTemp, fine when thermo
	thermo     bool
	number     bool  // its value is a number,
	num        int64 // in the search's unit when numOK (scaledNumber)
	numOK      bool
	pri        int64 // its moves' place in the move order (moves)
	// Once asked: answerBound (bound its ok, bounded once asked), its
	// part of placedHash, and by colour its moves with each one's change
	// of the tiles' keys (slotMoves).
	lo, hi         int64
	bound, bounded bool
	placed         uint64
	placedOK       bool
	moves          [3][]tiles.LocalMove
	deltas         [3][]uint64
	movesOK        [3]bool
}

// slot returns what is known of valued tile i in its working position:
// a line moves in one tile at a time, so that at each node all but the
// tile last played are where they were, and their entries in the maps
// keyed by position (localKey, meanTemp, answerBound, placedHash) need
// not be looked up again (with forty tiles those lookups were half of a
// search's time).
func (s *searcher) slot(i int) *localSlot {
	l := s.locals[i]
	if len(s.slots) != len(s.locals) {
		s.slots = make([]localSlot, len(s.locals))
	}
	sl := &s.slots[i]
	if sl.l != l {
		*sl = localSlot{l: l, key: s.localKey(l)}
		sl.mean, sl.temp, sl.thermo = s.meanTemp(l)
		v := localValue(l, s.g.counting)
		sl.num, sl.numOK = scaledNumber(v)
		sl.number = v.IsNumber()
		t, _ := v.Temperature().Shift(4).Int64()
		sl.pri = 40 + max(-30, min(t, 1000))
	}
	return sl
}

// slotMoves returns valued tile i's moves for colour c (localMoves).
func (s *searcher) slotMoves(i int, c board.Color) ([]tiles.LocalMove, error) {
	sl := s.slot(i)
	if sl.movesOK[c] {
		return sl.moves[c], nil
	}
	ms, err := s.localMoves(sl.l, c)
	if err != nil {
		return nil, err
	}
	d := make([]uint64, len(ms))
	for j, m := range ms {
		d[j] = s.localKey(m.Next) - sl.key
	}
	sl.moves[c], sl.deltas[c], sl.movesOK[c] = ms, d, true
	return ms, nil
}

// aliveSlot is a slot of passAlive's cache: a whole board's key and its
// pass-alive stones, a bit per point.
type aliveSlot struct {
	key  uint64
	ok   bool
	bits []uint64
}

// aliveCacheBits sizes passAlive's direct-mapped cache.
const aliveCacheBits = 15

// bitAt reports bit p of a bit set.
func bitAt(bits []uint64, p int) bool { return bits[p>>6]&(1<<(p&63)) != 0 }

// passAlive returns the stones pass-alive on the whole board
// (bensonApplies): Benson's analysis with the permanent walls as anchors,
// a bit per point, remembered by the board's and the valued tiles' key.
// The caller must not change the bits.
func (s *searcher) passAlive() []uint64 {
	key := s.b.Hash()*0x9E3779B97F4A7C15 + s.placedHash()
	if s.aliveCache == nil {
		s.aliveCache = make([]aliveSlot, 1<<aliveCacheBits)
	}
	slot := &s.aliveCache[key&(1<<aliveCacheBits-1)]
	if slot.ok && slot.key == key {
		return slot.bits
	}
	b := s.b
	s.whole = b.CloneInto(s.whole)
	for _, l := range s.locals {
		for _, p := range l.Points() {
			if s.whole.At(p) != l.At(p) {
				s.whole.Setup(p, l.At(p))
			}
		}
	}
	if len(s.anchorBuf) != b.Size() {
		s.anchorBuf = make([]bool, b.Size())
	}
	for p := range s.anchorBuf {
		s.anchorBuf[p] = s.isPermanent(s.whole, p)
	}
	alive, _ := life.BensonAnchored(s.whole, s.anchorBuf)
	words := (b.Size() + 63) / 64
	if len(slot.bits) != words {
		slot.bits = make([]uint64, words)
	}
	clear(slot.bits)
	for p, a := range alive {
		if a && b.At(board.Point(p)) != board.Empty {
			slot.bits[p>>6] |= 1 << (p & 63)
		}
	}
	slot.key, slot.ok = key, true
	return slot.bits
}

// inherit returns the stones of the position after move m (a stone
// played on the working board by mover) that the parent's pass-alive
// stones (alive) prove pass-alive without a new analysis: the
// opponent's, which no move of the mover can hurt (Benson), and the
// mover's unless the stone went next to one of them (a stone next to none
// fills no region vital to a pass-alive block, since every empty point of
// such a region is a liberty of the block, and joins none; the stone
// captures nothing, since childCutoff asks only then). A subset of the
// position's pass-alive stones, so its bound is weaker than the
// position's own and holds as that one does.
func (s *searcher) inherit(alive []uint64, m smove, mover board.Color) []uint64 {
	s.probeBuf = append(s.probeBuf[:0], alive...)
	for _, q := range s.b.Neighbors(m.p) {
		if s.b.At(q) == mover && bitAt(alive, int(q)) {
			for p := range s.b.Size() {
				if s.b.At(board.Point(p)) == mover {
					s.probeBuf[p>>6] &^= 1 << (p & 63)
				}
			}
			break
		}
	}
	return s.probeBuf
}

// startBound loads node n and returns its static bound (staticBound), or
// no bound at all where there is none (or with NoPruning).
func (s *searcher) startBound(n *searchNode) (lo, hi int64) {
	s.load(n)
	if !s.noPrune {
		if lo, hi, ok := s.staticBound(); ok {
			return lo, hi
		}
	}
	return -searchInf, searchInf
}

// staticScore is the static bound (staticBound) of the start with first
// to move, as a score: what each side keeps by passing to the end, found
// without a search. It bounds nothing when some valued tile has no such
// bound (reach).
func (g *boardSearchGame) staticScore(first board.Color) Score {
	n, err := g.Start(first)
	if err != nil {
		return Score{}
	}
	g.s.withNumbers = false
	return boundsScore(g.s.startBound(n.(*searchNode)))
}
