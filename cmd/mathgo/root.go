package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"
)

// version is the mathgo release; overridden at link time with
// -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// exitError carries an exit status out of a command without printing
// anything more (the command already reported to stderr).
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// newRoot builds the command tree. Commands register themselves through
// the subcommands list so that each lives in its own file.
func newRoot(stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "mathgo",
		Short: "Exact analysis of Go endgames with combinatorial game theory",
		Long: `mathgo values Go endgames exactly, the way Berlekamp, Wolfe and Rappaport do by hand:
it cuts a position into tiles, proves the walls around them are settled, computes each
tile's canonical game value (count and chilled), and plays the sum out perfectly.

Values use CGSuite notation, so they can be pasted between the two tools:
  mathgo eval '{3||2*|1*}' 'chill({2|0})' '^ + ^ + *'

Black is Left (positive values), White is Right (negative values).
Points are named as in GTP: column letter A..Z without I, then the row from the bottom.`,
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	for _, mk := range subcommands {
		root.AddCommand(mk())
	}
	return root
}

// subcommands lists the constructors of the top-level commands; each
// command file appends itself in an init function.
var subcommands []func() *cobra.Command

// run executes mathgo with the given arguments and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRoot(stdin, stdout, stderr)
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return 0
	}
	var ee exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	fmt.Fprintf(stderr, "mathgo: %v\n", err)
	return 2
}
