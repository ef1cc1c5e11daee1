package corridors

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/life"
	"github.com/mathgo/mathgo/tiles"
)

// Socket is a socketed group: a group without eyes (the chain) that lives
// only by connecting, eventually, through one empty point (the socket) to
// an immortal group of its colour, and whose other liberties are the
// mouths of the opponent's corridors. While the socket is open the chain
// can be captured, so the corridors are not independent: the socket and
// its corridors are one tile, valued here by its game (Wolfe's socket
// theory; his first example is Figure 5.2 of Rappaport's thesis).
type Socket struct {
	// Point is the socket.
	Point board.Point
	// Color is the chain's colour, the invader of the corridors.
	Color board.Color
	// Chain lists the chain's stones.
	Chain []board.Point
	// Corridors are the corridors whose mouths the chain touches, in
	// reading order of their mouths, each with its own value as if the
	// chain were immortal (Points run from the far end to the mouth at
	// the chain; Type is "" for a corridor of no named family).
	Corridors []Corridor
	// Tiles are, for a socket found in an analysis (Sockets), the IDs of
	// the tiles the socket game replaces: the corridors and the socket's
	// own one-point tile.
	Tiles []string
	// Count, Chilled and Area are the exact values of the socket game:
	// the socket, the chain and the corridors as one tile, with the
	// socket scoring nothing once the chain's owner has filled it.
	Count, Chilled, Area cgt.Game
	// Territory is what the socket point would be worth as the chain's
	// territory (-1 for a White chain, 1 for a Black one): the value an
	// analysis that takes the chain for immortal gives it.
	Territory cgt.Game
	// Naive is Wolfe's naive estimate, chilled: the corridors' chilled
	// values plus the socket's value (the negative of Territory), as if
	// the chain's obligation to connect were independent of them.
	Naive cgt.Game
	// Positions is the number of positions of the socket game valued.
	Positions int
}

// Relative returns the socket game's values measured from the socket as
// the chain's territory, the way Wolfe and Rappaport count ("the socket
// has value 1"): Count-Territory and Chilled-Territory. For Figure 5.2
// these are ∫(12 + 21/32) + * and 12 + 21/32.
func (s Socket) Relative() (count, chilled cgt.Game) {
	return s.Count.Sub(s.Territory), s.Chilled.Sub(s.Territory)
}

// Label describes the socket in the words of the theory, for example
// "socket A3 (white chain A4, 16 stones) with unblocked corridors of
// length 5, 4, 3 and blocked corridors of length 5, 4, 4, 3, 3: chilled
// 11 + 21/32; 12 + 21/32 counting the socket as 1 (naive sum 12 + 9/16)".
func (s Socket) Label(b *board.Board) string {
	byType := map[string][]string{}
	for _, c := range s.Corridors {
		byType[c.Type] = append(byType[c.Type], fmt.Sprint(c.Length))
	}
	var parts []string
	for _, typ := range []string{TypeUnblocked, TypeBlocked, TypeGote, ""} {
		if len(byType[typ]) > 0 {
			parts = append(parts, fmt.Sprintf("%ss of length %s", familyName[typ], strings.Join(byType[typ], ", ")))
		}
	}
	_, rel := s.Relative()
	return fmt.Sprintf("socket %s (%s chain %s, %d stones) with %s: chilled %s; %s counting the socket as %s (naive sum %s)",
		b.Name(s.Point), s.Color, b.Name(s.Chain[0]), len(s.Chain), strings.Join(parts, " and "),
		mixed(s.Chilled), mixed(rel), s.Territory.Neg(), mixed(s.Naive))
}

// socketBudget bounds the socket game search (positions).
const socketBudget = 400_000

// minSocketChain is the shortest chain the socket game values (see
// socket).
const minSocketChain = 8

