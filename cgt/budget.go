package cgt

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"runtime"
	"slices"
	"sync"
)

// ErrBudget is the error Within and WithinBudget return when the
// computation they ran was stopped because it used up its budget (or its
// progress hook asked to stop). Test for it with errors.Is: the returned
// error wraps it with the counts.
var ErrBudget = errors.New("cgt: work budget exhausted")

// BudgetError is the one error type of a computation stopped at its work
// budget, in every package: cgt's, cgt/loopy's, the Mathematical Go
// searches' (mgo.ErrBudget, tiles.ErrBudget, solve.ErrTooBig), the ko
// thermographs'. errors.Is(err, ErrBudget) finds any of them, and each
// package's own sentinel still matches itself.
type BudgetError struct{ Msg string }

// NewBudgetError returns a package's budget sentinel with its message.
func NewBudgetError(msg string) error { return &BudgetError{Msg: msg} }

// Error returns the message.
func (e *BudgetError) Error() string { return e.Msg }

// Is reports that a budget error is ErrBudget.
func (e *BudgetError) Is(target error) bool { return target == ErrBudget }

// Budget bounds the work of a computation run by WithinBudget. Work is
// counted in steps: one step for every game added to the process-wide
// table and one for every comparison of two games that is computed (not
// found in the memo).
type Budget struct {
	// MaxNewGames stops the computation once it would add more than this
	// many games to the table (0: no limit).
	MaxNewGames int
	// MaxSteps stops the computation once it has taken this many steps
	// (0: no limit). Comparisons of large games can take long without
	// creating games; this bounds them too.
	MaxSteps int
	// Progress, if not nil, is called every ProgressEvery steps (every
	// 1<<16 steps when ProgressEvery is 0) with the work done so far;
	// returning false stops the computation with ErrBudget (use it for a
	// deadline or a cancel button). It runs while cgt's table is locked,
	// so it must not call cgt (that would deadlock) and should be quick.
	Progress func(Progress) bool
	// ProgressEvery is the number of steps between calls of Progress.
	ProgressEvery int
}

// Progress is the work a budgeted computation has done so far.
type Progress struct {
	NewGames int // games added to the table since the computation started
	Steps    int // steps taken (games added plus comparisons computed)
}

// errOverLimit is the panic value that unwinds a computation over its
// budget, up to the WithinBudget or SumWithin that recovers it.
var errOverLimit = &struct{ msg string }{"cgt: over the work budget"}

// budgetFrame is one active budget (one WithinBudget or SumWithin call).
type budgetFrame struct {
	gameLimit int    // stop at this many games in the table
	stepLimit uint64 // stop at this step count
	nextHook  uint64 // call the hook at this step count
	hookEvery uint64
	hook      func(Progress) bool
	games0    int    // table size when the frame started
	steps0    uint64 // step count when the frame started
	stopped   bool   // the hook asked to stop
}

// budgetState is the arena's part of the budgets: the limits in force
// (the tightest of every active frame) and the step counter.
type budgetState struct {
	frames    []*budgetFrame
	gameLimit int    // newNode stops at this many games (math.MaxInt: none)
	steps     uint64 // steps taken since the process started
	stepCheck uint64 // step calls overBudget at this count (math.MaxUint64: never)
	foreign   bool   // the goroutine holding the lock runs outside every budget
}

// reset recomputes the limits in force from the active frames.
func (b *budgetState) reset() {
	b.gameLimit, b.stepCheck = math.MaxInt, math.MaxUint64
	for _, f := range b.frames {
		b.gameLimit = min(b.gameLimit, f.gameLimit)
		b.stepCheck = min(b.stepCheck, f.stepLimit)
		if f.hook != nil {
			b.stepCheck = min(b.stepCheck, f.nextHook)
		}
	}
}

// step counts one step of work.
func (a *arena) step() {
	a.budget.steps++
	if a.budget.steps >= a.budget.stepCheck {
		a.overBudget(false)
	}
}

// overBudget is called, with the table locked, when a limit in force is
// reached (a new game past a game limit, or a step at a step limit or a
// hook's turn). It calls the hooks that are due and unwinds the
// computation (panic errOverLimit) when some active budget is exhausted
// and the goroutine holding the lock runs inside a budgeted computation.
// Another goroutine's work is never interrupted: it continues, and the
// budgeted computation stops at its own next step.
func (a *arena) overBudget(newGame bool) {
	b := &a.budget
	if b.foreign {
		return
	}
	if !insideBudget() {
		b.foreign = true // for the rest of this lock hold: same goroutine
		return
	}
	stop := false
	for _, f := range b.frames {
		if f.stopped || newGame && len(a.nodes) >= f.gameLimit || b.steps >= f.stepLimit {
			stop = true
			continue
		}
		if f.hook != nil && b.steps >= f.nextHook {
			f.nextHook = b.steps + f.hookEvery
			p := Progress{NewGames: len(a.nodes) - f.games0, Steps: int(b.steps - f.steps0)}
			if !f.hook(p) {
				f.stopped, stop = true, true
			}
		}
	}
	b.reset()
	if stop {
		panic(errOverLimit)
	}
}

// withinMu makes budgeted computations of different goroutines take turns
// (one goroutine's budgets nest freely).
var withinMu sync.Mutex

// Within runs f and stops it with an error wrapping ErrBudget once it has
// added more than maxNewGames games to the process-wide table (maxNewGames
// <= 0: no limit). It is WithinBudget(Budget{MaxNewGames: maxNewGames}, f).
func Within(maxNewGames int, f func()) error {
	return WithinBudget(Budget{MaxNewGames: maxNewGames}, f)
}

