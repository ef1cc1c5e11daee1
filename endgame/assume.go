package endgame

import (
	"fmt"
	"slices"
	"sync"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
)

// Stated assumptions.
//
// Proof has limits: no method proves that a large territory can never
// hold a living invader, and a finished game's dead stones are often
// beyond the life solver's budget. Options.Assume names a source of
// statuses (an Assumer: GNU Go's final_status_list, mathgo's own life
// search with answers allowed, ...) for the blocks the analysis could not
// settle. When the analysis is not exact, those blocks are given the
// source's statuses: a block assumed alive is treated as a declared wall,
// a block assumed dead is taken off the board as prisoners of the other
// colour (as counting takes dead stones off). The position is then
// analyzed again, exactly as any other; the report lists every
// assumption (Report.Assumptions) and is conditional
// (Report.Conditional): its numbers hold if the assumptions do, and no
// front end presents them as proven. A position that is exact without
// assumptions gets none.

// AssumedStatus is the status a source gives a block.
type AssumedStatus string

// Statuses an Assumer may give.
const (
	AssumedAlive AssumedStatus = "alive"
	AssumedDead  AssumedStatus = "dead"
	// AssumedTerritory is an area's status: its encloser's territory.
	AssumedTerritory AssumedStatus = "territory"
	// AssumedFilled is an empty point's status: filled by its owner
	// before counting (a teire), so no one's territory (DameSource).
	AssumedFilled AssumedStatus = "filled"
)

// Assumer is a source of statuses for blocks the analysis could not
// settle (see "Stated assumptions" above).
type Assumer interface {
	// Name names the source in the output ("GNU Go's final_status_list").
	Name() string
	// Statuses gives a status to some of blocks (each named by a stone
	// of it) in position pos; a block left out keeps no assumption.
	Statuses(pos *position.Position, blocks []board.Point) (map[board.Point]AssumedStatus, error)
}

// DameSource is an Assumer that also says which empty points its counting
// leaves to no one (GNU Go's final_status_list dame), in the same call.
// A block assumed alive becomes a wall that never has to answer, so a
// point its owner would have to fill before counting (a teire: the block
// would be short of liberties) would count as the owner's territory;
// such a point, when the source counts it as no one's, is filled with a
// stone of its owner instead, an assumption listed like the others (see
// fillDame).
type DameSource interface {
	Assumer
	// StatusesAndDame is Statuses, with the points the source counts as
	// no one's.
	StatusesAndDame(pos *position.Position, blocks []board.Point) (map[board.Point]AssumedStatus, []board.Point, error)
}

// BoardSource is an Assumer whose every call answers for the whole board
// at once (an engine run as a child process, like GNU Go): the analysis
// under assumptions asks it about every block while the analysis without
// assumptions runs, on the other core, and keeps the statuses of the
// blocks that analysis leaves unsettled.
type BoardSource interface {
	Assumer
	// WholeBoard marks the source; it does nothing.
	WholeBoard()
}

// askSource asks src about blocks of pos: the statuses, and the dame of a
// DameSource.
func askSource(src Assumer, pos *position.Position, blocks []board.Point) (map[board.Point]AssumedStatus, []board.Point, error) {
	if ds, ok := src.(DameSource); ok {
		return ds.StatusesAndDame(pos, blocks)
	}
	st, err := src.Statuses(pos, blocks)
	return st, nil, err
}

// Assumption is one status assumed, not proven.
type Assumption struct {
	// Block is the block's first stone in reading order, Color its
	// colour and Stones its size.
	Block  board.Point
	Color  board.Color
	Stones int
	Status AssumedStatus
	// Source names the Assumer.
	Source string
	// Why says why the analysis did not prove the block's status.
	Why string
	// Area is set for an area assumed to be Color's territory (no
	// invader lives there); Block is then its first point, Stones 0 and
	// Points its size.
	Area   bool
	Points int
	// Point is set for an empty point assumed filled by Color
	// (AssumedFilled): Block is the point, Stones 0.
	Point bool
}

