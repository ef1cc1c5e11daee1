package main

import (
	"fmt"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/gtp"
	"github.com/spf13/cobra"
)

func init() { subcommands = append(subcommands, newGTPCmd) }

// The engines behind `mathgo gtp`. Other command files plug in here from
// their init functions: the exact tile player sets gtpGenerator, the
// analyze command sets gtpAnalyzer (the table, or with asJSON the
// `analyze --json` document). nil means FallbackGenerator and "analyze is
// not available".
var (
	gtpGenerator gtp.MoveGenerator
	gtpAnalyzer  func(b *board.Board, immortal []bool, asJSON bool) (string, error)
)

// parseKoRule reads the --ko flag of `mathgo gtp`.
func parseKoRule(s string) (board.KoRule, error) {
	switch s {
	case "simple":
		return board.KoSimple, nil
	case "superko":
		return board.KoSuperko, nil
	}
	return board.KoNone, fmt.Errorf("--ko must be simple or superko, not %q", s)
}

func newGTPCmd() *cobra.Command {
	var ko string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "gtp",
		Short: "Run as a GTP version 2 engine on standard input and output",
		Long: `Run mathgo as a Go Text Protocol (version 2) engine: it reads commands on standard
input and answers on standard output, so it plugs into Go GUIs (Sabaki, GoGui, Lizzie,
q5Go) and into match drivers such as twogtp (against GNU Go, for example).

Commands: protocol_version name version known_command list_commands quit boardsize
clear_board komi play genmove undo showboard loadsgf final_score, plus list_stones COLOR
(as GNU Go has it) and mathgo-analyze (the analyze table of the current position).

Rules: no suicide; --ko simple forbids retaking a single-stone ko at once (GNU Go's
default), --ko superko forbids repeating any earlier position (positional superko).
Illegal moves are answered "? illegal move", malformed commands "? syntax error".

genmove plays the exactly optimal move when the position is valued by tiles, with the
reason (tile, value, incentive) on standard error; otherwise it falls back to a simple
generator that captures or saves stones in atari, else plays a safe point of a region
bordered by both colours, else passes, and never fills its own territory or eyes.

final_score counts Japanese territory with komi, taking every stone on the board as alive.
loadsgf reads SGF or mathgo's diagrams, keeping immortal stones for the analysis;
loadsgf FILE N sets up the position before move N.`,
		Example: `  mathgo gtp
  mathgo gtp --ko simple            # the rules of GNU Go's defaults
  gogui-twogtp -black 'mathgo gtp --ko simple' -white 'gnugo --mode gtp' -size 9`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			rule, err := parseKoRule(ko)
			if err != nil {
				return fail(cmd.ErrOrStderr(), 2, "gtp: %v", err)
			}
			opts := gtp.Options{
				KoRule:    rule,
				Name:      "mathgo",
				Version:   version,
				Generator: gtpGenerator,
				Log:       cmd.ErrOrStderr(),
			}
			if a := gtpAnalyzer; a != nil {
				opts.Analyzer = func(b *board.Board, immortal []bool) (string, error) {
					return a(b, immortal, asJSON)
				}
			}
			e := gtp.NewEngine(opts)
			if err := e.Run(cmd.InOrStdin(), cmd.OutOrStdout()); err != nil {
				return fail(cmd.ErrOrStderr(), 1, "gtp: %v", err)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&ko, "ko", "superko", "ko rule of play: simple or superko (positional)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "mathgo-analyze answers with the analyze --json document instead of the table")
	return cmd
}
