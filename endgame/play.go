package endgame

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/play"
)

// ErrNotExact is returned by the play methods of a report that is not
// exact (it has problems, or its totals are unknown): mathgo does not
// play a position it cannot value.
var ErrNotExact = errors.New("the position cannot be played exactly")

// Sum returns the position's tiles as a sum to play under territory
// counting (play.Position): each tile a component named by its ID whose
// moves are board points, the prisoners before the position settled.
func (r *Report) Sum() (play.Sum, error) {
	if !r.Exact() {
		return play.Sum{}, r.notExact()
	}
	return play.Position(r.Analysis)
}

// notExact explains why the report cannot be played.
func (r *Report) notExact() error {
	if len(r.Problems) == 0 {
		return ErrNotExact
	}
	return fmt.Errorf("%w: %s", ErrNotExact, strings.TrimSpace(strings.Join(r.Problems, "; ")))
}

// Move is a move chosen for a player: a board point (board.Pass when
// nothing is worth a move) and what it does.
type Move struct {
	Point board.Point
	// Tile is the tile played in; Before and After its count before and
	// after the move; Incentive the move's incentive there.
	Tile                     string
	Before, After, Incentive cgt.Game
	// Score is the Japanese score (Black minus White, before komi) best
	// play reaches from the position with c to move.
	Score cgt.Dyadic
}

// BestMove returns the move exact play makes for c under territory
// counting: the move `mathgo play` makes at this point (play.Choose with
// play.Exact), keeping the best score and, among the moves that do, the
// Mathematical Go win. It passes when every tile is settled.
func (r *Report) BestMove(c board.Color) (Move, error) {
	sum, err := r.Sum()
	if err != nil {
		return Move{}, err
	}
	score, _ := r.Japanese(c)
	m := Move{Point: board.Pass, Score: score}
	if sum.AllNumbers() {
		return m, nil
	}
	d, err := play.Choose(sum, player(c), play.Japanese, play.Exact(), nil)
	if errors.Is(err, play.ErrNoMove) {
		return m, nil
	}
	if err != nil {
		return Move{}, err
	}
	p, err := r.Board().ParsePoint(d.Move.Move.Label)
	if err != nil {
		return Move{}, fmt.Errorf("endgame: exact play chose %q, not a board point: %w", d.Move.Move.Label, err)
	}
	m.Point, m.Tile = p, d.Move.Tile
	m.Before, m.After, m.Incentive = d.Move.Before, d.Move.After, d.Move.Incentive
	return m, nil
}

// PlayOptions shape a play-out of the report's position.
type PlayOptions struct {
	// Black and White are the strategies (nil: play.Exact).
	Black, White play.Strategy
	// ListOptimal lists every optimal move before each move.
	ListOptimal bool
	// NoTiles leaves the per-move tile lists out (faster).
	NoTiles bool
	// Fill plays Mathematical Go to its end after the territory play-out
	// (filling one's own territory, handing back prisoners).
	Fill bool
}

// PlayResult is a play-out of a position under territory counting and,
// separately, under area counting.
type PlayResult struct {
	// Territory is the play-out in count values (Japanese counting), and
	// Fill its continuation to the end of Mathematical Go (with
	// PlayOptions.Fill).
	Territory, Fill *play.Record
	// Japanese is the score of the territory play-out: territory plus
	// prisoners, Black minus White.
	Japanese cgt.Dyadic
	// MGO is the Mathematical Go winner of the played line (the winner
	// Fill reaches, when played).
	MGO play.Player
	// Area is the play-out in area values (Chinese counting), nil when a
	// tile has no area game; Chinese is the area of the playing area
	// counted on its final board (stones, plus empty points surrounded by
	// one colour, a settled region all its owner's), Black minus White.
	Area    *play.Record
	Chinese int
}

// PlayOut plays the position out from first with the given strategies:
// once in count values (the Japanese score and the Mathematical Go
// winner of the line) and once in area values (the Chinese score,
// counted directly on the final board). With exact strategies the three
// results are analyze's.
func (r *Report) PlayOut(first board.Color, opts PlayOptions) (*PlayResult, error) {
	sum, err := r.Sum()
	if err != nil {
		return nil, err
	}
	po := play.Options{Rules: play.Japanese, Black: opts.Black, White: opts.White, ListOptimal: opts.ListOptimal, NoTiles: opts.NoTiles}
	rec, err := play.Play(sum, player(first), po)
	if err == nil {
		err = play.PositionErr(rec)
	}
	if err != nil {
		return nil, err
	}
	res, err := play.ResultOf(rec)
	if err != nil {
		return nil, err
	}
	out := &PlayResult{Territory: rec, Japanese: res.Score, MGO: res.MGO}
	if opts.Fill {
		fo := po
		fo.Rules = play.Mathematical
		fill, err := play.FillOut(rec, fo)
		if err != nil {
			return nil, fmt.Errorf("filling the territories: %w", err)
		}
		out.Fill, out.MGO = fill, fill.Result.Winner
	}
	if r.Totals == nil || !r.Totals.ChineseOK {
		return out, nil
	}
	area, err := play.AreaPosition(r.Analysis)
	if err != nil {
		return nil, err
	}
	ao := po
	ao.ListOptimal = false
	arec, err := play.Play(area, player(first), ao)
	if err == nil {
		err = play.PositionErr(arec)
	}
	if err != nil {
		return nil, fmt.Errorf("area play-out: %w", err)
	}
	out.Area = arec
	if out.Chinese, err = r.FinalArea(arec); err != nil {
		return nil, err
	}
	return out, nil
}

