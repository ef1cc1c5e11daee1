package solve

import (
	"math/rand"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/life"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/tiles"
)

// TestStaticBoundHolds: the board search's static bound (staticBound)
// holds the exact score of the positions it is asked about. Random lines
// are played from the start of the board-search set's first boards and
// of Spight's problem (walls: the declared, frame and pass-alive blocks),
// and at each position reached the bound is compared with the score a
// search that never uses it (NoPruning) proves, with the valued tiles'
// numbers and with their moves played. The test also requires that the
// score lies at an end of the bound in some of them, so that a bound one
// point too tight would fail it, and that some of them have a valued tile
// that is not a number yet (counted at what play in it can leave).
func TestStaticBoundHolds(t *testing.T) {
	for _, c := range []rules.Counting{rules.Japanese, rules.Chinese} {
		t.Run(c.String(), func(t *testing.T) { testStaticBoundHolds(t, c) })
	}
}

func testStaticBoundHolds(t *testing.T, counting rules.Counting) {
	rng := rand.New(rand.NewSource(7))
	checked, tight := 0, 0
	open := 0  // bounds of positions with a valued tile that is not a number (reach)
	alive := 0 // bounds with the pass-alive blocks anchored (bensonApplies)
	for _, sg := range setGames(t, 8, counting, BoardSearchOptions{NoPruning: true, MaxNodes: 50_000}) {
		f, bg := sg.file, sg.g
		region := len(bg.region.Points)
		for walk := 0; walk < 6; walk++ {
			n := walkStart(t, bg, walk)
			// Deep enough that the exact search of what is left is small.
			for depth := 0; depth < 60 && !n.Done(); depth++ {
				opts, err := n.Options()
				if err != nil || len(opts) == 0 {
					break
				}
				n = opts[rng.Intn(len(opts))].Next.(*searchNode)
				if depth < region/2 {
					continue
				}
				v, err := n.Value()
				if err != nil {
					continue // past the budget: nothing to compare
				}
				s := bg.s
				x, _ := scaled(v.Lo)
				// Without and with the moves of the valued tiles whose
				// value is a number (a ko's threats).
				for _, numbers := range []bool{false, true} {
					s.load(n)
					s.withNumbers = numbers
					// The bound as the pruning search makes it (the
					// game's own search prunes nothing).
					s.noPrune = false
					lo, hi, ok := s.staticBound()
					if s.bensonApplies() {
						alive++
					}
					s.noPrune = true
					if !ok {
						continue
					}
					checked++
					if !numbers && !n.settled() {
						open++
					}
					if x < lo || x > hi {
						t.Fatalf("%s: after %d moves (%s to move, number tiles played %v) the score is %s, outside the static bound [%s, %s]:\n%s",
							filepath.Base(f), depth+1, n.toMove, numbers, v.Lo, unscale(lo), unscale(hi), n.b)
					}
					if x == lo || x == hi {
						tight++
					}
				}
			}
		}
	}
	t.Logf("%d bounds checked, %d with a valued tile that is not a number, %d with the pass-alive blocks, the score at an end of the bound in %d", checked, open, alive, tight)
	if checked < 50 || tight < 5 || open < 5 || counting == rules.Chinese && alive < 20 {
		t.Errorf("%d bounds checked, %d with a valued tile that is not a number, %d with the pass-alive blocks, the score at an end of the bound in %d: too few to test the bound", checked, open, alive, tight)
	}
}

// TestInheritedPassAlive: the pass-alive stones a move's position
// inherits from its parent without a Benson analysis (inherit, which
// childCutoff uses for a stone that captures nothing) are pass-alive in
// that position: a subset of its own (passAlive). Random lines of the
// board-search set and of Spight's problem under Chinese counting; at
// each position reached where the static bound anchors pass-alive stones,
// every stone move that captures nothing is tried. The test requires
// positions whose parent had pass-alive stones of both the mover's and
// the other colour's, and moves that dropped the mover's, so that each
// rule of inherit is met.
func TestInheritedPassAlive(t *testing.T) {
	checked, kept, dropped := 0, 0, 0
	walkMoves(t, rules.Chinese, 11, func(f string, s *searcher, opts []Option) {
		s.withNumbers = false
		if s.bensonApplies() {
			parent := slices.Clone(s.passAlive())
			mover := s.toMove
			var mine, theirs bool
			for p := range s.b.Size() {
				if bitAt(parent, p) && s.b.At(board.Point(p)) == mover {
					mine = true
				} else if bitAt(parent, p) {
					theirs = true
				}
			}
			for _, o := range opts {
				if o.Move.IsPass() || o.Move.Point == board.Pass || o.Short || o.Captured > 0 {
					continue
				}
				m := smove{kind: 0, p: o.Move.Point}
				u, ok := s.play(m)
				if !ok {
					continue
				}
				inh := slices.Clone(s.inherit(parent, m, mover))
				own := s.passAlive()
				for p := range s.b.Size() {
					if bitAt(inh, p) && !bitAt(own, p) {
						t.Fatalf("%s: after %s %s the stone at %s is inherited as pass-alive but is not:\n%s",
							filepath.Base(f), mover, s.b.Name(m.p), s.b.Name(board.Point(p)), s.b)
					}
				}
				checked++
				if mine && theirs {
					if slices.Equal(inh, parent) {
						kept++
					} else {
						dropped++
					}
				}
				s.unplay(m, u)
			}
		}
	})
	t.Logf("%d moves checked; with pass-alive stones of both colours: the mover's kept %d times, dropped %d", checked, kept, dropped)
	if checked < 100 || kept == 0 || dropped == 0 {
		t.Errorf("%d moves checked, the mover's pass-alive stones kept %d times and dropped %d: too few to test inherit", checked, kept, dropped)
	}
}

