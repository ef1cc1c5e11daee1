package cgt

import "fmt"

// Dyadic exponents of Pow and PowTo follow CGSuite's newer definitions
// (CanonicalShortGame.pow/powTo and DyadicRationalNumber.blowup):
//
//	G.PowTo(x) = 0 for x = 0, G : blowup(x) otherwise
//	G.Pow(x)   = {0 | H - G.PowTo(x-1)} for G = {0|H}, x >= 1
//
// where blowup(n) = n-1 for a positive integer n and, for x = m/2^k not
// an integer, the number CGSuite's section rule puts between the blowups
// of x's options x - 1/2^k and x + 1/2^k (only the latter when x = 1/2^k).

// blowup is CGSuite's DyadicRationalNumber.blowup for x > 0.
func blowup(x Dyadic) (Dyadic, error) {
	if x.Sign() <= 0 {
		return Dyadic{}, notDefined("the exponent %s must be positive", x)
	}
	if x.IsInteger() {
		return x.Sub(DyadicInt(1)), nil
	}
	step := NewDyadic(1, x.Exp())
	hi, err := blowup(x.Add(step))
	if err != nil {
		return Dyadic{}, err
	}
	lo := x.Sub(step)
	if lo.Sign() == 0 {
		return section(nil, &hi)
	}
	l, err := blowup(lo)
	if err != nil {
		return Dyadic{}, err
	}
	return section(&l, &hi)
}

// section is CGSuite's DyadicRationalNumber.fromSection.
func section(l, r *Dyadic) (Dyadic, error) {
	one := DyadicInt(1)
	switch {
	case l == nil && r == nil:
		return Dyadic{}, nil
	case l != nil && r == nil && l.Sign() < 0:
		return Dyadic{}, nil
	case l == nil && r != nil && r.Sign() > 0:
		return Dyadic{}, nil
	case l != nil && r != nil && l.Sign() < 0 && r.Sign() > 0:
		return Dyadic{}, nil
	case l != nil && r == nil:
		return l.Floor().Add(one), nil
	case l != nil && r != nil && l.Floor().Add(one).Cmp(*r) < 0:
		return l.Floor().Add(one), nil
	case l == nil && r != nil:
		return r.Ceil().Sub(one), nil
	case r.Ceil().Sub(one).Cmp(*l) > 0:
		return r.Ceil().Sub(one), nil
	}
	left, right := *l, *r
	if left.Cmp(right) >= 0 {
		return Dyadic{}, fmt.Errorf("blowup: empty section %s..%s", left, right)
	}
	ls := left.Add(NewDyadic(1, left.Exp()))
	if ls.Cmp(right) < 0 {
		for {
			next := ls.Add(NewDyadic(1, left.Exp()))
			if next.Cmp(right) >= 0 {
				return ls, nil
			}
			ls = next
		}
	}
	rs := right.Sub(NewDyadic(1, right.Exp()))
	if rs.Cmp(left) > 0 {
		for {
			next := rs.Sub(NewDyadic(1, right.Exp()))
			if next.Cmp(left) <= 0 {
				return rs, nil
			}
			rs = next
		}
	}
	return left.Add(right).Half(), nil
}

// powToDyadic is G.PowTo(x) for a dyadic x >= 0.
func (a *arena) powToDyadic(g Game, x Dyadic) (Game, error) {
	if x.Sign() == 0 {
		return Zero, nil
	}
	if x.Sign() < 0 {
		return 0, notDefined("PowTo needs an exponent >= 0, not %s", x)
	}
	b, err := blowup(x)
	if err != nil {
		return 0, err
	}
	h := a.num(b)
	if err := a.checkDeep(h); err != nil {
		return 0, err
	}
	if err := checkOptions(a.optionCount(g)+a.optionCount(h), "this PowTo"); err != nil {
		return 0, err
	}
	return a.ordinalSum(g, h, map[Game]Game{}), nil
}

// powDyadic is G.Pow(x) for G = {0|H} and a dyadic x >= 1.
func (a *arena) powDyadic(g Game, x Dyadic) (Game, error) {
	h, err := a.zeroBar(g)
	if err != nil {
		return 0, err
	}
	if x.Cmp(DyadicInt(1)) < 0 {
		return 0, notDefined("Pow needs an exponent >= 1, not %s", x)
	}
	p, err := a.powToDyadic(g, x.Sub(DyadicInt(1)))
	if err != nil {
		return 0, err
	}
	return a.construct([]Game{Zero}, []Game{a.sum(h, a.negate(p))}), nil
}
