package solve

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/realgo"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/safety"
	"github.com/mathgo/mathgo/tiles"
)

// Deciding a position. DecidePosition is the one place where the values
// of a position's tiles become its scores under every counting rule:
//
//   - every tile short: the totals are the canonical sums while small and
//     found by search past that (Decide); the games are short sums;
//   - some tile a ko (the others short): the Mathematical Go winner is the
//     outcome of the loopy total (DecideKo); the Japanese and Chinese
//     scores come from exact play with the simple ko ban (BanGame), bracketed
//     when walls give ko threats, ended as real rules end a game on whole
//     boards (reckon.go), and checked against a whole-board search under
//     real rules on small boards; past the budget (too many combinations
//     of the tiles' positions to play them all) the ko tiles are played
//     on the board inside the sum of the others, by the board search
//     below, where it can run, and are bounded where it cannot;
//   - some tile unvalued: the unvalued tiles (and the ko tiles) are
//     played on the board under real rules inside the sum of the valued
//     tiles (the board search, boardsearch.go), which gives the exact
//     Japanese and Chinese scores (the Mathematical Go value of the
//     searched region stays unknown); past its budget, or where the region
//     does not lie within settled walls, the scores are bounded (the valued
//     tiles add up exactly, each unvalued tile lies between all White's and
//     all Black's, narrowed by what the search proved). The board search
//     plays boards real rules can play: whole boards whose blocks all
//     have a liberty, declared stones (and walls assumed alive, package
//     endgame) counted as walls when no move of the region can capture
//     them (realBoard, capturableWall). When the only unvalued tiles are
//     tiles whose cycles shift the prisoners (tiles.Tile.Drift), they are
//     played with the ko ban as kos are, their graphs cut and folded
//     (BanGame), the Mathematical Go winner unknown: on a whole board
//     without declared stones where the board search does not run, and
//     first (the board search past the ban game's budget) on a board
//     with declared stones.

// PositionInput is what the scores of a position are decided from.
type PositionInput struct {
	// Position is the position (its ko ban, whether it is a whole board).
	Position *position.Position
	// Analysis holds its tiles and their values.
	Analysis *tiles.Analysis
	// Walls are the walls' certificates (nil: none searched): with ko
	// tiles they are searched for ko threats (safety.Result.SearchKoThreats).
	Walls *safety.Result
}

// PositionOptions bound the work of DecidePosition. The zero value uses
// every default.
type PositionOptions struct {
	// MaxTotalGames and SearchNodes bound the short totals (Decide).
	MaxTotalGames, SearchNodes int
	// BanStates bounds the states of exact play with the ko ban (0:
	// DefaultBanStates).
	BanStates int
	// ThreatNodes bounds the life search per wall block that looks for
	// ko threats (0: the walls' own budget).
	ThreatNodes int
	// NoRealCheck skips the whole-board search under real rules that
	// checks the scores of a small position with kos (for the
	// cross-checks that use that same search as their oracle).
	NoRealCheck bool
	// WinnersOnly asks for the Mathematical Go winners alone (see
	// TotalsOptions.WinnersOnly).
	WinnersOnly bool
	// BoardSearchNodes bounds each question of the board search (0:
	// DefaultBoardSearchNodes; negative: no board search, the scores of a
	// position with an unvalued tile are only bounded).
	BoardSearchNodes int
	// JapaneseOnly makes the board search under Japanese counting only:
	// no Chinese scores (a warning says so), for a caller that plays the
	// Japanese game (the GTP engine's genmove).
	JapaneseOnly bool
	// Stop, if set, ends the board search once it is true (checked every
	// thousand nodes): the scores not proven by then stay bounds, as
	// past the budget. For a caller with a deadline (genmove).
	Stop *atomic.Bool
	// Progress, if set, is told about long searches now and then.
	Progress func(msg string)
}

