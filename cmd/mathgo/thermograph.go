package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/thermograph"
	"github.com/mathgo/mathgo/tiles"
	"github.com/spf13/cobra"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// thermographJSON is one object of `thermograph --json`
// (docs/json-contract.md): thermograph.JSON.
type thermographJSON = thermograph.JSON

func thermographRecord(th thermograph.Thermograph) thermographJSON { return th.JSON() }

// thermographLengthUnits are the units --width and --height accept, in
// points (1/72 inch); a pixel is 1/96 inch, the resolution of PNG output.
var thermographLengthUnits = []struct {
	suffix string
	points vg.Length
}{
	{"in", vg.Inch},
	{"cm", vg.Centimeter},
	{"mm", vg.Millimeter},
	{"pt", 1},
	{"px", vg.Inch / 96},
}

// parsePictureLength parses a picture size such as 6in, 15cm, 432pt or
// 800px; a bare number is in points.
func parsePictureLength(s string) (vg.Length, error) {
	num, unit := strings.TrimSpace(s), vg.Length(1)
	for _, u := range thermographLengthUnits {
		if strings.HasSuffix(strings.ToLower(num), u.suffix) {
			num, unit = strings.TrimSpace(num[:len(num)-len(u.suffix)]), u.points
			break
		}
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, fmt.Errorf("bad size %q: want a number with a unit in, cm, mm, pt or px (e.g. 6in, 800px)", s)
	}
	l := vg.Length(f) * unit
	if !(l >= vg.Inch/2 && l <= 100*vg.Inch) {
		return 0, fmt.Errorf("size %q out of range: use between 0.5in (48px) and 100in (9600px)", s)
	}
	return l, nil
}

// thermographOptions are the flags of `mathgo thermograph`.
type thermographOptions struct {
	analysis              analysisOptions
	output, width, height string
	asJSON, ascii, noLbl  bool
	tiles                 []string
}

func newThermographCmd() *cobra.Command {
	o := &thermographOptions{}
	cmd := &cobra.Command{
		Use:   "thermograph EXPR... | FILE --tile ID",
		Short: "Exact thermographs: breakpoints, JSON, pictures (png, svg, pdf) and terminal sketches",
		Long: `Compute the exact thermograph of each game and show its walls.

The left wall is the left stop of the game cooled by t, the right wall its right stop;
above the temperature both merge into the mast, standing on the mean. Walls are
piecewise linear with exact dyadic breakpoints, printed as (temperature, value) pairs
from t = -1 (CGSuite's convention: an integer has temperature -1, m/2^k has -1/2^k)
up to the mast point (temperature, mean).

Output:
  (default)    a table of the breakpoints of every wall and mast
  --ascii      also a plain-text sketch of each thermograph
  -o FILE      a picture, in the format named by the extension: .png, .svg or .pdf.
               Several expressions are overlaid in one picture for comparison.
               Temperature runs upward and values horizontally, REVERSED as in
               Winning Ways and Sensei's Library: larger values (good for Black/Left)
               on the left. Left wall solid, right wall dashed, mast thick;
               breakpoints are labelled "value @ t=temperature" (--no-labels drops them).
               --width/--height take in, cm, mm, pt or px (1px = 1/96in, the PNG
               resolution); a bare number is in points. Default 6in x 4in (576x384 px);
               the height defaults to two thirds of the width, and the fonts grow
               with the width. Coinciding thermographs are drawn once and named
               together ("A, C"); labels that would overlap are left out.
  --json       one JSON document: for one expression the object
                 {"canonical","mean","temperature","left":[[t,v],...],"right":[[t,v],...]}
               and for several expressions a JSON array of such objects, in order.

An expression may start with '-' (mathgo thermograph -1* '-{2|1}').

FILE --tile ID draws the thermographs of tiles of a position (their counts, the
unchilled values; all valued tiles but settled territory when --tile is not given),
named as 'mathgo analyze' names them. An expression that does not parse is reported
with its column, a file that does not exist as such, and the exit status is 1; a tile
that has no value (a tile over the budget) is refused with the reason (status 3).

A ko tile (--tile ID) is drawn with Berlekamp's ko thermographs, once with Black and
once with White as komaster, overlaid in a picture: walls with their true slopes, exact
rational breakpoints, the mast (mean) and temperature of each, and the ko's class
(placid, active, hyperactive). JSON: {"tile","blackKomaster":{"mean","temperature",
"left","right"},"whiteKomaster":{...},"class","dependence"} (an array for several).`,
		Example: `  mathgo thermograph '{3||2*|1*}'
  mathgo thermograph --json '{3||2*|1*}'
  mathgo thermograph --ascii '{4||3|1}' -1*
  mathgo thermograph -o tiles.png '{3|5/2}' '3+{0|^}' '1*' -2v '1/2' '2v'
  mathgo thermograph testdata/positions/berlekamp-problem.txt --tile A
  mathgo thermograph -o switch.svg --width 800px --height 600px '+-3'
  mathgo thermograph testdata/ko/one-point-ko-p.txt --tile C -o ko.png`,
		Args: args(1, -1, "an expression (EXPR...) or a position FILE"),
		RunE: func(cmd *cobra.Command, argv []string) error { return runThermograph(cmd, o, argv) },
	}
	f := cmd.Flags()
	f.StringVarP(&o.output, "output", "o", "", "write a picture to `FILE` (.png, .svg or .pdf)")
	f.StringVar(&o.width, "width", "6in", "picture width (in, cm, mm, pt or px)")
	f.StringVar(&o.height, "height", "", "picture height (in, cm, mm, pt or px; default two thirds of the width)")
	f.BoolVar(&o.asJSON, "json", false, "print the breakpoints as JSON (an array for several expressions)")
	f.BoolVar(&o.ascii, "ascii", false, "also print a plain-text sketch of each thermograph")
	f.BoolVar(&o.noLbl, "no-labels", false, "leave the exact breakpoint labels out of the picture")
	f.StringArrayVar(&o.tiles, "tile", nil, "tile `ID` of a position FILE (repeatable)")
	o.analysis.register(cmd)
	return cmd
}

