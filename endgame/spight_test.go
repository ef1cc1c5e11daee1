package endgame

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
)

// TestSpightJapanese: Bill Spight's 9x9 problem (White to play and win by
// one point; testdata/positions/forum/spight-2011.txt) under Japanese
// counting, by the board search with analyze's default budget: +1 with
// Black first, -1 with White first (the problem's own analysis), and D5
// White's only optimal first move. The Chinese score with White first
// passes the budget, so the position stays bounded (exit status 3); the
// Japanese ones are what the problem asks. About 40 s on 2 cores (the search is deterministic:
// the budget counts nodes, not time).
func TestSpightJapanese(t *testing.T) {
	pos, err := position.ReadFile("../testdata/positions/forum/spight-2011.txt")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Analyze(pos, Options{NoRealCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	s := r.Decision.Search
	if s == nil || !s.Ran[rules.Japanese] {
		t.Fatalf("no board search under Japanese counting: %v", r.Problems)
	}
	for p, want := range map[cgt.Player]int64{cgt.Left: 1, cgt.Right: -1} {
		sc := s.Scores[rules.Japanese][p]
		if !sc.Exact() || !sc.Lo.Equal(cgt.DyadicInt(want)) {
			t.Errorf("Japanese score, %v first: %s, want exactly %d", p, sc, want)
		}
	}
	// Moves are named "tile:point".
	if got := s.Optimal[cgt.Right]; len(got) != 1 || !strings.HasSuffix(got[0], ":D5") {
		t.Errorf("White's optimal first moves: %v, want only D5", got)
	}
	// Only the Japanese scores are proven: the report is not exact, but
	// its Japanese game is played (play, GTP genmove).
	if r.Exact() || !r.ExactUnder(rules.Japanese) || r.ExactUnder(rules.Chinese) {
		t.Errorf("exact %v, under Japanese %v, under Chinese %v: want false, true, false", r.Exact(), r.ExactUnder(rules.Japanese), r.ExactUnder(rules.Chinese))
	}
	if _, err := r.Game(rules.Chinese); err == nil {
		t.Error("a Chinese game to play, with no Chinese score proven")
	}
	// Score, the one owner of a proven score (solve --counting, GTP
	// final_score, review): the Japanese scores, not the Chinese.
	for first, want := range map[board.Color]int64{board.Black: 1, board.White: -1} {
		if d, err := r.Score(rules.Japanese, first); err != nil || !d.Equal(cgt.DyadicInt(want)) {
			t.Errorf("Score(Japanese, %s first) = %s, %v; want %d", first, d, err, want)
		}
	}
	if d, err := r.Score(rules.Chinese, board.White); err == nil {
		t.Errorf("Score(Chinese, White first) = %s, with no Chinese score proven", d)
	}
	m, err := r.BestMove(board.White)
	if err != nil || r.Board().Name(m.Point) != "D5" || !m.Score.Equal(cgt.DyadicInt(-1)) {
		t.Errorf("White's best move: %s (score %s), %v; want D5, -1", r.Board().Name(m.Point), m.Score, err)
	}
	// The text names the optimal first moves, decided with the Japanese
	// scores although the Chinese are not proven.
	var buf bytes.Buffer
	if err := r.JSON(DefaultMaxPrint).WriteText(&buf, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	want := "optimal first moves (Japanese): B:D5 with Black first, B:D5 with White first"
	if out := strings.Join(strings.Fields(buf.String()), " "); !strings.Contains(out, want) {
		t.Errorf("no %q in the text:\n%s", want, buf.String())
	}
	// Any other problem keeps the Japanese game from being played.
	r.Problems = append(r.Problems, "a ko was just taken")
	if r.ExactUnder(rules.Japanese) {
		t.Error("exact under Japanese counting with a problem the board search does not answer")
	}
	if d, err := r.Score(rules.Japanese, board.White); err == nil {
		t.Errorf("Score(Japanese, White first) = %s with a problem the board search does not answer", d)
	}
}

// TestSpightChinese (long tier): with ten million board-search nodes
// Spight's problem is exact under both countings (exit status 0): the
// Chinese score of the playing area is 21 with Black first and 17 with
// White first, proven with the blocks pass-alive on the board counted by
// the Chinese static bound. No independent program solves the problem;
// the check against the Japanese search is that area and territory
// counting differ by the stones each side places along the Japanese
// principal variation plus the same constant (the count of what lies
// outside the playing area) with either side first: a Chinese score off
// by a point breaks it.
func TestSpightChinese(t *testing.T) {
	testlong.Skip(t, "Spight's problem with every score proven, a minute")
	pos, err := position.ReadFile("../testdata/positions/forum/spight-2011.txt")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Analyze(pos, Options{NoRealCheck: true, BoardSearchNodes: 10_000_000})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Exact() {
		t.Fatalf("not exact with 10,000,000 nodes: %v", r.Problems)
	}
	s := r.Decision.Search
	var offset [2]int64
	for i, first := range []board.Color{board.Black, board.White} {
		c, ok := r.Chinese(first)
		want := map[board.Color]int64{board.Black: 21, board.White: 17}[first]
		if !ok || !c.Equal(cgt.DyadicInt(want)) {
			t.Errorf("Chinese, %s first: %s (%v), want %d", first, c, ok, want)
		}
		j, _ := r.Japanese(first)
		placed := int64(0)
		for _, m := range s.PV[i] {
			switch {
			case strings.HasSuffix(m, "pass"):
			case strings.HasPrefix(m, "B "):
				placed++
			default:
				placed--
			}
		}
		cx, _ := c.Int64()
		jx, _ := j.Int64()
		offset[i] = cx - jx - placed
	}
	if offset[0] != offset[1] {
		t.Errorf("Chinese minus Japanese minus the stones placed: %d with Black first, %d with White first (PVs %v, %v)", offset[0], offset[1], s.PV[0], s.PV[1])
	}
}
