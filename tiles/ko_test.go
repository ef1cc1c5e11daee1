package tiles

import (
	"errors"
	"slices"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt/loopy"
	"github.com/mathgo/mathgo/position"
)

// koTile analyzes a file and returns its one ko tile.
func koTile(t *testing.T, path string) (*Analysis, *Tile) {
	t.Helper()
	pos, err := position.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(pos, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ks := a.KoTiles()
	if len(ks) != 1 {
		t.Fatalf("%s: %d ko tiles, want 1 (problems %v)", path, len(ks), a.Problems)
	}
	return a, ks[0]
}

// TestKoValues: the one-point ko P and tile T2.2 of Rappaport's chapter 8
// get their loopy values from their position graphs. P = {1 + N | 0},
// N = {0 | -1 + P} is a{{1|a}|0} in CGSuite's notation, whose value is
// {2|0} & -1 (onside: Black wins every ko fight; offside: White does);
// chilled, Berlekamp's bounds 0 <= P <= 1/2 (Wolfe's thesis, p. 60, as
// Rappaport quotes it) are its offside and onside. T2.2 = {*, N | *, P}.
func TestKoValues(t *testing.T) {
	for _, c := range []struct {
		file, count, chilled, expr string
		nodes                      int
	}{
		{"../testdata/ko/one-point-ko-p.txt", "{2|0} & -1", "1/2 & 0", "a{{1|a}|0}", 4},
		{"../testdata/ko/t2-2.txt", "{1|*} & {*|-1}", "1/2 & -1/2", "{*, n{0|{n|-1}} | *, a{{1|a}|0}}", 11},
	} {
		_, tl := koTile(t, c.file)
		if tl.Kind != KindKo || tl.Ko == nil {
			t.Fatalf("%s: kind %s, ko %v", c.file, tl.Kind, tl.Ko)
		}
		var ce *CycleError
		if !errors.As(tl.Err, &ce) {
			t.Errorf("%s: Err = %v, want the *CycleError", c.file, tl.Err)
		}
		if got := tl.Ko.Count.String(); got != c.count {
			t.Errorf("%s: count %s, want %s", c.file, got, c.count)
		}
		if got := tl.Ko.Chilled.String(); got != c.chilled {
			t.Errorf("%s: chilled %s, want %s", c.file, got, c.chilled)
		}
		want, err := loopy.Parse(c.expr)
		if err != nil {
			t.Fatal(err)
		}
		if eq, err := loopy.Equal(tl.Ko.Count, want); err != nil || !eq {
			t.Errorf("%s: count %s differs from the hand-written game %s = %s", c.file, tl.Ko.Count, c.expr, want)
		}
		if n := len(tl.Ko.Graph.Nodes); n != c.nodes {
			t.Errorf("%s: %d positions in the graph, want %d", c.file, n, c.nodes)
		}
	}
}

// TestKoGraphBans: the ko captures of P's graph carry the simple ko ban,
// and no other move does.
func TestKoGraphBans(t *testing.T) {
	a, tl := koTile(t, "../testdata/ko/one-point-ko-p.txt")
	g := tl.Ko.Graph
	b := a.Board()
	c2, _ := b.ParsePoint("C2")
	d2, _ := b.ParsePoint("D2")
	bans := 0
	for _, n := range g.Nodes {
		for _, m := range n.Moves {
			if m.Ban == board.Pass {
				continue
			}
			bans++
			if m.Captured != 1 || !((m.Point == c2 && m.Ban == d2) || (m.Point == d2 && m.Ban == c2)) {
				t.Errorf("unexpected ban: %s bans %s", g.MoveName(m), b.Name(m.Ban))
			}
		}
	}
	if bans != 2 {
		t.Errorf("%d ko captures, want 2 (Black's take at C2, White's at D2)", bans)
	}
	cyc := g.Cycles()
	if !cyc[0] {
		t.Error("P is not marked as on a cycle")
	}
}

// TestKoGraphExpandShort: with ExpandShort the graph of a short tile is
// its whole position graph, with no cycle.
func TestKoGraphExpandShort(t *testing.T) {
	pos, err := position.ReadFile("../testdata/positions/corridor-blocked-3.txt")
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(pos, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range a.Tiles {
		if tl.Kind != KindTile && tl.Kind != KindCorridor {
			continue
		}
		g, err := a.PosGraph(tl.ID, GraphOptions{ExpandShort: true})
		if err != nil {
			t.Fatal(err)
		}
		if g.Nodes[0].Count != tl.Count {
			t.Errorf("tile %s: graph root count %s, tile count %s", tl.ID, g.Nodes[0].Count, tl.Count)
		}
		for i, c := range g.Cycles() {
			if c {
				t.Errorf("tile %s: position %d of a short tile is on a cycle", tl.ID, i)
			}
		}
		if len(g.Nodes) < 2 {
			t.Errorf("tile %s: %d positions", tl.ID, len(g.Nodes))
		}
	}
}

// TestPosGraphCutDrift: sending two, returning one shifts the prisoners
// every lap, so the tile has no value (Tile.Drift) and its graph is
// refused, unless it is cut (CutDrift): then it is finite, every position
// past the cut is folded onto one of the same contents whose balance is
// within the cut, and a graph without a drift is built as before.
func TestPosGraphCutDrift(t *testing.T) {
	pos, err := position.ReadFile("../testdata/ko/send-two-return-one.txt")
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(pos, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Tiles) != 1 || a.Tiles[0].Drift == nil || a.Tiles[0].Ko != nil || a.Tiles[0].Valued() {
		t.Fatalf("want one tile with a drift and no value, got %+v (problems %v)", a.Tiles, a.Problems)
	}
	tl := a.Tiles[0]
	if d := tl.Drift.Drift; d != 1 && d != -1 {
		t.Errorf("drift %d per lap, want one prisoner", d)
	}
	var de *DriftError
	if _, err := a.PosGraph(tl.ID, GraphOptions{ExpandShort: true}); !errors.As(err, &de) {
		t.Fatalf("uncut graph: %v, want a *DriftError", err)
	}
	for laps := range 3 {
		g, err := a.PosGraph(tl.ID, GraphOptions{ExpandShort: true, CutDrift: true, DriftLaps: laps})
		if err != nil {
			t.Fatalf("%d laps: %v", laps, err)
		}
		cuts := 0
		for i, n := range g.Nodes {
			if !n.Endless {
				continue
			}
			cuts++
			f := g.Nodes[n.Fold]
			if n.Moves != nil || f.Endless || !slices.Equal(f.Cells, n.Cells) || f.Balance == n.Balance {
				t.Errorf("%d laps: node %d (balance %d) folds onto node %d (balance %d, endless %v): want the same contents at another balance", laps, i, n.Balance, n.Fold, f.Balance, f.Endless)
			}
			if span := laps + 2; abs(n.Balance-f.Balance) <= span {
				t.Errorf("%d laps: node %d is cut %d from its fold, within the span %d", laps, i, n.Balance-f.Balance, span)
			}
		}
		if cuts == 0 {
			t.Errorf("%d laps: no position past the cut", laps)
		}
		t.Logf("%d laps: %d positions, %d past the cut", laps, len(g.Nodes), cuts)
	}
	// A tile without a drift: the same graph cut or not.
	ka, ko := koTile(t, "../testdata/ko/one-point-ko-p.txt")
	plain, err := ka.PosGraph(ko.ID, GraphOptions{ExpandShort: true})
	if err != nil {
		t.Fatal(err)
	}
	cut, err := ka.PosGraph(ko.ID, GraphOptions{ExpandShort: true, CutDrift: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(plain.Nodes) != len(cut.Nodes) {
		t.Errorf("a ko without a drift: %d positions cut, %d not", len(cut.Nodes), len(plain.Nodes))
	}
}

func abs(x int) int { return max(x, -x) }
