package compose

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/play"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
)

// Metrics measure how hard a Mathematical Go problem is along its main
// line: exact play (play.Exact, under Mathematical Go rules, in count
// values) from the side to move. The first five fields are the
// contract's; the others explain them.
type Metrics struct {
	// ForcedBits is the sum, over the plies where the mover can win, of
	// log2(legal moves / winning moves): the information a solver must
	// find.
	ForcedBits float64 `json:"forcedBits"`
	// UniquePlies counts the plies with exactly one winning move.
	UniquePlies int `json:"uniquePlies"`
	// Balance is the share of the positions before the winner's moves in
	// which the chilled total is infinitesimal (or zero): the problem
	// stays balanced to the end.
	Balance float64 `json:"balance"`
	// Disguise counts the pairs of tiles of different shapes whose
	// chilled values are equal or opposite (and not numbers).
	Disguise int `json:"disguise"`
	// TrapRate is the share of the winner's plies at which hotstrat (the
	// hottest tile first) or greedy (the largest gain in mean count)
	// picks a losing move.
	TrapRate float64 `json:"trapRate"`

	// Plies is the main line's length; WinnerPlies the plies where the
	// mover can win.
	Plies       int `json:"plies"`
	WinnerPlies int `json:"winnerPlies"`
	// First is the side to move and Winner the Mathematical Go winner.
	First  string `json:"first"`
	Winner string `json:"winner"`
	// HotstratLoses reports that the winner playing hotstrat against
	// exact defence loses (the play-out `mathgo play --black/--white
	// hotstrat` makes, under Japanese counting, its Mathematical Go
	// winner read off the line).
	HotstratLoses bool `json:"hotstratLoses"`
	// Traps lists the plies (1-based) where a heuristic loses, with the
	// heuristic's move.
	Traps []Trap `json:"traps,omitempty"`
	// FirstWinning names the first mover's winning board moves (empty
	// when the first mover loses; moves in settled territory left out).
	FirstWinning []string `json:"firstWinning,omitempty"`
}

// Trap is a ply at which a heuristic's move loses.
type Trap struct {
	Ply       int    `json:"ply"`
	Heuristic string `json:"heuristic"`
	Move      string `json:"move"`
}

// Line is the main line with its tempting wrong moves, for writing the
// SGF solution.
type Line struct {
	// Moves are the main line's moves (board points), Players their
	// movers; a move in settled territory is left out of the board line
	// and ends it.
	Moves   []board.Point
	Players []board.Color
	// Wrong maps a ply (0-based) to the losing moves a heuristic makes
	// there, each with its refutation (exact play to the end).
	Wrong map[int][]Refuted
}

// Refuted is a losing move with its refutation.
type Refuted struct {
	Move       board.Point
	Heuristic  string
	Refutation []board.Point
}

// ErrNotExact is returned for a report that cannot be played exactly.
var ErrNotExact = errors.New("compose: the position is not exact")

// Difficulty measures the position of r with its side to move (Black if
// the position does not say); r must be exact.
func Difficulty(r *endgame.Report) (Metrics, error) {
	m, _, err := measure(r)
	return m, err
}