// runThermograph computes and shows the thermographs.
func runThermograph(cmd *cobra.Command, o *thermographOptions, argv []string) error {
	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	fileMode := len(o.tiles) > 0 || len(argv) == 1 && isFile(argv[0])
	if fileMode && len(argv) != 1 {
		return usageError{cmd, "give one position FILE with --tile"}
	}
	opt := thermograph.PlotOptions{NoLabels: o.noLbl}
	if o.output != "" {
		if _, err := thermograph.FormatOf(o.output); err != nil {
			return usageError{cmd, err.Error()}
		}
		var err error
		if opt.Width, err = parsePictureLength(o.width); err != nil {
			return usageError{cmd, "--width: " + err.Error()}
		}
		if o.height != "" {
			if opt.Height, err = parsePictureLength(o.height); err != nil {
				return usageError{cmd, "--height: " + err.Error()}
			}
		}
	}
	ths := make([]thermograph.Thermograph, 0, len(argv))
	if fileMode {
		// The tiles' counts (unchilled values) of a position.
		r, err := o.analysis.analyzeFile(cmd, argv[0])
		if err != nil {
			return err
		}
		ids := o.tiles
		if len(ids) == 0 {
			var kos []*tiles.Tile
			for _, t := range r.Tiles() {
				switch {
				case t.Ko != nil:
					kos = append(kos, t)
				case t.Kind != tiles.KindTerritory:
					ids = append(ids, t.ID)
				}
			}
			if len(ids) == 0 && len(kos) > 0 {
				return runKoThermograph(cmd, o, argv[0], r, kos, opt)
			}
			for _, t := range kos {
				fmt.Fprintf(stderr, "mathgo thermograph: tile %s is a ko: 'mathgo thermograph %s --tile %s' draws its ko thermographs\n", t.ID, argv[0], t.ID)
			}
		} else if kos := koTiles(r, ids); len(kos) > 0 {
			if len(kos) != len(ids) {
				return usageError{cmd, "give ko tiles alone (--tile): their thermographs are drawn with each komaster"}
			}
			return runKoThermograph(cmd, o, argv[0], r, kos, opt)
		}
		if len(ids) == 0 {
			return fail(stderr, exitUnproven, "thermograph: %s has no tile to draw (only settled territory)", argv[0])
		}
		for _, id := range ids {
			t := r.Tile(strings.ToUpper(id))
			switch {
			case t == nil:
				return fail(stderr, exitInput, "thermograph: %s has no tile %q (see mathgo analyze %s)", argv[0], id, argv[0])
			case t.Err != nil:
				return fail(stderr, exitUnproven, "thermograph: tile %s of %s has no value: %v", t.ID, argv[0], t.Err)
			}
			ths = append(ths, thermograph.Of(t.Count))
			opt.Names = append(opt.Names, t.ID) // as analyze names it
		}
		argv = nil
	}
	bad := false
	for _, expr := range argv {
		// A long sum of numbers and simple switches: its thermograph
		// from its switches, without the canonical form of the sum.
		if sw, ok := cgt.ParseSwitchSum(expr); ok {
			ths = append(ths, thermograph.OfSwitchSum(sw))
			continue
		}
		g, err := cgt.Parse(expr)
		if err != nil {
			if looksLikePath(expr) {
				fmt.Fprintf(stderr, "mathgo thermograph: %s: no such file (and not an expression: %v)\n", expr, err)
			} else {
				fmt.Fprintf(stderr, "mathgo thermograph: %q: %v\n", expr, err)
			}
			bad = true
			continue
		}
		ths = append(ths, thermograph.Of(g))
	}
	if bad {
		return exitError{exitInput}
	}
	if o.output != "" {
		if err := savePicture(o.output, opt, func(opt thermograph.PlotOptions) (*plot.Plot, error) { return thermograph.Plot(ths, opt) }); err != nil {
			return fail(stderr, exitInput, "thermograph: %v", err)
		}
	}
	switch {
	case o.asJSON:
		if len(ths) == 1 {
			return writeJSON(stdout, thermographRecord(ths[0]))
		}
		recs := make([]thermographJSON, len(ths))
		for i, th := range ths {
			recs[i] = thermographRecord(th)
		}
		return writeJSON(stdout, recs)
	case o.output != "":
		fmt.Fprintf(stdout, "wrote %s\n", o.output)
	default:
		if err := thermographTable(stdout, ths); err != nil {
			return err
		}
	}
	if o.ascii && !o.asJSON {
		for _, th := range ths {
			fmt.Fprint(stdout, "\n"+thermograph.ASCII(th, 0, 0))
		}
	}
	return nil
}

