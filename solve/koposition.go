package solve

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/cgt/loopy"
	"github.com/mathgo/mathgo/mgo"
	"github.com/mathgo/mathgo/realgo"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/tiles"
)

// Kos. A position with ko tiles is decided under two rule sets, both
// stated in every output:
//
//   - Mathematical Go (no ko ban, endless play a draw): each ko tile has a
//     loopy value (tiles.KoValue); the winner is the outcome class of the
//     loopy total (DecideKo), and may be a draw, which a whole-board
//     search confirms where it fits its budget;
//   - Japanese and Chinese counting with the simple ko ban (the rules
//     players play): the tiles' whole position graphs are played together
//     with the ban (BanGame), exactly when the state space is small
//     enough; otherwise the scores are bounded (each ko tile between the
//     lowest and highest score it can settle at) and not exact.

// drawCheckNodes bounds the whole-board search that confirms a draw.
const drawCheckNodes = 200_000

// realCheckNodes and realCheckPoints bound the whole-board search under
// real rules that checks the scores of a small position with kos
// (confirmReal): its nodes, and the board's points (7x7; a 9x9 board near
// its end already takes seconds).
const (
	realCheckNodes  = 200_000
	realCheckPoints = 49
)

// banRun is one counting's exact play with the ban: the game, or the two
// games bracketing the walls' ko threats, and the result.
type banRun struct {
	counting  rules.Counting
	low, high *BanGame
	value     [2]Score // by cgt.Player: Left is Black first
	exact     bool     // both values exact
	err       error
}

// BanDriftLaps is how many laps of a cycle that shifts the prisoners
// exact play with the ko ban expands before it cuts the tile's graph
// (tiles.GraphOptions.DriftLaps): 0, the cut one capture away from a
// position's usual balance. Past the cut a position is folded onto the
// one of the same contents at that balance (BanGame's cuts), so the cut
// decides the size of the graph, not the answer: more laps made the
// graph of f19-11's 3-point tile after move 227 grow from 47 positions
// (37 kinds) to 58 (45 kinds) and its sum from 3.3 to 4.1 million
// states, for the same scores.
const BanDriftLaps = 0

// decideKo decides a position whose unvalued tiles are all ko tiles with
// loopy values, or tiles whose cycles shift the prisoners (d.Cyclic: no
// Mathematical Go winner).
func decideKo(d *Decision, in PositionInput, kos []*tiles.Tile, opts PositionOptions) {
	if n := len(d.Cyclic); n > 0 {
		d.Warnings = append(d.Warnings, fmt.Sprintf("%s %s a cycle that changes the prisoner balance every lap (no finite game), so no Mathematical Go value: %s played with the ko ban, every lap's prisoners counted; endless play has no result (a loss for Black in one search, for White in the other), and a score is stated only where the two agree",
			plural(n, "tile", "tiles"), strings.Join(d.Cyclic, ", ")+" "+plural(n, "has", "have"), plural(n, "it is", "they are")))
	} else {
		d.decideLoopy(in, opts)
	}
	d.decideBan(in, kos, opts)
}

// decideLoopy decides the Mathematical Go winners of a position with ko
// tiles: the outcome of the loopy total.
func (d *Decision) decideLoopy(in PositionInput, opts PositionOptions) {
	a := in.Analysis
	prisoners := cgt.Int(int64(a.Prisoners[board.Black] - a.Prisoners[board.White]))
	short, chilled := []cgt.Game{prisoners}, []cgt.Game{prisoners}
	var kv, kc []loopy.Value
	for _, t := range a.Tiles {
		if t.Ko != nil {
			kv, kc = append(kv, t.Ko.Count), append(kc, t.Ko.Chilled)
		} else {
			short, chilled = append(short, t.Count), append(chilled, t.Chilled)
		}
	}
	mgo, err := DecideKo(short, chilled, kv, kc, TotalsOptions{MaxTotalGames: opts.MaxTotalGames, SearchNodes: opts.SearchNodes})
	if mgo != nil {
		d.Nodes += mgo.Nodes
		d.Warnings = append(d.Warnings, mgo.Warnings...)
	}
	if err == nil {
		err = d.confirmDraws(in, mgo)
	}
	if err != nil {
		d.Problems = append(d.Problems, "Mathematical Go winner not decided: "+err.Error())
	} else {
		d.Loopy = mgo
	}
}

