package tiles

import "testing"

// TestIncrementalKeys reruns the brute-force comparison, the bundled
// positions and the benchmark tile with every incremental region key
// (updated move by move in the search) checked against a full
// computation; a mismatch panics.
func TestIncrementalKeys(t *testing.T) {
	debugCheckKeys = true
	defer func() { debugCheckKeys = false }()
	t.Run("bruteforce", TestBruteForceMGO)
	t.Run("positions", TestPositionFiles)
	a, err := Analyze(rawPosition(tile14), Options{MaxPositions: 30_000})
	if err != nil {
		t.Fatal(err)
	}
	if a.Positions < 20_000 {
		t.Errorf("only %d positions searched", a.Positions)
	}
}
