package cgt

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// conformanceRow is one test vector of CGSuite's own test suite.
type conformanceRow struct {
	id, level, expr, canonical, outcome, leftStop, rightStop, mean, temperature, birthday, atomicWeight, incentives, source string
}

func loadConformance(t *testing.T) []conformanceRow {
	t.Helper()
	path := filepath.Join("..", "testdata", "cgsuite", "cgsuite-conformance.tsv")
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	defer f.Close()
	var rows []conformanceRow
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	first := true
	for sc.Scan() {
		if first {
			first = false
			continue
		}
		c := strings.Split(sc.Text(), "\t")
		if len(c) != 13 {
			t.Fatalf("bad row %q", sc.Text())
		}
		rows = append(rows, conformanceRow{c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], c[11], c[12]})
	}
	if len(rows) < 100 {
		t.Fatalf("only %d rows", len(rows))
	}
	return rows
}

// unsupportedAdvanced lists the advanced rows this package does not
// evaluate, and why. Every other row must pass.
var unsupportedAdvanced = map[string]string{
	"c015": "the order CGSuite gives two incomparable compound options follows its internal table, not the value; the value is checked in TestConformanceAdvancedValues",
	"c016": "the order of two incomparable compound options (as c015); the value is checked in TestConformanceAdvancedValues",
	"c111": "CGSuite braces a subgame once it needs four bars and orders 10vv before 10v*; cgt keeps its layout (golden files of other commands use it); the value is checked in TestConformanceAdvancedValues",
	"c112": "as c111",
	"c074": "subordinate is the loopy engine's (cgt/loopy); these five rows are checked through eval in cmd/mathgo TestEvalSubordinate", "c075": "as c074", "c076": "as c074", "c077": "as c074", "c078": "as c074",
}

// cgsuiteOutput rewrites CGSuite's printed x^n (x plus n ups, n >= 3) as
// x+^n: CGSuite and cgt both read 2^3 as a power (8), so cgt prints 2+^3.
var cgsuitePower = regexp.MustCompile(`([0-9])\^([0-9])`)

func cgsuiteOutput(s string) string { return cgsuitePower.ReplaceAllString(s, "$1+^$2") }

// splitSet splits CGSuite's printed set "{a,b}" at top-level commas.
func splitSet(s string) []string {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "{"), "}")
	if s == "" {
		return nil
	}
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '{', '(':
			depth++
		case '}', ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

func TestConformance(t *testing.T) {
	for _, row := range loadConformance(t) {
		t.Run(row.id, func(t *testing.T) {
			if why, ok := unsupportedAdvanced[row.id]; ok {
				t.Skipf("advanced row not supported: %s", why)
			}
			if row.canonical == "true" || row.canonical == "false" {
				v, err := Eval(row.expr)
				if err != nil {
					t.Fatalf("%s: %v", row.expr, err)
				}
				if !v.IsComparison || strconv.FormatBool(v.Bool) != row.canonical {
					t.Fatalf("%s = %v, want %s", row.expr, v.Bool, row.canonical)
				}
				return
			}
			g, err := Parse(row.expr)
			if err != nil {
				t.Fatalf("parse %q: %v", row.expr, err)
			}
			row.canonical = cgsuiteOutput(row.canonical)
			row.incentives = cgsuiteOutput(row.incentives)
			if got := g.String(); got != row.canonical {
				t.Errorf("%s prints %q, want %q", row.expr, got, row.canonical)
			}
			want, err := Parse(row.canonical)
			if err != nil {
				t.Fatalf("parse expected %q: %v", row.canonical, err)
			}
			if want != g {
				t.Errorf("%s != %s as values", row.expr, row.canonical)
			}
			check := func(name, wantS string, got string) {
				if wantS != "" && got != wantS {
					t.Errorf("%s: %s = %s, want %s", row.expr, name, got, wantS)
				}
			}
			check("outcome", row.outcome, g.Outcome().String())
			check("leftStop", row.leftStop, g.LeftStop().String())
			check("rightStop", row.rightStop, g.RightStop().String())
			check("mean", row.mean, g.Mean().String())
			check("temperature", row.temperature, g.Temperature().String())
			check("birthday", row.birthday, strconv.FormatInt(g.Birthday(), 10))
			if row.atomicWeight != "" {
				aw, err := g.AtomicWeightOf()
				if err == nil {
					w, err := Parse(row.atomicWeight)
					if err != nil {
						t.Errorf("parse atomic weight %q: %v", row.atomicWeight, err)
					} else if w != aw {
						t.Errorf("%s: atomic weight %s, want %s", row.expr, aw, row.atomicWeight)
					}
				} else {
					t.Errorf("%s: atomic weight: %v, want %s", row.expr, err, row.atomicWeight)
				}
			}
			if row.incentives != "" {
				var wantInc []Game
				for _, s := range splitSet(row.incentives) {
					h, err := Parse(s)
					if err != nil {
						t.Fatalf("parse incentive %q: %v", s, err)
					}
					wantInc = append(wantInc, h)
				}
				got := g.Incentives()
				if len(got) != len(wantInc) {
					t.Fatalf("%s: incentives %v, want %s", row.expr, got, row.incentives)
				}
				for i := range got {
					found := false
					for _, w := range wantInc {
						found = found || w == got[i]
					}
					if !found {
						t.Errorf("%s: incentive %s not in %s", row.expr, got[i], row.incentives)
					}
				}
			}
		})
	}
}

// TestConformanceAdvancedValues checks, for the advanced rows skipped above
// only for notation, that the expression and CGSuite's canonical form are
// the same value.
func TestConformanceAdvancedValues(t *testing.T) {
	for _, row := range loadConformance(t) {
		if row.id != "c015" && row.id != "c016" && row.id != "c111" && row.id != "c112" {
			continue
		}
		g, err := Parse(row.expr)
		if err != nil {
			t.Fatalf("%s: %v", row.id, err)
		}
		w, err := Parse(row.canonical)
		if err != nil {
			t.Fatalf("%s: %v", row.id, err)
		}
		if g != w {
			t.Errorf("%s: %s != %s", row.id, g, row.canonical)
		}
		if got := g.Outcome().String(); row.outcome != "" && got != row.outcome {
			t.Errorf("%s: outcome %s, want %s", row.id, got, row.outcome)
		}
		if got := g.Birthday(); row.birthday != "" && strconv.FormatInt(got, 10) != row.birthday {
			t.Errorf("%s: birthday %d, want %s", row.id, got, row.birthday)
		}
	}
}
