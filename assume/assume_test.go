package assume

import (
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/position"
)

// deadStone: the white stone A5 has one liberty in Black's corner and
// dies whoever moves first; both walls are pass-alive.
const deadStone = `$$B
+-----------+
| O X . X O |
| . X X X O |
| X X O O O |
| . X O . O |
| X X O O . |
+-----------+`

func TestParse(t *testing.T) {
	for _, ok := range []string{"life", "gnugo:gnugo --mode gtp"} {
		if _, err := Parse(ok); err != nil {
			t.Errorf("Parse(%q): %v", ok, err)
		}
	}
	for _, bad := range []string{"", "gnu", "gnugo:", "Life"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

// statuses asks src about every block of the position.
func statuses(t *testing.T, src endgame.Assumer) (map[board.Point]endgame.AssumedStatus, *position.Position) {
	t.Helper()
	pos, err := position.Parse("dead.txt", []byte(deadStone))
	if err != nil {
		t.Fatal(err)
	}
	b := pos.Board
	var blocks []board.Point
	for _, blk := range b.Blocks() {
		blocks = append(blocks, blk[0])
	}
	st, err := src.Statuses(pos, blocks)
	if err != nil {
		t.Fatal(err)
	}
	return st, pos
}

// TestSources: both sources call the white stone A5 dead and the walls
// alive.
func TestSources(t *testing.T) {
	srcs := []endgame.Assumer{Life{}}
	if path, err := GNUGoPath(); err == nil {
		srcs = append(srcs, GNUGo{Command: path + " --mode gtp"})
	} else {
		t.Log(err)
	}
	for _, src := range srcs {
		st, pos := statuses(t, src)
		p, err := pos.Board.ParsePoint("A5")
		if err != nil {
			t.Fatal(err)
		}
		if got := st[p]; got != endgame.AssumedDead { // a one-stone block: named by its stone
			t.Errorf("%s: the white stone at A5 is %q, want dead", src.Name(), got)
		}
		for _, wall := range []string{"B5", "E5"} {
			q, _ := pos.Board.ParsePoint(wall)
			var got endgame.AssumedStatus
			for k, v := range st {
				if pos.Board.SameBlock(k, q) {
					got = v
				}
			}
			if got != endgame.AssumedAlive {
				t.Errorf("%s: the wall at %s is %q, want alive", src.Name(), wall, got)
			}
		}
		if !strings.Contains(src.Name(), "GNU Go") && !strings.Contains(src.Name(), "life") {
			t.Errorf("source name %q names neither", src.Name())
		}
	}
}

// TestGNUGoFailure: a command that is no GTP engine is an error, not a
// status.
func TestGNUGoFailure(t *testing.T) {
	_, err := GNUGo{Command: "/no/such/gnugo --mode gtp"}.Statuses(&position.Position{Board: mustBoard(t)}, nil)
	if err == nil {
		t.Fatal("no error from a missing GNU Go")
	}
}

func mustBoard(t *testing.T) *board.Board {
	b, err := board.New(9, 9)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
