// Package board owns the Go board and its rules: stones on a rectangular
// board of 1..25 points a side, blocks and liberties, captures, suicide,
// simple ko and positional superko, Zobrist hashing, prisoners, and an
// exact Undo of every Play.
//
// It is the hot path of every game-tree search in mathgo, so Play and Undo
// keep block and liberty bookkeeping incrementally (blocks are circular
// linked lists of stones with a pseudo-liberty count per block) and do not
// allocate once the undo stacks have grown to the depth of the game.
//
// Points are indexes row*cols+col with row 0 the bottom row and column 0
// the left column, named like GTP ("A1" is the lower-left corner, the
// column letters skip I). A Board is not safe for concurrent use, not even
// for concurrent reads: several queries use scratch space inside the Board.
// Use Clone to give each goroutine its own.
package board
