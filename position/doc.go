// Package position owns reading position files and game records: the
// diagram format (the Sensei's Library and forum styles, $$ prefixes
// optional, with # and @ for immortal stones and borders that tell whole
// boards from fragments), SGF read as a position (FF[4]: size, setup,
// player to move, the main line's moves played with captures, SQ markup on
// a stone as an immortal stone, LB labels), SGF read as a game record
// (Game: every move of the main line, komi, rules, result, players), and
// writing SGF (Game.Marshal for an annotated record, Position.SGF for a
// problem) through the tree syntax of package position/sgf.
//
// Parse and ReadFile read a position; the format is chosen by content:
// SGF starts with "(;" after optional whitespace and byte-order mark,
// anything else is a diagram. ParseGame and ReadGame read SGF only.
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
// any of its stones, in that node or before). LB labels are kept with
// their text. ToMove is the last PL on the main line or, if a move comes
// after it, the opponent of the last mover. GN becomes the Title.
// Lowercase letters in property identifiers (FF[3] names like AddBlack)
// are ignored. Parse does not read KM or RU (Position.Komi and Rules stay
// zero): a file read as a position is a problem; read it with ParseGame
// to use its komi and rules. Moves are played without a ko rule (the
// board's KoNone), so Parse accepts a record that retakes a ko at once.
//
// # Game records
//
// ParseGame reads the first game tree's main line as a game: SZ and GM in
// the root as above; the first KM, HA, RU, RE, PB, PW, GN and DT on the
// main line; in each node setup (AE, AB, AW, applied in that order; a
// setup that leaves a block without liberties is an error: game records
// have no immortal stones), then PL and the move (B or W, at most one per
// node; B[] and, up to 19x19, B[tt] are passes) in the order given. Moves
// are played under the simple ko rule: an occupied point, a suicide (also
// under rules that allow it, such as New Zealand's) and an immediate ko
// recapture are errors naming the move number, the colour and the point,
// and the property's line and column. SQ, LB and every other property
// are kept in Game.Root but mean nothing to the game: no stone of a game
// record is immortal. SGF MN (move number) is ignored: moves are numbered
// 1, 2, ... along the main line, passes included.
//
// Komi (KM) is a multiple of 1/2 ("6.5", "7", "-0.5", "0.50"); it is kept
// exactly as a Komi, a count of half points, and anything else (6.75,
// 0.1, "six") is an error naming KM. KM[] or no KM means no komi given
// (Game.KomiKnown false, Komi 0). Komi is what the record says: handicap
// compensation (under Chinese or AGA counting) is not added, and HA is
// only informational (the handicap stones are the AB setup or Black's
// first moves). Rules (RU) are normalized by NormalizeRules to
// "japanese", "chinese", "aga", "nz" or "ing"; any other value is kept
// verbatim (Game.RulesText always holds RU as written).
//
// Game.PositionAfter(n) is the position in which move n+1 was played (n =
// 0: the setup; n = -1 or len(Moves): the end), with the prisoners taken
// so far, the side to move, komi, rules, the move number and, under the
// simple ko rule, the ko ban of a ko just taken (Board.KoPoint).
//
// # Writing SGF
//
// Package position/sgf reads and writes the tree (sgf.Node: properties and
// children, the first child the main line). Game.Root is the whole first
// game tree as read; annotate it in place (sgf.Node Set, Add, AppendText
// on Game.Moves[i].Node: C comments, BM/TE/DO/IT move annotations, MA, CR,
// TR and SQ markup, LB labels), hang alternatives beside a move with
// Game.AddVariation, and write it with Game.Marshal: the main line stays
// the first child everywhere, so any SGF viewer shows the game with the
// variations. Position.SGF gives a problem's root (FF, GM, CA[UTF-8], SZ,
// GN, KM and RU when known, PL, AB, AW, SQ on immortal and frame stones,
// LB) to which a composer adds the solution and refutations as children.
// SGFPoint names a point in SGF coordinates.
package position
