package tiles

import (
	"github.com/mathgo/mathgo/internal/testpos"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
)

// koText is a position whose only tile is a ko under Mathematical Go
// rules (no ko restriction).
const koText = "+-------+\n|# # # #|\n|# . . @|\n|@ . . @|\n+-------+\n"

// checkLocal checks, down to depth moves from l, that a Local is the game
// of its moves: its count is {counts after Black's moves | counts after
// White's moves}, its area likewise, a settled Local has no moves and its
// parts and stones agree with its points.
func checkLocal(t *testing.T, l *Local, depth int, path string) {
	t.Helper()
	var lc, rc, la, ra []cgt.Game
	areaOK := l.AreaOK
	for _, c := range []board.Color{board.Black, board.White} {
		moves, err := l.Moves(c)
		if err != nil {
			t.Fatalf("%s: moves: %v", path, err)
		}
		for _, m := range moves {
			if m.Color != c || m.Next == nil || l.At(m.Point) != board.Empty || m.Next.At(m.Point) == board.Empty && m.Captured == 0 {
				t.Fatalf("%s: bad move %+v", path, m)
			}
			if c == board.Black {
				lc, la = append(lc, m.Next.Count), append(la, m.Next.Area)
			} else {
				rc, ra = append(rc, m.Next.Count), append(ra, m.Next.Area)
			}
			areaOK = areaOK && m.Next.AreaOK
			if depth > 1 {
				checkLocal(t, m.Next, depth-1, path+" "+c.Letter()+" "+l.Name(m.Point))
			}
		}
	}
	if l.Chilled != l.Count.Chill() {
		t.Errorf("%s: chilled %s, count %s", path, l.Chilled, l.Count)
	}
	if l.Settled() {
		if len(lc)+len(rc) > 0 {
			t.Errorf("%s: settled but has moves", path)
		}
		if _, ok := l.Count.Number(); !ok {
			t.Errorf("%s: settled with count %s", path, l.Count)
		}
		return
	}
	if g := cgt.New(lc, rc); g != l.Count {
		t.Errorf("%s: count %s but its moves make %s", path, l.Count, g)
	}
	// Under area counting a part whose count is an integer is cold: worth
	// its count, whatever moves it has (see valueKeyed). A Local all of
	// whose parts are cold is worth its count plus its stones, less the
	// prisoners in the count; otherwise its area is the game of its moves
	// when no part is cold.
	cold, hot := 0, 0
	err := l.a.withHistory(l.tile, l.hist, func() error {
		for _, part := range l.parts {
			en, err := l.a.engine.value(part)
			if err != nil {
				return err
			}
			if isInteger(en.count) {
				cold++
			} else {
				hot++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	switch {
	case !areaOK:
	case hot == 0:
		want := l.Count.Add(cgt.Int(int64(l.stones - l.capB + l.capW)))
		if l.Area != want {
			t.Errorf("%s: cold, area %s, want count + stones - prisoners = %s", path, l.Area, want)
		}
	case cold == 0:
		if g := cgt.New(la, ra); g != l.Area {
			t.Errorf("%s: area %s but its moves make %s", path, l.Area, g)
		}
	}
	black, white := l.Stones()
	stones := 0
	for _, p := range l.Points() {
		switch l.At(p) {
		case board.Black:
			stones++
		case board.White:
			stones--
		}
	}
	if stones != len(black)-len(white) {
		t.Errorf("%s: Stones %d/%d, At %d", path, len(black), len(white), stones)
	}
}

func TestLocalMatchesAnalysis(t *testing.T) {
	files := testpos.Files(t, "positions", "problems")
	if len(files) < 20 {
		t.Fatalf("expected the bundled positions, found %d", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f.Path), func(t *testing.T) {
			a, err := Analyze(f.Pos, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, tl := range a.Tiles {
				l, err := a.Local(tl.ID)
				if err != nil {
					t.Fatal(err)
				}
				if l.ID() != tl.ID || l.Count != tl.Count || l.Chilled != tl.Chilled || l.AreaOK != tl.AreaOK ||
					(tl.AreaOK && l.Area != tl.Area.Add(cgt.Int(int64(tl.Stones)))) {
					t.Errorf("tile %s: local count %s chilled %s area %s, tile %s %s %s%+d", tl.ID, l.Count, l.Chilled, l.Area, tl.Count, tl.Chilled, tl.Area, tl.Stones)
				}
				if l.Settled() != (tl.Kind == KindTerritory) {
					t.Errorf("tile %s (%s): settled %v", tl.ID, tl.Kind, l.Settled())
				}
				// The moves are the best-play tree's first moves.
				root, err := a.Tree(tl.ID, 1)
				if err != nil {
					t.Fatal(err)
				}
				want := map[string]cgt.Game{}
				for _, ch := range root.Children {
					want[ch.Move] = ch.Count
				}
				got := map[string]cgt.Game{}
				for _, c := range []board.Color{board.Black, board.White} {
					ms, _ := l.Moves(c)
					for _, m := range ms {
						got[c.Letter()+" "+l.Name(m.Point)] = m.Next.Count
					}
				}
				if len(got) != len(want) {
					t.Errorf("tile %s: %d moves, the tree has %d", tl.ID, len(got), len(want))
				}
				for k, v := range want {
					if got[k] != v {
						t.Errorf("tile %s: %s leads to %s, the tree says %s", tl.ID, k, got[k], v)
					}
				}
				checkLocal(t, l, 3, tl.ID)
			}
		})
	}
}

func TestLocalParts(t *testing.T) {
	// A row of five dame between a Black and a White wall: a stone joins a
	// wall at once and cuts the row in two.
	a := analyzeText(t, "+---------+\n|# # # # #|\n|. . . . .|\n|@ @ @ @ @|\n+---------+\n", Options{})
	l, err := a.Local("A")
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Parts()) != 1 || len(l.Points()) != 5 {
		t.Fatalf("parts %v, points %v", l.Parts(), l.Points())
	}
	next, err := l.Play(mustPoint(t, a, "C2"), board.Black)
	if err != nil {
		t.Fatal(err)
	}
	if len(next.Parts()) != 2 || next.At(mustPoint(t, a, "C2")) != board.Black {
		t.Fatalf("after B C2: parts %v", next.Parts())
	}
	// Each side is two dame: * + * = 0, and the first stone did not score.
	if next.Count != cgt.Zero || l.Count != cgt.Star(1) {
		t.Errorf("count %s before, %s after", l.Count, next.Count)
	}
	// Area: the stone placed counts a point.
	if d, ok := next.Area.Number(); ok && d.Sign() <= 0 {
		t.Errorf("area after a Black stone: %s", next.Area)
	}
	if _, err := next.Play(mustPoint(t, a, "C2"), board.White); err == nil || !strings.Contains(err.Error(), "C2") {
		t.Errorf("playing on a stone: %v", err)
	}
	checkLocal(t, l, 5, "row")
}

func TestLocalCapturesAndFills(t *testing.T) {
	// A White stone in atari at the end of a Black corridor.
	a := analyzeText(t, "+-------+\n|@ # # #|\n|@ . O #|\n|@ # # #|\n+-------+\n", Options{})
	l, err := a.Local("A")
	if err != nil {
		t.Fatal(err)
	}
	next, err := l.Play(mustPoint(t, a, "B2"), board.Black)
	if err != nil {
		t.Fatal(err)
	}
	if b, w := next.Captures(); b != 1 || w != 0 {
		t.Errorf("captures %d/%d, want 1/0", b, w)
	}
	// One prisoner plus one point of territory (C2).
	if next.Count != cgt.Int(2) || !next.Settled() {
		t.Errorf("after the capture: count %s, settled %v", next.Count, next.Settled())
	}
	if ms, _ := next.Moves(board.White); len(ms) != 0 {
		t.Errorf("White has moves %v in settled territory", ms)
	}
	fills, err := next.Fills(board.Black)
	if err != nil || len(fills) != 1 || fills[0].Next.Count != cgt.Int(1) {
		t.Fatalf("Black's fills %+v, %v; want one, to count 1", fills, err)
	}
	if wf, _ := next.Fills(board.White); len(wf) != 0 {
		t.Errorf("White fills Black's territory: %v", wf)
	}
	if _, err := l.Fills(board.Empty); err == nil {
		t.Error("no error for a bad colour")
	}
}

func TestLocalErrors(t *testing.T) {
	a := analyzeText(t, koText, Options{})
	if _, err := a.Local("A"); err == nil || !strings.Contains(err.Error(), "cycle") {
		t.Errorf("ko tile: %v", err)
	}
	if _, err := a.Local("Q"); err == nil || !strings.Contains(err.Error(), "no tile") {
		t.Errorf("unknown tile: %v", err)
	}
}

func mustPoint(t *testing.T, a *Analysis, name string) board.Point {
	t.Helper()
	p, err := a.Board().ParsePoint(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
