package play

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/tiles"
)

// corridorsText is chapter 6's table of n blocked corridors of length 3.
func corridorsText(n int) string { return testpos.CorridorTable(n) }

func analyzeText(t testing.TB, name, text string) *tiles.Analysis {
	t.Helper()
	pos, err := position.Parse(name, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	a, err := tiles.Analyze(pos, tiles.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// playPosition plays a out exactly with first to move and returns the
// record and its result.
func playPosition(t testing.TB, a *tiles.Analysis, first Player, opt Options) (*Record, PositionResult) {
	t.Helper()
	sum, err := Position(a)
	if err != nil {
		t.Fatal(err)
	}
	opt.Rules = rules.Japanese
	rec, err := Play(sum, first, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := PositionErr(rec); err != nil {
		t.Fatal(err)
	}
	res, err := ResultOf(rec)
	if err != nil {
		t.Fatal(err)
	}
	return rec, res
}

func TestPositionCorridorTable(t *testing.T) {
	want := map[int][4]string{ // japanese B, W first; chinese B, W first
		1: {"2", "1", "3", "1"},
		3: {"4", "3", "5", "3"},
		4: {"5", "5", "6", "4"},
		8: {"10", "10", "10", "10"},
	}
	for n, w := range want {
		a := analyzeText(t, "corridors", corridorsText(n))
		for i, first := range []Player{Black, White} {
			_, res := playPosition(t, a, first, Options{})
			area := playArea(t, a, first)
			if res.Score.String() != w[i] || area.Score.String() != w[2+i] || res.MGO != Black {
				t.Errorf("N=%d, %s first: japanese %s chinese %s mgo %s, want %s %s black", n, first, res.Score, area.Score, res.MGO, w[i], w[2+i])
			}
		}
	}
}

// playArea plays a out exactly in area values with first to move and
// returns the result (its Score is the area score).
func playArea(t testing.TB, a *tiles.Analysis, first Player) PositionResult {
	t.Helper()
	sum, err := AreaPosition(a)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := Play(sum, first, Options{Rules: rules.Japanese, NoTiles: true})
	if err != nil {
		t.Fatal(err)
	}
	res, err := ResultOf(rec)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// totalsOf adds a's values up as the endgame pipeline does.
func totalsOf(t testing.TB, a *tiles.Analysis) *solve.Totals {
	t.Helper()
	count, ok := a.CountValues()
	if !ok {
		t.Fatalf("not every tile valued: %v", a.Problems)
	}
	chilled, _ := a.ChilledValues()
	area, areaOK := a.AreaValues()
	tot, err := solve.Decide(solve.Values{Count: count, Chilled: chilled, Area: area, AreaOK: areaOK}, solve.TotalsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return tot
}

// checkExact plays a out exactly with each player first and checks the
// result against the analysis: the Japanese score is the stop, the
// Mathematical Go winner analyze's, and playing Mathematical Go to its end
// (FillOut) gives that winner.
func checkExact(t *testing.T, name string, a *tiles.Analysis) {
	t.Helper()
	tot := totalsOf(t, a)
	for _, first := range []Player{Black, White} {
		rec, res := playPosition(t, a, first, Options{})
		jp := tot.Japanese[first]
		if !res.Score.Equal(jp) {
			t.Errorf("%s, %s first: japanese %s, analyze %s", name, first, res.Score, jp)
		}
		if w := tot.Winner[first].String(); PlayerName(res.MGO) != w {
			t.Errorf("%s, %s first: mgo %s, analyze %s", name, first, res.MGO, w)
		}
		fill, err := FillOut(rec, Options{NoTiles: true})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if fill.Result.Winner != res.MGO {
			t.Errorf("%s, %s first: played to the end %s wins, predicted %s", name, first, fill.Result.Winner, res.MGO)
		}
		for _, c := range fill.FinalComponents {
			if c.Local.Value() != cgt.Zero && len(c.Local.Moves(fill.Next)) > 0 {
				t.Errorf("%s: %s can still move in %s at the end", name, fill.Next, c.Name)
			}
		}
		// Exact play in area values reaches the area stop.
		if tot.ChineseOK {
			if area := playArea(t, a, first); !area.Score.Equal(tot.Chinese[first]) {
				t.Errorf("%s, %s first: area play-out %s, analyze's chinese %s", name, first, area.Score, tot.Chinese[first])
			}
		}
	}
}

func TestPositionExactMatchesAnalyze(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "positions", "*.txt"))
	more, _ := filepath.Glob(filepath.Join("..", "testdata", "problems", "*.txt"))
	files = append(files, more...)
	files = append(files, filepath.Join("..", "testdata", "corridors", "packed-19x19-split.txt"), filepath.Join("..", "testdata", "play", "endgame-19x19.txt"))
	if len(files) < 20 {
		t.Fatalf("expected the bundled positions, found %d", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checkExact(t, f, analyzeText(t, f, string(data)))
	}
}

// randomPosition is a small random position with at most maxEmpty empty
// points (see testpos.Random).
func randomPosition(r *rand.Rand, maxEmpty int) *position.Position {
	return testpos.Random(r, maxEmpty, 4)
}

func TestPositionExactRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 1993))
	played, kos := 0, 0
	for played < 150 {
		pos := randomPosition(r, 9)
		a, err := tiles.Analyze(pos, tiles.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Problems) > 0 || !a.Complete {
			if _, err := Position(a); err == nil {
				t.Fatalf("a position with problems %v (or a ko tile) was accepted", a.Problems)
			}
			kos++
			continue
		}
		played++
		checkExact(t, "random\n"+pos.Board.String(), a)
	}
	t.Logf("%d random positions played, %d refused", played, kos)
}

func TestPositionLabelsAndHeuristics(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "corridors", "packed-19x19-split.txt"))
	if err != nil {
		t.Fatal(err)
	}
	a := analyzeText(t, "packed", string(data))
	point := regexp.MustCompile(`^[A-HJ-T]([1-9]|1[0-9])$`)
	for _, name := range []string{"greedy", "hotstrat", "thermostrat", "sentestrat"} {
		s, err := StrategyByName(name)
		if err != nil {
			t.Fatal(err)
		}
		rec, res := playPosition(t, a, White, Options{Black: s, White: s})
		for _, tn := range rec.Turns {
			if !point.MatchString(tn.Move.Move.Label) {
				t.Fatalf("%s: move %d labelled %q", name, tn.N, tn.Move.Move.Label)
			}
			l, ok := GoLocal(tn.Move.Move.Next)
			if !ok || l.ID() != tn.Move.Tile {
				t.Fatalf("%s: move %d is not in a Go tile", name, tn.N)
			}
		}
		// Thermostrat and friends stay within the hottest temperature of
		// the optimum per mistake; a few points is plenty here.
		opt := totalsOf(t, a).Japanese[White]
		if d := res.Score.Sub(opt); d.Cmp(cgt.DyadicInt(5)) > 0 || d.Cmp(cgt.DyadicInt(-5)) < 0 {
			t.Errorf("%s: japanese %s, far from the optimum %s", name, res.Score, opt)
		}
	}
}

