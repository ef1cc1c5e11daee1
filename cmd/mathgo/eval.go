package main

import (
	"fmt"

	"github.com/mathgo/mathgo/cgt"
	"github.com/spf13/cobra"
)

// evalResult is one element of `eval --json` (CONTRACT.md).
type evalResult struct {
	Input           string  `json:"input"`
	Canonical       *string `json:"canonical,omitempty"`
	Outcome         *string `json:"outcome,omitempty"`
	LeftStop        *string `json:"leftStop,omitempty"`
	RightStop       *string `json:"rightStop,omitempty"`
	Mean            *string `json:"mean,omitempty"`
	Temperature     *string `json:"temperature,omitempty"`
	Birthday        *int64  `json:"birthday,omitempty"`
	IsNumber        *bool   `json:"isNumber,omitempty"`
	IsInfinitesimal *bool   `json:"isInfinitesimal,omitempty"`
	Result          *bool   `json:"result,omitempty"`
	Error           *string `json:"error,omitempty"`
}

// evaluate turns one expression into its result record.
func evaluate(expr string, unicode bool) evalResult {
	r := evalResult{Input: expr}
	v, err := cgt.Eval(expr)
	if err != nil {
		r.Error = ptr(err.Error())
		return r
	}
	if v.IsComparison {
		r.Result = ptr(v.Bool)
		return r
	}
	g := v.Game
	r.Canonical = ptr(g.Format(unicode))
	r.Outcome = ptr(g.Outcome().String())
	r.LeftStop = ptr(g.LeftStop().String())
	r.RightStop = ptr(g.RightStop().String())
	r.Mean = ptr(g.Mean().String())
	r.Temperature = ptr(g.Temperature().String())
	r.Birthday = ptr(g.Birthday())
	r.IsNumber = ptr(g.IsNumber())
	r.IsInfinitesimal = ptr(g.IsInfinitesimal())
	return r
}

// evalOptions are the flags of `mathgo eval`.
type evalOptions struct {
	asJSON, unicode bool
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
	cmd.Flags().BoolVar(&o.unicode, "unicode", false, "print ↑ ↓ ⋆ ± instead of ^ v * +-")
	return cmd
}

// runEval evaluates every expression and prints the results.
func runEval(cmd *cobra.Command, o *evalOptions, argv []string) error {
	results := make([]evalResult, len(argv))
	failed := false
	for i, a := range argv {
		results[i] = evaluate(a, o.unicode)
		failed = failed || results[i].Error != nil
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
				t.Row(r.Input, *r.Canonical, *r.Outcome, *r.LeftStop, *r.RightStop, *r.Mean, *r.Temperature, *r.Birthday)
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
	if failed {
		return exitError{exitInput}
	}
	return nil
}
