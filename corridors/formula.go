package corridors

import (
	"fmt"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
)

// The corridor families (Corridor.Type and the --type of mathgo corridor).
const (
	TypeBlocked   = "blocked"   // one entrance: the mouth touches the invader's wall
	TypeUnblocked = "unblocked" // two entrances: both ends touch the invader's wall
	TypeGote      = "gote"      // blocked, with a dead invader stone at the closed end
)

// Types lists the families in the order the documentation gives them.
var Types = []string{TypeBlocked, TypeUnblocked, TypeGote}

// MinLength returns the shortest length for which a family's formula
// holds: 1 for blocked corridors, 2 for unblocked ones (the formula
// n-4+2^-(n-3) fails at n = 1, where the single point is a dame) and 2
// for the gote family (the length counts the dead stone, and a corridor
// has at least one empty point). It returns 0 for an unknown family.
func MinLength(typ string) int {
	switch typ {
	case TypeBlocked:
		return 1
	case TypeUnblocked, TypeGote:
		return 2
	}
	return 0
}

// MaxLength bounds the lengths the formulas are evaluated for: corridors
// longer than a 25x25 board can hold do not occur, and the dyadic
// fractions stay small.
const MaxLength = 625

// Values returns the count (unchilled, territory-scoring) and chilled
// values of a family's corridor of length n owned by owner (Black's are
// positive, White's the negatives). It is an error if the family is
// unknown or n is outside [MinLength(typ), MaxLength].
func Values(typ string, n int, owner board.Color) (count, chilled cgt.Game, err error) {
	if err := checkLength(typ, n); err != nil {
		return cgt.Zero, cgt.Zero, err
	}
	if owner != board.Black && owner != board.White {
		return cgt.Zero, cgt.Zero, fmt.Errorf("corridor owner must be black or white, not %v", owner)
	}
	switch typ {
	case TypeBlocked:
		count, chilled = Blocked(n)
	case TypeUnblocked:
		count, chilled = Unblocked(n)
	default:
		count, chilled = Gote(n)
	}
	if owner == board.White {
		count, chilled = count.Neg(), chilled.Neg()
	}
	return count, chilled, nil
}

func checkLength(typ string, n int) error {
	min := MinLength(typ)
	if min == 0 {
		return fmt.Errorf("unknown corridor type %q (want blocked, unblocked or gote)", typ)
	}
	if n < min {
		return fmt.Errorf("%s %s corridor has length at least %d, not %d", article(typ), typ, min, n)
	}
	if n > MaxLength {
		return fmt.Errorf("corridor length %d is longer than any board allows (at most %d)", n, MaxLength)
	}
	return nil
}

func article(w string) string {
	if strings.ContainsRune("aeiou", rune(w[0])) {
		return "an"
	}
	return "a"
}

// mixed writes a game for people: a number as integer plus fraction
// ("11 + 21/32", "-3 - 1/16"), anything else as CGSuite prints it.
func mixed(g cgt.Game) string {
	d, ok := g.Number()
	if !ok || d.IsInteger() {
		return g.String()
	}
	i := d.Floor()
	if d.Sign() < 0 {
		i = d.Ceil()
	}
	f := d.Sub(i)
	switch {
	case i.Sign() == 0:
		return f.String()
	case f.Sign() < 0:
		return i.String() + " - " + f.Neg().String()
	}
	return i.String() + " + " + f.String()
}

// Blocked returns the values of Black's blocked corridor of length n >= 1
// (n empty points in a row, Black's walls on both long sides and at the
// closed end, the mouth touching White's wall):
//
//	chilled  n - 2 + 2^-(n-1)                       (Wolfe)
//	count    {n-1 | count(n-1)},  count(1) = *      = {n-1 || n-2 | ... ||| 1 | *}
//
// The count is warm(chilled), plus * when n is odd (Berlekamp's BIG
// theorem with the parity of the number of empty points). The count is
// built from the bottom, one two-option game per point (O(1) work each:
// the options are canonical and none reverses), and the chilled value is
// a number: time linear in n. It panics if n is out of range; Values
// checks.
func Blocked(n int) (count, chilled cgt.Game) {
	mustLength(TypeBlocked, n)
	count = cgt.Star(1)
	for k := 2; k <= n; k++ {
		count = cgt.New([]cgt.Game{cgt.Int(int64(k - 1))}, []cgt.Game{count})
	}
	return count, numberPlusPow(int64(n-2), n-1)
}

// Unblocked returns the values of Black's unblocked corridor of length
// n >= 2 (both ends touch White's walls):
//
//	chilled  n - 4 + 2^-(n-3)                       (Wolfe)
//	count    {count_blocked(n-1) | count(n-1)},     which equals the blocked
//	         corridor of length n-2 (and 0 for n = 2)
//
// An unblocked corridor is worth exactly a blocked corridor two points
// shorter, as a count and chilled; the count is warm(chilled), plus * when
// n is odd. It panics if n is out of range; Values checks.
func Unblocked(n int) (count, chilled cgt.Game) {
	mustLength(TypeUnblocked, n)
	if n == 2 {
		return cgt.Zero, cgt.Zero
	}
	count, _ = Blocked(n - 2)
	return count, numberPlusPow(int64(n-4), n-3)
}

