package cgt

// Properties are CGSuite's boolean properties of a short game (Is...),
// and its atomic weight where defined.
type Properties struct {
	IsNumber        bool
	IsInteger       bool
	IsNumberish     bool // stops equal: infinitesimally close to a number
	IsInfinitesimal bool // CGSuite's: both stops 0, so 0 counts
	IsAllSmall      bool
	IsNimber        bool
	IsNumberUpStar  bool
	IsSwitch        bool
	IsNumberTiny    bool
	IsEven          bool
	IsOdd           bool
	IsEvenTempered  bool
	IsOddTempered   bool
	IsAtomic        bool
	// AtomicWeight is set when IsAtomic (CGSuite's atomic weight).
	AtomicWeight *Game
	// AtomicWeightNote says why there is no atomic weight when
	// IsAtomic is false.
	AtomicWeightNote string
}

// Properties computes every property of g (each walks g's followers at
// most once).
func (g Game) Properties() Properties {
	defer lock()()
	a := ar
	s := a.stopsOf(g)
	nus, isNus := a.nusOfCheap(g)
	n := &a.nodes[g]
	p := Properties{
		IsNumber:        n.isNum,
		IsInteger:       n.isNum && n.num.IsInteger(),
		IsNumberish:     s[0].Equal(s[1]),
		IsInfinitesimal: s[0].Sign() == 0 && s[1].Sign() == 0,
		IsAllSmall:      a.allSmall(g, map[Game]bool{}),
		IsNimber:        isNus && nus.x.Sign() == 0 && nus.u == 0,
		IsNumberUpStar:  isNus,
		IsSwitch:        a.negate(g) == g,
		IsNumberTiny:    a.isNumberTiny(g),
		IsEven:          a.parity(g, true, map[parityKey]bool{}),
		IsOdd:           a.parity(g, false, map[parityKey]bool{}),
		IsEvenTempered:  a.tempered(g, true, map[parityKey]bool{}),
		IsOddTempered:   a.tempered(g, false, map[parityKey]bool{}),
	}
	if w, err := a.atomicWeightOf(g); err == nil {
		p.IsAtomic, p.AtomicWeight = true, &w
	} else {
		p.AtomicWeightNote = err.Error()
	}
	return p
}
