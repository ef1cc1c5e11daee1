package gtp

import (
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
)

// parseBoard reads a diagram for the fallback tests.
func parseBoard(t *testing.T, diagram string) (*board.Board, []bool) {
	t.Helper()
	pos, err := position.Parse("test", []byte(diagram))
	if err != nil {
		t.Fatal(err)
	}
	pos.Board.SetKoRule(board.KoSimple)
	return pos.Board, pos.Immortal
}

func TestFallbackChoices(t *testing.T) {
	for _, tc := range []struct {
		name, diagram string
		c             board.Color
		want, reason  string
	}{
		{"capture the larger block", `
			. . . . .
			. X X . .
			. O O X .
			. X X X .
			. . . O X`, board.Black, "A3", "captures 2"},
		{"rescue", `
			. . . . .
			. . . . .
			. O . . .
			O X O . .
			. . . . .`, board.Black, "B1", "saves 1"},
		{"no rescue into self-atari", `
			. . . . .
			. . . . .
			O O . . .
			O X O . .
			O . O . .`, board.Black, "pass", "no capture"},
		{"immortal stones are not captured", `
			. @ # . .
			# # . . .
			. . . . .`, board.Black, "pass", "no capture"},
		{"dame between walls", `
			X X X X X
			X . X . X
			X X X X X
			. . . . .
			O O O O O
			O . O . O
			O O O O O`, board.White, "A4", "next to both colours"},
		{"own territory and eyes are not filled", `
			. X . O .
			X X . O O
			. X . O .
			X X . O O
			. X . O .`, board.White, "C1", "next to both colours"},
		{"settled: pass", `
			. X X O .
			X X X O O
			. X O O .
			X X O . O
			. X O O .`, board.Black, "pass", "no capture"},
		{"settled: pass for White too", `
			. X X O .
			X X X O O
			. X O O .
			X X O . O
			. X O O .`, board.White, "pass", "no capture"},
		{"push toward the opponent", `
			X X X X X X X
			X . X . X . X
			X X X X X X X
			. . . . . . .
			. . . . . . .
			O O O O O O O
			O . O . O . O
			O O O O O O O`, board.Black, "A4", "boundary point"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, immortal := parseBoard(t, tc.diagram)
			before := b.String()
			p, reason, err := FallbackGenerator{}.GenMove(b, immortal, tc.c, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := b.Name(p); !strings.EqualFold(got, tc.want) || !strings.Contains(reason, tc.reason) {
				t.Errorf("GenMove = %s (%s), want %s (%s)", got, reason, tc.want, tc.reason)
			}
			if b.String() != before {
				t.Errorf("GenMove changed the board")
			}
		})
	}
}

// TestFallbackProperties plays the fallback in many random positions and
// checks that its move is legal, never in a region bordered by its own
// colour only unless it captures or rescues, never a self-atari in a
// contested region, and that it leaves the board as it found it.
func TestFallbackProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	positions := 400
	if testing.Short() {
		positions = 100
	}
	counts := map[string]int{}
	for i := 0; i < positions; i++ {
		size := 5 + rng.IntN(7)
		b, _ := board.New(size, size)
		b.SetKoRule(board.KoSimple)
		n := rng.IntN(size * size * 2)
		for k := 0; k < n; k++ {
			p := board.Point(rng.IntN(b.Size()))
			c := board.Color(1 + rng.IntN(2))
			b.Play(p, c) // illegal attempts are simply skipped
		}
		for _, c := range []board.Color{board.Black, board.White} {
			hash, moves := b.Hash(), b.MoveNumber()
			p, reason, err := FallbackGenerator{}.GenMove(b, make([]bool, b.Size()), c, 0)
			if err != nil {
				t.Fatal(err)
			}
			if b.Hash() != hash || b.MoveNumber() != moves {
				t.Fatalf("GenMove changed the board")
			}
			kind := strings.Fields(reason)[0]
			counts[kind]++
			if p == board.Pass {
				continue
			}
			if !b.Legal(p, c) {
				t.Fatalf("illegal move %s for %v:\n%s", b.Name(p), c, b)
			}
			border := regionBorder(b, p)
			captured, _ := b.Play(p, c)
			libs := b.Liberties(p)
			b.Undo()
			switch kind {
			case "captures":
				if captured == 0 {
					t.Fatalf("%s: %s captures nothing:\n%s", reason, b.Name(p), b)
				}
			case "saves":
				if libs < 2 && captured == 0 {
					t.Fatalf("%s: %s leaves %d liberties:\n%s", reason, b.Name(p), libs, b)
				}
			default:
				if border != borderBoth {
					t.Fatalf("%v plays %s (%s) in a region not bordered by both colours:\n%s", c, b.Name(p), reason, b)
				}
				if libs < 2 && captured == 0 {
					t.Fatalf("%v plays the self-atari %s (%s):\n%s", c, b.Name(p), reason, b)
				}
			}
		}
	}
	t.Logf("fallback move kinds over %d positions: %v", positions, counts)
	for _, k := range []string{"captures", "saves", "a", "no"} {
		if counts[k] == 0 {
			t.Errorf("no move of kind %q: the random positions do not exercise the generator", k)
		}
	}
}

// regionBorder returns the border set of the empty region containing p.
func regionBorder(b *board.Board, p board.Point) int {
	for _, r := range emptyRegions(b) {
		for _, q := range r.points {
			if q == p {
				return r.border
			}
		}
	}
	return 0
}

// TestFallbackSelfPlayEnds plays the fallback against itself from the
// match positions: the game must end with two passes, and the score
// (everything on these boards is alive) must be what the contested points
// allow: no side loses territory it had.
func TestFallbackSelfPlayEnds(t *testing.T) {
	for _, name := range matchPositions(t) {
		t.Run(filepath.Base(name), func(t *testing.T) {
			e, _ := newTestEngine(t, Options{KoRule: board.KoSuperko})
			toMove := mustExec(t, e, "loadsgf "+name)
			bt0, wt0 := Territory(e.Board())
			c := toMove
			passes := 0
			for moves := 0; passes < 2; moves++ {
				if moves > 200 {
					t.Fatalf("no end after 200 moves:\n%s", e.Board())
				}
				if mustExec(t, e, "genmove "+c) == "pass" {
					passes++
				} else {
					passes = 0
				}
				if c == "black" {
					c = "white"
				} else {
					c = "black"
				}
			}
			bt, wt := Territory(e.Board())
			if bt < bt0 || wt < wt0 {
				t.Errorf("territory went from %d/%d to %d/%d", bt0, wt0, bt, wt)
			}
			t.Logf("%s: %s after %d moves", filepath.Base(name), mustExec(t, e, "final_score"), e.Board().MoveNumber())
		})
	}
}

// matchPositions lists the position files of testdata/gtp.
func matchPositions(t *testing.T) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("..", "testdata", "gtp", "*.txt"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no positions in testdata/gtp: %v", err)
	}
	return names
}
