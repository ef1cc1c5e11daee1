package review

import (
	"errors"
	"fmt"
	"slices"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/play"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
	"github.com/mathgo/mathgo/tiles"
)

// errInconsistent marks a contradiction between two exact results (a move
// better than the optimum, two analyses of one position that disagree):
// a bug somewhere in the pipeline, never a loss to print.
var errInconsistent = errors.New("inconsistent analysis")

// optimum is what the analysis of the position before a move says about
// the mover's choices.
type optimum struct {
	// target is the mover's best score, Black minus White before komi.
	target cgt.Dyadic
	// best lists every optimal move in reading order, board.Pass last.
	best []board.Point
	// played is the score after the move played, the opponent to move,
	// as the same analysis values it; unset when inTerritory.
	played cgt.Dyadic
	// inTerritory reports a move played inside a territory (settled, or
	// claimed by the walls): territories are numbers, whose moves the
	// analysis does not list; the review takes its score from the
	// analysis of the position after it.
	inTerritory bool
	// choice is the optimal move shown as a variation: the move exact
	// play makes (Report.BestMove) under Japanese counting, else the
	// first optimal move.
	choice board.Point
}

// stopper finds the stops of the position's sum of tile values and of
// the sums one move away: on the canonical total while it can be built
// within limit new games, by search (solve.Solver) past that.
type stopper struct {
	vals  []cgt.Game
	total cgt.Game
	canon bool
	limit int
	sv    *solve.Solver
}

func newStopper(vals []cgt.Game, limit, nodes int) *stopper {
	st := &stopper{vals: vals, limit: limit, sv: solve.NewSolver()}
	if nodes > 0 {
		st.sv.MaxNodes = nodes
	}
	st.total, st.canon = cgt.SumWithin(limit, vals...)
	return st
}

// stop returns the stop of the sum with p to move.
func (st *stopper) stop(p cgt.Player) (cgt.Dyadic, error) {
	if st.canon {
		return st.total.Stop(p), nil
	}
	return searchStop(st.sv, st.vals, p)
}

func searchStop(sv *solve.Solver, vals []cgt.Game, p cgt.Player) (cgt.Dyadic, error) {
	var d cgt.Dyadic
	var err error
	if p == cgt.Left {
		d, _, err = sv.LeftStop(vals)
	} else {
		d, _, err = sv.RightStop(vals)
	}
	return d, err
}

// after returns the stop, with p to move, of the sum in which component i
// has become next.
func (st *stopper) after(i int, next cgt.Game, p cgt.Player) (cgt.Dyadic, error) {
	if st.canon {
		if g, ok := cgt.SumWithin(st.limit, st.total, next, st.vals[i].Neg()); ok {
			return g.Stop(p), nil
		}
	}
	return searchStop(st.sv, st.valsAfter(i, next), p)
}

// reaches reports whether the stop, with p to move, of the sum in which
// component i has become next is at least as good for the other player
// (the mover) as x: at most x for p = Left, at least x for p = Right. On
// the canonical total it compares the stop; otherwise one search decides.
func (st *stopper) reaches(i int, next cgt.Game, p cgt.Player, x cgt.Dyadic) (bool, error) {
	if st.canon {
		if g, ok := cgt.SumWithin(st.limit, st.total, next, st.vals[i].Neg()); ok {
			return cmpFor(p.Opponent(), g.Stop(p), x) >= 0, nil
		}
	}
	vals := st.valsAfter(i, next)
	e := max(solve.StopExponent(vals), solve.StopExponent(st.vals))
	if p == cgt.Right {
		return st.sv.RightStopAtLeast(vals, x, e)
	}
	return st.sv.LeftStopAtMost(vals, x, e)
}

func (st *stopper) valsAfter(i int, next cgt.Game) []cgt.Game {
	vals := slices.Clone(st.vals)
	vals[i] = next
	return vals
}

// cmpFor compares two scores from p's point of view (Black is Left).
func cmpFor(p cgt.Player, a, b cgt.Dyadic) int {
	if p == cgt.Right {
		return b.Cmp(a)
	}
	return a.Cmp(b)
}

