package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/internal/table"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/review"
	"github.com/spf13/cobra"
)

// reviewOptions are the flags of `mathgo review`.
type reviewOptions struct {
	analysis   analysisOptions
	asJSON     bool
	output     string
	first      int
	last       int
	maxRefused int
	retries    int
	mistakes   int
	wide       bool
}

// newReviewCmd builds `mathgo review GAME.sgf`.
func newReviewCmd() *cobra.Command {
	o := &reviewOptions{}
	cmd := &cobra.Command{
		Use:   "review GAME.sgf",
		Short: "Review a game's endgame move by move: the optimal moves and the points each move lost",
		Long: fmt.Sprintf(`Review the end of a game record (SGF; "-" reads standard input) with mathgo's exact analysis.

Going back from the last move, mathgo analyzes each position of the main line (each one
once) until --max-refused positions in a row cannot be analyzed exactly; the review starts
at the move after the earliest exact position (--from-move sets it). For every move from there
to the end it prints the optimal moves (every move that keeps the mover's best score; "pass"
when passing does), the move played, and the points it lost: the mover's best score before
the move minus his best score after it, with a note where the reason is plain ("fills own
territory", "dead stone in the opponent's territory", "passed too early"). Scores are
counted the way the record's rules (RU) say: Japanese counting (territory and prisoners)
by default, Chinese counting (area) for Chinese, AGA, New Zealand and Ing rules; the
results printed include the record's komi.

A position mathgo cannot analyze exactly (a ko, a group whose life it cannot prove, a
budget) is listed with the reason and gets no loss: a loss is never guessed. Each position's
analysis has node budgets, smaller than analyze's by default so that such positions are
refused quickly; a position they leave unproven is analyzed again with analyze's budgets
(--solver-nodes %d --max-positions %d, or yours where larger), until --retries of these
second analyses in a row have failed, so that the review reaches back as far as analyze
proves (after a position proven that way, the one before it goes straight to analyze's
budgets). Raise the budgets with the analysis flags; --retries 0 turns the second analyses
off.

--sgf writes the record back with the review in it, for any SGF viewer: a summary on the root,
BM (bad move) on each move that lost a point or more and DO (doubtful) on smaller losses,
a comment with the loss and the optimal moves, and the best move as a variation.

--assume SOURCE reviews further back where proof does not reach: the statuses SOURCE gives
the blocks at the end of the game (GNU Go's final_status_list, or mathgo's life search) are
carried back to every position (a block still on the board at the end takes its status
there), and a position that is not proven is analyzed under them, as 'analyze --assume'
does. A fill of one's own that the record makes near the end where a block needs it (short
of liberties without it) is taken as a point filled before counting in the positions before
it, and the fill is valued as a pass there, noted "teire (needed fill)". A move played in a
territory whose wall is assumed alive (the wall lives without answering there, so a threat
against it looks wasted) is judged together with the opponent's next move when that move is
played in a territory of the same wall: the answer is taken as needed, the threat loses what
the exchange costs its player, and the two are noted "threat, answered" and "answer taken
as needed"; such a move in the opponent's territory that the next move leaves unanswered is
valued as the analysis values it (the wall lived without answering, as assumed), noted "in
the opponent's territory, not answered". The moves whose numbers rest on assumptions are marked "(cond.)": exact if the
assumptions hold, never proven.

Exit status 0 means every move of the range was reviewed exactly, on no assumption; 3 that
some were not, or rest on assumptions (the output says why); 1 an unreadable record; 2 bad
flags.`, endgame.DefaultSolverNodes, endgame.DefaultMaxPositions),
		Example: `  mathgo review testdata/review/gote2.sgf
  mathgo review testdata/review/gote2.sgf --from-move 3 --json
  mathgo review testdata/review/gote2.sgf --sgf gote2-reviewed.sgf`,
		Args: args(1, 1, "the game record (GAME.sgf, or - for standard input)"),
		RunE: func(cmd *cobra.Command, argv []string) error { return runReview(cmd, o, argv[0]) },
	}
	f := cmd.Flags()
	f.BoolVar(&o.asJSON, "json", false, "print the review as one JSON document (see docs/json-contract.md)")
	f.StringVar(&o.output, "sgf", "", "write the record with the review in it to `FILE` (SGF)")
	renamedFlagP(cmd, "output", "o", "sgf")
	f.IntVar(&o.first, "from-move", 0, "first move to review (0: the move after the earliest position near the end that can be analyzed exactly)")
	renamedFlag(cmd, "first", "from-move")
	f.IntVar(&o.last, "to-move", 0, "last move to review (0: the end of the game)")
	renamedFlag(cmd, "last", "to-move")
	f.IntVar(&o.maxRefused, "max-refused", review.DefaultMaxRefused, "looking back from the end for the first move to review, stop after this many positions in a row that cannot be analyzed exactly")
	f.IntVar(&o.retries, "retries", review.DefaultRetries, "analyze a position the review's budgets leave unproven again with analyze's (larger) budgets, until this many such second analyses in a row fail (0: never)")
	f.IntVar(&o.mistakes, "mistakes", review.DefaultMistakes, "number of biggest mistakes listed per player")
	f.BoolVar(&o.wide, "wide", false, "print every cell whole (long lists of optimal moves and reasons)")
	o.analysis.registerAssume(cmd, "the statuses the source gives the blocks at the end of the game, carried back to each position reviewed")
	o.analysis.register(cmd)
	// A review analyzes many positions: smaller budgets by default.
	setIntDefault(cmd, &o.analysis.solverNodes, "solver-nodes", review.DefaultSolverNodes)
	setIntDefault(cmd, &o.analysis.maxPositions, "max-positions", review.DefaultMaxPositions)
	setIntDefault(cmd, &o.analysis.boardNodes, "board-nodes", review.DefaultBoardSearchNodes)
	return cmd
}

