package life

import (
	"bufio"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
)

// gtp is a GNU Go process spoken to over GTP.
type gtp struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

// findGnugo returns the path of GNU Go, or "".
func findGnugo() string {
	if p, err := exec.LookPath("gnugo"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/gnugo"); err == nil {
		return "/usr/games/gnugo"
	}
	return ""
}

func startGnugo(t *testing.T) *gtp {
	path := findGnugo()
	if path == "" {
		t.Skip("GNU Go (gnugo) is not installed")
	}
	cmd := exec.Command(path, "--mode", "gtp", "--level", "0")
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
	g := &gtp{cmd: cmd, in: in, out: bufio.NewReader(out)}
	t.Cleanup(func() {
		fmt.Fprintln(g.in, "quit")
		g.in.Close()
		_ = g.cmd.Wait()
	})
	return g
}

// send sends one command and returns the response text ("= x" -> "x").
func (g *gtp) send(t *testing.T, command string) string {
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
	resp := strings.Join(lines, "\n")
	if strings.HasPrefix(resp, "?") {
		t.Fatalf("gtp %q: %s", command, resp)
	}
	return strings.TrimSpace(strings.TrimPrefix(resp, "="))
}

// randomGame plays a random game on a size x size board under simple ko
// (never filling a one-point eye of one's own) and returns the moves
// played up to each snapshot length.
func randomGame(rng *rand.Rand, cols, rows, maxMoves int) (*board.Board, []board.Point, []board.Color) {
	b, _ := board.New(cols, rows)
	b.SetKoRule(board.KoSimple)
	var moves []board.Point
	var colors []board.Color
	c := board.Black
	passes := 0
	for len(moves) < maxMoves && passes < 2 {
		var cand []board.Point
		for p := 0; p < b.Size(); p++ {
			pt := board.Point(p)
			if b.At(pt) != board.Empty || !b.Legal(pt, c) {
				continue
			}
			eye := true
			for _, q := range b.Neighbors(pt) {
				if b.At(q) != c {
					eye = false
					break
				}
			}
			if !eye {
				cand = append(cand, pt)
			}
		}
		if len(cand) == 0 {
			passes++
			_, _ = b.Play(board.Pass, c)
		} else {
			passes = 0
			p := cand[rng.Intn(len(cand))]
			_, _ = b.Play(p, c)
			moves = append(moves, p)
			colors = append(colors, c)
		}
		c = c.Opponent()
	}
	return b, moves, colors
}

// constructed are hand-made whole boards for the comparison: two-eyed
// groups, a group whose eyes hold dead stones, a seki, and shared eyes.
var constructed = []string{
	`
. X . X O . O
X X X X O O .
. . . X O . O
X X X X O O O
O O O O . . .
. O . O . . .
. O O O . . .`,
	`
. X O . O X .
X X O O O X X
O O O X X X .
. O X X . X X
O O X . X . X
. O X X X X X
O O O O O O O`,
	`
. X . X . O O O .
X X X X X O X O O
. X O O X O X X O
X X O . X O . X O
O O O O X X X X O
. O X X . X O O O
O O X . X X O . O
. O X X X O O O .
O . O O O O . O O`,
}