// assumedEnclosedPositions bounds, under assumptions, the search of an
// empty area the walls enclose (tiles.Options.MaxEnclosedPositions): past
// it, the area is assumed to be their territory, and listed.
const assumedEnclosedPositions = 100_000

// enclosureSource names the source of the areas assumed to be territory.
const enclosureSource = "the stones around it (no invader assumed to live there)"

// Conditional reports that the report's numbers rest on assumptions
// (Report.Assumptions): they are not proven, whatever Exact says.
func (r *Report) Conditional() bool { return len(r.Assumptions) > 0 }

// Proven reports that every number of the report is proven: exact and
// resting on no assumption (exit status 0).
func (r *Report) Proven() bool { return r.Exact() && !r.Conditional() }

// analyzeAssuming is Analyze with opts.Assume: the analysis without
// assumptions, and when it is not exact, the analysis again with the
// blocks it could not settle given the source's statuses.
func analyzeAssuming(pos *position.Position, opts Options) (*Report, error) {
	src := opts.Assume
	opts.Assume = nil
	// A whole-board source is asked at once, about every block, on a copy
	// of the position, while the analysis runs (the channel is buffered:
	// an answer no one waits for is dropped).
	type answer struct {
		statuses map[board.Point]AssumedStatus
		dame     []board.Point
		err      error
	}
	var early chan answer
	if _, ok := src.(BoardSource); ok {
		early = make(chan answer, 1)
		cp := *pos
		cp.Board = pos.Board.Clone()
		var all []board.Point
		for _, blk := range cp.Board.Blocks() {
			all = append(all, blk[0])
		}
		go func() {
			st, dame, err := askSource(src, &cp, all)
			early <- answer{st, dame, err}
		}()
	}
	r, err := Analyze(pos, opts)
	if err != nil || r.Exact() {
		return r, err
	}
	b := pos.Board
	blocks, why := unsettledBlocks(r, b, nil)
	if len(blocks) == 0 {
		r.Warnings = append(r.Warnings, fmt.Sprintf("no assumption from %s: every block is settled; what is not proven is not a block's status", src.Name()))
		return r, nil
	}
	var statuses map[board.Point]AssumedStatus
	var dame []board.Point
	var byStone map[board.Point]AssumedStatus // a whole-board source's answer, by stone
	if early != nil {
		a := <-early
		dame, err = a.dame, a.err
		// The unsettled blocks' statuses, whichever stone named them.
		byStone = map[board.Point]AssumedStatus{}
		for p, st := range a.statuses {
			for _, q := range b.Block(p) {
				byStone[q] = st
			}
		}
		statuses = pick(byStone, blocks)
	} else {
		statuses, dame, err = askSource(src, pos, blocks)
	}
	if err != nil {
		r.Warnings = append(r.Warnings, fmt.Sprintf("no assumption from %s: %v", src.Name(), err))
		return r, nil
	}
	np := *pos
	nb := b.Clone()
	imm := make([]bool, nb.Size())
	copy(imm, pos.Immortal)
	var list []Assumption
	assumed := make([]bool, b.Size()) // the stones given a status
	asked := make([]bool, b.Size())   // the stones of the blocks the source was asked about
	var r2, final *Report
	var extra []Assumption
	var credit [3]int
	// In rounds: the walls assumed alive change the tiles, and a block the
	// first analysis settled may be left unsettled by the next one (its
	// eye space is now a tile, where it may not answer). When a round's
	// analysis is not exact, even with the areas assumed, the source is
	// asked about those blocks too, up to assumeRounds analyses: a
	// position exact after the first round gets the same answer.
	for round := 1; ; round++ {
		for _, blk := range blocks {
			for _, p := range b.Block(blk) {
				asked[p] = true
			}
		}
		n := len(list)
		list = append(list, applyStatuses(src, pos, nb, imm, assumed, blocks, statuses, why)...)
		if len(list) > n {
			list = append(list, fillDame(b, nb, imm, dame, assumed, func(p board.Point) string { return sourceOf(src, pos, p) })...)
		}
		if len(list) == n {
			if r2 == nil {
				r.Warnings = append(r.Warnings, fmt.Sprintf("no assumption from %s: it gave no status to the %d unsettled %s", src.Name(), len(blocks), plural(len(blocks), "block", "blocks")))
				return r, nil
			}
			break
		}
		np.Board, np.Immortal = nb, imm
		keepKo(b, nb)
		opts.assumed = true
		r2, err = Analyze(&np, opts)
		if err != nil {
			return nil, err
		}
		final, extra, credit, err = assumeAreas(pos, &np, r2, src, opts)
		if err != nil {
			return nil, err
		}
		if final.Exact() || round == assumeRounds {
			break
		}
		blocks, why = unsettledBlocks(r2, b, asked)
		if len(blocks) == 0 {
			break
		}
		if byStone != nil {
			statuses = pick(byStone, blocks)
		} else if statuses, _, err = askSource(src, pos, blocks); err != nil {
			final.Warnings = append(final.Warnings, fmt.Sprintf("no further assumption from %s: %v", src.Name(), err))
			break
		}
	}
	slices.SortFunc(list, func(x, y Assumption) int { return b.ReadingCmp(x.Block, y.Block) })
	final.Assumptions = append(list, extra...)
	final.credit = credit
	final.Unassumed = pos
	final.ProvenSettled = r.ProvenSettled
	return final, nil
}

