package compose

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/library"
	"github.com/mathgo/mathgo/life"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/solve"
	"github.com/mathgo/mathgo/tiles"
)

// Options control Compose.
type Options struct {
	// DB is the tile library.
	DB *library.DB
	// Cols and Rows are the board's size.
	Cols, Rows int
	// Tiles is the number of tiles in the problem.
	Tiles int
	// Seed fixes the random choices: the same options give the same
	// problem.
	Seed uint64
	// Winner is the side that must win Mathematical Go whoever moves
	// first (Black or White); the problem has it to move.
	Winner board.Color
	// Candidates is the number of verified problems compared before the
	// most difficult is returned (0: 6); Attempts bounds the tries (0:
	// 400).
	Candidates, Attempts int
	// MaxArea bounds the tiles' areas (0: 5).
	MaxArea int
	// AlphaBetaNodes is the whole-board alpha-beta budget (0:
	// solve.DefaultMaxNodes); AlphaBetaMoves skips alpha-beta when more
	// moves remain (0: 22).
	AlphaBetaNodes, AlphaBetaMoves int
	// Progress, if set, is told how the search goes.
	Progress func(string)
}

// Problem is a composed and verified problem.
type Problem struct {
	// Diagram is the problem as a mathgo diagram (a whole board, stones
	// mortal: the walls live by Benson's algorithm).
	Diagram  string
	Position *position.Position
	Report   *endgame.Report
	Metrics  Metrics
	Line     *Line
	// Tiles are the library tiles placed.
	Tiles []placed
	// Decomposition is the decomposition's answer (Report.Decide);
	// AlphaBeta the whole-board search's, nil when it was out of reach
	// (AlphaBetaNote says why).
	Decomposition *solve.Result
	AlphaBeta     *solve.Result
	AlphaBetaNote string
	// ChilledTotal is the sum of the tiles' chilled values.
	ChilledTotal string
}

// Compose chooses tiles from the library whose chilled values add up to
// an infinitesimal that the asked side wins, places them on a real board
// with living walls, verifies the problem with the pipeline and both
// solve methods, and returns the most difficult of the candidates found.
func Compose(o Options) (*Problem, error) {
	if o.DB == nil {
		return nil, errors.New("compose: no library")
	}
	if o.Winner != board.Black && o.Winner != board.White {
		return nil, errors.New("compose: the winner must be black or white")
	}
	if o.Tiles < 2 {
		return nil, fmt.Errorf("compose: %d tiles: at least 2", o.Tiles)
	}
	if o.Cols < 5 || o.Rows < 5 || o.Cols > board.MaxSide || o.Rows > board.MaxSide {
		return nil, fmt.Errorf("compose: board %dx%d out of range (5..%d a side)", o.Cols, o.Rows, board.MaxSide)
	}
	if o.Candidates == 0 {
		o.Candidates = 6
	}
	if o.Attempts == 0 {
		o.Attempts = 400
	}
	if o.MaxArea == 0 {
		o.MaxArea = 5
	}
	if o.AlphaBetaMoves == 0 {
		o.AlphaBetaMoves = 22
	}
	pool, err := loadPool(o.DB, o.MaxArea)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x6d6174686f))
	var best *Problem
	bestScore := -1.0
	found := 0
	for attempt := 0; attempt < o.Attempts && found < o.Candidates; attempt++ {
		sel, ok := pool.choose(rng, o.Tiles, o.Winner)
		if !ok {
			continue
		}
		rows := make([]placed, len(sel))
		for i, s := range sel {
			rows[i] = placed{Row: pool.rows[s], Swap: pool.swap[s], Chilled: pool.chill[s]}
		}
		p, err := build(o, rng, rows)
		if err != nil {
			if o.Progress != nil {
				o.Progress(fmt.Sprintf("attempt %d: %v", attempt+1, err))
			}
			continue
		}
		found++
		s := score(p.Metrics)
		if o.Progress != nil {
			o.Progress(fmt.Sprintf("candidate %d (attempt %d): score %.2f, forced bits %.2f, unique plies %d, trap rate %.2f",
				found, attempt+1, s, p.Metrics.ForcedBits, p.Metrics.UniquePlies, p.Metrics.TrapRate))
		}
		if s > bestScore {
			best, bestScore = p, s
		}
	}
	if best == nil {
		return nil, fmt.Errorf("compose: no problem found in %d attempts (try a larger board, fewer tiles or another seed)", o.Attempts)
	}
	if err := checkAlphaBeta(o, best); err != nil {
		return nil, err
	}
	return best, nil
}

