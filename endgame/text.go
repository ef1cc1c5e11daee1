package endgame

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/mathgo/mathgo/internal/table"
	"github.com/mathgo/mathgo/solve"
)

// TextOptions shape the human-readable analysis.
type TextOptions struct {
	// Wide prints every cell whole (point lists, labels, canonical forms);
	// otherwise cells are shortened so that the table fits in about 120
	// columns, and the whole values are in --json.
	Wide bool
}

// Cell widths of the narrow table.
const (
	narrowPoints = 16
	narrowValue  = 14
	narrowNumber = 10
	narrowWalls  = 12
)

// WriteText writes the analysis as a table and a few lines of totals and
// outcomes, the way `mathgo analyze` prints it.
func (j JSON) WriteText(w io.Writer, opts TextOptions) error {
	cut := func(s string, n int) string {
		if opts.Wide {
			return s
		}
		return table.Elide(s, n)
	}
	val := func(s *string, n int) string {
		if s == nil {
			return "-"
		}
		return cut(*s, n)
	}
	// The narrow table leaves the area and miai columns out: the area
	// games are summed in the Chinese line, and for a hot tile the miai
	// value is the temperature (thermograph.Classify), in the temp column.
	header := []string{"tile", "points", "kind", "count", "chilled", "mean", "temp", "move", "walls"}
	if opts.Wide {
		header = []string{"tile", "points", "kind", "count", "chilled", "area", "mean", "temp", "miai", "move", "walls"}
	}
	t := table.New(w, header...).Wide(opts.Wide)
	for _, tl := range j.Tiles {
		kind := tl.Kind
		if opts.Wide && tl.Corridor != nil {
			kind += " (" + *tl.Corridor + ")"
		}
		cells := []any{tl.ID, cut(pointList(tl.Points, opts.Wide), narrowPoints), kind,
			val(tl.Count, narrowValue), val(tl.Chilled, narrowValue)}
		if opts.Wide {
			cells = append(cells, val(tl.Area, 0))
		}
		cells = append(cells, val(tl.Mean, narrowNumber), val(tl.Temperature, narrowNumber))
		if opts.Wide {
			cells = append(cells, val(tl.Miai, 0))
		}
		cells = append(cells, senteShort(tl.Sente, opts.Wide), cut(certSummary(tl.Boundary), narrowWalls))
		t.Row(cells...)
	}
	if err := t.Render(); err != nil {
		return err
	}
	if j.Conditional {
		fmt.Fprintf(w, "CONDITIONAL: every number below rests on %d %s (\"assumed:\" below), not on proof\n",
			len(j.Assumptions), map[bool]string{true: "assumption", false: "assumptions"}[len(j.Assumptions) == 1])
	}
	fmt.Fprintf(w, "prisoners: black %d, white %d\n", j.Prisoners.Black, j.Prisoners.White)
	if st := j.Settled; st != nil && st.Of > 0 {
		fmt.Fprintf(w, "proven settled: %d of %d points (%d%%): the stones proven safe and the territory they enclose\n", st.Points, st.Of, 100*st.Points/st.Of)
	}
	// Every line the JSON has a value for is printed: a loopy total (a
	// ko) has a count and an outcome under Mathematical Go but no stops.
	tot, o := j.Total, j.Outcome
	if tot.Count != nil || tot.Chilled != nil || (tot.LeftStop != nil && j.Search == nil) {
		fmt.Fprintf(w, "total: count %s\n       chilled %s\n", val(tot.Count, textWidth-14), val(tot.Chilled, textWidth-16))
		if tot.LeftStop != nil {
			fmt.Fprintf(w, "       stops %s / %s, mean %s, temperature %s\n", *tot.LeftStop, val(tot.RightStop, 0), val(tot.Mean, 0), val(tot.Temperature, 0))
		}
	}
	sides := func(f JSONFirst, word func(string) string) string {
		side := func(s *string) string {
			if s == nil {
				return "not decided"
			}
			return word(*s)
		}
		return fmt.Sprintf("%s with Black first, %s with White first", side(f.BlackFirst), side(f.WhiteFirst))
	}
	same := func(s string) string { return s }
	if o.MGO.BlackFirst != nil || o.MGO.WhiteFirst != nil {
		fmt.Fprintf(w, "Mathematical Go: %s\n", sides(o.MGO, winsWord))
	}
	if o.Japanese.BlackFirst != nil || o.Japanese.WhiteFirst != nil {
		fmt.Fprintf(w, "Japanese (territory + prisoners, Black minus White): %s\n", sides(o.Japanese, same))
	}
	if o.Chinese.BlackFirst != nil || o.Chinese.WhiteFirst != nil {
		fmt.Fprintf(w, "Chinese (area of the playing area): %s\n", sides(o.Chinese, same))
	}
	if bd := j.Bounds; bd != nil {
		fmt.Fprintf(w, "partial analysis (the unresolved tiles bounded, not valued):\n")
		fmt.Fprintf(w, "Japanese %s with Black first, %s with White first\n",
			Between(bd.Japanese.BlackFirst[0], bd.Japanese.BlackFirst[1]), Between(bd.Japanese.WhiteFirst[0], bd.Japanese.WhiteFirst[1]))
		if c := bd.Chinese; c != nil {
			fmt.Fprintf(w, "Chinese %s with Black first, %s with White first\n",
				Between(c.BlackFirst[0], c.BlackFirst[1]), Between(c.WhiteFirst[0], c.WhiteFirst[1]))
		}
	}
	line := func(prefix, text string) {
		if opts.Wide {
			fmt.Fprintf(w, "%s%s\n", prefix, text)
			return
		}
		for i, l := range wrap(text, textWidth-len(prefix)) {
			if i > 0 {
				prefix = strings.Repeat(" ", len(prefix))
			}
			fmt.Fprintf(w, "%s%s\n", prefix, l)
		}
	}
	if sr := j.Search; sr != nil {
		verdict := "every score proven"
		if !sr.Exact {
			verdict = "not every score proven"
		}
		with := ""
		if len(sr.Walls) > 0 {
			with = fmt.Sprintf(" and the %s at %s (%s may have to answer ko threats)", plural(len(sr.Walls), "wall", "walls"), strings.Join(sr.Walls, " "), plural(len(sr.Walls), "it", "they"))
		}
		text := fmt.Sprintf("tile %s (%d points)%s played on the board under real rules, %s (%d nodes); the Mathematical Go value is not known",
			strings.Join(sr.Tiles, ", "), sr.Points, with, verdict, sr.Nodes)
		best := func(ms []string) string {
			if ms == nil {
				return "not decided"
			}
			return strings.Join(ms, " ")
		}
		if sr.Exact || sr.Best.BlackFirst != nil || sr.Best.WhiteFirst != nil {
			// The moves are decided once the Japanese scores are proven,
			// even where the Chinese pass the budget (Spight's problem).
			text += fmt.Sprintf("; optimal first moves (Japanese): %s with Black first, %s with White first", best(sr.Best.BlackFirst), best(sr.Best.WhiteFirst))
		}
		line("board search: ", text)
		for i, pv := range [][]string{sr.PV.BlackFirst, sr.PV.WhiteFirst} {
			if len(pv) > 0 {
				line(fmt.Sprintf("best play, %s first (Japanese): ", []string{"Black", "White"}[i]), strings.Join(pv, " "))
			}
		}
	}
	for _, as := range j.Assumptions {
		line("assumed: ", fmt.Sprintf("%s, from %s; not proven: %s", as.Statement(), as.Source, as.Why))
	}
	for _, tl := range j.Tiles {
		if tl.Corridor != nil && !opts.Wide && len(*tl.Corridor) > 0 {
			line("tile "+tl.ID+": ", *tl.Corridor)
		}
		// Why a tile has no value, unless a problem already says it.
		if r := tl.Reason; r != nil && !slices.ContainsFunc(j.Problems, func(p string) bool { return strings.Contains(p, *r) }) {
			line("tile "+tl.ID+" ("+tl.Kind+"): ", *r)
		}
	}
	writeKoText(j, line)
	for _, s := range j.Warnings {
		line("warning: ", s)
	}
	blocks := 0
	for _, s := range j.Problems {
		if !opts.Wide && isBlockProblem(s) {
			if blocks++; blocks > maxBlockProblems {
				continue
			}
		}
		line("problem: ", s)
	}
	if n := blocks - maxBlockProblems; n > 0 {
		line("problem: ", fmt.Sprintf("and %d more %s not settled (--wide or --json lists every one)", n, plural(n, "block", "blocks")))
	}
	return nil
}

