package thermograph

// The layout shared by Plot and PlotKo: font sizes that follow the
// picture's width, thermographs with coinciding walls drawn once, exact
// axis ticks at the integers and the breakpoints whose labels are thinned
// to the room the axis has, and an overlay that places the legend and the
// breakpoint labels in canvas coordinates so that no two texts overlap.

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// wallPoint is a breakpoint in plot coordinates (x the value, y the
// temperature) with its exact coordinates as text.
type wallPoint struct {
	x, y float64
	v, t string
}

// label is the breakpoint's label: "value @ t=temperature".
func (p wallPoint) label() string { return p.v + " @ t=" + p.t }

// series is one thermograph as drawn: its walls, which both end at the mast
// point, and the names of the thermographs it stands for, each with its
// form (the canonical form, or a description): several when their walls
// coincide.
type series struct {
	names, forms []string
	left, right  []wallPoint
	mast         wallPoint
}

// key identifies the walls exactly: series with equal keys coincide.
func (s series) key() string {
	var b strings.Builder
	for _, w := range [][]wallPoint{s.left, s.right} {
		for _, p := range w {
			b.WriteString(p.label() + ";")
		}
		b.WriteString("|")
	}
	return b.String()
}

// mergeSeries draws coinciding thermographs once: a series whose walls
// equal an earlier one's adds its names to that one. The order of first
// appearance is kept.
func mergeSeries(in []series) []series {
	var out []series
	at := map[string]int{}
	for _, s := range in {
		k := s.key()
		if i, ok := at[k]; ok {
			out[i].names = append(out[i].names, s.names...)
			out[i].forms = append(out[i].forms, s.forms...)
			continue
		}
		at[k] = len(out)
		s.names, s.forms = slices.Clone(s.names), slices.Clone(s.forms)
		out = append(out, s)
	}
	return out
}

// joinNames joins the names of coinciding thermographs: "B, D". Names
// with a comma share what they can: "C, F, I, Black komaster" (one
// komaster of three tiles), "C, Black komaster and White komaster" (both
// komasters of one tile), else "X, a and Y, b".
func joinNames(names []string) string {
	if !slices.ContainsFunc(names, func(n string) bool { return strings.Contains(n, ", ") }) {
		return strings.Join(names, ", ")
	}
	heads, tails := make([]string, len(names)), make([]string, len(names))
	for i, n := range names {
		heads[i], tails[i], _ = strings.Cut(n, ", ")
	}
	same := func(xs []string) bool { return !slices.ContainsFunc(xs, func(x string) bool { return x != xs[0] }) }
	switch {
	case len(names) == 1:
		return names[0]
	case same(tails) && tails[0] != "":
		return strings.Join(heads, ", ") + ", " + tails[0]
	case same(heads) && !slices.Contains(tails, ""):
		return heads[0] + ", " + strings.Join(tails, " and ")
	}
	return strings.Join(names, " and ")
}

// describe names the series with its forms, the names of equal forms
// joined: "A, C: {1|*}" with sep ": " (or "A: {2|0}; B: {2*|*}" when
// equal walls come from different forms).
func (s series) describe(sep string) string {
	var order []string
	byForm := map[string][]string{}
	for i, f := range s.forms {
		if _, ok := byForm[f]; !ok {
			order = append(order, f)
		}
		byForm[f] = append(byForm[f], s.names[i])
	}
	parts := make([]string, len(order))
	for i, f := range order {
		parts[i] = joinNames(byForm[f]) + sep + f
	}
	return strings.Join(parts, "; ")
}

// sizes are a picture's font sizes and line scale.
type sizes struct {
	title, axis, tick, legend, label vg.Length
	// line scales line widths and dots.
	line float64
}

// sizesFor returns the sizes for a w x h picture: proportional to the
// width (the default 6in width gives 12pt titles and 10pt ticks), never
// below legible minimums, and held back when the picture is much wider
// than it is high so that the text still fits its height.
func sizesFor(w, h vg.Length) sizes {
	s := float64(w / DefaultWidth)
	if hs := 1.25 * float64(h/DefaultHeight); hs < s {
		s = hs
	}
	at := func(base, least float64) vg.Length { return vg.Points(math.Max(least, base*s)) }
	return sizes{title: at(12, 9), axis: at(11, 8), tick: at(10, 7.5), legend: at(9, 7.5), label: at(8, 7), line: math.Max(0.8, s)}
}

// face returns the plot's font at size.
func face(size vg.Length) font.Face {
	return font.DefaultCache.Lookup(plot.DefaultFont, size)
}

// textHeight is the height of a line of text at size: ascent and descent.
func textHeight(f font.Face) vg.Length {
	e := f.Extents()
	return e.Ascent + e.Descent
}

// fitText returns s shortened with an ellipsis so that it is at most max
// wide in f.
func fitText(f font.Face, s string, max vg.Length) string {
	if f.Width(s) <= max {
		return s
	}
	r := []rune(s)
	for n := len(r) - 1; n > 0; n-- {
		if t := string(r[:n]) + "…"; f.Width(t) <= max {
			return t
		}
	}
	return "…"
}