// retriesOption turns --retries into review.Options.Retries (whose zero
// is the default, and a negative number none).
func retriesOption(n int) int {
	if n == 0 {
		return -1
	}
	return n
}

// retried says how many positions were analyzed a second time, with
// larger budgets (review.Options.Retries), and how many of those were
// exact; empty when none was.
func retried(res *review.Result) string {
	if res.Retried == 0 {
		return ""
	}
	return fmt.Sprintf("; %d analyzed with analyze's larger budgets, %d of them exactly", res.Retried, res.Rescued)
}

// setIntDefault changes the default of an int flag already registered
// (its value and the default its help shows).
func setIntDefault(cmd *cobra.Command, v *int, name string, def int) {
	*v = def
	if fl := cmd.Flags().Lookup(name); fl != nil {
		fl.DefValue = strconv.Itoa(def)
	}
}

// runReview reviews one game record and prints the review.
func runReview(cmd *cobra.Command, o *reviewOptions, path string) error {
	stderr := cmd.ErrOrStderr()
	for _, fl := range []struct {
		name string
		v    int
	}{{"from-move", o.first}, {"to-move", o.last}, {"max-refused", o.maxRefused}, {"retries", o.retries}, {"mistakes", o.mistakes}} {
		if fl.v < 0 {
			return usageError{cmd, fmt.Sprintf("--%s must not be negative, not %d", fl.name, fl.v)}
		}
	}
	if o.first > 0 && o.last > 0 && o.first > o.last {
		return usageError{cmd, fmt.Sprintf("--from-move (%d) is after --to-move (%d)", o.first, o.last)}
	}
	if err := o.analysis.parseAssume(cmd); err != nil {
		return err
	}
	g, err := readGame(cmd, path)
	if err != nil {
		err = recordNeeded(err, "review needs a game record (an SGF with moves); 'mathgo analyze FILE' analyzes a position")
		return fail(stderr, exitInput, "%v", err)
	}
	if o.first > len(g.Moves) || o.last > len(g.Moves) {
		return fail(stderr, exitInput, "%s: the main line has %d moves (--from-move %d, --to-move %d)", g.Name, len(g.Moves), o.first, o.last)
	}
	opts := review.Options{
		Analysis:   o.analysis.options(stderr),
		First:      o.first,
		Last:       o.last,
		MaxRefused: o.maxRefused,
		Retries:    retriesOption(o.retries),
		Mistakes:   o.mistakes,
		Progress:   progressPrinter(stderr),
	}
	opts.Analysis.Progress = nil
	res, err := review.Review(g, opts)
	if err != nil {
		return fail(stderr, exitInput, "%v", err)
	}
	if o.output != "" {
		data, err := res.Annotated()
		if err == nil {
			err = os.WriteFile(o.output, data, 0o644)
		}
		if err != nil {
			return fail(stderr, exitInput, "review: writing the annotated record: %v", err)
		}
	}
	out := cmd.OutOrStdout()
	if o.asJSON {
		err = writeJSON(out, res.JSON())
	} else {
		err = writeReviewText(out, res, o.wide)
	}
	if err != nil {
		return err
	}
	if o.output != "" && !o.asJSON {
		fmt.Fprintf(out, "wrote %s\n", o.output)
	}
	for _, p := range res.Inconsistencies {
		fmt.Fprintf(stderr, "mathgo review: inconsistent analysis (a bug; please report it): %s\n", p)
	}
	if !res.Complete() {
		return exitError{exitUnproven}
	}
	return nil
}

// readGame reads a game record ("-" for standard input).
func readGame(cmd *cobra.Command, path string) (*position.Game, error) {
	if path == "-" {
		data, err := io.ReadAll(cmd.InOrStdin())
		if err != nil {
			return nil, err
		}
		return position.ParseGame("<stdin>", data)
	}
	return position.ReadGame(path)
}

// Widths of the review table's long cells unless --wide.
const (
	reviewBestWidth   = 40
	reviewReasonWidth = 160
)

