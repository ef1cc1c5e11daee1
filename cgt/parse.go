package cgt

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits that keep a single expression from exhausting memory: *n and ^n
// are built in O(n) games (see named.go), so literals up to 2^16 cost a
// few megabytes at most.
const (
	maxNimber = 1 << 16
	maxUps    = 1 << 16
	maxDepth  = 1 << 10
)

// ParseError is a syntax or evaluation error in an expression; Col is the
// 1-based column (in characters) where it was found.
type ParseError struct {
	Col int
	Msg string
	Err error // the underlying error of an operation, if any (ErrNotDefined ...)
}

// Error names the column and the problem.
func (e *ParseError) Error() string { return fmt.Sprintf("column %d: %s", e.Col, e.Msg) }

// Unwrap returns the underlying error of an operation.
func (e *ParseError) Unwrap() error { return e.Err }

// Value is the result of evaluating an expression: a game, a boolean (the
// answer of a comparison or of a property such as G.IsEven), or a set of
// games (G.LeftOptions, G.Incentives, G.Followers ...).
type Value struct {
	Game         Game
	IsComparison bool // a boolean: a comparison or a property
	Bool         bool
	IsSet        bool // a set of games, in printing order
	Set          []Game
}

// Parse evaluates a game expression in CGSuite notation and returns its
// canonical form. Comparisons and sets are rejected; use Eval for those.
func Parse(s string) (Game, error) {
	v, err := Eval(s)
	if err != nil {
		return 0, err
	}
	if v.IsComparison {
		return 0, &ParseError{Col: 1, Msg: "expected a game, found a comparison"}
	}
	if v.IsSet {
		return 0, &ParseError{Col: 1, Msg: "expected a game, found a set of games"}
	}
	return v.Game, nil
}

// MustParse is Parse for expressions known to be valid (tests, tables of
// constants); it panics on a bad expression.
func MustParse(s string) Game {
	g, err := Parse(s)
	if err != nil {
		panic(fmt.Sprintf("cgt.MustParse(%q): %v", s, err)) // unreachable from user input: MustParse is for constants
	}
	return g
}

// Eval evaluates an expression: a game, a comparison between two games
// with <= < == >= > <> (confused) <| (less or confused) |> (greater or
// confused), a boolean property (G.IsNumberish) or a set of games
// (G.LeftOptions). Names are not known; see Env.Eval.
func Eval(s string) (Value, error) { return (*Env)(nil).Eval(s) }

type tokKind int

const (
	tEOF tokKind = iota
	tNum         // digits
	tSlash
	tUp   // n ups (negative: downs)
	tStar // *n
	tPlus
	tMinus
	tPM
	tLBrace
	tRBrace
	tLParen
	tRParen
	tComma
	tBar // n bars
	tRel // comparison operator in text
	tIdent
	tUptimal // ^[n] ^<n> v[n] v<n>: n in n, sign in sign, sum for [n]
	tDot
	tColon
	tAssign // :=
	tDotDot // ..
)

type token struct {
	kind tokKind
	text string
	n    int
	col  int  // 1-based
	end  int  // column just after the token
	adj  bool // no white space before this token
	sum  bool // tUptimal: ^[n] (true) or ^<n>
	sign int  // tUptimal: 1 up, -1 down
}

