package endgame

import (
	"fmt"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/cgt/loopy"
	"github.com/mathgo/mathgo/play"
	"github.com/mathgo/mathgo/realgo"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/safety"
	"github.com/mathgo/mathgo/solve"
	"github.com/mathgo/mathgo/thermograph"
	"github.com/mathgo/mathgo/tiles"
)

// Kos. A position with ko tiles is valued under two rule sets, both
// stated in every output:
//
//   - Mathematical Go (no ko ban, endless play a draw): each ko tile has a
//     loopy value (tiles.KoValue); the winner is the outcome class of the
//     loopy total (solve.DecideKo), and may be a draw.
//   - Japanese and Chinese counting with the simple ko ban (the rules
//     players play): the tiles' whole position graphs are played together
//     with the ban (solve.BanGame), exactly when the state space is small
//     enough; otherwise the scores are bounded (each ko tile between the
//     lowest and highest score it can settle at, as the partial analysis
//     bounds an unresolved tile) and the report is not exact. Each ko tile
//     also gets its ko thermographs with Black and with White as komaster
//     (thermograph.KoThermographs): its mean and temperature under each,
//     and its class.

// DefaultBanStates bounds the states of exact play with a ko ban.
const DefaultBanStates = solve.DefaultBanStates

// KoReport is what the analysis says of a position with ko tiles.
type KoReport struct {
	// MGO are the Mathematical Go totals (nil when they could not be
	// decided; the reason is among the report's problems).
	MGO *solve.KoTotals
	// Japanese and Chinese are the results of exact play with the ko ban
	// (nil when the state space was too large; Chinese also when a tile
	// has no area game).
	Japanese, Chinese *solve.BanResult
	// Thermographs are the ko thermographs of the ko tiles, by tile ID
	// (missing when they could not be computed; see Warnings).
	Thermographs map[string]*thermograph.KoAnalysis
	// Ban is the exact game of the ko ban under Japanese counting, when it
	// was built (for play); ChineseBan the same under Chinese counting.
	Ban, ChineseBan *solve.BanGame
	// MaxStates is the bound on the states of exact play with the ban.
	MaxStates int
	// Threats are the settled walls that may have to answer a move in
	// their territory: ko threats the tiles do not model. When there are
	// any, the scores are bracketed by exact play in which the side the
	// threats serve may ignore the ban at will (JapaneseRange,
	// ChineseRange: [0] bounds Black's score from below, [1] from
	// above); Japanese and Chinese are then set only when the two meet,
	// and Ban and ChineseBan are nil (their moves ignore the threats).
	Threats                     []safety.ThreatSource
	JapaneseRange, ChineseRange [2]*solve.BanResult
	// RangeGames and ChineseRangeGames are the games of JapaneseRange
	// and ChineseRange: Black's moves are judged in [0] (where Black has
	// no free retake) against [1], White's in [1] against [0]
	// (RangeGame).
	RangeGames, ChineseRangeGames [2]*solve.BanGame
	// RealDiffers is set when a whole-board search under real rules
	// (package realgo, on a small board) contradicted exact play with the
	// ban: the scores are then bounds, and the games' values do not
	// tighten them. Real holds that search's scores (nil if not run).
	RealDiffers bool
	Real        *realgo.Result
	// Reckoned counts the ends with a tile unsettled that the games with
	// the ban reckoned as real rules do (whole boards only; reckon.go).
	Reckoned int

	ends [2]*endReckoner // Japanese, Chinese: nil when the game settles every tile
}

// RangeGame returns, when walls give ko threats, the two games that
// bracket the scores (Japanese, or Chinese with chinese set): own is the
// one in which colour c takes no free retake (its moves there are the
// real legal moves, and its optimal moves guarantee c that game's value),
// other the one in which c may. Nil when there are no threats or the
// games were not built.
func (k *KoReport) RangeGame(c board.Color, chinese bool) (own, other *solve.BanGame) {
	gs := k.RangeGames
	if chinese {
		gs = k.ChineseRangeGames
	}
	if len(k.Threats) == 0 || gs[0] == nil || gs[1] == nil {
		return nil, nil
	}
	if c == board.Black {
		return gs[0], gs[1]
	}
	return gs[1], gs[0]
}

