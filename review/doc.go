// Package review reviews a game record move by move with mathgo's exact
// endgame analysis (issue #15): for every move from the first position
// near the end of the game that can be analyzed exactly, the moves that
// were optimal, the move played, and how many points it lost, in the
// players' units; a summary per player; and the record written back with
// the mistakes marked and the best moves as variations.
//
// # What is reviewed
//
// Review analyzes the positions of the main line with endgame.Analyze,
// the one pipeline of every front end, going back from the end: the
// position after move n is analyzed once and serves both as the position
// after move n and as the one before move n+1. The search for the first
// move to review stops after Options.MaxRefused positions in a row that
// are not exact; the range reviewed starts after the earliest exact
// position found (Options.First sets it instead). Positions inside the
// range that are not exact (a ko, a wall not proven settled, a budget) are
// listed as such with the reason: a loss is never guessed. With a second
// core, the position before the one being analyzed is analyzed beside it,
// with the review's budgets; the answers are those of one core
// (TestReviewCores), and a review of a professional game's end takes a
// quarter less time.
//
// # Scores and losses
//
// The scoring is the one the record's rules (RU) name (CountingFor):
// Japanese counting (territory plus prisoners, endgame.Report.Japanese)
// by default and for Japanese or Korean rules; Chinese counting for
// Chinese, AGA, New Zealand and Ing rules (area: Report.Chinese, the area
// of the playing area, plus the stones of the settled walls). Scores are
// Black minus White before komi inside the package; printed results
// subtract the record's komi (FormatScore: "B+3.5", "W+1/2", "0").
//
// The best score of the mover before move n is the stop of the position
// with him to move; his score after it is the stop with the opponent to
// move. The points lost are the difference, from the mover's side: 0 for
// an optimal move, never negative. The optimal moves are found on the
// sum of the tile values of the position before the move (tile counts
// for Japanese counting, area games for Chinese): every move after which
// the opponent's stop equals the mover's best score, and a pass when
// passing keeps it. Two exact results that contradict each other — a
// negative loss, a move better than the optimum, the analysis before a
// move and the one after it valuing the position after it differently —
// are bugs: Result.Inconsistencies lists them and the moves concerned get
// no loss.
//
// A pass is reviewed like any move: the score after it is the best score
// with the opponent to move (a pass while something is worth playing
// loses the difference of the two stops). The end of the game by two
// passes is not scored separately: the second pass is valued as if play
// went on, which changes nothing once every tile is settled.
//
// # Output
//
// Result.JSON is the contract's document for `mathgo review --json`;
// Result.Annotated writes the record back (BM or DO on each mistake, a
// comment with the loss and the optimal moves, the best move as a
// variation; see Annotated). PositionAt and OutcomeOf serve `mathgo
// analyze FILE.sgf --move N`: the position after move N with the record's
// komi and rules, and its best-play results with komi.
//
// # Budgets
//
// Each position's analysis runs with node budgets (Options.Analysis,
// DefaultSolverNodes and DefaultMaxPositions unless set), so a position
// mathgo cannot value is refused rather than searched for long; Review
// never waits on the wall clock. A position those budgets leave unproven
// (or whose optimal moves they cannot find) is analyzed a second time
// with a single analysis's budgets (endgame.DefaultSolverNodes and
// endgame.DefaultMaxPositions), if it is the last position or one before
// an exact one, until Options.Retries second analyses in a row have
// failed: the review then reaches as far back as `mathgo analyze --move`
// proves (on g09-l10-s38-cad, moves 64 to 83 where the first budgets
// alone give 70 to 83), while a game whose end cannot be valued costs one
// second analysis.
//
// # Benchmark
//
// The benchmark positions of issue #15 (testdata/games/positions.tsv, cut
// from the GNU Go self-play records that go run ./internal/gengames makes)
// are analyzed one by one, with these budgets, by
//
//	go test -run '^$' -bench Positions -benchtime 1x ./review/
//
// which reports for each whether it was analyzed exactly, partially or
// refused, and the nodes.
package review
