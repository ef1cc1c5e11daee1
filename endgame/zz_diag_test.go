package endgame

import (
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/realgo"
	"github.com/mathgo/mathgo/rules"
)

func TestZZDiag(t *testing.T) {
	rng := rand.New(rand.NewSource(2026))
	n, _ := strconv.Atoi(os.Getenv("ZZN"))
	budget, _ := strconv.Atoi(os.Getenv("ZZB"))
	ex, cmp, bad := 0, 0, 0
	for i := range n {
		size := 5 + i%3
		pos := realgo.RandomEndgame(rng, size, size, realgo.GenOptions{MinOpen: 6, MaxOpen: 14})
		st := time.Now()
		r, err := Analyze(pos, Options{SolverNodes: 20_000, MaxPositions: 300_000, NoRealCheck: true, BoardSearchNodes: budget})
		if err != nil {
			t.Fatal(err)
		}
		el := time.Since(st).Round(time.Millisecond)
		srch := ""
		if r.Decision.Search != nil {
			srch = fmt.Sprintf("search %v nodes %d", r.Decision.Search.Exact, r.Decision.Search.Nodes)
		}
		verdict := ""
		if r.Exact() {
			ex++
			res, _ := realgo.Solve(pos, realgo.Options{NoMoves: true, MaxNodes: 2_000_000})
			for _, first := range []board.Color{board.Black, board.White} {
				jp := res.Get(rules.Japanese, first)
				ch := res.Get(rules.Chinese, first)
				if !jp.Known || !ch.Known {
					verdict += " oracle-unknown"
					continue
				}
				cmp++
				j, _ := r.Japanese(first)
				c, ok := r.Chinese(first)
				whole := c.Add(cgt.DyadicInt(int64(r.WallStones())))
				if j.String() != fmt.Sprint(jp.Score) || (ok && whole.String() != fmt.Sprint(ch.Score)) {
					bad++
					verdict += fmt.Sprintf(" BAD %s first: J %s vs %d, C %s vs %d\n%s", first, j, jp.Score, whole, ch.Score, pos.Board)
				} else {
					verdict += " ok"
				}
			}
		}
		fmt.Printf("%d %dx%d exact=%v %s %v |%s\n", i, size, size, r.Exact(), srch, el, verdict)
	}
	fmt.Printf("exact %d of %d, compared %d, bad %d\n", ex, n, cmp, bad)
}
