// Package mgo owns the Mathematical Go rules on a board region, the one
// implementation every search of mathgo plays by (the tile search of
// package tiles and the whole-board alpha-beta of package solve):
//
//   - immortal stones (declared, pass-alive or certified alive) are never
//     captured, and a stone that joins an immortal block becomes
//     immortal, with the whole mortal block it belongs to;
//   - a move that leaves mortal enemy blocks without liberties captures
//     them, and the stones captured are the mover's prisoners;
//   - suicide is illegal, and there is no ko ban: a repeated position is
//     the searches' concern, not the rules';
//   - the points outside the immortal stones split into independent
//     regions (Components), each a game of its own;
//   - a region that only one colour's immortal stones bound, and in which
//     every point touches them (so the other colour can never make an
//     eye), is settled territory worth an integer (Settled).
//
// A Board keeps the stones of one board under these rules with an exact
// Undo of every Play; it allocates nothing once its buffers have grown to
// the depth of the search. It also holds ErrBudget, the one error the
// searches over Mathematical Go games (the tile search, the whole-board
// alpha-beta, the sum solver) report when they stop at their budgets.
package mgo
