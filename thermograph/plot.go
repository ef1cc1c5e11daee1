package thermograph

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mathgo/mathgo/cgt"
	"gonum.org/v1/plot"
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
	// and, for the height, two thirds of the width (DefaultHeight for the
	// default width). The fonts follow the width.
	Width, Height vg.Length
	// Title replaces the default title, which names the canonical forms.
	Title string
	// Names label overlaid thermographs in the legend and at the tops of
	// their masts; missing names are A, B, C, ... in order.
	Names []string
	// NoLabels leaves out the exact labels on the breakpoints (the axes
	// still carry exact tick labels).
	NoLabels bool
}

// Size returns the picture's width and height, the defaults filled in.
func (o PlotOptions) Size() (w, h vg.Length) {
	w, h = o.Width, o.Height
	if w <= 0 {
		w = DefaultWidth
	}
	if h <= 0 {
		h = w * DefaultHeight / DefaultWidth
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

// SavePlot writes p, a picture built by Plot or PlotKo with opt, to file
// at opt's size, in the format its extension names (see FormatOf).
func SavePlot(file string, p *plot.Plot, opt PlotOptions) error {
	return saveTo(file, func(w io.Writer, format string) error { return writePlotTo(w, format, p, opt) })
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
	return writePlotTo(w, format, p, opt)
}

// writePlotTo writes p to w in format at opt's size.
func writePlotTo(w io.Writer, format string, p *plot.Plot, opt PlotOptions) error {
	width, height := opt.Size()
	c, err := draw.NewFormattedCanvas(width, height, format)
	if err != nil {
		return err
	}
	p.Draw(pictureArea(draw.New(c)))
	_, err = c.WriteTo(w)
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

// withAlpha returns c at the given opacity (premultiplied).
func withAlpha(c color.RGBA, a uint8) color.RGBA {
	f := func(x uint8) uint8 { return uint8(uint16(x) * uint16(a) / 0xff) }
	return color.RGBA{R: f(c.R), G: f(c.G), B: f(c.B), A: a}
}

// Plot builds the gonum/plot picture of ths overlaid, laid out for opt's
// size: temperature upward from t = -1, value horizontal and REVERSED
// (larger values, good for Black/Left, on the left, as in Winning Ways),
// the left wall solid, the right wall dashed, the mast thick. Thermographs
// whose walls coincide are drawn once and named together ("B, D"); each
// overlaid mast carries its names at its top. Breakpoints are labelled
// with exact values where there is room (no two texts overlap: see
// LabelBoxes); both axes tick every integer and every breakpoint, with
// exact labels as many as fit (always 0 and the integer ends). Font sizes
// follow the picture's width. The title names the canonical forms.
func Plot(ths []Thermograph, opt PlotOptions) (*plot.Plot, error) {
	if len(ths) == 0 {
		return nil, errors.New("thermograph: nothing to plot")
	}
	ss := make([]series, len(ths))
	for i, th := range ths {
		if len(th.Left) == 0 || len(th.Right) == 0 {
			return nil, errors.New("thermograph: a thermograph has no walls")
		}
		ss[i] = series{names: []string{opt.name(i)}, forms: []string{th.Canonical}, left: wallPoints(th.Left), right: wallPoints(th.Right),
			mast: wallPoint{x: th.Mean.Float64(), y: th.Temperature.Float64(), v: th.Mean.String(), t: th.Temperature.String()}}
	}
	ss = mergeSeries(ss)
	return buildPicture(pictureSpec{series: ss, titles: defaultTitles(ss, len(ths) == 1 && len(opt.Names) == 0), single: len(ss) == 1}, opt)
}

// defaultTitles returns the candidate titles, longest first: the names
// and canonical forms, the names alone, the count. bare leaves the name
// out of a lone thermograph's title (an expression that was not named).
func defaultTitles(ss []series, bare bool) []string {
	if len(ss) == 1 {
		if bare {
			return []string{"Thermograph of " + ss[0].forms[0]}
		}
		return []string{"Thermograph of " + ss[0].describe(" = "), "Thermograph of " + joinNames(ss[0].names)}
	}
	var parts, names []string
	n := 0
	for _, s := range ss {
		parts = append(parts, s.describe(" = "))
		names = append(names, s.names...)
		n += len(s.names)
	}
	return []string{"Thermographs of " + strings.Join(parts, ", "), "Thermographs of " + joinNames(names), fmt.Sprintf("Thermographs of %d games", n)}
}

// wallPoints converts a wall's breakpoints.
func wallPoints(w cgt.Trajectory) []wallPoint {
	out := make([]wallPoint, len(w))
	for i, pt := range w {
		out[i] = wallPoint{x: pt.V.Float64(), y: pt.T.Float64(), v: pt.V.String(), t: pt.T.String()}
	}
	return out
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
