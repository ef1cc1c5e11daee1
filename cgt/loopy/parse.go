package loopy

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/mathgo/mathgo/cgt"
)

// The grammar, loosest first (CGSuite's precedence: & binds more tightly
// than binary + - +-, more loosely than n*G and unary - +-):
//
//	top     := sum [ relation sum ]
//	sum     := amp { ( + | - | +- ) amp }
//	amp     := unary [ & unary ]
//	unary   := - unary | + unary | +- unary | +-{A,B,...} | postfix
//	postfix := primary { .Method(args) | .Property }
//	primary := juxt | n*primary | { options | options } | label{ ... }
//	         | ( sum ) | name | function(args)
//	juxt    := [number] [^n | v[on] | ^<on> ...] [*n] [over | under | Tiny(..) | Miny(..)]
//
// Inside braces an option is an expression, pass (a move to the position
// at that slash level), a node label bound by an enclosing label{...}, or
// braces again (which then share the labels).

type parser struct {
	toks  []token
	pos   int
	depth int
	bud   *budget
	spec  *spec // the braces being built, when inside some
}

func (p *parser) peek() token { return p.toks[p.pos] }
func (p *parser) next() token {
	t := p.toks[p.pos]
	if t.kind != tEOF {
		p.pos++
	}
	return t
}

func errAt(t token, format string, args ...any) error {
	return &ParseError{Col: t.col, Msg: fmt.Sprintf(format, args...)}
}

func describe(t token) string {
	if t.kind == tEOF {
		return "end of input"
	}
	return fmt.Sprintf("%q", t.text)
}

func (p *parser) enter(t token) error {
	p.depth++
	if p.depth > maxDepth {
		return &ParseError{Col: t.col, Msg: fmt.Sprintf("expression nested too deeply (more than %d levels)", maxDepth), Err: ErrBudget}
	}
	return nil
}

// Result is the result of evaluating an expression: a value, or the answer
// of a comparison between two values.
type Result struct {
	Input        string // the expression
	Value        Value  // the value, when not a comparison
	IsComparison bool   // the expression is a comparison
	Holds        bool   // the comparison's answer
}

// Eval evaluates an expression in CGSuite's notation, loopy games included
// (see the package documentation), with the default work budget.
func Eval(expr string) (Result, error) { return EvalBudget(expr, 0) }

// EvalBudget is Eval with a work budget (DefaultBudget when n <= 0); an
// expression that needs more gives ErrBudget.
func EvalBudget(expr string, n int) (r Result, err error) {
	defer func() {
		if errors.Is(err, ErrBudget) {
			err = &ParseError{Col: 1, Msg: "the expression needs more work than the budget allows", Err: ErrBudget}
		}
	}()
	defer guard(&err)
	toks, err := lex(expr)
	if err != nil {
		return Result{}, err
	}
	p := &parser{toks: toks, bud: newBudget(n)}
	r, err = p.top()
	r.Input = expr
	return r, err
}

// Parse evaluates a game expression (not a comparison).
func Parse(expr string) (Value, error) {
	r, err := Eval(expr)
	if err != nil {
		return Value{}, err
	}
	if r.IsComparison {
		return Value{}, &ParseError{Col: 1, Msg: "expected a game, found a comparison"}
	}
	return r.Value, nil
}

// MustParse is Parse for expressions known to be valid; it panics on a bad
// one.
func MustParse(expr string) Value {
	v, err := Parse(expr)
	if err != nil {
		panic(fmt.Sprintf("loopy.MustParse(%q): %v", expr, err)) // unreachable from user input: for constants
	}
	return v
}

// loopyNames are the names that make an expression loopy.
var loopyNames = map[string]bool{"on": true, "off": true, "over": true, "under": true, "dud": true, "upon": true, "pass": true}

// IsLoopy reports whether expr uses loopy notation: on, off, over, under,
// dud, upon, pass, node labels, &, ^[on]-style upons, method calls,
// ordinal sums (:) or explicit games ('{...}'). An
// expression that is not loopy is left to the short-game engine (cgt.Eval).
func IsLoopy(expr string) bool {
	toks, err := lex(expr)
	if err != nil {
		return false
	}
	for i, t := range toks {
		switch t.kind {
		case tUpon, tAmp, tDot, tColon, tQuote:
			return true
		case tIdent:
			if loopyNames[strings.ToLower(t.text)] {
				return true
			}
			if toks[i+1].kind == tLBrace {
				return true
			}
		}
	}
	return false
}

