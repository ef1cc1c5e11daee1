package endgame

import (
	"fmt"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/cgt/loopy"
	"github.com/mathgo/mathgo/thermograph"
	"github.com/mathgo/mathgo/tiles"
)

// JSONKo is a ko tile's view under the rules players play: its ko
// thermographs with Black and with White as komaster, its class
// (thermograph.KoClass) and what depends on the komaster.
type JSONKo struct {
	BlackKomaster *JSONKoThermograph `json:"blackKomaster"`
	WhiteKomaster *JSONKoThermograph `json:"whiteKomaster"`
	Class         *string            `json:"class"`
	// Dependence is "none", "temperature" or "mast": what changes with
	// the komaster.
	Dependence *string `json:"dependence"`
	// Outcome is the Mathematical Go outcome class of the tile alone
	// (CGSuite's loopy outcome classes: L R N P D PHat NHat PCheck
	// NCheck).
	Outcome *string `json:"outcome,omitempty"`
	// Reason says why the thermographs are missing.
	Reason *string `json:"reason,omitempty"`
}

// JSONKoThermograph is one ko thermograph: mean, temperature and the
// walls' breakpoints (temperature, value) from t = -1 to the mast point,
// exact rationals.
type JSONKoThermograph struct {
	Mean        string      `json:"mean"`
	Temperature string      `json:"temperature"`
	Left        [][2]string `json:"left"`
	Right       [][2]string `json:"right"`
}

// KoThermographJSON converts a ko thermograph to its JSON form.
func KoThermographJSON(th thermograph.KoThermograph) *JSONKoThermograph {
	pairs := func(w thermograph.KoWall) [][2]string {
		out := make([][2]string, len(w))
		for i, s := range w {
			out[i] = [2]string{thermograph.RatString(s.T), thermograph.RatString(s.V)}
		}
		return out
	}
	return &JSONKoThermograph{Mean: thermograph.RatString(th.Mean), Temperature: thermograph.RatString(th.Temperature),
		Left: pairs(th.Left), Right: pairs(th.Right)}
}

// koTileJSON fills a ko tile's JSON: kind "ko", its loopy values, its ko
// thermographs.
func (r *Report) koTileJSON(t *tiles.Tile, jt *JSONTile, maxPrint int, warnings *[]string) {
	jt.Kind = string(tiles.KindKo)
	print := func(v loopy.Value, what string) *string {
		limit := maxPrint
		if limit <= 0 {
			limit = loopy.MaxReportChars
		}
		s, ok := v.FormatLimit(limit)
		if !ok {
			*warnings = append(*warnings, fmt.Sprintf("tile %s %s: loopy value left out (longer than %d characters when printed)", t.ID, what, limit))
			return nil
		}
		return &s
	}
	jt.Count = print(t.Ko.Count, "count")
	jt.Chilled = print(t.Ko.Chilled, "chilled")
	k := &JSONKo{}
	if o, err := t.Ko.Count.Outcome(); err == nil {
		k.Outcome = ptr(o.String())
	}
	{
		if th := r.KoThermographs[t.ID]; th != nil {
			k.BlackKomaster, k.WhiteKomaster = KoThermographJSON(th.Black), KoThermographJSON(th.White)
			k.Class, k.Dependence = ptr(string(th.Class)), ptr(th.Dependence)
		} else {
			k.Reason = ptr("the ko thermographs could not be computed (see warnings)")
		}
	}
	jt.Ko = k
}

// koTotalJSON fills the totals and outcomes of a position with ko tiles:
// the loopy totals (Mathematical Go), the winners (draws included), and
// the rules each outcome is under.
func (r *Report) koTotalJSON(out *JSON, maxPrint int) {
	kr := r.Decision
	out.RuleSets = &JSONRules{
		MGO:      "Mathematical Go: no ko ban (a ko may be taken back at once), endless play is a draw; count and chilled values are loopy (CGSuite's notation, onside & offside)",
		Japanese: "simple ko ban (a ko just taken may not be taken back at once; any other move or a pass lifts the ban), passes allowed, the game ends by two passes once every tile is settled; Japanese counts territory and prisoners, Chinese the area of the playing area",
	}
	if kr.Search != nil {
		// Past the ban game's budget the kos were played on the board.
		out.RuleSets.Japanese = "simple ko ban (a ko just taken may not be taken back at once; any other move or a pass lifts the ban), passes allowed; the ko tiles played on the board (the board search, exact play with the ban being over its budget): two passes end the game once every other tile is settled, the ko tiles reckoned as real rules do (Japanese: dead stones by hypothetical play; Chinese: area); Japanese counts territory and prisoners, Chinese the area of the playing area"
	} else if kr.RealEnds {
		out.RuleSets.Japanese = "simple ko ban (a ko just taken may not be taken back at once; any other move or a pass lifts the ban), passes allowed, two passes end the game, a tile left unsettled reckoned as real rules do (Japanese: dead stones by hypothetical play; Chinese: area); Japanese counts territory and prisoners, Chinese the area of the playing area"
		if kr.Reckoned > 0 {
			out.RuleSets.Japanese += fmt.Sprintf(" (%d ends with a tile unsettled reckoned)", kr.Reckoned)
		}
	}
	out.Total.Mean, out.Total.Temperature = nil, nil
	out.Total.Count, out.Total.Chilled = nil, nil
	b := r.Board()
	for _, src := range kr.Threats {
		th := JSONKoThreat{Block: b.Name(src.Block), Color: src.Color.String(), Reason: src.Reason}
		for _, p := range src.Group {
			th.Group = append(th.Group, b.Name(p))
		}
		out.KoThreats = append(out.KoThreats, th)
	}
	limit := maxPrint
	if limit <= 0 {
		limit = loopy.MaxReportChars
	}
	if m := kr.Loopy; m != nil {
		if m.CountOK {
			if s, ok := m.Count.FormatLimit(limit); ok {
				out.Total.Count = &s
			}
		}
		if m.ChilledOK {
			if s, ok := m.Chilled.FormatLimit(limit); ok {
				out.Total.Chilled = &s
			}
		}
		out.Outcome.MGO = JSONFirst{ptr(m.Winner[cgt.Left].String()), ptr(m.Winner[cgt.Right].String())}
	}
	if r.Totals == nil {
		out.Total.LeftStop, out.Total.RightStop = nil, nil
	}
}

// JSONRules states the rule sets a position with kos is valued under.
type JSONRules struct {
	MGO      string `json:"mgo"`
	Japanese string `json:"japanese"`
}
