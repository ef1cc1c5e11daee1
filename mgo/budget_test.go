package mgo

import (
	"errors"
	"fmt"
	"io"
	"testing"
)

// TestBudgetErrorf: the error says what the search said, matches
// ErrBudget under errors.Is (also when wrapped again), and an error its
// message wraps stays visible.
func TestBudgetErrorf(t *testing.T) {
	err := BudgetErrorf("tile too large (more than %d positions)", 10)
	if err.Error() != "tile too large (more than 10 positions)" {
		t.Errorf("message %q", err)
	}
	if !errors.Is(err, ErrBudget) || !errors.Is(fmt.Errorf("tile A: %w", err), ErrBudget) {
		t.Error("not an ErrBudget")
	}
	if errors.Is(err, io.EOF) || errors.Is(io.EOF, ErrBudget) {
		t.Error("matches an unrelated error")
	}
	if inner := BudgetErrorf("stopped: %w", io.EOF); !errors.Is(inner, io.EOF) || !errors.Is(inner, ErrBudget) {
		t.Error("a wrapped error is lost")
	}
}
