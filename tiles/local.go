package tiles

import (
	"fmt"
	"slices"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
)

// Local is a playable view of one tile of an analyzed position in its
// current position: the tile's points and the stones on them, its values
// and its legal moves. The tile is the original tile (its ID and points do
// not change); after a move its empty points and mortal stones may fall
// into several independent parts, and a Local is the sum of its parts,
// each valued by the analysis's table of positions.
//
// A Local is immutable: Moves gives new Locals. Locals share the
// analysis's search engine, so the Locals of one Analysis must not be
// used from several goroutines at once.
type Local struct {
	a    *Analysis
	tile *Tile
	hist []localMove // moves made in the tile since the analyzed position
	// cells are the contents of tile.Points (same order) now.
	cells []board.Color
	parts [][]board.Point
	// Count is the value of the tile under territory counting, Black
	// positive, prisoners taken inside the tile since the analyzed
	// position included (so it starts as Tile.Count and a move leads to
	// the option's value, as in the tile's best-play tree).
	Count cgt.Game
	// Chilled is Count chilled: the tile's chilled value evaluated on its
	// own (Rappaport's figures write values relative to the start, which
	// differ by one point per move made in the tile).
	Chilled cgt.Game
	// Area is the value of the tile's points under area counting: the
	// stones on them now (Black minus White) plus the area games of its
	// parts. It starts as Tile.Area + Tile.Stones. Valid when AreaOK.
	Area   cgt.Game
	AreaOK bool
	// capB and capW are the stones Black and White captured inside the
	// tile since the analyzed position; stones is the Black minus White
	// stone balance of the tile's points now.
	capB, capW int
	stones     int
	settled    bool
	// shape identifies the game of the tile's parts (ShapeKey).
	shape uint64
}

type localMove struct {
	p board.Point
	c board.Color
}

// LocalMove is one legal move in a Local.
type LocalMove struct {
	Point board.Point
	Color board.Color
	// Captured is the number of stones the move captures.
	Captured int
	// Next is the tile after the move.
	Next *Local
}

// Local returns the tile with the given ID in the analyzed position as a
// playable Local. A tile that could not be valued (a ko tile, a tile over
// the search budget) has no Local.
func (a *Analysis) Local(id string) (*Local, error) {
	t, err := a.valuedTile(id)
	if err != nil {
		return nil, err
	}
	if a.engine == nil {
		return nil, fmt.Errorf("tile %s: the analysis has no search engine", id)
	}
	var l *Local
	err = a.withHistory(t, nil, func() error {
		var err error
		l, err = a.newLocal(t, nil, 0, 0, t.Stones)
		return err
	})
	if err != nil {
		return nil, err
	}
	return l, nil
}

// withHistory replays hist on the engine (from the analyzed position),
// runs f and takes the moves back.
func (a *Analysis) withHistory(t *Tile, hist []localMove, f func() error) error {
	a.engineMu.Lock()
	defer a.engineMu.Unlock()
	e := a.engine
	defer e.Undo(e.Mark())
	for _, m := range hist {
		if _, ok := e.Play(m.p, m.c); !ok {
			return fmt.Errorf("tile %s: replaying %s %s: illegal move", t.ID, m.c, e.Geometry().Name(m.p))
		}
	}
	return f()
}

// newLocal builds the Local of the engine's current position of tile t,
// reached by hist.
func (a *Analysis) newLocal(t *Tile, hist []localMove, capB, capW, stones int) (*Local, error) {
	e := a.engine
	l := &Local{a: a, tile: t, hist: hist, capB: capB, capW: capW, stones: stones}
	l.cells = make([]board.Color, len(t.Points))
	for i, p := range t.Points {
		l.cells[i] = e.At(p)
	}
	l.parts = e.Components(t.Points)
	count := []cgt.Game{cgt.Int(int64(capB - capW))}
	area := []cgt.Game{cgt.Int(int64(stones))}
	l.AreaOK, l.settled = true, true
	for _, part := range l.parts {
		l.shape += partShape(e, part)
		en, err := e.value(part)
		if err != nil {
			return nil, fmt.Errorf("tile %s: %w", t.ID, err)
		}
		count = append(count, en.count)
		l.settled = l.settled && en.settled
		if l.AreaOK = l.AreaOK && en.areaOK; l.AreaOK {
			area = append(area, en.area)
		}
	}
	l.Count = cgt.Sum(count...)
	l.Chilled = l.Count.Chill()
	if l.AreaOK {
		l.Area = cgt.Sum(area...)
	}
	return l, nil
}

// partShape is a part's term of a Local's ShapeKey: a mix of the
// engine's key of the part (its contents, the board edges it touches and
// the immortal stones around it, wherever it lies), and of the value the
// territory claimed there gives it, if any (the one thing besides the key
// that the engine values a region by).
func partShape(e *engine, part []board.Point) uint64 {
	k := e.key(part)
	x := k.a ^ (k.b*0x94d049bb133111eb + 0x2545f4914f6cdd1d)
	if e.claimed != nil {
		if v, ok := e.claimedValue(part); ok {
			x ^= uint64(v+1)*0xd6e8feb86659fd93 + 0x9e3779b97f4a7c15
		}
	}
	return board.Mix(x) // the parts' terms are added: each must look random
}

