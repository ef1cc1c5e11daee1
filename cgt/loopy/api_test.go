package loopy

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/mathgo/mathgo/cgt"
)

func TestBuilder(t *testing.T) {
	// over = {0 | pass}, with 0 given as a short value.
	b := NewBuilder()
	o, z := b.AddNode(), b.AddNode()
	b.SetShort(z, cgt.Zero)
	b.AddLeft(o, z)
	b.AddRight(o, o)
	g, err := b.Build(o)
	if err != nil {
		t.Fatal(err)
	}
	if !g.IsStopper() {
		t.Error("over is a stopper")
	}
	v, err := Canonical(g)
	if err != nil || v.String() != "over" {
		t.Fatalf("got %v, %v", v, err)
	}
	n, err := Canonical(g.Neg())
	if err != nil || n.String() != "under" {
		t.Fatalf("negative: %v, %v", n, err)
	}
	// The ko P = {{1|P}|0}: not a stopper.
	k := NewBuilder()
	p, take, one, zero := k.AddNode(), k.AddNode(), k.AddNode(), k.AddNode()
	k.SetShort(one, cgt.Int(1))
	k.SetShort(zero, cgt.Zero)
	k.AddLeft(p, take)
	k.AddRight(p, zero)
	k.AddLeft(take, one)
	k.AddRight(take, p)
	ko, err := k.Build(p)
	if err != nil {
		t.Fatal(err)
	}
	if ko.IsStopper() {
		t.Error("the ko is not a stopper")
	}
	kv, err := Canonical(ko)
	if err != nil || kv.String() != "{2|0} & -1" {
		t.Fatalf("ko: %v, %v", kv, err)
	}
	on, err := kv.Onside()
	if err != nil || on.String() != "{2|0}" {
		t.Errorf("onside %v %v", on, err)
	}
	off, err := kv.Offside()
	if err != nil || off.String() != "-1" {
		t.Errorf("offside %v %v", off, err)
	}
	if o, _ := kv.Outcome(); o != OutcomeNCheck { // Left takes, Right retakes forever: a draw
		t.Errorf("ko outcome %s, want NCheck", o)
	}
	// Sums of games and of values agree.
	two, _ := SumGames(ko, ko)
	a, _ := Canonical(two)
	bsum, _ := Sum(kv, kv)
	if eq, _ := Equal(a, bsum); !eq || a.String() != "2 & -2" {
		t.Errorf("ko + ko: %s by graphs, %s by values", a, bsum)
	}
}

func TestBuilderErrors(t *testing.T) {
	b := NewBuilder()
	x := b.AddNode()
	if _, err := b.Build(5); err == nil {
		t.Error("missing start node accepted")
	}
	b.AddLeft(x, 7)
	if _, err := b.Build(x); err == nil {
		t.Error("edge to a missing node accepted")
	}
	c := NewBuilder()
	y, z := c.AddNode(), c.AddNode()
	c.AddLeft(y, z)
	c.SetShort(y, cgt.Int(1))
	if _, err := c.Build(y); err == nil {
		t.Error("node with moves and a short value accepted")
	}
}

func TestOutcomeClasses(t *testing.T) {
	for _, c := range []struct{ expr, want string }{
		{"on", "L"}, {"off", "R"}, {"over", "L"}, {"under", "R"}, {"dud", "D"},
		{"a{{|a}|}", "PHat"}, {"{0|{dud|},*}", "NHat"}, {"-a{{|a}|}", "PCheck"},
		{"-{0|{dud|},*}", "NCheck"}, {"+-over", "N"}, {"0", "P"}, {"a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}", "N"},
	} {
		v := MustParse(c.expr)
		o, err := v.Outcome()
		if err != nil || o.String() != c.want {
			t.Errorf("%s: outcome %v %v, want %s", c.expr, o, err, c.want)
		}
	}
}

