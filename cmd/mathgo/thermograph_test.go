package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/thermograph"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// runThermograph runs `mathgo thermograph args...` and returns the exit
// status, standard output and standard error.
func runThermographCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"thermograph"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestThermographJSONContract(t *testing.T) {
	code, out, errs := runThermographCmd(t, "--json", "{3||2*|1*}")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	// docs/json-contract.md's keys, in its order. The walls start at t = -1 with
	// left 4 (3 - t) and right 1 (2 + t); see thermograph's golden tests
	// for the derivation.
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not one JSON document: %v\n%s", err, out)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, []byte(out)); err != nil {
		t.Fatal(err)
	}
	want := `{"canonical":"{3||2*|1*}","mean":"9/4","temperature":"3/4",` +
		`"left":[["-1","4"],["3/4","9/4"]],"right":[["-1","1"],["0","2"],["1/2","2"],["3/4","9/4"]]}`
	if compact.String() != want {
		t.Errorf("got  %s\nwant %s", compact.String(), want)
	}
}

func TestThermographJSONArray(t *testing.T) {
	code, out, _ := runThermographCmd(t, "--json", "{2|0}", "5", "1/2")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var got []thermographJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not a JSON array: %v\n%s", err, out)
	}
	if len(got) != 3 || got[0].Canonical == nil || *got[0].Canonical != "{2|0}" || got[1].Temperature != "-1" || got[2].Mean != "1/2" {
		t.Fatalf("%+v", got)
	}
	if len(got[1].Left) != 1 || got[1].Left[0] != [2]string{"-1", "5"} {
		t.Errorf("integer wall %v", got[1].Left)
	}
	if got[2].Left[len(got[2].Left)-1] != [2]string{"-1/2", "1/2"} {
		t.Errorf("1/2 ends at %v", got[2].Left)
	}
}

