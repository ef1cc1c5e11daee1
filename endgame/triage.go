package endgame

import (
	"fmt"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/safety"
)

// The limits of Triage. They describe what the pipeline can value within
// seconds, not what is true of the position: a position past them may
// still be an endgame for a player, but not one mathgo can value yet.
const (
	// TriageMaxOpenInterior is the number of empty points of open areas
	// that touch no stone above which a position is not an endgame yet:
	// an endgame's open areas are narrow (the boundaries are drawn), and
	// every point of them is next to a stone. A 3x3 open area has one
	// such point, a 4x4 one four.
	TriageMaxOpenInterior = 4
	// TriageMaxOpenArea is the size (in points) above which one open area
	// makes a position not an endgame yet, however narrow: a tile at
	// least that large is beyond the search budgets of genmove.
	TriageMaxOpenArea = 40
	// TriageMaxEnclosed is the number of empty points above which an area
	// enclosed by one colour, with points that touch none of its stones,
	// cannot be valued unless it is narrow: the wall certificates claim
	// such territories only up to this size (package safety searches eye
	// spaces of at most 24 empty points), or up to safety.MaxClaimNarrow
	// when at most safety.MaxClaimInterior of its points touch none of its
	// stones (safety.Claimable), and a larger one is a tile too large to
	// search.
	TriageMaxEnclosed = safety.MaxClaimEmpties
)

// Verdict is the answer of Triage: whether a position is an endgame
// mathgo can plausibly value, why (in a player's words), and the measures
// behind the answer.
type Verdict struct {
	// Endgame is true when the position is an endgame: Valuable, or
	// the end of a counted game (position.Position.Counted), which is
	// over whatever its areas look like.
	Endgame bool
	// Valuable is true when the pipeline should be tried: no open area
	// too large or too wide, and no area enclosed by one colour larger
	// than the wall certificates can claim.
	Valuable bool
	// Reason says why, in a player's words: "not an endgame yet: 61
	// empty points in open areas (the largest 43 points), 20 of them
	// touching no stone", "not an endgame mathgo can value yet: black's
	// area at E1 has 35 empty points ...", for a counted game's end "the
	// end of a counted game, not one mathgo can value yet: black's area
	// at E1 has 35 empty points ...", or what the endgame looks like.
	Reason string
	// OpenAreas and OpenPoints count the open areas (the empty areas next
	// to stones of both colours, or to none) and their points;
	// LargestOpen is the size of the largest; OpenInterior counts their
	// points that touch no stone.
	OpenAreas, OpenPoints, LargestOpen, OpenInterior int
	// LargestEnclosed is the size of the largest area enclosed by one
	// colour (Enclosed) that has points touching none of that colour's
	// stones (0 if none).
	LargestEnclosed int
	Enclosed        board.Color
	// At is a point of the area that decided a negative verdict (the
	// largest open area, or the enclosed area too large to value), or
	// board.Pass.
	At board.Point
}

// String returns the reason.
func (v Verdict) String() string { return v.Reason }

