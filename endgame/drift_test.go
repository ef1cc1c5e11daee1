package endgame

import (
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/life"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/realgo"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
)

// TestDriftTile: a tile whose cycle shifts the prisoners every lap
// (sending two, returning one) has no value, but exact play with the ko
// ban plays it: the Japanese and Chinese scores worked out by hand in the
// file (0 and -1; area 1 and -1), exact, the Mathematical Go winners
// unknown and said so, the tile's problem turned into a remark, and the
// play-outs end at the scores.
func TestDriftTile(t *testing.T) {
	_, r := analyzeKoFile(t, "send-two-return-one.txt")
	if !r.Exact() {
		t.Fatalf("not exact: %v", r.Problems)
	}
	if len(r.Decision.Cyclic) != 1 || r.Decision.Cyclic[0] != "A" {
		t.Errorf("Decision.Cyclic = %v, want [A]", r.Decision.Cyclic)
	}
	want := map[board.Color][2]int64{board.Black: {0, 1}, board.White: {-1, -1}}
	for first, w := range want {
		if j, ok := r.Japanese(first); !ok || !j.Equal(cgt.DyadicInt(w[0])) {
			t.Errorf("%s first: Japanese %s, want %d", first, j, w[0])
		}
		if c, ok := r.Chinese(first); !ok || !c.Equal(cgt.DyadicInt(w[1])) {
			t.Errorf("%s first: Chinese %s (%v), want %d", first, c, ok, w[1])
		}
		if w := r.Winner(first); w != solve.Unknown {
			t.Errorf("%s first: Mathematical Go winner %s, want unknown", first, w)
		}
		out, err := r.PlayOut(first, PlayOptions{})
		if err != nil {
			t.Fatalf("%s first: play-out: %v", first, err)
		}
		if j, _ := r.Japanese(first); !j.Equal(out.Japanese) {
			t.Errorf("%s first: the play-out ends at %s, the analysis says %s", first, out.Japanese, j)
		}
	}
	if res := r.Decide(board.Empty); !strings.Contains(res.Reason, "prisoner balance") {
		t.Errorf("solve's reason for the unknown winner: %q", res.Reason)
	}
	if j := r.JSON(0); len(j.Tiles) != 1 || j.Tiles[0].Kind != "drift" || j.Tiles[0].Reason == nil || j.Total.Mean != nil {
		t.Errorf("JSON tiles %+v, total %+v: want one tile of kind drift with its reason, no mean", j.Tiles, j.Total)
	}
	said := false
	for _, w := range r.Warnings {
		said = said || strings.HasPrefix(w, "played with the ko ban: tile A ")
	}
	if !said {
		t.Errorf("the tile's problem is not among the remarks: %v", r.Warnings)
	}
}

// TestDriftPlayOutsEnd: where a lap of a drift tile is worth nothing to
// the score (Chinese counting, which counts no prisoners), lines round it
// keep the score, and exact play must still end: the play-outs of
// drift-area-cycle.txt with each side first end at analyze's Japanese
// and Chinese scores (the Chinese one went round the cycle for 1,000
// moves while the ranks that steer play to the end were numbered anew
// in each of the ban game's rounds).
func TestDriftPlayOutsEnd(t *testing.T) {
	_, r := analyzeKoFile(t, "drift-area-cycle.txt")
	if !r.Exact() || len(r.Decision.Cyclic) != 1 {
		t.Fatalf("exact %v, cyclic tiles %v: %v", r.Exact(), r.Decision.Cyclic, r.Problems)
	}
	for _, first := range []board.Color{board.Black, board.White} {
		out, err := r.PlayOut(first, PlayOptions{})
		if err != nil {
			t.Fatalf("%s first: play-out: %v", first, err)
		}
		j, _ := r.Japanese(first)
		c, _ := r.Chinese(first)
		if !j.Equal(out.Japanese) || c.String() != fmt.Sprint(out.Chinese) {
			t.Errorf("%s first: the play-outs end at Japanese %s, Chinese %d; the analysis says %s, %s", first, out.Japanese, out.Chinese, j, c)
		}
	}
}

