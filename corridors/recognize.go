package corridors

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/tiles"
)

// Corridor is a corridor recognised on the board.
type Corridor struct {
	// Type is the family: TypeBlocked, TypeUnblocked or TypeGote, or ""
	// for a width-one corridor of no named family (one with other
	// invader stones in it), valued exactly by its game all the same.
	Type string
	// Length is the number of points, a gote corridor's stone included.
	Length int
	// Owner is the colour of the walls; the invader is the other colour.
	Owner board.Color
	// Points run from the closed end (for an unblocked corridor, from
	// either end) to the mouth.
	Points []board.Point
	// Mouth is the entrance, the point touching the invader's immortal
	// stones (for an unblocked corridor, one of the two).
	Mouth board.Point
	// Count is the value under territory scoring, Chilled its chilled
	// value, Area its value under area scoring (each stone placed counts).
	// Owner White's values are the negatives of Black's.
	Count, Chilled, Area cgt.Game
	// Formula is the family's chilled formula with its value, like
	// "n-2+2^-(n-1) = 3 + 1/16" (for Black; "" when Type is "").
	Formula string
}

// familyName is how labels call the families.
var familyName = map[string]string{
	TypeBlocked:   "blocked corridor",
	TypeUnblocked: "unblocked corridor",
	TypeGote:      "corridor to a one-point gote",
	"":            "corridor",
}

// Label describes the corridor in the words of the theory, with its
// chilled value: "blocked corridor, length 5: 3 + 1/16"; White's values
// are written as negatives, "blocked corridor, length 5: -(3 + 1/16)".
func (c Corridor) Label() string {
	var v string
	if c.Type != "" {
		v = spelled(c.Type, c.Length)
		if c.Owner == board.White && v != "0" {
			v = "-(" + v + ")"
		}
	} else {
		v = c.Chilled.String()
	}
	return fmt.Sprintf("%s, length %d: %s", familyName[c.Type], c.Length, v)
}

// Recognize reports whether tile t of analysis a is a corridor of one of
// the named families (blocked, unblocked, gote) and returns it with its
// formula values. A corridor is a playing field of width one (a path of
// points, straight or bent) every point of which touches its owner's
// immortal stones (a wall on each long side, or a wall and the board
// edge), which the invader's immortal stones touch at one end (blocked) or
// both (unblocked) and nowhere else; a gote corridor is a blocked one with
// a dead invader stone at its closed end. Recognize looks at the shape
// only; the values come from the formulas, not from the tile's search.
func Recognize(a *tiles.Analysis, t *tiles.Tile) (Corridor, bool) {
	b := a.Board()
	v := view{b: b, at: b.At, imm: func(p board.Point) bool { return a.Immortal[p] }}
	c, _, ok := v.corridor(t.Points)
	if !ok || c.Type == "" {
		return Corridor{}, false
	}
	return c, true
}

// Label labels the corridor tiles of an analysis: each tile Recognize
// accepts gets its family, length and formula value in Tile.Corridor, and
// the kind "corridor" if it was a plain "tile" (dame and territory keep
// their kinds). A tile whose searched values disagree with the formula is
// not labelled; Label returns a message for each such tile (none are
// known: the formulas are tested against the search for every length up
// to 12).
func Label(a *tiles.Analysis) []string {
	var bad []string
	for _, t := range a.Tiles {
		if t.Kind == tiles.KindTerritory {
			continue
		}
		c, ok := Recognize(a, t)
		if !ok {
			continue
		}
		if t.Err == nil && (t.Count != c.Count || t.Chilled != c.Chilled) {
			bad = append(bad, fmt.Sprintf("tile %s looks like a %s but its search gives count %s, chilled %s (formula: %s, %s)",
				t.ID, c.Label(), t.Count, t.Chilled, c.Count, c.Chilled))
			continue
		}
		t.Corridor = c.Label()
		if t.Kind == tiles.KindTile {
			t.Kind = tiles.KindCorridor
		}
	}
	return bad
}

