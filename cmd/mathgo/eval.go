package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/cgt/loopy"
	"github.com/mathgo/mathgo/internal/table"
	"github.com/spf13/cobra"
)

// evalResult is one element of `eval --json` (docs/json-contract.md): a value
// (every field present; mean, temperature and birthday null for a loopy
// value, which has none; onside and offside added, equal to the
// canonical form for a stopper; CGSuite's properties added, null for a
// loopy value), a comparison or boolean property {"input","result"}, a
// set of games {"input","set"} (G.LeftOptions), a worksheet function
// definition {"input","defined"} or an error {"input","error"}.
type evalResult struct {
	Input           string       `json:"input"`
	Canonical       *string      `json:"canonical"`
	Outcome         *string      `json:"outcome"`
	LeftStop        *string      `json:"leftStop"`
	RightStop       *string      `json:"rightStop"`
	Mean            *string      `json:"mean"`
	Temperature     *string      `json:"temperature"`
	Birthday        *json.Number `json:"birthday"`
	IsNumber        *bool        `json:"isNumber"`
	IsInfinitesimal *bool        `json:"isInfinitesimal"`
	Onside          *string      `json:"onside"`
	Offside         *string      `json:"offside"`
	// Added by issue 35 (CGSuite's properties of short games).
	IsInteger      *bool     `json:"isInteger"`
	IsNumberish    *bool     `json:"isNumberish"`
	IsAllSmall     *bool     `json:"isAllSmall"`
	IsNimber       *bool     `json:"isNimber"`
	IsNumberUpStar *bool     `json:"isNumberUpStar"`
	IsSwitch       *bool     `json:"isSwitch"`
	IsNumberTiny   *bool     `json:"isNumberTiny"`
	IsEven         *bool     `json:"isEven"`
	IsOdd          *bool     `json:"isOdd"`
	IsEvenTempered *bool     `json:"isEvenTempered"`
	IsOddTempered  *bool     `json:"isOddTempered"`
	IsAtomic       *bool     `json:"isAtomic"`
	AtomicWeight   *string   `json:"atomicWeight"`
	LeftOptions    *[]string `json:"leftOptions"`
	RightOptions   *[]string `json:"rightOptions"`
	Incentives     *[]string `json:"incentives"`

	// Note says why fields are null for a value known only partly (a sum
	// of switches too large for its canonical form).
	Note *string `json:"note,omitempty"`

	Result  *bool     `json:"result,omitempty"`
	Set     *[]string `json:"set,omitempty"`
	Defined *string   `json:"defined,omitempty"`
	Error   *string   `json:"error,omitempty"`
}

// MarshalJSON writes the shape of the result's kind.
func (r evalResult) MarshalJSON() ([]byte, error) {
	switch {
	case r.Error != nil:
		return json.Marshal(struct {
			Input string `json:"input"`
			Error string `json:"error"`
		}{r.Input, *r.Error})
	case r.Result != nil:
		return json.Marshal(struct {
			Input  string `json:"input"`
			Result bool   `json:"result"`
		}{r.Input, *r.Result})
	case r.Set != nil:
		return json.Marshal(struct {
			Input string   `json:"input"`
			Set   []string `json:"set"`
		}{r.Input, *r.Set})
	case r.Defined != nil:
		return json.Marshal(struct {
			Input   string `json:"input"`
			Defined string `json:"defined"`
		}{r.Input, *r.Defined})
	}
	type value evalResult // without this method
	return json.Marshal(value(r))
}

// DefaultEvalSteps is eval's default work budget per expression, in cgt
// steps (games made plus comparisons computed): a few seconds.
const DefaultEvalSteps = 20_000_000

// maxListed bounds the options and incentives listed in --json: a game
// with more prints them as null (the canonical form has them all).
const maxListed = 1000

// evalProgressEvery is the number of cgt steps between two calls of
// eval's progress hook (0: cgt's default); a test makes it small, to see
// progress lines on a short evaluation.
var evalProgressEvery = 0