// assumeAreas returns r2, the analysis of np (pos with the blocks
// assumed), when it is exact; else the analysis again with the areas the
// walls enclose that it still cannot prove to be territory (an invader
// might live there, a search too large to say) assumed territory of the
// colour around them, and the other tiles still without a value (an open
// area, a territory with stones captured and replayed in it) carved:
// their points far from the other colour assumed territory (carve.go).
// It returns the report, the assumptions made and the carved credits.
func assumeAreas(pos, np *position.Position, r2 *Report, src Assumer, opts Options) (*Report, []Assumption, [3]int, error) {
	var credit [3]int
	if r2.Exact() {
		return r2, nil, credit, nil
	}
	nb := np.Board
	terr := make([]board.Color, nb.Size())
	var areas []Assumption
	var open [][]board.Point
	for _, t := range r2.Analysis.Tiles {
		if t.Err == nil {
			continue
		}
		c, empties, ok := r2.Analysis.Enclosed(t)
		if !ok || empties != len(t.Points) {
			open = append(open, t.Points)
			continue
		}
		for _, p := range t.Points {
			terr[p] = c
		}
		areas = append(areas, Assumption{Block: slices.MinFunc(t.Points, nb.ReadingCmp), Color: c, Status: AssumedTerritory, Source: enclosureSource,
			Why: t.Err.Error(), Area: true, Points: len(t.Points)})
	}
	var keep func(board.Point) bool
	if ke, ok := src.(KeepsEmpty); ok {
		keep = func(p board.Point) bool { return ke.StaysEmpty(pos, p) }
	}
	cp := *np
	cp.Board, cp.Immortal = np.Board.Clone(), slices.Clone(np.Immortal)
	carved, cr := carveOpenAreas(cp.Board, cp.Immortal, open, keep, carveSource)
	if len(areas) == 0 && len(carved) == 0 {
		return r2, nil, credit, nil
	}
	keepKo(np.Board, cp.Board)
	o := opts
	o.territory = terr
	if len(carved) == 0 && !debugNoReuse {
		o.reuse = r2 // the same position and walls: r2 is superseded
	}
	r3, err := Analyze(&cp, o)
	if err != nil {
		return nil, nil, credit, err
	}
	return r3, append(areas, carved...), cr, nil
}

