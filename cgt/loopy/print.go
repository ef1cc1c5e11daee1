package loopy

import (
	"strconv"
	"strings"

	"github.com/mathgo/mathgo/cgt"
)

// Printing follows CGSuite's output for loopy games (CanonicalStopper,
// Pseudonumber, SimplifiedLoopyGame and SidedValue) so that a value prints
// exactly as CGSuite prints it:
//
//   - short games print as cgt prints them;
//   - pseudonumbers as on, off, over, under, 5over, -3/2under;
//   - G = -G as +-G or +-{A,B}; number-tiny plumtrees as Tiny(on),
//     2Miny(over); upons as ^[on], -1/4v[on], ^<on>*;
//   - anything else as braces, with pass for a move to the position itself
//     and node labels a, b, c... for the positions that cycles return to.
//     A label is given when the first move back to a position is printed,
//     and written before the position's opening brace; labels restart in
//     the argument of +- and Tiny, and in each side of a sided value;
//   - a sided value as onside & offside, and on & off as dud.
//
// CGSuite lists short options first (in its deterministic order of short
// games) and then the loopy ones by a hash code of their game graphs; the
// hash (Bigraph.hashCodeIsomorphismInvariant and Scala's case-class
// hashing) is reproduced so that the order agrees.

// maxSlashes is the number of slashes at which CGSuite adds braces anyway.
const maxSlashes = 4

// printer prints vertices of one graph.
type printer struct {
	s     *stopper
	canon bool // s is a canonical stopper (values may be compared)
	bud   *budget
	named int         // labels given so far in this scope
	order *shortOrder // order of short options, memoized
	limit int         // give up (printTooLong) past this many characters; 0: no limit
}

// printTooLong unwinds a print that passes its limit.
type printTooLong struct{}

// FormatLimit prints v as String does, unless the text would be longer
// than limit characters: then it gives up and returns false. Printing
// writes out shared positions of a short game every time they occur, so a
// small value can print to megabytes (*:555*:3300 prints 22 million
// characters). limit <= 0 means no limit.
func (v Value) FormatLimit(limit int) (s string, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, is := r.(printTooLong); !is {
				panic(r) // unreachable: a bug, re-raised unchanged
			}
			s, ok = "", false
		}
	}()
	return v.format(limit), true
}

func (p *printer) check(n int) {
	if p.limit > 0 && n > p.limit {
		panic(printTooLong{})
	}
}

// scope is the labelling state of one print: the positions being printed
// (ancestors), with their labels once given.
type scope struct {
	stack map[int]string
	count *int
}

func newScope() scope {
	n := 0
	return scope{stack: map[int]string{}, count: &n}
}

func nthName(n int) string {
	if n < 26 {
		return string(rune('a' + n))
	}
	return "N" + strconv.Itoa(n-25)
}

// String prints v in CGSuite notation (see FormatLimit for values whose
// text may be huge).
func (v Value) String() string { return v.format(0) }

func (v Value) format(limit int) string {
	on, off := v.sides()
	if on == off {
		return printSide(on, limit)
	}
	if isPseudo(on, PseudoOn) && isPseudo(off, PseudoOff) {
		return "dud"
	}
	return printSide(on, limit) + " & " + printSide(off, limit)
}

// isPseudo reports whether a side is the pseudonumber on or off.
func isPseudo(s *sideVal, k PseudoKind) bool {
	if s.st == nil {
		return false
	}
	p, ok := s.st.pseudoAt(0)
	return ok && p.Kind == k
}

func printSide(s *sideVal, limit int) string {
	p := &printer{s: s.st, canon: true, limit: limit}
	if s.st == nil {
		p = &printer{s: newStopper(s.raw), limit: limit}
	}
	str, _ := p.print(0, true, false, newScope())
	return str
}

// print returns the form of vertex v and the number of slashes it leaves
// open (0 when braced or not a brace form).
func (p *printer) print(v int, forceBrackets, forceParens bool, sc scope) (string, int) {
	s := p.s
	if x, ok := s.shortAt(v); ok {
		return p.shortForm(x, forceBrackets)
	}
	if ps, ok := s.pseudoAt(v); ok {
		str := ps.String()
		if forceParens && ps.X.Sign() != 0 && (ps.Kind == PseudoOver || ps.Kind == PseudoUnder) {
			str = "(" + str + ")"
		}
		return str, 0
	}
	if p.canon {
		if str, ok := p.special(v, forceParens); ok {
			return str, 0
		}
	}
	return p.generic(v, forceBrackets, sc)
}