// koTotal adds the values of a position whose unvalued tiles are all ko
// tiles with loopy values. It reports false (doing nothing) for any other
// position.
func (r *Report) koTotal(opts Options) bool {
	a := r.Analysis
	var kos []*tiles.Tile
	for _, t := range a.Tiles {
		switch {
		case t.Ko != nil:
			kos = append(kos, t)
		case t.Err != nil:
			return false
		}
	}
	if len(kos) == 0 {
		return false
	}
	kr := &KoReport{Thermographs: map[string]*thermograph.KoAnalysis{}}
	r.Ko = kr
	for _, t := range kos {
		th, err := thermograph.KoThermographs(KoGameOf(t.Ko.Graph), 0)
		if err != nil {
			r.Warnings = append(r.Warnings, fmt.Sprintf("tile %s: no ko thermograph: %v", t.ID, err))
			continue
		}
		kr.Thermographs[t.ID] = th
	}
	// Mathematical Go.
	prisoners := cgt.Int(int64(a.Prisoners[board.Black] - a.Prisoners[board.White]))
	short, chilled := []cgt.Game{prisoners}, []cgt.Game{prisoners}
	kv, kc := kosValues(kos)
	for _, t := range a.Tiles {
		if t.Ko == nil {
			short = append(short, t.Count)
			chilled = append(chilled, t.Chilled)
		}
	}
	mgo, err := solve.DecideKo(short, chilled, kv, kc, solve.TotalsOptions{MaxTotalGames: opts.MaxTotalGames, SearchNodes: opts.SearchNodes})
	if mgo != nil {
		r.Nodes += mgo.Nodes
		r.Warnings = append(r.Warnings, mgo.Warnings...)
	}
	if err == nil {
		err = r.confirmDraws(mgo)
	}
	if err != nil {
		r.Problems = append(r.Problems, "Mathematical Go winner not decided: "+err.Error())
	} else {
		kr.MGO = mgo
	}
	// Japanese and Chinese, with the ko ban.
	maxStates := opts.BanStates
	if maxStates <= 0 {
		maxStates = DefaultBanStates
	}
	kr.MaxStates = maxStates
	base := a.Prisoners[board.Black] - a.Prisoners[board.White]
	// Right after a ko capture (a game record, a GTP board) the player to
	// move may not take back at once: play starts with that ban.
	ban := solve.NoBan
	if k, c := r.Position.Board.KoRecapture(); r.Position.Board.KoPoint() != board.Pass {
		ban = solve.StartBan{Point: k, Color: c}
	}
	// Walls that live only by answering in their territory give ko
	// threats the tiles do not model (safety.Result.KoThreatSources).
	if r.safety != nil {
		kr.Threats = r.safety.KoThreatSources(opts.SolverNodes)
	}
	var free [3]bool // by colour: has threats from the other side's walls
	for _, src := range kr.Threats {
		r.Nodes += src.Nodes
		free[src.Color.Opponent()] = true
	}
	areaOK := true
	for _, t := range a.Tiles {
		if t.Ko == nil && !t.AreaOK {
			areaOK = false
		}
	}
	var why []string
	chineseSaid := false // the warning on the ko threats says why there is no Chinese score
	// On a whole board, two passes may end the game with a tile unsettled,
	// reckoned as real rules reckon it (reckon.go).
	jEnd, cEnd := r.realEnd(rules.Japanese, base), r.realEnd(rules.Chinese, 0)
	kr.ends = [2]*endReckoner{jEnd, cEnd}
	jp, game, err := solve.SolveBanWith(a, rules.Japanese, base, maxStates, solve.BanOptions{Start: ban, End: jEnd.option()})
	if err == nil {
		err = jEnd.checked(game)
	}
	if err != nil {
		why = append(why, err.Error())
	} else {
		kr.Japanese, kr.Ban = jp, game
		r.Nodes += jp.States
		if areaOK {
			ch, chg, cerr := solve.SolveBanWith(a, rules.Chinese, 0, maxStates, solve.BanOptions{Start: ban, End: cEnd.option()})
			if cerr == nil {
				cerr = cEnd.checked(chg)
			}
			if cerr == nil {
				kr.Chinese, kr.ChineseBan = ch, chg
				r.Nodes += ch.States
			} else {
				r.Warnings = append(r.Warnings, "Chinese score with the ko ban not computed: "+cerr.Error())
			}
		}
	}
	if err == nil && len(kr.Threats) > 0 {
		// The real result lies between the game in which White may
		// ignore the ban at will (every threat White's walls give Black
		// answered) and the one in which Black may: exact when they meet.
		kr.Japanese, kr.Chinese = r.threatRange(a, rules.Japanese, base, maxStates, ban, free, &kr.JapaneseRange, &kr.RangeGames), nil
		if areaOK {
			kr.Chinese = r.threatRange(a, rules.Chinese, 0, maxStates, ban, free, &kr.ChineseRange, &kr.ChineseRangeGames)
		}
		kr.Ban, kr.ChineseBan = nil, nil // their optimal moves need not withstand the threats
		b := r.Board()
		var walls []string
		for _, src := range kr.Threats {
			walls = append(walls, fmt.Sprintf("%s (%s: %s)", b.Name(src.Block), src.Color, src.Reason))
		}
		if kr.Japanese != nil {
			msg := fmt.Sprintf("walls that live by answering in their territory give ko threats: %s; the Japanese score with the ko ban is the same whoever has every threat, so it stands", strings.Join(walls, "; "))
			if areaOK && kr.Chinese == nil {
				msg += "; the Chinese score depends on them and is left out"
				if lo, hi := kr.ChineseRange[0], kr.ChineseRange[1]; lo != nil && hi != nil {
					msg += fmt.Sprintf(" (the area of the playing area between %s and %s with Black first)", lo.Value[cgt.Left], hi.Value[cgt.Left])
				}
				chineseSaid = true
			}
			r.Warnings = append(r.Warnings, msg)
		} else {
			why = append(why, fmt.Sprintf("walls that live by answering in their territory give ko threats, and the scores with the ko ban depend on them: %s", strings.Join(walls, "; ")))
		}
	}
	if kr.Japanese != nil {
		for _, p := range []cgt.Player{cgt.Left, cgt.Right} {
			if !kr.Japanese.Value[p].Exact() {
				why = append(why, fmt.Sprintf("with %s first the Japanese score is %s: endless play (or a ko no one settles) is at stake", solve.WinnerOf(p), kr.Japanese.Value[p]))
			}
		}
	}
	exact := kr.MGO != nil && kr.Japanese != nil && kr.Japanese.Value[cgt.Left].Exact() && kr.Japanese.Value[cgt.Right].Exact()
	if exact {
		t := &solve.Totals{Winner: kr.MGO.Winner}
		for _, p := range []cgt.Player{cgt.Left, cgt.Right} {
			t.Japanese[p] = cgt.DyadicInt(int64(kr.Japanese.Value[p].Lo))
		}
		if c := kr.Chinese; c != nil && c.Value[cgt.Left].Exact() && c.Value[cgt.Right].Exact() {
			t.ChineseOK = true
			for _, p := range []cgt.Player{cgt.Left, cgt.Right} {
				t.Chinese[p] = cgt.DyadicInt(int64(c.Value[p].Lo))
			}
		} else if !chineseSaid {
			r.Warnings = append(r.Warnings, "Chinese result not computed with the ko ban (a tile has no area game, or endless play is at stake)")
		}
		if diff := r.confirmReal(t, opts); len(diff) == 0 {
			r.Totals = t
			return true
		} else {
			kr.RealDiffers = true
			r.Problems = append(r.Problems, "the scores with the ko ban are not stated: "+strings.Join(diff, "; ")+
				"; the tiles do not model something the whole board has")
		}
	}
	if len(why) > 0 {
		r.Problems = append(r.Problems, "Japanese score with the ko ban not proven: "+strings.Join(why, "; "))
	}
	r.koBounds(kos, opts)
	return true
}

