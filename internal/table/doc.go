// Package table draws the human-readable tables of mathgo's commands and
// of the GTP engine's analyze command, all in one style (tablewriter), and
// shortens long cells so that output fits in a terminal.
package table
