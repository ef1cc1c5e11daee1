package endgame

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/realgo"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
)

// The board-search set (testdata/search/set): small whole boards, 5x5 to
// 9x9, on which some group lives only by answering inside the tiles (a
// push in its corridor, a throw-in, an eye-stealing move), so that before
// the board search mathgo refused them (a mortal wall joins its tile and
// the tile is too large to value). Each file holds the scores of realgo,
// the independent whole-board search, as `// expect japanese B W` and
// `// expect chinese B W` (Black first, White first; Chinese over the
// whole board). TestSearchSetRecords draws the set
// (MATHGO_SEARCHSET_WRITE=1); TestSearchSet holds analyze to it.

const searchSetDir = "../testdata/search/set"

// TestSearchSet: at least 80% of the set is answered exactly by analyze
// (within the default budgets; the target is 90%, see below), and
// every exact answer equals realgo's (the fast tier checks the first ten
// boards, the long tier all).
func TestSearchSet(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(searchSetDir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 40 {
		t.Fatalf("the board-search set has %d boards, want at least 40", len(files))
	}
	// The fast tier runs the first ten boards (each answered exactly
	// must equal realgo's); the long tier all of them, and requires 90%.
	all := len(files)
	files = files[:testlong.Pick(10, all)]
	exact := 0
	for _, f := range files {
		pos, err := position.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want, err := readExpect(f)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Analyze(pos, Options{NoRealCheck: true})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if !r.Exact() {
			t.Logf("%s: not exact: %s", filepath.Base(f), strings.Join(r.Problems, "; "))
			continue
		}
		exact++
		for i, first := range []board.Color{board.Black, board.White} {
			j, _ := r.Japanese(first)
			if j.Cmp(cgt.DyadicInt(int64(want[0][i]))) != 0 {
				t.Errorf("%s, %s first: analyze says Japanese %s, realgo %d", filepath.Base(f), first, j, want[0][i])
			}
			if c, ok := r.Chinese(first); ok {
				whole := c.Add(cgt.DyadicInt(int64(r.WallStones())))
				if whole.Cmp(cgt.DyadicInt(int64(want[1][i]))) != 0 {
					t.Errorf("%s, %s first: analyze says Chinese %s (+%d wall stones), realgo %d", filepath.Base(f), first, c, r.WallStones(), want[1][i])
				}
			}
		}
	}
	t.Logf("%d of %d boards answered exactly", exact, len(files))
	// Issue #32 asks for 90%: 42 of 44 since the walls that may have to
	// answer ko threats are searched with the region (2026-11-29), 44 of
	// 44 since the enhanced transposition cutoffs (2026-11-30).
	if len(files) == all && exact*10 < len(files)*9 {
		t.Errorf("%d of %d boards answered exactly, want at least 90%%", exact, len(files))
	}
}

// readExpect reads a file's `// expect japanese B W` and `// expect
// chinese B W` lines: [counting][Black first, White first].
func readExpect(path string) (out [2][2]int, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return out, err
	}
	seen := 0
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) != 5 || f[0] != "//" || f[1] != "expect" {
			continue
		}
		k := -1
		switch f[2] {
		case "japanese":
			k = 0
		case "chinese":
			k = 1
		}
		if k < 0 {
			continue
		}
		for i := range 2 {
			if out[k][i], err = strconv.Atoi(f[3+i]); err != nil {
				return out, fmt.Errorf("%s: %q: %v", path, line, err)
			}
		}
		seen |= 1 << k
	}
	if seen != 3 {
		return out, fmt.Errorf("%s: no `// expect japanese` and `// expect chinese` lines", path)
	}
	return out, nil
}

// TestSearchSetRecords draws the board-search set: random late endgames
// (realgo's generator, seed 4242, sizes 5x5 to 9x9 by turns of the draws) kept when
// analyze without the board search refuses them because a block inside a
// tile is not settled (with the cross-check's budgets), and realgo decides
// every score within 2 million nodes. Run with MATHGO_SEARCHSET_WRITE=1.
func TestSearchSetRecords(t *testing.T) {
	if os.Getenv("MATHGO_SEARCHSET_WRITE") == "" {
		t.Skip("set MATHGO_SEARCHSET_WRITE=1 to draw testdata/search/set")
	}
	if err := os.MkdirAll(searchSetDir, 0o755); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(4242))
	kept := 0
	for i := 0; kept < 44 && i < 5000; i++ {
		size := 5 + i%5
		pos := realgo.RandomEndgame(rng, size, size, realgo.GenOptions{MinOpen: 6, MaxOpen: 12})
		st := time.Now()
		r, err := Analyze(pos, Options{SolverNodes: 20_000, MaxPositions: 300_000, BoardSearchNodes: -1, NoRealCheck: true})
		t.Logf("draw %d (%dx%d): analyzed in %v", i, size, size, time.Since(st).Round(time.Millisecond))
		if err != nil || r.Exact() {
			continue
		}
		mortal := false
		for _, p := range r.Problems {
			mortal = mortal || (strings.HasPrefix(p, "block ") && strings.Contains(p, "is not settled"))
		}
		if !mortal {
			continue
		}
		res, err := realgo.Solve(pos, realgo.Options{NoMoves: true, MaxNodes: 2_000_000})
		if err != nil {
			t.Fatal(err)
		}
		var sc [2][2]int
		known := true
		for k, c := range []rules.Counting{rules.Japanese, rules.Chinese} {
			for j, first := range []board.Color{board.Black, board.White} {
				o := res.Get(c, first)
				known = known && o.Known
				sc[k][j] = o.Score
			}
		}
		t.Logf("draw %d: realgo in %v, known %v", i, time.Since(st).Round(time.Millisecond), known)
		if !known {
			continue
		}
		kept++
		var sb strings.Builder
		fmt.Fprintf(&sb, "// Board-search set, board %d: drawn by endgame.TestSearchSetRecords (realgo.RandomEndgame,\n", kept)
		fmt.Fprintf(&sb, "// seed 4242, draw %d); a block inside a tile lives only by answering there. Scores by realgo.\n", i)
		fmt.Fprintf(&sb, "// expect japanese %d %d\n// expect chinese %d %d\n", sc[0][0], sc[0][1], sc[1][0], sc[1][1])
		b := pos.Board
		sb.WriteString("+" + strings.Repeat("--", b.Cols()) + "-+\n")
		for row := b.Rows() - 1; row >= 0; row-- {
			sb.WriteString("|")
			for col := range b.Cols() {
				switch b.At(b.Pt(col, row)) {
				case board.Black:
					sb.WriteString(" X")
				case board.White:
					sb.WriteString(" O")
				default:
					sb.WriteString(" .")
				}
			}
			sb.WriteString(" |\n")
		}
		sb.WriteString("+" + strings.Repeat("--", b.Cols()) + "-+\n")
		name := filepath.Join(searchSetDir, fmt.Sprintf("%02d-%dx%d.txt", kept, size, size))
		if err := os.WriteFile(name, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s", name)
	}
}