// bestMoves finds, from the exact report r of a position with c to move,
// c's best score in scoring s, every optimal move (every move after which
// the opponent, moving, can reach no better score for himself; a pass
// when passing keeps the score), and the score the same analysis gives
// the move played. It works on the sum of the tiles' values (their
// counts for Japanese counting, their area games for Chinese) and checks
// that its stops are the report's scores. A move better than the
// optimum, or a move played that the analysis does not know, is an
// errInconsistent error; a search over its budget is another error (the
// optimal moves are then unknown).
func bestMoves(r *endgame.Report, s rules.Counting, c board.Color, played board.Point, limit, nodes int) (optimum, error) {
	if r.Ko != nil {
		return bestKoMoves(r, s, c, played)
	}
	var sum play.Sum
	var err error
	if s == rules.Chinese {
		sum, err = play.AreaPosition(r.Analysis)
	} else {
		sum, err = r.Sum()
	}
	if err != nil {
		return optimum{}, err
	}
	vals := make([]cgt.Game, 0, len(sum.Components)+1)
	for _, comp := range sum.Components {
		vals = append(vals, comp.Local.Value())
	}
	vals = append(vals, cgt.Number(sum.Settled))
	st := newStopper(vals, limit, nodes)

	// The sum's stops are the report's scores up to a constant (none for
	// Japanese counting; for Chinese the mortal stones on the board and
	// the walls' stones, which no move changes).
	var offset cgt.Dyadic
	for i, first := range []board.Color{board.Black, board.White} {
		want, err := Score(r, s, first)
		if err != nil {
			return optimum{}, err
		}
		got, err := st.stop(solve.PlayerOf(first))
		if err != nil {
			return optimum{}, fmt.Errorf("the stops of the tile sum: %w", err)
		}
		d := want.Sub(got)
		switch {
		case i == 0:
			offset = d
		case !d.Equal(offset):
			return optimum{}, fmt.Errorf("%w: the tile sum's stops differ from the report's scores by %s and %s", errInconsistent, offset, d)
		}
	}
	if s == rules.Japanese && offset.Sign() != 0 {
		return optimum{}, fmt.Errorf("%w: the tile sum's stops differ from the rules.Japanese scores by %s", errInconsistent, offset)
	}
	me, opp := solve.PlayerOf(c), solve.PlayerOf(c.Opponent())
	target, _ := st.stop(me)
	o := optimum{target: target.Add(offset), choice: board.Pass}
	b := r.Board()
	foundPlayed := false
	for i, comp := range sum.Components {
		for _, m := range comp.Local.Moves(me) {
			if m.Next == nil {
				continue
			}
			p, err := b.ParsePoint(m.Label)
			if err != nil {
				return optimum{}, fmt.Errorf("tile %s: move %q is not a board point: %w", comp.Name, m.Label, err)
			}
			next := m.Next.Value()
			if p == played {
				foundPlayed = true
				d, err := st.after(i, next, opp)
				if err != nil {
					return optimum{}, fmt.Errorf("the score after %s: %w", m.Label, err)
				}
				o.played = d.Add(offset)
			}
			keeps, err := st.reaches(i, next, opp, target)
			if err != nil {
				return optimum{}, fmt.Errorf("is %s optimal: %w", m.Label, err)
			}
			if !keeps {
				continue
			}
			// Nothing can be better than the best score: check it.
			if d, err := st.after(i, next, opp); err != nil {
				return optimum{}, fmt.Errorf("the score after %s: %w", m.Label, err)
			} else if !d.Equal(target) {
				return optimum{}, fmt.Errorf("%w: %s %s reaches %s, better than the best score %s", errInconsistent, c, m.Label, d.Add(offset), o.target)
			}
			o.best = append(o.best, p)
		}
	}
	// A tile whose moves could not be listed (its search went over the
	// budget) leaves the candidates incomplete.
	if err := play.PositionErr(&play.Record{FinalComponents: sum.Components}); err != nil {
		return optimum{}, fmt.Errorf("listing the moves: %w", err)
	}
	passStop, err := st.stop(opp)
	if err != nil {
		return optimum{}, err
	}
	switch cmpFor(me, passStop, target) {
	case 1:
		return optimum{}, fmt.Errorf("%w: passing reaches %s, better than the best score %s", errInconsistent, passStop.Add(offset), o.target)
	case 0:
		o.best = append(o.best, board.Pass)
	}
	if played == board.Pass {
		foundPlayed = true
		o.played = passStop.Add(offset)
	}
	if !foundPlayed {
		if !inTerritory(r, played) {
			return optimum{}, fmt.Errorf("%w: %s %s is not a move of the analysis", errInconsistent, c, b.Name(played))
		}
		o.inTerritory = true
	}
	sortMoves(b, o.best)
	if len(o.best) > 0 {
		o.choice = o.best[0]
	}
	if s == rules.Japanese && !slices.Contains(o.best, played) {
		if m, err := r.BestMove(c); err == nil && slices.Contains(o.best, m.Point) {
			o.choice = m.Point
		}
	}
	return o, nil
}

