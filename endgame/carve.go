package endgame

import (
	"fmt"
	"slices"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
)

// Open areas carved. Under assumptions the walls are settled, yet an area
// can still be a tile the analysis cannot value: a territory whose
// boundary is still open (a point or two where the colours meet), or a
// territory with stones inside that are captured and replayed, tens of
// points in all. Its play is at its boundary; the points farther in are
// territory to be, as every player counts them. The source says nothing
// of empty points, so they are assumed so, and listed: in such a tile
// (an empty area one colour encloses is assumed its territory whole
// instead), an empty point is carved for colour c when a stone of c lies
// within two points of it, no stone of the other colour does, and every
// stone of c next to it is immortal already (declared or assumed alive: a
// wall the analysis proved keeps its proof). The carved points are
// filled with immortal stones of c, walls of what is left, and each is
// credited to c as the point of territory it is (Japanese counting: a
// point more for c, kept with c's prisoners and shown apart,
// Report.credit; area counting counts c's stone, a wall, already). What
// is left of the area is then a tile of its own, valued as any other.

// carveSource names the source of the points carved.
const carveSource = "the stones near it (no move assumed to be played there)"

// carveReach is how far from a stone of the other colour a point must be
// to be carved: more than this many points.
const carveReach = 2

// KeepsEmpty is an Assumer that also says which empty points stay empty
// (a game record's source: to the end of the game): only those are
// carved, so that a review never assumes territory where a move was
// played.
type KeepsEmpty interface {
	// StaysEmpty reports whether the empty point p of pos stays empty.
	StaysEmpty(pos *position.Position, p board.Point) bool
}

// carveOpenAreas carves the given areas of nb (tiles that could not be
// valued; imm marks the position's immortal stones, which the carved
// stones join): it fills the carved points with stones, marks them in
// imm, adds the credits to the prisoners and returns the assumptions, one
// per area carved for a colour, and the credits by colour. keep, if set,
// says which empty points may be carved.
func carveOpenAreas(nb *board.Board, imm []bool, areas [][]board.Point, keep func(board.Point) bool, source string) ([]Assumption, [3]int) {
	var credit [3]int
	n := nb.Size()
	// near[c][p]: a stone of c within carveReach of p.
	var near [3][]bool
	for _, c := range []board.Color{board.Black, board.White} {
		near[c] = make([]bool, n)
		var front []board.Point
		for p := range n {
			if nb.At(board.Point(p)) == c {
				near[c][p] = true
				front = append(front, board.Point(p))
			}
		}
		for range carveReach {
			var next []board.Point
			for _, p := range front {
				for _, q := range nb.Neighbors(p) {
					if !near[c][q] {
						near[c][q] = true
						next = append(next, q)
					}
				}
			}
			front = next
		}
	}
	var out []Assumption
	for _, area := range areas {
		var cut []board.Point
		var colour []board.Color
		for _, p := range area {
			c := board.Black
			if !near[c][p] {
				c = board.White
			}
			if nb.At(p) != board.Empty || !near[c][p] || near[c.Opponent()][p] || keep != nil && !keep(p) {
				continue
			}
			// Next to c's stones only where they are immortal already
			// (declared, or assumed): a wall the analysis proved keeps its
			// proof, and the threats it gives when it must answer.
			unmarked := false
			for _, q := range nb.Neighbors(p) {
				unmarked = unmarked || nb.At(q) == c && !imm[q]
			}
			if !unmarked {
				cut, colour = append(cut, p), append(colour, c)
			}
		}
		if len(cut) == 0 || len(cut) == len(area) {
			continue
		}
		for i, p := range cut {
			nb.Setup(p, colour[i])
		}
		// Every block keeps a liberty (a carved block shut in by its own
		// walls would be a position no game reaches): else the area is
		// left whole.
		ok := true
		for _, p := range cut {
			ok = ok && nb.Liberties(p) > 0
		}
		if !ok {
			for _, p := range cut {
				nb.Setup(p, board.Empty)
			}
			continue
		}
		for _, p := range cut {
			imm[p] = true
		}
		for _, c := range []board.Color{board.Black, board.White} {
			var pts []board.Point
			for i, p := range cut {
				if colour[i] == c {
					pts = append(pts, p)
				}
			}
			if len(pts) == 0 {
				continue
			}
			credit[c] += len(pts)
			out = append(out, Assumption{Block: slices.MinFunc(pts, nb.ReadingCmp), Color: c, Status: AssumedTerritory, Source: source,
				Area: true, Points: len(pts),
				Why: fmt.Sprintf("an area of %d points that could not be valued as a tile: its empty points near %s's stones and more than %d from %s's are assumed %s's territory, filled with %s's stones for the analysis and each credited to %s",
					len(area), c, carveReach, c.Opponent(), c, c, c)})
		}
	}
	for _, c := range []board.Color{board.Black, board.White} {
		nb.SetPrisoners(c, nb.Prisoners(c)+credit[c])
	}
	return out, credit
}
