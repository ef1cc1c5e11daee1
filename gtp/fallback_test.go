package gtp

import (
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/internal/testlong"
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
		want          []string // one of these moves
		reason        string   // in the reason
	}{
		{"capture the larger block", `
			. . . . .
			. X X . .
			. O O X .
			. X X X .
			. . . O X`, board.Black, []string{"A3"}, "captures 2"},
		{"rescue", `
			. . . . .
			. . . . .
			. O . . .
			O X O . .
			. . . . .`, board.Black, []string{"B1"}, "saves 1"},
		{"no rescue into self-atari: a move elsewhere", `
			. . . . .
			. . . . .
			O O . . .
			O X O . .
			O . O . .`, board.Black, []string{"D3"}, "gains about 8 points of area in the opponent's large area"},
		{"immortal stones are not captured", `
			. @ # . .
			# # . . .
			. . . . .`, board.Black, []string{"B1"}, "own framework of 10 points"}, // not A3
		{"dame between walls", `
			X X X X X
			X . X . X
			X X X X X
			. . . . .
			O O O O O
			O . O . O
			O O O O O`, board.White, []string{"A4", "B4", "C4", "D4", "E4"}, "open region of 5 points"},
		{"own territory and eyes are not filled", `
			. X . O .
			X X . O O
			. X . O .
			X X . O O
			. X . O .`, board.White, []string{"C1", "C2", "C3", "C4", "C5"}, "open region of 5 points"},
		{"settled: pass", `
			. X X O .
			X X X O O
			. X O O .
			X X O . O
			. X O O .`, board.Black, []string{"pass"}, "no capture"},
		{"settled: pass for White too", `
			. X X O .
			X X X O O
			. X O O .
			X X O . O
			. X O O .`, board.White, []string{"pass"}, "no capture"},
		{"push toward the opponent", `
			X X X X X X X
			X . X . X . X
			X X X X X X X
			. . . . . . .
			. . . . . . .
			O O O O O O O
			O . O . O . O
			O O O O O O O`, board.Black, []string{"A4"}, "open region of 14 points"},
		{"the opening: the 4-4 point of 9x9", `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`, board.Black, []string{"D4"}, "gains about 25 points of area in an open region of 81 points"},
		{"the opening: White answers Black's stone", `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . X . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`, board.White, []string{"D4"}, "in the opponent's large area of 80 points"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, immortal := parseBoard(t, tc.diagram)
			before := b.String()
			p, reason, err := FallbackGenerator{}.GenMove(b, immortal, tc.c, 0)
			if err != nil {
				t.Fatal(err)
			}
			got := b.Name(p)
			found := false
			for _, w := range tc.want {
				found = found || strings.EqualFold(got, w)
			}
			if !found || !strings.Contains(reason, tc.reason) {
				t.Errorf("GenMove = %s (%s), want one of %v (%s)", got, reason, tc.want, tc.reason)
			}
			if b.String() != before {
				t.Errorf("GenMove changed the board")
			}
		})
	}
}

// TestFallbackProperties plays the fallback in many random positions and
// checks, independently of its scoring, what the documentation promises:
// its move is legal; it plays in a region bordered by its own colour only
// just to capture or rescue, or in a framework of more than a quarter of
// the board; it plays no self-atari that captures nothing outside a rescue;
// it never passes while a legal move that is no self-atari is left in a
// region bordered by both colours or by none; and it leaves the board as
// it found it.
func TestFallbackProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	// The long tier (MATHGO_LONG=1) plays 400 positions, the fast tier
	// (and -short) the first 100.
	positions := 400
	if testing.Short() || !testlong.Enabled() {
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
				if q := openMove(b, c); q != board.Pass {
					t.Fatalf("%v passes (%s) while %s is legal, no self-atari, in a region bordered by both colours or none:\n%s", c, reason, b.Name(q), b)
				}
				continue
			}
			if !b.Legal(p, c) {
				t.Fatalf("illegal move %s for %v:\n%s", b.Name(p), c, b)
			}
			border, size := regionOf(b, p)
			own := borderBlack
			if c == board.White {
				own = borderWhite
			}
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
				if border == own && 4*size <= b.Size() {
					t.Fatalf("%v plays %s (%s) in its own region of %d points:\n%s", c, b.Name(p), reason, size, b)
				}
				if libs < 2 && captured == 0 {
					t.Fatalf("%v plays the self-atari %s (%s):\n%s", c, b.Name(p), reason, b)
				}
			}
		}
	}
	t.Logf("fallback move kinds over %d positions: %v", positions, counts)
	for _, k := range []string{"captures", "saves", "gains", "ataris,", "no"} {
		if counts[k] == 0 {
			t.Errorf("no move of kind %q: the random positions do not exercise the generator", k)
		}
	}
}

// openMove returns a legal move for c in a region bordered by both
// colours or by none that captures or leaves its block two liberties, or
// a pass.
func openMove(b *board.Board, c board.Color) board.Point {
	for p0 := 0; p0 < b.Size(); p0++ {
		p := board.Point(p0)
		if b.At(p) != board.Empty {
			continue
		}
		if border, _ := regionOf(b, p); border != borderBoth && border != 0 {
			continue
		}
		captured, err := b.Play(p, c)
		if err != nil {
			continue
		}
		ok := captured > 0 || b.Liberties(p) >= 2
		b.Undo()
		if ok {
			return p
		}
	}
	return board.Pass
}

// regionOf returns the border set and the size of the empty region
// containing p.
func regionOf(b *board.Board, p board.Point) (border, size int) {
	for _, r := range emptyRegions(b) {
		for _, q := range r.points {
			if q == p {
				return r.border, len(r.points)
			}
		}
	}
	return 0, 0
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
