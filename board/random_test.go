package board

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRandomAgainstReference plays random move sequences (legal and
// illegal attempts, passes, both colours) under every ko rule on 9x9, 19x19
// and a rectangular board, and compares Board with the naive reference
// after every attempt: legality, error, captures, stones, hash, prisoners,
// ko point, blocks and liberties. Then it undoes every move, comparing each
// position on the way back with the one recorded on the way forward.
func TestRandomAgainstReference(t *testing.T) {
	type sized struct{ cols, rows, games, attempts int }
	sizes := []sized{{9, 9, 12, 400}, {19, 19, 3, 1200}, {7, 4, 20, 150}, {3, 3, 40, 60}, {2, 2, 40, 40}}
	if testing.Short() {
		sizes = []sized{{9, 9, 3, 300}, {19, 19, 1, 800}}
	}
	seed := uint64(1)
	seen := map[string]int{}
	for _, sz := range sizes {
		for _, rule := range []KoRule{KoNone, KoSimple, KoSuperko} {
			for g := 0; g < sz.games; g++ {
				seed++
				name := fmt.Sprintf("%dx%d/%v/%d", sz.cols, sz.rows, rule, g)
				randomGame(t, name, sz.cols, sz.rows, rule, sz.attempts, seed, seen)
			}
		}
	}
	// The games must have met every kind of move, or the comparison
	// proves little.
	if !testing.Short() {
		for _, k := range []string{"legal", "pass", "capture", "multi-capture", ErrOccupied.Error(), ErrSuicide.Error(), ErrKo.Error(), ErrSuperko.Error(), ErrOffBoard.Error()} {
			if seen[k] == 0 {
				t.Errorf("random games never met %q", k)
			}
		}
		t.Logf("outcomes: %v", seen)
	}
}

type state struct {
	stones    []Color
	hash      uint64
	prisoners [3]int
	ko        Point
	moves     int
}

func snapshot(b *Board) state {
	return state{slices.Clone(b.color), b.Hash(), [3]int{0, b.Prisoners(Black), b.Prisoners(White)}, b.KoPoint(), b.MoveNumber()}
}

func (s state) equal(o state) bool {
	return slices.Equal(s.stones, o.stones) && s.hash == o.hash && s.prisoners == o.prisoners && s.ko == o.ko && s.moves == o.moves
}

func randomGame(t *testing.T, name string, cols, rows int, rule KoRule, attempts int, seed uint64, seen map[string]int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	b, err := New(cols, rows)
	if err != nil {
		t.Fatal(err)
	}
	b.SetKoRule(rule)
	ref := newNaive(cols, rows, rule)
	var states []state
	states = append(states, snapshot(b))
	c := Black
	for i := 0; i < attempts; i++ {
		var p Point
		switch r := rng.IntN(100); {
		case r < 3:
			p = Pass
		case r < 4:
			p = Point(b.Size() + rng.IntN(3)) // off the board
		default:
			p = Point(rng.IntN(b.Size()))
		}
		if rng.IntN(10) == 0 {
			c = c.Opponent() // sometimes the same colour twice
		}
		legal := b.Legal(p, c)
		got, err := b.Play(p, c)
		want, wantErr := ref.play(p, c)
		if !errors.Is(err, wantErr) || (wantErr == nil) != (err == nil) || got != want || legal != (err == nil) {
			t.Fatalf("%s attempt %d: %v at %s: got (%d, %v, legal=%v), reference (%d, %v)\n%s",
				name, i, c, b.Name(p), got, err, legal, want, wantErr, b)
		}
		switch {
		case err != nil:
			seen[err.Error()]++
		case p == Pass:
			seen["pass"]++
		case got > 1:
			seen["multi-capture"]++
		case got == 1:
			seen["capture"]++
		default:
			seen["legal"]++
		}
		if err == nil {
			states = append(states, snapshot(b))
			c = c.Opponent()
		}
		compareWithReference(t, name, b, ref)
		if s := snapshot(b); !s.equal(states[len(states)-1]) {
			t.Fatalf("%s attempt %d: state changed by an illegal move", name, i)
		}
	}
	for i := len(states) - 1; i > 0; i-- {
		if !b.Undo() {
			t.Fatalf("%s: Undo failed with %d moves left", name, i)
		}
		if s := snapshot(b); !s.equal(states[i-1]) {
			t.Fatalf("%s: after undo to move %d the state differs\n%s", name, i-1, b)
		}
		if i%7 == 0 {
			checkConsistent(t, b)
		}
	}
	if b.Undo() {
		t.Fatalf("%s: Undo past the start", name)
	}
	checkConsistent(t, b)
}

func compareWithReference(t *testing.T, name string, b *Board, ref *naive) {
	t.Helper()
	if !slices.Equal(b.color, ref.c) {
		t.Fatalf("%s: stones differ from the reference\n%s", name, b)
	}
	if b.Hash() != ref.hash() {
		t.Fatalf("%s: hash differs from the reference", name)
	}
	for _, c := range []Color{Black, White} {
		if b.Prisoners(c) != ref.prisoners[c] {
			t.Fatalf("%s: prisoners of %v %d, reference %d", name, c, b.Prisoners(c), ref.prisoners[c])
		}
	}
	wantKo := Pass
	if ref.rule != KoNone {
		wantKo = ref.ko
	}
	if b.KoPoint() != wantKo {
		t.Fatalf("%s: ko point %s, reference %s", name, b.Name(b.KoPoint()), b.Name(wantKo))
	}
	checkConsistent(t, b)
}