// runStatement runs one statement (an expression, a definition or a
// table) in env and describes its values; an expression the short-game
// engine cannot read and that uses loopy notation goes to the loopy
// engine. Past the budget a result is "unknown" and unknown is true.
func runStatement(env *cgt.Env, st cgt.Statement, sheet, unicode bool, steps int, progress func(cgt.Progress) bool) (out []evalResult, unknown bool) {
	// A long sum of numbers and simple switches: stops, mean and
	// temperature without the canonical form of the whole sum.
	var sw cgt.SwitchSum
	var isSwitchSum bool
	berr := cgt.WithinBudget(cgt.Budget{MaxSteps: steps, Progress: progress, ProgressEvery: evalProgressEvery}, func() {
		sw, isSwitchSum = cgt.ParseSwitchSum(st.Text)
		if isSwitchSum && sw.HasCanonical {
			out = []evalResult{describe(evalResult{Input: st.Text}, sw.Canonical, unicode)}
		}
	})
	if berr == nil && isSwitchSum {
		if sw.HasCanonical {
			addLists(&out[0], sw.Canonical, unicode, steps)
		} else {
			out = []evalResult{describeSwitchSum(st.Text, sw)}
		}
		return out, false
	}
	var items []cgt.Item
	berr = cgt.WithinBudget(cgt.Budget{MaxSteps: steps, Progress: progress, ProgressEvery: evalProgressEvery}, func() {
		items = env.Exec(st)
		out = make([]evalResult, len(items))
		for i, it := range items {
			out[i] = describeItem(it, sheet, unicode)
		}
	})
	if berr != nil {
		return []evalResult{{Input: st.Text, Error: ptr(fmt.Sprintf("unknown: the evaluation needs more than the budget of %d steps (--max-steps raises it): %v", steps, berr))}}, true
	}
	if len(items) == 1 && items[0].Err != nil && items[0].Name == "" && loopy.IsLoopy(st.Text) {
		var parseErr *cgt.ParseError
		if errors.As(items[0].Err, &parseErr) && !errors.Is(items[0].Err, cgt.ErrNotDefined) {
			r, u := evaluateLoopy(st.Text, steps)
			if r.Error != nil && !u {
				// Neither engine reads it: say what each objects to.
				r.Error = ptr(fmt.Sprintf("%s (as a loopy game: %s)", *out[0].Error, *r.Error))
			} else if sheet && r.Error != nil {
				r.Error = ptr(fmt.Sprintf("line %d: %s", st.Line, *r.Error))
			}
			r.Input = out[0].Input
			return []evalResult{r}, u
		}
	}
	for i, it := range items {
		if it.Err != nil || it.Value.IsComparison || it.Value.IsSet || (it.Name != "" && strings.Contains(it.Name, "(")) {
			continue
		}
		addLists(&out[i], it.Value.Game, unicode, steps)
	}
	return out, false
}

// addLists fills in CGSuite's properties, the options and the incentives
// of g: extra work, each within a budget of its own so that a huge game
// keeps its main fields (null past the budget).
func addLists(r *evalResult, g cgt.Game, unicode bool, steps int) {
	var props evalResult
	if cgt.WithinBudget(cgt.Budget{MaxSteps: steps}, func() { addProperties(&props, g, unicode) }) == nil {
		r.IsInteger, r.IsNumberish, r.IsAllSmall, r.IsNimber = props.IsInteger, props.IsNumberish, props.IsAllSmall, props.IsNimber
		r.IsNumberUpStar, r.IsSwitch, r.IsNumberTiny = props.IsNumberUpStar, props.IsSwitch, props.IsNumberTiny
		r.IsEven, r.IsOdd, r.IsEvenTempered, r.IsOddTempered = props.IsEven, props.IsOdd, props.IsEvenTempered, props.IsOddTempered
		r.IsAtomic, r.AtomicWeight = props.IsAtomic, props.AtomicWeight
	}
	var l, rr, inc []string
	err := cgt.WithinBudget(cgt.Budget{MaxSteps: steps}, func() {
		if len(g.LeftOptions())+len(g.RightOptions()) > maxListed {
			return
		}
		l, rr, inc = formatAll(g.LeftOptions(), unicode), formatAll(g.RightOptions(), unicode), formatAll(g.Incentives(), unicode)
	})
	if err == nil && l != nil {
		r.LeftOptions, r.RightOptions, r.Incentives = &l, &rr, &inc
	}
}