func parseWhole(t *testing.T, s string) *board.Board {
	lines := strings.Fields(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	rows, cols := len(lines), len(lines[0])
	b, err := board.New(cols, rows)
	if err != nil {
		t.Fatal(err)
	}
	for r, line := range lines {
		for c, ch := range line {
			p := b.Pt(c, rows-1-r)
			switch ch {
			case 'X':
				b.Setup(p, board.Black)
			case 'O':
				b.Setup(p, board.White)
			}
		}
	}
	return b
}

// TestBensonAgainstGnuGo compares Benson's pass-alive blocks (and the
// stones in safe regions, which must be dead) with GNU Go's
// unconditional_status on a few hundred random and constructed positions.
func TestBensonAgainstGnuGo(t *testing.T) {
	g := startGnugo(t)
	rng := rand.New(rand.NewSource(20240611))
	var positions []*board.Board
	for _, s := range constructed {
		positions = append(positions, parseWhole(t, s))
	}
	sizes := [][2]int{{5, 5}, {7, 7}, {9, 9}, {6, 6}}
	for len(positions) < 300 {
		sz := sizes[len(positions)%len(sizes)]
		// Snapshots of random games: early, middle and finished.
		maxMoves := []int{25, 60, 1000}[rng.Intn(3)]
		b, _, _ := randomGame(rng, sz[0], sz[1], maxMoves)
		// Rebuild the final stones with Setup so GNU Go gets the same board.
		nb, _ := board.New(sz[0], sz[1])
		for p := 0; p < b.Size(); p++ {
			if c := b.At(board.Point(p)); c != board.Empty {
				nb.Setup(board.Point(p), c)
			}
		}
		positions = append(positions, nb)
	}

	var ownTerritory int
	var stones, aliveAgree, aliveBoth, aliveOurs, aliveGnu, deadBoth, deadOurs, deadGnu, undecidedBoth int
	var disagreements []string
	for i, b := range positions {
		g.send(t, fmt.Sprintf("boardsize %d", b.Cols()))
		g.send(t, "clear_board")
		for p := 0; p < b.Size(); p++ {
			c := b.At(board.Point(p))
			if c == board.Empty {
				continue
			}
			color := "black"
			if c == board.White {
				color = "white"
			}
			// Every block of the final position has a liberty, so
			// placing the stones one by one captures nothing.
			g.send(t, fmt.Sprintf("play %s %s", color, b.Name(board.Point(p))))
		}
		alive, safe := Benson(b)
		for _, blk := range b.Blocks() {
			p := blk[0]
			status := g.send(t, "unconditional_status "+b.Name(p))
			c := b.At(p)
			ourAlive := alive[p]
			ourDead := safe[c.Opponent()][p]
			stones++
			switch {
			case status == "alive" && ourAlive:
				aliveBoth++
			case status == "alive":
				aliveGnu++
			case ourAlive:
				aliveOurs++
			}
			switch {
			case status == "dead" && ourDead:
				deadBoth++
			case status == "dead":
				deadGnu++
			case ourDead:
				deadOurs++
			}
			if status == "undecided" && !ourAlive && !ourDead {
				undecidedBoth++
			}
			if status == "alive" && !ourAlive && capturableAlone(b, p) {
				// GNU Go also calls "alive" a stone that the opponent can
				// capture but that lies inside its own colour's
				// unconditional territory: not pass-alive, so not a
				// disagreement about pass-alive blocks.
				ownTerritory++
				aliveAgree++
			} else if (status == "alive") == ourAlive {
				aliveAgree++
			} else if len(disagreements) < 10 {
				disagreements = append(disagreements, fmt.Sprintf("position %d block %s: GNU Go %s, Benson alive=%v\n%s", i, b.Name(p), status, ourAlive, b))
			}
		}
	}
	t.Logf("GNU Go comparison: %d blocks in %d positions; alive verdicts agree on %d (both pass-alive %d, GNU Go alive inside its own territory %d, other GNU Go only %d, Benson only %d); dead: both %d, only GNU Go %d, only ours %d; undecided by both %d",
		stones, len(positions), aliveAgree, aliveBoth, ownTerritory, aliveGnu-ownTerritory, aliveOurs, deadBoth, deadGnu, deadOurs, undecidedBoth)
	for _, d := range disagreements {
		t.Log(d)
	}
	if aliveBoth < 50 {
		t.Errorf("only %d pass-alive blocks found by both: the sample is too weak", aliveBoth)
	}
	if aliveAgree != stones {
		t.Errorf("pass-alive verdicts differ on %d of %d blocks", stones-aliveAgree, stones)
	}
	if deadOurs > 0 {
		t.Errorf("%d blocks we call dead that GNU Go does not", deadOurs)
	}
}

// capturableAlone reports whether the opponent, playing alone (the
// owner always passing), captures the block at p by filling its liberties.
func capturableAlone(b *board.Board, p board.Point) bool {
	c := b.At(p)
	x := b.Clone()
	x.SetKoRule(board.KoNone)
	for i := 0; i < 2*x.Size(); i++ {
		if x.At(p) != c {
			return true
		}
		played := false
		for _, l := range x.LibertyPoints(p) {
			if _, err := x.Play(l, c.Opponent()); err == nil {
				played = true
			}
		}
		if !played {
			return false
		}
	}
	return false
}
