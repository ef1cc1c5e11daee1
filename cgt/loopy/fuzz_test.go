package loopy

import (
	"errors"
	"github.com/mathgo/mathgo/cgt"
	"regexp"
	"testing"
	"unicode/utf8"
)

// bigCount matches nimbers and up-counts of three digits or more: cgt's
// recognition of number-up-star forms (NusParts, also used by its own
// printer) takes seconds on games such as {*629|0}, which would only fuzz
// the short-game engine.
var bigCount = regexp.MustCompile(`[*^v↑↓⋆][0-9]{3}`)

// fuzzBudget keeps each fuzz input small: an input that needs more work is
// rejected with ErrBudget, which is fine.
const fuzzBudget = 2_000_000

// FuzzParse: the loopy notation never panics, errors name a column, and a
// value that parses prints to text that parses back to an equal value.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"on", "off", "over", "under", "dud", "upon", "{pass|*}", "{0||0|0,pass}",
		"a{0|a}", "x{0||||0|||x|*||*}", "a{{|a}|}", "{0|{dud|},*}", "a{1||a|0}",
		"{2&-2|1&-2}", "over & v", "10*upon", "9*(upon & v)", "+-{0|pass}",
		"+-{5|pass}", "5over", "-3/2under", "^[on]*", "-1/4v[on]", "^<on>*",
		"Tiny(on)", "Miny(over)", "{0|||0||0|off}", "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}",
		"upon.Upsum(^.Pow(on))", "^.PowTo({5|pass})", "over.Subordinate(1)",
		"'{-1|1}':on", "on <= over", "dud == on & off", "{1|0+pass}", "pass",
		"{pass|3/2} + ^", "3/2 + {0,pass|0||0}", "{0|a}", "a{0|-a}", "{|}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 60 || bigCount.MatchString(s) {
			return
		}
		var r Result
		var err error
		// The short-game functions it hands to cgt run in cgt's budget.
		if cgt.WithinBudget(cgt.Budget{MaxSteps: fuzzBudget}, func() { r, err = EvalBudget(s, fuzzBudget) }) != nil {
			return
		}
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Col < 1 {
				t.Fatalf("%q: error without a column: %v", s, err)
			}
			if pe.Col > utf8.RuneCountInString(s)+1 {
				t.Fatalf("%q: column %d past the end", s, pe.Col)
			}
			return
		}
		if r.IsComparison {
			return
		}
		text, ok := r.Value.FormatLimit(1 << 14)
		if !ok {
			return // printing is unfolded: a small value can print to megabytes
		}
		back, err := EvalBudget(text, fuzzBudget)
		if err != nil {
			if errors.Is(err, ErrBudget) {
				return
			}
			t.Fatalf("%q prints as %q, which does not parse: %v", s, text, err)
		}
		if back.IsComparison {
			t.Fatalf("%q prints as %q, a comparison", s, text)
		}
		le, err1 := leqGuarded(r.Value, back.Value)
		ge, err2 := leqGuarded(back.Value, r.Value)
		if err1 != nil || err2 != nil {
			return
		}
		if !le || !ge {
			t.Fatalf("%q = %q parses back to %q, a different value", s, text, back.Value)
		}
		// A canonical form prints the same again; a side that is not a
		// stopper has no canonical form, so only its value must agree.
		if again, _ := back.Value.FormatLimit(1 << 15); again != text && r.Value.IsStopperSided() {
			t.Fatalf("%q prints as %q, which prints as %q", s, text, again)
		}
	})
}

func leqGuarded(a, b Value) (r bool, err error) {
	defer guard(&err)
	return leq(a, b, newBudget(fuzzBudget)), nil
}