// firstFitting returns the first of the texts at most max wide in f, or
// the last one shortened to fit.
func firstFitting(f font.Face, max vg.Length, texts ...string) string {
	for _, t := range texts {
		if f.Width(t) <= max {
			return t
		}
	}
	return fitText(f, texts[len(texts)-1], max)
}

// pictureSpec is what buildPicture draws.
type pictureSpec struct {
	series []series
	// titles are the candidate titles, longest first: the first that fits
	// the width is used.
	titles []string
	// single draws one thermograph in the colors of the walls (blue left,
	// red right, black mast) with a legend naming the walls; otherwise each
	// series has its color and a legend line naming it.
	single bool
}

// Line styles: solid left wall, dashed right wall, thick mast; k scales
// the widths.
func leftStyle(c color.Color, k float64) draw.LineStyle {
	return draw.LineStyle{Color: c, Width: vg.Points(1.8 * k)}
}

func rightStyle(c color.Color, k float64) draw.LineStyle {
	return draw.LineStyle{Color: c, Width: vg.Points(1.8 * k), Dashes: []vg.Length{vg.Points(6 * k), vg.Points(3 * k)}}
}

func mastStyle(c color.Color, k float64) draw.LineStyle {
	return draw.LineStyle{Color: c, Width: vg.Points(4 * k)}
}

// colors returns the left wall's, right wall's and mast's colors of the
// i-th series.
func (sp pictureSpec) colors(i int) (lc, rc, mc color.RGBA) {
	if sp.single {
		return leftColor, rightColor, mastColor
	}
	c := tileColors[i%len(tileColors)]
	return c, c, withAlpha(c, 0x90)
}

// buildPicture lays the picture out for opt's size: the walls, masts and
// dots, the axes with exact ticks, and the overlay of legend and labels.
func buildPicture(sp pictureSpec, opt PlotOptions) (*plot.Plot, error) {
	w, h := opt.Size()
	sz := sizesFor(w, h)
	p := plot.New()
	p.Title.TextStyle.Font.Size = sz.title
	p.Title.Padding = sz.title / 2
	p.Title.Text = opt.Title
	if p.Title.Text == "" {
		p.Title.Text = firstFitting(face(sz.title), w*0.95-sz.title, sp.titles...)
	} else {
		p.Title.Text = fitText(face(sz.title), p.Title.Text, w*0.95-sz.title)
	}
	p.X.Label.Text = "value  (Black/Left better \u2190   \u2192 White/Right better)"
	p.Y.Label.Text = "temperature t"
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font.Size = sz.axis
		a.Label.Padding = sz.axis * 0.2
		a.Tick.Label.Font.Size = sz.tick
		a.Tick.Length = sz.tick * 0.6
		a.Padding = sz.tick * 0.4
	}
	p.X.Scale = plot.InvertedScale{Normalizer: plot.LinearScale{}}

	// Ranges: the masts rise to mastTop; the band above holds the legend.
	maxT := -1.0
	xmin, xmax := math.Inf(1), math.Inf(-1)
	for _, s := range sp.series {
		maxT = math.Max(maxT, s.mast.y)
		for _, pt := range slices.Concat(s.left, s.right) {
			xmin, xmax = math.Min(xmin, pt.x), math.Max(xmax, pt.x)
		}
	}
	mastTop := maxT + math.Max(1, 0.35*(maxT+1))
	xpad := math.Max(0.5, 0.12*(xmax-xmin))
	p.X.Min, p.X.Max = xmin-xpad, xmax+xpad
	p.Y.Min, p.Y.Max = -1, mastTop

	grid := plotter.NewGrid()
	grid.Vertical.Color = color.Gray{Y: 0xe4}
	grid.Horizontal.Color = color.Gray{Y: 0xe4}
	p.Add(grid)

	ov := &overlay{sz: sz, dotR: vg.Points(2.2 * sz.line)}
	for i, s := range sp.series {
		lc, rc, mc := sp.colors(i)
		left, err := plotter.NewLine(xysOf(s.left))
		if err != nil {
			return nil, err
		}
		left.LineStyle = leftStyle(lc, sz.line)
		right, err := plotter.NewLine(xysOf(s.right))
		if err != nil {
			return nil, err
		}
		right.LineStyle = rightStyle(rc, sz.line)
		mast, err := plotter.NewLine(plotter.XYs{{X: s.mast.x, Y: s.mast.y}, {X: s.mast.x, Y: mastTop}})
		if err != nil {
			return nil, err
		}
		mast.LineStyle = mastStyle(mc, sz.line)
		ldots, err := plotter.NewScatter(xysOf(s.left))
		if err != nil {
			return nil, err
		}
		ldots.GlyphStyle = draw.GlyphStyle{Color: lc, Radius: ov.dotR, Shape: draw.CircleGlyph{}}
		rdots, err := plotter.NewScatter(xysOf(s.right))
		if err != nil {
			return nil, err
		}
		rdots.GlyphStyle = draw.GlyphStyle{Color: rc, Radius: ov.dotR, Shape: draw.CircleGlyph{}}
		p.Add(mast, left, right, rdots, ldots)
		ov.addSeries(s, lc, rc, mastTop, sp.single, opt.NoLabels)
		if !sp.single {
			it := legendItem{text: s.describe(": "), style: draw.LineStyle{Color: lc, Width: vg.Points(4 * sz.line)}}
			if !slices.ContainsFunc(s.forms, func(f string) bool { return f != s.forms[0] }) {
				it.keep = ": " + s.forms[0]
			}
			ov.legend.entries = append(ov.legend.entries, it)
		}
	}
	if sp.single {
		lc, rc, mc := sp.colors(0)
		s := sp.series[0]
		ov.legend.entries = []legendItem{
			{text: "left wall (Black/Left)", style: leftStyle(lc, sz.line)},
			{text: "right wall (White/Right)", style: rightStyle(rc, sz.line)},
			{text: "mast: mean " + s.mast.v + ", temperature " + s.mast.t, style: mastStyle(mc, sz.line)},
		}
	}
	ov.sortLabels()

	// A first layout with every tick label gives the data area's size
	// (the y axis at its widest, so the width is a lower bound).
	xc, yc := tickCandidates(sp.series, p.X.Min, p.X.Max, mastTop)
	p.X.Tick.Marker = allTicks(xc)
	p.Y.Tick.Marker = allTicks(yc)
	dc := p.DataCanvas(pictureArea(draw.Canvas{Canvas: &textRecorder{}, Rectangle: vg.Rectangle{Max: vg.Point{X: w, Y: h}}}))
	dw, dh := dc.Max.X-dc.Min.X, dc.Max.Y-dc.Min.Y
	if !sp.single {
		ov.legend.key = []legendItem{
			{text: "left wall", style: leftStyle(color.Gray{Y: 0x55}, sz.line)},
			{text: "right wall", style: rightStyle(color.Gray{Y: 0x55}, sz.line)},
			{text: "mast", style: mastStyle(withAlpha(color.RGBA{R: 0x55, G: 0x55, B: 0x55, A: 0xff}, 0x90), sz.line)},
		}
	}
	ov.legend.fit(sz, dw, dh)
	// The band above the masts: the legend's height, at most 60% of the
	// data area.
	_, lw, lh := ov.legend.arrange(sz, dw)
	frac := 0.0
	if lw > 0 {
		frac = math.Min(0.6, float64(lh+sz.legend)/math.Max(1, float64(dh)))
	}
	p.Y.Max = mastTop + frac/(1-frac)*(mastTop+1)

	// Thin the tick labels to the room they have. Dropping labels only
	// narrows the axes, so the room only grows.
	tf := face(sz.tick)
	p.X.Tick.Marker = thinTicks(xc, p.X.Min, p.X.Max, float64(dw)/(p.X.Max-p.X.Min), tf.Width, sz.tick*0.8)
	th := textHeight(tf)
	p.Y.Tick.Marker = thinTicks(yc, p.Y.Min, mastTop, float64(dh)/(p.Y.Max-p.Y.Min), func(string) vg.Length { return th }, sz.tick*0.25)
	p.Add(ov)
	return p, nil
}

