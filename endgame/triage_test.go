package endgame

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/tiles"
)

// triageGames are the GNU Go self-play records of testdata/games.
func triageGames(t testing.TB) []string {
	t.Helper()
	paths, err := filepath.Glob("../testdata/games/*.sgf")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no game records in testdata/games: %v", err)
	}
	return paths
}

func readGame(t testing.TB, path string) *position.Game {
	t.Helper()
	g, err := position.ReadGame(path)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func positionAfter(t testing.TB, g *position.Game, n int) *position.Position {
	t.Helper()
	pos, err := g.PositionAfter(n)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// TestTriageBundledEndgames: every bundled endgame (the diagrams and
// records the analysis is tested on: Berlekamp's and Wolfe's positions,
// corridors, the composed problems, the GTP match positions, the 19x19
// endgames, the hand-made review records) is let through.
func TestTriageBundledEndgames(t *testing.T) {
	files := testpos.Files(t, "positions", "problems", "composed", "corridors", "gtp", "play", "solve")
	for _, name := range []string{"choice.sgf", "gote2.sgf", "gote2-chinese.sgf"} {
		pos := mustRead(t, filepath.Join("..", "testdata", "review", name))
		files = append(files, testpos.File{Path: name, Pos: pos})
	}
	if len(files) < 40 {
		t.Fatalf("only %d bundled endgames found", len(files))
	}
	for _, f := range files {
		v := Triage(f.Pos)
		if !v.Endgame {
			t.Errorf("%s: %s", f.Path, v.Reason)
		}
		if !strings.HasPrefix(v.Reason, "endgame") {
			t.Errorf("%s: endgame verdict with the reason %q", f.Path, v.Reason)
		}
	}
}

// TestTriageOpeningsAndMiddleGames: the empty boards, the 9x9
// board with three stones and 19x19 board after 19 moves, and every
// position of the first half of each GNU Go game are not endgames, and
// the verdict says so in those words.
func TestTriageOpeningsAndMiddleGames(t *testing.T) {
	for _, size := range []int{5, 9, 13, 19} {
		b, err := board.New(size, size)
		if err != nil {
			t.Fatal(err)
		}
		v := Triage(&position.Position{Board: b, Immortal: make([]bool, b.Size())})
		want := fmt.Sprintf("not an endgame yet: %d empty points in open areas (the largest %d points), %d of them touching no stone (the boundaries are not drawn)",
			size*size, size*size, size*size)
		if v.Endgame || v.Reason != want {
			t.Errorf("empty %dx%d board: %+v, want %q", size, size, v, want)
		}
	}
	one, err := position.Parse("one.sgf", []byte("(;GM[1]FF[4]SZ[9];B[ee])"))
	if err != nil {
		t.Fatal(err)
	}
	if v := Triage(one); v.Endgame || v.OpenPoints != 80 || !strings.HasPrefix(v.Reason, "not an endgame yet: 80 empty points in open areas") {
		t.Errorf("9x9 with one stone: %+v", v)
	}
	three, err := position.Parse("three.sgf", []byte("(;GM[1]FF[4]SZ[9];B[ee];W[cc];B[gg])"))
	if err != nil {
		t.Fatal(err)
	}
	if v := Triage(three); v.Endgame || v.OpenPoints != 78 || v.LargestOpen != 78 || !strings.HasPrefix(v.Reason, "not an endgame yet: 78 empty points in open areas") {
		t.Errorf("9x9 with three stones: %+v", v)
	}
	for _, path := range triageGames(t) {
		g := readGame(t, path)
		if len(g.Moves) < 40 {
			t.Fatalf("%s: only %d moves", path, len(g.Moves))
		}
		if g.Cols == 19 {
			if v := Triage(positionAfter(t, g, 19)); v.Endgame {
				t.Errorf("%s after 19 moves: %s", path, v.Reason)
			}
		}
		for n := 0; n <= len(g.Moves)/2; n++ {
			v := Triage(positionAfter(t, g, n))
			if v.Endgame || !strings.HasPrefix(v.Reason, "not an endgame") || v.At == board.Pass {
				t.Errorf("%s after move %d: %+v", path, n, v)
			}
		}
	}
}

// TestTriageLetsExactPositionsThrough: wherever the pipeline values a
// late position of a 9x9 game exactly, the triage lets it through (it must
// not stop mathgo from playing what it can value). The positions checked
// are the two the triage refuses last in each 9x9 record (the ones nearest
// the boundary of the criterion), analyzed with genmove's budgets (the
// board search's is analyze's, which genmove's second analysis has when
// the time allows). The fast tier checks the last one of each record
// (each analysis not exact spends the board search's budget: about a
// second), the long tier (MATHGO_LONG=1) both.
func TestTriageLetsExactPositionsThrough(t *testing.T) {
	last := testlong.Pick(1, 2)
	// The fast tier gives the board search a tenth of analyze's budget
	// (three of these positions spend analyze's whole budget, 18 to 31 s
	// each, and are refused either way); the long tier analyze's own (0).
	boardNodes := testlong.Pick(200_000, 0)
	checked := 0
	for _, path := range triageGames(t) {
		g := readGame(t, path)
		if g.Cols != 9 {
			continue
		}
		var refused []int
		for n := 0; n <= len(g.Moves); n++ {
			if !Triage(positionAfter(t, g, n)).Endgame {
				refused = append(refused, n)
			}
		}
		if len(refused) > last {
			refused = refused[len(refused)-last:]
		}
		for _, n := range refused {
			pos := positionAfter(t, g, n)
			r, err := Analyze(pos, Options{SolverNodes: 10_000, MaxPositions: 500_000, MaxTilePoints: TriageMaxOpenArea, BoardSearchNodes: boardNodes})
			if err != nil {
				t.Fatal(err)
			}
			checked++
			if r.Exact() {
				t.Errorf("%s after move %d: analyzed exactly, but the triage says %q", filepath.Base(path), n, Triage(pos).Reason)
			}
		}
	}
	if checked == 0 {
		t.Error("no refused position was checked")
	}
	// The same check the other way round shows the test is not empty:
	// the positions the pipeline values exactly are there.
	for _, tc := range []struct {
		file string
		move int
	}{{"g09-l1-s4.sgf", 60}, {"g09-l3-s1.sgf", 70}} {
		pos := positionAfter(t, readGame(t, filepath.Join("..", "testdata", "games", tc.file)), tc.move)
		r, err := Analyze(pos, Options{SolverNodes: 10_000, MaxPositions: 500_000, MaxTilePoints: TriageMaxOpenArea})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Exact() {
			t.Logf("%s after move %d is no longer analyzed exactly (the pipeline changed): %v", tc.file, tc.move, r.Problems)
			continue
		}
		if v := Triage(pos); !v.Endgame {
			t.Errorf("%s after move %d: analyzed exactly, but the triage says %q", tc.file, tc.move, v.Reason)
		}
	}
}

// TestTriageAreas checks the three rules on drawn boards: open areas by
// their points that touch no stone and by their size, enclosed areas by
// their size.
func TestTriageAreas(t *testing.T) {
	// An open area between a Black and a White wall, rows x cols, on an
	// otherwise filled board.
	between := func(rows, cols int) *position.Position {
		var lines []string
		lines = append(lines, strings.Repeat("X", cols+2))
		for range rows {
			lines = append(lines, "X"+strings.Repeat(".", cols)+"O")
		}
		lines = append(lines, strings.Repeat("O", cols+2))
		return testpos.Rows(lines)
	}
	for _, tc := range []struct {
		rows, cols int
		interior   int
		endgame    bool
	}{
		{2, 20, 0, true},  // 40 points, all next to a stone
		{2, 21, 0, false}, // 42 points: too large an area
		{3, 3, 1, true},
		{4, 4, 4, true},
		{4, 5, 6, false},
		{5, 5, 9, false},
	} {
		v := Triage(between(tc.rows, tc.cols))
		if v.Endgame != tc.endgame || v.OpenInterior != tc.interior || v.OpenAreas != 1 || v.LargestOpen != tc.rows*tc.cols {
			t.Errorf("open %dx%d area: %+v", tc.rows, tc.cols, v)
		}
	}
	// An area enclosed by Black in the corner of a partial diagram: a
	// 4x6 corner (24 points) is let through, a 5x6 one (30) is not.
	// White stones on the right (with a liberty each row) make the area
	// less than half the board, as a territory is.
	corner := func(rows, cols int) *position.Position {
		var sb strings.Builder
		sb.WriteString("| " + strings.Repeat("# ", cols+1) + "O O .\n")
		for range rows {
			sb.WriteString("| " + strings.Repeat(". ", cols) + "# O O .\n")
		}
		sb.WriteString("+" + strings.Repeat("--", cols+4) + "\n")
		pos, err := position.Parse("corner", []byte(sb.String()))
		if err != nil {
			t.Fatal(err)
		}
		return pos
	}
	if v := Triage(corner(4, 6)); !v.Endgame || v.LargestEnclosed != 24 || v.Enclosed != board.Black {
		t.Errorf("4x6 corner: %+v", v)
	}
	v := Triage(corner(5, 6))
	if v.Endgame || v.LargestEnclosed != 30 || !strings.HasPrefix(v.Reason, "not an endgame mathgo can value yet: black's area at A1 has 30 empty points, 20 of them touching none of its stones") {
		t.Errorf("5x6 corner: %+v", v)
	}
	// The same corner with a dead white stone inside is a territory too
	// large to prove, not an open area ("not an endgame yet"), however
	// large.
	dead := corner(5, 6)
	p, _ := dead.Board.ParsePoint("C2")
	dead.Board.Setup(p, board.White)
	v = Triage(dead)
	if v.Endgame || !strings.HasPrefix(v.Reason, "not an endgame mathgo can value yet: black's area") {
		t.Errorf("5x6 corner with a dead stone: %+v", v)
	}
	// A white territory whose wall has a gap at B3, where the area
	// touches Black's stones (a boundary a finished game left open): its
	// inside is White's (the stones nearest to every point that touches
	// no stone are White's), and too large to claim.
	ring := func(inside []string) *position.Position {
		rows := []string{"XXXXXXXXXXX", "XOOOOOOOOOX"}
		rows = append(rows, inside...)
		rows = append(rows, "X........OX", "XOOOOOOOOOX", "XXXXXXXXXXX")
		return testpos.Rows(rows)
	}
	open := []string{"XO.......OX", "XO.......OX", "XO.......OX", "XO.......OX"}
	v = Triage(ring(open))
	if v.Endgame || v.OpenAreas != 0 || v.Enclosed != board.White || !strings.HasPrefix(v.Reason, "not an endgame mathgo can value yet: white's area") {
		t.Errorf("a white territory with a gap: %+v", v)
	}
	// Black stones inside it that are no weak block: the inside is no
	// one's, and the area open.
	v = Triage(ring([]string{"XO.......OX", "XO...XX..OX", "XO...XX..OX", "XO.......OX"}))
	if v.Endgame || v.OpenAreas != 1 || !strings.HasPrefix(v.Reason, "not an endgame yet") {
		t.Errorf("a white territory with a gap and black stones inside: %+v", v)
	}
	// Small enough to claim, it stays open.
	v = Triage(ring([]string{"XOOOOOOOOOX", "XOOOOOOOOOX", "XO.......OX"}))
	if v.OpenAreas != 1 {
		t.Errorf("a small white territory with a gap: %+v", v)
	}
	// A narrow area of more than TriageMaxEnclosed points is let through
	// (the claims try it): the 28-point centre of a 19x19 game's end, 5
	// of whose points touch no black stone.
	g := readGame(t, filepath.Join("..", "testdata", "games", "g19-l10-s403-cad.sgf"))
	v = Triage(positionAfter(t, g, len(g.Moves)))
	if !v.Endgame || v.LargestEnclosed <= TriageMaxEnclosed {
		t.Errorf("g19-l10-s403-cad's end: %+v", v)
	}
}

// BenchmarkTriage measures the triage on the 9x9, 13x13 and 19x19 GNU Go
// games, at the move 20 moves before the end.
func BenchmarkTriage(b *testing.B) {
	for _, name := range []string{"g09-l10-s1.sgf", "g13-l10-s11.sgf", "g19-l8-s21.sgf"} {
		g := readGame(b, filepath.Join("..", "testdata", "games", name))
		pos := positionAfter(b, g, len(g.Moves)-20)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Triage(pos)
			}
		})
	}
}

