package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/compose"
	"github.com/mathgo/mathgo/library"
	"github.com/mathgo/mathgo/solve"
	"github.com/spf13/cobra"
)

// composeOptions are the flags of `mathgo compose`.
type composeOptions struct {
	db         string
	boardSize  string
	tiles      int
	seed       uint64
	winner     string
	out        string
	sgfOut     string
	asJSON     bool
	candidates int
	maxArea    int
	abNodes    int
}

// composeJSON is the `compose --json` document (docs/json-contract.md), plus the
// extra fields after metrics.
type composeJSON struct {
	Diagram string `json:"diagram"`
	Outcome struct {
		MGO struct {
			BlackFirst solve.Winner `json:"blackFirst"`
			WhiteFirst solve.Winner `json:"whiteFirst"`
		} `json:"mgo"`
	} `json:"outcome"`
	Metrics      compose.Metrics `json:"metrics"`
	Tiles        []string        `json:"tiles"`
	ChilledTotal string          `json:"chilledTotal"`
	AlphaBeta    string          `json:"alphaBeta"`
	Seed         uint64          `json:"seed"`
}

func newComposeCmd() *cobra.Command {
	o := &composeOptions{}
	cmd := &cobra.Command{
		Use:   "compose --db PATH --board CxR --tiles N --seed S",
		Short: "Compose a Mathematical Go problem from the tile library, verified and measured",
		Long: `Choose tiles from the library whose chilled values add up to an infinitesimal that the asked
side wins whoever starts, place them on a real board whose walls are groups that are
pass-alive by Benson's algorithm, verify the problem with the analysis pipeline and both solve
methods (the whole-board alpha-beta where it is within reach), and print the most difficult of
several candidates with its metrics: forced bits, unique plies, balance, disguise, trap rate.

The problem has the winner to move. --diagram writes the diagram (mathgo analyze reads it), --sgf the
solution as an SGF variation tree (the main line and a refutation of each tempting wrong move).`,
		Example: `  mathgo compose --db tiles.db --board 11x11 --tiles 4 --seed 1 --diagram p1.txt --sgf p1.sgf     # tiles.db: see library build --help
  mathgo compose --db tiles.db --board 13x13 --tiles 6 --winner white --seed 7 --json`,
		Args: args(0, 0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runCompose(cmd, o) },
	}
	f := cmd.Flags()
	f.StringVar(&o.db, "db", "", "the tile library (mathgo library build)")
	f.StringVar(&o.boardSize, "board", "19x19", "board size, CxR (columns x rows)")
	f.IntVar(&o.tiles, "tiles", 6, "number of tiles")
	f.Uint64Var(&o.seed, "seed", 1, "random seed (the same flags give the same problem)")
	colorFlag(cmd, &o.winner, "winner", "black", "who wins whoever starts")
	f.StringVar(&o.out, "diagram", "", "write the problem's diagram to `FILE` (mathgo analyze reads it)")
	renamedFlagP(cmd, "output", "o", "diagram")
	f.StringVar(&o.sgfOut, "sgf", "", "write the SGF solution tree to `FILE`")
	f.BoolVar(&o.asJSON, "json", false, "print {diagram, outcome, metrics} as JSON")
	f.IntVar(&o.candidates, "candidates", 6, "verified candidates compared")
	f.IntVar(&o.maxArea, "max-area", 5, "largest tile used, in points")
	f.IntVar(&o.abNodes, "alphabeta-nodes", solve.DefaultMaxNodes, "budget of the whole-board alpha-beta check")
	return cmd
}

// ParseBoardSize reads "CxR" (or "N" for N x N).
func ParseBoardSize(s string) (cols, rows int, err error) {
	a, b, found := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "x")
	if !found {
		b = a
	}
	cols, err1 := strconv.Atoi(strings.TrimSpace(a))
	rows, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("board size %q: want CxR, like 19x19", s)
	}
	if cols < 5 || rows < 5 || cols > board.MaxSide || rows > board.MaxSide {
		return 0, 0, fmt.Errorf("board size %q: each side must be 5..%d", s, board.MaxSide)
	}
	return cols, rows, nil
}

func runCompose(cmd *cobra.Command, o *composeOptions) error {
	if o.db == "" {
		return usageError{cmd, "--db PATH is required"}
	}
	cols, rows, err := ParseBoardSize(o.boardSize)
	if err != nil {
		return usageError{cmd, "--board: " + err.Error()}
	}
	if o.tiles < 2 || o.tiles > 40 {
		return usageError{cmd, fmt.Sprintf("--tiles must be 2..40, not %d", o.tiles)}
	}
	if o.candidates < 1 || o.maxArea < 2 || o.abNodes < 1 {
		return usageError{cmd, "--candidates and --alphabeta-nodes must be at least 1, --max-area at least 2"}
	}
	winner := board.Black
	if o.winner == "white" {
		winner = board.White
	}
	stderr := cmd.ErrOrStderr()
	db, err := library.Open(o.db)
	if err != nil {
		return fail(stderr, exitInput, "%v", err)
	}
	defer db.Close()
	progress := progressPrinter(stderr)
	p, err := compose.Compose(compose.Options{DB: db, Cols: cols, Rows: rows, Tiles: o.tiles, Seed: o.seed, Winner: winner,
		Candidates: o.candidates, MaxArea: o.maxArea, AlphaBetaNodes: o.abNodes, Progress: progress})
	if err != nil {
		return fail(stderr, exitUnproven, "%v", err)
	}
	if o.out != "" {
		if err := os.WriteFile(o.out, []byte(p.Diagram), 0o644); err != nil {
			return fail(stderr, exitInput, "%v", err)
		}
	}
	if o.sgfOut != "" {
		data, err := p.SGF()
		if err != nil {
			return fail(stderr, exitInput, "%v", err)
		}
		if err := os.WriteFile(o.sgfOut, data, 0o644); err != nil {
			return fail(stderr, exitInput, "%v", err)
		}
	}
	out := cmd.OutOrStdout()
	if o.asJSON {
		return writeJSON(out, composeDoc(p, o.seed))
	}
	fmt.Fprint(out, p.Diagram)
	m := p.Metrics
	fmt.Fprintf(out, "\n%s to play; %s wins Mathematical Go with Black first and %s with White first (chilled total %s).\n",
		m.First, p.Decomposition.BlackFirst, p.Decomposition.WhiteFirst, p.ChilledTotal)
	fmt.Fprintf(out, "%s.\n", p.AlphaBetaNote)
	fmt.Fprintf(out, "forced bits %.2f, unique plies %d of %d winner plies, balance %.2f, disguise %d, trap rate %.2f, hotstrat loses: %v\n",
		m.ForcedBits, m.UniquePlies, m.WinnerPlies, m.Balance, m.Disguise, m.TrapRate, m.HotstratLoses)
	return nil
}

// composeDoc is the JSON document of a problem.
func composeDoc(p *compose.Problem, seed uint64) composeJSON {
	var j composeJSON
	j.Diagram = p.Diagram
	j.Outcome.MGO.BlackFirst = p.Decomposition.BlackFirst
	j.Outcome.MGO.WhiteFirst = p.Decomposition.WhiteFirst
	j.Metrics = p.Metrics
	for _, t := range p.Tiles {
		k := t.Key
		if t.Swap {
			k += " (colours swapped)"
		}
		j.Tiles = append(j.Tiles, k)
	}
	j.ChilledTotal = p.ChilledTotal
	j.AlphaBeta = p.AlphaBetaNote
	j.Seed = seed
	return j
}