// generic prints v as braces (SimplifiedLoopyGame.appendTo).
func (p *printer) generic(v int, forceBrackets bool, sc scope) (string, int) {
	if name, ok := sc.stack[v]; ok {
		if name == "" {
			name = nthName(*sc.count)
			*sc.count++
			sc.stack[v] = name
		}
		return name, 0
	}
	sc.stack[v] = ""
	lo := p.sortedOptions(v, true)
	ro := p.sortedOptions(v, false)
	slashes := 0
	side := func(opts []int) string {
		parts := make([]string, len(opts))
		for i, o := range opts {
			if o == v {
				parts[i] = "pass"
				continue
			}
			str, k := p.print(o, len(opts) > 1, false, sc)
			parts[i] = str
			slashes = max(slashes, k)
		}
		return strings.Join(parts, ",")
	}
	ls := side(lo)
	rs := side(ro)
	name := sc.stack[v]
	delete(sc.stack, v)
	slashes++
	brackets := forceBrackets || name != "" || len(lo) == 0 || len(ro) == 0 || slashes == maxSlashes
	out := name
	if brackets {
		out += "{"
	}
	out += ls + strings.Repeat("|", slashes) + rs
	p.check(len(out))
	if brackets {
		return out + "}", 0
	}
	return out, slashes
}

// fresh prints v in a new labelling scope (CGSuite's three-argument
// appendTo).
func (p *printer) fresh(v int, forceBrackets, forceParens bool) string {
	str, _ := p.print(v, forceBrackets, forceParens, newScope())
	return str
}

// special prints the forms CanonicalStopper recognizes before falling back
// on braces: +-G, Tiny/Miny, and upons.
func (p *printer) special(v int, forceParens bool) (string, bool) {
	if p.isSwitch(v) {
		lo := p.sortedOptions(v, true)
		var sb strings.Builder
		sb.WriteString("+-")
		if len(lo) > 1 {
			sb.WriteString("{")
		}
		for i, o := range lo {
			if i > 0 {
				sb.WriteString(",")
			}
			sb.WriteString(p.fresh(o, true, len(lo) == 1))
		}
		if len(lo) > 1 {
			sb.WriteString("}")
		}
		return sb.String(), true
	}
	if p.s.isPlumtreeAt(v) {
		if str, ok := p.tinyForm(v, forceParens); ok {
			return str, true
		}
	}
	if str, ok := p.uponString(v); ok {
		return str, true
	}
	return "", false
}

func (p *printer) value(v int) Value { return stopperValue(p.s.follower(v)) }

func (p *printer) isSwitch(v int) bool {
	g := p.s.graph()
	if len(g.left[v]) != len(g.right[v]) || len(g.left[v]) == 0 {
		return false // negation exchanges the option sets
	}
	f := p.s.follower(v)
	return stopperEqual(f, f.neg(), p.bud)
}

// tinyForm prints x + Tiny(G) or x + Miny(G) for a number-tiny plumtree.
func (p *printer) tinyForm(v int, forceParens bool) (string, bool) {
	g := p.s.graph()
	lo, ro := g.left[v], g.right[v]
	if len(lo) != 1 || len(ro) != 1 {
		return "", false
	}
	under := stopperValue(newStopper(underGraph()))
	var translate cgt.Game
	var sub Value
	var name string
	if x, ok := p.numberAt(lo[0]); ok {
		r := ro[0]
		if len(g.left[r]) != 1 || len(g.right[r]) != 1 || g.left[r][0] != lo[0] {
			return "", false
		}
		rr := p.value(g.right[r][0])
		if !leq(add(rr, Short(x.Neg()), p.bud), under, p.bud) {
			return "", false
		}
		translate, sub, name = x, add(rr.Neg(), Short(x), p.bud), "Tiny"
	} else if x, ok := p.numberAt(ro[0]); ok {
		l := lo[0]
		if len(g.left[l]) != 1 || len(g.right[l]) != 1 || g.right[l][0] != ro[0] {
			return "", false
		}
		ll := p.value(g.left[l][0])
		if !leq(add(Short(x), ll.Neg(), p.bud), under, p.bud) {
			return "", false
		}
		translate, sub, name = x, add(ll, Short(x.Neg()), p.bud), "Miny"
	} else {
		return "", false
	}
	var sb strings.Builder
	if forceParens {
		sb.WriteString("(")
	}
	if translate != cgt.Zero {
		str, _ := p.shortForm(translate, false)
		sb.WriteString(str)
	}
	sb.WriteString(name + "(")
	on, _ := sub.sides()
	sp := &printer{s: on.st, canon: true, bud: p.bud, limit: p.limit}
	sb.WriteString(sp.fresh(0, true, false))
	sb.WriteString(")")
	if forceParens {
		sb.WriteString(")")
	}
	return sb.String(), true
}

