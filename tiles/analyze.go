package tiles

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/life"
	"github.com/mathgo/mathgo/position"
)

// Options control an analysis. The zero value is usable.
type Options struct {
	// AssumeSettled treats every stone on the board as immortal, skipping
	// the life-and-death certificates (the analysis then warns).
	AssumeSettled bool
	// NoSolver certifies blocks by declaration and Benson's algorithm only,
	// without the df-pn life-and-death search.
	NoSolver bool
	// SolverNodes bounds the life search per block (0: 50,000 nodes).
	SolverNodes int
	// MaxPositions bounds the tile search: the number of distinct
	// non-settled regions valued (0: 2,000,000).
	MaxPositions int
	// MaxAreaPositions stops computing the area games used for Chinese
	// counting once the tile search has valued this many positions
	// (0: 20,000); area games are far larger than count games. Tiles past
	// the limit get no area value and the Chinese result is unknown.
	MaxAreaPositions int
	// MaxTilePoints, if positive, leaves tiles with more points unvalued
	// (a problem "too large") instead of searching them: a quick bound for
	// callers such as a GTP engine on an open board.
	MaxTilePoints int
	// Progress, if set, is called now and then during long searches.
	Progress func(msg string)
	// Valuer, if set, is asked for the value of every region before it is
	// searched (whole tiles and the regions the search meets); see Valuer.
	// corridors.Value is the one mathgo uses.
	Valuer Valuer
	// MaxTotalGames bounds the work of reducing the totals to canonical
	// form, in new games (0: 30,000); see Analysis.Totals.
	MaxTotalGames int
}

// Valuer values a region in closed form instead of by search: b gives the
// geometry, at and immortal the region's current contents. It returns the
// count and area games (Black positive, captures made inside the region
// not included), a label in the words of the theory ("corridor of length
// 5, blocked"), and ok=false when it does not recognise the region. Its
// answers must equal what the search would give; tiles trusts them.
type Valuer func(b *board.Board, region []board.Point, at func(board.Point) board.Color, immortal func(board.Point) bool) (count, area cgt.Game, label string, ok bool)

// Certificate says why a block that bounds a tile is settled.
type Certificate struct {
	Block  board.Point
	Color  board.Color
	Status string // declared, pass-alive, alive or assumed
	Source string // for declared blocks: "marked" (#, @, SQ) or "frame" (touches an open side)
}

// Kinds of tiles.
const (
	KindTerritory = "territory" // settled territory, valued directly
	KindDame      = "dame"      // neutral points
	KindCorridor  = "corridor"  // labelled by the corridors package
	KindTile      = "tile"      // a region valued by its game graph
	KindKo        = "ko"        // a region whose game graph has a cycle
)

// Tile is one region of the board outside the immortal stones: its
// points (empty points and mortal stones), its exact values and the
// certificates of the blocks around it.
type Tile struct {
	ID       string
	Points   []board.Point // in reading order: top row first
	Kind     string
	Count    cgt.Game // value under Japanese (territory) counting, Black positive
	Chilled  cgt.Game // Count chilled by 1
	Area     cgt.Game // value under area counting of the playing area (each stone placed counts); valid when AreaOK
	AreaOK   bool
	Boundary []Certificate
	// WarmOK reports Berlekamp's BIG theorem check: warm(Chilled) is Count
	// or Count + *.
	WarmOK bool
	// Cycle is set for a ko tile: the moves around the cycle.
	Cycle []string
	// Err is set when the tile could not be valued (budget, cycle).
	Err error
	// Corridor names the corridor family and formula when the corridors
	// package recognises the tile (set by callers that label corridors).
	Corridor string
	// Stones is the number of Black minus White mortal stones in the tile
	// at the start (for area counting).
	Stones int
}

