// Package solve decides who wins a Go endgame under Mathematical Go, the
// game of Berlekamp and Wolfe, in two independent ways that check each
// other.
//
// The rules model is the tile analysis' (package tiles): some blocks are
// immortal walls (which ones, each way says below); there is no ko
// restriction, suicide is illegal, immortal stones are never captured and
// a stone that joins an immortal block becomes immortal. A move is a stone placed in a
// region that is not settled, or a spare move: each prisoner, and each
// point of a player's settled territory (a region that one colour's
// immortal stones bound and in which every point touches them, worth one
// per point plus one per enemy stone in it), is one spare move for its
// owner. The player who cannot move loses. Prisoners and settled
// territory are the integers of the count game: Black's spares minus
// White's.
//
// Decomposition is the endgame pipeline's (endgame.Analyze, then
// endgame.Report.Decide): package safety settles the walls (declared, the
// frame of a partial diagram, Benson pass-alive, the static safe rule and
// the life solver's certificates), tiles.Analyze cuts the rest into tiles
// and values each exactly as a combinatorial game (tiles equal up to a
// symmetry of the board, or a swap of colours, are valued once), and the
// sum is decided here (Decide): the winner is the outcome class of the
// total count, found by the sum Solver's search over the tiles' values,
// which never builds the canonical sum (on a full board of hot tiles that
// sum is far too large to build).
//
// AlphaBeta (SolveAlphaBeta) trusts no life-solver certificate: its
// immortal stones are only those that need no search (Immortal:
// tiles.DefaultImmortal's declared, frame and Benson pass-alive blocks, or
// every stone with Options.AssumeSettled), so it stays independent of the
// decomposition's walls. It knows nothing of tiles or values: it searches
// the whole board move by move (boolean negamax with a transposition
// table, killer moves and a history heuristic), converting a region into
// spare moves once the engine's criterion says it is settled, exactly as
// the tile search does. With no ko rule a position can repeat; AlphaBeta
// then stops and reports the result unknown, with the repeating line,
// rather than loop.
//
// Both report the winner with Black first and with White first, and the
// number of positions they examined.
//
// # Scores and scored games
//
// solve also owns every other decision about a sum of tiles.
// DecidePosition turns an analyzed position's tile values into its scores
// under every counting rule (rules.Counting): the short totals (Decide:
// canonical sums while small, search past that), exact play with the
// simple ko ban when some tile is a ko (BanGame, bracketed when walls
// give ko threats, ended as real rules end a game on whole boards, checked
// against the real-rules oracle on small boards; a tile whose cycles
// shift the prisoners is played so too, its graph cut and folded), the
// board search (the tiles without a value played on the board under real
// rules; the ko tiles too when exact play with the ban has too many
// combinations of the tiles' positions), or bounds. Its Decision holds, per counting rule, the position's
// scored Game: one interface (Game, Node: Value, Options, Optimal, Done)
// whether the tiles are short games (the sum of their counts or area
// games) or include kos (exact play with the ban), through which every
// front end asks for scores, optimal moves and the score after any move.
package solve
