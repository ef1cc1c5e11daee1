package main

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/mathgo/mathgo/internal/table"
	"github.com/mathgo/mathgo/tiles"
	"github.com/spf13/cobra"
)

type jsonTreeNode struct {
	Move       string          `json:"move,omitempty"`
	Count      string          `json:"count"`
	Chilled    string          `json:"chilled"`
	Captured   int             `json:"captured,omitempty"`
	Settled    bool            `json:"settled,omitempty"`
	Dominated  bool            `json:"dominated,omitempty"`
	Reversible bool            `json:"reversible,omitempty"`
	ReversedBy string          `json:"reversedBy,omitempty"`
	Loopy      bool            `json:"loopy,omitempty"`
	Cycle      bool            `json:"cycle,omitempty"`
	CycleTo    string          `json:"cycleTo,omitempty"`
	Children   []*jsonTreeNode `json:"children,omitempty"`
}

func treeJSON(n *tiles.TreeNode) *jsonTreeNode {
	j := &jsonTreeNode{Move: n.Move, Count: n.Count.String(), Chilled: n.Chilled.String(), Captured: n.Captured,
		Settled: n.Settled, Dominated: n.Dominated, Reversible: n.Reversible, ReversedBy: n.ReversedBy,
		Loopy: n.Loopy, Cycle: n.Cycle, CycleTo: n.CycleTo}
	if n.Loopy {
		// A position on a cycle: the root has its loopy values, an inner
		// one none of its own ("loopy").
		j.Count, j.Chilled = "loopy", "loopy"
		if n.LoopyCount != "" {
			j.Count, j.Chilled = n.LoopyCount, n.LoopyChilled
		}
	}
	for _, c := range n.Children {
		j.Children = append(j.Children, treeJSON(c))
	}
	return j
}

// treeMinLabel is the fewest columns a node's label is wrapped into,
// however deep the node: past --depth 20 or so the branches alone take
// most of the line, and the lines pass the width rather than break the
// label into slivers.
const treeMinLabel = 24

// treeDrawer draws a tree with box-drawing branches, within width
// columns (0: every line whole).
type treeDrawer struct {
	w       io.Writer
	showAll bool
	width   int
}

// label is a node's text: its values, and its notes in brackets ("" when
// it has none).
func (n *jsonTreeNode) label() (values, notes string) {
	label := fmt.Sprintf("count %s, chilled %s", n.Count, n.Chilled)
	var ns []string
	if n.Captured > 0 {
		ns = append(ns, fmt.Sprintf("captures %d", n.Captured))
	}
	if n.Settled {
		ns = append(ns, "settled")
	}
	if n.Dominated {
		ns = append(ns, "dominated")
	}
	if n.Reversible {
		ns = append(ns, "reversible, reversed by "+n.ReversedBy)
	}
	if n.Cycle {
		ns = append(ns, "cycle: back to "+n.CycleTo)
	}
	if n.Loopy && n.Count == "loopy" {
		label = "position on a cycle (no value of its own)"
	}
	if len(ns) > 0 {
		notes = "[" + strings.Join(ns, "; ") + "]"
	}
	return label, notes
}

// draw writes node n: head is what comes before its label on its first
// line (the branches and its move), childPrefix the branches its
// children's lines start with. A label that does not fit is wrapped, its
// lines after the first under its first (the notes on a line of their
// own), with the branch line to the children continued.
func (d treeDrawer) draw(n *jsonTreeNode, head, childPrefix string) {
	var kids []*jsonTreeNode
	for _, c := range n.Children {
		if d.showAll || !c.Dominated {
			kids = append(kids, c)
		}
	}
	values, notes := n.label()
	label := values
	if notes != "" {
		label += "  " + notes
	}
	hw := utf8.RuneCountInString(head)
	if d.width <= 0 || hw+utf8.RuneCountInString(label) <= d.width {
		fmt.Fprintf(d.w, "%s%s\n", head, label)
	} else {
		bar := " "
		if len(kids) > 0 {
			bar = "│"
		}
		cont := childPrefix + bar
		cont += strings.Repeat(" ", max(0, hw-utf8.RuneCountInString(cont)))
		lw := max(d.width-hw, treeMinLabel)
		lines := table.Wrap(values, lw)
		if notes != "" {
			lines = append(lines, table.Wrap(notes, lw)...)
		}
		for i, l := range lines {
			if i == 0 {
				fmt.Fprintf(d.w, "%s%s\n", head, l)
			} else {
				fmt.Fprintf(d.w, "%s%s\n", cont, l)
			}
		}
	}
	for i, c := range kids {
		branch, next := "├─ ", "│  "
		if i == len(kids)-1 {
			branch, next = "└─ ", "   "
		}
		d.draw(c, childPrefix+branch+c.Move+": ", childPrefix+next)
	}
}

