package tiles

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mathgo/mathgo/cgt"
)

// TestIncrementalKeys reruns the brute-force comparison, the bundled
// positions and the benchmark tile with every incremental region key
// (updated move by move in the search) and every part a move leaves
// (found with the bit masks of the region's local view) checked against
// a full computation; a mismatch panics. The brute-force comparison runs
// once more without the local view, as for regions too large for it.
func TestIncrementalKeys(t *testing.T) {
	debugCheckKeys = true
	defer func() { debugCheckKeys = false }()
	t.Run("bruteforce", TestBruteForceMGO)
	t.Run("positions", TestPositionFiles)
	a, err := Analyze(rawPosition(tile14), Options{MaxPositions: 30_000})
	if err != nil {
		t.Fatal(err)
	}
	if a.Positions < 20_000 {
		t.Errorf("only %d positions searched", a.Positions)
	}
	debugNoLocal = true
	defer func() { debugNoLocal = false }()
	t.Run("bruteforce-nolocal", TestBruteForceMGO)
}

// TestNewGameCache checks the engine's cache of games made from options
// against cgt.New, with options repeated and in any order.
func TestNewGameCache(t *testing.T) {
	e := newEngine(rawPosition(tile14).Board, make([]bool, 42), 0)
	r := rand.New(rand.NewPCG(3, 4))
	pool := []cgt.Game{cgt.Zero, cgt.Int(1), cgt.Int(-2), cgt.Star(1), cgt.Up(1), cgt.Up(-1)}
	for i := range int64(4) {
		pool = append(pool, cgt.New([]cgt.Game{cgt.Int(i)}, []cgt.Game{cgt.Int(-i)}))
	}
	pick := func() []cgt.Game {
		var out []cgt.Game
		for range r.IntN(6) {
			out = append(out, pool[r.IntN(len(pool))])
		}
		return out
	}
	for i := range 2000 {
		l, r := pick(), pick()
		want := cgt.New(l, r)
		l2, r2 := slices.Clone(l), slices.Clone(r)
		if got := e.newGame(l2, r2); got != want {
			t.Fatalf("case %d: newGame(%v | %v) = %v, want %v", i, l, r, got, want)
		}
		// Again, shuffled and with a repeat: now from the cache.
		l2, r2 = append(slices.Clone(l), l...), slices.Clone(r)
		slices.Reverse(l2)
		if got := e.newGame(l2, r2); got != want {
			t.Fatalf("case %d again: newGame(%v | %v) = %v, want %v", i, l, r, got, want)
		}
	}
	if len(e.games.list) < 100 {
		t.Errorf("only %d games cached", len(e.games.list))
	}
}

// TestMemoTable checks that entries survive the table's growth.
func TestMemoTable(t *testing.T) {
	m := newMemoTable()
	r := rand.New(rand.NewPCG(5, 6))
	keys := make([]regionKey, 5000)
	for i := range keys {
		keys[i] = regionKey{r.Uint64(), r.Uint64()}
		label := ""
		if i%7 == 0 {
			label = fmt.Sprint("label ", i)
		}
		m.put(keys[i], entry{count: cgt.Int(int64(i)), area: cgt.Int(int64(-i)), settled: i%2 == 0, areaOK: i%3 == 0, label: label})
	}
	for i, k := range keys {
		s := m.get(k)
		if s == nil {
			t.Fatalf("key %d lost", i)
		}
		en := m.entry(s)
		if en.count != cgt.Int(int64(i)) || en.area != cgt.Int(int64(-i)) || en.settled != (i%2 == 0) || en.areaOK != (i%3 == 0) || (en.label != "") != (i%7 == 0) {
			t.Fatalf("key %d: entry %+v", i, en)
		}
	}
	if m.get(regionKey{1, 2}) != nil {
		t.Error("found a key never put")
	}
}
