// Package thermograph owns mathgo's exact thermographs and what is read
// off them: compound thermographs, the ambient temperature, thermostrat,
// the players' words for a tile (sente, gote, miai value) and pictures.
//
// A thermograph shows how a game behaves when every move is taxed by a
// temperature t: its left wall is the left stop of the game cooled by t,
// its right wall the right stop, and above the game's temperature both
// walls merge into a vertical mast standing on the mean value. Walls are
// cgt.Trajectory values, the one wall type of mathgo (cgt computes every
// game's walls, mean and temperature with it; this package adds nothing
// but views of it): continuous piecewise-linear functions of t with
// integer slopes and dyadic-rational breakpoints, exact (cgt.Dyadic).
// Floating point is used only to draw them. Ko thermographs
// (Berlekamp's generalized thermography, with slopes such as 1/2 and
// values such as 1/3) are not here yet; cgt's wall documentation says how
// the wall type extends to them.
//
// # Conventions for walls
//
// CGSuite's, throughout, so that means and temperatures match CGSuite's
// test vectors: walls start at t = -1; an integer n is the mast at n from
// t = -1 (temperature -1); a number m/2^k (k > 0) has temperature -1/2^k;
// for every other game the left wall is the highest right wall of the Left
// options less t and the right wall the lowest left wall of the Right
// options plus t, up to where they meet. So at t = -1 a wall is its
// option's opposite wall plus or minus 1: for {3||2*|1*} the left wall is
// 3 - t and its first breakpoint is (-1, 4), not the (-1, 3) that
// docs/json-contract.md's example shows (see docs/json-contract.md). A wall's
// breakpoint list always ends with the mast point (Temperature, Mean).
//
// # Ambient temperature
//
// mathgo uses Winning Ways' definition (chapter 6, "Thermostrat"), from
// the compound thermograph of the sum (see CompoundThermograph): Left's
// ambient temperature is the least t >= 0 at which Left's compound wall
// ΣR + max W is furthest left (highest) on [0, ∞); Right's the least t >= 0
// at which her compound wall ΣL - max W is lowest. Thermostrat then plays
// in the summand widest at that temperature. For a sum of many switches it
// is the temperature of the third hottest, the "environment" the hottest
// moves are played in.
//
// Why this one. Berlekamp's ambient temperature (Environmental Go, "The
// Economist's View of Combinatorial Games") is a property of an explicit
// environment: the value of the top coupon of the stack the game is
// played with. A bare sum of tiles has no coupon stack, so mathgo reads the
// ambient temperature off the tiles themselves, as Winning Ways does, and
// thermostrat's guarantee (play within the hottest temperature of the
// mean) is stated for that construction. Why t >= 0: cooling by a negative
// t subsidizes moves; below 0 the walls encode how simple numbers are, not
// what moves are worth, and every hot game's thermograph widens towards
// t = -1, so a search that starts at -1 often finds its extreme there and
// names a "temperature" that no move is worth. (mathgo had two ambient
// temperatures that disagreed for exactly this reason: play's started at
// 0, this package's at -1. For 2 + {1|-2} + Tiny(1) + {6,{6|3}|1||-1*}
// Left's compound wall is 3 at t = -1 but 5/2 at its highest on [0, ∞),
// reached at t = 3/2; the ambient temperature is 3/2, not -1. The test
// TestAmbientDefinition derives it.)
//
// # The players' words
//
// Classify names a tile the way endgame books do, from its thermograph at
// its temperature T (Rappaport, chapter 9, after Winning Ways pp. 156-157:
// a vertical wall just below the mast means that player's move is sente).
// With the walls continued past the mast (each player's wall is his
// options' opposite walls shifted by t, before the cut at T):
//
//   - a player's move is sente when his wall is vertical just below and
//     just above T: his follow-up, after the opponent answers, is hotter
//     than the move itself, so the opponent must answer;
//   - it is gote when his wall slopes just below and just above T;
//   - it is ambiguous when the wall changes slope exactly at T: the
//     follow-up is exactly as hot as the move (or a sente and a gote option
//     are exactly as big), and reading the move as sente or as gote gives
//     the same miai value (Sensei's Library, "Ambiguous position"). For
//     {a||b|c} with a > b > c this is 3b = 2a + c (Bill Spight's formulas:
//     mean max(b, (2a+b+c)/4), temperature min(a-b, (2a-b-c)/4)).
//
// The tile's word is "black" when Black's move is sente and White's gote
// (White's move is then Black's reverse sente prevented: "reverse-white"
// for White's move, see Words.For), "white" symmetrically, "gote" when
// both are gote, "ambiguous" when either is. Both players' moves cannot be
// sente at T (two vertical walls never meet), so "double" (double sente)
// appears only at an ambient temperature below T (ClassifyAt): there both
// walls may be vertical, each player's follow-up hotter than the
// environment. In a rich environment of every temperature such a tile is
// played, as gote, when the ambient temperature reaches T; books call it
// double sente when they assume the follow-ups are the biggest moves left.
//
// The miai value (miai counting; Sensei's Library, "Miai counting") is the
// swing between Black's and White's results divided by the change in the
// local tally: for a gote move half the swing (deiri / 2), for a sente
// move the whole swing of the reverse sente (the sente player's result
// minus the count after the reverse sente; the sente exchange itself
// changes nothing). Both are the temperature T of the tile's count, which
// is how Classify computes them: {6|2||-1} is gote worth 5/2 (6|2 has
// count 4, so the swing is 4 - (-1) = 5, halved), {9||8|0} is White's
// sente worth 1 (Black's reverse sente takes the count from 8 to 9). For
// an ambiguous tile both readings give T. The count is the mean. Numbers
// and infinitesimals (temperature <= 0) have no move worth anything and
// get no words.
//
// # Contents
//
//   - Of: the exact thermograph of one game; Walls, WallsAt, Width: the
//     walls of a game without building the rest;
//   - Compound, Ambient, AmbientFor and Thermostrat: compound thermographs,
//     ambient temperatures and the thermostrat moves of a sum;
//   - Classify, ClassifyAt, Words, Sente: the players' words;
//   - Plot, PlotKo, WriteImage, SaveImage and SavePlot: pictures with
//     gonum/plot (PNG, SVG, PDF), temperature upward and values horizontal
//     with Black's (Left's) larger values on the LEFT, as in Winning Ways
//     and Sensei's Library; coinciding thermographs drawn once and named
//     together, fonts that follow the width, labels placed so that no two
//     texts overlap (LabelBoxes measures them);
//   - ASCII: a plain-text sketch for the terminal.
//
// The exact thermograph of a sum is Of(cgt.Sum(gs...)); Compound is the
// cheaper Winning Ways construction from the summands' thermographs alone,
// which bounds it (see CompoundThermograph).
package thermograph