// xysOf converts breakpoints to plot coordinates.
func xysOf(pts []wallPoint) plotter.XYs {
	out := make(plotter.XYs, len(pts))
	for i, pt := range pts {
		out[i] = plotter.XY{X: pt.x, Y: pt.y}
	}
	return out
}

// Tick ranks: which tick labels are kept first when they do not all fit.
// The integers give the scale, so they come before the fractions.
const (
	rankZero      = iota // 0
	rankEnd              // the first and last integer of the axis
	rankIntMast          // integral means and mast temperatures
	rankInteger          // integers at a regular step
	rankIntBreak         // other integral breakpoints
	rankFracMast         // fractional means and mast temperatures
	rankFracBreak        // other fractional breakpoints
)

// tickCand is a candidate tick with its exact label and rank.
type tickCand struct {
	v     float64
	label string
	rank  int
}

// pointTick returns the candidate tick at v, ranked as an integer or a
// fraction.
func pointTick(v float64, label string, intRank, fracRank int) tickCand {
	if v == math.Trunc(v) {
		return tickCand{v, label, intRank}
	}
	return tickCand{v, label, fracRank}
}

// tickCandidates returns the candidate ticks of the value axis (lo to
// hi) and of the temperature axis (-1 to top): 0, the integer ends, the
// means or mast temperatures, the breakpoints and every integer.
func tickCandidates(ss []series, lo, hi, top float64) (xc, yc []tickCand) {
	for _, s := range ss {
		xc = append(xc, pointTick(s.mast.x, s.mast.v, rankIntMast, rankFracMast))
		yc = append(yc, pointTick(s.mast.y, s.mast.t, rankIntMast, rankFracMast))
	}
	for _, s := range ss {
		for _, pt := range slices.Concat(s.left, s.right) {
			xc = append(xc, pointTick(pt.x, pt.v, rankIntBreak, rankFracBreak))
			yc = append(yc, pointTick(pt.y, pt.t, rankIntBreak, rankFracBreak))
		}
	}
	return append(xc, integerTicks(lo, hi)...), append(yc, integerTicks(-1, top)...)
}