// WithinBudget runs f, which calls cgt as usual, and stops it once it
// exceeds the budget b: the cgt call under way unwinds (releasing the
// table's lock) and WithinBudget returns an error wrapping ErrBudget. f's
// results are then incomplete and must be discarded; every game already
// in the table stays valid and correct (a game is added only once it is
// complete, memo entries only once they are known), so later calls give
// right answers. It returns nil when f completes within the budget; a
// panic of f's own is passed on unchanged.
//
// Concurrency: the budget counts every game added to the table while f
// runs, whichever goroutine adds it (the table is shared), so another
// goroutine's work can use up f's budget: f then stops early, never with
// a wrong result. Work of a goroutine that is not inside WithinBudget is
// never interrupted. Budgeted computations nest within one goroutine (the
// tightest budget applies, and the innermost WithinBudget reports it);
// those of different goroutines take turns, one WithinBudget at a time.
func WithinBudget(b Budget, f func()) (err error) {
	nested := insideBudget()
	if !nested {
		withinMu.Lock()
		defer withinMu.Unlock()
	}
	fr := &budgetFrame{hook: b.Progress, hookEvery: uint64(b.ProgressEvery)}
	if fr.hookEvery == 0 {
		fr.hookEvery = 1 << 16
	}
	ar.mu.Lock()
	fr.games0, fr.steps0 = len(ar.nodes), ar.budget.steps
	fr.gameLimit, fr.stepLimit, fr.nextHook = math.MaxInt, math.MaxUint64, fr.steps0+fr.hookEvery
	if b.MaxNewGames > 0 {
		fr.gameLimit = fr.games0 + b.MaxNewGames
	}
	if b.MaxSteps > 0 {
		fr.stepLimit = fr.steps0 + uint64(b.MaxSteps)
	}
	ar.budget.frames = append(ar.budget.frames, fr)
	ar.budget.reset()
	ar.mu.Unlock()
	defer func() {
		ar.mu.Lock()
		ar.budget.frames = slices.DeleteFunc(ar.budget.frames, func(x *budgetFrame) bool { return x == fr })
		ar.budget.reset()
		games, steps := len(ar.nodes)-fr.games0, ar.budget.steps-fr.steps0
		ar.mu.Unlock()
		if r := recover(); r != nil {
			if r != errOverLimit {
				panic(r) // not a budget stop: f's own panic, passed on
			}
			err = fmt.Errorf("%w (%d new games, %d steps)", ErrBudget, games, steps)
		}
	}()
	budgetCall(f)
	return nil
}

// budgetCall calls f; its frame on a goroutine's stack marks the goroutine
// as running a budgeted computation (see insideBudget).
//
//go:noinline
func budgetCall(f func()) { f() }

var budgetPCs struct {
	once  sync.Once
	entry [2]uintptr // entries of budgetCall and sumWithinLocked
}

// insideBudget reports whether the calling goroutine runs inside
// budgetCall or sumWithinLocked: whether a budget stop may unwind it.
// It walks the stack, so it is called only when a limit is reached and
// when a budgeted computation starts.
func insideBudget() bool {
	budgetPCs.once.Do(func() {
		for i, fn := range []any{budgetCall, sumWithinLocked} {
			if f := runtime.FuncForPC(reflect.ValueOf(fn).Pointer()); f != nil {
				budgetPCs.entry[i] = f.Entry()
			}
		}
	})
	var pcs [64]uintptr
	for skip := 2; ; {
		n := runtime.Callers(skip, pcs[:])
		frames := runtime.CallersFrames(pcs[:n])
		for {
			fr, more := frames.Next()
			if fr.Entry == budgetPCs.entry[0] || fr.Entry == budgetPCs.entry[1] {
				return true
			}
			if !more {
				break
			}
		}
		if n < len(pcs) {
			return false
		}
		skip += n
	}
}

// SumWithin returns the canonical sum of gs as Sum does, unless computing
// it would add more than limit new games to the process-wide table: then
// it gives up and returns false. The canonical form of a sum of many hot
// games can be astronomically large even when each is small; callers use
// this to fall back on methods that do not need it (the stops and
// outcome of a sum can be found by search). Games built before giving up
// stay valid. limit <= 0 means no limit. It holds the table's lock
// throughout, so no other goroutine's work counts against the limit.
func SumWithin(limit int, gs ...Game) (s Game, ok bool) {
	defer lock()()
	if limit <= 0 {
		s = Zero
		for _, g := range gs {
			s = ar.sum(s, g)
		}
		return s, true
	}
	return sumWithinLocked(limit, gs)
}

// sumWithinLocked is SumWithin with the table locked; its frame marks the
// goroutine as budgeted (see insideBudget).
//
//go:noinline
func sumWithinLocked(limit int, gs []Game) (s Game, ok bool) {
	fr := &budgetFrame{gameLimit: len(ar.nodes) + limit, stepLimit: math.MaxUint64, nextHook: math.MaxUint64}
	ar.budget.frames = append(ar.budget.frames, fr)
	ar.budget.reset()
	defer func() {
		ar.budget.frames = slices.DeleteFunc(ar.budget.frames, func(x *budgetFrame) bool { return x == fr })
		ar.budget.reset()
		if r := recover(); r != nil {
			if r != errOverLimit {
				panic(r) // unreachable: not ours, so re-raised unchanged
			}
			s, ok = Zero, false
		}
	}()
	s = Zero
	for _, g := range gs {
		s = ar.sum(s, g)
	}
	return s, true
}
