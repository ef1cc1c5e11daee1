// Command mathgo is the command-line front end of mathgo: exact analysis of
// Go endgames with combinatorial game theory. See the README for an overview
// and `mathgo --help` for the commands.
package main

import (
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
