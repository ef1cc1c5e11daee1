package thermograph

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mathgo/mathgo/cgt"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Default picture size: 6 x 4 inches (576 x 384 pixels in PNG, which
// gonum/plot renders at 96 dots per inch).
const (
	DefaultWidth  = 6 * vg.Inch
	DefaultHeight = 4 * vg.Inch
)

// Formats lists the picture formats, named by file extension.
var Formats = []string{"png", "svg", "pdf"}

// PlotOptions tune a picture. The zero value gives the defaults.
type PlotOptions struct {
	// Width and Height are the picture's size; zero means DefaultWidth
	// and DefaultHeight.
	Width, Height vg.Length
	// Title replaces the default title, which names the canonical forms.
	Title string
	// Names label overlaid thermographs in the legend; missing names are
	// A, B, C, ... in order.
	Names []string
	// NoLabels leaves out the exact labels on the breakpoints (the axes
	// still carry exact tick labels).
	NoLabels bool
}

func (o PlotOptions) size() (w, h vg.Length) {
	w, h = o.Width, o.Height
	if w <= 0 {
		w = DefaultWidth
	}
	if h <= 0 {
		h = DefaultHeight
	}
	return w, h
}

// name returns the legend name of the i-th thermograph.
func (o PlotOptions) name(i int) string {
	if i < len(o.Names) && o.Names[i] != "" {
		return o.Names[i]
	}
	return seqName(i)
}

// seqName returns A, B, ..., Z, AA, AB, ...
func seqName(i int) string {
	s := ""
	for i++; i > 0; i = (i - 1) / 26 {
		s = string(rune('A'+(i-1)%26)) + s
	}
	return s
}

// FormatOf returns the picture format named by file's extension: png, svg
// or pdf (case-insensitive).
func FormatOf(file string) (string, error) {
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(file), "."))
	if slices.Contains(Formats, ext) {
		return ext, nil
	}
	if ext == "" {
		return "", fmt.Errorf("%s: no file extension: name the picture .png, .svg or .pdf", file)
	}
	return "", fmt.Errorf("%s: unsupported picture format %q: use .png, .svg or .pdf", file, ext)
}

// SaveImage draws ths (overlaid) into file, in the format its extension
// names (see FormatOf).
func SaveImage(file string, ths []Thermograph, opt PlotOptions) error {
	return saveTo(file, func(w io.Writer, format string) error { return WriteImage(w, format, ths, opt) })
}