// Bounds are what a partial decision can still prove: the score with
// best play lies between [0] and [1] (indexed by cgt.Player: Left is Black
// first), under territory counting and, when ChineseOK, area counting.
type Bounds struct {
	Japanese  [2][2]cgt.Dyadic
	Chinese   [2][2]cgt.Dyadic
	ChineseOK bool
}

// Decision is what a position's tiles add up to under every counting rule.
type Decision struct {
	// Totals are the exact totals and outcomes; nil when some number could
	// not be proven (see Problems, and Bounds).
	Totals *Totals
	// Bounds bound the scores when Totals is nil and the tiles still allow
	// it.
	Bounds *Bounds
	// Loopy are the Mathematical Go totals of a position with ko tiles
	// (nil otherwise, or when they could not be decided).
	Loopy *KoTotals
	// KoTiles reports that some tile is a ko: the scores are those of
	// play with the simple ko ban.
	KoTiles bool
	// Threats are the settled walls that may have to answer a move in
	// their territory (searched only with ko tiles): ko threats the tiles
	// do not model, which the scores are bracketed by.
	Threats []safety.ThreatSource
	// BanScores are the scores of exact play with the ko ban by counting
	// rule and first player (cgt.Player: Left is Black first), where it
	// ran (BanRan): bracketed when walls give ko threats (Lo from the game
	// in which White may ignore the ban, Hi from the one in which Black
	// may), so they bound the score even when they do not meet.
	BanScores [3][2]Score
	BanRan    [3]bool
	// RealEnds is set when two passes may end the game with a tile
	// unsettled, reckoned as real rules do (whole boards with kos); Reckoned
	// counts such ends.
	RealEnds bool
	Reckoned int
	// Real holds the whole-board search under real rules that checked the
	// scores of a small position with kos (nil if not run); RealDiffers is
	// set when it contradicted them.
	Real        *realgo.Result
	RealDiffers bool
	// Search is the board search of a position with unvalued tiles (nil
	// when none was made).
	Search *SearchSummary
	// Cyclic names the tiles with a cycle and no Mathematical Go value
	// (their cycles shift the prisoners: tiles.Tile.Drift) that exact play
	// with the ko ban played, their graphs cut and folded (BanGame's
	// cuts); when Totals is set, their play is exact, and the Mathematical
	// Go winners are unknown.
	Cyclic []string
	// Problems say why some number is not proven; Warnings are remarks.
	Problems, Warnings []string
	// SearchProblem is the problem the board search adds when it cannot
	// prove every score (one of Problems; "" for none), so that a caller
	// can tell it from the others.
	SearchProblem string
	// Nodes counts the work done (search nodes, states, life nodes).
	Nodes int

	games  [3]Game
	gameOK [3]bool
	build  [3]func() (Game, error)
}

// Game returns the scored game of the position under counting c
// (Japanese or Chinese), building it the first time: the short sum, or
// exact play with the ko ban. It fails when the position has none (a tile
// without a value, a game past its budget, no area game).
func (d *Decision) Game(c rules.Counting) (Game, error) {
	if c < 0 || int(c) >= len(d.games) {
		return nil, fmt.Errorf("solve: bad counting %d", c)
	}
	if d.gameOK[c] {
		return d.games[c], nil
	}
	if d.build[c] == nil {
		return nil, fmt.Errorf("the position has no exact game under %s", c.Words())
	}
	g, err := d.build[c]()
	if err != nil {
		return nil, err
	}
	d.games[c], d.gameOK[c] = g, true
	return g, nil
}

