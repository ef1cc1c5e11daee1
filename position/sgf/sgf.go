package sgf

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"
)

// Prop is one property of a node: an identifier like "AB" and its values,
// escapes resolved.
type Prop struct {
	ID     string
	Values []string
	// Off is the byte offset of the identifier and ValueOffs those of the
	// values' '[' in the data Parse read; both are zero for properties
	// built in code, and Write and Equal ignore them.
	Off       int
	ValueOffs []int
}

// Node is a node of a game tree: its properties in the order read or set,
// and its children, the first being the main line.
type Node struct {
	Props    []Prop
	Children []*Node
	// Off is the byte offset of the node's ';' in the data Parse read (0
	// for nodes built in code).
	Off int
}

// SyntaxError is an SGF syntax error: the byte offset in the data, its line
// and column (from 1; the column counts runes), and what is wrong.
type SyntaxError struct {
	Off, Line, Col int
	Msg            string
}

// Error formats e like "3:7: property value '[' is never closed by ']'".
func (e *SyntaxError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// bom is the UTF-8 byte-order mark.
var bom = []byte{0xEF, 0xBB, 0xBF}

// parser reads one game tree.
type parser struct {
	data []byte
	i    int
}

func (p *parser) errAt(off int, format string, args ...any) error {
	line, col := LineCol(p.data, off)
	return &SyntaxError{Off: off, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) skipSpace() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\r', '\n', '\v', '\f':
			p.i++
		default:
			return
		}
	}
}

// Parse reads the first game tree of the SGF collection in data and
// returns its root node. The whole tree is checked; anything after it is
// ignored.
func Parse(data []byte) (*Node, error) {
	p := &parser{data: data}
	if bytes.HasPrefix(data, bom) {
		p.i = len(bom)
	}
	type frame struct {
		open     int   // offset of the '('
		last     *Node // last node of the sequence so far (or the parent's)
		children int   // variations seen in this tree
	}
	var stack []frame
	var root *Node
	for {
		p.skipSpace()
		if p.i >= len(p.data) {
			if len(stack) == 0 {
				return nil, p.errAt(p.i, "no game tree")
			}
			return nil, p.errAt(stack[len(stack)-1].open, "game tree '(' is never closed by ')'")
		}
		c := p.data[p.i]
		switch {
		case c == '(':
			var last *Node
			if n := len(stack); n > 0 {
				stack[n-1].children++
				last = stack[n-1].last
			}
			stack = append(stack, frame{open: p.i, last: last})
			p.i++
			p.skipSpace()
			if p.i >= len(p.data) || p.data[p.i] != ';' {
				return nil, p.errAt(p.i, "game tree without a node: expected ';' after '('")
			}
		case c == ')' && len(stack) > 0:
			stack = stack[:len(stack)-1]
			p.i++
			if len(stack) == 0 {
				return root, nil
			}
		case c == ';' && len(stack) > 0:
			top := &stack[len(stack)-1]
			if top.children > 0 {
				return nil, p.errAt(p.i, "node after a variation: a sequence's nodes must come before its variations")
			}
			node := &Node{Off: p.i}
			p.i++
			if err := p.node(node); err != nil {
				return nil, err
			}
			if top.last == nil {
				root = node
			} else {
				top.last.Children = append(top.last.Children, node)
			}
			top.last = node
		default:
			return nil, p.errAt(p.i, "unexpected %s outside a property value", describeByte(p.data, p.i))
		}
	}
}

// node reads the properties of a node, after its ';'.
func (p *parser) node(node *Node) error {
	for {
		p.skipSpace()
		if p.i >= len(p.data) || !isLetter(p.data[p.i]) {
			return nil
		}
		start := p.i
		var id []byte
		for p.i < len(p.data) && isLetter(p.data[p.i]) {
			// FF[3] and older allowed lowercase letters in identifiers
			// (AddBlack); FF[4] readers ignore them.
			if c := p.data[p.i]; c >= 'A' && c <= 'Z' {
				id = append(id, c)
			}
			p.i++
		}
		if len(id) == 0 {
			return p.errAt(start, "property identifier %q has no uppercase letter", string(p.data[start:p.i]))
		}
		prop := Prop{ID: string(id), Off: start}
		for {
			p.skipSpace()
			if p.i >= len(p.data) || p.data[p.i] != '[' {
				break
			}
			off := p.i
			v, err := p.value()
			if err != nil {
				return err
			}
			prop.Values = append(prop.Values, v)
			prop.ValueOffs = append(prop.ValueOffs, off)
		}
		if len(prop.Values) == 0 {
			return p.errAt(start, "property %s without a value", prop.ID)
		}
		node.Props = append(node.Props, prop)
	}
}

