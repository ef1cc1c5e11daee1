package gtp

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/life"
	"github.com/mathgo/mathgo/tiles"
)

// Block statuses of final_status_list.
const (
	statusAlive = "alive"
	statusDead  = "dead"
	statusSeki  = "seki"
)

// finalStatuses gives every stone on the board its status at the end of
// the game, and says where the statuses come from:
//
//   - when mathgo's analysis of the position is exact, the walls it
//     settles are alive and the mortal stones inside a settled territory
//     of the other colour are dead; the other mortal stones get the simple
//     rule;
//   - otherwise, with Options.Assume, mathgo's analysis under the
//     source's assumptions (assumedStatuses);
//   - otherwise, when there is a child engine, its final_status_list;
//   - otherwise the simple rule (simpleStatus).
//
// The answer is per point (board.Empty points get "").
func (e *Engine) finalStatuses() ([]string, string) {
	b := e.b
	status := make([]string, b.Size())
	if _, r, _ := e.analysis(); r != nil && r.Exact() {
		simple := simpleStatus(b, e.Immortal())
		for _, blk := range b.Blocks() {
			st := simple[blk[0]]
			if r.Analysis.Immortal[blk[0]] {
				st = statusAlive
			} else if t := tileAt(r, blk[0]); t != nil && t.Kind == tiles.KindTerritory {
				st = statusDead
			}
			for _, p := range blk {
				status[p] = st
			}
		}
		return status, "mathgo's exact analysis"
	}
	if r, err := e.assumedAnalysis(); err == nil && r != nil && (r.Conditional() || r.Proven()) {
		// Under the assumptions, or proven with analyze's budgets (larger
		// than genmove's, which the branch above used).
		st := assumedStatuses(b, r, simpleStatus(b, e.Immortal()))
		if n := len(r.Assumptions); n > 0 {
			return st, fmt.Sprintf("mathgo's analysis under %d %s from %s, not proven (mathgo-assumptions lists them)", n, plural(n, "assumption", "assumptions"), e.opts.Assume.Name())
		}
		return st, "mathgo's exact analysis"
	}
	if e.childUsable() && e.syncChild() == nil {
		if st, err := e.childStatuses(); err == nil {
			return st, "engine " + e.opts.Child.Name()
		} else {
			fmt.Fprintf(e.log, "final_status_list: engine %s: %v; using the simple rule\n", e.opts.Child.Name(), err)
		}
	}
	return simpleStatus(b, e.Immortal()), "the simple rule"
}

// tileAt returns the tile of the report holding p, or nil.
func tileAt(r *endgame.Report, p board.Point) *tiles.Tile {
	for _, t := range r.Tiles() {
		for _, q := range t.Points {
			if q == p {
				return t
			}
		}
	}
	return nil
}

// childStatuses asks the child engine for its dead and seki stones; the
// other stones are alive.
func (e *Engine) childStatuses() ([]string, error) {
	b := e.b
	status := make([]string, b.Size())
	for p := range status {
		if b.At(board.Point(p)) != board.Empty {
			status[p] = statusAlive
		}
	}
	for _, st := range []string{statusDead, statusSeki} {
		resp, err := e.opts.Child.Call("final_status_list "+st, 0)
		if err != nil {
			if st == statusSeki && errors.Is(err, ErrRefused) {
				continue // an engine may not know seki
			}
			return nil, err
		}
		for _, v := range strings.Fields(resp) {
			p, err := parseVertex(b, v)
			if err != nil || p == board.Pass || b.At(p) == board.Empty {
				return nil, fmt.Errorf("final_status_list %s answered %q, not a stone", st, truncate(v, 20))
			}
			status[p] = st
		}
	}
	return status, nil
}

// simpleStatus is the simple rule of final_status_list when nothing
// better is known. A block is alive when it is pass-alive (Benson, the
// immortal stones as anchors) or touches an empty region bordered by its
// own colour only (an eye or a territory of its own). Any other block is
// dead when the influence estimate of the fallback (each stone radiates
// 4, 3, 2, 1 to distance 0 to 3), summed over the block's stones, favours
// the opponent: it stands inside the opponent's area. Seki is never
// reported.
func simpleStatus(b *board.Board, immortal []bool) []string {
	status := make([]string, b.Size())
	alive, _ := life.BensonAnchored(b, immortal)
	f := newFallback(b, immortal, board.Black)
	for _, blk := range b.Blocks() {
		c := b.At(blk[0])
		st := statusAlive
		if !alive[blk[0]] && !ownEye(f, blk, c) {
			sum := 0
			for _, p := range blk {
				sum += f.infl[p]
			}
			if sideOf(owner(sum)) == -sideOf(c) {
				st = statusDead
			}
		}
		for _, p := range blk {
			status[p] = st
		}
	}
	return status
}

// ownEye reports whether a block of colour c touches an empty region
// bordered by c only.
func ownEye(f *fallback, blk []board.Point, c board.Color) bool {
	own := borderBlack
	if c == board.White {
		own = borderWhite
	}
	for _, p := range blk {
		for _, q := range f.b.Neighbors(p) {
			if i := f.region[q]; i >= 0 && f.regions[i].border == own {
				return true
			}
		}
	}
	return false
}

func (e *Engine) cmdFinalStatusList(args []string) (string, error) {
	if len(args) != 1 {
		return "", errSyntax
	}
	want := strings.ToLower(args[0])
	if want != statusAlive && want != statusDead && want != statusSeki {
		return "", errSyntax
	}
	status, source := e.finalStatuses()
	fmt.Fprintf(e.log, "final_status_list %s: from %s\n", want, source)
	// One block per line, as GNU Go answers.
	var lines []string
	for _, blk := range e.b.Blocks() {
		if status[blk[0]] != want {
			continue
		}
		names := make([]string, len(blk))
		for i, p := range blk {
			names[i] = e.b.Name(p)
		}
		lines = append(lines, strings.Join(names, " "))
	}
	return strings.Join(lines, "\n"), nil
}

// cleanupMove is kgs-genmove_cleanup's move instead of a pass: a liberty
// of a dead opponent block (final statuses) where c's stone is safe (see
// safe), the block with the fewest liberties first, or a pass when there
// is none.
func (e *Engine) cleanupMove(c board.Color) board.Point {
	status, _ := e.finalStatuses()
	b := e.b.Clone()
	imm := e.Immortal()
	best, bestLibs := board.Pass, 0
	for _, blk := range b.Blocks() {
		if b.At(blk[0]) != c.Opponent() || status[blk[0]] != statusDead {
			continue
		}
		libs := b.LibertyPoints(blk[0])
		if best != board.Pass && len(libs) >= bestLibs {
			continue
		}
		for _, p := range libs {
			if safe(b, p, c, imm) {
				best, bestLibs = p, len(libs)
				break
			}
		}
	}
	return best
}
