package tiles

import (
	"slices"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/mgo"
)

// ErrBudget reports a tile whose game graph is larger than the search
// budget allows. It is mgo.ErrBudget, the one budget error of mathgo:
// test for it with errors.Is.
var ErrBudget = mgo.ErrBudget

// CycleError reports a tile whose game graph has a cycle: a ko (or a
// longer repetition) played without a ko rule, as Mathematical Go plays.
// Such a tile has no short game value; exact ko values are a later step.
type CycleError struct {
	Moves []string // the moves around the cycle, like "B C3", "W D3"
	// Single reports, per colour (indexed by board.Color), whether a move
	// of that colour around the cycle captures exactly one stone.
	Single [3]bool
}

// KoLike reports whether each colour captures a single stone around the
// cycle, as in every ko (one side takes one stone, the other takes one
// back). Any other cycle is stones captured and their points played
// again (a group taken and the area refilled), which is no ko; the graph
// may still have a ko elsewhere.
func (e *CycleError) KoLike() bool {
	return e.Single[board.Black] && e.Single[board.White]
}

// Error lists the moves around the cycle.
func (e *CycleError) Error() string {
	return "the tile's game graph has a cycle (a ko): " + strings.Join(e.Moves, ", ")
}

// pathMove is one move on the search's path: the key of the region it
// was played in, and the move.
type pathMove struct {
	key      regionKey
	p        board.Point
	c        board.Color
	captured int
}

// move is one legal move in a region and its value.
type move struct {
	p        board.Point
	c        board.Color
	captured int
	count    cgt.Game // value of the position after the move, captures included
	area     cgt.Game
	areaOK   bool
	first, n int32 // its parts' entries in e.partStack, e.keyStack and e.known
}

// knownValue is a part's value as the lookups of moves found it.
type knownValue struct {
	count, area cgt.Game
	ok, areaOK  bool
}

// minValuerPoints is the smallest region the valuer is asked about below
// a tile's start: smaller regions are searched, which costs less than
// recognising them (no socket is that small, and a corridor of up to
// eleven points has a few hundred positions, searched in less time than
// the recogniser takes over the many small regions of a tile search: on
// the 19x19 endgame of endgame.BenchmarkSolve asking from 6 points on
// cost 15% more time and 80% more allocations than from 12, with the
// same values). A tile's own region is always offered to the valuer, for
// its label (Analysis.value).
const minValuerPoints = 12

// value returns the count and area games of a region.
func (e *engine) value(region []board.Point) (*entry, error) {
	sl, err := e.valueKeyed(region, e.key(region))
	if err != nil {
		return nil, err
	}
	return e.memo.entry(sl), nil
}