// threatRange solves the two games that bracket the real result when
// walls give ko threats (free: the colours that have some): in the first
// White may ignore the ban whenever it has threats, in the second Black
// may. It stores them in rng and returns a result holding the score with
// each player first when the lower bound of the first meets the upper
// bound of the second, nil otherwise (or when a game is too large).
func (r *Report) threatRange(a *tiles.Analysis, counting rules.Counting, base, maxStates int, ban solve.StartBan, free [3]bool, rng *[2]*solve.BanResult, games *[2]*solve.BanGame) *solve.BanResult {
	for i, c := range []board.Color{board.White, board.Black} {
		var opts solve.BanOptions
		opts.Start = ban
		opts.Threats[c] = free[c]
		end := r.Ko.ends[0]
		if counting == rules.Chinese {
			end = r.Ko.ends[1]
		}
		opts.End = end.option()
		res, g, err := solve.SolveBanWith(a, counting, base, maxStates, opts)
		if err == nil {
			err = end.checked(g)
		}
		if err != nil {
			return nil
		}
		r.Nodes += res.States
		rng[i], games[i] = res, g
	}
	out := &solve.BanResult{Counting: counting, States: rng[0].States + rng[1].States}
	for _, p := range []cgt.Player{cgt.Left, cgt.Right} {
		lo, hi := rng[0].Value[p], rng[1].Value[p]
		if !lo.LoOK || !hi.HiOK || lo.Lo != hi.Hi {
			return nil
		}
		out.Value[p] = solve.BanValue{Lo: lo.Lo, Hi: lo.Lo, LoOK: true, HiOK: true}
	}
	return out
}