// TestAnalyzeNotAnEndgame: Analyze with its default budgets answers an
// opening and a middle game (positions the triage refuses) with a partial
// analysis whose first problem is the triage's "not an endgame yet"
// verdict, after a small amount of work (the whole 2,000,000-position tile
// budget was spent before, to end in a "ko" with a cycle through the whole
// board), and the same position with the limit lifted is searched.
func TestAnalyzeNotAnEndgame(t *testing.T) {
	opening := testpos.Rows([]string{
		".........",
		".........",
		"..X......",
		"......O..",
		".........",
		".........",
		"..X......",
		".........",
		".........",
	})
	middle := positionAfter(t, readGame(t, filepath.Join("..", "testdata", "games", "g09-l10-s1.sgf")), 39)
	for name, pos := range map[string]*position.Position{"opening": opening, "middle game": middle} {
		r, err := Analyze(pos, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Exact() || r.Triage.Endgame || len(r.Problems) == 0 || !strings.HasPrefix(r.Problems[0], "not an endgame yet") {
			t.Errorf("%s: exact %v, triage %q, problems %q", name, r.Exact(), r.Triage.Reason, r.Problems)
		}
		if r.Nodes > 100_000 {
			t.Errorf("%s: %d nodes of work to say it is not an endgame", name, r.Nodes)
		}
		for _, tl := range r.Tiles() {
			if tl.Ko != nil || len(tl.Cycle) > 0 {
				t.Errorf("%s: tile %s reported as a ko (cycle %v)", name, tl.ID, tl.Cycle)
			}
		}
		if r.Bounds == nil {
			t.Errorf("%s: no bounds", name)
		}
		if j := r.JSON(0); j.Triage.Endgame || j.Triage.Reason != r.Triage.Reason {
			t.Errorf("%s: JSON triage %+v", name, j.Triage)
		}
	}
	// With the limit lifted (MaxTilePoints < 0) the tile is searched: a
	// small budget shows it without the whole search.
	r, err := Analyze(opening, Options{MaxTilePoints: -1, MaxPositions: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if r.Analysis.Positions < 1000 {
		t.Errorf("with no tile limit only %d positions were searched", r.Analysis.Positions)
	}
}

// TestLongCycleIsNoKo: on the last position of a 9x9 game, one tile holds
// most of the board; its search meets a cycle through the capture of a
// whole area and then runs out of budget. The tile is reported as too
// large, not as a ko (it used to be "a ko" with a cycle of 64 moves).
func TestLongCycleIsNoKo(t *testing.T) {
	pos := positionAfter(t, readGame(t, filepath.Join("..", "testdata", "games", "g09-l10-s1.sgf")), 59)
	r, err := Analyze(pos, Options{SolverNodes: 5_000, MaxPositions: 100_000})
	if err != nil {
		t.Fatal(err)
	}
	if r.Exact() {
		t.Fatal("analyzed exactly: the test needs a position the pipeline cannot value")
	}
	found := false
	for _, tl := range r.Tiles() {
		if tl.Err == nil {
			continue
		}
		if tl.Kind == tiles.KindKo || len(tl.Cycle) > 0 {
			t.Errorf("tile %s (%d points) reported as a ko: %v", tl.ID, len(tl.Points), tl.Cycle)
		}
		if errors.Is(tl.Err, tiles.ErrBudget) {
			found = true
		}
	}
	if !found {
		t.Errorf("no tile over budget: %q", r.Problems)
	}
	for _, p := range r.Problems {
		if strings.Contains(p, "is a ko") {
			t.Errorf("problem calls it a ko: %s", p)
		}
	}
}

// TestTextNamesAFewBlocks: the narrow text of a middle game names the
// first eight unsettled blocks and counts the rest; --wide names all.
func TestTextNamesAFewBlocks(t *testing.T) {
	pos := positionAfter(t, readGame(t, filepath.Join("..", "testdata", "games", "g09-l10-s1.sgf")), 39)
	r, err := Analyze(pos, Options{})
	if err != nil {
		t.Fatal(err)
	}
	blocks := 0
	for _, p := range r.Problems {
		if isBlockProblem(p) {
			blocks++
		}
	}
	if blocks <= maxBlockProblems {
		t.Fatalf("only %d unsettled blocks: the test needs more than %d", blocks, maxBlockProblems)
	}
	for _, wide := range []bool{false, true} {
		var sb strings.Builder
		if err := r.JSON(0).WriteText(&sb, TextOptions{Wide: wide}); err != nil {
			t.Fatal(err)
		}
		out := sb.String()
		named := strings.Count(out, "problem: block ")
		more := fmt.Sprintf("and %d more blocks not settled", blocks-maxBlockProblems)
		switch {
		case wide && (named != blocks || strings.Contains(out, "more blocks")):
			t.Errorf("wide: %d of %d blocks named\n%s", named, blocks, out)
		case !wide && (named != maxBlockProblems || !strings.Contains(out, more)):
			t.Errorf("narrow: %d blocks named, want %d and %q\n%s", named, maxBlockProblems, more, out)
		}
	}
}

// TestTriageCountedEnd: the end of a counted game (g09-l10-s52-cad,
// RE[B+8.5]) whose territory is too large to prove is an endgame mathgo
// cannot value yet, never "not an endgame": Endgame true, Valuable false,
// and the reason says both; the same board read as a position (no record
// says the game was counted) keeps the verdict "not an endgame mathgo can
// value yet". Every final of testdata/finals (30 counted professional
// games) is an endgame.
func TestTriageCountedEnd(t *testing.T) {
	_, pos := testpos.GameEnd(t, "../testdata/games/g09-l10-s52-cad.sgf")
	if !pos.Counted {
		t.Fatal("the end of a game with RE[B+8.5] is not Counted")
	}
	v := Triage(pos)
	if !v.Endgame || v.Valuable || !strings.HasPrefix(v.Reason, "the end of a counted game, not one mathgo can value yet: black's area at F1 has 27 empty points") {
		t.Errorf("the counted end: %+v", v)
	}
	plain := *pos
	plain.Counted = false
	if w := Triage(&plain); w.Endgame || w.Valuable || w.At != v.At || !strings.HasPrefix(w.Reason, "not an endgame mathgo can value yet: black's area at F1") {
		t.Errorf("the same board as a position: %+v", w)
	}
	finals, err := filepath.Glob("../testdata/finals/*.sgf")
	if err != nil || len(finals) < 30 {
		t.Fatalf("finals: %d, %v", len(finals), err)
	}
	for _, f := range finals {
		_, pos := testpos.GameEnd(t, f)
		if v := Triage(pos); !v.Endgame || strings.Contains(v.Reason, "not an endgame") {
			t.Errorf("%s: %+v", filepath.Base(f), v)
		}
	}
}
