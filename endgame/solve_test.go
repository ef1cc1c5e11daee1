package endgame

import (
	"errors"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/solve"
)

var update = flag.Bool("update", false, "rewrite testdata/solve/endgame-19x19.txt from its generator")

const endgameFile = "../testdata/solve/endgame-19x19.txt"

func mustRead(t testing.TB, path string) *position.Position {
	t.Helper()
	pos, err := position.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// mustSolve decides pos by method m: the decomposition is this package's
// analysis (Report.Decide, walls settled by declaration and Benson only,
// as the whole-board search does), alpha-beta solve's search.
func mustSolve(t testing.TB, pos *position.Position, m solve.Method, opts solve.Options) *solve.Result {
	t.Helper()
	if m == solve.Decomposition {
		r, err := Analyze(pos, Options{NoSolver: true, AssumeSettled: opts.AssumeSettled, SearchNodes: opts.MaxNodes, WinnersOnly: true})
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		return r.Decide(opts.First)
	}
	res, err := solve.SolveAlphaBeta(pos, opts)
	if err != nil {
		t.Fatalf("%s: %v", m, err)
	}
	return res
}

// TestSolveRandomAgree solves random small positions both ways, with
// each player first: the whole-board search must agree with the tile
// values wherever the tiles have no ko. Many tiny positions (where a
// spare move is now and then the only winning move) and a few hundred
// larger ones.
func TestSolveRandomAgree(t *testing.T) {
	batches := []struct {
		n, maxEmpty, every, bigger int
		seed                       uint64
	}{
		{3000, 6, 1, 6, 99},
		{500, 10, 5, 14, 6},
	}
	// The fast tier (and -short) compares the first positions of each
	// batch, the long tier (MATHGO_LONG=1) all of them.
	if testing.Short() || !testlong.Enabled() {
		batches[0].n, batches[1].n = 600, 100
	}
	for _, bt := range batches {
		r := rand.New(rand.NewPCG(bt.seed, 1))
		opts := solve.Options{}
		compared, ko, koDecided, nodes := 0, 0, 0, 0
		for i := range bt.n {
			maxEmpty := bt.maxEmpty
			if i%bt.every == 0 {
				maxEmpty = bt.bigger
			}
			pos := randomPosition(r, maxEmpty)
			dec := mustSolve(t, pos, solve.Decomposition, opts)
			ab := mustSolve(t, pos, solve.AlphaBeta, opts)
			// The remaining moves may differ: the decomposition settles
			// walls by static rules too (safety), alpha-beta only by
			// declaration and Benson. The winners may not.
			if !dec.Complete() {
				if strings.Contains(dec.Reason, "whole-board search says") {
					t.Fatalf("position %d: the loopy total and the whole-board search disagree: %s\n%s", i, dec.Reason, diagramOf(pos))
				}
				// A tile with a cycle in its game graph: a ko, or stones
				// captured and played again (not called a ko).
				if !strings.Contains(dec.Reason, "ko") && !strings.Contains(dec.Reason, "cycle") {
					t.Fatalf("position %d: decomposition unknown for a reason other than a ko or a cycle: %s", i, dec.Reason)
				}
				ko++
				// Alpha-beta may still find a line that wins without ever
				// repeating; otherwise it must say why it stopped.
				if ab.Complete() {
					koDecided++
				} else if !strings.Contains(ab.Reason, "repeats") {
					t.Fatalf("position %d: alpha-beta unknown for another reason: %s", i, ab.Reason)
				}
				continue
			}
			if !ab.Complete() {
				t.Fatalf("position %d: the tiles have no ko but alpha-beta stopped: %s\n%s", i, ab.Reason, pos.Board)
			}
			for _, first := range []board.Color{board.Black, board.White} {
				if d, a := dec.Winner(first), ab.Winner(first); d != a {
					t.Fatalf("position %d (seed %d), %s first: decomposition says %s, alpha-beta %s\n%s\n%s", i, bt.seed, first, d, a, pos.Board, diagramOf(pos))
				}
			}
			compared++
			nodes += ab.Nodes
		}
		if compared < bt.n/4 {
			t.Fatalf("only %d of %d positions compared (%d with a ko)", compared, bt.n, ko)
		}
		t.Logf("up to %d empty points: %d positions agree with both players first (%d alpha-beta nodes); %d had a ko tile, of which alpha-beta decided %d",
			bt.bigger, compared, nodes, ko, koDecided)
	}
}

// TestSolveHandChecked checks positions whose winners are known by hand.
func TestSolveHandChecked(t *testing.T) {
	cases := []struct {
		file                   string
		blackFirst, whiteFirst solve.Winner
	}{
		// A lone dame: whoever moves first takes it and wins.
		{"../testdata/positions/dame.txt", solve.Black, solve.White},
		// Settled territory: its owner has the spare moves and wins.
		{"../testdata/positions/territory-black-3.txt", solve.Black, solve.Black},
		{"../testdata/positions/territory-white-4.txt", solve.White, solve.White},
		{"../testdata/positions/territory-dead-stone.txt", solve.Black, solve.Black},
		// Chilled total ^ (see the file): solve.Black wins whoever starts.
		{"../testdata/problems/five-tiles.txt", solve.Black, solve.Black},
	}
	for _, c := range cases {
		pos := mustRead(t, c.file)
		for _, m := range solve.Methods {
			res := mustSolve(t, pos, m, solve.Options{})
			if res.BlackFirst != c.blackFirst || res.WhiteFirst != c.whiteFirst {
				t.Errorf("%s by %s: %s/%s, want %s/%s (%s)", filepath.Base(c.file), m, res.BlackFirst, res.WhiteFirst, c.blackFirst, c.whiteFirst, res.Reason)
			}
		}
	}
}

// TestSolvePositionFiles checks both methods against tiles.Analyze's
// winner on every bundled position.
func TestSolvePositionFiles(t *testing.T) {
	files, _ := filepath.Glob("../testdata/positions/*.txt")
	if len(files) < 10 {
		t.Fatalf("only %d position files", len(files))
	}
	for _, f := range files {
		pos := mustRead(t, f)
		a, err := Analyze(pos, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range solve.Methods {
			if m == solve.AlphaBeta && solve.RemainingMoves(pos, solve.Immortal(pos, false)) > 20 {
				continue // whole-board alpha-beta is impractical past ~20 moves (see the benchmark)
			}
			res := mustSolve(t, pos, m, solve.Options{})
			for _, first := range []board.Color{board.Black, board.White} {
				if got, want := res.Winner(first), a.Winner(first); got != want {
					t.Errorf("%s by %s, %s first: %s, analyze says %s (%s)", filepath.Base(f), m, first, got, want, res.Reason)
				}
			}
		}
	}
}

// TestSolveKoAndBudget checks a ko without a ko rule (Mathematical Go:
// the decomposition adds the ko tile's loopy value, the whole-board
// search turns to retrograde analysis when a position repeats; both find
// White's win with Black first and a draw with White first: White takes
// the ko and the two recapture for ever), a search past its budget, and
// --first.
func TestSolveKoAndBudget(t *testing.T) {
	ko, err := position.Parse("ko.txt", []byte("+-------+\n|# # @ .|\n|# # @ @|\n|# . X @|\n+-------+\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range solve.Methods {
		res := mustSolve(t, ko, m, solve.Options{})
		if res.BlackFirst != solve.White || res.WhiteFirst != solve.Draw {
			t.Errorf("ko by %s: %+v, want white and draw", m, res)
		}
	}
	// Alpha-beta with too small a budget says so.
	pos := rowsPosition(familyBoard(3, 1))
	res := mustSolve(t, pos, solve.AlphaBeta, solve.Options{MaxNodes: 20})
	if res.Complete() || !strings.Contains(res.Reason, "more than 20 positions") {
		t.Errorf("budget: %+v", res)
	}
	var re *solve.RepetitionError
	if errors.As(errors.New(res.Reason), &re) {
		t.Errorf("budget reported as a repetition")
	}
	// One side only.
	res = mustSolve(t, pos, solve.AlphaBeta, solve.Options{First: board.White})
	if res.BlackFirst != "" || (res.WhiteFirst != solve.Black && res.WhiteFirst != solve.White) {
		t.Errorf("--first white: %+v", res)
	}
}

// TestSolveFamily checks the benchmark family: the advertised number of
// remaining moves, and both methods agree on the small members.
func TestSolveFamily(t *testing.T) {
	for _, n := range []int{2, 3, 4, 5, 6} {
		pos := rowsPosition(familyBoard(n, 1))
		dec := mustSolve(t, pos, solve.Decomposition, solve.Options{})
		if dec.Moves != 5*n || !dec.Complete() {
			t.Fatalf("family %d: %d moves, %+v\n%s", n, dec.Moves, dec, pos.Board)
		}
		if n > 3 && testing.Short() {
			continue
		}
		if n <= 3 {
			ab := mustSolve(t, pos, solve.AlphaBeta, solve.Options{})
			if ab.BlackFirst != dec.BlackFirst || ab.WhiteFirst != dec.WhiteFirst {
				t.Fatalf("family %d: decomposition %s/%s, alpha-beta %s/%s", n, dec.BlackFirst, dec.WhiteFirst, ab.BlackFirst, ab.WhiteFirst)
			}
		}
	}
}

// TestSolveEndgame19 checks the bundled 19x19 endgame: a legal file with
// at least 200 remaining moves that the decomposition solves; with
// -update it is rewritten from its generator.
func TestSolveEndgame19(t *testing.T) {
	if *update {
		text := diagramText("A 19x19 Mathematical Go endgame: 18 rooms of 2 rows, 204 remaining moves,\n"+
			"no ko (generated by endgame19 in solve/gen_test.go, seed 1; go test ./solve -run Endgame19 -update).", endgame19(1))
		if err := os.MkdirAll(filepath.Dir(endgameFile), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(endgameFile, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if testing.Short() {
		t.Skip("a few seconds")
	}
	pos := mustRead(t, endgameFile)
	res := mustSolve(t, pos, solve.Decomposition, solve.Options{})
	if res.Moves < 200 || !res.Complete() {
		t.Fatalf("%d moves, %+v", res.Moves, res)
	}
	t.Logf("%d remaining moves: %s/%s, %d nodes, %v", res.Moves, res.BlackFirst, res.WhiteFirst, res.Nodes, res.Elapsed)
}

// diagramOf writes a position as a diagram (immortal stones # and @), to
// reproduce a failure with mathgo analyze.
func diagramOf(pos *position.Position) string {
	b := pos.Board
	var sb strings.Builder
	for y := range b.Rows() {
		for x := range b.Cols() {
			p := b.Pt(x, y)
			c := map[board.Color]byte{board.Empty: '.', board.Black: 'X', board.White: 'O'}[b.At(p)]
			if pos.Immortal != nil && pos.Immortal[p] {
				c = map[board.Color]byte{board.Black: '#', board.White: '@'}[b.At(p)]
			}
			sb.WriteByte(c)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// TestSolveKoRandomAgree compares the two methods on random small boards
// with ko tiles: the Mathematical Go winner from the tiles' loopy values
// (draws included) against the whole-board retrograde analysis, with each
// player first. The first board is one where the two used to disagree
// (the loopy total said draw with Black first, the board search White):
// the tile's value had folded the prisoners taken in its ko into its
// leaves, so Black could not hand one back as a tempo inside the cycle.
func TestSolveKoRandomAgree(t *testing.T) {
	fixed, err := position.Parse("spare.txt", []byte("# X @ .\n. . . X\n. @ X @\n@ # @ @\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range solve.Methods {
		if res := mustSolve(t, fixed, m, solve.Options{}); res.BlackFirst != solve.White || res.WhiteFirst != solve.White {
			t.Errorf("the spare-move board by %s: %s/%s (%s), want white/white", m, res.BlackFirst, res.WhiteFirst, res.Reason)
		}
	}
	// The fast tier compares the first 30 ko boards, the long tier
	// (MATHGO_LONG=1) 100.
	want := testlong.Pick(30, 100)
	if testing.Short() {
		want = 30
	}
	r := rand.New(rand.NewPCG(7, 3))
	kos, compared, draws := 0, 0, 0
	for i := 0; i < 100*want && kos < want; i++ {
		pos := randomPosition(r, 10)
		rep, err := Analyze(pos, Options{NoSolver: true, WinnersOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		if !rep.Decision.KoTiles || len(rep.Decision.Cyclic) > 0 {
			continue // no ko, or a tile without a Mathematical Go value
		}
		kos++
		dec := rep.Decide(board.Empty)
		ab := mustSolve(t, pos, solve.AlphaBeta, solve.Options{})
		if !dec.Complete() || !ab.Complete() {
			t.Fatalf("position %d: decomposition %q, alpha-beta %q\n%s", i, dec.Reason, ab.Reason, diagramOf(pos))
		}
		for _, first := range []board.Color{board.Black, board.White} {
			if d, a := dec.Winner(first), ab.Winner(first); d != a {
				t.Fatalf("position %d, %s first: the loopy total says %s, the whole-board search %s\n%s", i, first, d, a, diagramOf(pos))
			}
			compared++
			if dec.Winner(first) == solve.Draw {
				draws++
			}
		}
	}
	if kos < want || draws == 0 {
		t.Fatalf("%d ko boards, %d draws: the test needs %d boards and some draws", kos, draws, want)
	}
	t.Logf("%d random ko boards: %d side-results agree, %d of them draws", kos, compared, draws)
}
