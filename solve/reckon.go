package solve

import (
	"fmt"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/realgo"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/tiles"
)

// Ending a game with a tile unsettled. Exact play with the ko ban
// (BanGame) ends by two passes; without more, only once every tile is
// settled. Real rules let both players pass with a ko or another tile still
// open and reckon the board as it stands: Japanese counting decides by
// hypothetical play which stones are dead, Chinese counting counts area.
// Where nobody wants to make the last move of a tile (a throw-in that gives
// a prisoner, a fill that loses a point), the two differ
// (testdata/ko/unsettled-end-6x6.txt). On a whole board (no declared
// stones, so that real rules are the rules asked about) the games with the
// ban therefore also let a second pass end the game with a tile unsettled,
// and reckon that end on the whole board as real rules do, with the
// reckoning of package realgo (realgo.Reckoner: the end-of-game life and
// death of the whole-board oracle, not its search). A reckoning it cannot
// finish is an interval, and the score is then exact only if no line
// depends on it. Before the games' values are trusted, the reckoning is
// checked on settled ends, where the tiles' counts are known: where the two
// disagree the scores are not stated.

// Budgets of the reckoning of unsettled ends: the ends reckoned, the nodes
// of one life-and-death question, and the nodes of all of them in one
// game. Past the first or the last, an end is an interval wide enough to
// hold any score (so the scores that depend on it are not stated).
const (
	maxReckonedEnds = 50_000
	reckonNodes     = 20_000
	reckonAllNodes  = 4_000_000
	reckonChecks    = 64 // settled ends on which the reckoning is checked
)

// endReckoner reckons the ends of one kind of game (one counting).
type endReckoner struct {
	d        *Decision
	counting rules.Counting
	base     int // Japanese: the prisoners taken before the position
	walls    int // Chinese: Black's wall stones less White's
	rk       *realgo.Reckoner
	scratch  *board.Board
	ends     int
	wide     int   // a bound beyond any score
	counted  int64 // the reckoner's nodes already added to the report's
}

// newEndReckoner returns the reckoner of unsettled ends of the games with
// the ban of a whole board's tiles under the counting (nil when the
// reckoning cannot be set up).
func newEndReckoner(d *Decision, a *tiles.Analysis, counting rules.Counting, base int) *endReckoner {
	b := a.Board()
	rk, err := realgo.NewReckoner(b.Cols(), b.Rows(), reckonNodes, reckonAllNodes)
	if err != nil {
		return nil
	}
	rk.AssumeAlive(a.Immortal)
	walls := WallStones(a)
	return &endReckoner{d: d, counting: counting, base: base, walls: walls, rk: rk, scratch: b.Clone(),
		wide: 4*b.Size() + abs(base) + abs(walls) + 8}
}

// option returns the End option of BanOptions (nil for a nil
// reckoner: the game settles every tile).
func (e *endReckoner) option() func(*BanGame, []int) (int, int) {
	if e == nil {
		return nil
	}
	return e.end
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// end reckons the game g ended with its tiles at nodes, a tile unsettled.
func (e *endReckoner) end(g *BanGame, nodes []int) (lo, hi int) {
	e.ends++
	if e.ends > maxReckonedEnds {
		return -e.wide, e.wide
	}
	lo, hi, ok := e.reckon(g, nodes)
	if !ok {
		return -e.wide, e.wide
	}
	return lo, hi
}

// reckon scores the whole board with the tiles at nodes.
func (e *endReckoner) reckon(g *BanGame, nodes []int) (lo, hi int, ok bool) {
	balance := 0
	for ti, pg := range g.Graphs {
		n := &pg.Nodes[nodes[ti]]
		for i, p := range pg.Tile.Points {
			e.scratch.Setup(p, n.Cells[i])
		}
		balance += n.Balance
	}
	if e.counting == rules.Chinese {
		v, err := e.rk.Chinese(e.scratch)
		if err != nil {
			return 0, 0, false
		}
		return v - e.walls, v - e.walls, true
	}
	l, h, err := e.rk.Japanese(e.scratch)
	if err != nil {
		return 0, 0, false
	}
	return e.base + balance + l, e.base + balance + h, true
}

// check compares the reckoning with the tiles' counts on up to
// reckonChecks settled ends of g: a disagreement means the reckoning of the
// unsettled ends cannot be trusted either.
//
// Only Chinese ends are checked. Under Japanese counting the literal rules
// put a living block that touches a dame point in seki (realgo), so a
// settled end with a dame left open may be reckoned below the tiles'
// count; no player lets that happen, since filling the dame costs nothing
// once every tile is settled, and a settled end stays the tiles' sum.
// Under Chinese counting a dead stone that the tiles take off at the end
// stays on the board for the reckoning unless captured in play, and a
// tile has no moves in settled territory to capture it: a disagreement
// there is a real one.
func (e *endReckoner) check(g *BanGame) error {
	if e.counting != rules.Chinese {
		return nil
	}
	checked := 0
	nodes := make([]int, len(g.Graphs))
	for s := int32(0); int(s) < g.States() && checked < reckonChecks; s++ {
		score, ok := g.Terminal(s)
		if !ok {
			continue
		}
		settled := true
		for ti, pg := range g.Graphs {
			nodes[ti] = g.Node(s, ti)
			if _, ok := SettledScore(&pg.Nodes[nodes[ti]], e.counting); !ok {
				settled = false
			}
		}
		if !settled {
			continue
		}
		checked++
		lo, hi, ok := e.reckon(g, nodes)
		if !ok || lo != hi {
			continue // the reckoning could not decide: nothing to compare
		}
		if lo != score {
			return fmt.Errorf("on a settled end the tiles count %d and the reckoning of real rules %d (%s counting)", score, lo, e.counting)
		}
	}
	return nil
}

// checked checks the reckoning on game g's settled ends (check) and adds
// the ends g reckoned to the report's count; a nil reckoner passes.
func (e *endReckoner) checked(g *BanGame) error {
	if e == nil || g == nil {
		return nil
	}
	if err := e.check(g); err != nil {
		return fmt.Errorf("the games with the ko ban cannot end with a tile unsettled as real rules do: %w", err)
	}
	e.d.Reckoned += g.Reckoned()
	e.d.Nodes += int(e.rk.Nodes() - e.counted)
	e.counted = e.rk.Nodes()
	return nil
}