// drawCheckNodes bounds the whole-board search that confirms a draw.
const drawCheckNodes = 200_000

// confirmDraws checks a draw of the loopy total against the whole-board
// search (solve.SolveAlphaBeta: retrograde analysis once a position
// repeats, walls only declared or pass-alive) when that search fits in
// drawCheckNodes, and refuses a draw it contradicts. A draw too large to
// check stands on the loopy total alone. (The two once disagreed on about
// one random ko board in three hundred: the tiles' loopy values had folded
// prisoners and territory into their leaves, so a player could not spend
// one as a tempo inside a ko; tiles.PosGraph.Loopy now gives the players
// those moves, and the two agree on 2,100 random ko boards of up to 12
// empty points, 825 draws among their 4,200 results.)
func (r *Report) confirmDraws(m *solve.KoTotals) error {
	for _, c := range []board.Color{board.Black, board.White} {
		if m.Winner[solve.PlayerOf(c)] != solve.Draw {
			continue
		}
		res, err := solve.SolveAlphaBeta(r.Position, solve.Options{MaxNodes: drawCheckNodes, First: c})
		if err != nil || !res.Complete() {
			continue // too large to check: the loopy total decides
		}
		if w := res.Winner(c); w != solve.Draw {
			return fmt.Errorf("with %s first the loopy total of the ko tiles says draw but a whole-board search says %s wins; mathgo states neither (a bug: please report the position)", c, w)
		}
	}
	return nil
}

