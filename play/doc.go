// Package play chooses moves. Best is the one choice of exact play at a
// position of a scored game (solve.Node), whatever its tiles hold, and
// PlayGame the exact play-out of one; PlayThermostrat plays a position
// with kos whose exact game is too large by the komaster-aware
// thermostrat. For sums of short games, Play and Choose do the rest:
//
// Package play plays a sum of games out move by move, the way Rappaport's
// Figure 4.10 plays Berlekamp's problem: before every move it lists each
// component with its value and the players' best options, then makes a
// move chosen by a strategy and records its incentive, its class and the
// moves that were equally good.
//
// A sum (Sum) is a list of named components plus an optional number of
// settled territory and prisoners. A component is a Local: anything that
// has a canonical value (a cgt.Game) and a list of moves for each player,
// each move naming itself (a board point, or the option's value) and
// leading to another Local. Value wraps a bare cgt.Game whose moves are
// its canonical options; the Go side plugs in its tiles, whose best-play
// trees keep the non-canonical moves and name them by board point.
//
// Strategies:
//
//   - Exact: under Mathematical Go rules (normal play: the player who
//     cannot move loses) a move is optimal when the mover still wins the
//     whole sum after it. A Solver decides that exactly without building
//     the canonical form of the whole sum, which grows exponentially with
//     the number of hot components: it searches the sum of component
//     values with number avoidance, merging of tepid components,
//     cancelling of G + -G, exact stop bounds from means and temperatures
//     and a memo. Under Japanese counting a move is optimal when it keeps
//     the stop of the sum (the score), computed on the running canonical
//     sum, ties going to the moves that keep a normal-play win. Among the optimal moves it plays the one with the largest
//     incentive (Rappaport, chapter 4) and lists the others whose
//     incentive no optimal move beats as equal choices.
//   - Greedy, Hotstrat, Thermostrat, Sentestrat: the heuristics of
//     Winning Ways (and Rappaport's "be greedy" for switches) for sums too
//     big to solve exactly. They need no canonical sum, only each
//     component's thermograph. When no component is hot they all fall back
//     to the largest-incentive rule of chapter 4.
//
// Classes follow Rappaport's chapter 6: I integers, II other numbers
// (fractions), III infinitesimals with a numeric part (tepid games such as
// 1*, 3^, -2v), IV hot games (temperature > 0).
//
// The play-out itself sees only values and labels. Position adapts an
// analyzed Go position (the tiles package): its tiles are components
// valued by their counts, with moves named by board points, played under
// Japanese rules; AreaPosition values the same tiles by their area games
// (Chinese counting). ResultOf scores the played line (the score and the
// Mathematical Go winner) and FillOut plays Mathematical Go to its end.
// Choose makes one move of a strategy: the one place where a move is
// chosen, for `mathgo play` and the GTP engine alike.
package play