// TestChildBound: the board bound childCutoff finds for a move's position
// from its parent's (childBound) is the one found on the board after the
// move (boardBoundUncached): under Japanese counting, and under Chinese
// counting with the parent's pass-alive stones anchored (inherit, where
// childCutoff uses them: the stone has not two vital regions), for every
// stone move that captures nothing along random walks from the
// board-search set's boards and Spight's problem. It requires moves
// childBound answers for each side, and moves it leaves to the board (a
// stone next to an anchored one of its colour).
func TestChildBound(t *testing.T) {
	for _, c := range []rules.Counting{rules.Japanese, rules.Chinese} {
		t.Run(c.String(), func(t *testing.T) { testChildBound(t, c) })
	}
}

func testChildBound(t *testing.T, counting rules.Counting) {
	checked, left := 0, 0
	var side [3]int
	walkMoves(t, counting, 13, func(f string, s *searcher, opts []Option) {
		var parent []uint64
		if counting == rules.Chinese {
			s.withNumbers = false
			if !s.bensonApplies() {
				return
			}
			parent = slices.Clone(s.passAlive())
		}
		up, down := s.boardBoundUncached(parent)
		anchored := slices.Clone(s.anchored)
		mover := s.toMove
		for _, o := range opts {
			if o.Move.Point == board.Pass || o.Short || o.Captured > 0 {
				continue
			}
			m := smove{kind: 0, p: o.Move.Point}
			next, ok := s.childBound(up, down, anchored, m.p, mover)
			u, legal := s.play(m)
			if !legal {
				continue
			}
			switch {
			case parent != nil && life.MayBePassAlive(s.b, m.p, nil):
				// childCutoff finds this position's own pass-alive stones.
			case !ok:
				left++
			default:
				var alive []uint64
				if parent != nil {
					alive = s.inherit(parent, m, mover)
				}
				gotUp, gotDown := s.boardBoundUncached(alive)
				if next.up != gotUp || next.down != gotDown {
					t.Fatalf("%s: after %s %s the bound from the parent's is up %d, down %d; on the board up %d, down %d:\n%s",
						filepath.Base(f), mover, s.b.Name(m.p), next.up, next.down, gotUp, gotDown, s.b)
				}
				checked++
				side[mover]++
			}
			s.unplay(m, u)
		}
	})
	t.Logf("%d moves checked (%d Black's, %d White's), %d left to the board", checked, side[board.Black], side[board.White], left)
	if side[board.Black] < 100 || side[board.White] < 100 || left == 0 {
		t.Errorf("%d Black moves and %d White moves checked, %d left to the board: too few to test childBound", side[board.Black], side[board.White], left)
	}
}

// walkMoves plays 8 random lines of up to 80 moves from the start of each
// board search of setGames(12) under counting (budgets of 1,000 nodes),
// and calls visit at each position of them with its moves and the
// searcher loaded with it.
func walkMoves(t *testing.T, counting rules.Counting, seed int64, visit func(file string, s *searcher, opts []Option)) {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	for _, sg := range setGames(t, 12, counting, BoardSearchOptions{MaxNodes: 1000}) {
		for walk := 0; walk < 8; walk++ {
			n := walkStart(t, sg.g, walk)
			for depth := 0; depth < 80 && !n.Done(); depth++ {
				opts, err := n.Options()
				if err != nil || len(opts) == 0 {
					break
				}
				sg.g.s.load(n)
				visit(sg.file, sg.g.s, opts)
				n = opts[rng.Intn(len(opts))].Next.(*searchNode)
			}
		}
	}
}

// setGame is the board search of a bundled position.
type setGame struct {
	file string
	g    *boardSearchGame
}

// setGames returns the board searches (under counting, with opts) of the
// first n boards of the board-search set and of Spight's problem: those
// with a searched region.
func setGames(t *testing.T, n int, counting rules.Counting, opts BoardSearchOptions) []setGame {
	t.Helper()
	files, err := filepath.Glob("../testdata/search/set/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files[:min(n, len(files))], "../testdata/positions/forum/spight-2011.txt")
	var out []setGame
	for _, f := range files {
		pos, err := position.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		a, err := tiles.Analyze(pos, tiles.Options{MaxPositions: 20_000})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := RegionOf(a); err != nil {
			continue
		}
		g, err := NewBoardSearchGame(a, pos.Board, counting, opts)
		if err != nil {
			continue
		}
		out = append(out, setGame{file: f, g: g.(*boardSearchGame)})
	}
	return out
}

// walkStart is the start of random walk number walk: Black first on the
// even walks, White on the odd ones.
func walkStart(t *testing.T, g *boardSearchGame, walk int) *searchNode {
	t.Helper()
	first := board.Black
	if walk%2 == 1 {
		first = board.White
	}
	n, err := g.Start(first)
	if err != nil {
		t.Fatal(err)
	}
	return n.(*searchNode)
}