func lex(s string) ([]token, error) {
	if !utf8.ValidString(s) {
		return nil, &ParseError{Col: 1, Msg: "input is not valid UTF-8"}
	}
	rs := []rune(s)
	var toks []token
	i := 0
	space := true
	emit := func(t token, width int) {
		t.col = i + 1
		t.end = i + width + 1
		t.adj = !space
		toks = append(toks, t)
		i += width
		space = false
	}
	digitsAt := func(j int) int {
		k := j
		for k < len(rs) && rs[k] >= '0' && rs[k] <= '9' {
			k++
		}
		return k - j
	}
	for i < len(rs) {
		c := rs[i]
		switch {
		case unicode.IsSpace(c):
			i++
			space = true
		case c >= '0' && c <= '9':
			n := digitsAt(i)
			emit(token{kind: tNum, text: string(rs[i : i+n])}, n)
		case c == '/':
			emit(token{kind: tSlash, text: "/"}, 1)
		case (c == '^' || c == '↑' || c == 'v' || c == '↓') && uptimalAt(rs, i) > 0:
			k := uptimalAt(rs, i)
			v, err := strconv.Atoi(string(rs[i+2 : i+k-1]))
			if err != nil || v > maxPower || v < 1 {
				return nil, &ParseError{Col: i + 3, Msg: fmt.Sprintf("uptimal index must be from 1 to %d", maxPower)}
			}
			sign := 1
			if c == 'v' || c == '↓' {
				sign = -1
			}
			emit(token{kind: tUptimal, n: v, sign: sign, sum: rs[i+1] == '[', text: string(rs[i : i+k])}, k)
		case c == '^' || c == '↑' || ((c == 'v' || c == '↓') && !(i+1 < len(rs) && unicode.IsLetter(rs[i+1]) && rs[i+1] != 'v')):
			sign := 1
			if c == 'v' || c == '↓' {
				sign = -1
			}
			k := i
			for k < len(rs) && rs[k] == c {
				k++
			}
			count := k - i
			if d := digitsAt(k); d > 0 {
				if count > 1 {
					return nil, &ParseError{Col: i + 1, Msg: fmt.Sprintf("write %c%s, not several arrows followed by a count", c, string(rs[k:k+d]))}
				}
				v, err := strconv.Atoi(string(rs[k : k+d]))
				if err != nil || v > maxUps {
					return nil, &ParseError{Col: k + 1, Msg: fmt.Sprintf("too many ups (at most %d)", maxUps)}
				}
				count = v
				k += d
			} else if count > maxUps {
				return nil, &ParseError{Col: i + 1, Msg: fmt.Sprintf("too many ups (at most %d)", maxUps)}
			}
			emit(token{kind: tUp, n: sign * count, text: string(rs[i:k])}, k-i)
		case c == '*' || c == '⋆':
			n := 1
			k := i + 1
			if d := digitsAt(k); d > 0 {
				v, err := strconv.Atoi(string(rs[k : k+d]))
				if err != nil || v > maxNimber {
					return nil, &ParseError{Col: k + 1, Msg: fmt.Sprintf("nimber too large (at most *%d)", maxNimber)}
				}
				n = v
				k += d
			}
			emit(token{kind: tStar, n: n, text: string(rs[i:k])}, k-i)
		case c == '±':
			emit(token{kind: tPM, text: "±"}, 1)
		case c == '+':
			if i+1 < len(rs) && rs[i+1] == '-' {
				emit(token{kind: tPM, text: "+-"}, 2)
			} else {
				emit(token{kind: tPlus, text: "+"}, 1)
			}
		case c == '-':
			emit(token{kind: tMinus, text: "-"}, 1)
		case c == '{':
			emit(token{kind: tLBrace, text: "{"}, 1)
		case c == '}':
			emit(token{kind: tRBrace, text: "}"}, 1)
		case c == '(':
			emit(token{kind: tLParen, text: "("}, 1)
		case c == ')':
			emit(token{kind: tRParen, text: ")"}, 1)
		case c == ',':
			emit(token{kind: tComma, text: ","}, 1)
		case c == '.':
			if i+1 < len(rs) && rs[i+1] == '.' {
				emit(token{kind: tDotDot, text: ".."}, 2)
			} else {
				emit(token{kind: tDot, text: "."}, 1)
			}
		case c == ':':
			if i+1 < len(rs) && rs[i+1] == '=' {
				emit(token{kind: tAssign, text: ":="}, 2)
			} else {
				emit(token{kind: tColon, text: ":"}, 1)
			}
		case c == '|':
			if i+1 < len(rs) && rs[i+1] == '>' {
				emit(token{kind: tRel, text: "|>"}, 2)
				break
			}
			k := i
			for k < len(rs) && rs[k] == '|' {
				k++
			}
			emit(token{kind: tBar, n: k - i, text: string(rs[i:k])}, k-i)
		case c == '<' || c == '>' || c == '=' || c == '!':
			op := string(c)
			if i+1 < len(rs) {
				two := string(rs[i : i+2])
				switch two {
				case "<=", ">=", "==", "<>", "<|", "!=":
					op = two
				}
			}
			if op == "!" {
				return nil, &ParseError{Col: i + 1, Msg: "unexpected '!'"}
			}
			emit(token{kind: tRel, text: op}, len([]rune(op)))
		case unicode.IsLetter(c) || c == '_':
			k := i
			for k < len(rs) && (unicode.IsLetter(rs[k]) || unicode.IsDigit(rs[k]) || rs[k] == '_') {
				k++
			}
			emit(token{kind: tIdent, text: string(rs[i:k])}, k-i)
		default:
			return nil, &ParseError{Col: i + 1, Msg: fmt.Sprintf("unexpected character %q", c)}
		}
	}
	toks = append(toks, token{kind: tEOF, col: len(rs) + 1, end: len(rs) + 1})
	return toks, nil
}

