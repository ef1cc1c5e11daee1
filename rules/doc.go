// Package rules names the counting rules a Go position is scored under:
// Mathematical Go (Berlekamp's rules: the player who cannot move loses,
// endless play is a draw), Japanese (territory plus prisoners) and
// Chinese (area). It is the one Counting type every package shares, from
// the independent real-rules oracle (package realgo) to the front ends.
package rules
