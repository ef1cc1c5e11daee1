package cgt

// FormatLimit prints g as Format does, unless its printed form would be
// longer than about limit characters: then it returns "" and false
// without building the string. The canonical form of a big sum can be a
// small graph whose printed tree is astronomically long (every shared
// option is printed again where it occurs). limit <= 0 means no limit.
func (g Game) FormatLimit(unicode bool, limit int) (string, bool) {
	defer lock()()
	if limit > 0 && ar.printSize(g, limit, map[Game]int{}) > limit {
		return "", false
	}
	return ar.format(g, unicode), true
}

// printSize estimates the printed length of g from above (braces, commas
// and bars counted generously), saturating just past limit.
func (a *arena) printSize(g Game, limit int, memo map[Game]int) int {
	if n, ok := memo[g]; ok {
		return n
	}
	n := 0
	if i := a.nusOf(g); i.ok {
		n = len(i.x.String()) + 8
	} else {
		n = 4
		for _, side := range [2][]Game{a.leftOpts(g), a.rightOpts(g)} {
			for _, o := range side {
				n += a.printSize(o, limit, memo) + 3
				if n > limit {
					n = limit + 1
					break
				}
			}
		}
	}
	memo[g] = n
	return n
}
