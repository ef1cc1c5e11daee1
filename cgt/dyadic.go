package cgt

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strings"
)

// Dyadic is an exact dyadic rational n/2^k. The zero value is 0.
//
// Small values use an int64 numerator; values that do not fit switch to
// math/big transparently. A Dyadic is immutable and safe to copy.
type Dyadic struct {
	num int64    // numerator when big == nil
	big *big.Int // numerator when it does not fit in int64 (never shared, never mutated)
	exp uint32   // denominator is 2^exp; num is odd whenever exp > 0
}

// ErrNotDyadic reports a fraction whose reduced denominator is not a power of two.
var ErrNotDyadic = errors.New("not a dyadic rational (the denominator must be a power of two)")

// DyadicInt returns the integer n as a Dyadic.
func DyadicInt(n int64) Dyadic { return Dyadic{num: n} }

// NewDyadic returns n/2^k, reduced. It panics if k >= 2^32 (such a
// denominator has more bits than memory holds).
func NewDyadic(n int64, k uint) Dyadic {
	return normSmall(n, expOf(int64(min(k, 1<<33))))
}

// maxExp is the largest exponent of a denominator: exp is a uint32.
const maxExp = 1<<32 - 1

// expOf returns e as an exponent, or panics when it does not fit: a
// denominator of 2^(2^32) has half a gigabyte of bits, so no input and no
// computation on inputs reaches it.
func expOf(e int64) uint32 {
	if e < 0 || e > maxExp {
		panic(fmt.Sprintf("cgt: dyadic denominator 2^%d out of range", e)) // unreachable: see above
	}
	return uint32(e)
}

// DyadicFromBig returns num/den reduced, or ErrNotDyadic when the reduced
// denominator is not a power of two. den must be non-zero.
func DyadicFromBig(num, den *big.Int) (Dyadic, error) {
	if den.Sign() == 0 {
		return Dyadic{}, errors.New("division by zero")
	}
	n := new(big.Int).Set(num)
	d := new(big.Int).Set(den)
	if d.Sign() < 0 {
		n.Neg(n)
		d.Neg(d)
	}
	g := new(big.Int).GCD(nil, nil, new(big.Int).Abs(n), d)
	if g.Sign() != 0 {
		n.Quo(n, g)
		d.Quo(d, g)
	}
	if n.Sign() == 0 {
		return Dyadic{}, nil
	}
	// d must be a power of two.
	k := d.BitLen() - 1
	if new(big.Int).Lsh(big.NewInt(1), uint(k)).Cmp(d) != 0 {
		return Dyadic{}, ErrNotDyadic
	}
	return normBig(n, expOf(int64(k))), nil
}

func normSmall(n int64, e uint32) Dyadic {
	if n == 0 {
		return Dyadic{}
	}
	if e > 0 {
		tz := uint32(bits.TrailingZeros64(uint64(n)))
		if tz > e {
			tz = e
		}
		n >>= tz
		e -= tz
	}
	return Dyadic{num: n, exp: e}
}

// normBig reduces n/2^e and returns the small form when it fits. n is owned.
func normBig(n *big.Int, e uint32) Dyadic {
	if n.Sign() == 0 {
		return Dyadic{}
	}
	if e > 0 {
		tz := uint32(n.TrailingZeroBits())
		if tz > e {
			tz = e
		}
		if tz > 0 {
			n.Rsh(n, uint(tz)) // exact: the low bits are zero (also for negatives in two's-complement semantics of big.Int.Rsh on multiples)
			e -= tz
		}
	}
	if n.IsInt64() {
		return Dyadic{num: n.Int64(), exp: e}
	}
	return Dyadic{big: n, exp: e}
}

func (d Dyadic) bigNum() *big.Int {
	if d.big != nil {
		return new(big.Int).Set(d.big)
	}
	return big.NewInt(d.num)
}

// Exp returns k where the reduced denominator is 2^k.
func (d Dyadic) Exp() uint { return uint(d.exp) }

// IsInteger reports whether d is an integer.
func (d Dyadic) IsInteger() bool { return d.exp == 0 }

// Sign returns -1, 0 or +1.
func (d Dyadic) Sign() int {
	if d.big != nil {
		return d.big.Sign()
	}
	switch {
	case d.num < 0:
		return -1
	case d.num > 0:
		return 1
	}
	return 0
}

