// Package compose makes Mathematical Go problems from the tile library
// and measures how hard a position is.
//
// Compose chooses tiles (pairs of tiles of different shapes whose chilled
// values cancel up to an infinitesimal, then zero-mean infinitesimals)
// so that the chilled total is an infinitesimal the asked side wins
// whoever starts, places them on a real board (corner tiles in corners,
// edge tiles on edges), fills the rest with groups of both colours that
// are pass-alive by Benson's algorithm (each with two or more one-point
// eyes, as many Black eyes as White ones so the territory cancels), and
// verifies the result: every stone outside the tiles pass-alive, the
// pipeline (endgame.Analyze) exact with the library's tiles and the asked
// winner both ways, the decomposition (Report.Decide) agreeing, and the
// whole-board alpha-beta search (solve.SolveAlphaBeta) agreeing when the
// board has few enough moves left (otherwise the problem says alpha-beta
// was out of reach). Among several verified candidates it returns the
// most difficult.
//
// Difficulty measures a position along its main line (exact play under
// Mathematical Go from the side to move): forced bits (the sum of
// log2(legal/winning moves) over the plies where the mover can win),
// unique plies (exactly one winning move), balance (how often the chilled
// total is infinitesimal before the winner's moves), disguise (pairs of
// tiles of different shapes with equal or opposite chilled values) and
// trap rate (how often hotstrat or greedy picks a losing move), and
// whether hotstrat loses against exact defence.
//
// Problem.SGF writes the solution as a variation tree: the main line,
// and each tempting wrong move with its refutation.
package compose
