package loopy

import (
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// ParseError is a syntax or evaluation error in an expression; Col is the
// 1-based column (in characters) where it was found.
type ParseError struct {
	Col int
	Msg string
	Err error // the underlying error, if any (ErrBudget)
}

// Error names the column and the problem.
func (e *ParseError) Error() string { return fmt.Sprintf("column %d: %s", e.Col, e.Msg) }

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }

// Limits that keep one expression from exhausting memory.
const (
	maxNimber   = 4096
	maxUps      = 1024
	maxDepth    = 10_000
	maxMultiple = 1 << 20
)

type tokKind int

const (
	tEOF    tokKind = iota
	tNum            // digits
	tSlash          // /
	tUp             // n ups (negative: downs)
	tUpon           // ^[on] v[on] ^<on> v<on>
	tStar           // *n
	tPlus           // +
	tMinus          // -
	tPM             // +- or ±
	tAmp            // &
	tDot            // .
	tLBrace         // {
	tRBrace         // }
	tLParen         // (
	tRParen         // )
	tComma          // ,
	tBar            // n bars
	tRel            // comparison operator
	tIdent          // name
	tQuote          // ' around an explicit game
	tColon          // : ordinal sum
)

type token struct {
	kind tokKind
	text string
	n    int  // count for tUp, tStar, tBar; sign for tUpon
	th   bool // tUpon: ^<on> rather than ^[on]
	col  int  // 1-based
	end  int  // column just after the token
	adj  bool // no white space before this token
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
	hasAt := func(j int, w string) bool {
		ws := []rune(w)
		if j+len(ws) > len(rs) {
			return false
		}
		return string(rs[j:j+len(ws)]) == w
	}
	isLetter := func(j int) bool { return j < len(rs) && unicode.IsLetter(rs[j]) }
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
		case c == '^' || c == '↑' || (c == 'v' || c == '↓') && !(isLetter(i+1) && rs[i+1] != 'v') && !(c == 'v' && i+1 < len(rs) && rs[i+1] == '{'):
			sign := 1
			if c == 'v' || c == '↓' {
				sign = -1
			}
			if hasAt(i+1, "[on]") || hasAt(i+1, "<on>") {
				emit(token{kind: tUpon, n: sign, th: rs[i+1] == '<', text: string(rs[i : i+5])}, 5)
				break
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
		case c == '&':
			emit(token{kind: tAmp, text: "&"}, 1)
		case c == '.':
			emit(token{kind: tDot, text: "."}, 1)
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
				switch two := string(rs[i : i+2]); two {
				case "<=", ">=", "==", "<>", "<|", "!=":
					op = two
				}
			}
			if op == "!" {
				return nil, &ParseError{Col: i + 1, Msg: "unexpected '!'"}
			}
			emit(token{kind: tRel, text: op}, len([]rune(op)))
		case c == '\'':
			emit(token{kind: tQuote, text: "'"}, 1)
		case c == ':':
			emit(token{kind: tColon, text: ":"}, 1)
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
