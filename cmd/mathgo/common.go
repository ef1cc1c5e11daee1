package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/mathgo/mathgo/assume"

	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/internal/table"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/review"
	"github.com/mathgo/mathgo/solve"
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
	boardNodes       int
	banStates        int
	// assume is --assume (analyze and review: registerAssume) and
	// assumer its source, parsed when the command runs (parseAssume).
	assume  string
	assumer endgame.Assumer
	// counting is --counting (analyze and play: registerCounting):
	// "japanese" searches the board under Japanese counting only.
	counting string
}

// register adds the analysis flags to cmd.
func (o *analysisOptions) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.BoolVar(&o.assumeSettled, "assume-settled", false, "deprecated (dead stones count as alive): treat every stone as immortal without a life-and-death proof (prints a warning); analyze --assume states its assumptions instead")
	f.BoolVar(&o.noSolver, "no-solver", false, "settle walls by declaration and Benson's algorithm only (no life-and-death search)")
	f.BoolVar(&o.noFormulas, "no-formulas", false, "value corridors and sockets by searching their game graphs instead of by closed forms (a cross-check; slow for long corridors)")
	f.IntVar(&o.maxPositions, "max-positions", endgame.DefaultMaxPositions, "budget: distinct tile positions searched before a tile is reported too large")
	renamedFlag(cmd, "max-nodes", "max-positions")
	f.IntVar(&o.maxTilePoints, "max-tile-points", 0, fmt.Sprintf("search no tile of more points (closed forms still value it); 0: %d; -1: no limit (a larger tile may spend the whole --max-positions budget)", endgame.TriageMaxOpenArea))
	f.IntVar(&o.solverNodes, "solver-nodes", endgame.DefaultSolverNodes, "life-and-death search budget per block")
	f.IntVar(&o.maxAreaPositions, "max-area-positions", endgame.DefaultMaxAreaPositions, "stop computing area games (Chinese counting) after this many tile positions")
	f.IntVar(&o.maxTotalGames, "max-total-games", endgame.DefaultMaxTotalGames, "reduce the totals to canonical form only while that adds at most this many games; past it the outcome and stops are found by search")
	f.IntVar(&o.searchNodes, "search-nodes", endgame.DefaultSearchNodes, "budget of each search over the tile values made when a canonical total is too large")
	f.IntVar(&o.boardNodes, "board-nodes", solve.DefaultBoardSearchNodes, "budget: nodes of each board search (tiles without a value played on the board under real rules); -1: no board search, such positions are only bounded (unless their only tiles without a value are tiles whose cycles shift the prisoners: exact play with the ko ban plays those)")
	f.IntVar(&o.banStates, "ban-states", solve.DefaultBanStates, "budget: states of exact play with the simple ko ban (Japanese and Chinese scores of a position with kos); past it, the kos are played on the board by the board search (--board-nodes), and bounded where it cannot prove them")
}

// registerCounting adds --counting to cmd (analyze, play): which real
// rules' scores the board search proves.
func (o *analysisOptions) registerCounting(cmd *cobra.Command) {
	enumFlag(cmd, &o.counting, "counting", "all", "the real-rules scores a board search proves (tiles without a value played on the board): all (Japanese and Chinese counting) or japanese (no Chinese board search: half the work, and no wait for a Chinese score past its budget)", []string{"all", "japanese"}, nil)
}

// registerAssume adds --assume to cmd; what says what the source's
// statuses are given to.
func (o *analysisOptions) registerAssume(cmd *cobra.Command, what string) {
	o.registerAssumeFor(cmd, what, "the result is conditional (every assumption listed, exit status 3)")
}

// registerAssumeFor is registerAssume with the sentence that says how the
// command marks a conditional result.
func (o *analysisOptions) registerAssumeFor(cmd *cobra.Command, what, result string) {
	cmd.Flags().StringVar(&o.assume, "assume", "", "when a position is not proven, assume "+what+" from SOURCE: life (mathgo's life search with answers allowed), gnugo (GNU Go's final_status_list) or gnugo:COMMAND; "+result)
}

