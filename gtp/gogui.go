package gtp

import (
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/tiles"
)

// analyzeCommands is the answer of gogui-analyze_commands: GoGui's
// "type/label/command" lines.
var analyzeCommands = []string{
	"gfx/Tile values/mathgo-tile-values",
	"gfx/Temperatures/mathgo-temperatures",
	"string/Triage/mathgo-triage",
	"string/Analyze/mathgo-analyze",
	"plist/Dead stones/final_status_list dead",
	"string/Final score/final_score",
}

func (e *Engine) cmdGoGuiAnalyzeCommands() (string, error) {
	return strings.Join(analyzeCommands, "\n"), nil
}

// analysisCache keeps the last analysis of the GUI commands, keyed by the
// position (stones, prisoners, immortal marks), so that GoGui asking for
// several commands after a move costs one analysis.
type analysisCache struct {
	key     uint64
	ok      bool
	verdict endgame.Verdict
	report  *endgame.Report
	err     error
}

// positionKey hashes what the analysis depends on.
func (e *Engine) positionKey() uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d %d %d %d %d ", e.b.Cols(), e.b.Rows(), e.b.Hash(), e.b.Prisoners(board.Black), e.b.Prisoners(board.White))
	for p, im := range e.Immortal() {
		if im {
			fmt.Fprintf(h, "%d,", p)
		}
	}
	return h.Sum64()
}

// analysis is the position's triage and, when the triage lets it
// through, its analysis as genmove makes it with no time limit
// (ExactGenerator.exactAnalysis), cached per position.
func (e *Engine) analysis() (endgame.Verdict, *endgame.Report, error) {
	key := e.positionKey()
	if e.cache.ok && e.cache.key == key {
		return e.cache.verdict, e.cache.report, e.cache.err
	}
	pos := &position.Position{Board: e.b.Clone(), Immortal: e.Immortal(), Name: "gtp"}
	c := analysisCache{key: key, ok: true, verdict: endgame.Triage(pos)}
	if c.verdict.Valuable {
		c.report, c.err = ExactGenerator{}.exactAnalysis(pos, 0)
	}
	e.cache = c
	return c.verdict, c.report, c.err
}

// toMove is the colour to move: the opponent of the last mover, Black at
// the start.
func (e *Engine) toMove() board.Color {
	if _, c, ok := e.b.LastMove(); ok {
		return c.Opponent()
	}
	return board.Black
}

// gfxText is a gfx TEXT line: one line, no control characters.
func gfxText(s string) string { return "TEXT " + oneLine(s) }

// gfxUnvalued answers a gfx command for a position without an exact
// analysis: the reason as TEXT, and "?" on the tiles that have no value.
func gfxUnvalued(v endgame.Verdict, r *endgame.Report, err error) (string, bool) {
	switch {
	case !v.Valuable:
		return gfxText(v.Reason), true
	case err != nil:
		return gfxText("mathgo cannot analyze the position: " + err.Error()), true
	case !r.Exact():
		var lines []string
		b := r.Board()
		for _, t := range r.Tiles() {
			if t.Err == nil {
				continue
			}
			mark := "?"
			if t.Kind == tiles.KindKo {
				mark = "ko"
			}
			for _, p := range t.Points {
				lines = append(lines, fmt.Sprintf("LABEL %s %s", b.Name(p), mark))
			}
		}
		return strings.Join(append(lines, gfxText(notExact(r).Error())), "\n"), true
	}
	return "", false
}

// shortValue writes a value in at most five characters for a board
// label (no spaces): the canonical form if it is that short, else the
// mean after "~".
func shortValue(g cgt.Game) string {
	if s := g.String(); len(s) <= 5 && !strings.ContainsAny(s, " \t") {
		return s
	}
	m := g.Mean()
	if s := m.String(); len(s) <= 4 {
		return "~" + s
	}
	return fmt.Sprintf("~%.1f", m.Float64())
}

