// Package safety decides which blocks of a position may be treated as
// immortal walls when the board is cut into tiles that are valued
// independently, and proves it cheaply where it can.
//
// Settle gives every block a Certificate. A block is settled (its stones
// immortal while the tiles are valued) when it is
//
//   - declared: a stone marked '#' or '@' (SGF SQ), or a stone of a
//     fragment's frame (position.Position.Frame);
//   - pass-alive: Benson's unconditional life (life.BensonColor), the
//     declared stones counted as alive anchors and only regions every
//     point of which touches the owner's stones counted as eyes;
//   - safe: proven by the static rule below, without search;
//   - alive: proven by the life solver in the certification game below;
//   - assumed: Options.AssumeSettled, with a warning and no proof.
//
// Every other block is mortal (with a Reason in a player's words, and the
// refuting line when there is one) or unknown (a search ran out of
// nodes); both join the tile around them, whose valuation handles mortal
// stones, captures and prisoners.
//
// # Why "alive" is not enough
//
// A block that lives only because its owner answers attacks (life's
// "alive": it survives the attacker moving first, the defender answering
// anywhere) cannot be a wall between independent tiles when the answers
// fall inside those tiles. In Bill Spight's 9x9 problem (White to move,
// no komi) the big Black group lives, but after W D5 it lives only by
// answering White's pushes in the left alley: those pushes are then not
// the gote moves the alley's own value assumes, White gains a tempo and
// wins by one point, where the sum of the tiles with the group immortal
// said jigo. A sum of tile values is only right when the tiles are
// independent, and a wall that must answer inside a tile ties them
// together.
//
// # Words
//
// S is the set of settled blocks. The regions are the connected sets of
// points holding no stone of S (empty points and stones of blocks outside
// S); they are the tiles. A region is enclosed by colour c when the only
// stones of S next to it are of colour c and it holds no stone of c. It
// is an eye region of c when, moreover, every point of it touches such a
// stone: exactly what the tile valuation counts as settled territory. The
// other colour can never make an eye in an eye region, and it stays one
// when the attacker plays in it and the owner answers in it (every point
// of it, the answer included, touches the wall; points freed by captures
// touched it already).
//
// A territory of c is an eye region of c, or an enclosed region of c
// that a certificate claims (the second tier below). Its count is one per
// point plus one per enemy stone (a prisoner to be): its Japanese value
// once every enemy stone in it is dead. A stone of the attacker placed in
// it adds one to the count, an answer of the owner takes one away, and a
// capture changes nothing (an enemy stone, two, becomes an empty point
// and a prisoner, two; an owner's stone, none, becomes a point and the
// attacker's prisoner).
//
// Contract with the tile valuation: every region that Result.Territory
// gives to a colour is valued as its count, positive for Black. For eye
// regions that is what the valuation does already; for claimed enclosed
// regions it must do so too (not search them).
//
// # The criterion
//
// A set S is sound when, for each colour c, the blocks of S of colour c,
// with their territories T, survive this certification game: an
// adversary moves as often as it likes, each move either
//
//   - a stone of the other colour anywhere, or
//   - a stone of colour c outside T,
//
// and after an adversary move of the other colour inside a region of T,
// and only then, the owner may answer with one stone in that same region
// (or not answer). The adversary wins by capturing a block of S. When the
// adversary stops (passes), a settling phase follows: the owner moves
// first, both sides play in T only and may pass, and the owner must make
// its blocks of S pass-alive with every region of T safe (Benson: healthy,
// every empty point a liberty of a pass-alive block, so that no enemy
// stone there can ever live); a repetition loses for the owner there. (So
// a block that merely survives in seki, where the enemy stones in its
// territory would be alive, is not settled, and neither is a territory
// in which the enemy could live.) Ko bans do not bind the adversary (it
// has every threat it wants); it gains nothing by repeating a position,
// since a line with a cycle can be shortened to one without it, so the
// search forbids it.
//
// This is the criterion (the attacker may play in every tile, the
// defender answers outside every tile) made precise: the only answers are
// inside the owner's territory, in the region just played in, where an
// attack and its answer change the count by nothing. An answer anywhere
// else (another region, or a tile) is never allowed.
//
// # Soundness
//
// Model: the position with the stones of S immortal, cut into its
// regions, each valued as a game under Mathematical Go rules (the tile
// valuation, territories as their counts by the contract). Real game: the
// same position under ordinary rules (only declared stones immortal),
// passes allowed, the game over after two passes, scored by Japanese
// counting.
//
// Claim. If S is sound, every region's model value is known, and no
// region is a ko tile, then with either side moving first the real game's
// result under best play is the model's stop (the left stop of the sum
// when Black moves first, the right stop when White does), and a model
// strategy completed by the certificates' answers achieves it. We assume,
// as the tile valuation and Japanese rules do, that nobody plays inside
// its own territory: such a move costs its author a point against a pass
// and can only weaken its own walls, never help.
//
// Proof (Black's half; White's is the mirror image). Black follows an
// optimal strategy of the model's stop game, chosen, as number avoidance
// allows, never to move in a component whose value is a number:
// territories are numbers, so Black never moves in one (its own or
// White's), and Black passes once the model is a number. A White move
// inside one of Black's territories leaves the model as it was (the
// region's value is a constant); Black gives the certificate's answer
// there, or, when the certificate has none, takes the turn White gave
// away (from a right stop to a left stop, which is at least as high).
// Every other White move is a model move. Seen from Black's blocks of S
// this play is a line of the certification game (White's stones anywhere,
// Black's own stones only outside its territories, answers as the
// certificate says), so no Black block of S is ever captured; seen from
// White's blocks, Black never plays in White's territories and White
// answers nothing there unless it wants to, again a line of White's
// certification game, so no White block of S is captured either. Outside
// the territories, model and real board therefore keep the same stones
// and make the same captures: the only differences between the rules are
// moves that capture a block of S, or join one and leave it without a
// liberty, and neither happens to a block that cannot be captured. When
// the game ends, the tiles outside the territories have the model's
// numbers. In a territory of Black, every White stone is dead in the
// Japanese sense (the settling phase shows Black can make the region
// safe), so its real count is its count at the start plus White's moves
// there minus Black's answers, at least its count, since Black answers
// each White move at most once. Black has thus secured at least the
// stop; White secures at most the stop the same way (Black's moves in its
// own territory would only lower its count).
//
// What is not claimed: that the whole board's value as a game under
// Mathematical Go rules, with the settled blocks mortal, equals the sum of
// the tiles. That is false even for pass-alive blocks: a Black group with
// two one-point eyes is worth two moves to Black in the model, but on the
// real board filling one eye lets White capture it, so the real game
// there is 0, not 2. Mathematical Go (the winner as the outcome of the
// sum) is the model's game by definition, as in Berlekamp and Wolfe: what
// this package guarantees is that the model is the real position's game
// up to its stops, that is the Japanese result and its best moves.

