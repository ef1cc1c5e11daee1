package tiles

import (
	"testing"

	"github.com/mathgo/mathgo/position"
)

func analyzeText(t *testing.T, text string, opts Options) *Analysis {
	t.Helper()
	pos, err := position.Parse("test", []byte(text))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	a, err := Analyze(pos, opts)
	if err != nil {
		t.Fatalf("analyze: %v", err)
	}
	return a
}

func TestQuickCorridor(t *testing.T) {
	a := analyzeText(t, "+---------+\n|# # # # @|\n|# . . . @|\n|# # # # @|\n+---------+\n", Options{})
	for _, tl := range a.Tiles {
		t.Logf("%s %v kind %s count %v chilled %v area %v err %v", tl.ID, tl.Points, tl.Kind, tl.Count, tl.Chilled, tl.Area, tl.Err)
	}
	t.Logf("problems %v", a.Problems)
}