// describeSwitchSum fills in what is known of a sum of switches whose
// canonical form is too large to build: stops, mean, temperature and the
// properties they decide; the rest is null, and note says why.
func describeSwitchSum(input string, s cgt.SwitchSum) evalResult {
	r := evalResult{Input: input}
	r.LeftStop, r.RightStop = ptr(s.LeftStop.String()), ptr(s.RightStop.String())
	r.Mean, r.Temperature = ptr(s.Mean.String()), ptr(s.Temperature.String())
	f := false
	r.IsNumber, r.IsInfinitesimal, r.IsInteger, r.IsNumberish, r.IsAllSmall = &f, &f, &f, &f, &f
	r.IsNimber, r.IsNumberUpStar, r.IsNumberTiny, r.IsAtomic = &f, &f, &f, &f
	r.IsSwitch = ptr(s.Mean.Sign() == 0)
	// A nonzero stop decides who wins moving first; a zero one needs the
	// infinitesimal part, unknown here.
	ls, rs := s.LeftStop.Sign(), s.RightStop.Sign()
	if ls != 0 && rs != 0 {
		o := map[[2]bool]string{{true, false}: "L", {false, true}: "R", {true, true}: "N", {false, false}: "P"}[[2]bool{ls > 0, rs < 0}]
		r.Outcome = &o
	}
	r.Note = ptr(fmt.Sprintf("a sum of %d numbers and switches, equal to %s (equal temperatures cancel); its canonical form has 2^%d leaves, more than cgt builds (2^%d): canonical form, birthday and the properties that need it are null",
		s.Terms, s.Describe(), len(s.Hot), cgt.MaxSwitchCanonical))
	return r
}

// formatAll prints games.
func formatAll(gs []cgt.Game, unicode bool) []string {
	out := make([]string, len(gs))
	for i, g := range gs {
		out[i] = g.Format(unicode)
	}
	return out
}

// describeItem turns one worksheet item into its result record.
func describeItem(it cgt.Item, sheet, unicode bool) evalResult {
	r := evalResult{Input: it.Input}
	switch {
	case it.Err != nil:
		msg := it.Err.Error()
		var le *cgt.LineError
		if !sheet && errors.As(it.Err, &le) {
			msg = le.Err.Error()
		}
		r.Error = &msg
	case it.Name != "" && strings.Contains(it.Name, "("):
		r.Defined = ptr(it.Name)
	case it.Value.IsComparison:
		r.Result = ptr(it.Value.Bool)
	case it.Value.IsSet:
		r.Set = ptr(formatAll(it.Value.Set, unicode))
	default:
		r = describe(r, it.Value.Game, unicode)
	}
	return r
}

// describe fills in the properties of g.
func describe(r evalResult, g cgt.Game, unicode bool) evalResult {
	r.Canonical = ptr(g.Format(unicode))
	r.Outcome = ptr(g.Outcome().String())
	r.LeftStop = ptr(g.LeftStop().String())
	r.RightStop = ptr(g.RightStop().String())
	r.Mean = ptr(g.Mean().String())
	r.Temperature = ptr(g.Temperature().String())
	r.Birthday = ptr(json.Number(g.BirthdayBig().String()))
	r.IsNumber = ptr(g.IsNumber())
	r.IsInfinitesimal = ptr(g.IsInfinitesimalOrZero())
	r.Onside, r.Offside = r.Canonical, r.Canonical
	return r
}

