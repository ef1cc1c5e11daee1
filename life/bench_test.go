package life

import (
	"fmt"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/internal/testpos"
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
					r := Analyze(bd, target, Options{Immortal: imm, MaxNodes: 20_000_000})
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

// TestEnclosed solves the enclosed one-eye and two-eye problems of
// BenchmarkEnclosed (the table of the report is its log, go test -v) and
// checks that none is left unknown within 50,000,000 nodes and that more
// room never hurts the defender: once a width lives with the attacker
// first, every larger width does. The fast tier (and -short) stops at 12
// empty points (the larger two-eye problems take seconds each), the long
// tier (MATHGO_LONG=1) goes to width 11.
func TestEnclosed(t *testing.T) {
	maxWidth := 11
	if testing.Short() || !testlong.Enabled() {
		maxWidth = 6
	}
	t.Logf("| problem | empty points | status | attacker first | defender first | nodes | time |")
	for _, oneEye := range []bool{true, false} {
		kind := "two-eye"
		if oneEye {
			kind = "one-eye"
		}
		lived := 0
		for width := 3; width <= maxWidth; width++ {
			bd, imm, target := enclosed(width, oneEye)
			r := Analyze(bd, target, Options{Immortal: imm, MaxNodes: 50_000_000})
			t.Logf("| %s | %d | %s | %s | %s | %d | %.2fs |", kind, 2*width, r.Status, r.AttackerFirst, r.DefenderFirst, r.Nodes, r.Elapsed.Seconds())
			if r.Status == StatusUnknown {
				t.Fatalf("%s, %d empty points: unknown (%s)", kind, 2*width, r.Reason)
			}
			switch {
			case r.AttackerFirst == OutcomeLives && lived == 0:
				lived = width
			case r.AttackerFirst != OutcomeLives && lived > 0:
				t.Errorf("%s: lives with %d empty points but not with %d", kind, 2*lived, 2*width)
			}
		}
	}
}

// BenchmarkFinalBlock searches a block of a finished 19x19 game (the
// region around it is the whole open board) for a fixed 3000 nodes: the
// cost of a node there.
func BenchmarkFinalBlock(b *testing.B) {
	_, pos := testpos.GameEnd(b, "../testdata/finals/f19-02-kisei38-kudo-vs-morita.sgf")
	p, err := pos.Board.ParsePoint("B19")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if r := Analyze(pos.Board, p, Options{MaxNodes: 3000}); r.Status != StatusUnknown {
			b.Fatalf("B19 is %s: the benchmark needs a search that runs out of nodes", r.Status)
		}
	}
}