// view is what recognition needs to know about a board: its geometry, the
// current contents and which stones are immortal.
type view struct {
	b   *board.Board
	at  func(board.Point) board.Color
	imm func(board.Point) bool
}

// touches reports whether p has an immortal neighbour of colour c.
func (v view) touches(p board.Point, c board.Color) bool {
	for _, q := range v.b.Neighbors(p) {
		if v.imm(q) && v.at(q) == c {
			return true
		}
	}
	return false
}

// order returns the points of region as a simple path from one end to the
// other, or ok=false if the region is not one.
func (v view) order(region []board.Point) ([]board.Point, bool) {
	n := len(region)
	if n == 0 {
		return nil, false
	}
	// Membership: a linear scan for the small regions the tile search
	// asks about at every node (no allocation), a set for long ones.
	var in func(board.Point) bool
	if n <= 32 {
		in = func(q board.Point) bool { return slices.Contains(region, q) }
	} else {
		set := make(map[board.Point]bool, n)
		for _, p := range region {
			set[p] = true
		}
		in = func(q board.Point) bool { return set[q] }
	}
	start := board.Point(-1)
	for _, p := range region {
		deg := 0
		for _, q := range v.b.Neighbors(p) {
			if in(q) {
				deg++
			}
		}
		if deg > 2 {
			return nil, false
		}
		if deg <= 1 && (start < 0 || p < start) {
			start = p
		}
	}
	if start < 0 {
		return nil, false // a cycle
	}
	path := []board.Point{start}
	prev := board.Point(-1)
	for cur := start; ; {
		next := board.Point(-1)
		for _, q := range v.b.Neighbors(cur) {
			if q != prev && in(q) {
				next = q
			}
		}
		if next < 0 {
			break
		}
		prev, cur = cur, next
		path = append(path, cur)
		if len(path) > n {
			return nil, false
		}
	}
	return path, len(path) == n
}

// segmentOf is a corridor in the solver's terms, with Black as the owner.
type segmentOf struct {
	cells     string
	near, far end
}

// corridor recognises a width-one corridor and values it: by formula for
// the named families, by the corridor solver otherwise (if it is small
// enough). Points are ordered closed end first, mouth last.
func (v view) corridor(region []board.Point) (Corridor, segmentOf, bool) {
	// Every point of a corridor touches its owner's immortal stones: a
	// cheap test that turns most regions of a tile search away before
	// their points are put in order.
	for _, p := range region {
		if !v.touches(p, board.Black) && !v.touches(p, board.White) {
			return Corridor{}, segmentOf{}, false
		}
	}
	path, ok := v.order(region)
	if !ok {
		return Corridor{}, segmentOf{}, false
	}
	// The owner is the colour whose immortal stones every point touches;
	// if both qualify (only in corridors of one or two points, whose
	// values agree), the one touching more.
	owner := board.Empty
	best := -1
	for _, c := range []board.Color{board.Black, board.White} {
		contacts := 0
		all := true
		for _, p := range path {
			if !v.touches(p, c) {
				all = false
				break
			}
			for _, q := range v.b.Neighbors(p) {
				if v.imm(q) && v.at(q) == c {
					contacts++
				}
			}
		}
		if all && contacts > best {
			owner, best = c, contacts
		}
	}
	if owner == board.Empty {
		return Corridor{}, segmentOf{}, false
	}
	inv := owner.Opponent()
	n := len(path)
	cells := make([]byte, n)
	for i, p := range path {
		switch v.at(p) {
		case board.Empty:
			cells[i] = '.'
		case inv:
			if v.imm(p) || v.touches(p, inv) {
				return Corridor{}, segmentOf{}, false
			}
			cells[i] = 'O'
		default:
			return Corridor{}, segmentOf{}, false
		}
		if i > 0 && i < n-1 && v.touches(p, inv) {
			return Corridor{}, segmentOf{}, false
		}
	}
	seg := segmentOf{cells: string(cells), near: endOwn, far: endOwn}
	if v.touches(path[0], inv) {
		seg.near = endInvader
	}
	if v.touches(path[n-1], inv) {
		seg.far = endInvader
	}
	if seg.near == endOwn && seg.far == endOwn {
		return Corridor{}, segmentOf{}, false // settled territory, not a corridor
	}
	if !validSegment(seg) {
		return Corridor{}, segmentOf{}, false
	}
	// Orient: the mouth last, a closed end (or the stone) first.
	if seg.far == endOwn {
		slices.Reverse(path)
		seg = segmentOf{reverse(seg.cells), seg.far, seg.near}
	}
	c := Corridor{Length: n, Owner: owner, Points: path, Mouth: path[n-1]}
	if !c.evaluate(seg) {
		return Corridor{}, segmentOf{}, false
	}
	return c, seg, true
}

