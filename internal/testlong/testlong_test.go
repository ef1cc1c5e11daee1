package testlong

import (
	"fmt"
	"strings"
	"testing"
)

func TestEnabled(t *testing.T) {
	for _, tc := range []struct {
		val  string
		want bool
	}{
		{"", false}, {"0", false}, {"no", false}, {"false", false},
		{"1", true}, {"true", true}, {"yes", true}, {"on", true},
	} {
		t.Setenv(Env, tc.val)
		if got := Enabled(); got != tc.want {
			t.Errorf("%s=%q: Enabled() = %v, want %v", Env, tc.val, got, tc.want)
		}
		if got := Pick(25, 300); got != map[bool]int{false: 25, true: 300}[tc.want] {
			t.Errorf("%s=%q: Pick(25, 300) = %d", Env, tc.val, got)
		}
	}
}

// recorder is a testing.TB that records a skip instead of stopping the
// goroutine, so that Skip itself can be tested.
type recorder struct {
	testing.TB
	skipped string
}

func (r *recorder) Helper() {}

func (r *recorder) Skipf(format string, args ...any) {
	r.skipped = fmt.Sprintf(format, args...)
}

func TestSkip(t *testing.T) {
	t.Setenv(Env, "")
	r := &recorder{TB: t}
	Skip(r, "a campaign")
	if !strings.Contains(r.skipped, "a campaign") || !strings.Contains(r.skipped, "MATHGO_LONG=1") {
		t.Errorf("skip message %q, want one naming the campaign and %s", r.skipped, Env)
	}
	t.Setenv(Env, "1")
	r = &recorder{TB: t}
	Skip(r, "a campaign")
	if r.skipped != "" {
		t.Errorf("skipped with %s=1: %q", Env, r.skipped)
	}
}
