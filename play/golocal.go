package play

import (
	"fmt"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
	"github.com/mathgo/mathgo/tiles"
)

// Go positions. A position analyzed by the tiles package is played as the
// sum of its tiles, each a component named by its tile ID whose value is
// the tile's count (its value under territory counting, prisoners taken
// inside it included) and whose moves are the legal board moves there,
// labelled by the point's name ("C3"). The prisoners taken before the
// position are the settled pseudo-component. The sum is played under
// Japanese rules: the exact strategy keeps the score (the stop of the
// count sum) and, among the moves that do, a normal-play win of the count
// sum, which is the Mathematical Go outcome of analyze. Play ends when
// every tile is a number (settled); see PositionResult for the scores.

// goTile is a tile of a position as a Local. Its move lists are computed
// once.
type goTile struct {
	l   *tiles.Local
	box *goBox
	// fill offers the moves of the end of Mathematical Go too: filling
	// one's own territory, and handing back a prisoner taken in the tile
	// (handed counts those handed back by Black and White).
	fill   bool
	handed [2]int
	// area plays the tile's area game (each stone placed counts a point)
	// instead of its count.
	area  bool
	moves [2][]Move
	ready [2]bool
}

// goBox holds the first error met while listing moves (the Local
// interface has no error return); PositionResult reports it.
type goBox struct{ err error }

// HandBack is the label of the move that hands a prisoner back (see
// FillOut).
const HandBack = "prisoner"

func (g *goTile) Value() cgt.Game {
	if g.area {
		return g.l.Area
	}
	if g.handed == [2]int{} {
		return g.l.Count
	}
	return g.l.Count.Add(cgt.Int(int64(g.handed[White] - g.handed[Black])))
}

func (g *goTile) Moves(p Player) []Move {
	if g.ready[p] {
		return g.moves[p]
	}
	g.ready[p] = true
	ms, err := g.l.Moves(solve.ColorOf(p))
	if err == nil && g.fill {
		var fills []tiles.LocalMove
		fills, err = g.l.Fills(solve.ColorOf(p))
		ms = append(ms, fills...)
	}
	if err != nil {
		if g.box.err == nil {
			g.box.err = err
		}
		return nil
	}
	var out []Move
	for _, m := range ms {
		out = append(out, Move{Label: g.l.Name(m.Point), Next: &goTile{l: m.Next, box: g.box, fill: g.fill, handed: g.handed, area: g.area}})
	}
	capB, capW := g.l.Captures()
	if taken := [2]int{capB, capW}; g.fill && taken[p] > g.handed[p] {
		next := &goTile{l: g.l, box: g.box, fill: true, handed: g.handed}
		next.handed[p]++
		out = append(out, Move{Label: HandBack, Next: next})
	}
	g.moves[p] = out
	return out
}

// Position returns the tiles of an analyzed position as a sum to play
// with Rules Japanese (see the package comment on Go positions). A
// position whose analysis has problems (a ko tile, an unsettled boundary,
// a tile over the search budget) is refused with them.
func Position(a *tiles.Analysis) (Sum, error) {
	return positionSum(a, false)
}

// AreaPosition returns the tiles of an analyzed position as a sum to play
// under area (Chinese) counting: each tile's value is its area game (every
// stone placed on the tile's points counts a point for its owner, and a
// settled region all its points), so the stop of the sum is the area
// score of the playing area and play ends when every tile is a number.
// It fails when a tile has no area game (too large).
func AreaPosition(a *tiles.Analysis) (Sum, error) {
	return positionSum(a, true)
}