func (p *parser) top() (Result, error) {
	g, err := p.sum()
	if err != nil {
		return Result{}, err
	}
	t := p.peek()
	if t.kind == tRel {
		p.next()
		h, err := p.sum()
		if err != nil {
			return Result{}, err
		}
		if e := p.peek(); e.kind != tEOF {
			return Result{}, errAt(e, "unexpected %s after the comparison", describe(e))
		}
		b, err := relate(g, h, t, p.bud)
		if err != nil {
			return Result{}, err
		}
		return Result{IsComparison: true, Holds: b}, nil
	}
	if t.kind != tEOF {
		return Result{}, errAt(t, "unexpected %s", describe(t))
	}
	return Result{Value: g}, nil
}

func relate(g, h Value, op token, bud *budget) (bool, error) {
	le, ge := leq(g, h, bud), leq(h, g, bud)
	switch op.text {
	case "<=":
		return le, nil
	case "<":
		return le && !ge, nil
	case "==", "=":
		return le && ge, nil
	case "!=":
		return !(le && ge), nil
	case ">=":
		return ge, nil
	case ">":
		return ge && !le, nil
	case "<>":
		return !le && !ge, nil
	case "<|":
		return !ge, nil
	case "|>":
		return !le, nil
	}
	return false, errAt(op, "unknown comparison %q", op.text)
}

// sum := amp { (+ | - | +-) amp }
func (p *parser) sum() (Value, error) {
	g, err := p.amp()
	if err != nil {
		return Value{}, err
	}
	for {
		t := p.peek()
		switch t.kind {
		case tPlus, tMinus, tPM:
			p.next()
			h, err := p.amp()
			if err != nil {
				return Value{}, err
			}
			switch t.kind {
			case tPlus:
				g = add(g, h, p.bud)
			case tMinus:
				g = add(g, h.Neg(), p.bud)
			default:
				s, err := switchOf([]Value{h}, t, p.bud)
				if err != nil {
					return Value{}, err
				}
				g = add(g, s, p.bud)
			}
		default:
			return g, nil
		}
	}
}

// amp := ord [ & ord ]
func (p *parser) amp() (Value, error) {
	g, err := p.ord()
	if err != nil {
		return Value{}, err
	}
	if t := p.peek(); t.kind == tAmp {
		p.next()
		h, err := p.ord()
		if err != nil {
			return Value{}, err
		}
		return sided(g, h, t, p.bud)
	}
	return g, nil
}

// ord := unary { : unary }, the ordinal sum.
func (p *parser) ord() (Value, error) {
	g, err := p.unary()
	if err != nil {
		return Value{}, err
	}
	for p.peek().kind == tColon {
		t := p.next()
		h, err := p.unary()
		if err != nil {
			return Value{}, err
		}
		form := g.form
		if form == nil {
			s, err := g.stopperSide()
			if err != nil {
				return Value{}, errAt(t, "the ordinal sum G:H needs a stopper G")
			}
			form = s.graph()
		}
		g, err = ordinalSum(form, 0, h, p.bud)
		if err != nil {
			return Value{}, errAt(t, "the ordinal sum G:H needs a stopper H")
		}
	}
	return g, nil
}

// sided returns on & off: the value whose onside is the onside of on and
// whose offside is the offside of off. It must be that off- <= on+, which
// is decided on on - off with every infinite play won by Left (the onside
// of on favours Left, and so does the onside of -off); for stoppers this
// is off <= on.
func sided(on, off Value, at token, bud *budget) (Value, error) {
	a, _ := on.sides()
	_, b := off.sides()
	if !leqAt(b.graph(), 0, a.graph(), 0, stopperSide, bud) {
		return Value{}, errAt(at, "the offside (right of &) must be <= the onside (left of &)")
	}
	return sidedValue(a, b, bud), nil
}

// switchOf returns +-{A,B,...} = {A,B,... | -A,-B,...}.
func switchOf(opts []Value, at token, bud *budget) (Value, error) {
	s := newSpec()
	n := s.node()
	for _, o := range opts {
		s.addTerm(n, true, o)
		s.addTerm(n, false, o.Neg())
	}
	return s.value(n, bud)
}

