// Package assume provides the sources of stated assumptions for
// endgame.Options.Assume: statuses for the blocks an analysis could not
// settle, taken from a named source and never presented as proven.
//
//   - Life: mathgo's own life-and-death search (package life) with every
//     answer allowed, the attacker moving first: a block that lives
//     (alive or seki) is assumed alive, one that dies whoever moves first
//     is assumed dead; an unsettled block, a ko or a search past its
//     budget gets no assumption.
//   - GNUGo: GNU Go's final_status_list, GNU Go run as a GTP child
//     process (gtp.Child) on the position written as SGF.
//
// Parse reads the names of the command line's --assume.
package assume
