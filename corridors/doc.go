// Package corridors owns the corridors of Mathematical Go: recognising
// them among the tiles of an analysis, valuing them in closed form, and
// valuing the socketed groups that invade them.
//
// # Corridors
//
// A corridor (Wolfe, "Mathematics of Go: Chilling Corridors", 1991;
// chapter 5 of Rappaport's thesis) is a playing field of width one, a
// path of points, straight or bent, between two walls of one colour's
// immortal stones or between a wall and the board edge: every point
// touches its owner's immortal stones. The invader's immortal stones touch
// it only at its ends. The families, for Black's corridor of length n
// (White's values are the negatives):
//
//	blocked    one entrance (the mouth)       chilled n-2+2^-(n-1)           n >= 1
//	unblocked  both ends open to the invader  chilled n-4+2^-(n-3)           n >= 2
//	gote       blocked, with a dead invader   chilled n-1+(n-2)·^, plus *    n >= 2
//	           stone at its closed end          when n is even
//
// The gote corridor "leads to a one-point gote": its last play, Black's
// capture or White's connection of the stone, is {2|0} = 1±1. Its length
// counts the stone. The count (territory scoring) values are
//
//	blocked    {n-1 | count(n-1)},  count(1) = *
//	unblocked  the blocked count of length n-2 (0 for n = 2)
//	gote       {n | count(n-1)},    count(2) = {2|0}
//
// and in every family the count is warm(chilled), plus * when the
// corridor has an odd number of empty points: Berlekamp's BIG theorem,
// with the parity made explicit. The area values (area scoring, every
// stone placed counts) are the counts heated by 1. An unblocked corridor
// of length n is worth exactly a blocked one of length n-2. All of this is
// tested against the tiles engine's exhaustive search for lengths up to
// 12, both owners, in the centre, along the edge, in the corner and bent.
//
// Recognize names a tile's family; Label writes it into an analysis's
// tiles; Values, Blocked, Unblocked, Gote and Area give the closed forms;
// Value values a region without a search, in the shape of a hook for
// tiles.Analyze. A width-one corridor with other invader stones in it is
// valued exactly by a small solver of the corridor game (the tiles
// engine's rules on a path).
//
// # Sockets
//
// A socket is "a play (eventually) required to connect a group to life"
// (Wolfe): a chain without eyes whose only way to live is to connect
// through one empty point to an immortal group of its colour. If the
// chain's other liberties are the mouths of the opponent's corridors, the
// corridors are not independent: once every mouth is blocked the chain is
// in atari, and its owner must connect at once. Sockets finds such groups
// in an analysis (where the life solver has certified the chain alive),
// and values the chain, the socket and the corridors as one game; Apply
// puts that tile in the analysis in place of the separate ones.
//
// The socket game is played with Black (the corridors' owner) free to
// play anywhere and White (the chain's colour) invading only at a
// corridor's frontier, or connecting at the socket; Black's capture of the
// chain is valued as a number far larger than anything else at stake. The
// tests check this model against every legal move on random small sockets
// (counts and areas agree), and the value's independence of the capture
// number.
//
// Wolfe's first example (Figure 5.2 of the thesis, reconstructed in
// testdata/corridors/figure-5.2.txt): a White chain invading unblocked
// corridors of 5, 4 and 3 and blocked ones of 5, 4, 4, 3 and 3, whose
// socket alone is worth 1. The naive sum is 12 + 9/16; the socket game,
// counted from the socket as White's territory as Wolfe counts, chills to
// 12 + 21/32 and its count is warm(12 + 21/32) + *: Wolfe's
// "12 + 21/32 + *".
package corridors