// measure computes the metrics and the main line with its refutations.
func measure(r *endgame.Report) (Metrics, *Line, error) {
	var m Metrics
	if !r.Exact() {
		return m, nil, fmt.Errorf("%w: %s", ErrNotExact, strings.Join(r.Problems, "; "))
	}
	sum, err := r.Sum()
	if err != nil {
		return m, nil, err
	}
	first := r.Position.ToMove
	if first != board.White {
		first = board.Black
	}
	m.First = colorName(first)
	w := r.Winner(first)
	m.Winner = string(w)
	m.Disguise = disguise(r)

	hot, err := play.StrategyByName("hotstrat")
	if err != nil {
		return m, nil, err
	}
	greedy, err := play.StrategyByName("greedy")
	if err != nil {
		return m, nil, err
	}
	sv := solve.NewSolver()
	comps := locals(sum)
	line := &Line{Wrong: map[int][]Refuted{}}
	p := solve.PlayerOf(first)
	balanced, winnerTurns := 0, 0
	boardLine := true
	for ply := 0; ; ply++ {
		cur := play.Sum{Components: comps}
		d, err := play.Choose(cur, p, rules.MathematicalGo, play.Exact(), sv)
		if errors.Is(err, play.ErrNoMove) {
			break
		}
		if err != nil {
			return m, nil, fmt.Errorf("compose: ply %d: %w", ply+1, err)
		}
		legal := 0
		for _, c := range comps {
			legal += len(c.Local.Moves(p))
		}
		values := make([]cgt.Game, len(comps))
		for i, c := range comps {
			values[i] = c.Local.Value()
		}
		canWin, err := sv.FirstWins(values, p)
		if err != nil {
			return m, nil, fmt.Errorf("compose: ply %d: %w", ply+1, err)
		}
		if canWin {
			winnerTurns++
			if infinitesimalTotal(values) {
				balanced++
			}
			wins, labels, err := winningMoves(comps, values, p, sv)
			if err != nil {
				return m, nil, fmt.Errorf("compose: ply %d: %w", ply+1, err)
			}
			if ply == 0 {
				m.FirstWinning = labels
			}
			if wins > 0 {
				m.ForcedBits += math.Log2(float64(legal) / float64(wins))
			}
			if wins == 1 {
				m.UniquePlies++
			}
			trapped := false
			for _, h := range []play.Strategy{hot, greedy} {
				hd, err := play.Choose(cur, p, rules.MathematicalGo, h, sv)
				if err != nil {
					return m, nil, fmt.Errorf("compose: ply %d: %s: %w", ply+1, h.Name(), err)
				}
				after := slices.Clone(values)
				after[hd.Move.Index] = hd.Move.After
				oppWins, err := sv.FirstWins(after, p.Opponent())
				if err != nil {
					return m, nil, fmt.Errorf("compose: ply %d: %w", ply+1, err)
				}
				if !oppWins {
					continue
				}
				trapped = true
				m.Traps = append(m.Traps, Trap{Ply: ply + 1, Heuristic: h.Name(), Move: hd.Move.Tile + ":" + hd.Move.Move.Label})
				if boardLine {
					if pt, ok := boardPoint(r, hd.Move); ok && !hasWrong(line.Wrong[ply], pt) {
						ref, err := refutation(r, comps, hd.Move, p, sv)
						if err != nil {
							return m, nil, err
						}
						line.Wrong[ply] = append(line.Wrong[ply], Refuted{Move: pt, Heuristic: h.Name(), Refutation: ref})
					}
				}
			}
			if trapped {
				m.TrapRate++
			}
		}
		if pt, ok := boardPoint(r, d.Move); ok && boardLine {
			line.Moves = append(line.Moves, pt)
			line.Players = append(line.Players, solve.ColorOf(p))
		} else {
			boardLine = false
		}
		comps = slices.Clone(comps)
		comps[d.Move.Index] = play.Component{Name: comps[d.Move.Index].Name, Local: d.Move.Move.Next}
		p = p.Opponent()
		m.Plies++
	}
	m.WinnerPlies = winnerTurns
	if winnerTurns > 0 {
		m.TrapRate /= float64(winnerTurns)
		m.Balance = float64(balanced) / float64(winnerTurns)
	}
	// The winner plays hotstrat against exact defence, as `mathgo play`
	// does.
	if w == solve.Black || w == solve.White {
		opts := endgame.PlayOptions{NoTiles: true}
		if w == solve.Black {
			opts.Black = hot
		} else {
			opts.White = hot
		}
		res, err := r.PlayOut(first, opts)
		if err != nil {
			return m, nil, fmt.Errorf("compose: hotstrat play-out: %w", err)
		}
		m.HotstratLoses = res.MGO != w
	}
	return m, line, nil
}

// locals returns a sum's components with its settled part as one more
// component (as play does).
func locals(sum play.Sum) []play.Component {
	out := slices.Clone(sum.Components)
	if sum.Settled.Sign() != 0 {
		out = append(out, play.Component{Name: play.SettledName, Local: play.Value(cgt.Number(sum.Settled))})
	}
	return out
}

// winningMoves counts p's moves after which the opponent, moving first,
// loses, and lists those on the board (not in settled territory), sorted.
func winningMoves(comps []play.Component, values []cgt.Game, p play.Player, sv *solve.Solver) (int, []string, error) {
	n := 0
	var labels []string
	for i, c := range comps {
		for _, mv := range c.Local.Moves(p) {
			after := slices.Clone(values)
			after[i] = mv.Next.Value()
			w, err := sv.FirstWins(after, p.Opponent())
			if err != nil {
				return 0, nil, err
			}
			if !w {
				n++
				if c.Name != play.SettledName {
					labels = append(labels, mv.Label)
				}
			}
		}
	}
	slices.Sort(labels)
	return n, labels, nil
}