// value reads a property value starting at its '[', resolving escapes: a
// backslash makes the next character literal, and a backslash before a
// line break removes both (a soft line break).
func (p *parser) value() (string, error) {
	open := p.i
	p.i++
	var sb strings.Builder
	for p.i < len(p.data) {
		c := p.data[p.i]
		switch c {
		case ']':
			p.i++
			return sb.String(), nil
		case '\\':
			p.i++
			if p.i >= len(p.data) {
				continue
			}
			switch d := p.data[p.i]; d {
			case '\n', '\r':
				p.i++
				if p.i < len(p.data) && (p.data[p.i] == '\n' || p.data[p.i] == '\r') && p.data[p.i] != d {
					p.i++
				}
			default:
				sb.WriteByte(d)
				p.i++
			}
		default:
			sb.WriteByte(c)
			p.i++
		}
	}
	return "", p.errAt(open, "property value '[' is never closed by ']'")
}

func isLetter(c byte) bool { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') }

// describeByte shows the character at data[i] for an error message.
func describeByte(data []byte, i int) string {
	r, size := utf8.DecodeRune(data[i:])
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("byte 0x%02x", data[i])
	}
	if r < 0x20 || (r >= 0x7f && r < 0xa0) {
		return fmt.Sprintf("control character U+%04X", r)
	}
	if r > ' ' && r < 0x7f && r != '\'' {
		return "character '" + string(r) + "'"
	}
	return fmt.Sprintf("character '%c' (U+%04X)", r, r)
}

// LineCol returns the line and column (from 1, columns in runes, an invalid
// byte counting as one) of byte offset off in data.
func LineCol(data []byte, off int) (line, col int) {
	off = max(0, min(off, len(data)))
	line = 1 + bytes.Count(data[:off], []byte{'\n'})
	start := bytes.LastIndexByte(data[:off], '\n') + 1
	return line, 1 + utf8.RuneCount(data[start:off])
}

// MainLine returns the nodes of the main line from n: n, its first child,
// that node's first child, and so on.
func (n *Node) MainLine() []*Node {
	var out []*Node
	for ; n != nil; n = first(n.Children) {
		out = append(out, n)
	}
	return out
}

func first(ns []*Node) *Node {
	if len(ns) == 0 {
		return nil
	}
	return ns[0]
}

// Prop returns the first property of n with identifier id, or nil.
func (n *Node) Prop(id string) *Prop {
	for i := range n.Props {
		if n.Props[i].ID == id {
			return &n.Props[i]
		}
	}
	return nil
}

// Get returns the first value of property id and whether n has it.
func (n *Node) Get(id string) (string, bool) {
	if p := n.Prop(id); p != nil && len(p.Values) > 0 {
		return p.Values[0], true
	}
	return "", false
}

// Values returns the values of every property id of n, in order.
func (n *Node) Values(id string) []string {
	var out []string
	for _, p := range n.Props {
		if p.ID == id {
			out = append(out, p.Values...)
		}
	}
	return out
}

// Set gives property id the values given: it replaces the first property
// id of n (dropping any later ones) or, if there is none, appends one.
// Set with no values deletes the property.
func (n *Node) Set(id string, values ...string) {
	if len(values) == 0 {
		n.Delete(id)
		return
	}
	for i := range n.Props {
		if n.Props[i].ID == id {
			n.Props[i] = Prop{ID: id, Values: slices.Clone(values)}
			rest := slices.DeleteFunc(n.Props[i+1:], func(p Prop) bool { return p.ID == id })
			n.Props = n.Props[:i+1+len(rest)]
			return
		}
	}
	n.Props = append(n.Props, Prop{ID: id, Values: slices.Clone(values)})
}

