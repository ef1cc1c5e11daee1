package cgt

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// runSheet runs a worksheet and returns its items.
func runSheet(t *testing.T, text string) []Item {
	t.Helper()
	stmts := SplitWorksheet(text)
	env := NewEnv()
	var items []Item
	for _, st := range stmts {
		items = append(items, env.Exec(st)...)
	}
	return items
}

func TestWorksheet(t *testing.T) {
	items := runSheet(t, `// CGSuite-style worksheet
G := {1|*}      # a game
F(n) := {n | -n} + G
F(3) - F(3)
table F(n) - G for n = 1..3
H := {3||2+*|
   1+*}
heat(H, *)
H.LeftOptions
G.IsNumberish
`)
	want := []string{"{1|*}", "", "0", "+-1", "+-2", "+-3", "{3||2*|1*}", "{3*||2|1}", "{3}", "false"}
	if len(items) != len(want) {
		t.Fatalf("%d items, want %d: %+v", len(items), len(want), items)
	}
	for i, it := range items {
		if it.Err != nil {
			t.Fatalf("item %d (%s): %v", i, it.Input, it.Err)
		}
		got := ""
		switch {
		case it.Value.IsSet:
			var s []string
			for _, g := range it.Value.Set {
				s = append(s, g.String())
			}
			got = "{" + strings.Join(s, ",") + "}"
		case it.Value.IsComparison:
			got = "false"
			if it.Value.Bool {
				got = "true"
			}
		case it.Name != "" && strings.Contains(it.Name, "("):
		default:
			got = it.Value.Game.String()
		}
		if got != want[i] {
			t.Errorf("item %d (%s) = %q, want %q", i, it.Input, got, want[i])
		}
	}
	if items[4].Input != "F(n) - G [n=2]" || items[7].Line != 8 {
		t.Errorf("inputs/lines: %q line %d", items[4].Input, items[7].Line)
	}
}

// TestWorksheetErrors: bad statements name their line and column, and
// the worksheet goes on.
func TestWorksheetErrors(t *testing.T) {
	items := runSheet(t, "G := {1|\n*}\nG +\nX := G\ntable G for n = 3..1\nF(n, n2 := 1\ncool := 3\nY := 1 <= 2\nZ(n) := Z(n)\nZ(1)\nX")
	var errs []string
	for _, it := range items {
		if it.Err != nil {
			var le *LineError
			if !errors.As(it.Err, &le) {
				t.Errorf("%s: error without a line: %v", it.Input, it.Err)
			}
			errs = append(errs, it.Err.Error())
		}
	}
	for _, want := range []string{"line 3: column", "line 5: column", "line 6:", "line 7:", "line 8:", "line 10:"} {
		found := false
		for _, e := range errs {
			found = found || strings.HasPrefix(e, want)
		}
		if !found {
			t.Errorf("no error starting %q in %q", want, errs)
		}
	}
	if last := items[len(items)-1]; last.Err != nil || last.Value.Game != MustParse("{1|*}") {
		t.Errorf("X = %v (%v): definitions after errors still apply", last.Value.Game, last.Err)
	}
	if items := runSheet(t, "1\nG := {1|\n"); len(items) != 2 || items[1].Err == nil || !strings.HasPrefix(items[1].Err.Error(), "line 2: column") {
		t.Errorf("unclosed brace: %+v", items)
	}
}

// FuzzWorksheet: any worksheet text gives items or errors with a line,
// never a panic.
func FuzzWorksheet(f *testing.F) {
	for _, s := range []string{"G := {1|*}\nG+G\n", "F(n) := {n|-n}\ntable F(n) for n = 1..4\n", "# c\n// d\n{1|\n*}\n", "X := ^[3]\nX.Incentives", "table 1 for n = -2..2", "F(a,b) := a:b\nF(1,*)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 400 {
			return
		}
		stmts := SplitWorksheet(text)
		env := NewEnv()
		for _, st := range stmts {
			var items []Item
			if WithinBudget(Budget{MaxSteps: 200000}, func() { items = env.Exec(st) }) != nil {
				continue
			}
			for _, it := range items {
				var le *LineError
				if it.Err != nil && !errors.As(it.Err, &le) {
					t.Fatalf("%q: error without a line: %v", st.Text, it.Err)
				}
			}
		}
	})
}

// TestWorksheetRunawayCalls: functions that call each other twice over
// 40 levels (2^40 calls, every sum memoized) are stopped by a budget, not
// left running.
func TestWorksheetRunawayCalls(t *testing.T) {
	env := NewEnv()
	sheet := "F0(n) := n\n"
	for i := 1; i <= 40; i++ {
		sheet += fmt.Sprintf("F%d(n) := F%d(n) + F%d(n)\n", i, i-1, i-1)
	}
	for _, st := range SplitWorksheet(sheet) {
		if it := env.Exec(st); it[0].Err != nil {
			t.Fatal(it[0].Err)
		}
	}
	err := WithinBudget(Budget{MaxSteps: 100000}, func() {
		for _, st := range SplitWorksheet("F40(0)") {
			env.Exec(st)
		}
	})
	if !errors.Is(err, ErrBudget) {
		t.Errorf("F40(0): %v, want ErrBudget", err)
	}
}
