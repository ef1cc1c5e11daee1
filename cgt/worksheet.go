package cgt

import (
	"fmt"
	"strconv"
	"strings"
)

// A worksheet is a text of statements, one per line (a statement whose
// braces are still open continues on the next lines):
//
//	// comments run from // or # to the end of the line
//	G := {1|*}                 name a game
//	F(n) := {n | -n} + *       name a function of games
//	G + F(2)                   evaluate an expression (names allowed)
//	table F(n) for n = 1..10   evaluate F(n) for each integer n
//
// Expressions are those of Eval, with the names defined above them.

// Statement is one statement of a worksheet.
type Statement struct {
	Line int    // 1-based line where it starts
	Text string // without comments, trimmed
}

// maxTableRows bounds the rows of one table statement.
const maxTableRows = 10000

// SplitWorksheet cuts a worksheet into statements: comments removed,
// blank lines skipped, lines joined while a brace is open. A brace still
// open at the end leaves the last statement unfinished, and its
// evaluation says so.
func SplitWorksheet(text string) []Statement {
	var out []Statement
	var cur strings.Builder
	start, depth := 0, 0
	for i, line := range strings.Split(text, "\n") {
		if k := strings.Index(line, "//"); k >= 0 {
			line = line[:k]
		}
		if k := strings.Index(line, "#"); k >= 0 {
			line = line[:k]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if cur.Len() == 0 {
			start = i + 1
		} else {
			cur.WriteByte(' ')
		}
		cur.WriteString(line)
		for _, r := range line {
			switch r {
			case '{':
				depth++
			case '}':
				depth--
			}
		}
		if depth <= 0 {
			out = append(out, Statement{Line: start, Text: cur.String()})
			cur.Reset()
			depth = 0
		}
	}
	if cur.Len() > 0 {
		out = append(out, Statement{Line: start, Text: cur.String()})
	}
	return out
}

// Item is the result of one evaluation in a worksheet: a statement's
// value, or one row of a table.
type Item struct {
	Line  int    // the statement's line
	Input string // what was evaluated (a table row: "F(n) [n=3]")
	Name  string // the name a definition gave, if any
	Value Value
	Err   error // a *LineError naming the line and column
}

// LineError is an error in a worksheet statement.
type LineError struct {
	Line int
	Err  error
}

// Error names the line (and the column, for a *ParseError).
func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

// Unwrap returns the underlying error.
func (e *LineError) Unwrap() error { return e.Err }

// Exec runs one statement in e: a definition updates e. The result has
// one item, or one per row of a table; a budget error (see WithinBudget)
// propagates as a panic like in every cgt computation.
func (e *Env) Exec(st Statement) []Item {
	fail := func(err error) []Item {
		return []Item{{Line: st.Line, Input: st.Text, Err: &LineError{st.Line, err}}}
	}
	toks, err := lex(st.Text)
	if err != nil {
		return fail(err)
	}
	// Definitions: NAME := expr, NAME(x, y) := expr.
	for i, t := range toks {
		if t.kind != tAssign {
			continue
		}
		name, params, err := defHead(toks[:i], t)
		if err != nil {
			return fail(err)
		}
		body := toks[i+1:]
		if len(body) == 1 {
			return fail(errAt(t, "expected an expression after :="))
		}
		src := strings.TrimSpace(string([]rune(st.Text)[t.end-1:]))
		if params != nil {
			if err := checkName(name.text); err != nil {
				return fail(errAt(name, "%v", err))
			}
			delete(e.vars, name.text)
			e.funcs[name.text] = &userFunc{params: params, body: body, src: src}
			return []Item{{Line: st.Line, Input: st.Text, Name: name.text + "(" + strings.Join(params, ",") + ")"}}
		}
		v, err := e.evalTokens(body)
		if err != nil {
			return fail(err)
		}
		if v.IsComparison || v.IsSet {
			return fail(errAt(name, "%s: only games can be named", name.text))
		}
		if err := e.Set(name.text, v.Game); err != nil {
			return fail(errAt(name, "%v", err))
		}
		return []Item{{Line: st.Line, Input: st.Text, Name: name.text, Value: v}}
	}
	if len(toks) > 1 && toks[0].kind == tIdent && strings.EqualFold(toks[0].text, "table") {
		return e.table(st, toks)
	}
	v, err := e.evalTokens(toks)
	if err != nil {
		return fail(err)
	}
	return []Item{{Line: st.Line, Input: st.Text, Value: v}}
}

func (e *Env) evalTokens(toks []token) (Value, error) {
	p := &parser{toks: toks, env: e}
	defer lock()()
	return p.top()
}

// defHead reads NAME or NAME(x, y, ...) before :=.
func defHead(toks []token, at token) (token, []string, error) {
	if len(toks) == 0 || toks[0].kind != tIdent {
		return token{}, nil, errAt(at, "expected a name before :=")
	}
	name := toks[0]
	if len(toks) == 1 {
		return name, nil, nil
	}
	if toks[1].kind != tLParen || toks[len(toks)-1].kind != tRParen {
		return token{}, nil, errAt(toks[1], "expected NAME := or NAME(x, ...) :=")
	}
	params := []string{}
	inner := toks[2 : len(toks)-1]
	for i, t := range inner {
		if i%2 == 1 {
			if t.kind != tComma {
				return token{}, nil, errAt(t, "expected ',' between parameters")
			}
			continue
		}
		if t.kind != tIdent {
			return token{}, nil, errAt(t, "expected a parameter name, found %s", describe(t))
		}
		if err := checkName(t.text); err != nil {
			return token{}, nil, errAt(t, "%v", err)
		}
		params = append(params, t.text)
	}
	if len(inner) > 0 && len(inner)%2 == 0 {
		return token{}, nil, errAt(inner[len(inner)-1], "expected a parameter name after ','")
	}
	return name, params, nil
}

// table runs `table EXPR for x = a..b`.
func (e *Env) table(st Statement, toks []token) []Item {
	fail := func(err error) []Item {
		return []Item{{Line: st.Line, Input: st.Text, Err: &LineError{st.Line, err}}}
	}
	forAt := -1
	depth := 0
	for i, t := range toks {
		switch t.kind {
		case tLBrace, tLParen:
			depth++
		case tRBrace, tRParen:
			depth--
		case tIdent:
			if depth == 0 && strings.EqualFold(t.text, "for") {
				forAt = i
			}
		}
	}
	if forAt < 2 {
		return fail(errAt(toks[0], "expected: table EXPR for n = a..b"))
	}
	rest := toks[forAt+1:]
	if len(rest) < 5 || rest[0].kind != tIdent || rest[1].kind != tRel || rest[1].text != "=" {
		return fail(errAt(toks[forAt], "expected: for n = a..b"))
	}
	v := rest[0]
	if err := checkName(v.text); err != nil {
		return fail(errAt(v, "%v", err))
	}
	lo, k, err := intAt(rest, 2)
	if err != nil {
		return fail(err)
	}
	if rest[k].kind != tDotDot {
		return fail(errAt(rest[k], "expected '..' in the range, found %s", describe(rest[k])))
	}
	hi, k, err := intAt(rest, k+1)
	if err != nil {
		return fail(err)
	}
	if rest[k].kind != tEOF {
		return fail(errAt(rest[k], "unexpected %s after the range", describe(rest[k])))
	}
	if hi < lo || hi-lo >= maxTableRows {
		return fail(errAt(rest[2], "the range %d..%d must be increasing and have at most %d values", lo, hi, maxTableRows))
	}
	body := append(toks[1:forAt:forAt], token{kind: tEOF, col: toks[forAt].col, end: toks[forAt].col})
	exprText := strings.TrimSpace(string([]rune(st.Text)[toks[1].col-1 : toks[forAt].col-1]))
	var out []Item
	for n := lo; n <= hi; n++ {
		child := &Env{parent: e, vars: map[string]Game{}}
		child.vars[v.text] = Int(n)
		it := Item{Line: st.Line, Input: exprText + " [" + v.text + "=" + strconv.FormatInt(n, 10) + "]"}
		it.Value, it.Err = child.evalTokens(body)
		if it.Err != nil {
			it.Err = &LineError{st.Line, it.Err}
		}
		out = append(out, it)
	}
	return out
}

// intAt reads an integer, optionally negative, at toks[i]; it returns the
// index after it.
func intAt(toks []token, i int) (int64, int, error) {
	neg := false
	if toks[i].kind == tMinus {
		neg = true
		i++
	}
	t := toks[i]
	if t.kind != tNum {
		return 0, i, errAt(t, "expected an integer, found %s", describe(t))
	}
	n, err := strconv.ParseInt(t.text, 10, 64)
	if err != nil || n > 1<<40 {
		return 0, i, errAt(t, "integer %s too large", t.text)
	}
	if neg {
		n = -n
	}
	return n, i + 1, nil
}
