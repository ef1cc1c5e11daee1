package thermograph

import (
	"errors"
	"fmt"
	"io"
	"math/big"

	"gonum.org/v1/plot"
)

// ratFloat converts an exact breakpoint coordinate for drawing.
func ratFloat(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}

// koPoints converts a ko wall's breakpoints.
func koPoints(w KoWall) []wallPoint {
	out := make([]wallPoint, len(w))
	for i, s := range w {
		out[i] = wallPoint{x: ratFloat(s.V), y: ratFloat(s.T), v: RatString(s.V), t: RatString(s.T)}
	}
	return out
}

// PlotKo draws ko thermographs overlaid (typically one tile's thermographs
// with Black and with White as komaster), in the conventions and layout
// of Plot: temperature upward from t = -1, values reversed (Black's side
// on the left), the left wall solid, the right wall dashed, the mast
// thick, coinciding thermographs drawn once and named together. The walls
// keep their true slopes (a ko that needs two local moves of its winner
// has a wall of slope 1/2 per degree, and so on); breakpoints are labelled
// with their exact rational coordinates where there is room, unless
// opt.NoLabels. opt.Names names each thermograph in the legend, with its
// mean and temperature.
func PlotKo(kos []KoThermograph, opt PlotOptions) (*plot.Plot, error) {
	if len(kos) == 0 {
		return nil, errors.New("thermograph: nothing to plot")
	}
	ss := make([]series, len(kos))
	for i, k := range kos {
		if len(k.Left) == 0 || len(k.Right) == 0 || k.Mean == nil || k.Temperature == nil {
			return nil, errors.New("thermograph: a ko thermograph has no walls")
		}
		ss[i] = series{names: []string{opt.name(i)}, forms: []string{fmt.Sprintf("mean %s, temperature %s", RatString(k.Mean), RatString(k.Temperature))},
			left: koPoints(k.Left), right: koPoints(k.Right),
			mast: wallPoint{x: ratFloat(k.Mean), y: ratFloat(k.Temperature), v: RatString(k.Mean), t: RatString(k.Temperature)}}
	}
	return buildPicture(pictureSpec{series: mergeSeries(ss), titles: []string{"Ko thermographs"}}, opt)
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
