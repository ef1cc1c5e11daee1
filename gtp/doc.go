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
// line. Bad input is answered, never fatal: an unknown command
// "? unknown command", malformed arguments "? syntax error", a vertex off
// the board "? illegal move", a line Run reads of more than MaxLineBytes
// bytes "? line too long: ...", and a panic inside a command
// "? internal error: ..." (with the stack in the log).
//
// The commands, in the order list_commands answers them (Help gives this
// table, from the command table in protocol.go where each command is
// registered with its handler; protocol_version to mathgo-analyze are
// those of docs/json-contract.md, the others serve GUIs and servers):
//
//	protocol_version             2
//	name                         Options.Name (mathgo by default)
//	version                      Options.Version
//	known_command NAME           true or false
//	list_commands                one command per line
//	quit                         answers, ends the child engine, then Run returns
//	boardsize N                  1..25; empties the board ("unacceptable size" otherwise)
//	clear_board                  empties the board, prisoners and history
//	komi X                       a finite decimal number
//	play COLOR VERTEX            "illegal move" if the rules forbid it
//	genmove COLOR                plays and answers the generated move ("pass" included)
//	undo                         takes back the last move ("cannot undo" at the start)
//	showboard                    the board as a diagram, with prisoners and komi
//	loadsgf FILE [MOVE]          a diagram or SGF file (see Positions)
//	final_score                  the score with komi, like "B+3.5", "W+2" or "0" (see Scoring)
//	list_stones COLOR            the stones of that colour, as GNU Go lists them
//	mathgo-analyze               the analyze table (or document) of the current position
//	time_settings M B S          main time, byo-yomi time (seconds) and stones; B > 0, S = 0: no limit
//	time_left COLOR T S          time left (seconds) and byo-yomi stones left (0 in main time)
//	final_status_list STATUS     alive, dead or seki: the stones, one block per line
//	kgs-genmove_cleanup COLOR    genmove that captures dead stones instead of passing
//	fixed_handicap N             N black stones on GTP's fixed points of an empty board
//	place_free_handicap N        the same points as fixed_handicap
//	set_free_handicap VERTEX...  black stones on the given points of an empty board
//	gogui-analyze_commands       GoGui's "type/label/command" lines for the commands below
//	mathgo-tile-values           gfx: each point of a tile labelled with its count
//	mathgo-temperatures          gfx: hot tiles coloured and labelled by temperature
//	mathgo-triage                whether the position is an endgame mathgo can value
//	mathgo-assumptions           the assumptions final_score and final_status_list rest on (--assume)
//
// # Rules
//
// The board is package board's, with the ko rule of Options.KoRule:
// KoSimple forbids retaking a single-stone ko at once (GNU Go's default),
// KoSuperko forbids repeating any earlier stone configuration of the game
// (positional superko). Suicide is always illegal. play does not enforce
// alternation, like GNU Go: either colour may move.
//
// # Moves
//
// genmove asks, in order:
//
//  1. Options.Generator, the exact player (ExactGenerator): it refuses at
//     once a position endgame.Triage says is not an endgame mathgo can
//     value ("not an endgame yet: ..."), else runs the one pipeline
//     (endgame.Analyze) with genmove's node budgets, and once more with
//     analyze's when those leave the board unvalued and the move has the
//     time (ExactGenerator.NoRetry), and plays the optimal move when every
//     tile is valued;
//  2. Options.Child, the child engine of mathgo gtp --engine (a Child): a
//     GTP engine in a subprocess whose position the engine keeps equal to
//     its own (every boardsize, clear_board, komi, play, undo, loadsgf
//     and handicap is passed on; a child that refuses one is set up again
//     from scratch before it is asked: boardsize, clear_board, komi, the
//     setup stones and the moves as plays). Its move is checked against
//     mathgo's rules. A child that crashes, hangs or answers nonsense is
//     stopped, restarted at most MaxChildRestarts times, and otherwise
//     left out;
//  3. FallbackGenerator, which never passes while a sensible move exists.
//
// The log says which one chose each move, why the ones before it did not,
// how long the move took, and when mathgo's exact play takes over. Each
// genmove is bounded by Options.MoveTime (DefaultMoveTime, 9 s), less when
// time_settings and time_left leave less per move: the generator runs in
// its own goroutine and gets two thirds of the time when there is a child
// (the child the rest, at least a second); a generator over its time is
// left to finish in the background (its node budgets bound it), its
// answer dropped, and not asked again until it has finished.
//
// final_status_list takes the statuses from mathgo's exact analysis when
// there is one (the settled walls alive, mortal stones in a settled
// territory dead), else from the child engine, else from a simple rule
// (see simpleStatus). kgs-genmove_cleanup plays like genmove, but instead
// of passing it plays a liberty of a dead opponent block (the child is
// asked its kgs-genmove_cleanup when it knows the command).
//
// # Scoring
//
// final_score counts as the rules of the loaded game record do
// (endgame.CountingFor: area for Chinese, AGA, New Zealand, Ing and
// Tromp-Taylor rules; territory and prisoners for Japanese and Korean
// rules, when the record names none, and after clear_board or boardsize).
// It gives Options.Scorer's score when it has one (Scorer: the exact
// score with best play from the player to move, when the position is an
// endgame mathgo values exactly, as analyze does; under area counting the
// area of the whole board), komi included. With Options.Assume, a position
// that is not proven is scored by the analysis under the source's
// statuses, when that is exact; the log says the score is conditional and
// mathgo-assumptions lists the assumptions (final_status_list likewise).
// Otherwise it counts with every stone on the board taken as alive
// (TerritoryScore, AreaScore): an empty
// region (a maximal connected set of empty points) bordered by stones of
// one colour only is that colour's territory, a region touching both
// colours (or none) is neutral; each side adds the stones it has captured
// (territory counting) or its stones on the board (area counting); White
// adds komi.
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
// the opponent of the last move, else black. A game record's komi (KM)
// and rules (RU) become the engine's, as GNU Go takes the komi; a diagram
// leaves them. A file that cannot be read is
// answered "? cannot load file", with the reason (file, line, column) in
// the log, and the position is kept.
package gtp
