package safety

import (
	"fmt"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/life"
)

// Ko threats from the walls.
//
// A wall proven alive or safe lives by answering some attacker moves in
// its territory (the certification game). Without a ko on the board that
// costs nothing: an attack and its answer change the territory's count by
// nothing, and the proof of soundness (package documentation) needs no
// more. With a ko it is not enough: a move the owner must answer is a ko
// threat, which the tile model (walls immortal, territories numbers) does
// not have, and a ko fight can turn on it. (A random 7x7 board showed it:
// White's move inside Black's territory, answered there, let White win a
// ko that exact play with the ban over the tiles gave to Black, and the
// Chinese score was 5, not the 7 the tiles said.) SearchKoThreats finds
// the walls that may have to answer: those that do not win the
// certification game with no answer allowed before the settling phase
// (life.Options.NoReplies). A wall that wins it never needs to answer, so
// every attacker move in its territory is a stone given away (one point
// to the owner), never a threat. Declared and pass-alive blocks need no
// check (Benson: no sequence of attacker moves captures them).

// finalGroup is a group of the final S proven with answers, and whether
// it was proven with its enclosed regions (the second tier).
type finalGroup struct {
	g      *group
	claims bool
}

// ThreatSource is a settled group that may have to answer a move in its
// own territory: a source of ko threats for the other colour.
type ThreatSource struct {
	// Block is the first stone of the group's first block; Group lists
	// the first stones of all its blocks.
	Block board.Point
	Group []board.Point
	Color board.Color
	// Reason says why, in a player's words (the attacker's line when the
	// search found one).
	Reason string
	// Nodes is the number of life-solver nodes spent.
	Nodes int
}

// SearchKoThreats searches for the settled groups that may have to answer an
// attacker move in their territory, each checked by the certification
// game with no answers before the settling phase (nodes is the budget
// per block, as Options.SolverNodes; 0 means the one Settle used). A
// group the search cannot decide is a source too. Nil when every settled
// block is declared, pass-alive or assumed.
func (r *Result) SearchKoThreats(nodes int) []ThreatSource {
	s := r.settler
	if s == nil {
		return nil
	}
	if nodes <= 0 {
		nodes = s.opts.SolverNodes
	}
	var out []ThreatSource
	for _, f := range s.final {
		g := f.g
		if s.opts.NoSolver {
			src := ThreatSource{Block: s.blocks[g.targets[0]].first, Color: g.color,
				Reason: "it lives by answering in its territory (the static miai rule), and without the life solver it is not checked further"}
			for _, t := range g.targets {
				src.Group = append(src.Group, s.blocks[t].first)
			}
			out = append(out, src)
			continue
		}
		sl := s.seal(g, f.claims)
		if len(sl.libertyless()) > 0 {
			// Settle refutes such a group; kept as a source should one
			// ever get here.
			src := ThreatSource{Block: s.blocks[g.targets[0]].first, Color: g.color, Reason: "it has no liberty in its own territory"}
			for _, t := range g.targets {
				src.Group = append(src.Group, s.blocks[t].first)
			}
			out = append(out, src)
			continue
		}
		res := life.CertifyGroup(sl.b, sl.targets, life.Options{
			MaxNodes: nodes * min(len(g.targets), 10), Immortal: sl.imm, ReplyRegion: sl.reply, NoReplies: true})
		if res.Status == life.StatusAlive || res.Status == life.StatusPassAlive || res.Status == life.StatusDeclared {
			continue
		}
		src := ThreatSource{Block: s.blocks[g.targets[0]].first, Color: g.color, Nodes: res.Nodes}
		for _, t := range g.targets {
			src.Group = append(src.Group, s.blocks[t].first)
		}
		def, att := colorName(sl.def), colorName(sl.att)
		if res.Status == life.StatusUnknown {
			src.Reason = fmt.Sprintf("not proven to live without ever answering in its territory (%s after %d nodes)", res.Reason, res.Nodes)
		} else {
			pv := make([]board.Point, len(res.PV))
			for i, m := range res.PV {
				pv[i] = sl.orig(m)
			}
			src.Reason = fmt.Sprintf("%s must answer some of %s's moves in its territory (if %s never answers: %s)", def, att, def, s.line(sl, pv))
		}
		out = append(out, src)
	}
	return out
}
