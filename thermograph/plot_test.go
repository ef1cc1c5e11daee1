package thermograph

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/cgt"
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