// fillDame fills with a stone of its owner each of the source's dame
// points that the blocks assumed would otherwise make territory: an empty
// point of nb (the board with the assumed dead taken off) next to a stone
// of the original board b that was given a status (assumed), whose
// neighbours are all stones of one colour c, at least one, or empty
// points the source does not count as dame, and where a stone of c keeps
// a liberty. Under Japanese counting the stone costs c the point, as the
// teire the players fill before counting does; the area count is the
// same. The new stone joins its neighbours' walls (imm). It returns the
// assumptions, one for each point filled.
func fillDame(b, nb *board.Board, imm []bool, dame []board.Point, assumed []bool, source func(board.Point) string) []Assumption {
	isDame := make([]bool, nb.Size())
	for _, p := range dame {
		if p >= 0 && int(p) < nb.Size() {
			isDame[p] = true
		}
	}
	var out []Assumption
	for _, p := range dame {
		if p < 0 || int(p) >= nb.Size() || nb.At(p) != board.Empty {
			continue
		}
		c := board.Empty
		ok, near := true, false
		for _, q := range nb.Neighbors(p) {
			near = near || assumed[q]
			switch v := nb.At(q); {
			case v == board.Empty:
				ok = ok && !isDame[q]
			case c == board.Empty:
				c = v
			default:
				ok = ok && v == c
			}
		}
		if !ok || !near || c == board.Empty {
			continue
		}
		nb.Setup(p, c)
		if nb.Liberties(p) == 0 {
			nb.Setup(p, board.Empty) // the last liberty of c's block: not a point c fills
			continue
		}
		for _, q := range nb.Neighbors(p) {
			imm[p] = imm[p] || (nb.At(q) == c && imm[q])
		}
		out = append(out, Assumption{Block: p, Color: c, Status: AssumedFilled, Source: source(p), Point: true,
			Why: fmt.Sprintf("the walls around it, assumed alive, never have to answer, so the analysis would count it as %s's territory; the source counts it as no one's (a point %s fills before counting, a teire)", c, c)})
	}
	return out
}

// searchedTile reports that tile id was played exactly without a value:
// by an exact board search (or exact play with the ko ban, playedTiles).
func (r *Report) searchedTile(id string) bool {
	return slices.Contains(r.playedTiles(), id)
}

// CarryBack returns a source that gives the positions of game g what src
// says of its final position, as a review needs: one set of statuses for
// every position, so that a move's loss compares two positions under the
// same assumptions. A block of the position after move n
// (Position.MoveNumber) gets the status of the final block that holds its
// stones when every stone of it stays on its point from move n to the end
// (never captured, never replaced), and those stones agree, unless it is
// assumed alive and has just taken a ko (its one liberty the point the
// ban protects). A block whose every stone is captured later in the game
// (each point then empty at the end, not a dame, or the other colour's
// stone alive there), none of them in a ko taken, is assumed dead, the
// game record its source (SourceOf). The final's dame (a DameSource's)
// that stay empty from move n to the end are its dame. src is asked once,
// about every block of the final; the source is safe for concurrent use.
func CarryBack(g *position.Game, src Assumer) Assumer {
	return &carried{game: g, src: src}
}

// carried is CarryBack's source.
type carried struct {
	game *position.Game
	src  Assumer

	once   sync.Once
	final  *board.Board
	since  []int           // by point: the last move that changed it (0: none)
	before []int           // by point: the move that changed it before since (0: none)
	status []AssumedStatus // by point of the final board: its block's status
	dame   []board.Point
	isDame []bool // by point: one of dame
	koAt   []bool // by point: a stone there was taken in a ko (the ban's point) at some move
	// teire are the stones of the final that the record's players placed
	// near the end as fills a block of theirs needs (findTeire): points
	// their owner had to fill before counting. In an earlier position
	// where such a point is empty until its stone is placed, it is one of
	// the dame (see StatusesAndDame).
	teire []board.Point
	err   error
}

// teireWindow is how far back from the end of a game (in moves) a
// player's fill of his own is taken for a teire candidate (carried.teire):
// the reach of a review, not the opening's stones inside walls.
const teireWindow = 80

// capturedSource names the source of the blocks captured later in the
// game (CarryBack).
const capturedSource = "the game record (every stone of it is captured later in the game)"

// BlockSource is an Assumer that names, block by block (or empty point
// by point), a source other than its own (Assumption.Source).
type BlockSource interface {
	// SourceOf names the source of the status of the block at blk in
	// pos (or of the empty point blk's), "" for the Assumer's own.
	SourceOf(pos *position.Position, blk board.Point) string
}