// Triage decides, in time linear in the size of the board and without
// any search, whether the endgame pipeline (Analyze) can plausibly value
// a position within seconds. It never makes Analyze state a number it
// has not proven: Analyze only puts a negative verdict first among its
// problems (and, as for every position, searches no tile larger than
// TriageMaxOpenArea points unless Options.MaxTilePoints says otherwise),
// so that an opening or a middle game is answered at once instead of
// after the whole search budget. A
// position it lets through may still be refused by Analyze (a wall that
// cannot be proven, a ko, a budget).
//
// The criterion takes every stone on the board as a wall, which is the
// most favourable case for the pipeline (fewer settled walls only merge
// areas into larger tiles), and looks at the empty areas (maximal
// connected sets of empty points):
//
//   - an area next to stones of one colour only in which every point
//     touches such a stone is territory or an eye: valued directly;
//   - an area next to one colour only with points that touch none of its
//     stones is an enclosed area; one of more than TriageMaxEnclosed
//     empty points that is not narrow either (safety.Claimable: more
//     than safety.MaxClaimNarrow points, or more than
//     safety.MaxClaimInterior touching none of its stones) cannot be
//     claimed as territory and is too large to search, so the position
//     cannot be valued yet;
//   - an area of one colour holding a few of the other's stones (at most
//     triageMaxDead, more on a large board, with at most
//     TriageMaxEnclosed empty points: a territory with dead stones left
//     in it) is enclosed too;
//   - an area next to both colours whose inside is one colour's
//     (nearOwner) and too large to claim is that colour's enclosed area
//     too large to value, as above (a territory whose boundary a finished
//     game left open, or whose dead stones touch the other colour's
//     wall), so that the verdict says so; one small enough to claim is
//     open, as below, so that no verdict is kinder for it;
//   - every other area (next to both colours, or to none, or next to one
//     colour but holding more than half the board: an opening or a
//     handicap game, not a territory) is open. The
//     position is not an endgame yet when the open areas have more than
//     TriageMaxOpenInterior points touching no stone (the boundaries are
//     not drawn: the opening and the middle game), or when one open area
//     has more than TriageMaxOpenArea points.
//
// Otherwise the position is an endgame mathgo can value as far as the
// triage can tell (Verdict.Valuable). The end of a counted game is an
// endgame in any case (Verdict.Endgame), valuable or not.
func Triage(pos *position.Position) Verdict {
	v := Verdict{At: board.Pass}
	if pos == nil || pos.Board == nil {
		v.Reason = "no position"
		return v
	}
	b := pos.Board
	var (
		seen      = make([]bool, b.Size())
		stack     []board.Point
		pts       []board.Point
		openAt    = board.Pass
		enclAt    = board.Pass
		enclEmpty int
		enclSize  int
		enclOwner board.Color
	)
	inside := deadInside(b)
	for p0 := range b.Size() {
		p := board.Point(p0)
		if seen[p] || b.At(p) != board.Empty {
			continue
		}
		// Flood the area of p, noting the colours next to it.
		pts = pts[:0]
		stack = append(stack[:0], p)
		seen[p] = true
		var nextTo [3]bool
		for len(stack) > 0 {
			q := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			pts = append(pts, q)
			for _, r := range b.Neighbors(q) {
				c := b.At(r)
				if c != board.Empty {
					nextTo[c] = true
				} else if !seen[r] {
					seen[r] = true
					stack = append(stack, r)
				}
			}
		}
		deadIn := inside[p] != board.Empty
		for _, q := range pts {
			deadIn = deadIn && inside[q] == inside[p]
		}
		near, nearOK := board.Empty, false
		if nextTo[board.Black] && nextTo[board.White] && !deadIn {
			// An area whose inside is one colour's is that colour's
			// territory, open at its edge: only when it is too large to
			// claim, so that the verdict says why in those words; one
			// small enough stays open, and no verdict is kinder for it.
			near, nearOK = nearOwner(b, pts)
			nearOK = nearOK && !safety.Claimable(len(pts), safety.Interior(b, pts, near), true)
		}
		if (nextTo[board.Black] != nextTo[board.White] || deadIn || nearOK) && 2*len(pts) <= b.Size() {
			owner := board.Black
			if nextTo[board.White] {
				owner = board.White
			}
			if deadIn {
				owner = inside[p]
			}
			if nearOK {
				owner = near
			}
			if n := safety.Interior(b, pts, owner); n > 0 {
				if len(pts) > v.LargestEnclosed {
					v.LargestEnclosed, v.Enclosed = len(pts), owner
				}
				// Beyond the claims' limits even if every wall were
				// pass-alive: the largest such area decides.
				if !safety.Claimable(len(pts), n, true) && len(pts) > enclSize {
					enclSize, enclOwner, enclAt, enclEmpty = len(pts), owner, pts[0], n
				}
			}
			continue
		}
		v.OpenAreas++
		v.OpenPoints += len(pts)
		v.OpenInterior += untouched(b, pts)
		if len(pts) > v.LargestOpen {
			v.LargestOpen, openAt = len(pts), pts[0]
		}
	}
	open := fmt.Sprintf("%d empty %s in open areas (the largest %d %s)",
		v.OpenPoints, plural(v.OpenPoints, "point", "points"), v.LargestOpen, plural(v.LargestOpen, "point", "points"))
	// A refusal is a heading and why: the heading says what the
	// position is, the end of a counted game being an endgame whatever
	// its areas look like (only mathgo's reach is at stake there).
	var heading, why string
	switch {
	case v.OpenInterior > TriageMaxOpenInterior:
		v.At, heading = openAt, "not an endgame yet"
		why = fmt.Sprintf("%s, %d of them touching no stone (the boundaries are not drawn)", open, v.OpenInterior)
	case v.LargestOpen > TriageMaxOpenArea:
		v.At, heading = openAt, "not an endgame yet"
		why = fmt.Sprintf("an open area of %d points at %s (mathgo values open areas of at most %d points)",
			v.LargestOpen, b.Name(openAt), TriageMaxOpenArea)
	case enclSize > 0:
		v.At, heading = enclAt, "not an endgame mathgo can value yet"
		why = fmt.Sprintf("%s's area at %s has %d empty points, %d of them touching none of its stones (mathgo proves such territories up to %d points, or %d when at most %d touch none of its stones)",
			enclOwner, b.Name(enclAt), enclSize, enclEmpty, TriageMaxEnclosed, safety.MaxClaimNarrow, safety.MaxClaimInterior)
	default:
		v.Endgame, v.Valuable = true, true
		if v.OpenPoints == 0 {
			v.Reason = "endgame: no open area left"
		} else {
			v.Reason = fmt.Sprintf("endgame: %s, %d touching no stone", open, v.OpenInterior)
		}
		return v
	}
	if pos.Counted {
		v.Endgame, heading = true, "the end of a counted game, not one mathgo can value yet"
	}
	v.Reason = heading + ": " + why
	return v
}

