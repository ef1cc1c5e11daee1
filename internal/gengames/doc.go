// Command gengames makes the GNU Go self-play game records of
// testdata/games reproducibly, and the manifest of benchmark positions cut
// from them (testdata/games/positions.tsv).
//
// Each game of the fixed list Games is played by one GNU Go process in
// GTP mode (gnugo --mode gtp --seed S --level L and --japanese-rules or
// --chinese-rules), which generates both colours' moves with genmove
// from an empty board (boardsize, clear_board, komi) until two passes in
// a row (or a resignation, or a move limit of four times the number of
// points). The result is GNU Go's own final_score. The record is written
// with package position/sgf: the root holds GM, FF, CA, SZ, KM, RU, PB,
// PW, RE, GN and a comment C naming the command, seed, level, komi, rules
// and result; no date, so the same GNU Go gives the same bytes.
//
// The manifest lists, for every game, the positions 20, 40 and 60 moves
// before the end of the main line (the record's last move, passes
// included): move N = total - 20, total - 40, total - 60, with the board
// size and the stage (20, 40, 60). It is the benchmark set of issue #15;
// its header records the exact command that made it.
//
// Usage:
//
//	nice -n 10 go run ./internal/gengames [-out testdata/games] [-gnugo PATH] [-only NAME,...] [-manifest-only]
//
// -only regenerates the named games (file names without .sgf); -manifest-only
// rewrites positions.tsv from the records already in -out. -campaign makes
// the games of the list Campaign instead (9x9 seeds 55 to 74, 13x13 seeds
// 67 to 70, outside testdata, without a manifest: -out must name another
// directory), records no test was tuned on, for the review tests'
// campaigns: MATHGO_REVIEW_GAMES='DIR/*.sgf' go test ./review. 19x19 games at
// high levels take many minutes each: run it in the background.
package main
