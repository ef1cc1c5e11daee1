package endgame

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/life"
	"github.com/mathgo/mathgo/play"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
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
	// Tile is the tile played in.
	Tile string
	// Short is set when the tile has a short value: Before and After are
	// its count before and after the move, Incentive the move's incentive
	// there. Unset for a move of exact play with the ko ban (a position
	// with ko tiles).
	Short                    bool
	Before, After, Incentive cgt.Game
	// Score is the Japanese score (Black minus White, before komi) best
	// play reaches from the position with c to move.
	Score cgt.Dyadic
}

// Game returns the position's scored game under counting c (Japanese or
// Chinese; solve.Decision.Game): the one game every choice of move is
// made in, whatever the tiles hold. It fails for a report whose scores
// under c are not known exactly (ExactUnder).
func (r *Report) Game(c rules.Counting) (solve.Game, error) {
	if !r.ExactUnder(c) {
		return nil, r.notExact()
	}
	return r.Decision.Game(c)
}

// BestMove returns the move exact play makes for c under territory
// counting (play.Best at the start of the Japanese game): the move
// `mathgo play` makes at this point, and GTP genmove. It passes when
// every tile is settled.
func (r *Report) BestMove(c board.Color) (Move, error) {
	g, err := r.Game(rules.Japanese)
	if err != nil {
		return Move{}, err
	}
	n, err := g.Start(c)
	if err != nil {
		return Move{}, err
	}
	score, err := r.Score(rules.Japanese, c)
	if err != nil {
		return Move{}, err
	}
	m := Move{Point: board.Pass, Score: score}
	if n.Done() {
		return m, nil
	}
	o, err := play.Best(n)
	if err != nil {
		return Move{}, err
	}
	if o.Move.IsPass() {
		return m, nil
	}
	m.Point, m.Tile = o.Move.Point, o.Move.Tile
	m.Short, m.Before, m.After, m.Incentive = o.Short, o.Before, o.After, o.Incentive
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
	// (filling one's own territory, handing back prisoners); short sums
	// only.
	Fill bool
	// Heuristic lets a position whose scores are not proven be played all
	// the same, by the strategies (the komaster-aware thermostrat with ko
	// tiles): the caller reports the bounds of exact play beside it.
	Heuristic bool
}

// PlayResult is a play-out of a position under territory counting and,
// separately, under area counting.
type PlayResult struct {
	// Territory is the play-out under Japanese counting, and Fill its
	// continuation to the end of Mathematical Go (with PlayOptions.Fill).
	Territory, Fill *play.Record
	// Japanese is the score of the territory play-out: territory plus
	// prisoners, Black minus White.
	Japanese cgt.Dyadic
	// MGO is the Mathematical Go winner: of the played line for a short
	// sum (the winner Fill reaches, when played), the analysis's (the
	// outcome of the loopy total, draws included) with ko tiles.
	MGO solve.Winner
	// Area is the play-out under Chinese counting, nil when there is no
	// exact Chinese score; Chinese is the area of the playing area at its
	// end, Black minus White (counted on the final board for a short sum).
	Area    *play.Record
	Chinese int
	// KoBan reports a play-out with the simple ko ban (ko tiles): its
	// turns name their moves but carry no tile values.
	KoBan bool
}