// writeReviewText prints the review as tables: the moves, the players,
// and the reasons for the moves not reviewed exactly.
func writeReviewText(w io.Writer, res *review.Result, wide bool) error {
	g := res.Game
	komi := "komi " + res.Komi.String()
	if !res.KomiKnown {
		komi = "no komi given (0)"
	}
	headWidth := table.DefaultWidth
	if wide {
		headWidth = 0
	}
	_ = table.WriteWrapped(w, "", fmt.Sprintf("%s: %dx%d, %s, %s", g.Name, g.Cols, g.Rows, res.Scoring.Words(), komi), headWidth)
	elide := func(s string, n int) string {
		if wide {
			return s
		}
		return table.Elide(s, n)
	}
	cut := func(s string, n int) string {
		if r := []rune(s); !wide && len(r) > n {
			return string(r[:n-1]) + "…"
		}
		return s
	}
	if res.First == 0 {
		width := table.DefaultWidth
		if wide {
			width = 0
		}
		_ = table.WriteWrapped(w, "", fmt.Sprintf("%s (%d analyzed%s): nothing reviewed", res.NothingReviewed(), res.Analyzed, retried(res)), width)
	} else {
		width := table.DefaultWidth
		if wide {
			width = 0
		}
		_ = table.WriteWrapped(w, "", fmt.Sprintf("moves %d to %d reviewed; %d positions analyzed, %d exactly%s", res.First, res.Last, res.Analyzed, res.Exact, retried(res)), width)
		if c := res.Black.Conditional + res.White.Conditional; c > 0 {
			_ = table.WriteWrapped(w, "", fmt.Sprintf("CONDITIONAL: %d of the moves rest on the statuses assumed from %s, not on proof (marked (cond.))", c, res.Assumed), width)
		}
		fmt.Fprintln(w)
		t := newWideTable(wide, w, "n", "player", "move", "best", "lost", "before", "after")
		for _, m := range res.Moves {
			best, lost, before, after := "?", "?", "?", "?"
			if m.BestKnown {
				best = elide(strings.Join(m.BestList(), " "), reviewBestWidth)
			}
			if m.Exact {
				lost = m.Lost.String()
				if m.Note != "" {
					lost += " (" + m.Note + ")"
				}
				if m.Conditional {
					lost += " (cond.)"
				}
			}
			if m.BeforeKnown {
				before = review.FormatScore(m.Before.Sub(review.KomiDyadic(res.Komi)))
			}
			if m.AfterKnown {
				after = review.FormatScore(m.After.Sub(review.KomiDyadic(res.Komi)))
			}
			t.Row(m.N, m.Color, m.Name, best, lost, before, after)
		}
		if err := t.Render(); err != nil {
			return err
		}
		t = newWideTable(wide, w, "player", "lost", "moves", "exact", "optimal", "biggest mistakes")
		for _, p := range []review.Player{res.Black, res.White} {
			var ms []string
			for _, n := range p.Mistakes {
				m := res.Move(n)
				ms = append(ms, fmt.Sprintf("%d %s -%s", n, m.Name, m.Lost))
			}
			exact := fmt.Sprint(p.Exact)
			if p.Conditional > 0 {
				exact += fmt.Sprintf(" (%d cond.)", p.Conditional)
			}
			t.Row(p.Color, p.Lost, p.Moves, exact, p.Optimal, strings.Join(ms, ", "))
		}
		if err := t.Render(); err != nil {
			return err
		}
	}
	lineWidth := table.DefaultWidth
	if wide {
		lineWidth = 0
	}
	if res.Reason != "" {
		_ = table.WriteWrapped(w, "not reviewed further back: ", cut(res.Reason, reviewReasonWidth), lineWidth)
	}
	if res.EndOK {
		_ = table.WriteWrapped(w, fmt.Sprintf("after move %d (not exact), ", res.EndMove), res.End.JSON().Text(res.Komi.String()), lineWidth)
	}
	fmt.Fprintln(w, "best: every optimal move; lost: points lost by the move; before, after: the result with best play")
	fmt.Fprintln(w, "before the move (the mover to move) and after it (the opponent to move), komi included; ?: not exact")
	if slices.ContainsFunc(res.Moves, func(m review.Move) bool { return len(m.Undecided) > 0 }) {
		_ = table.WriteWrapped(w, "", "a best move marked ? may be optimal too: exact play with the ko ban only bounds the score after it, and the bounds hold the best score", lineWidth)
	}
	if res.Conditional() {
		_ = table.WriteWrapped(w, "", fmt.Sprintf("(cond.): CONDITIONAL, exact if the statuses assumed from %s hold; not proven", res.Assumed), lineWidth)
	}
	for _, m := range res.Moves {
		if m.Reason != "" {
			_ = table.WriteWrapped(w, fmt.Sprintf("move %d: ", m.N), cut(m.Reason, reviewReasonWidth), lineWidth)
		}
	}
	return nil
}
