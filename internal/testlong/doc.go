// Package testlong is the switch between mathgo's two test tiers.
//
// `go test ./...` runs the fast tier: unit tests, examples, the textbook
// tables and small samples of the cross-checks against the independent
// oracles (realgo's whole-board search, GNU Go, CGSuite's vectors). The long
// tier adds the long campaigns (the real-rules cross-checks at full size,
// the GNU Go game reviews, the safety brute force, the library builds) and
// runs with the environment variable MATHGO_LONG=1:
//
//	MATHGO_LONG=1 go test -timeout 60m ./...
//
// A test of the long tier calls Skip first; a cross-check that keeps a
// smaller sample in the fast tier asks Enabled for its size. docs/testing.md
// lists what each tier runs and how long it takes.
package testlong