// kosValues returns the count and chilled loopy values of the ko tiles.
func kosValues(kos []*tiles.Tile) (count, chilled []loopy.Value) {
	for _, t := range kos {
		count = append(count, t.Ko.Count)
		chilled = append(chilled, t.Ko.Chilled)
	}
	return count, chilled
}

// koBounds bounds the scores when exact play with the ko ban is out of
// reach: the other tiles add up exactly, and each ko tile's final score
// lies between the lowest and the highest score at which its position
// graph settles, as the partial analysis bounds an unresolved tile (on a
// whole board, where the game may end with the ko open, between
// everything in it going to White and everything going to Black).
func (r *Report) koBounds(kos []*tiles.Tile, opts Options) {
	a := r.Analysis
	prisoners := cgt.Int(int64(a.Prisoners[board.Black] - a.Prisoners[board.White]))
	count, chilled := []cgt.Game{prisoners}, []cgt.Game{prisoners}
	var area []cgt.Game
	areaOK, stones := true, 0
	for _, t := range a.Tiles {
		if t.Ko != nil {
			continue
		}
		count, chilled = append(count, t.Count), append(chilled, t.Chilled)
		if t.AreaOK {
			area = append(area, t.Area)
			stones += t.Stones
		} else {
			areaOK = false
		}
	}
	area = append(area, cgt.Int(int64(stones)))
	var jLo, jHi, cLo, cHi int64
	for _, t := range kos {
		lo, hi, clo, chi, ok := koExtremes(a, t, opts)
		if r.Ko != nil && r.Ko.ends[0] != nil {
			// Two passes may end the game with the ko open, reckoned as
			// real rules do: the tile's settled scores do not bound that.
			ok = false
		}
		if !ok {
			lo, hi = extremes(a, t)
			n := int64(len(t.Points))
			clo, chi = -n, n
		}
		jLo, jHi, cLo, cHi = jLo+lo, jHi+hi, cLo+clo, cHi+chi
	}
	tot, err := solve.Decide(solve.Values{Count: count, Chilled: chilled, Area: area, AreaOK: areaOK},
		solve.TotalsOptions{MaxTotalGames: opts.MaxTotalGames, SearchNodes: opts.SearchNodes})
	if err != nil {
		r.Problems = append(r.Problems, "the tiles other than the kos could not be added up by search: "+err.Error())
		return
	}
	r.Nodes += tot.Nodes
	b := &Bounds{ChineseOK: tot.ChineseOK}
	for _, p := range []cgt.Player{cgt.Left, cgt.Right} {
		b.Japanese[p] = [2]cgt.Dyadic{tot.Japanese[p].Add(cgt.DyadicInt(jLo)), tot.Japanese[p].Add(cgt.DyadicInt(jHi))}
		if tot.ChineseOK {
			b.Chinese[p] = [2]cgt.Dyadic{tot.Chinese[p].Add(cgt.DyadicInt(cLo)), tot.Chinese[p].Add(cgt.DyadicInt(cHi))}
		}
		// Exact play of the whole sum, when it ran, may bound more tightly;
		// when walls give ko threats, the two games that bracket them do
		// (and neither when real rules contradicted them).
		lo, hi := r.Ko.Japanese, r.Ko.Japanese
		if r.Ko.RealDiffers {
			lo, hi = nil, nil
		}
		if len(r.Ko.Threats) > 0 {
			lo, hi = r.Ko.JapaneseRange[0], r.Ko.JapaneseRange[1]
		}
		if lo != nil && hi != nil {
			if v := lo.Value[p]; v.LoOK && cgt.DyadicInt(int64(v.Lo)).Cmp(b.Japanese[p][0]) > 0 {
				b.Japanese[p][0] = cgt.DyadicInt(int64(v.Lo))
			}
			if v := hi.Value[p]; v.HiOK && cgt.DyadicInt(int64(v.Hi)).Cmp(b.Japanese[p][1]) < 0 {
				b.Japanese[p][1] = cgt.DyadicInt(int64(v.Hi))
			}
		}
	}
	// A whole-board search under real rules, when it ran, is exact: the
	// bounds hold its scores.
	if real := r.Ko.Real; real != nil {
		walls := cgt.DyadicInt(int64(r.WallStones()))
		for _, first := range []board.Color{board.Black, board.White} {
			p := solve.PlayerOf(first)
			if jp := real.Get(rules.Japanese, first); jp.Known {
				widen(&b.Japanese[p], cgt.DyadicInt(int64(jp.Score)))
			}
			if ch := real.Get(rules.Chinese, first); ch.Known && b.ChineseOK {
				widen(&b.Chinese[p], cgt.DyadicInt(int64(ch.Score)).Sub(walls))
			}
		}
	}
	r.Bounds = b
}