// unary := - unary | + unary | +- unary | postfix
func (p *parser) unary() (Value, error) {
	t := p.peek()
	if err := p.enter(t); err != nil {
		return Value{}, err
	}
	defer func() { p.depth-- }()
	switch t.kind {
	case tMinus:
		p.next()
		if n := p.peek(); n.kind == tNum && n.adj {
			// A signed literal: -1/4v[on] is -1/4 + v[on], as CGSuite prints it.
			g, err := p.juxt(true)
			if err != nil {
				return Value{}, err
			}
			return p.postfix(g)
		}
		g, err := p.unary()
		if err != nil {
			return Value{}, err
		}
		return g.Neg(), nil
	case tPlus:
		p.next()
		return p.unary()
	case tPM:
		p.next()
		if opts, ok, err := p.optionSet(); ok || err != nil {
			if err != nil {
				return Value{}, err
			}
			return switchOf(opts, t, p.bud)
		}
		g, err := p.unary()
		if err != nil {
			return Value{}, err
		}
		return switchOf([]Value{g}, t, p.bud)
	}
	g, err := p.primary()
	if err != nil {
		return Value{}, err
	}
	return p.postfix(g)
}

// postfix applies .Method(args) and .Property.
func (p *parser) postfix(g Value) (Value, error) {
	for p.peek().kind == tDot {
		p.next()
		name := p.next()
		if name.kind != tIdent {
			return Value{}, errAt(name, "expected a method name after '.', found %s", describe(name))
		}
		m := strings.ToLower(name.text)
		switch m {
		case "upsum", "downsum", "upsumvariety", "downsumvariety":
			if t := p.next(); t.kind != tLParen {
				return Value{}, errAt(t, "expected '(' after %s", name.text)
			}
			h, err := p.sum()
			if err != nil {
				return Value{}, err
			}
			if t := p.next(); t.kind != tRParen {
				return Value{}, errAt(t, "expected ')', found %s", describe(t))
			}
			var r Value
			switch m {
			case "upsum":
				r, err = upsum(g, h, p.bud)
			case "downsum":
				r, err = downsum(g, h, p.bud)
			case "upsumvariety":
				r, err = upsumVariety(g, h, p.bud)
			default:
				r, err = downsumVariety(g, h, p.bud)
			}
			if err != nil {
				return Value{}, errAt(name, "%v", err)
			}
			g = r
		case "pow", "powto", "subordinate":
			if t := p.next(); t.kind != tLParen {
				return Value{}, errAt(t, "expected '(' after %s", name.text)
			}
			h, err := p.sum()
			if err != nil {
				return Value{}, err
			}
			if t := p.next(); t.kind != tRParen {
				return Value{}, errAt(t, "expected ')', found %s", describe(t))
			}
			var r Value
			switch m {
			case "pow":
				r, err = pow(g, h, p.bud)
			case "powto":
				r, err = powTo(g, h, p.bud)
			default:
				var bl, br []Value
				bl, br, err = h.formOptions()
				if err == nil {
					r, err = subordinate(g, bl, br, p.bud)
				}
			}
			if err != nil {
				return Value{}, errAt(name, "%v", err)
			}
			g = r
		case "onside", "offside", "degree", "variety", "leftstop", "rightstop", "neg":
			var r Value
			var err error
			switch m {
			case "onside":
				r, err = g.onsideIn(p.bud)
			case "offside":
				r, err = g.offsideIn(p.bud)
			case "degree":
				r, err = g.degree(p.bud)
			case "variety":
				r, err = g.variety(p.bud)
			case "leftstop", "rightstop":
				var ps Pseudonumber
				ps, err = g.stopIn(m == "leftstop")
				if err == nil {
					r = ps.Value()
				}
			default:
				r = g.Neg()
			}
			if err != nil {
				return Value{}, errAt(name, "%v", err)
			}
			g = r
		default:
			return Value{}, errAt(name, "unknown method %q (known: Upsum, Downsum, UpsumVariety, DownsumVariety, Onside, Offside, Degree, Variety, LeftStop, RightStop)", name.text)
		}
	}
	return g, nil
}

// optionSet parses {a,b,...} (braces without bars) as a list of games.
func (p *parser) optionSet() ([]Value, bool, error) {
	open := p.peek()
	if open.kind != tLBrace {
		return nil, false, nil
	}
	end, hasBar := p.matchBrace(p.pos)
	if end < 0 || hasBar {
		return nil, false, nil
	}
	inner := p.toks[p.pos+1 : end]
	parts, err := splitCommas(inner, open)
	if err != nil {
		return nil, true, err
	}
	var out []Value
	for _, part := range parts {
		g, err := p.sub(part)
		if err != nil {
			return nil, true, err
		}
		out = append(out, g)
	}
	if len(out) == 0 {
		return nil, true, errAt(open, "empty set after +-")
	}
	p.pos = end + 1
	return out, true, nil
}

