package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// evalJSON runs eval --json and decodes the array.
func evalJSON(t *testing.T, stdin string, args ...string) ([]map[string]any, string, int) {
	t.Helper()
	out, errs, code := runCmd(t, stdin, append([]string{"eval", "--json"}, args...)...)
	var res []map[string]any
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("eval %v: %v\n%s\n%s", args, err, out, errs)
	}
	return res, errs, code
}

// TestEvalCGSuiteOperations: the examples answer as CGSuite does,
// with every property filled in.
func TestEvalCGSuiteOperations(t *testing.T) {
	res, errs, code := evalJSON(t, "", "{^^^|vv}.AtomicWeight", "0", "1:1", "^.Pow(3)", "5*{3||2|1}", "heat({3||2+*|1+*},*)", "^[3]", "2^3", "{3||2|1}.LeftOptions", "*.IsOddTempered")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := []map[string]any{
		{"canonical": "{1|0}", "mean": "1/2"},
		{"canonical": "0", "isInfinitesimal": true, "isNumberish": true, "atomicWeight": "0", "isEven": true},
		{"canonical": "2", "mean": "2", "temperature": "-1", "birthday": 2.0},
		{"canonical": "^<3>", "mean": "0", "birthday": 4.0, "isAtomic": true, "atomicWeight": "0"},
		{"canonical": "{12|||11||10,{11|10}|9Tiny({2|1})}", "mean": "45/4"},
		{"canonical": "{3*||2|1}"},
		{"canonical": "^[3]", "atomicWeight": "1", "isAllSmall": true},
		{"canonical": "8"},
		{"set": []any{"3"}},
		{"result": true},
	}
	for i, w := range want {
		for k, v := range w {
			got := res[i][k]
			if gs, ok := got.([]any); ok {
				if ws, _ := v.([]any); len(gs) != len(ws) || gs[0] != ws[0] {
					t.Errorf("%s: %s = %v, want %v", res[i]["input"], k, got, v)
				}
				continue
			}
			if got != v {
				t.Errorf("%s: %s = %v, want %v", res[i]["input"], k, got, v)
			}
		}
	}
	// A short value keeps every CONTRACT field and adds the properties.
	for _, k := range []string{"input", "canonical", "outcome", "leftStop", "rightStop", "mean", "temperature", "birthday", "isNumber", "isInfinitesimal", "isNumberish", "isAllSmall", "isEvenTempered", "isOddTempered", "isAtomic", "atomicWeight", "leftOptions", "rightOptions", "incentives"} {
		if _, ok := res[2][k]; !ok {
			t.Errorf("field %s missing from %v", k, res[2])
		}
	}
}

// TestEvalNotDefined: an operation CGSuite does not define for its
// arguments is an error saying so (exit 1), not a guess.
func TestEvalNotDefined(t *testing.T) {
	res, errs, code := evalJSON(t, "", "{1|-1}.AtomicWeight", "cool({1|-1},*)", "pow({1|-1},2)")
	if code != exitInput {
		t.Errorf("exit %d", code)
	}
	for _, r := range res {
		if e, _ := r["error"].(string); !strings.Contains(e, "not defined") {
			t.Errorf("%v: %v", r["input"], r)
		}
	}
	if !strings.Contains(errs, "not infinitesimal") {
		t.Errorf("stderr: %s", errs)
	}
}

// TestEvalWorksheet: -f FILE and -f - run worksheets; errors name the
// line; -f with expressions is a usage error.
func TestEvalWorksheet(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sheet.cgs")
	sheet := "// CGSuite session\nG := {1|*}\nF(n) := {n|-n} + G   # a family\ntable F(n) for n = 1..3\nF(2) - G\n"
	if err := os.WriteFile(path, []byte(sheet), 0o644); err != nil {
		t.Fatal(err)
	}
	res, errs, code := evalJSON(t, "", "-f", path)
	if code != 0 || len(res) != 6 {
		t.Fatalf("exit %d, %d results: %v %s", code, len(res), res, errs)
	}
	if res[1]["defined"] != "F(n)" || res[2]["input"] != "F(n) [n=1]" || res[5]["canonical"] != "+-2" {
		t.Errorf("results %v", res)
	}
	res2, _, code := evalJSON(t, sheet, "-f", "-")
	if code != 0 || len(res2) != 6 || res2[5]["canonical"] != "+-2" {
		t.Errorf("stdin: exit %d %v", code, res2)
	}
	out, errs, code := runCmd(t, "G := {1|*}\nG +\non + 1\n", "eval", "-f", "-")
	if code != exitInput || !strings.Contains(errs, "line 2: column") || !strings.Contains(out, "on") {
		t.Errorf("bad line: exit %d\n%s\n%s", code, out, errs)
	}
	if _, errs, code := runCmd(t, "", "eval", "-f", path, "1+1"); code != exitUsage {
		t.Errorf("-f with EXPR: exit %d %s", code, errs)
	}
	if _, errs, code := runCmd(t, "", "eval", "-f", filepath.Join(dir, "missing")); code != exitInput {
		t.Errorf("missing file: exit %d %s", code, errs)
	}
}

