package play

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
	"github.com/mathgo/mathgo/tiles"
)

func analyzeKoFile(t *testing.T, path string) *tiles.Analysis {
	t.Helper()
	pos, err := position.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err := tiles.Analyze(pos, tiles.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// pLabel names a P tile's position as Rappaport's Figure 8.3 does: P (the
// start, White's stone in the ko), 1+N (Black has taken: one prisoner, N
// left), 1 (Black has filled: won), 0 (White has filled).
func pLabel(n *tiles.PosNode) string {
	switch {
	case !n.Short && n.Balance == 0:
		return "P"
	case !n.Short:
		return "1+N"
	}
	return n.Count.String()
}

// prefer is strategy A of Figure 8.3 for Black (play in P before N,
// inP) or strategy B (N before P); White plays the first optimal move in
// tile order, as the figure's White does. It writes each move as the
// figure's row into rows: every ko tile's position after the move, a
// trailing k where a ko was just taken.
func prefer(inP bool, rows *[]string) func(n solve.Node, optimal []solve.Option) solve.Option {
	return func(n solve.Node, optimal []solve.Option) solve.Option {
		pick := func() solve.Option {
			if n.ToMove() == board.Black {
				graphs, nodes := n.(solve.TilePositions).Positions()
				for _, o := range optimal {
					if o.Move.IsPass() {
						continue
					}
					for ti, pg := range graphs {
						if pg.Tile.ID == o.Move.Tile && (pLabel(&pg.Nodes[nodes[ti]]) == "P") == inP {
							return o
						}
					}
				}
			}
			for _, o := range optimal {
				if !o.Move.IsPass() {
					return o
				}
			}
			return optimal[0]
		}
		o := pick()
		graphs, nodes := o.Next.(solve.TilePositions).Positions()
		var cells []string
		for ti, node := range nodes {
			if graphs[ti].Tile.Ko == nil {
				continue // the territories
			}
			l := pLabel(&graphs[ti].Nodes[node])
			if o.KoTaken && graphs[ti].Tile.ID == o.Move.Tile {
				l += "k"
			}
			cells = append(cells, l)
		}
		if !o.Move.IsPass() {
			*rows = append(*rows, fmt.Sprintf("%d: %s", len(*rows)+1, strings.Join(cells, " ")))
		}
		return o
	}
}

// TestFigure83 reproduces Rappaport's Figure 8.3 ("Mathematical Go: An
// Analysis", 1993, chapter 8): P + P + P played under go rules (a ko just
// taken may not be taken back at once), Japanese and Chinese counting,
// Black first with strategies A and B and White first. Every move of the
// figure is exactly optimal (keeps the value of the game with the ko
// ban), and Black wins by exactly one point under Japanese counting
// whoever moves first. Under area counting (the playing area) the same
// lines end at -2, one point better for Black than the -3 of the start
// (the figure's Chinese column writes 3 for a ko Black wins, the area 2
// plus the stone captured, and -2 for one White wins).
func TestFigure83(t *testing.T) {
	a := analyzeKoFile(t, "../testdata/ko/p-p-p.txt")
	for _, c := range []struct {
		name  string
		first board.Color
		inP   bool
		want  []string
	}{
		{"Black first, strategy A", board.Black, true, []string{
			"1: 1+Nk P P", "2: 1+N 0 P", "3: 1+N 0 1+Nk", "4: Pk 0 1+N", "5: P 0 1", "6: 0 0 1"}},
		{"Black first, strategy B", board.Black, false, []string{
			"1: 1+Nk P P", "2: 1+N 0 P", "3: 1 0 P", "4: 1 0 0"}},
		{"White first", board.White, true, []string{
			"1: 0 P P", "2: 0 1+Nk P", "3: 0 1+N 0", "4: 0 1 0"}},
	} {
		for _, counting := range []rules.Counting{rules.Japanese, rules.Chinese} {
			bg, err := solve.BanGameOf(a, counting, 0, 0, solve.BanOptions{Start: solve.NoBan})
			if err != nil {
				t.Fatalf("%s, %s: %v", c.name, counting, err)
			}
			// The two passes that end the game are not in the figure.
			var got []string
			rec, err := PlayGame(solve.NewBanScored(counting, bg, bg), c.first, GameOptions{Prefer: prefer(c.inP, &got)})
			if err != nil {
				t.Fatalf("%s, %s: %v", c.name, counting, err)
			}
			if strings.Join(got, "; ") != strings.Join(c.want, "; ") {
				t.Errorf("%s, %s:\n got %s\nwant %s", c.name, counting, strings.Join(got, "; "), strings.Join(c.want, "; "))
			}
			want := 1
			if counting == rules.Chinese {
				want = -2
			}
			if sc := rec.Result.Score; sc == nil || !sc.Equal(cgt.DyadicInt(int64(want))) || rec.Result.Exact == nil || !rec.Result.Exact.Score.Equal(cgt.DyadicInt(int64(want))) {
				t.Errorf("%s, %s: score %v (exact %v), want %d", c.name, counting, sc, rec.Result.Exact, want)
			}
		}
	}
}

// TestKoThermostrat: the komaster-aware thermostrat plays P + P + P to the
// end, never breaking the ko ban, and here reaches the exact result.
func TestKoThermostrat(t *testing.T) {
	a := analyzeKoFile(t, "../testdata/ko/p-p-p.txt")
	for _, first := range []board.Color{board.Black, board.White} {
		rec, err := PlayThermostrat(a, first, ThermostratOptions{Counting: rules.Japanese, MaxMoves: 30})
		if err != nil {
			t.Fatalf("%s first: %v", first, err)
		}
		if rec.Strategies != [2]string{"thermostrat", "thermostrat"} {
			t.Fatalf("strategies %v", rec.Strategies)
		}
		for i := 1; i < len(rec.Turns); i++ {
			p, q := rec.Turns[i-1], rec.Turns[i]
			if p.KoTaken && q.Move.Tile == p.Move.Tile && q.Captured == 1 {
				t.Errorf("%s first, move %d takes the ko back at once", first, q.N)
			}
		}
		t.Logf("%s first: %d moves -> %v", first, len(rec.Turns), rec.Result.Score)
		if sc := rec.Result.Score; sc == nil || !sc.Equal(cgt.DyadicInt(1)) {
			t.Errorf("%s first: thermostrat scores %v, exact play 1", first, sc)
		}
	}
}
