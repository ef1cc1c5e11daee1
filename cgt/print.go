package cgt

import (
	"slices"
	"strconv"
	"strings"
)

// String prints g in CGSuite notation: {3||2*|1*}, ^3, vv*, +-1,
// Tiny(3/2), 73/16v9*8. Equal games always print identically.
func (g Game) String() string {
	defer lock()()
	return ar.format(g, false)
}

// Format prints g in CGSuite notation; with unicode set it uses ↑ ↓ ⋆ ±.
func (g Game) Format(unicode bool) string {
	defer lock()()
	return ar.format(g, unicode)
}

// The printer works in two passes so that its time is linear in the
// length of what it prints: first the layout of every game met (whether
// it prints as a simple form, how many bars its top level needs, the
// order of its options), memoized, then one walk that writes the text.
// A game's full text is built separately only to break ties when
// ordering options (as CGSuite orders them).

// layout is how one game prints.
type layout struct {
	simple  bool   // a brace-free form: nus, x+Tiny(..), x+Miny(..), ±..
	text    string // the simple form's text when it has no game argument
	special int    // 0 none, 1 Tiny, 2 Miny, 3 ±G, 4 ±{..}
	prefix  string // the number before Tiny/Miny
	arg     Game   // the argument of Tiny, Miny or ±
	bars    int    // bars of the top level (0 for simple forms)
	l, r    []Game // options in printing order (compound forms; ±{..}: l)
	braceR  bool   // the lone Right option needs braces
}

type printer struct {
	a      *arena
	uni    bool
	lay    map[Game]*layout
	texts  map[Game]string // ASCII texts for ordering ties
	sorted map[Game]orderKey
}

func newPrinter(a *arena, uni bool) *printer {
	return &printer{a: a, uni: uni, lay: map[Game]*layout{}, texts: map[Game]string{}, sorted: map[Game]orderKey{}}
}

func (a *arena) format(g Game, uni bool) string {
	u := 0
	if uni {
		u = 1
	}
	if s, ok := a.strs[u][g]; ok {
		return s
	}
	p := newPrinter(a, uni)
	var sb strings.Builder
	p.writeTop(&sb, g)
	s := sb.String()
	// Short forms are cached (games never change): move labels and
	// tables print the same small games again and again.
	if len(s) <= maxCachedString {
		if a.strs[u] == nil || len(a.strs[u]) >= maxCachedStrings {
			a.strs[u] = make(map[Game]string)
		}
		a.strs[u][g] = s
	}
	return s
}

// The bounds of the cache of printed games: forms up to maxCachedString
// bytes, at most maxCachedStrings of each notation (the cache is emptied
// when full).
const (
	maxCachedString  = 256
	maxCachedStrings = 1 << 16
)

func (p *printer) writeTop(sb *strings.Builder, g Game) {
	lay := p.layout(g)
	if lay.simple || lay.bars == 0 {
		p.writeInner(sb, g)
		return
	}
	sb.WriteByte('{')
	p.writeInner(sb, g)
	sb.WriteByte('}')
}

func (p *printer) up() string   { return p.pick("^", "↑") }
func (p *printer) down() string { return p.pick("v", "↓") }
func (p *printer) star() string { return p.pick("*", "⋆") }
func (p *printer) pm() string   { return p.pick("+-", "±") }
func (p *printer) pick(ascii, uni string) string {
	if p.uni {
		return uni
	}
	return ascii
}

// nusString prints x + ^u + *n.
func (p *printer) nusString(i nusInfo) string {
	var sb strings.Builder
	if i.x.Sign() != 0 || (i.u == 0 && i.n == 0) {
		sb.WriteString(i.x.String())
	}
	u := i.u
	sym := p.up()
	if u < 0 {
		u, sym = -u, p.down()
	}
	switch {
	case u == 1:
		sb.WriteString(sym)
	case u == 2:
		sb.WriteString(sym + sym)
	case u > 2:
		if i.x.Sign() != 0 && u == i.u && !p.uni {
			// CGSuite prints 2^3, which both CGSuite and cgt read as
			// 2 to the power 3: 2+^3 reads back as itself.
			sb.WriteByte('+')
		}
		sb.WriteString(sym + strconv.Itoa(u))
	}
	switch {
	case i.n == 1:
		sb.WriteString(p.star())
	case i.n > 1:
		sb.WriteString(p.star() + strconv.Itoa(i.n))
	}
	return sb.String()
}

