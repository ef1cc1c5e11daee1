package gtp

import (
	"fmt"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/safety"
)

// FallbackGenerator is the simple move generator the engine uses when
// neither the exact player nor a child engine (--engine) gives a move. It
// knows nothing of values and searches nothing (a few milliseconds on
// 19x19), is deterministic, and never passes while a sensible move
// exists. A sensible move for colour c is a legal point that
//
//   - is not in c's own territory or eyes: an empty region bordered by c's
//     stones only is a framework where c may still play only when it holds
//     more than a quarter of the board's points (the opening);
//   - is not in a sealed region bordered by the opponent only, one with at
//     most 7 points or at most 4 points that touch none of the opponent's
//     stones (c's stones would die there for nothing);
//   - is not a self-atari that loses stones for nothing (a move that
//     leaves its own block with one liberty and captures nothing);
//   - captures no immortal stone;
//   - and either lies in a region bordered by both colours or by none
//     (an open or contested region: the opening, boundaries, dame), or
//     gains area in the estimate below (an invasion of a large area of the
//     opponent, or a move in its own framework).
//
// In order, it plays:
//
//  1. a capture: the liberty of an opponent block in atari, the largest
//     such block first (blocks with immortal stones are never captured);
//  2. a rescue: the liberty of one of its own blocks in atari, the
//     largest first, if the block then has at least two liberties;
//  3. the sensible move with the highest score: the area it gains in a
//     simple influence estimate (each stone radiates 4, 3, 2, 1 to the
//     points at distance 0 to 3; a point belongs to the colour with more
//     influence there), counted twice, plus 3 for an atari on an opponent
//     block, plus 1 for a point next to stones of both colours;
//  4. a pass, when no sensible move is left.
//
// Every stone is taken as alive. Ties go to the lowest point (the bottom
// row first, left to right).
type FallbackGenerator struct{}

// influenceRadius is the reach of a stone in the influence estimate.
const influenceRadius = 3

// sealedPoints and sealedInterior bound the regions of one colour the
// fallback takes as sealed: at most sealedPoints points, or at most
// sealedInterior points touching none of the owner's stones.
const (
	sealedPoints   = 7
	sealedInterior = 4
)

// GenMove implements MoveGenerator. It plays and undoes moves on b to test
// them and leaves b as it found it.
func (FallbackGenerator) GenMove(b *board.Board, immortal []bool, c board.Color, komi float64) (board.Point, string, error) {
	if c != board.Black && c != board.White {
		return board.Pass, "", fmt.Errorf("gtp: a move must be black or white, not %v", c)
	}
	f := newFallback(b, immortal, c)
	if p, n := f.capture(); p != board.Pass {
		return p, fmt.Sprintf("captures %d stone(s) at %s", n, b.Name(p)), nil
	}
	if p, n := f.rescue(); p != board.Pass {
		return p, fmt.Sprintf("saves %d stone(s) in atari at %s", n, b.Name(p)), nil
	}
	if p, why := f.best(); p != board.Pass {
		return p, why, nil
	}
	return board.Pass, "no capture, no stones to save, no sensible move left", nil
}

// fallback holds what the fallback computes about one position.
type fallback struct {
	b        *board.Board
	immortal []bool
	c, opp   board.Color
	blocks   [][]board.Point
	// region and regions: the empty region of each empty point (an index
	// into regions), -1 for stones.
	region  []int
	regions []region
	// sealed[i]: region i is bordered by one colour only and sealed.
	sealed []bool
	// infl is the influence estimate, Black positive.
	infl []int
}

func newFallback(b *board.Board, immortal []bool, c board.Color) *fallback {
	f := &fallback{b: b, c: c, opp: c.Opponent(), blocks: b.Blocks()}
	// Only stones can be immortal; a mark on an empty point means nothing.
	f.immortal = make([]bool, b.Size())
	for q := range f.immortal {
		f.immortal[q] = q < len(immortal) && immortal[q] && b.At(board.Point(q)) != board.Empty
	}
	f.regions = emptyRegions(b)
	f.region = make([]int, b.Size())
	for i := range f.region {
		f.region[i] = -1
	}
	f.sealed = make([]bool, len(f.regions))
	for i, r := range f.regions {
		for _, p := range r.points {
			f.region[p] = i
		}
		if r.border == borderBlack || r.border == borderWhite {
			owner := board.Black
			if r.border == borderWhite {
				owner = board.White
			}
			f.sealed[i] = len(r.points) <= sealedPoints || safety.Interior(b, r.points, owner) <= sealedInterior
		}
	}
	f.infl = make([]int, b.Size())
	for p0 := range b.Size() {
		if s := b.At(board.Point(p0)); s != board.Empty {
			f.radiate(board.Point(p0), s, f.infl)
		}
	}
	return f
}

// radiate adds the influence of a stone of colour s at p to infl.
func (f *fallback) radiate(p board.Point, s board.Color, infl []int) {
	sign := 1
	if s == board.White {
		sign = -1
	}
	f.around(p, func(q board.Point, d int) { infl[q] += sign * (influenceRadius + 1 - d) })
}

