package main

import (
	"fmt"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/corridors"
	"github.com/mathgo/mathgo/internal/table"
	"github.com/spf13/cobra"
)

// corridorJSON is `corridor --json` (docs/json-contract.md).
type corridorJSON struct {
	Type    string `json:"type"`
	Length  int    `json:"length"`
	Count   string `json:"count"`
	Chilled string `json:"chilled"`
}

// foundCorridorJSON is one corridor recognised in a position file.
type foundCorridorJSON struct {
	Tile    string `json:"tile,omitempty"`
	Type    string `json:"type"`
	Length  int    `json:"length"`
	Owner   string `json:"owner"`
	Mouth   string `json:"mouth"`
	Count   string `json:"count"`
	Chilled string `json:"chilled"`
	Formula string `json:"formula,omitempty"`
	Label   string `json:"label"`
}

// socketJSON is one socketed group found in a position file.
type socketJSON struct {
	Point     string              `json:"point"`
	Color     string              `json:"color"`
	Chain     string              `json:"chain"`
	Stones    int                 `json:"stones"`
	Tiles     []string            `json:"tiles"`
	Corridors []foundCorridorJSON `json:"corridors"`
	Count     string              `json:"count"`
	Chilled   string              `json:"chilled"`
	// RelativeCount and RelativeChilled measure from the socket as the
	// chain's territory, as Wolfe counts; Naive is his naive sum.
	RelativeCount   string `json:"relativeCount"`
	RelativeChilled string `json:"relativeChilled"`
	Naive           string `json:"naive"`
	Label           string `json:"label"`
}

type positionCorridorsJSON struct {
	Corridors []foundCorridorJSON `json:"corridors"`
	Sockets   []socketJSON        `json:"sockets"`
	Problems  []string            `json:"problems,omitempty"`
}

// corridorOptions are the flags of `mathgo corridor`.
type corridorOptions struct {
	analysis        analysisOptions
	asJSON, unicode bool
	typ, owner      string
	length          int
}

func newCorridorCmd() *cobra.Command {
	o := &corridorOptions{}
	cmd := &cobra.Command{
		Use:   "corridor --type blocked|unblocked|gote --length N [--owner black|white] | corridor FILE",
		Short: "Closed-form corridor values, or the corridors and sockets of a position",
		Long: `Print the count (territory scoring) and chilled values of a corridor from
Wolfe's closed forms, without building a game tree:

  blocked    one entrance          chilled n-2+2^-(n-1)            n >= 1
  unblocked  both ends open        chilled n-4+2^-(n-3)            n >= 2
  gote       blocked, with a dead  chilled n-1+(n-2)·^, plus *     n >= 2
             invader stone at the  when n is even (n counts the
             closed end            stone): it leads to a one-point gote

The count is warm(chilled), plus * when the corridor has an odd number of
empty points (Berlekamp's BIG theorem). Black's corridors are positive,
White's (--owner white) the negatives.

With a position FILE instead, list the corridors of its tiles with their
family and formula, and the socketed groups: a chain without eyes that must
connect through one point (the socket) to live, valued with its corridors as
one game (Wolfe's sockets; Figure 5.2 of Rappaport's thesis is
testdata/corridors/figure-5.2.txt).`,
		Example: `  mathgo corridor --type blocked --length 5
  mathgo corridor --type gote --length 4 --owner white --json
  mathgo corridor testdata/corridors/figure-5.2.txt`,
		Args: args(0, 1, "at most one position FILE"),
		RunE: func(cmd *cobra.Command, argv []string) error { return runCorridor(cmd, o, argv) },
	}
	enumFlag(cmd, &o.typ, "type", "", "corridor family: blocked, unblocked or gote", corridors.Types, nil)
	cmd.Flags().IntVar(&o.length, "length", 0, "corridor length in points (a gote corridor's dead stone included)")
	colorFlag(cmd, &o.owner, "owner", "black", "whose walls: black (positive values) or white")
	cmd.Flags().BoolVar(&o.asJSON, "json", false, "print one JSON document")
	cmd.Flags().BoolVar(&o.unicode, "unicode", false, "print ↑ ↓ ⋆ ± instead of ^ v * +-")
	o.analysis.register(cmd)
	return cmd
}

