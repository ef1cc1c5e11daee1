package testpos

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
)

// Rows builds a whole-board position from rows of cells, top row first:
// '#' and '@' are immortal Black and White stones, 'X' and 'O' mortal
// ones, anything else empty. Unlike the diagram parser it accepts blocks
// without liberties (an enclosed immortal wall is fine in Mathematical
// Go). It panics on a board size the board package refuses.
func Rows(rows []string) *position.Position {
	h, w := len(rows), len(rows[0])
	b, err := board.New(w, h)
	if err != nil {
		panic(err) // unreachable from user input: test helper, fixed board sizes
	}
	imm := make([]bool, w*h)
	for y, row := range rows {
		for x, ch := range row {
			p := b.Pt(x, h-1-y)
			switch ch {
			case '#', 'X':
				b.Setup(p, board.Black)
			case '@', 'O':
				b.Setup(p, board.White)
			}
			imm[p] = ch == '#' || ch == '@'
		}
	}
	return &position.Position{Board: b, Immortal: imm, Name: "rows"}
}

// Random returns a small random position (3-6 columns, 3-4 rows):
// immortal stones of each colour on a quarter of the points each, mortal
// stones of each colour on mortalPct percent each, the rest empty, with
// between 1 and maxEmpty empty points and every mortal block with a
// liberty (a block is mortal when none of its stones is immortal).
func Random(r *rand.Rand, maxEmpty, mortalPct int) *position.Position {
	for {
		cols, rows := 3+r.IntN(4), 3+r.IntN(2)
		b, _ := board.New(cols, rows)
		imm := make([]bool, cols*rows)
		empty := 0
		for p := range cols * rows {
			switch x := r.IntN(100); {
			case x < 25:
				b.Setup(board.Point(p), board.Black)
				imm[p] = true
			case x < 50:
				b.Setup(board.Point(p), board.White)
				imm[p] = true
			case x < 50+mortalPct:
				b.Setup(board.Point(p), board.Black)
			case x < 50+2*mortalPct:
				b.Setup(board.Point(p), board.White)
			default:
				empty++
			}
		}
		if empty == 0 || empty > maxEmpty {
			continue
		}
		legal := true
		for _, blk := range b.Blocks() {
			mortal := true
			for _, s := range blk {
				mortal = mortal && !imm[s]
			}
			if mortal && b.Liberties(blk[0]) == 0 {
				legal = false
			}
		}
		if legal {
			return &position.Position{Board: b, Immortal: imm, Name: "random"}
		}
	}
}

// File is one bundled position file.
type File struct {
	Path string // relative to the test's package directory
	Data []byte
	Pos  *position.Position
}

// Files reads and parses every *.txt file in the given folders of the
// repository's testdata (for a test in a package one level below the
// repository root, as every mathgo package with tests is, or two levels
// for tiles/...). A file that cannot be read or parsed fails the test.
func Files(t testing.TB, dirs ...string) []File {
	t.Helper()
	root := filepath.Join("..", "testdata")
	if _, err := os.Stat(root); err != nil {
		root = filepath.Join("..", "..", "testdata")
	}
	var out []File
	for _, dir := range dirs {
		paths, err := filepath.Glob(filepath.Join(root, dir, "*.txt"))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			pos, err := position.Parse(p, data)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, File{Path: p, Data: data, Pos: pos})
		}
	}
	return out
}

// CorridorTable is the diagram of chapter 6's table (Rappaport): n copies
// of Black's blocked corridor of length 3 stacked on a 5-column board,
// White's wall on the right.
func CorridorTable(n int) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "// %d blocked corridors of length 3\n+---------+\n", n)
	for range n {
		sb.WriteString("|# # # # @|\n|# . . . @|\n")
	}
	sb.WriteString("|# # # # @|\n+---------+\n")
	return sb.String()
}

// GameEnd reads the game record at path (relative to the test's package)
// and returns it with its final position; any error fails the test.
func GameEnd(t testing.TB, path string) (*position.Game, *position.Position) {
	t.Helper()
	g, err := position.ReadGame(path)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := g.PositionAfter(-1)
	if err != nil {
		t.Fatal(err)
	}
	return g, pos
}

// DropRunVarying removes from a report decoded from analyze's JSON the
// fields that may differ between two runs of the same analysis: the
// timing, and the board search's node count and principal variations,
// of which only whether there is one is kept. When the search shares its
// questions between two cores, which core takes which question decides
// how many nodes are searched and which of several score-keeping moves a
// line follows (the table's best moves); the scores and the lists of
// optimal moves do not change.
func DropRunVarying(m map[string]any) {
	delete(m, "seconds")
	if s, ok := m["search"].(map[string]any); ok {
		delete(s, "nodes")
		if pv, ok := s["pv"].(map[string]any); ok {
			for k, v := range pv {
				pv[k] = v != nil
			}
		}
	}
}
