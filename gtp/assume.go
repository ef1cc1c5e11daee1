package gtp

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/tiles"
)

// Stated assumptions (Options.Assume, mathgo gtp --assume). GTP has no
// place in final_score's or final_status_list's answer to say that it is
// not proven, so the answer keeps its standard form, the log (standard
// error, which GUIs show) says on what it rests, and mathgo-assumptions
// lists every assumption of the current position.

// assumedAnalysis is the analysis of the position under Options.Assume
// with analyze's budgets (what `mathgo analyze --assume` makes), cached
// per position; nil without a source. The report is proven when the
// position needs no assumption.
func (e *Engine) assumedAnalysis() (*endgame.Report, error) {
	if e.opts.Assume == nil {
		return nil, nil
	}
	key := e.positionKey()
	if e.assumed.ok && e.assumed.key == key {
		return e.assumed.report, e.assumed.err
	}
	pos := &position.Position{Board: e.b.Clone(), Immortal: e.Immortal(), Name: "gtp"}
	r, err := endgame.Analyze(pos, endgame.Options{Assume: e.opts.Assume})
	e.assumed = analysisCache{key: key, ok: true, report: r, err: err}
	return r, err
}

// assumedScore is final_score's score (Black minus White, before komi)
// under the assumptions, with the number of assumptions it rests on; ok is
// false when there is no source or the analysis under the assumptions is
// not exact either.
func (e *Engine) assumedScore(toMove board.Color) (score float64, assumptions int, ok bool) {
	r, err := e.assumedAnalysis()
	if err != nil || r == nil || !r.ExactUnder(e.counting()) {
		if err != nil {
			fmt.Fprintf(e.log, "final_score: the analysis under the assumptions of %s failed: %v\n", e.opts.Assume.Name(), err)
		}
		return 0, 0, false
	}
	s, err := r.Score(e.counting(), toMove)
	if err != nil {
		return 0, 0, false
	}
	return s.Float64(), len(r.Assumptions), true
}

// assumedStatuses gives every stone its status under the assumptions of
// report r (an analysis of the engine's position under Options.Assume): a
// block given a status by an assumption has it; any other block is alive
// when the analysis settles it as a wall, dead when it stands in a
// territory the analysis values, and otherwise has its simple status.
func assumedStatuses(b *board.Board, r *endgame.Report, simple []string) []string {
	status := make([]string, b.Size())
	given := make([]string, b.Size())
	for _, as := range r.Assumptions {
		if as.Area || as.Point || b.At(as.Block) == board.Empty {
			continue
		}
		for _, p := range b.Block(as.Block) {
			given[p] = string(as.Status)
		}
	}
	imm := r.Analysis.Immortal
	for _, blk := range b.Blocks() {
		st := simple[blk[0]]
		switch {
		case given[blk[0]] == string(endgame.AssumedAlive):
			st = statusAlive
		case given[blk[0]] == string(endgame.AssumedDead):
			st = statusDead
		case imm != nil && imm[blk[0]]:
			st = statusAlive
		default:
			if t := tileAt(r, blk[0]); t != nil && t.Kind == tiles.KindTerritory {
				st = statusDead
			}
		}
		for _, p := range blk {
			status[p] = st
		}
	}
	return status
}

// cmdAssumptions is mathgo-assumptions: the assumptions final_score and
// final_status_list rest on in the current position, one per line ("block
// C19 (white, 1 stone) alive, from GNU Go's final_status_list"); empty
// when they rest on none (the position is proven, or the analysis could
// not use the source).
func (e *Engine) cmdAssumptions() (string, error) {
	if e.opts.Assume == nil {
		return "", errors.New("no assumption source: start mathgo gtp with --assume SOURCE")
	}
	r, err := e.assumedAnalysis()
	if err != nil {
		return "", fmt.Errorf("the analysis failed: %v", oneLine(err.Error()))
	}
	var lines []string
	for _, as := range r.JSONAssumptions() {
		lines = append(lines, oneLine(as.Statement()+", from "+as.Source))
	}
	return strings.Join(lines, "\n"), nil
}
