// Package realgo is an exhaustive whole-board solver of small Go positions
// under real rules — captures, suicide forbidden, simple ko, passes,
// Japanese (territory) and Chinese (area) counting — used as the oracle
// that checks mathgo's decomposition answers. It shares nothing with
// mathgo's valuing code (cgt, tiles, life, safety, corridors, solve, play):
// it imports only board (the rules of a move) and position (file reading),
// and has its own Benson analysis, its own end-of-game life and death and
// its own counts, so that it can catch mathgo when mathgo is wrong.
//
// One piece is lent the other way: Reckoner, the end-of-game scoring
// (statuses by hypothetical play, the counts), which package endgame uses
// to end its games with the ko ban as real rules end them when a tile is
// still open, and that package solve's board search uses to reckon the
// ends of the region it plays on the board. Only the scoring of a finished board is shared; the search
// that checks mathgo's answers stays realgo's own.
//
// Solve returns, for each counting and each side first, the minimax score
// (Black minus White, no komi), the set of optimal first moves, the first
// moves that win against a komi, a principal variation and the nodes
// searched. Past its node budget, or when the answer would rest on
// something the solver cannot decide, an outcome is unknown, with bounds
// and a reason: never a guess. RandomEndgame draws the small late-endgame
// positions the project's cross-checks use.
//
// # The game
//
// A move puts a stone of the player to move on an empty point; opponent
// blocks left without liberties are removed (they become the mover's
// prisoners); a move that would leave its own block without liberties and
// captures nothing is illegal (suicide, of one stone or many). Simple ko: a
// player may not at once retake a single stone that has just captured a
// single stone (board.KoSimple); any other move or a pass lifts the ban. A
// pass is always legal. Two consecutive passes end the game. The position
// given is the start: its stones, its prisoners (SGF) and its ko ban, with
// the side asked to move; no pass has just been made.
//
// Repetition. With simple ko a game can cycle (two kos, sending two and
// returning one). A line that comes back to a state already on the path
// (stones, player to move, ko ban, pending pass) is a game that need never
// end. The solver values such a line as -infinity in one search and as
// +infinity in a second one, and reports a score only when both agree,
// that is when neither player can profit from endless play; otherwise the
// outcome is unknown ("rests on an endless repetition"). Values that rest
// on a repetition of a position above the node are not stored in the
// transposition table (the graph-history interaction problem).
//
// # Chinese counting
//
// When the game ends, the stones lying in the other colour's pass-alive
// territory (below) are removed; then each side counts its stones plus the
// empty points of the regions that reach its stones only (Tromp-Taylor
// area). Any other dead stone must be captured by play before the game
// ends, which under area counting costs nothing, so the minimax score is
// the area score of real Chinese rules with dead stones removed. In a seki
// the shared liberties count for nobody and the eyes for their owner.
//
// # Japanese counting
//
// A side scores its territory plus its prisoners (those taken in play,
// those on the position at the start, and its opponent's dead stones, which
// are removed at the end). Which stones are dead is decided as the
// Japanese 1989 rules decide it, by hypothetical play on the final board,
// one block at a time (article 7):
//
//   - A block of a pass-alive chain (Benson) is alive; a block inside the
//     opponent's pass-alive territory is dead.
//   - For any other block, a search decides whether the opponent, moving
//     first, can force its capture, the owner answering or passing, moves
//     being tried on the points of the block's component (the connected
//     set of points that are not pass-alive stones; what lies beyond
//     pass-alive stones cannot touch it). Confirmation ko rule: a player
//     whose stone has just been taken in a ko may retake it only after
//     passing (a pass lifts that player's bans). A line that repeats a
//     state is a failure of the attack (the capture was not forced). The
//     block is alive if the capture cannot be forced, and also if every
//     capture lets its owner at once play a stone on a captured point that
//     cannot be removed (the exception of article 7-1); dead otherwise. A
//     block that becomes pass-alive during the search is alive.
//   - Past the per-question budget (Options.StatusMaxNodes) the status is
//     unknown. The finished game's count is then an interval (the minimum
//     and maximum over the unknown statuses), and the whole result is
//     found twice, with every such leaf at its lower end and then at its
//     upper end; it is reported only if both agree.
//
// Then (article 8): dead stones are removed; an empty point whose region
// of empty points borders living stones of one colour only is an eye point
// of that colour; the other empty points are dame. A living block that is
// not pass-alive and touches a dame point is in seki, and an eye region a
// block in seki borders is not territory. Territory is the eye points of
// the other eye regions. A pass-alive block is never counted as in seki:
// its owner can fill any dame next to it at no cost and without risk, so
// ending the game with that dame open changes no optimal score.
//
// Limits of this reading of the Japanese rules: the game ends at the
// second pass (there is no resumption of play after a disagreement,
// article 9); the special rulings of the 1989 commentary (bent four in the
// corner, three points without capturing) are not applied; the exception
// of article 7-1 is tried only for a stone played at once on a captured
// point, without earlier ko bans.
//
// For a finished board on which every stone is pass-alive or lies in the
// other colour's pass-alive territory, the two counts satisfy territory =
// area - (black stones - white stones on the board), the identity that
// links a game's territory and area scores through the stones each side
// placed (a test checks it); with seki, unknown statuses or dead stones
// outside pass-alive territory it need not hold, and the solver never
// relies on it.
//
// # Pass-alive territory
//
// Benson's algorithm finds the blocks that cannot be captured even if
// their owner always passes. A region (a maximal connected set of points
// not of colour c) is pass-alive territory of c when every block of c
// bordering it is pass-alive and at most one of its points is not next to
// a pass-alive stone of c (KataGo's definition). The other colour can never
// make a living group there, and its stones there are dead.
//
// # Search
//
// MTD(f) null-window alpha-beta (fail-soft) over the whole game, with a
// transposition table keyed by realgo's own Zobrist keys of the stones,
// the player to move, the ko ban and the pending pass, holding bounds on
// the value relative to the prisoner difference so that they hold whatever
// the prisoners taken before the node. Moves are ordered: the table's best
// move, captures and escapes from atari, points next to both colours, the
// rest; the pass first when it would end the game. At a leaf, bounds found
// from the pass-alive analysis alone are used when they already fall
// outside the window, before any life-and-death search.
//
// # Pruning
//
// Below the root, no move is tried inside pass-alive territory, of either
// colour. Such a move cannot capture anything outside the region (the
// region is bordered only by pass-alive blocks, which the other side can
// never capture, and the other side's stones in it are removed at the end
// anyway), cannot make a living group, and changes no count (Chinese) or
// costs its player a point (Japanese). It acts on the ko ban as a pass
// does, with one difference: after it the opponent cannot end the game at
// once. That can make it better than a pass, but not better than the best
// move at the node: if the opponent answers with a pass, the player faces
// the same choices as before (end the game or play a real move); if the
// opponent answers with a move, it is a move he could have played after a
// pass. The step this argument takes for granted is that a stone played in
// one's own pass-alive territory, which may fill an eye, never helps its
// player. TestPrunedMovesNeverBest checks the claim at the root of random
// endgames (every pruned move against the best other move), and
// Options.NoPruning turns the pruning off.
package realgo
