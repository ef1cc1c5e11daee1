// Package layers holds the test that keeps mathgo's import graph flowing
// one way: every package sits on a floor, and a package may import only
// packages on lower floors (ARCHITECTURE.md in the repository draws the
// floors). It has no code of its own.
package layers