// keepKo gives nb, a copy of b that the assumptions changed by Setup
// (which clears the ko ban), b's ko ban: right after a ko capture the
// player to move may not take back at once. The ban is the rules', not an
// assumption; it holds where the assumptions leave the ko's shape as it
// is (board.SetKo).
func keepKo(b, nb *board.Board) {
	if k := b.KoPoint(); k != board.Pass {
		_, c := b.KoRecapture()
		nb.SetKo(k, c)
	}
}

// sourceOf names the source of the status src gives the block (or empty
// point) at p of pos.
func sourceOf(src Assumer, pos *position.Position, p board.Point) string {
	if bs, ok := src.(BlockSource); ok {
		if s := bs.SourceOf(pos, p); s != "" {
			return s
		}
	}
	return src.Name()
}

// SourceOf names the game record as the source of the blocks captured
// later and of the teire its players fill later (BlockSource).
func (c *carried) SourceOf(pos *position.Position, blk board.Point) string {
	c.once.Do(c.ask)
	if c.err != nil {
		return ""
	}
	if pos.Board.At(blk) == board.Empty && slices.Contains(c.teire, blk) {
		return fmt.Sprintf("the game record (%s fills it at move %d, where a block of its needs it: with the point empty it has no other liberty, or one other, a dame at the end)", c.final.At(blk), c.since[blk])
	}
	if c.capturedLater(pos, blk) {
		return capturedSource
	}
	return ""
}

// capturedLater reports whether every stone of the block at blk in pos is
// captured later in the game: its point changes after pos, holds no stone
// of the block's colour at the end, and is then empty and no dame, or a
// stone of the other colour assumed alive; no stone of it is taken in a
// ko at any move (the fight's outcome is the search's to find).
func (c *carried) capturedLater(pos *position.Position, blk board.Point) bool {
	b, fb := pos.Board, c.final
	col := b.At(blk)
	if col == board.Empty || b.Size() != fb.Size() {
		return false
	}
	for _, p := range b.Block(blk) {
		f := fb.At(p)
		switch {
		case c.since[p] <= pos.MoveNumber || f == col || c.koAt[p]:
			return false
		case f == board.Empty && c.isDame[p]:
			return false
		case f != board.Empty && c.status[p] != AssumedAlive:
			return false
		}
	}
	return true
}

// Name names the source: src's, carried back from the end of the game.
func (c *carried) Name() string { return c.src.Name() + " at the end of the game" }

// Statuses gives the blocks the statuses carried back (see CarryBack).
func (c *carried) Statuses(pos *position.Position, blocks []board.Point) (map[board.Point]AssumedStatus, error) {
	st, _, err := c.StatusesAndDame(pos, blocks)
	return st, err
}

// StaysEmpty reports whether the empty point p of pos stays empty to the
// end of the game (KeepsEmpty: only such points are carved).
func (c *carried) StaysEmpty(pos *position.Position, p board.Point) bool {
	c.once.Do(c.ask)
	if c.err != nil || int(p) >= len(c.since) || c.final.Size() != pos.Board.Size() {
		return false
	}
	return c.since[p] <= pos.MoveNumber && c.final.At(p) == board.Empty
}

