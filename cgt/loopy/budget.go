package loopy

import (
	"fmt"

	"github.com/mathgo/mathgo/cgt"
)

// DefaultBudget is the work allowance of one top-level operation when none
// is given: the number of game-graph vertices and comparison states it may
// create before giving up with ErrBudget.
const DefaultBudget = 200_000_000

// Caps on single structures, so that one comparison or graph cannot take
// more than a few hundred megabytes whatever the budget.
const (
	maxSolverStates  = 1 << 24 // states of one comparison (pairs times two)
	maxGraphVertices = 1 << 24 // positions of one sum graph
	maxShortGames    = 200_000 // new short games one short sum may create
)

// ErrBudget reports that an operation needed more work than its budget
// allows. Nothing is approximated: the operation simply gives no answer.
var ErrBudget = cgt.NewBudgetError("loopy: computation exceeds its work budget")

// budget counts the work of one top-level operation. A nil budget is
// unlimited.
type budget struct {
	left int
}

func newBudget(n int) *budget {
	if n <= 0 {
		n = DefaultBudget
	}
	return &budget{left: n}
}

// budgetExceeded is the panic value that unwinds an operation over budget;
// it never escapes the package (see guard).
type budgetExceeded struct{}

// capAt unwinds with the budget panic when n exceeds limit.
func capAt(n, limit int) {
	if n > limit || n < 0 {
		panic(budgetExceeded{})
	}
}

func (b *budget) charge(n int) {
	if b == nil {
		return
	}
	b.left -= n
	if b.left < 0 {
		panic(budgetExceeded{})
	}
}

// guard turns the budget panic into ErrBudget. Use as
// defer guard(&err).
func guard(err *error) {
	if r := recover(); r != nil {
		if _, ok := r.(budgetExceeded); ok {
			*err = ErrBudget
			return
		}
		panic(r) // unreachable: a bug, re-raised unchanged
	}
}

// errorf builds a plain error.
func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }
