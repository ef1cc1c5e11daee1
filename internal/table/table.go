package table

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
)

// Table is a thin wrapper over tablewriter so every command draws tables
// the same way.
type Table struct {
	t *tablewriter.Table
	w io.Writer
}

// New starts a table with the given column headers.
func New(w io.Writer, header ...string) *Table {
	t := tablewriter.NewTable(w, tablewriter.WithHeaderAutoFormat(tw.Off))
	h := make([]any, len(header))
	for i, s := range header {
		h[i] = s
	}
	t.Header(h...)
	return &Table{t, w}
}

// Row appends one row; values are printed with fmt's %v.
func (t *Table) Row(cells ...any) {
	s := make([]any, len(cells))
	for i, c := range cells {
		s[i] = fmt.Sprint(c)
	}
	_ = t.t.Append(s...)
}

// Render draws the table, followed by an empty line.
func (t *Table) Render() error {
	if err := t.t.Render(); err != nil {
		return err
	}
	_, err := io.WriteString(t.w, "\n")
	return err
}

// Elide shortens s to at most n characters (runes), replacing the middle
// by "…" so that both ends stay readable; n <= 0 keeps s whole.
func Elide(s string, n int) string {
	if n <= 0 || utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	if n < 3 {
		return string(r[:n])
	}
	head := (n - 1) / 2
	tail := n - 1 - head
	return string(r[:head]) + "…" + string(r[len(r)-tail:])
}

// Width returns the width in columns of the widest line of s.
func Width(s string) int {
	w := 0
	for _, line := range strings.Split(s, "\n") {
		w = max(w, utf8.RuneCountInString(line))
	}
	return w
}