// refutation plays exact play from after the losing candidate c to the
// end of the board moves.
func refutation(r *endgame.Report, comps []play.Component, c play.Candidate, p play.Player, sv *solve.Solver) ([]board.Point, error) {
	comps = slices.Clone(comps)
	comps[c.Index] = play.Component{Name: comps[c.Index].Name, Local: c.Move.Next}
	var out []board.Point
	q := p.Opponent()
	for {
		d, err := play.Choose(play.Sum{Components: comps}, q, rules.MathematicalGo, play.Exact(), sv)
		if errors.Is(err, play.ErrNoMove) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("compose: refutation: %w", err)
		}
		pt, ok := boardPoint(r, d.Move)
		if !ok {
			return out, nil
		}
		out = append(out, pt)
		comps = slices.Clone(comps)
		comps[d.Move.Index] = play.Component{Name: comps[d.Move.Index].Name, Local: d.Move.Move.Next}
		q = q.Opponent()
	}
}

func hasWrong(rs []Refuted, p board.Point) bool {
	for _, r := range rs {
		if r.Move == p {
			return true
		}
	}
	return false
}

// boardPoint returns the board point of a candidate (false for a move in
// the settled pseudo-component or a label that is no point).
func boardPoint(r *endgame.Report, c play.Candidate) (board.Point, bool) {
	if c.Tile == play.SettledName {
		return 0, false
	}
	pt, err := r.Board().ParsePoint(c.Move.Label)
	if err != nil {
		return 0, false
	}
	return pt, true
}

// infinitesimalTotal reports whether the chilled total of count values is
// infinitesimal or zero (false when the sum is too large to build).
func infinitesimalTotal(values []cgt.Game) bool {
	ch := make([]cgt.Game, len(values))
	for i, v := range values {
		ch[i] = v.Chill()
	}
	g, ok := solve.NewStops(0, 0).Canonical(ch)
	if !ok {
		return false
	}
	return g == cgt.Zero || g.IsInfinitesimal()
}

// disguise counts pairs of tiles of different shapes with equal or
// opposite chilled values that are not numbers.
func disguise(r *endgame.Report) int {
	ts := r.Tiles()
	b := r.Board()
	shape := make([]string, len(ts))
	for i, t := range ts {
		shape[i] = shapeKey(b, t.Points)
	}
	n := 0
	for i := range ts {
		for j := i + 1; j < len(ts); j++ {
			a, c := ts[i], ts[j]
			if a.Err != nil || c.Err != nil || a.Chilled.IsNumber() || c.Chilled.IsNumber() {
				continue
			}
			if (a.Chilled == c.Chilled || a.Chilled == c.Chilled.Neg()) && shape[i] != shape[j] {
				n++
			}
		}
	}
	return n
}

// shapeKey is the free polyomino of a set of points (smallest drawing
// over the eight symmetries).
func shapeKey(b *board.Board, pts []board.Point) string {
	best := ""
	for t := range 8 {
		xs := make([][2]int, len(pts))
		minX, minY := 1<<30, 1<<30
		for i, p := range pts {
			x, y := b.Coords(p)
			if t&1 != 0 {
				x = -x
			}
			if t&2 != 0 {
				y = -y
			}
			if t&4 != 0 {
				x, y = y, x
			}
			xs[i] = [2]int{x, y}
			minX, minY = min(minX, x), min(minY, y)
		}
		for i := range xs {
			xs[i][0] -= minX
			xs[i][1] -= minY
		}
		slices.SortFunc(xs, func(a, b [2]int) int {
			if a[1] != b[1] {
				return a[1] - b[1]
			}
			return a[0] - b[0]
		})
		var sb strings.Builder
		for _, x := range xs {
			fmt.Fprintf(&sb, "%d,%d;", x[0], x[1])
		}
		if s := sb.String(); best == "" || s < best {
			best = s
		}
	}
	return best
}

func colorName(c board.Color) string {
	if c == board.White {
		return "white"
	}
	return "black"
}
