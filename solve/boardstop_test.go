package solve

import (
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/tiles"
)

// TestBoardSearchJapaneseOnlyAndStop: on board 6 of the board-search set,
// PositionOptions.JapaneseOnly gives the Japanese scores of the full
// decision and no Chinese search; a Stop already set ends the board
// search, whose scores then stay unproven (the problem says it was
// stopped), as past its budget.
func TestBoardSearchJapaneseOnlyAndStop(t *testing.T) {
	pos, err := position.ReadFile(filepath.Join("..", "testdata", "search", "set", "06-7x7.txt"))
	if err != nil {
		t.Fatal(err)
	}
	a, err := tiles.Analyze(pos, tiles.Options{})
	if err != nil {
		t.Fatal(err)
	}
	in := PositionInput{Position: pos, Analysis: a}
	full := DecidePosition(in, PositionOptions{})
	if full.Search == nil || !full.Search.ExactIn[rules.Japanese] || !full.Search.ExactIn[rules.Chinese] {
		t.Fatalf("the full decision is not exact: %v", full.Problems)
	}
	jo := DecidePosition(in, PositionOptions{JapaneseOnly: true})
	switch {
	case jo.Search == nil || !jo.Search.ExactIn[rules.Japanese]:
		t.Fatalf("Japanese only: not exact: %v", jo.Problems)
	case jo.Search.Ran[rules.Chinese] || jo.Totals == nil || jo.Totals.ChineseOK:
		t.Error("Japanese only: a Chinese score was searched")
	case jo.Search.Scores[rules.Japanese] != full.Search.Scores[rules.Japanese]:
		t.Errorf("Japanese only: %v, the full decision %v", jo.Search.Scores[rules.Japanese], full.Search.Scores[rules.Japanese])
	}
	var stop atomic.Bool
	stop.Store(true)
	st := DecidePosition(in, PositionOptions{Stop: &stop})
	if st.Search == nil || st.Search.Exact || st.Totals != nil {
		t.Fatal("a stopped board search proved the scores")
	}
	if !strings.Contains(st.SearchProblem, "stopped") {
		t.Errorf("the problem does not say the search was stopped: %s", st.SearchProblem)
	}
}
