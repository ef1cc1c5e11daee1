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

type printer struct {
	a   *arena
	uni bool
}

func (a *arena) format(g Game, uni bool) string {
	p := printer{a, uni}
	s, bars, simple := p.inner(g)
	if simple || bars == 0 {
		return s
	}
	return "{" + s + "}"
}

func (p printer) up() string   { return p.pick("^", "↑") }
func (p printer) down() string { return p.pick("v", "↓") }
func (p printer) star() string { return p.pick("*", "⋆") }
func (p printer) pm() string   { return p.pick("+-", "±") }
func (p printer) pick(ascii, uni string) string {
	if p.uni {
		return uni
	}
	return ascii
}

// nusString prints x + ^u + *n.
func (p printer) nusString(i nusInfo) string {
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

// inner returns the printed form of g without outer braces, the number of
// bars its top level uses, and whether it is a simple (brace-free) form.
func (p printer) inner(g Game) (string, int, bool) {
	a := p.a
	if i := a.nusOf(g); i.ok {
		return p.nusString(i), 0, true
	}
	if s, ok := p.special(g); ok {
		return s, 0, true
	}
	l, r := a.nodes[g].left, a.nodes[g].right
	ls, lb, braced := p.side(l, false)
	// CGSuite braces a lone compound Right option once the Left side has
	// needed braces.
	rs, rb, _ := p.side(r, braced)
	bars := max(lb, rb) + 1
	return ls + strings.Repeat("|", bars) + rs, bars, false
}

// side prints one side's options; a single compound option is written
// without braces and lends its bar count.
func (p printer) side(opts []Game, brace bool) (string, int, bool) {
	opts = p.order(opts)
	if len(opts) == 1 && !brace {
		s, bars, _ := p.inner(opts[0])
		return s, bars, false
	}
	parts := make([]string, len(opts))
	braced := false
	for i, o := range opts {
		parts[i] = p.element(o)
		braced = braced || strings.HasPrefix(parts[i], "{")
	}
	return strings.Join(parts, ","), 0, braced
}

// element prints a game as one element of a list: braced when compound.
func (p printer) element(g Game) string {
	s, bars, simple := p.inner(g)
	if simple || bars == 0 {
		return s
	}
	return "{" + s + "}"
}

// argument prints a game as the argument of ± or Tiny: numbers plain,
// other simple forms in parentheses, compound games in braces.
func (p printer) argument(g Game) string {
	s, bars, simple := p.inner(g)
	if !simple && bars > 0 {
		return "{" + s + "}"
	}
	if p.a.nodes[g].isNum {
		return s
	}
	if i := p.a.nusOf(g); i.ok && i.x.Sign() == 0 && (i.u == 0 || i.n == 0) {
		return s
	}
	return "(" + s + ")"
}

// special recognizes x + Tiny(G), x + Miny(G) and ±G.
func (p printer) special(g Game) (string, bool) {
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
			return prefix + "Tiny(" + p.argument(arg) + ")", true
		}
		if arg, ok := a.tinyArg(a.negate(h)); ok {
			return prefix + "Miny(" + p.argument(arg) + ")", true
		}
	}
	l, r := a.nodes[g].left, a.nodes[g].right
	if len(l) == 1 && len(r) == 1 && a.negate(l[0]) == r[0] {
		return p.pm() + p.argument(l[0]), true
	}
	if len(l) > 1 && len(l) == len(r) {
		neg := make([]Game, len(l))
		for i, o := range l {
			neg[i] = a.negate(o)
		}
		if slices.Equal(sortedUnique(neg), r) {
			parts := make([]string, len(l))
			for i, o := range p.order(l) {
				parts[i] = p.element(o)
			}
			return p.pm() + "{" + strings.Join(parts, ",") + "}", true
		}
	}
	return "", false
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

// order sorts options for printing: numbers, then number-ups-star forms,
// then the rest by birthday, each group in a fixed order.
func (p printer) order(opts []Game) []Game {
	a := p.a
	out := slices.Clone(opts)
	type key struct {
		class int
		nus   nusInfo
		bday  int64
		str   string
	}
	keys := make(map[Game]key, len(out))
	for _, o := range out {
		k := key{class: 2}
		if i := a.nusOf(o); i.ok {
			k.class, k.nus = 1, i
			if a.nodes[o].isNum {
				k.class = 0
			}
		} else {
			k.bday = a.birthday(o)
			k.str = a.format(o, false)
		}
		keys[o] = k
	}
	slices.SortStableFunc(out, func(x, y Game) int {
		kx, ky := keys[x], keys[y]
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
		return strings.Compare(kx.str, ky.str)
	})
	return out
}
