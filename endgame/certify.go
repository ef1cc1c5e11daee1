package endgame

import (
	"fmt"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/safety"
	"github.com/mathgo/mathgo/tiles"
)

// settlement is the outcome of settling the walls: the stones treated as
// immortal, why, the claimed territories, and the blocks that are not
// settled (they lie inside tiles).
type settlement struct {
	immortal  []bool
	certs     []tiles.Certificate
	territory []board.Color
	mortal    []safety.Certificate
	warnings  []string
	nodes     int
	safety    *safety.Result // for the ko threats of the walls (SearchKoThreats)
}

// settle decides which blocks of pos are immortal walls (safety.Settle:
// declared stones, a fragment's frame, Benson pass-alive blocks, static
// safety and the life solver under the decomposition's criterion: a wall
// may answer an attack only inside its own territory).
func settle(pos *position.Position, opts Options) (settlement, error) {
	res, err := safety.Settle(pos, safety.Options{
		SolverNodes:   opts.SolverNodes,
		NoSolver:      opts.NoSolver,
		AssumeSettled: opts.AssumeSettled,
		Progress:      opts.Progress,
	})
	if err != nil {
		return settlement{}, err
	}
	s := settlement{immortal: res.Immortal, territory: res.Territory, warnings: res.Warnings, nodes: res.Nodes, safety: res}
	for _, c := range res.Certificates {
		if c.Status.Settled() {
			s.certs = append(s.certs, tiles.Certificate{Block: c.Block, Color: c.Color, Status: c.Status, Source: c.Source})
		} else {
			s.mortal = append(s.mortal, c)
		}
	}
	return s, nil
}

// describeMortal says in a line why a block is not settled.
func describeMortal(b *board.Board, c safety.Certificate) string {
	if c.Reason == "" {
		return string(c.Status)
	}
	return fmt.Sprintf("%s: %s", c.Status, c.Reason)
}

// claimAll makes claim try every tile that is no territory, valued or
// not: for the real-rules cross-check (MATHGO_CROSSCHECK_CLAIM), which then
// tests the claims on every board where one is possible.
var claimAll bool

// claim asks the walls' certificates to claim as territory the tiles the
// search could not value that one colour's settled blocks enclose
// (safety.Result.Claim: the same certification game, with the area as
// one more region the walls may answer in). It returns the number
// claimed; s.territory (shared with the safety result) then counts them.
// A tile whose ko the tile search could not value (it has no Ko then) is
// tried like any other: in the certification game the invader ignores the
// ko ban (it has every ko threat it wants), so a claim never rests on
// winning a ko, and the corner invasions that end real games often have
// one in their game graph. With claimAll, valued ko tiles are tried too.
// With assumed (an analysis under assumptions, where an area they do not
// prove is assumed instead) the claims get no escalated budget, and an
// empty area only the quick one.
func (s *settlement) claim(a *tiles.Analysis, assumed bool) int {
	if s.safety == nil {
		return 0
	}
	var regions [][]board.Point
	for _, t := range a.Tiles {
		if t.Kind != tiles.KindTerritory && (t.Err != nil || claimAll) {
			regions = append(regions, t.Points)
		}
	}
	if len(regions) == 0 {
		return 0
	}
	before := s.safety.Nodes
	var n int
	switch {
	case assumed:
		// Under assumptions an empty area left unclaimed is assumed
		// territory, of the same count (analyzeAssuming): a quick search
		// only.
		n = s.safety.ClaimAssumed(regions)
	case claimable(a):
		n = s.safety.Claim(regions)
	default:
		// Some tile stays unvalued whatever is claimed: the claims only
		// narrow the bounds, and get no escalated budget.
		n = s.safety.ClaimUnescalated(regions)
	}
	s.nodes += s.safety.Nodes - before
	return n
}

// claimable reports whether every tile the search could not value might
// still be claimed: an area one colour's settled blocks enclose with none
// of its stones inside, within the claims' limits (safety.Claimable, as
// if its walls were pass-alive). Only then can the claims make the
// analysis exact.
func claimable(a *tiles.Analysis) bool {
	b := a.Position.Board
	for _, t := range a.Tiles {
		if t.Err == nil {
			continue
		}
		c, empties, ok := a.Enclosed(t)
		if !ok || !safety.Claimable(empties, safety.Interior(b, t.Points, c), true) {
			return false
		}
	}
	return true
}