// addProperties fills in CGSuite's properties of g (atomic weight,
// parity ...).
func addProperties(r *evalResult, g cgt.Game, unicode bool) {
	p := g.Properties()
	r.IsInteger, r.IsNumberish, r.IsAllSmall, r.IsNimber = ptr(p.IsInteger), ptr(p.IsNumberish), ptr(p.IsAllSmall), ptr(p.IsNimber)
	r.IsNumberUpStar, r.IsSwitch, r.IsNumberTiny = ptr(p.IsNumberUpStar), ptr(p.IsSwitch), ptr(p.IsNumberTiny)
	r.IsEven, r.IsOdd, r.IsEvenTempered, r.IsOddTempered = ptr(p.IsEven), ptr(p.IsOdd), ptr(p.IsEvenTempered), ptr(p.IsOddTempered)
	r.IsAtomic = ptr(p.IsAtomic)
	if p.AtomicWeight != nil {
		r.AtomicWeight = ptr(p.AtomicWeight.Format(unicode))
	}
}

// loopyStepsPerStep converts eval's budget (cgt steps) into the loopy
// engine's units (graph vertices and comparison states, much cheaper
// each): the default budget of eval is the loopy engine's own default.
const loopyStepsPerStep = loopy.DefaultBudget / DefaultEvalSteps

// loopySteps is the loopy engine's budget for eval's budget of steps
// (0: none).
func loopySteps(steps int) int {
	if steps <= 0 || steps > math.MaxInt/loopyStepsPerStep {
		return steps
	}
	return steps * loopyStepsPerStep
}

// evaluateLoopy evaluates an expression the loopy engine needs (pass,
// node labels, on, off, over, under, upon, dud, &).
func evaluateLoopy(expr string, steps int) (evalResult, bool) {
	r := evalResult{Input: expr}
	var res loopy.Result
	var rep loopy.Report
	var err error
	// The short-game work the loopy engine hands to cgt (functions on
	// short games) is bounded by cgt's budget.
	berr := cgt.WithinBudget(cgt.Budget{MaxSteps: steps}, func() {
		res, err = loopy.EvalBudget(expr, loopySteps(steps))
		if err == nil {
			rep, err = res.Report()
		}
	})
	if berr != nil {
		err = berr
	}
	if err != nil {
		if errors.Is(err, loopy.ErrBudget) || errors.Is(err, cgt.ErrBudget) {
			r.Error = ptr(fmt.Sprintf("unknown: the evaluation needs more than the budget (--max-steps raises it): %v", err))
			return r, true
		}
		r.Error = ptr(err.Error())
		return r, false
	}
	if rep.Result != nil {
		r.Result = rep.Result
		return r, false
	}
	r.Canonical, r.Outcome, r.LeftStop, r.RightStop = rep.Canonical, rep.Outcome, rep.LeftStop, rep.RightStop
	r.IsNumber, r.IsInfinitesimal, r.Onside, r.Offside = rep.IsNumber, rep.IsInfinitesimal, rep.Onside, rep.Offside
	r.Mean, r.Temperature = rep.Mean, rep.Temperature
	if rep.Birthday != nil {
		r.Birthday = ptr(json.Number(fmt.Sprint(*rep.Birthday)))
	}
	return r, false
}

// evalOptions are the flags of `mathgo eval`.
type evalOptions struct {
	asJSON, unicode bool
	maxSteps        int
	file            string
}

