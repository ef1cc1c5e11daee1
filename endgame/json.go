package endgame

import (
	"fmt"
	"slices"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/solve"
	"github.com/mathgo/mathgo/thermograph"
)

// DefaultMaxPrint is the longest canonical form printed; longer ones are
// left out (null in JSON, elided in tables) with a warning.
const DefaultMaxPrint = 20_000

// JSON is the report in the shape of the contract's `analyze --json`
// (see docs/json-contract.md).
type JSON struct {
	Size      JSONSize    `json:"size"`
	Prisoners JSONColors  `json:"prisoners"`
	Tiles     []JSONTile  `json:"tiles"`
	Total     JSONTotal   `json:"total"`
	Outcome   JSONOutcome `json:"outcome"`
	// Partial is set when some tile could not be valued: those tiles have
	// kind "unresolved" and a reason, and Bounds bound the scores.
	Partial bool        `json:"partial,omitempty"`
	Bounds  *JSONBounds `json:"bounds,omitempty"`
	// Search describes the board search of a position with unvalued
	// tiles (solve.Decision.Search): the tiles it played on the board,
	// whether it proved the scores, its nodes.
	Search *JSONSearch `json:"search,omitempty"`
	// RuleSets states the two rule sets of a position with ko tiles.
	RuleSets *JSONRules `json:"ruleSets,omitempty"`
	// KoThreats lists, in a position with ko tiles, the walls that live
	// by answering in their territory: ko threats for the other colour
	// that the tiles do not model (solve.Decision.Threats).
	KoThreats []JSONKoThreat `json:"koThreats,omitempty"`
	// Conditional is set when the numbers rest on assumptions
	// (Options.Assume), listed in Assumptions: they are not proven.
	Conditional bool             `json:"conditional,omitempty"`
	Assumptions []JSONAssumption `json:"assumptions,omitempty"`
	// Settled is how much of the board is proven settled without any
	// assumption (Report.ProvenSettled), given when the report is not
	// proven.
	Settled *JSONSettled `json:"settled,omitempty"`
	// Triage says whether the position looked like an endgame before any
	// search (Triage), and why.
	Triage    JSONTriage `json:"triage"`
	Problems  []string   `json:"problems,omitempty"`
	Warnings  []string   `json:"warnings,omitempty"`
	Positions int        `json:"positions"`
	Seconds   float64    `json:"seconds"`
}

// JSONSettled counts the points proven settled (the stones of the walls
// proven safe or declared, and the territories they enclose) of the
// board's points.
type JSONSettled struct {
	Points int `json:"points"`
	Of     int `json:"of"`
}

// JSONSearch is the board search: the tiles of the searched region
// (kind "searched"), its points, whether it proved every score (exact), the
// nodes it used, and what it leaves unknown (the Mathematical Go value).
type JSONSearch struct {
	Tiles  []string `json:"tiles"`
	Points int      `json:"points"`
	Exact  bool     `json:"exact"`
	Nodes  int      `json:"nodes"`
	// Walls are the settled groups searched with the tiles (a stone of
	// each block), because they may have to answer ko threats in their
	// territory; omitted when none.
	Walls []string `json:"walls,omitempty"`
	// Best are the optimal first moves under Japanese counting
	// ("tile:point", or "pass"; null when not decided).
	Best JSONBest `json:"best"`
	// PV is a principal variation under Japanese counting with each side
	// first ("B D5", "W pass"; every move keeps the score; null when not
	// found).
	PV   JSONBest `json:"pv"`
	Note string   `json:"note"`
}

// JSONBest are the optimal first moves with each side first.
type JSONBest struct {
	BlackFirst []string `json:"blackFirst"`
	WhiteFirst []string `json:"whiteFirst"`
}

// SearchNote says what a board search leaves unknown.
const SearchNote = "the searched tiles are played on the board under real rules inside the sum of the valued tiles: the Japanese and Chinese scores are exact when the search proves them, the Mathematical Go value of the position is not known"

