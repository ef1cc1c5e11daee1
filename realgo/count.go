package realgo

import "github.com/mathgo/mathgo/board"

// areaScore returns the area (Chinese) count of the position in g, Black
// minus White: stones plus empty points whose region reaches stones of one
// colour only, after the stones lying in the other colour's pass-alive
// territory are removed (see doc.go).
func (g *grid) areaScore(pa *paInfo) int {
	eff := g.effective(func(p int) bool {
		c := g.color[p]
		return c != board.Empty && pa.terr[p] == c.Opponent()
	})
	score := 0
	for p := 0; p < g.n; p++ {
		switch eff[p] {
		case board.Black:
			score++
		case board.White:
			score--
		}
	}
	owner := g.regionOwners(eff)
	for p := 0; p < g.n; p++ {
		if eff[p] == board.Empty {
			switch owner[g.id[p]] {
			case board.Black:
				score++
			case board.White:
				score--
			}
		}
	}
	return score
}

// effective returns the colours of g with the stones for which removed
// says true taken off. The slice is scratch (valid until the next call).
func (g *grid) effective(removed func(p int) bool) []board.Color {
	eff := g.effScratch()
	for p := 0; p < g.n; p++ {
		c := g.color[p]
		if c != board.Empty && removed(p) {
			c = board.Empty
		}
		eff[p] = c
	}
	return eff
}

func (g *grid) effScratch() []board.Color {
	if cap(g.stackColors) < g.n {
		g.stackColors = make([]board.Color, g.n)
	}
	return g.stackColors[:g.n]
}

// regionOwners labels the empty regions of eff in g.id (ids from 0) and
// returns per region the colour of the stones it borders: Black, White, or
// Empty when it borders both or none. Points that are stones get id -1.
func (g *grid) regionOwners(eff []board.Color) []board.Color {
	for p := range g.id {
		g.id[p] = -1
	}
	var owners []board.Color
	for p0 := 0; p0 < g.n; p0++ {
		if eff[p0] != board.Empty || g.id[p0] >= 0 {
			continue
		}
		id := int32(len(owners))
		g.flood(board.Point(p0), id, func(q board.Point) bool { return eff[q] == board.Empty })
		owners = append(owners, board.Empty)
	}
	seen := make([]uint8, len(owners)) // bit 1 black, bit 2 white
	for p := 0; p < g.n; p++ {
		if eff[p] != board.Empty {
			continue
		}
		r := g.id[p]
		for _, q := range g.nbrs[p] {
			switch eff[q] {
			case board.Black:
				seen[r] |= 1
			case board.White:
				seen[r] |= 2
			}
		}
	}
	for r, s := range seen {
		switch s {
		case 1:
			owners[r] = board.Black
		case 2:
			owners[r] = board.White
		}
	}
	return owners
}

// japaneseCount returns the territory count of the position in g, Black
// minus White, without the prisoners taken before: dead stones (dead[p]
// true) are removed and count as prisoners for the other side; an empty
// point (or a dead stone's point) whose region borders living stones of
// one colour only is an eye point of that colour; the other empty points
// are dame. A living block that is not pass-alive and touches a dame point
// is in seki, and an eye region that a block in seki borders is not
// territory (Japanese 1989 rules, articles 7 and 8; see doc.go).
func (g *grid) japaneseCount(dead []bool, pa *paInfo) int {
	score := 0
	for p := 0; p < g.n; p++ {
		if dead[p] {
			switch g.color[p] {
			case board.Black:
				score--
			case board.White:
				score++
			}
		}
	}
	eff := g.effective(func(p int) bool { return dead[p] })
	owner := g.regionOwners(eff)
	regionOf := append(g.regionScratch[:0], g.id...)
	g.regionScratch = regionOf
	// Seki: living blocks, not pass-alive, touching a dame point. Mark the
	// regions such blocks border as not territory.
	noTerr := make([]bool, len(owner))
	for p0 := 0; p0 < g.n; p0++ {
		c := eff[p0]
		if c == board.Empty || pa.alive[p0] {
			continue
		}
		// p0 is a stone of a living, not pass-alive block. Does it touch a
		// dame point?
		for _, q := range g.nbrs[p0] {
			if eff[q] == board.Empty && owner[regionOf[q]] == board.Empty {
				g.markSekiBlock(board.Point(p0), eff, regionOf, noTerr)
				break
			}
		}
	}
	for p := 0; p < g.n; p++ {
		if eff[p] != board.Empty {
			continue
		}
		r := regionOf[p]
		if noTerr[r] {
			continue
		}
		switch owner[r] {
		case board.Black:
			score++
		case board.White:
			score--
		}
	}
	return score
}

// markSekiBlock marks as not territory every empty region bordering the
// block of eff containing p.
func (g *grid) markSekiBlock(p board.Point, eff []board.Color, regionOf []int32, noTerr []bool) {
	c := eff[p]
	gen := g.nextMark()
	g.mark[p] = gen
	stack := []board.Point{p}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, q := range g.nbrs[s] {
			switch {
			case eff[q] == c && g.mark[q] != gen:
				g.mark[q] = gen
				stack = append(stack, q)
			case eff[q] == board.Empty:
				noTerr[regionOf[q]] = true
			}
		}
	}
}
