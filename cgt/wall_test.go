package cgt

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// randomTrajectory returns a continuous trajectory from t = -1 with
// breakpoints at multiples of 1/4 and slopes in [-2, 2].
func randomTrajectory(r *rand.Rand) Trajectory {
	tr := Trajectory{{T: minusOne, V: NewDyadic(int64(r.IntN(17)-8), 1), Slope: r.IntN(5) - 2}}
	t := minusOne
	for range r.IntN(4) {
		t = t.Add(NewDyadic(int64(1+r.IntN(8)), 2))
		last := tr[len(tr)-1]
		tr = append(tr, Segment{T: t, V: last.at(t), Slope: (last.Slope+3+r.IntN(4))%5 - 2})
	}
	return tr
}

// samples returns the temperatures -1, -1 + 1/64, ..., 6.
func samples() []Dyadic {
	var ts []Dyadic
	for k := -64; k <= 6*64; k++ {
		ts = append(ts, NewDyadic(int64(k), 6))
	}
	return ts
}

// TestTrajectoryOperations checks every operation pointwise on random
// trajectories (breakpoints and crossings are multiples of 1/64 there, so
// the samples see every piece).
func TestTrajectoryOperations(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 29))
	ts := samples()
	for it := range 400 {
		a, b := randomTrajectory(r), randomTrajectory(r)
		sum, diff, neg, tilt := a.Add(b), a.Sub(b), a.Neg(), a.AddSlope(-1)
		mx, errMax := a.Max(b)
		mn, errMin := a.Min(b)
		for _, tr := range []Trajectory{sum, diff, neg, tilt, mx, mn} {
			if tr == nil {
				continue
			}
			if err := tr.Check(); err != nil {
				t.Fatalf("case %d: %v %v: %v: %v", it, a, b, tr, err)
			}
			for i := 1; i < len(tr); i++ {
				if tr[i].Slope == tr[i-1].Slope {
					t.Fatalf("case %d: needless breakpoint in %v", it, tr)
				}
			}
		}
		for _, x := range ts {
			va, vb := a.At(x), b.At(x)
			if !sum.At(x).Equal(va.Add(vb)) || !diff.At(x).Equal(va.Sub(vb)) || !neg.At(x).Equal(va.Neg()) ||
				!tilt.At(x).Equal(va.Sub(x)) {
				t.Fatalf("case %d at %s: %v %v", it, x, a, b)
			}
			hi, lo := va, vb
			if hi.Cmp(lo) < 0 {
				hi, lo = lo, hi
			}
			if errMax == nil && !mx.At(x).Equal(hi) || errMin == nil && !mn.At(x).Equal(lo) {
				t.Fatalf("case %d at %s: max %s min %s of %s %s", it, x, mx.At(x), mn.At(x), va, vb)
			}
		}
		if errMax != nil && !errors.Is(errMax, ErrNotDyadicWall) {
			t.Fatal(errMax)
		}
		// Truncate and slopes.
		cut := NewDyadic(int64(r.IntN(20)-4), 2)
		tc := a.Truncate(cut)
		for _, x := range ts {
			want := a.At(x)
			if x.Cmp(cut) > 0 {
				want = a.At(cut)
			}
			if !tc.At(x).Equal(want) {
				t.Fatalf("truncate %v at %s: %s, want %s", a, cut, tc.At(x), want)
			}
		}
		eps := NewDyadic(1, 10)
		for _, s := range a {
			above := a.At(s.T.Add(eps)).Sub(a.At(s.T)).Shift(10)
			below := a.At(s.T).Sub(a.At(s.T.Sub(eps))).Shift(10)
			if !above.Equal(DyadicInt(int64(a.SlopeAbove(s.T)))) || !below.Equal(DyadicInt(int64(a.SlopeBelow(s.T)))) {
				t.Fatalf("slopes of %v at %s: above %d below %d", a, s.T, a.SlopeAbove(s.T), a.SlopeBelow(s.T))
			}
		}
		// Extremum against the samples (the last slope decides whether
		// it exists).
		for _, isMax := range []bool{true, false} {
			et, ev, ok := a.Extremum(Dyadic{}, isMax)
			if !ok {
				continue
			}
			if !a.At(et).Equal(ev) {
				t.Fatalf("extremum of %v: %s at %s", a, ev, et)
			}
			for _, x := range ts {
				if x.Sign() < 0 {
					continue
				}
				c := a.At(x).Cmp(ev)
				if isMax && (c > 0 || c == 0 && x.Cmp(et) < 0) || !isMax && (c < 0 || c == 0 && x.Cmp(et) < 0) {
					t.Fatalf("extremum (max %v) of %v on t >= 0: %s at %s, but %s at %s", isMax, a, ev, et, a.At(x), x)
				}
			}
		}
	}
}

// TestFirstMeet: the walls of a game meet at its temperature.
func TestFirstMeet(t *testing.T) {
	l := Trajectory{{T: minusOne, V: DyadicInt(4), Slope: -1}}
	r := Trajectory{{T: minusOne, V: DyadicInt(1), Slope: 1}, {T: Dyadic{}, V: DyadicInt(2)}, {T: NewDyadic(1, 1), V: DyadicInt(2), Slope: 1}}
	if x, ok := FirstMeet(l, r); !ok || x.String() != "3/4" {
		t.Fatalf("meet at %s %v, want 3/4", x, ok)
	}
	if _, ok := FirstMeet(ConstTrajectory(DyadicInt(1)), ConstTrajectory(Dyadic{})); ok {
		t.Fatal("parallel walls met")
	}
	if _, err := (Trajectory{{T: minusOne, Slope: 3}}).Max(Trajectory{{T: minusOne, V: DyadicInt(1)}}); !errors.Is(err, ErrNotDyadicWall) {
		t.Fatalf("slopes 3 and 0 crossing at 1/3 - 1: %v", err)
	}
}