// JSONAssumption is a block's status assumed, not proven: the block (its
// first stone), colour, stones, the status, its source and why the
// analysis did not prove it.
type JSONAssumption struct {
	// Kind is "block" (a block's status), "area" (an area assumed
	// territory: Block is its first point, Points its size) or "point"
	// (an empty point assumed "filled" by Color before counting, a
	// teire: Block is the point).
	Kind   string `json:"kind"`
	Points int    `json:"points,omitempty"`
	Block  string `json:"block"`
	Color  string `json:"color"`
	Stones int    `json:"stones"`
	Status string `json:"status"`
	Source string `json:"source"`
	Why    string `json:"why"`
}

// JSONAssumptions are the report's assumptions (Report.Assumptions) as
// the JSON document gives them, in the same order.
func (r *Report) JSONAssumptions() []JSONAssumption {
	b := r.Board()
	var out []JSONAssumption
	for _, as := range r.Assumptions {
		kind := "block"
		switch {
		case as.Area:
			kind = "area"
		case as.Point:
			kind = "point"
		}
		out = append(out, JSONAssumption{Kind: kind, Points: as.Points, Block: b.Name(as.Block), Color: as.Color.String(), Stones: as.Stones,
			Status: string(as.Status), Source: as.Source, Why: as.Why})
	}
	return out
}

// Statement says what is assumed, in the words of the text output:
// "block C19 (white, 1 stone) alive", "the area at A1 (12 points)
// black's territory", "point D19 filled by white before counting".
func (as JSONAssumption) Statement() string {
	switch as.Kind {
	case "area":
		return fmt.Sprintf("the area at %s (%d points) %s's territory", as.Block, as.Points, as.Color)
	case "point":
		return fmt.Sprintf("point %s filled by %s before counting", as.Block, as.Color)
	}
	return fmt.Sprintf("block %s (%s, %d %s) %s", as.Block, as.Color, as.Stones, plural(as.Stones, "stone", "stones"), as.Status)
}

// JSONKoThreat is a wall that may have to answer in its territory: its
// first block, its colour, all its blocks and why.
type JSONKoThreat struct {
	Block  string   `json:"block"`
	Color  string   `json:"color"`
	Group  []string `json:"group"`
	Reason string   `json:"reason"`
}

// JSONTriage is the triage's verdict (Verdict): endgame false for an
// opening or a middle game ("not an endgame yet: ..."), valuable false
// also for an endgame mathgo cannot value yet (the end of a counted game
// with a territory too large to prove).
type JSONTriage struct {
	Endgame  bool   `json:"endgame"`
	Valuable bool   `json:"valuable"`
	Reason   string `json:"reason"`
}

// JSONSize is the board size.
type JSONSize struct {
	Cols int `json:"cols"`
	Rows int `json:"rows"`
}

// JSONColors holds one number per colour.
type JSONColors struct {
	Black int `json:"black"`
	White int `json:"white"`
}

// JSONCert is the certificate of one wall block.
type JSONCert struct {
	Block  string `json:"block"`
	Color  string `json:"color"`
	Status string `json:"status"`
	Source string `json:"source,omitempty"`
}

// JSONTile is one tile. Values are null when the tile has none.
type JSONTile struct {
	ID          string     `json:"id"`
	Points      []string   `json:"points"`
	Kind        string     `json:"kind"`
	Count       *string    `json:"count"`
	Chilled     *string    `json:"chilled"`
	Mean        *string    `json:"mean"`
	Temperature *string    `json:"temperature"`
	Boundary    []JSONCert `json:"boundary"`
	// Miai and Sente are the players' words (thermograph.Classify): the
	// miai value in points and gote/black/white/.../ambiguous; null for a
	// tile whose count is a number or an infinitesimal (no move worth a
	// point).
	Miai     *string  `json:"miai"`
	Sente    *string  `json:"sente"`
	Area     *string  `json:"area,omitempty"`
	WarmOK   *bool    `json:"warmOK,omitempty"`
	Corridor *string  `json:"corridor,omitempty"`
	Cycle    []string `json:"cycle,omitempty"`
	Error    *string  `json:"error,omitempty"`
	// Reason says why an unresolved tile has no value.
	Reason *string `json:"reason,omitempty"`
	// Ko is a ko tile's view under the rules players play (the simple ko
	// ban): its ko thermographs with each komaster and its class (see
	// ko.go); Count and Chilled hold its Mathematical Go (loopy) values.
	Ko *JSONKo `json:"ko,omitempty"`
}