// Add appends values to the first property id of n, or appends a new
// property id with them; values already there are not repeated (markup
// like MA[aa] may be given once per point).
func (n *Node) Add(id string, values ...string) {
	p := n.Prop(id)
	if p == nil {
		n.Props = append(n.Props, Prop{ID: id})
		p = &n.Props[len(n.Props)-1]
	}
	for _, v := range values {
		if !slices.Contains(p.Values, v) {
			p.Values = append(p.Values, v)
			if len(p.ValueOffs) > 0 {
				p.ValueOffs = append(p.ValueOffs, 0)
			}
		}
	}
	if len(p.Values) == 0 {
		n.Delete(id)
	}
}

// AppendText adds text to the single-valued text property id (such as
// the comment C), after a blank line if it already has text.
func (n *Node) AppendText(id, text string) {
	if old, ok := n.Get(id); ok && old != "" {
		text = old + "\n\n" + text
	}
	n.Set(id, text)
}

// Delete removes every property id of n.
func (n *Node) Delete(id string) {
	n.Props = slices.DeleteFunc(n.Props, func(p Prop) bool { return p.ID == id })
}

// Equal reports whether the trees at a and b have the same properties
// (identifiers and values, in order) and the same children, recursively.
// Offsets are not compared.
func Equal(a, b *Node) bool {
	for {
		if a == nil || b == nil {
			return a == b
		}
		if len(a.Props) != len(b.Props) || len(a.Children) != len(b.Children) {
			return false
		}
		for i := range a.Props {
			if a.Props[i].ID != b.Props[i].ID || !slices.Equal(a.Props[i].Values, b.Props[i].Values) {
				return false
			}
		}
		if len(a.Children) == 0 {
			return true
		}
		for i := 1; i < len(a.Children); i++ {
			if !Equal(a.Children[i], b.Children[i]) {
				return false
			}
		}
		a, b = a.Children[0], b.Children[0]
	}
}

// Escape returns v escaped for a property value: '\' and ']' get a
// backslash.
func Escape(v string) string {
	if !strings.ContainsAny(v, `\]`) {
		return v
	}
	var sb strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' || v[i] == ']' {
			sb.WriteByte('\\')
		}
		sb.WriteByte(v[i])
	}
	return sb.String()
}

// Marshal returns the tree at root as one SGF game tree, ending with a
// newline. It fails on a property whose identifier is not one or more
// uppercase letters or that has no value, naming it.
func Marshal(root *Node) ([]byte, error) {
	var buf bytes.Buffer
	if err := Write(&buf, root); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Write writes the tree at root to w as Marshal does.
func Write(w io.Writer, root *Node) error {
	if root == nil {
		return fmt.Errorf("sgf: no root node to write")
	}
	if err := check(root, 0); err != nil {
		return err
	}
	var buf bytes.Buffer
	buf.WriteByte('(')
	writeTree(&buf, root)
	buf.WriteString(")\n")
	_, err := w.Write(buf.Bytes())
	return err
}

// check validates the identifiers and values of the tree at n; depth
// counts nodes from the root for the error message.
func check(n *Node, depth int) error {
	for ; n != nil; depth++ {
		for _, p := range n.Props {
			if p.ID == "" || strings.TrimFunc(p.ID, func(r rune) bool { return r >= 'A' && r <= 'Z' }) != "" {
				return fmt.Errorf("sgf: node %d: property identifier %q is not uppercase letters", depth, p.ID)
			}
			if len(p.Values) == 0 {
				return fmt.Errorf("sgf: node %d: property %s has no value", depth, p.ID)
			}
		}
		for _, c := range n.Children[min(1, len(n.Children)):] {
			if err := check(c, depth+1); err != nil {
				return err
			}
		}
		n = first(n.Children)
	}
	return nil
}

// writeTree writes the sequence starting at n and its variations (not
// the parentheses around them).
func writeTree(buf *bytes.Buffer, n *Node) {
	for {
		buf.WriteByte(';')
		for _, p := range n.Props {
			buf.WriteString(p.ID)
			for _, v := range p.Values {
				buf.WriteByte('[')
				buf.WriteString(Escape(v))
				buf.WriteByte(']')
			}
		}
		switch len(n.Children) {
		case 0:
			return
		case 1:
			buf.WriteByte('\n')
			n = n.Children[0]
			continue
		}
		for _, c := range n.Children {
			buf.WriteString("\n(")
			writeTree(buf, c)
			buf.WriteByte(')')
		}
		return
	}
}