// uptimalAt returns the length of an uptimal literal ^[n], ^<n>, v[n] or
// v<n> starting at i (0 if there is none).
func uptimalAt(rs []rune, i int) int {
	if i+1 >= len(rs) || (rs[i+1] != '[' && rs[i+1] != '<') {
		return 0
	}
	closing := ']'
	if rs[i+1] == '<' {
		closing = '>'
	}
	k := i + 2
	for k < len(rs) && rs[k] >= '0' && rs[k] <= '9' {
		k++
	}
	if k == i+2 || k-(i+2) > 6 || k >= len(rs) || rs[k] != closing {
		return 0
	}
	return k + 1 - i
}

type parser struct {
	toks  []token
	pos   int
	depth int
	env   *Env
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

func (p *parser) top() (Value, error) {
	if v, ok, err := p.setOrBool(); ok || err != nil {
		return v, err
	}
	g, err := p.sum()
	if err != nil {
		return Value{}, err
	}
	t := p.peek()
	if t.kind == tRel {
		p.next()
		h, err := p.sum()
		if err != nil {
			return Value{}, err
		}
		if e := p.peek(); e.kind != tEOF {
			return Value{}, errAt(e, "unexpected %s after the comparison", describe(e))
		}
		b, err := relate(ar, g, h, t)
		if err != nil {
			return Value{}, err
		}
		return Value{IsComparison: true, Bool: b}, nil
	}
	if t.kind != tEOF {
		return Value{}, errAt(t, "unexpected %s", describe(t))
	}
	return Value{Game: g}, nil
}

func relate(a *arena, g, h Game, op token) (bool, error) {
	rel := a.compare(g, h)
	switch op.text {
	case "<=":
		return rel == Less || rel == Equal, nil
	case "<":
		return rel == Less, nil
	case "==", "=":
		return rel == Equal, nil
	case "!=":
		return rel != Equal, nil
	case ">=":
		return rel == Greater || rel == Equal, nil
	case ">":
		return rel == Greater, nil
	case "<>":
		return rel == Confused, nil
	case "<|":
		return rel == Less || rel == Confused, nil
	case "|>":
		return rel == Greater || rel == Confused, nil
	}
	return false, errAt(op, "unknown comparison %q", op.text)
}

// sum := ordinal { (+ | - | +-) ordinal }
func (p *parser) sum() (Game, error) {
	g, err := p.ordinal()
	if err != nil {
		return 0, err
	}
	for {
		t := p.peek()
		switch t.kind {
		case tPlus, tMinus, tPM:
			p.next()
			h, err := p.ordinal()
			if err != nil {
				return 0, err
			}
			switch t.kind {
			case tPlus:
				g = ar.sum(g, h)
			case tMinus:
				g = ar.sum(g, ar.negate(h))
			default:
				g = ar.sum(g, ar.construct([]Game{h}, []Game{ar.negate(h)}))
			}
		default:
			return g, nil
		}
	}
}

// ordinal := unary { : unary }, the ordinal sum (CGSuite's G:H).
func (p *parser) ordinal() (Game, error) {
	g, err := p.unary()
	if err != nil {
		return 0, err
	}
	for p.peek().kind == tColon {
		p.next()
		t := p.peek()
		h, err := p.unary()
		if err != nil {
			return 0, err
		}
		if err := ar.checkDeep(h); err != nil {
			return 0, errAt(t, "the ordinal sum G:H: %v", err)
		}
		if err := checkOptions(ar.optionCount(g)+ar.optionCount(h), "the ordinal sum G:H"); err != nil {
			return 0, errAt(t, "%v", err)
		}
		g = ar.ordinalSum(g, h, map[Game]Game{})
	}
	return g, nil
}

func (p *parser) enter(t token) error {
	p.depth++
	if p.depth > maxDepth {
		return errAt(t, "expression nested too deeply (more than %d levels)", maxDepth)
	}
	return nil
}

// unary := - unary | + unary | +- unary | juxt
func (p *parser) unary() (Game, error) {
	t := p.peek()
	if err := p.enter(t); err != nil {
		return 0, err
	}
	defer func() { p.depth-- }()
	switch t.kind {
	case tMinus:
		p.next()
		if n := p.peek(); n.kind == tNum && n.adj {
			// A signed literal: -1^^ is -1 + ^^, as CGSuite prints it.
			return p.juxt(true)
		}
		g, err := p.unary()
		if err != nil {
			return 0, err
		}
		return ar.negate(g), nil
	case tPlus:
		p.next()
		return p.unary()
	case tPM:
		p.next()
		if opts, ok, err := p.optionSet(); ok || err != nil {
			// +-{a,b} is {a,b | -a,-b}.
			if err != nil {
				return 0, err
			}
			neg := make([]Game, len(opts))
			for i, o := range opts {
				neg[i] = ar.negate(o)
			}
			return ar.construct(opts, neg), nil
		}
		g, err := p.unary()
		if err != nil {
			return 0, err
		}
		return ar.construct([]Game{g}, []Game{ar.negate(g)}), nil
	}
	return p.juxt(false)
}

// optionSet parses a brace group with no bars, {a,b,...}, as a set of
// games (the argument of a multi-option switch).
func (p *parser) optionSet() ([]Game, bool, error) {
	open := p.peek()
	if open.kind != tLBrace {
		return nil, false, nil
	}
	depth := 0
	end := -1
	for i := p.pos; i < len(p.toks) && end < 0; i++ {
		switch p.toks[i].kind {
		case tLBrace, tLParen:
			depth++
		case tRBrace, tRParen:
			depth--
			if depth == 0 {
				end = i
			}
		case tBar:
			if depth == 1 {
				return nil, false, nil
			}
		}
	}
	if end < 0 {
		return nil, false, nil
	}
	inner := p.toks[p.pos+1 : end]
	opts, err := p.side(inner, open)
	if err != nil {
		return nil, true, err
	}
	if len(opts) == 0 {
		return nil, true, errAt(open, "empty set after +-")
	}
	p.pos = end + 1
	return opts, true, nil
}

// juxt := (number [* operand] | [number] [ups | uptimal] [star]
// [Tiny(..)|Miny(..)] | primary) { .Method[(args)] }
// Juxtaposed parts are added: 73/16v9*8 = 73/16 + v9 + *8. An integer
// followed by * and a game is a multiple: 5*{3||2|1} (CGSuite's n*G).
func (p *parser) juxt(negative bool) (Game, error) {
	g, err := p.juxtCore(negative)
	if err != nil {
		return 0, err
	}
	return p.postfix(g)
}

func (p *parser) juxtCore(negative bool) (Game, error) {
	start := p.peek()
	g := Zero
	parts := 0
	if t := p.peek(); t.kind == tNum {
		d, err := p.number()
		if err != nil {
			return 0, err
		}
		if negative {
			d = d.Neg()
		}
		if st := p.peek(); st.kind == tStar && st.text == "*" && p.startsOperand(p.pos+1) {
			if !d.IsInteger() {
				return 0, errAt(st, "the multiple n*G needs an integer n, not %s", d)
			}
			p.next()
			h, err := p.juxtCore(false)
			if err != nil {
				return 0, err
			}
			h, err = p.postfix(h)
			if err != nil {
				return 0, err
			}
			k, ok := d.Int64()
			if !ok || k > maxMultiple || k < -maxMultiple {
				return 0, errAt(start, "the multiple %s is too large (at most %d)", d, maxMultiple)
			}
			return ar.multiple(k, h), nil
		}
		g = ar.num(d)
		parts++
	}
	if t := p.peek(); t.kind == tUp && (parts == 0 || t.adj) {
		p.next()
		g = ar.sum(g, ar.ups(t.n, 0))
		parts++
	} else if t.kind == tUptimal && (parts == 0 || t.adj) {
		p.next()
		g = ar.sum(g, ar.uptimalGame(Dyadic{}, t.sum, t.n, t.sign, 0))
		parts++
	}
	if t := p.peek(); t.kind == tStar && (parts == 0 || t.adj) {
		p.next()
		g = ar.sum(g, ar.star(t.n))
		parts++
	}
	if t := p.peek(); t.kind == tIdent && (parts == 0 || t.adj) {
		name := strings.ToLower(t.text)
		if parts > 0 && name != "tiny" && name != "miny" {
			return 0, errAt(t, "unexpected %s after %q", describe(t), start.text)
		}
		h, err := p.primary()
		if err != nil {
			return 0, err
		}
		return ar.sum(g, h), nil
	}
	if parts > 0 {
		return g, nil
	}
	return p.primary()
}

// startsOperand reports whether the token at i can start the game of a
// multiple n*G: a brace, a parenthesis, a name or a function other than
// Tiny and Miny (3*Tiny(2) stays 3 + * + Tiny(2), a juxtaposed sum).
func (p *parser) startsOperand(i int) bool {
	if i >= len(p.toks) {
		return false
	}
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

// number := integer [^ integer] [ / integer [^ integer] ]. CGSuite reads
// 2^3 as 8 (and 3^22/2^72 as a fraction), so cgt does too; the game 2 + ↑³
// is written 2+^3 or 2^^^.
func (p *parser) number() (Dyadic, error) {
	t := p.next()
	num, err := p.power(t)
	if err != nil {
		return Dyadic{}, err
	}
	den := big.NewInt(1)
	if s := p.peek(); s.kind == tSlash {
		p.next()
		d := p.next()
		if d.kind != tNum {
			return Dyadic{}, errAt(d, "expected a denominator after '/', found %s", describe(d))
		}
		den, err = p.power(d)
		if err != nil {
			return Dyadic{}, err
		}
		if den.Sign() == 0 {
			return Dyadic{}, errAt(d, "division by zero")
		}
	}
	v, err := DyadicFromBig(num, den)
	if err != nil {
		return Dyadic{}, errAt(t, "%s/%s is %v", num, den, err)
	}
	return v, nil
}

// maxExponentBits bounds the size of an integer power a^b in bits.
const maxExponentBits = 1 << 16

// power reads the integer t and an optional ^exponent written right after
// it (2^3, no spaces).
func (p *parser) power(t token) (*big.Int, error) {
	n, _ := new(big.Int).SetString(t.text, 10)
	e := p.peek()
	if e.kind != tUp || !e.adj || !strings.HasPrefix(e.text, "^") || len(e.text) < 2 || e.text[1] < '0' || e.text[1] > '9' {
		return n, nil
	}
	p.next()
	k := int64(e.n)
	if int64(n.BitLen())*k > maxExponentBits {
		return nil, errAt(e, "the power %s%s is too large (at most %d bits)", t.text, e.text, maxExponentBits)
	}
	return n.Exp(n, big.NewInt(k), nil), nil
}

// primary := { options } | ( sum ) | function ( args ) | name
func (p *parser) primary() (Game, error) {
	t := p.next()
	switch t.kind {
	case tLBrace:
		// Collect the tokens up to the matching brace.
		start := p.pos
		depth := 0
		for {
			u := p.peek()
			switch u.kind {
			case tEOF:
				return 0, errAt(t, "unmatched '{'")
			case tLBrace, tLParen:
				depth++
			case tRParen:
				depth--
			case tRBrace:
				depth--
			}
			if depth < 0 {
				break
			}
			p.next()
		}
		inner := p.toks[start:p.pos]
		closing := p.next()
		return p.braced(inner, t, closing)
	case tLParen:
		g, err := p.sum()
		if err != nil {
			return 0, err
		}
		if c := p.next(); c.kind != tRParen {
			return 0, errAt(c, "expected ')', found %s", describe(c))
		}
		return g, nil
	case tIdent:
		return p.ident(t)
	case tNum, tUp, tStar, tUptimal:
		p.pos--
		return p.juxtCore(false)
	}
	return 0, errAt(t, "expected a game, found %s", describe(t))
}

// braced evaluates the contents of { ... } given as tokens: the longest
// run of bars splits Left from Right; a side with shorter runs is itself a
// game, otherwise a comma-separated list of options.
func (p *parser) braced(toks []token, open, closing token) (Game, error) {
	if err := p.enter(open); err != nil {
		return 0, err
	}
	defer func() { p.depth-- }()
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
	l, err := p.side(toks[:at], open)
	if err != nil {
		return 0, err
	}
	r, err := p.side(toks[at+1:], toks[at])
	if err != nil {
		return 0, err
	}
	return ar.construct(l, r), nil
}

func (p *parser) side(toks []token, before token) ([]Game, error) {
	depth := 0
	hasBar := false
	for _, t := range toks {
		switch t.kind {
		case tLBrace, tLParen:
			depth++
		case tRBrace, tRParen:
			depth--
		case tBar:
			if depth == 0 {
				hasBar = true
			}
		}
	}
	if hasBar {
		g, err := p.braced(toks, before, before)
		if err != nil {
			return nil, err
		}
		return []Game{g}, nil
	}
	var out []Game
	if len(toks) == 0 {
		return nil, nil
	}
	// Split on top-level commas.
	depth = 0
	start := 0
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
		g, err := p.sub(part)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
		start = i + 1
	}
	return out, nil
}

// sub parses a token slice as one sum.
func (p *parser) sub(toks []token) (Game, error) {
	last := toks[len(toks)-1]
	q := &parser{toks: append(toks[:len(toks):len(toks)], token{kind: tEOF, col: last.end, end: last.end}), depth: p.depth, env: p.env}
	g, err := q.sum()
	if err != nil {
		return 0, err
	}
	if t := q.peek(); t.kind != tEOF {
		return 0, errAt(t, "unexpected %s", describe(t))
	}
	return g, nil
}
