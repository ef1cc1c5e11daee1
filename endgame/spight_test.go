package endgame

import (
	"strings"
	"testing"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
)

// TestSpightJapanese: Bill Spight's 9x9 problem (White to play and win by
// one point; testdata/positions/forum/spight-2011.txt) under Japanese
// counting, by the board search with a budget of 20,000,000 nodes per
// score: +1 with Black first, -1 with White first (the problem's own
// analysis), and D5 White's only optimal first move. The Chinese scores
// pass that budget, so the position stays bounded (exit status 3); the
// Japanese ones are what the problem asks. Long tier only (some minutes
// on 2 cores; the default budget does not reach them).
func TestSpightJapanese(t *testing.T) {
	if !testlong.Enabled() {
		t.Skip("long tier (MATHGO_LONG=1): minutes of board search")
	}
	pos, err := position.ReadFile("../testdata/positions/forum/spight-2011.txt")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Analyze(pos, Options{NoRealCheck: true, BoardSearchNodes: 20_000_000})
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
}
