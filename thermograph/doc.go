// Package thermograph owns mathgo's exact thermographs and their pictures.
//
// A thermograph shows how a game behaves when every move is taxed by a
// temperature t: its left wall is the left stop of the game cooled by t,
// its right wall the right stop, and above the game's temperature both
// walls merge into a vertical mast standing on the mean value. Walls are
// continuous piecewise-linear functions of t with integer slopes and
// dyadic-rational breakpoints; this package keeps them exact (cgt.Dyadic)
// and uses floating point only to draw them.
//
// The package provides
//
//   - Of: the exact thermograph of one game (CGSuite's conventions: walls
//     start at t = -1, an integer has temperature -1, m/2^k has -1/2^k);
//   - Compound, Ambient and Thermostrat: the compound thermographs of a sum
//     as Winning Ways builds them for the thermostrat strategy, the ambient
//     temperature, and the component and option thermostrat plays;
//   - Plot, WriteImage and SaveImage: pictures with gonum/plot (PNG, SVG,
//     PDF), temperature upward and values horizontal with Black's (Left's)
//     larger values on the LEFT, as in Winning Ways and Sensei's Library;
//   - ASCII: a plain-text sketch for the terminal.
//
// The exact thermograph of a sum is Of(cgt.Sum(gs...)); Compound is the
// cheaper Winning Ways construction from the summands' thermographs alone,
// which bounds it (see CompoundThermograph).
package thermograph
