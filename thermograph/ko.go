package thermograph

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/mathgo/mathgo/cgt"
)

// Ko thermographs (Berlekamp's generalized thermography). See the package
// documentation, section "Ko thermographs", for the rules they follow.

// KoGame is the input of the ko thermographs: a finite game graph of Go
// positions whose moves name their points and mark the ko captures.
// Nodes[start] is the position the thermographs are of. A leaf holds a
// short game (its walls are cgt's); any other node has moves.
type KoGame struct {
	Nodes []KoNode
}

// KoNode is one position of a KoGame.
type KoNode struct {
	// Leaf marks a position whose game is short: Value is then its value
	// (comparable with the other positions', prisoners included).
	Leaf  bool
	Value cgt.Game
	// Moves are the moves of Black (Left, index 0) and White (Right,
	// index 1).
	Moves [2][]KoMove
}

// KoMove is a move of a KoGame.
type KoMove struct {
	To    int // the position it leads to
	Point int // the point played (a move is named by its point)
	// Ban is the point the opponent may not play at next under the simple
	// ko rule (the move was a ko capture), or -1.
	Ban int
}

// KoWall is a ko thermograph's wall: a continuous piecewise-linear function
// of the temperature t >= -1 with integer slopes and exact rational
// breakpoints (a ko's walls can break at 1/3). Segment i holds from its T
// to the next segment's T; the last one runs on. Walls are values: no
// function modifies one.
type KoWall []KoSegment

// KoSegment is one straight piece of a KoWall: from temperature T the
// value is V + Slope·(t - T). As a breakpoint it prints as (T, V).
type KoSegment struct {
	T, V  *big.Rat
	Slope int
}

// String prints the breakpoint as (T, V).
func (s KoSegment) String() string { return "(" + RatString(s.T) + ", " + RatString(s.V) + ")" }

// RatString prints a rational the way mathgo prints numbers: "1/3", "-2".
func RatString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	return r.RatString()
}

func rat(n int64) *big.Rat            { return new(big.Rat).SetInt64(n) }
func radd(a, b *big.Rat) *big.Rat     { return new(big.Rat).Add(a, b) }
func rsub(a, b *big.Rat) *big.Rat     { return new(big.Rat).Sub(a, b) }
func rmul(a *big.Rat, n int) *big.Rat { return new(big.Rat).Mul(a, rat(int64(n))) }

var ratMinusOne = rat(-1)

// at evaluates the segment's line at t.
func (s KoSegment) at(t *big.Rat) *big.Rat {
	if s.Slope == 0 {
		return s.V
	}
	return radd(s.V, rmul(rsub(t, s.T), s.Slope))
}

// index returns the segment holding t.
func (w KoWall) index(t *big.Rat) int {
	i := len(w) - 1
	for i > 0 && w[i].T.Cmp(t) > 0 {
		i--
	}
	return i
}

// At evaluates the wall at temperature t (t >= -1).
func (w KoWall) At(t *big.Rat) *big.Rat { return w[w.index(t)].at(t) }

// SlopeAbove returns the wall's slope just above t (value per unit of
// temperature: -2 is a left wall that falls two points per degree, the
// wall of a ko Black wins with two local moves, drawn with slope 1/2 in a
// picture whose temperature axis is vertical).
func (w KoWall) SlopeAbove(t *big.Rat) int { return w[w.index(t)].Slope }

// String lists the breakpoints.
func (w KoWall) String() string {
	parts := make([]string, len(w))
	for i, s := range w {
		parts[i] = s.String()
	}
	return strings.Join(parts, " ")
}

// Equal reports whether two walls are the same function.
func (w KoWall) Equal(v KoWall) bool {
	a, b := w.simplify(), v.simplify()
	return slices.EqualFunc(a, b, func(x, y KoSegment) bool {
		return x.T.Cmp(y.T) == 0 && x.V.Cmp(y.V) == 0 && x.Slope == y.Slope
	})
}

// KoWallOf converts a short game's wall to a KoWall.
func KoWallOf(tr cgt.Trajectory) KoWall {
	out := make(KoWall, len(tr))
	for i, s := range tr {
		out[i] = KoSegment{T: s.T.Rat(), V: s.V.Rat(), Slope: s.Slope}
	}
	return out
}

