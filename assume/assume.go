package assume

import (
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/life"
	"github.com/mathgo/mathgo/position"
)

// Names are the sources Parse knows, as --assume spells them.
var Names = []string{"life", "gnugo"}

// Parse returns the source named by s: "life", "gnugo" (GNU Go found on
// the PATH or as Debian installs it), or "gnugo:COMMAND" (a GNU Go
// command line of one's own, run without a shell).
func Parse(s string) (endgame.Assumer, error) {
	switch {
	case s == "life":
		return Life{}, nil
	case s == "gnugo":
		path, err := GNUGoPath()
		if err != nil {
			return nil, err
		}
		return GNUGo{Command: path + " --mode gtp"}, nil
	case strings.HasPrefix(s, "gnugo:"):
		cmd := strings.TrimSpace(strings.TrimPrefix(s, "gnugo:"))
		if cmd == "" {
			return nil, fmt.Errorf("--assume gnugo:COMMAND needs a command, like gnugo:'gnugo --mode gtp --level 5'")
		}
		return GNUGo{Command: cmd}, nil
	}
	return nil, fmt.Errorf("unknown assumption source %q: want one of %s (or gnugo:COMMAND)", s, strings.Join(Names, ", "))
}

// GNUGoPath finds GNU Go: gnugo on the PATH, else /usr/games/gnugo
// (Debian's package gnugo installs it there, often off the PATH).
func GNUGoPath() (string, error) {
	if p, err := exec.LookPath("gnugo"); err == nil {
		return p, nil
	}
	if fi, err := os.Stat("/usr/games/gnugo"); err == nil && !fi.IsDir() {
		return "/usr/games/gnugo", nil
	}
	return "", fmt.Errorf("GNU Go is not installed (no gnugo on the PATH, no /usr/games/gnugo): apt-get install gnugo, or --assume life")
}

// DefaultLifeNodes bounds Life's search of one block.
const DefaultLifeNodes = 20_000

// Life assumes the statuses mathgo's own life-and-death search gives with
// every answer allowed (life.Analyze, the attacker moving first).
type Life struct {
	// MaxNodes bounds the search of each block (0: DefaultLifeNodes).
	MaxNodes int
}

// Name names the source.
func (Life) Name() string { return "mathgo's life search with answers allowed" }

// Statuses gives alive to the blocks that live with the attacker moving
// first (alive, pass-alive or seki) and dead to those that die whoever
// moves first; the others get none.
func (l Life) Statuses(pos *position.Position, blocks []board.Point) (map[board.Point]endgame.AssumedStatus, error) {
	nodes := l.MaxNodes
	if nodes <= 0 {
		nodes = DefaultLifeNodes
	}
	out := map[board.Point]endgame.AssumedStatus{}
	for _, blk := range blocks {
		res := life.Analyze(pos.Board, blk, life.Options{MaxNodes: nodes, Immortal: pos.Immortal})
		switch res.Status {
		case life.StatusAlive, life.StatusPassAlive, life.StatusSeki, life.StatusDeclared:
			out[blk] = endgame.AssumedAlive
		case life.StatusDead:
			out[blk] = endgame.AssumedDead
		}
	}
	return out, nil
}