func (p *printer) numberAt(v int) (cgt.Game, bool) {
	x, ok := p.s.shortAt(v)
	if !ok || !x.IsNumber() {
		return 0, false
	}
	return x, true
}

// nimberForm recognizes a short game x + *n (a number plus a nimber).
func nimberForm(x cgt.Game) (num cgt.Dyadic, nim int, ok bool) {
	d, u, n, ok := x.NusParts()
	if !ok || u != 0 {
		return cgt.Dyadic{}, 0, false
	}
	return d, n, true
}

// uponString recognizes CGSuite's upon forms: x + ^[on] + *n (Left passes
// and moves to x, Right moves to x*) and x + ^<on> + *n, and their
// negatives.
func (p *printer) uponString(v int) (string, bool) {
	if num, nim, th, ok := p.uponForm(p.s, v, true); ok {
		return uponText(num, nim, th, false), true
	}
	n := p.s.follower(v).neg()
	if num, nim, th, ok := p.uponForm(n, 0, true); ok {
		return uponText(num.Neg(), nim, th, true), true
	}
	return "", false
}

func uponText(num cgt.Dyadic, nim int, th, negated bool) string {
	var sb strings.Builder
	if num.Sign() != 0 {
		sb.WriteString(num.String())
	}
	if negated {
		sb.WriteString("v")
	} else {
		sb.WriteString("^")
	}
	if th {
		sb.WriteString("<on>")
	} else {
		sb.WriteString("[on]")
	}
	if nim >= 1 {
		sb.WriteString("*")
		if nim >= 2 {
			sb.WriteString(strconv.Itoa(nim))
		}
	}
	return sb.String()
}

// uponForm is CGSuite's CanonicalStopper.uponForm on vertex v of s.
func (p *printer) uponForm(s *stopper, v int, checkUponth bool) (num cgt.Dyadic, nim int, th bool, ok bool) {
	g := s.graph()
	lo, ro := g.left[v], g.right[v]
	if len(ro) == 1 && len(lo) <= 2 {
		if x, isShort := s.shortAt(ro[0]); isShort {
			if d, n, isNim := nimberForm(x); isNim {
				match := false
				if n == 0 {
					// lo == {this, d}
					if len(lo) == 2 {
						a, b := lo[0], lo[1]
						match = a == v && isNumberVertex(s, b, d) || b == v && isNumberVertex(s, a, d)
					}
				} else {
					match = len(lo) == 1 && lo[0] == v
				}
				if match {
					return d, n ^ 1, false, true
				}
			}
		}
	}
	if checkUponth && len(ro) == 1 {
		neg := s.follower(ro[0]).neg()
		d, n, th2, ok2 := p.uponForm(neg, 0, false)
		if ok2 && !th2 {
			// lo must be exactly { -d + *k : k = 0 .. n^1 }.
			want := n ^ 1
			if len(lo) == want+1 {
				all := true
				seen := make(map[int]bool)
				for _, o := range lo {
					x, isShort := s.shortAt(o)
					if !isShort {
						all = false
						break
					}
					dd, k, isNim := nimberForm(x)
					if !isNim || !dd.Equal(d.Neg()) || k > want || seen[k] {
						all = false
						break
					}
					seen[k] = true
				}
				if all {
					return d.Neg(), n ^ 1, true, true
				}
			}
		}
	}
	return cgt.Dyadic{}, 0, false, false
}

func isNumberVertex(s *stopper, v int, d cgt.Dyadic) bool {
	x, ok := s.shortAt(v)
	if !ok {
		return false
	}
	e, ok := x.Number()
	return ok && e.Equal(d)
}

// shortForm prints a short game as an option (CGSuite's
// CanonicalShortGame.appendTo): numbers and number-ups-star forms as cgt
// prints them, +-G, Tiny and Miny, and otherwise braces, added when
// forceBrackets or when the form reaches maxSlashes slashes (cgt's own
// printer never adds those). It returns the slashes left open.
func (p *printer) shortForm(x cgt.Game, forceBrackets bool) (string, int) {
	if p.order == nil {
		p.order = newShortOrder()
	}
	sp := shortPrinter{open: map[shapeKey]int{}, order: p.order, limit: p.limit}
	var sb strings.Builder
	sp.emit(&sb, x, forceBrackets, false)
	return sb.String(), sp.slashes(x, forceBrackets)
}