// treeOptions are the flags of `mathgo tree`.
type treeOptions struct {
	analysis analysisOptions
	asJSON   bool
	wide     bool
	all      bool
	tile     string
	depth    int
}

func newTreeCmd() *cobra.Command {
	o := &treeOptions{}
	cmd := &cobra.Command{
		Use:   "tree FILE --tile ID",
		Short: "Show the best-play game tree of one tile",
		Long: `Show the best-play game tree of one tile, the tree Rappaport draws for Berlekamp's
problem: every move (B or W and the point), the value of the position it leads to (count
and chilled, captures included, comparable with the root), dominated options marked, and
reversible options kept with the opponent's reversing reply, so the actual play can be
followed. Settled territory is not expanded. Tile IDs are those of 'mathgo analyze' (the
same analysis: tiles are named A, B, C, ... in reading order of their first point).

By default dominated options are listed but not expanded, and hidden from the text
drawing; --all shows them.

A ko tile is drawn from its game graph: every legal move, the count of each position
whose own game has no cycle, "position on a cycle" for the others, and a move that
returns to a position already on the path marked "cycle: back to ..." (the ko: play can
go round for ever under Mathematical Go rules). The root shows the tile's loopy values
(JSON: "loopy", "cycle", "cycleTo").

The drawing fits in 100 columns: a line too long (a deep branch, a long value or note) is
wrapped under itself, a value longer than a whole line shortened with "…"; --wide prints
every line whole, and --json has everything.`,
		Example: `  mathgo tree testdata/positions/corridor-blocked-3.txt --tile A
  mathgo tree testdata/positions/berlekamp-problem.txt --tile C --depth 6 --json
  mathgo tree testdata/ko/unsettled-end-6x6.txt --tile A --wide`,
		Args: args(1, 1, "the position file (FILE)"),
		RunE: func(cmd *cobra.Command, argv []string) error { return runTree(cmd, o, argv[0]) },
	}
	cmd.Flags().StringVar(&o.tile, "tile", "", "the tile to show (as listed by analyze)")
	cmd.Flags().IntVar(&o.depth, "depth", 4, "how many moves deep to expand")
	cmd.Flags().BoolVar(&o.all, "all", false, "draw dominated options too")
	cmd.Flags().BoolVar(&o.asJSON, "json", false, "print the tree as JSON")
	cmd.Flags().BoolVar(&o.wide, "wide", false, "print every line whole (without it a long line is wrapped to fit in 100 columns)")
	o.analysis.register(cmd)
	return cmd
}

// runTree prints the tree of one tile.
func runTree(cmd *cobra.Command, o *treeOptions, path string) error {
	if o.tile == "" {
		return usageError{cmd, fmt.Sprintf("--tile is required (the tile IDs are listed by 'mathgo analyze %s')", path)}
	}
	if o.depth < 0 {
		return usageError{cmd, "--depth must be at least 0"}
	}
	r, err := o.analysis.analyzeFile(cmd, path)
	if err != nil {
		return err
	}
	id := strings.ToUpper(o.tile)
	root, err := r.Tree(id, o.depth)
	if err != nil {
		return fail(cmd.ErrOrStderr(), exitUnproven, "tree: %v", err)
	}
	j := treeJSON(root)
	if o.asJSON {
		return writeJSON(cmd.OutOrStdout(), j)
	}
	width := table.DefaultWidth
	if o.wide {
		width = 0
	}
	treeDrawer{w: cmd.OutOrStdout(), showAll: o.all, width: width}.draw(j, "tile "+id+": ", "")
	return nil
}