// PlayOut plays the position out from first, once under Japanese and once
// under Chinese counting, with the given strategies: a short sum by
// play.Play (every strategy, the tiles' values at every move), any other
// scored game by exact play (play.PlayGame), or, with PlayOptions.Heuristic
// when exact play with the ko ban is out of reach, by the komaster-aware
// thermostrat. With exact strategies the results are analyze's.
func (r *Report) PlayOut(first board.Color, opts PlayOptions) (*PlayResult, error) {
	if r.Decision.KoTiles || r.Decision.Search != nil {
		return r.playBan(first, opts)
	}
	sum, err := r.Sum()
	if err != nil {
		return nil, err
	}
	po := play.Options{Rules: rules.Japanese, Black: opts.Black, White: opts.White, ListOptimal: opts.ListOptimal, NoTiles: opts.NoTiles}
	rec, err := play.Play(sum, solve.PlayerOf(first), po)
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
	out := &PlayResult{Territory: rec, Japanese: res.Score, MGO: solve.WinnerOf(res.MGO)}
	if opts.Fill {
		fo := po
		fo.Rules = rules.MathematicalGo
		fill, err := play.FillOut(rec, fo)
		if err != nil {
			return nil, fmt.Errorf("filling the territories: %w", err)
		}
		out.Fill, out.MGO = fill, solve.WinnerOf(fill.Result.Winner)
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
	arec, err := play.Play(area, solve.PlayerOf(first), ao)
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

// playBan plays a position with ko tiles or a board search: exact play of
// its scored games with the ko ban (the board search's game, which plays
// the unvalued tiles on the board), or the komaster-aware thermostrat (a heuristic
// strategy asked for, or exact play out of reach and opts.Heuristic).
func (r *Report) playBan(first board.Color, opts PlayOptions) (*PlayResult, error) {
	out := &PlayResult{MGO: r.Winner(first), KoBan: true}
	heuristic := opts.Black != nil && opts.Black.Name() != "exact" || opts.White != nil && opts.White.Name() != "exact"
	if !heuristic && !r.ExactUnder(rules.Japanese) {
		return nil, r.notExact()
	}
	if heuristic && !opts.Heuristic && !r.Exact() {
		return nil, r.notExact()
	}
	for _, c := range []rules.Counting{rules.Japanese, rules.Chinese} {
		var rec *play.Record
		var err error
		if heuristic {
			if c == rules.Chinese && (r.Totals == nil || !r.Totals.ChineseOK) {
				break
			}
			a := r.Analysis
			base := 0
			if c == rules.Japanese {
				base = a.Prisoners[board.Black] - a.Prisoners[board.White]
			}
			rec, err = play.PlayThermostrat(a, first, play.ThermostratOptions{Counting: c, Base: base})
		} else {
			g, gerr := r.Decision.Game(c)
			if gerr != nil {
				if c == rules.Chinese {
					break // no exact Chinese score: no area play-out
				}
				return nil, gerr
			}
			rec, err = play.PlayGame(g, first, play.GameOptions{})
		}
		if err != nil {
			return nil, fmt.Errorf("play-out with the ko ban (%s): %w", c.Words(), err)
		}
		if c == rules.Japanese {
			out.Territory, out.Japanese = rec, *rec.Result.Score
		} else {
			out.Area = rec
			x, _ := rec.Result.Score.Int64()
			out.Chinese = int(x)
		}
	}
	return out, nil
}

// FinalArea counts the area of the playing area on the board a play-out
// of the report's tiles ends on (the walls as they were, each tile's
// points as the play-out left them), as area counting does, by rule and
// not by game values: dead stones are removed, then every stone counts
// for its owner and every empty point whose empty region touches stones
// of one colour only counts for that colour. Black minus White. A stone
// joined to an immortal block is immortal (the Mathematical Go rule); it
// counts as a stone of the playing area. A mortal block is dead when it
// lies in a region (a connected set of points that are not immortal)
// bounded by the opponent's immortal stones only and is not pass-alive
// (Benson, immortal stones as anchors): at the end of the game it cannot
// escape the walls and has no two eyes, so the opponent captures it at
// no cost under area counting.
func (r *Report) FinalArea(rec *play.Record) (int, error) {
	b := r.Board()
	n := b.Size()
	final, err := board.New(b.Cols(), b.Rows())
	if err != nil {
		return 0, err
	}
	imm := make([]bool, n)
	for p := range n {
		final.Setup(board.Point(p), b.At(board.Point(p)))
		imm[p] = r.Analysis.Immortal[p]
	}
	for _, c := range rec.FinalComponents {
		l, ok := play.GoLocal(c.Local)
		if !ok {
			continue // the settled pseudo-component: no points
		}
		for _, p := range l.Points() {
			final.Setup(p, l.At(p))
		}
	}
	cells := make([]board.Color, n)
	for p := range n {
		cells[p] = final.At(board.Point(p))
	}
	// Stones joined to an immortal block are immortal.
	var stack []board.Point
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
	alive, _ := life.BensonAnchored(final, imm)
	// Dead stones: mortal, not pass-alive, in a region walled by the
	// opponent alone.
	seen := make([]bool, n)
	for start := range n {
		if seen[start] || imm[start] {
			continue
		}
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
		enemy := board.Empty
		switch walls {
		case 1:
			enemy = board.White
		case 2:
			enemy = board.Black
		}
		for _, p := range region {
			if enemy != board.Empty && cells[p] == enemy && !alive[p] {
				cells[p] = board.Empty // dead: removed
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
	done := make([]bool, n)
	for start := range n {
		if r.Analysis.Immortal[start] || done[start] {
			continue // the walls are not the playing area
		}
		if cells[start] != board.Empty {
			score += sign(cells[start])
			continue
		}
		part := []board.Point{board.Point(start)}
		done[start] = true
		touch := 0
		for i := 0; i < len(part); i++ {
			for _, q := range b.Neighbors(part[i]) {
				switch cells[q] {
				case board.Black:
					touch |= 1
				case board.White:
					touch |= 2
				default:
					if !done[q] && !r.Analysis.Immortal[q] {
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
	return score, nil
}
