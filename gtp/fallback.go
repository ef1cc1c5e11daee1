package gtp

import (
	"fmt"

	"github.com/mathgo/mathgo/board"
)

// FallbackGenerator is the simple move generator the engine uses when no
// exact generator is plugged in, or when that one cannot value the
// position. It knows nothing of values; it only makes sure that it never
// gives points away by playing in its own territory or filling its own
// eyes. In order, it plays:
//
//  1. a capture: the liberty of an opponent block in atari, the largest
//     such block first (blocks with immortal stones are never captured);
//  2. a rescue: the liberty of one of its own blocks in atari, the
//     largest first, if the block then has at least two liberties;
//  3. a boundary move: a point of an empty region bordered by stones of
//     both colours (a contested region: dame and unfinished boundaries),
//     preferring points next to stones of both colours, then points next
//     to more opponent stones, never a move that leaves its own block
//     with a single liberty (self-atari) unless it captures, nor one
//     that captures an immortal stone;
//  4. otherwise a pass.
//
// Empty regions bordered by one colour only (territory and eyes, of either
// side) are never played in, except to capture or rescue in step 1 or 2,
// and every stone is taken as alive, as in final_score. Ties go to the
// lowest point (the bottom row first, left to right), so the generator is
// deterministic. On an open board (a region bordered by nothing) it passes:
// it is an endgame fallback, not a player of openings.
type FallbackGenerator struct{}

// GenMove implements MoveGenerator. It plays and undoes moves on b to test
// them and leaves b as it found it.
func (FallbackGenerator) GenMove(b *board.Board, immortal []bool, c board.Color, komi float64) (board.Point, string, error) {
	if c != board.Black && c != board.White {
		return board.Pass, "", fmt.Errorf("gtp: a move must be black or white, not %v", c)
	}
	// Only stones can be immortal; a mark on an empty point means nothing.
	live := make([]bool, b.Size())
	for q := range live {
		live[q] = q < len(immortal) && immortal[q] && b.At(board.Point(q)) != board.Empty
	}
	immortal = live
	hasImmortal := func(blk []board.Point) bool {
		for _, s := range blk {
			if immortal[s] {
				return true
			}
		}
		return false
	}
	opp := c.Opponent()
	blocks := b.Blocks()

	// 1. Captures.
	best, bestN := board.Pass, 0
	for _, blk := range blocks {
		if b.At(blk[0]) != opp || len(blk) <= bestN || hasImmortal(blk) {
			continue
		}
		if libs := b.LibertyPoints(blk[0]); len(libs) == 1 && b.Legal(libs[0], c) {
			best, bestN = libs[0], len(blk)
		}
	}
	if best != board.Pass {
		return best, fmt.Sprintf("captures %d stone(s) at %s", bestN, b.Name(best)), nil
	}

	// 2. Rescues.
	for _, blk := range blocks {
		if b.At(blk[0]) != c || len(blk) <= bestN || hasImmortal(blk) {
			continue
		}
		libs := b.LibertyPoints(blk[0])
		if len(libs) != 1 {
			continue
		}
		if safe(b, libs[0], c, immortal) {
			best, bestN = libs[0], len(blk)
		}
	}
	if best != board.Pass {
		return best, fmt.Sprintf("saves %d stone(s) in atari at %s", bestN, b.Name(best)), nil
	}

	// 3. Boundary moves in contested regions.
	bestKey := -1
	bestSize := 0
	for _, r := range emptyRegions(b) {
		if r.border != borderBoth {
			continue
		}
		for _, p := range r.points {
			nOwn, nOpp := 0, 0
			for _, q := range b.Neighbors(p) {
				switch b.At(q) {
				case c:
					nOwn++
				case opp:
					nOpp++
				}
			}
			key := nOpp
			if nOwn > 0 && nOpp > 0 {
				key += 8 // next to both colours: a dame or a boundary point
			}
			if key < bestKey || (key == bestKey && p > best) {
				continue
			}
			if safe(b, p, c, immortal) {
				best, bestKey, bestSize = p, key, len(r.points)
			}
		}
	}
	if best != board.Pass {
		kind := "a boundary point"
		if bestKey >= 8 {
			kind = "a point next to both colours"
		}
		return best, fmt.Sprintf("%s in a contested region of %d point(s)", kind, bestSize), nil
	}
	return board.Pass, "no capture, no stones to save, no safe point in a contested region", nil
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