// around calls fn for every point within influenceRadius of p (Manhattan
// distance d).
func (f *fallback) around(p board.Point, fn func(q board.Point, d int)) {
	b := f.b
	col, row := b.Coords(p)
	for dy := -influenceRadius; dy <= influenceRadius; dy++ {
		for dx := -influenceRadius; dx <= influenceRadius; dx++ {
			d := abs(dx) + abs(dy)
			if d > influenceRadius || !b.OnBoard(col+dx, row+dy) {
				continue
			}
			fn(b.Pt(col+dx, row+dy), d)
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// owner returns the colour an influence value gives a point to.
func owner(v int) board.Color {
	switch {
	case v > 0:
		return board.Black
	case v < 0:
		return board.White
	}
	return board.Empty
}

// gain is the area c gains in the estimate by a stone at p: the points
// that change hands, counted +1 from the opponent to neutral or from
// neutral to c, +2 from the opponent to c (the empty points only).
func (f *fallback) gain(p board.Point) int {
	sign := 1
	if f.c == board.White {
		sign = -1
	}
	g := 0
	f.around(p, func(q board.Point, d int) {
		if q != p && f.b.At(q) != board.Empty {
			return
		}
		before := f.infl[q]
		after := before + sign*(influenceRadius+1-d)
		g += sign * (int(sideOf(owner(after))) - int(sideOf(owner(before))))
	})
	return g
}

// sideOf maps Black to 1, White to -1 and empty to 0.
func sideOf(c board.Color) int8 {
	switch c {
	case board.Black:
		return 1
	case board.White:
		return -1
	}
	return 0
}

func (f *fallback) hasImmortal(blk []board.Point) bool {
	for _, s := range blk {
		if f.immortal[s] {
			return true
		}
	}
	return false
}

// capture finds the largest opponent block in atari that c can take.
func (f *fallback) capture() (board.Point, int) {
	best, bestN := board.Pass, 0
	for _, blk := range f.blocks {
		if f.b.At(blk[0]) != f.opp || len(blk) <= bestN || f.hasImmortal(blk) {
			continue
		}
		if libs := f.b.LibertyPoints(blk[0]); len(libs) == 1 && f.b.Legal(libs[0], f.c) && !f.takesImmortal(libs[0]) {
			best, bestN = libs[0], len(blk)
		}
	}
	return best, bestN
}

// rescue finds the largest own block in atari that an extension saves.
func (f *fallback) rescue() (board.Point, int) {
	best, bestN := board.Pass, 0
	for _, blk := range f.blocks {
		if f.b.At(blk[0]) != f.c || len(blk) <= bestN || f.hasImmortal(blk) {
			continue
		}
		libs := f.b.LibertyPoints(blk[0])
		if len(libs) != 1 {
			continue
		}
		if safe(f.b, libs[0], f.c, f.immortal) {
			best, bestN = libs[0], len(blk)
		}
	}
	return best, bestN
}

// takesImmortal reports whether c's move at p captures an immortal stone.
func (f *fallback) takesImmortal(p board.Point) bool {
	captured, err := f.b.Play(p, f.c)
	if err != nil {
		return false
	}
	took := false
	if captured > 0 {
		for q, im := range f.immortal {
			if im && f.b.At(board.Point(q)) == board.Empty {
				took = true
				break
			}
		}
	}
	f.b.Undo()
	return took
}

// best returns the sensible move with the highest score, or a pass.
func (f *fallback) best() (board.Point, string) {
	b := f.b
	best, bestScore, bestWhy := board.Pass, 0, ""
	for p0 := range b.Size() {
		p := board.Point(p0)
		if b.At(p) != board.Empty {
			continue
		}
		r := f.regions[f.region[p]]
		ownSide := borderBlack
		if f.c == board.White {
			ownSide = borderWhite
		}
		open := r.border == borderBoth || r.border == 0
		if r.border == ownSide && 4*len(r.points) <= b.Size() {
			continue // own territory or eye
		}
		if !open && r.border != ownSide && f.sealed[f.region[p]] {
			continue // the opponent's sealed area
		}
		g := f.gain(p)
		if !open && g <= 0 {
			continue // a large area of one colour where c gains nothing
		}
		score := 2 * g
		nOwn, nOpp := 0, 0
		for _, q := range b.Neighbors(p) {
			switch b.At(q) {
			case f.c:
				nOwn++
			case f.opp:
				nOpp++
			}
		}
		if nOwn > 0 && nOpp > 0 {
			score++
		}
		atari := f.ataris(p)
		if atari {
			score += 3
		}
		if best != board.Pass && score <= bestScore {
			continue
		}
		if !safe(b, p, f.c, f.immortal) {
			continue
		}
		best, bestScore = p, score
		switch {
		case r.border == ownSide:
			bestWhy = fmt.Sprintf("gains about %d points of area in its own framework of %d points", g, len(r.points))
		case !open:
			bestWhy = fmt.Sprintf("gains about %d points of area in the opponent's large area of %d points", g, len(r.points))
		case atari:
			bestWhy = fmt.Sprintf("ataris, and gains about %d points of area", g)
		default:
			bestWhy = fmt.Sprintf("gains about %d points of area in an open region of %d points", g, len(r.points))
		}
	}
	return best, bestWhy
}

// ataris reports whether a stone of c at p leaves an opponent block next
// to it with a single liberty (p being one of its two).
func (f *fallback) ataris(p board.Point) bool {
	for _, q := range f.b.Neighbors(p) {
		if f.b.At(q) == f.opp && f.b.Liberties(q) == 2 {
			return true
		}
	}
	return false
}

// safe reports whether c may play at p and the move either captures or
// leaves the block at p with at least two liberties, and captures no
// immortal stone. It plays the move and takes it back.
func safe(b *board.Board, p board.Point, c board.Color, immortal []bool) bool {
	captured, err := b.Play(p, c)
	if err != nil {
		return false
	}
	ok := captured > 0 || b.Liberties(p) >= 2
	if captured > 0 {
		for q, im := range immortal {
			if im && b.At(board.Point(q)) == board.Empty {
				ok = false // an immortal stone was on the board: the move took it
				break
			}
		}
	}
	b.Undo()
	return ok
}
