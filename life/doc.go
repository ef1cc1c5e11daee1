// Package life owns life and death: it proves whether a block can be
// captured, so that the values mathgo computes for a tile rest on
// boundaries that are truly settled, and it answers the life-and-death
// questions players ask directly (`mathgo life`).
//
// Benson returns Benson's pass-alive blocks (alive even if their owner
// passes every turn) and the regions they make safe; BensonAnchored and
// BensonColor do the same with immortal stones as alive anchors. Analyze gives the
// full status of a block; Certify the certificate a tile boundary needs.
// AnalyzeGroup and CertifyGroup ask the same of a group of several blocks
// of one colour that live or die together (blocks joined only by shape):
// the attacker wins by capturing any one of them.
//
// # The search
//
// A block that is not pass-alive is searched with depth-first proof-number
// search (df-pn, Nagai; as adapted to Go by Kishimoto and Müller). The
// defender is the block's colour, the attacker its opponent. The attacker
// wins by capturing the block (for a group, any of its blocks); the
// defender wins by making every target block pass-alive (Benson, with immortal stones as alive anchors) or by
// surviving a cycle (a seki or a position the attacker cannot make progress
// from). Moves are restricted to a region: by default every point connected
// to the block through empty points and stones that are neither immortal
// nor pass-alive (the empty points and the points of those mortal stones,
// which are played again once captured); Options.Region overrides it.
//
// Immortal stones are never captured. A frame drawn with no room outside
// it (a whole side of the board made of immortal stones, as in a Sensei's
// Library fragment) is searched on a copy of the board with an empty line
// added beyond each such side, so that the frame keeps liberties no one
// can fill: a move on its last drawn liberty is then legal for both
// colours, and that point is no eye. Benson's test never counts as an eye
// a region that holds an immortal opponent stone.
//
// The transposition table is keyed by a Zobrist hash of the stones, the
// player to move, the ko ban, the external ko threats left and the pass
// history the pass rules look at. Proof numbers use Kishimoto and Müller's
// minimal-distance rule so that repetitions do not inflate them, and
// thresholds grow by the 1+ε trick. Two kinds of forced moves prune the
// tree soundly: a child after which the attacker can capture at once is
// lost for the defender, and when the defender could make the block
// pass-alive with one move the attacker may only play there, capture, or
// play a move that makes that point illegal or capturing (Benson's verdict
// only improves for the defender as attacker stones are added). The search
// counts node expansions and checks the clock; when Options.MaxNodes or
// Options.Timeout runs out it stops and the status is "unknown", never a
// guess.
//
// # Ko and passes
//
// Kos follow Wolf ("A library of eyes in Go, I"): the first search allows
// no external ko threats; if its loser was ever barred by a ko while out of
// threats, the search is repeated giving the loser 1, 2, ... threats (up to
// Options.MaxKoThreats). A ko recapture costs the recapturer one threat.
// The status is then "ko" with the number of threats the loser needs, or
// unconditional. Passing follows Wolf's Ruling II: the defender may pass
// (giving up its threats after an attacker pass made because the defender
// had threats, and not right after recapturing a ko with a threat when the
// attacker then passed); the attacker may pass only in a ko-banned position
// without threats or when the defender has threats; in a ko-banned
// position a player with threats may not pass. With these rules bent four
// in the corner is dead.
//
// Why the pass rule matters: in bent four in the corner the defender can
// never move inside (every move is self-atari), while the attacker can at
// any time turn the position into a ko that the attacker takes first. With
// a threat for the defender, the direct attack loses the ko, so the attacker
// passes (allowed because the defender has threats); the defender may pass
// back only by giving up its threats, after which the direct attack kills.
// The attacker can thus wait until the defender's threats are gone, and the
// status is "dead", as the Japanese rules rule it; an ordinary ko in which
// the defender can also profit from moving first is still reported as "ko".
//
// Cycles follow Wolf too: the attacker may not repeat a position of the
// current line, and a repetition made by the defender (a double pass among
// them) is a win for the defender.
//
// Life is told from seki by a second search in which the attacker may pass
// at will and the defender wins only by reaching a pass-alive position.
//
// # Reply mode
//
// Options.ReplyRegion switches to the game that certifies a wall for the
// decomposition into tiles (package safety): the region is split into
// numbered reply regions (the defender's own eyes); the attacker moves
// first, ignores ko bans (it has every threat it wants, and may still not
// repeat a position); the defender may only answer an attacker move made
// in a reply region, inside that same region, or pass. An attacker pass
// starts the settling phase, which is the seki check's game: both sides
// play anywhere in the region and pass at will, and the defender must
// reach a pass-alive position. There are no ko re-searches. Forced
// attacker moves (see above) apply where the defender may answer at its
// winning point: in the settling phase, and before it when the region
// lies in one reply region (a claim of package safety: the area alone).
// There, after a pruned attacker move (no capture, the winning point w
// still legal and capturing nothing), the defender answers at w, in the
// region of the attacker's move, and the position is the one after w with
// one more attacker stone, still won (Benson's verdict, the vital-region
// and the small-interior tests only improve for the defender as attacker
// stones are added, and the interior counts the attacker's stones). An
// attacker pass before the settling phase is pruned too (the defender
// plays w first in the settling phase, a position the path cannot hold,
// since it holds no settling-phase position yet); in the settling phase
// it is kept: a pass may repeat a position of the path, which wins for
// the attacker there, and the ko ban in that earlier position may bar w.
// Before the settling phase with several reply regions the defender
// cannot answer wherever it likes, and no attacker move is forced. A
// block that wins is "alive"; one that loses is "unsettled". With
// Options.NoReplies the defender may not answer at all before the settling
// phase (a wall that wins that game gives the opponent no ko threats).
//
// # Small interiors
//
// In reply mode the defender's win also needs its reply regions safe: each
// bounded by pass-alive blocks of the defender only, and either every
// empty point of it a liberty of one of them (Benson's vital region), or
// its interior, the points of it (empty or the attacker's) that touch no
// defender stone, at most two points, and adjacent if two. The second test
// is sound for the same reason as the first. The attacker cannot capture a
// pass-alive stone, so a point next to one is never its eye, and all its
// eye space lies in the interior: one eye at most, of one or two points.
// It cannot live in seki either: the defender can fill every liberty
// outside the interior with a stone that joins a pass-alive block (the
// merged block keeps two vital regions: a vital region the stone is not
// in is untouched, and the one it is in stays vital, its empty points
// still liberties, so the block stays pass-alive and the fill is never
// self-atari), after which every attacker block has its liberties
// in the interior only; the defender then plays one interior point, and
// takes the other (or retakes after the attacker captures there: the
// attacker's eye is one point or two, and no second eye or ko for life
// can appear). The attacker's stones there are dead whoever moves, as in a
// vital region. The test lets the certification game stop as soon as the
// invader's room is down to one eye, where the vital-region test had to
// wait until every empty point touched the wall; it is what lets the
// claims of package safety prove enclosed areas of fifteen points.
//
// # Limitations
//
// Results that depend on a repetition of a situation above the node they
// belong to (a line ended because a position of the current path came
// back) hold on that path only: the search returns them to the caller but
// does not store them in the table, so they cannot leak into another line
// or into the other side's search (the graph-history-interaction problem).
// A pass back to a parent that differs only in the player to move is part
// of the table key and stays cacheable. The other direction of that
// problem is not handled: a result stored as path-free is reused where
// the current path holds a situation its proof passes through. That takes
// a cycle of several captures (double or triple ko, sending two returning
// one), since a single ko is barred by the ko rule and a pass back is in
// the key. An immortal block whose liberties can all be filled and that does not make up a whole side of the board (or
// any, when the board has a ko pending or is 25 points a side) keeps the
// bare board's rules: filling its last liberty is taken as suicide or,
// for the opponent, as an illegal capture. A "ko" status counts external threats
// for the whole problem and does not value the ko. When the attacker is the
// side that needs the threats, a seki check tells whether the block lives
// only in seki without them (Result.KoSeki): a seki the attacker can turn
// into a ko, as in a ten-thousand-year ko, where it holds for the blocks of
// both sides. The state is not safe for concurrent use; each call builds
// its own.
package life
