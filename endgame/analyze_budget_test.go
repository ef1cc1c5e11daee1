package endgame

import "testing"

// TestWithDefaultBudgets: smaller budgets are raised to a single
// analysis's, larger ones kept, and zero counts as the default.
func TestWithDefaultBudgets(t *testing.T) {
	cases := []struct {
		in                Options
		solver, positions int
		raised            bool
	}{
		{Options{SolverNodes: 5000, MaxPositions: 100000}, DefaultSolverNodes, DefaultMaxPositions, true},
		{Options{SolverNodes: 500000}, 500000, DefaultMaxPositions, false},
		{Options{}, DefaultSolverNodes, DefaultMaxPositions, false},
		{Options{SolverNodes: 500000, MaxPositions: 1}, 500000, DefaultMaxPositions, true},
	}
	for _, tc := range cases {
		got, raised := tc.in.WithDefaultBudgets()
		if got.SolverNodes != tc.solver || got.MaxPositions != tc.positions || raised != tc.raised {
			t.Errorf("%+v: solver %d, positions %d, raised %v; want %d, %d, %v", tc.in, got.SolverNodes, got.MaxPositions, raised, tc.solver, tc.positions, tc.raised)
		}
	}
}
