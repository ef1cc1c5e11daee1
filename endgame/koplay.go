package endgame

import (
	"errors"
	"fmt"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/play"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
)

// KoPlayResult is a play-out of a position with ko tiles under the rules
// players play (the simple ko ban), once with Japanese counting and once
// with Chinese counting. Mathematical Go has no play-out here: its winner
// (draws included) is the outcome of the loopy total (KoReport.MGO).
type KoPlayResult struct {
	// Japanese is the play-out in counts; JapaneseScore its final score
	// (territory plus prisoners, Black minus White).
	Japanese      *play.KoRecord
	JapaneseScore int
	// Chinese is the play-out in area values (nil when the analysis has
	// no exact Chinese result with the ko ban); ChineseScore its score.
	Chinese      *play.KoRecord
	ChineseScore int
	// MGO is the Mathematical Go winner from the analysis.
	MGO solve.Winner
}

// PlayOutKo plays a position with ko tiles out from first with the ko
// ban: exactly (every move keeps the exact value of solve.BanGame, the
// first optimal move of the tiles' order taken, passes last) unless
// heuristic is set or the game is too large for exact play, when the
// komaster-aware thermostrat of play.PlayKo plays (the record says
// which). It fails for a position without ko tiles.
func (r *Report) PlayOutKo(first board.Color, heuristic bool) (*KoPlayResult, error) {
	if r.Ko == nil {
		return nil, errors.New("endgame: the position has no ko tiles (use PlayOut)")
	}
	a := r.Analysis
	base := a.Prisoners[board.Black] - a.Prisoners[board.White]
	out := &KoPlayResult{MGO: r.Winner(first)}
	jr, err := play.PlayKo(a, first, play.KoPlayOptions{Counting: rules.Japanese, Base: base, MaxStates: r.Ko.MaxStates, Heuristic: heuristic, End: r.Ko.ends[0].option()})
	if err != nil {
		return nil, fmt.Errorf("play-out with the ko ban (Japanese): %w", err)
	}
	out.Japanese, out.JapaneseScore = jr, jr.Score
	if r.Ko.Chinese != nil {
		cr, err := play.PlayKo(a, first, play.KoPlayOptions{Counting: rules.Chinese, MaxStates: r.Ko.MaxStates, Heuristic: heuristic, End: r.Ko.ends[1].option()})
		if err != nil {
			return nil, fmt.Errorf("play-out with the ko ban (Chinese): %w", err)
		}
		out.Chinese, out.ChineseScore = cr, cr.Score
	}
	return out, nil
}

// KoPlayable reports whether the position's ko tiles can be played out by
// PlayOutKo with the komaster-aware thermostrat: every tile is valued
// (the ko tiles by their graphs), even when the exact game with the ko ban
// is too large for the report to be exact.
func (r *Report) KoPlayable() bool {
	if r.Ko == nil {
		return false
	}
	for _, t := range r.Analysis.Tiles {
		if t.Ko == nil && t.Err != nil {
			return false
		}
	}
	return true
}

// bestKoMove is BestMove for a position with ko tiles: the first optimal
// move of the exact game with the ko ban (as PlayOutKo's first move).
func (r *Report) bestKoMove(c board.Color) (Move, error) {
	g := r.Ko.Ban
	if own, _ := r.Ko.RangeGame(c, false); own != nil {
		// Walls give ko threats: c's optimal moves in the game where
		// the other side may ignore the ban (and c may not) guarantee
		// that game's value, which is the score when the report is exact.
		g = own
	}
	if g == nil || !r.Exact() {
		return Move{}, errors.New("endgame: the ko tiles cannot be played exactly (the game with the ko ban is too large, or not decided)")
	}
	score, _ := r.Japanese(c)
	m := Move{Point: board.Pass, Score: score, Ko: true}
	s := g.Start(c)
	if _, done := g.Terminal(s); done {
		return m, nil
	}
	opt := g.Optimal(s)
	if len(opt) == 0 {
		return Move{}, errors.New("endgame: no move keeps the exact value with the ko ban")
	}
	best := play.KoPreferFirst(g, s, opt)
	if best.IsPass() {
		return m, nil
	}
	m.Point, m.Tile = best.Move.Point, g.Graphs[best.Tile].Tile.ID
	return m, nil
}