// integerTicks returns 0 and the first and last integers of [lo, hi] with
// their ranks, and the integers between as rankInteger (with a label when
// the integer is a multiple of a step of 1, 2, 5, 10, ... chosen later).
// Very long ranges get their integers at a coarser step.
func integerTicks(lo, hi float64) []tickCand {
	first, last := math.Ceil(lo), math.Floor(hi)
	if first > last {
		return nil
	}
	var out []tickCand
	label := func(n float64) string { return formatInt(n) }
	if first <= 0 && 0 <= last {
		out = append(out, tickCand{0, "0", rankZero})
	}
	out = append(out, tickCand{first, label(first), rankEnd}, tickCand{last, label(last), rankEnd})
	step := niceStep((last - first) / 400)
	for n := math.Ceil(first/step) * step; n <= last; n += step {
		out = append(out, tickCand{n, label(n), rankInteger})
	}
	return out
}

// formatInt prints an integral float as an integer.
func formatInt(n float64) string {
	if n == 0 {
		return "0" // not -0
	}
	return strconv.FormatFloat(n, 'f', -1, 64)
}

// niceStep returns the least of 1, 2, 5, 10, 20, 50, ... that is at least x.
func niceStep(x float64) float64 {
	for step := 1.0; ; step *= 10 {
		for _, k := range []float64{1, 2, 5} {
			if k*step >= x {
				return k * step
			}
		}
	}
}

// allTicks returns every candidate with its label (for the first layout).
func allTicks(cands []tickCand) plot.ConstantTicks {
	out := make(plot.ConstantTicks, len(cands))
	for i, c := range cands {
		out[i] = plot.Tick{Value: c.v, Label: c.label}
	}
	return out
}

// thinTicks returns a tick at every candidate in [lo, hi], labelled where
// the label keeps clear of the labels of better rank: a label of extent
// (width or height) e at canvas position v·ppu takes e + gap. The integers
// of rankInteger are labelled only at multiples of the least step 1, 2, 5,
// 10, ... whose labels fit side by side, so they stay regular.
func thinTicks(cands []tickCand, lo, hi, ppu float64, extent func(string) vg.Length, gap vg.Length) plot.ConstantTicks {
	cands = slices.Clone(cands)
	slices.SortStableFunc(cands, func(a, b tickCand) int { return a.rank - b.rank })
	var widest vg.Length
	for _, c := range cands {
		if c.rank == rankInteger {
			widest = max(widest, extent(c.label))
		}
	}
	step := niceStep(float64(widest+gap) / ppu)
	type span struct{ lo, hi float64 }
	var kept []span
	var out plot.ConstantTicks
	seen := map[float64]bool{}
	for _, c := range cands {
		if c.v < lo || c.v > hi || seen[c.v] {
			continue
		}
		seen[c.v] = true
		t := plot.Tick{Value: c.v}
		if c.rank == rankInteger && math.Mod(c.v, step) != 0 {
			out = append(out, t)
			continue
		}
		half := float64(extent(c.label)+gap) / 2
		s := span{c.v*ppu - half, c.v*ppu + half}
		if !slices.ContainsFunc(kept, func(k span) bool { return s.lo < k.hi && k.lo < s.hi }) {
			t.Label = c.label
			kept = append(kept, s)
		}
		out = append(out, t)
	}
	slices.SortFunc(out, func(a, b plot.Tick) int { return cmpFloat(a.Value, b.Value) })
	return out
}

// legendItem is a thumbnail line with its text.
type legendItem struct {
	text  string
	style draw.LineStyle
	// keep is the end of text that shortening keeps while it can (the
	// form after a long list of names).
	keep string
}

// fitted returns the item's text at most max wide in f: the part before
// keep shortened first.
func (it legendItem) fitted(f font.Face, max vg.Length) string {
	if f.Width(it.text) <= max {
		return it.text
	}
	if head, ok := strings.CutSuffix(it.text, it.keep); ok && it.keep != "" && f.Width("…"+it.keep) <= max {
		return fitText(f, head, max-f.Width(it.keep)) + it.keep
	}
	return fitText(f, it.text, max)
}

// legendMetrics are the legend's lengths at sz: the thumbnail's width,
// the gaps after a thumbnail and between items, the padding and the row
// height.
func legendMetrics(sz sizes) (thumb, textGap, itemGap, pad, row vg.Length) {
	em := sz.legend
	return 2.2 * em, 0.4 * em, 1.2 * em, 0.4 * em, textHeight(face(em)) + 0.25*em
}

// legend is the key of a picture: an entry per thermograph (for a lone
// thermograph, per wall and mast), flowed into cols columns, and under
// them the line styles, in one row or one per row.
type legend struct {
	entries []legendItem
	cols    int
	key     []legendItem
	keyRows bool
}

// legendCell is a legend item at its place: x is the thumbnail's left
// end from the legend's left edge, row the row from the top.
type legendCell struct {
	legendItem
	x   vg.Length
	row int
}