// JSONTotal is the total of the tiles, territory and prisoners.
type JSONTotal struct {
	Count       *string `json:"count"`
	Chilled     *string `json:"chilled"`
	LeftStop    *string `json:"leftStop"`
	RightStop   *string `json:"rightStop"`
	Mean        *string `json:"mean"`
	Temperature *string `json:"temperature"`
}

// JSONBounds bound the scores of a partial analysis: [lo, hi] with each
// player first.
type JSONBounds struct {
	Japanese JSONRange  `json:"japanese"`
	Chinese  *JSONRange `json:"chinese,omitempty"`
}

// JSONRange holds a [lo, hi] pair per first player.
type JSONRange struct {
	BlackFirst [2]string `json:"blackFirst"`
	WhiteFirst [2]string `json:"whiteFirst"`
}

// JSONFirst holds one answer per first player.
type JSONFirst struct {
	BlackFirst *string `json:"blackFirst"`
	WhiteFirst *string `json:"whiteFirst"`
}

// JSONOutcome is the outcome under the three rule sets.
type JSONOutcome struct {
	MGO      JSONFirst `json:"mgo"`
	Japanese JSONFirst `json:"japanese"`
	Chinese  JSONFirst `json:"chinese"`
}

func ptr[T any](v T) *T { return &v }

// JSON converts the report to the contract's JSON shape. Canonical forms
// longer than maxPrint characters (0: no limit) are null, with a warning.
func (r *Report) JSON(maxPrint int) JSON { return r.jsonOf(maxPrint, false) }

// UnicodeJSON is JSON with the canonical forms of the tiles and the total
// printed with ↑ ↓ ⋆ ± (cgt.Game.Format's unicode notation), for the text
// report of `analyze --unicode`: the contract's JSON is always CGSuite's
// ASCII. Loopy values (ko tiles) have no unicode notation and print as
// JSON does.
func (r *Report) UnicodeJSON(maxPrint int) JSON { return r.jsonOf(maxPrint, true) }