// TestBoardSearchPruningKeepsScores: the board search's pruning (no move
// inside pass-alive territory, no filling of one's own one-point eye)
// changes no score on the first boards of the set: each score is found
// again with every legal move searched.
func TestBoardSearchPruningKeepsScores(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(searchSetDir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	files = files[:min(testlong.Pick(6, len(files)), len(files))]
	compared := 0
	for _, f := range files {
		pos, err := position.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Analyze(pos, Options{NoRealCheck: true, BoardSearchNodes: -1})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []rules.Counting{rules.Japanese, rules.Chinese} {
			for _, first := range []board.Color{board.Black, board.White} {
				var vals [2]solve.Score
				ok := true
				for i, noPruning := range []bool{false, true} {
					g, err := solve.NewBoardSearchGame(r.Analysis, pos.Board, c, solve.BoardSearchOptions{NoPruning: noPruning})
					if err != nil {
						t.Fatalf("%s: %v", f, err)
					}
					node, err := g.Start(first)
					if err != nil {
						t.Fatal(err)
					}
					if vals[i], err = node.Value(); err != nil {
						ok = false
					}
				}
				if !ok {
					continue
				}
				compared++
				if !vals[0].Lo.Equal(vals[1].Lo) {
					t.Errorf("%s, %s, %s first: %s with the pruning, %s without", filepath.Base(f), c, first, vals[0], vals[1])
				}
			}
		}
	}
	t.Logf("%d scores compared", compared)
	if compared == 0 {
		t.Error("no score compared")
	}
}

// TestSearchPrincipalVariation replays the principal variations the
// board search reports in a fresh game of the same region (a table of
// its own): every position along the line must have the score of the
// start, and the line must be made of legal moves.
func TestSearchPrincipalVariation(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(searchSetDir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	files = files[:testlong.Pick(4, len(files))]
	checked := 0
	for _, f := range files {
		pos, err := position.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Analyze(pos, Options{NoRealCheck: true})
		if err != nil {
			t.Fatal(err)
		}
		s := r.Decision.Search
		if !r.Exact() || s == nil {
			continue
		}
		g, err := solve.NewBoardSearchGame(r.Analysis, pos.Board, rules.Japanese, solve.BoardSearchOptions{Walls: s.Region.Walls})
		if err != nil {
			t.Fatal(err)
		}
		for i, first := range []board.Color{board.Black, board.White} {
			pv := s.PV[i]
			if len(pv) == 0 {
				t.Errorf("%s, %s first: no principal variation", filepath.Base(f), first)
				continue
			}
			n, err := g.Start(first)
			if err != nil {
				t.Fatal(err)
			}
			want, err := n.Value()
			if err != nil {
				t.Fatal(err)
			}
			for k, mv := range pv {
				opts, err := n.Options()
				if err != nil {
					t.Fatal(err)
				}
				var next solve.Node
				for _, o := range opts {
					c := n.ToMove()
					if c.Letter()+" "+o.Move.Label == mv {
						next = o.Next
					}
				}
				if next == nil {
					t.Fatalf("%s, %s first: move %d of the line, %s, is not a move of the game", filepath.Base(f), first, k+1, mv)
				}
				n = next
				got, err := n.Value()
				if err != nil {
					t.Fatalf("%s, %s first: after %s: %v", filepath.Base(f), first, strings.Join(pv[:k+1], " "), err)
				}
				if !got.Lo.Equal(want.Lo) {
					t.Errorf("%s, %s first: after %s the score is %s, not the start's %s", filepath.Base(f), first, strings.Join(pv[:k+1], " "), got, want)
					break
				}
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no principal variation checked")
	}
}