// widen stretches the interval b to hold x.
func widen(b *[2]cgt.Dyadic, x cgt.Dyadic) {
	if x.Cmp(b[0]) < 0 {
		b[0] = x
	}
	if x.Cmp(b[1]) > 0 {
		b[1] = x
	}
}

// realCheckNodes and realCheckPoints bound the whole-board search under
// real rules that checks the scores of a small position with kos
// (confirmReal): its nodes, and the board's points (7x7; a 9x9 board
// near its end already takes seconds).
const (
	realCheckNodes  = 200_000
	realCheckPoints = 49
)

// confirmReal checks the scores t found by exact play with the ko ban
// against a whole-board search under real rules (package realgo: passes
// end the game whatever is unsettled, the end reckoned by the rules),
// when the position is a whole board without declared stones small
// enough for it. It returns the disagreements, none when the search
// agrees or could not decide.
func (r *Report) confirmReal(t *solve.Totals, opts Options) []string {
	pos := r.Position
	if opts.NoRealCheck || pos.Open.Any() || pos.Board.Size() > realCheckPoints {
		return nil
	}
	for _, im := range pos.Immortal {
		if im {
			return nil
		}
	}
	res, err := realgo.Solve(pos, realgo.Options{NoMoves: true, MaxNodes: realCheckNodes})
	if err != nil {
		return nil
	}
	r.Ko.Real = res
	var diff []string
	walls := cgt.DyadicInt(int64(r.WallStones()))
	for _, first := range []board.Color{board.Black, board.White} {
		p := solve.PlayerOf(first)
		if jp := res.Get(rules.Japanese, first); jp.Known && !t.Japanese[p].Equal(cgt.DyadicInt(int64(jp.Score))) {
			diff = append(diff, fmt.Sprintf("with %s first they give Japanese %s, a whole-board search under real rules %d", first, t.Japanese[p], jp.Score))
		}
		if ch := res.Get(rules.Chinese, first); ch.Known && t.ChineseOK && !t.Chinese[p].Add(walls).Equal(cgt.DyadicInt(int64(ch.Score))) {
			diff = append(diff, fmt.Sprintf("with %s first they give Chinese %s, a whole-board search under real rules %d (%s with the walls' stones)", first, t.Chinese[p].Add(walls), ch.Score, t.Chinese[p]))
		}
	}
	return diff
}

// WallStones returns Black's wall stones minus White's: what the area of
// the playing area (the report's Chinese scores) leaves out of the whole
// board's area.
func (r *Report) WallStones() int {
	b := r.Board()
	n := 0
	for p := range b.Size() {
		if !r.Analysis.Immortal[p] {
			continue
		}
		switch b.At(board.Point(p)) {
		case board.Black:
			n++
		case board.White:
			n--
		}
	}
	return n
}

