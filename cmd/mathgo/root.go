package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// version is the mathgo release; overridden at link time with
// -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// Exit statuses, the same for every command (see the README).
const (
	exitOK       = 0 // every number printed is proven
	exitInput    = 1 // unreadable input
	exitUsage    = 2 // bad flags or arguments
	exitUnproven = 3 // not fully proven: refused, partial or unknown (the output says why)
	exitDisagree = 4 // solve --method both: the methods disagree
)

// exitError carries an exit status out of a command without printing
// anything more (the command already reported to stderr).
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// usageError is a mistake in the command line: run prints it with the
// command's usage line and exits with exitUsage.
type usageError struct {
	cmd *cobra.Command
	msg string
}

func (e usageError) Error() string { return e.msg }

// newRoot builds the command tree: each command is a constructor in its
// own file, wired here explicitly.
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
Points are named as in GTP: column letter A..Z without I, then the row from the bottom.

Exit status: 0 every number printed is proven; 1 unreadable input; 2 bad flags or
arguments; 3 not fully proven (refused, partial or unknown; the output says why).`,
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.AddCommand(
		newAnalyzeCmd(),
		newTreeCmd(),
		newThermographCmd(),
		newPlayCmd(),
		newSolveCmd(),
		newLifeCmd(),
		newCorridorCmd(),
		newEvalCmd(),
		newGTPCmd(),
		newReviewCmd(),
		newLibraryCmd(),
		newComposeCmd(),
		newServeCmd(),
		newDiagramsTopic(),
	)
	root.PersistentPreRun = func(c *cobra.Command, _ []string) { noteRenamedFlags(c) }
	root.SetFlagErrorFunc(flagError)
	return root
}

// flagError turns a flag the parser rejects (unknown, missing its value,
// or a value an enumerated flag does not take) into a usage error.
func flagError(c *cobra.Command, err error) error { return usageError{c, err.Error()} }

// run executes mathgo with the given arguments and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRoot(stdin, stdout, stderr)
	if c, _, err := root.Find(args); err == nil && c != root {
		args = expressionArgs(c, args)
	}
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	var ee exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "%s: %s\nUsage: %s\nRun '%s --help' for more.\n", ue.cmd.CommandPath(), ue.msg, ue.cmd.UseLine(), ue.cmd.CommandPath())
		return exitUsage
	}
	fmt.Fprintf(stderr, "mathgo: %v\n", err)
	return exitUsage
}

// args returns a positional-argument check that names what the command
// wants: n arguments (max < 0: at least n; else between n and max).
func args(n, max int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, got []string) error {
		if len(got) >= n && (max < 0 || len(got) <= max) {
			return nil
		}
		switch {
		case len(got) < n:
			return usageError{cmd, "missing " + what}
		default:
			return usageError{cmd, fmt.Sprintf("too many arguments (%s; got %d: %s)", what, len(got), strings.Join(got, " "))}
		}
	}
}

// expressionArgs lets commands that take game expressions (eval,
// thermograph, play --games) accept ones that start with a minus sign
// ("-1/2", "-2v", "-1*", "-{1|2}"), which the flag parser would take for
// shorthand flags: every such argument, and every argument after it that
// is not a flag, moves behind a "--" at the end, and the flags stay in
// front. An argument is an expression when it starts with one "-" and is
// not a flag the command knows.
func expressionArgs(c *cobra.Command, argv []string) []string {
	switch c.Name() {
	case "eval", "thermograph", "play":
	default:
		return argv
	}
	c.InitDefaultHelpFlag()
	flags := c.Flags()
	var front, back []string
	for i := 0; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "--":
			back = append(back, argv[i+1:]...)
			i = len(argv)
		case strings.HasPrefix(a, "--"):
			front = append(front, a)
			if f := flags.Lookup(strings.SplitN(a[2:], "=", 2)[0]); f != nil && !strings.Contains(a, "=") && takesValue(f) && i+1 < len(argv) {
				i++
				front = append(front, argv[i])
			}
		case len(a) > 1 && a[0] == '-' && isShorthand(flags, a):
			front = append(front, a)
			if f := flags.ShorthandLookup(a[1:2]); len(a) == 2 && takesValue(f) && i+1 < len(argv) {
				i++
				front = append(front, argv[i])
			}
		case len(a) > 1 && a[0] == '-':
			back = append(back, a)
		default:
			if len(back) > 0 {
				back = append(back, a)
			} else {
				front = append(front, a)
			}
		}
	}
	if len(back) == 0 {
		return argv
	}
	return append(append(front, "--"), back...)
}

// isShorthand reports whether a ("-x" or "-xVALUE") starts with a
// shorthand flag of the command.
func isShorthand(flags *pflag.FlagSet, a string) bool {
	c := a[1]
	if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
		return false
	}
	return flags.ShorthandLookup(a[1:2]) != nil
}

// takesValue reports whether flag f needs a value (not a boolean).
func takesValue(f *pflag.Flag) bool {
	return f != nil && f.NoOptDefVal == ""
}

// renamedAnnotation marks a flag kept under an old name: its value is the
// flag's new name.
const renamedAnnotation = "mathgo-renamed-to"

// renamedFlag registers old as the previous spelling of cmd's flag name:
// it sets the same variable, is hidden from --help, and using it prints a
// note on standard error (noteRenamedFlags) naming the new flag. Old
// spellings keep working for at least one release (docs/cli.md).
func renamedFlag(cmd *cobra.Command, old, name string) {
	renamedFlagP(cmd, old, "", name)
}

// renamedFlagP is renamedFlag for an old spelling that also had a
// one-letter shorthand (-o), which keeps working with it.
func renamedFlagP(cmd *cobra.Command, old, shorthand, name string) {
	f := cmd.Flags()
	nf := f.Lookup(name)
	if nf == nil {
		panic("renamedFlag: no flag --" + name) // unreachable: every call names a flag registered just before it; each test that builds the command tree would fail
	}
	f.AddFlag(&pflag.Flag{
		Name:        old,
		Shorthand:   shorthand,
		Usage:       "the old name of --" + name,
		Value:       nf.Value,
		DefValue:    nf.DefValue,
		Hidden:      true,
		Annotations: map[string][]string{renamedAnnotation: {name}},
	})
}

// noteRenamedFlags prints, for every old flag spelling given on c's
// command line, a note on standard error naming its new spelling.
func noteRenamedFlags(c *cobra.Command) {
	c.Flags().Visit(func(f *pflag.Flag) {
		if to := f.Annotations[renamedAnnotation]; len(to) == 1 {
			old := "--" + f.Name
			if f.Shorthand != "" {
				old = "-" + f.Shorthand + "/" + old
			}
			fmt.Fprintf(c.ErrOrStderr(), "%s: %s is deprecated: use --%s (the same setting)\n", c.CommandPath(), old, to[0])
		}
	})
}