// ShapeKey identifies the game the tile's position is, wherever the tile
// lies: the sum of a term per part (the part's contents, the board edges
// it touches and the walls around it, translated to a common origin), so
// that two Locals with the same key are the same sum of the same games,
// moves included, up to a translation of each part; the prisoners taken
// and the stones placed in the tile are not part of it (Captures,
// Balance). Tiles that are alike (two dames between the same walls) have
// the same key, and a search can take them for one another.
func (l *Local) ShapeKey() uint64 { return l.shape }

// Balance is what the tile's score holds besides its parts' games: the
// prisoners taken inside the tile since the analyzed position (Black's
// minus White's, part of Count) and the stones on its points (Black's
// minus White's, part of Area).
func (l *Local) Balance() (captures, stones int) { return l.capB - l.capW, l.stones }

// ID is the tile's ID (as analyze names it).
func (l *Local) ID() string { return l.tile.ID }

// Tile is the tile as analyzed.
func (l *Local) Tile() *Tile { return l.tile }

// Points are the tile's points, in reading order.
func (l *Local) Points() []board.Point { return l.tile.Points }

// At returns the contents of point p of the tile now (board.Empty for a
// point outside the tile).
func (l *Local) At(p board.Point) board.Color {
	if i := slices.Index(l.tile.Points, p); i >= 0 {
		return l.cells[i]
	}
	return board.Empty
}

// Stones returns the points of the tile with Black and White stones now
// (mortal stones, and stones played that joined a wall), in reading
// order.
func (l *Local) Stones() (black, white []board.Point) {
	for i, p := range l.tile.Points {
		switch l.cells[i] {
		case board.Black:
			black = append(black, p)
		case board.White:
			white = append(white, p)
		}
	}
	return black, white
}

// Parts returns the independent regions the tile consists of now (its
// points that are not immortal stones, by connected region), each sorted
// by point index. Settled territory is a part too; a tile whose every
// point has joined a wall has no parts.
func (l *Local) Parts() [][]board.Point { return l.parts }

// Captures returns the stones Black and White captured inside the tile
// since the analyzed position.
func (l *Local) Captures() (black, white int) { return l.capB, l.capW }

// Settled reports whether every part of the tile is settled territory (or
// the tile has no parts left): no move is worth considering there.
func (l *Local) Settled() bool { return l.settled }

// Moves returns the legal moves of c in the tile (Mathematical Go rules:
// no ko restriction, suicide illegal, immortal stones never captured), in
// reading order of their points. Settled territory has no moves here: its
// value is a number of points (see Fills). An error means the search
// engine could not value a position (which the analysis of the tile
// already did).
func (l *Local) Moves(c board.Color) ([]LocalMove, error) {
	return l.movesIn(c, func(en *entry, _, _ bool) bool { return !en.settled })
}

// Fills returns c's moves that fill his own settled territory in the
// tile (the parts that only c's immortal stones bound), in reading order:
// under Mathematical Go rules a player who has nothing better to do fills
// his own territory, one point per move, until one player cannot move.
// Each costs its player a point of count. Moves lists no such move.
func (l *Local) Fills(c board.Color) ([]LocalMove, error) {
	return l.movesIn(c, func(en *entry, black, white bool) bool {
		return en.settled && black != white && black == (c == board.Black)
	})
}

// movesIn returns c's legal moves in the parts for which want (given the
// part's value and the colours of the immortal stones around it) is true.
func (l *Local) movesIn(c board.Color, want func(en *entry, black, white bool) bool) ([]LocalMove, error) {
	if c != board.Black && c != board.White {
		return nil, fmt.Errorf("tile %s: bad colour %v", l.tile.ID, c)
	}
	a, e := l.a, l.a.engine
	var out []LocalMove
	err := a.withHistory(l.tile, l.hist, func() error {
		sign := 1
		if c == board.White {
			sign = -1
		}
		for _, part := range l.parts {
			en, err := e.value(part)
			if err != nil {
				return err
			}
			black, white := e.BoundaryColors(part)
			if !want(en, black, white) {
				continue
			}
			err = e.EachMove(part, c, func(p board.Point, captured, _ int) error {
				hist := append(slices.Clip(l.hist), localMove{p, c})
				capB, capW := l.capB, l.capW
				if c == board.Black {
					capB += captured
				} else {
					capW += captured
				}
				next, err := a.newLocal(l.tile, hist, capB, capW, l.stones+sign*(1+captured))
				if err != nil {
					return err
				}
				out = append(out, LocalMove{Point: p, Color: c, Captured: captured, Next: next})
				return nil
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	b := a.engine.Geometry()
	slices.SortFunc(out, func(x, y LocalMove) int { return b.ReadingCmp(x.Point, y.Point) })
	return out, nil
}

// Play returns the tile after c plays at p, or an error naming the point
// when the move is not legal there.
func (l *Local) Play(p board.Point, c board.Color) (*Local, error) {
	moves, err := l.Moves(c)
	if err != nil {
		return nil, err
	}
	for _, m := range moves {
		if m.Point == p {
			return m.Next, nil
		}
	}
	return nil, fmt.Errorf("tile %s: %s %s is not a legal move there", l.tile.ID, c, l.a.engine.Geometry().Name(p))
}

// Name returns the board name of point p (like "C3").
func (l *Local) Name(p board.Point) string { return l.a.engine.Geometry().Name(p) }
