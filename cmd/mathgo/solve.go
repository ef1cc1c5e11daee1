package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/internal/table"
	"github.com/mathgo/mathgo/review"
	"github.com/mathgo/mathgo/rules"
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
	Method string   `json:"method"`
	MGO    solveMGO `json:"mgo"`
	// Counting, Score and Winner are set by --counting japanese or
	// chinese: the exact scores before komi ("B+3", null when unknown)
	// and the winners they make with the file's komi.
	Counting string      `json:"counting,omitempty"`
	Score    *solveMGO   `json:"score,omitempty"`
	Winner   *solveMGO   `json:"winner,omitempty"`
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
	js := solveJSON{
		Method:   string(r.Method),
		MGO:      solveMGO{orNull(string(r.BlackFirst)), orNull(string(r.WhiteFirst))},
		Nodes:    r.Nodes,
		Seconds:  r.Elapsed.Seconds(),
		Moves:    r.Moves,
		Reason:   r.Reason,
		Warnings: r.Warnings,
	}
	if r.Counting != rules.MathematicalGo {
		score := func(d *cgt.Dyadic) *string {
			if d == nil {
				return nil
			}
			return orNull(review.FormatScore(*d))
		}
		js.Counting = r.Counting.String()
		js.Winner = &solveMGO{js.MGO.BlackFirst, js.MGO.WhiteFirst}
		js.Score = &solveMGO{score(r.BlackScore), score(r.WhiteScore)}
		js.MGO = solveMGO{}
	}
	return js
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
	if c := rs[0].Counting; c != rules.MathematicalGo {
		// Real rules: the exact scores must agree too.
		scores := func(get func(*solve.Result) *cgt.Dyadic) *string {
			var got *cgt.Dyadic
			for _, r := range rs {
				d := get(r)
				switch {
				case d == nil:
				case got == nil:
					got = d
				case !got.Equal(*d):
					agree = false
				}
			}
			if got == nil {
				return nil
			}
			return orNull(review.FormatScore(*got))
		}
		out.Counting = c.String()
		out.Score = &solveMGO{scores(func(r *solve.Result) *cgt.Dyadic { return r.BlackScore }), scores(func(r *solve.Result) *cgt.Dyadic { return r.WhiteScore })}
		out.Winner = &solveMGO{out.MGO.BlackFirst, out.MGO.WhiteFirst}
		out.MGO = solveMGO{}
		if !agree {
			out.Score = &solveMGO{orNull("disagree"), orNull("disagree")}
		}
	}
	for _, r := range rs {
		out.Nodes += r.Nodes
		out.Seconds += r.Elapsed.Seconds()
		out.Results = append(out.Results, solveResultJSON(r))
	}
	out.Agree = &agree
	return out
}