// jsonOf is JSON, with canonical forms in unicode notation when unicode
// is set.
func (r *Report) jsonOf(maxPrint int, unicode bool) JSON {
	a := r.Analysis
	b := a.Board()
	out := JSON{
		Size:      JSONSize{b.Cols(), b.Rows()},
		Prisoners: JSONColors{a.Prisoners[board.Black] - r.credit[board.Black], a.Prisoners[board.White] - r.credit[board.White]},
		Tiles:     []JSONTile{},
		Triage:    JSONTriage{Endgame: r.Triage.Endgame, Valuable: r.Triage.Valuable, Reason: r.Triage.Reason},
		Problems:  slices.Clone(r.Problems),
		Warnings:  slices.Clone(r.Warnings),
		Positions: a.Positions,
		Seconds:   r.Elapsed.Seconds(),
	}
	if !r.Proven() {
		out.Settled = &JSONSettled{Points: r.ProvenSettled, Of: b.Size()}
	}
	out.Assumptions = r.JSONAssumptions()
	out.Conditional = len(out.Assumptions) > 0
	limited := func(g cgt.Game, what string) *string {
		s, ok := g.FormatLimit(unicode, maxPrint)
		if !ok {
			out.Warnings = append(out.Warnings, fmt.Sprintf("%s: canonical form left out (longer than %d characters when printed; --max-print raises the limit); its stops, mean and temperature are exact", what, maxPrint))
			return nil
		}
		return &s
	}
	for _, t := range a.Tiles {
		jt := JSONTile{ID: t.ID, Kind: string(t.Kind), Boundary: []JSONCert{}, Cycle: t.Cycle}
		for _, p := range t.Points {
			jt.Points = append(jt.Points, b.Name(p))
		}
		for _, c := range t.Boundary {
			jt.Boundary = append(jt.Boundary, JSONCert{Block: b.Name(c.Block), Color: c.Color.String(), Status: c.Status.String(), Source: c.Source})
		}
		if t.Err == nil {
			jt.Count = limited(t.Count, "tile "+t.ID+" count")
			jt.Chilled = limited(t.Chilled, "tile "+t.ID+" chilled")
			jt.Mean, jt.Temperature = ptr(t.Count.Mean().String()), ptr(t.Count.Temperature().String())
			if w, ok := thermograph.Classify(t.Count); ok {
				jt.Miai, jt.Sente = ptr(w.Miai.String()), ptr(w.Sente.String())
			}
			if t.AreaOK {
				jt.Area = limited(t.Area, "tile "+t.ID+" area")
			}
			jt.WarmOK = ptr(t.WarmOK)
			if t.Corridor != "" {
				jt.Corridor = ptr(t.Corridor)
			}
		} else if t.Ko != nil {
			r.koTileJSON(t, &jt, maxPrint, &out.Warnings)
		} else {
			jt.Error = ptr(t.Err.Error())
			jt.Kind, jt.Reason = "unresolved", ptr(t.Err.Error())
		}
		if s := r.Decision.Search; s != nil && s.Exact && slices.Contains(s.Region.Tiles, t.ID) {
			jt.Kind = "searched"
		}
		if r.Totals != nil && slices.Contains(r.Decision.Cyclic, t.ID) {
			jt.Kind = "drift" // no value, played exactly with the ko ban
		}
		out.Tiles = append(out.Tiles, jt)
	}
	if s := r.Decision.Search; s != nil {
		out.Search = &JSONSearch{Tiles: s.Region.Tiles, Points: len(s.Region.Points), Exact: s.Exact, Nodes: s.Nodes, Note: SearchNote,
			Best: JSONBest{BlackFirst: s.Optimal[cgt.Left], WhiteFirst: s.Optimal[cgt.Right]},
			PV:   JSONBest{BlackFirst: s.PV[cgt.Left], WhiteFirst: s.PV[cgt.Right]}}
		for _, p := range s.Region.Walls {
			out.Search.Walls = append(out.Search.Walls, r.Board().Name(p))
		}
	}
	u := ptr(solve.Unknown.String())
	tot := r.Totals
	finish := func() JSON {
		if r.Decision.KoTiles {
			r.koTotalJSON(&out, maxPrint)
		}
		return out
	}
	if tot == nil {
		out.Outcome.MGO = JSONFirst{u, u}
		if bd := r.Bounds; bd != nil {
			out.Partial = true
			rng := func(v [2][2]cgt.Dyadic) JSONRange {
				return JSONRange{
					BlackFirst: [2]string{v[cgt.Left][0].String(), v[cgt.Left][1].String()},
					WhiteFirst: [2]string{v[cgt.Right][0].String(), v[cgt.Right][1].String()},
				}
			}
			out.Bounds = &JSONBounds{Japanese: rng(bd.Japanese)}
			if bd.ChineseOK {
				c := rng(bd.Chinese)
				out.Bounds.Chinese = &c
			}
		}
		return finish()
	}
	if tot.CountOK {
		out.Total.Count = limited(tot.Count, "total count")
		out.Total.Temperature = ptr(tot.Temperature.String())
	}
	if tot.ChilledOK {
		out.Total.Chilled = limited(tot.Chilled, "total chilled")
	}
	if !tot.Board {
		out.Total.Mean = ptr(tot.Mean.String())
	}
	if !tot.NoJapanese {
		out.Total.LeftStop, out.Total.RightStop = ptr(tot.Japanese[cgt.Left].String()), ptr(tot.Japanese[cgt.Right].String())
	}
	out.Outcome.MGO = JSONFirst{ptr(tot.Winner[cgt.Left].String()), ptr(tot.Winner[cgt.Right].String())}
	out.Outcome.Japanese = JSONFirst{out.Total.LeftStop, out.Total.RightStop}
	if tot.ChineseOK {
		out.Outcome.Chinese = JSONFirst{ptr(tot.Chinese[cgt.Left].String()), ptr(tot.Chinese[cgt.Right].String())}
	}
	return finish()
}
