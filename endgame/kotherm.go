package endgame

import (
	"fmt"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/play"
	"github.com/mathgo/mathgo/solve"
	"github.com/mathgo/mathgo/thermograph"
	"github.com/mathgo/mathgo/tiles"
)

// DefaultBanStates bounds the states of exact play with a ko ban.
const DefaultBanStates = solve.DefaultBanStates

// koThermographs computes the ko thermographs of the ko tiles, with Black
// and with White as komaster (Berlekamp's generalized thermography): a ko
// tile's mean and temperature under each, and its class.
func (r *Report) koThermographs() {
	for _, t := range r.Analysis.KoTiles() {
		if r.KoThermographs == nil {
			r.KoThermographs = map[string]*thermograph.KoAnalysis{}
		}
		th, err := thermograph.KoThermographs(KoGameOf(t.Ko.Graph), 0)
		if err != nil {
			r.Warnings = append(r.Warnings, fmt.Sprintf("tile %s: no ko thermograph: %v", t.ID, err))
			continue
		}
		r.KoThermographs[t.ID] = th
	}
}

// WallStones returns Black's wall stones minus White's: what the area of
// the playing area (the report's Chinese scores) leaves out of the whole
// board's area.
func (r *Report) WallStones() int { return solve.WallStones(r.Analysis) }

// KoGameOf converts a ko tile's position graph (short positions as
// leaves) to the input of the ko thermographs.
func KoGameOf(g *tiles.PosGraph) *thermograph.KoGame {
	return play.KoGame(g, func(n *tiles.PosNode) (cgt.Game, bool) { return n.Count, !n.Expanded })
}
