package main

import (
	"fmt"
	"runtime"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/library"
	"github.com/spf13/cobra"
)

// libraryBuildOptions are the flags of `mathgo library build`.
type libraryBuildOptions struct {
	maxArea int
	db      string
	workers int
	asJSON  bool
}

// libraryQueryOptions are the flags of `mathgo library query`.
type libraryQueryOptions struct {
	db          string
	chilled     string
	temperature string
	area        int
	orientation string
	class       string
	negativeOf  string
	disguise    string
	liveable    bool
	limit       int
	asJSON      bool
}

// newLibraryCmd builds `mathgo library` with its subcommands build and
// query.
func newLibraryCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "library",
		Short: "Build and query a library of tiles (every small playing area, valued exactly)",
		Long: `The tile library holds every playing area of 1..N points (connected shapes on the grid) in
every orientation (centre, edge, corner), with every assignment of immortal walls around it and
every placement of mortal stones inside, up to the symmetries of the board and the colour swap,
each valued exactly by the analysis pipeline. It is an SQLite database file.

Tiles are named by a key: an orientation letter (c centre, e edge with the top row on the
board's edge, k corner with the top row and left column on the edges), a colon, and the rows
of the playing area, each point its class by the walls it touches (B Black's only, W White's
only, S both, E none) or, holding a mortal stone, b (White stone on B), w (Black stone on W),
x/o (Black/White stone on E); '.' is outside the area. Walls that give every point the same
class are the same tile (Rappaport's "non-impacting immortal stone placements").`,
	}
	cmd.AddCommand(newLibraryBuildCmd(), newLibraryQueryCmd())
	return cmd
}

func newLibraryBuildCmd() *cobra.Command {
	o := &libraryBuildOptions{}
	cmd := &cobra.Command{
		Use:   "build --max-area N --db PATH",
		Short: "Enumerate and value every tile of up to N points into a new library",
		Long: `Enumerate and value every tile of up to N points into a new library.

A library of area 5 takes seconds on two cores; area 6 (the one testdata/composed's problems
came from) a few minutes, and each point more many times longer. --json prints the counts per
area and orientation.`,
		Example: `  mathgo library build --max-area 5 --db tiles.db
  mathgo library build --max-area 4 --db tiles4.db --json`,
		Args: args(0, 0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runLibraryBuild(cmd, o) },
	}
	f := cmd.Flags()
	f.IntVar(&o.maxArea, "max-area", 4, fmt.Sprintf("largest playing area, in points (1..%d)", library.MaxArea))
	f.StringVar(&o.db, "db", "", "the library file to create (replaced if it exists)")
	f.IntVar(&o.workers, "workers", runtime.NumCPU(), "goroutines enumerating and valuing (the result does not depend on it)")
	f.BoolVar(&o.asJSON, "json", false, "print the counts per area and orientation as JSON")
	return cmd
}

func runLibraryBuild(cmd *cobra.Command, o *libraryBuildOptions) error {
	if o.db == "" {
		return usageError{cmd, "--db PATH is required"}
	}
	if o.maxArea < 1 || o.maxArea > library.MaxArea {
		return usageError{cmd, fmt.Sprintf("--max-area must be 1..%d, not %d", library.MaxArea, o.maxArea)}
	}
	if o.workers < 1 {
		return usageError{cmd, fmt.Sprintf("--workers must be at least 1, not %d", o.workers)}
	}
	stderr := cmd.ErrOrStderr()
	stats, err := library.Build(o.db, library.BuildOptions{
		MaxArea:  o.maxArea,
		Workers:  o.workers,
		Analysis: library.Analysis,
		Progress: func(msg string) { fmt.Fprintf(stderr, "mathgo library: %s\n", msg) },
	})
	if err != nil {
		return fail(stderr, exitInput, "%v", err)
	}
	db, err := library.Open(o.db)
	if err != nil {
		return fail(stderr, exitInput, "%v", err)
	}
	defer db.Close()
	counts, err := db.Counts()
	if err != nil {
		return fail(stderr, exitInput, "%v", err)
	}
	out := cmd.OutOrStdout()
	if o.asJSON {
		return writeJSON(out, map[string]any{"db": o.db, "maxArea": o.maxArea, "enumeration": statsJSON(stats), "tiles": counts})
	}
	t := newTable(out, "area", "orientation", "placements", "colourings", "tiles", "liveable", "settled", "ko", "games")
	for i, c := range counts {
		st := stats[i]
		t.Row(fmt.Sprint(c.Area), c.Orientation, fmt.Sprint(st.Placements), fmt.Sprint(st.Colourings), fmt.Sprint(c.Tiles),
			fmt.Sprint(c.Liveable), fmt.Sprint(c.Settled), fmt.Sprint(c.Ko), fmt.Sprint(c.Games))
	}
	return t.Render()
}

// statsJSON renders the enumeration's counts.
func statsJSON(stats []library.Stats) []map[string]any {
	var out []map[string]any
	for _, s := range stats {
		out = append(out, map[string]any{"area": s.Area, "orientation": s.Orientation.String(), "placements": s.Placements,
			"colourings": s.Colourings, "tiles": s.Tiles, "liveable": s.Liveable, "settled": s.Settled})
	}
	return out
}