func shortPrint(x cgt.Game, forceBrackets, forceParens bool) (string, int) {
	sp := shortPrinter{open: map[shapeKey]int{}, order: newShortOrder()}
	var sb strings.Builder
	sp.emit(&sb, x, forceBrackets, forceParens)
	return sb.String(), sp.slashes(x, forceBrackets)
}

// shortPrinter prints short games in two passes so that deep games print
// in linear time: slashes gives the slashes a form leaves open (memoized),
// emit writes the text.
type shortPrinter struct {
	open  map[shapeKey]int
	order *shortOrder
	limit int
}

type shapeKey struct {
	x      cgt.Game
	braced bool
}

// shortKindOf classifies a short game for printing: 0 number-ups-star, 1
// switch, 2 Tiny/Miny, 3 braces.
func shortKindOf(x cgt.Game) int {
	if _, _, _, ok := x.NusParts(); ok {
		return 0
	}
	if x.Neg() == x {
		return 1
	}
	if shortNumberTiny(x) {
		return 2
	}
	return 3
}

func (sp *shortPrinter) slashes(x cgt.Game, forceBrackets bool) int {
	k := shapeKey{x, forceBrackets}
	if n, ok := sp.open[k]; ok {
		return n
	}
	n := 0
	if shortKindOf(x) == 3 {
		n = sp.inner(x)
		if forceBrackets || n == maxSlashes {
			n = 0
		}
	}
	sp.open[k] = n
	return n
}

// inner is the number of slashes between the Left and Right options of a
// brace form.
func (sp *shortPrinter) inner(x cgt.Game) int {
	n := 0
	for _, opts := range [2][]cgt.Game{x.LeftOptions(), x.RightOptions()} {
		for _, o := range opts {
			n = max(n, sp.slashes(o, len(opts) > 1)+1)
		}
	}
	return n
}

func (sp *shortPrinter) emit(sb *strings.Builder, x cgt.Game, forceBrackets, forceParens bool) {
	if sp.limit > 0 && sb.Len() > sp.limit {
		panic(printTooLong{})
	}
	switch shortKindOf(x) {
	case 0:
		str := x.String()
		if forceParens && !x.IsNumber() {
			if d, u, n, _ := x.NusParts(); d.Sign() != 0 || u != 0 && n != 0 {
				str = "(" + str + ")"
			}
		}
		sb.WriteString(str)
	case 1:
		lo := sp.order.sortedOpts(x)[0]
		sb.WriteString("+-")
		if len(lo) > 1 {
			sb.WriteString("{")
		}
		for i, o := range lo {
			if i > 0 {
				sb.WriteString(",")
			}
			sp.emit(sb, o, true, len(lo) == 1)
		}
		if len(lo) > 1 {
			sb.WriteString("}")
		}
	case 2:
		lo, ro := x.LeftOptions(), x.RightOptions()
		var name string
		var translate, sub cgt.Game
		if lo[0].IsNumber() {
			name, translate, sub = "Tiny", lo[0], ro[0].RightOptions()[0].Neg().Add(lo[0])
		} else {
			name, translate, sub = "Miny", ro[0], lo[0].LeftOptions()[0].Sub(ro[0])
		}
		if forceParens {
			sb.WriteString("(")
		}
		if translate != cgt.Zero {
			sp.emit(sb, translate, false, false)
		}
		sb.WriteString(name + "(")
		sp.emit(sb, sub, true, false)
		sb.WriteString(")")
		if forceParens {
			sb.WriteString(")")
		}
	default:
		n := sp.inner(x)
		braces := forceBrackets || n == maxSlashes
		if braces {
			sb.WriteString("{")
		}
		for side, opts := range sp.order.sortedOpts(x) {
			if side == 1 {
				sb.WriteString(strings.Repeat("|", n))
			}
			for i, o := range opts {
				if i > 0 {
					sb.WriteString(",")
				}
				sp.emit(sb, o, len(opts) > 1, false)
			}
		}
		if braces {
			sb.WriteString("}")
		}
	}
}

func underGraph() *graph {
	// under = {pass | 0}: vertex 0 under, vertex 1 the game 0.
	return &graph{left: [][]int{{0}, nil}, right: [][]int{{1}, nil}}
}
