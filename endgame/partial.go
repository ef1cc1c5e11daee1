package endgame

import (
	"fmt"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/solve"
	"github.com/mathgo/mathgo/tiles"
)

// Bounds are what a partial analysis can still prove: the score with
// best play lies between Lo and Hi (indexed by cgt.Player: Left is Black
// first), under territory counting and, when ChineseOK, area counting.
type Bounds struct {
	Japanese  [2][2]cgt.Dyadic
	Chinese   [2][2]cgt.Dyadic
	ChineseOK bool
}

// partial computes the bounds of a report some of whose tiles have no
// value (unresolved: an unsettled group too large to search, a ko, a tile
// over the budget). The valued tiles add up exactly (solve.Decide); an
// unresolved tile's final score lies between everything in it going to
// White and everything going to Black: under territory counting between
// minus (its empty points and two per Black stone: a point and a
// prisoner) and plus (its empty points and two per White stone); under
// area counting, its points all White's or all Black's. The tiles are
// independent games (their walls are settled), so the sum's stops lie
// within the valued part's stops widened by those extremes: Left stop of
// G + H between LS(G) + min H and LS(G) + max H, right stop likewise.
func (r *Report) partial(opts Options) {
	a := r.Analysis
	prisoners := cgt.Int(int64(a.Prisoners[board.Black] - a.Prisoners[board.White]))
	count := []cgt.Game{prisoners}
	chilled := []cgt.Game{prisoners}
	var area []cgt.Game
	areaOK := true
	stones := 0
	var jLo, jHi, cLo, cHi int64
	for _, t := range a.Tiles {
		if t.Err == nil {
			count = append(count, t.Count)
			chilled = append(chilled, t.Chilled)
			if t.AreaOK {
				area = append(area, t.Area)
				stones += t.Stones
			} else {
				areaOK = false
			}
			continue
		}
		lo, hi := extremes(a, t)
		jLo, jHi = jLo+lo, jHi+hi
		n := int64(len(t.Points))
		cLo, cHi = cLo-n, cHi+n
	}
	area = append(area, cgt.Int(int64(stones)))
	tot, err := solve.Decide(solve.Values{Count: count, Chilled: chilled, Area: area, AreaOK: areaOK},
		solve.TotalsOptions{MaxTotalGames: opts.MaxTotalGames, SearchNodes: opts.SearchNodes})
	if err != nil {
		r.Problems = append(r.Problems, "the valued tiles could not be added up by search: "+err.Error())
		return
	}
	r.Nodes += tot.Nodes
	b := &Bounds{ChineseOK: tot.ChineseOK}
	for _, p := range []cgt.Player{cgt.Left, cgt.Right} {
		b.Japanese[p] = [2]cgt.Dyadic{tot.Japanese[p].Add(cgt.DyadicInt(jLo)), tot.Japanese[p].Add(cgt.DyadicInt(jHi))}
		if tot.ChineseOK {
			b.Chinese[p] = [2]cgt.Dyadic{tot.Chinese[p].Add(cgt.DyadicInt(cLo)), tot.Chinese[p].Add(cgt.DyadicInt(cHi))}
		}
	}
	r.Bounds = b
	r.Warnings = append(r.Warnings, fmt.Sprintf("partial analysis: the unresolved tiles are bounded, not valued (Japanese between %s and %s with Black first)", b.Japanese[cgt.Left][0], b.Japanese[cgt.Left][1]))
}

// extremes returns the lowest and the highest territory score tile t can
// end with: everything White's, everything Black's.
func extremes(a *tiles.Analysis, t *tiles.Tile) (lo, hi int64) {
	b := a.Board()
	for _, p := range t.Points {
		switch b.At(p) {
		case board.Empty:
			lo--
			hi++
		case board.Black:
			lo -= 2
		case board.White:
			hi += 2
		}
	}
	return lo, hi
}