func TestComparisons(t *testing.T) {
	for _, c := range []struct {
		expr string
		want bool
	}{
		{"on >= over", true}, {"over > 0", true}, {"over < 1/1024", true}, {"under < 0", true},
		{"upon > 0", true}, {"upon < ^", false}, {"upon <> ^", false}, {"upon >= ^", true},
		{"dud == on & off", true}, {"dud <= on", true}, {"off <= dud", true},
		{"over + under == over & under", true}, {"on + off == dud", true},
		{"a{0|a} == over", true}, {"{pass|3/2} == 3/2 + under", true},
		{"1 & 0 <| 1", true}, {"1 & 0 < 1", true}, {"^ & v* |> 0", true}, {"over != over", false},
	} {
		r, err := Eval(c.expr)
		if err != nil {
			t.Fatalf("%s: %v", c.expr, err)
		}
		if !r.IsComparison || r.Holds != c.want {
			t.Errorf("%s: %v, want %v", c.expr, r.Holds, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		expr string
		col  int
		msg  string
	}{
		{"pass", 1, "Unexpected `pass`."},
		{"{1|0+pass}", 6, "Unexpected `pass`."},
		{"{0|a}", 4, "unknown name"},
		{"a{0|-a}", 6, "only be used as an option"},
		{"over & on", 6, "offside"},
		{"{0|", 1, "unmatched"},
		{"on +", 5, "expected a game"},
		{"foo", 1, "unknown name"},
		{"1/3", 1, "dyadic"},
		{"over.Frob(1)", 6, "unknown method"},
		{"{0||1||2}", 3, "ambiguous"},
		{"3*", 3, ""},
	} {
		_, err := Eval(c.expr)
		var pe *ParseError
		if !errors.As(err, &pe) {
			if c.msg == "" && err == nil {
				continue // "3*" is 3 + *
			}
			t.Errorf("%q: error %v without a column", c.expr, err)
			continue
		}
		if pe.Col != c.col || !strings.Contains(pe.Msg, c.msg) {
			t.Errorf("%q: column %d %q, want column %d containing %q", c.expr, pe.Col, pe.Msg, c.col, c.msg)
		}
	}
	if _, err := EvalBudget("over + 1000 - upon", 10); !errors.Is(err, ErrBudget) {
		t.Errorf("tiny budget: %v, want ErrBudget", err)
	}
}

func TestIsLoopy(t *testing.T) {
	for _, c := range []struct {
		expr string
		want bool
	}{
		{"{3||2*|1*}", false}, {"^ + *", false}, {"Tiny(2)", false}, {"cool({2|0},1)", false},
		{"on", true}, {"over + 5", true}, {"a{0|a}", true}, {"{pass|*}", true}, {"^[on]", true},
		{"1 & 0", true}, {"upon.Degree", true}, {"'{-1|1}':on", true}, {"v<on>*", true},
	} {
		if got := IsLoopy(c.expr); got != c.want {
			t.Errorf("IsLoopy(%q) = %v", c.expr, got)
		}
	}
}

func TestReport(t *testing.T) {
	r, err := Eval("over + 5")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := r.Report()
	if err != nil {
		t.Fatal(err)
	}
	js, _ := json.Marshal(rep)
	want := `{"input":"over + 5","canonical":"5over","outcome":"L","leftStop":"5over","rightStop":"5over","isNumber":false,"isInfinitesimal":false,"onside":"5over","offside":"5over"}`
	if string(js) != want {
		t.Errorf("report\n%s\nwant\n%s", js, want)
	}
	r, _ = Eval("a{1||a|0}")
	rep, _ = r.Report()
	js, _ = json.Marshal(rep)
	want = `{"input":"a{1||a|0}","canonical":"2 \u0026 +-1","outcome":"NHat","isNumber":false,"isInfinitesimal":false,"onside":"2","offside":"+-1"}`
	if string(js) != want {
		t.Errorf("report\n%s\nwant\n%s", js, want)
	}
	r, _ = Eval("{pass|pass} == on & off")
	rep, _ = r.Report()
	if rep.Result == nil || !*rep.Result || rep.Canonical != nil {
		t.Errorf("comparison report %+v", rep)
	}
	r, _ = Eval("+-({0||0|0,pass}+*)")
	rep, _ = r.Report()
	if rep.Canonical == nil || *rep.Canonical != "0" || rep.Birthday == nil || *rep.Birthday != 0 || rep.Mean == nil {
		t.Errorf("a short result has the short fields: %+v", rep)
	}
}

func TestPseudonumbers(t *testing.T) {
	vals := []string{"off", "-1under", "-1", "-1over", "under", "0", "over", "1/2under", "1/2", "1/2over", "on"}
	var ps []Pseudonumber
	for _, s := range vals {
		v := MustParse(s)
		p, err := v.LeftStop()
		if err != nil || p.String() != s {
			t.Fatalf("%s: left stop %v %v", s, p, err)
		}
		if back := p.Value(); back.String() != s {
			t.Fatalf("%s: Value() prints %s", s, back)
		}
		ps = append(ps, p)
	}
	for i := range ps {
		for j := range ps {
			want := sign(i - j)
			if got := ps[i].Cmp(ps[j]); got != want {
				t.Errorf("%s cmp %s = %d, want %d", ps[i], ps[j], got, want)
			}
			le, _ := Leq(ps[i].Value(), ps[j].Value())
			if le != (i <= j) {
				t.Errorf("%s <= %s as games: %v", ps[i], ps[j], le)
			}
		}
	}
}

// TestConcurrentUse: values are shared between goroutines safely (run
// with -race).
func TestConcurrentUse(t *testing.T) {
	v := MustParse("{0|||0||0|off}")
	w := MustParse("a{0||||0|||a|*||*}")
	// run computes everything the goroutines compute, as one line of text
	// per result (errors included), so that runs can be compared.
	run := func() string {
		var out []string
		out = append(out, v.String())
		ls, err := v.LeftStop()
		out = append(out, fmt.Sprint(ls, err))
		s, err := Sum(v, w)
		out = append(out, fmt.Sprint(err))
		if err == nil {
			out = append(out, s.String())
		}
		le, err := Leq(v, w)
		out = append(out, fmt.Sprint(le, err))
		fs, err := w.Followers()
		out = append(out, fmt.Sprint(len(fs), err))
		for _, f := range fs {
			out = append(out, f.String())
		}
		return strings.Join(out, "\n")
	}
	want := run() // sequential
	if !strings.Contains(want, "\n") || strings.Contains(want, "budget") {
		t.Fatalf("sequential run: %s", want)
	}
	results := make([]string, 4)
	var wg sync.WaitGroup
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = run()
		}()
	}
	wg.Wait()
	for i, got := range results {
		if got != want {
			t.Errorf("goroutine %d:\n%s\nsequential:\n%s", i, got, want)
		}
	}
}

