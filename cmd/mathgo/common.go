package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/internal/table"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/review"
	"github.com/spf13/cobra"
)

// analysisOptions are the flags of every command that analyzes a
// position; they become one endgame.Options.
type analysisOptions struct {
	assumeSettled    bool
	noSolver         bool
	noFormulas       bool
	maxPositions     int
	maxTilePoints    int
	solverNodes      int
	maxAreaPositions int
	maxTotalGames    int
	searchNodes      int
}

// register adds the analysis flags to cmd.
func (o *analysisOptions) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.BoolVar(&o.assumeSettled, "assume-settled", false, "treat every stone as immortal without a life-and-death proof (prints a warning)")
	f.BoolVar(&o.noSolver, "no-solver", false, "settle walls by declaration and Benson's algorithm only (no life-and-death search)")
	f.BoolVar(&o.noFormulas, "no-formulas", false, "value corridors and sockets by searching their game graphs instead of by closed forms (a cross-check; slow for long corridors)")
	f.IntVar(&o.maxPositions, "max-positions", endgame.DefaultMaxPositions, "budget: distinct tile positions searched before a tile is reported too large")
	renamedFlag(cmd, "max-nodes", "max-positions")
	f.IntVar(&o.maxTilePoints, "max-tile-points", 0, fmt.Sprintf("search no tile of more points (closed forms still value it); 0: %d; -1: no limit (a larger tile may spend the whole --max-positions budget)", endgame.TriageMaxOpenArea))
	f.IntVar(&o.solverNodes, "solver-nodes", endgame.DefaultSolverNodes, "life-and-death search budget per block")
	f.IntVar(&o.maxAreaPositions, "max-area-positions", endgame.DefaultMaxAreaPositions, "stop computing area games (Chinese counting) after this many tile positions")
	f.IntVar(&o.maxTotalGames, "max-total-games", endgame.DefaultMaxTotalGames, "reduce the totals to canonical form only while that adds at most this many games; past it the outcome and stops are found by search")
	f.IntVar(&o.searchNodes, "search-nodes", endgame.DefaultSearchNodes, "budget of each search over the tile values made when a canonical total is too large")
}

// options returns the endgame options, progress reported on stderr.
func (o *analysisOptions) options(stderr io.Writer) endgame.Options {
	return endgame.Options{
		AssumeSettled:    o.assumeSettled,
		NoSolver:         o.noSolver,
		NoFormulas:       o.noFormulas,
		MaxPositions:     o.maxPositions,
		MaxTilePoints:    o.maxTilePoints,
		SolverNodes:      o.solverNodes,
		MaxAreaPositions: o.maxAreaPositions,
		MaxTotalGames:    o.maxTotalGames,
		SearchNodes:      o.searchNodes,
		Progress:         progressPrinter(stderr),
	}
}

// analyzeFile reads a position file and runs the one pipeline on it. A
// file that cannot be read is reported and gives exitInput.
func (o *analysisOptions) analyzeFile(cmd *cobra.Command, path string) (*endgame.Report, error) {
	pos, err := readPosition(cmd, path)
	if err != nil {
		return nil, fail(cmd.ErrOrStderr(), exitInput, "%v", err)
	}
	r, err := endgame.Analyze(pos, o.options(cmd.ErrOrStderr()))
	if err != nil {
		return nil, fail(cmd.ErrOrStderr(), exitInput, "%s: %v", path, err)
	}
	return r, nil
}

// analyzeGameMove reads a game record and analyzes the position after
// move n of its main line (-1: the end), with its komi and rules.
func (o *analysisOptions) analyzeGameMove(cmd *cobra.Command, path string, n int) (*endgame.Report, error) {
	pos, err := review.PositionAt(path, n)
	if err != nil {
		return nil, fail(cmd.ErrOrStderr(), exitInput, "%v", err)
	}
	r, err := endgame.Analyze(pos, o.options(cmd.ErrOrStderr()))
	if err != nil {
		return nil, fail(cmd.ErrOrStderr(), exitInput, "%s: %v", path, err)
	}
	return r, nil
}

// progressPrinter reports long work on stderr, at most every few seconds,
// and only once the work has run for a second.
func progressPrinter(w io.Writer) func(string) {
	start := time.Now()
	last := start
	return func(msg string) {
		now := time.Now()
		if now.Sub(start) < time.Second || now.Sub(last) < 2*time.Second {
			return
		}
		last = now
		fmt.Fprintf(w, "mathgo: %s (%.0fs)\n", msg, now.Sub(start).Seconds())
	}
}

// readPosition reads a diagram or SGF file ("-" for standard input).
func readPosition(cmd *cobra.Command, path string) (*position.Position, error) {
	if path == "-" {
		data, err := io.ReadAll(cmd.InOrStdin())
		if err != nil {
			return nil, err
		}
		return position.Parse("<stdin>", data)
	}
	return position.ReadFile(path)
}

// isFile reports whether path names an existing file (or is "-").
func isFile(path string) bool {
	if path == "-" {
		return true
	}
	st, err := os.Stat(path)
	return err == nil && !st.IsDir()
}

// writeJSON writes v as one indented JSON document.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// newTable starts a table in mathgo's one style.
func newTable(w io.Writer, header ...string) *table.Table { return table.New(w, header...) }

// fail reports an error on stderr and returns an exit status carrier so
// that the command ends with a non-zero status and no usage dump.
func fail(stderr io.Writer, code int, format string, args ...any) error {
	fmt.Fprintf(stderr, "mathgo: "+format+"\n", args...)
	return exitError{code}
}

// choice validates an enumerated flag value: one place for every enum
// flag of every command.
func choice(cmd *cobra.Command, flag, value string, allowed ...string) error {
	for _, a := range allowed {
		if value == a {
			return nil
		}
	}
	return usageError{cmd, fmt.Sprintf("--%s must be one of %v, not %q", flag, allowed, value)}
}

func ptr[T any](v T) *T { return &v }