// valueKeyed is value for a region whose key is known.
// The slot it returns is valid until the next memo.put.
func (e *engine) valueKeyed(region []board.Point, k regionKey) (*memoSlot, error) {
	if e.claimed != nil {
		if v, ok := e.claimedValue(region); ok {
			g := cgt.Int(int64(v))
			e.claimSlot = memoSlot{k: k, count: g, area: g, flags: slotUsed | slotSettled | slotAreaOK}
			return &e.claimSlot, nil
		}
	}
	if sl := e.memo.get(k); sl != nil {
		return sl, nil
	}
	if v, ok := e.Settled(region); ok {
		g := cgt.Int(int64(v))
		return e.memo.put(k, entry{count: g, area: g, settled: true, areaOK: true}), nil
	}
	if e.valuer != nil && (len(e.path) == 0 || len(region) >= minValuerPoints) {
		if v, ok := e.valuer(e.Geometry(), region, e.atFn, e.immortalFn); ok {
			e.valued++
			en := entry{count: v.Count, area: v.Area, areaOK: v.AreaOK, label: v.Label}
			if isInteger(v.Count) {
				// Cold: worth its count under area counting too (see below).
				en.area, en.areaOK = v.Count, !e.sekiLike(region)
			}
			return e.memo.put(k, en), nil
		}
	}
	if e.maxSearchPoints > 0 && len(region) > e.maxSearchPoints {
		return nil, mgo.BudgetErrorf("tile too large to value within the search budget: %d points, more than the limit of %d", len(region), e.maxSearchPoints)
	}
	if at, ok := e.onPath[k]; ok {
		ce := &CycleError{}
		for _, m := range e.path[at:] {
			ce.Moves = append(ce.Moves, m.c.Letter()+" "+e.Geometry().Name(m.p))
			if m.captured == 1 {
				ce.Single[m.c] = true
			}
		}
		return nil, ce
	}
	e.nodes++
	if e.budget > 0 && e.nodes > e.budget {
		if e.capped > 0 {
			return nil, mgo.BudgetErrorf("tile too large to value within the search budget (more than %d positions, the bound on %s)", e.capped, e.capWhat)
		}
		return nil, mgo.BudgetErrorf("tile too large to value within the search budget (more than %d positions)", e.budget)
	}
	if e.progress != nil && e.nodes%100000 == 0 {
		e.progress(e.nodes)
	}
	e.onPath[k] = len(e.path)
	defer delete(e.onPath, k)
	moveMark := len(e.moveStack)
	moves, err := e.moves(region, k)
	if err != nil {
		e.moveStack = e.moveStack[:moveMark]
		return nil, err
	}
	// The options go into one scratch buffer (cgt.New copies them):
	// Black's counts, White's counts, Black's areas, White's areas.
	black := 0
	for _, m := range moves {
		if m.c == board.Black {
			black++
		}
	}
	n := len(moves)
	buf := slices.Grow(e.options[:0], 2*n)[:2*n]
	areaOK := e.areaLimit == 0 || e.nodes <= e.areaLimit
	bi, wi := 0, black
	for _, m := range moves {
		areaOK = areaOK && m.areaOK
		if m.c == board.Black {
			buf[bi], buf[n+bi] = m.count, m.area
			bi++
		} else {
			buf[wi], buf[n+wi] = m.count, m.area
			wi++
		}
	}
	e.options = buf
	e.moveStack = e.moveStack[:moveMark]
	en := entry{count: e.newGame(buf[:black], buf[black:n]), areaOK: areaOK}
	switch {
	case isInteger(en.count):
		// A cold position, worth an integer count: no move gains a point
		// under territory counting, and none gains area either (a stone
		// placed in one's own territory, or to capture a dead stone there,
		// changes no area), so under area counting it is worth its count
		// (its territory and prisoners; the stones on it are in the stone
		// balance). Its game tree would say more: a region only Black can
		// move in has the value of the number of moves he has left ({3|} =
		// 4), a tempo that area counting does not pay. A seki is the
		// exception: area counting gives its eyes, territory counting not,
		// so its area is left unknown.
		// The argument needs no area game of the options, so it holds
		// past the area limit too.
		if e.sekiLike(region) {
			en.areaOK = false
		} else {
			en.area, en.areaOK = en.count, true
		}
	case !areaOK:
	default:
		en.area = e.newGame(buf[n:n+black], buf[n+black:])
	}
	return e.memo.put(k, en), nil
}

// isInteger reports whether g is an integer.
func isInteger(g cgt.Game) bool {
	d, ok := g.Number()
	return ok && d.IsInteger()
}

// sekiLike reports whether an empty point of region is a liberty of a
// mortal Black stone and of a mortal White stone: a shared liberty, as in
// a seki.
func (e *engine) sekiLike(region []board.Point) bool {
	for _, p := range region {
		if e.At(p) != board.Empty {
			continue
		}
		var black, white bool
		for _, q := range e.Neighbors(p) {
			if e.Immortal(q) {
				continue
			}
			switch e.At(q) {
			case board.Black:
				black = true
			case board.White:
				white = true
			}
		}
		if black && white {
			return true
		}
	}
	return false
}