// koExtremes returns the lowest and highest Japanese and Chinese scores a
// ko tile can settle at: over the settled positions of its whole position
// graph.
func koExtremes(a *tiles.Analysis, t *tiles.Tile, opts Options) (lo, hi, clo, chi int64, ok bool) {
	g, err := a.PosGraph(t.ID, tiles.GraphOptions{ExpandShort: true, MaxNodes: opts.BanStates})
	if err != nil {
		return 0, 0, 0, 0, false
	}
	first, cfirst := true, true
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if !n.Short {
			continue
		}
		if ls, rs := n.Count.LeftStop(), n.Count.RightStop(); ls.Equal(rs) && ls.IsInteger() {
			v, _ := ls.Int64()
			if first || v < lo {
				lo = v
			}
			if first || v > hi {
				hi = v
			}
			first = false
		}
		if n.AreaOK {
			if ls, rs := n.Area.LeftStop(), n.Area.RightStop(); ls.Equal(rs) && ls.IsInteger() {
				v, _ := ls.Int64()
				if cfirst || v < clo {
					clo = v
				}
				if cfirst || v > chi {
					chi = v
				}
				cfirst = false
			}
		}
	}
	if first || cfirst {
		return 0, 0, 0, 0, false
	}
	return lo, hi, clo, chi, true
}

// KoGameOf converts a ko tile's position graph (short positions as
// leaves) to the input of the ko thermographs.
func KoGameOf(g *tiles.PosGraph) *thermograph.KoGame {
	return play.KoGame(g, func(n *tiles.PosNode) (cgt.Game, bool) { return n.Count, !n.Expanded })
}

// mgoWinner returns the Mathematical Go winner of a position with ko
// tiles (Unknown when not decided).
func (r *Report) mgoWinner(first board.Color) solve.Winner {
	if r.Ko == nil || r.Ko.MGO == nil {
		return solve.Unknown
	}
	return r.Ko.MGO.Winner[solve.PlayerOf(first)]
}

// mgoDecided reports whether the Mathematical Go winner of a position with
// ko tiles is decided, whatever the Japanese score (which Mathematical Go
// does not need).
func (r *Report) mgoDecided() bool {
	return r.Ko != nil && r.Ko.MGO != nil
}

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
	if r.Ko != nil {
		if th := r.Ko.Thermographs[t.ID]; th != nil {
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
	kr := r.Ko
	out.RuleSets = &JSONRules{
		MGO:      "Mathematical Go: no ko ban (a ko may be taken back at once), endless play is a draw; count and chilled values are loopy (CGSuite's notation, onside & offside)",
		Japanese: "simple ko ban (a ko just taken may not be taken back at once; any other move or a pass lifts the ban), passes allowed, the game ends by two passes once every tile is settled; Japanese counts territory and prisoners, Chinese the area of the playing area",
	}
	if kr.ends[0] != nil {
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
	if m := kr.MGO; m != nil {
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

// winsWord writes a Mathematical Go winner for the text table: "black
// wins", "white wins", "draw" or "unknown".
func winsWord(w string) string {
	switch w {
	case string(solve.Black), string(solve.White):
		return w + " wins"
	}
	return w
}

// writeKoText writes the lines of the text report about kos: each ko
// tile's ko thermographs, and the rule sets.
func writeKoText(j JSON, line func(prefix, text string)) {
	for _, tl := range j.Tiles {
		k := tl.Ko
		if k == nil {
			continue
		}
		if k.BlackKomaster == nil {
			if k.Reason != nil {
				line("tile "+tl.ID+" (ko): ", *k.Reason)
			}
			continue
		}
		line("tile "+tl.ID+" (ko): ", fmt.Sprintf("with Black komaster mean %s, temperature %s; with White komaster mean %s, temperature %s; %s (depends on the komaster: %s)",
			k.BlackKomaster.Mean, k.BlackKomaster.Temperature, k.WhiteKomaster.Mean, k.WhiteKomaster.Temperature, *k.Class, *k.Dependence))
	}
	if j.RuleSets != nil {
		line("rules: ", j.RuleSets.MGO)
		line("       ", "Japanese and Chinese: "+j.RuleSets.Japanese)
	}
}
