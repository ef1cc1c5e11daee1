package review

import (
	"fmt"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
)

// CountingFor returns the counting a rule set uses (endgame.CountingFor,
// its one owner).
func CountingFor(ruleSet string) rules.Counting { return endgame.CountingFor(ruleSet) }

// KomiDyadic returns komi k in points as an exact dyadic rational.
func KomiDyadic(k position.Komi) cgt.Dyadic { return cgt.NewDyadic(int64(k.HalfPoints()), 1) }

// Score returns the best-play score of the report's position with first
// to move in scoring s (Report.Score, its one owner).
func Score(r *endgame.Report, s rules.Counting, first board.Color) (cgt.Dyadic, error) {
	if r == nil {
		return cgt.Dyadic{}, fmt.Errorf("review: no analysis")
	}
	return r.Score(s, first)
}

// FormatScore writes a score with komi (Black minus White) the way game
// records write results: "B+3.5", "W+1/2" (a fraction when the exact
// score is one: Mathematical Go values can be), "0" for a draw (jigo).
func FormatScore(d cgt.Dyadic) string {
	switch d.Sign() {
	case 1:
		return "B+" + decimal(d)
	case -1:
		return "W+" + decimal(d.Neg())
	}
	return "0"
}

// decimal writes a non-negative dyadic as an integer, a ".5" decimal, or
// a fraction.
func decimal(d cgt.Dyadic) string {
	if d.IsInteger() {
		return d.String()
	}
	if d.Exp() == 1 {
		return d.Floor().String() + ".5"
	}
	return d.String()
}

// Outcome is a position's best-play result in the players' units: the
// scoring its rules name, the komi, and the score with each player to
// move, before and after komi. It is what `mathgo analyze FILE.sgf --move
// N` prints next to the Mathematical Go outcome.
type Outcome struct {
	Scoring   rules.Counting
	Komi      position.Komi
	KomiKnown bool
	// BlackFirst and WhiteFirst are the scores with Black and White to
	// move, Black minus White, before komi.
	BlackFirst, WhiteFirst cgt.Dyadic
}

// OutcomeOf returns the outcome of an exact report in the scoring of its
// position's rules (position.Position.Rules), with its komi.
func OutcomeOf(r *endgame.Report) (Outcome, error) {
	if r == nil || r.Position == nil {
		return Outcome{}, fmt.Errorf("review: no analysis")
	}
	o := Outcome{Scoring: CountingFor(r.Position.Rules), Komi: r.Position.Komi, KomiKnown: r.Position.KomiKnown}
	var err error
	if o.BlackFirst, err = Score(r, o.Scoring, board.Black); err != nil {
		return Outcome{}, err
	}
	if o.WhiteFirst, err = Score(r, o.Scoring, board.White); err != nil {
		return Outcome{}, err
	}
	return o, nil
}

// WithKomi returns the score with first to move after komi, Black minus
// White.
func (o Outcome) WithKomi(first board.Color) cgt.Dyadic {
	d := o.BlackFirst
	if first == board.White {
		d = o.WhiteFirst
	}
	return d.Sub(KomiDyadic(o.Komi))
}

// Result returns the result with first to move after komi as a game
// record writes it ("B+3.5", "W+0.5", "0").
func (o Outcome) Result(first board.Color) string { return FormatScore(o.WithKomi(first)) }

// PositionAt reads the game record at path ("-": standard input) and
// returns the position after move n of its main line (n = -1: the end;
// 0: before the first move), with the prisoners taken so far, the side to
// move, the record's komi and rules (RU), and the ko ban of a ko just
// taken: the position `mathgo analyze FILE.sgf --move N` analyzes. A
// move number past the end is an error naming the file and the number of
// moves.
func PositionAt(path string, n int) (*position.Position, error) {
	g, err := position.ReadGame(path)
	if err != nil {
		return nil, err
	}
	if n < -1 || n > len(g.Moves) {
		return nil, fmt.Errorf("%s: no move %d: the main line has %d moves (--move 0 is the start, -1 the end)", g.Name, n, len(g.Moves))
	}
	return g.PositionAfter(n)
}

// sideScore is the score with first to move when it is proven: from an
// exact report (Score), or from the bounds of one that is not when they
// meet for that side (a ko whose result with one player first does not
// depend on the ko threats of the walls, for example).
func sideScore(r *endgame.Report, s rules.Counting, first board.Color) (cgt.Dyadic, bool) {
	if r == nil {
		return cgt.Dyadic{}, false
	}
	if r.ExactUnder(s) {
		d, err := Score(r, s, first)
		return d, err == nil
	}
	b := r.Bounds
	if b == nil {
		return cgt.Dyadic{}, false
	}
	i := 0
	if first == board.White {
		i = 1
	}
	if s == rules.Chinese {
		if !b.ChineseOK || !b.Chinese[i][0].Equal(b.Chinese[i][1]) {
			return cgt.Dyadic{}, false
		}
		return b.Chinese[i][0].Add(cgt.DyadicInt(int64(r.WallStones()))), true
	}
	if !b.Japanese[i][0].Equal(b.Japanese[i][1]) {
		return cgt.Dyadic{}, false
	}
	return b.Japanese[i][0], true
}

