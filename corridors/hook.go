package corridors

import (
	"sync"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/tiles"
)

// Value values a region of the board without a game-tree search when it
// is a corridor (by formula for the named families, by the corridor
// solver for a width-one corridor with other invader stones in it) or a
// socket game (a mortal chain, its socket and the corridors it invades).
// b gives the geometry; at and immortal give the region's current
// contents, so Value can answer for the regions a search meets as well as
// for whole tiles. It returns the count and area values (Black positive),
// a label in the words of the theory, and ok=false when the region is
// neither. A socket game's area game is not given (AreaOK false): the
// socket game models the chain's connection, not every stone placed, and
// its area values were found inconsistent with the board's moves.
//
// Value has the shape of a hook in tiles.Analyze (a function in
// tiles.Options asked before a region is searched); it is safe for
// concurrent use.
func Value(b *board.Board, region []board.Point, at func(board.Point) board.Color, immortal func(board.Point) bool) (tiles.Valued, bool) {
	v := view{b: b, at: at, imm: immortal}
	if c, _, ok := v.corridor(region); ok {
		return tiles.Valued{Count: c.Count, Area: c.Area, AreaOK: true, Label: cachedLabel(c)}, true
	}
	mortal := false
	for _, p := range region {
		if at(p) != board.Empty {
			mortal = true
			break
		}
	}
	if mortal {
		if s, ok := v.socket(region); ok {
			return tiles.Valued{Count: s.Count, Label: s.Label(b)}, true
		}
	}
	return tiles.Valued{}, false
}

// labelKey identifies a corridor's label: what Corridor.Label prints.
type labelKey struct {
	typ     string
	n       int
	owner   board.Color
	chilled cgt.Game
}

// labels caches Corridor.Label: the tile search meets the same corridors
// at many nodes, and formatting their labels each time cost a tenth of
// the search.
var labels sync.Map

// cachedLabel is c.Label(), formatted once per distinct corridor.
func cachedLabel(c Corridor) string {
	k := labelKey{c.Type, c.Length, c.Owner, c.Chilled}
	if l, ok := labels.Load(k); ok {
		return l.(string)
	}
	l := c.Label()
	labels.Store(k, l)
	return l
}