// arrange lays the legend out at most maxW wide (texts are shortened to
// fit) and returns its cells and its size, padding included; an empty
// legend has size zero.
func (l legend) arrange(sz sizes, maxW vg.Length) (cells []legendCell, w, h vg.Length) {
	if len(l.entries)+len(l.key) == 0 {
		return nil, 0, 0
	}
	thumb, textGap, itemGap, pad, row := legendMetrics(sz)
	f := face(sz.legend)
	cols := max(1, l.cols)
	rows := (len(l.entries) + cols - 1) / cols
	// Columns as wide as their widest entry, all shortened alike when
	// they do not fit.
	colW := make([]vg.Length, cols)
	for i, e := range l.entries {
		colW[i/rows] = max(colW[i/rows], f.Width(e.text))
	}
	var sum vg.Length
	for _, cw := range colW {
		sum += cw
	}
	room := maxW - 2*pad - vg.Length(cols)*(thumb+textGap) - vg.Length(cols-1)*itemGap
	limit := vg.Length(math.Inf(1))
	if sum > room {
		limit = room / vg.Length(cols)
		for i := range colW {
			colW[i] = min(colW[i], limit)
		}
	}
	x := pad
	for c := range cols {
		for r := range rows {
			if i := c*rows + r; i < len(l.entries) {
				e := l.entries[i]
				e.text = e.fitted(f, limit)
				cells = append(cells, legendCell{e, x, r})
			}
		}
		x += thumb + textGap + colW[c] + itemGap
	}
	w = x - itemGap + pad
	kx := pad
	for i, k := range l.key {
		if l.keyRows {
			rows++
			cells = append(cells, legendCell{k, pad, rows - 1})
			w = max(w, 2*pad+thumb+textGap+f.Width(k.text))
			continue
		}
		if i == 0 {
			rows++
		} else {
			kx += itemGap
		}
		cells = append(cells, legendCell{k, kx, rows - 1})
		kx += thumb + textGap + f.Width(k.text)
		w = max(w, kx+pad)
	}
	return cells, w, vg.Length(rows)*row + 2*pad
}

// fit chooses the legend's shape for a data area dw x dh: the line
// styles in one row if it fits, and as many columns of entries (up to 3)
// as keep the legend within a third of the height, if they fit the width.
func (l *legend) fit(sz sizes, dw, dh vg.Length) {
	l.cols, l.keyRows = 1, false
	if _, w, _ := (legend{key: l.key}).arrange(sz, vg.Length(math.Inf(1))); w > dw {
		l.keyRows = true
	}
	for l.cols < min(3, len(l.entries)) {
		if _, _, h := l.arrange(sz, dw); h <= dh/3 {
			return
		}
		wider := *l
		wider.cols++
		if _, w, _ := wider.arrange(sz, vg.Length(math.Inf(1))); w > 0.85*dw {
			return
		}
		l.cols++
	}
}

// pointLabel is a text to place near a point of the plot.
type pointLabel struct {
	at    plotter.XY
	text  string
	color color.Color
	// rank orders the placement: lower first.
	rank int
	// kind chooses the candidate positions.
	kind labelKind
	// off is the distance from the point to the text (beyond the dot or
	// the mast's half width).
	off vg.Length
}

type labelKind int

const (
	preferEast labelKind = iota // right-wall points: outside is east (the value axis is reversed)
	preferWest                  // left-wall points
	mastPoint                   // the mast point: east of the mast, above the point
	mastName                    // the names at the top of a mast
)

// overlay draws the legend and the labels of a picture. It places them
// when the plot is drawn, in the canvas coordinates of the data area, so
// that no two texts overlap: each label takes the first of its candidate
// positions near its point that is clear of the legend, of the labels
// placed before it and of every breakpoint's dot, and that crosses the
// fewest walls; a label with no clear position is left out (the axes
// still tick every breakpoint). Labels of the same breakpoint of several
// thermographs are merged into one.
type overlay struct {
	sz     sizes
	dotR   vg.Length
	legend legend
	labels []pointLabel
	dots   []plotter.XY
	lines  [][2]plotter.XY
	seen   map[string]int
}

// addSeries adds the labels, dots and wall segments of s.
func (o *overlay) addSeries(s series, lc, rc color.Color, mastTop float64, single, noLabels bool) {
	for _, w := range [][]wallPoint{s.left, s.right} {
		for i, pt := range w {
			o.dots = append(o.dots, plotter.XY{X: pt.x, Y: pt.y})
			if i > 0 {
				o.lines = append(o.lines, [2]plotter.XY{{X: w[i-1].x, Y: w[i-1].y}, {X: pt.x, Y: pt.y}})
			}
		}
	}
	o.lines = append(o.lines, [2]plotter.XY{{X: s.mast.x, Y: s.mast.y}, {X: s.mast.x, Y: mastTop}})
	mastHalf := vg.Points(2 * o.sz.line)
	if name := joinNames(s.names); !single && utf8.RuneCountInString(name) <= 8 {
		o.add(pointLabel{at: plotter.XY{X: s.mast.x, Y: mastTop}, text: name, color: lc, rank: 0, kind: mastName, off: mastHalf + o.sz.label*0.25})
	}
	if noLabels {
		return
	}
	o.add(pointLabel{at: plotter.XY{X: s.mast.x, Y: s.mast.y}, text: s.mast.label(), color: lc, rank: 1, kind: mastPoint, off: mastHalf + o.sz.label*0.3})
	for _, side := range []struct {
		pts  []wallPoint
		c    color.Color
		kind labelKind
	}{{s.left, lc, preferWest}, {s.right, rc, preferEast}} {
		for _, pt := range side.pts {
			if pt.label() == s.mast.label() {
				continue
			}
			rank := 2
			if pt.y == -1 {
				rank = 3
			}
			o.add(pointLabel{at: plotter.XY{X: pt.x, Y: pt.y}, text: pt.label(), color: side.c, rank: rank, kind: side.kind, off: o.dotR + o.sz.label*0.3})
		}
	}
}