// bestKoMoves is bestMoves for a position with ko tiles: the game of the
// tiles with the simple ko ban (solve.BanGame, whose values are the
// report's scores) gives the best score, every move that keeps it and the
// score after the move played; right after a ko capture the game starts
// with the retake banned for the player to move.
func bestKoMoves(r *endgame.Report, s rules.Counting, c board.Color, played board.Point) (optimum, error) {
	b := r.Board()
	// own is the game whose moves for c are judged; low and high bound
	// Black's score (the same game when no wall gives ko threats; else
	// the game in which White may ignore the ban, and the one in which
	// Black may: endgame.KoReport.RangeGame).
	own := r.Ko.Ban
	if s == rules.Chinese {
		own = r.Ko.ChineseBan
	}
	low, high := own, own
	if o, other := r.Ko.RangeGame(c, s == rules.Chinese); o != nil {
		own = o
		low, high = o, other
		if c == board.White {
			low, high = other, o
		}
	}
	if own == nil {
		return optimum{}, errors.New("the tiles with the ko ban have too many states to play exactly")
	}
	// exactAt is the score of a position reached in both games (the
	// state of each), if the two bounds meet.
	exactAt := func(sl, sh int32) (int, bool) {
		lo, hi := low.Value(sl), high.Value(sh)
		return lo.Lo, lo.LoOK && hi.HiOK && lo.Lo == hi.Hi
	}
	// The game's values are the report's scores up to a constant (none
	// for Japanese counting; for Chinese the walls' stones).
	// (A side whose score is not proven is left out: the report may be
	// exact for one player first only, review.sideScore.)
	var offset cgt.Dyadic
	found := false
	for _, first := range []board.Color{board.Black, board.White} {
		want, ok := sideScore(r, s, first)
		if !ok {
			continue
		}
		v, ok := exactAt(low.Start(first), high.Start(first))
		if !ok {
			return optimum{}, fmt.Errorf("with %s first the games with the ko ban bound the score only (%s to %s)", first, low.Value(low.Start(first)), high.Value(high.Start(first)))
		}
		d := want.Sub(cgt.DyadicInt(int64(v)))
		switch {
		case !found:
			offset, found = d, true
		case !d.Equal(offset):
			return optimum{}, fmt.Errorf("%w: the ko game's values differ from the report's scores by %s and %s", errInconsistent, offset, d)
		}
	}
	if _, ok := sideScore(r, s, c); !ok || !found {
		return optimum{}, fmt.Errorf("with %s to move the score is not proven", c)
	}
	if s == rules.Japanese && offset.Sign() != 0 {
		return optimum{}, fmt.Errorf("%w: the ko game's values differ from the rules.Japanese scores by %s", errInconsistent, offset)
	}
	sl, sh := low.Start(c), high.Start(c)
	v0, _ := exactAt(sl, sh)
	o := optimum{target: cgt.DyadicInt(int64(v0)).Add(offset), choice: board.Pass}
	start := own.Start(c)
	// The same move in the other game (it has every move of own, and
	// more: free retakes).
	twin := func(g *solve.BanGame, from int32, m solve.BanMove) (int32, bool) {
		for _, n := range g.Moves(from) {
			if n.IsPass() == m.IsPass() && (m.IsPass() || n.Tile == m.Tile && n.Move.Point == m.Move.Point) {
				return n.State, true
			}
		}
		return 0, false
	}
	foundPlayed := false
	for _, m := range own.Moves(start) {
		p := board.Pass
		if !m.IsPass() {
			p = m.Move.Point
		}
		nl, nh := m.State, m.State
		if low != high {
			var ok bool
			if own == low {
				nh, ok = twin(high, sh, m)
			} else {
				nl, ok = twin(low, sl, m)
			}
			if !ok {
				return optimum{}, fmt.Errorf("%w: %s %s is missing from one of the games bracketing the ko threats", errInconsistent, c, nameOn(b, p))
			}
		}
		v, ok := exactAt(nl, nh)
		if !ok {
			return optimum{}, fmt.Errorf("the score after %s is only bounded (%s to %s)", nameOn(b, p), low.Value(nl), high.Value(nh))
		}
		d := cgt.DyadicInt(int64(v)).Add(offset)
		switch cmpFor(solve.PlayerOf(c), d, o.target) {
		case 1:
			return optimum{}, fmt.Errorf("%w: %s %s reaches %s, better than the best score %s", errInconsistent, c, nameOn(b, p), d, o.target)
		case 0:
			o.best = append(o.best, p)
		}
		if p == played {
			foundPlayed = true
			o.played = d
		}
	}
	if !foundPlayed {
		if !inTerritory(r, played) {
			return optimum{}, fmt.Errorf("%w: %s %s is not a move of the analysis", errInconsistent, c, nameOn(b, played))
		}
		o.inTerritory = true
	}
	sortMoves(b, o.best)
	if opt := own.Optimal(start); len(opt) > 0 {
		if m := play.KoPreferFirst(own, start, opt); !m.IsPass() {
			o.choice = m.Move.Point
		}
	} else if len(o.best) > 0 {
		o.choice = o.best[0]
	}
	return o, nil
}