// matchBrace returns the index of the brace closing the one at i and
// whether a bar occurs at its top level (-1 when unmatched).
func (p *parser) matchBrace(i int) (int, bool) {
	depth := 0
	hasBar := false
	for j := i; j < len(p.toks); j++ {
		switch p.toks[j].kind {
		case tLBrace, tLParen:
			depth++
		case tRBrace, tRParen:
			depth--
			if depth == 0 {
				return j, hasBar
			}
		case tBar:
			if depth == 1 {
				hasBar = true
			}
		case tEOF:
			return -1, hasBar
		}
	}
	return -1, hasBar
}

// juxt := [number] [ups | upon] [star] [over | under | Tiny(..) | Miny(..)]
// Juxtaposed parts are added: 73/16v9*8 = 73/16 + v9 + *8, 5over = 5 + over.
// A number followed by * and a game is a multiple: 10*upon.
func (p *parser) juxt(negative bool) (Value, error) {
	start := p.peek()
	g := Value{}
	parts := 0
	if t := p.peek(); t.kind == tNum {
		d, err := p.number()
		if err != nil {
			return Value{}, err
		}
		if negative {
			d = d.Neg()
		}
		if st := p.peek(); st.kind == tStar && st.text == "*" && st.adj && d.IsInteger() && p.startsOperand(p.pos+1) {
			p.next()
			h, err := p.primary()
			if err != nil {
				return Value{}, err
			}
			h, err = p.postfix(h)
			if err != nil {
				return Value{}, err
			}
			return multiple(d, h, st, p.bud)
		}
		g = Short(cgt.Number(d))
		parts++
	}
	if t := p.peek(); (t.kind == tUp || t.kind == tUpon) && (parts == 0 || t.adj) {
		p.next()
		if t.kind == tUp {
			g = add(g, Short(cgt.Up(t.n)), p.bud)
		} else {
			g = add(g, uponValue(t.n, t.th, p.bud), p.bud)
		}
		parts++
	}
	if t := p.peek(); t.kind == tStar && (parts == 0 || t.adj) {
		p.next()
		g = add(g, Short(cgt.Star(t.n)), p.bud)
		parts++
	}
	if t := p.peek(); t.kind == tIdent && parts > 0 && t.adj {
		name := strings.ToLower(t.text)
		switch name {
		case "tiny", "miny", "over", "under":
		default:
			return Value{}, errAt(t, "unexpected %s after %q", describe(t), start.text)
		}
		h, err := p.primary()
		if err != nil {
			return Value{}, err
		}
		return add(g, h, p.bud), nil
	}
	if parts > 0 {
		return g, nil
	}
	return p.primary()
}

// startsOperand reports whether the token at i can start the game of a
// multiple n*G.
func (p *parser) startsOperand(i int) bool {
	t := p.toks[i]
	switch t.kind {
	case tLParen, tLBrace:
		return true
	case tIdent:
		n := strings.ToLower(t.text)
		return n != "tiny" && n != "miny"
	}
	return false
}

// multiple returns n copies of g (CGSuite's n*G), by doubling.
func multiple(n cgt.Dyadic, g Value, at token, bud *budget) (Value, error) {
	k, ok := n.Int64()
	if !ok || k > maxMultiple || k < -maxMultiple {
		return Value{}, errAt(at, "multiple too large (at most %d)", maxMultiple)
	}
	if k < 0 {
		g, k = g.Neg(), -k
	}
	res := Value{}
	for k > 0 {
		if k&1 == 1 {
			res = add(res, g, bud)
		}
		k >>= 1
		if k > 0 {
			g = add(g, g, bud)
		}
	}
	return res, nil
}

// number := digits [ / digits ]
func (p *parser) number() (cgt.Dyadic, error) {
	t := p.next()
	num, _ := new(big.Int).SetString(t.text, 10)
	den := big.NewInt(1)
	if s := p.peek(); s.kind == tSlash {
		p.next()
		d := p.next()
		if d.kind != tNum {
			return cgt.Dyadic{}, errAt(d, "expected a denominator after '/', found %s", describe(d))
		}
		den, _ = new(big.Int).SetString(d.text, 10)
		if den.Sign() == 0 {
			return cgt.Dyadic{}, errAt(d, "division by zero")
		}
	}
	v, err := cgt.DyadicFromBig(num, den)
	if err != nil {
		return cgt.Dyadic{}, errAt(t, "%s/%s is %v", num, den, err)
	}
	return v, nil
}