// decideBan decides the Japanese and Chinese scores of a position with ko
// tiles (or tiles whose cycles shift the prisoners): exact play with the
// ko ban, or bounds.
func (d *Decision) decideBan(in PositionInput, kos []*tiles.Tile, opts PositionOptions) {
	a := in.Analysis
	banStates := opts.BanStates
	if banStates <= 0 {
		banStates = DefaultBanStates
	}
	base := a.Prisoners[board.Black] - a.Prisoners[board.White]
	// Right after a ko capture (a game record, a GTP board) the player to
	// move may not take back at once: play starts with that ban.
	ban := NoBan
	if pos := in.Position; pos != nil && pos.Board.KoPoint() != board.Pass {
		k, c := pos.Board.KoRecapture()
		ban = StartBan{Point: k, Color: c}
	}
	// Walls that live only by answering in their territory give ko
	// threats the tiles do not model.
	if in.Walls != nil {
		d.Threats = in.Walls.SearchKoThreats(opts.ThreatNodes)
	}
	var free [3]bool // by colour: has threats from the other side's walls
	for _, src := range d.Threats {
		d.Nodes += src.Nodes
		free[src.Color.Opponent()] = true
	}
	areaOK := true
	for _, t := range a.Tiles {
		if t.Err == nil && !t.AreaOK {
			areaOK = false
		}
	}
	// On a whole board, two passes may end the game with a tile unsettled,
	// reckoned as real rules reckon it (reckon.go).
	var ends [2]*endReckoner
	if wholeBoard(in.Position) {
		ends = [2]*endReckoner{newEndReckoner(d, a, rules.Japanese, base), newEndReckoner(d, a, rules.Chinese, 0)}
		d.RealEnds = ends[0] != nil
	}
	run := func(counting rules.Counting, end *endReckoner, b int) *banRun {
		r := &banRun{counting: counting}
		// One exploration serves both games: low, in which White may
		// ignore the ban (when it has threats), and high, in which Black
		// may; each is a view of the game in which both may.
		bo := BanOptions{Start: ban, End: end.option()}
		if len(d.Threats) > 0 {
			bo.Threats = free
		}
		g, err := banGameOf(a, counting, b, banStates, bo)
		if err == nil {
			err = end.checked(g)
		}
		if err != nil {
			r.err = err
			return r
		}
		d.Nodes += g.States()
		games := [2]*BanGame{g, g}
		if len(d.Threats) > 0 {
			for i, c := range []board.Color{board.White, board.Black} {
				var t [3]bool
				t[c] = free[c]
				if games[i], err = g.View(t); err != nil {
					r.err = err
					return r
				}
			}
		}
		r.low, r.high = games[0], games[1]
		sc := newBanScored(counting, r.low, r.high)
		r.exact = true
		for _, first := range []board.Color{board.Black, board.White} {
			n, _ := sc.Start(first)
			v, _ := n.Value()
			r.value[PlayerOf(first)] = v
			r.exact = r.exact && v.Exact()
		}
		return r
	}
	var why []string
	jp := run(rules.Japanese, ends[0], base)
	if jp.err != nil && errors.Is(jp.err, mgo.ErrBudget) {
		// Too many combinations of the tiles' positions to play them all:
		// the ko tiles are played on the board instead, inside the sum of
		// the others (the board search: alternating play, a table, no
		// enumeration).
		if d.boardSearch(in, opts) {
			d.Warnings = append(d.Warnings, "exact play with the ko ban over its budget ("+jp.err.Error()+"): the ko tiles played on the board instead")
			if d.Totals != nil && d.Loopy != nil {
				d.Totals.Winner = d.Loopy.Winner
			}
			return
		}
	}
	var ch *banRun
	if jp.err != nil {
		why = append(why, jp.err.Error())
	} else if areaOK {
		ch = run(rules.Chinese, ends[1], 0)
		if ch.err != nil {
			d.Warnings = append(d.Warnings, "Chinese score with the ko ban not computed: "+ch.err.Error())
		}
	}
	chineseSaid := false // the warning on the ko threats says why there is no Chinese score
	if jp.err == nil && len(d.Threats) > 0 {
		b := a.Board()
		var walls []string
		for _, src := range d.Threats {
			walls = append(walls, fmt.Sprintf("%s (%s: %s)", b.Name(src.Block), src.Color, src.Reason))
		}
		if jp.exact {
			msg := fmt.Sprintf("walls that live by answering in their territory give ko threats: %s; the Japanese score with the ko ban is the same whoever has every threat, so it stands", strings.Join(walls, "; "))
			if areaOK && (ch == nil || ch.err != nil || !ch.exact) {
				msg += "; the Chinese score depends on them and is left out"
				if ch != nil && ch.err == nil {
					if v := ch.value[cgt.Left]; v.LoOK && v.HiOK {
						msg += fmt.Sprintf(" (the area of the playing area between %s and %s with Black first)", v.Lo, v.Hi)
					}
				}
				chineseSaid = true
			}
			d.Warnings = append(d.Warnings, msg)
		} else {
			why = append(why, fmt.Sprintf("walls that live by answering in their territory give ko threats, and the scores with the ko ban depend on them: %s", strings.Join(walls, "; ")))
		}
	}
	if jp.err == nil && len(d.Threats) == 0 {
		for _, p := range []cgt.Player{cgt.Left, cgt.Right} {
			if v := jp.value[p]; !v.Exact() {
				why = append(why, fmt.Sprintf("with %s first the Japanese score is %s: endless play (or a ko no one settles) is at stake", WinnerOf(p), v))
			}
		}
	}
	// The games are kept whatever their values: a position may be exact
	// for one player first only (a review then judges that player's
	// moves).
	for _, r := range []*banRun{jp, ch} {
		if r != nil && r.err == nil {
			d.BanScores[r.counting], d.BanRan[r.counting] = r.value, true
			d.build[r.counting] = func() (Game, error) { return newBanScored(r.counting, r.low, r.high), nil }
		}
	}
	chOK := ch != nil && ch.err == nil && ch.exact
	if (d.Loopy != nil || len(d.Cyclic) > 0) && jp.err == nil && jp.exact {
		t := &Totals{Winner: [2]Winner{Unknown, Unknown}} // no loopy total: tiles whose cycles shift the prisoners
		if d.Loopy != nil {
			t.Winner = d.Loopy.Winner
		}
		for _, p := range []cgt.Player{cgt.Left, cgt.Right} {
			t.Japanese[p] = jp.value[p].Lo
		}
		if chOK {
			t.ChineseOK = true
			for _, p := range []cgt.Player{cgt.Left, cgt.Right} {
				t.Chinese[p] = ch.value[p].Lo
			}
		} else if !chineseSaid {
			d.Warnings = append(d.Warnings, "Chinese result not computed with the ko ban (a tile has no area game, or endless play is at stake)")
		}
		diff := d.confirmReal(in, a, t, opts)
		if len(diff) == 0 {
			d.Totals = t
			return
		}
		d.RealDiffers = true
		d.Problems = append(d.Problems, "the scores with the ko ban are not stated: "+strings.Join(diff, "; ")+
			"; the tiles do not model something the whole board has")
	}
	if len(why) > 0 {
		d.Problems = append(d.Problems, "Japanese score with the ko ban not proven: "+strings.Join(why, "; "))
	}
	d.koBounds(a, kos, jp, opts)
}

