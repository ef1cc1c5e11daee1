package endgame

import (
	"fmt"
	"slices"

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
}

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
	r, err := Analyze(pos, opts)
	if err != nil || r.Exact() {
		return r, err
	}
	b := pos.Board
	var blocks []board.Point
	why := map[board.Point]string{}
	for _, m := range r.unsettled {
		if t := r.tileAt(m.Block); t != nil && t.Valued() && !r.searchedTile(t.ID) {
			continue // settled for the decomposition after all (a dead stone in a valued tile)
		}
		blocks = append(blocks, m.Block)
		why[m.Block] = describeMortal(b, m)
	}
	if len(blocks) == 0 {
		r.Warnings = append(r.Warnings, fmt.Sprintf("no assumption from %s: every block is settled; what is not proven is not a block's status", src.Name()))
		return r, nil
	}
	statuses, err := src.Statuses(pos, blocks)
	if err != nil {
		r.Warnings = append(r.Warnings, fmt.Sprintf("no assumption from %s: %v", src.Name(), err))
		return r, nil
	}
	np := *pos
	nb := b.Clone()
	imm := make([]bool, nb.Size())
	copy(imm, pos.Immortal)
	var list []Assumption
	for _, blk := range blocks {
		st, ok := statuses[blk]
		if !ok {
			continue
		}
		stones := b.Block(blk)
		c := b.At(blk)
		list = append(list, Assumption{Block: slices.MinFunc(stones, b.ReadingCmp), Color: c, Stones: len(stones), Status: st, Source: src.Name(), Why: why[blk]})
		for _, p := range stones {
			switch st {
			case AssumedAlive:
				// A wall, its answers not played: a block the
				// certification refuted (it lives by answering: a
				// teire, a connection) may then count a point its
				// owner would have to fill (Why says so).
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
	if len(list) == 0 {
		r.Warnings = append(r.Warnings, fmt.Sprintf("no assumption from %s: it gave no status to the %d unsettled %s", src.Name(), len(blocks), plural(len(blocks), "block", "blocks")))
		return r, nil
	}
	slices.SortFunc(list, func(x, y Assumption) int { return b.ReadingCmp(x.Block, y.Block) })
	np.Board, np.Immortal = nb, imm
	r2, err := Analyze(&np, opts)
	if err != nil {
		return nil, err
	}
	// The areas the walls enclose that the analysis still cannot prove
	// to be territory (an invader might live there, a search too large to
	// say): assumed territory of the colour around them, once.
	if !r2.Exact() {
		terr := make([]board.Color, nb.Size())
		var areas []Assumption
		for _, t := range r2.Analysis.Tiles {
			if t.Err == nil {
				continue
			}
			c, empties, ok := r2.Analysis.Enclosed(t)
			if !ok || empties != len(t.Points) {
				continue
			}
			for _, p := range t.Points {
				terr[p] = c
			}
			areas = append(areas, Assumption{Block: slices.MinFunc(t.Points, nb.ReadingCmp), Color: c, Status: AssumedTerritory, Source: enclosureSource,
				Why: t.Err.Error(), Area: true, Points: len(t.Points)})
		}
		if len(areas) > 0 {
			o := opts
			o.territory = terr
			r3, err := Analyze(&np, o)
			if err != nil {
				return nil, err
			}
			r2 = r3
			list = append(list, areas...)
		}
	}
	r2.Assumptions = list
	r2.Unassumed = pos
	return r2, nil
}

// searchedTile reports that tile id was played by an exact board search.
func (r *Report) searchedTile(id string) bool {
	s := r.Decision.Search
	return s != nil && s.Exact && slices.Contains(s.Region.Tiles, id)
}
