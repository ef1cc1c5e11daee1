package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/thermograph"
	"github.com/spf13/cobra"
	"gonum.org/v1/plot/vg"
)

func init() { subcommands = append(subcommands, newThermographCmd) }

// thermographJSON is one object of `thermograph --json` (CONTRACT.md):
// the walls' breakpoints as (temperature, value) pairs from t = -1 up to
// the mast point (temperature, mean).
type thermographJSON struct {
	Canonical   string      `json:"canonical"`
	Mean        string      `json:"mean"`
	Temperature string      `json:"temperature"`
	Left        [][2]string `json:"left"`
	Right       [][2]string `json:"right"`
}

func thermographRecord(th thermograph.Thermograph) thermographJSON {
	pairs := func(pts []thermograph.Point) [][2]string {
		out := make([][2]string, len(pts))
		for i, p := range pts {
			out[i] = [2]string{p.T.String(), p.V.String()}
		}
		return out
	}
	return thermographJSON{
		Canonical:   th.Canonical,
		Mean:        th.Mean.String(),
		Temperature: th.Temperature.String(),
		Left:        pairs(th.Left),
		Right:       pairs(th.Right),
	}
}

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

func newThermographCmd() *cobra.Command {
	var (
		output, width, height string
		asJSON, ascii, noLbl  bool
		tiles                 []string
	)
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
               resolution); a bare number is in points. Default 6in x 4in (576x384 px).
  --json       one JSON document: for one expression the object
                 {"canonical","mean","temperature","left":[[t,v],...],"right":[[t,v],...]}
               and for several expressions a JSON array of such objects, in order.

An expression that starts with '-' must come after "--" (mathgo thermograph -- -2v),
as with every command-line tool.

FILE --tile ID draws the thermographs of tiles of a position (their counts, the
unchilled values; all valued tiles but settled territory when --tile is not given). An expression that does not parse is reported with its
column, and the exit status is 1.`,
		Example: `  mathgo thermograph '{3||2*|1*}'
  mathgo thermograph --json '{3||2*|1*}'
  mathgo thermograph --ascii '{4||3|1}'
  mathgo thermograph -o tiles.png -- '{3|5/2}' '3+{0|^}' '1*' '-2v' '1/2' '2v'
  mathgo thermograph -o switch.svg --width 800px --height 600px '+-3'`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
			fileMode := len(tiles) > 0 || len(args) == 1 && isPositionFile(args[0])
			if fileMode && len(args) != 1 {
				return fail(stderr, 2, "thermograph: give one position FILE with --tile")
			}
			opt := thermograph.PlotOptions{NoLabels: noLbl}
			if output != "" {
				if _, err := thermograph.FormatOf(output); err != nil {
					return fail(stderr, 1, "thermograph: %v", err)
				}
				var err error
				if opt.Width, err = parsePictureLength(width); err != nil {
					return fail(stderr, 1, "thermograph: --width: %v", err)
				}
				if opt.Height, err = parsePictureLength(height); err != nil {
					return fail(stderr, 1, "thermograph: --height: %v", err)
				}
			}
			ths := make([]thermograph.Thermograph, 0, len(args))
			bad := false
			if fileMode {
				// The tiles' counts (unchilled values) of a position.
				a, err := loadAndAnalyze(cmd, args[0], analyzeFlags{maxPositions: 2_000_000, solverNodes: 50_000, maxAreaPositions: 20_000})
				if err != nil {
					return fail(stderr, 1, "thermograph: %v", err)
				}
				ids := tiles
				if len(ids) == 0 {
					for _, t := range a.Tiles {
						if t.Err == nil && t.Kind != "territory" {
							ids = append(ids, t.ID)
						}
					}
				}
				for _, id := range ids {
					t := a.Tile(strings.ToUpper(id))
					if t == nil || t.Err != nil {
						return fail(stderr, 1, "thermograph: %s has no tile %q with a value (see mathgo analyze)", args[0], id)
					}
					ths = append(ths, thermograph.Of(t.Count))
					opt.Names = append(opt.Names, "tile "+t.ID)
				}
				args = nil
			}
			for _, expr := range args {
				g, err := cgt.Parse(expr)
				if err != nil {
					fmt.Fprintf(stderr, "mathgo: thermograph: %q: %v\n", expr, err)
					bad = true
					continue
				}
				ths = append(ths, thermograph.Of(g))
			}
			if bad {
				return exitError{1}
			}
			if output != "" {
				if err := thermograph.SaveImage(output, ths, opt); err != nil {
					return fail(stderr, 1, "thermograph: %v", err)
				}
			}
			switch {
			case asJSON:
				if len(ths) == 1 {
					return writeJSON(stdout, thermographRecord(ths[0]))
				}
				recs := make([]thermographJSON, len(ths))
				for i, th := range ths {
					recs[i] = thermographRecord(th)
				}
				return writeJSON(stdout, recs)
			case output != "":
				fmt.Fprintf(stdout, "wrote %s\n", output)
			default:
				if err := thermographTable(stdout, ths); err != nil {
					return err
				}
			}
			if ascii && !asJSON {
				for _, th := range ths {
					fmt.Fprint(stdout, "\n"+thermograph.ASCII(th, 0, 0))
				}
			}
			return nil
		},
	}
	cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return thermographFlagError(err) })
	f := cmd.Flags()
	f.StringVarP(&output, "output", "o", "", "write a picture to `FILE` (.png, .svg or .pdf)")
	f.StringVar(&width, "width", "6in", "picture width (in, cm, mm, pt or px)")
	f.StringVar(&height, "height", "4in", "picture height (in, cm, mm, pt or px)")
	f.BoolVar(&asJSON, "json", false, "print the breakpoints as JSON (an array for several expressions)")
	f.BoolVar(&ascii, "ascii", false, "also print a plain-text sketch of each thermograph")
	f.BoolVar(&noLbl, "no-labels", false, "leave the exact breakpoint labels out of the picture")
	f.StringArrayVar(&tiles, "tile", nil, "tile `ID` of a position FILE (repeatable)")
	return cmd
}

// thermographFlagError adds a hint to cobra's "unknown shorthand flag: 'x'
// in -xyz" when -xyz looks like a negative expression.
func thermographFlagError(err error) error {
	msg := err.Error()
	i := strings.LastIndex(msg, " in -")
	if !strings.HasPrefix(msg, "unknown shorthand flag") || i < 0 {
		return err
	}
	arg := msg[i+len(" in "):]
	if len(arg) > 1 && strings.ContainsRune("0123456789{(^v*", rune(arg[1])) {
		return fmt.Errorf("%w (an expression that starts with '-' goes after --: mathgo thermograph -- %s)", err, arg)
	}
	return err
}

// isPositionFile reports whether arg names a position file rather than an
// expression: standard input ("-") or an existing regular file.
func isPositionFile(arg string) bool {
	if arg == "-" {
		return true
	}
	st, err := os.Stat(arg)
	return err == nil && st.Mode().IsRegular()
}

// thermographTable prints every breakpoint of every thermograph.
func thermographTable(w io.Writer, ths []thermograph.Thermograph) error {
	t := newTable(w, "game", "wall", "temperature", "value")
	for _, th := range ths {
		for _, p := range th.Left {
			t.row(th.Canonical, "left", p.T, p.V)
		}
		for _, p := range th.Right {
			t.row(th.Canonical, "right", p.T, p.V)
		}
		t.row(th.Canonical, "mast", th.Temperature.String()+" and up", th.Mean)
	}
	return t.render()
}