// StatusesAndDame is Statuses with the final's dame that stay empty from
// pos to the end of the game.
func (c *carried) StatusesAndDame(pos *position.Position, blocks []board.Point) (map[board.Point]AssumedStatus, []board.Point, error) {
	c.once.Do(c.ask)
	if c.err != nil {
		return nil, nil, c.err
	}
	b, fb := pos.Board, c.final
	if b.Cols() != fb.Cols() || b.Rows() != fb.Rows() {
		return nil, nil, fmt.Errorf("the position is %dx%d, the end of the game %dx%d", b.Cols(), b.Rows(), fb.Cols(), fb.Rows())
	}
	n := pos.MoveNumber
	stays := func(p board.Point) bool { return c.since[p] <= n && fb.At(p) == b.At(p) }
	out := map[board.Point]AssumedStatus{}
	for _, blk := range blocks {
		var st AssumedStatus
		// A block that just took a ko: its one liberty is the point the
		// ban keeps the other side from retaking at once.
		koTaker := false
		if k := b.KoPoint(); k != board.Pass && b.LibertiesUpTo(blk, 2) == 1 {
			for _, q := range b.Neighbors(k) {
				koTaker = koTaker || b.SameBlock(q, blk)
			}
		}
		for i, p := range b.Block(blk) {
			if !stays(p) || c.status[p] == "" || (i > 0 && c.status[p] != st) {
				st = ""
				break
			}
			st = c.status[p]
		}
		if st == AssumedAlive && koTaker {
			// The ko is still being fought: whether the block survives
			// is the search's to find, whatever the end says.
			st = ""
		}
		if st == "" && c.capturedLater(pos, blk) {
			st = AssumedDead
		}
		if st != "" {
			out[blk] = st
		}
	}
	var dame []board.Point
	for _, p := range c.dame {
		if stays(p) {
			dame = append(dame, p)
		}
	}
	// A teire of the record still to be played: empty from pos until its
	// stone is placed, which stays to the end.
	for _, p := range c.teire {
		if b.At(p) == board.Empty && c.since[p] > n && c.before[p] <= n {
			dame = append(dame, p)
		}
	}
	return out, dame, nil
}

// ask replays the game, noting the last move that changed each point, and
// asks the source about every block of the final, once.
func (c *carried) ask() {
	g := c.game
	final, err := g.PositionAfter(len(g.Moves))
	if err != nil {
		c.err = err
		return
	}
	fb := final.Board
	c.final = fb
	c.since = make([]int, fb.Size())
	c.before = make([]int, fb.Size())
	c.koAt = make([]bool, fb.Size())
	prev, err := g.PositionAfter(0)
	if err != nil {
		c.err = err
		return
	}
	for k := 1; k <= len(g.Moves); k++ {
		next, err := g.PositionAfter(k)
		if err != nil {
			c.err = err
			return
		}
		for p := range fb.Size() {
			if next.Board.At(board.Point(p)) != prev.Board.At(board.Point(p)) {
				c.before[p], c.since[p] = c.since[p], k
			}
		}
		if kp := next.Board.KoPoint(); kp != board.Pass {
			c.koAt[kp] = true
		}
		prev = next
	}
	var blocks []board.Point
	for _, blk := range fb.Blocks() {
		blocks = append(blocks, blk[0])
	}
	var st map[board.Point]AssumedStatus
	if ds, ok := c.src.(DameSource); ok {
		st, c.dame, c.err = ds.StatusesAndDame(final, blocks)
	} else {
		st, c.err = c.src.Statuses(final, blocks)
	}
	if c.err != nil {
		return
	}
	c.isDame = make([]bool, fb.Size())
	for _, p := range c.dame {
		if p >= 0 && int(p) < fb.Size() {
			c.isDame[p] = true
		}
	}
	c.status = make([]AssumedStatus, fb.Size())
	for blk, s := range st {
		for _, p := range fb.Block(blk) {
			c.status[p] = s
		}
	}
	c.teire = c.findTeire(final)
}

// assumeRounds bounds the rounds of analyzeAssuming: each round after the
// first asks the source about the blocks the last round's analysis left
// unsettled that it was not asked about, and analyzes the position again
// (with the areas assumed: assumeAreas).
const assumeRounds = 3

// unsettledBlocks returns the blocks of b that r leaves unsettled (one
// stone of each, and why each is not settled), except those in a tile r
// values (a dead stone there is settled for the decomposition) and those
// with a stone marked in skip.
func unsettledBlocks(r *Report, b *board.Board, skip []bool) ([]board.Point, map[board.Point]string) {
	var blocks []board.Point
	why := map[board.Point]string{}
	for _, m := range r.unsettled {
		if t := r.tileAt(m.Block); t != nil && t.Valued() && !r.searchedTile(t.ID) {
			continue // settled for the decomposition after all (a dead stone in a valued tile)
		}
		if skip != nil && skip[m.Block] {
			continue
		}
		blocks = append(blocks, m.Block)
		why[m.Block] = describeMortal(b, m)
	}
	return blocks, why
}

