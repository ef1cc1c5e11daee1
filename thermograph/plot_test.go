package thermograph

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/cgt"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

func figure410() []Thermograph {
	var ths []Thermograph
	for _, e := range []string{"{3|5/2}", "3+{0|^}", "1*", "-2v", "1/2", "2v"} {
		ths = append(ths, Of(cgt.MustParse(e)))
	}
	return ths
}

// inkStats counts the pixels that are not white, and those that are
// clearly blue (the left wall) and clearly red (the right wall).
func inkStats(img image.Image) (ink, blue, red int) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			r, g, bl = r>>8, g>>8, bl>>8
			if r < 0xf0 || g < 0xf0 || bl < 0xf0 {
				ink++
			}
			if bl > 0xa0 && r < 0x60 && g < 0x90 {
				blue++
			}
			if r > 0xa0 && g < 0x60 && bl < 0x60 {
				red++
			}
		}
	}
	return ink, blue, red
}

func TestPNGDecodesWithRequestedSize(t *testing.T) {
	for _, c := range []struct {
		name   string
		opt    PlotOptions
		ths    []Thermograph
		wx, hx int
	}{
		{"default size", PlotOptions{}, []Thermograph{Of(cgt.MustParse("{3||2*|1*}"))}, 576, 384},
		{"800x600 px", PlotOptions{Width: 800 * vg.Inch / 96, Height: 600 * vg.Inch / 96}, []Thermograph{Of(cgt.MustParse("{4||3|1}"))}, 800, 600},
		{"overlay, 4x3 in", PlotOptions{Width: 4 * vg.Inch, Height: 3 * vg.Inch, NoLabels: true}, figure410(), 384, 288},
		{"integer", PlotOptions{}, []Thermograph{Of(cgt.Int(5))}, 576, 384},
	} {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteImage(&buf, "png", c.ths, c.opt); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&buf)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			if b := img.Bounds(); b.Dx() != c.wx || b.Dy() != c.hx {
				t.Fatalf("size %dx%d, want %dx%d", b.Dx(), b.Dy(), c.wx, c.hx)
			}
			ink, blue, red := inkStats(img)
			total := c.wx * c.hx
			if ink < total/100 {
				t.Errorf("picture is blank: %d of %d pixels inked", ink, total)
			}
			if ink > total/2 {
				t.Errorf("picture is mostly ink: %d of %d pixels", ink, total)
			}
			if blue < 50 {
				t.Errorf("only %d blue pixels: no left wall?", blue)
			}
			if len(c.ths) == 1 && c.ths[0].Temperature.Sign() > 0 && red < 50 {
				t.Errorf("only %d red pixels: no right wall?", red)
			}
		})
	}
}

// TestOrientation checks that the value axis is reversed: the left wall
// of {10|0} (blue, from value 11 at t = -1) is drawn on the left half of
// the picture, the right wall (red, from -1) on the right half.
func TestOrientation(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteImage(&buf, "png", []Thermograph{Of(cgt.MustParse("{10|0}"))}, PlotOptions{NoLabels: true}); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	var blueX, redX, nb, nr int
	// Look only at the lower half, below the legend.
	for y := b.Dy() / 2; y < b.Max.Y; y++ {
		for x := 0; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			r, g, bl = r>>8, g>>8, bl>>8
			if bl > 0xa0 && r < 0x60 && g < 0x90 {
				blueX += x
				nb++
			}
			if r > 0xa0 && g < 0x60 && bl < 0x60 {
				redX += x
				nr++
			}
		}
	}
	if nb == 0 || nr == 0 {
		t.Fatalf("walls not found: %d blue, %d red pixels", nb, nr)
	}
	if blueX/nb >= b.Dx()/2 || redX/nr <= b.Dx()/2 {
		t.Errorf("left wall at mean x %d, right wall at %d, width %d: value axis not reversed", blueX/nb, redX/nr, b.Dx())
	}
}

