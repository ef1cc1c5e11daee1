package thermograph

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"math/big"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// ratFloat converts an exact breakpoint coordinate for drawing.
func ratFloat(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}

// koXYs returns a ko wall's breakpoints as plot points (value, temperature).
func koXYs(w KoWall) plotter.XYs {
	out := make(plotter.XYs, len(w))
	for i, s := range w {
		out[i] = plotter.XY{X: ratFloat(s.V), Y: ratFloat(s.T)}
	}
	return out
}

// PlotKo draws ko thermographs overlaid (typically one tile's thermographs
// with Black and with White as komaster), in the conventions of Plot:
// temperature upward from t = -1, values reversed (Black's side on the
// left), the left wall solid, the right wall dashed, the mast thick. The
// walls keep their true slopes (a ko that needs two local moves of its
// winner has a wall of slope 1/2 per degree, and so on); breakpoints are
// labelled with their exact rational coordinates unless opt.NoLabels.
// opt.Names names each thermograph in the legend.
func PlotKo(kos []KoThermograph, opt PlotOptions) (*plot.Plot, error) {
	if len(kos) == 0 {
		return nil, errors.New("thermograph: nothing to plot")
	}
	for _, k := range kos {
		if len(k.Left) == 0 || len(k.Right) == 0 || k.Mean == nil || k.Temperature == nil {
			return nil, errors.New("thermograph: a ko thermograph has no walls")
		}
	}
	p := plot.New()
	p.Title.Text = opt.Title
	if p.Title.Text == "" {
		p.Title.Text = "Ko thermographs"
	}
	p.Title.Padding = vg.Points(6)
	p.X.Label.Text = "value  (Black/Left better \u2190   \u2192 White/Right better)"
	p.Y.Label.Text = "temperature t"
	p.X.Scale = plot.InvertedScale{Normalizer: plot.LinearScale{}}
	maxT := -1.0
	xmin, xmax := math.Inf(1), math.Inf(-1)
	for _, k := range kos {
		maxT = math.Max(maxT, ratFloat(k.Temperature))
		for _, s := range slices.Concat(k.Left, k.Right) {
			v := ratFloat(s.V)
			xmin, xmax = math.Min(xmin, v), math.Max(xmax, v)
		}
	}
	mastTop := maxT + math.Max(1, 0.35*(maxT+1))
	top := mastTop + 0.6*(mastTop+1)
	xpad := math.Max(0.5, 0.12*(xmax-xmin))
	p.X.Min, p.X.Max = xmin-xpad, xmax+xpad
	p.Y.Min, p.Y.Max = -1, top
	grid := plotter.NewGrid()
	grid.Vertical.Color = color.Gray{Y: 0xe4}
	grid.Horizontal.Color = color.Gray{Y: 0xe4}
	p.Add(grid)
	for i, k := range kos {
		c := tileColors[i%len(tileColors)]
		left, err := plotter.NewLine(koXYs(k.Left))
		if err != nil {
			return nil, err
		}
		left.LineStyle = leftStyle(c)
		right, err := plotter.NewLine(koXYs(k.Right))
		if err != nil {
			return nil, err
		}
		right.LineStyle = rightStyle(c)
		m := ratFloat(k.Mean)
		mast, err := plotter.NewLine(plotter.XYs{{X: m, Y: ratFloat(k.Temperature)}, {X: m, Y: mastTop}})
		if err != nil {
			return nil, err
		}
		mast.LineStyle = mastStyle(withAlpha(c, 0x90))
		dots, err := plotter.NewScatter(append(koXYs(k.Left), koXYs(k.Right)...))
		if err != nil {
			return nil, err
		}
		dots.GlyphStyle = draw.GlyphStyle{Color: c, Radius: vg.Points(2.2), Shape: draw.CircleGlyph{}}
		p.Add(mast, left, right, dots)
		p.Legend.Add(fmt.Sprintf("%s: mean %s, temperature %s", opt.name(i), RatString(k.Mean), RatString(k.Temperature)), left, right)
		if !opt.NoLabels {
			var pts plotter.XYs
			var texts []string
			for _, s := range slices.Concat(k.Left, k.Right) {
				pts = append(pts, plotter.XY{X: ratFloat(s.V), Y: ratFloat(s.T)})
				texts = append(texts, RatString(s.V)+" @ t="+RatString(s.T))
			}
			labels, err := plotter.NewLabels(plotter.XYLabels{XYs: pts, Labels: texts})
			if err != nil {
				return nil, err
			}
			for j := range labels.TextStyle {
				labels.TextStyle[j].Color = c
				labels.TextStyle[j].Font.Size = vg.Points(7)
			}
			p.Add(labels)
		}
	}
	p.Legend.Top = true
	p.Legend.TextStyle.Font.Size = vg.Points(8)
	p.Legend.ThumbnailWidth = vg.Points(22)
	return p, nil
}

// WriteKoImage draws kos (overlaid) as a png, svg or pdf picture to w.
func WriteKoImage(w io.Writer, format string, kos []KoThermograph, opt PlotOptions) error {
	return writePlot(w, format, opt, func() (*plot.Plot, error) { return PlotKo(kos, opt) })
}

// SaveKoImage writes the picture of kos to file, in the format its
// extension names (see FormatOf).
func SaveKoImage(file string, kos []KoThermograph, opt PlotOptions) error {
	return saveTo(file, func(w io.Writer, format string) error { return WriteKoImage(w, format, kos, opt) })
}