// saveTo creates file and lets write draw into it in the format its
// extension names.
func saveTo(file string, write func(w io.Writer, format string) error) (err error) {
	format, err := FormatOf(file)
	if err != nil {
		return err
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	defer func() {
		if e := f.Close(); err == nil {
			err = e
		}
	}()
	return write(f, format)
}

// WriteImage draws ths (overlaid) as a png, svg or pdf picture to w.
func WriteImage(w io.Writer, format string, ths []Thermograph, opt PlotOptions) error {
	return writePlot(w, format, opt, func() (*plot.Plot, error) { return Plot(ths, opt) })
}

// writePlot checks the format, builds the picture and writes it to w at
// opt's size.
func writePlot(w io.Writer, format string, opt PlotOptions, build func() (*plot.Plot, error)) error {
	if !slices.Contains(Formats, format) {
		return fmt.Errorf("unsupported picture format %q: use png, svg or pdf", format)
	}
	p, err := build()
	if err != nil {
		return err
	}
	width, height := opt.size()
	wt, err := p.WriterTo(width, height, format)
	if err != nil {
		return err
	}
	_, err = wt.WriteTo(w)
	return err
}

// Palettes: one thermograph is drawn with a blue left wall (Left/Black),
// a red right wall (Right/White) and a black mast; overlaid ones get one
// color each, and the walls are told apart by the line style.
var (
	leftColor  = color.RGBA{R: 0x1f, G: 0x4e, B: 0xc8, A: 0xff}
	rightColor = color.RGBA{R: 0xc8, G: 0x1f, B: 0x1f, A: 0xff}
	mastColor  = color.RGBA{R: 0x20, G: 0x20, B: 0x20, A: 0xff}
	tileColors = []color.RGBA{
		{R: 0x1f, G: 0x4e, B: 0xc8, A: 0xff}, // blue
		{R: 0xc8, G: 0x1f, B: 0x1f, A: 0xff}, // red
		{R: 0x1a, G: 0x8a, B: 0x2e, A: 0xff}, // green
		{R: 0x8e, G: 0x3c, B: 0xb8, A: 0xff}, // purple
		{R: 0xd9, G: 0x7a, B: 0x00, A: 0xff}, // orange
		{R: 0x00, G: 0x8b, B: 0x8b, A: 0xff}, // teal
		{R: 0x6b, G: 0x4f, B: 0x1d, A: 0xff}, // brown
		{R: 0x55, G: 0x55, B: 0x55, A: 0xff}, // gray
	}
)

// Line styles: solid left wall, dashed right wall, thick mast.
func leftStyle(c color.Color) draw.LineStyle {
	return draw.LineStyle{Color: c, Width: vg.Points(1.8)}
}

func rightStyle(c color.Color) draw.LineStyle {
	return draw.LineStyle{Color: c, Width: vg.Points(1.8), Dashes: []vg.Length{vg.Points(6), vg.Points(3)}}
}

func mastStyle(c color.Color) draw.LineStyle {
	return draw.LineStyle{Color: c, Width: vg.Points(4)}
}

// withAlpha returns c at the given opacity (premultiplied).
func withAlpha(c color.RGBA, a uint8) color.RGBA {
	f := func(x uint8) uint8 { return uint8(uint16(x) * uint16(a) / 0xff) }
	return color.RGBA{R: f(c.R), G: f(c.G), B: f(c.B), A: a}
}

// Plot builds the gonum/plot picture of ths overlaid: temperature upward
// from t = -1, value horizontal and REVERSED (larger values, good for
// Black/Left, on the left, as in Winning Ways), the left wall solid, the
// right wall dashed, the mast thick, breakpoints marked and labelled with
// exact values, exact ticks on both axes, and a title naming the canonical
// forms.
func Plot(ths []Thermograph, opt PlotOptions) (*plot.Plot, error) {
	if len(ths) == 0 {
		return nil, errors.New("thermograph: nothing to plot")
	}
	for _, th := range ths {
		if len(th.Left) == 0 || len(th.Right) == 0 {
			return nil, errors.New("thermograph: a thermograph has no walls")
		}
	}
	p := plot.New()
	p.Title.Text = opt.Title
	p.Title.Padding = vg.Points(6)
	if p.Title.Text == "" {
		p.Title.Text = defaultTitle(ths, opt)
	}
	p.X.Label.Text = "value  (Black/Left better \u2190   \u2192 White/Right better)"
	p.Y.Label.Text = "temperature t"
	p.X.Scale = plot.InvertedScale{Normalizer: plot.LinearScale{}}

	// Ranges.
	maxT := -1.0
	xmin, xmax := math.Inf(1), math.Inf(-1)
	for _, th := range ths {
		maxT = math.Max(maxT, th.Temperature.Float64())
		for _, pt := range slices.Concat(th.Left, th.Right) {
			xmin, xmax = math.Min(xmin, pt.V.Float64()), math.Max(xmax, pt.V.Float64())
		}
	}
	// Masts rise to mastTop; the band above it holds the legend.
	mastTop := maxT + math.Max(1, 0.35*(maxT+1))
	entries := len(ths) + 3
	if len(ths) == 1 {
		entries = 3
	}
	_, height := opt.size()
	frac := math.Min(0.6, (float64(entries)*9.5+8)/math.Max(1, float64(height/vg.Points(1))-80))
	top := mastTop + frac/(1-frac)*(mastTop+1)
	xpad := math.Max(0.5, 0.12*(xmax-xmin))
	p.X.Min, p.X.Max = xmin-xpad, xmax+xpad
	p.Y.Min, p.Y.Max = -1, top
	p.X.Tick.Marker = exactTicks(p.X.Min, p.X.Max, xTicks(ths))
	p.Y.Tick.Marker = exactTicks(p.Y.Min, mastTop, yTicks(ths))

	grid := plotter.NewGrid()
	grid.Vertical.Color = color.Gray{Y: 0xe4}
	grid.Horizontal.Color = color.Gray{Y: 0xe4}
	p.Add(grid)

	single := len(ths) == 1
	for i, th := range ths {
		lc, rc, mc := leftColor, rightColor, mastColor
		if !single {
			c := tileColors[i%len(tileColors)]
			lc, rc, mc = c, c, withAlpha(c, 0x90)
		}
		left, err := plotter.NewLine(xys(th.Left))
		if err != nil {
			return nil, err
		}
		left.LineStyle = leftStyle(lc)
		right, err := plotter.NewLine(xys(th.Right))
		if err != nil {
			return nil, err
		}
		right.LineStyle = rightStyle(rc)
		m := th.Mean.Float64()
		mast, err := plotter.NewLine(plotter.XYs{{X: m, Y: th.Temperature.Float64()}, {X: m, Y: mastTop}})
		if err != nil {
			return nil, err
		}
		mast.LineStyle = mastStyle(mc)
		ldots, err := plotter.NewScatter(xys(th.Left))
		if err != nil {
			return nil, err
		}
		ldots.GlyphStyle = draw.GlyphStyle{Color: lc, Radius: vg.Points(2.2), Shape: draw.CircleGlyph{}}
		rdots, err := plotter.NewScatter(xys(th.Right))
		if err != nil {
			return nil, err
		}
		rdots.GlyphStyle = draw.GlyphStyle{Color: rc, Radius: vg.Points(2.2), Shape: draw.CircleGlyph{}}
		p.Add(mast, left, right, rdots, ldots)
		if single {
			p.Legend.Add("left wall (Black/Left)", left)
			p.Legend.Add("right wall (White/Right)", right)
			p.Legend.Add("mast: mean "+th.Mean.String()+", temperature "+th.Temperature.String(), mast)
		} else {
			p.Legend.Add(opt.name(i)+": "+th.Canonical, left, right)
		}
		if !opt.NoLabels {
			labels, err := breakpointLabels(th, lc, rc)
			if err != nil {
				return nil, err
			}
			for _, l := range labels {
				p.Add(l)
			}
		}
	}
	if !single {
		gray := color.Gray{Y: 0x55}
		key := []struct {
			name  string
			style draw.LineStyle
		}{{"left wall", leftStyle(gray)}, {"right wall", rightStyle(gray)}, {"mast", mastStyle(withAlpha(color.RGBA{R: 0x55, G: 0x55, B: 0x55, A: 0xff}, 0x90))}}
		for _, k := range key {
			l, _ := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}})
			l.LineStyle = k.style
			p.Legend.Add(k.name, l)
		}
	}
	p.Legend.Top = true
	p.Legend.TextStyle.Font.Size = vg.Points(8)
	p.Legend.ThumbnailWidth = vg.Points(22)
	return p, nil
}