// runCorridor prints closed-form values, or the corridors of a file.
func runCorridor(cmd *cobra.Command, o *corridorOptions, argv []string) error {
	if len(argv) == 1 {
		if cmd.Flags().Changed("type") || cmd.Flags().Changed("length") || cmd.Flags().Changed("owner") {
			return usageError{cmd, "give either a position FILE or --type and --length, not both"}
		}
		return corridorsOfFile(cmd, o, argv[0])
	}
	if !cmd.Flags().Changed("type") || !cmd.Flags().Changed("length") {
		return usageError{cmd, "--type and --length are required (or give a position FILE)"}
	}
	typ := o.typ
	c := board.Black
	if o.owner == "white" {
		c = board.White
	}
	count, chilled, err := corridors.Values(typ, o.length, c)
	if err != nil {
		return usageError{cmd, err.Error()}
	}
	out := cmd.OutOrStdout()
	if o.asJSON {
		return writeJSON(out, corridorJSON{Type: typ, Length: o.length, Count: count.Format(o.unicode), Chilled: chilled.Format(o.unicode)})
	}
	t := newTable(out, "type", "length", "owner", "count", "chilled", "formula")
	formula := corridors.Formula(typ, o.length)
	if expr, val, ok := strings.Cut(formula, " = "); ok && c == board.White {
		formula = "-(" + expr + ") = -(" + val + ")"
	}
	t.Row(typ, o.length, c, count.Format(o.unicode), chilled.Format(o.unicode), formula)
	return t.Render()
}

// corridorsOfFile analyzes a position and reports its corridors and
// sockets.
func corridorsOfFile(cmd *cobra.Command, o *corridorOptions, path string) error {
	stderr := cmd.ErrOrStderr()
	r, err := o.analysis.analyzeFile(cmd, path)
	if err != nil {
		return err
	}
	a, unicode, asJSON := r.Analysis, o.unicode, o.asJSON
	b := a.Board()
	show := func(g cgt.Game) string { return g.Format(unicode) }
	found := func(tile string, c corridors.Corridor) foundCorridorJSON {
		typ := c.Type
		if typ == "" {
			typ = "other"
		}
		return foundCorridorJSON{Tile: tile, Type: typ, Length: c.Length, Owner: c.Owner.String(), Mouth: b.Name(c.Mouth),
			Count: show(c.Count), Chilled: show(c.Chilled), Formula: c.Formula, Label: c.Label()}
	}
	res := positionCorridorsJSON{Corridors: []foundCorridorJSON{}, Sockets: []socketJSON{}, Problems: r.Problems}
	for _, t := range a.Tiles {
		if c, ok := corridors.Recognize(a, t); ok {
			res.Corridors = append(res.Corridors, found(t.ID, c))
		}
	}
	for _, s := range r.Sockets {
		rc, rch := s.Relative()
		sj := socketJSON{Point: b.Name(s.Point), Color: s.Color.String(), Chain: b.Name(s.Chain[0]), Stones: len(s.Chain),
			Tiles: s.Tiles, Count: show(s.Count), Chilled: show(s.Chilled), RelativeCount: show(rc), RelativeChilled: show(rch),
			Naive: show(s.Naive), Label: s.Label(b)}
		for _, c := range s.Corridors {
			sj.Corridors = append(sj.Corridors, found("", c))
		}
		res.Sockets = append(res.Sockets, sj)
	}
	out := cmd.OutOrStdout()
	if asJSON {
		if err := writeJSON(out, res); err != nil {
			return err
		}
	} else {
		t := newTable(out, "tile", "family", "length", "owner", "mouth", "count", "chilled", "formula")
		for _, c := range res.Corridors {
			t.Row(c.Tile, c.Type, c.Length, c.Owner, c.Mouth, c.Count, c.Chilled, c.Formula)
		}
		if err := t.Render(); err != nil {
			return err
		}
		for _, s := range res.Sockets {
			_ = table.WriteWrapped(out, "", s.Label, table.DefaultWidth)
			_ = table.WriteWrapped(out, "  ", fmt.Sprintf("tile %s holds the chain, the socket and the corridors, one game: count %s, chilled %s", strings.Join(s.Tiles, ", "), s.Count, s.Chilled), table.DefaultWidth)
			_ = table.WriteWrapped(out, "  ", fmt.Sprintf("measured from the socket as %s's territory: count %s, chilled %s (naive %s)", s.Color, s.RelativeCount, s.RelativeChilled, s.Naive), table.DefaultWidth)
			fmt.Fprintln(out)
		}
	}
	if !r.Exact() {
		for _, p := range r.Problems {
			fmt.Fprintf(stderr, "mathgo corridor: %s\n", p)
		}
		return exitError{exitUnproven}
	}
	return nil
}
