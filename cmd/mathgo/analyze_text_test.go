package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/internal/table"
	"github.com/mathgo/mathgo/internal/testlong"
)

// analyzeTextFast are the bundled positions TestAnalyzeTextSaysAll reads
// in the fast tier (a few seconds in all), chosen so that every field of
// analyze --json occurs: kos and their threats, partial analyses, board
// searches, game records exact and bounded, composed problems (with
// --difficulty). The long tier reads every position of analyzeTextDirs.
var analyzeTextFast = []string{
	"problems/*.txt", "positions/*.txt", "ko/*.txt", "composed/p0[1-4].txt", "review/*.sgf",
	"play/*.txt", "gtp/*.txt", "realgo/dead-*.txt", "corridors/packed-19x19-split.txt",
	"life/bent3.txt", "life/seki-eyeless.txt", "life/straight4.txt",
	"games/g09-l1-s4.sgf", "games/g09-l10-s38-cad.sgf", "games/g09-l4-s3.sgf", "games/g19-l1-s24.sgf",
	"search/set/01-6x6.txt", "search/set/04-9x9.txt", "search/set/40-7x7.txt",
}

// analyzeTextDirs are the directories of bundled positions (game records
// included) the long tier reads whole: some real games take a minute.
var analyzeTextDirs = []string{
	"problems", "positions", "ko", "composed", "review", "play", "gtp", "realgo", "corridors",
	"life", "solve", "sgf", "games", "search/set",
}

// analyzeTextExempt are the fields of analyze --json the text does not
// print, and why: none of them is a result.
var analyzeTextExempt = map[string]string{
	"size":      "the board's size: the input, drawn by the diagram",
	"positions": "a measure of the work, not a result",
	"seconds":   "a measure of the work (it differs run to run), not a result",
	"partial":   "true exactly when bounds are given: the bounds' line says it",
	// tile fields
	"boundary": "the walls' certificates, counted by status in the walls column (the blocks: --json)",
	"warmOK":   "a check: when it fails, a warning names the tile (checked below)",
	"error":    "the same text as reason",
	// search
	"note": "the same explanation for every search (endgame.SearchNote), whose gist ends the board search line",
}

// TestAnalyzeTextSaysAll: on the bundled positions, every field of
// analyze --json that carries a result (tiles' values, totals, scores,
// the board search, kos, warnings, problems, a game record's result, the
// difficulty) appears in the text with --wide, whole, and the narrow
// text has every line --wide has (a long value shortened with "…", a
// long line wrapped, unsettled blocks past the eighth counted). The text
// is written from the JSON document the command printed, which is
// checked to read back whole, so that the test runs each analysis once;
// the text is also checked to fit in 100 columns.
func TestAnalyzeTextSaysAll(t *testing.T) {
	root := filepath.Join("..", "..", "testdata")
	files := analyzeTextFiles(t, root)
	seen := map[string]bool{}
	for _, f := range files {
		name, _ := filepath.Rel(root, f)
		args := []string{"analyze", "--json", f}
		if strings.HasPrefix(name, "composed") {
			args = append(args, "--difficulty")
		}
		if strings.HasPrefix(name, "games") {
			// The text, not the search, is under test: a game record's end
			// whose board search spends analyze's whole budget (six of them,
			// 30 to 50 s each) is bounded within a tenth of it as well.
			args = append(args, "--board-nodes", "200000")
		}
		out, errs, code := runCmd(t, "", args...)
		if code != 0 && code != exitUnproven {
			t.Errorf("%s: exit %d: %s", name, code, errs)
			continue
		}
		var j analyzeJSON
		if err := json.Unmarshal([]byte(out), &j); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var doc, back map[string]any
		again, _ := json.Marshal(j)
		if json.Unmarshal([]byte(out), &doc) != nil || json.Unmarshal(again, &back) != nil || !reflect.DeepEqual(doc, back) {
			t.Fatalf("%s: the JSON does not read back whole into analyzeJSON:\n%s\n%s", name, out, again)
		}
		var wide, narrow bytes.Buffer
		if err := j.writeText(&wide, true); err != nil {
			t.Fatal(err)
		}
		if err := j.writeText(&narrow, false); err != nil {
			t.Fatal(err)
		}
		for _, k := range textSaysAll(j, doc, wide.String(), seen) {
			t.Errorf("%s: %s\n--- the text (--wide):\n%s", name, k, wide.String())
		}
		// The narrow text is analyze's output: within 100 columns (the
		// real games here are the long tier's part of TestOutputWidth).
		for i, l := range strings.Split(narrow.String(), "\n") {
			if w := utf8.RuneCountInString(l); w > table.DefaultWidth {
				t.Errorf("%s: line %d of the text is %d columns wide:\n%s", name, i+1, w, l)
			}
		}
		for _, tl := range j.Tiles {
			if !strings.Contains(narrow.String(), "\n│ "+tl.ID+" ") {
				t.Errorf("%s: the narrow table has no row for tile %s", name, tl.ID)
			}
		}
		for _, k := range narrowHasEveryLine(wide.String(), narrow.String()) {
			t.Errorf("%s: %s\n--- the text:\n%s", name, k, narrow.String())
		}
	}
	// The sample must hold every field, or the test checks less than it
	// says.
	for _, k := range []string{"tiles.ko", "tiles.cycle", "tiles.reason", "tiles.corridor", "tiles.area",
		"bounds", "search", "ruleSets", "koThreats", "problems", "warnings", "result", "resultBounds", "move", "difficulty"} {
		if !seen[k] {
			t.Errorf("no bundled position read has %s: the test does not check it", k)
		}
	}
	t.Logf("%d positions", len(files))
}

