package library

import (
	"fmt"
	"slices"
	"strings"
)

// Rappaport's names (thesis, chapter 7, Figures 7.2 and 7.3). He counts
// tiles up to every symmetry of the board and of colour, ignores settled
// territory, and ignores whatever does not change the game: which of a
// point's wall stones are Black or White beyond its class (B, W, S, E),
// whether a three-point area is straight or bent (both are a path of
// three points), and where on the board the area lies. So a name belongs
// to a game key (gameKey: the labelled graph of the area up to
// isomorphism and colour swap), and every tile of the library with that
// game shares it.
//
//   - T1: the one-point area between both colours (class S). The other
//     one-point areas are settled territory.
//   - T2.1..T2.5: the two-point areas. Their configurations up to
//     reversal and colour swap are BS, BW and SS (BB is territory), and
//     mortal stones add one tile each to BS and BW: a White stone on the
//     B point (a Black stone on a W point is the same tile swapped; a
//     stone on S would join a wall). Figure 7.2's drawings are not in the
//     text we have; its layout (T2.1, T2.3, T2.5 above T2.2, T2.4)
//     suggests configurations in columns with the stone variant below, so
//     mathgo numbers T2.1 = BS, T2.2 = BS with the stone, T2.3 = BW, T2.4
//     = BW with the stone, T2.5 = SS.
//   - T3.n.x: n is Figure 7.3's configuration number, the classes along
//     the path read from either end and up to colour swap (1 = BBS, 2 =
//     BBW, 3 = BSB, 4 = BSS, 5 = BWB, 6 = BWS, 7 = SBS, 8 = BSW, 9 = SSS,
//     10 = BES, 11 = SES; E occurs only in the middle of a bent three in
//     a corner); x numbers the placements of mortal stones, 1 for none,
//     then by number of stones and game key.
var t3Configs = []string{"BBS", "BBW", "BSB", "BSS", "BWB", "BWS", "SBS", "BSW", "SSS", "BES", "SES"}

// t2Configs are the T2 names' configurations and stone placements, as
// symbols along the pair (see the list above).
var t2Configs = []string{"BS", "Sb", "BW", "Bw", "SS"}

// nameRappaport gives the tiles of up to three points Rappaport's names.
func nameRappaport(all []*Entry) {
	t3 := map[int][]string{} // configuration number -> game keys
	t3Of := map[string]int{}
	for _, e := range all {
		if e.Settled || e.Area > 3 {
			continue
		}
		syms := pathSymbols(e.Instance)
		switch e.Area {
		case 1:
			e.Name = "T1"
		case 2:
			for i, c := range t2Configs {
				if matchPath(syms, c, false) {
					e.Name = fmt.Sprintf("T2.%d", i+1)
				}
			}
		case 3:
			n := configNumber(syms)
			if n == 0 {
				continue
			}
			if _, ok := t3Of[e.Game]; !ok {
				t3Of[e.Game] = n
				t3[n] = append(t3[n], e.Game)
			}
		}
	}
	index := map[string]int{}
	for _, games := range t3 {
		slices.SortFunc(games, func(a, b string) int {
			if na, nb := keyStones(a), keyStones(b); na != nb {
				return na - nb
			}
			return strings.Compare(a, b)
		})
		for i, g := range games {
			index[g] = i + 1
		}
	}
	for _, e := range all {
		if n, ok := t3Of[e.Game]; ok && e.Area == 3 && !e.Settled {
			e.Name = fmt.Sprintf("T3.%d.%d", n, index[e.Game])
		}
	}
}

// keyStones counts the mortal stones in a game key's labels.
func keyStones(game string) int {
	parts := strings.SplitN(game, ":", 3)
	if len(parts) < 2 {
		return 0
	}
	return stones([]byte(parts[1]))
}

// pathSymbols returns the symbols of an area of one to three points that
// is a path, in path order (from one end).
func pathSymbols(in *Instance) string {
	cs := in.cells
	if len(cs) < 3 {
		var sb strings.Builder
		for _, c := range cs {
			sb.WriteByte(c.sym)
		}
		return sb.String()
	}
	// The middle point is the one adjacent to both others.
	adj := func(a, b xy) bool { return abs(a.x-b.x)+abs(a.y-b.y) == 1 }
	for m := range cs {
		var ends []cell
		for j := range cs {
			if j != m && adj(cs[m].p, cs[j].p) {
				ends = append(ends, cs[j])
			}
		}
		if len(ends) == 2 {
			return string([]byte{ends[0].sym, cs[m].sym, ends[1].sym})
		}
	}
	return ""
}

// matchPath reports whether symbols s read along a path equal pattern c
// read from either end, with the colours swapped or not (classOnly:
// compare classes, ignoring stones).
func matchPath(s, c string, classOnly bool) bool {
	if len(s) != len(c) {
		return false
	}
	norm := func(x string, swap, rev bool) string {
		b := []byte(x)
		for i := range b {
			if swap {
				b[i] = swapSymbol(b[i])
			}
			if classOnly {
				b[i] = classOf(b[i]).String()[0]
			}
		}
		if rev {
			slices.Reverse(b)
		}
		return string(b)
	}
	for _, swap := range []bool{false, true} {
		for _, rev := range []bool{false, true} {
			if norm(s, swap, rev) == norm(c, false, false) {
				return true
			}
		}
	}
	return false
}

// configNumber returns Figure 7.3's configuration number of the symbols
// along a three-point path (0 if none: settled territory).
func configNumber(syms string) int {
	for i, c := range t3Configs {
		if matchPath(syms, c, true) {
			return i + 1
		}
	}
	return 0
}
