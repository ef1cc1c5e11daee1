package endgame

import (
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/life"
	"github.com/mathgo/mathgo/play"
	"github.com/mathgo/mathgo/solve"
	"github.com/mathgo/mathgo/tiles"
)

const ko19File = "../testdata/ko/board-19x19-4ko.txt"

// TestKo19x19 analyzes the 19x19 endgame of 54 tiles of which 4 are
// one-point kos: every tile is valued (the kos P with their loopy values
// and thermographs), the Japanese score is bounded, not stated (the sum
// has too many positions for exact play with the ko ban), and the
// thermostrat's play-out with the ban ends inside analyze's bounds with
// each side first.
func TestKo19x19(t *testing.T) {
	r, err := Analyze(mustRead(t, ko19File), Options{})
	if err != nil {
		t.Fatal(err)
	}
	kos := 0
	for _, tl := range r.Tiles() {
		if tl.Kind == tiles.KindKo {
			kos++
			if th := r.KoThermographs[tl.ID]; th == nil {
				t.Errorf("ko tile %s has no thermograph", tl.ID)
			}
		}
	}
	if len(r.Tiles()) < 40 || kos != 4 {
		t.Fatalf("%d tiles, %d kos; want at least 40 and 4", len(r.Tiles()), kos)
	}
	if r.Exact() || r.Bounds == nil || !r.Analysis.Valued() {
		t.Fatalf("exact %v, bounds %v, playable %v: want bounds only (problems %v)", r.Exact(), r.Bounds, r.Analysis.Valued(), r.Problems)
	}
	for i, first := range []board.Color{board.Black, board.White} {
		// The loopy total says draw (four loopy kos); the board is far
		// too large for the whole-board search that checks draws, so the
		// loopy total decides.
		if w := r.Winner(first); w != solve.Draw {
			t.Errorf("%s first: Mathematical Go %s, want draw", first, w)
		}
		res, err := r.PlayOut(first, thermostrat(t))
		if err != nil {
			t.Fatalf("%s first: %v", first, err)
		}
		lo, hi := r.Bounds.Japanese[i][0], r.Bounds.Japanese[i][1]
		got := res.Japanese
		if got.Cmp(lo) < 0 || got.Cmp(hi) > 0 {
			t.Errorf("%s first: the thermostrat ends at %s, outside analyze's bounds [%s, %s]", first, got, lo, hi)
		}
		t.Logf("%s first: thermostrat %s in %d moves; exact play lies in [%s, %s]", first, got, len(res.Territory.Turns), lo, hi)
	}
}

// BenchmarkKo19x19 is issue 17's benchmark: the 19x19 endgame of 54 tiles
// with 4 kos analyzed, then played out with the ko ban from each side.
func BenchmarkKo19x19(b *testing.B) {
	pos := mustRead(b, ko19File)
	b.ReportAllocs()
	for b.Loop() {
		life.ForgetCertificates()
		r, err := Analyze(pos, Options{})
		if err != nil {
			b.Fatal(err)
		}
		for _, first := range []board.Color{board.Black, board.White} {
			if _, err := r.PlayOut(first, thermostrat(b)); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// thermostrat returns the options of a play-out by the komaster-aware
// thermostrat (a heuristic strategy on a position with kos).
func thermostrat(tb testing.TB) PlayOptions {
	tb.Helper()
	h, err := play.StrategyByName("thermostrat")
	if err != nil {
		tb.Fatal(err)
	}
	return PlayOptions{Black: h, White: h, Heuristic: true}
}