// constWall is the wall that is v everywhere.
func constWall(v *big.Rat) KoWall { return KoWall{{T: ratMinusOne, V: v}} }

// addT returns w + s·t.
func (w KoWall) addT(s int) KoWall {
	if s == 0 {
		return w
	}
	out := make(KoWall, len(w))
	for i, x := range w {
		out[i] = KoSegment{T: x.T, V: radd(x.V, rmul(x.T, s)), Slope: x.Slope + s}
	}
	return out
}

// simplify merges segments that continue one another.
func (w KoWall) simplify() KoWall {
	out := KoWall{w[0]}
	for _, s := range w[1:] {
		last := out[len(out)-1]
		if s.Slope == last.Slope && last.at(s.T).Cmp(s.V) == 0 {
			continue
		}
		if s.T.Cmp(last.T) == 0 {
			out[len(out)-1] = s
			continue
		}
		out = append(out, s)
	}
	return out
}

// combine returns the pointwise maximum (max) or minimum of a and b.
func combine(a, b KoWall, max bool) KoWall {
	// Breakpoints of either, then crossings inside the intervals.
	var ts []*big.Rat
	for _, s := range a {
		ts = append(ts, s.T)
	}
	for _, s := range b {
		ts = append(ts, s.T)
	}
	slices.SortFunc(ts, func(x, y *big.Rat) int { return x.Cmp(y) })
	ts = slices.CompactFunc(ts, func(x, y *big.Rat) bool { return x.Cmp(y) == 0 })
	var all []*big.Rat
	for i, t := range ts {
		all = append(all, t)
		sa, sb := a[a.index(t)], b[b.index(t)]
		if sa.Slope == sb.Slope {
			continue
		}
		// a - b = d + (sa - sb)(x - t) is zero at x = t - d/(sa - sb).
		d := rsub(sa.at(t), sb.at(t))
		x := rsub(t, new(big.Rat).Quo(d, rat(int64(sa.Slope-sb.Slope))))
		if x.Cmp(t) > 0 && (i+1 == len(ts) || x.Cmp(ts[i+1]) < 0) {
			all = append(all, x)
		}
	}
	out := make(KoWall, 0, len(all))
	for _, t := range all {
		sa, sb := a[a.index(t)], b[b.index(t)]
		va, vb := sa.at(t), sb.at(t)
		c := va.Cmp(vb)
		pickA := c > 0 || (c == 0 && sa.Slope >= sb.Slope)
		if !max {
			pickA = c < 0 || (c == 0 && sa.Slope <= sb.Slope)
		}
		if pickA {
			out = append(out, KoSegment{T: t, V: va, Slope: sa.Slope})
		} else {
			out = append(out, KoSegment{T: t, V: vb, Slope: sb.Slope})
		}
	}
	return out.simplify()
}

// mast finds where a left and a right wall meet: the least t >= -1 with
// l(t) <= r(t). It returns that temperature, the mast value and the walls
// cut there (constant from it on, and ending with the mast point). When
// the walls are already apart at t = -1 (l < r: both players' moves lose,
// as for a number), the value is the simplest number between the options
// the walls come from (l(-1) - 1 and r(-1) + 1), with temperature -1, as
// for short games.
func mast(l, r KoWall) (temp, mean *big.Rat, left, right KoWall, err error) {
	ts := []*big.Rat{}
	for _, s := range l {
		ts = append(ts, s.T)
	}
	for _, s := range r {
		ts = append(ts, s.T)
	}
	slices.SortFunc(ts, func(x, y *big.Rat) int { return x.Cmp(y) })
	ts = slices.CompactFunc(ts, func(x, y *big.Rat) bool { return x.Cmp(y) == 0 })
	l0, r0 := l.At(ratMinusOne), r.At(ratMinusOne)
	switch l0.Cmp(r0) {
	case 0:
		temp, mean = ratMinusOne, l0
	case -1:
		temp, mean = ratMinusOne, simplestBetween(rsub(l0, rat(1)), radd(r0, rat(1)))
	default:
		for i, t := range ts {
			sl, sr := l[l.index(t)], r[r.index(t)]
			d := rsub(sl.at(t), sr.at(t)) // > 0 here
			if d.Sign() <= 0 {
				temp, mean = t, sl.at(t)
				break
			}
			if sl.Slope >= sr.Slope {
				continue
			}
			x := radd(t, new(big.Rat).Quo(d, rat(int64(sr.Slope-sl.Slope))))
			if i+1 == len(ts) || x.Cmp(ts[i+1]) <= 0 {
				temp, mean = x, sl.at(x)
				break
			}
		}
		if temp == nil {
			return nil, nil, nil, nil, errors.New("the walls never meet (the left wall stays right of the right wall at every temperature)")
		}
	}
	return temp, mean, cut(l, temp, mean), cut(r, temp, mean), nil
}