// DecidePosition decides the scores of a position from its tiles' values
// (see above). Every search it makes is bounded by opts; what cannot be
// proven is said in Problems, with Bounds where they can still be given.
func DecidePosition(in PositionInput, opts PositionOptions) *Decision {
	d := &Decision{}
	a := in.Analysis
	var kos, cyclic []*tiles.Tile
	unvalued := false
	for _, t := range a.Tiles {
		switch {
		case t.Ko != nil: // a ko tile: valued by its position graph
			kos = append(kos, t)
		case t.Drift != nil: // a cycle and no value: exact play with the ban can play it
			cyclic = append(cyclic, t)
		case t.Err != nil:
			unvalued = true
		}
	}
	switch {
	case unvalued || len(cyclic) > 0:
		switch {
		case (unvalued || wholeBoard(in.Position)) && d.boardSearch(in, opts):
		case !unvalued:
			// Where the board search does not play them, the tiles with a
			// cycle and no value are played with the ko ban, as kos are.
			d.KoTiles = true
			for _, t := range cyclic {
				d.Cyclic = append(d.Cyclic, t.ID)
			}
			decideKo(d, in, append(kos, cyclic...), opts)
		default:
			d.partial(a, opts, "")
		}
	case len(kos) > 0:
		d.KoTiles = true
		decideKo(d, in, kos, opts)
	default:
		d.short(a, opts)
	}
	return d
}

// totalsOptions are the options of the short totals.
func (o PositionOptions) totalsOptions() TotalsOptions {
	return TotalsOptions{MaxTotalGames: o.MaxTotalGames, SearchNodes: o.SearchNodes, WinnersOnly: o.WinnersOnly}
}

// short decides a position whose tiles all have short values.
func (d *Decision) short(a *tiles.Analysis, opts PositionOptions) {
	count, ok := a.CountValues()
	if !ok {
		d.Problems = append(d.Problems, "a tile has no count")
		return
	}
	chilled, _ := a.ChilledValues()
	area, areaOK := a.AreaValues()
	if !areaOK && !opts.WinnersOnly {
		var ids []string
		for _, t := range a.Tiles {
			if !t.AreaOK {
				ids = append(ids, t.ID)
			}
		}
		d.Warnings = append(d.Warnings, fmt.Sprintf("Chinese result not computed: tile %s has no area game (past --max-area-positions, a seki, or a socket game, whose area mathgo does not model)", strings.Join(ids, ", ")))
	}
	t, err := Decide(Values{Count: count, Chilled: chilled, Area: area, AreaOK: areaOK}, opts.totalsOptions())
	if err != nil {
		d.Problems = append(d.Problems, "the totals could not be decided by search: "+err.Error())
		return
	}
	d.Totals = t
	d.Nodes += t.Nodes
	d.Warnings = append(d.Warnings, t.Warnings...)
	so := SumOptions{MaxTotalGames: opts.MaxTotalGames, SearchNodes: opts.SearchNodes}
	if !t.NoJapanese {
		d.build[rules.Japanese] = func() (Game, error) { return NewSumGame(a, rules.Japanese, so) }
	}
	if t.ChineseOK {
		d.build[rules.Chinese] = func() (Game, error) { return NewSumGame(a, rules.Chinese, so) }
	}
}

// partial bounds the scores of a position some of whose tiles have no
// value (unresolved: an unsettled group too large to search, a tile over
// the budget). The valued tiles add up exactly (Decide); an unresolved
// tile's final score lies within Extremes under territory counting (on
// the assumption Extremes states, which the warning repeats) and, under
// area counting, between its points all White's and all Black's. The tiles
// are independent games (their walls are settled), so the sum's stops lie
// within the valued part's stops widened by those extremes: Left stop of
// G + H between LS(G) + min H and LS(G) + max H, right stop likewise.
func (d *Decision) partial(a *tiles.Analysis, opts PositionOptions, when string) {
	var jLo, jHi, cLo, cHi int64
	tot, ok := d.valuedTotals(a, opts, func(t *tiles.Tile) bool { return t.Err == nil }, "the valued tiles could not be added up by search: ")
	if !ok {
		return
	}
	for _, t := range a.Tiles {
		if t.Err == nil {
			continue
		}
		lo, hi := Extremes(t)
		jLo, jHi = jLo+lo, jHi+hi
		n := int64(len(t.Points))
		cLo, cHi = cLo-n, cHi+n
	}
	b := widenTotals(tot, jLo, jHi, cLo, cHi)
	d.Bounds = b
	d.Warnings = append(d.Warnings, fmt.Sprintf("partial analysis: the unresolved tiles are bounded, not valued (%sJapanese between %s and %s with Black first, %s)", when, b.Japanese[cgt.Left][0], b.Japanese[cgt.Left][1], ExtremesAssumption))
}