// Gote returns the values of Black's corridor of length n >= 2 leading to
// a one-point gote: a blocked corridor whose closed end holds a White
// stone in atari (n counts that stone, so n-1 points are empty):
//
//	chilled  n - 1 + (n-2)·^, plus * when n is even  (Wolfe)
//	count    {n | count(n-1)},  count(2) = {2|0}    = {n || n-1 | ... ||| 2 | 0}
//
// {2|0} = 1±1 is the one-point gote itself: Black captures the stone, or
// White connects it. The count is warm(chilled), plus * when n is even
// (an odd number of empty points). Both are built in time linear in n: the
// count one two-option game per point, the chilled value by cgt's closed
// form for number + ups + star. It panics if n is out of range; Values
// checks.
func Gote(n int) (count, chilled cgt.Game) {
	mustLength(TypeGote, n)
	count = cgt.New([]cgt.Game{cgt.Int(2)}, []cgt.Game{cgt.Zero})
	for k := 3; k <= n; k++ {
		count = cgt.New([]cgt.Game{cgt.Int(int64(k))}, []cgt.Game{count})
	}
	nim := 0
	if n%2 == 0 {
		nim = 1
	}
	return count, cgt.Nus(cgt.DyadicInt(int64(n-1)), n-2, nim)
}

// Area returns the area-scoring value (every stone placed counts a point,
// as in Chinese scoring of the playing area) of Black's corridor of a
// family and length n; White's is the negative. It is the count heated by
// 1 (and chills back to the count); recursively
//
//	blocked    {n | area(n-1) - 1},   area(1) = ±1
//	unblocked  the blocked area of length n-2 (0 for n = 2)
//	gote       {n+1 | area(n-1) - 1}, area(2) = {3|-1}
//
// It is built bottom-up without translating whole games: with
// B_k = area(k) - (n-k), B_k = {k - (n-k) + e | B_(k-1)} (e = 1 for the
// gote family), so area(n) = B_n takes n constructions of two options
// each, O(1) work apiece (every option is canonical and none reverses),
// instead of the O(n²) games the recursion's translations would make.
// It panics if the family or length is out of range.
func Area(typ string, n int) cgt.Game {
	mustLength(typ, n)
	switch typ {
	case TypeUnblocked:
		if n == 2 {
			return cgt.Zero
		}
		return Area(TypeBlocked, n-2)
	case TypeGote:
		// B_2 = area(2) - (n-2) = {5-n | 1-n}; B_k = {2k+1-n | B_(k-1)}.
		g := cgt.New([]cgt.Game{cgt.Int(int64(5 - n))}, []cgt.Game{cgt.Int(int64(1 - n))})
		for k := 3; k <= n; k++ {
			g = cgt.New([]cgt.Game{cgt.Int(int64(2*k + 1 - n))}, []cgt.Game{g})
		}
		return g
	}
	// B_1 = area(1) - (n-1) = {2-n | -n}; B_k = {2k-n | B_(k-1)}.
	g := cgt.New([]cgt.Game{cgt.Int(int64(2 - n))}, []cgt.Game{cgt.Int(int64(-n))})
	for k := 2; k <= n; k++ {
		g = cgt.New([]cgt.Game{cgt.Int(int64(2*k - n))}, []cgt.Game{g})
	}
	return g
}

func mustLength(typ string, n int) {
	if err := checkLength(typ, n); err != nil {
		panic("corridors: " + err.Error()) // unreachable from user input: the CLI checks lengths with Values first
	}
}

// numberPlusPow returns the number a + 2^-k (k >= -1).
func numberPlusPow(a int64, k int) cgt.Game {
	if k < 0 {
		return cgt.Int(a + 1<<(-k))
	}
	return cgt.Number(cgt.DyadicInt(a).Add(cgt.NewDyadic(1, uint(k))))
}

// Formula returns the family's chilled formula in Wolfe's words and, for
// length n, its value for Black, as in "n-2+2^-(n-1) = 3 + 1/16".
func Formula(typ string, n int) string {
	if checkLength(typ, n) != nil {
		return ""
	}
	var f string
	switch typ {
	case TypeBlocked:
		f = "n-2+2^-(n-1)"
	case TypeUnblocked:
		f = "n-4+2^-(n-3)"
	default:
		f = "n-1+(n-2)·^"
		if n%2 == 0 {
			f += "+*"
		}
	}
	return f + " = " + spelled(typ, n)
}

// spelled writes the chilled value of Black's corridor as a sum of its
// integer, fraction and infinitesimal parts: "3 + 1/16", "2 + ^", "3 + ^^ + *".
func spelled(typ string, n int) string {
	switch typ {
	case TypeBlocked:
		return intPlusFrac(n-2, n-1)
	case TypeUnblocked:
		return intPlusFrac(n-4, n-3)
	}
	s := fmt.Sprint(n - 1)
	switch u := n - 2; {
	case u == 1:
		s += " + ^"
	case u == 2:
		s += " + ^^"
	case u > 2:
		s += fmt.Sprintf(" + ^%d", u)
	}
	if n%2 == 0 {
		s += " + *"
	}
	return s
}

// intPlusFrac writes a + 2^-k, like "3 + 1/16", "1" or "0"; for k <= 0
// the sum is an integer.
func intPlusFrac(a, k int) string {
	if k <= 0 {
		return fmt.Sprint(a + 1<<(-k))
	}
	frac := cgt.NewDyadic(1, uint(k)).String()
	if a == 0 {
		return frac
	}
	return fmt.Sprintf("%d + %s", a, frac)
}
