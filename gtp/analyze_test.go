package gtp

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestAnalyzeJSONTriageOnce: mathgo gtp --json, mathgo-analyze on an empty
// 9x9 board lists the triage's "not an endgame yet" once among its
// problems, first (endgame.Analyze puts it there; the GTP path used to
// prepend it a second time), and the text answer is the verdict alone.
func TestAnalyzeJSONTriageOnce(t *testing.T) {
	e, _ := newTestEngine(t, Options{Analyzer: Analyzer(true)})
	out := mustExec(t, e, "boardsize 9", "mathgo-analyze")
	var doc struct {
		Triage struct {
			Endgame bool   `json:"endgame"`
			Reason  string `json:"reason"`
		} `json:"triage"`
		Problems []string `json:"problems"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("mathgo-analyze --json is no JSON document: %v\n%s", err, out)
	}
	reason := doc.Triage.Reason
	if doc.Triage.Endgame || !strings.HasPrefix(reason, "not an endgame yet: 81 empty points") {
		t.Fatalf("triage of the empty 9x9 board: %+v", doc.Triage)
	}
	if n := strings.Count(strings.Join(doc.Problems, "\n"), "not an endgame yet"); n != 1 {
		t.Errorf("the problems name the triage's verdict %d times, want once: %q", n, doc.Problems)
	}
	if len(doc.Problems) == 0 || doc.Problems[0] != reason {
		t.Errorf("the first problem is not the triage's verdict %q: %q", reason, doc.Problems)
	}
	if slices.Contains(doc.Problems[1:], reason) {
		t.Errorf("the verdict is repeated: %q", doc.Problems)
	}

	text, _ := newTestEngine(t, Options{Analyzer: Analyzer(false)})
	if r := mustExec(t, text, "boardsize 9", "mathgo-analyze"); r != reason {
		t.Errorf("text mathgo-analyze on the empty board: %q, want the verdict %q", r, reason)
	}
}
