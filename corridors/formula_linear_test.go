package corridors

import (
	"fmt"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
)

// The constructions below are the recursions as first written (before the
// values were built bottom-up): the area through translations of whole
// games by -1, the chilled values by cooling the count by 1 (the general
// algorithm). They are the reference the closed forms must equal.

func refBlockedCount(n int) cgt.Game {
	count := cgt.Star(1)
	for k := 2; k <= n; k++ {
		count = cgt.New([]cgt.Game{cgt.Int(int64(k - 1))}, []cgt.Game{count})
	}
	return count
}

func refGoteCount(n int) cgt.Game {
	count := cgt.New([]cgt.Game{cgt.Int(2)}, []cgt.Game{cgt.Zero})
	for k := 3; k <= n; k++ {
		count = cgt.New([]cgt.Game{cgt.Int(int64(k))}, []cgt.Game{count})
	}
	return count
}

func refArea(typ string, n int) cgt.Game {
	switch typ {
	case TypeUnblocked:
		if n == 2 {
			return cgt.Zero
		}
		return refArea(TypeBlocked, n-2)
	case TypeGote:
		g := cgt.New([]cgt.Game{cgt.Int(3)}, []cgt.Game{cgt.Int(-1)})
		for k := 3; k <= n; k++ {
			g = cgt.New([]cgt.Game{cgt.Int(int64(k + 1))}, []cgt.Game{g.Add(cgt.Int(-1))})
		}
		return g
	}
	g := cgt.New([]cgt.Game{cgt.Int(1)}, []cgt.Game{cgt.Int(-1)})
	for k := 2; k <= n; k++ {
		g = cgt.New([]cgt.Game{cgt.Int(int64(k))}, []cgt.Game{g.Add(cgt.Int(-1))})
	}
	return g
}

// TestClosedFormsMatchReference checks count, chilled and area of every
// family against the reference constructions for lengths up to 24 (the
// first version handled up to about 14 quickly; the references are fast
// enough here), and the printed forms against each other.
func TestClosedFormsMatchReference(t *testing.T) {
	for _, typ := range Types {
		for n := MinLength(typ); n <= 24; n++ {
			count, chilled := mustValues(t, typ, n)
			var refCount cgt.Game
			switch typ {
			case TypeBlocked:
				refCount = refBlockedCount(n)
			case TypeUnblocked:
				refCount = cgt.Zero
				if n > 2 {
					refCount = refBlockedCount(n - 2)
				}
			default:
				refCount = refGoteCount(n)
			}
			if count != refCount {
				t.Errorf("%s %d: count %s, reference %s", typ, n, count, refCount)
			}
			if ref := refCount.Chill(); chilled != ref {
				t.Errorf("%s %d: chilled %s, the count chilled %s", typ, n, chilled, ref)
			}
			if a, ref := Area(typ, n), refArea(typ, n); a != ref || a.String() != ref.String() {
				t.Errorf("%s %d: area %s, reference %s", typ, n, a, ref)
			}
		}
	}
}

// TestLongCorridors: the longest corridors are built and printed, and
// their values have the closed forms' shapes: the blocked count of length
// n is {n-1 || n-2 | ... ||| 1 | *} with n-1 levels, its area
// {n || n-2 | ... } with n levels, and they chill and heat back.
func TestLongCorridors(t *testing.T) {
	for _, n := range []int{30, 100, MaxLength} {
		count, chilled := Blocked(n)
		s := count.String()
		if want := fmt.Sprintf("{%d|", n-1); len(s) < len(want) || s[:len(want)] != want {
			t.Fatalf("blocked %d: count starts %.20s", n, s)
		}
		levels := 0
		for g := count; ; levels++ {
			r := g.RightOptions()
			if len(r) != 1 || g.LeftOptions()[0] != cgt.Int(int64(n-1-levels)) {
				break
			}
			g = r[0]
			if g == cgt.Star(1) {
				levels++
				break
			}
		}
		if levels != n-1 {
			t.Fatalf("blocked %d: %d levels", n, levels)
		}
		want := cgt.Number(cgt.DyadicInt(int64(n - 2)).Add(cgt.NewDyadic(1, uint(n-1))))
		if chilled != want {
			t.Fatalf("blocked %d: chilled %s", n, chilled)
		}
		if a := Area(TypeBlocked, n); a.Chill() != count {
			t.Fatalf("blocked %d: area does not chill to the count", n)
		}
		g, gc := Gote(n)
		if x, u, nim, ok := gc.NusParts(); !ok || !x.Equal(cgt.DyadicInt(int64(n-1))) || u != n-2 || nim != (n+1)%2 {
			t.Fatalf("gote %d: chilled %s", n, gc)
		}
		if g.LeftOptions()[0] != cgt.Int(int64(n)) {
			t.Fatalf("gote %d: count %.30s", n, g)
		}
	}
}

// BenchmarkClosedForms builds and prints (as mathgo corridor does) the
// count, chilled value and area of each family at lengths 30, 100 and 625.
// cgt's game table keeps what earlier iterations built, so after the
// first iteration the constructions find their games in it (still one
// lookup per level) and the printing dominates.
func BenchmarkClosedForms(b *testing.B) {
	for _, n := range []int{30, 100, MaxLength} {
		for _, typ := range Types {
			b.Run(fmt.Sprintf("%s/n=%d", typ, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					count, chilled, err := Values(typ, n, board.Black)
					if err != nil {
						b.Fatal(err)
					}
					_ = count.String() + chilled.String() + Area(typ, n).String()
				}
			})
		}
	}
}