// analyzeTextFiles are the files under root (the testdata directory)
// TestAnalyzeTextSaysAll reads in this tier: analyzeTextDirs whole in the
// long tier, analyzeTextFast in the fast tier.
func analyzeTextFiles(t *testing.T, root string) []string {
	var files []string
	if testlong.Enabled() {
		for _, d := range analyzeTextDirs {
			for _, ext := range []string{"*.txt", "*.sgf"} {
				m, _ := filepath.Glob(filepath.Join(root, d, ext))
				files = append(files, m...)
			}
		}
		return files
	}
	for _, g := range analyzeTextFast {
		m, _ := filepath.Glob(filepath.Join(root, g))
		if len(m) == 0 {
			t.Fatalf("no bundled position matches %s", g)
		}
		files = append(files, m...)
	}
	return files
}

// textSaysAll returns what the wide text leaves out of the JSON document
// j (doc: the same document as a map, for its field names); seen records
// the fields met.
func textSaysAll(j analyzeJSON, doc map[string]any, text string, seen map[string]bool) []string {
	var miss []string
	lines := strings.Split(text, "\n")
	has := func(what, s string) {
		if !strings.Contains(text, s) {
			miss = append(miss, fmt.Sprintf("%s: the text lacks %q", what, s))
		}
	}
	line := func(what, prefix string, parts ...string) {
		for _, l := range lines {
			if strings.HasPrefix(l, prefix) && containsAll(l, parts) {
				return
			}
		}
		miss = append(miss, fmt.Sprintf("%s: no line %q... with %q", what, prefix, parts))
	}
	checked := map[string]bool{}
	for k := range doc {
		seen[k] = true
		checked[k] = analyzeTextExempt[k] != ""
	}
	mark := func(k string) { checked[k] = true }

	mark("prisoners")
	line("prisoners", "prisoners:", fmt.Sprintf("black %d, white %d", j.Prisoners.Black, j.Prisoners.White))

	if st := j.Settled; st != nil {
		mark("settled")
		line("settled", "proven settled: ", fmt.Sprintf("%d of %d points", st.Points, st.Of))
	}

	mark("tiles")
	miss = append(miss, tilesSaid(j, doc, lines, text, seen)...)

	mark("total")
	tot := j.Total
	if tot.Count != nil {
		line("total.count", "total: count ", *tot.Count)
	}
	if tot.Chilled != nil {
		has("total.chilled", "chilled "+*tot.Chilled+"\n")
	}
	if tot.LeftStop != nil {
		if !strings.Contains(text, "stops "+*tot.LeftStop+" / "+*tot.RightStop) {
			line("total stops", "Japanese (territory + prisoners, Black minus White): ", *tot.LeftStop+" with Black first, "+*tot.RightStop+" with White first")
		}
	}
	if tot.Mean != nil {
		has("total.mean", "mean "+*tot.Mean+",")
	}
	if tot.Temperature != nil && tot.LeftStop != nil {
		has("total.temperature", "temperature "+*tot.Temperature+"\n")
	}

	mark("outcome")
	first := func(what, prefix string, f endgame.JSONFirst, word func(string) string) {
		if f.BlackFirst != nil || f.WhiteFirst != nil {
			side := func(s *string) string {
				if s == nil {
					return "not decided"
				}
				return word(*s)
			}
			line(what, prefix, side(f.BlackFirst)+" with Black first", side(f.WhiteFirst)+" with White first")
		}
	}
	wins := func(s string) string {
		if s == "black" || s == "white" {
			return s + " wins"
		}
		return s
	}
	same := func(s string) string { return s }
	first("outcome.mgo", "Mathematical Go: ", j.Outcome.MGO, wins)
	first("outcome.japanese", "Japanese (territory + prisoners, Black minus White): ", j.Outcome.Japanese, same)
	first("outcome.chinese", "Chinese (area of the playing area): ", j.Outcome.Chinese, same)

	if b := j.Bounds; b != nil {
		mark("bounds")
		line("bounds", "partial analysis")
		line("bounds.japanese", "Japanese ", b.Japanese.BlackFirst[0], b.Japanese.BlackFirst[1], b.Japanese.WhiteFirst[0], b.Japanese.WhiteFirst[1])
		if c := b.Chinese; c != nil {
			line("bounds.chinese", "Chinese ", c.BlackFirst[0], c.BlackFirst[1], c.WhiteFirst[0], c.WhiteFirst[1])
		}
	}
	if s := j.Search; s != nil {
		mark("search")
		verdict := "every score proven"
		if !s.Exact {
			verdict = "not every score proven"
		}
		parts := []string{strings.Join(s.Tiles, ", "), fmt.Sprintf("(%d points)", s.Points), ", " + verdict, fmt.Sprintf("(%d nodes)", s.Nodes)}
		if s.Exact {
			for _, ms := range [][]string{s.Best.BlackFirst, s.Best.WhiteFirst} {
				if ms != nil {
					parts = append(parts, strings.Join(ms, " "))
				}
			}
		}
		line("search", "board search: ", parts...)
	}
	if r := j.RuleSets; r != nil {
		mark("ruleSets")
		line("ruleSets.mgo", "rules: ", r.MGO)
		has("ruleSets.japanese", "Japanese and Chinese: "+r.Japanese)
	}
	if len(j.KoThreats) > 0 {
		mark("koThreats")
		for _, k := range j.KoThreats {
			has("koThreats", k.Block)
			has("koThreats", k.Reason)
		}
	}
	mark("triage")
	if !j.Triage.Valuable {
		has("triage", j.Triage.Reason)
	}
	mark("problems")
	for _, p := range j.Problems {
		line("problems", "problem: ", p)
	}
	mark("warnings")
	for _, w := range j.Warnings {
		line("warnings", "warning: ", w)
	}
	if j.Komi != nil || j.Rules != nil || j.Move != nil {
		mark("komi")
		mark("rules")
		mark("move")
		var parts []string
		if j.Komi != nil {
			parts = append(parts, "komi "+*j.Komi)
		}
		if j.Rules != nil {
			parts = append(parts, "("+*j.Rules+" counting")
		}
		if j.Move != nil {
			parts = append(parts, fmt.Sprintf("after move %d, result with ", *j.Move))
		}
		line("komi, rules, move", "after move ", parts...)
	}
	if r := j.Result; r != nil {
		mark("result")
		line("result", "after move ", "("+r.Scoring+" counting", r.BlackFirst+" with Black first", r.WhiteFirst+" with White first")
	}
	if r := j.Range; r != nil {
		mark("resultBounds")
		line("resultBounds", "after move ", "("+r.Scoring+" counting", r.BlackFirst[0], r.BlackFirst[1], r.WhiteFirst[0], r.WhiteFirst[1])
		for _, w := range []string{r.Winner.BlackFirst, r.Winner.WhiteFirst} {
			if w != "" {
				line("resultBounds.winner", "after move ", strings.ToUpper(w[:1])+w[1:]+" wins")
			}
		}
	}
	if d := j.Difficulty; d != nil {
		mark("difficulty")
		parts := []string{fmt.Sprintf("%.2f bits", d.ForcedBits), fmt.Sprintf("over %d plies", d.Plies),
			fmt.Sprintf("%d where the winner moves", d.WinnerPlies), fmt.Sprintf("%d with one winning move", d.UniquePlies),
			fmt.Sprintf("balance %.2f", d.Balance), fmt.Sprintf("disguise %d", d.Disguise), fmt.Sprintf("trap rate %.2f", d.TrapRate),
			d.First + " to play", d.Winner + " wins", fmt.Sprintf("hotstrat loses: %v", d.HotstratLoses)}
		line("difficulty", "difficulty: ", parts...)
		for _, tr := range d.Traps {
			has("difficulty.traps", fmt.Sprintf("ply %d %s %s", tr.Ply, tr.Heuristic, tr.Move))
		}
		if len(d.FirstWinning) > 0 {
			has("difficulty.firstWinning", "winning first moves: "+strings.Join(d.FirstWinning, " "))
		}
	}
	for k, ok := range checked {
		if !ok {
			miss = append(miss, fmt.Sprintf("field %q: the test has no check for it (print it, or say why it is exempt)", k))
		}
	}
	return miss
}

