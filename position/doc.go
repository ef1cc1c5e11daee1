// Package position owns reading position files: the diagram format (the
// Sensei's Library / forum style, $$ prefixes optional, with # and @ for
// immortal stones and borders that tell whole boards from fragments) and
// SGF (FF[4]: size, setup, player to move, the main line's moves played
// with captures, SQ markup on a stone as an immortal stone, LB labels).
// The format is chosen by content: SGF starts with "(;" after optional
// whitespace and byte-order mark, anything else is a diagram.
//
// Bad input is an *Error naming the file, and the line and column (columns
// count runes of the original line, from 1) and, for SGF, the property with
// its value; Parse never panics.
//
// # Diagrams
//
// Cells are '.' or ',' (empty), 'X' and 'O' (stones), '#' and '@'
// (immortal black and white stones) and 'a'..'z' (an empty point with that
// label); spaces and tabs between cells are optional. The top line is the
// highest row. Blank lines and lines starting with "//" (also after "$$")
// are ignored. The first line may be a Sensei's Library header: "$$"
// followed directly by B or W (the side to move), optionally c
// (coordinates), m and a move number, a board size, then a space and a
// title, as in "$$Bc19 Problem 3"; only the side to move and the title are
// kept.
//
// Border lines are made of '-' and '+' only, above the first row (top
// edge) or below the last (bottom edge); rows may start and end with '|'
// (left and right edges), the same on every row. Two styles of corners are
// accepted:
//
//   - Sensei's Library style: a horizontal border with a '+' has a corner
//     '+' at an end exactly when the rows have a '|' on that side ("+---+"
//     over "| . |"); anything else is an "unterminated border" error.
//   - Forum style: a horizontal border of '-' only has no corners, whatever
//     the rows' sides (" -----" over "| . . |"), as go forums draw boards.
//
// Either may carry the "$$" prefix on every line, with or without a space
// after it. A diagram with no border at all is a whole board; otherwise
// every side without a border is open, and the blocks touching an open
// side form the frame (Position.Frame).
//
// A block without liberties is an error naming its first stone's line and
// column, unless it touches an open side (it is part of the frame) or it
// is immortal. A block is immortal when any of its stones is declared
// immortal: a mortal 'X' drawn touching a '#' belongs to the '#' block and
// is immortal with it (Position.ImmortalStones applies this rule, as the
// analysis does; Position.Immortal keeps the declarations as drawn).
// Immortal stones need no liberties, so a board walled in by '#' or '@'
// stones, as Wolfe and many problem collections draw enclosed problems, is
// accepted without a border.
//
// # SGF
//
// Only the first game tree of a collection is read (anything after it is
// ignored), along its main line: the first variation at every branch. The
// root's SZ gives the size (SZ[n] or SZ[cols:rows], default 19, at most 25
// a side); GM other than 1 is an error. In each node, setup comes first
// (AE, then AB, then AW; compressed lists like AB[aa:cc] are accepted;
// setup clears the board's move history, see board.Board.Setup), then PL
// and the moves B and W in the order given (B[] and, on boards up to 19x19,
// B[tt] are passes), then markup. SQ on a stone declares it immortal; SQ on
// an empty point is ordinary markup and is ignored; a move that captures an
// immortal stone is an error. After a node's markup, setup that leaves a
// block without liberties is an error unless the block is immortal (SQ on
// any of its stones, in that node or before). LB labels are kept with their text. ToMove
// is the last PL on the main line or, if a move comes after it, the
// opponent of the last mover. GN becomes the Title. Lowercase letters in
// property identifiers (FF[3] names like AddBlack) are ignored.
package position