// add adds a label, merging it with an earlier label of the same text at
// the same point (drawn in gray when their colors differ).
func (o *overlay) add(l pointLabel) {
	if o.seen == nil {
		o.seen = map[string]int{}
	}
	k := l.text
	if l.kind == mastName {
		k = "name:" + k
	}
	if i, ok := o.seen[k]; ok && o.labels[i].at == l.at {
		if o.labels[i].color != l.color {
			o.labels[i].color = color.Gray{Y: 0x40}
		}
		o.labels[i].rank = min(o.labels[i].rank, l.rank)
		return
	}
	o.seen[k] = len(o.labels)
	o.labels = append(o.labels, l)
}

// sortLabels orders the labels by rank, keeping the order of adding.
func (o *overlay) sortLabels() {
	slices.SortStableFunc(o.labels, func(a, b pointLabel) int { return a.rank - b.rank })
	o.seen = nil
}

// placedText is a text at its place: box is the text's extent, baseline
// where it is drawn.
type placedText struct {
	text     string
	color    color.Color
	size     vg.Length
	box      vg.Rectangle
	baseline vg.Point
	halo     bool
}

// legendThumb is a thumbnail line of the legend.
type legendThumb struct {
	style  draw.LineStyle
	x0, x1 vg.Length
	y      vg.Length
}

// layout places the legend and the labels in c, the data area of plt.
func (o *overlay) layout(c draw.Canvas, plt *plot.Plot) (legendBox vg.Rectangle, thumbs []legendThumb, texts []placedText) {
	var taken []vg.Rectangle
	margin := o.sz.legend * 0.3
	if cells, lw, lh := o.legend.arrange(o.sz, c.Max.X-c.Min.X-2*margin); len(cells) > 0 {
		thumb, textGap, _, pad, row := legendMetrics(o.sz)
		f := face(o.sz.legend)
		legendBox = vg.Rectangle{Min: vg.Point{X: c.Max.X - margin - lw, Y: c.Max.Y - margin - lh}, Max: vg.Point{X: c.Max.X - margin, Y: c.Max.Y - margin}}
		taken = append(taken, legendBox)
		desc := f.Extents().Descent
		for _, cell := range cells {
			mid := legendBox.Max.Y - pad - vg.Length(cell.row)*row - row/2
			x := legendBox.Min.X + cell.x
			thumbs = append(thumbs, legendThumb{cell.style, x, x + thumb, mid})
			x += thumb + textGap
			base := vg.Point{X: x, Y: mid - textHeight(f)/2 + desc}
			texts = append(texts, placedText{text: cell.text, color: color.Black, size: o.sz.legend,
				box: vg.Rectangle{Min: vg.Point{X: x, Y: base.Y - desc}, Max: vg.Point{X: x + f.Width(cell.text), Y: base.Y - desc + textHeight(f)}}, baseline: base})
		}
	}
	trX, trY := plt.Transforms(&c)
	at := func(p plotter.XY) vg.Point { return vg.Point{X: trX(p.X), Y: trY(p.Y)} }
	var dotBoxes []vg.Rectangle
	for _, d := range o.dots {
		pt := at(d)
		r := o.dotR + vg.Points(0.5)
		dotBoxes = append(dotBoxes, vg.Rectangle{Min: vg.Point{X: pt.X - r, Y: pt.Y - r}, Max: vg.Point{X: pt.X + r, Y: pt.Y + r}})
	}
	lines := make([][2]vg.Point, len(o.lines))
	for i, l := range o.lines {
		lines[i] = [2]vg.Point{at(l[0]), at(l[1])}
	}
	for _, l := range o.labels {
		size := o.sz.label
		if l.kind == mastName {
			size = o.sz.legend
		}
		f := face(size)
		tw, th := f.Width(l.text), textHeight(f)
		halo := size * 0.15
		best, bestCost := vg.Rectangle{}, math.Inf(1)
		for i, b := range candidateBoxes(at(l.at), tw, th, l.off, l.kind) {
			outer := grow(b, halo)
			if !within(outer, c.Rectangle) || intersectsAny(outer, taken) || intersectsAny(outer, dotBoxes) {
				continue
			}
			cost := float64(i)
			for _, ln := range lines {
				if segmentHitsBox(ln[0], ln[1], b) {
					cost += 6
				}
			}
			if cost < bestCost {
				best, bestCost = b, cost
			}
		}
		if math.IsInf(bestCost, 1) {
			continue // no room: left out
		}
		taken = append(taken, grow(best, halo))
		texts = append(texts, placedText{text: l.text, color: l.color, size: size, box: best,
			baseline: vg.Point{X: best.Min.X, Y: best.Min.Y + f.Extents().Descent}, halo: true})
	}
	return legendBox, thumbs, texts
}

