package main

import (
	"fmt"
	"io"
	"strings"

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

// printTree draws the tree with box-drawing branches.
func printTree(w io.Writer, n *jsonTreeNode, prefix string, last bool, root bool, showAll bool) {
	label := fmt.Sprintf("count %s, chilled %s", n.Count, n.Chilled)
	var notes []string
	if n.Captured > 0 {
		notes = append(notes, fmt.Sprintf("captures %d", n.Captured))
	}
	if n.Settled {
		notes = append(notes, "settled")
	}
	if n.Dominated {
		notes = append(notes, "dominated")
	}
	if n.Reversible {
		notes = append(notes, "reversible, reversed by "+n.ReversedBy)
	}
	if n.Cycle {
		notes = append(notes, "cycle: back to "+n.CycleTo)
	}
	if n.Loopy && n.Count == "loopy" {
		label = "position on a cycle (no value of its own)"
	}
	if len(notes) > 0 {
		label += "  [" + strings.Join(notes, "; ") + "]"
	}
	childPrefix := prefix
	if root {
		fmt.Fprintf(w, "%s\n", label)
	} else {
		branch, next := "├─ ", "│  "
		if last {
			branch, next = "└─ ", "   "
		}
		fmt.Fprintf(w, "%s%s%s: %s\n", prefix, branch, n.Move, label)
		childPrefix = prefix + next
	}
	var kids []*jsonTreeNode
	for _, c := range n.Children {
		if showAll || !c.Dominated {
			kids = append(kids, c)
		}
	}
	for i, c := range kids {
		printTree(w, c, childPrefix, i == len(kids)-1, false, showAll)
	}
}

// treeOptions are the flags of `mathgo tree`.
type treeOptions struct {
	analysis analysisOptions
	asJSON   bool
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
(JSON: "loopy", "cycle", "cycleTo").`,
		Example: `  mathgo tree testdata/positions/corridor-blocked-3.txt --tile A
  mathgo tree testdata/positions/berlekamp-problem.txt --tile C --depth 6 --json`,
		Args: args(1, 1, "the position file (FILE)"),
		RunE: func(cmd *cobra.Command, argv []string) error { return runTree(cmd, o, argv[0]) },
	}
	cmd.Flags().StringVar(&o.tile, "tile", "", "the tile to show (as listed by analyze)")
	cmd.Flags().IntVar(&o.depth, "depth", 4, "how many moves deep to expand")
	cmd.Flags().BoolVar(&o.all, "all", false, "draw dominated options too")
	cmd.Flags().BoolVar(&o.asJSON, "json", false, "print the tree as JSON")
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
	fmt.Fprintf(cmd.OutOrStdout(), "tile %s: ", id)
	printTree(cmd.OutOrStdout(), j, "", true, true, o.all)
	return nil
}
