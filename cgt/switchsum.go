package cgt

import (
	"slices"
	"strings"
)

// A sum of many numbers and simple switches {a|b} (a > b numbers) has a
// canonical form too large to build, but needs none for its stops, mean
// and temperature: with x = (a+b)/2 and t = (a-b)/2 the switch is x ± t,
// two switches of the same t cancel (±t ± t = ±t - ±t = 0, since ±t is
// its own negative), so the sum is exactly
//
//	X + ±t1 ± t2 ± ... ± tk,   t1 > t2 > ... > tk > 0 distinct,
//
// X the sum of the numbers and of the switches' x. Its mean is X, its
// temperature t1 (X's, -1/2^j, when k = 0), and its stops are the
// alternating sums X ± (t1 - t2 + t3 - ...): taking the hottest switch is
// optimal in a sum of simple switches (each move there ends in a number;
// Winning Ways, chapter 6; Siegel, CGT II.5). The canonical form is built
// only for k up to MaxSwitchCanonical (it has 2^k leaves).

// MaxSwitchCanonical bounds the switches of distinct temperatures whose
// sum SwitchSum builds the canonical form of.
const MaxSwitchCanonical = 8

// SwitchSum is the analysis of a sum of numbers and simple switches.
type SwitchSum struct {
	Terms       int      // summands read
	Mean        Dyadic   // X
	LeftStop    Dyadic   // X + t1 - t2 + ...
	RightStop   Dyadic   // X - t1 + t2 - ...
	Temperature Dyadic   // t1, or X's temperature when no switch remains
	Hot         []Dyadic // t1 > t2 > ... after equal temperatures cancel
	// Canonical is the canonical form when HasCanonical (len(Hot) <=
	// MaxSwitchCanonical).
	Canonical    Game
	HasCanonical bool
}

// minSwitchTerms is the number of summands from which eval takes this path
// (smaller sums are quick the general way, which gives every property).
const minSwitchTerms = 16

// ParseSwitchSum reads expr as a sum (+, -, +-) of at least 16 terms, each
// a number or a simple switch {a|b} with a > b numbers, and analyzes it
// without the canonical form of the whole sum. ok is false when expr is not
// of that shape (the caller evaluates it the general way).
func ParseSwitchSum(expr string) (s SwitchSum, ok bool) {
	toks, err := lex(expr)
	if err != nil {
		return SwitchSum{}, false
	}
	// Split at top-level +, -, +- (a leading sign belongs to the first term).
	type term struct {
		op   tokKind // tPlus, tMinus or tPM
		toks []token
	}
	var terms []term
	depth, start, op := 0, 0, tPlus
	for i, t := range toks {
		switch t.kind {
		case tLBrace, tLParen:
			depth++
		case tRBrace, tRParen:
			depth--
		case tRel, tDot, tColon, tAssign, tDotDot, tIdent:
			if depth == 0 {
				return SwitchSum{}, false
			}
		case tPlus, tMinus, tPM, tEOF:
			if depth != 0 || (i == start && t.kind != tEOF) {
				continue
			}
			terms = append(terms, term{op, toks[start:i]})
			op, start = t.kind, i+1
		}
	}
	if len(terms) < minSwitchTerms {
		return SwitchSum{}, false
	}
	defer lock()()
	x := Dyadic{}
	count := map[dyKey]int{}
	temps := map[dyKey]Dyadic{}
	for _, tm := range terms {
		if len(tm.toks) == 0 {
			return SwitchSum{}, false
		}
		q := &parser{toks: append(tm.toks[:len(tm.toks):len(tm.toks)], token{kind: tEOF})}
		g, perr := q.sum()
		if perr != nil || q.peek().kind != tEOF {
			return SwitchSum{}, false
		}
		if tm.op == tMinus {
			g = ar.negate(g)
		}
		n := &ar.nodes[g]
		if tm.op == tPM {
			// +-G is {G | -G}: a simple switch for a positive number G.
			if !n.isNum || n.num.Sign() <= 0 {
				return SwitchSum{}, false
			}
			k := keyOf(n.num)
			count[k]++
			temps[k] = n.num
			continue
		}
		if n.isNum {
			x = x.Add(n.num)
			continue
		}
		l, r := ar.leftOpts(g), ar.rightOpts(g)
		if len(l) != 1 || len(r) != 1 || !ar.nodes[l[0]].isNum || !ar.nodes[r[0]].isNum {
			return SwitchSum{}, false
		}
		a, b := ar.nodes[l[0]].num, ar.nodes[r[0]].num
		if a.Cmp(b) <= 0 {
			return SwitchSum{}, false // x + * and the like: not a simple hot switch
		}
		x = x.Add(a.Add(b).Half())
		t := a.Sub(b).Half()
		k := keyOf(t)
		count[k]++
		temps[k] = t
	}
	s = SwitchSum{Terms: len(terms), Mean: x, LeftStop: x, RightStop: x}
	for k, c := range count {
		if c%2 == 1 {
			s.Hot = append(s.Hot, temps[k])
		}
	}
	slices.SortFunc(s.Hot, func(a, b Dyadic) int { return b.Cmp(a) })
	alt := Dyadic{}
	for i, t := range s.Hot {
		if i%2 == 0 {
			alt = alt.Add(t)
		} else {
			alt = alt.Sub(t)
		}
	}
	s.LeftStop, s.RightStop = x.Add(alt), x.Sub(alt)
	if len(s.Hot) > 0 {
		s.Temperature = s.Hot[0]
	} else {
		s.Temperature = ar.thermograph(ar.num(x)).Temperature
	}
	if len(s.Hot) <= MaxSwitchCanonical {
		g := ar.num(x)
		for _, t := range s.Hot {
			g = ar.sum(g, ar.construct([]Game{ar.num(t)}, []Game{ar.num(t.Neg())}))
		}
		s.Canonical, s.HasCanonical = g, true
	}
	return s, true
}

// Describe says what the sum reduced to, in CGSuite notation.
func (s SwitchSum) Describe() string {
	var sb strings.Builder
	sb.WriteString(s.Mean.String())
	for _, t := range s.Hot {
		sb.WriteString(" +-" + t.String())
	}
	return sb.String()
}