// Analysis is the result of analyzing a position.
type Analysis struct {
	Position  *position.Position
	Tiles     []*Tile
	Prisoners [3]int // indexed by board.Color: stones captured by that colour before the analysis
	// Immortal marks, per point, stones treated as immortal.
	Immortal []bool
	// Certificates lists every block treated as settled, and Mortal the
	// life results of the blocks that are not (they lie inside tiles).
	Certificates []Certificate
	Mortal       []life.Result
	// Complete reports that every tile was valued. The totals are valid
	// when Complete and their flag is set: CountOK for Count, ChilledOK
	// for Chilled, AreaOK for Area (see Totals).
	Complete                   bool
	Count, Chilled, Area       cgt.Game
	CountOK, ChilledOK, AreaOK bool
	Problems, Warnings         []string
	Elapsed                    time.Duration
	Positions                  int // regions valued by the tile search
	// ByValuer counts the regions Options.Valuer valued in closed form.
	ByValuer    int
	engine      *engine
	maxTotal    int
	shapes      map[string]*entry // tile values by shape (see engine.shapeKey)
	tileOfPoint []int
}

// Analyze partitions the position into tiles and values each exactly.
// Problems that prevent a complete answer (an unsettled boundary, a ko
// tile, a tile too large) are listed in Problems; the tiles that could be
// valued still are.
func Analyze(pos *position.Position, opts Options) (*Analysis, error) {
	start := time.Now()
	b := pos.Board.Clone()
	b.SetKoRule(board.KoNone)
	a := &Analysis{Position: pos, maxTotal: opts.MaxTotalGames}
	if a.maxTotal == 0 {
		a.maxTotal = 30_000
	}
	a.Prisoners[board.Black] = b.Prisoners(board.Black)
	a.Prisoners[board.White] = b.Prisoners(board.White)
	if err := a.certify(b, opts); err != nil {
		return nil, err
	}
	budget := opts.MaxPositions
	if budget == 0 {
		budget = 2_000_000
	}
	e := newEngine(b, slices.Clone(a.Immortal), budget)
	e.areaLimit = opts.MaxAreaPositions
	if e.areaLimit == 0 {
		e.areaLimit = 20_000
	}
	e.valuer = opts.Valuer
	if opts.Progress != nil {
		e.progress = func(n int) { opts.Progress(fmt.Sprintf("%d positions searched", n)) }
	}
	a.engine = e
	regions := e.components(allPoints(b))
	// Tiles are named A, B, C, ... in reading order of their first point
	// (top row first, then left to right).
	for i, reg := range regions {
		regions[i] = readingOrder(b, reg)
	}
	slices.SortFunc(regions, func(x, y []board.Point) int { return readingCmp(b, x[0], y[0]) })
	a.tileOfPoint = make([]int, b.Size())
	for i := range a.tileOfPoint {
		a.tileOfPoint[i] = -1
	}
	for i, reg := range regions {
		t := &Tile{ID: tileID(i), Points: reg}
		for _, p := range reg {
			a.tileOfPoint[p] = i
			switch b.At(p) {
			case board.Black:
				t.Stones++
			case board.White:
				t.Stones--
			}
		}
		t.Boundary = a.boundary(b, reg)
		if opts.MaxTilePoints > 0 && len(reg) > opts.MaxTilePoints {
			t.Kind = KindTile
			t.Err = fmt.Errorf("%w: %d points, more than the limit of %d", ErrBudget, len(reg), opts.MaxTilePoints)
			a.Problems = append(a.Problems, fmt.Sprintf("tile %s: %v", t.ID, t.Err))
		} else {
			a.value(e, t, reg)
		}
		a.Tiles = append(a.Tiles, t)
	}
	a.Positions = e.nodes
	a.ByValuer = e.valued
	a.Totals()
	a.Elapsed = time.Since(start)
	return a, nil
}