func newLibraryQueryCmd() *cobra.Command {
	o := &libraryQueryOptions{}
	cmd := &cobra.Command{
		Use:   "query --db PATH [filters]",
		Short: "Find tiles by chilled value, temperature, class, size or orientation",
		Long: `Select tiles from a library. Filters combine: --chilled EXPR (the chilled value, compared as
canonical forms: '^*', '1/2', '{1|0}'), --temperature LO..HI (the count's temperature,
inclusive; either end may be left out), --class number|infinitesimal|hot (of the chilled
value; "infinitesimal" is a number plus an infinitesimal), --area N, --orientation
centre|edge|corner, --negative-of KEY (tiles whose chilled value is that tile's negative),
--disguise KEY (tiles with that tile's chilled value and another shape).`,
		Example: `  mathgo library query --db tiles.db --chilled '^' --limit 5
  mathgo library query --db tiles.db --temperature 1/2..3 --area 4 --orientation corner
  mathgo library query --db tiles.db --negative-of 'c:S/B/b' --json`,
		Args: args(0, 0, "no arguments (filters are flags)"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runLibraryQuery(cmd, o) },
	}
	f := cmd.Flags()
	f.StringVar(&o.db, "db", "", "the library file")
	f.StringVar(&o.chilled, "chilled", "", "chilled value (CGSuite notation)")
	f.StringVar(&o.temperature, "temperature", "", "range of the count's temperature, LO..HI")
	f.IntVar(&o.area, "area", 0, "playing area in points (0: any)")
	enumFlag(cmd, &o.orientation, "orientation", "", "the tile's place on the board: centre, edge or corner", []string{"centre", "edge", "corner"}, map[string]string{"center": "centre"})
	enumFlag(cmd, &o.class, "class", "", "the chilled value's class: number, infinitesimal or hot", []string{"number", "infinitesimal", "hot"}, nil)
	f.StringVar(&o.negativeOf, "negative-of", "", "tiles whose chilled value is the negative of this tile's (a key)")
	f.StringVar(&o.disguise, "disguise", "", "tiles with this tile's chilled value and a different shape (a key)")
	f.BoolVar(&o.liveable, "liveable", false, "only tiles whose walls can live on a real board")
	f.IntVar(&o.limit, "limit", 100, "print at most this many tiles (0: all)")
	f.BoolVar(&o.asJSON, "json", false, "print the tiles as a JSON array")
	return cmd
}

func runLibraryQuery(cmd *cobra.Command, o *libraryQueryOptions) error {
	if o.db == "" {
		return usageError{cmd, "--db PATH is required"}
	}
	q := library.Query{Area: o.area, Class: o.class, NegativeOf: o.negativeOf, Disguise: o.disguise, LiveableOnly: o.liveable, Limit: o.limit}
	if o.limit < 0 {
		return usageError{cmd, fmt.Sprintf("--limit must be at least 0, not %d", o.limit)}
	}
	q.Orientation = o.orientation
	if o.chilled != "" {
		g, err := cgt.Parse(o.chilled)
		if err != nil {
			return usageError{cmd, fmt.Sprintf("--chilled %q: %v", o.chilled, err)}
		}
		q.Chilled = &g
	}
	if o.temperature != "" {
		lo, hi, err := library.ParseRange(o.temperature)
		if err != nil {
			return usageError{cmd, "--temperature: " + err.Error()}
		}
		q.TempLo, q.TempHi = lo, hi
	}
	for flag, key := range map[string]string{"negative-of": o.negativeOf, "disguise": o.disguise} {
		if key != "" {
			if err := library.ParseKey(key); err != nil {
				return usageError{cmd, "--" + flag + ": " + err.Error()}
			}
		}
	}
	stderr := cmd.ErrOrStderr()
	db, err := library.Open(o.db)
	if err != nil {
		return fail(stderr, exitInput, "%v", err)
	}
	defer db.Close()
	rows, err := db.Query(q)
	if err != nil {
		return fail(stderr, exitInput, "%v", err)
	}
	out := cmd.OutOrStdout()
	if o.asJSON {
		if rows == nil {
			rows = []library.Row{}
		}
		return writeJSON(out, rows)
	}
	t := newTable(out, "key", "name", "area", "orientation", "kind", "count", "chilled", "mean", "temp", "class", "aw", "live")
	str := func(s *string) string {
		if s == nil {
			return "-"
		}
		return *s
	}
	for _, r := range rows {
		live := "yes"
		if !r.Liveable {
			live = "no"
		}
		kind := r.Kind
		if r.HasKo {
			kind = "ko"
		}
		t.Row(r.Key, r.Name, fmt.Sprint(r.Area), r.Orientation, kind, str(r.Count), str(r.Chilled), str(r.Mean),
			str(r.Temperature), str(r.Class), str(r.AtomicWeight), live)
	}
	if err := t.Render(); err != nil {
		return err
	}
	fmt.Fprintf(out, "%d tiles%s\n", len(rows), map[bool]string{true: " (--limit reached)", false: ""}[o.limit > 0 && len(rows) == o.limit])
	return nil
}