func TestThermographTableAndASCII(t *testing.T) {
	code, out, _ := runThermographCmd(t, "--ascii", "{4||3|1}")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"left", "right", "mast", "1 and up", "Thermograph of {4||3|1}: mean 3, temperature 1", "#"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestThermographBadExpression(t *testing.T) {
	for _, args := range [][]string{{"{3||2*|1"}, {"--json", "{2|0}", "{1|||"}, {"1 <= 2"}, {"-o", filepath.Join(t.TempDir(), "x.png"), "*+"}} {
		code, out, errs := runThermographCmd(t, args...)
		if code != 1 {
			t.Errorf("%v: exit %d", args, code)
		}
		if out != "" {
			t.Errorf("%v: stdout %q", args, out)
		}
		if !strings.Contains(errs, "column") || strings.Contains(errs, "panic") || strings.Contains(errs, "goroutine") {
			t.Errorf("%v: stderr %q", args, errs)
		}
	}
}

// TestThermographNegativeExpression: an expression that starts with '-'
// must follow "--"; without it the error says so.
func TestThermographNegativeExpression(t *testing.T) {
	code, out, errs := runThermographCmd(t, "--json", "--", "-2v")
	if code != 0 || !strings.Contains(out, `"mean": "-2"`) {
		t.Errorf("with --: exit %d, %s, stderr %q", code, out, errs)
	}
	// Without "--" too: an argument that starts with '-' and is no flag
	// is an expression.
	code, out, errs = runThermographCmd(t, "--json", "-2v")
	if code != 0 || !strings.Contains(out, `"mean": "-2"`) {
		t.Errorf("without --: exit %d, %s, stderr %q", code, out, errs)
	}
	code, out, errs = runThermographCmd(t, "-1*", "--json")
	if code != 0 || !strings.Contains(out, `"mean": "-1"`) {
		t.Errorf("-1* then --json: exit %d, %s, stderr %q", code, out, errs)
	}
}

func TestThermographPositionFiles(t *testing.T) {
	// The tiles of a position: tile A of the blocked corridor of length 3
	// has count {2||1|*}, temperature 3/4 and mean 5/4.
	code, out, errs := runThermographCmd(t, "../../testdata/positions/corridor-blocked-3.txt", "--tile", "A", "--json")
	if code != 0 || !strings.Contains(out, `"canonical": "{2||1|*}"`) || !strings.Contains(out, `"temperature": "3/4"`) {
		t.Errorf("tile A: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	png := filepath.Join(t.TempDir(), "tiles.png")
	if code, _, errs := runThermographCmd(t, "../../testdata/problems/five-tiles.txt", "-o", png); code != 0 {
		t.Errorf("all tiles to a picture: exit %d, %q", code, errs)
	}
	if code, _, errs := runThermographCmd(t, "../../testdata/positions/corridor-blocked-3.txt", "--tile", "Q"); code == 0 || !strings.Contains(errs, "no tile") {
		t.Errorf("unknown tile: exit %d, %q", code, errs)
	}
	if code, _, _ := runThermographCmd(t, "--tile", "A", "{2|0}", "{3|1}"); code == 0 {
		t.Errorf("--tile with several arguments accepted")
	}
}

func TestThermographPictures(t *testing.T) {
	dir := t.TempDir()
	png1 := filepath.Join(dir, "one.png")
	code, out, errs := runThermographCmd(t, "-o", png1, "--width", "800px", "--height", "600px", "{3||2*|1*}")
	if code != 0 || !strings.Contains(out, "wrote "+png1) {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	f, err := os.Open(png1)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 800 || b.Dy() != 600 {
		t.Errorf("size %dx%d, want 800x600", b.Dx(), b.Dy())
	}
	// Overlay, SVG and PDF, with JSON on stdout at the same time.
	for _, name := range []string{"six.svg", "six.pdf", "six.png"} {
		p := filepath.Join(dir, name)
		code, out, errs := runThermographCmd(t, "-o", p, "--json", "--", "{3|5/2}", "3+{0|^}", "1*", "-2v", "1/2", "2v")
		if code != 0 || errs != "" {
			t.Fatalf("%s: exit %d, stderr %q", name, code, errs)
		}
		var recs []thermographJSON
		if err := json.Unmarshal([]byte(out), &recs); err != nil || len(recs) != 6 {
			t.Errorf("%s: stdout is not the JSON array: %v", name, err)
		}
		data, err := os.ReadFile(p)
		if err != nil || len(data) < 1000 {
			t.Fatalf("%s: %v (%d bytes)", name, err, len(data))
		}
		switch filepath.Ext(name) {
		case ".svg":
			if !bytes.Contains(data, []byte("<svg")) {
				t.Errorf("%s is not SVG", name)
			}
		case ".pdf":
			if !bytes.HasPrefix(data, []byte("%PDF-")) {
				t.Errorf("%s is not PDF", name)
			}
		}
	}
}

func TestThermographPictureErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		msg  string
		code int // 2: a bad flag value; 1: the file cannot be written
	}{
		{[]string{"-o", filepath.Join(dir, "x.gif"), "1"}, "unsupported picture format", 2},
		{[]string{"-o", filepath.Join(dir, "x"), "1"}, "no file extension", 2},
		{[]string{"-o", filepath.Join(dir, "x.png"), "--width", "wide", "1"}, "--width", 2},
		{[]string{"-o", filepath.Join(dir, "x.png"), "--height", "0px", "1"}, "out of range", 2},
		{[]string{"-o", filepath.Join(dir, "no", "such", "dir.png"), "1"}, "no such", 1},
	} {
		code, out, errs := runThermographCmd(t, c.args...)
		if code != c.code || out != "" || !strings.Contains(errs, c.msg) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", c.args, code, out, errs)
		}
	}
}

func TestParsePictureLength(t *testing.T) {
	for _, c := range []struct {
		in   string
		want vg.Length
	}{
		{"6in", 6 * vg.Inch}, {"432", 432}, {"432pt", 432}, {"800px", 600}, {" 10 cm ", 10 * vg.Centimeter}, {"100mm", 100 * vg.Millimeter}, {"4IN", 4 * vg.Inch},
	} {
		got, err := parsePictureLength(c.in)
		if err != nil || got != c.want {
			t.Errorf("%q: %v %v, want %v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "in", "-3in", "1e9px", "NaN", "0.1in", "six"} {
		if _, err := parsePictureLength(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func FuzzParsePictureLength(f *testing.F) {
	for _, s := range []string{"6in", "800px", "12cm", "432", "NaN", "-1mm", "1e400pt"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := parsePictureLength(s)
		if err == nil && (l < vg.Inch/2 || l > 100*vg.Inch) {
			t.Fatalf("%q: accepted %v", s, l)
		}
	})
}

// TestThermographKo: a ko tile is drawn with its ko thermographs, Black
// and White komaster: the one-point ko P has mean and temperature 1/3
// with Black as komaster (left wall from 3 at t=-1 to 1/3 at t=1/3: two
// points per degree) and the constant -1 with White as komaster; a
// placid ko whose mast depends on the komaster. JSON and a picture too.
func TestThermographKo(t *testing.T) {
	file := "../../testdata/ko/one-point-ko-p.txt"
	code, out, errs := runThermographCmd(t, file, "--tile", "C")
	if code != 0 || !strings.Contains(out, "1/3 and up") || !strings.Contains(out, "placid ko") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, _ = runThermographCmd(t, file, "--tile", "C", "--json")
	var rec struct {
		Tile          string
		BlackKomaster struct {
			Mean, Temperature string
			Left              [][2]string
		}
		WhiteKomaster struct{ Mean string }
		Class         string
	}
	if err := json.Unmarshal([]byte(out), &rec); code != 0 || err != nil {
		t.Fatalf("--json: exit %d, %v", code, err)
	}
	if rec.Tile != "C" || rec.BlackKomaster.Mean != "1/3" || rec.BlackKomaster.Temperature != "1/3" || rec.WhiteKomaster.Mean != "-1" ||
		rec.Class != "placid" || len(rec.BlackKomaster.Left) != 2 || rec.BlackKomaster.Left[0] != [2]string{"-1", "3"} {
		t.Errorf("--json: %+v", rec)
	}
	png := filepath.Join(t.TempDir(), "ko.png")
	code, out, errs = runThermographCmd(t, file, "--tile", "C", "-o", png)
	if st, err := os.Stat(png); code != 0 || err != nil || st.Size() < 1000 {
		t.Errorf("-o: exit %d, %v, stdout %q, stderr %q", code, err, out, errs)
	}
}

// TestThermographLongSwitchSum: the thermograph of a sum of 40 switches
// of distinct temperatures comes from its switches (canonical form null,
// the reduced value given), with the mean and temperature eval gives.
func TestThermographLongSwitchSum(t *testing.T) {
	var terms []string
	for i := 1; i <= 40; i++ {
		terms = append(terms, fmt.Sprintf("{%d|%d}", i, -i-1))
	}
	expr := strings.Join(terms, " + ")
	code, out, errs := runThermographCmd(t, "--json", expr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got thermographJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	// The switches are -1/2 ± (i + 1/2): mean -20, temperature 81/2.
	if got.Canonical != nil || !strings.HasPrefix(got.Value, "-20 +-81/2 +-79/2") || got.Mean != "-20" || got.Temperature != "81/2" {
		t.Errorf("canonical %v, value %.40q, mean %s, temperature %s", got.Canonical, got.Value, got.Mean, got.Temperature)
	}
	if last := got.Left[len(got.Left)-1]; last != [2]string{"81/2", "-20"} {
		t.Errorf("the left wall ends at %v, want the mast point (81/2, -20)", last)
	}
}

// drawnPictures runs `mathgo thermograph args... -o x.svg` and returns,
// for every picture the command drew, the texts of the very plot it wrote
// (thermograph.LabelBoxes) and of the same thermographs drawn, the way the
// command draws them, at each of the widths in pixels; with the exit
// status and standard error.
func drawnPictures(t *testing.T, widths []int, args ...string) (pics []picture, code int, errs string) {
	t.Helper()
	measure := func(opt thermograph.PlotOptions, build func(thermograph.PlotOptions) (*plot.Plot, error)) picture {
		p, err := build(opt)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		w, h := opt.Size()
		return picture{w, h, thermograph.LabelBoxes(p, w, h)}
	}
	pictureDrawn = func(opt thermograph.PlotOptions, build func(thermograph.PlotOptions) (*plot.Plot, error)) {
		pics = append(pics, measure(opt, build))
		for _, n := range widths {
			o := opt
			o.Width, o.Height = vg.Length(n)*vg.Inch/96, 0
			pics = append(pics, measure(o, build))
		}
	}
	defer func() { pictureDrawn = nil }()
	code, _, errs = runThermographCmd(t, append(args, "-o", filepath.Join(t.TempDir(), "x.svg"))...)
	return pics, code, errs
}

// picture is the size of a picture and its texts.
type picture struct {
	w, h  vg.Length
	texts []thermograph.TextBox
}

// overlapping returns the pairs of texts whose boxes intersect, and the
// texts that leave the w x h picture.
func overlapping(boxes []thermograph.TextBox, w, h vg.Length) []string {
	const eps = 0.01
	var bad []string
	for i, a := range boxes {
		if a.Box.Min.X < -eps || a.Box.Min.Y < -eps || a.Box.Max.X > w+eps || a.Box.Max.Y > h+eps {
			bad = append(bad, fmt.Sprintf("%q leaves the picture", a.Text))
		}
		for _, b := range boxes[i+1:] {
			if a.Box.Min.X < b.Box.Max.X-eps && b.Box.Min.X < a.Box.Max.X-eps && a.Box.Min.Y < b.Box.Max.Y-eps && b.Box.Min.Y < a.Box.Max.Y-eps {
				bad = append(bad, fmt.Sprintf("%q overlaps %q", a.Text, b.Text))
			}
		}
	}
	return bad
}

// TestThermographPicturesLegible draws every bundled position that
// `thermograph FILE` accepts (its valued tiles, and each ko tile with
// --tile) at 400, 800 and 1200 px and checks that no two texts of the
// picture the command wrote intersect.
func TestThermographPicturesLegible(t *testing.T) {
	var files []string
	for _, g := range []string{"problems/*.txt", "ko/*.txt", "positions/*.txt"} {
		m, err := filepath.Glob("../../testdata/" + g)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 40 {
		t.Fatalf("only %d positions found", len(files))
	}
	koHint := regexp.MustCompile(`tile (\w+) is a ko`)
	drawn := 0
	for _, file := range files {
		runs := [][]string{{file}}
		for i := 0; i < len(runs); i++ {
			pics, code, errs := drawnPictures(t, []int{400, 800, 1200}, runs[i]...)
			if code == exitUnproven && strings.Contains(errs, "no tile to draw") {
				continue // only settled territory
			}
			if code == exitUnproven && strings.Contains(errs, "has no value: the tile's game graph has a cycle") && !strings.Contains(errs, "is a ko") {
				continue // a cycle that shifts the prisoners: no value to draw
			}
			if code != 0 || len(pics) != 4 {
				t.Errorf("%v: exit %d, %d pictures, stderr %q", runs[i], code, len(pics), errs)
				continue
			}
			for _, pic := range pics {
				drawn++
				for _, bad := range overlapping(pic.texts, pic.w, pic.h) {
					t.Errorf("%v at %.0fpx: %s", runs[i], pic.w.Dots(96), bad)
				}
			}
			for _, m := range koHint.FindAllStringSubmatch(errs, -1) {
				runs = append(runs, []string{file, "--tile", m[1]})
			}
		}
	}
	if drawn < 150 {
		t.Errorf("only %d pictures drawn", drawn)
	}
	t.Logf("%d pictures, no two texts overlapping", drawn)
}

// TestThermographPictureNames: the legend names tiles as analyze does
// (A, B, ...), and tiles with the same thermograph (A and C of
// five-tiles.txt, both {1|*}) are drawn once and named together.
func TestThermographPictureNames(t *testing.T) {
	pics, code, errs := drawnPictures(t, nil, "../../testdata/problems/five-tiles.txt")
	if code != 0 || len(pics) != 1 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var texts []string
	for _, b := range pics[0].texts {
		texts = append(texts, b.Text)
	}
	for _, want := range []string{"A, C: {1|*}", "B: {3||2|0}", "E: *", "Thermographs of A, C = {1|*}, B = {3||2|0}, E = *"} {
		if !slices.Contains(texts, want) {
			t.Errorf("no text %q in %q", want, texts)
		}
	}
	for _, s := range texts {
		if strings.Contains(s, "tile") || s == "C: {1|*}" {
			t.Errorf("text %q: not analyze's names, or C apart from A", s)
		}
	}
	pics, code, errs = drawnPictures(t, nil, "../../testdata/ko/one-point-ko-p.txt", "--tile", "C")
	if code != 0 || len(pics) != 1 {
		t.Fatalf("ko: exit %d, stderr %q", code, errs)
	}
	found := false
	for _, b := range pics[0].texts {
		found = found || b.Text == "C, Black komaster: mean 1/3, temperature 1/3"
	}
	if !found {
		t.Errorf("ko legend: %v", pics[0].texts)
	}
}
