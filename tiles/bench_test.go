package tiles

import (
	"github.com/mathgo/mathgo/internal/testpos"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/position"
)

// diagram turns rows of cells into a bordered whole-board diagram.
func diagram(rows []string) string {
	var sb strings.Builder
	w := len(rows[0])
	sb.WriteString("+" + strings.Repeat("-", 2*w-1) + "+\n")
	for _, r := range rows {
		sb.WriteString("|" + strings.Join(strings.Split(r, ""), " ") + "|\n")
	}
	sb.WriteString("+" + strings.Repeat("-", 2*w-1) + "+\n")
	return sb.String()
}

// tile14 is one tile of 14 empty points with walls of both colours and
// no ko: the hardest of 3,000 random 14-point regions (138,282 positions).
var tile14 = []string{
	"@@..@@@",
	"##..@@@",
	"@#@....",
	"@@..@@.",
	"@#@.@@.",
	"##@.@@@",
}

// rawPosition builds a whole-board position from rows of # @ X O . cells
// (see testpos.Rows).
func rawPosition(rows []string) *position.Position { return testpos.Rows(rows) }

// board40 returns a 19x19 board cut by immortal walls into 54 small
// tiles of one or two points in a row, walls of random colours (seeded).
func board40(seed uint64) []string {
	r := rand.New(rand.NewPCG(seed, 1))
	rows := make([][]byte, 19)
	for y := range rows {
		rows[y] = make([]byte, 19)
		for x := range rows[y] {
			rows[y][x] = "#@"[r.IntN(2)]
		}
	}
	for y := 1; y < 19; y += 2 {
		for left := 0; left+3 <= 19; left += 3 {
			n := 1 + r.IntN(2)
			for x := left + 1; x <= left+n; x++ {
				rows[y][x] = '.'
			}
		}
	}
	out := make([]string, 19)
	for i, row := range rows {
		out[i] = string(row)
	}
	return out
}

func benchAnalyze(b *testing.B, pos *position.Position, wantTiles int) {
	for b.Loop() {
		a, err := Analyze(pos, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if len(a.Tiles) < wantTiles || !a.Complete {
			b.Fatalf("%d tiles, complete %v, problems %v", len(a.Tiles), a.Complete, a.Problems)
		}
	}
}

func BenchmarkTile14(b *testing.B) { benchAnalyze(b, rawPosition(tile14), 1) }

func BenchmarkBoard19x19Tiles40(b *testing.B) { benchAnalyze(b, rawPosition(board40(5)), 40) }

func TestBenchPositionsAreValid(t *testing.T) {
	a, _ := Analyze(rawPosition(tile14), Options{})
	if len(a.Tiles) != 1 || len(a.Tiles[0].Points) != 14 || !a.Complete {
		t.Fatalf("tile14: %d tiles, problems %v", len(a.Tiles), a.Problems)
	}
	t.Logf("tile14: count %s chilled %s, %d positions, %v", a.Tiles[0].Count, a.Tiles[0].Chilled, a.Positions, a.Elapsed)
	a, _ = Analyze(rawPosition(board40(5)), Options{})
	if len(a.Tiles) < 40 {
		t.Fatalf("board40: %d tiles", len(a.Tiles))
	}
	t.Logf("board40: %d tiles, total count %s, chilled %s, %v", len(a.Tiles), totalCount(a), totalChilled(a), a.Elapsed)
}