// primary := { ... } | label{ ... } | ( sum ) | name | function(args) | juxt
func (p *parser) primary() (Value, error) {
	t := p.peek()
	switch t.kind {
	case tLBrace:
		return p.bracedValue("", t)
	case tLParen:
		p.next()
		g, err := p.sum()
		if err != nil {
			return Value{}, err
		}
		if c := p.next(); c.kind != tRParen {
			return Value{}, errAt(c, "expected ')', found %s", describe(c))
		}
		return g, nil
	case tIdent:
		if n := p.toks[p.pos+1]; n.kind == tLBrace && !isFunction(t.text) {
			p.next()
			return p.bracedValue(t.text, t)
		}
		p.next()
		return p.name(t)
	case tNum, tUp, tUpon, tStar:
		return p.juxt(false)
	case tQuote:
		return p.explicit()
	}
	p.next()
	return Value{}, errAt(t, "expected a game, found %s", describe(t))
}

func isFunction(name string) bool {
	switch strings.ToLower(name) {
	case "tiny", "miny", "cool", "heat", "chill", "warm", "freeze", "mean", "temperature", "temp", "leftstop", "rightstop":
		return true
	}
	// The short-game engine's other functions (nortonProduct, pow, ...)
	// on short arguments.
	return cgt.IsGameFunction(name)
}

// name evaluates a constant or a function call.
func (p *parser) name(t token) (Value, error) {
	switch strings.ToLower(t.text) {
	case "on":
		return stopperValue(newStopper(onGraph())), nil
	case "off":
		return stopperValue(newStopper(onGraph().neg())), nil
	case "over":
		return stopperValue(newStopper(underGraph().neg())), nil
	case "under":
		return stopperValue(newStopper(underGraph())), nil
	case "upon":
		return uponValue(1, false, p.bud), nil
	case "dud":
		on := &sideVal{st: newStopper(onGraph())}
		off := &sideVal{st: newStopper(onGraph().neg())}
		return Value{on: on, off: off}, nil
	case "pass":
		return Value{}, errAt(t, "Unexpected `pass`.")
	}
	if isFunction(t.text) {
		return p.call(t)
	}
	if p.spec != nil && p.spec.bound(t.text) >= 0 {
		return Value{}, errAt(t, "node label %q can only be used as an option", t.text)
	}
	return Value{}, errAt(t, "unknown name %q", t.text)
}

func onGraph() *graph { return &graph{left: [][]int{{0}}, right: [][]int{nil}} }

// uponValue returns ^[on] (th false) or ^<on> (th true), negated when
// sign < 0.
func uponValue(sign int, th bool, bud *budget) Value {
	var g *graph
	if th {
		// ^<on> = {0 || 0 | 0, pass}: vertex 0, 1 = {0|0,pass}, 2 = 0.
		g = &graph{left: [][]int{{2}, {2}, nil}, right: [][]int{{1}, {1, 2}, nil}}
	} else {
		// ^[on] = {pass | *}: vertex 0, 1 = *, 2 = 0.
		g = &graph{left: [][]int{{0}, {2}, nil}, right: [][]int{{1}, {2}, nil}}
	}
	if sign < 0 {
		g = g.neg()
	}
	return stopperValue(stopperOf(g, 0, bud))
}

// call evaluates name(args).
func (p *parser) call(name token) (Value, error) {
	fn := strings.ToLower(name.text)
	if t := p.next(); t.kind != tLParen {
		return Value{}, errAt(t, "expected '(' after %s", name.text)
	}
	var args []Value
	for {
		g, err := p.sum()
		if err != nil {
			return Value{}, err
		}
		args = append(args, g)
		t := p.next()
		if t.kind == tRParen {
			break
		}
		if t.kind != tComma {
			return Value{}, errAt(t, "expected ',' or ')', found %s", describe(t))
		}
	}
	switch fn {
	case "tiny", "miny":
		if len(args) != 1 {
			return Value{}, errAt(name, "%s takes 1 argument, got %d", name.text, len(args))
		}
		// Tiny(G) = {0 || 0 | -G}.
		s := newSpec()
		top, inner := s.node(), s.node()
		s.addTerm(top, true, Value{})
		s.addEdge(top, false, inner)
		s.addTerm(inner, true, Value{})
		s.addTerm(inner, false, args[0].Neg())
		v, err := s.value(top, p.bud)
		if err != nil {
			return Value{}, errAt(name, "%v", err)
		}
		if fn == "miny" {
			v = v.Neg()
		}
		return v, nil
	}
	// The other functions are the short-game engine's.
	strs := make([]string, len(args))
	for i, a := range args {
		x, ok := a.IsShort()
		if !ok {
			return Value{}, errAt(name, "%s is defined for short games only", name.text)
		}
		strs[i] = x.String()
	}
	x, err := cgt.Parse(name.text + "(" + strings.Join(strs, ",") + ")")
	if err != nil {
		var pe *cgt.ParseError
		msg := err.Error()
		if asParseError(err, &pe) {
			msg = pe.Msg
		}
		return Value{}, errAt(name, "%s", msg)
	}
	return Short(x), nil
}