func printSolve(w io.Writer, js solveJSON, komi string) error {
	rows := []solveJSON{js}
	if js.Results != nil {
		rows = js.Results
	}
	t := newTable(w, "method", "black first", "white first", "nodes", "seconds")
	for _, r := range rows {
		b, wf := r.MGO.BlackFirst, r.MGO.WhiteFirst
		if r.Score != nil {
			b, wf = orUnknown(r.Score.BlackFirst, r.Winner.BlackFirst), orUnknown(r.Score.WhiteFirst, r.Winner.WhiteFirst)
		}
		t.Row(r.Method, orText(b), orText(wf), r.Nodes, fmt.Sprintf("%.3f", r.Seconds))
	}
	if err := t.Render(); err != nil {
		return err
	}
	fmt.Fprintf(w, "remaining moves: %d (empty points outside settled territory)\n", js.Moves)
	if js.Score != nil {
		side := func(score, winner *string) string {
			if score == nil {
				return winnerText(*winner)
			}
			return fmt.Sprintf("%s (%s)", winnerText(*winner), *score)
		}
		var parts []string
		if js.Winner.BlackFirst != nil {
			parts = append(parts, side(js.Score.BlackFirst, js.Winner.BlackFirst)+" with Black first")
		}
		if js.Winner.WhiteFirst != nil {
			parts = append(parts, side(js.Score.WhiteFirst, js.Winner.WhiteFirst)+" with White first")
		}
		c, _ := rules.Parse(js.Counting)
		_ = table.WriteWrapped(w, "", fmt.Sprintf("%s, komi %s (scores before komi): %s", c.Words(), komi, strings.Join(parts, ", ")), table.DefaultWidth)
	}
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

// orUnknown is a real-rules cell: the score, or the winner ("unknown")
// when there is none.
func orUnknown(score, winner *string) *string {
	if score != nil {
		return score
	}
	return winner
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
	analysis                analysisOptions
	abNodes                 int
	asJSON                  bool
	method, first, counting string
}

func newSolveCmd() *cobra.Command {
	o := &solveOptions{}
	cmd := &cobra.Command{
		Use:   "solve FILE",
		Short: "The exact Mathematical Go winner (or real-rules score), by decomposition or by whole-board search",
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

--counting japanese or chinese solves the real game instead, on a whole board: the exact
score with each side first (Black minus White before komi; Chinese: the area of the whole
board) and the winner it makes with the file's komi (a game record's KM; 0 for a diagram).
The decomposition is then 'mathgo analyze' with its board search (the tiles without a value
played on the board under real rules); alphabeta is realgo, a whole-board search under real
rules (captures, prisoners, the simple ko ban, two passes end the game) that shares no code
with it, for boards of at most 128 points without declared stones. Both must find the same
scores. Under --counting japanese the board search makes no Chinese search: Spight's
problem (testdata/positions/forum/spight-2011.txt) is exact in 7 to 11 s, where 'mathgo
analyze' also searches the Chinese score with White first, which the default budget does not
prove (--board-nodes 10000000 does, in about a minute).

A side that cannot be decided is "unknown", with the reason, never a guess: a ko tile
(without a ko rule the game can loop; alpha-beta stops at the first repeated position),
or a search past its budget (--alphabeta-nodes: the positions alpha-beta expands, as in
compose; --max-positions: the tile positions of the decomposition; --search-nodes: the
decomposition's search over the tile values).

Exit status: 0 when every side asked for is decided, 3 when one is unknown, 4 when the
methods disagree, 1 for unreadable input.`,
		Example: `  mathgo solve testdata/problems/five-tiles.txt
  mathgo solve --method both testdata/positions/dame.txt
  mathgo solve --method alphabeta --first white --alphabeta-nodes 1000000 --json testdata/positions/dame.txt
  mathgo solve --counting japanese --method both testdata/search/set/01-6x6.txt`,
		Args: args(1, 1, "the position file (FILE)"),
		RunE: func(cmd *cobra.Command, argv []string) error { return runSolve(cmd, o, argv[0]) },
	}
	f := cmd.Flags()
	f.BoolVar(&o.asJSON, "json", false, `print one JSON document: {"method","mgo":{"blackFirst","whiteFirst"},"nodes","seconds","moves"} (see docs/json-contract.md)`)
	enumFlag(cmd, &o.method, "method", "decomposition", "decomposition, alphabeta or both", []string{"decomposition", "alphabeta", "both"}, nil)
	colorFlag(cmd, &o.first, "first", "", "solve only with this player first (not given: with each player first)")
	enumFlag(cmd, &o.counting, "counting", "mgo", "the game solved: mgo (Mathematical Go), or japanese or chinese (real rules, the exact score)", []string{"mgo", "japanese", "chinese"}, nil)
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
	counting := map[string]rules.Counting{"mgo": rules.MathematicalGo, "japanese": rules.Japanese, "chinese": rules.Chinese}[o.counting]
	var results []*solve.Result
	for _, m := range methods {
		var r *solve.Result
		switch {
		case m == solve.Decomposition:
			aopts := o.analysis.options(stderr)
			aopts.WinnersOnly = counting == rules.MathematicalGo // solve reports the winners alone
			aopts.JapaneseOnly = counting == rules.Japanese      // no Chinese search to wait for
			rep, err := endgame.Analyze(pos, aopts)
			if err != nil {
				return fail(stderr, exitInput, "%s: %v", path, err)
			}
			if counting == rules.MathematicalGo {
				r = rep.Decide(first)
			} else {
				r = rep.DecideScore(counting, first)
			}
		case counting != rules.MathematicalGo:
			komi := review.KomiDyadic(pos.Komi)
			if r, err = solve.SolveRealGo(pos, counting, komi, solve.Options{First: first, MaxNodes: o.abNodes}); err != nil {
				// A position realgo does not take (a fragment, declared
				// stones, a large board): this method says why.
				r = &solve.Result{Method: solve.AlphaBeta, Counting: counting, BlackFirst: solve.Unknown, WhiteFirst: solve.Unknown, Reason: err.Error()}
				if first == board.Black {
					r.WhiteFirst = ""
				} else if first == board.White {
					r.BlackFirst = ""
				}
			}
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
		err = printSolve(out, js, pos.Komi.String())
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