// tilesSaid returns what the wide text's table and lines leave out of
// the tiles.
func tilesSaid(j analyzeJSON, doc map[string]any, lines []string, text string, seen map[string]bool) []string {
	var miss []string
	var header []string
	rows := map[string]map[string]string{}
	for _, l := range lines {
		if !strings.HasPrefix(l, "│") {
			continue
		}
		cells := strings.Split(strings.Trim(l, "│"), "│")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if header == nil {
			header = cells
			continue
		}
		row := map[string]string{}
		for i, c := range cells {
			if i < len(header) {
				row[header[i]] = c
			}
		}
		rows[cells[0]] = row
	}
	docTiles, _ := doc["tiles"].([]any)
	for i, tl := range j.Tiles {
		fields, _ := docTiles[i].(map[string]any)
		checked := map[string]bool{}
		for k := range fields {
			seen["tiles."+k] = true
			checked[k] = analyzeTextExempt[k] != ""
		}
		cell := func(k, col, want string) {
			checked[k] = true
			if got, ok := rows[tl.ID][col]; !ok || got != want {
				miss = append(miss, fmt.Sprintf("tile %s %s: cell %q is %q, want %q", tl.ID, k, col, got, want))
			}
		}
		cell("id", "tile", tl.ID)
		cell("points", "points", strings.Join(tl.Points, " "))
		kind := tl.Kind
		if tl.Corridor != nil {
			kind += " (" + *tl.Corridor + ")"
		}
		cell("kind", "kind", kind)
		checked["corridor"] = true
		cell("count", "count", orDash(tl.Count))
		cell("chilled", "chilled", orDash(tl.Chilled))
		cell("mean", "mean", orDash(tl.Mean))
		cell("temperature", "temp", orDash(tl.Temperature))
		cell("miai", "miai", orDash(tl.Miai))
		cell("sente", "move", orDash(tl.Sente))
		if tl.Area != nil {
			cell("area", "area", *tl.Area)
		}
		if tl.WarmOK != nil && !*tl.WarmOK && !strings.Contains(text, "tile "+tl.ID+": warm(chilled)") {
			miss = append(miss, fmt.Sprintf("tile %s: warmOK false and no warning says so", tl.ID))
		}
		if len(tl.Cycle) > 0 {
			checked["cycle"] = true
			if !strings.Contains(text, strings.Join(tl.Cycle, ", ")) && !strings.Contains(text, strings.Join(tl.Cycle, " ")) {
				miss = append(miss, fmt.Sprintf("tile %s: the text lacks its cycle %v", tl.ID, tl.Cycle))
			}
		}
		if tl.Reason != nil {
			checked["reason"] = true
			if !strings.Contains(text, *tl.Reason) {
				miss = append(miss, fmt.Sprintf("tile %s: the text lacks its reason %q", tl.ID, *tl.Reason))
			}
		}
		if k := tl.Ko; k != nil {
			checked["ko"] = true
			var parts []string
			if k.BlackKomaster != nil {
				parts = append(parts, "with Black komaster mean "+k.BlackKomaster.Mean+", temperature "+k.BlackKomaster.Temperature,
					"with White komaster mean "+k.WhiteKomaster.Mean+", temperature "+k.WhiteKomaster.Temperature,
					orDash(k.Class), "depends on the komaster: "+orDash(k.Dependence))
			}
			if k.Outcome != nil {
				parts = append(parts, "outcome class "+*k.Outcome)
			}
			if k.Reason != nil {
				parts = append(parts, *k.Reason)
			}
			found := false
			for _, l := range lines {
				found = found || strings.HasPrefix(l, "tile "+tl.ID+" (ko): ") && containsAll(l, parts)
			}
			if !found {
				miss = append(miss, fmt.Sprintf("tile %s: no line \"tile %s (ko): \" with %q", tl.ID, tl.ID, parts))
			}
		}
		for k, ok := range checked {
			if !ok {
				miss = append(miss, fmt.Sprintf("tile field %q: the test has no check for it (print it, or say why it is exempt)", k))
			}
		}
	}
	return slices.Compact(miss)
}