func TestSVGAndPDF(t *testing.T) {
	ths := figure410()
	var svg, pdf bytes.Buffer
	if err := WriteImage(&svg, "svg", ths, PlotOptions{}); err != nil {
		t.Fatal(err)
	}
	if s := svg.String(); !strings.Contains(s, "<svg") || !strings.Contains(s, "11/4") {
		t.Errorf("SVG lacks <svg> or the exact label 11/4: %.200s", s)
	}
	if err := WriteImage(&pdf, "pdf", ths, PlotOptions{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(pdf.Bytes(), []byte("%PDF-")) {
		t.Errorf("not a PDF: %.20q", pdf.Bytes())
	}
}

func TestSaveImageByExtension(t *testing.T) {
	dir := t.TempDir()
	th := []Thermograph{Of(cgt.MustParse("{3|1}"))}
	for _, name := range []string{"a.png", "b.SVG", "c.pdf"} {
		if err := SaveImage(filepath.Join(dir, name), th, PlotOptions{}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if st, err := os.Stat(filepath.Join(dir, name)); err != nil || st.Size() < 100 {
			t.Errorf("%s: not written", name)
		}
	}
	for _, name := range []string{"d.gif", "noext"} {
		if err := SaveImage(filepath.Join(dir, name), th, PlotOptions{}); err == nil {
			t.Errorf("%s: no error", name)
		}
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s: written anyway", name)
		}
	}
	if err := WriteImage(new(bytes.Buffer), "png", nil, PlotOptions{}); err == nil {
		t.Error("empty plot: no error")
	}
}

func TestTitlesAndNames(t *testing.T) {
	p, err := Plot([]Thermograph{Of(cgt.MustParse("{3||2*|1*}"))}, PlotOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Title.Text != "Thermograph of {3||2*|1*}" {
		t.Errorf("title %q", p.Title.Text)
	}
	p, err = Plot(figure410()[:2], PlotOptions{Names: []string{"A"}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Title.Text != "Thermographs of A = {3|5/2}, B = 3^^*" {
		t.Errorf("title %q", p.Title.Text)
	}
	if seqName(0) != "A" || seqName(25) != "Z" || seqName(26) != "AA" {
		t.Error("seqName")
	}
}

// pxWidths are the picture widths the legibility tests draw, in pixels.
var pxWidths = []int{400, 800, 1200}

func px(n int) vg.Length { return vg.Length(n) * vg.Inch / 96 }

// checkLegible fails t if two texts of p drawn at w x h intersect or a
// text leaves the picture.
func checkLegible(t *testing.T, what string, p *plot.Plot, w, h vg.Length) []TextBox {
	t.Helper()
	boxes := LabelBoxes(p, w, h)
	if len(boxes) == 0 {
		t.Fatalf("%s: no text drawn", what)
	}
	const eps = 0.01
	for i, a := range boxes {
		if a.Box.Min.X < -eps || a.Box.Min.Y < -eps || a.Box.Max.X > w+eps || a.Box.Max.Y > h+eps {
			t.Errorf("%s: %q at %v leaves the %vx%v picture", what, a.Text, a.Box, w, h)
		}
		for _, b := range boxes[i+1:] {
			if a.Box.Min.X < b.Box.Max.X-eps && b.Box.Min.X < a.Box.Max.X-eps && a.Box.Min.Y < b.Box.Max.Y-eps && b.Box.Min.Y < a.Box.Max.Y-eps {
				t.Errorf("%s: %q at %v overlaps %q at %v", what, a.Text, a.Box, b.Text, b.Box)
			}
		}
	}
	return boxes
}

// berlekampTiles are the counts of the valued tiles of Berlekamp's
// problem (testdata/positions/berlekamp-problem.txt): walls that cross,
// masts a quarter apart, labels crowding at t = -1.
func berlekampTiles() []Thermograph {
	var ths []Thermograph
	for _, e := range []string{"{2||*|-1}", "{4|||3||2|0}", "{2|0}", "{0|-2||-3}", "{1|*}", "{4|2||1}"} {
		ths = append(ths, Of(cgt.MustParse(e)))
	}
	return ths
}

// TestLabelsDoNotOverlap draws crowded pictures at several widths, with
// and without breakpoint labels, and checks with LabelBoxes that no two
// texts (title, axes, ticks, legend, labels) intersect.
func TestLabelsDoNotOverlap(t *testing.T) {
	var terms []string
	for i := 1; i <= 20; i++ {
		terms = append(terms, fmt.Sprintf("{%d|%d}", i, -i-1))
	}
	sw, ok := cgt.ParseSwitchSum(strings.Join(terms, " + "))
	if !ok {
		t.Fatal("switch sum does not parse")
	}
	cases := []struct {
		name string
		ths  []Thermograph
	}{
		{"one", []Thermograph{Of(cgt.MustParse("{3||2*|1*}"))}},
		{"integer", []Thermograph{Of(cgt.Int(5))}},
		{"figure 4.10", figure410()},
		{"Berlekamp's tiles", berlekampTiles()},
		{"long switch sum", []Thermograph{OfSwitchSum(sw), Of(cgt.MustParse("{20|-20}"))}},
		{"many small", []Thermograph{Of(cgt.MustParse("{1|0}")), Of(cgt.MustParse("{1/2|0}")), Of(cgt.MustParse("{1/4|0}")), Of(cgt.MustParse("{1|-1}")), Of(cgt.MustParse("{1/2|-1/2}")), Of(cgt.MustParse("1/2")), Of(cgt.MustParse("-1/4")), Of(cgt.MustParse("*"))}},
	}
	for _, c := range cases {
		for _, n := range pxWidths {
			for _, noLabels := range []bool{false, true} {
				opt := PlotOptions{Width: px(n), NoLabels: noLabels}
				p, err := Plot(c.ths, opt)
				if err != nil {
					t.Fatal(err)
				}
				w, h := opt.Size()
				checkLegible(t, fmt.Sprintf("%s at %dpx (no labels %v)", c.name, n, noLabels), p, w, h)
			}
		}
	}
	a, err := KoThermographs(koP(3, -1), 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range pxWidths {
		opt := PlotOptions{Width: px(n), Names: []string{"C, Black komaster", "C, White komaster"}, Title: "Ko thermographs of testdata/ko/one-point-ko-p.txt"}
		p, err := PlotKo([]KoThermograph{a.Black, a.White}, opt)
		if err != nil {
			t.Fatal(err)
		}
		w, h := opt.Size()
		checkLegible(t, fmt.Sprintf("ko at %dpx", n), p, w, h)
	}
}

// texts returns the texts drawn in p at its size.
func texts(p *plot.Plot, opt PlotOptions) []string {
	w, h := opt.Size()
	var out []string
	for _, b := range LabelBoxes(p, w, h) {
		out = append(out, b.Text)
	}
	return out
}

// TestCoincidingThermographsMerged: {1|*} given twice (tiles A and C) is
// drawn once, its legend entry and mast naming both tiles; a thermograph
// shared by different forms ({2|0}, {2^|0} and {2|v} differ by
// infinitesimals)
// names each form.
func TestCoincidingThermographsMerged(t *testing.T) {
	ths := []Thermograph{Of(cgt.MustParse("{1|*}")), Of(cgt.MustParse("{3||2|0}")), Of(cgt.MustParse("{1|*}")), Of(cgt.MustParse("*"))}
	opt := PlotOptions{Names: []string{"A", "B", "C", "E"}}
	p, err := Plot(ths, opt)
	if err != nil {
		t.Fatal(err)
	}
	got := texts(p, opt)
	for _, want := range []string{"A, C: {1|*}", "B: {3||2|0}", "E: *", "A, C"} {
		if !slices.Contains(got, want) {
			t.Errorf("no text %q in %q", want, got)
		}
	}
	for _, bad := range []string{"A: {1|*}", "C: {1|*}", "A", "C"} {
		if slices.Contains(got, bad) {
			t.Errorf("text %q drawn: the coinciding thermographs are named apart in %q", bad, got)
		}
	}
	if p.Title.Text != "Thermographs of A, C = {1|*}, B = {3||2|0}, E = *" {
		t.Errorf("title %q", p.Title.Text)
	}
	// The walls are drawn once: three thermographs, three masts.
	if n := strings.Count(strings.Join(got, "\n"), "@ t=1/2"); n != 1 {
		t.Errorf("the mast point of {1|*} labelled %d times in %q", n, got)
	}

	ths = []Thermograph{Of(cgt.MustParse("{2|0}")), Of(cgt.MustParse("{2^|0}")), Of(cgt.MustParse("{3|1}")), Of(cgt.MustParse("{2|v}"))}
	p, err = Plot(ths, PlotOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := texts(p, PlotOptions{}); !slices.Contains(got, "A: {2|0}; B: {2^|0}; D: {2|v}") || !slices.Contains(got, "A, B, D") {
		t.Errorf("equal walls of different forms: %q", got)
	}
	for _, c := range []struct {
		names []string
		want  string
	}{
		{[]string{"B", "D"}, "B, D"},
		{[]string{"C, Black komaster", "F, Black komaster", "I, Black komaster"}, "C, F, I, Black komaster"},
		{[]string{"C, Black komaster", "C, White komaster"}, "C, Black komaster and White komaster"},
		{[]string{"C, Black komaster", "F, White komaster"}, "C, Black komaster and F, White komaster"},
	} {
		if got := joinNames(c.names); got != c.want {
			t.Errorf("joinNames(%q) = %q, want %q", c.names, got, c.want)
		}
	}
	if ms := mergeSeries([]series{{names: []string{"X"}, forms: []string{"f"}, left: []wallPoint{{v: "1", t: "-1"}}, right: []wallPoint{{v: "0", t: "-1"}}},
		{names: []string{"Y"}, forms: []string{"g"}, left: []wallPoint{{v: "1", t: "-1"}}, right: []wallPoint{{v: "1/2", t: "-1"}}}}); len(ms) != 2 {
		t.Errorf("different walls merged: %+v", ms)
	}
}

// tickValues returns the values of p's ticks on axis a, and the labels.
func tickValues(a plot.Axis) (all []float64, labelled map[float64]string) {
	labelled = map[float64]string{}
	for _, tk := range a.Tick.Marker.Ticks(a.Min, a.Max) {
		all = append(all, tk.Value)
		if tk.Label != "" {
			labelled[tk.Value] = tk.Label
		}
	}
	return all, labelled
}

// TestTicksAtIntegersAndBreakpoints: the value axis of Berlekamp's tiles
// once labelled 3/4 (a mean) and left 0 and 1 out; now every integer in
// range and every breakpoint has a tick, 0, 1 and the integer ends are
// labelled at every width, and the tick labels never overlap (checked by
// TestLabelsDoNotOverlap).
func TestTicksAtIntegersAndBreakpoints(t *testing.T) {
	ths := berlekampTiles()
	for _, n := range pxWidths {
		opt := PlotOptions{Width: px(n)}
		p, err := Plot(ths, opt)
		if err != nil {
			t.Fatal(err)
		}
		xs, xl := tickValues(p.X)
		ys, yl := tickValues(p.Y)
		for v := math.Ceil(p.X.Min); v <= p.X.Max; v++ {
			if !slices.Contains(xs, v) {
				t.Errorf("%dpx: no value tick at the integer %v", n, v)
			}
		}
		for v := -1.0; v <= 2; v++ {
			if !slices.Contains(ys, v) {
				t.Errorf("%dpx: no temperature tick at the integer %v", n, v)
			}
		}
		for _, th := range ths {
			for _, pt := range slices.Concat(th.Left, th.Right) {
				if !slices.Contains(xs, pt.V.Float64()) || !slices.Contains(ys, pt.T.Float64()) {
					t.Errorf("%dpx: no ticks at the breakpoint %v of %s", n, pt, th.Canonical)
				}
			}
		}
		ends := []float64{math.Ceil(p.X.Min), math.Floor(p.X.Max)}
		for _, v := range append(ends, 0, 1) {
			if want := fmt.Sprint(v); xl[v] != want {
				t.Errorf("%dpx: value tick %v labelled %q, want %q (labels %v)", n, v, xl[v], want, xl)
			}
		}
		for _, v := range []float64{-1, 0, 1} {
			if want := fmt.Sprint(v); yl[v] != want {
				t.Errorf("%dpx: temperature tick %v labelled %q, want %q (labels %v)", n, v, yl[v], want, yl)
			}
		}
	}
	// A long range: the integers are labelled at a regular step, 0 and
	// the ends always.
	p, err := Plot([]Thermograph{Of(cgt.MustParse("{40|-37}"))}, PlotOptions{Width: px(400)})
	if err != nil {
		t.Fatal(err)
	}
	_, xl := tickValues(p.X)
	for _, v := range []float64{0, math.Ceil(p.X.Min), math.Floor(p.X.Max)} {
		if xl[v] != fmt.Sprint(v) {
			t.Errorf("{40|-37}: value tick %v labelled %q (labels %v)", v, xl[v], xl)
		}
	}
	if len(xl) > 20 || len(xl) < 4 {
		t.Errorf("{40|-37} at 400px: %d value labels %v", len(xl), xl)
	}
}

// TestFontsFollowWidth: the texts of a 1200px picture are about twice as
// tall as those of the 576px default, and a 400px picture keeps legible
// sizes.
func TestFontsFollowWidth(t *testing.T) {
	height := func(n int, text string) vg.Length {
		opt := PlotOptions{Width: px(n)}
		p, err := Plot(figure410(), opt)
		if err != nil {
			t.Fatal(err)
		}
		w, h := opt.Size()
		for _, b := range LabelBoxes(p, w, h) {
			if b.Text == text {
				return b.Box.Max.Y - b.Box.Min.Y
			}
		}
		t.Fatalf("%dpx: no text %q", n, text)
		return 0
	}
	for _, text := range []string{"temperature t", "A: {3|5/2}", "-1"} {
		small, def, large := height(400, text), height(576, text), height(1200, text)
		if large < 1.8*def {
			t.Errorf("%q: %v high at 1200px, %v at 576px: the font does not grow with the width", text, large, def)
		}
		if small < vg.Points(7) || small > def {
			t.Errorf("%q: %v high at 400px (%v at 576px)", text, small, def)
		}
	}
	if w, h := (PlotOptions{Width: px(1200)}).Size(); h != w*2/3 {
		t.Errorf("height %v for width %v: want two thirds", h, w)
	}
}