func newEvalCmd() *cobra.Command {
	o := &evalOptions{}
	cmd := &cobra.Command{
		Use:   "eval EXPR... | eval -f FILE",
		Short: "Evaluate combinatorial-game expressions in CGSuite notation",
		Long: `Evaluate combinatorial-game expressions and print each one's canonical form,
outcome class, stops, mean, temperature and birthday (--json adds CGSuite's
properties: isNumberish, isAllSmall, isEven, isOddTempered, isAtomic, atomicWeight,
leftOptions, rightOptions, incentives ...).

The notation is CGSuite's, so values paste between the two tools:
  integers and dyadic fractions   3  -5/8  2^3 (= 8, as in CGSuite)  3^22/2^72
  nimbers, ups and downs          *  *3  ^  v  ^3  vv*  (juxtaposed: 6^*, 73/16v9*8, 2+^3)
  uptimals                        ^<3> (^.Pow(3))  ^[3] (^.PowTo(3))  v[4]*  1/2^<2>*3
  games and switches              {3||2*|1*}  {0,*|-1}  +-1  x+-y  +-{1,1*}
  infinitesimals                  Tiny(3/2)  Miny({2|1})
  arithmetic                      G + H   G - H   -G   (G)   n*G (n copies)   G:H (ordinal sum)
  functions and methods           f(G, args) or G.F(args) or G.F, e.g. {^^^|vv}.AtomicWeight
    cool(G,t) heat(G,t) (t a number or a game) overheat(G,s,t) chill warm freeze
    nortonProduct(G,U) conwayProduct(G,H) nimProduct(a,b) ordinalSum(G,H) pow(G,n) powTo(G,n)
    atomicWeight companion reducedCanonicalForm mean temperature leftStop rightStop birthday
    stopCount  Tiny Miny neg
  sets (end an expression)        G.LeftOptions  G.RightOptions  G.Followers  G.Incentives
                                  G.LeftIncentives  G.RightIncentives
  properties (true/false)         G.IsNumber IsInteger IsNumberish IsInfinitesimal IsAllSmall
                                  IsNimber IsNumberUpStar IsSwitch IsNumberTiny IsEven IsOdd
                                  IsEvenTempered IsOddTempered IsAtomic
  comparisons (give true/false)   <=  <  ==  >=  >  <> (confused)  <| (less or confused)  |>
  loopy games (CGSuite's notation) pass  on  off  over  under  dud  upon  a{0|a} (node labels)
                                  G & H (onside & offside)   e.g.  {0|pass}  a{{1|a}|0}
Unicode ↑ ↓ ⋆ ± are accepted; --unicode prints them. An operation CGSuite does not
define for its arguments (the atomic weight of a hot game) is an error saying so.

A worksheet (-f FILE, or -f - for standard input) holds one statement a line:
  // comments (also #)
  G := {1|*}                      name a game
  F(n) := {n|-n} + G              name a function of games
  F(3) + G                        any expression, with the names above it
  table F(n) for n = 1..10        one result per integer n

Temperatures follow CGSuite: an integer has temperature -1, m/2^k has -1/2^k.
An expression may start with '-' (mathgo eval -1/2 -2v). An expression that does not
parse is reported with its column (and line, in a worksheet), and the exit status is 1.`,
		Example: `  mathgo eval '{3||2+*|1+*}' 'cool({3||2*|1*},1/4)' '^ + ^ + *'
  mathgo eval --json 'chill({2|0})' '^ <> *' '{^^^|vv}.AtomicWeight' 'heat({3||2+*|1+*},*)'
  mathgo eval -f testdata/cgsuite/worksheet.cgs`,
		Args: func(cmd *cobra.Command, argv []string) error {
			if o.file != "" {
				return args(0, 0, "no EXPR with -f")(cmd, argv)
			}
			return args(1, -1, "an expression (EXPR...) or -f FILE")(cmd, argv)
		},
		RunE: func(cmd *cobra.Command, argv []string) error { return runEval(cmd, o, argv) },
	}
	cmd.Flags().BoolVar(&o.asJSON, "json", false, "print one JSON array, one object per expression")
	cmd.Flags().IntVar(&o.maxSteps, "max-steps", DefaultEvalSteps, "work budget per expression, in steps (games made plus comparisons computed; the loopy engine gets ten times as many of its cheaper vertices and comparison states); past it the answer is unknown (exit 3)")
	renamedFlag(cmd, "max-nodes", "max-steps")
	cmd.Flags().BoolVar(&o.unicode, "unicode", false, "print ↑ ↓ ⋆ ± instead of ^ v * +-")
	cmd.Flags().StringVarP(&o.file, "file", "f", "", "read a worksheet of statements from FILE (- for standard input)")
	return cmd
}

