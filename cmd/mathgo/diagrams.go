package main

import "github.com/spf13/cobra"

// newDiagramsTopic builds `mathgo help diagrams`: a help topic (no
// command to run) on the diagram format every command reads.
func newDiagramsTopic() *cobra.Command {
	return &cobra.Command{
		Use:   "diagrams",
		Short: "The diagram format: how to write a position in a text file",
		Long: `A position is a diagram (a text file) or an SGF file; mathgo tells them apart by
content: SGF starts with "(;", anything else is a diagram. Every command that takes a
position FILE reads both ("-" reads standard input). A game record (SGF with moves) is
needed by review and by analyze --move; a diagram has no moves.

Cells, one per point, spaces between them optional; the top line is the highest row:
  .  ,      an empty point (',' as Sensei's Library marks a hoshi: also empty)
  X  O      a black, a white stone
  #  @      a black, a white immortal stone: a wall, never captured, which needs
            no proof of life; an X touching a # (an O touching an @) is immortal too
  a .. z    an empty point with that label (kept, as SGF's LB)

Borders say which sides are edges of the board:
  +-----+   a top or bottom edge (a line of '-' and '+' above the first row or
            below the last); with '+' corners exactly where rows have '|'
  |     |   a left or right edge: a '|' at the start or end of every row
  -----     a forum-style border: '-' only, no corners
A diagram with no border at all is a whole board. A side without a border is open:
the diagram is a fragment of a larger board, and the blocks touching an open side
are its frame, taken as alive. A block without liberties is an error (named by line
and column) unless it is immortal or part of the frame; a board walled in by # and @
needs no border.

Other lines:
  $$        Sensei's Library's prefix, optional on every line ("$$ | . X |")
  $$B ...   a first line "$$B" or "$$W" says who is to play (Black or White), and the
            rest of the line, after a space, is the title ("$$Bc19 Problem 3")
  // ...    a comment (also after "$$"); blank lines are ignored

An example, testdata/problems/five-tiles.txt (five tiles between walls):
  +-----------------+
  |# # # # # # # # #|
  |# . . @ @ @ @ @ @|
  |# # # # # # # # #|
  |@ . . O # # # # #|
  |# # # # # # # # #|
  |@ . . . . @ @ @ @|
  |# # # # # # # # #|
  |@ @ @ @ @ @ @ @ @|
  |@ . . . @ @ @ @ @|
  |@ @ @ @ @ @ @ @ @|
  |# . @ @ @ @ @ @ @|
  +-----------------+

In SGF, SQ (square markup) on a stone declares it immortal, like # and @.
Points are named as in GTP: column letter A..Z without I, then the row from the bottom
(the top-left point of a 19x19 board is A19).`,
	}
}
