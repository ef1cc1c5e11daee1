package gtp

import (
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/mathgo/mathgo/board"
)

// DefaultMoveTime bounds each genmove when no time limit is known: the
// issue's ten seconds, with a margin for the process and the pipes.
const DefaultMoveTime = 9 * time.Second

// MaxChildRestarts bounds how often a child engine that broke (crashed,
// timed out, answered nonsense) is started again.
const MaxChildRestarts = 3

// Move sources, as the log names them.
const (
	sourceExact    = "mathgo (exact)"
	sourceFallback = "fallback"
)

// moveLimit is the time genmove may spend for c: Options.MoveTime (0:
// DefaultMoveTime), tightened by the clock (time_settings, time_left).
// Negative means no limit (Options.MoveTime < 0, for tests).
func (e *Engine) moveLimit(c board.Color) time.Duration {
	limit := e.opts.MoveTime
	if limit == 0 {
		limit = DefaultMoveTime
	}
	if limit < 0 {
		return -1
	}
	if avail, ok := e.clock.perMove(c, e.emptyPoints()); ok && avail < limit {
		limit = max(avail, 100*time.Millisecond)
	}
	return limit
}

// emptyPoints counts the empty points of the board.
func (e *Engine) emptyPoints() int {
	n := 0
	for p := range e.b.Size() {
		if e.b.At(board.Point(p)) == board.Empty {
			n++
		}
	}
	return n
}

// generate chooses c's move: the Generator (the exact player), else the
// child engine (Options.Child), else FallbackGenerator, and logs which
// one chose and why. With cleanup (kgs-genmove_cleanup) it does not pass
// while dead stones of the opponent are left: it captures them. The
// move returned is legal; byChild says the child chose it (it is on the
// child's board already).
func (e *Engine) generate(c board.Color, cleanup bool) (p board.Point, byChild bool) {
	start := time.Now()
	limit := e.moveLimit(c)
	remaining := func() time.Duration {
		if limit < 0 {
			return -1
		}
		return limit - time.Since(start)
	}
	why := "no exact player"
	if g := e.opts.Generator; g != nil {
		within := limit
		if limit > 0 && e.childUsable() {
			within = limit * 2 / 3 // the rest is the child's
		}
		p, reason, err := e.runGenerator(g, c, within)
		switch {
		case err != nil:
			why = err.Error()
		case p != board.Pass && !e.b.Legal(p, c):
			why = fmt.Sprintf("the exact player chose the illegal move %s (%s)", e.b.Name(p), reason)
		case p == board.Pass && cleanup && e.cleanupMove(c) != board.Pass:
			q := e.cleanupMove(c)
			e.logMove(c, q, sourceExact, "cleanup: captures dead stones instead of passing ("+oneLine(reason)+")", start)
			return q, false
		default:
			e.logMove(c, p, sourceExact, oneLine(reason), start)
			return p, false
		}
	}
	if e.childUsable() {
		p, err := e.childGenmove(c, cleanup, remaining())
		if err == nil {
			e.logMove(c, p, "engine "+e.opts.Child.Name(), oneLine(why), start)
			return p, true
		}
		why += "; the engine failed: " + err.Error()
	}
	p, reason, err := e.callGenerator(FallbackGenerator{}, c)
	if err != nil || (p != board.Pass && !e.b.Legal(p, c)) {
		fmt.Fprintf(e.log, "genmove %s: fallback failed (%v); passing\n", c, err)
		return board.Pass, false
	}
	if p == board.Pass && cleanup {
		if q := e.cleanupMove(c); q != board.Pass {
			p, reason = q, "cleanup: captures dead stones instead of passing"
		}
	}
	e.logMove(c, p, sourceFallback, oneLine(reason)+" ("+oneLine(why)+")", start)
	return p, false
}

// logMove logs a chosen move with its source and reason, and a line when
// the source changes between mathgo's exact play and the others (the
// takeover).
func (e *Engine) logMove(c board.Color, p board.Point, source, reason string, start time.Time) {
	if source == sourceExact && e.lastSource != sourceExact {
		fmt.Fprintf(e.log, "genmove %s: mathgo takes over: the position is valued exactly\n", c)
	} else if source != sourceExact && e.lastSource == sourceExact {
		fmt.Fprintf(e.log, "genmove %s: mathgo hands over to the %s: the position is no longer valued exactly\n", c, source)
	}
	e.lastSource = source
	fmt.Fprintf(e.log, "genmove %s: %s: %s: %s [%.2fs]\n", c, e.b.Name(p), source, reason, time.Since(start).Seconds())
}