// # The sealed game
//
// The certification game is played on a copy of the board (sealed) that
// keeps a group's blocks, the territories it is proven with and the
// settled blocks of the same colour next to them (anchors), and fills
// every other point with an immortal stone of the attacker: the adversary
// has filled the tiles. The copy is cropped to the group's bounding box and one line
// around it (the rest is seal too), so that a search costs the same on a
// 19x19 board as on a small one. This is harder for the owner than the real board: a line of the
// certification game maps to the sealed line of its moves inside the eye
// regions, those moves have the same legality and captures there (an
// attacker stone in a territory has its liberties in that region; an
// answer legal on the sealed board is legal on the real one), and a block
// captured on the real board has lost all its liberties in its
// territories, so it is captured on the sealed board no later. A target
// with no liberty at all on the sealed board (every liberty it has lies
// in a tile) is refuted before any search: the adversary fills those
// liberties, moves the owner may not answer, and captures it, which no
// move on the sealed board can show. (Until this check, such a block next
// to a territory of dead enemy stones was certified; the brute force of
// the tests found two on random 6x6 boards.) Stones of the
// owner's colour placed outside the eye regions only add liberties or
// join blocks. An anchor (declared or pass-alive, never captured) keeps
// one private empty point next to no target so that a move on its last
// sealed liberty is not taken for the capture of an immortal block; an
// anchor without such a point is left mortal (harder again). Groups
// sharing no eye region share nothing on their sealed boards and are
// proven one by one.
//
// # Static safety
//
// The static rule works on eye regions only (it seals the group's
// enclosed regions). Pass-alive blocks need no answer: Benson's theorem
// says no sequence of
// attacker moves captures them, and the owner's own stones outside their
// eyes only join blocks or fill other regions. An eye that holds an enemy
// stone touching none of the owner's stones is not counted: filling such
// an eye's last liberty captures stones whose points may not touch the
// owner's block, leaving a region that is no longer vital, and the model
// may have the owner play there; so only eye regions serve as eyes, and
// the owner never plays in those (they are numbers). The miai rule
// proves more: in an
// eye region, two blocks of the group (or a block and an anchor) with two
// common liberties p and q there are joined by miai: when the adversary
// takes one, the owner takes the other, in the same region. If, for
// every way of resolving every such pair (one to the attacker, the other
// to the owner; an attacker stone left without liberties is captured or
// was never legal), the group is pass-alive on the sealed board (Benson,
// anchors alive), the group is safe: a block in an unresolved pair keeps
// both its points, so no single move captures it, and any other block has
// at least the liberties it has after the resolution, where it has two
// vital regions; in the settling phase the owner completes the pairs and
// reaches a pass-alive position (an attacker stone added after the
// resolution only fills a vital region, which Benson's theorem allows).
// At most six pairs are tried.
//
// # The fixpoint
//
// Which regions are eye regions depends on S. Settle starts from every
// block (declared and pass-alive ones are fixed), and repeats: blocks next
// to no eye region or enclosed region of their colour are mortal (their
// liberties all lie in tiles). Eyeless blocks of both colours can spoil each other's eyes
// (dead stones in a territory, both sides of a seki), so a round drops
// the eyeless blocks that stay eyeless with the other colour's eyeless
// blocks gone, or, when there is none, only the smallest eyeless block.
// The remaining blocks form groups (blocks joined by a common eye region
// or enclosed region). Each group is tried by the static rule, then by
// searches in two tiers: the first answers in its eye regions only (its
// enclosed regions sealed like tiles, so they stay tiles and are valued
// by search), the second in its enclosed regions too (which it then
// claims as territory). Each tier has a quick search (2,000 nodes), then
// a deep one (the per-block budget times the group's size, at most ten
// times), in parallel over Options.Workers; a tier whose regions hold
// more than 24 empty points is not searched (the proofs there run deeper
// than any budget). A group is proven by either tier (the first
// preferred), undecided when a tier ran out of nodes and none proved it
// (all its blocks are unknown), refuted otherwise: it loses the block an
// attacker's line captures first (the second tier's first), or all its
// blocks when the attacks only keep it from settling. An undecided group
// some of whose blocks touch eye regions and some only enclosed regions
// loses only the latter: the others, no longer joined through the
// enclosed region (it now holds the owner's unsettled stones), are tried
// next round with their eye regions alone. So the walls of a territory
// too large for the search are proven wherever they have eyes elsewhere
// (on the bundled 19x19 finals the median share of the board proven
// settled rose from 23% to 28%). The round starts
// again until no block is removed. The final S is sound because every group of
// it was proven with the eye regions of the final S (a cache keyed by a
// group's blocks and regions reuses earlier proofs only when both are the
// same). Removal only shrinks S, so this ends. It finds a sound set, not
// necessarily the largest one. The result does not depend on the number
// of workers: searches are independent and their verdicts are applied in
// a fixed order.
//
// # Claims after the tile search
//
// The fixpoint claims an enclosed region only for a group proven in the
// second tier. Result.Claim claims more afterwards, for the tiles the
// valuation could not value: the walls next to such a region (all of one
// colour, none of its stones inside), with every block sharing an eye
// region or a claimed region with them and every block of a group proven
// earlier with answers, are proven again in the certification game with
// the region as one more reply region (see claim.go). The set S does not
// change; the territories grow, and each group of S is still proven with
// its territories, so the argument above holds unchanged. A region whose
// game graph has a ko may be claimed as well: in the certification game
// the invader ignores the ko ban, so the proof never rests on a ko won.
// The limit of 24 empty points holds for claims too, except for a narrow
// area inside pass-alive walls (Claimable: up to MaxClaimNarrow empty
// points, at most MaxClaimInterior of them touching none of the walls'
// colour), where the search plays in the area alone.
//
// # Ko threats
//
// The soundness argument above excludes ko tiles, and for a reason: a wall that lives
// by answering in its territory turns each attack it must answer into a
// ko threat, which the tiles do not have. Result.SearchKoThreats finds
// the walls that may have to answer: every group proven alive or safe is
// played again in the certification game with no answer at all before
// the settling phase (life.Options.NoReplies); one that still wins never
// needs to answer, so a move in its territory is a stone given away, not
// a threat. Package endgame then brackets the scores with the ko ban
// between exact play in which the side the threats serve may ignore the
// ban at will and exact play in which the other side may, and states a
// score only where the two agree.
//
// # Limitations
//
// A wall whose life rests on a territory with more than 24 empty points
// is settled only if Benson or the static rule proves it, or it has eye
// regions enough elsewhere; otherwise it is unknown and its territory
// joins a tile (a larger tile, never a wrong value). The settling phase
// asks for a safe territory (every empty point touching a pass-alive
// block), which the owner cannot always force even where the enemy
// cannot live: a wall around a 3x3 corner is refused. The search works on
// the sealed board, so a group that could only live by capturing attacker
// stones outside its territories is not proven.
package safety
