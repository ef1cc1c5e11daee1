package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/mathgo/mathgo/tiles"
	"github.com/spf13/cobra"
)

func init() { subcommands = append(subcommands, newTreeCmd) }

type jsonTreeNode struct {
	Move       string          `json:"move,omitempty"`
	Count      string          `json:"count"`
	Chilled    string          `json:"chilled"`
	Captured   int             `json:"captured,omitempty"`
	Settled    bool            `json:"settled,omitempty"`
	Dominated  bool            `json:"dominated,omitempty"`
	Reversible bool            `json:"reversible,omitempty"`
	ReversedBy string          `json:"reversedBy,omitempty"`
	Children   []*jsonTreeNode `json:"children,omitempty"`
}

func treeJSON(n *tiles.TreeNode) *jsonTreeNode {
	j := &jsonTreeNode{Move: n.Move, Count: n.Count.String(), Chilled: n.Chilled.String(), Captured: n.Captured,
		Settled: n.Settled, Dominated: n.Dominated, Reversible: n.Reversible, ReversedBy: n.ReversedBy}
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

func newTreeCmd() *cobra.Command {
	var asJSON, all bool
	var tile string
	var depth int
	var f analyzeFlags
	cmd := &cobra.Command{
		Use:   "tree FILE --tile ID",
		Short: "Show the best-play game tree of one tile",
		Long: `Show the best-play game tree of one tile, the tree Rappaport draws for Berlekamp's
problem: every move (B or W and the point), the value of the position it leads to (count
and chilled, captures included, comparable with the root), dominated options marked, and
reversible options kept with the opponent's reversing reply, so the actual play can be
followed. Settled territory is not expanded. Tile IDs are those of 'mathgo analyze'.

By default dominated options are listed but not expanded, and hidden from the text
drawing; --all shows them.`,
		Example: `  mathgo tree testdata/positions/corridor-blocked-3.txt --tile A
  mathgo tree testdata/positions/berlekamp-problem.txt --tile C --depth 6 --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if tile == "" {
				return fail(cmd.ErrOrStderr(), 2, "tree: --tile is required (the tile IDs are listed by 'mathgo analyze %s')", args[0])
			}
			if depth < 0 {
				return fail(cmd.ErrOrStderr(), 2, "tree: --depth must be at least 0")
			}
			a, err := loadAndAnalyze(cmd, args[0], f)
			if err != nil {
				return fail(cmd.ErrOrStderr(), 1, "%v", err)
			}
			root, err := a.Tree(strings.ToUpper(tile), depth)
			if err != nil {
				return fail(cmd.ErrOrStderr(), 1, "tree: %v", err)
			}
			j := treeJSON(root)
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), j)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "tile %s: ", strings.ToUpper(tile))
			printTree(cmd.OutOrStdout(), j, "", true, true, all)
			return nil
		},
	}
	cmd.Flags().StringVar(&tile, "tile", "", "the tile to show (as listed by analyze)")
	cmd.Flags().IntVar(&depth, "depth", 4, "how many moves deep to expand")
	cmd.Flags().BoolVar(&all, "all", false, "draw dominated options too")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the tree as JSON")
	f.register(cmd)
	return cmd
}