// BanGameOf builds and solves the ban game of an analyzed position's
// tiles: every tile's whole position graph (see NewBanGame).
func BanGameOf(a *tiles.Analysis, counting rules.Counting, base, banStates int, opts BanOptions) (*BanGame, error) {
	g, err := banGameOf(a, counting, base, banStates, opts)
	if err != nil {
		return nil, err
	}
	g.Solve()
	return g, nil
}

// banGameOf is BanGameOf without the solving (a game whose views are
// solved instead, View).
func banGameOf(a *tiles.Analysis, counting rules.Counting, base, banStates int, opts BanOptions) (*BanGame, error) {
	var graphs []*tiles.PosGraph
	for _, t := range a.Tiles {
		if !t.Playable() {
			return nil, fmt.Errorf("tile %s has no value: %w", t.ID, t.Err)
		}
		pg, err := a.PosGraph(t.ID, tiles.GraphOptions{ExpandShort: true, MaxNodes: banStates, CutDrift: true, DriftLaps: BanDriftLaps})
		if err != nil {
			return nil, fmt.Errorf("tile %s: %w", t.ID, err)
		}
		graphs = append(graphs, pg)
	}
	return NewBanGame(graphs, counting, base, banStates, opts)
}

// confirmDraws checks a draw of the loopy total against the whole-board
// search (SolveAlphaBeta: retrograde analysis once a position repeats,
// walls only declared or pass-alive) when that search fits in
// drawCheckNodes, and refuses a draw it contradicts. A draw too large to
// check stands on the loopy total alone. (tiles.PosGraph.Loopy gives the
// players every tempo move a prisoner or territory point allows inside a
// ko, so that the two agree; on 2,100 random ko boards of up to 12 empty
// points they do, 825 draws among their 4,200 results.)
func (d *Decision) confirmDraws(in PositionInput, m *KoTotals) error {
	if in.Position == nil {
		return nil
	}
	for _, c := range []board.Color{board.Black, board.White} {
		if m.Winner[PlayerOf(c)] != Draw {
			continue
		}
		res, err := SolveAlphaBeta(in.Position, Options{MaxNodes: drawCheckNodes, First: c})
		if err != nil || !res.Complete() {
			continue // too large to check: the loopy total decides
		}
		if w := res.Winner(c); w != Draw {
			return fmt.Errorf("with %s first the loopy total of the ko tiles says draw but a whole-board search says %s wins; mathgo states neither (a bug: please report the position)", c, w)
		}
	}
	return nil
}