// TestHugeShortValues: a short value far too big for a graph is fine on
// its own and fails cleanly (ErrBudget) where a graph is needed.
func TestHugeShortValues(t *testing.T) {
	v := MustParse("10000000000000000")
	if v.String() != "10000000000000000" {
		t.Errorf("prints %s", v)
	}
	if _, err := v.Options(true); !errors.Is(err, ErrBudget) {
		t.Errorf("options: %v, want ErrBudget", err)
	}
	if _, err := Sum(v, MustParse("over")); !errors.Is(err, ErrBudget) {
		t.Errorf("sum with over: %v, want ErrBudget", err)
	}
	if le, err := Leq(MustParse("2"), v); err != nil || !le {
		t.Errorf("2 <= 10^16: %v %v", le, err)
	}
}

// TestFormatLimit: printing gives up past the limit instead of writing
// megabytes.
func TestFormatLimit(t *testing.T) {
	v := MustParse("*:555*:3300")
	if s, ok := v.FormatLimit(1000); ok || s != "" {
		t.Errorf("a huge form printed within 1000 characters: %d", len(s))
	}
	w := MustParse("a{0||||0|||a|*||*}")
	if s, ok := w.FormatLimit(1000); !ok || s != w.String() {
		t.Errorf("FormatLimit %q %v, String %q", s, ok, w.String())
	}
	if _, err := (Result{Value: v}).Report(); !errors.Is(err, ErrBudget) {
		t.Errorf("report of a huge form: %v, want ErrBudget", err)
	}
}