// evaluate names the family of a corridor, given as a segment read from
// its closed end (or either end, if both are open) to its mouth, and
// values it: by formula, or by the corridor solver if it belongs to no
// family and is small enough (ok=false otherwise).
func (c *Corridor) evaluate(seg segmentOf) bool {
	n := len(seg.cells)
	empty := !strings.Contains(seg.cells, "O")
	switch {
	case empty && (seg.near == endOwn || n == 1):
		c.Type = TypeBlocked
	case empty:
		c.Type = TypeUnblocked
	case n >= 2 && seg.near == endOwn && seg.far == endInvader && seg.cells == "O"+strings.Repeat(".", n-1):
		c.Type = TypeGote
	}
	if c.Type != "" {
		k := familyKey{c.Type, n, c.Owner}
		if v, ok := familyCache.Load(k); ok {
			f := v.(familyValues)
			c.Count, c.Chilled, c.Area, c.Formula = f.count, f.chilled, f.area, f.formula
			return true
		}
		c.Count, c.Chilled, _ = Values(c.Type, n, c.Owner)
		c.Area = Area(c.Type, n)
		if c.Owner == board.White {
			c.Area = c.Area.Neg()
		}
		c.Formula = Formula(c.Type, n)
		familyCache.Store(k, familyValues{c.Count, c.Chilled, c.Area, c.Formula})
		return true
	}
	if strings.Count(seg.cells, ".") > maxSolvedEmpty {
		return false
	}
	val := solveSegment(seg)
	if c.Owner == board.White {
		val = value{val.count.Neg(), val.area.Neg()}
	}
	c.Count, c.Area = val.count, val.area
	c.Chilled = c.Count.Chill()
	return true
}

// familyCache holds the formula values of the corridors met so far, by
// family, length and owner (the tile search asks for the same few
// corridors at many of its nodes; building their games each time was a
// fifth of the search's time). At most 3 x MaxLength x 2 entries.
var familyCache sync.Map

type familyKey struct {
	typ   string
	n     int
	owner board.Color
}

type familyValues struct {
	count, chilled, area cgt.Game
	formula              string
}

// maxSolvedEmpty bounds the corridors of no named family that are valued
// by the corridor solver: its work grows like 2^empty points.
const maxSolvedEmpty = 14

// validSegment reports whether the invader's stones in a corridor are a
// legal position of mortal stones: every string has a liberty and none
// touches an end open to the invader (it would be immortal).
func validSegment(s segmentOf) bool {
	cells, n := s.cells, len(s.cells)
	for i := 0; i < n; {
		if cells[i] != 'O' {
			i++
			continue
		}
		j := i
		for j < n && cells[j] == 'O' {
			j++
		}
		if (i == 0 && s.near == endInvader) || (j == n && s.far == endInvader) {
			return false
		}
		if (i == 0 || cells[i-1] != '.') && (j == n || cells[j] != '.') {
			return false
		}
		i = j
	}
	return true
}

// The corridor solver's memo is shared by all callers.
var (
	sharedMu   sync.Mutex
	sharedPath = newPathSolver()
)

func solveSegment(s segmentOf) value {
	sharedMu.Lock()
	defer sharedMu.Unlock()
	if len(sharedPath.memo) > 1_000_000 {
		sharedPath = newPathSolver()
	}
	return sharedPath.segment(s.cells, s.near, s.far)
}