// Int64 returns the value as an int64 when it is an integer that fits.
func (d Dyadic) Int64() (int64, bool) {
	if d.big != nil || d.exp != 0 {
		return 0, false
	}
	return d.num, true
}

// Neg returns -d.
func (d Dyadic) Neg() Dyadic {
	if d.big == nil && d.num != math.MinInt64 {
		return Dyadic{num: -d.num, exp: d.exp}
	}
	return normBig(new(big.Int).Neg(d.bigNum()), d.exp)
}

// align returns both numerators over the common exponent, in int64 when
// that is exact.
func align(a, b Dyadic) (x, y int64, e uint32, ok bool) {
	if a.big != nil || b.big != nil {
		return 0, 0, 0, false
	}
	x, y = a.num, b.num
	e = a.exp
	if b.exp > e {
		e = b.exp
	}
	sa, sb := e-a.exp, e-b.exp
	if sa >= 62 || sb >= 62 {
		return 0, 0, 0, false
	}
	if sa > 0 {
		if x > math.MaxInt64>>sa || x < math.MinInt64>>sa {
			return 0, 0, 0, false
		}
		x <<= sa
	}
	if sb > 0 {
		if y > math.MaxInt64>>sb || y < math.MinInt64>>sb {
			return 0, 0, 0, false
		}
		y <<= sb
	}
	return x, y, e, true
}

func alignBig(a, b Dyadic) (x, y *big.Int, e uint32) {
	e = a.exp
	if b.exp > e {
		e = b.exp
	}
	x = a.bigNum()
	x.Lsh(x, uint(e-a.exp))
	y = b.bigNum()
	y.Lsh(y, uint(e-b.exp))
	return x, y, e
}

// Add returns d+o.
func (d Dyadic) Add(o Dyadic) Dyadic {
	if x, y, e, ok := align(d, o); ok {
		s := x + y
		if (s > x) == (y > 0) || y == 0 {
			return normSmall(s, e)
		}
	}
	x, y, e := alignBig(d, o)
	return normBig(x.Add(x, y), e)
}

// Sub returns d-o.
func (d Dyadic) Sub(o Dyadic) Dyadic { return d.Add(o.Neg()) }

// Half returns d/2.
func (d Dyadic) Half() Dyadic { return d.Shift(-1) }

// Shift returns d·2^k (k may be negative).
func (d Dyadic) Shift(k int) Dyadic {
	if d.Sign() == 0 {
		return d
	}
	if k < 0 {
		return d.withExp(int64(d.exp) - max(int64(k), -1<<40))
	}
	// Multiply: reduce the exponent first.
	if int64(k) <= int64(d.exp) {
		return Dyadic{num: d.num, big: d.big, exp: d.exp - uint32(k)}
	}
	k -= int(d.exp)
	if d.big == nil && k < 62 && d.num <= math.MaxInt64>>k && d.num >= math.MinInt64>>k {
		return Dyadic{num: d.num << k}
	}
	n := d.bigNum()
	return normBig(n.Lsh(n, uint(k)), 0)
}

func (d Dyadic) withExp(e int64) Dyadic {
	if d.big == nil {
		return normSmall(d.num, expOf(e))
	}
	return normBig(d.bigNum(), expOf(e))
}