func TestPositionRefused(t *testing.T) {
	a := analyzeText(t, "ko", "+-------+\n|# # # #|\n|# . . @|\n|@ . . @|\n+-------+\n")
	if _, err := Position(a); err == nil || !strings.Contains(err.Error(), "ko") {
		t.Errorf("ko position: %v", err)
	}
	if _, ok := GoLocal(Value(cgt.Zero)); ok {
		t.Error("a bare game is a Go tile")
	}
}

// TestJapaneseKeepsMGOWin: in ^ + * both of Black's moves keep the score
// (0) and their incentives (v and *) are incomparable, but only the move
// in * keeps Black's normal-play win; Japanese exact play takes it.
func TestJapaneseKeepsMGOWin(t *testing.T) {
	rec, err := Play(Games(cgt.MustParse("^"), cgt.Star(1)), Black, Options{Rules: rules.Japanese})
	if err != nil {
		t.Fatal(err)
	}
	if rec.Turns[0].Move.Tile != "B" || rec.Next != White {
		t.Errorf("first move %s, %s to move at the end; want B (the star), white", rec.Turns[0].Move, rec.Next)
	}
	if len(rec.Turns[0].Equal) != 0 {
		t.Errorf("equal choices %v: the move in ^ loses", rec.Turns[0].Equal)
	}
}
