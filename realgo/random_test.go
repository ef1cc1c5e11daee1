package realgo

import (
	"fmt"
	"math/rand"
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/rules"
)

// randomBudget is the node budget of each outcome in TestRandomEndgames.
const randomBudget = 10_000

// TestRandomEndgames generates 300 random late endgames (5x5 to 7x7, fixed
// seed) and solves each with both countings and each side first within a
// node budget. It reports how many outcomes are decided and the
// distribution of the nodes, and checks what must hold of every decided
// outcome: the bounds are the score, the principal variation ends with two
// passes and its moves are legal, and the first move of the variation is
// among the optimal first moves.
func TestRandomEndgames(t *testing.T) {
	rng := rand.New(rand.NewSource(2011))
	n := 300
	if s := os.Getenv("REALGO_RANDOM_N"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	if testing.Short() || !testlong.Enabled() && os.Getenv("REALGO_RANDOM_N") == "" {
		n = 60 // the fast tier; the long tier (MATHGO_LONG=1) solves 300
	}
	var nodes []int64
	decided := map[rules.Counting]int{}
	total := map[rules.Counting]int{}
	for i := 0; i < n; i++ {
		size := 5 + i%3
		pos := RandomEndgame(rng, size, size, GenOptions{})
		first := board.Black
		if i%2 == 1 {
			first = board.White
		}
		res, err := Solve(pos, Options{First: first, MaxNodes: randomBudget})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range res.Outcomes {
			total[o.Counting]++
			nodes = append(nodes, o.Nodes)
			if !o.Known {
				if o.Lower > o.Upper {
					t.Errorf("position %d, %s: bounds [%d, %d] crossed", i, o.String(), o.Lower, o.Upper)
				}
				continue
			}
			decided[o.Counting]++
			if o.Lower != o.Score || o.Upper != o.Score {
				t.Errorf("position %d, %s: bounds [%d, %d]", i, o.String(), o.Lower, o.Upper)
			}
			checkPV(t, pos.Board, &o)
		}
	}
	slices.Sort(nodes)
	q := func(f float64) int64 { return nodes[int(f*float64(len(nodes)-1))] }
	t.Logf("%d positions: japanese decided %d/%d, chinese decided %d/%d (budget %d nodes per outcome); nodes: median %d, 90%% %d, max %d",
		n, decided[rules.Japanese], total[rules.Japanese], decided[rules.Chinese], total[rules.Chinese], randomBudget, q(0.5), q(0.9), q(1))
	if decided[rules.Japanese]+decided[rules.Chinese] < (total[rules.Japanese]+total[rules.Chinese])/2 {
		t.Errorf("fewer than half of the outcomes decided")
	}
}

// checkPV replays o's principal variation on a copy of b: every move is
// legal, the line ends with two passes, and its first move is optimal.
func checkPV(t *testing.T, b *board.Board, o *Outcome) {
	t.Helper()
	if len(o.PV) == 0 {
		t.Errorf("%s: no principal variation", o.String())
		return
	}
	if !slices.Contains(o.Best, o.PV[0]) {
		t.Errorf("%s: the variation's first move %s is not among the best %v", o.String(), b.Name(o.PV[0]), o.Best)
	}
	c := b.Clone()
	c.SetKoRule(board.KoSimple)
	toMove := o.First
	for i, m := range o.PV {
		if _, err := c.Play(m, toMove); err != nil {
			t.Errorf("%s: variation move %d (%s) illegal: %v", o.String(), i+1, c.Name(m), err)
			return
		}
		toMove = toMove.Opponent()
	}
	k := len(o.PV)
	if k < 2 || o.PV[k-1] != board.Pass || o.PV[k-2] != board.Pass {
		t.Errorf("%s: variation does not end with two passes: %v", o.String(), fmt.Sprint(moveNames(b, o.PV)))
	}
}