func asParseError(err error, pe **cgt.ParseError) bool {
	e, ok := err.(*cgt.ParseError)
	if ok {
		*pe = e
	}
	return ok
}

// sub parses a token slice as one sum, sharing the current braces (so that
// node labels stay in scope for error messages).
func (p *parser) sub(toks []token) (Value, error) {
	last := toks[len(toks)-1]
	q := &parser{toks: append(toks[:len(toks):len(toks)], token{kind: tEOF, col: last.end, end: last.end}), depth: p.depth, bud: p.bud, spec: p.spec}
	g, err := q.sum()
	if err != nil {
		return Value{}, err
	}
	if t := q.peek(); t.kind != tEOF {
		return Value{}, errAt(t, "unexpected %s", describe(t))
	}
	return g, nil
}

// splitCommas splits tokens at top-level commas; an empty part is an error.
func splitCommas(toks []token, before token) ([][]token, error) {
	if len(toks) == 0 {
		return nil, nil
	}
	var out [][]token
	depth, start := 0, 0
	for i := 0; i <= len(toks); i++ {
		if i < len(toks) {
			switch toks[i].kind {
			case tLBrace, tLParen:
				depth++
				continue
			case tRBrace, tRParen:
				depth--
				continue
			case tComma:
				if depth != 0 {
					continue
				}
			default:
				continue
			}
		}
		part := toks[start:i]
		if len(part) == 0 {
			at := before
			switch {
			case i < len(toks):
				at = toks[i]
			case start > 0:
				at = toks[start-1]
			}
			return nil, errAt(at, "empty option")
		}
		out = append(out, part)
		start = i + 1
	}
	return out, nil
}

// explicit parses '{...}': a game kept in the form written (its options
// are evaluated as usual), for ordinal sums and subordinates. Elsewhere it
// stands for its value.
func (p *parser) explicit() (Value, error) {
	q := p.next()
	open := p.peek()
	if open.kind != tLBrace {
		return Value{}, errAt(open, "expected '{' after the quote")
	}
	p.next()
	end, _ := p.matchBrace(p.pos - 1)
	if end < 0 {
		return Value{}, errAt(open, "unmatched '{'")
	}
	inner := p.toks[p.pos:end]
	closing := p.toks[end]
	p.pos = end + 1
	if c := p.next(); c.kind != tQuote {
		return Value{}, errAt(c, "expected a closing quote, found %s", describe(c))
	}
	outer := p.spec
	s := newSpec()
	p.spec = s
	n, err := p.braced(inner, "", open, closing)
	p.spec = outer
	if err != nil {
		return Value{}, err
	}
	for _, nd := range s.nodes {
		for _, e := range slices.Concat(nd.left, nd.right) {
			if e.node < 0 && !e.val.IsStopper() {
				return Value{}, errAt(q, "an explicit game needs stopper options")
			}
		}
	}
	form, _ := pack(s.graph(true, p.bud), n)
	v, err := s.value(n, p.bud)
	if err != nil {
		return Value{}, errAt(q, "%v", err)
	}
	v.form = form
	return v, nil
}

// formOptions returns the options of the form v was written in: its
// explicit form if any, else its canonical form.
func (v Value) formOptions() (left, right []Value, err error) {
	if v.form == nil {
		left, err = v.Options(true)
		if err != nil {
			return nil, nil, err
		}
		right, err = v.Options(false)
		return left, right, err
	}
	for _, side := range []bool{true, false} {
		var out []Value
		for _, o := range v.form.opts(0, side) {
			out = append(out, valueOf(v.form, o, nil))
		}
		if side {
			left = out
		} else {
			right = out
		}
	}
	return left, right, nil
}

