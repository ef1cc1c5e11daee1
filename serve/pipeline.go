package serve

// pipeline.go is the one file of package serve that calls the analysis
// packages (endgame, review, thermograph): every number the page shows
// comes from here, through the same calls the command line makes.

import (
	"fmt"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/review"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
	"github.com/mathgo/mathgo/thermograph"
)

// AnalyzeJSON is what `mathgo analyze --json` prints (review.AnalysisJSON).
type AnalyzeJSON = review.AnalysisJSON

// ThermographJSON is one tile's thermograph as `thermograph --json`
// prints it (thermograph.JSON).
type ThermographJSON = thermograph.JSON

// MoveScore is one move of a player and the score (Japanese counting,
// Black minus White before komi) that best play reaches after it, the
// opponent to move.
type MoveScore struct {
	Point string `json:"point"`
	Tile  string `json:"tile"`
	Score string `json:"score"`
	// Optimal is set when the move keeps the player's best score.
	Optimal bool `json:"optimal"`
}

// BestJSON is the move exact play makes for a player (what GTP genmove
// plays on an exact position) and the score best play reaches.
type BestJSON struct {
	Point string `json:"point"`
	Tile  string `json:"tile,omitempty"`
	Score string `json:"score"`
	// Incentive is the move's incentive in its tile (none with ko play).
	Incentive string `json:"incentive,omitempty"`
	Ko        bool   `json:"ko,omitempty"`
}

// analysisOptions are the budgets of one analysis: analyze's defaults,
// the server's limits, progress reported to progress.
func analysisOptions(l Limits, progress func(string)) endgame.Options {
	return endgame.Options{
		MaxPositions:  l.MaxPositions,
		SolverNodes:   l.SolverNodes,
		MaxTotalGames: l.MaxTotalGames,
		SearchNodes:   l.SearchNodes,
		Progress:      progress,
	}
}

// DefaultLimits are analyze's budgets (so the page shows what `mathgo
// analyze` prints) and the server's bounds.
func DefaultLimits() Limits {
	return Limits{
		MaxPositions:  endgame.DefaultMaxPositions,
		SolverNodes:   endgame.DefaultSolverNodes,
		MaxTotalGames: endgame.DefaultMaxTotalGames,
		SearchNodes:   endgame.DefaultSearchNodes,
		MaxBody:       DefaultMaxBody,
		MaxBoard:      MaxBoardSize,
		Concurrent:    DefaultConcurrent,
		Queue:         DefaultQueue,
	}
}

// analyzePosition runs the one pipeline (endgame.Analyze) on pos and
// converts the report as analyze --json does (game is set for a game
// record: its komi, rules and result are added).
func analyzePosition(pos *position.Position, game bool, opts endgame.Options) (*endgame.Report, AnalyzeJSON, error) {
	r, err := endgame.Analyze(pos, opts)
	if err != nil {
		return nil, AnalyzeJSON{}, err
	}
	j := review.AnalysisJSONOf(r, game, endgame.DefaultMaxPrint)
	return r, j, nil
}

// bestMove is the move exact play makes for c (endgame's BestMove, the
// move GTP genmove plays once the position is exact). A move of exact
// play with the ko ban (a position with ko tiles) has no incentive.
func bestMove(r *endgame.Report, c board.Color) (BestJSON, board.Point, error) {
	m, err := r.BestMove(c)
	if err != nil {
		return BestJSON{}, board.Pass, err
	}
	b := BestJSON{Point: pointName(r.Board(), m.Point), Tile: m.Tile, Score: m.Score.String(), Ko: r.Decision.KoTiles}
	if m.Short && m.Point != board.Pass {
		b.Incentive = m.Incentive.String()
	}
	return b, m.Point, nil
}

// moveScores lists every move of c in the tiles of an exact report with
// the Japanese score best play reaches after it (the opponent to move),
// and marks those that keep c's best score: the position's scored game
// (Report.Game), the same for short tiles and kos, within the analysis's
// budgets.
func moveScores(r *endgame.Report, c board.Color) ([]MoveScore, error) {
	g, err := r.Game(rules.Japanese)
	if err != nil {
		return nil, err
	}
	n, err := g.Start(c)
	if err != nil {
		return nil, err
	}
	opts, err := n.Options()
	if err != nil {
		return nil, err
	}
	optimal, err := n.Optimal()
	if err != nil {
		return nil, err
	}
	keeps := map[solve.Move]bool{}
	for _, o := range optimal {
		keeps[o.Move] = true
	}
	out := []MoveScore{}
	for _, o := range opts {
		if o.Move.IsPass() {
			continue
		}
		v, err := o.Next.Value()
		if err != nil {
			return nil, fmt.Errorf("the score after %s: %w", o.Move.Label, err)
		}
		if !v.Exact() {
			return nil, fmt.Errorf("the score after %s is only bounded (%s)", o.Move.Label, v)
		}
		out = append(out, MoveScore{Point: o.Move.Label, Tile: o.Move.Tile, Score: v.Lo.String(), Optimal: keeps[o.Move]})
	}
	return out, nil
}

// tileThermographs returns the thermograph of every tile valued by a
// short game (thermograph.Of, what `thermograph FILE --tile ID --json`
// prints). Ko tiles carry theirs in the report's JSON.
func tileThermographs(r *endgame.Report) map[string]ThermographJSON {
	out := map[string]ThermographJSON{}
	for _, t := range r.Tiles() {
		if t.Err != nil {
			continue
		}
		out[t.ID] = thermograph.Of(t.Count).JSON()
	}
	return out
}

// reviewGame reviews a game record as `mathgo review --json` does, with
// the review's default budgets.
func reviewGame(g *position.Game, progress func(string)) (review.JSON, error) {
	res, err := review.Review(g, review.Options{Progress: progress})
	if err != nil {
		return review.JSON{}, err
	}
	return res.JSON(), nil
}

// pointName names a point, or "pass".
func pointName(b *board.Board, p board.Point) string {
	if p == board.Pass {
		return "pass"
	}
	return b.Name(p)
}
