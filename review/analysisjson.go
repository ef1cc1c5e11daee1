package review

import (
	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/endgame"
)

// AnalysisJSON is what `mathgo analyze --json` prints of a position: the
// report's JSON and, for a game record, its move number, komi, rules and
// the result with komi in the counting its rules name (or the bounds of
// that result). The analyze command and serve's page write this one shape.
type AnalysisJSON struct {
	endgame.JSON
	Komi   *string    `json:"komi,omitempty"`
	Rules  *string    `json:"rules,omitempty"`
	Result *JSONScore `json:"result,omitempty"`
	Range  *JSONRange `json:"resultBounds,omitempty"`
	Move   *int       `json:"move,omitempty"`
}

// JSONScore is a game record's result with komi in its rules' counting.
type JSONScore struct {
	Scoring    string `json:"scoring"`
	BlackFirst string `json:"blackFirst"`
	WhiteFirst string `json:"whiteFirst"`
}

// AnalysisJSONOf converts a report as analyze --json does; game is set
// for a position of a game record (its komi, rules and result are added).
// Canonical forms longer than maxPrint characters are left out
// (endgame.Report.JSON).
func AnalysisJSONOf(r *endgame.Report, game bool, maxPrint int) AnalysisJSON {
	j := AnalysisJSON{JSON: r.JSON(maxPrint)}
	if !game {
		return j
	}
	n := r.Position.MoveNumber
	j.Move = &n
	if r.Position.KomiKnown {
		k := r.Position.Komi.String()
		j.Komi = &k
	}
	if r.Position.Rules != "" {
		ru := r.Position.Rules
		j.Rules = &ru
	}
	if r.Exact() {
		if oc, err := OutcomeOf(r); err == nil {
			j.Result = &JSONScore{Scoring: oc.Scoring.String(), BlackFirst: oc.Result(board.Black), WhiteFirst: oc.Result(board.White)}
		}
	} else if g, ok := RangeOf(r); ok {
		j.Range = g.JSON()
	}
	return j
}
