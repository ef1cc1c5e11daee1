package endgame

import (
	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/life"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/tiles"
)

// settlement is the outcome of certifying the walls: the stones treated
// as immortal, why, and the life results of the blocks that are not.
type settlement struct {
	immortal []bool
	certs    []tiles.Certificate
	mortal   []life.Result
	warnings []string
	nodes    int
}

// settle decides which blocks of pos are immortal walls: declared stones,
// a fragment's frame and Benson pass-alive blocks (tiles.DefaultImmortal),
// then blocks the life solver proves alive, unless opts says otherwise.
func settle(pos *position.Position, opts Options) settlement {
	b := pos.Board
	imm, certs := tiles.DefaultImmortal(pos)
	s := settlement{immortal: imm, certs: certs}
	if opts.AssumeSettled {
		s.warnings = append(s.warnings, "--assume-settled: every stone is treated as immortal without a life-and-death proof")
		for _, blk := range b.Blocks() {
			if imm[blk[0]] {
				continue
			}
			for _, p := range blk {
				imm[p] = true
			}
			s.certs = append(s.certs, tiles.Certificate{Block: blk[0], Color: b.At(blk[0]), Status: "assumed"})
		}
		return s
	}
	if opts.NoSolver {
		return s
	}
	nodes := opts.SolverNodes
	if nodes == 0 {
		nodes = DefaultSolverNodes
	}
	for _, blk := range b.Blocks() {
		if imm[blk[0]] {
			continue
		}
		if opts.Progress != nil {
			opts.Progress("certifying block " + b.Name(blk[0]))
		}
		r := life.Certify(b, blk[0], life.Options{MaxNodes: nodes, Immortal: imm})
		s.nodes += r.Nodes
		if r.Status != life.StatusAlive {
			s.mortal = append(s.mortal, r)
			continue
		}
		for _, p := range blk {
			imm[p] = true
		}
		s.certs = append(s.certs, tiles.Certificate{Block: blk[0], Color: b.At(blk[0]), Status: "alive"})
	}
	return s
}

// describeLife says in a line why a block is not settled.
func describeLife(b *board.Board, r life.Result) string {
	s := r.Status
	if len(r.PV) > 0 {
		s += ", line"
		for _, p := range r.PV {
			s += " " + b.Name(p)
		}
	}
	return s
}