// value computes one tile's values and kind.
func (a *Analysis) value(e *engine, t *Tile, reg []board.Point) {
	// Tiles of the same shape (up to symmetry and a swap of colours) have
	// the same values: boards often repeat their rooms.
	key, neg, keyed := e.shapeKey(reg)
	en, cached := a.shapes[key]
	var err error
	switch {
	case keyed && cached && neg:
		en = &entry{count: en.count.Neg(), area: en.area.Neg(), settled: en.settled, areaOK: en.areaOK}
	case keyed && cached:
	default:
		en, err = e.value(reg)
		if err == nil && keyed && en.label == "" {
			if a.shapes == nil {
				a.shapes = map[string]*entry{}
			}
			stored := en
			if neg {
				stored = &entry{count: en.count.Neg(), area: en.area.Neg(), settled: en.settled, areaOK: en.areaOK}
			}
			a.shapes[key] = stored
		}
	}
	if err != nil {
		t.Err = err
		var ce *CycleError
		if errors.As(err, &ce) {
			t.Kind = KindKo
			t.Cycle = ce.Moves
			a.Problems = append(a.Problems, fmt.Sprintf("tile %s is a ko (its game graph has a cycle: %v); ko values are not supported yet", t.ID, ce.Moves))
		} else {
			t.Kind = KindTile
			a.Problems = append(a.Problems, fmt.Sprintf("tile %s (%d points): %v", t.ID, len(reg), err))
			for _, m := range a.Mortal {
				if a.tileOfPoint[m.Block] >= 0 && a.Tiles != nil && len(a.Tiles) == a.tileOfPoint[m.Block] {
					a.Problems = append(a.Problems, fmt.Sprintf("  block %s (%s) inside it is not settled: %s", e.b.Name(m.Block), m.Color, describeLife(e.b, m)))
				}
			}
		}
		return
	}
	t.Count, t.Area, t.AreaOK = en.count, en.area, en.areaOK
	t.Chilled = t.Count.Chill()
	w := t.Chilled.Warm()
	t.WarmOK = w == t.Count || w == t.Count.Add(cgt.Star(1))
	if !t.WarmOK {
		a.Warnings = append(a.Warnings, fmt.Sprintf("tile %s: warm(chilled) = %s is neither the count %s nor count + *", t.ID, w, t.Count))
	}
	black, white := e.boundaryColors(reg)
	allEmpty := true
	for _, p := range reg {
		allEmpty = allEmpty && e.cells[p] == board.Empty
	}
	switch {
	case en.settled:
		t.Kind = KindTerritory
	case en.label != "":
		t.Kind = KindCorridor
		t.Corridor = en.label
	case black && white && allEmpty && (t.Count == cgt.Star(1) || t.Count == cgt.Zero):
		t.Kind = KindDame
	default:
		t.Kind = KindTile
	}
}

func describeLife(b *board.Board, r life.Result) string {
	s := r.Status
	if len(r.PV) > 0 {
		s += ", line"
		for _, p := range r.PV {
			s += " " + b.Name(p)
		}
	}
	return s
}

// Totals (re)computes the canonical totals from the tiles: the count and
// chilled sums of the tiles, prisoners and settled territory, and the
// area sum (with the mortal stones on the board at the start). Callers
// that change a.Tiles (merging socket tiles) call it again. A sum whose
// canonical form needs more than Options.MaxTotalGames new games is left
// unknown (CountOK, ChilledOK or AreaOK false) with a warning: the
// outcome and stops can still be found by search (package solve).
func (a *Analysis) Totals() {
	a.Complete, a.CountOK, a.ChilledOK, a.AreaOK = false, false, false, false
	a.Count, a.Chilled, a.Area = cgt.Zero, cgt.Zero, cgt.Zero
	for _, t := range a.Tiles {
		if t.Err != nil {
			return
		}
	}
	pris := cgt.Int(int64(a.Prisoners[board.Black] - a.Prisoners[board.White]))
	counts := []cgt.Game{pris}
	chilled := []cgt.Game{pris}
	areas := []cgt.Game{}
	stones := 0
	areaOK := true
	for _, t := range a.Tiles {
		counts = append(counts, t.Count)
		chilled = append(chilled, t.Chilled)
		areas = append(areas, t.Area)
		stones += t.Stones
		areaOK = areaOK && t.AreaOK
	}
	areas = append(areas, cgt.Int(int64(stones)))
	a.Complete = true
	tooLarge := func(what string) {
		a.Warnings = append(a.Warnings, fmt.Sprintf("the canonical form of the %s is too large (more than %d new games; --max-total-games raises the limit): its outcome and stops are found by search instead", what, a.maxTotal))
	}
	if a.Count, a.CountOK = sumByTemperature(a.maxTotal, counts); !a.CountOK {
		tooLarge("total count")
	}
	if a.Chilled, a.ChilledOK = sumByTemperature(a.maxTotal, chilled); !a.ChilledOK {
		tooLarge("total chilled value")
	}
	if !areaOK {
		a.Warnings = append(a.Warnings, "Chinese result not computed: a tile is too large for the area search (raise --max-area-positions)")
	} else if a.Area, a.AreaOK = sumByTemperature(a.maxTotal, areas); !a.AreaOK {
		tooLarge("total area game")
	}
}