// layout computes (once) how g prints.
func (p *printer) layout(g Game) *layout {
	if lay, ok := p.lay[g]; ok {
		return lay
	}
	a := p.a
	lay := &layout{}
	if i := a.nusOf(g); i.ok {
		lay.simple, lay.text = true, p.nusString(i)
	} else if u := a.uptimalOf(g); u.ok {
		lay.simple, lay.text = true, p.uptimalString(u)
	} else if p.special(g, lay) {
		lay.simple = true
	} else {
		l, r := p.order(a.nodes[g].left), p.order(a.nodes[g].right)
		lay.l, lay.r = l, r
		// A lone option is written without braces and lends its bar count;
		// CGSuite braces a lone compound Right option once the Left side
		// has needed braces.
		lb, bracedL := 0, false
		if len(l) == 1 {
			lb = p.layout(l[0]).bars
		} else {
			for _, o := range l {
				bracedL = bracedL || p.compound(o)
			}
		}
		rb := 0
		if len(r) == 1 && !bracedL {
			rb = p.layout(r[0]).bars
		}
		lay.braceR = bracedL
		lay.bars = max(lb, rb) + 1
	}
	p.lay[g] = lay
	return lay
}

// compound reports whether g prints with bars (and so needs braces as an
// element of a list).
func (p *printer) compound(g Game) bool {
	lay := p.layout(g)
	return !lay.simple && lay.bars > 0
}

// writeInner writes g without outer braces.
func (p *printer) writeInner(sb *strings.Builder, g Game) {
	lay := p.layout(g)
	switch {
	case lay.simple && lay.special == 0:
		sb.WriteString(lay.text)
	case lay.special == 1 || lay.special == 2:
		sb.WriteString(lay.prefix)
		if lay.special == 1 {
			sb.WriteString("Tiny(")
		} else {
			sb.WriteString("Miny(")
		}
		p.writeArgument(sb, lay.arg)
		sb.WriteByte(')')
	case lay.special == 3:
		sb.WriteString(p.pm())
		p.writeArgument(sb, lay.arg)
	case lay.special == 4:
		sb.WriteString(p.pm() + "{")
		for i, o := range lay.l {
			if i > 0 {
				sb.WriteByte(',')
			}
			p.writeElement(sb, o)
		}
		sb.WriteByte('}')
	default:
		p.writeSide(sb, lay.l, false)
		sb.WriteString(strings.Repeat("|", lay.bars))
		p.writeSide(sb, lay.r, lay.braceR)
	}
}

// writeSide writes one side's options; a single compound option is
// written without braces (unless brace is set).
func (p *printer) writeSide(sb *strings.Builder, opts []Game, brace bool) {
	if len(opts) == 1 && !brace {
		p.writeInner(sb, opts[0])
		return
	}
	for i, o := range opts {
		if i > 0 {
			sb.WriteByte(',')
		}
		p.writeElement(sb, o)
	}
}

// writeElement writes a game as one element of a list: braced when
// compound.
func (p *printer) writeElement(sb *strings.Builder, g Game) {
	if !p.compound(g) {
		p.writeInner(sb, g)
		return
	}
	sb.WriteByte('{')
	p.writeInner(sb, g)
	sb.WriteByte('}')
}

// writeArgument writes a game as the argument of ± or Tiny: numbers
// plain, other simple forms in parentheses, compound games in braces.
func (p *printer) writeArgument(sb *strings.Builder, g Game) {
	if p.compound(g) {
		sb.WriteByte('{')
		p.writeInner(sb, g)
		sb.WriteByte('}')
		return
	}
	if p.a.nodes[g].isNum {
		p.writeInner(sb, g)
		return
	}
	if i := p.a.nusOf(g); i.ok && i.x.Sign() == 0 && (i.u == 0 || i.n == 0) {
		p.writeInner(sb, g)
		return
	}
	sb.WriteByte('(')
	p.writeInner(sb, g)
	sb.WriteByte(')')
}