// cut returns w up to temperature t, then constant at v, ending with the
// breakpoint (t, v).
func cut(w KoWall, t, v *big.Rat) KoWall {
	var out KoWall
	for _, s := range w {
		if s.T.Cmp(t) >= 0 {
			break
		}
		out = append(out, s)
	}
	out = append(out, KoSegment{T: t, V: v})
	return out.simplify()
}

// simplestBetween returns the simplest number strictly between a and b
// (a < b): the integer nearest 0 if there is one, else the dyadic of
// least denominator.
func simplestBetween(a, b *big.Rat) *big.Rat {
	// Integers strictly between.
	lo := floorRat(a)
	lo.Add(lo, big.NewInt(1)) // least integer > a
	hi := ceilRat(b)
	hi.Sub(hi, big.NewInt(1)) // greatest integer < b
	if lo.Cmp(hi) <= 0 {
		switch {
		case lo.Sign() >= 0:
			return new(big.Rat).SetInt(lo)
		case hi.Sign() <= 0:
			return new(big.Rat).SetInt(hi)
		}
		return rat(0)
	}
	// Dyadics of growing denominators.
	for k := uint(1); k < 1024; k++ {
		den := new(big.Int).Lsh(big.NewInt(1), k)
		num := new(big.Rat).Mul(a, new(big.Rat).SetInt(den))
		n := floorRat(num)
		n.Add(n, big.NewInt(1))
		x := new(big.Rat).SetFrac(n, den)
		if x.Cmp(b) < 0 {
			return x
		}
	}
	return new(big.Rat).Quo(radd(a, b), rat(2)) // unreachable for walls of sane size
}

func floorRat(r *big.Rat) *big.Int {
	q, m := new(big.Int).DivMod(r.Num(), r.Denom(), new(big.Int))
	_ = m
	return q // Euclidean division with a positive denominator is the floor
}

func ceilRat(r *big.Rat) *big.Int {
	f := floorRat(r)
	if !r.IsInt() {
		f.Add(f, big.NewInt(1))
	}
	return f
}

// KoThermograph is the generalized thermograph of a position with one
// player as komaster.
type KoThermograph struct {
	Komaster cgt.Player
	// Left and Right are the walls from t = -1 up to the mast point
	// (Temperature, Mean), their last breakpoint; the mast goes up from it.
	Left, Right       KoWall
	Mean, Temperature *big.Rat
}

// KoClass is Berlekamp's and Spight's classification of a ko by what the
// komaster's opponent can do with the ko (see the package documentation).
type KoClass string

// The classes.
const (
	Placid      KoClass = "placid"
	Active      KoClass = "active"
	Hyperactive KoClass = "hyperactive"
)

// KoAnalysis is what thermography says of a ko position: its thermograph
// with each komaster, and its class.
type KoAnalysis struct {
	Black, White KoThermograph
	Class        KoClass
	// Dependence says what depends on who is komaster: "none" (the two
	// thermographs are the same), "temperature" (the same mast, other
	// temperatures or walls) or "mast" (different mast values).
	Dependence string
}

// DefaultKoBudget bounds the states a ko thermograph computation visits.
const DefaultKoBudget = 2_000_000

// ErrKoBudget reports a ko thermograph computation past its budget.
var ErrKoBudget = cgt.NewBudgetError("thermograph: the ko thermograph needs more work than its budget allows")

