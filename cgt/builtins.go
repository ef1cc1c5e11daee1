package cgt

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strings"
)

// The functions and methods of the expression language. Every builtin can
// be called as a function, f(G, args...), or as a CGSuite method,
// G.F(args...) or G.F without arguments; names are case-insensitive.
// Builtins give a game, a boolean or a set of games; booleans and sets
// may only end an expression (G.IsEven, G.LeftOptions, leftOptions(G)).

type resultKind int

const (
	kGame resultKind = iota
	kBool
	kSet
)

type builtin struct {
	name     string // the name in messages (CGSuite's spelling)
	min, max int    // number of arguments, the receiver included
	kind     resultKind
	game     func(a *arena, args []Game) (Game, error)
	boolean  func(a *arena, g Game) (bool, error)
	set      func(a *arena, g Game) ([]Game, error)
}

var builtins map[string]*builtin

func numArg(a *arena, g Game, what string) (Dyadic, error) {
	n := &a.nodes[g]
	if !n.isNum {
		return Dyadic{}, fmt.Errorf("%s must be a number, not %s", what, a.format(g, false))
	}
	return n.num, nil
}

func intArg(a *arena, g Game, what string) (int, error) {
	d, err := numArg(a, g, what)
	if err != nil {
		return 0, err
	}
	k, ok := d.Int64()
	if !d.IsInteger() || !ok || k > 1<<30 || k < -(1<<30) {
		return 0, fmt.Errorf("%s must be a small integer, not %s", what, d)
	}
	return int(k), nil
}

func one(f func(a *arena, g Game) Game) func(a *arena, args []Game) (Game, error) {
	return func(a *arena, args []Game) (Game, error) { return f(a, args[0]), nil }
}

func boolOf(f func(a *arena, g Game) bool) func(a *arena, g Game) (bool, error) {
	return func(a *arena, g Game) (bool, error) { return f(a, g), nil }
}