// candidateBoxes returns the boxes (tw x th) a label of the point a may
// take, the preferred first: beside the point on its side, then above and
// below, then the other side, then stacked higher up.
func candidateBoxes(a vg.Point, tw, th, off vg.Length, kind labelKind) []vg.Rectangle {
	box := func(minX, minY vg.Length) vg.Rectangle {
		return vg.Rectangle{Min: vg.Point{X: minX, Y: minY}, Max: vg.Point{X: minX + tw, Y: minY + th}}
	}
	d := off
	east := func(dy vg.Length) vg.Rectangle { return box(a.X+off, a.Y-th/2+dy) }
	west := func(dy vg.Length) vg.Rectangle { return box(a.X-off-tw, a.Y-th/2+dy) }
	ne := func(k vg.Length) vg.Rectangle { return box(a.X+d, a.Y+d+k*th) }
	nw := func(k vg.Length) vg.Rectangle { return box(a.X-d-tw, a.Y+d+k*th) }
	se := box(a.X+d, a.Y-d-th)
	sw := box(a.X-d-tw, a.Y-d-th)
	north := func(k vg.Length) vg.Rectangle { return box(a.X-tw/2, a.Y+off+k*th) }
	south := box(a.X-tw/2, a.Y-off-th)
	switch kind {
	case preferWest:
		return []vg.Rectangle{west(0), nw(0), sw, north(0), south, east(0), ne(0), se, nw(1), ne(1), nw(2), ne(2), north(1), north(2)}
	case mastPoint:
		return []vg.Rectangle{ne(0), east(0), nw(0), west(0), se, sw, north(0), ne(1), nw(1), south, ne(2), nw(2)}
	case mastName:
		// Above the mast's top, else beside its top end, going down.
		out := []vg.Rectangle{north(0)}
		for k := vg.Length(0); k < 4; k++ {
			out = append(out, box(a.X+off, a.Y-(k+1)*th), box(a.X-off-tw, a.Y-(k+1)*th))
		}
		return out
	}
	return []vg.Rectangle{east(0), ne(0), se, north(0), south, west(0), nw(0), sw, ne(1), nw(1), ne(2), nw(2), north(1), north(2)}
}

// grow returns r grown by d on every side.
func grow(r vg.Rectangle, d vg.Length) vg.Rectangle {
	return vg.Rectangle{Min: vg.Point{X: r.Min.X - d, Y: r.Min.Y - d}, Max: vg.Point{X: r.Max.X + d, Y: r.Max.Y + d}}
}

// within reports whether r lies inside outer.
func within(r, outer vg.Rectangle) bool {
	return r.Min.X >= outer.Min.X && r.Min.Y >= outer.Min.Y && r.Max.X <= outer.Max.X && r.Max.Y <= outer.Max.Y
}

// intersects reports whether a and b overlap (touching is not overlap).
func intersects(a, b vg.Rectangle) bool {
	return a.Min.X < b.Max.X && b.Min.X < a.Max.X && a.Min.Y < b.Max.Y && b.Min.Y < a.Max.Y
}

func intersectsAny(r vg.Rectangle, rs []vg.Rectangle) bool {
	return slices.ContainsFunc(rs, func(s vg.Rectangle) bool { return intersects(r, s) })
}

// segmentHitsBox reports whether the segment p-q passes through r
// (Liang-Barsky clipping).
func segmentHitsBox(p, q vg.Point, r vg.Rectangle) bool {
	t0, t1 := 0.0, 1.0
	dx, dy := float64(q.X-p.X), float64(q.Y-p.Y)
	for _, e := range [4][2]float64{
		{-dx, float64(p.X - r.Min.X)}, {dx, float64(r.Max.X - p.X)},
		{-dy, float64(p.Y - r.Min.Y)}, {dy, float64(r.Max.Y - p.Y)},
	} {
		pp, qq := e[0], e[1]
		if pp == 0 {
			if qq < 0 {
				return false
			}
			continue
		}
		t := qq / pp
		if pp < 0 {
			t0 = math.Max(t0, t)
		} else {
			t1 = math.Min(t1, t)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}

// Plot draws the overlay (plot.Plotter).
func (o *overlay) Plot(c draw.Canvas, plt *plot.Plot) {
	legendBox, thumbs, texts := o.layout(c, plt)
	if legendBox.Size().X > 0 {
		c.SetColor(color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xe8})
		c.Fill(legendBox.Path())
		c.SetLineWidth(vg.Points(0.6))
		c.SetLineDash(nil, 0)
		c.SetColor(color.Gray{Y: 0xb0})
		c.Stroke(legendBox.Path())
	}
	for _, t := range thumbs {
		c.StrokeLine2(t.style, t.x0, t.y, t.x1, t.y)
	}
	for _, t := range texts {
		if t.halo {
			c.SetColor(color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xc0})
			c.Fill(grow(t.box, t.size*0.1).Path())
		}
		c.SetColor(t.color)
		c.FillString(face(t.size), t.baseline, t.text)
	}
}