// Between writes a range of scores: "between lo and hi", or the one
// number when the bounds meet (a range that is a number is printed as
// the number).
func Between(lo, hi string) string {
	if lo == hi {
		return lo
	}
	return "between " + lo + " and " + hi
}

// maxBlockProblems is how many unsettled blocks the narrow text names (a
// real game's middle can have dozens); --wide and JSON name them all.
const maxBlockProblems = 8

// isBlockProblem reports whether a problem is an unsettled block's.
func isBlockProblem(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasPrefix(s, "block ") && strings.Contains(s, " is not settled (")
}

// textWidth is the width the narrow text keeps within.
const textWidth = table.DefaultWidth

// wrap breaks text into lines of at most width characters at spaces (a
// word longer than the width gets a line of its own).
func wrap(text string, width int) []string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(text) {
		switch {
		case cur == "":
			cur = word
		case len([]rune(cur))+1+len([]rune(word)) <= width:
			cur += " " + word
		default:
			lines = append(lines, cur)
			cur = word
		}
	}
	if cur != "" || len(lines) == 0 {
		lines = append(lines, cur)
	}
	return lines
}

// senteShort writes a tile's sente word for the table: the contract's
// word when wide, a short form otherwise.
func senteShort(s *string, wide bool) string {
	if s == nil {
		return "-"
	}
	if wide {
		return *s
	}
	switch *s {
	case "black":
		return "B sente"
	case "white":
		return "W sente"
	case "reverse-black":
		return "B rev."
	case "reverse-white":
		return "W rev."
	case "ambiguous":
		return "ambig."
	}
	return *s
}

