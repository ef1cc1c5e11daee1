package position

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position/sgf"
)

// gnugoPath is where the GNU Go cross-checks look for the engine.
const gnugoPath = "/usr/games/gnugo"

// gnugo is a GNU Go process spoken to over GTP.
type gnugo struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

// startGnugo starts GNU Go, or skips the test when it is not installed.
func startGnugo(t *testing.T) *gnugo {
	t.Helper()
	if _, err := os.Stat(gnugoPath); err != nil {
		t.Skipf("GNU Go not installed at %s", gnugoPath)
	}
	cmd := exec.Command(gnugoPath, "--mode", "gtp")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	g := &gnugo{cmd: cmd, in: in, out: bufio.NewReader(out)}
	t.Cleanup(func() {
		fmt.Fprintln(g.in, "quit")
		g.in.Close()
		cmd.Wait()
	})
	return g
}

// do sends one GTP command and returns the response after "= ".
func (g *gnugo) do(t *testing.T, command string) string {
	t.Helper()
	if _, err := fmt.Fprintln(g.in, command); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for {
		l, err := g.out.ReadString('\n')
		if err != nil {
			t.Fatalf("%s: %v", command, err)
		}
		l = strings.TrimRight(l, "\r\n")
		if l == "" {
			if len(lines) > 0 {
				break
			}
			continue
		}
		lines = append(lines, l)
	}
	resp := strings.Join(lines, "\n")
	if !strings.HasPrefix(resp, "=") {
		t.Fatalf("GNU Go: %s: %s", command, resp)
	}
	return strings.TrimSpace(resp[1:])
}

// stonesAt returns the sorted GTP names of c's stones on b.
func stonesAt(b *board.Board, c board.Color) []string {
	var out []string
	for q := range b.Size() {
		if b.At(board.Point(q)) == c {
			out = append(out, b.Name(board.Point(q)))
		}
	}
	slices.Sort(out)
	return out
}

// checkGnugo loads file in GNU Go (up to before move next, or all with
// next 0) and compares its stones, captures and side to move with p.
func checkGnugo(t *testing.T, g *gnugo, file string, next int, p *Position) {
	t.Helper()
	load := "loadsgf " + file
	if next > 0 {
		load += fmt.Sprintf(" %d", next)
	}
	toMove := g.do(t, load)
	for _, c := range []board.Color{board.Black, board.White} {
		got := strings.Fields(g.do(t, "list_stones "+c.String()))
		slices.Sort(got)
		if want := stonesAt(p.Board, c); !slices.Equal(got, want) {
			t.Errorf("%s: %s stones: GNU Go %v, mathgo %v", load, c, got, want)
		}
		if got, want := g.do(t, "captures "+c.String()), fmt.Sprint(p.Board.Prisoners(c)); got != want {
			t.Errorf("%s: %s captures: GNU Go %s, mathgo %s", load, c, got, want)
		}
	}
	if p.ToMove != board.Empty && toMove != p.ToMove.String() {
		t.Errorf("%s: GNU Go says %s to move, mathgo %v", load, toMove, p.ToMove)
	}
}

// TestGnugoGames checks PositionAfter at every move of the bundled games
// against GNU Go's loadsgf, and that GNU Go reads the annotated game and a
// written problem like mathgo does.
func TestGnugoGames(t *testing.T) {
	gg := startGnugo(t)
	for _, name := range []string{"gnugo-9x9.sgf", "gnugo-13x13-h2.sgf"} {
		path, data := sgfFixture(t, name)
		g, err := ParseGame(path, data)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n <= len(g.Moves); n++ {
			p, err := g.PositionAfter(n)
			if err != nil {
				t.Fatal(err)
			}
			next := n + 1 // GNU Go's "loadsgf FILE N" stops before move N
			if n == len(g.Moves) {
				next = 0
			}
			checkGnugo(t, gg, path, next, p)
		}
	}

	dir := t.TempDir()
	g := mustGame(t, koGame)
	nodes, err := g.AddVariation(2, []Play{{board.White, mustPoint(t, 5, "A1")}})
	if err != nil {
		t.Fatal(err)
	}
	nodes[0].Set("C", "a variation ] with \\ escapes")
	g.Moves[1].Node.Set("BM", "2")
	g.Moves[1].Node.Add("TR", "ee", "aa")
	out, err := g.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "review.sgf")
	if err := os.WriteFile(file, out, 0o644); err != nil {
		t.Fatal(err)
	}
	last, _ := g.PositionAfter(-1)
	checkGnugo(t, gg, file, 0, last)
	after1, _ := g.PositionAfter(1)
	checkGnugo(t, gg, file, 2, after1)

	p, err := Parse("problem", []byte("$$W\n$$ +---------+\n$$ | . X O . |\n$$ | X O . O |\n$$ | . X O . |\n$$ | # # @ @ |\n$$ +---------+\n"))
	if err != nil {
		t.Fatal(err)
	}
	problem := p.SGF()
	problem.Children = []*sgf.Node{{Props: []sgf.Prop{{ID: "W", Values: []string{"aa"}}}}}
	out, err = sgf.Marshal(problem)
	if err != nil {
		t.Fatal(err)
	}
	file = filepath.Join(dir, "problem.sgf")
	if err := os.WriteFile(file, out, 0o644); err != nil {
		t.Fatal(err)
	}
	checkGnugo(t, gg, file, 1, p)
}