// defaultTitle names the canonical forms.
func defaultTitle(ths []Thermograph, opt PlotOptions) string {
	if len(ths) == 1 {
		return "Thermograph of " + ths[0].Canonical
	}
	parts := make([]string, len(ths))
	for i, th := range ths {
		parts[i] = opt.name(i) + " = " + th.Canonical
	}
	if s := "Thermographs of " + strings.Join(parts, ", "); len(s) <= 90 {
		return s
	}
	return fmt.Sprintf("Thermographs of %d games", len(ths))
}

// xys converts breakpoints to plot coordinates (x value, y temperature).
func xys(pts []Point) plotter.XYs {
	out := make(plotter.XYs, len(pts))
	for i, pt := range pts {
		out[i] = plotter.XY{X: pt.V.Float64(), Y: pt.T.Float64()}
	}
	return out
}

// breakpointLabels labels every breakpoint with its exact value and
// temperature: left-wall points on their left (outside the thermograph),
// right-wall points on their right, and the mast point once, beside the
// mast.
func breakpointLabels(th Thermograph, lc, rc color.Color) ([]*plotter.Labels, error) {
	style := func(c color.Color, xa draw.XAlignment, ya draw.YAlignment) text.Style {
		return text.Style{
			Color:   c,
			Font:    font.From(plot.DefaultFont, vg.Points(7)),
			XAlign:  xa,
			YAlign:  ya,
			Handler: plot.DefaultTextHandler,
		}
	}
	mast := Point{T: th.Temperature, V: th.Mean}
	var out []*plotter.Labels
	side := func(pts []Point, c color.Color, xa draw.XAlignment, dx vg.Length) error {
		var l plotter.XYLabels
		for _, pt := range pts {
			if pt.T.Equal(mast.T) && pt.V.Equal(mast.V) {
				continue
			}
			l.XYs = append(l.XYs, plotter.XY{X: pt.V.Float64(), Y: pt.T.Float64()})
			l.Labels = append(l.Labels, pt.V.String()+" @ t="+pt.T.String())
		}
		if len(l.Labels) == 0 {
			return nil
		}
		lab, err := plotter.NewLabels(l)
		if err != nil {
			return err
		}
		for i := range lab.TextStyle {
			lab.TextStyle[i] = style(c, xa, draw.YCenter)
		}
		lab.Offset = vg.Point{X: dx}
		out = append(out, lab)
		return nil
	}
	// The value axis is reversed: the left wall's outside is toward
	// smaller canvas x.
	if err := side(th.Left, lc, draw.XRight, -vg.Points(5)); err != nil {
		return nil, err
	}
	if err := side(th.Right, rc, draw.XLeft, vg.Points(5)); err != nil {
		return nil, err
	}
	ml, err := plotter.NewLabels(plotter.XYLabels{
		XYs:    plotter.XYs{{X: th.Mean.Float64(), Y: th.Temperature.Float64()}},
		Labels: []string{th.Mean.String() + " @ t=" + th.Temperature.String()},
	})
	if err != nil {
		return nil, err
	}
	ml.TextStyle[0] = style(lc, draw.XLeft, draw.YBottom)
	ml.Offset = vg.Point{X: vg.Points(5), Y: vg.Points(3)}
	return append(out, ml), nil
}