// special recognizes x + Tiny(G), x + Miny(G) and ±G and records them in
// lay.
func (p *printer) special(g Game, lay *layout) bool {
	a := p.a
	s := a.stopsOf(g)
	if s[0].Equal(s[1]) {
		x := s[0]
		h := g
		if x.Sign() != 0 {
			h = a.sum(g, a.num(x.Neg()))
		}
		prefix := ""
		if x.Sign() != 0 {
			prefix = x.String()
		}
		if arg, ok := a.tinyArg(h); ok {
			lay.special, lay.prefix, lay.arg = 1, prefix, arg
			return true
		}
		if arg, ok := a.tinyArg(a.negate(h)); ok {
			lay.special, lay.prefix, lay.arg = 2, prefix, arg
			return true
		}
	}
	l, r := a.nodes[g].left, a.nodes[g].right
	if len(l) == 1 && len(r) == 1 && a.negate(l[0]) == r[0] {
		lay.special, lay.arg = 3, l[0]
		return true
	}
	if len(l) > 1 && len(l) == len(r) {
		neg := make([]Game, len(l))
		for i, o := range l {
			neg[i] = a.negate(o)
		}
		if slices.Equal(sortedUnique(neg), r) {
			lay.special, lay.l = 4, p.order(l)
			return true
		}
	}
	return false
}

// tinyArg returns X when h = {0 || 0 | -X} with X > 0.
func (a *arena) tinyArg(h Game) (Game, bool) {
	n := &a.nodes[h]
	if n.isNum || len(n.left) != 1 || n.left[0] != Zero || len(n.right) != 1 {
		return 0, false
	}
	k := &a.nodes[n.right[0]]
	if k.isNum || len(k.left) != 1 || k.left[0] != Zero || len(k.right) != 1 {
		return 0, false
	}
	x := a.negate(k.right[0])
	// CGSuite writes Tiny(x) only for x with a positive right stop (so
	// {0||0|v3} stays as it is).
	if a.stopsOf(x)[1].Sign() <= 0 {
		return 0, false
	}
	return x, true
}

// orderKey sorts options for printing: numbers, then number-ups-star
// forms, then the rest by birthday and then by their text.
type orderKey struct {
	class int
	nus   nusInfo
	bday  int64
}

// text returns g's full ASCII text (for ordering ties), memoized.
func (p *printer) text(g Game) string {
	if s, ok := p.texts[g]; ok {
		return s
	}
	q := p
	if p.uni {
		q = &printer{a: p.a, lay: p.lay, texts: p.texts, sorted: p.sorted}
	}
	var sb strings.Builder
	q.writeTop(&sb, g)
	s := sb.String()
	p.texts[g] = s
	return s
}

// order sorts options for printing: numbers, then number-ups-star forms,
// then the rest by birthday, each group in a fixed order.
func (p *printer) order(opts []Game) []Game {
	if len(opts) < 2 {
		return opts
	}
	a := p.a
	out := slices.Clone(opts)
	key := func(o Game) orderKey {
		if k, ok := p.sorted[o]; ok {
			return k
		}
		k := orderKey{class: 2}
		if i := a.nusOf(o); i.ok {
			k.class, k.nus = 1, i
			if a.nodes[o].isNum {
				k.class = 0
			}
		} else {
			k.bday = a.birthday(o)
			if k.bday < 0 {
				k.bday = 1<<63 - 1 // past int64: ties go to the text
			}
		}
		p.sorted[o] = k
		return k
	}
	slices.SortStableFunc(out, func(x, y Game) int {
		kx, ky := key(x), key(y)
		if kx.class != ky.class {
			return kx.class - ky.class
		}
		if kx.class < 2 {
			if c := kx.nus.x.Cmp(ky.nus.x); c != 0 {
				return c
			}
			if kx.nus.u != ky.nus.u {
				return ky.nus.u - kx.nus.u
			}
			return kx.nus.n - ky.nus.n
		}
		if kx.bday != ky.bday {
			if kx.bday < ky.bday {
				return -1
			}
			return 1
		}
		return strings.Compare(p.text(x), p.text(y))
	})
	return out
}
