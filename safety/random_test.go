package safety

import (
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/life"
	"github.com/mathgo/mathgo/position"
)

// randomEndgame returns a small whole board (5x5 or 6x6) in a late
// endgame: walls grown from two to four seeds of each colour (every point
// takes the colour of its nearest seed), then eyes (points inside a
// colour's area) and dame or tile points (on the border between the
// colours) emptied, up to maxEmpty in all, and blocks left without
// liberties removed (rejected if that leaves too many empty points).
func randomEndgame(r *rand.Rand, maxEmpty int) *position.Position {
	for {
		size := 5 + r.IntN(2)
		b, _ := board.New(size, size)
		type seed struct {
			col, row int
			c        board.Color
		}
		var seeds []seed
		for i := range 2 + r.IntN(5) {
			c := board.Black
			if i%2 == 1 {
				c = board.White
			}
			seeds = append(seeds, seed{r.IntN(size), r.IntN(size), c})
		}
		for p := range b.Size() {
			col, row := b.Coords(board.Point(p))
			best, bd := 0, 1<<30
			for i, s := range seeds {
				d := abs(s.col-col) + abs(s.row-row)
				if d < bd || (d == bd && r.IntN(2) == 0) {
					best, bd = i, d
				}
			}
			b.Setup(board.Point(p), seeds[best].c)
		}
		var inside, border []board.Point
		for p0 := range b.Size() {
			p := board.Point(p0)
			edge := false
			for _, q := range b.Neighbors(p) {
				edge = edge || b.At(q) != b.At(p)
			}
			if edge {
				border = append(border, p)
			} else {
				inside = append(inside, p)
			}
		}
		eyes, dame := 2+r.IntN(5), 1+r.IntN(4)
		for range eyes {
			if len(inside) > 0 {
				b.Setup(inside[r.IntN(len(inside))], board.Empty)
			}
		}
		for range dame {
			b.Setup(border[r.IntN(len(border))], board.Empty)
		}
		for {
			removed := false
			for _, blk := range b.Blocks() {
				if b.Liberties(blk[0]) == 0 {
					for _, p := range blk {
						b.Setup(p, board.Empty)
					}
					removed = true
				}
			}
			if !removed {
				break
			}
		}
		n := 0
		for p := range b.Size() {
			if b.At(board.Point(p)) == board.Empty {
				n++
			}
		}
		if n <= maxEmpty && n >= 3 && len(b.Blocks()) >= 2 {
			return &position.Position{Board: b, Immortal: make([]bool, b.Size()), Name: "random"}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// territoryRegions numbers the connected sets of points that Territory
// gives colour c: the regions in which the certificates let c answer.
func territoryRegions(b *board.Board, terr []board.Color, c board.Color) []int {
	id := make([]int, b.Size())
	for i := range id {
		id[i] = -1
	}
	next := 0
	for p0 := range id {
		if terr[p0] != c || id[p0] >= 0 {
			continue
		}
		stack := []board.Point{board.Point(p0)}
		id[p0] = next
		for len(stack) > 0 {
			q := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, u := range b.Neighbors(q) {
				if terr[u] == c && id[u] < 0 {
					id[u] = next
					stack = append(stack, u)
				}
			}
		}
		next++
	}
	return id
}

// bruteEyeRegions computes, independently of the package, the eye regions
// of colour c for the immortal stones imm: per point, a region number
// (0, 1, ...) or -1: connected sets of points without immortal stones,
// next to immortal stones of colour c only, every point touching one.
func bruteEyeRegions(b *board.Board, imm []bool, c board.Color) []int {
	n := b.Size()
	id := make([]int, n)
	comp := make([]int, n)
	for i := range comp {
		comp[i] = -1
		id[i] = -1
	}
	next := 0
	for p0 := range n {
		if imm[p0] || comp[p0] >= 0 {
			continue
		}
		var pts []board.Point
		stack := []board.Point{board.Point(p0)}
		comp[p0] = next
		for len(stack) > 0 {
			q := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			pts = append(pts, q)
			for _, u := range b.Neighbors(q) {
				if !imm[u] && comp[u] < 0 {
					comp[u] = next
					stack = append(stack, u)
				}
			}
		}
		ok := true
		for _, q := range pts {
			touch := false
			for _, u := range b.Neighbors(q) {
				if imm[u] {
					if b.At(u) != c {
						ok = false
					}
					touch = true
				}
			}
			ok = ok && touch
		}
		if ok {
			for _, q := range pts {
				id[q] = next
			}
		}
		next++
	}
	return id
}

// brute is an exhaustive solver of the certification game for the
// settled blocks of one colour, written for this test only (it shares no
// code with the package or the life solver): an adversary plays stones
// of the other colour anywhere and of the defender's colour outside the
// defender's eye regions (next to a target, see touchesTarget), ignoring
// ko; after an attacker move inside an
// eye region the defender may answer in that region or not. The
// adversary wins by capturing a settled stone within depth moves of its
// own (the defender's answers are free), which keeps the game acyclic and
// every result exact for that depth.
type brute struct {
	b        *board.Board
	def, att board.Color
	eye      []int         // eye region of each point, -1 if none
	targets  []board.Point // one stone of each settled block of def
	memo     map[uint64]bound
	nodes    int
	limit    int
	// noAnswers: the defender never answers (the check of
	// SearchKoThreats: a wall it does not list needs no answer).
	noAnswers bool
}

// touchesTarget reports whether p is next to a stone of a target's
// block. The adversary's stones of the defender's colour are tried only
// there: a stone that ends up joined to a target can always be placed
// after the stones between them, and one that never joins a target only
// takes liberties from attacker stones or makes a mortal block.
func (s *brute) touchesTarget(p board.Point) bool {
	for _, q := range s.b.Neighbors(p) {
		if s.b.At(q) != s.def {
			continue
		}
		for _, t := range s.targets {
			if s.b.SameBlock(q, t) {
				return true
			}
		}
	}
	return false
}

func (s *brute) lost() bool {
	for _, t := range s.targets {
		if s.b.At(t) != s.def {
			return true
		}
	}
	return false
}

// bound is what is known of a state: the adversary wins with win moves
// left (or more), and does not with safe moves left (or fewer).
type bound struct{ win, safe int }

// key identifies a state: the stones and, for a defender to answer, the
// region it answers in (-2 for the adversary to move).
func (s *brute) key(region int) uint64 {
	return s.b.Hash() ^ (uint64(region+3) * 0x9e3779b97f4a7c15)
}

func (s *brute) store(k uint64, depth int, win bool) {
	bd, found := s.memo[k]
	if !found {
		bd = bound{win: 1 << 30, safe: -1}
	}
	if win {
		bd.win = min(bd.win, depth)
	} else {
		bd.safe = max(bd.safe, depth)
	}
	s.memo[k] = bd
}

// solve reports whether the adversary captures a target within depth
// moves; ok is false if the node budget ran out.
func (s *brute) solve(region, depth int) (win, ok bool) {
	if s.lost() {
		return true, true
	}
	if region == -2 && depth == 0 {
		return false, true
	}
	k := s.key(region)
	if bd, found := s.memo[k]; found {
		if depth >= bd.win {
			return true, true
		}
		if depth <= bd.safe {
			return false, true
		}
	}
	s.nodes++
	if s.nodes > s.limit {
		return false, false
	}
	if region == -2 {
		for p0 := range s.b.Size() {
			p := board.Point(p0)
			if s.b.At(p) != board.Empty {
				continue
			}
			for _, c := range []board.Color{s.att, s.def} {
				if c == s.def && (s.eye[p] >= 0 || !s.touchesTarget(p)) {
					continue
				}
				if _, err := s.b.Play(p, c); err != nil {
					continue
				}
				next := -2
				if c == s.att && s.eye[p] >= 0 && !s.noAnswers {
					next = s.eye[p]
				}
				w, ok := s.solve(next, depth-1)
				s.b.Undo()
				if !ok {
					return false, false
				}
				if w {
					s.store(k, depth, true)
					return true, true
				}
			}
		}
		s.store(k, depth, false)
		return false, true
	}
	// The defender answers in region, or not (depth counts only the
	// adversary's moves).
	candidates := []board.Point{board.Pass}
	for p0 := range s.b.Size() {
		if p := board.Point(p0); s.eye[p] == region && s.b.At(p) == board.Empty {
			candidates = append(candidates, p)
		}
	}
	for _, p := range candidates {
		if p != board.Pass {
			if _, err := s.b.Play(p, s.def); err != nil {
				continue
			}
		}
		w, ok := s.solve(-2, depth)
		if p != board.Pass {
			s.b.Undo()
		}
		if !ok {
			return false, false
		}
		if !w {
			s.store(k, depth, false)
			return false, true
		}
	}
	s.store(k, depth, true)
	return true, true
}

// TestRandomSoundness settles random late-endgame boards and checks every
// settled block with the brute force: the adversary of the certification
// game never captures one. It reports how many blocks each status got.
func TestRandomSoundness(t *testing.T) {
	positions, seed := campaign(300, 40, 20250612)
	r := rand.New(rand.NewPCG(seed, 7))
	counts := map[Status]int{}
	checked, skipped := [3]int{}, 0
	for i := range positions {
		pos := randomEndgame(r, 9)
		res, err := Settle(pos, Options{Workers: 1 + i%2})
		if err != nil {
			t.Fatal(err)
		}
		b := pos.Board
		for _, c := range res.Certificates {
			counts[c.Status]++
		}
		for _, def := range []board.Color{board.Black, board.White} {
			var targets []board.Point
			for _, c := range res.Certificates {
				if c.Color == def && c.Status.Settled() {
					targets = append(targets, c.Block)
				}
			}
			if len(targets) == 0 {
				continue
			}
			// The regions where def may answer: its eye regions (found
			// here independently) and the enclosed regions Settle claims
			// as its territory, which must include them.
			eye := territoryRegions(b, res.Territory, def)
			for p, id := range bruteEyeRegions(b, res.Immortal, def) {
				if id >= 0 && eye[p] < 0 {
					t.Errorf("position %d: %s is an eye region of %s but not its territory", i, b.Name(board.Point(p)), def)
				}
			}
			win, ok := bruteCaptures(b, def, eye, targets, false)
			switch {
			case !ok:
				skipped++
			case win:
				t.Errorf("position %d: the adversary captures a settled %s block:\n%s", i, def, b)
				for _, c := range res.Certificates {
					t.Logf("%s %s %s %s", b.Name(c.Block), c.Color, c.Status, c.Reason)
				}
			default:
				checked[def]++
			}
		}
	}
	t.Logf("%d positions: statuses %v; settled blocks checked by brute force for %d Black and %d White sets, %d sets over its budget",
		positions, counts, checked[board.Black], checked[board.White], skipped)
	if counts[StatusPassAlive] == 0 || counts[StatusAlive]+counts[StatusSafe] == 0 || counts[StatusMortal] == 0 {
		t.Errorf("the generator does not exercise every status: %v", counts)
	}
}

// TestBruteForceHasTeeth checks that the brute force of
// TestRandomSoundness can refute: blocks that the ordinary life
// certificate calls alive (the defender may answer anywhere) but that
// Settle leaves mortal are tried as if settled, and the brute force must
// capture some of them (blocks that live only by answering in tiles).
func TestBruteForceHasTeeth(t *testing.T) {
	// The fast tier (and -short) tries the first 40 positions, the long
	// tier (MATHGO_LONG=1) 150.
	positions := 150
	if testing.Short() || !testlong.Enabled() {
		positions = 40
	}
	r := rand.New(rand.NewPCG(20250613, 11))
	tried, refuted := 0, 0
	for range positions {
		pos := randomEndgame(r, 9)
		res, err := Settle(pos, Options{})
		if err != nil {
			t.Fatal(err)
		}
		b := pos.Board
		for _, c := range res.Certificates {
			if c.Status.Settled() {
				continue
			}
			lr := life.Certify(b, c.Block, life.Options{Immortal: res.Immortal, MaxNodes: 20_000})
			if lr.Status != life.StatusAlive {
				continue
			}
			imm := slices.Clone(res.Immortal)
			for _, p := range b.Block(c.Block) {
				imm[p] = true
			}
			empties := 0
			for p := range b.Size() {
				if b.At(board.Point(p)) == board.Empty {
					empties++
				}
			}
			bb := b.Clone()
			bb.SetKoRule(board.KoNone)
			s := &brute{b: bb, def: c.Color, att: c.Color.Opponent(), eye: bruteEyeRegions(b, imm, c.Color),
				targets: []board.Point{c.Block}, memo: map[uint64]bound{}, limit: 2_000_000}
			win, ok := s.solve(-2, min(empties+3, 10))
			if !ok {
				continue
			}
			tried++
			if win {
				refuted++
			}
		}
	}
	t.Logf("%d blocks alive by the ordinary certificate but not settled: the brute force captures %d", tried, refuted)
	if refuted == 0 {
		t.Errorf("the brute force refuted none of %d blocks", tried)
	}
}

// TestRandomThreatFree checks SearchKoThreats on random late-endgame
// boards with the brute force: when it lists no group of a colour (no
// wall of that colour ever has to answer in its territory, so no move
// there is a ko threat), every settled block of that colour survives the
// adversary with no answer at all. (A group is checked with its anchors,
// the settled blocks of its colour next to it, alive: one listed group is
// enough to refuse a ko score, so the check is by colour.) It also needs
// both kinds of verdict to occur.
func TestRandomThreatFree(t *testing.T) {
	positions, seed := campaign(300, 60, 20261124)
	r := rand.New(rand.NewPCG(seed, 3))
	free, sources, checked, skipped := 0, 0, 0, 0
	for i := range positions {
		pos := randomEndgame(r, 9)
		res, err := Settle(pos, Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		b := pos.Board
		listed := [3]bool{}
		for _, src := range res.SearchKoThreats(0) {
			sources++
			listed[src.Color] = true
		}
		for _, def := range []board.Color{board.Black, board.White} {
			if listed[def] {
				continue
			}
			var targets []board.Point
			for _, c := range res.Certificates {
				if c.Color != def || !c.Status.Settled() {
					continue
				}
				if c.Status != StatusPassAlive && c.Status != StatusDeclared {
					free++
				}
				targets = append(targets, c.Block)
			}
			if len(targets) == 0 {
				continue
			}
			win, ok := bruteCaptures(b, def, territoryRegions(b, res.Territory, def), targets, true)
			switch {
			case !ok:
				skipped++
			case win:
				t.Errorf("position %d: the adversary captures a %s wall that SearchKoThreats calls free of threats, with no answer:\n%s", i, def, b)
			default:
				checked++
			}
		}
	}
	t.Logf("%d positions: %d threat sources, %d settled blocks alive or safe but free of threats; %d sets checked with no answers, %d over the budget",
		positions, sources, free, checked, skipped)
	if sources == 0 || free == 0 {
		t.Errorf("the generator does not exercise both verdicts: %d sources, %d free", sources, free)
	}
}

// campaign returns the number of positions and the seed of a random
// test: its defaults (positions in the long tier, MATHGO_LONG=1; short
// in the fast tier and in -short mode), or MATHGO_SAFETY_N and
// MATHGO_SAFETY_SEED for a longer campaign (MATHGO_SAFETY_N=3000
// MATHGO_SAFETY_SEED=8).
func campaign(positions, short int, seed uint64) (int, uint64) {
	if testing.Short() || !testlong.Enabled() {
		positions = short
	}
	if v, err := strconv.Atoi(os.Getenv("MATHGO_SAFETY_N")); err == nil && v > 0 {
		positions = v
	}
	if v, err := strconv.ParseUint(os.Getenv("MATHGO_SAFETY_SEED"), 10, 64); err == nil {
		seed = v
	}
	return positions, seed
}

// bruteCaptures runs the brute force on a copy of b: whether the
// adversary captures a block of targets (def's) within the empty points
// plus three moves (at most ten), def answering in the regions eye (or
// never, with noAnswers); ok is false past its budget.
func bruteCaptures(b *board.Board, def board.Color, eye []int, targets []board.Point, noAnswers bool) (win, ok bool) {
	bb := b.Clone()
	bb.SetKoRule(board.KoNone)
	empties := 0
	for p := range b.Size() {
		if b.At(board.Point(p)) == board.Empty {
			empties++
		}
	}
	s := &brute{b: bb, def: def, att: def.Opponent(), eye: eye,
		targets: targets, memo: map[uint64]bound{}, limit: 2_000_000, noAnswers: noAnswers}
	return s.solve(-2, min(empties+3, 10))
}
