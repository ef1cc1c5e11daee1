package main

import (
	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/gtp"
	"github.com/spf13/cobra"
)

// gtpOptions are the flags of `mathgo gtp`.
type gtpOptions struct {
	ko     string
	asJSON bool
}

// koRules are the --ko values and the rules they name.
var koRules = map[string]board.KoRule{"simple": board.KoSimple, "superko": board.KoSuperko}

func newGTPCmd() *cobra.Command {
	o := &gtpOptions{}
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

final_score gives the exact Japanese score with best play from the player to move (komi
included) when the position can be valued, as analyze does; otherwise it counts territory
taking every stone on the board as alive.
loadsgf reads SGF or mathgo's diagrams, keeping immortal stones for the analysis;
loadsgf FILE N sets up the position before move N.`,
		Example: `  mathgo gtp
  mathgo gtp --ko simple            # the rules of GNU Go's defaults
  gogui-twogtp -black 'mathgo gtp --ko simple' -white 'gnugo --mode gtp' -size 9`,
		Args: args(0, 0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runGTP(cmd, o) },
	}
	cmd.Flags().StringVar(&o.ko, "ko", "superko", "ko rule of play: simple or superko (positional)")
	cmd.Flags().BoolVar(&o.asJSON, "json", false, "mathgo-analyze answers with the analyze --json document instead of the table")
	return cmd
}

// runGTP serves GTP on standard input and output.
func runGTP(cmd *cobra.Command, o *gtpOptions) error {
	if err := choice(cmd, "ko", o.ko, "simple", "superko"); err != nil {
		return err
	}
	e := gtp.NewEngine(gtp.Options{
		KoRule:    koRules[o.ko],
		Name:      "mathgo",
		Version:   version,
		Generator: gtp.ExactGenerator{},
		Analyzer:  gtp.Analyzer(o.asJSON),
		Scorer:    gtp.Scorer,
		Log:       cmd.ErrOrStderr(),
	})
	if err := e.Run(cmd.InOrStdin(), cmd.OutOrStdout()); err != nil {
		return fail(cmd.ErrOrStderr(), exitInput, "gtp: %v", err)
	}
	return nil
}
