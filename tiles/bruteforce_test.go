package tiles

import (
	"github.com/mathgo/mathgo/internal/testpos"
	"math/rand/v2"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/position"
)

// mgoGame is a plain, independent implementation of the Mathematical Go
// game for the cross-check: the whole board, immortal stones (and stones
// joined to them) never captured, suicide illegal, no ko restriction, a
// prisoner may be handed back instead of passing, and the player who
// cannot move loses. It shares no code with the tile search.
type mgoGame struct {
	cols, rows int
	cells      []board.Color
	imm        []bool
	memo       map[string]bool
	nodes      int
}

func (g *mgoGame) nbrs(p int) []int {
	c, r := p%g.cols, p/g.cols
	var out []int
	if c > 0 {
		out = append(out, p-1)
	}
	if c < g.cols-1 {
		out = append(out, p+1)
	}
	if r > 0 {
		out = append(out, p-g.cols)
	}
	if r < g.rows-1 {
		out = append(out, p+g.cols)
	}
	return out
}

// group returns the block at p and whether it has a liberty.
func (g *mgoGame) group(p int) ([]int, bool) {
	col := g.cells[p]
	seen := map[int]bool{p: true}
	stack := []int{p}
	libs := false
	for i := 0; i < len(stack); i++ {
		for _, q := range g.nbrs(stack[i]) {
			if seen[q] {
				continue
			}
			switch g.cells[q] {
			case col:
				seen[q] = true
				stack = append(stack, q)
			case board.Empty:
				libs = true
			}
		}
	}
	return stack, libs
}

// move returns the state after c plays at p and the stones captured, or
// ok=false if the move is illegal.
func (g *mgoGame) move(p int, c board.Color) (cells []board.Color, imm []bool, captured int, ok bool) {
	if g.cells[p] != board.Empty {
		return nil, nil, 0, false
	}
	saveC, saveI := append([]board.Color(nil), g.cells...), append([]bool(nil), g.imm...)
	g.cells[p] = c
	for _, q := range g.nbrs(p) {
		if g.cells[q] == c.Opponent() {
			blk, libs := g.group(q)
			immortal := false
			for _, s := range blk {
				immortal = immortal || g.imm[s]
			}
			if !libs && !immortal {
				for _, s := range blk {
					g.cells[s] = board.Empty
				}
				captured += len(blk)
			}
		}
	}
	blk, libs := g.group(p)
	immortal := false
	for _, s := range blk {
		immortal = immortal || g.imm[s]
		for _, q := range g.nbrs(s) {
			immortal = immortal || (g.imm[q] && g.cells[q] == c)
		}
	}
	ok = libs || immortal || captured > 0
	if immortal {
		for _, s := range blk {
			g.imm[s] = true
		}
	}
	cells, imm = g.cells, g.imm
	g.cells, g.imm = saveC, saveI
	return cells, imm, captured, ok
}

// wins reports whether the player to move wins, holding the given
// prisoners (stones captured by each colour, usable as passes).
func (g *mgoGame) wins(toMove board.Color, pris [3]int, depth int) bool {
	key := make([]byte, 0, len(g.cells)+4)
	for i, c := range g.cells {
		b := byte(c)
		if g.imm[i] {
			b |= 4
		}
		key = append(key, b)
	}
	key = append(key, byte(toMove), byte(pris[1]), byte(pris[2]))
	if v, ok := g.memo[string(key)]; ok {
		return v
	}
	g.nodes++
	win := false
	if pris[toMove] > 0 {
		np := pris
		np[toMove]--
		if !g.wins(toMove.Opponent(), np, depth+1) {
			win = true
		}
	}
	for p := range g.cells {
		if win {
			break
		}
		cells, imm, captured, ok := g.move(p, toMove)
		if !ok {
			continue
		}
		oc, oi := g.cells, g.imm
		g.cells, g.imm = cells, imm
		np := pris
		np[toMove] += captured
		if !g.wins(toMove.Opponent(), np, depth+1) {
			win = true
		}
		g.cells, g.imm = oc, oi
	}
	g.memo[string(key)] = win
	return win
}

// randomPosition is a small random position with at most maxEmpty empty
// points (see testpos.Random).
func randomPosition(r *rand.Rand, maxEmpty int) *position.Position {
	return testpos.Random(r, maxEmpty, 3)
}

// TestBruteForceMGO compares the Mathematical Go winner that analyze
// derives from tile values with a plain search of the whole game, with
// both players first, on random small positions.
func TestBruteForceMGO(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	n := 400
	if testing.Short() || !testlong.Enabled() {
		n = 80 // the fast tier; the long tier (MATHGO_LONG=1) compares 400
	}
	compared, skipped, nodes := 0, 0, 0
	for i := 0; i < n; i++ {
		maxEmpty := 10
		if i%10 == 0 {
			maxEmpty = 14
		}
		pos := randomPosition(r, maxEmpty)
		a, err := Analyze(pos, Options{MaxPositions: 200000})
		if err != nil {
			t.Fatal(err)
		}
		if !a.Complete {
			skipped++ // a ko tile (small boards make many): Mathematical Go without a ko rule can loop
			continue
		}
		b := pos.Board
		g := &mgoGame{cols: b.Cols(), rows: b.Rows(), memo: map[string]bool{}}
		for p := range b.Size() {
			g.cells = append(g.cells, b.At(board.Point(p)))
		}
		g.imm = append([]bool(nil), pos.Immortal...)
		for _, first := range []board.Color{board.Black, board.White} {
			want := first.Opponent().String()
			if g.wins(first, [3]int{}, 0) {
				want = first.String()
			}
			if got := winner(a, first); got != want {
				t.Fatalf("position %d, %s first: analyze says %s wins (total %s), brute force says %s\n%s", i, first, got, totalCount(a), want, b)
			}
		}
		compared++
		nodes += g.nodes
	}
	if compared < n/4 {
		t.Fatalf("only %d of %d positions compared (%d ko)", compared, n, skipped)
	}
	t.Logf("%d positions compared with both players first (%d brute-force nodes), %d skipped as ko tiles", compared, nodes, skipped)
}
