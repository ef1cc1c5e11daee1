package testlong

import (
	"os"
	"testing"
)

// Env is the environment variable that turns the long tier on.
const Env = "MATHGO_LONG"

// Enabled reports whether the long tier runs: MATHGO_LONG is set to 1 (or
// to "true", "yes" or "on"). Anything else, including an empty or unset
// variable and "0", leaves the long tier off.
func Enabled() bool {
	switch os.Getenv(Env) {
	case "1", "true", "TRUE", "True", "yes", "on":
		return true
	}
	return false
}

// Skip skips the test unless the long tier is on. why says what the test
// does (for instance "300 random boards against realgo"); the skip message
// names MATHGO_LONG=1, so that whoever reads `go test -v` output knows how
// to run it.
func Skip(t testing.TB, why string) {
	t.Helper()
	if !Enabled() {
		t.Skipf("long tier (%s): run with %s=1", why, Env)
	}
}

// Pick returns long when the long tier is on and fast otherwise: the size
// of a cross-check's sample in each tier.
func Pick[T any](fast, long T) T {
	if Enabled() {
		return long
	}
	return fast
}

// HeavyExamples are the bundled positions (serve/static/examples,
// testdata/positions) whose one analysis with analyze's budgets takes
// half a minute or more on two cores: Spight's problem (its board
// search). A fast-tier test that analyzes every bundled position skips
// them; the long tier runs them, and endgame's TestSpightJapanese covers
// Spight's analysis in the fast tier.
var HeavyExamples = map[string]bool{"spight-2011.txt": true}

// SkipHeavy skips the subtest of a heavy bundled position (HeavyExamples,
// by file name) unless the long tier is on.
func SkipHeavy(t testing.TB, name string) {
	t.Helper()
	if HeavyExamples[name] && !Enabled() {
		t.Skipf("long tier (%s: half a minute per analysis): run with %s=1", name, Env)
	}
}