func init() {
	list := []*builtin{
		{name: "cool", min: 2, max: 2, game: func(a *arena, args []Game) (Game, error) {
			if !a.nodes[args[1]].isNum {
				return 0, notDefined("cooling by a game that is not a number (CGSuite cools by numbers only)")
			}
			t := a.nodes[args[1]].num
			if t.Cmp(DyadicInt(-1)) <= 0 {
				return 0, errors.New("the temperature must be greater than -1")
			}
			return a.coolBy(args[0], t), nil
		}},
		{name: "heat", min: 2, max: 2, game: func(a *arena, args []Game) (Game, error) {
			return a.heatByGame(args[0], args[1]), nil
		}},
		{name: "chill", min: 1, max: 1, game: one(func(a *arena, g Game) Game { return a.coolBy(g, DyadicInt(1)) })},
		{name: "warm", min: 1, max: 1, game: one(func(a *arena, g Game) Game { return a.warmOf(g) })},
		{name: "freeze", min: 1, max: 1, game: one(func(a *arena, g Game) Game { return a.freeze(g) })},
		{name: "Tiny", min: 1, max: 1, game: one(func(a *arena, g Game) Game { return a.tiny(g) })},
		{name: "Miny", min: 1, max: 1, game: one(func(a *arena, g Game) Game { return a.negate(a.tiny(g)) })},
		{name: "mean", min: 1, max: 1, game: one(func(a *arena, g Game) Game { return a.num(a.thermograph(g).Mean) })},
		{name: "temperature", min: 1, max: 1, game: one(func(a *arena, g Game) Game { return a.num(a.thermograph(g).Temperature) })},
		{name: "leftStop", min: 1, max: 1, game: one(func(a *arena, g Game) Game { return a.num(a.stopsOf(g)[0]) })},
		{name: "rightStop", min: 1, max: 1, game: one(func(a *arena, g Game) Game { return a.num(a.stopsOf(g)[1]) })},
		{name: "birthday", min: 1, max: 1, game: func(a *arena, args []Game) (Game, error) {
			d, err := DyadicFromBig(a.birthdayBig(args[0]), big.NewInt(1))
			return a.num(d), err
		}},
		{name: "stopCount", min: 1, max: 1, game: func(a *arena, args []Game) (Game, error) {
			d, err := DyadicFromBig(a.stopCount(args[0], map[Game]*big.Int{}), big.NewInt(1))
			return a.num(d), err
		}},
		{name: "overheat", min: 3, max: 3, game: func(a *arena, args []Game) (Game, error) {
			if n := &a.nodes[args[0]]; !n.isNum || !n.num.IsInteger() {
				if err := a.checkDeep(args[0]); err != nil {
					return 0, err
				}
			}
			if err := checkOptions(a.optionCount(args[0])*(1+a.optionCount(args[1])), "this overheating"); err != nil {
				return 0, err
			}
			return a.overheat(args[0], args[1], args[2], map[Game]Game{})
		}},
		{name: "nortonProduct", min: 2, max: 2, game: func(a *arena, args []Game) (Game, error) {
			if n := &a.nodes[args[0]]; !n.isNum || !n.num.IsInteger() {
				if err := a.checkDeep(args[0]); err != nil {
					return 0, err
				}
				if err := checkOptions(a.optionCount(args[0])*a.optionCount(args[1]), "this Norton product"); err != nil {
					return 0, err
				}
			}
			return a.nortonProduct(args[0], args[1], map[[2]Game]Game{})
		}},
		{name: "conwayProduct", min: 2, max: 2, game: func(a *arena, args []Game) (Game, error) {
			if !a.nodes[args[0]].isNum || !a.nodes[args[1]].isNum {
				if err := a.checkDeep(args...); err != nil {
					return 0, err
				}
				if err := checkOptions(a.optionCount(args[0])*a.optionCount(args[1]), "this Conway product"); err != nil {
					return 0, err
				}
			}
			return a.conwayProduct(args[0], args[1], map[[2]Game]Game{}), nil
		}},
		{name: "nimProduct", min: 2, max: 2, game: func(a *arena, args []Game) (Game, error) {
			x, errx := intArg(a, args[0], "nimProduct's first argument")
			y, erry := intArg(a, args[1], "nimProduct's second argument")
			if errx == nil && erry == nil && x >= 0 && y >= 0 && x <= maxNimber && y <= maxNimber {
				return a.num(DyadicInt(int64(nimMul(uint64(x), uint64(y), 32)))), nil
			}
			px, okx := a.nusParts(args[0])
			py, oky := a.nusParts(args[1])
			if okx && oky && px.x.Sign() == 0 && px.u == 0 && py.x.Sign() == 0 && py.u == 0 {
				return a.star(int(nimMul(uint64(px.n), uint64(py.n), 32))), nil
			}
			return 0, notDefined("nimProduct takes two integers from 0 to %d or two nimbers", maxNimber)
		}},
		{name: "ordinalSum", min: 2, max: 2, game: func(a *arena, args []Game) (Game, error) {
			if err := a.checkDeep(args[1]); err != nil {
				return 0, err
			}
			if err := checkOptions(a.optionCount(args[0])+a.optionCount(args[1]), "this ordinal sum"); err != nil {
				return 0, err
			}
			return a.ordinalSum(args[0], args[1], map[Game]Game{}), nil
		}},
		{name: "pow", min: 2, max: 2, game: func(a *arena, args []Game) (Game, error) {
			x, err := numArg(a, args[1], "the exponent")
			if err != nil {
				return 0, err
			}
			if n, ok := x.Int64(); ok && x.IsInteger() && n >= 1 && n <= maxPower {
				return a.pow(args[0], int(n))
			}
			return a.powDyadic(args[0], x)
		}},
		{name: "powTo", min: 2, max: 2, game: func(a *arena, args []Game) (Game, error) {
			x, err := numArg(a, args[1], "the exponent")
			if err != nil {
				return 0, err
			}
			if n, ok := x.Int64(); ok && x.IsInteger() && n >= 0 && n <= maxPower {
				if _, zerr := a.zeroBar(args[0]); zerr == nil {
					return a.powTo(args[0], int(n))
				}
			}
			return a.powToDyadic(args[0], x)
		}},
		{name: "atomicWeight", min: 1, max: 1, game: func(a *arena, args []Game) (Game, error) {
			return a.atomicWeightOf(args[0])
		}},
		{name: "companion", min: 1, max: 1, game: one(func(a *arena, g Game) Game { return a.companion(g, map[Game]Game{}) })},
		{name: "reducedCanonicalForm", min: 1, max: 1, game: one(func(a *arena, g Game) Game { return a.rcf(g) })},
		{name: "neg", min: 1, max: 1, game: one(func(a *arena, g Game) Game { return a.negate(g) })},

		{name: "isNumber", min: 1, max: 1, kind: kBool, boolean: boolOf(func(a *arena, g Game) bool { return a.nodes[g].isNum })},
		{name: "isInteger", min: 1, max: 1, kind: kBool, boolean: boolOf(func(a *arena, g Game) bool { return a.nodes[g].isNum && a.nodes[g].num.IsInteger() })},
		{name: "isNumberish", min: 1, max: 1, kind: kBool, boolean: boolOf(func(a *arena, g Game) bool { s := a.stopsOf(g); return s[0].Equal(s[1]) })},
		{name: "isInfinitesimal", min: 1, max: 1, kind: kBool, boolean: boolOf(func(a *arena, g Game) bool {
			s := a.stopsOf(g)
			return s[0].Sign() == 0 && s[1].Sign() == 0
		})},
		{name: "isAllSmall", min: 1, max: 1, kind: kBool, boolean: boolOf(func(a *arena, g Game) bool { return a.allSmall(g, map[Game]bool{}) })},
		{name: "isEven", min: 1, max: 1, kind: kBool, boolean: boolOf(func(a *arena, g Game) bool { return a.parity(g, true, map[parityKey]bool{}) })},
		{name: "isOdd", min: 1, max: 1, kind: kBool, boolean: boolOf(func(a *arena, g Game) bool { return a.parity(g, false, map[parityKey]bool{}) })},
		{name: "isEvenTempered", min: 1, max: 1, kind: kBool, boolean: boolOf(func(a *arena, g Game) bool { return a.tempered(g, true, map[parityKey]bool{}) })},
		{name: "isOddTempered", min: 1, max: 1, kind: kBool, boolean: boolOf(func(a *arena, g Game) bool { return a.tempered(g, false, map[parityKey]bool{}) })},
		{name: "isAtomic", min: 1, max: 1, kind: kBool, boolean: func(a *arena, g Game) (bool, error) {
			_, err := a.atomicWeightOf(g)
			if errors.Is(err, ErrNotDefined) {
				return false, nil
			}
			return err == nil, err
		}},
		{name: "isNimber", min: 1, max: 1, kind: kBool, boolean: boolOf(func(a *arena, g Game) bool {
			p, ok := a.nusOfCheap(g)
			return ok && p.x.Sign() == 0 && p.u == 0
		})},
		{name: "isNumberUpStar", min: 1, max: 1, kind: kBool, boolean: boolOf(func(a *arena, g Game) bool { _, ok := a.nusOfCheap(g); return ok })},
		{name: "isSwitch", min: 1, max: 1, kind: kBool, boolean: boolOf(func(a *arena, g Game) bool { return a.negate(g) == g })},
		{name: "isNumberTiny", min: 1, max: 1, kind: kBool, boolean: boolOf(func(a *arena, g Game) bool { return a.isNumberTiny(g) })},

		{name: "leftOptions", min: 1, max: 1, kind: kSet, set: func(a *arena, g Game) ([]Game, error) { return slices.Clone(a.leftOpts(g)), nil }},
		{name: "rightOptions", min: 1, max: 1, kind: kSet, set: func(a *arena, g Game) ([]Game, error) { return slices.Clone(a.rightOpts(g)), nil }},
		{name: "followers", min: 1, max: 1, kind: kSet, set: func(a *arena, g Game) ([]Game, error) { return a.followers(g), nil }},
		{name: "incentives", min: 1, max: 1, kind: kSet, set: func(a *arena, g Game) ([]Game, error) { return a.incentives(g), nil }},
		{name: "leftIncentives", min: 1, max: 1, kind: kSet, set: func(a *arena, g Game) ([]Game, error) {
			var out []Game
			ng := a.negate(g)
			for _, o := range a.leftOpts(g) {
				out = append(out, a.sum(o, ng))
			}
			return a.removeDominated(sortedUnique(out), true), nil
		}},
		{name: "rightIncentives", min: 1, max: 1, kind: kSet, set: func(a *arena, g Game) ([]Game, error) {
			var out []Game
			for _, o := range a.rightOpts(g) {
				out = append(out, a.sum(g, a.negate(o)))
			}
			return a.removeDominated(sortedUnique(out), true), nil
		}},
	}
	builtins = map[string]*builtin{}
	for _, b := range list {
		builtins[strings.ToLower(b.name)] = b
	}
	aliases := map[string]string{"temp": "temperature", "norton": "nortonproduct", "nortonmultiply": "nortonproduct",
		"conwaymultiply": "conwayproduct", "rcf": "reducedcanonicalform", "aw": "atomicweight"}
	for k, v := range aliases {
		builtins[k] = builtins[v]
	}
}

