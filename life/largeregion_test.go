package life

import (
	"strings"
	"testing"

	"github.com/mathgo/mathgo/internal/testpos"
)

// TestLargeRegionCap: a block whose region holds more empty points than
// LargeRegion is searched with at most LargeRegionNodes nodes, and its
// unknown status says why; a region under the limit keeps MaxNodes.
func TestLargeRegionCap(t *testing.T) {
	_, pos := testpos.GameEnd(t, "../testdata/finals/f19-02-kisei38-kudo-vs-morita.sgf")
	p, err := pos.Board.ParsePoint("B19")
	if err != nil {
		t.Fatal(err)
	}
	capped := Analyze(pos.Board, p, Options{MaxNodes: 4000, LargeRegion: 40, LargeRegionNodes: 300})
	if capped.Status != StatusUnknown || !strings.Contains(capped.Reason, "a large region") || capped.Nodes > 400 {
		t.Errorf("capped: %s after %d nodes (%s); want unknown within about 300 nodes, saying why", capped.Status, capped.Nodes, capped.Reason)
	}
	whole := Analyze(pos.Board, p, Options{MaxNodes: 4000, LargeRegion: 1000, LargeRegionNodes: 300})
	if strings.Contains(whole.Reason, "a large region") || whole.Nodes <= 400 {
		t.Errorf("under the limit: %s after %d nodes (%s); want the whole budget", whole.Status, whole.Nodes, whole.Reason)
	}
}
