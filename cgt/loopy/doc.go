// Package loopy is mathgo's exact engine for loopy partizan games: games
// whose positions may repeat, such as a ko in Go. It extends the short-game
// engine cgt (a short game is a loopy game without cycles) and follows
// CGSuite's theory, notation and output, so that values paste between the
// two tools.
//
// # Games and values
//
// A loopy game is a finite directed graph with Left and Right edges and a
// start position. A Game is such a graph, built with a Builder (add nodes,
// add Left and Right edges, give a node a known short value, build) or by
// summing games (SumGames). A Value is what a game is worth: Canonical
// simplifies a Game to its Value.
//
//   - A stopper (no position starts an infinite alternating play) has a
//     canonical form, unique up to isomorphism: no dominated options, no
//     reversible options, no two positions of equal value. on = {pass|},
//     off = {|pass}, over = {0|pass}, under = {pass|0} and upon = {pass|*}
//     are stoppers; so is every short game.
//   - Any other game has two sides: the onside G+ (infinite play is won by
//     Left) and the offside G- (won by Right). Sidling finds each side as a
//     canonical stopper when it is one; such a value is stopper-sided and is
//     written onside & offside, for example dud = on & off = {pass|pass}.
//     A side that is not found to be a stopper (Bach's carousel) is kept as
//     a simplified game graph: comparisons, sums and outcomes on it are
//     still exact, but it has no canonical form and no stops.
//
// # Operations
//
// Sum adds values: the sum of two stoppers may not be a stopper, and then
// G + H = (G+ upsum H+) & (G- downsum H-), where upsum and downsum are the
// onside and offside of the sum. Neg negates (the sides swap). Leq and
// Equal compare: stoppers by Left's survival in H - G moving second (every
// infinite play counts for Left), sided values side by side (on the onside
// an infinite play counts for Left when it is infinite in H, on the offside
// when it is infinite in -G). Outcome gives the outcome class with draws
// (L, R, N, P, D, PHat, NHat, PCheck, NCheck). LeftStop and RightStop of a
// stopper are pseudonumbers (a number, x over, x under, on or off).
// Onside, Offside, Degree (G upsum -G), Variety, IsStable, IsIdempotent,
// Options, Followers and the Is... properties follow CGSuite's definitions.
//
// Comparison is retrograde analysis of the alternating game of H - G: a
// safety game for stoppers, a Büchi game for sides. Simplification of a
// stopper compares every pair of its positions once, bypasses reversible
// options, deletes dominated ones and fuses equal positions. Sidling
// canonicalizes the part of the graph that is a stopper, deletes edges on
// alternating cycles that the side makes irrelevant, and unravels a cycle
// edge a bounded number of times when the losing player may use it only so
// often; every step is kept only when exact comparison proves the side's
// value unchanged, and the final stopper is compared with the original
// game again, so a side is never reported unless it is proved.
//
// # Notation
//
// Eval and Parse read CGSuite's notation. Everything cgt.Parse reads works
// (numbers, *n, ^n, v, {..|..} with ||, +-, +-{a,b}, Tiny(G), Miny(G),
// juxtaposition such as 73/16v9*8, sums, negation, cool, heat and the other
// functions of short games), plus:
//
//	pass            in an option list, a move to the position itself at that
//	                slash level: {0||0|0,pass} is {0||Y} with Y = {0|0,Y}
//	a{...}          a node label: inside the braces a stands for a move back
//	                to this position, so x{0|x} is over
//	on off over under dud upon
//	^[on] v[on]     upon and its negative; ^<on> v<on> uponth = {0||0|0,pass};
//	                with number and nimber parts, as in 5^[on]* or -1/4v[on]
//	5over 3/2under  juxtaposed pseudonumbers
//	S & T           the sided value with onside S and offside T (T- <= S+);
//	                & binds more tightly than + and -, more loosely than
//	                unary minus and n*G
//	n*G             n copies of G (10*upon)
//	G:H             ordinal sum; '{...}' keeps a game in the form written
//	G.Upsum(H) G.Downsum(H) G.UpsumVariety(D) G.DownsumVariety(D)
//	G.Pow(x) G.PowTo(x) G.Subordinate(B)
//	G.Onside G.Offside G.Degree G.Variety G.LeftStop G.RightStop
//
// and the comparisons <= < == >= > <> (confused) <| |> != between two
// expressions, which give a bool. A node label may only be used as an
// option, not inside arithmetic. IsLoopy tells whether an expression needs
// this package at all; short expressions are best left to cgt.Eval.
//
// # Printing
//
// Value.String prints exactly as CGSuite prints: short games by CGSuite's
// rules, pseudonumbers as on, off, over, 5over, -3/2under, upons as ^[on],
// 5v[on]*, ^<on>, switches as +-G, Tiny(on), Miny(on), and other positions
// in braces with pass and node labels a, b, c... (scoped to braces; the
// sides of a sided value are printed separately, so a{...} & a{...} is two
// different a). Options are listed in CGSuite's order, which for loopy
// options follows CGSuite's graph hash codes, reproduced here. Equal values
// always print identically.
//
// # Command line
//
// Eval returns a Result (a Value, or the answer of a comparison); its
// Report method gives the fields of `mathgo eval --json` (input, canonical,
// outcome, leftStop, rightStop, mean, temperature, birthday, isNumber,
// isInfinitesimal, plus onside and offside).
//
// # Limits
//
// Every top-level operation has a work budget (DefaultBudget comparison
// states and graph vertices; EvalBudget and CanonicalBudget take another)
// and gives ErrBudget instead of running on. Sidling is not guaranteed to
// find a side that is a stopper (nobody knows an algorithm that always
// does); when it fails the side stays a game graph. Printing writes shared
// positions out each time, so a small value can have a huge printed form;
// FormatLimit gives up past a length, and Report uses it. Uptimal notation
// for short games (^[5], ^<3>) is not printed: cgt has none.
//
// Values are immutable and safe for concurrent use; a Builder is not.
package loopy
