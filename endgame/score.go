package endgame

import (
	"fmt"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
)

// CountingFor returns the counting a rule set (position.NormalizeRules's
// names) uses: Chinese for "chinese", "aga", "nz" and "ing" and for any
// rule set whose name mentions Tromp-Taylor or area; Japanese for
// "japanese", for Korean rules, and when the record names no rules.
func CountingFor(ruleSet string) rules.Counting {
	switch ruleSet {
	case position.RulesChinese, position.RulesAGA, position.RulesNZ, position.RulesIng:
		return rules.Chinese
	}
	l := strings.ToLower(ruleSet)
	if strings.Contains(l, "tromp") || strings.Contains(l, "area") {
		return rules.Chinese
	}
	return rules.Japanese
}

// Score returns the best-play score of the report's position with first
// to move, Black minus White before komi, in scoring s: under Japanese
// counting Report.Japanese (territory plus all prisoners, those taken
// before the position included); under Chinese counting the area of the
// whole board, Report.Chinese (the area of the playing area) plus the
// stones of the immortal walls, which are alive and count for their
// owner. It fails when the scores under s are not proven (ExactUnder: a
// report whose other counting passed the board search's budget still
// has its proven scores under s) or the report has no such score.
func (r *Report) Score(s rules.Counting, first board.Color) (cgt.Dyadic, error) {
	if !r.ExactUnder(s) {
		return cgt.Dyadic{}, fmt.Errorf("the position is not analyzed exactly: %s", r.Reason())
	}
	if !r.Exact() {
		// Only the board search's scores under s are proven.
		sc := r.Decision.Search.Scores[s][solve.PlayerOf(first)]
		if !sc.Exact() {
			return cgt.Dyadic{}, fmt.Errorf("the score under %s with %s first is not proven: %s", s.Words(), first, r.Reason())
		}
		if s == rules.Chinese {
			return sc.Lo.Add(cgt.DyadicInt(int64(r.WallStones()))), nil
		}
		return sc.Lo, nil
	}
	if s == rules.Chinese {
		d, ok := r.Chinese(first)
		if !ok {
			why := "a tile is too large for the area search"
			for _, w := range r.Warnings {
				if strings.Contains(w, "Chinese") {
					why = w
					break
				}
			}
			return cgt.Dyadic{}, fmt.Errorf("the Chinese score was not computed: %s", why)
		}
		return d.Add(cgt.DyadicInt(int64(r.WallStones()))), nil
	}
	d, _ := r.Japanese(first)
	return d, nil
}

// Reason joins the report's problems in one line ("the totals are
// unknown" when it has none).
func (r *Report) Reason() string {
	if len(r.Problems) == 0 {
		return "the totals are unknown"
	}
	var parts []string
	for _, p := range r.Problems {
		parts = append(parts, strings.Join(strings.Fields(p), " "))
	}
	return strings.Join(parts, "; ")
}