// moves plays every legal move of both colours in region and values the
// resulting positions (captures included, area counting one point for
// the stone placed).
//
// It works in three passes: the first plays each move and takes it back,
// noting the parts it leaves and their keys; the second looks all those
// keys up at once (the lookups' memory reads overlap); the third takes
// the moves in order and, for a move whose parts were not all known,
// plays it again and values them. Values and the order of the searches
// are those of valuing each move in turn.
//
// The moves are appended to e.moveStack and returned as its tail; the
// caller cuts e.moveStack back when done with them.
func (e *engine) moves(region []board.Point, k regionKey) ([]move, error) {
	start := len(e.moveStack)
	poolMark, partMark, keyMark := len(e.pointPool), len(e.partStack), len(e.keyStack)
	defer func() {
		e.pointPool, e.partStack, e.keyStack = e.pointPool[:poolMark], e.partStack[:partMark], e.keyStack[:keyMark]
	}()
	anchor := e.anchor(region)
	e.buildLocal(region)
	for _, c := range [2]board.Color{board.Black, board.White} {
		_ = e.EachMove(region, c, func(p board.Point, captured, mark int) error {
			first := len(e.keyStack)
			if joinAt, joined := e.Joined(); joined {
				parts := e.joinParts(region, k, anchor, mark, joinAt)
				if e.checkKeys {
					e.checkJoin(region, parts, first)
				}
			} else {
				// The region's points are all still mortal, so it is
				// still one region; its key changes by the points the
				// move changed.
				e.partStack = append(e.partStack, part{points: region})
				e.keyStack = append(e.keyStack, e.rekey(k, mark, e.Mark(), anchor))
				if e.checkKeys && e.keyStack[first] != e.key(region) {
					panic("tiles: incremental region key differs from the computed one") // unreachable: debug check, tests only
				}
			}
			e.moveStack = append(e.moveStack, move{p: p, c: c, captured: captured, first: int32(first), n: int32(len(e.keyStack) - first)})
			return nil
		})
	}
	// Look the parts up.
	e.lookups = slices.Grow(e.lookups[:0], len(e.keyStack)-keyMark)[:len(e.keyStack)-keyMark]
	for i, k := range e.keyStack[keyMark:] {
		e.lookups[i] = e.memo.get(k)
	}
	if n := len(e.keyStack); cap(e.known) < n {
		e.known = append(e.known[:cap(e.known)], make([]knownValue, n-cap(e.known))...)
	}
	e.known = e.known[:len(e.keyStack)]
	for i, sl := range e.lookups {
		if sl != nil {
			e.known[keyMark+i] = knownValue{count: sl.count, area: sl.area, ok: true, areaOK: sl.flags&slotAreaOK != 0}
		} else {
			e.known[keyMark+i] = knownValue{}
		}
	}
	for i := start; i < len(e.moveStack); i++ {
		m := e.moveStack[i]
		sign := int64(1)
		if m.c == board.White {
			sign = -1
		}
		count := e.integer(sign * int64(m.captured))
		area := e.integer(sign * int64(m.captured+1))
		// Past the area limit no new entry gets an area game: skip the
		// sums.
		areaOK := e.areaLimit == 0 || e.nodes <= e.areaLimit
		all := true
		for j := m.first; j < m.first+m.n; j++ {
			all = all && e.known[j].ok
		}
		mark := e.Mark()
		if !all {
			if captured, ok := e.Play(m.p, m.c); !ok || captured != m.captured {
				panic("tiles: a move replays differently") // unreachable: the same move on the same position
			}
			e.path = append(e.path, pathMove{key: k, p: m.p, c: m.c, captured: m.captured})
		}
		for j := m.first; j < m.first+m.n; j++ {
			v := e.known[j]
			if !v.ok {
				sl, err := e.valueKeyed(e.points(e.partStack[j], region), e.keyStack[j])
				if err != nil {
					e.path = e.path[:len(e.path)-1]
					e.Undo(mark)
					e.moveStack = e.moveStack[:start]
					return nil, err
				}
				v = knownValue{count: sl.count, area: sl.area, ok: true, areaOK: sl.flags&slotAreaOK != 0}
			}
			if j == m.first && m.captured == 0 {
				count = v.count
			} else {
				count = e.add(count, v.count)
			}
			if areaOK = areaOK && v.areaOK; areaOK {
				area = e.add(area, v.area)
			}
		}
		if !all {
			e.path = e.path[:len(e.path)-1]
			e.Undo(mark)
		}
		m.count, m.area, m.areaOK = count, area, areaOK
		e.moveStack[i] = m
	}
	return e.moveStack[start:], nil
}

// claimedValue values a region that lies in a territory a wall
// certificate claims (every point claimed by one colour, only that
// colour's immortal stones around it, none of its own stones in it): one
// point per point and one more per enemy stone, positive for Black, as
// settled territory is valued.
func (e *engine) claimedValue(region []board.Point) (int, bool) {
	if len(region) == 0 {
		return 0, false
	}
	owner := e.claimed[region[0]]
	if owner == board.Empty {
		return 0, false
	}
	black, white := e.BoundaryColors(region)
	if black == white || black != (owner == board.Black) {
		return 0, false
	}
	v := 0
	for _, p := range region {
		if e.claimed[p] != owner {
			return 0, false
		}
		switch e.At(p) {
		case board.Empty:
			v++
		case owner:
			return 0, false
		default:
			v += 2
		}
	}
	if owner == board.White {
		v = -v
	}
	return v, true
}
