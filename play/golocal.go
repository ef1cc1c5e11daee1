package play

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
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
	moves  [2][]Move
	ready  [2]bool
}

// goBox holds the first error met while listing moves (the Local
// interface has no error return); PositionResult reports it.
type goBox struct{ err error }

// HandBack is the label of the move that hands a prisoner back (see
// FillOut).
const HandBack = "prisoner"

func (g *goTile) Value() cgt.Game {
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
	ms, err := g.l.Moves(boardColor(p))
	if err == nil && g.fill {
		var fills []tiles.LocalMove
		fills, err = g.l.Fills(boardColor(p))
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
		out = append(out, Move{Label: g.l.Name(m.Point), Next: &goTile{l: m.Next, box: g.box, fill: g.fill, handed: g.handed}})
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

func boardColor(p Player) board.Color {
	if p == White {
		return board.White
	}
	return board.Black
}

// Position returns the tiles of an analyzed position as a sum to play
// with Rules Japanese (see the package comment on Go positions). A
// position whose analysis has problems (a ko tile, an unsettled boundary,
// a tile over the search budget) is refused with them.
func Position(a *tiles.Analysis) (Sum, error) {
	if len(a.Problems) > 0 {
		return Sum{}, fmt.Errorf("the position cannot be played: %s", strings.Join(a.Problems, "; "))
	}
	if !a.Complete {
		return Sum{}, errors.New("the position is not completely valued")
	}
	box := &goBox{}
	var sum Sum
	for _, t := range a.Tiles {
		l, err := a.Local(t.ID)
		if err != nil {
			return Sum{}, err
		}
		sum.Components = append(sum.Components, Component{Name: t.ID, Local: &goTile{l: l, box: box}})
	}
	sum.Settled = cgt.DyadicInt(int64(a.Prisoners[board.Black] - a.Prisoners[board.White]))
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
	// Japanese is the score of the played line under territory counting,
	// Black minus White, prisoners included: the sum of the counts when
	// play ended (every tile a number).
	Japanese cgt.Dyadic
	// MGO is the Mathematical Go winner of the played line: play goes on
	// in the numbers left (filling one's own territory, handing back
	// prisoners), so Black wins with a positive score, White with a
	// negative one, and with 0 the player to move runs out of moves first.
	MGO Player
	// Chinese is the area score of the playing area (the tiles' points,
	// not the immortal stones) on the final board: the stones on the
	// tiles' points plus their territory, after the points still worth
	// playing under area counting (dame: neutral points, hot under area
	// counting) are filled with both sides playing best from the player to
	// move (the stop of the sum of the tiles' area games). ChineseOK is
	// false when a tile's area game was not computed (too large).
	Chinese   cgt.Dyadic
	ChineseOK bool
}

// ResultOf computes the result of a play-out of a Position sum played
// under Japanese rules.
func ResultOf(rec *Record) (PositionResult, error) {
	var res PositionResult
	var box *goBox
	var numbers cgt.Dyadic
	var area cgt.Dyadic
	var hot []cgt.Game
	res.ChineseOK = true
	for _, c := range rec.FinalComponents {
		d, ok := c.Local.Value().Number()
		if !ok {
			return res, fmt.Errorf("play did not end: tile %s is %s, not a number", c.Name, c.Local.Value())
		}
		numbers = numbers.Add(d)
		g, ok := c.Local.(*goTile)
		if !ok {
			continue // prisoners: not part of the playing area
		}
		box = g.box
		if !g.l.AreaOK {
			res.ChineseOK = false
			continue
		}
		if d, ok := g.l.Area.Number(); ok {
			area = area.Add(d)
		} else {
			hot = append(hot, g.l.Area)
		}
	}
	if box != nil && box.err != nil {
		return res, box.err
	}
	res.Japanese = numbers
	switch numbers.Sign() {
	case 1:
		res.MGO = Black
	case -1:
		res.MGO = White
	default:
		res.MGO = rec.Next.Opponent()
	}
	if res.ChineseOK {
		rest := cgt.Sum(hot...)
		if rec.Next == Black {
			area = area.Add(rest.LeftStop())
		} else {
			area = area.Add(rest.RightStop())
		}
		res.Chinese = area
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
	opt.Rules = Mathematical
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
