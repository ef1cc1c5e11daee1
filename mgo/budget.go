package mgo

import (
	"fmt"

	"github.com/mathgo/mathgo/cgt"
)

// ErrBudget is the error the searches over Mathematical Go games report
// when they stop at their budgets: the tile search (tiles.ErrBudget is
// this same value), the whole-board alpha-beta and the sum solver
// (solve.ErrTooBig, this same value too). Test for it with errors.Is; the
// errors the searches return say which search stopped and where (see
// BudgetErrorf).
var ErrBudget = cgt.NewBudgetError("search budget exhausted")

// BudgetErrorf returns an error that wraps ErrBudget (errors.Is finds
// it) with the message fmt.Sprintf(format, args...), which should say
// which search stopped and at what budget. A %w verb in format wraps its
// operand too.
func BudgetErrorf(format string, args ...any) error {
	return &budgetError{err: fmt.Errorf(format, args...)}
}

// budgetError is a search stopped at its budget, in its own words.
type budgetError struct{ err error }

// Error returns the search's own message.
func (e *budgetError) Error() string { return e.err.Error() }

// Unwrap returns ErrBudget and any error the message wrapped.
func (e *budgetError) Unwrap() []error { return []error{ErrBudget, e.err} }