// placed is a library tile as the problem uses it: Swap reports that its
// colours are exchanged (its values negated).
type placed struct {
	library.Row
	Swap    bool
	Chilled cgt.Game
}

// score rates a problem's difficulty.
func score(m Metrics) float64 {
	s := m.ForcedBits + 2*float64(m.UniquePlies) + 10*m.TrapRate + float64(m.Disguise) + 3*m.Balance
	if m.HotstratLoses {
		s += 5
	}
	return s
}

// pool holds the library tiles the composer may use, indexed by the mean
// of their chilled values.
type pool struct {
	rows   []library.Row
	swap   []bool // the row is used with its colours exchanged
	chill  []cgt.Game
	byMean map[string][]int
	zero   []int // tiles whose chilled value is a zero-mean infinitesimal
}

// loadPool reads the usable tiles: valued, liveable, not settled, two to
// maxArea points, chilled value hot or infinitesimal.
func loadPool(db *library.DB, maxArea int) (*pool, error) {
	p := &pool{byMean: map[string][]int{}}
	for _, cls := range []string{"hot", "infinitesimal"} {
		rows, err := db.Query(library.Query{Class: cls, LiveableOnly: true, ValuedOnly: true, NoSettled: true})
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			if r.Area < 2 || r.Area > maxArea {
				continue
			}
			if segs, err := wallSegments(r); err != nil || segs > 2 {
				continue // walls in many pieces rarely all find room to live
			}
			g, err := cgt.Parse(*r.Chilled)
			if err != nil {
				return nil, fmt.Errorf("compose: tile %s: stored chilled value %q: %w", r.Key, *r.Chilled, err)
			}
			for _, sw := range []bool{false, true} {
				i := len(p.rows)
				v := g
				if sw {
					v = g.Neg()
				}
				p.rows = append(p.rows, r)
				p.swap = append(p.swap, sw)
				p.chill = append(p.chill, v)
				mean := v.Mean().String()
				p.byMean[mean] = append(p.byMean[mean], i)
				if v.IsInfinitesimal() {
					p.zero = append(p.zero, i)
				}
			}
		}
	}
	if len(p.rows) == 0 {
		return nil, errors.New("compose: the library has no usable tile (build it with --max-area 3 or more)")
	}
	return p, nil
}

// wallSegments counts the one-colour pieces of a tile's walls: stones of
// a colour joined side by side, or corner to corner through a point that
// is neither the area nor the other colour's wall.
func wallSegments(r library.Row) (int, error) {
	in, err := library.ParseInstance(r.OrientationOf(), r.Diagram)
	if err != nil {
		return 0, err
	}
	type pt = [2]int
	at := map[pt]byte{}
	for _, a := range in.AreaPoints() {
		at[pt{a.X, a.Y}] = '.'
	}
	walls := in.WallPoints()
	for _, w := range walls {
		at[pt{w.X, w.Y}] = w.Ch
	}
	parent := make([]int, len(walls))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			i = parent[i]
		}
		return i
	}
	n := len(walls)
	for i, a := range walls {
		for j := i + 1; j < len(walls); j++ {
			b := walls[j]
			if a.Ch != b.Ch {
				continue
			}
			dx, dy := b.X-a.X, b.Y-a.Y
			joined := false
			switch {
			case dx*dx+dy*dy == 1:
				joined = true
			case dx*dx == 1 && dy*dy == 1:
				for _, c := range []pt{{a.X + dx, a.Y}, {a.X, a.Y + dy}} {
					if ch, ok := at[c]; !ok || ch == a.Ch {
						joined = true
					}
				}
			}
			if joined {
				if x, y := find(i), find(j); x != y {
					parent[x] = y
					n--
				}
			}
		}
	}
	return n, nil
}

// choose picks n tiles: pairs whose chilled values cancel up to an
// infinitesimal (a tile and one of another shape with the opposite mean),
// then zero-mean infinitesimals, until the chilled total is an
// infinitesimal the winner wins whoever starts (positive for Black).
func (p *pool) choose(rng *rand.Rand, n int, winner board.Color) ([]int, bool) {
	want := cgt.Left
	if winner == board.White {
		want = cgt.Right
	}
	var sel []int
	total := cgt.Zero
	for len(sel)+2 <= n-1 || (len(sel)+2 <= n && rng.IntN(2) == 0) {
		a := rng.IntN(len(p.rows))
		cands := p.byMean[p.chill[a].Mean().Neg().String()]
		b := -1
		for k, c := range rng.Perm(len(cands)) {
			if k == 300 {
				break
			}
			c = cands[c]
			s := p.chill[a].Add(p.chill[c])
			if p.rows[c].Key != p.rows[a].Key && (s == cgt.Zero || s.IsInfinitesimal()) && (k > 150 || p.rows[c].Shape != p.rows[a].Shape) {
				b = c
				break
			}
		}
		if b < 0 {
			return nil, false
		}
		sel = append(sel, a, b)
		total = total.Add(p.chill[a]).Add(p.chill[b])
	}
	if len(p.zero) == 0 {
		return nil, false
	}
	for len(sel) < n-1 {
		z := p.zero[rng.IntN(len(p.zero))]
		sel = append(sel, z)
		total = total.Add(p.chill[z])
	}
	if len(sel) == n {
		return sel, total.IsInfinitesimal() && total.Outcome() == outcomeOf(want)
	}
	// The last tile decides: the total must be an infinitesimal the
	// winner wins whoever starts.
	for k, z := range rng.Perm(len(p.zero)) {
		if k == 300 {
			break
		}
		z = p.zero[z]
		t := total.Add(p.chill[z])
		if t.IsInfinitesimal() && t.Outcome() == outcomeOf(want) {
			return append(sel, z), true
		}
	}
	return nil, false
}

// outcomeOf is the outcome class in which p wins whoever starts.
func outcomeOf(p cgt.Player) cgt.Outcome {
	if p == cgt.Right {
		return cgt.OutcomeR
	}
	return cgt.OutcomeL
}

// build places the selected tiles, fills the board with living walls,
// and verifies the problem.
func build(o Options, rng *rand.Rand, pl []placed) (*Problem, error) {
	g, err := place(rng, o.Cols, o.Rows, pl)
	if err != nil {
		return nil, err
	}
	if err := g.fill(); err != nil {
		return nil, err
	}
	diagram := g.diagram(o.Winner)
	pos, err := position.Parse("composed", []byte(diagram))
	if err != nil {
		return nil, fmt.Errorf("compose: the diagram does not parse: %w", err)
	}
	return verify(o, pos, diagram, pl)
}