// triageMaxDead is the number of the other colour's stones an area
// enclosed by one colour may hold for the triage to take them as dead
// (stones left inside a territory, which the claims of package safety
// prove dead): more of them may be a living group. A large board allows
// one per deadPerPoints points (12 on 19x19): the finals of professional
// games leave two or three dead groups in one side's area, and a 9x9
// middle game must not pass for an endgame.
const (
	triageMaxDead = 6
	deadPerPoints = 30
)

// maxDead is triageMaxDead on board b.
func maxDead(b *board.Board) int { return max(triageMaxDead, b.Size()/deadPerPoints) }

// deadInside returns, per point, the colour c whose stones enclose it
// when it is an empty point of an area of c with a few of the other
// colour's stones inside: a maximal connected set of points that are not
// c's stones, holding at most triageMaxDead stones (all the other
// colour's), within half the board. Triage counts such an area as
// enclosed, not open: a territory with dead stones left in it, as real
// games end (whatever its size: a large one is then "an area mathgo
// cannot value yet", not "not an endgame yet"; on the 30 professional
// finals of testdata/finals, 2 are still called "not an endgame yet"
// where 20 were).
func deadInside(b *board.Board) []board.Color {
	out := make([]board.Color, b.Size())
	var stack, pts []board.Point
	for _, c := range []board.Color{board.Black, board.White} {
		seen := make([]bool, b.Size())
		for p0 := range b.Size() {
			p := board.Point(p0)
			if seen[p] || b.At(p) == c {
				continue
			}
			pts = pts[:0]
			stack = append(stack[:0], p)
			seen[p] = true
			stones := 0
			for len(stack) > 0 {
				q := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				pts = append(pts, q)
				if b.At(q) != board.Empty {
					stones++
				}
				for _, r := range b.Neighbors(q) {
					if !seen[r] && b.At(r) != c {
						seen[r] = true
						stack = append(stack, r)
					}
				}
			}
			if stones == 0 || stones > maxDead(b) || 2*len(pts) > b.Size() {
				continue
			}
			for _, q := range pts {
				if b.At(q) == board.Empty {
					out[q] = c
				}
			}
		}
	}
	return out
}

// nearOwner finds the colour of an area next to stones of both colours
// whose inside is one colour's: for every point of it that touches no
// stone, the stones nearest to it (through the area's empty points) are
// all that colour's, weak blocks (dead stones, likely) looked past. A
// finished game leaves such areas where a territory's boundary has a gap
// its owner need not close, or where dead stones touch the other
// colour's wall. false when every point of the area touches a stone (a
// narrow area), or when some point's nearest stones are of both colours,
// or of another colour than another point's (an open area of the middle
// game). One breadth-first search from all the stones at once: each point
// gets the colours of the stones at its least distance, in time linear in
// the area.
func nearOwner(b *board.Board, pts []board.Point) (board.Color, bool) {
	const unseen = -1
	dist := make(map[board.Point]int, len(pts))
	near := make(map[board.Point]int, len(pts)) // bit c: a nearest stone of colour c
	var layer []board.Point
	for _, p := range pts {
		dist[p] = unseen
		for _, q := range b.Neighbors(p) {
			if c := b.At(q); c != board.Empty && !weak(b, q) {
				near[p] |= 1 << c
			}
		}
		if near[p] != 0 {
			dist[p] = 0
			layer = append(layer, p)
		}
	}
	for d := 1; len(layer) > 0; d++ {
		var next []board.Point
		for _, p := range layer {
			for _, q := range b.Neighbors(p) {
				dq, ok := dist[q]
				switch {
				case !ok || b.At(q) != board.Empty:
				case dq == unseen:
					dist[q], near[q] = d, near[p]
					next = append(next, q)
				case dq == d:
					near[q] |= near[p]
				}
			}
		}
		layer = next
	}
	owner := board.Empty
	for _, p := range pts {
		if untouched(b, []board.Point{p}) == 0 {
			continue
		}
		var c board.Color
		switch near[p] {
		case 1 << board.Black:
			c = board.Black
		case 1 << board.White:
			c = board.White
		default: // both, or no stone it can reach
			return board.Empty, false
		}
		if owner != board.Empty && c != owner {
			return board.Empty, false
		}
		owner = c
	}
	return owner, owner != board.Empty
}

// weak reports a block of at most three stones with at most two
// liberties: the stones a territory holds dead, which nearOwner looks
// past.
func weak(b *board.Board, p board.Point) bool {
	return b.BlockSize(p) <= 3 && b.LibertiesUpTo(p, 3) <= 2
}

// untouched counts the points of pts next to no stone.
func untouched(b *board.Board, pts []board.Point) int {
	n := 0
	for _, p := range pts {
		touch := false
		for _, q := range b.Neighbors(p) {
			if b.At(q) != board.Empty {
				touch = true
				break
			}
		}
		if !touch {
			n++
		}
	}
	return n
}

// plural picks the singular or the plural word for n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