// IsGameFunction reports whether name (any case) is a builtin that gives a
// game: the loopy engine hands such calls on short games to cgt.
func IsGameFunction(name string) bool {
	b, ok := builtins[strings.ToLower(name)]
	return ok && b.kind == kGame
}

// BuiltinNames lists the functions and methods of the expression language.
func BuiltinNames() []string {
	var out []string
	seen := map[*builtin]bool{}
	for _, b := range builtins {
		if !seen[b] {
			seen[b] = true
			out = append(out, b.name)
		}
	}
	sort.Strings(out)
	return out
}

func (a *arena) rcf(g Game) Game {
	if p, ok := a.nusOfCheap(g); ok {
		return a.num(p.x)
	}
	return a.starProjection(a.heatGame(g, a.star(1), map[Game]Game{}), map[Game]Game{})
}

func (a *arena) followers(g Game) []Game {
	seen := map[Game]bool{}
	var out []Game
	var walk func(Game)
	walk = func(x Game) {
		if seen[x] {
			return
		}
		seen[x] = true
		out = append(out, x)
		for _, o := range a.leftOpts(x) {
			walk(o)
		}
		for _, o := range a.rightOpts(x) {
			walk(o)
		}
	}
	walk(g)
	return sortedUnique(out)
}

// isNumberTiny is CGSuite's IsNumberTiny: x + Tiny(G) or x + Miny(G),
// and (as CGSuite's tests say) every number.
func (a *arena) isNumberTiny(g Game) bool {
	if a.nodes[g].isNum {
		return true
	}
	l, r := a.leftOpts(g), a.rightOpts(g)
	if len(l) != 1 || len(r) != 1 {
		return false
	}
	if a.nodes[l[0]].isNum {
		rl, rr := a.leftOpts(r[0]), a.rightOpts(r[0])
		if len(rl) == 1 && len(rr) == 1 && rl[0] == l[0] && a.thermograph(rr[0]).Mean.Cmp(a.nodes[l[0]].num) < 0 {
			return true
		}
	}
	if a.nodes[r[0]].isNum {
		ll, lr := a.leftOpts(l[0]), a.rightOpts(l[0])
		if len(ll) == 1 && len(lr) == 1 && lr[0] == r[0] && a.thermograph(ll[0]).Mean.Cmp(a.nodes[r[0]].num) > 0 {
			return true
		}
	}
	return false
}