func positionSum(a *tiles.Analysis, area bool) (Sum, error) {
	if len(a.Problems) > 0 {
		return Sum{}, fmt.Errorf("the position cannot be played: %s", strings.Join(a.Problems, "; "))
	}
	for _, t := range a.Tiles {
		if t.Err != nil {
			return Sum{}, fmt.Errorf("tile %s has no short value (%v): a sum of short games cannot hold it (a ko is played in the position's scored game, solve.Decision.Game)", t.ID, t.Err)
		}
	}
	box := &goBox{}
	var sum Sum
	for _, t := range a.Tiles {
		l, err := a.Local(t.ID)
		if err != nil {
			return Sum{}, err
		}
		if area && !l.AreaOK {
			return Sum{}, fmt.Errorf("tile %s has no area game (too large for the area search)", t.ID)
		}
		sum.Components = append(sum.Components, Component{Name: t.ID, Local: &goTile{l: l, box: box, area: area}})
	}
	if !area {
		sum.Settled = cgt.DyadicInt(int64(a.Prisoners[board.Black] - a.Prisoners[board.White]))
	}
	return sum, nil
}

// GoLocal returns the tile under a component of a Position sum (false for
// any other Local).
func GoLocal(l Local) (*tiles.Local, bool) {
	g, ok := l.(*goTile)
	if !ok {
		return nil, false
	}
	return g.l, true
}

// PositionResult is the result of playing a position out.
type PositionResult struct {
	// Score is the sum of the tiles' values when play ended (every tile a
	// number), Black minus White: for a Position sum the score of the
	// played line under territory counting, prisoners included; for an
	// AreaPosition sum the area score of the playing area.
	Score cgt.Dyadic
	// MGO is the Mathematical Go winner of a Position play-out: play goes
	// on in the numbers left (filling one's own territory, handing back
	// prisoners), so Black wins with a positive score, White with a
	// negative one, and with 0 the player to move runs out of moves first.
	MGO Player
}

// ResultOf computes the result of a play-out of a Position (or
// AreaPosition) sum played under Japanese rules (until every tile is a
// number).
func ResultOf(rec *Record) (PositionResult, error) {
	var res PositionResult
	for _, c := range rec.FinalComponents {
		d, ok := c.Local.Value().Number()
		if !ok {
			return res, fmt.Errorf("play did not end: tile %s is %s, not a number", c.Name, c.Local.Value())
		}
		res.Score = res.Score.Add(d)
	}
	if err := PositionErr(rec); err != nil {
		return res, err
	}
	switch res.Score.Sign() {
	case 1:
		res.MGO = Black
	case -1:
		res.MGO = White
	default:
		res.MGO = rec.Next.Opponent()
	}
	return res, nil
}

// PositionErr returns the first error met while listing the moves of a
// Position sum's tiles during a play-out (nil when there was none).
func PositionErr(rec *Record) error {
	for _, c := range rec.FinalComponents {
		if g, ok := c.Local.(*goTile); ok && g.box.err != nil {
			return g.box.err
		}
	}
	return nil
}

// FillOut plays Mathematical Go to its end after a play-out of a Position
// sum (rec, played under Japanese rules, ends when every tile is a
// number): the players fill their own territory and hand back prisoners
// (a move labelled HandBack in the tile where the prisoner was taken, or
// a move in the settled pseudo-component for those taken before), one
// point a move, until one of them cannot move and loses. It returns the record of that phase alone,
// its moves numbered on from rec's, with opt's strategies (Rules are
// Mathematical). Its Result.Winner is the Mathematical Go winner, which
// PositionResult.MGO predicts.
func FillOut(rec *Record, opt Options) (*Record, error) {
	comps := make([]Component, len(rec.FinalComponents))
	for i, c := range rec.FinalComponents {
		if g, ok := c.Local.(*goTile); ok {
			c.Local = &goTile{l: g.l, box: g.box, fill: true}
		}
		comps[i] = c
	}
	opt.Rules = rules.MathematicalGo
	out, err := Play(Sum{Components: comps}, rec.Next, opt)
	if out != nil {
		for i := range out.Turns {
			out.Turns[i].N += len(rec.Turns)
		}
	}
	if err == nil {
		err = PositionErr(out)
	}
	return out, err
}