// valuedTotals adds up exactly the tiles keep selects (prisoners
// included).
func (d *Decision) valuedTotals(a *tiles.Analysis, opts PositionOptions, keep func(*tiles.Tile) bool, fail string) (*Totals, bool) {
	prisoners := cgt.Int(int64(a.Prisoners[board.Black] - a.Prisoners[board.White]))
	count, chilled := []cgt.Game{prisoners}, []cgt.Game{prisoners}
	var area []cgt.Game
	areaOK, stones := true, 0
	for _, t := range a.Tiles {
		if !keep(t) {
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
	tot, err := Decide(Values{Count: count, Chilled: chilled, Area: area, AreaOK: areaOK},
		TotalsOptions{MaxTotalGames: opts.MaxTotalGames, SearchNodes: opts.SearchNodes})
	if err != nil {
		d.Problems = append(d.Problems, fail+err.Error())
		return nil, false
	}
	d.Nodes += tot.Nodes
	return tot, true
}

// widenTotals returns the bounds of the totals tot widened by the extremes
// of the tiles left out of them.
func widenTotals(tot *Totals, jLo, jHi, cLo, cHi int64) *Bounds {
	b := &Bounds{ChineseOK: tot.ChineseOK}
	for _, p := range []cgt.Player{cgt.Left, cgt.Right} {
		b.Japanese[p] = [2]cgt.Dyadic{tot.Japanese[p].Add(cgt.DyadicInt(jLo)), tot.Japanese[p].Add(cgt.DyadicInt(jHi))}
		if tot.ChineseOK {
			b.Chinese[p] = [2]cgt.Dyadic{tot.Chinese[p].Add(cgt.DyadicInt(cLo)), tot.Chinese[p].Add(cgt.DyadicInt(cHi))}
		}
	}
	return b
}

// Extremes returns the lowest and the highest territory score tile t can
// end with when no more prisoners are taken in it than it has points
// (ExtremesAssumption): each point White's territory and a prisoner for
// White (a dead Black stone on it, or one taken there), or each Black's
// likewise: minus and plus twice its points. Everything in the tile going
// one way (its empty points and its stones) is not a bound: a player who
// may not pass (the games with the ko ban settle every tile before two
// passes end them, Rappaport's convention) can be made to throw stones in
// that stay dead, each worth its point and a prisoner to the other side,
// and prisoners taken round a cycle add up lap after lap.
func Extremes(t *tiles.Tile) (lo, hi int64) {
	n := int64(len(t.Points))
	return -2 * n, 2 * n
}

// ExtremesAssumption is what the territory bounds of a tile without a
// value assume (Extremes), as the bounds' warnings state it.
const ExtremesAssumption = "if no unresolved tile gives up more prisoners than it has points"

// WallStones returns Black's immortal (wall) stones minus White's: what
// the area of the playing area (the Chinese scores) leaves out of the
// whole board's area.
func WallStones(a *tiles.Analysis) int {
	b := a.Board()
	n := 0
	for p := range b.Size() {
		if !a.Immortal[p] {
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

// widen stretches the interval b to hold x.
func widen(b *[2]cgt.Dyadic, x cgt.Dyadic) {
	if x.Cmp(b[0]) < 0 {
		b[0] = x
	}
	if x.Cmp(b[1]) > 0 {
		b[1] = x
	}
}

// wholeBoard reports whether pos is a whole board without declared
// stones: the position real rules are asked about.
func wholeBoard(pos *position.Position) bool {
	if pos == nil || pos.Open.Any() {
		return false
	}
	for _, im := range pos.Immortal {
		if im {
			return false
		}
	}
	return true
}

// realBoard reports whether pos is a whole board (no open side) whose
// every block has a liberty: a position real rules can play, its
// declared stones (pos.Immortal: declared in a diagram, or assumed alive
// by package endgame) counted as walls.
func realBoard(pos *position.Position) bool {
	if pos == nil || pos.Board == nil || pos.Open.Any() {
		return false
	}
	for _, blk := range pos.Board.Blocks() {
		if pos.Board.Liberties(blk[0]) == 0 {
			return false
		}
	}
	return true
}

// capturableWall names a declared wall of pos (pos.Immortal) next to the
// searched region whose every liberty lies in it ("" for none): a move of
// the search could capture it, which its declaration (or the assumption
// that it lives) forbids, so the region is not searched.
func capturableWall(pos *position.Position, region *SearchRegion) string {
	if pos == nil || pos.Immortal == nil {
		return ""
	}
	b := pos.Board
	inR := make([]bool, b.Size())
	for _, p := range region.Points {
		inR[p] = true
	}
	seen := make([]bool, b.Size())
	for _, p := range region.Points {
		for _, q := range b.Neighbors(p) {
			if inR[q] || seen[q] || !pos.Immortal[q] || b.At(q) == board.Empty {
				continue
			}
			outside := false
			for _, s := range b.Block(q) {
				seen[s] = true
				for _, l := range b.Neighbors(s) {
					outside = outside || (b.At(l) == board.Empty && !inR[l])
				}
			}
			if !outside {
				return b.Name(slices.MinFunc(b.Block(q), b.ReadingCmp))
			}
		}
	}
	return ""
}

// MaxSearchEmpty is the most empty points a searched region may hold:
// past it the board search is not tried (a whole-board search of that
// many empty points does not finish within any budget a player waits
// for), and the position is bounded.
const MaxSearchEmpty = 28

// SearchSummary is what the board search of a position proved.
type SearchSummary struct {
	// Region is the searched region.
	Region *SearchRegion
	// Scores are the scores by counting rule and first player (cgt.Player:
	// Left is Black first), where the search ran (Ran): exact, or the
	// bounds it proved within its budget.
	Scores [3][2]Score
	Ran    [3]bool
	// Exact reports that every score that ran is exact.
	Exact bool
	// ExactIn reports, by counting rule, that the search ran and proved
	// every score of that counting (the Japanese scores may be proven
	// where the Chinese pass the budget); the game of such a counting
	// stays playable (Decision.Game) even when Exact is false.
	ExactIn [3]bool
	// Optimal are the optimal first moves under Japanese counting by
	// first player (cgt.Player), named as in the game's options ("B:D5",
	// "pass"); nil when they could not all be decided.
	Optimal [2][]string
	// PV is a principal variation under Japanese counting by first
	// player (cgt.Player): moves as "B D5", "W pass", each keeping the
	// score (possibly cut short by the budget); nil when not found.
	PV [2][]string
	// Nodes counts the search's nodes.
	Nodes int

	threats bool // refused for ko threats from walls outside the region
}

// boardSearch decides a position with unvalued tiles by the board search
// (boardsearch.go). It reports false when there is no search to make
// (the region does not lie within settled walls, or the search is turned
// off); when the search cannot prove every score, the bounds of the
// partial analysis are narrowed by what it proved.
func (d *Decision) boardSearch(in PositionInput, opts PositionOptions) bool {
	a := in.Analysis
	if opts.BoardSearchNodes < 0 || opts.WinnersOnly {
		return false
	}
	if !realBoard(in.Position) {
		// A fragment's frame, and declared stones without a liberty, are
		// Mathematical Go's walls, not stones real rules can play: the
		// board search plays whole boards whose every block has a
		// liberty (declared walls, and walls assumed alive, must keep
		// one outside the searched region: searchRegion).
		return false
	}
	b := a.Board()
	if in.Position != nil && in.Position.Board != nil {
		b = in.Position.Board
	}
	sum, reasons, ok := d.searchRegion(in, b, opts, nil)
	if !ok {
		return false
	}
	if sum.threats {
		// A ko arose and some walls live by answering in their
		// territory: search them on the board too, with the tiles they
		// touch, so that their ko threats are played.
		var walls []board.Point
		for _, src := range d.Threats {
			walls = append(walls, src.Group...)
		}
		if wider, wreasons, ok := d.searchRegion(in, b, opts, walls); ok {
			sum, reasons = wider, wreasons
		}
	}
	d.Search = sum
	region := sum.Region
	if sum.Exact && sum.Ran[rules.Japanese] {
		t := &Totals{Winner: [2]Winner{Unknown, Unknown}, Searched: true, Board: true, Nodes: sum.Nodes}
		for _, p := range []cgt.Player{cgt.Left, cgt.Right} {
			t.Japanese[p] = sum.Scores[rules.Japanese][p].Lo
			if sum.Ran[rules.Chinese] {
				t.Chinese[p] = sum.Scores[rules.Chinese][p].Lo
			}
		}
		t.ChineseOK = sum.Ran[rules.Chinese]
		d.Totals = t
		scores := "the Japanese and Chinese scores are exact"
		if !t.ChineseOK {
			scores = "the Japanese scores are exact"
		}
		d.Warnings = append(d.Warnings, fmt.Sprintf("%s played on the board under real rules (the board search): %s; the Mathematical Go value of the position is not known", describeRegion(region), scores))
		return true
	}
	d.partial(a, opts, "before the board search: ")
	if d.Bounds != nil {
		narrow(&d.Bounds.Japanese, sum.Scores[rules.Japanese], sum.Ran[rules.Japanese])
		if d.Bounds.ChineseOK {
			narrow(&d.Bounds.Chinese, sum.Scores[rules.Chinese], sum.Ran[rules.Chinese])
		}
	}
	d.SearchProblem = fmt.Sprintf("the board search of %s could not prove every score: %s", describeRegion(region), strings.Join(reasons, "; "))
	d.Problems = append(d.Problems, d.SearchProblem)
	return true
}

// optimalOf finds the optimal first moves of the Japanese game g with
// first to move (each the score after one move, the table of the game's
// searches shared) and a principal variation; ok is false when the moves
// cannot all be decided within the budget.
func optimalOf(g *boardSearchGame, first board.Color) (names, pv []string, ok bool) {
	n, err := g.Start(first)
	if err != nil {
		return nil, nil, false
	}
	opts, err := n.Optimal()
	if err != nil {
		return nil, nil, false
	}
	names = []string{}
	for _, o := range opts {
		names = append(names, o.Move.String())
	}
	c := first
	for _, o := range g.principal(n.(*searchNode)) {
		pv = append(pv, c.Letter()+" "+o.Move.Label)
		c = c.Opponent()
	}
	return names, pv, true
}

// forkMinNodes is the least work of the scores' searches from which
// Optimal shares its questions with a fork of the game (helperGame):
// below it the moves take little time, and copying the tables would cost
// more than it saves (on the board-search set, whose scores take 54,000
// nodes on average, forking every time cost 45% more memory allocated and
// no time).
const forkMinNodes = 200_000

// optimal finds the optimal first moves and a principal variation of the
// Japanese game g with each side first (optimalOf): Black's, then
// White's, each list's questions shared between two cores when the
// scores took forkMinNodes or more (Optimal).
func (sum *SearchSummary) optimal(g *boardSearchGame) {
	type found struct {
		names, pv []string
		ok        bool
	}
	var res [2]found
	for i, first := range []board.Color{board.Black, board.White} {
		r := &res[i]
		r.names, r.pv, r.ok = optimalOf(g, first)
	}
	for i := range res {
		if res[i].ok {
			sum.Optimal[i], sum.PV[i] = res[i].names, res[i].pv
		}
	}
}

// plural returns one or many by n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// narrow narrows the bounds b (by first player) with what a search proved.
func narrow(b *[2][2]cgt.Dyadic, s [2]Score, ran bool) {
	if !ran {
		return
	}
	for p := range b {
		if s[p].LoOK && s[p].Lo.Cmp(b[p][0]) > 0 {
			b[p][0] = s[p].Lo
		}
		if s[p].HiOK && s[p].Hi.Cmp(b[p][1]) < 0 {
			b[p][1] = s[p].Hi
		}
	}
}

// searchRegion makes the board search of the region of a with the
// settled groups walls searched too (RegionWith): every score under both
// countings with each side first, and the Japanese optimal first moves.
// It reports false when there is no search to make (a warning says why).
// It sets d's games when every score is exact.
func (d *Decision) searchRegion(in PositionInput, b *board.Board, opts PositionOptions, walls []board.Point) (*SearchSummary, []string, bool) {
	a := in.Analysis
	region, err := RegionWith(a, walls)
	if err != nil {
		what := "no board search: "
		if walls != nil {
			what = "no board search with the walls that answer ko threats: "
		}
		d.Warnings = append(d.Warnings, what+err.Error())
		return nil, nil, false
	}
	if w := capturableWall(in.Position, region); w != "" {
		d.Warnings = append(d.Warnings, fmt.Sprintf("no board search: the declared (or assumed) wall %s has every liberty in %s, where a move of the search could capture it", w, describeRegion(region)))
		return nil, nil, false
	}
	empty := 0
	for _, p := range region.Points {
		if b.At(p) == board.Empty {
			empty++
		}
	}
	if empty > MaxSearchEmpty {
		d.Warnings = append(d.Warnings, fmt.Sprintf("no board search: %s has %d empty points, more than the %d a search of the board can hope to finish", describeRegion(region), empty, MaxSearchEmpty))
		return nil, nil, false
	}
	sum := &SearchSummary{Region: region, Exact: true}
	var reasons []string
	defer func() {
		for c := range d.games {
			if !sum.ExactIn[c] {
				// Only a counting whose every score is proven keeps its game.
				d.games[c], d.gameOK[c] = nil, false
			}
		}
	}()
	// The two countings' searches share nothing but the analysis (whose
	// tile engine is locked), so the Chinese scores are searched on a
	// second core, when there is one, from the start, beside the
	// Japanese ones. The Chinese results are taken as if they had been
	// searched after the Japanese ones: only when every Japanese score is
	// proven (the search is stopped otherwise). Started once the Japanese
	// score with Black first was proven instead, a Chinese search that
	// passes its budget (Spight's problem) ended 3 s after the Japanese.
	var progressMu sync.Mutex
	progressFor := func(label string) func(string) {
		if opts.Progress == nil {
			return nil
		}
		return func(msg string) {
			progressMu.Lock()
			defer progressMu.Unlock()
			opts.Progress(strings.Replace(msg, "board search", "board search ("+label+")", 1))
		}
	}
	gJ, err := NewBoardSearchGame(a, b, rules.Japanese, BoardSearchOptions{MaxNodes: opts.BoardSearchNodes, Walls: walls,
		Progress: progressFor("Japanese counting"), Stop: opts.Stop})
	if err != nil {
		sum.Exact = false
		reasons = append(reasons, err.Error())
		return sum, reasons, true
	}
	var stopC atomic.Bool
	var gC Game
	errC := errJapaneseOnly
	if !opts.JapaneseOnly {
		gC, errC = NewBoardSearchGame(a, b, rules.Chinese, BoardSearchOptions{MaxNodes: opts.BoardSearchNodes, Walls: walls,
			Progress: progressFor("Chinese counting"), Stop: &stopC})
	}
	type searched struct {
		scores [2]Score
		errs   [2]error
	}
	var chinese chan searched // set once the Chinese search has started
	startChinese := func() {
		if chinese == nil && errC == nil {
			chinese = make(chan searched, 1)
			go func() {
				var r searched
				r.scores, r.errs = scoresOf(gC)
				chinese <- r
			}()
		}
	}
	defer func() {
		if chinese != nil { // not asked for: stopped
			stopC.Store(true)
			<-chinese
		}
	}()
	for _, c := range []rules.Counting{rules.Japanese, rules.Chinese} {
		g := gJ
		var errs [2]error
		if c == rules.Japanese {
			if runtime.GOMAXPROCS(0) > 1 {
				startChinese()
			}
			sum.Scores[c], errs = scoresOf(gJ)
		} else {
			if errC != nil {
				d.Warnings = append(d.Warnings, "Chinese result not computed by the board search: "+errC.Error())
				continue
			}
			startChinese()
			r := awaitSearch(chinese, opts.Stop, &stopC)
			chinese = nil
			g = gC
			sum.Scores[c], errs = r.scores, r.errs
		}
		sum.Ran[c] = true
		for i, first := range []board.Color{board.Black, board.White} {
			if errs[i] != nil {
				sum.Exact = false
				reasons = append(reasons, fmt.Sprintf("%s, %s first: %v", c.Words(), first, errs[i]))
			}
		}
		n := g.(*boardSearchGame).s.total
		sum.Nodes += n
		d.Nodes += n
		if sum.Exact && g.(*boardSearchGame).s.koEver && in.Walls != nil {
			// A ko arose: walls that live only by answering in their
			// territory give ko threats the search does not play,
			// unless they are searched too.
			if d.Threats == nil {
				d.Threats = in.Walls.SearchKoThreats(opts.ThreatNodes)
				for _, src := range d.Threats {
					d.Nodes += src.Nodes
				}
			}
			if outside := threatsOutside(d.Threats, region); outside > 0 {
				sum.Exact = false
				sum.threats = true
				sum.Scores[c] = [2]Score{} // not even bounds: the threats could swing either way
				reasons = append(reasons, fmt.Sprintf("a ko arises in the searched region and %d settled %s by answering in its territory: ko threats the board search does not play",
					outside, plural(outside, "group lives", "groups live")))
			}
		}
		if !sum.Exact {
			break
		}
		d.games[c], d.gameOK[c] = g, true
		sum.ExactIn[c] = true
		if c == rules.Japanese {
			bg := g.(*boardSearchGame)
			sum.optimal(bg)
			extra := bg.s.total - n
			sum.Nodes += extra
			d.Nodes += extra
		}
	}
	return sum, reasons, true
}

// errJapaneseOnly: PositionOptions.JapaneseOnly.
var errJapaneseOnly = errors.New("not asked for (Japanese counting only)")

// awaitSearch waits for the result of a search made on another goroutine
// whose own stop flag is own, passing a stop of the caller's (stop, may
// be nil) on to it.
func awaitSearch[T any](ch <-chan T, stop, own *atomic.Bool) T {
	if stop == nil {
		return <-ch
	}
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case r := <-ch:
			return r
		case <-tick.C:
			if stop.Load() {
				own.Store(true)
			}
		}
	}
}

// scoresOf searches the scores of g with each side first; after a
// score that cannot be proven the next is only statically bounded (it
// would be as hard), and its error is that of the first.
func scoresOf(g Game) (scores [2]Score, errs [2]error) {
	for i, first := range []board.Color{board.Black, board.White} {
		if i > 0 && errs[0] != nil {
			scores[i] = g.(*boardSearchGame).staticScore(first)
			continue
		}
		n, err := g.Start(first)
		if err == nil {
			scores[i], err = n.Value()
		}
		errs[i] = err
	}
	return scores, errs
}

// threatsOutside counts the threat sources whose groups are not searched
// in region.
func threatsOutside(srcs []safety.ThreatSource, region *SearchRegion) int {
	n := 0
	for _, src := range srcs {
		if !slices.Contains(region.Points, src.Block) {
			n++
		}
	}
	return n
}