// TextBox is a text drawn in a picture and the box it takes, in points
// from the picture's lower left corner.
type TextBox struct {
	Text string
	Box  vg.Rectangle
}

// LabelBoxes lays p out on a w x h canvas, as writing the picture does,
// and returns every text drawn: the title, the axes' labels and tick
// labels, the legend and the breakpoint labels, each with the box that
// its font's ascent, descent and advance width give it. A legible picture
// has no two boxes that intersect.
func LabelBoxes(p *plot.Plot, w, h vg.Length) []TextBox {
	rec := &textRecorder{}
	p.Draw(pictureArea(draw.Canvas{Canvas: rec, Rectangle: vg.Rectangle{Max: vg.Point{X: w, Y: h}}}))
	return rec.texts
}

// pictureArea returns the part of a picture's canvas the plot is drawn
// in: all but a thin margin, because gonum draws a text's ascent a tenth
// of its size above the box it lays the text out in, and the title and
// the temperature axis's label would touch the picture's edges.
func pictureArea(c draw.Canvas) draw.Canvas {
	m := max(vg.Points(2), (c.Max.X-c.Min.X)/200)
	return draw.Crop(c, m, -m, m, -m)
}

// textRecorder is a vg.Canvas that draws nothing and records the box of
// every string, under the transformations in force.
type textRecorder struct {
	m     affine
	stack []affine
	texts []TextBox
}

// affine maps (x, y) to (a·x + c·y + e, b·x + d·y + f); the zero value is
// taken as the identity.
type affine struct {
	set              bool
	a, b, c, d, e, f float64
}

func (m affine) norm() affine {
	if !m.set {
		return affine{set: true, a: 1, d: 1}
	}
	return m
}

// then returns m applied after n: the map p -> m(n(p)).
func (m affine) then(n affine) affine {
	m, n = m.norm(), n.norm()
	return affine{set: true,
		a: m.a*n.a + m.c*n.b, b: m.b*n.a + m.d*n.b,
		c: m.a*n.c + m.c*n.d, d: m.b*n.c + m.d*n.d,
		e: m.a*n.e + m.c*n.f + m.e, f: m.b*n.e + m.d*n.f + m.f}
}

func (m affine) apply(p vg.Point) vg.Point {
	m = m.norm()
	x, y := float64(p.X), float64(p.Y)
	return vg.Point{X: vg.Length(m.a*x + m.c*y + m.e), Y: vg.Length(m.b*x + m.d*y + m.f)}
}

func (r *textRecorder) SetLineWidth(vg.Length)              {}
func (r *textRecorder) SetLineDash([]vg.Length, vg.Length)  {}
func (r *textRecorder) SetColor(color.Color)                {}
func (r *textRecorder) Stroke(vg.Path)                      {}
func (r *textRecorder) Fill(vg.Path)                        {}
func (r *textRecorder) DrawImage(vg.Rectangle, image.Image) {}
func (r *textRecorder) Push()                               { r.stack = append(r.stack, r.m) }
func (r *textRecorder) Pop() {
	if n := len(r.stack); n > 0 {
		r.m, r.stack = r.stack[n-1], r.stack[:n-1]
	}
}
func (r *textRecorder) Rotate(rad float64) {
	s, c := math.Sincos(rad)
	r.m = r.m.then(affine{set: true, a: c, b: s, c: -s, d: c})
}
func (r *textRecorder) Translate(pt vg.Point) {
	r.m = r.m.then(affine{set: true, a: 1, d: 1, e: float64(pt.X), f: float64(pt.Y)})
}
func (r *textRecorder) Scale(x, y float64) {
	r.m = r.m.then(affine{set: true, a: x, d: y})
}

// FillString records the box of text drawn at pt (on its baseline).
func (r *textRecorder) FillString(f font.Face, pt vg.Point, text string) {
	e := f.Extents()
	w := f.Width(text)
	box := vg.Rectangle{Min: vg.Point{X: vg.Length(math.Inf(1)), Y: vg.Length(math.Inf(1))}, Max: vg.Point{X: vg.Length(math.Inf(-1)), Y: vg.Length(math.Inf(-1))}}
	for _, c := range []vg.Point{{X: pt.X, Y: pt.Y - e.Descent}, {X: pt.X + w, Y: pt.Y - e.Descent}, {X: pt.X, Y: pt.Y + e.Ascent}, {X: pt.X + w, Y: pt.Y + e.Ascent}} {
		q := r.m.apply(c)
		box.Min.X, box.Min.Y = min(box.Min.X, q.X), min(box.Min.Y, q.Y)
		box.Max.X, box.Max.Y = max(box.Max.X, q.X), max(box.Max.Y, q.Y)
	}
	r.texts = append(r.texts, TextBox{Text: text, Box: box})
}
