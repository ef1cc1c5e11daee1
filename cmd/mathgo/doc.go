// Command mathgo is the command-line front end of mathgo: exact analysis
// of Go endgames with combinatorial game theory. The commands (eval,
// analyze, tree, life, corridor, play, thermograph, gtp) are thin: they
// parse flags, call the packages cgt, tiles, corridors, play, thermograph
// and gtp, and print tables or JSON. See the README and `mathgo --help`.
package main
