package life

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/position"
)

// problem is one file of testdata/life with its expected answers.
type problem struct {
	path   string
	pos    *position.Position
	expect []map[string]string // one per "// expect:" line
	gnugo  []map[string]string // one per "// gnugo:" line (GNU Go's recorded answers)
}

// loadProblems reads every problem of testdata/life.
func loadProblems(t testing.TB) []problem {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "life", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	var out []problem
	for _, f := range files {
		pos, err := position.ReadFile(f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		pr := problem{path: f, pos: pos}
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			line = strings.TrimSpace(strings.TrimPrefix(line, "$$"))
			for _, kind := range []string{"expect", "gnugo"} {
				rest, ok := strings.CutPrefix(line, "// "+kind+":")
				if !ok {
					continue
				}
				m := map[string]string{}
				for _, kv := range strings.Fields(rest) {
					k, v, _ := strings.Cut(kv, "=")
					m[k] = v
				}
				if kind == "expect" {
					pr.expect = append(pr.expect, m)
				} else {
					pr.gnugo = append(pr.gnugo, m)
				}
			}
		}
		fh.Close()
		if len(pr.expect) == 0 {
			t.Fatalf("%s: no // expect: line", f)
		}
		out = append(out, pr)
	}
	return out
}

// immortalOf is the position's declared immortal stones plus its frame.
func immortalOf(pos *position.Position) []bool {
	imm := pos.Frame()
	for i := range imm {
		imm[i] = imm[i] || pos.Immortal[i]
	}
	return imm
}

func names(b *board.Board, ps []board.Point) string {
	var s []string
	for _, p := range ps {
		s = append(s, b.Name(p))
	}
	return strings.Join(s, " ")
}

// slowProblems are the problems whose analysis takes seconds (the
// carpenter's square: about 850,000 nodes); the fast tier and -short skip
// them, the long tier (MATHGO_LONG=1) runs them.
var slowProblems = map[string]bool{"carpenters-square.txt": true}

// TestProblems analyzes every problem of testdata/life and checks the
// answers its file records. Each analysis has a budget of 2,000,000 nodes:
// a problem decides by node counts, never by the clock.
func TestProblems(t *testing.T) {
	for _, pr := range loadProblems(t) {
		for _, want := range pr.expect {
			target := want["block"]
			if g, ok := want["group"]; ok {
				target = g
			}
			name := filepath.Base(pr.path) + "/" + target
			t.Run(name, func(t *testing.T) {
				b := pr.pos.Board
				var pts []board.Point
				for _, s := range strings.Split(target, ",") {
					p, err := b.ParsePoint(s)
					if err != nil {
						t.Fatal(err)
					}
					pts = append(pts, p)
				}
				if slowProblems[filepath.Base(pr.path)] && testing.Short() {
					t.Skip("slow problem (about a million nodes), skipped under -short")
				}
				if slowProblems[filepath.Base(pr.path)] {
					testlong.Skip(t, "slow problem (about a million nodes)")
				}
				before := b.Hash()
				opts := Options{Immortal: immortalOf(pr.pos), MaxNodes: 2_000_000}
				var r Result
				if _, ok := want["group"]; ok {
					r = AnalyzeGroup(b, pts, opts)
					if len(r.Group) != len(pts) {
						t.Errorf("group of %d blocks, want %d", len(r.Group), len(pts))
					}
				} else {
					r = Analyze(b, pts[0], opts)
				}
				if b.Hash() != before || b.MoveNumber() != pr.pos.Board.MoveNumber() {
					t.Fatal("Analyze changed the board")
				}
				got := map[string]string{
					"attackerFirst": r.AttackerFirst,
					"defenderFirst": r.DefenderFirst,
					"status":        r.Status,
					"keyMove":       b.Name(r.KeyMove),
					"koThreats":     itoa(r.KoThreats),
					"koFor":         r.KoFor,
					"koSeki":        map[bool]string{false: "false", true: "true"}[r.KoSeki],
				}
				for k, v := range want {
					if k == "block" || k == "group" {
						continue
					}
					if _, ok := got[k]; !ok {
						t.Fatalf("unknown expectation %s", k)
					}
					if !oneOf(got[k], v) {
						t.Errorf("%s = %s, want %s", k, got[k], v)
					}
				}
				t.Logf("%s: status=%s af=%s df=%s ko=%d/%s koSeki=%v key=%s nodes=%d %v\n  attacker first: %s\n  defender first: %s",
					name, r.Status, r.AttackerFirst, r.DefenderFirst, r.KoThreats, r.KoFor, r.KoSeki, b.Name(r.KeyMove), r.Nodes, r.Elapsed.Round(time.Millisecond),
					names(b, r.AttackerPV), names(b, r.DefenderPV))
			})
		}
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		s = string(rune('0'+n%10)) + s
		n /= 10
	}
	if neg {
		s = "-" + s
	}
	return s
}

// oneOf reports whether got is one of the |-separated alternatives of want.
func oneOf(got, want string) bool {
	for _, w := range strings.Split(want, "|") {
		if got == w {
			return true
		}
	}
	return false
}