// Verify checks a problem position: every stone outside the tiles (and
// their eyes) is pass-alive by Benson's algorithm, the pipeline values it
// exactly, the chilled total is an infinitesimal, winner wins
// Mathematical Go whoever starts, and the decomposition (Report.Decide)
// says the same. It returns the report.
func Verify(pos *position.Position, winner board.Color) (*endgame.Report, error) {
	b := pos.Board
	alive, _ := life.Benson(b)
	r, err := endgame.Analyze(pos, endgame.Options{})
	if err != nil {
		return nil, err
	}
	if !r.Exact() {
		return nil, fmt.Errorf("compose: the pipeline cannot value the problem: %s", strings.Join(r.Problems, "; "))
	}
	inTile := make([]bool, b.Size())
	total := cgt.Zero
	for _, t := range r.Tiles() {
		total = total.Add(t.Chilled)
		if t.Kind == tiles.KindTerritory && len(t.Points) == 1 {
			continue // an eye
		}
		for _, p := range t.Points {
			inTile[p] = true
		}
	}
	if !total.IsInfinitesimal() {
		return nil, fmt.Errorf("compose: the chilled total is %s, not an infinitesimal", total)
	}
	for p := range b.Size() {
		pt := board.Point(p)
		if b.At(pt) != board.Empty && !inTile[p] && !alive[p] {
			return nil, fmt.Errorf("compose: the wall stone at %s is not pass-alive", b.Name(pt))
		}
	}
	asked := solve.Black
	if winner == board.White {
		asked = solve.White
	}
	if r.Winner(board.Black) != asked || r.Winner(board.White) != asked {
		return nil, fmt.Errorf("compose: the pipeline's winners are %s (Black first) and %s (White first), not %s", r.Winner(board.Black), r.Winner(board.White), asked)
	}
	dec := r.Decide(board.Empty)
	if dec.BlackFirst != asked || dec.WhiteFirst != asked {
		return nil, fmt.Errorf("compose: the decomposition says %s / %s", dec.BlackFirst, dec.WhiteFirst)
	}
	return r, nil
}

// verify checks a placed problem (Verify), that the pipeline finds the
// tiles placed with the library's values, and measures its difficulty.
func verify(o Options, pos *position.Position, diagram string, tilesPlaced []placed) (*Problem, error) {
	r, err := Verify(pos, o.Winner)
	if err != nil {
		return nil, err
	}
	var counts []string
	chilled := cgt.Zero
	for _, t := range r.Tiles() {
		if t.Kind == tiles.KindTerritory && len(t.Points) == 1 {
			continue // an eye
		}
		counts = append(counts, t.Count.String())
		chilled = chilled.Add(t.Chilled)
	}
	var want []string
	for _, t := range tilesPlaced {
		c, err := cgt.Parse(*t.Count)
		if err != nil {
			return nil, err
		}
		if t.Swap {
			c = c.Neg()
		}
		want = append(want, c.String())
	}
	slices.Sort(counts)
	slices.Sort(want)
	if !slices.Equal(counts, want) {
		return nil, fmt.Errorf("compose: the pipeline finds tiles %v, the library placed %v", counts, want)
	}
	m, line, err := measure(r)
	if err != nil {
		return nil, err
	}
	return &Problem{Diagram: diagram, Position: pos, Report: r, Metrics: m, Line: line, Tiles: tilesPlaced,
		Decomposition: r.Decide(board.Empty), ChilledTotal: chilled.String()}, nil
}

// checkAlphaBeta runs the whole-board alpha-beta search when the board
// has few enough moves left; a disagreement with the decomposition is an
// error (the problem is not published).
func checkAlphaBeta(o Options, p *Problem) error {
	moves := p.Decomposition.Moves
	if moves > o.AlphaBetaMoves {
		p.AlphaBetaNote = fmt.Sprintf("alpha-beta out of reach: %d moves remain (more than %d)", moves, o.AlphaBetaMoves)
		return nil
	}
	if o.Progress != nil {
		o.Progress(fmt.Sprintf("alpha-beta on %d moves", moves))
	}
	ab, err := solve.SolveAlphaBeta(p.Position, solve.Options{MaxNodes: o.AlphaBetaNodes, Progress: o.Progress})
	if err != nil {
		return fmt.Errorf("compose: alpha-beta: %w", err)
	}
	if !ab.Complete() {
		p.AlphaBetaNote = "alpha-beta out of reach: " + ab.Reason
		return nil
	}
	if ab.BlackFirst != p.Decomposition.BlackFirst || ab.WhiteFirst != p.Decomposition.WhiteFirst {
		return fmt.Errorf("compose: alpha-beta says %s / %s, the decomposition %s / %s: the problem is withdrawn",
			ab.BlackFirst, ab.WhiteFirst, p.Decomposition.BlackFirst, p.Decomposition.WhiteFirst)
	}
	p.AlphaBeta = ab
	p.AlphaBetaNote = fmt.Sprintf("alpha-beta agrees (%d positions)", ab.Nodes)
	return nil
}
