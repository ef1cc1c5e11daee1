package main

import (
	"fmt"
	"io"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/internal/table"
	"github.com/mathgo/mathgo/solve"
	"github.com/spf13/cobra"
)

// solveMGO is the contract's "mgo" object; a side not asked for (--first)
// is null.
type solveMGO struct {
	BlackFirst *string `json:"blackFirst"`
	WhiteFirst *string `json:"whiteFirst"`
}

// solveJSON is the `solve --json` document (docs/json-contract.md) plus the
// remaining moves, the reason for an unknown side and warnings.
type solveJSON struct {
	Method   string      `json:"method"`
	MGO      solveMGO    `json:"mgo"`
	Nodes    int         `json:"nodes"`
	Seconds  float64     `json:"seconds"`
	Moves    int         `json:"moves"`
	Reason   string      `json:"reason,omitempty"`
	Warnings []string    `json:"warnings,omitempty"`
	Agree    *bool       `json:"agree,omitempty"`
	Results  []solveJSON `json:"results,omitempty"`
}

func orNull(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func solveResultJSON(r *solve.Result) solveJSON {
	return solveJSON{
		Method:   string(r.Method),
		MGO:      solveMGO{orNull(string(r.BlackFirst)), orNull(string(r.WhiteFirst))},
		Nodes:    r.Nodes,
		Seconds:  r.Elapsed.Seconds(),
		Moves:    r.Moves,
		Reason:   r.Reason,
		Warnings: r.Warnings,
	}
}

// combine merges the results of both methods: a side is decided when
// either method decides it; agree is false when they decide it
// differently.
func combine(rs []*solve.Result) solveJSON {
	out := solveJSON{Method: "both", Moves: rs[0].Moves}
	agree := true
	pick := func(get func(*solve.Result) solve.Winner) *string {
		w := solve.Winner("")
		for _, r := range rs {
			v := get(r)
			switch {
			case v == "" || v == solve.Unknown:
				if w == "" {
					w = v
				}
			case w == "" || w == solve.Unknown:
				w = v
			case w != v:
				agree = false
			}
		}
		if !agree {
			return orNull("disagree")
		}
		return orNull(string(w))
	}
	out.MGO.BlackFirst = pick(func(r *solve.Result) solve.Winner { return r.BlackFirst })
	out.MGO.WhiteFirst = pick(func(r *solve.Result) solve.Winner { return r.WhiteFirst })
	for _, r := range rs {
		out.Nodes += r.Nodes
		out.Seconds += r.Elapsed.Seconds()
		out.Results = append(out.Results, solveResultJSON(r))
	}
	out.Agree = &agree
	return out
}

func printSolve(w io.Writer, js solveJSON) error {
	rows := []solveJSON{js}
	if js.Results != nil {
		rows = js.Results
	}
	t := newTable(w, "method", "black first", "white first", "nodes", "seconds")
	for _, r := range rows {
		t.Row(r.Method, orText(r.MGO.BlackFirst), orText(r.MGO.WhiteFirst), r.Nodes, fmt.Sprintf("%.3f", r.Seconds))
	}
	if err := t.Render(); err != nil {
		return err
	}
	fmt.Fprintf(w, "remaining moves: %d (empty points outside settled territory)\n", js.Moves)
	if b, wf := js.MGO.BlackFirst, js.MGO.WhiteFirst; b != nil || wf != nil {
		fmt.Fprintf(w, "Mathematical Go:")
		if b != nil {
			fmt.Fprintf(w, " %s with Black first", winnerText(*b))
		}
		if b != nil && wf != nil {
			fmt.Fprintf(w, ",")
		}
		if wf != nil {
			fmt.Fprintf(w, " %s with White first", winnerText(*wf))
		}
		fmt.Fprintln(w)
	}
	for _, r := range rows {
		for _, s := range r.Warnings {
			_ = table.WriteWrapped(w, "warning: ", s, table.DefaultWidth)
		}
		if r.Reason != "" {
			_ = table.WriteWrapped(w, fmt.Sprintf("%s unknown: ", r.Method), r.Reason, table.DefaultWidth)
		}
	}
	if js.Agree != nil && !*js.Agree {
		fmt.Fprintln(w, "THE METHODS DISAGREE: this is a bug, please report it with the position")
	}
	return nil
}

func orText(s *string) string {
	if s == nil {
		return "-"
	}
	return *s
}

func winnerText(s string) string {
	switch solve.Winner(s) {
	case solve.Black, solve.White:
		return s + " wins"
	}
	return s
}

// solveOptions are the flags of `mathgo solve`.
type solveOptions struct {
	analysis      analysisOptions
	abNodes       int
	asJSON        bool
	method, first string
}

func newSolveCmd() *cobra.Command {
	o := &solveOptions{}
	cmd := &cobra.Command{
		Use:   "solve FILE",
		Short: "The exact Mathematical Go winner, by decomposition or by whole-board alpha-beta",
		Long: `Decide who wins the Mathematical Go game of a position (a diagram or an SGF file; "-"
reads standard input), with Black first and with White first, in one of two independent
ways, so that each can check the other.

The game (Berlekamp and Wolfe's Mathematical Go, as 'mathgo analyze' plays it):
  - blocks are immortal when declared (# and @ in a diagram, SQ in SGF), when they touch
    an open side of a partial diagram, when Benson's algorithm proves them pass-alive, or
    when the life-and-death solver proves them alive; a stone joining one is immortal;
  - a move places a stone in a region that is not settled: no ko rule, suicide illegal,
    immortal stones never captured;
  - a region that one colour's immortal stones bound, and in which every point touches
    them, is settled territory: each of its points, and each enemy stone in it, is one
    spare move for its owner, and so is each prisoner; a spare move may be played
    instead of a stone;
  - the player who cannot move loses: the winner is the player who moves last.

--method decomposition (the default) is the analysis 'mathgo analyze' makes: it cuts the
board into tiles, values each exactly (combinatorial game theory) and decides the sum:
its outcome class is the winner. Past --max-total-games the sum is searched with the
values as moves, never built canonically, so a full board of tiles is solved in seconds.

--method alphabeta knows nothing of tiles, values or life-and-death certificates: only
declared stones, a fragment's frame and Benson pass-alive blocks are immortal, and it
searches the whole board move by move (win/loss negamax, transposition table, killer
moves, history heuristic), turning a region into spare moves once it is settled. Its cost
grows exponentially with the number of remaining moves: a check for small positions (up
to about 20 moves).

--method both runs the two and exits with status 4 if they disagree.

A side that cannot be decided is "unknown", with the reason, never a guess: a ko tile
(without a ko rule the game can loop; alpha-beta stops at the first repeated position),
or a search past its budget (--alphabeta-nodes: the positions alpha-beta expands, as in
compose; --max-positions: the tile positions of the decomposition; --search-nodes: the
decomposition's search over the tile values).

Exit status: 0 when every side asked for is decided, 3 when one is unknown, 4 when the
methods disagree, 1 for unreadable input.`,
		Example: `  mathgo solve testdata/problems/five-tiles.txt
  mathgo solve --method both testdata/positions/dame.txt
  mathgo solve --method alphabeta --first white --alphabeta-nodes 1000000 --json testdata/positions/dame.txt`,
		Args: args(1, 1, "the position file (FILE)"),
		RunE: func(cmd *cobra.Command, argv []string) error { return runSolve(cmd, o, argv[0]) },
	}
	f := cmd.Flags()
	f.BoolVar(&o.asJSON, "json", false, `print one JSON document: {"method","mgo":{"blackFirst","whiteFirst"},"nodes","seconds","moves"} (see docs/json-contract.md)`)
	enumFlag(cmd, &o.method, "method", "decomposition", "decomposition, alphabeta or both", []string{"decomposition", "alphabeta", "both"}, nil)
	colorFlag(cmd, &o.first, "first", "", "solve only with this player first (not given: with each player first)")
	f.IntVar(&o.abNodes, "alphabeta-nodes", solve.DefaultMaxNodes, "budget of --method alphabeta: positions expanded")
	o.analysis.register(cmd)
	return cmd
}

// runSolve decides the position by the methods asked for.
func runSolve(cmd *cobra.Command, o *solveOptions, path string) error {
	stderr := cmd.ErrOrStderr()
	methods := []solve.Method{solve.Method(o.method)}
	if o.method == "both" {
		methods = solve.Methods
	}
	var first board.Color
	switch o.first {
	case "":
	case "black":
		first = board.Black
	case "white":
		first = board.White
	}
	pos, err := readPosition(cmd, path)
	if err != nil {
		return fail(stderr, exitInput, "%v", err)
	}
	var results []*solve.Result
	for _, m := range methods {
		var r *solve.Result
		switch m {
		case solve.Decomposition:
			aopts := o.analysis.options(stderr)
			aopts.WinnersOnly = true // solve reports the winners alone
			rep, err := endgame.Analyze(pos, aopts)
			if err != nil {
				return fail(stderr, exitInput, "%s: %v", path, err)
			}
			r = rep.Decide(first)
		default:
			opts := solve.Options{AssumeSettled: o.analysis.assumeSettled, First: first, Progress: progressPrinter(stderr)}
			opts.MaxNodes = o.abNodes
			if cmd.Flags().Changed("max-nodes") && !cmd.Flags().Changed("alphabeta-nodes") {
				// The old spelling set alpha-beta's budget too.
				opts.MaxNodes = o.analysis.maxPositions
			}
			if r, err = solve.SolveAlphaBeta(pos, opts); err != nil {
				return fail(stderr, exitInput, "%s: %v", path, err)
			}
		}
		results = append(results, r)
	}
	js := solveResultJSON(results[0])
	if len(results) > 1 {
		js = combine(results)
	}
	out := cmd.OutOrStdout()
	if o.asJSON {
		err = writeJSON(out, js)
	} else {
		err = printSolve(out, js)
	}
	if err != nil {
		return err
	}
	if js.Agree != nil && !*js.Agree {
		fmt.Fprintln(stderr, "mathgo solve: the methods disagree")
		return exitError{exitDisagree}
	}
	for _, r := range results {
		if !r.Complete() {
			if o.asJSON {
				fmt.Fprintf(stderr, "mathgo solve: %s: %s\n", r.Method, r.Reason)
			}
			return exitError{exitUnproven}
		}
	}
	return nil
}
