package endgame

import (
	"fmt"
	"testing"

	"github.com/mathgo/mathgo/solve"
)

// benchMaxNodes caps alpha-beta in the benchmarks: past it the result is
// unknown and the benchmark reports where the search stopped.
const benchMaxNodes = 3_000_000

// BenchmarkSolve solves the family of boards with 10, 15, 20, 25 and 30
// remaining moves (familyBoard: 2 to 6 tiles of five empty points) by
// both methods, with both players first, and the 19x19 endgame of 204
// remaining moves by decomposition. It reports the positions examined
// and whether the search finished ("solved" 1 or 0).
func BenchmarkSolve(b *testing.B) {
	for _, n := range []int{2, 3, 4, 5, 6} {
		pos := rowsPosition(familyBoard(n, 1))
		for _, m := range solve.Methods {
			b.Run(fmt.Sprintf("moves=%d/%s", 5*n, m), func(b *testing.B) {
				b.ReportAllocs()
				var res *solve.Result
				for b.Loop() {
					res = mustSolve(b, pos, m, solve.Options{MaxNodes: benchMaxNodes})
				}
				reportSolve(b, res)
			})
		}
	}
	b.Run("endgame19x19/decomposition", func(b *testing.B) {
		pos := mustRead(b, endgameFile)
		b.ReportAllocs()
		var res *solve.Result
		for b.Loop() {
			res = mustSolve(b, pos, solve.Decomposition, solve.Options{})
		}
		reportSolve(b, res)
		b.ReportMetric(float64(res.Moves), "moves")
	})
}

func reportSolve(b *testing.B, res *solve.Result) {
	b.ReportMetric(float64(res.Nodes), "nodes")
	solved := 0.0
	if res.Complete() {
		solved = 1
	}
	b.ReportMetric(solved, "solved")
}