// AreaValues returns the area games whose sum is the area total (each
// tile's, then the mortal stones on the board at the start), or false
// when some tile has none.
func (a *Analysis) AreaValues() ([]cgt.Game, bool) {
	var out []cgt.Game
	stones := 0
	for _, t := range a.Tiles {
		if t.Err != nil || !t.AreaOK {
			return nil, false
		}
		out = append(out, t.Area)
		stones += t.Stones
	}
	return append(out, cgt.Int(int64(stones))), true
}

// CountValues returns the games whose sum is the total count: the
// prisoner difference, then each tile's count (false if a tile has none).
func (a *Analysis) CountValues() ([]cgt.Game, bool) {
	out := []cgt.Game{cgt.Int(int64(a.Prisoners[board.Black] - a.Prisoners[board.White]))}
	for _, t := range a.Tiles {
		if t.Err != nil {
			return nil, false
		}
		out = append(out, t.Count)
	}
	return out, true
}

// sumByTemperature adds games coldest first, which keeps the intermediate
// canonical forms small (numbers fold in for free). If the
// canonical form of the sum needs more than limit new games, gives up.
func sumByTemperature(limit int, gs []cgt.Game) (cgt.Game, bool) {
	gs = slices.Clone(gs)
	slices.SortStableFunc(gs, func(x, y cgt.Game) int { return x.Temperature().Cmp(y.Temperature()) })
	return cgt.SumWithin(limit, gs...)
}

// Winner returns the Mathematical Go winner ("black" or "white") with the
// given player first, from the outcome class of the total count.
func (a *Analysis) Winner(first board.Color) string {
	if !a.Complete || !a.CountOK {
		return "unknown"
	}
	switch a.Count.Outcome() {
	case cgt.OutcomeL:
		return "black"
	case cgt.OutcomeR:
		return "white"
	case cgt.OutcomeP:
		return first.Opponent().String()
	}
	return first.String()
}

// Japanese returns the territory score (Black minus White, prisoners
// included) with best play and the given player first: a stop of the
// total count.
func (a *Analysis) Japanese(first board.Color) (cgt.Dyadic, bool) {
	if !a.Complete || !a.CountOK {
		return cgt.Dyadic{}, false
	}
	if first == board.Black {
		return a.Count.LeftStop(), true
	}
	return a.Count.RightStop(), true
}

// Chinese returns the area score of the playing area (tiles and settled
// regions, not the immortal stones) with best play and the given player
// first: a stop of the sum of the tiles' area games, in which every stone
// placed counts a point for its owner, so the parity of the play shows.
func (a *Analysis) Chinese(first board.Color) (cgt.Dyadic, bool) {
	if !a.Complete || !a.AreaOK {
		return cgt.Dyadic{}, false
	}
	if first == board.Black {
		return a.Area.LeftStop(), true
	}
	return a.Area.RightStop(), true
}

