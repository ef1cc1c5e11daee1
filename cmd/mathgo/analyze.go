package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/corridors"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/solve"
	"github.com/mathgo/mathgo/tiles"
	"github.com/spf13/cobra"
)

func init() { subcommands = append(subcommands, newAnalyzeCmd) }

// analyzeFlags are the options shared by commands that analyze a position.
type analyzeFlags struct {
	assumeSettled    bool
	noSolver         bool
	maxPositions     int
	solverNodes      int
	maxAreaPositions int
	noFormulas       bool
	maxTotalGames    int
}

func (f *analyzeFlags) register(cmd *cobra.Command) {
	cmd.Flags().BoolVar(&f.assumeSettled, "assume-settled", false, "treat every stone as immortal without a life-and-death proof (prints a warning)")
	cmd.Flags().BoolVar(&f.noSolver, "no-solver", false, "certify blocks by declaration and Benson's algorithm only (no life-and-death search)")
	cmd.Flags().IntVar(&f.maxPositions, "max-positions", 2_000_000, "search budget: distinct tile positions valued before giving up")
	cmd.Flags().IntVar(&f.solverNodes, "solver-nodes", 50_000, "life-and-death search budget per block")
	cmd.Flags().IntVar(&f.maxAreaPositions, "max-area-positions", 20_000, "stop computing area games (Chinese counting) after this many tile positions")
	cmd.Flags().IntVar(&f.maxTotalGames, "max-total-games", 30_000, "reduce the totals to canonical form only while that adds at most this many games; past it the outcome and stops are found by search")
	cmd.Flags().BoolVar(&f.noFormulas, "no-formulas", false, "value corridors and sockets by searching their game graphs instead of by closed forms (a cross-check; slow for long corridors)")
}

// progressPrinter reports long work on stderr, at most every few seconds,
// and only once the work has run for two seconds.
func progressPrinter(w io.Writer) func(string) {
	start := time.Now()
	last := start
	return func(msg string) {
		now := time.Now()
		if now.Sub(start) < 2*time.Second || now.Sub(last) < 2*time.Second {
			return
		}
		last = now
		fmt.Fprintf(w, "mathgo: %s (%.0fs)\n", msg, now.Sub(start).Seconds())
	}
}

// loadAndAnalyze reads a position file and analyzes it.
func loadAndAnalyze(cmd *cobra.Command, path string, f analyzeFlags) (*tiles.Analysis, error) {
	pos, err := readPosition(cmd, path)
	if err != nil {
		return nil, err
	}
	opts := tiles.Options{
		AssumeSettled:    f.assumeSettled,
		NoSolver:         f.noSolver,
		MaxPositions:     f.maxPositions,
		SolverNodes:      f.solverNodes,
		MaxAreaPositions: f.maxAreaPositions,
		MaxTotalGames:    f.maxTotalGames,
		Progress:         progressPrinter(cmd.ErrOrStderr()),
	}
	if !f.noFormulas {
		opts.Valuer = corridors.Value
	}
	return tiles.Analyze(pos, opts)
}