// MulInt returns d·m.
func (d Dyadic) MulInt(m int64) Dyadic {
	if d.big == nil {
		hi, lo := bits.Mul64(uint64(abs64(d.num)), uint64(abs64(m)))
		if hi == 0 && lo <= math.MaxInt64 && d.num != math.MinInt64 && m != math.MinInt64 {
			v := int64(lo)
			if (d.num < 0) != (m < 0) {
				v = -v
			}
			return normSmall(v, d.exp)
		}
	}
	n := d.bigNum()
	return normBig(n.Mul(n, big.NewInt(m)), d.exp)
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// Cmp compares d and o and returns -1, 0 or +1.
func (d Dyadic) Cmp(o Dyadic) int {
	if x, y, _, ok := align(d, o); ok {
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	}
	x, y, _ := alignBig(d, o)
	return x.Cmp(y)
}

// Equal reports whether d == o.
func (d Dyadic) Equal(o Dyadic) bool {
	if d.big == nil && o.big == nil {
		return d.num == o.num && d.exp == o.exp
	}
	return d.Cmp(o) == 0
}

// Floor returns the greatest integer <= d.
func (d Dyadic) Floor() Dyadic {
	if d.exp == 0 {
		return d
	}
	if d.big == nil {
		return Dyadic{num: d.num >> d.exp} // arithmetic shift floors
	}
	n := d.bigNum()
	return normBig(n.Rsh(n, uint(d.exp)), 0)
}

// Ceil returns the least integer >= d.
func (d Dyadic) Ceil() Dyadic {
	if d.exp == 0 {
		return d
	}
	return d.Floor().Add(DyadicInt(1))
}

// Rat returns d as a *big.Rat.
func (d Dyadic) Rat() *big.Rat {
	den := new(big.Int).Lsh(big.NewInt(1), uint(d.exp))
	return new(big.Rat).SetFrac(d.bigNum(), den)
}

// Float64 returns the nearest float64 (for drawing only).
func (d Dyadic) Float64() float64 {
	f, _ := d.Rat().Float64()
	return f
}

// key returns a map key identifying the value.
func (d Dyadic) key() string {
	if d.big == nil {
		return fmt.Sprintf("%d/%d", d.num, d.exp)
	}
	return d.big.String() + "/" + fmt.Sprint(d.exp)
}

// String prints d as an integer or a reduced fraction such as -3/8.
func (d Dyadic) String() string {
	var sb strings.Builder
	if d.big != nil {
		sb.WriteString(d.big.String())
	} else {
		fmt.Fprintf(&sb, "%d", d.num)
	}
	if d.exp > 0 {
		sb.WriteByte('/')
		sb.WriteString(new(big.Int).Lsh(big.NewInt(1), uint(d.exp)).String())
	}
	return sb.String()
}

// MarshalText implements encoding.TextMarshaler (the String form).
func (d Dyadic) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// ParseDyadic parses an integer or a fraction "n/d" whose reduced
// denominator is a power of two (so "0/7" and "6/2" are accepted).
func ParseDyadic(s string) (Dyadic, error) {
	s = strings.TrimSpace(s)
	num, den, frac := strings.Cut(s, "/")
	n, ok := new(big.Int).SetString(strings.TrimSpace(num), 10)
	if !ok {
		return Dyadic{}, fmt.Errorf("bad number %q", s)
	}
	d := big.NewInt(1)
	if frac {
		if d, ok = new(big.Int).SetString(strings.TrimSpace(den), 10); !ok || d.Sign() <= 0 {
			return Dyadic{}, fmt.Errorf("bad denominator in %q", s)
		}
	}
	v, err := DyadicFromBig(n, d)
	if err != nil {
		return Dyadic{}, fmt.Errorf("%s: %w", s, err)
	}
	return v, nil
}

// SimplestBetween returns the simplest dyadic rational strictly between
// lo and hi; a nil bound is unbounded. It requires lo < hi.
func SimplestBetween(lo, hi *Dyadic) Dyadic {
	zero := Dyadic{}
	switch {
	case lo == nil && hi == nil:
		return zero
	case lo == nil:
		if hi.Sign() > 0 {
			return zero
		}
		return hi.Ceil().Sub(DyadicInt(1))
	case hi == nil:
		if lo.Sign() < 0 {
			return zero
		}
		return lo.Floor().Add(DyadicInt(1))
	}
	if lo.Sign() < 0 && hi.Sign() > 0 {
		return zero
	}
	// An integer strictly between, closest to zero.
	if lo.Sign() >= 0 {
		c := lo.Floor().Add(DyadicInt(1))
		if c.Cmp(*hi) < 0 {
			return c
		}
	} else {
		c := hi.Ceil().Sub(DyadicInt(1))
		if c.Cmp(*lo) > 0 {
			return c
		}
	}
	// Otherwise the dyadic of least denominator in (lo, hi).
	for k := 1; ; k++ {
		c := lo.Shift(k).Floor().Add(DyadicInt(1)).Shift(-k)
		if c.Cmp(*hi) < 0 {
			return c
		}
	}
}