// certify decides which blocks are immortal.
func (a *Analysis) certify(b *board.Board, opts Options) error {
	pos := a.Position
	n := b.Size()
	imm := make([]bool, n)
	frame := pos.Frame()
	src := make([]string, n)
	for p := range n {
		switch {
		case pos.Immortal != nil && pos.Immortal[p]:
			imm[p], src[p] = true, "marked"
		case frame != nil && frame[p]:
			imm[p], src[p] = true, "frame"
		}
	}
	if opts.AssumeSettled {
		a.Warnings = append(a.Warnings, "--assume-settled: every stone is treated as immortal without a life-and-death proof")
	}
	var alive []bool
	if !opts.AssumeSettled {
		alive, _ = life.Benson(b)
	}
	blocks := b.Blocks()
	// A block with an immortal stone is immortal as a whole.
	status := make([]string, len(blocks))
	for i, blk := range blocks {
		for _, p := range blk {
			if imm[blk[0]] || imm[p] {
				status[i] = "declared"
				break
			}
		}
		switch {
		case status[i] != "":
		case opts.AssumeSettled:
			status[i] = "assumed"
		case alive != nil && alive[blk[0]]:
			status[i] = "pass-alive"
		}
		if status[i] != "" {
			for _, p := range blk {
				imm[p] = true
			}
		}
	}
	if !opts.AssumeSettled && !opts.NoSolver {
		nodes := opts.SolverNodes
		if nodes == 0 {
			nodes = 50_000
		}
		for i, blk := range blocks {
			if status[i] != "" {
				continue
			}
			if opts.Progress != nil {
				opts.Progress("certifying block " + b.Name(blk[0]))
			}
			r := life.Certify(b, blk[0], life.Options{MaxNodes: nodes, Immortal: imm})
			if r.Status == life.StatusAlive {
				status[i] = "alive"
				for _, p := range blk {
					imm[p] = true
				}
			} else {
				a.Mortal = append(a.Mortal, r)
			}
		}
	}
	for i, blk := range blocks {
		if status[i] == "" {
			continue
		}
		c := Certificate{Block: blk[0], Color: b.At(blk[0]), Status: status[i]}
		if status[i] == "declared" {
			c.Source = "marked"
			for _, p := range blk {
				if src[p] == "frame" {
					c.Source = "frame"
				}
			}
		}
		a.Certificates = append(a.Certificates, c)
	}
	a.Immortal = imm
	return nil
}

// boundary lists the certificates of the immortal blocks touching reg.
func (a *Analysis) boundary(b *board.Board, reg []board.Point) []Certificate {
	var out []Certificate
	seen := map[board.Point]bool{}
	for _, p := range reg {
		for _, q := range b.Neighbors(p) {
			if !a.Immortal[q] {
				continue
			}
			for _, c := range a.Certificates {
				if b.SameBlock(c.Block, q) && !seen[c.Block] {
					seen[c.Block] = true
					out = append(out, c)
				}
			}
		}
	}
	slices.SortFunc(out, func(x, y Certificate) int { return readingCmp(b, x.Block, y.Block) })
	return out
}

func allPoints(b *board.Board) []board.Point {
	out := make([]board.Point, b.Size())
	for i := range out {
		out[i] = board.Point(i)
	}
	return out
}

// readingCmp orders points as a diagram is read: top row first, then
// left to right.
func readingCmp(b *board.Board, p, q board.Point) int {
	pc, pr := b.Coords(p)
	qc, qr := b.Coords(q)
	if pr != qr {
		return qr - pr
	}
	return pc - qc
}

func readingOrder(b *board.Board, pts []board.Point) []board.Point {
	out := slices.Clone(pts)
	slices.SortFunc(out, func(x, y board.Point) int { return readingCmp(b, x, y) })
	return out
}

// tileID names tiles A, B, ..., Z, AA, AB, ...
func tileID(i int) string {
	s := ""
	for {
		s = string(rune('A'+i%26)) + s
		i = i/26 - 1
		if i < 0 {
			return s
		}
	}
}

// Board returns the analysis board (with the position's stones).
func (a *Analysis) Board() *board.Board { return a.engine.b }

// Tile returns the tile with the given ID, or nil.
func (a *Analysis) Tile(id string) *Tile {
	for _, t := range a.Tiles {
		if t.ID == id {
			return t
		}
	}
	return nil
}
