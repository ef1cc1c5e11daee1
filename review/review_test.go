package review

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
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
)

// handDir holds the hand-made records whose reviews are checked by hand.
const handDir = "../testdata/review"

func readGame(t testing.TB, path string) *position.Game {
	t.Helper()
	g, err := position.ReadGame(path)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func reviewFile(t testing.TB, path string, opts Options) *Result {
	t.Helper()
	res, err := Review(readGame(t, path), opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// handMove is a move's review worked out by hand.
type handMove struct {
	move          string
	best          string // optimal moves, reading order, pass last
	lost          int
	before, after int // Black minus White before komi
}

// TestHandMadeGames checks the reviews of the hand-made records against
// values worked out by hand (the reasoning is in each record's comment
// and below).
func TestHandMadeGames(t *testing.T) {
	cases := []struct {
		file    string
		scoring rules.Counting
		moves   []handMove
	}{
		// The 2-point gote E6 (count +-(1*)) and the dames E9, E1 (*):
		// Black first has 1 (E6, then the dames go one each), White
		// first -1. A dame instead of the gote hands it to the
		// opponent: 2 points.
		{"gote2.sgf", rules.Japanese, []handMove{
			{"E9", "E6", 2, 1, -1},
			{"E1", "E6", 2, -1, 1},
			{"E6", "E6", 0, 1, 1},
			{"F6", "F6 pass", 0, 1, 1}, // 1* with White to move: the dame or a pass
			{"pass", "pass", 0, 1, 1},
			{"pass", "pass", 0, 1, 1},
		}},
		// The gotes E3 (+-{2*|1}, temperature 3/2) and E6 (+-(1*),
		// temperature 1), dames E9, E1. Black E3 gets 1 (White then takes
		// E6, Black blocks F3). Black E6 instead: White E3, Black D3,
		// and three dames (*) are left: 0. Black lost 1.
		{"choice.sgf", rules.Japanese, []handMove{
			{"E6", "E3", 1, 1, 0},
			{"E3", "E3", 0, 0, 0},
			{"D3", "D3", 0, 0, 0},
			{"F6", "E9 F6 E1 pass", 0, 0, 0}, // * + * + *: any dame, or a pass
			{"E9", "E9 E1 pass", 0, 0, 0},    // * + * = 0
			{"E1", "E1 pass", 0, 0, 0},
			{"pass", "pass", 0, 0, 0},
			{"pass", "pass", 0, 0, 0},
		}},
		// gote2's position under area counting: each dame is worth a
		// point to whoever fills it (+-1), the gote E6 is 2 +- 1 either
		// way. Black E6, then three dames (F6, E9, E1) with White to
		// move: White gets two, Black one: the playing area is 1, the
		// whole board 3 (the walls: 34 black stones, 32 white; see
		// TestChineseFinalArea).
		{"gote2-chinese.sgf", rules.Chinese, []handMove{
			{"E6", "E6", 0, 3, 3},
			{"F6", "E9 F6 E1", 0, 3, 3}, // three dames: passing gives Black two
			{"E9", "E9 E1 pass", 0, 3, 3},
			{"E1", "E1", 0, 3, 3}, // passing gives Black the last dame
			{"pass", "pass", 0, 3, 3},
			{"pass", "pass", 0, 3, 3},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			res := reviewFile(t, filepath.Join(handDir, tc.file), Options{})
			if res.Scoring != tc.scoring || res.First != 1 || res.Last != len(tc.moves) || !res.Complete() {
				t.Fatalf("scoring %s, moves %d..%d, complete %v, inconsistencies %v", res.Scoring, res.First, res.Last, res.Complete(), res.Inconsistencies)
			}
			// Every position once: the start and the position after each move.
			if res.Analyzed != len(tc.moves)+1 || res.Exact != res.Analyzed {
				t.Errorf("%d positions analyzed, %d exact; want %d, all exact", res.Analyzed, res.Exact, len(tc.moves)+1)
			}
			var lost [2]int
			for i, want := range tc.moves {
				m := res.Moves[i]
				got := handMove{m.Name, strings.Join(m.BestNames, " "), int(m.Lost.Float64()), int(m.Before.Float64()), int(m.After.Float64())}
				if got != want || !m.Exact || !m.Lost.IsInteger() {
					t.Errorf("move %d: got %+v (exact %v, reason %q), want %+v", m.N, got, m.Exact, m.Reason, want)
				}
				if m.Color == board.White {
					lost[1] += want.lost
				} else {
					lost[0] += want.lost
				}
			}
			if int(res.Black.Lost.Float64()) != lost[0] || int(res.White.Lost.Float64()) != lost[1] {
				t.Errorf("players lost %s and %s, want %d and %d", res.Black.Lost, res.White.Lost, lost[0], lost[1])
			}
			checkConsistent(t, res)
			checkPlayOuts(t, res, len(res.Moves))
		})
	}
}

// TestChineseFinalArea counts the final board of the Chinese record by
// rule (stones plus empty regions touching one colour only; every stone
// is alive) and compares it with the review's score after the last move.
func TestChineseFinalArea(t *testing.T) {
	path := filepath.Join(handDir, "gote2-chinese.sgf")
	g := readGame(t, path)
	res := reviewFile(t, path, Options{})
	last := res.Moves[len(res.Moves)-1]
	pos, err := g.PositionAfter(-1)
	if err != nil {
		t.Fatal(err)
	}
	area := areaCount(pos.Board)
	if !last.AfterKnown || !last.After.Equal(cgt.DyadicInt(int64(area))) {
		t.Errorf("score after the last move %s (known %v), the final board counts %d", last.After, last.AfterKnown, area)
	}
	if area != 3 {
		t.Errorf("the final board counts %d, want 3 (Black 36 stones and 6 points, White 34 stones and 5 points)", area)
	}
}

// areaCount is Tromp-Taylor area counting, every stone alive: stones, and
// empty regions that touch stones of one colour only; Black minus White.
func areaCount(b *board.Board) int {
	score := 0
	seen := make([]bool, b.Size())
	for p := range b.Size() {
		pt := board.Point(p)
		switch b.At(pt) {
		case board.Black:
			score++
			continue
		case board.White:
			score--
			continue
		}
		if seen[p] {
			continue
		}
		region, touch := []board.Point{pt}, 0
		seen[p] = true
		for i := 0; i < len(region); i++ {
			for _, q := range b.Neighbors(region[i]) {
				switch b.At(q) {
				case board.Black:
					touch |= 1
				case board.White:
					touch |= 2
				default:
					if !seen[q] {
						seen[q] = true
						region = append(region, q)
					}
				}
			}
		}
		switch touch {
		case 1:
			score += len(region)
		case 2:
			score -= len(region)
		}
	}
	return score
}

// checkConsistent checks a review's bookkeeping: no inconsistency, every
// exact move's loss non-negative and equal to the difference of the
// scores, 0 exactly when the move is among the optimal ones, the
// players' totals the sums of their moves, and the mistakes the largest
// losses.
func checkConsistent(t *testing.T, res *Result) {
	t.Helper()
	if len(res.Inconsistencies) > 0 {
		t.Errorf("%s: inconsistent analyses (a negative loss or two analyses that disagree):\n%s", res.Game.Name, strings.Join(res.Inconsistencies, "\n"))
	}
	if res.First == 0 {
		if len(res.Moves) != 0 {
			t.Errorf("%s: nothing reviewed but %d moves listed", res.Game.Name, len(res.Moves))
		}
		return
	}
	if len(res.Moves) != res.Last-res.First+1 {
		t.Fatalf("%s: moves %d..%d but %d listed", res.Game.Name, res.First, res.Last, len(res.Moves))
	}
	var lost [2]cgt.Dyadic
	var exact, moves [2]int
	for i, m := range res.Moves {
		if m.N != res.First+i || m.Color != res.Game.Moves[m.N-1].Color || m.Point != res.Game.Moves[m.N-1].Point {
			t.Errorf("%s: move %d is listed as %d %s %s", res.Game.Name, res.First+i, m.N, m.Color, m.Name)
		}
		k := 0
		if m.Color == board.White {
			k = 1
		}
		moves[k]++
		if m.Exact != (m.BeforeKnown && m.AfterKnown && m.BestKnown) {
			t.Errorf("%s: move %d exact %v, but before %v after %v best %v (%s)", res.Game.Name, m.N, m.Exact, m.BeforeKnown, m.AfterKnown, m.BestKnown, m.Reason)
		}
		if !m.Exact {
			if m.Reason == "" {
				t.Errorf("%s: move %d is not exact and gives no reason", res.Game.Name, m.N)
			}
			if m.Lost.Sign() != 0 {
				t.Errorf("%s: move %d is not exact but has a loss %s", res.Game.Name, m.N, m.Lost)
			}
			continue
		}
		exact[k]++
		diff := m.Before.Sub(m.After)
		if m.Color == board.White {
			diff = diff.Neg()
		}
		if m.Lost.Sign() < 0 || !m.Lost.Equal(diff) {
			t.Errorf("%s: move %d lost %s, scores %s -> %s", res.Game.Name, m.N, m.Lost, m.Before, m.After)
		}
		if slices.Contains(m.Best, m.Point) != (m.Lost.Sign() == 0) || len(m.Best) == 0 {
			t.Errorf("%s: move %d %s lost %s; optimal moves %v", res.Game.Name, m.N, m.Name, m.Lost, m.BestNames)
		}
		if m.Optimal() != (m.Lost.Sign() == 0) {
			t.Errorf("%s: move %d: Optimal() %v with loss %s", res.Game.Name, m.N, m.Optimal(), m.Lost)
		}
		lost[k] = lost[k].Add(m.Lost)
		// Consecutive exact moves: the score after a move is the best
		// score before the next.
		if i+1 < len(res.Moves) && res.Moves[i+1].BeforeKnown && !res.Moves[i+1].Before.Equal(m.After) {
			t.Errorf("%s: the score after move %d is %s, before move %d %s", res.Game.Name, m.N, m.After, m.N+1, res.Moves[i+1].Before)
		}
	}
	// The losses add up: when every move of the range is exact, the
	// score before the first move minus Black's losses plus White's is
	// the score after the last.
	if first, last := res.Moves[0], res.Moves[len(res.Moves)-1]; exact[0]+exact[1] == len(res.Moves) {
		if got := first.Before.Sub(lost[0]).Add(lost[1]); !got.Equal(last.After) {
			t.Errorf("%s: before move %d %s, Black lost %s, White %s: after move %d should be %s, is %s", res.Game.Name, first.N, first.Before, lost[0], lost[1], last.N, got, last.After)
		}
	}
	var conditional [2]int
	for _, m := range res.Moves {
		if m.Exact && m.Conditional {
			conditional[map[board.Color]int{board.Black: 0, board.White: 1}[m.Color]]++
		}
	}
	if res.Conditional() && res.Complete() {
		t.Errorf("%s: a conditional review called complete", res.Game.Name)
	}
	for k, p := range []*Player{&res.Black, &res.White} {
		if p.Conditional != conditional[k] {
			t.Errorf("%s: %s has %d conditional moves, the moves say %d", res.Game.Name, p.Color, p.Conditional, conditional[k])
		}
		if !p.Lost.Equal(lost[k]) || p.Exact != exact[k] || p.Moves != moves[k] {
			t.Errorf("%s: %s lost %s in %d exact of %d moves; the moves say %s, %d, %d", res.Game.Name, p.Color, p.Lost, p.Exact, p.Moves, lost[k], exact[k], moves[k])
		}
		for i, n := range p.Mistakes {
			m := res.Move(n)
			if m == nil || m.Color != p.Color || m.Lost.Sign() <= 0 || i > 0 && res.Move(p.Mistakes[i-1]).Lost.Cmp(m.Lost) < 0 {
				t.Errorf("%s: %s's mistakes %v are not its largest losses in order", res.Game.Name, p.Color, p.Mistakes)
			}
		}
	}
}

// TestPlayOutReachesOptimum plays every reviewed position of the
// hand-made records out with exact play for both sides, move by move on
// the board (Report.BestMove, the position analyzed again after each
// move) until two passes, and checks the end is scored as the review's
// optimum for the player to move; and checks BestMove is one of the
// review's optimal moves. Under Chinese counting the area play-out of
// Report.PlayOut must reach the optimum instead.
func TestPlayOutReachesOptimum(t *testing.T) {
	for _, file := range []string{"gote2.sgf", "choice.sgf", "gote2-chinese.sgf"} {
		g := readGame(t, filepath.Join(handDir, file))
		res, err := Review(g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range res.Moves {
			if !m.BeforeKnown || !m.BestKnown {
				continue
			}
			pos, err := g.PositionAfter(m.N - 1)
			if err != nil {
				t.Fatal(err)
			}
			if res.Scoring == rules.Chinese {
				r, err := endgame.Analyze(pos, Options{}.analysis())
				if err != nil {
					t.Fatal(err)
				}
				po, err := r.PlayOut(m.Color, endgame.PlayOptions{NoTiles: true})
				if err != nil {
					t.Fatal(err)
				}
				if got := cgt.DyadicInt(int64(po.Chinese + r.WallStones())); !got.Equal(m.Before) {
					t.Errorf("%s before move %d: the area play-out ends at %s, the review's optimum is %s", file, m.N, got, m.Before)
				}
				continue
			}
			b := pos.Board.Clone()
			c, passes := m.Color, 0
			for n := 0; passes < 2; n++ {
				if n > 2*b.Size() {
					t.Fatalf("%s before move %d: no end", file, m.N)
				}
				r, err := endgame.Analyze(&position.Position{Board: b, Immortal: make([]bool, b.Size()), ToMove: c}, Options{}.analysis())
				if err != nil || !r.Exact() {
					t.Fatalf("%s before move %d, play-out move %d: not exact: %v %v", file, m.N, n+1, err, r.Problems)
				}
				bm, err := r.BestMove(c)
				if err != nil {
					t.Fatal(err)
				}
				if n == 0 && !slices.Contains(m.Best, bm.Point) {
					t.Errorf("%s before move %d: BestMove %s is not among the optimal moves %v", file, m.N, b.Name(bm.Point), m.BestNames)
				}
				if _, err := b.Play(bm.Point, c); err != nil {
					t.Fatal(err)
				}
				if bm.Point == board.Pass {
					passes++
				} else {
					passes = 0
				}
				c = c.Opponent()
			}
			r, err := endgame.Analyze(&position.Position{Board: b, Immortal: make([]bool, b.Size()), ToMove: c}, Options{}.analysis())
			if err != nil {
				t.Fatal(err)
			}
			end, err := Score(r, rules.Japanese, c)
			if err != nil {
				t.Fatal(err)
			}
			if !end.Equal(m.Before) {
				t.Errorf("%s before move %d: exact play ends at %s, the review's optimum is %s", file, m.N, end, m.Before)
			}
		}
	}
}

// TestInconsistencyIsFlagged feeds the review a position after a move
// that is better for the mover than his optimum: the move must be flagged
// as an inconsistency, not given a negative or a zero loss; two analyses
// that disagree are flagged too, unless one rests on assumptions.
func TestInconsistencyIsFlagged(t *testing.T) {
	g := readGame(t, filepath.Join(handDir, "gote2.sgf"))
	pos, err := g.PositionAfter(0)
	if err != nil {
		t.Fatal(err)
	}
	r, err := endgame.Analyze(pos, Options{}.analysis())
	if err != nil {
		t.Fatal(err)
	}
	before := summarize(r, rules.Japanese)
	res := &Result{Game: g, Scoring: rules.Japanese}
	// Black's E9 is really worth -1; claim the position after it is 3.
	after := posInfo{exact: true, score: [2]cgt.Dyadic{cgt.DyadicInt(3), cgt.DyadicInt(3)}}
	m := res.reviewMove(g, 1, r, before, after)
	if m.Exact || len(res.Inconsistencies) != 1 || !strings.Contains(res.Inconsistencies[0], "inconsistent") {
		t.Errorf("a move better than the optimum: exact %v, lost %s, inconsistencies %v", m.Exact, m.Lost, res.Inconsistencies)
	}
	// A claimed -2 after it (a loss of 3): the two analyses disagree
	// about the position after the move.
	res.Inconsistencies = nil
	after = posInfo{exact: true, score: [2]cgt.Dyadic{cgt.DyadicInt(-2), cgt.DyadicInt(-2)}}
	m = res.reviewMove(g, 1, r, before, after)
	if m.Exact || len(res.Inconsistencies) != 1 || !strings.Contains(res.Inconsistencies[0], "values it at -1") {
		t.Errorf("analyses that disagree: exact %v, inconsistencies %v", m.Exact, res.Inconsistencies)
	}
	// The same disagreement where the position after the move rests on
	// assumptions (statuses carried back from the end that the position
	// before it does not share): no loss, and no bug either.
	res.Inconsistencies = nil
	after.conditional = true
	m = res.reviewMove(g, 1, r, before, after)
	if m.Exact || !m.Conditional || len(res.Inconsistencies) != 0 || !strings.Contains(m.Reason, "do not hold alike") {
		t.Errorf("analyses that disagree under assumptions: exact %v, conditional %v, inconsistencies %v, reason %q", m.Exact, m.Conditional, res.Inconsistencies, m.Reason)
	}
	// The true value: a loss of 2.
	res.Inconsistencies = nil
	after = posInfo{exact: true, score: [2]cgt.Dyadic{cgt.DyadicInt(-1), cgt.DyadicInt(-1)}}
	m = res.reviewMove(g, 1, r, before, after)
	if !m.Exact || !m.Lost.Equal(cgt.DyadicInt(2)) || len(res.Inconsistencies) != 0 {
		t.Errorf("the true value: exact %v, lost %s, inconsistencies %v", m.Exact, m.Lost, res.Inconsistencies)
	}
}

// TestUnanalyzablePositions: with a tile search budget too small for the
// gotes (and no closed forms), no move gets a loss it cannot prove.
func TestUnanalyzablePositions(t *testing.T) {
	res := reviewFile(t, filepath.Join(handDir, "choice.sgf"), Options{Analysis: endgame.Options{MaxPositions: 1, NoFormulas: true}, Retries: -1})
	if res.Complete() {
		t.Fatalf("complete with a budget of 1 position")
	}
	checkConsistent(t, res)
	for _, m := range res.Moves {
		if !m.Exact && (m.Reason == "" || m.Lost.Sign() != 0) {
			t.Errorf("move %d: not exact, reason %q, lost %s", m.N, m.Reason, m.Lost)
		}
	}
	if res.First > 1 && res.Reason == "" {
		t.Errorf("the review starts at move %d and does not say why not earlier", res.First)
	}
	// Explicit range: the moves asked for, whether exact or not.
	res = reviewFile(t, filepath.Join(handDir, "choice.sgf"), Options{First: 2, Last: 4, Analysis: endgame.Options{MaxPositions: 1, NoFormulas: true}, Retries: -1})
	if res.First != 2 || res.Last != 4 || len(res.Moves) != 3 || res.Analyzed != 4 {
		t.Errorf("--first 2 --last 4: moves %d..%d, %d listed, %d analyzed", res.First, res.Last, len(res.Moves), res.Analyzed)
	}
	checkConsistent(t, res)
}

func TestReviewRangeAndProgress(t *testing.T) {
	g := readGame(t, filepath.Join(handDir, "choice.sgf"))
	var msgs []string
	res, err := Review(g, Options{First: 5, Progress: func(s string) { msgs = append(msgs, s) }})
	if err != nil {
		t.Fatal(err)
	}
	if res.First != 5 || res.Last != 8 || len(res.Moves) != 4 || res.Analyzed != 5 || !res.Complete() {
		t.Errorf("from move 5: moves %d..%d, %d listed, %d analyzed, complete %v", res.First, res.Last, len(res.Moves), res.Analyzed, res.Complete())
	}
	if len(msgs) < 5 {
		t.Errorf("progress told %d times: %q", len(msgs), msgs)
	}
	for _, bad := range []Options{{First: 9}, {Last: 9}, {First: -1}, {First: 5, Last: 4}} {
		if _, err := Review(g, bad); err == nil {
			t.Errorf("options %+v: no error", bad)
		}
	}
	if _, err := Review(nil, Options{}); err == nil {
		t.Error("nil game: no error")
	}
}

func TestScoringAndFormat(t *testing.T) {
	for ruleSet, want := range map[string]rules.Counting{"japanese": rules.Japanese, "": rules.Japanese, "Korean": rules.Japanese, "chinese": rules.Chinese,
		"aga": rules.Chinese, "nz": rules.Chinese, "ing": rules.Chinese, "Tromp-Taylor": rules.Chinese} {
		if got := CountingFor(ruleSet); got != want {
			t.Errorf("CountingFor(%q) = %s, want %s", ruleSet, got, want)
		}
	}
	for _, tc := range []struct {
		d    cgt.Dyadic
		want string
	}{{cgt.DyadicInt(3), "B+3"}, {cgt.NewDyadic(-13, 1), "W+6.5"}, {cgt.DyadicInt(0), "0"}, {cgt.NewDyadic(3, 2), "B+3/4"}, {cgt.NewDyadic(-1, 1), "W+0.5"}} {
		if got := FormatScore(tc.d); got != tc.want {
			t.Errorf("FormatScore(%s) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

// TestPositionAt is the position analyze FILE.sgf --move N uses: komi,
// rules, prisoners and the side to move carried, scores with komi.
func TestPositionAt(t *testing.T) {
	path := filepath.Join(handDir, "choice.sgf")
	pos, err := PositionAt(path, 1)
	if err != nil {
		t.Fatal(err)
	}
	if pos.Komi.String() != "6.5" || !pos.KomiKnown || pos.Rules != "japanese" || pos.ToMove != board.White || pos.MoveNumber != 1 {
		t.Errorf("position after move 1: komi %s (%v), rules %q, to move %s, move %d", pos.Komi, pos.KomiKnown, pos.Rules, pos.ToMove, pos.MoveNumber)
	}
	r, err := endgame.Analyze(pos, endgame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	o, err := OutcomeOf(r)
	if err != nil {
		t.Fatal(err)
	}
	// After Black's E6: 0 with White to move (the review's score after
	// move 1), W+6.5 with komi.
	if o.Scoring != rules.Japanese || !o.WhiteFirst.Equal(cgt.DyadicInt(0)) || o.Result(board.White) != "W+6.5" {
		t.Errorf("outcome %+v, result %s", o, o.Result(board.White))
	}
	if _, err := PositionAt(path, 9); err == nil || !strings.Contains(err.Error(), "8 moves") {
		t.Errorf("move 9 of 8: %v", err)
	}
	if end, err := PositionAt(path, -1); err != nil || end.MoveNumber != 8 {
		t.Errorf("the end: %v", err)
	}
	if _, err := PositionAt(filepath.Join(handDir, "missing.sgf"), 0); err == nil {
		t.Error("a missing file: no error")
	}
}

// TestAnnotated round-trips the annotated record: the main line and game
// information unchanged, the mistakes marked, the best move a variation
// beside the move, and GNU Go loads it (when installed) to the same final
// position.
func TestAnnotated(t *testing.T) {
	for _, file := range []string{"gote2.sgf", "choice.sgf"} {
		path := filepath.Join(handDir, file)
		g := readGame(t, path)
		res, err := Review(g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		data, err := res.Annotated()
		if err != nil {
			t.Fatal(err)
		}
		a, err := position.ParseGame("annotated", data)
		if err != nil {
			t.Fatalf("%s: the annotated record does not read back: %v\n%s", file, err, data)
		}
		if a.Komi != g.Komi || a.Rules != g.Rules || len(a.Moves) != len(g.Moves) || a.Cols != g.Cols {
			t.Fatalf("%s: game information or main line changed", file)
		}
		for i, m := range g.Moves {
			if a.Moves[i].Color != m.Color || a.Moves[i].Point != m.Point {
				t.Errorf("%s: move %d changed", file, i+1)
			}
		}
		if c, _ := a.Root.Get("C"); !strings.Contains(c, "mathgo review (Japanese counting") {
			t.Errorf("%s: no summary on the root: %q", file, c)
		}
		main := a.Root.MainLine()
		for _, m := range res.Moves {
			node := a.Moves[m.N-1].Node
			bm, hasBM := node.Get("BM")
			_, hasDO := node.Get("DO")
			c, _ := node.Get("C")
			mistake := m.Exact && m.Lost.Sign() > 0
			if mistake != (hasBM || hasDO) || mistake && (bm != "1") != (m.Lost.Cmp(cgt.DyadicInt(1)) < 0) {
				t.Errorf("%s: move %d (lost %s) marked BM %q DO %v", file, m.N, m.Lost, bm, hasDO)
			}
			if mistake && !strings.Contains(c, "lost "+decimal(m.Lost)) {
				t.Errorf("%s: move %d: comment %q", file, m.N, c)
			}
			idx := slices.Index(main, node)
			parent := main[idx-1]
			var vars []string
			for _, ch := range parent.Children[1:] {
				for _, id := range []string{"B", "W"} {
					if v, ok := ch.Get(id); ok {
						vars = append(vars, id+"["+v+"]")
					}
				}
			}
			want := 0
			if mistake {
				want = 1
				pos, _ := g.PositionAfter(0)
				id := map[board.Color]string{board.Black: "B", board.White: "W"}[m.Color]
				if len(vars) != 1 || vars[0] != id+"["+position.SGFPoint(pos.Board, m.Choice)+"]" || !slices.Contains(m.Best, m.Choice) {
					t.Errorf("%s: move %d: variations %v, best move %s", file, m.N, vars, m.BestNames)
				}
			}
			if len(vars) != want {
				t.Errorf("%s: move %d: %d variations, want %d", file, m.N, len(vars), want)
			}
		}
		checkGNUGoLoads(t, data, a)
	}
}

// checkGNUGoLoads has GNU Go load the annotated record (skipped when GNU
// Go is not installed) and compares its final board with ours.
func checkGNUGoLoads(t *testing.T, data []byte, g *position.Game) {
	t.Helper()
	path := gnugoPath()
	if path == "" {
		t.Log("GNU Go is not installed: the annotated record is not loaded by it")
		return
	}
	file := filepath.Join(t.TempDir(), "annotated.sgf")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	e := startGTP(t, path, "--mode", "gtp")
	if _, err := e.cmd("loadsgf " + file); err != nil {
		t.Fatalf("GNU Go does not load the annotated record: %v", err)
	}
	end, err := g.PositionAfter(-1)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []board.Color{board.Black, board.White} {
		got, err := e.cmd("list_stones " + c.String())
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for p := range end.Board.Size() {
			if end.Board.At(board.Point(p)) == c {
				want = append(want, end.Board.Name(board.Point(p)))
			}
		}
		gs := strings.Fields(got)
		slices.Sort(gs)
		slices.Sort(want)
		if !slices.Equal(gs, want) {
			t.Errorf("GNU Go's %s stones after loadsgf %v, ours %v", c, gs, want)
		}
	}
}

// gnugoPath returns GNU Go: $GNUGO if set ("none" for none), else
// /usr/games/gnugo, else gnugo on the PATH; "" if there is none.
func gnugoPath() string {
	if env, ok := os.LookupEnv("GNUGO"); ok {
		if env == "none" {
			return ""
		}
		return env
	}
	if fi, err := os.Stat("/usr/games/gnugo"); err == nil && !fi.IsDir() {
		return "/usr/games/gnugo"
	}
	if p, err := exec.LookPath("gnugo"); err == nil {
		return p
	}
	return ""
}

// gtpProc is a GTP engine in a subprocess.
type gtpProc struct {
	in  io.WriteCloser
	out *bufio.Reader
}

func startGTP(t testing.TB, path string, args ...string) *gtpProc {
	t.Helper()
	cmd := exec.Command(path, args...)
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
	t.Cleanup(func() {
		fmt.Fprintln(in, "quit")
		in.Close()
		cmd.Wait()
	})
	return &gtpProc{in: in, out: bufio.NewReader(out)}
}

// cmd sends one command and returns the answer, or an error for a failure.
func (p *gtpProc) cmd(line string) (string, error) {
	if _, err := fmt.Fprintln(p.in, line); err != nil {
		return "", err
	}
	var lines []string
	for {
		l, err := p.out.ReadString('\n')
		if err != nil {
			return "", fmt.Errorf("%q: %w", line, err)
		}
		l = strings.TrimRight(l, "\r\n")
		if l == "" {
			if len(lines) == 0 {
				continue
			}
			break
		}
		lines = append(lines, l)
	}
	ans := strings.TrimSpace(strings.Join(lines, "\n")[1:])
	if lines[0][0] != '=' {
		return "", fmt.Errorf("%q failed: %s", line, ans)
	}
	return ans, nil
}

// TestReviewKo: the end of a GNU Go game with a ko. White takes the ko
// at A5 (move 68), Black, banned from taking back, passes, White connects
// at A4 (move 70), both pass. Black's wall B9 lives only by answering in
// its territory, so White has ko threats the tiles do not model: scores
// are proven only where exact play with White free to ignore the ban and
// with Black free to agree. They agree on every position here for the
// player to move (after Black's pass, move 69, with White to move: 18),
// so moves 68, 69, 71 and 72 are reviewed exactly and lose nothing (the
// review once called the pass at 69 a one-point loss to the banned A4).
// Before move 70 White's own pass was once only bounded (18 to 19 with
// Black to move: Black could take back, and White's threat could win the
// ko again), so move 70 was not stated exactly. Since two passes may end
// the games with the ban with the ko open, reckoned as real rules do, the
// two games that bracket the threats agree there too: White's connection
// at A4 is the one optimal move, and move 70 loses nothing.
func TestReviewKo(t *testing.T) {
	res := reviewFile(t, filepath.Join(gamesDir, "g09-l3-s1.sgf"), Options{})
	checkConsistent(t, res)
	want := map[int]string{68: "A5", 69: "pass", 70: "A4", 71: "pass", 72: "pass"}
	seen := 0
	for _, m := range res.Moves {
		best, ok := want[m.N]
		if !ok {
			continue
		}
		seen++
		if !m.Exact || m.Lost.Sign() != 0 || strings.Join(m.BestNames, " ") != best {
			t.Errorf("move %d (%s %s): exact %v, lost %s, best %v (want %s); %s", m.N, m.Color, m.Name, m.Exact, m.Lost, m.BestNames, best, m.Reason)
		}
	}
	if seen != 5 {
		t.Errorf("%d of the moves around the ko reviewed (first %d, last %d)", seen, res.First, res.Last)
	}
}

// TestNotes: the players' words for why a move lost. Black passes in
// gote2's position while the 2-point gote is open ("passed too early");
// in g09-l10-s48-cad, GNU Go (--capture-all-dead) plays inside its own
// territory ("fills own territory", a point under Japanese counting); an
// optimal move has no note.
func TestNotes(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(handDir, "gote2.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	early := strings.Replace(string(data), ";B[ea];W[ei];B[ed];W[fd];B[];W[])", ";B[];W[ed];B[];W[])", 1)
	if early == string(data) {
		t.Fatal("gote2.sgf's moves changed")
	}
	g, err := position.ParseGame("early.sgf", []byte(early))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Review(g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	notes := map[int]string{}
	for _, m := range res.Moves {
		notes[m.N] = m.Note
		if m.Note != "" && (!m.Exact || m.Lost.Sign() <= 0) {
			t.Errorf("move %d: note %q on a move that lost %s (exact %v)", m.N, m.Note, m.Lost, m.Exact)
		}
	}
	if notes[1] != NotePassedEarly {
		t.Errorf("Black's pass before the gote: note %q, want %q (%+v)", notes[1], NotePassedEarly, res.Moves)
	}
	if notes[2] != "" {
		t.Errorf("White's gote: note %q, want none", notes[2])
	}
	res = reviewFile(t, filepath.Join(gamesDir, "g09-l10-s48-cad.sgf"), Options{})
	own := 0
	for _, m := range res.Moves {
		if m.Note == NoteOwnTerritory {
			own++
		}
		if m.Exact && m.Lost.Sign() == 0 && m.Note != "" {
			t.Errorf("move %d: an optimal move with the note %q", m.N, m.Note)
		}
	}
	if own == 0 {
		t.Errorf("no move of g09-l10-s48-cad is noted %q", NoteOwnTerritory)
	}
}

// TestRetries: positions the first budgets leave unproven (a tile search
// of one position, no closed forms), or whose optimal moves they cannot
// find, are analyzed again with a single analysis's budgets, and the
// review is the one those budgets give; with Retries negative there is no
// second analysis.
func TestRetries(t *testing.T) {
	path := filepath.Join(handDir, "choice.sgf")
	small := endgame.Options{MaxPositions: 1, NoFormulas: true}
	res := reviewFile(t, path, Options{Analysis: small})
	checkConsistent(t, res)
	if !res.Complete() || res.Retried == 0 || res.Rescued != res.Retried {
		t.Fatalf("complete %v, %d analyzed, %d retried, %d rescued: want every second analysis to succeed", res.Complete(), res.Analyzed, res.Retried, res.Rescued)
	}
	big := reviewFile(t, path, Options{Analysis: endgame.Options{MaxPositions: endgame.DefaultMaxPositions, SolverNodes: endgame.DefaultSolverNodes, NoFormulas: true}})
	if big.Retried != 0 {
		t.Errorf("budgets as large as the retry's: %d second analyses, want none", big.Retried)
	}
	sameReview(t, res, big)
	none := reviewFile(t, path, Options{Analysis: small, Retries: -1})
	if none.Retried != 0 || none.Complete() {
		t.Errorf("Retries -1: %d second analyses, complete %v", none.Retried, none.Complete())
	}
}

// sameReview checks two reviews of one game agree move by move.
func sameReview(t *testing.T, a, b *Result) {
	t.Helper()
	if a.First != b.First || a.Last != b.Last || len(a.Moves) != len(b.Moves) {
		t.Fatalf("%s: moves %d..%d against %d..%d", a.Game.Name, a.First, a.Last, b.First, b.Last)
	}
	for i, m := range a.Moves {
		o := b.Moves[i]
		if m.Exact != o.Exact || !m.Lost.Equal(o.Lost) || !slices.Equal(m.Best, o.Best) || m.BeforeKnown != o.BeforeKnown || (m.BeforeKnown && !m.Before.Equal(o.Before)) {
			t.Errorf("%s move %d: exact %v lost %s best %v before %s, against exact %v lost %s best %v before %s",
				a.Game.Name, m.N, m.Exact, m.Lost, m.BestNames, m.Before, o.Exact, o.Lost, o.BestNames, o.Before)
		}
	}
}

// TestRange: the results with komi of a partial analysis's bounds and the
// winner they decide, on hand-made bounds (komi 6.5, and an integer komi
// where a bound at 0 is a jigo and decides nothing), and on a real game.
func TestRange(t *testing.T) {
	d := cgt.DyadicInt
	cases := []struct {
		komi      position.Komi
		low, high int64
		lo, hi    string
		winner    board.Color
	}{
		{13, -43, -5, "W+49.5", "W+11.5", board.White},
		{13, 7, 20, "B+0.5", "B+13.5", board.Black},
		{13, 6, 7, "W+0.5", "B+0.5", board.Empty},
		{12, 6, 9, "0", "B+3", board.Empty},
		{12, 7, 9, "B+1", "B+3", board.Black},
		{0, -3, -1, "W+3", "W+1", board.White},
	}
	for _, tc := range cases {
		g := Range{Scoring: rules.Japanese, Komi: tc.komi, Low: [2]cgt.Dyadic{d(tc.low), d(0)}, High: [2]cgt.Dyadic{d(tc.high), d(0)}}
		lo, hi := g.Results(board.Black)
		if lo != tc.lo || hi != tc.hi || g.Winner(board.Black) != tc.winner {
			t.Errorf("komi %s, bounds %d..%d: %s..%s, winner %v; want %s..%s, %v", tc.komi, tc.low, tc.high, lo, hi, g.Winner(board.Black), tc.lo, tc.hi, tc.winner)
		}
	}
	// g09-l10-s48-cad after move 42: an unsettled top left and a ko, but
	// White wins by 12.5 or more whoever moves first (the board search's
	// static bound: what White keeps by passing; with Black first its two
	// searches bound the score, at most W+15.5); the review proves W+12.5
	// two moves later, and GNU Go's W+8.5 came after its mistakes.
	g := readGame(t, filepath.Join(gamesDir, "g09-l10-s48-cad.sgf"))
	pos, err := g.PositionAfter(42)
	if err != nil {
		t.Fatal(err)
	}
	r, err := endgame.Analyze(pos, endgame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rg, ok := RangeOf(r)
	if r.Exact() || !ok {
		t.Fatalf("exact %v, range %v: want a partial analysis with bounds", r.Exact(), ok)
	}
	for first, want := range map[board.Color]string{board.Black: "W+15.5", board.White: "W+45.5"} {
		lo, hi := rg.Results(first)
		if rg.Winner(first) != board.White || lo != want || hi != "W+12.5" {
			t.Errorf("%s first: %s..%s, winner %v; want %s..W+12.5, White", first, lo, hi, rg.Winner(first), want)
		}
	}
	if _, ok := RangeOf(reviewOfExact(t)); ok {
		t.Error("an exact report has a range")
	}
}

// reviewOfExact returns an exact report: the hand-made record gote2's
// last position.
func reviewOfExact(t *testing.T) *endgame.Report {
	t.Helper()
	g := readGame(t, filepath.Join(handDir, "gote2.sgf"))
	pos, err := g.PositionAfter(len(g.Moves))
	if err != nil {
		t.Fatal(err)
	}
	r, err := endgame.Analyze(pos, endgame.Options{})
	if err != nil || !r.Exact() {
		t.Fatalf("gote2's end: %v, exact %v", err, r != nil && r.Exact())
	}
	return r
}

// TestBestListMarksUndecided: the moves that may be optimal too are named
// after the optimal ones with a question mark, and in the JSON apart.
func TestBestListMarksUndecided(t *testing.T) {
	m := Move{BestKnown: true, Exact: true, BestNames: []string{"F7"}, Undecided: []board.Point{1, board.Pass}, UndecidedNames: []string{"D5", "pass"}}
	if got := strings.Join(m.BestList(), " "); got != "F7 D5? pass?" {
		t.Errorf("BestList = %q", got)
	}
	r := &Result{First: 1, Last: 1, Moves: []Move{m}}
	if r.Complete() {
		t.Errorf("a review with undecided moves is complete")
	}
}