// socket recognises a socket game in region: the region holds one mortal
// chain, the socket beside it, and corridors whose mouths touch the
// chain, and nothing else.
func (v view) socket(region []board.Point) (Socket, bool) {
	// Cheap refusal first (the valuer is asked at every node of a tile
	// search): too few mortal stones of either colour for a chain.
	if len(region) < minSocketChain {
		return Socket{}, false
	}
	var stones [3]int
	for _, p := range region {
		if c := v.at(p); c != board.Empty && !v.imm(p) {
			stones[c]++
		}
	}
	if stones[board.Black] < minSocketChain && stones[board.White] < minSocketChain {
		return Socket{}, false
	}
	// Bit sets over the board's points, on the stack for boards up to
	// 32x32: the valuer is asked at every node, and most regions are
	// turned away by the chain's length below.
	var inBuf, seenBuf [16]uint64
	in, seen := pointSet(inBuf[:]), pointSet(seenBuf[:])
	if words := (v.b.Size() + 63) / 64; words > len(inBuf) {
		in, seen = make(pointSet, words), make(pointSet, words)
	}
	for _, p := range region {
		in.add(p)
	}
	// The chain: the largest mortal block in the region. Every block's
	// stones go to one buffer; the largest is the run at best.
	var stoneBuf [64]board.Point
	mortal := stoneBuf[:0]
	best, bestLen := 0, 0
	for _, p := range region {
		if v.at(p) == board.Empty || seen.has(p) || v.imm(p) {
			continue
		}
		start := len(mortal)
		mortal = v.blockInto(mortal, p, seen)
		if n := len(mortal) - start; n > bestLen {
			best, bestLen = start, n
		}
	}
	// The socket game takes the capture of the chain as final: the
	// capturer keeps everything. After a capture the chain's owner can
	// re-enter through the socket (the capturing stone there stands in
	// atari), so this holds only when the capture is worth so much that
	// best play never comes near it, as in Wolfe's sockets (Figure 5.2:
	// a chain of 16). Short chains are left to the search, which meets
	// the kos the re-entry makes (a chain of one, and one of three, were
	// once valued 0 where the game has a ko).
	if bestLen < minSocketChain {
		return Socket{}, false
	}
	chain := slices.Clone(mortal[best : best+bestLen])
	slices.Sort(chain)
	w := v.at(chain[0])
	owner := w.Opponent()
	var chainBuf [16]uint64
	inChain := pointSet(chainBuf[:])
	if len(in) > len(chainBuf) {
		inChain = make(pointSet, len(in))
	}
	for _, p := range chain {
		inChain.add(p)
	}
	// The socket: an empty neighbour of the chain whose other neighbours
	// are all immortal stones of the chain's colour. Every other neighbour
	// of the chain is its stone, an owner's immortal stone or a region
	// point (a corridor's mouth).
	sock := board.Point(-1)
	for _, p := range chain {
		for _, q := range v.b.Neighbors(p) {
			switch {
			case inChain.has(q):
			case v.imm(q) && v.at(q) == owner:
			case v.imm(q):
				return Socket{}, false // touches its own immortal stones: not mortal
			case !in.has(q):
				return Socket{}, false
			case v.at(q) == board.Empty && q != sock && v.isSocket(q, w, inChain):
				if sock >= 0 {
					return Socket{}, false // two sockets: not handled
				}
				sock = q
			}
		}
	}
	if sock < 0 {
		return Socket{}, false
	}
	// The rest of the region: corridors, each touching the chain at one
	// end only.
	var rest []board.Point
	for _, p := range region {
		if !inChain.has(p) && p != sock {
			rest = append(rest, p)
		}
	}
	s := Socket{Point: sock, Color: w, Chain: chain, Territory: cgt.Int(-1)}
	if w == board.Black {
		s.Territory = cgt.Int(1)
	}
	var comps []component
	naive := s.Territory.Neg()
	for _, comp := range v.components(rest) {
		c, cm, ok := v.attached(comp, owner, inChain)
		if !ok {
			return Socket{}, false
		}
		s.Corridors = append(s.Corridors, c)
		comps = append(comps, cm)
		naive = naive.Add(c.Chilled)
	}
	if len(comps) == 0 {
		return Socket{}, false
	}
	slices.SortFunc(s.Corridors, func(x, y Corridor) int { return v.b.ReadingCmp(x.Mouth, y.Mouth) })
	// Capturing the chain wins everything around it: a number far larger
	// than any value in the game.
	capture := int64(4*(len(region)+len(chain)) + 16)
	val, nodes, err := solveShared(capture, socketBudget, comps)
	if err != nil {
		return Socket{}, false
	}
	// The capture bonus stands for "the chain is lost for good"; it must
	// not survive in the value. When it does, capturing the chain is part
	// of best play (a capture the chain's owner can take back, a ko),
	// which the socket game does not model: the region is left to the
	// search.
	if holdsNumberAtLeast(val.count, capture/2) || holdsNumberAtLeast(val.area, capture/2) {
		return Socket{}, false
	}
	if w == board.Black {
		val = value{val.count.Neg(), val.area.Neg()}
	}
	s.Count, s.Area = val.count, val.area
	s.Chilled = s.Count.Chill()
	s.Naive = naive
	s.Positions = nodes
	return s, true
}