// FinalArea counts the area of the playing area on the board a play-out
// of the report's tiles ends on: the walls as they were, each tile's
// points as the play-out left them. A connected region of the playing
// area that only one colour's immortal stones bound, and in which every
// point touches them, is settled territory: all its points are that
// colour's (dead stones removed). Elsewhere every stone counts for its
// owner and every empty point whose region (of empty points) touches
// stones of one colour only counts for that colour. Black minus White.
// A stone joined to an immortal block is immortal (the Mathematical Go
// rule): it bounds regions like a wall, and counts for its owner as a
// stone on the playing area.
func (r *Report) FinalArea(rec *play.Record) (int, error) {
	b := r.Board()
	n := b.Size()
	cells := make([]board.Color, n)
	imm := make([]bool, n)
	for p := range n {
		cells[p] = b.At(board.Point(p))
		imm[p] = r.Analysis.Immortal[p]
	}
	for _, c := range rec.FinalComponents {
		l, ok := play.GoLocal(c.Local)
		if !ok {
			continue // the settled pseudo-component: no points
		}
		for _, p := range l.Points() {
			cells[p] = l.At(p)
		}
	}
	// Stones joined to an immortal block are immortal.
	stack := []board.Point{}
	for p := range n {
		if imm[p] && cells[p] != board.Empty {
			stack = append(stack, board.Point(p))
		} else {
			imm[p] = false
		}
	}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, q := range b.Neighbors(p) {
			if !imm[q] && cells[q] == cells[p] {
				imm[q] = true
				stack = append(stack, q)
			}
		}
	}
	sign := func(c board.Color) int {
		switch c {
		case board.Black:
			return 1
		case board.White:
			return -1
		}
		return 0
	}
	score := 0
	for p := range n {
		if imm[p] && !r.Analysis.Immortal[p] {
			score += sign(cells[p]) // a stone placed on the playing area that joined a wall
		}
	}
	seen := make([]bool, n)
	for start := range n {
		if seen[start] || imm[start] {
			continue
		}
		// One connected region of the playing area.
		region := []board.Point{board.Point(start)}
		seen[start] = true
		walls := 0 // bit 1 black wall, bit 2 white wall
		for i := 0; i < len(region); i++ {
			for _, q := range b.Neighbors(region[i]) {
				switch {
				case imm[q] && cells[q] == board.Black:
					walls |= 1
				case imm[q] && cells[q] == board.White:
					walls |= 2
				case !imm[q] && !seen[q]:
					seen[q] = true
					region = append(region, q)
				}
			}
		}
		if walls == 1 || walls == 2 {
			owner := board.Black
			if walls == 2 {
				owner = board.White
			}
			settled := true
			for _, p := range region {
				touches := false
				for _, q := range b.Neighbors(p) {
					touches = touches || imm[q] && cells[q] == owner
				}
				settled = settled && touches
			}
			if settled {
				score += sign(owner) * len(region)
				continue
			}
		}
		score += areaOf(b, region, cells, imm)
	}
	return score, nil
}

// areaOf counts a region that is not settled territory: its stones for
// their owners, and each empty part that touches one colour only (walls
// or stones) for that colour.
func areaOf(b *board.Board, region []board.Point, cells []board.Color, imm []bool) int {
	score := 0
	in := map[board.Point]bool{}
	for _, p := range region {
		in[p] = true
		switch cells[p] {
		case board.Black:
			score++
		case board.White:
			score--
		}
	}
	done := map[board.Point]bool{}
	for _, p := range region {
		if cells[p] != board.Empty || done[p] {
			continue
		}
		part := []board.Point{p}
		done[p] = true
		touch := 0
		for i := 0; i < len(part); i++ {
			for _, q := range b.Neighbors(part[i]) {
				switch cells[q] {
				case board.Black:
					touch |= 1
				case board.White:
					touch |= 2
				default:
					if in[q] && !done[q] {
						done[q] = true
						part = append(part, q)
					}
				}
			}
		}
		switch touch {
		case 1:
			score += len(part)
		case 2:
			score -= len(part)
		}
	}
	return score
}