// cmdTileValues is mathgo-tile-values (GoGui gfx): every point of a tile
// labelled with the tile's count (Japanese value, Black positive; "~"
// and the mean when the canonical form is too long for a label), settled
// territory shaded with its owner's colour, and the scores with best play
// (komi included) as TEXT. An opening or a position mathgo cannot value
// gets the reason as TEXT (and "?" or "ko" on the tiles without a value).
func (e *Engine) cmdTileValues() (string, error) {
	v, r, err := e.analysis()
	if s, done := gfxUnvalued(v, r, err); done {
		return s, nil
	}
	b := r.Board()
	var lines []string
	var black, white []string
	for _, t := range r.Tiles() {
		label := shortValue(t.Count)
		for _, p := range t.Points {
			lines = append(lines, fmt.Sprintf("LABEL %s %s", b.Name(p), label))
		}
		if t.Kind == tiles.KindTerritory {
			n, _ := t.Count.Number()
			for _, p := range t.Points {
				if n.Sign() > 0 {
					black = append(black, b.Name(p))
				} else if n.Sign() < 0 {
					white = append(white, b.Name(p))
				}
			}
		}
	}
	if len(black) > 0 {
		lines = append(lines, "BLACK "+strings.Join(black, " "))
	}
	if len(white) > 0 {
		lines = append(lines, "WHITE "+strings.Join(white, " "))
	}
	lines = append(lines, gfxText(e.scoresText(r)))
	return strings.Join(lines, "\n"), nil
}

// scoresText says the Japanese scores with best play, komi included.
func (e *Engine) scoresText(r *endgame.Report) string {
	var parts []string
	for _, c := range []board.Color{board.Black, board.White} {
		s, ok := r.Japanese(c)
		if !ok {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s with %s first", FormatScore(s.Float64()-e.komi), c))
	}
	return fmt.Sprintf("exact, Japanese counting, komi %s: %s", formatKomi(e.komi), strings.Join(parts, ", "))
}

// temperatureColor shades a temperature t against the hottest tmax: red
// for the hottest, through orange to yellow for the coolest hot tile.
func temperatureColor(t, tmax float64) string {
	if tmax <= 0 {
		return "#ffff00"
	}
	g := int(255 * (1 - t/tmax) * 0.8)
	return fmt.Sprintf("#ff%02x00", max(0, min(255, g)))
}

// cmdTemperatures is mathgo-temperatures (GoGui gfx): the points of every
// hot tile (temperature above 0) coloured by temperature (red the hottest,
// yellow the coolest) and labelled with it, and as TEXT the hottest tile
// and the move exact play makes for the player to move.
func (e *Engine) cmdTemperatures() (string, error) {
	v, r, err := e.analysis()
	if s, done := gfxUnvalued(v, r, err); done {
		return s, nil
	}
	b := r.Board()
	tmax, hottest := 0.0, (*tiles.Tile)(nil)
	for _, t := range r.Tiles() {
		if x := t.Count.Temperature().Float64(); x > tmax {
			tmax, hottest = x, t
		}
	}
	var lines []string
	for _, t := range r.Tiles() {
		temp := t.Count.Temperature()
		if temp.Sign() <= 0 {
			continue
		}
		var names []string
		for _, p := range t.Points {
			names = append(names, b.Name(p))
			lines = append(lines, fmt.Sprintf("LABEL %s %s", b.Name(p), shortTemp(temp)))
		}
		lines = append(lines, "COLOR "+temperatureColor(temp.Float64(), tmax)+" "+strings.Join(names, " "))
	}
	text := "every tile is settled (no temperature above 0)"
	if hottest != nil {
		text = fmt.Sprintf("hottest: tile %s, temperature %s (count %s)", hottest.ID, hottest.Count.Temperature(), oneLine(truncate(hottest.Count.String(), 60)))
	}
	c := e.toMove()
	if m, err := r.BestMove(c); err == nil {
		text += fmt.Sprintf("; exact play for %s: %s", c, b.Name(m.Point))
		if m.Point != board.Pass {
			lines = append(lines, fmt.Sprintf("VAR %s %s", c.String()[:1], b.Name(m.Point)))
		}
	}
	lines = append(lines, gfxText(text))
	return strings.Join(lines, "\n"), nil
}

// shortTemp writes a temperature for a label.
func shortTemp(t cgt.Dyadic) string {
	if s := t.String(); len(s) <= 5 {
		return s
	}
	return fmt.Sprintf("%.2f", t.Float64())
}

// cmdTriage is mathgo-triage: the triage's verdict on the position, in a
// player's words (endgame.Triage).
func (e *Engine) cmdTriage() (string, error) {
	return endgame.Triage(&position.Position{Board: e.b, Immortal: e.Immortal(), Name: "gtp"}).Reason, nil
}