// confirmReal checks the scores t found by exact play with the ko ban
// against a whole-board search under real rules (package realgo: passes
// end the game whatever is unsettled, the end reckoned by the rules),
// when the position is a whole board without declared stones small
// enough for it. It returns the disagreements, none when the search
// agrees or could not decide.
func (d *Decision) confirmReal(in PositionInput, a *tiles.Analysis, t *Totals, opts PositionOptions) []string {
	pos := in.Position
	if opts.NoRealCheck || !wholeBoard(pos) || pos.Board.Size() > realCheckPoints {
		return nil
	}
	res, err := realgo.Solve(pos, realgo.Options{NoMoves: true, MaxNodes: realCheckNodes})
	if err != nil {
		return nil
	}
	d.Real = res
	var diff []string
	walls := cgt.DyadicInt(int64(WallStones(a)))
	for _, first := range []board.Color{board.Black, board.White} {
		p := PlayerOf(first)
		if jp := res.Get(rules.Japanese, first); jp.Known && !t.Japanese[p].Equal(cgt.DyadicInt(int64(jp.Score))) {
			diff = append(diff, fmt.Sprintf("with %s first they give Japanese %s, a whole-board search under real rules %d", first, t.Japanese[p], jp.Score))
		}
		if ch := res.Get(rules.Chinese, first); ch.Known && t.ChineseOK && !t.Chinese[p].Add(walls).Equal(cgt.DyadicInt(int64(ch.Score))) {
			diff = append(diff, fmt.Sprintf("with %s first they give Chinese %s, a whole-board search under real rules %d (%s with the walls' stones)", first, t.Chinese[p].Add(walls), ch.Score, t.Chinese[p]))
		}
	}
	return diff
}

