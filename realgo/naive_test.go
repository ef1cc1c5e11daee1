package realgo

import (
	"math/rand"
	"testing"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
)

// naive is a plain minimax over the same rules: every legal move (outside
// pass-alive territory when prune is set) and the pass at every node, no
// transposition table, no move ordering, no MTD(f), no cheap bounds at the
// leaves. A repeated position
// on the path is worth -inf (upper false) or +inf (upper true); a leaf with
// unknown statuses takes its lower or upper bound likewise. It shares only
// the end-of-game scoring (evaluator) with Solve.
type naive struct {
	b     *board.Board
	ev    *evaluator
	c     rules.Counting
	upper bool
	path  map[uint64]bool
	nodes int64
	limit int64
	over  bool
	prune bool
	g     *grid
	pa    paInfo
}

func (n *naive) value(toMove board.Color, passes int) int {
	n.nodes++
	if n.nodes > n.limit {
		n.over = true
		return 0
	}
	k := n.b.Hash() ^ sideKey[toMove] ^ koKey(n.b) ^ passKey[passes]
	if n.path[k] {
		if n.upper {
			return inf
		}
		return -inf
	}
	n.path[k] = true
	defer delete(n.path, k)
	best := inf + 1
	if toMove == board.Black {
		best = -inf - 1
	}
	consider := func(v int) {
		if toMove == board.Black {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	if n.prune {
		n.g.load(n.b)
		n.g.passAlive(&n.pa)
	}
	var terr []board.Color
	if n.prune {
		terr = append(terr, n.pa.terr...)
	}
	for p := 0; p < n.b.Size(); p++ {
		if n.prune && terr[p] != board.Empty {
			continue
		}
		if _, err := n.b.Play(board.Point(p), toMove); err != nil {
			continue
		}
		consider(n.value(toMove.Opponent(), 0))
		n.b.Undo()
	}
	if passes == 1 {
		consider(n.leaf())
	} else {
		n.b.Play(board.Pass, toMove)
		consider(n.value(toMove.Opponent(), 1))
		n.b.Undo()
	}
	return best
}

func (n *naive) leaf() int {
	if n.c == rules.Chinese {
		return n.ev.chinese()
	}
	l := n.ev.japanese()
	v := int(l.lo)
	if n.upper {
		v = int(l.hi)
	}
	return v + n.b.Prisoners(board.Black) - n.b.Prisoners(board.White)
}

// randomTiny returns a random partly filled small board whose blocks all
// have liberties.
func randomTiny(rng *rand.Rand, cols, rows, empties int) *position.Position {
	b, _ := board.New(cols, rows)
	for {
		b.Clear()
		n := cols * rows
		perm := rng.Perm(n)
		for _, p := range perm[empties:] {
			c := board.Black
			if rng.Intn(2) == 0 {
				c = board.White
			}
			b.Setup(board.Point(p), c)
		}
		ok := true
		for _, blk := range b.Blocks() {
			if b.Liberties(blk[0]) == 0 {
				ok = false
			}
		}
		if ok {
			return &position.Position{Board: b, Immortal: make([]bool, n), Name: "tiny"}
		}
	}
}

// TestSearchMatchesNaiveMinimax checks the optimized search (table, MTD(f),
// move ordering, cheap bounds at the leaves, repetition handling) against
// the plain minimax on small random endgames, both countings, both sides
// first. (The plain minimax keeps the pruning inside pass-alive territory:
// without it a whole board is out of its reach, since filling one's own
// eyes opens endless capture fights; TestPruningChangesNothing checks the
// pruning.)
func TestSearchMatchesNaiveMinimax(t *testing.T) {
	rng := rand.New(rand.NewSource(20111))
	cases, exact, skipped := 0, 0, 0
	sizes := [][3]int{{5, 5, 5}, {6, 5, 6}, {5, 6, 5}, {6, 6, 6}}
	n := 16
	if testing.Short() || !testlong.Enabled() {
		n = 6 // the fast tier; the long tier (MATHGO_LONG=1) compares 16
	}
	for i := 0; i < n; i++ {
		sz := sizes[i%len(sizes)]
		pos := RandomEndgame(rng, sz[0], sz[1], GenOptions{MinOpen: 2, MaxOpen: sz[2]})
		start := time.Now()
		res, err := Solve(pos, Options{MaxNodes: 200_000, NoMoves: true})
		if err != nil {
			t.Fatal(err)
		}
		_ = start
		for _, o := range res.Outcomes {
			cases++
			over := false
			b := pos.Board.Clone()
			b.SetKoRule(board.KoSimple)
			var evNodes int64
			ev := newEvaluator(b, &evNodes, DefaultStatusMaxNodes, 1<<62)
			nv := func(upper bool) int {
				n := &naive{b: b, ev: ev, c: o.Counting, upper: upper, path: map[uint64]bool{}, limit: 200_000, prune: true, g: newGrid(b)}
				v := n.value(o.First, 0)
				over = over || n.over
				return v
			}
			if !o.Known && o.Lower == -inf && o.Upper == inf {
				skipped++ // the search ran out of budget
				continue
			}
			lo, hi := nv(false), nv(true)
			if over {
				skipped++
				continue
			}
			switch {
			case o.Known:
				if lo != o.Score || hi != o.Score {
					t.Fatalf("%s\n%s: search says %d, plain minimax [%d, %d]", pos.Board, o.String(), o.Score, lo, hi)
				}
				exact++
			case lo == hi && lo > -inf/2 && lo < inf/2:
				t.Fatalf("%s\n%s: search unknown, plain minimax exact %d", pos.Board, o.String(), lo)
			default:
				if o.Lower > lo || o.Upper < hi {
					t.Fatalf("%s\n%s: search bounds [%d, %d] do not contain the plain minimax bounds [%d, %d]", pos.Board, o.String(), o.Lower, o.Upper, lo, hi)
				}
			}
		}
	}
	t.Logf("%d outcomes, %d compared (%d exact), %d skipped (plain minimax over its budget)", cases, cases-skipped, exact, skipped)
	if skipped > cases/4 || exact < (cases-skipped)*8/10 {
		t.Errorf("too few comparisons: %d outcomes, %d skipped, %d exact", cases, skipped, exact)
	}
}

// TestPrunedMovesNeverBest checks the pruning's claim where it can be
// checked: at the start of random endgames, no legal move inside
// pass-alive territory is worth more to its player than the best of the
// other moves and the pass (all values found by the search).
func TestPrunedMovesNeverBest(t *testing.T) {
	rng := rand.New(rand.NewSource(515))
	compared := 0
	for i := 0; i < 40 && compared < 150; i++ {
		size := 5 + i%3
		pos := RandomEndgame(rng, size, size, GenOptions{MaxOpen: 8})
		g := newGrid(pos.Board)
		g.load(pos.Board)
		var pa paInfo
		g.passAlive(&pa)
		for _, c := range []rules.Counting{rules.Japanese, rules.Chinese} {
			for _, first := range []board.Color{board.Black, board.White} {
				pr := newProblem(pos.Board, c, first, Options{MaxNodes: 60_000})
				better := func(a, b int) bool { // a better than b for first
					if first == board.Black {
						return a > b
					}
					return a < b
				}
				child := func(m board.Point) (int, bool) {
					passes := 0
					if m == board.Pass {
						passes = 1
					}
					if _, err := pr.b.Play(m, first); err != nil {
						return 0, false
					}
					lo, hi, over := pr.value(first.Opponent(), passes)
					pr.b.Undo()
					return lo, !over && lo == hi
				}
				best, ok := child(board.Pass)
				for p := 0; p < g.n && ok; p++ {
					m := board.Point(p)
					if pa.terr[p] != board.Empty || pr.b.At(m) != board.Empty {
						continue
					}
					if !pr.b.Legal(m, first) {
						continue
					}
					v, k := child(m)
					ok = ok && k
					if k && better(v, best) {
						best = v
					}
				}
				if !ok {
					continue
				}
				for p := 0; p < g.n; p++ {
					m := board.Point(p)
					if pa.terr[p] == board.Empty || pr.b.At(m) != board.Empty || !pr.b.Legal(m, first) {
						continue
					}
					v, k := child(m)
					if !k {
						continue
					}
					compared++
					if better(v, best) {
						t.Errorf("%s\n%s, %s first: %s inside pass-alive territory is worth %d, the best other move %d", pos.Board, c, first, pos.Board.Name(m), v, best)
					}
				}
			}
		}
	}
	t.Logf("%d pruned moves compared with the best other move", compared)
	if compared < 50 {
		t.Errorf("only %d pruned moves compared", compared)
	}
}