// LastSource names who chose the last generated move: "mathgo (exact)",
// "engine NAME" or "fallback" ("" before the first genmove).
func (e *Engine) LastSource() string { return e.lastSource }

// runGenerator runs g for c with at most within for the move (negative:
// no wall-clock bound). A TimedGenerator is told the time. The generator
// runs on a copy of the board in its own goroutine: if it has not answered
// in time, the engine stops waiting (the goroutine finishes its work,
// bounded by its node budgets, and its answer is dropped), and later
// moves skip the generator until it has finished.
func (e *Engine) runGenerator(g MoveGenerator, c board.Color, within time.Duration) (board.Point, string, error) {
	if within < 0 {
		return e.callGenerator(g, c)
	}
	if e.pending != nil {
		select {
		case <-e.pending:
			e.pending = nil
		default:
			return board.Pass, "", errors.New("the previous exact analysis, over its time, is still running")
		}
	}
	b, imm, komi := e.b.Clone(), e.Immortal(), e.komi
	type answer struct {
		p      board.Point
		reason string
		err    error
	}
	ch := make(chan answer, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() {
			if r := recover(); r != nil {
				fmt.Fprintf(e.log, "genmove %s: generator panicked: %v\n%s", c, r, debug.Stack())
				ch <- answer{board.Pass, "", fmt.Errorf("panic: %v", r)}
			}
		}()
		var a answer
		if tg, ok := g.(TimedGenerator); ok {
			a.p, a.reason, a.err = tg.GenMoveWithin(b, imm, c, komi, within)
		} else {
			a.p, a.reason, a.err = g.GenMove(b, imm, c, komi)
		}
		ch <- a
	}()
	timer := time.NewTimer(within)
	defer timer.Stop()
	select {
	case a := <-ch:
		return a.p, a.reason, a.err
	case <-timer.C:
		e.pending = done
		return board.Pass, "", fmt.Errorf("the exact analysis took more than its %.1fs", within.Seconds())
	}
}

// callGenerator runs g on a copy of the board, turning a panic into an
// error.
func (e *Engine) callGenerator(g MoveGenerator, c board.Color) (p board.Point, reason string, err error) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(e.log, "genmove %s: generator panicked: %v\n%s", c, r, debug.Stack())
			p, reason, err = board.Pass, "", fmt.Errorf("panic: %v", r)
		}
	}()
	return g.GenMove(e.b.Clone(), e.Immortal(), c, e.komi)
}

// oneLine joins the lines of s with "; ".
func oneLine(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ; ")), " ")
}

// clock holds what time_settings and time_left said.
type clock struct {
	set        bool // time_settings was given
	unlimited  bool // byo-yomi time without stones: no limit
	main, byo  time.Duration
	byoStones  int
	leftSet    [3]bool // time_left was given for a colour
	left       [3]time.Duration
	leftStones [3]int
}

// perMove is the time c may spend on one move by the clock, and whether
// the clock limits it. In byo-yomi (stones left) it is the period's time
// divided by its stones; in main time, the time left divided by the moves
// c still expects to play (a third of the empty points, at least ten),
// plus one byo-yomi stone's share. Without time_left it is the settings'
// main time over those moves plus one byo-yomi stone's share.
func (k *clock) perMove(c board.Color, empty int) (time.Duration, bool) {
	if !k.set && !k.leftSet[c] {
		return 0, false
	}
	if k.unlimited {
		return 0, false
	}
	moves := time.Duration(max(10, empty/3))
	byoShare := time.Duration(0)
	if k.byoStones > 0 {
		byoShare = k.byo / time.Duration(k.byoStones)
	}
	if k.leftSet[c] {
		if k.leftStones[c] > 0 {
			return k.left[c] / time.Duration(k.leftStones[c]), true
		}
		if k.left[c] <= 0 && byoShare == 0 && k.set {
			return 0, false // "time_left 0 0": no time to count
		}
		return k.left[c]/moves + byoShare, true
	}
	if k.main == 0 && byoShare == 0 {
		return 0, false // no time limit was set (0 0 0)
	}
	return k.main/moves + byoShare, true
}

// syncWriter serializes writes to a writer shared by goroutines.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

// SyncWriter returns a writer that serializes the writes to w, for a log
// shared by the engine and a child engine's standard error.
func SyncWriter(w io.Writer) io.Writer {
	if s, ok := w.(*syncWriter); ok {
		return s
	}
	return &syncWriter{w: w}
}
