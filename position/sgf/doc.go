// Package sgf owns the tree syntax of SGF (FF[4]): reading the first game
// tree of a collection into a tree of nodes, and writing a tree back, for
// mathgo's inputs (game records, problems) and outputs (annotated reviews,
// composed problems). It knows nothing about Go: package position gives
// the properties their meaning.
//
// # Reading
//
// Parse reads the first game tree of a collection; anything after its
// closing ')' is ignored. Whitespace (including a leading UTF-8 byte-order
// mark) is allowed between tokens. A property identifier is a run of
// letters of which only the uppercase ones count (FF[3] names like
// AddBlack read as AB); one with no uppercase letter is an error. Every
// property needs at least one value. Inside a value a backslash makes the
// next byte literal, and a backslash before a line break (\n, \r, \r\n or
// \n\r) removes both (a soft line break); nothing else is changed, so
// values keep their bytes as written (the charset is the file's, see CA).
// Errors are *SyntaxError values with the byte offset, the line and the
// column (in runes, an invalid byte counting as one) of the problem.
//
// # Writing
//
// Write and Marshal write a tree as one game tree: a chain of single
// children as a sequence ";A;B;C", a node with several children as one
// parenthesized variation per child, the first child first (the main
// line). Each node starts a line. In values '\' and ']' are escaped with a
// backslash, which is all FF[4] requires (':' needs an escape only in the
// first part of a composed value, which mathgo never writes with a colon);
// so Parse(Marshal(t)) equals t for every tree whose identifiers are
// uppercase letters (Equal compares identifiers, values and children, not
// the offsets Parse records).
package sgf
