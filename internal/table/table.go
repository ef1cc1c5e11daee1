package table

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
)

// DefaultWidth is the most columns a table takes unless it is wide: long
// cells are shortened with "…" to fit (the commands' --wide prints them
// whole, and their JSON always has them).
const DefaultWidth = 100

// Table is a thin wrapper over tablewriter so every command draws tables
// the same way, and within DefaultWidth columns unless made wide.
type Table struct {
	w      io.Writer
	header []string
	rows   [][]string
	width  int // the most columns, 0: no limit
}

// New starts a table with the given column headers.
func New(w io.Writer, header ...string) *Table {
	return &Table{w: w, header: header, width: DefaultWidth}
}

// Wide lifts the width limit when on (every cell printed whole), and
// returns t.
func (t *Table) Wide(on bool) *Table {
	if on {
		t.width = 0
	}
	return t
}

// Row appends one row; values are printed with fmt's %v.
func (t *Table) Row(cells ...any) {
	s := make([]string, len(cells))
	for i, c := range cells {
		s[i] = fmt.Sprint(c)
	}
	t.rows = append(t.rows, s)
}

// Render draws the table, followed by an empty line: within the width
// limit, the widest columns' long cells shortened (Fit).
func (t *Table) Render() error {
	limits := Fit(t.header, t.rows, t.width)
	tab := tablewriter.NewTable(t.w, tablewriter.WithHeaderAutoFormat(tw.Off))
	h := make([]any, len(t.header))
	for i, s := range t.header {
		h[i] = s
	}
	tab.Header(h...)
	for _, r := range t.rows {
		cells := make([]any, len(r))
		for i, c := range r {
			if i < len(limits) {
				c = Elide(c, limits[i])
			}
			cells[i] = c
		}
		if err := tab.Append(cells...); err != nil {
			return err
		}
	}
	if err := tab.Render(); err != nil {
		return err
	}
	_, err := io.WriteString(t.w, "\n")
	return err
}

// minColumn is the narrowest Fit makes a column (or its header's width,
// when wider): enough for "ab…yz".
const minColumn = 5

// Fit returns, for each column, the most characters its cells may keep so
// that the table (one space of padding each side of a cell and a border
// between cells) is at most width columns wide: the widest column is
// narrowed first, one character at a time, never below its header or
// minColumn. 0 means a column is not limited; width <= 0 limits none. A
// table whose headers alone are too wide stays wider than width.
func Fit(header []string, rows [][]string, width int) []int {
	n := len(header)
	for _, r := range rows {
		n = max(n, len(r))
	}
	w := make([]int, n)
	floor := make([]int, n)
	for i := range n {
		floor[i] = minColumn
		if i < len(header) {
			floor[i] = max(floor[i], Width(header[i]))
		}
	}
	for i, h := range header {
		w[i] = Width(h)
	}
	for _, r := range rows {
		for i, c := range r {
			w[i] = max(w[i], Width(c))
		}
	}
	limits := make([]int, n)
	if width <= 0 {
		return limits
	}
	total := 3*n + 1
	for _, x := range w {
		total += x
	}
	for total > width {
		widest := -1
		for i := range n {
			if w[i] > floor[i] && (widest < 0 || w[i] > w[widest]) {
				widest = i
			}
		}
		if widest < 0 {
			break
		}
		w[widest]--
		limits[widest] = w[widest]
		total--
	}
	return limits
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

// WriteWrapped writes prefix and text, broken at spaces into lines of at
// most width columns, the lines after the first indented under the text;
// width <= 0 (a command's --wide) writes one line. A word longer than a
// line is shortened with "…" (Wrap), so that no line is wider than width
// (unless the prefix leaves the text fewer than minWrapped columns).
func WriteWrapped(w io.Writer, prefix, text string, width int) error {
	pw := utf8.RuneCountInString(prefix)
	lines := []string{strings.Join(strings.Fields(text), " ")}
	if width > 0 {
		lines = Wrap(text, max(width-pw, minWrapped))
	}
	indent := strings.Repeat(" ", pw)
	var sb strings.Builder
	for i, l := range lines {
		if i == 0 {
			sb.WriteString(prefix)
		} else {
			sb.WriteString(indent)
		}
		sb.WriteString(l)
		sb.WriteString("\n")
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// minWrapped is the fewest columns WriteWrapped wraps text into, however
// long its prefix.
const minWrapped = 20

// Wrap breaks text at spaces into lines of at most width columns (runes);
// a word longer than a line is shortened with "…" (Elide), so that no line
// is wider than width. width <= 0 keeps text on one line, whole.
func Wrap(text string, width int) []string {
	if width <= 0 {
		return []string{text}
	}
	var lines []string
	cur := ""
	for _, word := range strings.Fields(text) {
		word = Elide(word, width)
		switch {
		case cur == "":
			cur = word
		case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(word) <= width:
			cur += " " + word
		default:
			lines = append(lines, cur)
			cur = word
		}
	}
	return append(lines, cur)
}
