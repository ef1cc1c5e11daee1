// Package solve decides who wins a Go endgame under Mathematical Go, the
// game of Berlekamp and Wolfe, in two independent ways that check each
// other.
//
// The rules model is the tile analysis' (package tiles): immortal blocks
// are certified as tiles.Analyze certifies them (declared, the frame of a
// partial diagram, Benson, the life solver); there is no ko restriction,
// suicide is illegal, immortal stones are never captured and a stone that
// joins an immortal block becomes immortal. A move is a stone placed in a
// region that is not settled, or a spare move: each prisoner, and each
// point of a player's settled territory (a region that one colour's
// immortal stones bound and in which every point touches them, worth one
// per point plus one per enemy stone in it), is one spare move for its
// owner. The player who cannot move loses. Prisoners and settled
// territory are the integers of the count game: Black's spares minus
// White's.
//
// Decomposition cuts the board into tiles, values each tile exactly as a
// combinatorial game with the tile search tiles.Analyze uses (tiles equal
// up to a symmetry of the board, or a swap of colours, are valued once)
// and decides the sum: the winner is the outcome class of the total count
// (tiles.Analysis.Winner), found by the sum Solver's search over the tiles'
// values, which never builds the canonical sum (on a full board of hot
// tiles that sum is far too large to build).
//
// AlphaBeta knows nothing of tiles or values: it searches the whole board
// move by move (boolean negamax with a transposition table, killer moves
// and a history heuristic), converting a region into spare moves once the
// engine's criterion says it is settled, exactly as the tile search does.
// With no ko rule a position can repeat; AlphaBeta then stops and reports
// the result unknown, with the repeating line, rather than loop.
//
// Both report the winner with Black first and with White first, and the
// number of positions they examined.
package solve
