package position

import (
	"errors"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position/sgf"
)

func sgfFixture(t *testing.T, name string) (string, []byte) {
	t.Helper()
	path := filepath.Join("..", "testdata", "sgf", name)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, data
}

func mustGame(t *testing.T, in string) *Game {
	t.Helper()
	g, err := ParseGame("g.sgf", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestParseKomi(t *testing.T) {
	for _, tc := range []struct {
		in    string
		halfs int
		str   string
	}{
		{"6.5", 13, "6.5"}, {"7", 14, "7"}, {" 0 ", 0, "0"}, {"-0.5", -1, "-0.5"}, {"+5.50", 11, "5.5"},
		{".5", 1, "0.5"}, {"375", 750, "375"}, {"7.", 14, "7"}, {"0.0", 0, "0"}, {"-3", -6, "-3"},
	} {
		k, err := ParseKomi(tc.in)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if k.HalfPoints() != tc.halfs || k.String() != tc.str || k.Rat().Cmp(big.NewRat(int64(tc.halfs), 2)) != 0 {
			t.Errorf("%q: %d half points %q %v, want %d %q", tc.in, k.HalfPoints(), k.String(), k.Rat(), tc.halfs, tc.str)
		}
	}
	for in, msg := range map[string]string{
		"6.75": "not a multiple of 1/2", "0.1": "not a multiple of 1/2", "abc": "not a number", "": "not a number",
		"6,5": "not a number", "1e3": "not a number", "-": "not a number", ".": "not a number", "6.5.5": "not a number",
		"1000001": "out of range", "99999999999999999999999": "out of range",
	} {
		if _, err := ParseKomi(in); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%q: error %v, want %q", in, err, msg)
		}
	}
}

func TestNormalizeRules(t *testing.T) {
	for in, want := range map[string]string{
		"Japanese": "japanese", "JP": "japanese", " japanese rules ": "japanese",
		"Chinese": "chinese", "CN": "chinese", "AGA": "aga", "American": "aga",
		"New Zealand": "nz", "NZ": "nz", "GOE": "ing", "Ing": "ing",
		"Korean": "Korean", " Tromp-Taylor ": "Tromp-Taylor", "": "",
	} {
		if got := NormalizeRules(in); got != want {
			t.Errorf("NormalizeRules(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestGameFixtures reads the bundled game records and checks the game
// information, the moves and the captures.
func TestGameFixtures(t *testing.T) {
	path, data := sgfFixture(t, "gnugo-9x9.sgf")
	g, err := ParseGame(path, data)
	if err != nil {
		t.Fatal(err)
	}
	if g.Cols != 9 || g.Rows != 9 || g.Komi != 13 || !g.KomiKnown || g.Rules != RulesJapanese || g.RulesText != "Japanese" ||
		g.Result != "W+31.5" || g.Black != "GNU Go 3.8" || g.White != "GNU Go 3.8" || g.Handicap != 0 || g.Date != "2025-01-01" {
		t.Errorf("game info %+v", g)
	}
	if len(g.Moves) != 42 || len(g.Setup) != 0 {
		t.Fatalf("%d moves, %d setup stones; want 42, 0", len(g.Moves), len(g.Setup))
	}
	for i, m := range g.Moves {
		if m.Number != i+1 || m.Node == nil || (m.Color == board.Black) != (i%2 == 0) {
			t.Errorf("move %d: %+v", i+1, m)
		}
		wantCapt := 0
		if m.Number == 38 {
			wantCapt = 6
		}
		if m.Captured != wantCapt {
			t.Errorf("move %d captured %d, want %d", m.Number, m.Captured, wantCapt)
		}
	}
	b := board.Pass
	if m := g.Moves[0]; m.Point != mustPoint(t, 9, "E5") || m.Node != g.Root.Children[0] {
		t.Errorf("move 1 %v at %d", m.Color, m.Point)
	}
	if m := g.Moves[40]; m.Point != b || m.Color != board.Black {
		t.Errorf("move 41 %+v, want a black pass", m)
	}
	for n, want := range map[int][2]int{37: {0, 0}, 38: {0, 6}, 42: {0, 6}} {
		p, err := g.PositionAfter(n)
		if err != nil {
			t.Fatal(err)
		}
		if got := [2]int{p.Board.Prisoners(board.Black), p.Board.Prisoners(board.White)}; got != want || p.MoveNumber != n {
			t.Errorf("after move %d: prisoners %v move %d, want %v", n, got, p.MoveNumber, want)
		}
		if p.Komi != 13 || !p.KomiKnown || p.Rules != "japanese" || p.Name != path {
			t.Errorf("after move %d: komi %v %v rules %q", n, p.Komi, p.KomiKnown, p.Rules)
		}
	}

	path, data = sgfFixture(t, "gnugo-13x13-h2.sgf")
	g, err = ParseGame(path, data)
	if err != nil {
		t.Fatal(err)
	}
	if g.Cols != 13 || g.Handicap != 2 || g.Komi != 1 || g.Rules != RulesChinese || len(g.Moves) != 95 || g.Result != "B+33.5" {
		t.Errorf("13x13: %dx%d HA %d komi %v rules %q moves %d result %q", g.Cols, g.Rows, g.Handicap, g.Komi, g.Rules, len(g.Moves), g.Result)
	}
	want := []Placement{{mustPoint(t, 13, "K10"), board.Black, 0}, {mustPoint(t, 13, "D4"), board.Black, 0}}
	if !slices.Equal(g.Setup, want) {
		t.Errorf("setup %v, want %v", g.Setup, want)
	}
	p, err := g.PositionAfter(0)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(p.Board.Blocks()); got != 2 || p.ToMove != board.White || p.Board.MoveNumber() != 0 {
		t.Errorf("setup position: %d blocks, %v to move", got, p.ToMove)
	}
	last, err := g.PositionAfter(-1)
	if err != nil {
		t.Fatal(err)
	}
	if last.MoveNumber != 95 || last.ToMove != board.Black || last.Board.Prisoners(board.Black) != 1 || last.Board.MoveNumber() != 95 {
		t.Errorf("end: move %d, %v to move, black prisoners %d", last.MoveNumber, last.ToMove, last.Board.Prisoners(board.Black))
	}

	// Parse reads the same file as a position: the final board, the same
	// prisoners.
	pos, err := Parse(path, data)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(stones(pos), stones(last)) || pos.Board.Prisoners(board.Black) != 1 || pos.Komi != 0 || pos.KomiKnown {
		t.Errorf("Parse differs from PositionAfter(-1):\n%s\n%s", pos.Board, last.Board)
	}
}

func mustPoint(t *testing.T, size int, name string) board.Point {
	t.Helper()
	b, err := board.New(size, size)
	if err != nil {
		t.Fatal(err)
	}
	p, err := b.ParsePoint(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// koGame is a 5x5 record with a ko: Black takes at C4, White may not
// retake at once, plays a threat, and retakes after Black answers.
const koGame = `(;GM[1]FF[4]SZ[5]KM[0.5]RU[AGA]PB[b]PW[w]
AB[ba][ab][bc]AW[ca][bb][db][cc]
;B[cb];W[ee];B[ed];W[bb];B[dd])`

func TestPositionAfterKo(t *testing.T) {
	g := mustGame(t, koGame)
	if len(g.Moves) != 5 || g.Rules != RulesAGA || g.Komi != 1 {
		t.Fatalf("%d moves rules %q komi %v", len(g.Moves), g.Rules, g.Komi)
	}
	b4, c4 := mustPoint(t, 5, "B4"), mustPoint(t, 5, "C4")
	for _, tc := range []struct {
		n        int
		toMove   board.Color
		ko       board.Point
		koColor  board.Color
		black    int
		white    int
		boardMvs int
	}{
		{0, board.Black, board.Pass, board.Empty, 0, 0, 0},
		{1, board.White, b4, board.White, 1, 0, 1},
		{2, board.Black, board.Pass, board.Empty, 1, 0, 2}, // the threat ends the ko ban
		{4, board.Black, c4, board.Black, 1, 1, 4},
		{5, board.White, board.Pass, board.Empty, 1, 1, 5},
		{-1, board.White, board.Pass, board.Empty, 1, 1, 5},
	} {
		p, err := g.PositionAfter(tc.n)
		if err != nil {
			t.Fatal(err)
		}
		b := p.Board
		ko, koColor := b.KoRecapture()
		if b.KoPoint() != tc.ko {
			t.Errorf("after move %d: KoPoint %s, want %s", tc.n, b.Name(b.KoPoint()), b.Name(tc.ko))
		}
		if p.ToMove != tc.toMove || ko != tc.ko || koColor != tc.koColor ||
			b.Prisoners(board.Black) != tc.black || b.Prisoners(board.White) != tc.white || b.MoveNumber() != tc.boardMvs {
			t.Errorf("after move %d: %v to move, ko %s for %v, prisoners %d/%d, board moves %d; want %v %s %v %d/%d %d",
				tc.n, p.ToMove, b.Name(ko), koColor, b.Prisoners(board.Black), b.Prisoners(board.White), b.MoveNumber(),
				tc.toMove, b.Name(tc.ko), tc.koColor, tc.black, tc.white, tc.boardMvs)
		}
		if tc.n == 1 && (b.KoRule() != board.KoSimple || b.KoPoint() != b4 || b.Legal(b4, board.White)) {
			t.Errorf("after move 1 White may not retake at B4: rule %v ko point %s", b.KoRule(), b.Name(b.KoPoint()))
		}
	}
	// Each position is a fresh board.
	p1, _ := g.PositionAfter(1)
	p1.Board.Play(mustPoint(t, 5, "A1"), board.White)
	p1b, _ := g.PositionAfter(1)
	if p1b.Board.At(mustPoint(t, 5, "A1")) != board.Empty {
		t.Error("PositionAfter shares its board")
	}
	if _, err := g.PositionAfter(6); err == nil || !strings.Contains(err.Error(), "no move 6: the main line has 5 moves") {
		t.Errorf("PositionAfter(6): %v", err)
	}
	if _, err := g.PositionAfter(-2); err == nil {
		t.Error("PositionAfter(-2) accepted")
	}
}

func TestGameSetupAndToMove(t *testing.T) {
	g := mustGame(t, "(;SZ[5];B[aa];W[bb]AB[cc];B[dd]PL[B])")
	if want := []Placement{{mustPoint(t, 5, "C3"), board.Black, 1}}; !slices.Equal(g.Setup, want) {
		t.Errorf("setup %v, want %v", g.Setup, want)
	}
	p, _ := g.PositionAfter(1)
	if got := stones(p); !slices.Equal(got, []string{"X....", ".....", "..X..", ".....", "....."}) || p.ToMove != board.White {
		t.Errorf("after move 1 (setup of move 2's node included): %v %v", got, p.ToMove)
	}
	p, _ = g.PositionAfter(3)
	if p.ToMove != board.Black || p.Board.MoveNumber() != 2 || p.MoveNumber != 3 {
		t.Errorf("end: %v to move (PL after the last move), board moves %d, move %d", p.ToMove, p.Board.MoveNumber(), p.MoveNumber)
	}
	for in, want := range map[string]board.Color{
		"(;SZ[5])":               board.Empty,
		"(;SZ[5]PL[W])":          board.White,
		"(;SZ[5]PL[W];B[aa])":    board.White,
		"(;SZ[5];B[aa]PL[B])":    board.Black,
		"(;SZ[5];B[aa];PL[B])":   board.Black,
		"(;SZ[5];B[aa];W[]C[x])": board.Black,
	} {
		p, err := mustGame(t, in).PositionAfter(-1)
		if err != nil || p.ToMove != want {
			t.Errorf("%s: to move %v (%v), want %v", in, p.ToMove, err, want)
		}
	}
	g = mustGame(t, "(;SZ[19]KM[]HA[0];B[tt];W[];B[aa])")
	if g.KomiKnown || g.Komi != 0 || len(g.Moves) != 3 || g.Moves[0].Point != board.Pass || g.Moves[1].Point != board.Pass {
		t.Errorf("KM[] and passes: %+v", g)
	}
}

func TestGameErrors(t *testing.T) {
	for _, tc := range []struct {
		name      string
		in        string
		line, col int
		prop, msg string
	}{
		{"occupied", "(;SZ[5]AB[aa];W[aa])", 1, 16, "W[aa]", "move 1: illegal move white A5: point is occupied"},
		{"suicide", "(;SZ[5]AB[ba][ab];B[cc];W[aa])", 1, 26, "W[aa]", "move 2: illegal move white A5: suicide"},
		{"ko recapture", strings.Replace(koGame, ";W[ee];B[ed]", "", 1), 3, 9, "W[bb]", "move 2: illegal move white B4: ko (immediate recapture)"},
		{"point off the board", "(;SZ[5];B[aa]\n;W[zz])", 2, 3, "W[zz]", "move 2: point off the 5x5 board"},
		{"two moves in a node", "(;SZ[5];B[aa]W[bb])", 1, 14, "W[bb]", "node 1: a second move in one node (after B[aa])"},
		{"two values", "(;SZ[5];B[aa][bb])", 1, 10, "B[aa]", "move 1: a move has one value"},
		{"quarter komi", "(;SZ[5]KM[6.75])", 1, 10, "KM[6.75]", "komi 6.75 is not a multiple of 1/2"},
		{"komi not a number", "(;SZ[5]KM[six])", 1, 10, "KM[six]", "not a number"},
		{"handicap", "(;SZ[5]HA[two])", 1, 10, "HA[two]", "handicap must be a number"},
		{"SZ in a later node", "(;SZ[5];SZ[5])", 1, 9, "SZ[5]", "node 1: SZ is only allowed in the root"},
		{"not Go", "(;GM[3])", 1, 5, "GM[3]", "not a game of Go"},
		{"bad size", "(;SZ[30])", 1, 5, "SZ[30]", "out of range"},
		{"bad player", "(;SZ[5]PL[Q])", 1, 10, "PL[Q]", "player must be B or W"},
		{"bad setup point", "(;SZ[5]AB[a])", 1, 10, "AB[a]", "node 0: bad point"},
		{"setup without liberties", "(;SZ[3]AW[ba][ab]AB[aa])", 1, 2, "", "node 0: setup leaves the stone at A3 without liberties"},
		{"syntax", "(;SZ[5]\n;B[aa", 2, 3, "", "never closed by ']'"},
		{"not SGF", "X.O\n", 1, 1, "", "not an SGF game record"},
		{"byte-order mark not counted", "\uFEFF(;SZ[5]KM[x])", 1, 10, "KM[x]", "not a number"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := ParseGame("g.sgf", []byte(tc.in))
			if err == nil {
				t.Fatalf("no error: %d moves", len(g.Moves))
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T %v is not *Error", err, err)
			}
			if e.File != "g.sgf" || e.Line != tc.line || e.Col != tc.col || e.Prop != tc.prop || !strings.Contains(e.Msg, tc.msg) {
				t.Errorf("error %q (line %d col %d prop %q),\nwant line %d col %d prop %q containing %q", err, e.Line, e.Col, e.Prop, tc.line, tc.col, tc.prop, tc.msg)
			}
		})
	}
	if _, err := ReadGame(filepath.Join(t.TempDir(), "missing.sgf")); err == nil || !strings.Contains(err.Error(), "missing.sgf") {
		t.Errorf("missing file: %v", err)
	}
}

// sameGame compares what ParseGame read from two files.
func sameGame(a, b *Game) bool {
	if a.Cols != b.Cols || a.Rows != b.Rows || a.Handicap != b.Handicap || a.Komi != b.Komi || a.KomiKnown != b.KomiKnown ||
		a.Rules != b.Rules || a.RulesText != b.RulesText || a.Result != b.Result || a.Black != b.Black || a.White != b.White ||
		a.Title != b.Title || a.Date != b.Date || !slices.Equal(a.Setup, b.Setup) || len(a.Moves) != len(b.Moves) {
		return false
	}
	for i := range a.Moves {
		x, y := a.Moves[i], b.Moves[i]
		if x.Number != y.Number || x.Color != y.Color || x.Point != y.Point || x.Captured != y.Captured {
			return false
		}
	}
	return sgf.Equal(a.Root, b.Root)
}

// TestReviewRoundTrip annotates a game as review would (comments, move
// annotations, markup, labels, the best move as a variation), writes it,
// and reads it back.
func TestReviewRoundTrip(t *testing.T) {
	path, data := sgfFixture(t, "gnugo-9x9.sgf")
	g, err := ParseGame(path, data)
	if err != nil {
		t.Fatal(err)
	}
	orig, _ := ParseGame(path, data)
	m := g.Moves[9] // move 10, white
	pos, _ := g.PositionAfter(9)
	best := []Play{{board.White, mustPoint(t, 9, "C5")}, {board.Black, mustPoint(t, 9, "B4")}}
	nodes, err := g.AddVariation(10, best)
	if err != nil {
		t.Fatal(err)
	}
	m.Node.Set("BM", "1")
	m.Node.AppendText("C", "Mistake: loses 3/2 points] (a \\ test).")
	m.Node.Add("MA", SGFPoint(pos.Board, m.Point))
	nodes[0].Set("TE", "1")
	nodes[0].Set("C", "Best: C5")
	nodes[0].Add("LB", SGFPoint(pos.Board, best[0].Point)+":a")
	if _, err := g.AddVariation(10, []Play{{board.White, mustPoint(t, 9, "E5")}}); err == nil || !strings.Contains(err.Error(), "occupied") {
		t.Errorf("illegal variation: %v", err)
	}
	if _, err := g.AddVariation(43, best); err == nil {
		t.Error("variation after the last move accepted")
	}
	out, err := g.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseGame("back.sgf", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !sameGame(g, back) {
		t.Fatalf("written game reads back differently:\n%s", out)
	}
	// The main line is the original game, the variation hangs beside
	// move 10.
	back.Root = orig.Root
	if !sameGame(orig, back) {
		t.Error("the annotations changed the main line")
	}
	parent := g.Root.MainLine()[9]
	if len(parent.Children) != 2 || parent.Children[0] != m.Node || parent.Children[1] != nodes[0] {
		t.Errorf("variation not beside move 10")
	}
	if !strings.Contains(string(out), `C[Mistake: loses 3/2 points\] (a \\ test).]`) ||
		!strings.Contains(string(out), "(;W[ce]TE[1]C[Best: C5]LB[ce:a]\n;B[bf])") {
		t.Errorf("annotated SGF:\n%s", out)
	}
	if g := mustGame(t, "(;SZ[5]B[aa];W[bb])"); g != nil {
		if _, err := g.AddVariation(1, best[:1]); err == nil || !strings.Contains(err.Error(), "root node") {
			t.Errorf("variation of a move in the root: %v", err)
		}
	}
}

// TestPositionSGF writes positions as SGF problems and reads them back.
func TestPositionSGF(t *testing.T) {
	for _, in := range []string{
		"$$W Problem\n$$ +-----------+\n$$ | # # # # # |\n$$ | # . a X # |\n$$ | @ O . b @ |\n$$ | @ @ @ @ @ |\n$$ +-----------+\n",
		walledCorner,
		"+--------\n| . . . .\n| . X X .\n| O . . X\n",
		"(;SZ[7:3]AB[aa]AW[gc]PL[B]GN[rect]LB[bb:x\\]y])",
	} {
		p, err := Parse("in", []byte(in))
		if err != nil {
			t.Fatal(err)
		}
		out, err := sgf.Marshal(p.SGF())
		if err != nil {
			t.Fatal(err)
		}
		q, err := Parse("out.sgf", out)
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		want := p.ImmortalStones()
		for i, f := range p.Frame() {
			want[i] = want[i] || f
		}
		if !slices.Equal(stonesWith(q, q.ImmortalStones()), stonesWith(p, want)) || !slices.Equal(labelNames(q), labelNames(p)) ||
			q.ToMove != p.ToMove || q.Title != p.Title || q.Board.Cols() != p.Board.Cols() || q.Board.Rows() != p.Board.Rows() {
			t.Errorf("round trip of\n%s\ngave %v %v %v %q from\n%s", in, stones(q), labelNames(q), q.ToMove, q.Title, out)
		}
	}
}

// stonesWith is stones(p) with imm as the immortal marks.
func stonesWith(p *Position, imm []bool) []string {
	q := *p
	q.Immortal = imm
	return stones(&q)
}

// TestParseGameOfDiagram: a diagram given where a game record is needed
// is named as such, not reported as an SGF syntax error.
func TestParseGameOfDiagram(t *testing.T) {
	_, err := ParseGame("five.txt", []byte("$$ Black to play\n$$ +---+\n$$ | X |\n"))
	var ne *NotGameRecordError
	if !errors.As(err, &ne) || ne.File != "five.txt" || !strings.Contains(err.Error(), "diagram") {
		t.Fatalf("ParseGame of a diagram: %v", err)
	}
	if _, err := ParseGame("g.sgf", []byte("  (;SZ[9];B[ee])")); err != nil {
		t.Fatalf("ParseGame of a record: %v", err)
	}
}

// TestCounted: a result that is a count marks the position after the
// main line's last move Counted, and only that position; a resignation,
// a time loss, "Void" or no result does not.
func TestCounted(t *testing.T) {
	for re, want := range map[string]bool{
		"B+3.5": true, "W+0.5": true, "b+12": true, " W+1 ": true, "0": true, "Draw": true, "jigo": true,
		"B+R": false, "W+Resign": false, "B+T": false, "W+F": false, "Void": false, "?": false, "": false,
		"B+": false, "W+inf": false, "B+1e3": false, "X+3": false,
	} {
		rec := "(;GM[1]FF[4]SZ[9]KM[6.5]"
		if re != "" {
			rec += "RE[" + re + "]"
		}
		g := mustGame(t, rec+";B[ee];W[cc])")
		if got := g.Counted(); got != want {
			t.Errorf("RE[%s]: Counted %v, want %v", re, got, want)
		}
		end, err := g.PositionAfter(2)
		if err != nil {
			t.Fatal(err)
		}
		before, err := g.PositionAfter(1)
		if err != nil {
			t.Fatal(err)
		}
		if end.Counted != want || before.Counted {
			t.Errorf("RE[%s]: the end Counted %v (want %v), the move before %v", re, end.Counted, want, before.Counted)
		}
	}
}