// inTerritory reports whether p lies in a territory tile of r (settled
// or claimed): a point whose moves the analysis does not list.
func inTerritory(r *endgame.Report, p board.Point) bool {
	return territoryAt(r, p) != nil
}

// territoryAt returns the territory tile of the analysis that holds p, or
// nil.
func territoryAt(r *endgame.Report, p board.Point) *tiles.Tile {
	if p == board.Pass {
		return nil
	}
	for _, t := range r.Tiles() {
		if t.Kind == tiles.KindTerritory && slices.Contains(t.Points, p) {
			return t
		}
	}
	return nil
}

// territoryOwner returns the colour whose territory (a territory tile of
// the analysis, its walls all of that colour) holds p, or board.Empty.
func territoryOwner(r *endgame.Report, p board.Point) board.Color {
	t := territoryAt(r, p)
	if t == nil || len(t.Boundary) == 0 {
		return board.Empty
	}
	c := t.Boundary[0].Color
	for _, w := range t.Boundary {
		if w.Color != c {
			return board.Empty
		}
	}
	return c
}

// sortMoves puts moves in reading order, a pass last.
func sortMoves(b *board.Board, moves []board.Point) {
	slices.SortFunc(moves, func(p, q board.Point) int {
		switch {
		case p == q:
			return 0
		case p == board.Pass:
			return 1
		case q == board.Pass:
			return -1
		}
		return b.ReadingCmp(p, q)
	})
}

// nameOn names a point of b ("pass" for board.Pass).
func nameOn(b *board.Board, p board.Point) string {
	if p == board.Pass {
		return "pass"
	}
	return b.Name(p)
}