// isSocket reports whether empty point p touches the chain and otherwise
// only immortal stones of the chain's colour (at least one).
func (v view) isSocket(p board.Point, w board.Color, inChain pointSet) bool {
	life := false
	for _, q := range v.b.Neighbors(p) {
		switch {
		case inChain.has(q):
		case v.imm(q) && v.at(q) == w:
			life = true
		default:
			return false
		}
	}
	return life
}

// blockInto appends the mortal stones of the block at p (by the view's
// contents) to out, marking them in seen, where none of them may be yet.
func (v view) blockInto(out []board.Point, p board.Point, seen pointSet) []board.Point {
	c := v.at(p)
	start := len(out)
	out = append(out, p)
	seen.add(p)
	for i := start; i < len(out); i++ {
		for _, q := range v.b.Neighbors(out[i]) {
			if !seen.has(q) && v.at(q) == c && !v.imm(q) {
				seen.add(q)
				out = append(out, q)
			}
		}
	}
	return out
}

// pointSet is a set of a board's points, one bit each. board.Marker
// serves walks whose owner lives across calls; Value is stateless and
// asked at every node of a tile search, so its sets live on the stack.
type pointSet []uint64

func (s pointSet) add(p board.Point)      { s[p>>6] |= 1 << (p & 63) }
func (s pointSet) has(p board.Point) bool { return s[p>>6]&(1<<(p&63)) != 0 }

// components splits pts into connected parts.
func (v view) components(pts []board.Point) [][]board.Point {
	in := map[board.Point]bool{}
	for _, p := range pts {
		in[p] = true
	}
	var out [][]board.Point
	for _, p := range pts {
		if !in[p] {
			continue
		}
		comp := []board.Point{p}
		delete(in, p)
		for i := 0; i < len(comp); i++ {
			for _, q := range v.b.Neighbors(comp[i]) {
				if in[q] {
					delete(in, q)
					comp = append(comp, q)
				}
			}
		}
		out = append(out, comp)
	}
	return out
}

