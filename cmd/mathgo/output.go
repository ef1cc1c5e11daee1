package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
)

// writeJSON writes v as one indented JSON document.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// table is a thin wrapper over tablewriter so every command draws tables
// the same way.
type table struct {
	t *tablewriter.Table
	w io.Writer
}

// newTable starts a table with the given column headers.
func newTable(w io.Writer, header ...string) *table {
	t := tablewriter.NewTable(w, tablewriter.WithHeaderAutoFormat(tw.Off))
	h := make([]any, len(header))
	for i, s := range header {
		h[i] = s
	}
	t.Header(h...)
	return &table{t, w}
}

// row appends one row; values are printed with fmt's %v.
func (t *table) row(cells ...any) {
	s := make([]any, len(cells))
	for i, c := range cells {
		s[i] = fmt.Sprint(c)
	}
	_ = t.t.Append(s...)
}

// render draws the table.
func (t *table) render() error {
	if err := t.t.Render(); err != nil {
		return err
	}
	_, err := io.WriteString(t.w, "\n")
	return err
}

// fail reports an error on stderr and returns an exit status carrier so
// that the command ends with a non-zero status and no usage dump.
func fail(stderr io.Writer, code int, format string, args ...any) error {
	fmt.Fprintf(stderr, "mathgo: "+format+"\n", args...)
	return exitError{code}
}