// pictureDrawn, when set (by tests), is shown every picture that
// thermograph -o draws: its options and the function that builds it for
// options (the same thermographs at another size, say).
var pictureDrawn func(opt thermograph.PlotOptions, build func(thermograph.PlotOptions) (*plot.Plot, error))

// savePicture builds the picture for opt and writes it to file.
func savePicture(file string, opt thermograph.PlotOptions, build func(thermograph.PlotOptions) (*plot.Plot, error)) error {
	if pictureDrawn != nil {
		pictureDrawn(opt, build)
	}
	p, err := build(opt)
	if err != nil {
		return err
	}
	return thermograph.SavePlot(file, p, opt)
}

// looksLikePath reports whether arg is more likely a file name than a
// game expression: it has a path separator or a file extension.
func looksLikePath(arg string) bool {
	if strings.ContainsAny(arg, "/\\") {
		return true
	}
	dot := strings.LastIndexByte(arg, '.')
	if dot < 0 || dot == len(arg)-1 {
		return false
	}
	for _, c := range arg[dot+1:] {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// thermographTable prints every breakpoint of every thermograph.
func thermographTable(w io.Writer, ths []thermograph.Thermograph) error {
	t := newTable(w, "game", "wall", "temperature", "value")
	for _, th := range ths {
		for _, p := range th.Left {
			t.Row(th.Canonical, "left", p.T, p.V)
		}
		for _, p := range th.Right {
			t.Row(th.Canonical, "right", p.T, p.V)
		}
		t.Row(th.Canonical, "mast", th.Temperature.String()+" and up", th.Mean)
	}
	return t.Render()
}

// koTiles returns the ko tiles among ids (nil if there is none or an ID
// is unknown: the caller reports that).
func koTiles(r *endgame.Report, ids []string) []*tiles.Tile {
	var kos []*tiles.Tile
	for _, id := range ids {
		t := r.Tile(strings.ToUpper(id))
		if t == nil {
			return nil
		}
		if t.Ko != nil {
			kos = append(kos, t)
		}
	}
	return kos
}

// koThermographJSON is one ko tile in `thermograph --json`.
type koThermographJSON struct {
	Tile          string                     `json:"tile"`
	BlackKomaster *endgame.JSONKoThermograph `json:"blackKomaster"`
	WhiteKomaster *endgame.JSONKoThermograph `json:"whiteKomaster"`
	Class         string                     `json:"class"`
	Dependence    string                     `json:"dependence"`
}

// runKoThermograph shows the ko thermographs of ko tiles: a table of the
// walls' breakpoints per komaster, JSON, or a picture with both komasters
// overlaid.
func runKoThermograph(cmd *cobra.Command, o *thermographOptions, file string, r *endgame.Report, kos []*tiles.Tile, opt thermograph.PlotOptions) error {
	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	var ths []thermograph.KoThermograph
	var recs []koThermographJSON
	var classes []string
	for _, t := range kos {
		an := r.KoThermographs[t.ID]
		if an == nil {
			return fail(stderr, exitUnproven, "thermograph: tile %s of %s is a ko whose thermographs could not be computed (see mathgo analyze %s)", t.ID, file, file)
		}
		ths = append(ths, an.Black, an.White)
		opt.Names = append(opt.Names, t.ID+", Black komaster", t.ID+", White komaster")
		recs = append(recs, koThermographJSON{Tile: t.ID, BlackKomaster: endgame.KoThermographJSON(an.Black),
			WhiteKomaster: endgame.KoThermographJSON(an.White), Class: string(an.Class), Dependence: an.Dependence})
		classes = append(classes, fmt.Sprintf("tile %s: %s ko (what depends on the komaster: %s)", t.ID, an.Class, an.Dependence))
	}
	if o.output != "" {
		if opt.Title == "" {
			opt.Title = "Ko thermographs of " + file
		}
		if err := savePicture(o.output, opt, func(opt thermograph.PlotOptions) (*plot.Plot, error) { return thermograph.PlotKo(ths, opt) }); err != nil {
			return fail(stderr, exitInput, "thermograph: %v", err)
		}
	}
	switch {
	case o.asJSON:
		if len(recs) == 1 {
			return writeJSON(stdout, recs[0])
		}
		return writeJSON(stdout, recs)
	case o.output != "":
		fmt.Fprintf(stdout, "wrote %s\n", o.output)
		return nil
	}
	tw := newTable(stdout, "tile", "komaster", "wall", "temperature", "value")
	for i, th := range ths {
		name := opt.Names[i]
		for _, w := range []struct {
			name string
			wall thermograph.KoWall
		}{{"left", th.Left}, {"right", th.Right}} {
			for _, seg := range w.wall {
				tw.Row(name[:strings.Index(name, ",")], komasterWord(th.Komaster), w.name, thermograph.RatString(seg.T), thermograph.RatString(seg.V))
			}
		}
		tw.Row(name[:strings.Index(name, ",")], komasterWord(th.Komaster), "mast", thermograph.RatString(th.Temperature)+" and up", thermograph.RatString(th.Mean))
	}
	if err := tw.Render(); err != nil {
		return err
	}
	for _, c := range classes {
		fmt.Fprintln(stdout, c)
	}
	fmt.Fprintln(stdout, "values in count currency; walls keep their true slopes (ko thermography, Berlekamp 1996)")
	return nil
}

// komasterWord names a komaster.
func komasterWord(p cgt.Player) string {
	if p == cgt.Right {
		return "White"
	}
	return "Black"
}
