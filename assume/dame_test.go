package assume

import (
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/mathgo/mathgo/review"
	"github.com/mathgo/mathgo/rules"
)

// statusesOnly hides a source's dame (endgame.DameSource): its blocks'
// statuses only.
type statusesOnly struct{ endgame.Assumer }

// TestGNUGoDameFills: on the final of a professional game (Kisei 38,
// B+0.5 by the record, Japanese rules) GNU Go's statuses alone make three
// points territory that the players count as no one's: two teire of
// White and one of Black, next to blocks alive only by answering. With
// GNU Go's dame the points are filled by their owners: the Japanese score
// moves by exactly the points filled, the area score does not move, and
// the result with the record's komi is the record's.
func TestGNUGoDameFills(t *testing.T) {
	path, err := GNUGoPath()
	if err != nil {
		t.Skip(err)
	}
	g, pos := testpos.GameEnd(t, "../testdata/finals/f19-02-kisei38-kudo-vs-morita.sgf")
	src := GNUGo{Command: path + " --mode gtp"}
	with, err := endgame.Analyze(pos, endgame.Options{Assume: src})
	if err != nil {
		t.Fatal(err)
	}
	without, err := endgame.Analyze(pos, endgame.Options{Assume: statusesOnly{src}})
	if err != nil {
		t.Fatal(err)
	}
	if !with.Exact() || !without.Exact() || !with.Conditional() {
		t.Fatalf("exact %v/%v, conditional %v: want two conditional answers", with.Exact(), without.Exact(), with.Conditional())
	}
	shift := 0 // Black minus White, by the points filled
	for _, a := range with.Assumptions {
		if a.Status != endgame.AssumedFilled {
			continue
		}
		if a.Color == board.Black {
			shift--
		} else {
			shift++
		}
	}
	for _, a := range without.Assumptions {
		if a.Status == endgame.AssumedFilled {
			t.Fatalf("a point filled without the source's dame: %+v", a)
		}
	}
	if len(with.Assumptions) == len(without.Assumptions) {
		t.Fatal("no point filled: the test needs a final with a teire")
	}
	for _, first := range []board.Color{board.Black, board.White} {
		jw, _ := with.Score(rules.Japanese, first)
		jo, _ := without.Score(rules.Japanese, first)
		if d := jw.Sub(jo); !d.Equal(cgt.DyadicInt(int64(shift))) {
			t.Errorf("%s first: Japanese %s with the dame filled, %s without: moved by %s, %d points filled (Black minus White)", first, jw, jo, d, shift)
		}
		cw, err1 := with.Score(rules.Chinese, first)
		co, err2 := without.Score(rules.Chinese, first)
		if err1 != nil || err2 != nil || !cw.Equal(co) {
			t.Errorf("%s first: area score %s with the dame filled, %s without (%v, %v): filling one's own point moves no area", first, cw, co, err1, err2)
		}
	}
	first := pos.ToMove
	s, err := with.Score(review.CountingFor(pos.Rules), first)
	if err != nil {
		t.Fatal(err)
	}
	if got := resultString(s.Sub(review.KomiDyadic(pos.Komi))); !sameResult(got, g.Result) {
		t.Errorf("result %s with the record's komi, the record says %s", got, g.Result)
	}
}