// labelCorridors names the corridor tiles of an analysis and merges the
// tiles of each socketed group into one socket game (corridors.Apply),
// reporting a formula that disagrees with the search as a problem.
func labelCorridors(a *tiles.Analysis) {
	_, msgs := corridors.Apply(a)
	for _, m := range msgs {
		a.Problems = append(a.Problems, "corridor formula check: "+m)
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

type jsonSize struct {
	Cols int `json:"cols"`
	Rows int `json:"rows"`
}

type jsonColors struct {
	Black int `json:"black"`
	White int `json:"white"`
}

type jsonCert struct {
	Block  string `json:"block"`
	Color  string `json:"color"`
	Status string `json:"status"`
	Source string `json:"source,omitempty"`
}

type jsonTile struct {
	ID          string     `json:"id"`
	Points      []string   `json:"points"`
	Kind        string     `json:"kind"`
	Count       *string    `json:"count"`
	Chilled     *string    `json:"chilled"`
	Mean        *string    `json:"mean"`
	Temperature *string    `json:"temperature"`
	Boundary    []jsonCert `json:"boundary"`
	Area        *string    `json:"area,omitempty"`
	WarmOK      *bool      `json:"warmOK,omitempty"`
	Corridor    *string    `json:"corridor,omitempty"`
	Cycle       []string   `json:"cycle,omitempty"`
	Error       *string    `json:"error,omitempty"`
}

type jsonTotal struct {
	Count       *string `json:"count"`
	Chilled     *string `json:"chilled"`
	LeftStop    *string `json:"leftStop"`
	RightStop   *string `json:"rightStop"`
	Mean        *string `json:"mean"`
	Temperature *string `json:"temperature"`
}

type jsonFirst struct {
	BlackFirst *string `json:"blackFirst"`
	WhiteFirst *string `json:"whiteFirst"`
}

type jsonOutcome struct {
	MGO      jsonFirst `json:"mgo"`
	Japanese jsonFirst `json:"japanese"`
	Chinese  jsonFirst `json:"chinese"`
}

type jsonAnalysis struct {
	Size      jsonSize    `json:"size"`
	Prisoners jsonColors  `json:"prisoners"`
	Tiles     []jsonTile  `json:"tiles"`
	Total     jsonTotal   `json:"total"`
	Outcome   jsonOutcome `json:"outcome"`
	Problems  []string    `json:"problems,omitempty"`
	Warnings  []string    `json:"warnings,omitempty"`
	Positions int         `json:"positions"`
	Seconds   float64     `json:"seconds"`
}

func gameStr(g cgt.Game) *string { return ptr(g.String()) }

// searchNodes bounds each sum search made when a canonical total is too
// large to build (--search-nodes).
var searchNodes = 2_000_000

// hasAreas reports whether every tile of a has an area game.
func hasAreas(a *tiles.Analysis) bool {
	_, ok := a.AreaValues()
	return ok
}

// maxPrint bounds the printed length of a canonical form in the analysis
// output (--max-print); longer forms are left out with a warning.
var maxPrint = 20_000

// limitedStr prints g unless its form is longer than maxPrint, in which
// case it returns nil and records a warning naming what was left out.
func limitedStr(g cgt.Game, what string, warnings *[]string) *string {
	s, ok := g.FormatLimit(false, maxPrint)
	if !ok {
		*warnings = append(*warnings, fmt.Sprintf("%s: canonical form left out (longer than %d characters when printed; --max-print raises the limit); its stops, mean and temperature are exact", what, maxPrint))
		return nil
	}
	return &s
}

// analysisJSON converts an analysis to the contract's JSON shape.
func analysisJSON(a *tiles.Analysis) jsonAnalysis {
	b := a.Board()
	out := jsonAnalysis{
		Size:      jsonSize{b.Cols(), b.Rows()},
		Prisoners: jsonColors{a.Prisoners[board.Black], a.Prisoners[board.White]},
		Tiles:     []jsonTile{},
		Problems:  a.Problems,
		Warnings:  slices.Clone(a.Warnings),
		Positions: a.Positions,
		Seconds:   a.Elapsed.Seconds(),
	}
	for _, t := range a.Tiles {
		jt := jsonTile{ID: t.ID, Kind: t.Kind, Boundary: []jsonCert{}, Cycle: t.Cycle}
		for _, p := range t.Points {
			jt.Points = append(jt.Points, b.Name(p))
		}
		for _, c := range t.Boundary {
			jt.Boundary = append(jt.Boundary, jsonCert{Block: b.Name(c.Block), Color: c.Color.String(), Status: c.Status, Source: c.Source})
		}
		if t.Err == nil {
			jt.Count = limitedStr(t.Count, "tile "+t.ID+" count", &out.Warnings)
			jt.Chilled = limitedStr(t.Chilled, "tile "+t.ID+" chilled", &out.Warnings)
			jt.Mean, jt.Temperature = ptr(t.Count.Mean().String()), ptr(t.Count.Temperature().String())
			if t.AreaOK {
				jt.Area = limitedStr(t.Area, "tile "+t.ID+" area", &out.Warnings)
			}
			jt.WarmOK = ptr(t.WarmOK)
			if t.Corridor != "" {
				jt.Corridor = ptr(t.Corridor)
			}
		} else {
			jt.Error = ptr(t.Err.Error())
		}
		out.Tiles = append(out.Tiles, jt)
	}
	u := ptr("unknown")
	switch {
	case !a.Complete:
		out.Outcome.MGO = jsonFirst{u, u}
	case a.CountOK && (a.AreaOK || !hasAreas(a)):
		c := a.Count
		out.Total = jsonTotal{limitedStr(c, "total count", &out.Warnings), limitedStr(a.Chilled, "total chilled", &out.Warnings), ptr(c.LeftStop().String()), ptr(c.RightStop().String()), ptr(c.Mean().String()), ptr(c.Temperature().String())}
		out.Outcome.MGO = jsonFirst{ptr(a.Winner(board.Black)), ptr(a.Winner(board.White))}
		jb, _ := a.Japanese(board.Black)
		jw, _ := a.Japanese(board.White)
		out.Outcome.Japanese = jsonFirst{ptr(jb.String()), ptr(jw.String())}
		if cb, ok := a.Chinese(board.Black); ok {
			cw, _ := a.Chinese(board.White)
			out.Outcome.Chinese = jsonFirst{ptr(cb.String()), ptr(cw.String())}
		}
	default:
		// A canonical total was too large to build: the outcome and the
		// stops come from a search over the tile values.
		counts, _ := a.CountValues()
		mean := cgt.DyadicInt(0)
		for _, g := range counts {
			mean = mean.Add(g.Mean())
		}
		out.Total.Mean = ptr(mean.String())
		if a.CountOK {
			out.Total.Count = limitedStr(a.Count, "total count", &out.Warnings)
			out.Total.Temperature = ptr(a.Count.Temperature().String())
		}
		if a.ChilledOK {
			out.Total.Chilled = limitedStr(a.Chilled, "total chilled", &out.Warnings)
		}
		st, err := solve.SearchTotals(a, searchNodes)
		if err != nil {
			out.Outcome.MGO = jsonFirst{u, u}
			out.Problems = append(out.Problems, "the totals could not be decided by search: "+err.Error())
			break
		}
		out.Total.LeftStop, out.Total.RightStop = ptr(st.Japanese[0].String()), ptr(st.Japanese[1].String())
		out.Outcome.MGO = jsonFirst{ptr(st.Winner[0]), ptr(st.Winner[1])}
		out.Outcome.Japanese = jsonFirst{ptr(st.Japanese[0].String()), ptr(st.Japanese[1].String())}
		if st.ChineseOK {
			out.Outcome.Chinese = jsonFirst{ptr(st.Chinese[0].String()), ptr(st.Chinese[1].String())}
		}
	}
	return out
}

// pointList shortens a long list of point names for a table cell.
func pointList(names []string) string {
	if len(names) <= 6 {
		return strings.Join(names, " ")
	}
	return strings.Join(names[:5], " ") + fmt.Sprintf(" … (%d points)", len(names))
}

// certSummary writes a tile's boundary certificates compactly.
func certSummary(certs []jsonCert) string {
	counts := map[string]int{}
	var order []string
	for _, c := range certs {
		if counts[c.Status] == 0 {
			order = append(order, c.Status)
		}
		counts[c.Status]++
	}
	var parts []string
	for _, s := range order {
		parts = append(parts, fmt.Sprintf("%d %s", counts[s], s))
	}
	return strings.Join(parts, ", ")
}

func orDash(s *string) string {
	if s == nil {
		return "-"
	}
	return *s
}

// printAnalysis writes the human-readable analysis.
func printAnalysis(w io.Writer, ja jsonAnalysis) error {
	t := newTable(w, "tile", "points", "kind", "count", "chilled", "mean", "temp", "boundary")
	for _, tl := range ja.Tiles {
		kind := tl.Kind
		if tl.Corridor != nil {
			kind += " (" + *tl.Corridor + ")"
		}
		t.row(tl.ID, pointList(tl.Points), kind, orDash(tl.Count), orDash(tl.Chilled), orDash(tl.Mean), orDash(tl.Temperature), certSummary(tl.Boundary))
	}
	if err := t.render(); err != nil {
		return err
	}
	fmt.Fprintf(w, "prisoners: black %d, white %d\n", ja.Prisoners.Black, ja.Prisoners.White)
	if ja.Total.LeftStop != nil {
		fmt.Fprintf(w, "total: count %s, chilled %s, stops %s / %s, mean %s, temperature %s\n",
			orDash(ja.Total.Count), orDash(ja.Total.Chilled), *ja.Total.LeftStop, *ja.Total.RightStop, orDash(ja.Total.Mean), orDash(ja.Total.Temperature))
		o := ja.Outcome
		fmt.Fprintf(w, "Mathematical Go: %s wins with Black first, %s wins with White first\n", *o.MGO.BlackFirst, *o.MGO.WhiteFirst)
		fmt.Fprintf(w, "Japanese (territory + prisoners, Black minus White): %s with Black first, %s with White first\n", *o.Japanese.BlackFirst, *o.Japanese.WhiteFirst)
		if o.Chinese.BlackFirst != nil {
			fmt.Fprintf(w, "Chinese (area of the playing area): %s with Black first, %s with White first\n", *o.Chinese.BlackFirst, *o.Chinese.WhiteFirst)
		}
	}
	for _, s := range ja.Warnings {
		fmt.Fprintf(w, "warning: %s\n", s)
	}
	for _, s := range ja.Problems {
		fmt.Fprintf(w, "problem: %s\n", s)
	}
	return nil
}

func newAnalyzeCmd() *cobra.Command {
	var asJSON bool
	var f analyzeFlags
	cmd := &cobra.Command{
		Use:   "analyze FILE",
		Short: "Cut a position into tiles, prove their walls settled, and value them exactly",
		Long: `Analyze a Go endgame position (a diagram or an SGF file; "-" reads standard input).

mathgo decides which blocks are immortal (declared with # or @ in a diagram or SQ in SGF,
stones touching an open side of a partial diagram, Benson pass-alive blocks, and blocks the
life-and-death solver proves alive against any attack), cuts the rest of the board into
tiles, and values each tile by its game graph under Mathematical Go rules.

For each tile it prints the count (the exact value under Japanese counting, Black positive),
the chilled value (what Berlekamp and Wolfe play to get the last point), mean, temperature,
and the certificates of the blocks around it. Then the total, and the outcome with each
player first under Mathematical Go (who makes the last move), Japanese counting (territory
plus prisoners) and Chinese counting (area of the playing area).

Corridors and socketed groups are valued by Wolfe's closed forms (--no-formulas searches
them instead), and tiles of the same shape are valued once. When the canonical form of a
total is too large to build (--max-total-games), the outcome and the stops are found by a
search over the tile values instead, and the total's canonical form is left out.

A position mathgo cannot certify (an unsettled boundary, a ko tile, a tile too large for the
budget) still gets its table, with the reason, and a non-zero exit status (3).`,
		Example: `  mathgo analyze testdata/positions/berlekamp-problem.txt
  mathgo analyze testdata/corridors/figure-5.2.txt
  mathgo analyze --json game.sgf
  cat position.txt | mathgo analyze -`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			a, err := loadAndAnalyze(cmd, args[0], f)
			if err != nil {
				return fail(cmd.ErrOrStderr(), 1, "%v", err)
			}
			labelCorridors(a)
			ja := analysisJSON(a)
			out := cmd.OutOrStdout()
			if asJSON {
				err = writeJSON(out, ja)
			} else {
				err = printAnalysis(out, ja)
			}
			if err != nil {
				return err
			}
			if len(a.Problems) > 0 {
				if asJSON {
					for _, p := range a.Problems {
						fmt.Fprintf(cmd.ErrOrStderr(), "mathgo analyze: %s\n", p)
					}
				}
				return exitError{3}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the analysis as one JSON document (see the README)")
	cmd.Flags().IntVar(&searchNodes, "search-nodes", searchNodes, "budget of each sum search made when a canonical total is too large")
	cmd.Flags().IntVar(&maxPrint, "max-print", maxPrint, "leave out canonical forms longer than this many characters (0: print everything)")
	f.register(cmd)
	return cmd
}
