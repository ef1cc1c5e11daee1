package life

import (
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
)

// retrograde decides a small life-and-death problem by brute force,
// independently of the df-pn search: every position reachable by moves on
// the points of region (and passes) is generated, with the ko ban of
// simple ko, and the winning set is computed backwards (an attractor).
// With passAlive false it reports whether the attacker, first to move
// after first, can force the capture of a target block (an endless game
// is a defender win); with passAlive true, whether the defender can force
// a position where every target block is pass-alive (Benson, with the
// immortal stones as anchors). Stones of ignoreKo (Empty for none) may
// retake a ko at once, as with unlimited external threats.
func retrograde(b *board.Board, region, targets []board.Point, first, ignoreKo board.Color, immortal []bool, passAlive bool) bool {
	b = b.Clone()
	b.SetKoRule(board.KoSimple)
	def := b.At(targets[0])
	att := def.Opponent()
	winner := att
	if passAlive {
		winner = def
	}
	type node struct {
		toMove board.Color
		succ   []int32
		goal   bool
	}
	var nodes []node
	ids := map[uint64]int32{}
	key := func(toMove board.Color) uint64 {
		k := b.Hash()*31 + uint64(toMove)
		if p, c := b.KoRecapture(); p != board.Pass {
			k ^= (uint64(p)+1)*0x9e3779b97f4a7c15 ^ uint64(c)*0x2545f4914f6cdd1d
		}
		return k
	}
	var bs bensonScratch
	var visit func(toMove board.Color) int32
	visit = func(toMove board.Color) int32 {
		k := key(toMove)
		if id, ok := ids[k]; ok {
			return id
		}
		id := int32(len(nodes))
		ids[k] = id
		nodes = append(nodes, node{toMove: toMove})
		for _, t := range targets {
			if b.At(t) != def {
				nodes[id].goal = !passAlive
				return id // captured: the game is over
			}
		}
		if passAlive {
			bs.run(b, def, immortal)
			safe := true
			for _, t := range targets {
				safe = safe && bs.aliveAt(t)
			}
			if safe {
				nodes[id].goal = true
				return id
			}
		}
		var succ []int32
		for _, p := range append(append([]board.Point(nil), region...), board.Pass) {
			if p != board.Pass && b.At(p) != board.Empty {
				continue
			}
			if toMove == ignoreKo {
				b.SetKoRule(board.KoNone)
			}
			_, err := b.Play(p, toMove)
			b.SetKoRule(board.KoSimple)
			if err != nil {
				continue
			}
			succ = append(succ, visit(toMove.Opponent()))
			b.Undo()
		}
		nodes[id].succ = succ
		return id
	}
	root := visit(first)
	win := make([]bool, len(nodes))
	left := make([]int, len(nodes))
	pred := make([][]int32, len(nodes))
	var queue []int32
	for i, n := range nodes {
		for _, s := range n.succ {
			pred[s] = append(pred[s], int32(i))
		}
		left[i] = len(n.succ)
		if n.goal {
			win[i] = true
			queue = append(queue, int32(i))
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, p := range pred[s] {
			if win[p] {
				continue
			}
			if nodes[p].toMove == winner {
				win[p] = true
				queue = append(queue, p)
			} else if left[p]--; left[p] == 0 {
				win[p] = true
				queue = append(queue, p)
			}
		}
	}
	return win[root]
}

// TestRetrograde checks the verdicts of small problems against the brute
// force of retrograde: attacker-first and defender-first outcomes, and
// life against seki.
func TestRetrograde(t *testing.T) {
	cases := []struct {
		name, diagram, targets, region string
		status                         string
	}{
		// square9-cut.txt with room outside the frame (the brute force
		// plays on the bare board, where the frame needs liberties).
		{"square9-cut", `
$$ | @ @ @ @ @ .
$$ | X X X . @ .
$$ | . . . X @ .
$$ | . . . X @ .
$$ | . . . X @ .
$$ +------------`, "A4 D1", "A1 B1 C1 A2 B2 C2 A3 B3 C3 D4", StatusSeki},
		{"snapback-corner", "", "C1", "A1 B1 E1 A2 B2", StatusUnsettled},
		{"j-shape-second-line", "", "B2", "A1 B1 C1 D1 E1 A2 A3 A4 A5 A6 C3", StatusAlive},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var pos *position.Position
			var err error
			if tc.diagram == "" {
				pos = readProblem(t, tc.name+".txt")
			} else if pos, err = position.Parse(tc.name, []byte(tc.diagram)); err != nil {
				t.Fatal(err)
			}
			b := pos.Board
			pts := func(s string) []board.Point {
				var out []board.Point
				for _, f := range strings.Fields(s) {
					p, err := b.ParsePoint(f)
					if err != nil {
						t.Fatal(err)
					}
					out = append(out, p)
				}
				return out
			}
			targets, region := pts(tc.targets), pts(tc.region)
			imm := immortalOf(pos)
			def := b.At(targets[0])
			att := def.Opponent()
			// Status from the brute force (no external threats; a ko
			// would show as a difference between the ignoreKo runs).
			kills := func(first, ignore board.Color) bool {
				return retrograde(b, region, targets, first, ignore, imm, false)
			}
			af, afKo := kills(att, board.Empty), kills(att, def) != kills(att, att)
			df, dfKo := kills(def, board.Empty), kills(def, def) != kills(def, att)
			if afKo || dfKo {
				t.Fatalf("the brute force sees a ko; this test handles none")
			}
			var want string
			switch {
			case !af && retrograde(b, region, targets, att, board.Empty, imm, true):
				want = StatusAlive
			case !af:
				want = StatusSeki
			case !df:
				want = StatusUnsettled
			default:
				want = StatusDead
			}
			if want != tc.status {
				t.Errorf("brute force: %s, recorded %s", want, tc.status)
			}
			r := AnalyzeGroup(b, targets, Options{Immortal: imm})
			if r.Status != want {
				t.Errorf("mathgo: %s, brute force %s", r.Status, want)
			}
		})
	}
}