// Range is what the bounds of a partial analysis (endgame.Bounds) prove
// (the territory bounds on the assumption solve.Extremes states) of a
// position's result in the players' units: the scoring its rules
// name, the komi, and for each player first the lowest and highest score
// (Black minus White, before komi). It is what `mathgo analyze FILE.sgf
// --move N` prints when the position is not analyzed exactly.
type Range struct {
	Scoring   rules.Counting
	Komi      position.Komi
	KomiKnown bool
	// Low and High bound the score with Black first ([0]) and with White
	// first ([1]).
	Low, High [2]cgt.Dyadic
}

// RangeOf returns the range of a report's bounds in the scoring of its
// position's rules, with its komi; false when the report has no bounds
// in that scoring (an exact report, or Chinese rules and no area bounds).
func RangeOf(r *endgame.Report) (Range, bool) {
	if r == nil || r.Position == nil || r.Bounds == nil {
		return Range{}, false
	}
	g := Range{Scoring: CountingFor(r.Position.Rules), Komi: r.Position.Komi, KomiKnown: r.Position.KomiKnown}
	b := r.Bounds
	for i := range 2 {
		if g.Scoring == rules.Chinese {
			if !b.ChineseOK {
				return Range{}, false
			}
			walls := cgt.DyadicInt(int64(r.WallStones()))
			g.Low[i], g.High[i] = b.Chinese[i][0].Add(walls), b.Chinese[i][1].Add(walls)
		} else {
			g.Low[i], g.High[i] = b.Japanese[i][0], b.Japanese[i][1]
		}
	}
	return g, true
}

// index is the bounds' index of the player first.
func index(first board.Color) int {
	if first == board.White {
		return 1
	}
	return 0
}

// Results returns the lowest and highest results with first to move
// after komi, as a game record writes them ("W+11.5", "B+3.5").
func (g Range) Results(first board.Color) (low, high string) {
	k := KomiDyadic(g.Komi)
	i := index(first)
	return FormatScore(g.Low[i].Sub(k)), FormatScore(g.High[i].Sub(k))
}

// Winner returns the player who wins with first to move whatever the
// unresolved areas hold (both bounds after komi on his side), or
// board.Empty when the bounds do not decide it.
func (g Range) Winner(first board.Color) board.Color {
	k := KomiDyadic(g.Komi)
	i := index(first)
	switch {
	case g.Low[i].Sub(k).Sign() > 0:
		return board.Black
	case g.High[i].Sub(k).Sign() < 0:
		return board.White
	}
	return board.Empty
}

// JSONRange is a Range in the JSON of `analyze --move` ("resultBounds")
// and `review` ("endBounds"): the lowest and highest result with komi
// with each player first, and the winner when the bounds decide it
// ("black", "white", or "" when they do not).
type JSONRange struct {
	Scoring    string    `json:"scoring"`
	BlackFirst [2]string `json:"blackFirst"`
	WhiteFirst [2]string `json:"whiteFirst"`
	Winner     struct {
		BlackFirst string `json:"blackFirst"`
		WhiteFirst string `json:"whiteFirst"`
	} `json:"winner"`
}

// JSON returns the range for the JSON documents.
func (g Range) JSON() *JSONRange {
	j := &JSONRange{Scoring: g.Scoring.String()}
	j.BlackFirst[0], j.BlackFirst[1] = g.Results(board.Black)
	j.WhiteFirst[0], j.WhiteFirst[1] = g.Results(board.White)
	name := func(c board.Color) string {
		if c == board.Empty {
			return ""
		}
		return c.String()
	}
	j.Winner.BlackFirst, j.Winner.WhiteFirst = name(g.Winner(board.Black)), name(g.Winner(board.White))
	return j
}

// Text says in a line what the bounds prove of the result: "result with
// komi 6.5 (japanese counting, the whole board): between W+49.5 and
// W+11.5 with Black first, ...: White wins whoever moves first (the
// bounds decide the winner, not the margin)": what the bounds prove, or,
// in a conditional analysis, prove under its assumptions.
func (j *JSONRange) Text(komi string) string {
	line := fmt.Sprintf("result with komi %s (%s counting, the whole board): %s with Black first, %s with White first",
		komi, j.Scoring, endgame.Between(j.BlackFirst[0], j.BlackFirst[1]), endgame.Between(j.WhiteFirst[0], j.WhiteFirst[1]))
	b, w := capitalized(j.Winner.BlackFirst), capitalized(j.Winner.WhiteFirst)
	switch {
	case b != "" && b == w:
		line += fmt.Sprintf(": %s wins whoever moves first (the bounds decide the winner, not the margin)", b)
	case b != "" && w != "":
		line += fmt.Sprintf(": %s wins with Black first, %s with White first (the bounds decide the winners, not the margins)", b, j.Winner.WhiteFirst)
	case b != "":
		line += fmt.Sprintf(": %s wins with Black first (the bounds decide it); with White first they do not", b)
	case w != "":
		line += fmt.Sprintf(": %s wins with White first (the bounds decide it); with Black first they do not", w)
	default:
		line += ": the bounds do not decide the winner"
	}
	return line
}

// capitalized returns s with its first letter in upper case.
func capitalized(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