// pointList shortens a long list of point names for a table cell.
func pointList(names []string, wide bool) string {
	if wide || len(names) <= 4 {
		return strings.Join(names, " ")
	}
	return strings.Join(names[:3], " ") + fmt.Sprintf(" …(%d)", len(names))
}

// certSummary writes a tile's wall certificates compactly: how many
// blocks of each status.
func certSummary(certs []JSONCert) string {
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

// winsWord writes a Mathematical Go winner for the text table: "black
// wins", "white wins", "draw" or "unknown".
func winsWord(w string) string {
	switch w {
	case string(solve.Black), string(solve.White):
		return w + " wins"
	}
	return w
}

// writeKoText writes the lines of the text report about kos: each ko
// tile's ko thermographs, and the rule sets.
func writeKoText(j JSON, line func(prefix, text string)) {
	for _, tl := range j.Tiles {
		k := tl.Ko
		if k == nil {
			continue
		}
		// The ko's cycle and its outcome class under Mathematical Go, after
		// what the players' rules make of it.
		var tail string
		if len(tl.Cycle) > 0 {
			tail += "; cycle " + strings.Join(tl.Cycle, ", ")
		}
		if k.Outcome != nil {
			tail += "; Mathematical Go outcome class " + *k.Outcome
		}
		if k.BlackKomaster == nil {
			text := tail
			if k.Reason != nil {
				text = *k.Reason + tail
			}
			if text != "" {
				line("tile "+tl.ID+" (ko): ", strings.TrimPrefix(text, "; "))
			}
			continue
		}
		line("tile "+tl.ID+" (ko): ", fmt.Sprintf("with Black komaster mean %s, temperature %s; with White komaster mean %s, temperature %s; %s (depends on the komaster: %s)%s",
			k.BlackKomaster.Mean, k.BlackKomaster.Temperature, k.WhiteKomaster.Mean, k.WhiteKomaster.Temperature, *k.Class, *k.Dependence, tail))
	}
	if j.RuleSets != nil {
		line("rules: ", j.RuleSets.MGO)
		line("       ", "Japanese and Chinese: "+j.RuleSets.Japanese)
	}
}