// callArgs reads ( sum {, sum} ) after a function name.
func (p *parser) callArgs(name token) ([]Game, error) {
	if t := p.next(); t.kind != tLParen {
		return nil, errAt(t, "expected '(' after %s", name.text)
	}
	var args []Game
	if p.peek().kind == tRParen {
		p.next()
		return nil, nil
	}
	for {
		g, err := p.sum()
		if err != nil {
			return nil, err
		}
		args = append(args, g)
		t := p.next()
		if t.kind == tRParen {
			return args, nil
		}
		if t.kind != tComma {
			return nil, errAt(t, "expected ',' or ')', found %s", describe(t))
		}
	}
}

// apply runs a game-valued builtin.
func (p *parser) apply(b *builtin, name token, args []Game) (Game, error) {
	if len(args) < b.min || len(args) > b.max {
		return 0, errAt(name, "%s takes %d argument(s), got %d", b.name, b.min, len(args))
	}
	switch b.kind {
	case kBool:
		return 0, errAt(name, "%s gives true or false, not a game: it may only end an expression", b.name)
	case kSet:
		return 0, errAt(name, "%s gives a set of games, not a game: it may only end an expression", b.name)
	}
	g, err := b.game(ar, args)
	if err != nil {
		return 0, &ParseError{Col: name.col, Msg: fmt.Sprintf("%s: %v", b.name, err), Err: err}
	}
	return g, nil
}

// ident evaluates a name: a builtin function call, a user function call
// or a named game.
func (p *parser) ident(name token) (Game, error) {
	key := strings.ToLower(name.text)
	if b, ok := builtins[key]; ok && p.peek().kind == tLParen {
		args, err := p.callArgs(name)
		if err != nil {
			return 0, err
		}
		return p.apply(b, name, args)
	}
	if f, ok := p.env.lookupFunc(name.text); ok && p.peek().kind == tLParen {
		args, err := p.callArgs(name)
		if err != nil {
			return 0, err
		}
		return p.callUser(name, f, args)
	}
	if g, ok := p.env.lookupVar(name.text); ok {
		return g, nil
	}
	if _, ok := builtins[key]; ok {
		return 0, errAt(name, "expected '(' after %s", name.text)
	}
	if loopyWords[key] {
		return 0, errAt(name, "%s is a loopy game (the loopy engine handles it, without names)", name.text)
	}
	return 0, errAt(name, "unknown name %q (not a function of mathgo eval -h, nor defined above)", name.text)
}

