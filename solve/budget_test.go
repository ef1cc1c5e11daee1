package solve

import (
	"errors"
	"testing"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/cgt/loopy"
	"github.com/mathgo/mathgo/mgo"
	"github.com/mathgo/mathgo/thermograph"
	"github.com/mathgo/mathgo/tiles"
)

// TestBudgetErrorsAreOne: every package's budget error is a
// cgt.BudgetError, found by errors.Is(err, cgt.ErrBudget), and each
// sentinel still matches only itself among the others' messages.
func TestBudgetErrorsAreOne(t *testing.T) {
	for _, err := range []error{mgo.ErrBudget, tiles.ErrBudget, ErrTooBig, loopy.ErrBudget, thermograph.ErrKoBudget,
		mgo.BudgetErrorf("the tile search stopped at %d positions", 7)} {
		if !errors.Is(err, cgt.ErrBudget) {
			t.Errorf("%v is not a budget error", err)
		}
		var be *cgt.BudgetError
		if err != cgt.ErrBudget && !errors.As(err, &be) {
			t.Errorf("%v is not a cgt.BudgetError", err)
		}
	}
	if errors.Is(loopy.ErrBudget, mgo.ErrBudget) || errors.Is(errors.New("other"), cgt.ErrBudget) {
		t.Error("budget sentinels match what they are not")
	}
	if !errors.Is(mgo.BudgetErrorf("x"), mgo.ErrBudget) {
		t.Error("BudgetErrorf does not wrap mgo.ErrBudget")
	}
}
