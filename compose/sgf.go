package compose

import (
	"fmt"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/position/sgf"
)

// SGF returns the problem as an SGF tree: the root (position.SGF, the
// side to move, a comment with the outcome and metrics), the main line
// as the first child chain, and at each ply where a heuristic's tempting
// move loses, that move as a variation with a comment and its
// refutation (exact play to the end of the board moves).
func (p *Problem) SGF() ([]byte, error) {
	pos := p.Position
	b := pos.Board
	root := pos.SGF()
	m := p.Metrics
	root.Set("C", fmt.Sprintf("%s to play: %s wins Mathematical Go whoever starts (chilled total %s). "+
		"Forced bits %.2f, unique plies %d, balance %.2f, disguise %d, trap rate %.2f. %s.",
		capital(m.First), capital(m.Winner), p.ChilledTotal, m.ForcedBits, m.UniquePlies, m.Balance, m.Disguise, m.TrapRate, p.AlphaBetaNote))
	node := root
	line := p.Line
	for i, pt := range line.Moves {
		n := moveNode(b, line.Players[i], pt)
		if i == 0 {
			n.Set("C", "The main line: exact play.")
		}
		node.Children = append(node.Children, n) // the main line first
		for _, w := range line.Wrong[i] {
			v := moveNode(b, line.Players[i], w.Move)
			v.Set("C", fmt.Sprintf("%s's move loses: the refutation follows.", w.Heuristic))
			v.Set("BM", "1")
			cur := v
			c := line.Players[i].Opponent()
			for _, r := range w.Refutation {
				rn := moveNode(b, c, r)
				cur.Children = append(cur.Children, rn)
				cur, c = rn, c.Opponent()
			}
			node.Children = append(node.Children, v)
		}
		node = n
	}
	return sgf.Marshal(root)
}

func moveNode(b *board.Board, c board.Color, p board.Point) *sgf.Node {
	n := &sgf.Node{}
	id := "B"
	if c == board.White {
		id = "W"
	}
	n.Set(id, position.SGFPoint(b, p))
	return n
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
