package play

import (
	"errors"
	"math/rand"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
)

// figure410 is Berlekamp's problem as the sum of its chilled tile values
// (Rappaport, Figure 4.10), settled territory last.
var figure410 = []string{"{3|5/2}", "3+{0|^}", "1*", "-2v", "1/2", "2v", "-7"}

func mustGames(t testing.TB, exprs ...string) Sum {
	t.Helper()
	s, err := ParseGames(exprs)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestFigure410(t *testing.T) {
	rec, err := Play(mustGames(t, figure410...), White, Options{ListOptimal: true})
	if err != nil {
		t.Fatal(err)
	}
	if rec.Result.Winner != White || rec.Result.Exact == nil || rec.Result.Exact.Winner != White {
		t.Fatalf("result %v, exact %v; want white", rec.Result.Outcome, rec.Result.Exact)
	}
	first := rec.Turns[0]
	if first.Move.String() != "A:5/2" || len(first.Optimal) != 1 || first.Optimal[0].String() != "A:5/2" {
		t.Fatalf("move 1 = %v, optimal %v; want A:5/2, the only winning move", first.Move, first.Optimal)
	}
	if got := first.Move.Incentive.String(); got != "{1/2|0}" || first.Move.Incentive.Mean().String() != "1/4" {
		t.Errorf("move 1 incentive %s (mean %s), want {1/2|0} (mean 1/4)", got, first.Move.Incentive.Mean())
	}
	if first.Move.Class != Hot {
		t.Errorf("move 1 class %v, want hot", first.Move.Class)
	}
	checkFigureLine(t, rec)
	// Every White move keeps the win.
	for _, tu := range rec.Turns {
		if tu.Player == White && !tu.Wins {
			t.Errorf("move %d (%v) does not keep White's win", tu.N, tu.Move)
		}
		if tu.Player == Black && len(tu.Optimal) != 0 {
			t.Errorf("move %d: Black has winning moves %v after White's 5/2", tu.N, tu.Optimal)
		}
	}
}

// checkFigureLine checks that the played line is one of the winning lines
// of Figure 4.10: moves 1-5 are the figure's moves (move 2 and 4 take the
// two -2v/2v tiles in either order, the figure lists them as equal
// choices), moves 6-9 take the four remaining stars in any order (all
// equal choices in the figure), and from move 10 on only numbers are
// left (the figure's tile trees keep non-canonical moves there, such as
// E 1/2 -> 1/4, so the lines part).
func checkFigureLine(t *testing.T, rec *Record) {
	t.Helper()
	want := []map[string]bool{
		{"A:5/2": true},
		{"D:-2*": true, "F:2*": true},
		{"B:3^": true},
		{"D:-2*": true, "F:2*": true},
		{"B:3*": true},
	}
	for i, w := range want {
		if got := rec.Turns[i].Move.String(); !w[got] {
			t.Errorf("move %d = %s, want one of %v", i+1, got, w)
		}
	}
	if rec.Turns[1].Move.Tile == rec.Turns[3].Move.Tile {
		t.Errorf("moves 2 and 4 both in %s", rec.Turns[1].Move.Tile)
	}
	stars := map[string]bool{}
	for _, tu := range rec.Turns[5:9] {
		if tu.Move.Class != Infinitesimal || !tu.Move.After.IsNumber() {
			t.Errorf("move %d = %v (%v), want a star taken", tu.N, tu.Move, tu.Move.Class)
		}
		stars[tu.Move.Tile] = true
	}
	if len(stars) != 4 || !stars["B"] || !stars["C"] || !stars["D"] || !stars["F"] {
		t.Errorf("moves 6-9 took the stars of %v, want B C D F", stars)
	}
	if len(rec.Turns[5].Equal) != 3 {
		t.Errorf("move 6 equal choices %v, want the three other stars", rec.Turns[5].Equal)
	}
	for _, tu := range rec.Turns[9:] {
		if tu.Move.Class != Number && tu.Move.Class != Integer {
			t.Errorf("move %d = %v in a %v tile, want numbers only", tu.N, tu.Move, tu.Move.Class)
		}
	}
}

func TestFigure410AllStrategies(t *testing.T) {
	for _, name := range StrategyNames() {
		s, err := StrategyByName(name)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := Play(mustGames(t, figure410...), White, Options{Black: s, White: s, CompareExact: true})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if rec.Result.Winner != White || rec.Turns[0].Move.String() != "A:5/2" {
			t.Errorf("%s: winner %v, first move %v", name, rec.Result.Winner, rec.Turns[0].Move)
		}
	}
}

// randomGame builds a random Go-like game: integer leaves, Left's options
// above Right's, up to depth levels; sometimes an infinitesimal is added.
func randomGame(r *rand.Rand, depth, center int) cgt.Game {
	if depth == 0 || r.Intn(4) == 0 {
		return cgt.Int(int64(center + r.Intn(3) - 1))
	}
	k := 1 + r.Intn(2)
	var l, rr []cgt.Game
	for range 1 + r.Intn(2) {
		l = append(l, randomGame(r, depth-1, center+k))
	}
	for range 1 + r.Intn(2) {
		rr = append(rr, randomGame(r, depth-1, center-k))
	}
	return cgt.New(l, rr)
}

var smallInfinitesimals = []string{"*", "^", "v", "^*", "*2", "Tiny(1)", "Miny(1)", "{0|v}", "1*", "-1^"}

// randomSum returns n random components, with tepid games, negatives
// (which the solver cancels) and numbers mixed in.
func randomSum(r *rand.Rand, n, depth int) []cgt.Game {
	var gs []cgt.Game
	for len(gs) < n {
		switch r.Intn(6) {
		case 0:
			gs = append(gs, cgt.MustParse(smallInfinitesimals[r.Intn(len(smallInfinitesimals))]))
		case 1:
			if len(gs) > 0 {
				gs = append(gs, gs[r.Intn(len(gs))].Neg())
				continue
			}
			fallthrough
		default:
			gs = append(gs, randomGame(r, depth, r.Intn(5)-2))
		}
	}
	return gs
}

func TestSolverMatchesCanonical(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	sv := solve.NewSolver()
	for i := range 300 {
		gs := randomSum(r, 2+r.Intn(5), 3)
		if i%2 == 1 {
			// Balance the sum with a number so that its mean is in [0, 1):
			// the bounds cannot decide and the search has to.
			var m cgt.Dyadic
			for _, g := range gs {
				m = m.Add(g.Mean())
			}
			gs = append(gs, cgt.Number(m.Floor().Neg()))
		}
		total := cgt.Sum(gs...)
		o := total.Outcome()
		for _, p := range []Player{Black, White} {
			got, err := sv.FirstWins(gs, p)
			if err != nil {
				t.Fatal(err)
			}
			want := o == cgt.OutcomeN || (o == cgt.OutcomeL && p == Black) || (o == cgt.OutcomeR && p == White)
			if got != want {
				t.Fatalf("case %d: %v with %v first: solver %v, canonical outcome %v (total %v)", i, gs, p, got, o, total)
			}
		}
	}
}

func TestExactPlayMatchesOutcome(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	for i := range 60 {
		gs := randomSum(r, 2+r.Intn(5), 3)
		o := cgt.Sum(gs...).Outcome()
		for _, first := range []Player{Black, White} {
			rec, err := Play(Games(gs...), first, Options{NoTiles: true})
			if err != nil {
				t.Fatal(err)
			}
			var want Player
			switch o {
			case cgt.OutcomeL:
				want = Black
			case cgt.OutcomeR:
				want = White
			case cgt.OutcomeN:
				want = first
			default:
				want = first.Opponent()
			}
			if rec.Result.Winner != want {
				t.Fatalf("case %d: %v, %v first: %v won, outcome %v says %v", i, gs, first, rec.Result.Winner, o, want)
			}
			for _, tu := range rec.Turns {
				if tu.Player == want && !tu.Wins {
					t.Fatalf("case %d: move %d by the winner %v does not keep the win", i, tu.N, want)
				}
			}
		}
	}
}

func TestJapaneseExactKeepsStop(t *testing.T) {
	r := rand.New(rand.NewSource(13))
	for i := range 40 {
		gs := randomSum(r, 2+r.Intn(3), 3)
		total := cgt.Sum(gs...)
		for _, first := range []Player{Black, White} {
			rec, err := Play(Games(gs...), first, Options{Rules: rules.Japanese, NoTiles: true})
			if err != nil {
				t.Fatal(err)
			}
			want := total.LeftStop()
			if first == White {
				want = total.RightStop()
			}
			if rec.Result.Score == nil || !rec.Result.Score.Equal(want) {
				t.Fatalf("case %d: %v, %v first: score %v, stop %v", i, gs, first, rec.Result.Score, want)
			}
		}
	}
}

// TestHeuristicsNeverBeatExact plays each heuristic for one side against
// the exact strategy: it never does better than exact play.
func TestHeuristicsNeverBeatExact(t *testing.T) {
	r := rand.New(rand.NewSource(17))
	for i := range 25 {
		gs := randomSum(r, 3+r.Intn(4), 3)
		for _, name := range StrategyNames()[1:] {
			h, _ := StrategyByName(name)
			for _, side := range []Player{Black, White} {
				for _, first := range []Player{Black, White} {
					for _, counting := range []rules.Counting{rules.MathematicalGo, rules.Japanese} {
						opt := Options{Rules: counting, NoTiles: true, CompareExact: true}
						if side == Black {
							opt.Black = h
						} else {
							opt.White = h
						}
						rec, err := Play(Games(gs...), first, opt)
						if err != nil {
							t.Fatal(err)
						}
						res, ex := rec.Result, rec.Result.Exact
						if counting == rules.MathematicalGo {
							if ex.Winner != side && res.Winner == side {
								t.Fatalf("case %d %s as %v (%v first): won a game exact play loses: %v", i, name, side, first, gs)
							}
							continue
						}
						loss, ok := res.ScoreLoss()
						if !ok {
							t.Fatalf("case %d: no score", i)
						}
						if side == White {
							loss = loss.Neg()
						}
						if loss.Sign() < 0 {
							t.Fatalf("case %d %s as %v (%v first): score %v beats exact %v: %v", i, name, side, first, *res.Score, *ex.Score, gs)
						}
					}
				}
			}
		}
	}
}

func TestClassOf(t *testing.T) {
	for _, c := range []struct {
		expr string
		want Class
	}{
		{"0", Integer}, {"-7", Integer}, {"3", Integer},
		{"1/2", Number}, {"-3/8", Number},
		{"*", Infinitesimal}, {"1*", Infinitesimal}, {"3+{0|^}", Infinitesimal}, {"-2v", Infinitesimal}, {"Miny(1)", Infinitesimal},
		{"{3|5/2}", Hot}, {"+-1", Hot}, {"{2||1|0}", Hot},
	} {
		if got := ClassOf(cgt.MustParse(c.expr)); got != c.want {
			t.Errorf("ClassOf(%s) = %v, want %v", c.expr, got, c.want)
		}
	}
	if Hot.Roman() != "IV" || Integer.Roman() != "I" || Infinitesimal.String() != "infinitesimal" {
		t.Error("class names")
	}
}

func TestTileName(t *testing.T) {
	for i, want := range map[int]string{0: "A", 25: "Z", 26: "AA", 27: "AB", 51: "AZ", 52: "BA", 701: "ZZ", 702: "AAA"} {
		if got := TileName(i); got != want {
			t.Errorf("TileName(%d) = %s, want %s", i, got, want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	_, err := ParseGames([]string{"1", "{1|", "2"})
	var ee *ExprError
	if !errors.As(err, &ee) || ee.Tile != "B" || !strings.Contains(err.Error(), "column") {
		t.Errorf("ParseGames error %v, want tile B with a column", err)
	}
	if _, err := ParseGames(nil); err == nil {
		t.Error("no games accepted")
	}
	if _, err := ParsePlayer("red"); err == nil {
		t.Error("ParsePlayer(red) accepted")
	}
	if p, err := ParsePlayer("White"); err != nil || p != White {
		t.Error("ParsePlayer(White)")
	}
	if _, err := StrategyByName("minimax"); err == nil {
		t.Error("unknown strategy accepted")
	}
}

func TestAmbientTemperature(t *testing.T) {
	pm1 := cgt.MustParse("+-1")
	// Three equal switches: the compound boundary -1 + t peaks on the mast.
	if got := AmbientTemperature([]cgt.Game{pm1, pm1, pm1}, Black); got.String() != "1" {
		t.Errorf("ambient of 3 x +-1 = %v, want 1", got)
	}
	// One switch: a - t, largest at 0.
	if got := AmbientTemperature([]cgt.Game{cgt.MustParse("{4|2}")}, White); got.Sign() != 0 {
		t.Errorf("ambient of {4|2} = %v, want 0", got)
	}
	if got := AmbientTemperature(nil, Black); got.Sign() != 0 {
		t.Errorf("ambient of nothing = %v", got)
	}
}

func TestSettledAndSolverBudget(t *testing.T) {
	// Settled territory is a component that can be filled.
	s := mustGames(t, "{3|5/2}", "3+{0|^}", "1*", "-2v", "1/2", "2v")
	s.Settled = cgt.DyadicInt(-7)
	rec, err := Play(s, White, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rec.Result.Winner != White || rec.Final[len(rec.Final)-1].Name != SettledName {
		t.Errorf("with settled -7: winner %v, final %v", rec.Result.Winner, rec.Final)
	}
	// A budget too small for a hard sum fails cleanly.
	r := rand.New(rand.NewSource(3))
	var gs []cgt.Game
	var m cgt.Dyadic
	for range 16 {
		g := randomGame(r, 4, r.Intn(7)-3)
		gs = append(gs, g)
		m = m.Add(g.Mean())
	}
	sum := Games(gs...)
	sum.Settled = m.Floor().Neg()
	sv := &solve.Solver{MaxNodes: 5}
	if _, err := Play(sum, Black, Options{Solver: sv}); !errors.Is(err, solve.ErrTooBig) {
		t.Errorf("tiny budget: %v, want solve.ErrTooBig", err)
	}
}

// TestLocalInterface plays components that are not bare games: moves are
// named by labels and may lead to non-canonical positions.
func TestLocalInterface(t *testing.T) {
	// A tile whose best-play tree keeps a non-canonical move: 1/2 where
	// Black's move at "e1" goes to 1/4 (Figure 4.10's tile E).
	e := treeLocal{v: cgt.MustParse("1/2"), black: []Move{{Label: "e1", Next: Value(cgt.MustParse("1/4"))}}, white: []Move{{Label: "e2", Next: Value(cgt.Int(1))}}}
	s := Sum{Components: []Component{{Name: "E", Local: e}, {Name: "W", Local: Value(cgt.Int(-1))}}}
	rec, err := Play(s, Black, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rec.Turns[0].Move.Move.Label != "e1" || rec.Turns[0].Move.Incentive.String() != "-1/4" {
		t.Errorf("first move %v incentive %v, want e1 with -1/4", rec.Turns[0].Move, rec.Turns[0].Move.Incentive)
	}
	if _, err := Play(Sum{Components: []Component{{Name: "X"}}}, Black, Options{}); err == nil {
		t.Error("nil component accepted")
	}
}

type treeLocal struct {
	v            cgt.Game
	black, white []Move
}

func (l treeLocal) Value() cgt.Game { return l.v }
func (l treeLocal) Moves(p Player) []Move {
	if p == Black {
		return l.black
	}
	return l.white
}
