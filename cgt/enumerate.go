package cgt

// EnumerateDays returns, for each day 0..n, every game born by that day
// (each value once). Day k+1 is built from pairs of antichains of the games
// born by day k, which suffices because dominated options never matter.
func EnumerateDays(n int) [][]Game {
	defer lock()()
	days := [][]Game{{Zero}}
	for d := 1; d <= n; d++ {
		chains := ar.antichains(days[d-1])
		seen := make(map[Game]bool)
		var next []Game
		for _, l := range chains {
			for _, r := range chains {
				g := ar.construct(l, r)
				if !seen[g] {
					seen[g] = true
					next = append(next, g)
				}
			}
		}
		days = append(days, next)
	}
	return days
}

// antichains lists every set of pairwise incomparable games from gs.
func (a *arena) antichains(gs []Game) [][]Game {
	var out [][]Game
	var cur []Game
	var rec func(i int)
	rec = func(i int) {
		if i == len(gs) {
			out = append(out, append([]Game(nil), cur...))
			return
		}
		rec(i + 1)
		for _, c := range cur {
			if a.leq(c, gs[i]) || a.leq(gs[i], c) {
				return
			}
		}
		cur = append(cur, gs[i])
		rec(i + 1)
		cur = cur[:len(cur)-1]
	}
	rec(0)
	return out
}
