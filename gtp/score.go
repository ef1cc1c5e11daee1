package gtp

import (
	"math"
	"strconv"

	"github.com/mathgo/mathgo/board"
)

// Territory returns each colour's territory with every stone on the board
// taken as alive: the empty points of the empty regions (maximal connected
// sets of empty points) that touch stones of that colour only. A region
// touching both colours, or no stone at all, is neutral.
func Territory(b *board.Board) (black, white int) {
	for _, r := range emptyRegions(b) {
		switch r.border {
		case borderBlack:
			black += len(r.points)
		case borderWhite:
			white += len(r.points)
		}
	}
	return black, white
}

// TerritoryScore is the Japanese score, Black minus White, with every stone
// taken as alive: territory (see Territory) plus the stones each side has
// captured (board.Prisoners), and komi for White.
func TerritoryScore(b *board.Board, komi float64) float64 {
	bt, wt := Territory(b)
	return float64(bt+b.Prisoners(board.Black)) - float64(wt+b.Prisoners(board.White)) - komi
}

// AreaScore is the area score, Black minus White, with every stone taken
// as alive: stones on the board plus territory (see Territory), and komi
// for White.
func AreaScore(b *board.Board, komi float64) float64 {
	bt, wt := Territory(b)
	bs, ws := 0, 0
	for p := range b.Size() {
		switch b.At(board.Point(p)) {
		case board.Black:
			bs++
		case board.White:
			ws++
		}
	}
	return float64(bt+bs) - float64(wt+ws) - komi
}

// FormatScore writes a score (Black minus White) as GTP's final_score
// does: "B+3.5", "W+2" or "0".
func FormatScore(s float64) string {
	switch {
	case s > 0:
		return "B+" + strconv.FormatFloat(s, 'f', -1, 64)
	case s < 0:
		return "W+" + strconv.FormatFloat(math.Abs(s), 'f', -1, 64)
	}
	return "0"
}

// The colours bordering an empty region, as a bit set.
const (
	borderBlack = 1 << iota
	borderWhite
	borderBoth = borderBlack | borderWhite
)

// region is a maximal connected set of empty points and the colours of the
// stones next to it.
type region struct {
	points []board.Point
	border int
}

// emptyRegions returns the empty regions of b, each region's points in
// the order of a flood fill from its smallest point, the regions by their
// smallest point.
func emptyRegions(b *board.Board) []region {
	seen := make([]bool, b.Size())
	var out []region
	var stack []board.Point
	for p0 := 0; p0 < b.Size(); p0++ {
		p := board.Point(p0)
		if seen[p] || b.At(p) != board.Empty {
			continue
		}
		var r region
		seen[p] = true
		stack = append(stack[:0], p)
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			r.points = append(r.points, s)
			for _, q := range b.Neighbors(s) {
				switch b.At(q) {
				case board.Black:
					r.border |= borderBlack
				case board.White:
					r.border |= borderWhite
				default:
					if !seen[q] {
						seen[q] = true
						stack = append(stack, q)
					}
				}
			}
		}
		out = append(out, r)
	}
	return out
}
