package cgt

import (
	"errors"
	"fmt"
	"strings"
)

// Env holds named games and functions for expressions: the state of a
// worksheet (G := {1|*}, F(n) := {n|-n}). The zero of *Env, nil, knows no
// names. An Env is not safe for concurrent use.
type Env struct {
	parent *Env
	vars   map[string]Game
	funcs  map[string]*userFunc
}

// userFunc is F(x, y, ...) := body.
type userFunc struct {
	params []string
	body   []token
	src    string
}

// NewEnv returns an empty environment.
func NewEnv() *Env { return &Env{vars: map[string]Game{}, funcs: map[string]*userFunc{}} }

func (e *Env) lookupVar(name string) (Game, bool) {
	for ; e != nil; e = e.parent {
		if g, ok := e.vars[name]; ok {
			return g, true
		}
	}
	return 0, false
}

func (e *Env) lookupFunc(name string) (*userFunc, bool) {
	for ; e != nil; e = e.parent {
		if f, ok := e.funcs[name]; ok {
			return f, true
		}
	}
	return nil, false
}

// Set names a game.
func (e *Env) Set(name string, g Game) error {
	if err := checkName(name); err != nil {
		return err
	}
	delete(e.funcs, name)
	e.vars[name] = g
	return nil
}

// Get returns the game named name.
func (e *Env) Get(name string) (Game, bool) { return e.lookupVar(name) }

// Names lists the defined names (games and functions).
func (e *Env) Names() []string {
	var out []string
	for k := range e.vars {
		out = append(out, k)
	}
	for k := range e.funcs {
		out = append(out, k+"(...)")
	}
	return out
}

// checkName rejects names that would hide a builtin or a loopy constant.
func checkName(name string) error {
	if name == "" {
		return fmt.Errorf("empty name")
	}
	low := strings.ToLower(name)
	if _, ok := builtins[low]; ok {
		return fmt.Errorf("%q is a builtin function", name)
	}
	if loopyWords[low] || low == "table" || low == "for" || low == "to" {
		return fmt.Errorf("%q is a reserved word", name)
	}
	if low == "v" || strings.Trim(low, "v") == "" {
		return fmt.Errorf("%q reads as downs", name)
	}
	return nil
}

// Eval evaluates an expression that may use e's names (e may be nil).
func (e *Env) Eval(s string) (Value, error) {
	toks, err := lex(s)
	if err != nil {
		return Value{}, err
	}
	p := &parser{toks: toks, env: e}
	defer lock()()
	return p.top()
}

// callUser evaluates a user function on its arguments.
func (p *parser) callUser(name token, f *userFunc, args []Game) (Game, error) {
	if len(args) != len(f.params) {
		return 0, errAt(name, "%s takes %d argument(s), got %d", name.text, len(f.params), len(args))
	}
	if err := p.enter(name); err != nil {
		return 0, err
	}
	defer func() { p.depth-- }()
	// A call is a step of work, so that a budget (WithinBudget) stops
	// F(n) := F(n) + F(n), whose sums are all memoized.
	ar.step()
	child := &Env{parent: p.env, vars: map[string]Game{}}
	for i, x := range f.params {
		child.vars[x] = args[i]
	}
	q := &parser{toks: f.body, env: child, depth: p.depth}
	g, err := q.sum()
	if err != nil {
		return 0, &ParseError{Col: name.col, Msg: fmt.Sprintf("in %s(%s) := %s: %v", name.text, strings.Join(f.params, ","), f.src, err), Err: errors.Unwrap(err)}
	}
	if t := q.peek(); t.kind != tEOF {
		return 0, errAt(name, "in %s(%s) := %s: unexpected %s", name.text, strings.Join(f.params, ","), f.src, describe(t))
	}
	return g, nil
}
