// Package tiles is the Go side of mathgo: it turns a position into tiles
// and values each one exactly.
//
// Analyze runs no life solver. It takes the immortal blocks as given
// (Options.Immortal with their Certificates, and Options.Territory, the
// territories they claim) or, when none are given, settles only what
// needs no search (DefaultImmortal: stones declared with # or @ or SGF
// SQ, the frame of a partial diagram, Benson pass-alive blocks). The walls
// the life solver proves settled are certified by package safety, which
// the endgame pipeline (endgame.Analyze, in its settle step) calls before
// Analyze. A stone that joins an immortal block is immortal too.
//
// Analyze cuts everything but the immortal stones into connected
// regions (tiles), and values each tile by its game graph under
// Mathematical Go rules: moves are stone placements inside the tile, no ko
// restriction, suicide illegal, immortal stones never captured. Positions
// are shared through a transposition table keyed by the region's contents;
// a position that splits into independent regions is valued as the sum of
// its parts; a region that one colour's immortal stones bound, and in which
// every point touches them (so the other colour can never make an eye), is
// settled territory and valued directly by Japanese counting (territory
// plus prisoners). The result per tile is its count (canonical value), its
// chilled value, its area value (every stone placed counts, for Chinese
// scoring) and the check of Berlekamp's BIG theorem. A tile whose graph has
// a cycle (a ko) has no short value: its Err is the *CycleError, and its Ko
// field holds its position graph (PosGraph: the tile's contents plus the
// prisoner balance, short positions as leaves) and its Mathematical Go
// values from the loopy engine (cgt/loopy): the count (a stopper, or
// onside & offside) and the chilled count (every move taxed one point). A
// cycle along which the prisoner balance drifts is refused (*DriftError,
// kept in Tile.Drift), unless the graph is asked for cut (CutDrift): each
// position past the cut is folded onto one of the same contents (Endless,
// Fold), as exact play with the ko ban needs.
// PosGraph with ExpandShort gives any tile's whole position graph, with
// the ko captures marked, for play under a ko ban.
//
// Tree gives the best-play tree of one tile, the tree Rappaport draws.
//
// The rules themselves are package mgo's (the engine embeds an
// mgo.Board); tiles owns the partition and the valuing search. Its files
// by concern: analyze.go the partition into tiles and their values,
// engine.go the search engine's state, search.go the valuing search,
// regions.go the parts a move leaves, keys.go the region keys, memo.go
// the tables of values and games, shape.go tiles equal up to symmetry,
// local.go and tree.go playing in one tile.
package tiles