// bracedValue parses braces at the current position (after the label, if
// any) as a game.
func (p *parser) bracedValue(label string, at token) (Value, error) {
	open := p.next()
	if open.kind != tLBrace {
		return Value{}, errAt(open, "expected '{', found %s", describe(open))
	}
	end, _ := p.matchBrace(p.pos - 1)
	if end < 0 {
		return Value{}, errAt(open, "unmatched '{'")
	}
	inner := p.toks[p.pos:end]
	closing := p.toks[end]
	p.pos = end + 1
	outer := p.spec
	s := newSpec()
	p.spec = s
	n, err := p.braced(inner, label, at, closing)
	p.spec = outer
	if err != nil {
		return Value{}, err
	}
	v, err := s.value(n, p.bud)
	if err != nil {
		return Value{}, errAt(at, "%v", err)
	}
	return v, nil
}

// braced builds the node of one slash level: the longest run of bars splits
// Left from Right; a side with shorter runs is itself a slash level,
// otherwise a comma-separated list of options.
func (p *parser) braced(toks []token, label string, open, closing token) (int, error) {
	if err := p.enter(open); err != nil {
		return 0, err
	}
	defer func() { p.depth-- }()
	p.bud.charge(len(toks)) // each slash level scans its tokens
	best, at, ties := 0, -1, 0
	depth := 0
	for i, t := range toks {
		switch t.kind {
		case tLBrace, tLParen:
			depth++
		case tRBrace, tRParen:
			depth--
		case tBar:
			if depth != 0 {
				continue
			}
			switch {
			case t.n > best:
				best, at, ties = t.n, i, 1
			case t.n == best:
				ties++
			}
		}
	}
	if at < 0 {
		return 0, errAt(closing, "expected '|' between Left and Right options")
	}
	if ties > 1 {
		return 0, errAt(toks[at], "ambiguous: %d runs of %d bars at the same level", ties, best)
	}
	s := p.spec
	n := s.node()
	if label != "" {
		s.labels = append(s.labels, binding{label, n})
		defer func() { s.labels = s.labels[:len(s.labels)-1] }()
	}
	if err := p.side(n, true, toks[:at], open); err != nil {
		return 0, err
	}
	if err := p.side(n, false, toks[at+1:], toks[at]); err != nil {
		return 0, err
	}
	return n, nil
}

// side adds the options of one side of node n.
func (p *parser) side(n int, left bool, toks []token, before token) error {
	s := p.spec
	p.bud.charge(len(toks))
	depth := 0
	for _, t := range toks {
		switch t.kind {
		case tLBrace, tLParen:
			depth++
		case tRBrace, tRParen:
			depth--
		case tBar:
			if depth == 0 {
				c, err := p.braced(toks, "", before, before)
				if err != nil {
					return err
				}
				s.addEdge(n, left, c)
				return nil
			}
		}
	}
	parts, err := splitCommas(toks, before)
	if err != nil {
		return err
	}
	for _, part := range parts {
		if err := p.option(n, left, part); err != nil {
			return err
		}
	}
	return nil
}

// option adds one option to node n: pass, a label, braces (sharing the
// labels) or an expression.
func (p *parser) option(n int, left bool, part []token) error {
	s := p.spec
	if len(part) == 1 {
		t := part[0]
		name := ""
		switch {
		case t.kind == tIdent:
			name = t.text
		case t.kind == tUp && t.text == "v":
			name = "v" // a node label v, if one is bound
		}
		if t.kind == tIdent && strings.ToLower(t.text) == "pass" {
			s.addEdge(n, left, n)
			return nil
		}
		if name != "" {
			if m := s.bound(name); m >= 0 {
				s.addEdge(n, left, m)
				return nil
			}
		}
	}
	// Braces, possibly labelled, filling the whole option.
	first := 0
	label := ""
	if part[0].kind == tIdent && len(part) > 1 && part[1].kind == tLBrace && !isFunction(part[0].text) {
		first, label = 1, part[0].text
	}
	if part[first].kind == tLBrace {
		end := matchIn(part, first)
		if end == len(part)-1 {
			c, err := p.braced(part[first+1:end], label, part[0], part[end])
			if err != nil {
				return err
			}
			s.addEdge(n, left, c)
			return nil
		}
	}
	g, err := p.sub(part)
	if err != nil {
		return err
	}
	s.addTerm(n, left, g)
	return nil
}