func containsAll(s string, parts []string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// unwrapped joins the text's wrapped lines (those after the first,
// indented) to the line they continue, and leaves the table out.
func unwrapped(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		switch {
		case l == "" || strings.HasPrefix(l, "│") || strings.HasPrefix(l, "┌") || strings.HasPrefix(l, "├") || strings.HasPrefix(l, "└"):
		case strings.HasPrefix(l, " ") && len(out) > 0:
			out[len(out)-1] += " " + strings.TrimSpace(l)
		default:
			out = append(out, l)
		}
	}
	return out
}

// narrowHasEveryLine returns the lines of the wide text the narrow one
// leaves out: each must be there, the same once unwrapped, or shortened
// with "…" (a long value), and unsettled blocks past the eighth may be
// counted instead of listed.
func narrowHasEveryLine(wide, narrow string) []string {
	var miss []string
	nl := unwrapped(narrow)
	counted := 0
	for _, l := range nl {
		var n int
		if _, err := fmt.Sscanf(l, "problem: and %d more", &n); err == nil {
			counted = n
		}
	}
	blocks := 0
	for _, l := range unwrapped(wide) {
		if strings.HasPrefix(l, "problem: block ") && strings.Contains(l, " is not settled (") {
			if blocks++; blocks > 8 {
				counted--
				continue
			}
		}
		norm := strings.Join(strings.Fields(l), " ")
		found := false
		for _, n := range nl {
			n = strings.Join(strings.Fields(n), " ")
			found = found || n == norm || strings.Contains(n, "…") && strings.HasPrefix(norm, strings.SplitN(n, "…", 2)[0])
		}
		if !found {
			miss = append(miss, fmt.Sprintf("the narrow text lacks the line %q", l))
		}
	}
	if counted != 0 {
		miss = append(miss, fmt.Sprintf("the narrow text counts the unsettled blocks it leaves out wrong (%d off)", counted))
	}
	return miss
}
