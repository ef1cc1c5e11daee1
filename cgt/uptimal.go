package cgt

import "strconv"

// Uptimal notation (CGSuite; Siegel, Combinatorial Game Theory, II.4):
// ^<n> is ↑ⁿ = ^.Pow(n) = {0 | v[n-1]*} and ^[n] is ↑ + ↑² + ... + ↑ⁿ =
// ^.PowTo(n) = {^[n-1] | *}; v<n> and v[n] are their negatives. CGSuite
// prints x + ±^<n> + *m and x + ±^[n] + *m (n >= 2) in this compact form,
// and so does cgt; the parser reads them back.

// maxUptimalBirthday bounds the birthday of the games the printer tries
// to recognize as uptimals (recognition builds ^[k] and ^<k> for k up to
// the birthday).
const maxUptimalBirthday = 130

// uptimalKind describes x + sign*(^<k> or ^[k]) + *m.
type uptimalInfo struct {
	ok   bool
	x    Dyadic
	sum  bool // ^[k] (true) or ^<k>
	k    int
	sign int
	n    int
}

// upBasis returns ^[k] (sum) or ^<k>, building and caching the table.
func (a *arena) upBasis(k int, sum bool) Game {
	for len(a.upTo) <= k {
		i := len(a.upTo)
		switch i {
		case 0:
			a.upTo = append(a.upTo, Zero)
			a.upPow = append(a.upPow, a.star(1))
		default:
			prevTo := a.upTo[i-1]
			a.upTo = append(a.upTo, a.construct([]Game{prevTo}, []Game{a.star(1)}))
			a.upPow = append(a.upPow, a.construct([]Game{Zero}, []Game{a.sum(a.star(1), a.negate(prevTo))}))
		}
		if i >= 2 {
			a.upIndex[a.upTo[i]] = uptimalInfo{ok: true, sum: true, k: i, sign: 1}
			a.upIndex[a.negate(a.upTo[i])] = uptimalInfo{ok: true, sum: true, k: i, sign: -1}
			a.upIndex[a.upPow[i]] = uptimalInfo{ok: true, k: i, sign: 1}
			a.upIndex[a.negate(a.upPow[i])] = uptimalInfo{ok: true, k: i, sign: -1}
		}
	}
	if sum {
		return a.upTo[k]
	}
	return a.upPow[k]
}

// uptimalGame returns x + sign*(^[k] or ^<k>) + *n.
func (a *arena) uptimalGame(x Dyadic, sum bool, k, sign, n int) Game {
	g := a.upBasis(k, sum)
	if sign < 0 {
		g = a.negate(g)
	}
	return a.sum(a.sum(g, a.star(n)), a.num(x))
}

// uptimalOf recognizes g (not a number + ups + nimber) as x + ±^<k> + *n
// or x + ±^[k] + *n with k >= 2.
func (a *arena) uptimalOf(g Game) uptimalInfo {
	if v, ok := a.uptimals[g]; ok {
		return v
	}
	info := a.findUptimal(g)
	a.uptimals[g] = info
	return info
}

func (a *arena) findUptimal(g Game) uptimalInfo {
	s := a.stopsOf(g)
	if !s[0].Equal(s[1]) {
		return uptimalInfo{}
	}
	b := a.birthday(g)
	if b < 0 || b > maxUptimalBirthday {
		return uptimalInfo{}
	}
	x := s[0]
	h := g
	if x.Sign() != 0 {
		h = a.sum(g, a.num(x.Neg()))
	}
	a.upBasis(int(b)+1, true)
	far := a.farStar(h, map[Game]int{})
	for n := 0; n <= far; n++ {
		r := h
		if n > 0 {
			r = a.sum(h, a.star(n))
		}
		if info, ok := a.upIndex[r]; ok {
			info.x, info.n = x, n
			return info
		}
	}
	return uptimalInfo{}
}

// uptimalString prints an uptimal as CGSuite does: 3/2^[4]*, v<3>.
func (p *printer) uptimalString(i uptimalInfo) string {
	s := ""
	if i.x.Sign() != 0 {
		s = i.x.String()
	}
	if i.sign > 0 {
		s += p.up()
	} else {
		s += p.down()
	}
	if i.sum {
		s += "[" + strconv.Itoa(i.k) + "]"
	} else {
		s += "<" + strconv.Itoa(i.k) + ">"
	}
	switch {
	case i.n == 1:
		s += p.star()
	case i.n > 1:
		s += p.star() + strconv.Itoa(i.n)
	}
	return s
}