// TestEvalSwitchSum: a sum of 200 switches and numbers answers its stops,
// mean and temperature without the canonical form of the whole sum (too
// large: null, with a note), within a small budget of steps.
func TestEvalSwitchSum(t *testing.T) {
	var terms []string
	for i := range 200 {
		switch i % 4 {
		case 0:
			terms = append(terms, fmt.Sprintf("%d/4", i%7-3))
		default:
			terms = append(terms, fmt.Sprintf("{%d|%d}", i%23, -(i%31)-1))
		}
	}
	res, errs, code := evalJSON(t, "", "--max-steps", "100000", strings.Join(terms, "+"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	r := res[0]
	if r["canonical"] != nil || r["note"] == nil || r["temperature"] == nil || r["leftStop"] == nil || r["mean"] == nil {
		t.Errorf("%v", r)
	}
	// A short sum of switches keeps its canonical form and every property.
	res, _, _ = evalJSON(t, "", strings.Repeat("{3|1}+", 15)+"{3|0}")
	if res[0]["canonical"] != "{34|32||31|29}" || res[0]["birthday"] == nil || res[0]["leftOptions"] == nil {
		t.Errorf("%v", res[0])
	}
}

// TestEvalCarousels: three copies of Bach's carousel (CGSuite's
// EvalTest.scala:186) answer within eval's default budget.
func TestEvalCarousels(t *testing.T) {
	res, errs, code := evalJSON(t, "", "3*a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}")
	if code != 0 || res[0]["canonical"] == nil || !strings.Contains(res[0]["canonical"].(string), " & ") {
		t.Errorf("exit %d: %v %s", code, res, errs)
	}
}

// TestEvalSubordinate: G.Subordinate(B) of short games goes to the loopy
// engine, which has it and hands short-game functions (powTo) to cgt
// (CGSuite's GameTest.scala:258-263).
func TestEvalSubordinate(t *testing.T) {
	res, errs, code := evalJSON(t, "", "(1/8).Subordinate(1)", "(+-1).Subordinate(0)", "(+-1).Subordinate(+-1)", "(-13/16).Subordinate(-1)", "(powTo(^,5)+*).Subordinate(*)")
	want := []string{"-3", "+-1", "0", "3/8", "5"}
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for i, w := range want {
		if res[i]["canonical"] != w || res[i]["mean"] == nil {
			t.Errorf("%v, want %s", res[i], w)
		}
	}
}

// BenchmarkEvalSwitchSum200: `eval --json` of a sum of 200 switches and
// numbers (issue 35: stops, mean and temperature under 2 s and 200 MB).
func BenchmarkEvalSwitchSum200(b *testing.B) {
	var terms []string
	for i := range 200 {
		if i%5 == 0 {
			terms = append(terms, fmt.Sprintf("%d/8", i%11-5))
		} else {
			terms = append(terms, fmt.Sprintf("{%d|%d}", (i*7)%41-20, (i*7)%41-20-1-(i*13)%19))
		}
	}
	expr := strings.Join(terms, "+")
	for b.Loop() {
		if _, _, code := runCmdB(expr); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}

// BenchmarkEvalCarousels: three of Bach's carousels within the default
// budget.
func BenchmarkEvalCarousels(b *testing.B) {
	for b.Loop() {
		if _, _, code := runCmdB("3*a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}"); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}

// runCmdB runs eval --json on one expression.
func runCmdB(expr string) (string, string, int) {
	var out, errb bytes.Buffer
	code := run([]string{"eval", "--json", expr}, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}