// matchIn returns the index in toks of the brace closing the one at i.
func matchIn(toks []token, i int) int {
	depth := 0
	for j := i; j < len(toks); j++ {
		switch toks[j].kind {
		case tLBrace, tLParen:
			depth++
		case tRBrace, tRParen:
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// ---- game specifications ----

// spec is a game graph under construction from braces: nodes with edges
// to nodes (pass and labels make cycles) and to finished values.
type spec struct {
	nodes  []specNode
	labels []binding
}

type binding struct {
	name string
	node int
}

type specNode struct {
	left, right []specEdge
}

type specEdge struct {
	node int // a node of the spec, or -1
	val  Value
}

func newSpec() *spec { return &spec{} }

func (s *spec) node() int {
	s.nodes = append(s.nodes, specNode{})
	return len(s.nodes) - 1
}

func (s *spec) bound(name string) int {
	for i := len(s.labels) - 1; i >= 0; i-- {
		if s.labels[i].name == name {
			return s.labels[i].node
		}
	}
	return -1
}

func (s *spec) addEdge(n int, left bool, m int) {
	e := specEdge{node: m}
	if left {
		s.nodes[n].left = append(s.nodes[n].left, e)
	} else {
		s.nodes[n].right = append(s.nodes[n].right, e)
	}
}

func (s *spec) addTerm(n int, left bool, v Value) {
	e := specEdge{node: -1, val: v}
	if left {
		s.nodes[n].left = append(s.nodes[n].left, e)
	} else {
		s.nodes[n].right = append(s.nodes[n].right, e)
	}
}

// value returns the value of node n.
func (s *spec) value(n int, bud *budget) (Value, error) {
	// Short games are built by the short-game engine directly.
	if x, ok := s.shortValue(n, map[int]bool{}, bud); ok {
		return Short(x), nil
	}
	stoppers := true
	for _, nd := range s.nodes {
		for _, e := range slices.Concat(nd.left, nd.right) {
			if e.node < 0 && !e.val.IsStopper() {
				stoppers = false
			}
		}
	}
	if stoppers {
		g := s.graph(true, bud)
		return valueOf(g, n, bud), nil
	}
	on := sideOf(s.graph(true, bud), n, onSide, bud)
	off := sideOf(s.graph(false, bud), n, offSide, bud)
	return sidedValue(on, off, bud), nil
}

// shortValue evaluates node n as a short game when no cycle and no loopy
// value is involved.
func (s *spec) shortValue(n int, busy map[int]bool, bud *budget) (cgt.Game, bool) {
	if busy[n] {
		return 0, false
	}
	busy[n] = true
	defer delete(busy, n)
	side := func(es []specEdge) ([]cgt.Game, bool) {
		out := make([]cgt.Game, 0, len(es))
		for _, e := range es {
			if e.node >= 0 {
				x, ok := s.shortValue(e.node, busy, bud)
				if !ok {
					return nil, false
				}
				out = append(out, x)
				continue
			}
			x, ok := e.val.IsShort()
			if !ok {
				return nil, false
			}
			out = append(out, x)
		}
		return out, true
	}
	l, ok := side(s.nodes[n].left)
	if !ok {
		return 0, false
	}
	r, ok := side(s.nodes[n].right)
	if !ok {
		return 0, false
	}
	return newShort(l, r, bud), true
}

// graph builds the game graph of the spec: node i is vertex i, and each
// value hangs below as a copy of its graph (its onside when onside is set,
// else its offside).
func (s *spec) graph(onside bool, bud *budget) *graph {
	g := newGraph(len(s.nodes))
	shortMemo := map[cgt.Game]int{}
	hung := map[*graph]int{}
	target := func(e specEdge) int {
		if e.node >= 0 {
			return e.node
		}
		if x, ok := e.val.IsShort(); ok {
			return embedShort(g, x, shortMemo, bud)
		}
		on, off := e.val.sides()
		sv := off
		if onside {
			sv = on
		}
		h := sv.graph()
		if v, ok := hung[h]; ok {
			return v
		}
		base := g.n()
		bud.charge(h.n())
		for u := range h.n() {
			g.addVertex()
			for _, w := range h.left[u] {
				g.left[base+u] = append(g.left[base+u], base+w)
			}
			for _, w := range h.right[u] {
				g.right[base+u] = append(g.right[base+u], base+w)
			}
		}
		hung[h] = base
		return base
	}
	for i, nd := range s.nodes {
		for _, e := range nd.left {
			t := target(e)
			g.left[i] = append(g.left[i], t)
		}
		for _, e := range nd.right {
			t := target(e)
			g.right[i] = append(g.right[i], t)
		}
	}
	for v := range g.n() {
		slices.Sort(g.left[v])
		g.left[v] = slices.Compact(g.left[v])
		slices.Sort(g.right[v])
		g.right[v] = slices.Compact(g.right[v])
	}
	return g
}