// tick is a candidate tick with an exact label.
type tick struct {
	v     cgt.Dyadic
	label string
}

// xTicks returns the exact means, then the values of all breakpoints.
func xTicks(ths []Thermograph) []tick {
	var out []tick
	for _, th := range ths {
		out = append(out, tick{th.Mean, th.Mean.String()})
	}
	for _, th := range ths {
		for _, pt := range slices.Concat(th.Left, th.Right) {
			out = append(out, tick{pt.V, pt.V.String()})
		}
	}
	return out
}

// yTicks returns -1, 0 and the exact temperatures of all breakpoints.
func yTicks(ths []Thermograph) []tick {
	out := []tick{{cgt.DyadicInt(-1), "-1"}, {cgt.DyadicInt(0), "0"}}
	for _, th := range ths {
		for _, pt := range slices.Concat(th.Left, th.Right) {
			out = append(out, tick{pt.T, pt.T.String()})
		}
	}
	return out
}

// exactTicks returns constant ticks labelled with exact values: the
// candidates in the order given (duplicates and labels that would collide
// are dropped), then the integers in range where there is room.
func exactTicks(lo, hi float64, cands []tick) plot.ConstantTicks {
	gap := (hi - lo) / 14
	var kept []plot.Tick
	room := func(x float64) bool {
		for _, k := range kept {
			if math.Abs(k.Value-x) < gap {
				return false
			}
		}
		return true
	}
	for _, c := range cands {
		if x := c.v.Float64(); x >= lo && x <= hi && room(x) {
			kept = append(kept, plot.Tick{Value: x, Label: c.label})
		}
	}
	if hi-lo <= 60 {
		for n := math.Ceil(lo); n <= hi; n++ {
			if room(n) {
				kept = append(kept, plot.Tick{Value: n, Label: fmt.Sprint(int64(n))})
			}
		}
	}
	slices.SortFunc(kept, func(a, b plot.Tick) int { return cmpFloat(a.Value, b.Value) })
	return kept
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
