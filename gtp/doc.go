// Package gtp owns mathgo's Go Text Protocol engine: GTP version 2 on a
// pair of streams, so that mathgo plugs into Go GUIs (Sabaki, GoGui,
// Lizzie, q5Go) and can be matched against other engines such as GNU Go.
//
// # Protocol
//
// Engine.Run reads one command per line and writes one response per
// command, flushed at once. Input lines are preprocessed as GTP version 2
// says: control characters other than HT and LF are dropped (so CRLF line
// ends work), HT becomes a space, everything from '#' on is a comment, and
// lines left empty get no response. A command is an optional numeric id,
// the command name (case-sensitive) and its arguments, separated by
// spaces. A success is answered "=id result\n\n" (just "=id\n\n" when the
// result is empty) and a failure "?id message\n\n"; the id is left out
// when the command had none. A multi-line result never contains an empty
// line.
//
// The commands are those of CONTRACT.md:
//
//	protocol_version          2
//	name, version             from Options
//	known_command NAME        true or false
//	list_commands             one command per line
//	quit                      answers, then Run returns
//	boardsize N               1..25; empties the board ("unacceptable size" otherwise)
//	clear_board               empties the board, prisoners and history
//	komi X                    a finite decimal number
//	play COLOR VERTEX         "illegal move" if the rules forbid it
//	genmove COLOR             plays and answers the generated move ("pass" included)
//	undo                      takes back the last move ("cannot undo" at the start)
//	showboard                 the board as a diagram, with prisoners and komi
//	loadsgf FILE [MOVE]       a diagram or SGF file (see below)
//	final_score               Japanese territory count with komi, like "B+3.5", "W+2" or "0"
//	list_stones COLOR         the stones of that colour, as GNU Go lists them
//	mathgo-analyze            the analyze table of the current position
//
// Colours are "black", "b", "white" or "w" in any case; vertices are a
// column letter A..Z without I and a row number from the bottom, or
// "pass", in any case. A command with a wrong number of arguments, a
// colour or vertex that does not parse, or an unknown command name is
// answered "? syntax error" (unknown names: "? unknown command"). A
// well-formed vertex that is off the board is "? illegal move". Nothing a
// controller sends crashes the engine: a panic inside a command (in a
// plugged-in generator, say) is answered "? internal error: ..." and
// logged, and the engine goes on.
//
// # Rules
//
// The board is tiles/board with the ko rule of Options.KoRule: KoSimple
// forbids retaking a single-stone ko at once (GNU Go's default), KoSuperko
// forbids repeating any earlier stone configuration of the game (positional
// superko). Suicide is always illegal. play does not enforce alternation,
// like GNU Go: either colour may move.
//
// # Moves
//
// genmove asks Options.Generator (a MoveGenerator), which the exact tile
// player plugs into; its reason goes to Options.Log. If there is no
// generator, or it fails, panics or answers an illegal move, the engine
// uses FallbackGenerator and says so in the log. FallbackGenerator never
// fills its own territory or eyes; see its documentation.
//
// # Scoring
//
// final_score counts Japanese style with every stone on the board taken as
// alive: an empty region (a maximal connected set of empty points)
// bordered by stones of one colour only is that colour's territory, a
// region touching both colours (or none) is neutral, and each side adds the
// stones it has captured; White adds komi. The exact score of a settled
// endgame, with dead stones and Mathematical Go's immortal walls, comes
// from the tiles analysis, not from here.
//
// # Positions
//
// loadsgf reads a position file the way position.ReadFile does: SGF or a
// diagram, chosen by content (it must be a regular file, not "-", since
// standard input carries the protocol). Immortal marks (SQ in SGF, '#' and
// '@' in diagrams) are kept and handed to the generator and the analyzer.
// With MOVE, the position is the one before that move of the main line is
// played, counting the moves after the last setup node from 1. The answer
// is the colour to move, as GNU Go answers: the file's side to move, else
// the opponent of the last move, else black. A file that cannot be read is
// answered "? cannot load file", with the reason (file, line, column) in
// the log, and the position is kept.
package gtp