// attached recognises a corridor of owner attached to the chain at one
// end, and returns it (valued as if the chain were immortal) with its
// socket-game component, read from the chain outwards.
func (v view) attached(pts []board.Point, owner board.Color, inChain pointSet) (Corridor, component, bool) {
	path, ok := v.order(pts)
	if !ok {
		return Corridor{}, component{}, false
	}
	w := owner.Opponent()
	touchesChain := func(p board.Point) bool {
		for _, q := range v.b.Neighbors(p) {
			if inChain.has(q) {
				return true
			}
		}
		return false
	}
	n := len(path)
	if !touchesChain(path[0]) {
		slices.Reverse(path)
	}
	if !touchesChain(path[0]) {
		return Corridor{}, component{}, false
	}
	cells := make([]byte, n)
	for i, p := range path {
		if !v.touches(p, owner) || (i > 0 && touchesChain(p)) || (i < n-1 && v.touches(p, w)) {
			return Corridor{}, component{}, false
		}
		switch v.at(p) {
		case board.Empty:
			cells[i] = '.'
		case w:
			cells[i] = 'O'
		default:
			return Corridor{}, component{}, false
		}
	}
	comp := component{cells: string(cells), far: endOwn}
	if v.touches(path[n-1], w) {
		comp.far = endInvader
	}
	if cells[0] == 'O' || !validSegment(segmentOf{comp.cells, endOwn, comp.far}) {
		return Corridor{}, component{}, false
	}
	// The corridor on its own, the chain taken for immortal.
	c := Corridor{Length: n, Owner: owner, Points: slices.Clone(path), Mouth: path[0]}
	slices.Reverse(c.Points)
	if !c.evaluate(segmentOf{reverse(comp.cells), comp.far, endInvader}) {
		return Corridor{}, component{}, false
	}
	return c, comp, true
}

// Sockets finds the socketed groups of an analysis. The life solver
// certifies such a chain alive (it can always connect in time), so the
// analysis treats it as immortal, values each corridor on its own and the
// socket as the chain's territory; Sockets values the chain, the socket
// and the corridors as one game instead. Only chains certified "alive"
// (not declared, not pass-alive) are candidates.
func Sockets(a *tiles.Analysis) []Socket {
	b := a.Board()
	tileOf := map[board.Point]*tiles.Tile{}
	for _, t := range a.Tiles {
		for _, p := range t.Points {
			tileOf[p] = t
		}
	}
	var out []Socket
	for _, cert := range a.Certificates {
		if cert.Status != life.StatusAlive {
			continue
		}
		chain := b.Block(cert.Block)
		mortal := map[board.Point]bool{}
		for _, p := range chain {
			mortal[p] = true
		}
		region := slices.Clone(chain)
		var ids []string
		usable := true
		for _, p := range chain {
			for _, q := range b.Neighbors(p) {
				t := tileOf[q]
				if t == nil || slices.Contains(ids, t.ID) {
					continue
				}
				if t.Err != nil {
					usable = false
				}
				ids = append(ids, t.ID)
				region = append(region, t.Points...)
			}
		}
		if !usable || len(ids) < 2 {
			continue
		}
		v := view{b: b, at: b.At, imm: func(p board.Point) bool { return a.Immortal[p] && !mortal[p] }}
		s, ok := v.socket(region)
		if !ok {
			continue
		}
		slices.Sort(ids)
		s.Tiles = ids
		out = append(out, s)
	}
	return out
}

// holdsNumberAtLeast reports whether a number of absolute value at least
// n occurs among g's followers (g included).
func holdsNumberAtLeast(g cgt.Game, n int64) bool {
	limit := cgt.DyadicInt(n)
	seen := map[cgt.Game]bool{}
	var walk func(g cgt.Game) bool
	walk = func(g cgt.Game) bool {
		if seen[g] {
			return false
		}
		seen[g] = true
		if d, ok := g.Number(); ok {
			if d.Sign() < 0 {
				d = d.Neg()
			}
			return d.Cmp(limit) >= 0
		}
		for _, o := range g.LeftOptions() {
			if walk(o) {
				return true
			}
		}
		for _, o := range g.RightOptions() {
			if walk(o) {
				return true
			}
		}
		return false
	}
	return walk(g)
}

// SocketOf returns the socket game of tile t of analysis a when the tile
// is one (a mortal chain, its socket and the corridors it invades, as the
// endgame pipeline values a chain that lives only through a socket), with
// Tiles set to the tile's ID.
func SocketOf(a *tiles.Analysis, t *tiles.Tile) (Socket, bool) {
	b := a.Board()
	v := view{b: b, at: b.At, imm: func(p board.Point) bool { return a.Immortal[p] }}
	s, ok := v.socket(t.Points)
	if ok {
		s.Tiles = []string{t.ID}
	}
	return s, ok
}
