package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/gtp"
	"github.com/spf13/cobra"
)

// gtpOptions are the flags of `mathgo gtp`.
type gtpOptions struct {
	ko       string
	asJSON   bool
	engine   string
	moveTime float64
	// assume is --assume: the source of final_score's and
	// final_status_list's assumptions (gtp.Options.Assume).
	assume analysisOptions
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

Commands (from the engine's one command table, gtp.Help):

` + indent(gtp.Help()) + `

Rules: no suicide; --ko simple forbids retaking a single-stone ko at once (GNU Go's
default), --ko superko forbids repeating any earlier position (positional superko).
Illegal moves are answered "? illegal move", malformed commands "? syntax error".

genmove, in order:
  1. mathgo's exact play, when the position is an endgame mathgo can value: a triage
     (microseconds, no search) first refuses openings and middle games ("not an
     endgame yet: 61 empty points in open areas (the largest 43 points), 20 of them
     touching no stone"), then the exact analysis runs with node budgets sized for a
     few seconds, and if that leaves the board unvalued and the move has time (5 s on
     boards up to 11x11, 20 s on larger ones), once more with analyze's budgets; the
     board search (tiles without a value played on the board) is made under Japanese
     counting only, with analyze's budget already in the first analysis when the move
     has that time, and stopped at the move's deadline; if every tile is valued, or the
     board search proves the Japanese scores (Spight's problem: 6 to 9 s), mathgo
     plays the optimal move;
  2. otherwise the engine of --engine: a GTP engine mathgo starts as a child process
     and keeps in sync with every command that changes the position (boardsize,
     clear_board, komi, play, undo, loadsgf, handicap); it plays until mathgo can take
     over. GNU Go with --capture-all-dead removes the dead stones before it passes,
     which leaves territories mathgo can value, so that it takes over sooner. A child
     that crashes, answers nonsense or takes too long is stopped (and restarted at
     most three times), and mathgo falls back;
  3. otherwise the fallback: it captures, saves stones in atari, else plays the point
     that gains most area in a simple influence estimate, never in its own territory or
     eyes, never a self-atari that loses stones for nothing; it passes only when no
     such move is left.
Standard error says which one chose each move, why, and how long it took, and when
mathgo takes over. No genmove takes more than --move-time seconds (default 9), less
when time_settings or time_left leave less time per move: the exact analysis gets two
thirds of it when there is an engine, the engine the rest (at least a second, or the
fallback plays); with less than four seconds the analysis's node budgets shrink.

final_score gives the exact Japanese score with best play from the player to move (komi
included) when the position can be valued, as analyze does; otherwise it counts territory
taking every stone on the board as alive. final_status_list uses mathgo's exact analysis
when there is one, else the engine's answer, else a simple rule (pass-alive blocks and
blocks next to an eye of their own are alive; other blocks standing in the opponent's
influence are dead; seki is not reported). With --assume SOURCE, a position mathgo cannot
prove is answered from its analysis under the statuses SOURCE gives (as analyze --assume):
standard error says the answer is conditional, and mathgo-assumptions lists what it assumes.
loadsgf reads SGF or mathgo's diagrams, keeping immortal stones for the analysis;
loadsgf FILE N sets up the position before move N.`,
		Example: `  printf 'loadsgf testdata/problems/five-tiles.txt\ngenmove b\nshowboard\n' | mathgo gtp
  echo 'genmove b' | mathgo gtp --ko simple --engine "gnugo --mode gtp --level 1"     # needs gnugo
  echo 'genmove b' | mathgo gtp --ko simple --engine "gnugo --mode gtp --capture-all-dead"     # needs gnugo
  printf 'loadsgf testdata/games/g09-l4-s3.sgf\nfinal_score\nmathgo-assumptions\n' | mathgo gtp --assume gnugo     # needs gnugo
  gogui-twogtp -black 'mathgo gtp --ko simple --engine "gnugo --mode gtp"' -white 'gnugo --mode gtp' -size 9`,
		Args: args(0, 0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runGTP(cmd, o) },
	}
	enumFlag(cmd, &o.ko, "ko", "superko", "ko rule of play: simple, or superko (positional)", []string{"simple", "superko"}, nil)
	cmd.Flags().BoolVar(&o.asJSON, "json", false, "mathgo-analyze answers with the analyze --json document instead of the table")
	cmd.Flags().StringVar(&o.engine, "engine", "", `GTP engine that plays the positions mathgo cannot value yet, as a command line run without a shell (e.g. "gnugo --mode gtp --level 1")`)
	cmd.Flags().Float64Var(&o.moveTime, "move-time", gtp.DefaultMoveTime.Seconds(), "the most seconds a genmove may take")
	o.assume.registerAssumeFor(cmd, "the statuses final_score and final_status_list give the blocks it cannot settle",
		"those answers are then conditional (standard error says so, mathgo-assumptions lists the assumptions)")
	return cmd
}

// runGTP serves GTP on standard input and output.
func runGTP(cmd *cobra.Command, o *gtpOptions) error {
	if o.moveTime < 0.5 || o.moveTime > 3600 {
		return usageError{cmd, fmt.Sprintf("--move-time must be between 0.5 and 3600 seconds, not %g", o.moveTime)}
	}
	if err := o.assume.parseAssume(cmd); err != nil {
		return err
	}
	log := gtp.SyncWriter(cmd.ErrOrStderr())
	var child *gtp.Child
	if o.engine != "" {
		var err error
		child, err = gtp.StartChild(o.engine, gtp.ChildOptions{Log: log})
		if err != nil {
			return fail(cmd.ErrOrStderr(), exitInput, "gtp: --engine: %v", err)
		}
		fmt.Fprintf(log, "engine %s started: it plays the positions mathgo cannot value yet\n", child.Name())
	}
	e := gtp.NewEngine(gtp.Options{
		KoRule:    koRules[o.ko],
		Name:      "mathgo",
		Version:   version,
		Generator: gtp.ExactGenerator{},
		Analyzer:  gtp.Analyzer(o.asJSON),
		Scorer:    gtp.Scorer,
		Log:       log,
		Child:     child,
		MoveTime:  time.Duration(o.moveTime * float64(time.Second)),
		Assume:    o.assume.assumer,
	})
	defer e.Close()
	if err := e.Run(cmd.InOrStdin(), cmd.OutOrStdout()); err != nil {
		return fail(cmd.ErrOrStderr(), exitInput, "gtp: %v", err)
	}
	return nil
}

// indent indents every line of s by two spaces (a help text's table).
func indent(s string) string {
	return "  " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n  ")
}
