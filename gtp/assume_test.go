package gtp

import (
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/mathgo/mathgo/position"
)

// oneStatus is an assumption source that gives every block asked one
// status.
type oneStatus endgame.AssumedStatus

func (s oneStatus) Name() string { return "a test source" }

func (s oneStatus) Statuses(_ *position.Position, blocks []board.Point) (map[board.Point]endgame.AssumedStatus, error) {
	out := map[board.Point]endgame.AssumedStatus{}
	for _, p := range blocks {
		out[p] = endgame.AssumedStatus(s)
	}
	return out, nil
}

// TestFinalScoreAssumed: with Options.Assume, final_score on the final of
// a 9x9 game the analysis cannot prove answers the exact score under the
// source's statuses (the analysis `analyze --assume` makes, komi
// included), the log says it is conditional, mathgo-assumptions lists
// every assumption with its source, and final_status_list gives the
// blocks assumed dead as dead. On a proven position the log says proven
// and mathgo-assumptions is empty; without a source it is an error.
func TestFinalScoreAssumed(t *testing.T) {
	const file = "../testdata/games/g09-l4-s3.sgf"
	g, pos := testpos.GameEnd(t, file)
	for _, st := range []endgame.AssumedStatus{endgame.AssumedAlive, endgame.AssumedDead} {
		src := oneStatus(st)
		r, err := endgame.Analyze(pos, endgame.Options{Assume: src})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Conditional() {
			t.Fatalf("%s: the final needs no assumption: the test needs one that does", st)
		}
		if st == endgame.AssumedAlive && !r.Exact() {
			t.Fatalf("every block alive: not exact under the assumptions: the test needs a score to compare")
		}
		e, log := newTestEngine(t, Options{Scorer: Scorer, Assume: src, MoveTime: -1})
		mustExec(t, e, "loadsgf "+file)
		got := mustExec(t, e, "final_score")
		if r.Exact() {
			s, err := r.Score(e.counting(), board.White)
			if err != nil {
				t.Fatal(err)
			}
			if want := FormatScore(s.Float64() - float64(g.Komi.HalfPoints())/2); got != want {
				t.Errorf("%s: final_score %s, want %s (the analysis under the assumptions)", st, got, want)
			}
			if !strings.Contains(log.String(), "final_score: conditional, not proven") {
				t.Errorf("%s: the log does not say final_score is conditional:\n%s", st, log.String())
			}
		} else if !strings.Contains(log.String(), "final_score: not proven: counted with every stone") {
			t.Errorf("%s: not exact under the assumptions, and the log does not say how final_score counted:\n%s", st, log.String())
		}
		lines := strings.Split(mustExec(t, e, "mathgo-assumptions"), "\n")
		if len(lines) != len(r.Assumptions) {
			t.Errorf("%s: mathgo-assumptions has %d lines for %d assumptions: %q", st, len(lines), len(r.Assumptions), lines)
		}
		for _, l := range lines {
			if !strings.Contains(l, ", from ") {
				t.Errorf("%s: assumption %q does not name its source", st, l)
			}
		}
		dead := strings.Fields(mustExec(t, e, "final_status_list dead"))
		b := pos.Board
		for _, as := range r.Assumptions {
			if as.Area || as.Point {
				continue
			}
			in := false
			for _, v := range dead {
				in = in || v == b.Name(as.Block)
			}
			if in != (as.Status == endgame.AssumedDead) {
				t.Errorf("%s: block %s assumed %s, in final_status_list dead: %v", st, b.Name(as.Block), as.Status, in)
			}
		}
		if !strings.Contains(log.String(), "final_status_list dead: from mathgo's analysis under") {
			t.Errorf("%s: the log does not say where the statuses come from:\n%s", st, log.String())
		}
	}

	e, log := newTestEngine(t, Options{Scorer: Scorer, Assume: oneStatus(endgame.AssumedDead), MoveTime: -1})
	mustExec(t, e, "loadsgf ../testdata/problems/five-tiles.txt", "final_score")
	if a := mustExec(t, e, "mathgo-assumptions"); a != "" || !strings.Contains(log.String(), "final_score: proven") {
		t.Errorf("a proven position: assumptions %q, log:\n%s", a, log.String())
	}
	plain, _ := newTestEngine(t, Options{})
	if msg := execFail(t, plain, "mathgo-assumptions"); !strings.Contains(msg, "--assume") {
		t.Errorf("mathgo-assumptions without a source: %q", msg)
	}
}
