package assume

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/gtp"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/position/sgf"
)

// gnugoTimeout bounds each of GNU Go's answers (final_status_list reads
// the whole board: seconds on 19x19).
const gnugoTimeout = 2 * time.Minute

// GNUGo assumes the statuses GNU Go's final_status_list gives, GNU Go run
// as a GTP child process on the position (written as SGF, loaded with
// loadsgf).
type GNUGo struct {
	// Command is GNU Go's command line (run without a shell), like
	// "/usr/games/gnugo --mode gtp".
	Command string
}

// Name names the source.
func (GNUGo) Name() string { return "GNU Go's final_status_list" }

// WholeBoard marks GNU Go as an endgame.BoardSource: one call answers for
// every block, so the analysis asks it while its own search runs.
func (GNUGo) WholeBoard() {}

// Statuses gives each block the status GNU Go gives all its stones: dead,
// or alive (alive and seki). A block whose stones GNU Go splits gets none.
func (g GNUGo) Statuses(pos *position.Position, blocks []board.Point) (map[board.Point]endgame.AssumedStatus, error) {
	st, _, err := g.StatusesAndDame(pos, blocks)
	return st, err
}

// StatusesAndDame is Statuses with the empty points GNU Go's
// final_status_list dame counts as no one's (endgame.DameSource), from
// the same GNU Go process.
func (g GNUGo) StatusesAndDame(pos *position.Position, blocks []board.Point) (map[board.Point]endgame.AssumedStatus, []board.Point, error) {
	dir, err := os.MkdirTemp("", "mathgo-assume-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(dir)
	data, err := sgf.Marshal(pos.SGF())
	if err != nil {
		return nil, nil, err
	}
	file := filepath.Join(dir, "position.sgf")
	if err := os.WriteFile(file, data, 0o600); err != nil {
		return nil, nil, err
	}
	child, err := gtp.StartChild(g.Command, gtp.ChildOptions{Timeout: gnugoTimeout})
	if err != nil {
		return nil, nil, fmt.Errorf("GNU Go: %w", err)
	}
	defer child.Close()
	if _, err := child.Call("loadsgf "+file, 0); err != nil {
		return nil, nil, fmt.Errorf("GNU Go: %w", err)
	}
	b := pos.Board
	status := make([]endgame.AssumedStatus, b.Size())
	for _, st := range []string{"alive", "seki", "dead"} {
		resp, err := child.Call("final_status_list "+st, 0)
		if err != nil {
			if st == "seki" && errors.Is(err, gtp.ErrRefused) {
				continue
			}
			return nil, nil, fmt.Errorf("GNU Go: %w", err)
		}
		for _, v := range strings.Fields(resp) {
			p, err := gtp.ParseVertex(b, v)
			if err != nil || p == board.Pass || b.At(p) == board.Empty {
				return nil, nil, fmt.Errorf("GNU Go's final_status_list %s answered %q, not a stone of the position", st, v)
			}
			status[p] = endgame.AssumedAlive
			if st == "dead" {
				status[p] = endgame.AssumedDead
			}
		}
	}
	resp, err := child.Call("final_status_list dame", 0)
	if err != nil {
		return nil, nil, fmt.Errorf("GNU Go: %w", err)
	}
	var dame []board.Point
	for _, v := range strings.Fields(resp) {
		p, err := gtp.ParseVertex(b, v)
		if err != nil || p == board.Pass || b.At(p) != board.Empty {
			return nil, nil, fmt.Errorf("GNU Go's final_status_list dame answered %q, not an empty point of the position", v)
		}
		dame = append(dame, p)
	}
	out := map[board.Point]endgame.AssumedStatus{}
	for _, blk := range blocks {
		var st endgame.AssumedStatus
		agree := true
		for i, p := range b.Block(blk) {
			if i == 0 {
				st = status[p]
			} else if status[p] != st {
				agree = false
			}
		}
		if agree && st != "" {
			out[blk] = st
		}
	}
	return out, dame, nil
}
