// Package library enumerates every small Mathematical Go tile, values each
// one through the analysis pipeline, and keeps them in an SQLite database
// (the pure-Go driver modernc.org/sqlite) indexed for queries by value,
// temperature, class, size and orientation.
//
// # Enumeration
//
// Enumerate takes every playing area of 1..N points (the fixed
// polyominoes: 1, 2, 6, 19, 63, 216, ... placements) in each orientation
// (Centre: no board edge; Edge: the area touches one edge; Corner: two
// adjacent edges — Rappaport's nine placements up to the board's
// symmetries), every colouring of the walls (each on-board neighbour of
// the area an immortal Black or White stone), and every placement of
// mortal stones inside (a White stone on a point that touches only Black
// walls, a Black one on a point that touches only White walls, either
// where a point touches no wall; a stone touching its own colour's wall
// would be a wall itself, and every block keeps a liberty).
//
// A tile is what the game and the drawing depend on: the area placed
// against the edges, and each point's class (B, W, S or E: which walls it
// touches, Rappaport's classes) and stone. Wall colourings that give every
// point the same class are one tile (Rappaport's "non-impacting immortal
// stone placements"); so are images under the orientation's symmetries,
// and a tile and its colour swap (values negated). The key is the
// smallest code over those (Instance.Key); the drawing kept is a liveable
// colouring when there is one: every wall stone joined, through wall
// stones of its colour, to the open board, where a living group can be
// built. A tile without one is stored with liveable = 0 (the composer
// never uses it).
//
// Each tile also has a game key (the labelled graph of its area up to
// isomorphism and colour swap), which is all its value depends on; tiles
// of up to three points get Rappaport's names from it (see names.go).
//
// # Values
//
// Values come from the one pipeline: endgame.Analyze on a tile's own
// diagram (Instance.Diagram: a small whole board with the walls declared
// '#' and '@'), with the options Analysis (no life-and-death search, no
// closed forms: the value of the tile's game under Mathematical Go
// rules, which is what `mathgo analyze --no-solver --no-formulas` prints
// for the diagram). The value is the sum of the report's tiles. A game is
// analysed once and its value shared by every tile with that game key,
// except the tiles on whose diagram Benson's algorithm settles more than
// the declared walls, which are analysed one by one. A test checks 200
// tiles against analyze on their own diagrams; another shows that
// default analyze agrees wherever its life solver proves no stone alive
// and no closed form is used. Ko tiles (a cycle in the game graph) are
// stored with has_ko and no value.
//
// # Database
//
// Create writes the table tiles (one row per tile, with its key, name,
// area, orientation, shape, game, count, chilled value, mean, temperature,
// class, atomic weight, sente word and diagram) and indexes on the chilled
// value, the temperature, (area, orientation), the class and the game.
// Open opens a library read-only; Query filters it.
package library
