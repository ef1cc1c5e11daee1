package gtp

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mathgo/mathgo/board"
)

// childState says whether the child engine's position is mathgo's.
type childState uint8

const (
	// childStale: the child must be set up again before it is used.
	childStale childState = iota
	// childSynced: the child has mathgo's position.
	childSynced
	// childFailed: setting the child up failed; it is tried again when
	// the position is reset (boardsize, clear_board, loadsgf, undo).
	childFailed
)

// childUsable reports whether there is a child engine that can be asked
// (it may need a restart and a new setup first).
func (e *Engine) childUsable() bool {
	ch := e.opts.Child
	if ch == nil || e.childState == childFailed {
		return false
	}
	return ch.Err() == nil || e.childRestarts < MaxChildRestarts
}

// toChild tells the child engine about a command that changed mathgo's
// position. A child out of sync is set up again from scratch instead; a
// refusal or a failure is logged and leaves the child to be set up again
// before it is next asked.
func (e *Engine) toChild(cmd string) {
	if e.opts.Child == nil || e.childState == childFailed {
		return
	}
	if e.childState != childSynced || e.opts.Child.Err() != nil {
		e.syncChild()
		return
	}
	if _, err := e.opts.Child.Call(cmd, 0); err != nil {
		fmt.Fprintf(e.log, "engine %s: %q failed (%v); it will be set up again\n", e.opts.Child.Name(), cmd, err)
		e.childState = childStale
	}
}

// resetChild marks the child to be set up again after a command that
// replaces the position (the failed state is forgotten) and does it.
func (e *Engine) resetChild() {
	if e.opts.Child == nil {
		return
	}
	e.childState = childStale
	e.syncChild()
}

// syncChild gives the child engine mathgo's position, restarting it
// first if it broke (at most MaxChildRestarts times in all): boardsize,
// clear_board, komi, then the setup stones and the moves since the setup
// as plays. It returns why it could not.
func (e *Engine) syncChild() error {
	ch := e.opts.Child
	if ch == nil {
		return errors.New("no engine")
	}
	if e.childState == childSynced && ch.Err() == nil {
		return nil
	}
	if ch.Err() != nil {
		if e.childRestarts >= MaxChildRestarts {
			e.childState = childFailed
			return fmt.Errorf("engine %s is stopped and was restarted %d times already: %w", ch.Name(), e.childRestarts, ch.Err())
		}
		e.childRestarts++
		fmt.Fprintf(e.log, "engine %s: restarting it (%d of %d) after: %v\n", ch.Name(), e.childRestarts, MaxChildRestarts, ch.Err())
		if err := ch.Restart(); err != nil {
			fmt.Fprintf(e.log, "engine %s: restart failed: %v\n", ch.Name(), err)
			return err
		}
	}
	if err := e.setUpChild(); err != nil {
		e.childState = childFailed
		fmt.Fprintf(e.log, "engine %s: cannot give it mathgo's position (%v); mathgo plays without it until the position is reset\n", ch.Name(), err)
		return err
	}
	e.childState = childSynced
	return nil
}

// setUpChild sends the whole position to the child.
func (e *Engine) setUpChild() error {
	ch := e.opts.Child
	b := e.b
	if b.Cols() != b.Rows() {
		return fmt.Errorf("the board is %dx%d, and GTP boards are square", b.Cols(), b.Rows())
	}
	base := b.Clone()
	type move struct {
		p board.Point
		c board.Color
	}
	var moves []move
	for {
		p, c, ok := base.LastMove()
		if !ok {
			break
		}
		moves = append(moves, move{p, c})
		base.Undo()
	}
	cmds := []string{fmt.Sprintf("boardsize %d", b.Cols()), "clear_board", "komi " + formatKomi(e.komi)}
	for _, c := range []board.Color{board.Black, board.White} {
		for p := range base.Size() {
			if base.At(board.Point(p)) == c {
				cmds = append(cmds, fmt.Sprintf("play %s %s", c, base.Name(board.Point(p))))
			}
		}
	}
	for i := len(moves) - 1; i >= 0; i-- {
		cmds = append(cmds, fmt.Sprintf("play %s %s", moves[i].c, b.Name(moves[i].p)))
	}
	for _, cmd := range cmds {
		if _, err := ch.Call(cmd, 0); err != nil {
			return err
		}
	}
	return nil
}

// formatKomi writes komi for GTP.
func formatKomi(k float64) string { return strings.TrimSuffix(fmt.Sprintf("%g", k), ".0") }

// childGenmove asks the child engine for c's move (kgs-genmove_cleanup
// with cleanup, when it knows the command) within the time left (at
// least one second; negative: the child's default timeout times ten),
// and plays it on mathgo's board. A move mathgo's rules forbid, or an
// answer that is no move, leaves the child to be set up again; a
// resignation is not followed (mathgo never resigns): all are errors, and
// the engine falls back.
func (e *Engine) childGenmove(c board.Color, cleanup bool, within time.Duration) (board.Point, error) {
	ch := e.opts.Child
	if err := e.syncChild(); err != nil {
		return board.Pass, err
	}
	if within < 0 {
		within = 10 * DefaultChildTimeout
	}
	if within < time.Second {
		return board.Pass, fmt.Errorf("no time left for the engine (%.1fs)", within.Seconds())
	}
	cmd := "genmove " + c.String()
	if cleanup && ch.Known("kgs-genmove_cleanup") {
		cmd = "kgs-genmove_cleanup " + c.String()
	}
	resp, err := ch.Call(cmd, within)
	if err != nil {
		e.childState = childStale
		return board.Pass, err
	}
	mv := strings.ToLower(strings.TrimSpace(resp))
	if mv == "resign" {
		// Nothing was played on the child's board.
		return board.Pass, fmt.Errorf("engine %s resigns, and mathgo plays on", ch.Name())
	}
	p, perr := parseVertex(e.b, mv)
	if perr != nil || (p != board.Pass && !e.b.Legal(p, c)) {
		// Whatever the child did with its board, it is set up again before
		// its next use.
		e.childState = childStale
		if perr != nil {
			return board.Pass, fmt.Errorf("engine %s answered genmove with %q, not a move", ch.Name(), truncate(resp, 40))
		}
		return board.Pass, fmt.Errorf("engine %s chose %s, illegal under mathgo's rules", ch.Name(), e.b.Name(p))
	}
	return p, nil
}
