package tiles

import (
	"fmt"
	"slices"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
)

// TreeNode is one node of a tile's best-play tree: the position after a
// move, its value, and the moves from it.
type TreeNode struct {
	Move     string // like "B C3"; empty for the root
	Point    board.Point
	Color    board.Color
	Captured int
	// Count is the value of the position (for a move node: the option's
	// value, captures included); Chilled is Count chilled.
	Count, Chilled cgt.Game
	Settled        bool // settled territory: not expanded
	// Dominated marks an option no better for its player than another one
	// from the same position; Reversible an option the opponent reverses,
	// with the reply in ReversedBy.
	Dominated  bool
	Reversible bool
	ReversedBy string
	// For a ko tile (KoTree): Loopy marks a position whose own game has a
	// cycle (Count and Chilled are then not set; the root's loopy values
	// are in LoopyCount and LoopyChilled), and Cycle a move back to a
	// position already on the path from the root, named in CycleTo: the
	// ko, where play can go round for ever.
	Loopy                    bool
	LoopyCount, LoopyChilled string
	Cycle                    bool
	CycleTo                  string
	Children                 []*TreeNode
}

// Tree returns the best-play tree of the tile with the given ID to the
// given depth (in moves): every legal move with its value, dominated
// options marked and not expanded, reversible options kept with the
// reversing reply shown, as in Rappaport's figures.
func (a *Analysis) Tree(id string, depth int) (*TreeNode, error) {
	if t := a.Tile(id); t != nil && t.Ko != nil {
		return koTree(t, depth), nil
	}
	t, err := a.valuedTile(id)
	if err != nil {
		return nil, err
	}
	a.engineMu.Lock()
	defer a.engineMu.Unlock()
	e := a.engine
	region := slices.Clone(t.Points)
	slices.Sort(region)
	root := &TreeNode{Point: board.Pass, Count: t.Count, Chilled: t.Chilled}
	if err := e.expand(root, [][]board.Point{region}, depth, 0); err != nil {
		return nil, err
	}
	return root, nil
}

// valuedTile returns the tile with the given ID, or an error naming the
// tiles there are or why the tile has no value.
func (a *Analysis) valuedTile(id string) (*Tile, error) {
	t := a.Tile(id)
	if t == nil {
		var ids []string
		for _, tl := range a.Tiles {
			ids = append(ids, tl.ID)
		}
		return nil, fmt.Errorf("no tile %q (tiles: %v)", id, ids)
	}
	if t.Err != nil {
		return nil, fmt.Errorf("tile %s has no value: %w", id, t.Err)
	}
	return t, nil
}

// expand fills in the children of n, whose position is the given
// components plus base points of captures made on the way from the root
// (so every node's Count is comparable with the root's).
func (e *engine) expand(n *TreeNode, comps [][]board.Point, depth int, base int64) error {
	settled := true
	for _, c := range comps {
		en, err := e.value(c)
		if err != nil {
			return err
		}
		settled = settled && en.settled
	}
	if settled {
		n.Settled = true
		return nil
	}
	if depth <= 0 {
		return nil
	}
	type child struct {
		node  *TreeNode
		comps [][]board.Point
	}
	var kids []child
	for ci, comp := range comps {
		for _, c := range []board.Color{board.Black, board.White} {
			sign := int64(1)
			if c == board.White {
				sign = -1
			}
			err := e.EachMove(comp, c, func(p board.Point, captured, _ int) error {
				next := make([][]board.Point, 0, len(comps)+1)
				next = append(next, comps[:ci]...)
				next = append(next, e.Components(comp)...)
				next = append(next, comps[ci+1:]...)
				v := cgt.Int(base + sign*int64(captured))
				for _, nc := range next {
					en, err := e.value(nc)
					if err != nil {
						return err
					}
					v = v.Add(en.count)
				}
				node := &TreeNode{Move: c.Letter() + " " + e.Geometry().Name(p), Point: p, Color: c, Captured: captured, Count: v, Chilled: v.Chill()}
				kids = append(kids, child{node, next})
				return nil
			})
			if err != nil {
				return err
			}
		}
	}
	// Mark dominated options: for Black those below (or equal to an
	// earlier) other Black option, for White likewise above.
	for i, ki := range kids {
		for j, kj := range kids {
			if i == j || ki.node.Color != kj.node.Color {
				continue
			}
			better := kj.node.Count.Leq(ki.node.Count) // kj at most ki
			if ki.node.Color == board.Black {
				better = ki.node.Count.Leq(kj.node.Count)
			}
			if better && (ki.node.Count != kj.node.Count || j < i) {
				ki.node.Dominated = true
				break
			}
		}
	}
	for _, k := range kids {
		n.Children = append(n.Children, k.node)
		if k.node.Dominated {
			continue
		}
		// Replay the move and expand below it.
		mark := e.Mark()
		if _, ok := e.Play(k.node.Point, k.node.Color); !ok {
			continue // unreachable: the move was legal above
		}
		sign := int64(1)
		if k.node.Color == board.White {
			sign = -1
		}
		err := e.expand(k.node, k.comps, depth-1, base+sign*int64(k.node.Captured))
		if err == nil {
			e.markReversible(n, k.node)
		}
		e.Undo(mark)
		if err != nil {
			return err
		}
	}
	return nil
}

// markReversible marks a move node whose opponent's reply reverses it:
// for a Black move, a White reply worth at most the parent's value.
func (e *engine) markReversible(parent, n *TreeNode) {
	for _, r := range n.Children {
		if r.Color == n.Color {
			continue
		}
		if (n.Color == board.Black && r.Count.Leq(parent.Count)) || (n.Color == board.White && parent.Count.Leq(r.Count)) {
			n.Reversible = true
			n.ReversedBy = r.Move
			return
		}
	}
}

// koTree is the tree of a ko tile: its position graph unrolled to the
// given depth from the start. Every legal move is listed; a position whose
// game has no cycle shows its count and is not expanded further than a
// short tile would be; a move back to a position on the path from the root
// is a leaf marked Cycle (the ko), naming the position it returns to.
func koTree(t *Tile, depth int) *TreeNode {
	g := t.Ko.Graph
	root := &TreeNode{Point: board.Pass, Loopy: true, LoopyCount: t.Ko.Count.String(), LoopyChilled: t.Ko.Chilled.String()}
	onPath := map[int]string{0: "the start"}
	var walk func(n *TreeNode, at, left int, path string)
	walk = func(n *TreeNode, at, left int, path string) {
		node := &g.Nodes[at]
		if left == 0 || !node.Expanded {
			return
		}
		for _, m := range node.Moves {
			name := g.MoveName(m)
			child := &TreeNode{Move: name, Point: m.Point, Color: m.Color, Captured: m.Captured}
			to := &g.Nodes[m.To]
			if to.Short {
				child.Count, child.Chilled = to.Count, to.Count.Chill()
				child.Settled = to.Settled
			} else {
				child.Loopy = true
			}
			n.Children = append(n.Children, child)
			if where, ok := onPath[m.To]; ok {
				child.Cycle, child.CycleTo = true, where
				continue
			}
			if to.Short && to.Settled {
				continue
			}
			next := name
			if path != "" {
				next = path + ", " + name
			}
			onPath[m.To] = "the position after " + next
			walk(child, m.To, left-1, next)
			delete(onPath, m.To)
		}
	}
	walk(root, 0, depth, "")
	return root
}
