package realgo

import (
	"bufio"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/rules"
)

var (
	finalOnce   sync.Once
	finalCached []*board.Board
)

// finalBoards solves random endgames under Chinese counting and returns
// the boards at the end of their principal variations (computed once).
func finalBoards(t *testing.T, n int) []*board.Board {
	t.Helper()
	finalOnce.Do(func() { finalCached = computeFinalBoards(t, n) })
	return finalCached
}

func computeFinalBoards(t *testing.T, n int) []*board.Board {
	rng := rand.New(rand.NewSource(77))
	var out []*board.Board
	for i := 0; i < n; i++ {
		size := 5 + i%3
		pos := RandomEndgame(rng, size, size, GenOptions{})
		first := board.Black
		if i%2 == 1 {
			first = board.White
		}
		res, err := Solve(pos, Options{First: first, Countings: []rules.Counting{rules.Chinese}, MaxNodes: 50_000})
		if err != nil {
			t.Fatal(err)
		}
		o := res.Get(rules.Chinese, first)
		if !o.Known {
			continue
		}
		b := pos.Board.Clone()
		b.SetKoRule(board.KoSimple)
		c := first
		for _, m := range o.PV {
			if _, err := b.Play(m, c); err != nil {
				t.Fatalf("illegal variation move %s", b.Name(m))
			}
			c = c.Opponent()
		}
		out = append(out, b)
	}
	return out
}

// settled reports whether every stone of g is pass-alive or lies in the
// other colour's pass-alive territory.
func settled(g *grid, pa *paInfo) bool {
	for p := 0; p < g.n; p++ {
		c := g.color[p]
		if c != board.Empty && !pa.alive[p] && pa.terr[p] != c.Opponent() {
			return false
		}
	}
	return true
}

// TestTerritoryAreaIdentity checks the two counts against each other on
// settled final boards: territory = area - (black stones - white stones).
func TestTerritoryAreaIdentity(t *testing.T) {
	checked := 0
	for _, b := range finalBoards(t, 40) {
		g := newGrid(b)
		g.load(b)
		var pa paInfo
		g.passAlive(&pa)
		if !settled(g, &pa) {
			continue
		}
		var nodes int64
		ev := newEvaluator(b, &nodes, DefaultStatusMaxNodes, 1<<40)
		j := ev.japanese()
		if j.lo != j.hi {
			t.Errorf("settled board with unknown statuses:\n%s", b)
			continue
		}
		area := ev.chinese()
		stones := 0
		for p := 0; p < b.Size(); p++ {
			switch b.At(board.Point(p)) {
			case board.Black:
				stones++
			case board.White:
				stones--
			}
		}
		if int(j.lo) != area-stones {
			t.Errorf("territory %d, area %d, stone difference %d:\n%s", j.lo, area, stones, b)
		}
		checked++
	}
	t.Logf("%d settled final boards checked", checked)
	if checked < 10 {
		t.Errorf("only %d settled final boards", checked)
	}
}

// gnugo finds GNU Go, or "".
func gnugo() string {
	for _, p := range []string{"/usr/games/gnugo", "gnugo"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	return ""
}

// TestAreaCountAgainstGNUGo compares the area count of settled final
// boards with GNU Go's final_score under Chinese rules and no komi.
func TestAreaCountAgainstGNUGo(t *testing.T) {
	exe := gnugo()
	if exe == "" {
		t.Skip("GNU Go not installed")
	}
	cmd := exec.Command(exe, "--mode", "gtp", "--chinese-rules", "--komi", "0")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Skipf("GNU Go does not start: %v", err)
	}
	defer func() {
		io.WriteString(in, "quit\n")
		in.Close()
		cmd.Wait()
	}()
	rd := bufio.NewReader(outPipe)
	gtp := func(c string) string {
		fmt.Fprintln(in, c)
		var resp []string
		for {
			line, err := rd.ReadString('\n')
			if err != nil {
				t.Fatalf("GNU Go: %v", err)
			}
			line = strings.TrimRight(line, "\r\n")
			if line == "" {
				break
			}
			resp = append(resp, line)
		}
		r := strings.Join(resp, "\n")
		if !strings.HasPrefix(r, "=") {
			t.Fatalf("GNU Go: %s -> %s", c, r)
		}
		return strings.TrimSpace(strings.TrimPrefix(r, "="))
	}
	dir := t.TempDir()
	checked := 0
	for i, b := range finalBoards(t, 40) {
		g := newGrid(b)
		g.load(b)
		var pa paInfo
		g.passAlive(&pa)
		if !settled(g, &pa) {
			continue
		}
		var nodes int64
		ev := newEvaluator(b, &nodes, DefaultStatusMaxNodes, 1<<40)
		area := ev.chinese()
		f := filepath.Join(dir, fmt.Sprintf("b%d.sgf", i))
		if err := os.WriteFile(f, []byte(sgfSetup(b)), 0o644); err != nil {
			t.Fatal(err)
		}
		gtp("loadsgf " + f)
		got := parseGTPScore(t, gtp("final_score"))
		if got != area {
			t.Errorf("area count %d, GNU Go %d:\n%s", area, got, b)
		}
		checked++
	}
	t.Logf("%d settled final boards compared with GNU Go", checked)
	if checked < 10 {
		t.Errorf("only %d boards compared", checked)
	}
}

// sgfSetup writes b as an SGF setup position.
func sgfSetup(b *board.Board) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "(;GM[1]FF[4]SZ[%d:%d]KM[0]", b.Cols(), b.Rows())
	if b.Cols() == b.Rows() {
		sb.Reset()
		fmt.Fprintf(&sb, "(;GM[1]FF[4]SZ[%d]KM[0]", b.Cols())
	}
	for _, c := range []board.Color{board.Black, board.White} {
		tag := "AB"
		if c == board.White {
			tag = "AW"
		}
		first := true
		for p := 0; p < b.Size(); p++ {
			if b.At(board.Point(p)) != c {
				continue
			}
			if first {
				sb.WriteString(tag)
				first = false
			}
			col, row := b.Coords(board.Point(p))
			fmt.Fprintf(&sb, "[%c%c]", 'a'+col, 'a'+(b.Rows()-1-row))
		}
	}
	sb.WriteString(")")
	return sb.String()
}

// parseGTPScore reads "B+3", "W+2.0" or "0".
func parseGTPScore(t *testing.T, s string) int {
	t.Helper()
	if s == "0" {
		return 0
	}
	if len(s) < 3 || s[1] != '+' {
		t.Fatalf("bad score %q", s)
	}
	v, err := strconv.ParseFloat(s[2:], 64)
	if err != nil {
		t.Fatalf("bad score %q", s)
	}
	if s[0] == 'W' {
		v = -v
	}
	return int(v)
}
