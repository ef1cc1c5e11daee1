package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/cgt/loopy"
	"github.com/spf13/cobra"
)

// evalResult is one element of `eval --json` (docs/json-contract.md): a value
// (every field present; mean, temperature and birthday null for a loopy
// value, which has none; onside and offside added, equal to the
// canonical form for a stopper), a comparison {"input","result"} or an
// error {"input","error"}.
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
	Result          *bool        `json:"result,omitempty"`
	Error           *string      `json:"error,omitempty"`
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
	}
	type value evalResult // without this method
	return json.Marshal(value(r))
}

// DefaultEvalSteps is eval's default work budget per expression, in cgt
// steps (games made plus comparisons computed): a few seconds.
const DefaultEvalSteps = 20_000_000

// evaluate turns one expression into its result record, within a budget
// of steps (0: none); past it the result is an error saying so, and
// unknown is true.
func evaluate(expr string, unicode bool, steps int, progress func(cgt.Progress) bool) (r evalResult, unknown bool) {
	r = evalResult{Input: expr}
	if loopy.IsLoopy(expr) {
		return evaluateLoopy(expr, steps)
	}
	var v cgt.Value
	var err error
	berr := cgt.WithinBudget(cgt.Budget{MaxSteps: steps, Progress: progress}, func() {
		v, err = cgt.Eval(expr)
		if err == nil && !v.IsComparison {
			// The properties can be long work too (stops and
			// temperatures of huge forms): inside the budget.
			r = describe(r, v.Game, unicode)
		}
	})
	if berr != nil {
		r = evalResult{Input: expr, Error: ptr(fmt.Sprintf("unknown: the evaluation needs more than the budget of %d steps (--max-nodes raises it): %v", steps, berr))}
		return r, true
	}
	if err != nil {
		r.Error = ptr(err.Error())
		return r, false
	}
	if v.IsComparison {
		r.Result = ptr(v.Bool)
	}
	return r, false
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
	r.IsInfinitesimal = ptr(g.IsInfinitesimal())
	r.Onside, r.Offside = r.Canonical, r.Canonical
	return r
}

// evaluateLoopy evaluates an expression the loopy engine needs (pass,
// node labels, on, off, over, under, upon, dud, &).
func evaluateLoopy(expr string, steps int) (evalResult, bool) {
	r := evalResult{Input: expr}
	res, err := loopy.EvalBudget(expr, steps)
	var rep loopy.Report
	if err == nil {
		rep, err = res.Report()
	}
	if err != nil {
		if errors.Is(err, loopy.ErrBudget) {
			r.Error = ptr(fmt.Sprintf("unknown: the evaluation needs more than the budget (--max-nodes raises it): %v", err))
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
	return r, false
}

// evalOptions are the flags of `mathgo eval`.
type evalOptions struct {
	asJSON, unicode bool
	maxNodes        int
}

func newEvalCmd() *cobra.Command {
	o := &evalOptions{}
	cmd := &cobra.Command{
		Use:   "eval EXPR...",
		Short: "Evaluate combinatorial-game expressions in CGSuite notation",
		Long: `Evaluate combinatorial-game expressions and print each one's canonical form,
outcome class, stops, mean, temperature and birthday.

The notation is CGSuite's, so values paste between the two tools:
  integers and dyadic fractions   3  -5/8
  nimbers, ups and downs          *  *3  ^  v  ^3  vv*  (juxtaposed: 6^*, 73/16v9*8)
  games and switches              {3||2*|1*}  {0,*|-1}  +-1  x+-y  +-{1,1*}
  infinitesimals                  Tiny(3/2)  Miny({2|1})
  arithmetic                      G + H   G - H   -G   (G)
  functions                       cool(G,t)  heat(G,t)  chill(G)  warm(G)  freeze(G)
                                  mean(G)  temperature(G)  leftStop(G)  rightStop(G)
  comparisons (give true/false)   <=  <  ==  >=  >  <> (confused)  <| (less or confused)  |>
  loopy games (CGSuite's notation) pass  on  off  over  under  dud  upon  a{0|a} (node labels)
                                  G & H (onside & offside)   e.g.  {0|pass}  a{{1|a}|0}
Unicode ↑ ↓ ⋆ ± are accepted; --unicode prints them.

Temperatures follow CGSuite: an integer has temperature -1, m/2^k has -1/2^k.
An expression may start with '-' (mathgo eval -1/2 -2v). An expression that does not
parse is reported with its column, and the exit status is 1.`,
		Example: `  mathgo eval '{3||2+*|1+*}' 'cool({3||2*|1*},1/4)' '^ + ^ + *'
  mathgo eval --json 'chill({2|0})' '^ <> *'`,
		Args: args(1, -1, "an expression (EXPR...)"),
		RunE: func(cmd *cobra.Command, argv []string) error { return runEval(cmd, o, argv) },
	}
	cmd.Flags().BoolVar(&o.asJSON, "json", false, "print one JSON array, one object per expression")
	cmd.Flags().IntVar(&o.maxNodes, "max-nodes", DefaultEvalSteps, "work budget per expression, in steps (games made plus comparisons computed); past it the answer is unknown (exit 3)")
	cmd.Flags().BoolVar(&o.unicode, "unicode", false, "print ↑ ↓ ⋆ ± instead of ^ v * +-")
	return cmd
}

// runEval evaluates every expression and prints the results.
func runEval(cmd *cobra.Command, o *evalOptions, argv []string) error {
	results := make([]evalResult, len(argv))
	failed, unknown := false, false
	stderr := cmd.ErrOrStderr()
	for i, a := range argv {
		start := time.Now()
		last := start
		progress := func(p cgt.Progress) bool {
			if now := time.Now(); now.Sub(start) > time.Second && now.Sub(last) > 2*time.Second {
				last = now
				fmt.Fprintf(stderr, "mathgo eval: %q: %d steps, %d new games (%.0fs)\n", a, p.Steps, p.NewGames, now.Sub(start).Seconds())
			}
			return true
		}
		var u bool
		results[i], u = evaluate(a, o.unicode, o.maxNodes, progress)
		unknown = unknown || u
		failed = failed || results[i].Error != nil && !u
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
			fmt.Fprintf(cmd.ErrOrStderr(), "mathgo eval: %q: %s\n", r.Input, *r.Error)
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

// birthdayText prints a birthday, or "-" for a loopy value.
func birthdayText(b *json.Number) string {
	if b == nil {
		return "-"
	}
	return b.String()
}
