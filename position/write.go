package position

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position/sgf"
)

// SGF returns p as the root node of an SGF problem, for writing with
// sgf.Marshal: FF[4], GM[1], CA[UTF-8], SZ, GN (Title), KM and RU when
// known, PL (ToMove, if set), AB and AW with every stone on the board (one
// point per value, in point order), SQ on each immortal stone (declared
// with '#', '@' or SQ, and the stones of a fragment's frame, which SGF
// cannot show as open sides: Parse then reads them as declared), and LB
// with the labels. Add the main line and refutations as children. The
// board's move history and prisoners are not written: SGF setup has none.
func (p *Position) SGF() *sgf.Node {
	b := p.Board
	root := &sgf.Node{}
	root.Set("FF", "4")
	root.Set("GM", "1")
	root.Set("CA", "UTF-8")
	if b.Cols() == b.Rows() {
		root.Set("SZ", strconv.Itoa(b.Cols()))
	} else {
		root.Set("SZ", strconv.Itoa(b.Cols())+":"+strconv.Itoa(b.Rows()))
	}
	if p.Title != "" {
		root.Set("GN", p.Title)
	}
	if p.KomiKnown {
		root.Set("KM", p.Komi.String())
	}
	if p.Rules != "" {
		root.Set("RU", p.Rules)
	}
	switch p.ToMove {
	case board.Black:
		root.Set("PL", "B")
	case board.White:
		root.Set("PL", "W")
	}
	frame := p.Frame()
	var black, white, square []string
	for q := range b.Size() {
		pt := board.Point(q)
		switch b.At(pt) {
		case board.Black:
			black = append(black, SGFPoint(b, pt))
		case board.White:
			white = append(white, SGFPoint(b, pt))
		default:
			continue
		}
		if (q < len(p.Immortal) && p.Immortal[q]) || frame[q] {
			square = append(square, SGFPoint(b, pt))
		}
	}
	root.Set("AB", black...)
	root.Set("AW", white...)
	root.Set("SQ", square...)
	var labels []board.Point
	for q := range p.Labels {
		if b.Contains(q) {
			labels = append(labels, q)
		}
	}
	slices.SortFunc(labels, func(x, y board.Point) int { return cmp.Compare(x, y) })
	var lb []string
	for _, q := range labels {
		lb = append(lb, SGFPoint(b, q)+":"+p.Labels[q])
	}
	root.Set("LB", lb...)
	return root
}
