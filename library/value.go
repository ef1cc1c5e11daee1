package library

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/thermograph"
	"github.com/mathgo/mathgo/tiles"
)

// Value is what the pipeline says about a tile.
type Value struct {
	// Kind is the pipeline's kind of the tile ("tile", "corridor",
	// "dame", "territory", "ko"); when the pipeline cut the area into
	// several tiles (it proved some mortal stones alive) their kinds
	// joined by "+".
	Kind string
	// HasKo: the tile's game graph has a cycle; it has no value yet.
	HasKo bool
	// Count and Chilled are the canonical values (Black positive), valid
	// when !HasKo && Err == "".
	Count, Chilled cgt.Game
	// Err is the pipeline's problem when the tile could not be valued
	// (other than a ko).
	Err string
}

// Class is the class of a chilled value: "number", "infinitesimal" (a
// number plus an infinitesimal: the value minus its mean is
// infinitesimal) or "hot".
func ClassOfChilled(g cgt.Game) string {
	switch {
	case g.IsNumber():
		return "number"
	case g.Sub(cgt.Number(g.Mean())).IsInfinitesimal():
		return "infinitesimal"
	}
	return "hot"
}

// AtomicWeightOf returns the atomic weight of the infinitesimal part of a
// chilled value (the value minus its mean), when that part is all-small.
func AtomicWeightOf(g cgt.Game) (cgt.Game, bool) {
	if g.IsNumber() {
		return cgt.Zero, false
	}
	return g.Sub(cgt.Number(g.Mean())).AtomicWeight()
}

// SenteOf returns the players' word for a count (thermograph.Classify).
func SenteOf(count cgt.Game) string {
	w, ok := thermograph.Classify(count)
	if !ok {
		return ""
	}
	return w.Sente.String()
}

// Analyze values an instance through the one pipeline: endgame.Analyze on
// the instance's own diagram (Diagram: the walls declared immortal), the
// value being the sum of the report's tiles (the area is normally one
// tile; the pipeline may cut it when it proves a mortal stone alive).
func Analyze(in *Instance, opts endgame.Options) (Value, error) {
	key, _ := in.Key()
	pos, err := position.Parse("tile "+key, []byte(in.Diagram()))
	if err != nil {
		return Value{}, fmt.Errorf("library: the diagram of tile %s does not parse: %w", key, err)
	}
	r, err := endgame.Analyze(pos, opts)
	if err != nil {
		return Value{}, fmt.Errorf("library: tile %s: %w", key, err)
	}
	return reportValue(r), nil
}

// reportValue reads the area's value off a report of its diagram.
func reportValue(r *endgame.Report) Value {
	var v Value
	var kinds []string
	count := cgt.Zero
	for _, t := range r.Tiles() {
		kinds = append(kinds, string(t.Kind))
		if t.Kind == tiles.KindKo {
			v.HasKo = true
			continue
		}
		if t.Err != nil {
			v.Err = t.Err.Error()
			continue
		}
		count = count.Add(t.Count)
	}
	v.Kind = strings.Join(kinds, "+")
	if v.HasKo || v.Err != "" {
		return v
	}
	if !r.Exact() {
		v.Err = strings.Join(r.Problems, "; ")
		return v
	}
	v.Count = count.Add(cgt.Int(int64(r.Analysis.Prisoners[1] - r.Analysis.Prisoners[2])))
	v.Chilled = v.Count.Chill()
	return v
}

// Analysis are the pipeline options the library values tiles with: the
// walls are declared ('#', '@') and nothing else is settled (no
// life-and-death search), so the value is the Mathematical Go value of
// the tile's game. With the life solver on, the pipeline can certify a
// mortal stone alive that lives only through a ko (Mathematical Go has
// no ko rule: the game cycles) and then value a ko tile as a number-like
// game, differently for two drawings of the same game; see the report
// of issue #18.
var Analysis = endgame.Options{NoSolver: true, NoFormulas: true}

// Valued is an enumerated tile with its value.
type Valued struct {
	*Entry
	Value
}

// ValueAll values the entries on workers goroutines. A tile's value
// depends only on its game, except where the pipeline settles more than
// the declared walls on the tile's diagram (Benson's algorithm, run on
// the small board of the diagram, can call a mortal stone pass-alive
// when the walls around it are not yet settled on that board): such
// tiles are analysed one by one; every other game is analysed once (on
// its first such tile) and its value shared, negated for a colour swap.
// progress, if set, is told now and then.
func ValueAll(entries []*Entry, opts endgame.Options, workers int, progress func(string)) ([]Valued, error) {
	own := make([]bool, len(entries))
	parallel(len(entries), workers, func(i int) { own[i] = settlesMore(entries[i].Instance) })
	first := map[string]int{}
	var jobs []int // entries analysed: the first of each game, and every tile valued on its own
	for i, e := range entries {
		if own[i] {
			jobs = append(jobs, i)
			continue
		}
		if _, ok := first[e.Game]; !ok {
			first[e.Game] = i
			jobs = append(jobs, i)
		}
	}
	vals := make([]Value, len(entries))
	errs := make([]error, len(entries))
	var mu sync.Mutex
	done := 0
	parallel(len(jobs), workers, func(k int) {
		i := jobs[k]
		vals[i], errs[i] = Analyze(entries[i].Instance, opts)
		mu.Lock()
		done++
		if progress != nil && (done%2000 == 0 || done == len(jobs)) {
			progress(fmt.Sprintf("valued %d of %d tiles (%d games shared, %d tiles on their own)", done, len(jobs), len(first), len(jobs)-len(first)))
		}
		mu.Unlock()
	})
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	out := make([]Valued, len(entries))
	for i, e := range entries {
		v := vals[i]
		if !own[i] {
			j := first[e.Game]
			v = vals[j]
			if e.GameNeg != entries[j].GameNeg && !v.HasKo && v.Err == "" {
				v.Count, v.Chilled = v.Count.Neg(), v.Chilled.Neg()
			}
		}
		out[i] = Valued{Entry: e, Value: v}
	}
	return out, nil
}

// settlesMore reports whether the pipeline, before any search, treats
// more than the declared walls of the instance's diagram as immortal.
func settlesMore(in *Instance) bool {
	pos, err := position.Parse("tile", []byte(in.Diagram()))
	if err != nil {
		return true // Analyze will report it
	}
	imm, _ := tiles.DefaultImmortal(pos)
	for p, ok := range imm {
		if ok && !pos.Immortal[p] {
			return true
		}
	}
	return false
}

// parallel calls f(0..n-1) on workers goroutines.
func parallel(n, workers int, f func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}
