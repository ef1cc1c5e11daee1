package safety

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/position"
)

// gnugo is a GNU Go process spoken to over GTP.
type gnugo struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

func startGnugo(t *testing.T, seed int) *gnugo {
	t.Helper()
	path, err := exec.LookPath("gnugo")
	if err != nil {
		path = "/usr/games/gnugo"
		if _, err := os.Stat(path); err != nil {
			t.Skip("GNU Go (gnugo) is not installed")
		}
	}
	cmd := exec.Command(path, "--mode", "gtp", "--level", "1", "--seed", fmt.Sprint(seed))
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Skipf("cannot start GNU Go: %v", err)
	}
	g := &gnugo{cmd: cmd, in: in, out: bufio.NewReader(out)}
	t.Cleanup(func() {
		fmt.Fprintln(g.in, "quit")
		g.in.Close()
		_ = g.cmd.Wait()
	})
	return g
}

// send sends one command and returns the answer ("= x" gives "x").
func (g *gnugo) send(t *testing.T, command string) string {
	t.Helper()
	if _, err := fmt.Fprintln(g.in, command); err != nil {
		t.Fatalf("gtp %q: %v", command, err)
	}
	var lines []string
	for {
		line, err := g.out.ReadString('\n')
		if err != nil {
			t.Fatalf("gtp %q: %v", command, err)
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			if len(lines) > 0 {
				break
			}
			continue
		}
		lines = append(lines, line)
	}
	ans := strings.Join(lines, "\n")
	if !strings.HasPrefix(ans, "=") {
		t.Fatalf("gtp %q: %s", command, ans)
	}
	return strings.TrimSpace(strings.TrimPrefix(ans, "="))
}

// TestGnugoSelfPlay plays GNU Go against itself to the end of the game,
// settles the final position (no stone declared) and asks GNU Go about
// every settled block: its final status must be "alive" (not dead, not
// seki), and a block settled as pass-alive must be unconditionally alive
// for GNU Go too. GNU Go is no proof, but a settled block it calls dead
// would be a red flag.
func TestGnugoSelfPlay(t *testing.T) {
	// The fast tier (and -short) plays 2 games, the long tier
	// (MATHGO_LONG=1) 8.
	games := 8
	if testing.Short() || !testlong.Enabled() {
		games = 2
	}
	counts := map[Status]int{}
	for seed := 1; seed <= games; seed++ {
		g := startGnugo(t, seed)
		size := 9
		g.send(t, fmt.Sprintf("boardsize %d", size))
		g.send(t, "clear_board")
		g.send(t, "komi 6.5")
		b, err := board.New(size, size)
		if err != nil {
			t.Fatal(err)
		}
		color := board.Black
		passes := 0
		for move := 0; move < 250 && passes < 2; move++ {
			name := "black"
			if color == board.White {
				name = "white"
			}
			v := g.send(t, "genmove "+name)
			switch strings.ToUpper(v) {
			case "PASS":
				passes++
			case "RESIGN":
				passes = 2
			default:
				passes = 0
				p, err := b.ParsePoint(v)
				if err != nil {
					t.Fatalf("GNU Go's move %q: %v", v, err)
				}
				if _, err := b.Play(p, color); err != nil {
					t.Fatalf("GNU Go's move %s: %v", v, err)
				}
			}
			color = color.Opponent()
		}
		final := b.Clone()
		pos := &position.Position{Board: boardFromStones(t, final), Immortal: make([]bool, final.Size())}
		res, err := Settle(pos, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range res.Certificates {
			counts[c.Status]++
			if !c.Status.Settled() {
				continue
			}
			v := pos.Board.Name(c.Block)
			if st := g.send(t, "final_status "+v); st != "alive" {
				t.Errorf("game %d: %s settled as %s, GNU Go's final status %s\n%s", seed, v, c.Status, st, pos.Board)
			}
			if c.Status == StatusPassAlive {
				if st := g.send(t, "unconditional_status "+v); st != "alive" {
					t.Errorf("game %d: %s pass-alive, GNU Go's unconditional status %s\n%s", seed, v, st, pos.Board)
				}
			}
		}
	}
	t.Logf("%d self-play games: %v", games, counts)
}

// boardFromStones copies the stones of b onto a fresh board (no history).
func boardFromStones(t *testing.T, b *board.Board) *board.Board {
	t.Helper()
	c, err := board.New(b.Cols(), b.Rows())
	if err != nil {
		t.Fatal(err)
	}
	for p := range b.Size() {
		c.Setup(board.Point(p), b.At(board.Point(p)))
	}
	return c
}