// koBounds bounds the scores when exact play with the ko ban is out of
// reach: the other tiles add up exactly, and each ko tile's final score
// lies between the lowest and the highest score at which its position
// graph settles, or, where that graph is out of reach or the game may end
// with the ko open (a whole board), as the partial analysis bounds an
// unresolved tile (Extremes, on its assumption, which a warning states). Exact
// play of the whole sum, when it ran, may bound more tightly (and the
// bracketing games when walls give ko threats), unless real rules
// contradicted it; a whole-board search under real rules, when it ran, is
// exact, and the bounds hold its scores.
func (d *Decision) koBounds(a *tiles.Analysis, kos []*tiles.Tile, jp *banRun, opts PositionOptions) {
	tot, ok := d.valuedTotals(a, opts, func(t *tiles.Tile) bool { return t.Err == nil }, "the tiles other than the kos could not be added up by search: ")
	if !ok {
		return
	}
	var jLo, jHi, cLo, cHi int64
	var assumed []string
	for _, t := range kos {
		lo, hi, clo, chi, ok := koExtremes(a, t, opts)
		if d.RealEnds {
			// Two passes may end the game with the ko open, reckoned as
			// real rules do: the tile's settled scores do not bound that.
			ok = false
		}
		if !ok {
			lo, hi = Extremes(t)
			n := int64(len(t.Points))
			clo, chi = -n, n
			assumed = append(assumed, t.ID)
		}
		jLo, jHi, cLo, cHi = jLo+lo, jHi+hi, cLo+clo, cHi+chi
	}
	b := widenTotals(tot, jLo, jHi, cLo, cHi)
	if len(assumed) > 0 {
		what := "tile " + assumed[0] + " as an unresolved tile"
		if len(assumed) > 1 {
			what = "tiles " + strings.Join(assumed, ", ") + " as unresolved tiles"
		}
		d.Warnings = append(d.Warnings, fmt.Sprintf("the Japanese bounds take %s (%s)", what, ExtremesAssumption))
	}
	if jp != nil && jp.err == nil && !d.RealDiffers {
		for _, p := range []cgt.Player{cgt.Left, cgt.Right} {
			if v := jp.value[p]; v.LoOK && v.Lo.Cmp(b.Japanese[p][0]) > 0 {
				b.Japanese[p][0] = v.Lo
			}
			if v := jp.value[p]; v.HiOK && v.Hi.Cmp(b.Japanese[p][1]) < 0 {
				b.Japanese[p][1] = v.Hi
			}
		}
	}
	if real := d.Real; real != nil {
		walls := cgt.DyadicInt(int64(WallStones(a)))
		for _, first := range []board.Color{board.Black, board.White} {
			p := PlayerOf(first)
			if jp := real.Get(rules.Japanese, first); jp.Known {
				widen(&b.Japanese[p], cgt.DyadicInt(int64(jp.Score)))
			}
			if ch := real.Get(rules.Chinese, first); ch.Known && b.ChineseOK {
				widen(&b.Chinese[p], cgt.DyadicInt(int64(ch.Score)).Sub(walls))
			}
		}
	}
	d.Bounds = b
}

// koExtremes returns the lowest and highest Japanese and Chinese scores a
// ko tile can settle at: over the settled positions of its whole position
// graph.
func koExtremes(a *tiles.Analysis, t *tiles.Tile, opts PositionOptions) (lo, hi, clo, chi int64, ok bool) {
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