// pick returns the statuses byStone gives blocks (each named by a stone).
func pick(byStone map[board.Point]AssumedStatus, blocks []board.Point) map[board.Point]AssumedStatus {
	out := map[board.Point]AssumedStatus{}
	for _, blk := range blocks {
		if st, ok := byStone[blk]; ok {
			out[blk] = st
		}
	}
	return out
}

// applyStatuses gives blocks (stones of pos's board) the statuses src
// gave them on nb, the board analyzed under assumptions: a block assumed
// alive becomes a wall (imm), one assumed dead is taken off as prisoners
// of the other colour. It marks their stones in assumed and returns the
// assumptions. A block that is no longer the same on nb (a stone filled
// before counting joined it) keeps no status.
func applyStatuses(src Assumer, pos *position.Position, nb *board.Board, imm, assumed []bool, blocks []board.Point, statuses map[board.Point]AssumedStatus, why map[board.Point]string) []Assumption {
	b := pos.Board
	var list []Assumption
	for _, blk := range blocks {
		st, ok := statuses[blk]
		if !ok {
			continue
		}
		stones := b.Block(blk)
		c := b.At(blk)
		if nb.At(blk) != c || len(nb.Block(blk)) != len(stones) {
			continue
		}
		for _, p := range stones {
			assumed[p] = true
		}
		list = append(list, Assumption{Block: slices.MinFunc(stones, b.ReadingCmp), Color: c, Stones: len(stones), Status: st, Source: sourceOf(src, pos, blk), Why: why[blk]})
		for _, p := range stones {
			switch st {
			case AssumedAlive:
				// A wall, its answers not played: a block the
				// certification refuted (it lives by answering: a
				// teire, a connection) may then count a point its
				// owner would have to fill, unless the source says
				// which (fillDame).
				imm[p] = true
			case AssumedDead:
				nb.Setup(p, board.Empty)
			}
		}
		if st == AssumedDead {
			opp := c.Opponent()
			nb.SetPrisoners(opp, nb.Prisoners(opp)+len(stones))
		}
	}
	return list
}

// findTeire returns the stones of the final (c.teire) that the record's
// players placed in its last teireWindow moves as fills of their own
// (every neighbour their own stone, an empty point or a stone the source
// calls dead) that a block of their colour needs: with the fill taken
// back and the dead stones taken off, a block next to it has no other
// liberty, or one other, a dame of the source's (shortOfLiberties).
func (c *carried) findTeire(final *position.Position) []board.Point {
	fb := final.Board
	last := len(c.game.Moves)
	// The final with the dead stones taken off.
	live := fb.Clone()
	for p := range fb.Size() {
		if c.status[p] == AssumedDead {
			live.Setup(board.Point(p), board.Empty)
		}
	}
	var out []board.Point
	for p := range fb.Size() {
		pt := board.Point(p)
		col := fb.At(pt)
		if col == board.Empty || c.since[p] <= last-teireWindow || c.status[p] != AssumedAlive {
			continue
		}
		own := true
		for _, q := range fb.Neighbors(pt) {
			switch v := fb.At(q); {
			case v == board.Empty, v == col:
			case c.status[q] == AssumedDead:
			default:
				own = false
			}
		}
		if !own {
			continue
		}
		live.Setup(pt, board.Empty)
		if shortOfLiberties(live, pt, col, c.isDame) {
			out = append(out, pt)
		}
		live.Setup(pt, col)
	}
	return out
}

// shortOfLiberties reports whether a block of colour col next to the
// empty point p of b has no liberty but p, or one more that isDame marks:
// the other side can capture it at p, or atari it by filling a dame, and
// a stone of col at p is what keeps it (a teire).
func shortOfLiberties(b *board.Board, p board.Point, col board.Color, isDame []bool) bool {
	for _, q := range b.Neighbors(p) {
		if b.At(q) != col {
			continue
		}
		switch libs := b.LibertyPoints(q); {
		case len(libs) == 1:
			return true // p itself
		case len(libs) == 2:
			other := libs[0]
			if other == p {
				other = libs[1]
			}
			if isDame[other] {
				return true
			}
		}
	}
	return false
}
