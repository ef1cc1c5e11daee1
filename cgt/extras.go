package cgt

// LeftIncentives returns G^L - G for each canonical Left option.
func (g Game) LeftIncentives() []Game {
	defer lock()()
	l := ar.leftOpts(g)
	out := make([]Game, len(l))
	ng := ar.negate(g)
	for i, o := range l {
		out[i] = ar.sum(o, ng)
	}
	return out
}

// RightIncentives returns G - G^R for each canonical Right option.
func (g Game) RightIncentives() []Game {
	defer lock()()
	r := ar.rightOpts(g)
	out := make([]Game, len(r))
	for i, o := range r {
		out[i] = ar.sum(g, ar.negate(o))
	}
	return out
}

// Incentives returns CGSuite's set of incentives: the maximal elements of
// the Left and Right incentives together, in printing order.
func (g Game) Incentives() []Game {
	all := append(g.LeftIncentives(), g.RightIncentives()...)
	defer lock()()
	return newPrinter(ar, false).order(ar.removeDominated(sortedUnique(all), true))
}

// IsAllSmall reports whether g is all-small (dicotic): in every position
// either both players can move or neither can.
func (g Game) IsAllSmall() bool {
	defer lock()()
	return ar.allSmall(g, map[Game]bool{})
}

func (a *arena) allSmall(g Game, seen map[Game]bool) bool {
	if v, ok := seen[g]; ok {
		return v
	}
	l, r := a.leftOpts(g), a.rightOpts(g)
	ok := (len(l) == 0) == (len(r) == 0)
	for _, o := range l {
		ok = ok && a.allSmall(o, seen)
	}
	for _, o := range r {
		ok = ok && a.allSmall(o, seen)
	}
	seen[g] = ok
	return ok
}

// AtomicWeight returns the atomic weight of an all-small game, computed by
// the atomic weight calculus: W = {aw(G^L) - 2 | aw(G^R) + 2}, except that
// when W is an integer the answer is the largest integer below every
// aw(G^R)+2 if G exceeds the far star, the least integer above every
// aw(G^L)-2 if G is below it, and 0 if G is confused with it. ok is false
// for games that are not all-small, and for all-small games born after
// day 2^23 that are not ^u*n (the far star the calculus compares with
// would be beyond the nimbers cgt builds).
func (g Game) AtomicWeight() (Game, bool) {
	defer lock()()
	if !ar.allSmall(g, map[Game]bool{}) {
		return 0, false
	}
	w, ok := ar.atomicWeightOK(g, map[Game]Game{})
	return w, ok
}

// atomicWeightOK recovers the calculus' refusal of games too old for a far
// star (see AtomicWeight).
func (a *arena) atomicWeightOK(g Game, memo map[Game]Game) (w Game, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if r != errTooOld {
				panic(r) // not ours
			}
			w, ok = 0, false
		}
	}()
	return a.atomicWeight(g, memo), true
}

var errTooOld = &struct{ msg string }{"cgt: all-small game too old for a far star"}

func (a *arena) atomicWeight(g Game, memo map[Game]Game) Game {
	if g == Zero {
		return Zero
	}
	if v, ok := memo[g]; ok {
		return v
	}
	if p, ok := a.nusParts(g); ok && a.fast && p.x.Sign() == 0 {
		return a.num(DyadicInt(int64(p.u))) // ^u*n has atomic weight u
	}
	two, mtwo := a.num(DyadicInt(2)), a.num(DyadicInt(-2))
	l, r := a.leftOpts(g), a.rightOpts(g)
	var lw, rw []Game
	for _, o := range l {
		lw = append(lw, a.sum(a.atomicWeight(o, memo), mtwo))
	}
	for _, o := range r {
		rw = append(rw, a.sum(a.atomicWeight(o, memo), two))
	}
	w := a.construct(lw, rw)
	if n := &a.nodes[w]; n.isNum && n.num.IsInteger() {
		// Compare g with the far star *N, N a power of two beyond every
		// nimber g can contain.
		far := 1
		for b := a.birthday(g); int64(far) <= b; far *= 2 {
			if far > maxNus/2 {
				panic(errTooOld) // recovered by atomicWeightOK
			}
		}
		switch a.compare(g, a.star(far)) {
		case Greater:
			// Largest integer n with n <| every aw(G^R)+2.
			n := a.integerBelowAll(rw)
			w = a.num(n)
		case Less:
			n := a.integerAboveAll(lw)
			w = a.num(n)
		default:
			w = Zero
		}
	}
	memo[g] = w
	return w
}

// integerBelowAll returns the largest integer n with n <| h (n < h or n
// confused with h) for every h in hs.
func (a *arena) integerBelowAll(hs []Game) Dyadic {
	if len(hs) == 0 {
		return DyadicInt(0) // unreachable for all-small games with options
	}
	// Start above the largest left stop and walk down.
	var top Dyadic
	for i, h := range hs {
		s := a.stopsOf(h)[0].Ceil().Add(DyadicInt(1))
		if i == 0 || s.Cmp(top) > 0 {
			top = s
		}
	}
	for n := top; ; n = n.Sub(DyadicInt(1)) {
		ok := true
		for _, h := range hs {
			if a.leq(h, a.num(n)) { // h <= n means not n <| h
				ok = false
				break
			}
		}
		if ok {
			return n
		}
	}
}

// integerAboveAll returns the least integer n with h <| n for every h.
func (a *arena) integerAboveAll(hs []Game) Dyadic {
	if len(hs) == 0 {
		return DyadicInt(0) // unreachable
	}
	var bot Dyadic
	for i, h := range hs {
		s := a.stopsOf(h)[1].Floor().Sub(DyadicInt(1))
		if i == 0 || s.Cmp(bot) < 0 {
			bot = s
		}
	}
	for n := bot; ; n = n.Add(DyadicInt(1)) {
		ok := true
		for _, h := range hs {
			if a.leq(a.num(n), h) {
				ok = false
				break
			}
		}
		if ok {
			return n
		}
	}
}