// KoThermographs computes the thermographs of g's position start with
// Black and with White as komaster, and classifies the ko.
func KoThermographs(g *KoGame, start int) (*KoAnalysis, error) {
	var res KoAnalysis
	var excl [2]KoThermograph
	for _, km := range []cgt.Player{cgt.Left, cgt.Right} {
		th, err := KomasterThermograph(g, start, km, false)
		if err != nil {
			return nil, fmt.Errorf("with %s as komaster: %w", playerName(km), err)
		}
		ex, err := KomasterThermograph(g, start, km, true)
		if err != nil {
			return nil, fmt.Errorf("with %s as komaster and no ko captures for the other: %w", playerName(km), err)
		}
		if km == cgt.Left {
			res.Black, excl[0] = th, ex
		} else {
			res.White, excl[1] = th, ex
		}
	}
	same := func(a, b KoThermograph) bool {
		return a.Mean.Cmp(b.Mean) == 0 && a.Temperature.Cmp(b.Temperature) == 0 && a.Left.Equal(b.Left) && a.Right.Equal(b.Right)
	}
	switch {
	case same(res.Black, excl[0]) && same(res.White, excl[1]):
		res.Class = Placid
	case res.Black.Mean.Cmp(excl[0].Mean) == 0 && res.White.Mean.Cmp(excl[1].Mean) == 0:
		res.Class = Active
	default:
		res.Class = Hyperactive
	}
	switch {
	case same(res.Black, res.White):
		res.Dependence = "none"
	case res.Black.Mean.Cmp(res.White.Mean) == 0:
		res.Dependence = "temperature"
	default:
		res.Dependence = "mast"
	}
	return &res, nil
}

func playerName(p cgt.Player) string {
	if p == cgt.Right {
		return "White"
	}
	return "Black"
}

// KomasterThermograph computes the thermograph of g's position start with
// komaster as komaster. With noKoCaptures the komaster's opponent may
// make no ko capture at all (the comparison that classifies the ko).
func KomasterThermograph(g *KoGame, start int, komaster cgt.Player, noKoCaptures bool) (KoThermograph, error) {
	if start < 0 || start >= len(g.Nodes) {
		return KoThermograph{}, fmt.Errorf("thermograph: no position %d", start)
	}
	k := &koSolver{g: g, km: komaster, noKo: noKoCaptures, memo: map[koState]KoWall{}, clipped: map[int]*koPos{}, onStack: map[koState]int{}}
	p, _, err := k.position(start)
	if errors.Is(err, errKoCycle) {
		return KoThermograph{}, errors.New("every line of play repeats a position: the komaster cannot bring the ko to an end")
	}
	if err != nil {
		return KoThermograph{}, err
	}
	return KoThermograph{Komaster: komaster, Left: p.left, Right: p.right, Mean: p.mean, Temperature: p.temp}, nil
}

// NoKomaster is the komaster argument of KomasterThermograph for the
// neutral thermograph: neither player has ko threats, both obey the simple
// ko ban, and a banned player plays elsewhere (passes locally).
const NoKomaster cgt.Player = -1

// NeutralThermograph computes the thermograph of g's position start with
// no komaster (see NoKomaster): the classical "a ko is worth a third of
// its swing" view of a ko neither side can win by threats alone.
func NeutralThermograph(g *KoGame, start int) (KoThermograph, error) {
	return KomasterThermograph(g, start, NoKomaster, false)
}

// koState is a player to move at a position, with the point he may not
// play at (-1 for none).
type koState struct {
	node   int
	player cgt.Player
	ban    int
}

// koPos is the thermograph of a position with no ban.
type koPos struct {
	left, right KoWall
	mean, temp  *big.Rat
}

type koSolver struct {
	g       *KoGame
	km      cgt.Player
	noKo    bool
	memo    map[koState]KoWall
	clipped map[int]*koPos
	onStack map[koState]int
	depth   int
	work    int
}

// errKoCycle marks a line that repeats a state: the komaster's opponent
// cannot fight a ko, and the komaster has no reason to repeat, so the
// generalized thermograph does not follow such a line.
var errKoCycle = errors.New("cycle")