// parseAssume parses --assume into the source (nil when not given); a
// bad source is a usage error (exit status 2), named with the command.
func (o *analysisOptions) parseAssume(cmd *cobra.Command) error {
	if o.assume == "" {
		return nil
	}
	src, err := assume.Parse(o.assume)
	if err != nil {
		return fail(cmd.ErrOrStderr(), exitUsage, "%s --assume: %v", cmd.Name(), err)
	}
	o.assumer = src
	return nil
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
		BoardSearchNodes: o.boardNodes,
		BanStates:        o.banStates,
		Progress:         progressPrinter(stderr),
		Assume:           o.assumer,
		JapaneseOnly:     o.counting == "japanese",
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
		err = recordNeeded(err, "--move needs a game record (an SGF with moves); without --move, analyze reads a diagram as a position")
		return nil, fail(cmd.ErrOrStderr(), exitInput, "%v", err)
	}
	r, err := endgame.Analyze(pos, o.options(cmd.ErrOrStderr()))
	if err != nil {
		return nil, fail(cmd.ErrOrStderr(), exitInput, "%s: %v", path, err)
	}
	return r, nil
}

// recordNeeded adds to err, when it says the file is not a game record
// (a diagram, say), what the command needed instead: need, as "--move
// needs a game record". Other errors are returned as they are.
func recordNeeded(err error, need string) error {
	var ne *position.NotGameRecordError
	if errors.As(err, &ne) {
		return fmt.Errorf("%w; %s", err, need)
	}
	return err
}

// progressTiming is when progressPrinter prints: once the work has run
// for first, then at most once every every. A test sets both to 0 to see
// every message at once, without waiting on the clock.
var progressTiming = struct{ first, every time.Duration }{time.Second, 2 * time.Second}

// progressPrinter reports long work on stderr: nothing in the first
// second, then a line at most every two seconds (progressTiming), each
// line within table.DefaultWidth columns (a long message shortened in its
// middle with "…").
func progressPrinter(w io.Writer) func(string) {
	start := time.Now()
	var last time.Time
	first, every := progressTiming.first, progressTiming.every
	return func(msg string) {
		now := time.Now()
		if now.Sub(start) < first || !last.IsZero() && now.Sub(last) < every {
			return
		}
		last = now
		const prefix = "mathgo: "
		suffix := fmt.Sprintf(" (%.0fs)", now.Sub(start).Seconds())
		msg = table.Elide(strings.Join(strings.Fields(msg), " "), table.DefaultWidth-len(prefix)-len(suffix))
		fmt.Fprintf(w, "%s%s%s\n", prefix, msg, suffix)
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
// Its tables fit in table.DefaultWidth columns, long cells shortened.
func newTable(w io.Writer, header ...string) *table.Table { return table.New(w, header...) }

// newWideTable is newTable with --wide: every cell whole when wide.
func newWideTable(wide bool, w io.Writer, header ...string) *table.Table {
	return table.New(w, header...).Wide(wide)
}

// fail reports an error on stderr and returns an exit status carrier so
// that the command ends with a non-zero status and no usage dump.
func fail(stderr io.Writer, code int, format string, args ...any) error {
	fmt.Fprintf(stderr, "mathgo: "+format+"\n", args...)
	return exitError{code}
}

// enumValue is a flag whose value is one of a fixed list of words: the
// one place where every enumerated flag of every command is validated
// (at parse time, so a bad value is a usage error naming the flag and
// the words it takes). Aliases map other spellings ("b", "center") to a
// word of the list; case is ignored.
type enumValue struct {
	v       *string
	allowed []string
	aliases map[string]string
}

// Set accepts one of the allowed words or an alias of one.
func (e *enumValue) Set(s string) error {
	w := strings.ToLower(strings.TrimSpace(s))
	if a, ok := e.aliases[w]; ok {
		w = a
	}
	for _, a := range e.allowed {
		if w == a {
			*e.v = w
			return nil
		}
	}
	return fmt.Errorf("must be one of %s", strings.Join(e.allowed, ", "))
}

// String returns the current word.
func (e *enumValue) String() string { return *e.v }

// Type names the value in --help: the words it takes, when few.
func (e *enumValue) Type() string {
	if len(e.allowed) <= 3 {
		return strings.Join(e.allowed, "|")
	}
	return "string"
}

// enumFlag registers a flag of cmd that takes one of the allowed words
// (def is the default, and may be "" for "not given").
func enumFlag(cmd *cobra.Command, p *string, name, def, usage string, allowed []string, aliases map[string]string) {
	*p = def
	cmd.Flags().Var(&enumValue{v: p, allowed: allowed, aliases: aliases}, name, usage)
}

// colors are the words of a flag that names a player; colorAliases its
// other spellings.
var (
	colors       = []string{"black", "white"}
	colorAliases = map[string]string{"b": "black", "w": "white", "left": "black", "l": "black", "right": "white", "r": "white"}
)

// colorFlag registers a flag of cmd that names a player (black or white).
func colorFlag(cmd *cobra.Command, p *string, name, def, usage string) {
	enumFlag(cmd, p, name, def, usage, colors, colorAliases)
}

func ptr[T any](v T) *T { return &v }