// realDiffs compares the exact scores of r with realgo's res with first
// to move: whether realgo knows the Japanese score, and the disagreements
// (Japanese, and Chinese where both have one, the walls' stones added to
// r's area of the playing area).
func realDiffs(r *Report, res *realgo.Result, first board.Color) (known bool, diffs []string) {
	jp := res.Get(rules.Japanese, first)
	if !jp.Known {
		return false, nil
	}
	if j, ok := r.Japanese(first); !ok || !j.Equal(cgt.DyadicInt(int64(jp.Score))) {
		diffs = append(diffs, fmt.Sprintf("%s first: Japanese %s, real rules %d", first, j, jp.Score))
	}
	if ch := res.Get(rules.Chinese, first); ch.Known {
		if c, ok := r.Chinese(first); ok && !c.Add(cgt.DyadicInt(int64(r.WallStones()))).Equal(cgt.DyadicInt(int64(ch.Score))) {
			diffs = append(diffs, fmt.Sprintf("%s first: Chinese %s (+%d wall stones), real rules %d", first, c, r.WallStones(), ch.Score))
		}
	}
	return true, diffs
}

// TestDriftAgainstRealGo: on random small whole boards whose tiles include
// one whose cycles shift the prisoners, analyzed without the board search
// (so that exact play with the ko ban plays the tile, its graph cut and
// folded), every exact score equals realgo's whole-board search under real
// rules (simple ko ban; endless play no result, as exact play with the ban
// counts it). The fast tier looks at 40 boards, the long tier at 300; a
// campaign: MATHGO_DRIFT_N=3000.
func TestDriftAgainstRealGo(t *testing.T) {
	n := testlong.Pick(40, 300)
	if v, err := strconv.Atoi(os.Getenv("MATHGO_DRIFT_N")); err == nil && v > 0 {
		n = v
	}
	rng := rand.New(rand.NewSource(5))
	drift, exact, compared, unknown := 0, 0, 0, 0
	for i := range n {
		size := 5 + i%3
		pos := realgo.RandomEndgame(rng, size, size, realgo.GenOptions{MinOpen: 6, MaxOpen: 14})
		r, err := Analyze(pos, Options{SolverNodes: 20_000, MaxPositions: 300_000, NoRealCheck: true, BoardSearchNodes: -1})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Decision.Cyclic) == 0 {
			continue
		}
		drift++
		if !r.Exact() {
			continue
		}
		exact++
		res, err := realgo.Solve(pos, realgo.Options{NoMoves: true, MaxNodes: 2_000_000})
		if err != nil {
			t.Fatal(err)
		}
		for _, first := range []board.Color{board.Black, board.White} {
			known, diffs := realDiffs(r, res, first)
			if !known {
				unknown++
				continue
			}
			compared++
			for _, d := range diffs {
				t.Errorf("position %d, %s\n%s", i, d, pos.Board)
			}
		}
	}
	t.Logf("%d boards: %d with a tile whose cycles shift the prisoners, %d of them exact; %d scores compared with real rules, %d beyond realgo's budget", n, drift, exact, compared, unknown)
	if compared == 0 {
		t.Error("no score of a drift tile compared")
	}
}

// BenchmarkCutDrift: exact play with the ko ban of a tile whose cycles
// shift the prisoners, its graph cut and folded: the sending-two shape,
// and three boards of the board-search set analyzed without the board
// search (their unvalued tile is of this kind), with the states of the
// Japanese game.
func BenchmarkCutDrift(b *testing.B) {
	for _, c := range []struct{ name, path string }{
		{"send-two-return-one", "../testdata/ko/send-two-return-one.txt"},
		{"set-01-6x6", "../testdata/search/set/01-6x6.txt"},
		{"set-26-8x8", "../testdata/search/set/26-8x8.txt"},
		{"set-41-8x8", "../testdata/search/set/41-8x8.txt"},
	} {
		pos, err := position.ReadFile(c.path)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			nodes := 0
			for b.Loop() {
				life.ForgetCertificates()
				r, err := Analyze(pos, Options{BoardSearchNodes: -1})
				if err != nil {
					b.Fatal(err)
				}
				if !r.Exact() || len(r.Decision.Cyclic) == 0 {
					b.Fatalf("exact %v, cyclic %v, problems %q", r.Exact(), r.Decision.Cyclic, r.Problems)
				}
				nodes = r.Decision.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes")
		})
	}
}