// position returns the (cut) thermograph of a position with no ban, and
// the lowest stack depth of a repeated state it met.
func (k *koSolver) position(v int) (*koPos, int, error) {
	const none = 1 << 30
	if p, ok := k.clipped[v]; ok {
		return p, none, nil
	}
	n := &k.g.Nodes[v]
	if n.Leaf {
		th := Of(n.Value)
		p := &koPos{left: KoWallOf(th.Left), right: KoWallOf(th.Right), mean: th.Mean.Rat(), temp: th.Temperature.Rat()}
		k.clipped[v] = p
		return p, none, nil
	}
	l, lowL, err := k.raw(koState{v, cgt.Left, -1})
	if err != nil {
		return nil, lowL, err
	}
	r, lowR, err := k.raw(koState{v, cgt.Right, -1})
	if err != nil {
		return nil, min(lowL, lowR), err
	}
	temp, mean, cl, cr, err := mast(l, r)
	if err != nil {
		return nil, 0, err
	}
	p := &koPos{left: cl, right: cr, mean: mean, temp: temp}
	low := min(lowL, lowR)
	if low > k.depth {
		k.clipped[v] = p
	}
	return p, low, nil
}

// wallOf returns the wall of player p to move at position v after a move
// whose ban is ban: the position's cut wall when there is no ban, the raw
// wall of the state otherwise.
func (k *koSolver) wallOf(v int, p cgt.Player, ban int) (KoWall, int, error) {
	if ban < 0 || k.g.Nodes[v].Leaf {
		pos, low, err := k.position(v)
		if err != nil {
			return nil, low, err
		}
		if p == cgt.Left {
			return pos.left, low, nil
		}
		return pos.right, low, nil
	}
	return k.raw(koState{v, p, ban})
}

// raw returns the wall of a state before the mast rule: the mover's best
// local line (moves taxed t, passes not), and the lowest stack depth of a
// repeated state it met (a result that met none above its own state is
// memoized: the graph-history problem of searches with repetitions).
func (k *koSolver) raw(s koState) (KoWall, int, error) {
	const none = 1 << 30
	if w, ok := k.memo[s]; ok {
		return w, none, nil
	}
	if d, ok := k.onStack[s]; ok {
		return nil, d, errKoCycle
	}
	k.work++
	if k.work > DefaultKoBudget {
		return nil, 0, ErrKoBudget
	}
	k.depth++
	depth := k.depth
	k.onStack[s] = depth
	defer func() {
		delete(k.onStack, s)
		k.depth--
	}()
	n := &k.g.Nodes[s.node]
	idx := 0
	if s.player == cgt.Right {
		idx = 1
	}
	opp := s.player.Opponent()
	isKM := s.player == k.km
	var best KoWall
	low := none
	consider := func(w KoWall, tax int) {
		w = w.addT(tax)
		switch {
		case best == nil:
			best = w
		case s.player == cgt.Left:
			best = combine(best, w, true)
		default:
			best = combine(best, w, false)
		}
	}
	tax := -1
	if s.player == cgt.Right {
		tax = 1
	}
	moved := false
	for _, m := range n.Moves[idx] {
		if !isKM && m.Point == s.ban {
			continue // the simple ko ban, which only the komaster may ignore
		}
		if !isKM && k.noKo && m.Ban >= 0 {
			continue
		}
		moved = true
		w, l, err := k.wallOf(m.To, opp, m.Ban)
		low = min(low, l)
		if errors.Is(err, errKoCycle) {
			continue
		}
		if err != nil {
			return nil, 0, err
		}
		consider(w, tax)
	}
	// A banned player (not the komaster) may play elsewhere; a player with
	// no move passes. The other player then moves here, untaxed.
	if (!isKM && s.ban >= 0) || !moved {
		w, l, err := k.raw(koState{s.node, opp, -1})
		low = min(low, l)
		switch {
		case errors.Is(err, errKoCycle):
		case err != nil:
			return nil, 0, err
		default:
			consider(w, 0)
		}
	}
	if best == nil {
		return nil, low, errKoCycle
	}
	if low >= depth {
		k.memo[s] = best
	}
	return best, low, nil
}
