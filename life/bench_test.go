package life

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/mathgo/mathgo/board"
)

// enclosed builds an enclosed life-and-death problem along the bottom edge
// of a board: an empty region of two rows by width points under a white
// group, inside an immortal black wall. With oneEye the white group
// already has a one-point eye in its wall, so it needs one more eye in the
// region (a one-eye problem); otherwise it needs two (a two-eye problem).
// It returns the board, the immortal stones and a white stone.
func enclosed(width int, oneEye bool) (*board.Board, []bool, board.Point) {
	rows := 4
	if oneEye {
		rows = 5
	}
	b, _ := board.New(width+2, rows)
	imm := make([]bool, b.Size())
	set := func(col, row int, c board.Color, immortal bool) {
		p := b.Pt(col, row)
		b.Setup(p, c)
		imm[p] = immortal
	}
	// White row above the region, closing its right end.
	for col := 0; col <= width; col++ {
		set(col, 2, board.White, false)
	}
	set(width, 1, board.White, false)
	set(width, 0, board.White, false)
	top := 3
	if oneEye {
		// A second white row with a one-point eye at B4.
		for col := 0; col <= width; col++ {
			if col != 1 {
				set(col, 3, board.White, false)
			}
		}
		top = 4
	}
	// Immortal black wall above and to the right.
	for col := 0; col < width+2; col++ {
		set(col, top, board.Black, true)
	}
	for row := 0; row < top; row++ {
		set(width+1, row, board.Black, true)
	}
	return b, imm, b.Pt(0, 2)
}

// BenchmarkEnclosed solves enclosed one-eye and two-eye problems of
// growing size (empty points = 2 x width, 6 to 22, attacker and defender
// first); the two-eye problems above 18 points take 10-20 s each.
func BenchmarkEnclosed(b *testing.B) {
	for _, oneEye := range []bool{true, false} {
		for width := 3; width <= 11; width++ {
			kind := "two-eye"
			if oneEye {
				kind = "one-eye"
			}
			bd, imm, target := enclosed(width, oneEye)
			b.Run(fmt.Sprintf("%s/empty=%d", kind, 2*width), func(b *testing.B) {
				nodes := 0
				for i := 0; i < b.N; i++ {
					r := Analyze(bd, target, Options{Immortal: imm, MaxNodes: 20_000_000, Timeout: 60 * time.Second})
					if r.Status == StatusUnknown {
						b.Fatalf("unknown: %s", r.Reason)
					}
					nodes = r.Nodes
				}
				b.ReportMetric(float64(nodes), "nodes")
			})
		}
	}
}

// TestEnclosedTable prints the benchmark table of the report (set
// LIFE_TABLE=1; it takes minutes).
func TestEnclosedTable(t *testing.T) {
	if os.Getenv("LIFE_TABLE") == "" {
		t.Skip("set LIFE_TABLE=1 to print the table of enclosed problems")
	}
	maxWidth := 11
	fmt.Printf("| problem | empty points | status | attacker first | defender first | nodes | time |\n|---|---|---|---|---|---|---|\n")
	for _, oneEye := range []bool{true, false} {
		for width := 3; width <= maxWidth; width++ {
			kind := "two-eye"
			if oneEye {
				kind = "one-eye"
			}
			bd, imm, target := enclosed(width, oneEye)
			r := Analyze(bd, target, Options{Immortal: imm, MaxNodes: 50_000_000, Timeout: 120 * time.Second})
			fmt.Printf("| %s | %d | %s | %s | %s | %d | %.2fs |\n", kind, 2*width, r.Status, r.AttackerFirst, r.DefenderFirst, r.Nodes, r.Elapsed.Seconds())
			if r.Status == StatusUnknown {
				break
			}
		}
	}
}