// loopyWords are the loopy constants cgt leaves to cgt/loopy.
var loopyWords = map[string]bool{"on": true, "off": true, "over": true, "under": true, "dud": true, "upon": true, "pass": true}

// postfix applies .Method and .Method(args) calls to g.
func (p *parser) postfix(g Game) (Game, error) {
	for p.peek().kind == tDot {
		p.next()
		name := p.next()
		if name.kind != tIdent {
			return 0, errAt(name, "expected a method name after '.', found %s", describe(name))
		}
		b, ok := builtins[strings.ToLower(name.text)]
		if !ok {
			return 0, errAt(name, "unknown method %q (see mathgo eval -h)", name.text)
		}
		args := []Game{g}
		if p.peek().kind == tLParen {
			more, err := p.callArgs(name)
			if err != nil {
				return 0, err
			}
			args = append(args, more...)
		}
		var err error
		g, err = p.apply(b, name, args)
		if err != nil {
			return 0, err
		}
	}
	return g, nil
}

// setOrBool evaluates a whole expression that ends in a boolean or
// set-valued builtin: f(G) or RECEIVER.F. ok is false when the expression
// is not of that shape.
func (p *parser) setOrBool() (Value, bool, error) {
	toks := p.toks
	// f(G) as the whole expression.
	if len(toks) >= 4 && toks[0].kind == tIdent && toks[1].kind == tLParen {
		if b, ok := builtins[strings.ToLower(toks[0].text)]; ok && b.kind != kGame && matching(toks, 1) == len(toks)-2 {
			p.next()
			args, err := p.callArgs(toks[0])
			if err != nil {
				return Value{}, true, err
			}
			v, err := p.finish(b, toks[0], args)
			return v, true, err
		}
	}
	// RECEIVER.F or RECEIVER.F(args) as the whole expression.
	depth, dot := 0, -1
	for i, t := range toks {
		switch t.kind {
		case tLBrace, tLParen:
			depth++
		case tRBrace, tRParen:
			depth--
		case tDot:
			if depth == 0 {
				dot = i
			}
		}
	}
	if dot <= 0 || dot+1 >= len(toks) || toks[dot+1].kind != tIdent {
		return Value{}, false, nil
	}
	name := toks[dot+1]
	b, ok := builtins[strings.ToLower(name.text)]
	if !ok || b.kind == kGame {
		return Value{}, false, nil
	}
	end := dot + 2
	if toks[end].kind == tLParen {
		end = matching(toks, end) + 1
		if end <= 0 {
			return Value{}, false, nil
		}
	}
	if toks[end].kind != tEOF {
		return Value{}, false, nil
	}
	q := &parser{toks: append(toks[:dot:dot], token{kind: tEOF, col: toks[dot].col, end: toks[dot].col}), depth: p.depth, env: p.env}
	g, err := q.juxt(false)
	if err != nil {
		return Value{}, true, err
	}
	if t := q.peek(); t.kind != tEOF {
		return Value{}, true, errAt(t, "%s applies to one game: write (...).%s", name.text, name.text)
	}
	args := []Game{g}
	p.pos = dot + 2
	if toks[dot+2].kind == tLParen {
		more, err := p.callArgs(name)
		if err != nil {
			return Value{}, true, err
		}
		args = append(args, more...)
	}
	v, err := p.finish(b, name, args)
	return v, true, err
}

// matching returns the index of the parenthesis closing the one at i, or
// -1.
func matching(toks []token, i int) int {
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

// finish computes a boolean or set-valued builtin.
func (p *parser) finish(b *builtin, name token, args []Game) (Value, error) {
	if len(args) < b.min || len(args) > b.max {
		return Value{}, errAt(name, "%s takes %d argument(s), got %d", b.name, b.min, len(args))
	}
	if b.kind == kBool {
		v, err := b.boolean(ar, args[0])
		if err != nil {
			return Value{}, &ParseError{Col: name.col, Msg: fmt.Sprintf("%s: %v", b.name, err), Err: err}
		}
		return Value{IsComparison: true, Bool: v}, nil
	}
	set, err := b.set(ar, args[0])
	if err != nil {
		return Value{}, &ParseError{Col: name.col, Msg: fmt.Sprintf("%s: %v", b.name, err), Err: err}
	}
	return Value{IsSet: true, Set: newPrinter(ar, false).order(set)}, nil
}
