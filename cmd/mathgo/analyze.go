package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mathgo/mathgo/compose"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/internal/table"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/review"
	"github.com/spf13/cobra"
)

// analyzeOptions are the flags of `mathgo analyze`.
type analyzeOptions struct {
	analysis   analysisOptions
	asJSON     bool
	wide       bool
	unicode    bool
	maxPrint   int
	move       int
	difficulty bool
}

// noMove is --move's value when the flag is absent.
const noMove = -2

// moveValue is analyze's --move: a move number (0 the start), or "end"
// (-1) for the last move. Not given, it is noMove, which --help does not
// show as a number.
type moveValue struct{ n *int }

// Set reads a move number or "end".
func (m moveValue) Set(s string) error {
	if strings.EqualFold(strings.TrimSpace(s), "end") {
		*m.n = -1
		return nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < -1 {
		return fmt.Errorf("want a move number (0: the start) or end")
	}
	*m.n = n
	return nil
}

// String prints the move, "end", or nothing when not given.
func (m moveValue) String() string {
	switch *m.n {
	case noMove:
		return ""
	case -1:
		return "end"
	}
	return strconv.Itoa(*m.n)
}

// Type names the value in --help.
func (m moveValue) Type() string { return "N|end" }

func newAnalyzeCmd() *cobra.Command {
	o := &analyzeOptions{}
	cmd := &cobra.Command{
		Use:   "analyze FILE",
		Short: "Cut a position into tiles, prove their walls settled, and value them exactly",
		Long: `Analyze a Go endgame position (a diagram or an SGF file; "-" reads standard input).

mathgo decides which blocks are walls that can be treated as immortal (declared with # or @
in a diagram or SQ in SGF, stones touching an open side of a partial diagram, Benson
pass-alive blocks, and blocks the life-and-death solver proves alive), cuts the rest of
the board into tiles, and values each tile by its game graph under Mathematical Go rules.

For each tile it prints the count (the exact value under Japanese counting, Black
positive), the chilled value (what Berlekamp and Wolfe play to get the last point), mean,
temperature, and the certificates of the walls around it. Then the total, and the outcome
with each player first under Mathematical Go (who makes the last move), Japanese counting
(territory plus prisoners) and Chinese counting (area of the playing area). docs/analysis.md
("Reading the output") explains the notation.

Corridors and socketed groups are valued by Wolfe's closed forms (--no-formulas searches
them instead), and tiles of the same shape are valued once. When the canonical form of a
total is too large to build (--max-total-games), the outcome and the stops are found by a
search over the tile values instead, and the total's canonical form is left out.

An enclosed area the tile search cannot value (a real game's territory of a dozen points or
more, or one where an invader can be captured and play again) is counted as territory
when the walls around it are proven to live while answering every invasion inside it,
so that no invader lives there. That proof's budget is --solver-nodes per wall block (at
most ten blocks, or three when the walls are pass-alive and only the area is searched),
three times that for an area inside pass-alive walls that is empty or holds only stones
in atari (when every unvalued area could be claimed, so that the position can become
exact): a larger --solver-nodes proves larger areas, at a cost (a 15-point corner can take 300,000
nodes, some seconds). Areas of more than 24 empty points are tried only inside
pass-alive walls and when narrow (at most 8 of their empty points touch none of the walls'
stones), up to 40.

A game record (an SGF with moves and a komi, rules or result) is analyzed at its end, or
after move N with --move N, with the prisoners taken so far, and the result is also given
with the record's komi in its rules' counting ("B+3.5"). When the position is only bounded,
that line gives the lowest and highest result and says who wins whenever the bounds agree
("White wins whoever moves first (the bounds decide the winner, not the margin)").

The output fits in 100 columns: long cells are shortened with "…" (--wide prints
them whole; --json has everything). --unicode prints canonical forms with ↑ ↓ ⋆ ± as
eval --unicode does (loopy values, and --json, keep CGSuite's ASCII).

--counting japanese proves only the Japanese scores where tiles are played on the board
(no Chinese board search): half the work, and no wait for a Chinese score the budget does
not reach (Spight's problem, testdata/positions/forum/spight-2011.txt: exact in 7 to 11 s
on 2 cores; every score, the Chinese with White first too, takes --board-nodes 10000000,
about a minute).

Exit status 0 means every number printed is proven. A position mathgo cannot certify (an
unsettled wall, a ko tile, a tile too large for the budget) still gets its table, with
the reason under "problem:", and exit status 3.`,
		Example: `  mathgo analyze testdata/problems/five-tiles.txt
  mathgo analyze testdata/positions/berlekamp-problem.txt --wide
  mathgo analyze testdata/problems/five-tiles.txt --unicode
  mathgo analyze testdata/corridors/figure-5.2.txt --json
  mathgo analyze testdata/review/gote2.sgf --move 2
  mathgo analyze testdata/games/g09-l10-s45-cad.sgf
  mathgo analyze testdata/search/set/01-6x6.txt --counting japanese
  cat testdata/problems/five-tiles.txt | mathgo analyze -`,
		Args: args(1, 1, "the position file (FILE, or - for standard input)"),
		RunE: func(cmd *cobra.Command, argv []string) error { return runAnalyze(cmd, o, argv[0]) },
	}
	cmd.Flags().BoolVar(&o.asJSON, "json", false, "print the analysis as one JSON document (see docs/json-contract.md)")
	cmd.Flags().BoolVar(&o.wide, "wide", false, "print every cell whole (long point lists, labels and canonical forms)")
	cmd.Flags().BoolVar(&o.unicode, "unicode", false, "print ↑ ↓ ⋆ ± instead of ^ v * +- in the text (--json keeps CGSuite's ASCII)")
	cmd.Flags().IntVar(&o.maxPrint, "max-print", endgame.DefaultMaxPrint, "leave out canonical forms longer than this many characters (0: print everything)")
	o.move = noMove
	cmd.Flags().Var(moveValue{&o.move}, "move", "for a game record (SGF): analyze the position after move N of the main line (0: the start; end or -1: the end), with the record's komi, captures and rules; not given: a game record with komi, rules or a result at its end, any other file as a position")
	o.analysis.registerAssume(cmd, "the statuses of the blocks that are not settled (the areas they enclose, and the points of a tile still without a value far from the other colour, as territory)")
	o.analysis.registerCounting(cmd)
	cmd.Flags().BoolVar(&o.difficulty, "difficulty", false, "also measure how hard the position is to play right (forced choices, balance, disguise, trap rate; see compose)")
	o.analysis.register(cmd)
	return cmd
}

// analyzeJSON is analyze --json: review.AnalysisJSON (the report, plus
// for a game record its komi, rules and result with komi) and, with
// --difficulty, the problem's difficulty metrics.
type analyzeJSON struct {
	review.AnalysisJSON
	Difficulty *compose.Metrics `json:"difficulty,omitempty"`
}

// isGameRecord reports whether path is an SGF file (by its name) holding
// a game record: moves, and a komi, rules or result (KM, RU, RE). analyze
// reads it as the game's end with its komi and rules (as --move -1); a
// problem (setup stones, perhaps a solution line, no komi, rules or
// result), or a file it cannot read, is left to the position reader,
// which gives the same board.
func isGameRecord(path string) bool {
	if path == "-" || !strings.EqualFold(filepath.Ext(path), ".sgf") {
		return false
	}
	g, err := position.ReadGame(path)
	return err == nil && len(g.Moves) > 0 && (g.KomiKnown || g.Rules != "" || g.Result != "")
}

// runAnalyze analyzes one file and prints the report.
func runAnalyze(cmd *cobra.Command, o *analyzeOptions, path string) error {
	var r *endgame.Report
	var err error
	if err := o.analysis.parseAssume(cmd); err != nil {
		return err
	}
	move := o.move
	if move == noMove && isGameRecord(path) {
		move = -1 // a game record's end, with its komi and rules
	}
	if move == noMove {
		r, err = o.analysis.analyzeFile(cmd, path)
	} else {
		r, err = o.analysis.analyzeGameMove(cmd, path, move)
	}
	if err != nil {
		return err
	}
	j := analyzeJSON{AnalysisJSON: review.AnalysisJSONOf(r, move != noMove, o.maxPrint)}
	if o.unicode && !o.asJSON {
		j.JSON = r.UnicodeJSON(o.maxPrint) // the text only: the JSON contract is ASCII
	}
	if o.difficulty {
		m, err := compose.Difficulty(r)
		if err != nil {
			return fail(cmd.ErrOrStderr(), exitUnproven, "analyze --difficulty: %s: %v", path, err)
		}
		j.Difficulty = &m
	}
	out := cmd.OutOrStdout()
	if o.asJSON {
		err = writeJSON(out, j)
	} else {
		err = j.writeText(out, o.wide)
	}
	if err != nil {
		return err
	}
	if r.Conditional() {
		fmt.Fprintf(cmd.ErrOrStderr(), "mathgo analyze: the result is conditional: it rests on %d assumed %s, not on proof\n", len(r.Assumptions), map[bool]string{true: "status", false: "statuses"}[len(r.Assumptions) == 1])
	}
	if !r.Proven() {
		if o.asJSON {
			for _, p := range r.Problems {
				fmt.Fprintf(cmd.ErrOrStderr(), "mathgo analyze: %s\n", p)
			}
		}
		return exitError{exitUnproven}
	}
	return nil
}

// writeText writes the analysis as analyze prints it without --json:
// the report's table and lines (endgame.JSON.WriteText), then a game
// record's result with komi (or its bounds) and the difficulty. Every
// line the JSON has a value for is printed (TestAnalyzeTextSaysAll).
func (j analyzeJSON) writeText(out io.Writer, wide bool) error {
	err := j.WriteText(out, endgame.TextOptions{Wide: wide})
	komi := "0"
	if j.Komi != nil {
		komi = *j.Komi
	}
	width := table.DefaultWidth
	if wide {
		width = 0
	}
	// A game record's result with komi, after the move analyzed (the
	// words review uses).
	lead := ""
	if j.Move != nil {
		lead = fmt.Sprintf("after move %d, ", *j.Move)
	}
	if err == nil && j.Result != nil {
		err = table.WriteWrapped(out, lead, fmt.Sprintf("result with komi %s (%s counting, the whole board): %s with Black first, %s with White first", komi, j.Result.Scoring, j.Result.BlackFirst, j.Result.WhiteFirst), width)
	}
	if err == nil && j.Range != nil {
		err = table.WriteWrapped(out, lead, j.Range.Text(komi), width)
	}
	if err == nil && j.Difficulty != nil {
		d := j.Difficulty
		err = table.WriteWrapped(out, "difficulty: ", fmt.Sprintf("%s to play, %s wins; %.2f bits of forced choice over %d plies (%d where the winner moves, %d with one winning move), balance %.2f, disguise %d, trap rate %.2f, hotstrat loses: %v",
			d.First, d.Winner, d.ForcedBits, d.Plies, d.WinnerPlies, d.UniquePlies, d.Balance, d.Disguise, d.TrapRate, d.HotstratLoses), width)
		if err == nil && len(d.FirstWinning) > 0 {
			err = table.WriteWrapped(out, "            ", "winning first moves: "+strings.Join(d.FirstWinning, " "), width)
		}
		if err == nil && len(d.Traps) > 0 {
			traps := make([]string, len(d.Traps))
			for i, tr := range d.Traps {
				traps[i] = fmt.Sprintf("ply %d %s %s", tr.Ply, tr.Heuristic, tr.Move)
			}
			err = table.WriteWrapped(out, "            ", "traps (a heuristic's losing move): "+strings.Join(traps, ", "), width)
		}
	}
	return err
}
