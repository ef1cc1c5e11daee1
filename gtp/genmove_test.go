package gtp

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mathgo/mathgo/board"
)

// blockingGen answers only once release is closed.
type blockingGen struct {
	release chan struct{}
	calls   atomic.Int32
}

func (g *blockingGen) GenMove(b *board.Board, immortal []bool, c board.Color, komi float64) (board.Point, string, error) {
	g.calls.Add(1)
	<-g.release
	return board.Pass, "late", nil
}

// TestMoveTimeBound: a generator that does not answer within the move's
// time is left behind: genmove answers with the fallback's move at once,
// the next genmove does not wait for the generator still running, and
// once it has finished the generator is asked again. (The generator
// blocks until the test releases it, so the outcome does not depend on
// the machine's speed.)
func TestMoveTimeBound(t *testing.T) {
	g := &blockingGen{release: make(chan struct{})}
	log := &lockedBuffer{}
	e := NewEngine(Options{KoRule: board.KoSimple, Generator: g, Log: log, MoveTime: 300 * time.Millisecond})
	mustExec(t, e, "boardsize 9")
	if mv := mustExec(t, e, "genmove b"); mv == "pass" {
		t.Errorf("genmove b = pass: the fallback plays an open board")
	}
	if !strings.Contains(log.String(), "the exact analysis took more than its 0.3s") {
		t.Errorf("log: %s", log.String())
	}
	mustExec(t, e, "genmove w")
	if !strings.Contains(log.String(), "the previous exact analysis, over its time, is still running") || g.calls.Load() != 1 {
		t.Errorf("the second genmove asked the generator again (%d calls):\n%s", g.calls.Load(), log.String())
	}
	close(g.release)
	<-e.pending
	if mv := mustExec(t, e, "genmove b"); mv != "pass" || e.LastSource() != sourceExact || g.calls.Load() != 2 {
		t.Errorf("after the release: genmove = %q by %q, %d calls", mv, e.LastSource(), g.calls.Load())
	}
}
