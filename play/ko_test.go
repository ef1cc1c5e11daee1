package play

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
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

// preferP is strategy A of Figure 8.3 for Black (play in P before N),
// preferN strategy B (N before P); White plays the first optimal move in
// tile order, as the figure's White does.
func prefer(inP bool) KoPrefer {
	return func(g *solve.BanGame, s int32, moves []solve.BanMove) solve.BanMove {
		if g.ToMove(s) == board.Black {
			for _, m := range moves {
				if m.IsPass() {
					continue
				}
				n := &g.Graphs[m.Tile].Nodes[g.Node(s, m.Tile)]
				if (pLabel(n) == "P") == inP {
					return m
				}
			}
		}
		return KoPreferFirst(g, s, moves)
	}
}

// rows writes a play-out as Figure 8.3 lists it: one row per move, each
// tile's position, a trailing k where a ko was just taken.
func rows(rec *KoRecord) []string {
	var out []string
	for _, tn := range rec.Turns {
		var cells []string
		for ti, node := range tn.Nodes {
			if rec.Graphs[ti].Tile.Ko == nil {
				continue // the territories
			}
			l := pLabel(&rec.Graphs[ti].Nodes[node])
			if tn.KoTaken && rec.Tiles[ti] == tn.Tile {
				l += "k"
			}
			cells = append(cells, l)
		}
		out = append(out, fmt.Sprintf("%d: %s", tn.N, strings.Join(cells, " ")))
	}
	return out
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
			rec, err := PlayKo(a, c.first, KoPlayOptions{Counting: counting, Prefer: prefer(c.inP)})
			if err != nil {
				t.Fatalf("%s, %s: %v", c.name, counting, err)
			}
			// The two passes that end the game are not in the figure.
			got := rows(rec)
			for len(got) > 0 && strings.HasSuffix(rec.Turns[len(got)-1].Label, "pass") {
				got = got[:len(got)-1]
			}
			if strings.Join(got, "; ") != strings.Join(c.want, "; ") {
				t.Errorf("%s, %s:\n got %s\nwant %s", c.name, counting, strings.Join(got, "; "), strings.Join(c.want, "; "))
			}
			want := 1
			if counting == rules.Chinese {
				want = -2
			}
			if rec.Score != want || rec.Exact == nil || !rec.Exact.Exact() || rec.Exact.Lo != want {
				t.Errorf("%s, %s: score %d (exact %v), want %d", c.name, counting, rec.Score, rec.Exact, want)
			}
		}
	}
}

// TestKoThermostrat: the komaster-aware thermostrat plays P + P + P to the
// end, never breaking the ko ban, and here reaches the exact result.
func TestKoThermostrat(t *testing.T) {
	a := analyzeKoFile(t, "../testdata/ko/p-p-p.txt")
	for _, first := range []board.Color{board.Black, board.White} {
		rec, err := PlayKo(a, first, KoPlayOptions{Heuristic: true, MaxMoves: 30})
		if err != nil {
			t.Logf("%v", rows(rec))
			t.Fatalf("%s first: %v", first, err)
		}
		if rec.Strategy != "thermostrat" {
			t.Fatalf("strategy %s", rec.Strategy)
		}
		for i := 1; i < len(rec.Turns); i++ {
			p, q := rec.Turns[i-1], rec.Turns[i]
			if p.KoTaken && q.Tile == p.Tile && q.Captured == 1 {
				t.Errorf("%s first, move %d takes the ko back at once", first, q.N)
			}
		}
		t.Logf("%s first: %v -> %d", first, rows(rec), rec.Score)
		if rec.Score != 1 {
			t.Errorf("%s first: thermostrat scores %d, exact play 1", first, rec.Score)
		}
	}
}
