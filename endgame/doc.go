// Package endgame is the one pipeline that turns a Go position into an
// exact analysis; every front end (the analyze, play, tree, thermograph
// and solve commands, and the GTP engine) calls it, so no two of them can
// disagree about a position.
//
// Analyze goes through the flow of ARCHITECTURE.md in order:
//
//  1. the walls: which blocks are settled and may be treated as immortal
//     (declared stones, a fragment's frame, Benson pass-alive blocks, and
//     blocks the life solver proves alive);
//  2. the tiles: the connected regions of everything else, valued exactly
//     under Mathematical Go rules by package tiles, corridors and sockets
//     by Wolfe's closed forms (package corridors) — a chain that lives only
//     through a socket is no wall, and is valued with its corridors;
//  3. the scores, decided in package solve (solve.DecidePosition, one
//     call): the canonical sums while they are small enough to build and
//     search over the tile values past that, exact play with the simple
//     ko ban when a tile is a ko, bounds when a tile has no value; the
//     Mathematical Go winner and the Japanese and Chinese scores are
//     always exact or refused with the reason.
//
// The Report holds the result, renders it as the contract's JSON (JSON)
// or as a table (JSON.WriteText), and plays it through the position's
// scored game (Report.Game, one per counting rule, whatever the tiles
// hold): BestMove the move exact play makes (the same one `mathgo play`
// and GTP genmove make), PlayOut a play-out under both countings.
//
// Chinese counting: the "chinese" score is the area score of the playing
// area (the tiles and settled regions, not the immortal walls) with best
// play under area counting, as Rappaport's chapter 6 counts it: every
// stone on the playing area and every empty point surrounded by one
// colour there counts a point for that colour, dead stones removed. It is
// the stop of the sum of the tiles' area games plus the mortal stones on
// the board.
package endgame