// runEval evaluates every expression (or the worksheet's statements) and
// prints the results.
func runEval(cmd *cobra.Command, o *evalOptions, argv []string) error {
	stderr := cmd.ErrOrStderr()
	sheet := o.file != ""
	var stmts []cgt.Statement
	if sheet {
		var text []byte
		var err error
		if o.file == "-" {
			text, err = io.ReadAll(cmd.InOrStdin())
		} else {
			text, err = os.ReadFile(o.file)
		}
		if err != nil {
			return fail(stderr, exitInput, "eval -f: %v", err)
		}
		stmts = cgt.SplitWorksheet(string(text))
	} else {
		for i, a := range argv {
			stmts = append(stmts, cgt.Statement{Line: i + 1, Text: a})
		}
	}
	env := cgt.NewEnv()
	var results []evalResult
	failed, unknown := false, false
	for i, st := range stmts {
		report := progressPrinter(stderr)
		what := evalProgressName(st, i, len(stmts), sheet)
		progress := func(p cgt.Progress) bool {
			report(fmt.Sprintf("eval: %s: %d steps, %d new games", what, p.Steps, p.NewGames))
			return true
		}
		// Command-line expressions share one environment too: eval
		// 'G := {1|*}' 'G + G' works.
		rs, u := runStatement(env, st, sheet, o.unicode, o.maxSteps, progress)
		unknown = unknown || u
		for _, r := range rs {
			failed = failed || r.Error != nil && !u
		}
		results = append(results, rs...)
	}
	out := cmd.OutOrStdout()
	if o.asJSON {
		if err := writeJSON(out, results); err != nil {
			return err
		}
	} else {
		t := newTable(out, "input", "canonical", "outcome", "left stop", "right stop", "mean", "temperature", "birthday")
		for _, r := range results {
			switch {
			case r.Error != nil:
				continue
			case r.Result != nil:
				t.Row(r.Input, *r.Result, "", "", "", "", "", "")
			case r.Set != nil:
				t.Row(r.Input, "{"+strings.Join(*r.Set, ",")+"}", "", "", "", "", "", "")
			case r.Defined != nil:
				t.Row(r.Input, "defined "+*r.Defined, "", "", "", "", "", "")
			default:
				t.Row(r.Input, orDash(r.Canonical), orDash(r.Outcome), orDash(r.LeftStop), orDash(r.RightStop), orDash(r.Mean), orDash(r.Temperature), birthdayText(r.Birthday))
			}
		}
		if err := t.Render(); err != nil {
			return err
		}
	}
	for _, r := range results {
		if r.Error != nil {
			fmt.Fprintf(stderr, "mathgo eval: %q: %s\n", r.Input, *r.Error)
		}
		if r.Note != nil && !o.asJSON {
			fmt.Fprintf(stderr, "mathgo eval: %q: %s\n", r.Input, *r.Note)
		}
	}
	switch {
	case failed:
		return exitError{exitInput}
	case unknown:
		return exitError{exitUnproven}
	}
	return nil
}

// evalProgressExpr is how many characters of an expression a progress
// line shows: the line names the statement by its number (or its line in
// a worksheet), and the expression, which may be pages long, only
// shortened to this.
const evalProgressExpr = 28

// evalProgressName names a statement in eval's progress lines: "line 7
// ({1|*}+…+^)" in a worksheet, "expression 2 of 3 (…)" on the command
// line, the expression on one line and shortened in its middle.
func evalProgressName(st cgt.Statement, i, n int, sheet bool) string {
	expr := table.Elide(strings.Join(strings.Fields(st.Text), " "), evalProgressExpr)
	if sheet {
		return fmt.Sprintf("line %d (%s)", st.Line, expr)
	}
	return fmt.Sprintf("expression %d of %d (%s)", i+1, n, expr)
}

// birthdayText prints a birthday, or "-" for a loopy value.
func birthdayText(b *json.Number) string {
	if b == nil {
		return "-"
	}
	return b.String()
}
