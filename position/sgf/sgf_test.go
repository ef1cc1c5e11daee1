package sgf

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// shape prints a tree compactly: each node as its properties, children in
// parentheses when there are several.
func shape(n *Node) string {
	var sb strings.Builder
	var walk func(n *Node)
	walk = func(n *Node) {
		for n != nil {
			sb.WriteByte(';')
			for _, p := range n.Props {
				sb.WriteString(p.ID)
				for _, v := range p.Values {
					sb.WriteString("[" + v + "]")
				}
			}
			if len(n.Children) > 1 {
				for _, c := range n.Children {
					sb.WriteByte('(')
					walk(c)
					sb.WriteByte(')')
				}
				return
			}
			n = first(n.Children)
		}
	}
	walk(n)
	return sb.String()
}

func TestParseTree(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"(;SZ[9])", ";SZ[9]"},
		{"(;A[1];B[2];C[3])", ";A[1];B[2];C[3]"},
		{"(;A[1](;B[2])(;C[3];D[4]))", ";A[1](;B[2])(;C[3];D[4])"},
		{"(;A[1](;B[2](;E[5])(;F[6]))(;C[3]))", ";A[1](;B[2](;E[5])(;F[6]))(;C[3])"},
		{"(;A[1](;B[2]))", ";A[1];B[2]"},
		{"\uFEFF ( ;\n AddBlack [aa]\n [bb] )", ";AB[aa][bb]"},
		{`(;C[a\]b\\c\:d])`, `;C[a]b\c:d]`},
		{"(;C[soft\\\nbreak]D[two\\\r\nchars]E[lf\\\n\rcr])", ";C[softbreak]D[twochars]E[lfcr]"},
		{"(;C[keeps\nnewlines\r\nand \x00\xff bytes])", ";C[keeps\nnewlines\r\nand \x00\xff bytes]"},
		{"(;A[1])(;B[2]) junk", ";A[1]"},
		{"(;A[])", ";A[]"},
	} {
		root, err := Parse([]byte(tc.in))
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if got := shape(root); got != tc.want {
			t.Errorf("%q: tree %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestParseOffsets(t *testing.T) {
	in := "(;SZ[9]\n;B[aa]C[x]\n)"
	root, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if root.Off != 1 || root.Props[0].Off != 2 || root.Props[0].ValueOffs[0] != 4 {
		t.Errorf("root offsets %d %d %v", root.Off, root.Props[0].Off, root.Props[0].ValueOffs)
	}
	b := root.Children[0]
	if b.Off != 8 || b.Props[1].Off != 14 || b.Props[1].ValueOffs[0] != 15 {
		t.Errorf("child offsets %d %d %v", b.Off, b.Props[1].Off, b.Props[1].ValueOffs)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		in        string
		line, col int
		msg       string
	}{
		{"", 1, 1, "no game tree"},
		{"  \n ", 2, 2, "no game tree"},
		{";B[aa]", 1, 1, "unexpected character ';'"},
		{")", 1, 1, "unexpected character ')'"},
		{"x(;A[1])", 1, 1, "unexpected character 'x'"},
		{"(;A[1]", 1, 1, "never closed by ')'"},
		{"(;A[1](;B[2]", 1, 7, "never closed by ')'"},
		{"(;A[1", 1, 4, "never closed by ']'"},
		{"(A[1])", 1, 2, "expected ';'"},
		{"(;A[1](;B[2]);C[3])", 1, 14, "node after a variation"},
		{"(;A)", 1, 3, "property A without a value"},
		{"(;aa[1])", 1, 3, "no uppercase letter"},
		{"(;A[1]%)", 1, 7, "unexpected character '%'"},
		{"(;A[1]\n\xff)", 2, 1, "unexpected byte 0xff"},
		{"(;A[☃]\x01)", 1, 7, "control character U+0001"},
		{"(;A[1]☃)", 1, 7, "character '☃' (U+2603)"},
	} {
		_, err := Parse([]byte(tc.in))
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: error %v is not *SyntaxError", tc.in, err)
			continue
		}
		if se.Line != tc.line || se.Col != tc.col || !strings.Contains(se.Msg, tc.msg) {
			t.Errorf("%q: error %q at %d:%d, want %d:%d containing %q", tc.in, se.Msg, se.Line, se.Col, tc.line, tc.col, tc.msg)
		}
		if want := se.Msg; !strings.HasSuffix(err.Error(), want) {
			t.Errorf("%q: Error() %q", tc.in, err.Error())
		}
	}
}

func TestMarshal(t *testing.T) {
	root := &Node{}
	root.Set("FF", "4")
	root.Set("C", `a]b\c`)
	root.Set("LB", "aa:x", "bb:y]")
	b := &Node{Props: []Prop{{ID: "B", Values: []string{"cc"}}}}
	w1 := &Node{Props: []Prop{{ID: "W", Values: []string{"dd"}}}}
	w2 := &Node{Props: []Prop{{ID: "W", Values: []string{""}}}}
	root.Children = []*Node{b}
	b.Children = []*Node{w1, w2}
	w1.Children = []*Node{{Props: []Prop{{ID: "B", Values: []string{"ee"}}}}}
	got, err := Marshal(root)
	if err != nil {
		t.Fatal(err)
	}
	want := "(;FF[4]C[a\\]b\\\\c]LB[aa:x][bb:y\\]]\n;B[cc]\n(;W[dd]\n;B[ee])\n(;W[]))\n"
	if string(got) != want {
		t.Errorf("Marshal\n%s\nwant\n%s", got, want)
	}
	back, err := Parse(got)
	if err != nil {
		t.Fatal(err)
	}
	if !Equal(root, back) {
		t.Errorf("round trip: %s, want %s", shape(back), shape(root))
	}

	for _, bad := range []*Node{
		{Props: []Prop{{ID: "b", Values: []string{"x"}}}},
		{Props: []Prop{{ID: "", Values: []string{"x"}}}},
		{Props: []Prop{{ID: "B"}}},
		{Children: []*Node{{}, {Children: []*Node{{Props: []Prop{{ID: "A1", Values: []string{""}}}}}}}},
	} {
		if _, err := Marshal(bad); err == nil {
			t.Errorf("Marshal(%s) accepted", shape(bad))
		}
	}
	if _, err := Marshal(nil); err == nil {
		t.Error("Marshal(nil) accepted")
	}
}

func TestNodeEditing(t *testing.T) {
	n := &Node{}
	n.Add("MA", "aa", "bb")
	n.Add("MA", "bb", "cc")
	n.Set("C", "first")
	n.AppendText("C", "second")
	n.Add("TR")
	if got := shape(n); got != ";MA[aa][bb][cc]C[first\n\nsecond]" {
		t.Errorf("after Add/Set/AppendText: %s", got)
	}
	n.Props = append(n.Props, Prop{ID: "MA", Values: []string{"dd"}})
	if got := n.Values("MA"); !slices.Equal(got, []string{"aa", "bb", "cc", "dd"}) {
		t.Errorf("Values: %v", got)
	}
	n.Set("MA", "ee")
	if got := shape(n); got != ";MA[ee]C[first\n\nsecond]" {
		t.Errorf("Set drops the later MA: %s", got)
	}
	if v, ok := n.Get("C"); !ok || v != "first\n\nsecond" {
		t.Errorf("Get C: %q %v", v, ok)
	}
	if _, ok := n.Get("XX"); ok || n.Prop("XX") != nil {
		t.Error("Get of a missing property")
	}
	n.Set("C")
	n.Delete("MA")
	if len(n.Props) != 0 {
		t.Errorf("after deleting: %s", shape(n))
	}
	n.AppendText("C", "only")
	if v, _ := n.Get("C"); v != "only" {
		t.Errorf("AppendText on nothing: %q", v)
	}
}

func TestEqual(t *testing.T) {
	parse := func(s string) *Node {
		n, err := Parse([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	a := parse("(;A[1](;B[2])(;C[3]))")
	for s, want := range map[string]bool{
		"(;A[1](;B[2])(;C[3]))":      true,
		"( ;A [1] (;B[2]) (;C[3]) )": true,
		"(;A[1](;C[3])(;B[2]))":      false,
		"(;A[1](;B[2])(;C[4]))":      false,
		"(;A[1](;B[2])(;C[3][4]))":   false,
		"(;A[1];B[2])":               false,
		"(;A[1](;B[2])(;C[3];D[4]))": false,
	} {
		if got := Equal(a, parse(s)); got != want {
			t.Errorf("Equal(%s) = %v", s, got)
		}
	}
	if !Equal(nil, nil) || Equal(a, nil) {
		t.Error("Equal with nil")
	}
}

// FuzzRoundTrip checks that Parse never panics, places its errors inside
// the input, and that Marshal of a parsed tree parses to an equal tree,
// written the same way again.
func FuzzRoundTrip(f *testing.F) {
	for _, s := range []string{
		"(;GM[1]FF[4]SZ[9]AB[aa][bb]AW[cc]PL[W])",
		"(;SZ[5](;B[aa];W[bb](;B[cc])(;B[dd]))(;B[ee]))",
		"(;C[a\\]b\\\\c\\\nd]LB[aa:x\\:y])",
		"( ;SZ [3]\n AddBlack [aa]\n [bb] C[x\\\n y] )",
		"(;SZ[5]C[oops", "(;", ")", ";", "(;A[1](;B[2]);C[3])", "\uFEFF(;A[\x00\xff])",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		root, err := Parse(data)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %T %v", err, err)
			}
			if se.Off < 0 || se.Off > len(data) || se.Line < 1 || se.Col < 1 || se.Msg == "" {
				t.Fatalf("malformed error %#v", se)
			}
			return
		}
		out, err := Marshal(root)
		if err != nil {
			t.Fatalf("Marshal of a parsed tree: %v", err)
		}
		back, err := Parse(out)
		if err != nil {
			t.Fatalf("reparse: %v\n%s", err, out)
		}
		if !Equal(root, back) {
			t.Fatalf("round trip changed the tree:\n%s\n%s", shape(root), shape(back))
		}
		again, err := Marshal(back)
		if err != nil || string(again) != string(out) {
			t.Fatalf("second Marshal differs: %v\n%s\n%s", err, out, again)
		}
	})
}
