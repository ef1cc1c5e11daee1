package tiles

import (
	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/mgo"
)

// engine values regions of one board under Mathematical Go rules (the
// mgo.Board it embeds plays them): no ko restriction, suicide illegal,
// immortal stones never captured. Values of regions are memoized by
// their contents (keys.go, memo.go), so transpositions and regions that
// recur in different tiles are valued once; the search itself is in
// search.go, the parts a move leaves in regions.go.
type engine struct {
	mgo.Board
	keyTables

	// claimed marks the points of territories a wall certificate claims
	// (Options.Territory): a region all of whose points one colour claims
	// is settled territory, valued directly; claimSlot returns its value
	// (never stored in the memo, which knows regions only by contents).
	claimed   []board.Color
	claimSlot memoSlot

	// The search's stacks and scratch space; each stack is cut back by
	// the call that grew it.
	pointPool []board.Point // backing store of parts, used as a stack
	partStack []part        // parts left by moves, a stack like pointPool
	keyStack  []regionKey   // keys of the parts in partStack
	known     []knownValue  // values of the parts found by moves, like keyStack
	moveStack []move        // moves being valued, a stack like pointPool
	options   []cgt.Game    // scratch options for newGame
	walls     []board.Point // scratch: the immortal stones around a part
	lookups   []*memoSlot   // scratch for moves
	local     localView
	marks     board.Marker // marks of the region being split or viewed
	wallMarks board.Marker // marks of the walls met, apart from marks

	memo   memoTable
	games  gameTable
	sums   [1 << sumCacheBits]sumEntry
	ints   [2 * intCache]cgt.Game
	path   []pathMove        // the moves from the first region searched to this one
	onPath map[regionKey]int // regions on path: index of their move in it
	nodes  int               // positions searched
	budget int               // bound on nodes, 0 for none
	// capped, when positive, is the bound of the capBudget in force, and
	// capWhat names it (for the budget error).
	capped  int
	capWhat string
	wasted  int // positions of bounded searches that failed
	// maxSearchPoints, if positive, refuses to search a region with more
	// points (Options.MaxTilePoints); closed forms still value it.
	maxSearchPoints int
	valued          int // regions the valuer answered
	// checkKeys makes the search verify every incremental key (set by
	// tests through debugCheckKeys).
	checkKeys bool
	noLocal   bool // never use e.local (set by tests through debugNoLocal)
	progress  func(nodes int)
	// areaLimit stops computing area games (for Chinese counting) once
	// this many positions have been searched: they are much larger than
	// the count games. 0 means no limit.
	areaLimit int
	// valuer, if set, values regions it recognises (corridors, sockets)
	// without a search; see Options.Valuer. atFn and immortalFn are the
	// position it is given.
	valuer     Valuer
	atFn       func(board.Point) board.Color
	immortalFn func(board.Point) bool
}

// debugCheckKeys makes new engines verify every incremental region key
// against a full computation (for tests).
var debugCheckKeys = false

// debugNoLocal makes new engines find the parts a move leaves by
// searching the board, as for regions too large for bit masks (for
// tests).
var debugNoLocal = false

// newEngine returns an engine for the stones of b (which it does not
// change) with the given immortal stones, searching at most budget
// positions (0: no bound).
func newEngine(b *board.Board, immortal []bool, budget int) *engine {
	n := b.Size()
	e := &engine{
		Board:     *mgo.New(b, immortal),
		keyTables: sharedKeyTables(b),
		memo:      newMemoTable(),
		marks:     board.NewMarker(n),
		wallMarks: board.NewMarker(n),
		budget:    budget,
		onPath:    make(map[regionKey]int),
	}
	e.local.index = make([]int32, n)
	e.checkKeys, e.noLocal = debugCheckKeys, debugNoLocal
	e.atFn, e.immortalFn = e.At, e.Immortal
	return e
}

// budgetCap is what capBudget replaced, for uncapBudget to restore.
type budgetCap struct {
	inForce        bool // the cap tightened the budget
	budget, capped int
	capWhat        string
	start          int // e.nodes when capBudget was called
}

// capBudget bounds the searches until uncapBudget to n more positions,
// within the budget (Options.MaxEnclosedPositions, or a tile's position
// graph); what names the bound in the budget error. Caps nest: a cap
// that does not tighten the budget in force leaves it as it is.
func (e *engine) capBudget(n int, what string) budgetCap {
	c := budgetCap{budget: e.budget, capped: e.capped, capWhat: e.capWhat, start: e.nodes}
	if e.budget <= 0 || e.nodes+n < e.budget {
		c.inForce = true
		e.budget, e.capped, e.capWhat = e.nodes+n, n, what
	}
	return c
}

// uncapBudget restores the budget capBudget replaced. The positions of a
// search that failed within its own bound (the region unvalued) are kept
// apart in wasted: they count neither against the budget nor against the
// area games' limit of the tiles after it, which a bounded search exists
// to protect. A search the budget itself stopped (the bound was not in
// force) spent the budget as any other.
func (e *engine) uncapBudget(c budgetCap, failed bool) {
	if failed && c.inForce {
		e.wasted += e.nodes - c.start
		e.nodes = c.start
	}
	e.budget, e.capped, e.capWhat = c.budget, c.capped, c.capWhat
}

// intCache bounds the small integers the engine keeps at hand.
const intCache = 64

// integer returns the game n, from a cache for small n.
func (e *engine) integer(n int64) cgt.Game {
	if n > -intCache && n < intCache {
		g := &e.ints[n+intCache]
		if *g == cgt.Zero && n != 0 {
			*g = cgt.Int(n)
		}
		return *g
	}
	return cgt.Int(n)
}

// add returns g + h, from a small cache of recent sums.
func (e *engine) add(g, h cgt.Game) cgt.Game {
	if g > h {
		g, h = h, g
	}
	i := (uint32(g)*0x9e3779b1 ^ uint32(h)*0x85ebca6b) >> (32 - sumCacheBits)
	s := &e.sums[i]
	if s.g != g || s.h != h || !s.ok {
		*s = sumEntry{g: g, h: h, sum: g.Add(h), ok: true}
	}
	return s.sum
}

// sumCacheBits is the log2 of the number of sums add keeps.
const sumCacheBits = 12

// sumEntry is one sum add keeps.
type sumEntry struct {
	g, h, sum cgt.Game
	ok        bool
}

// names returns the names of points, for messages.
func (e *engine) names(pts []board.Point) []string {
	var out []string
	for _, p := range pts {
		out = append(out, e.Geometry().Name(p))
	}
	return out
}
