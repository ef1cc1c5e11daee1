package library

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/mathgo/mathgo/endgame"
)

// Entry is one distinct tile of the enumeration, before it is valued.
type Entry struct {
	// Key is the canonical key (see Instance.Key); the stored instance
	// has the key's colours.
	Key string
	// Name is Rappaport's name for tiles of up to three points (T1,
	// T2.1..T2.5, T3.n.x), empty otherwise and for settled territory.
	Name        string
	Area        int
	Orientation Orientation
	// Shape is the key of the playing area's free polyomino (its cells
	// as letter pairs).
	Shape string
	// Game is the key of the tile's game (see gameKey); GameNeg reports
	// that the tile is the colour swap of the game key's colouring.
	Game    string
	GameNeg bool
	// Settled: only one colour's walls touch the area (no S point), so
	// it is that colour's territory (Rappaport leaves such tiles out).
	Settled bool
	// Liveable: some wall colouring giving these classes has every wall
	// stone joined, through its colour's wall stones, to the open board
	// where a living group can be built. A tile that is not liveable
	// cannot be part of a real position.
	Liveable bool
	// Stones is the number of mortal stones in the area.
	Stones int
	// Variants counts the placements and wall colourings (in the
	// enumeration's frames) that gave this tile.
	Variants int
	// Instance is the drawing kept (a liveable colouring with the fewest
	// one-colour wall groups when there is one).
	Instance *Instance
}

// Stats counts an enumeration per area and orientation.
type Stats struct {
	Area        int
	Orientation Orientation
	// Placements is the number of placed areas (fixed polyominoes up to
	// the orientation's symmetries); Colourings the wall colourings
	// enumerated on them; Tiles the distinct tiles; Liveable and Settled
	// those that are liveable and settled territory.
	Placements, Colourings, Tiles, Liveable, Settled int
}

// Enumerate lists every tile of 1..maxArea points in every orientation,
// deduplicated by key, in a deterministic order (area, orientation, then
// the order of discovery). progress, if set, is told after each area and
// orientation. Work is spread over workers goroutines (at least 1); the
// result does not depend on it.
func Enumerate(maxArea, workers int, progress func(string)) ([]*Entry, []Stats) {
	var all []*Entry
	var stats []Stats
	for n := 1; n <= maxArea; n++ {
		for _, o := range Orientations {
			es, st := enumerate(o, n, workers)
			all = append(all, es...)
			stats = append(stats, st)
			if progress != nil {
				progress(fmt.Sprintf("area %d %s: %d placements, %d wall colourings, %d tiles", n, o, st.Placements, st.Colourings, st.Tiles))
			}
		}
	}
	nameRappaport(all)
	return all, stats
}

// found is a tile met on one placement, before merging.
type found struct {
	key, game    string
	neg, gameNeg bool
	live         bool
	groups       int
	count        int
	syms         []byte
	colouring    uint32
}

// enumerate lists the tiles of n points for orientation o.
func enumerate(o Orientation, n, workers int) ([]*Entry, Stats) {
	pls := placements(o, n)
	st := Stats{Area: n, Orientation: o, Placements: len(pls)}
	results := make([][]found, len(pls))
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = enumeratePlacement(pls[i])
			}
		}()
	}
	for i := range pls {
		next <- i
	}
	close(next)
	wg.Wait()
	byKey := map[string]*Entry{}
	var out []*Entry
	for i, pl := range pls {
		st.Colourings += 1 << len(pl.walls)
		shape := freeKey(pl.area)
		for _, f := range results[i] {
			e := byKey[f.key]
			if e == nil {
				e = &Entry{Key: f.key, Area: n, Orientation: o, Shape: shape, Game: f.game, GameNeg: f.gameNeg}
				byKey[f.key] = e
				out = append(out, e)
			}
			e.Variants += f.count
			if e.Instance == nil || (f.live && !e.Liveable) {
				in := pl.instance(f.syms, f.colouring)
				if f.neg {
					in = in.swapped()
				}
				e.Instance, e.Liveable = in, f.live
				e.Settled, e.Stones = settled(f.syms), stones(f.syms)
			}
		}
	}
	for _, e := range out {
		st.Tiles++
		if e.Liveable {
			st.Liveable++
		}
		if e.Settled {
			st.Settled++
		}
	}
	return out, st
}

// enumeratePlacement lists the tiles of one placement in a fixed order.
func enumeratePlacement(pl *placement) []found {
	cv := pl.classVectors()
	keys := make([]string, 0, len(cv))
	for k := range cv {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var out []found
	index := map[string]int{}
	for _, k := range keys {
		ch := cv[k]
		pl.stoneFillings([]byte(k), func(syms []byte) {
			cells := make([]cell, len(syms))
			for i, p := range pl.area {
				cells[i] = cell{p, syms[i]}
			}
			key, neg := canonical(pl.o, cells)
			if j, ok := index[key]; ok {
				f := &out[j]
				f.count += ch.count
				if ch.liveable && !f.live {
					f.live, f.syms, f.colouring, f.neg = true, slices.Clone(syms), ch.colouring, neg
				}
				return
			}
			game, gneg := gameKey(pl.area, syms)
			index[key] = len(out)
			out = append(out, found{key: key, game: game, neg: neg, gameNeg: gneg != neg, live: ch.liveable,
				groups: ch.groups, count: ch.count, syms: slices.Clone(syms), colouring: ch.colouring})
		})
	}
	return out
}

// settled reports whether only one colour's walls touch the area.
func settled(syms []byte) bool {
	b, w := false, false
	for _, s := range syms {
		switch classOf(s) {
		case ClassB:
			b = true
		case ClassW:
			w = true
		case ClassS:
			return false
		}
	}
	return !(b && w)
}

// stones counts the mortal stones among symbols.
func stones(syms []byte) int {
	n := 0
	for _, s := range syms {
		if stoneOf(s) != 0 {
			n++
		}
	}
	return n
}

// String draws the instance as a small diagram: the area and its walls
// ('X'/'O' immortal walls drawn as '#'/'@', mortal stones 'X'/'O', empty
// '.', everything else '-'), with the board's edges as '=' and '|'
// borders where the orientation has them.
func (in *Instance) String() string {
	var sb strings.Builder
	for _, row := range in.grid(false) {
		sb.WriteString(row)
		sb.WriteByte('\n')
	}
	return sb.String()
}

// BuildOptions control Build.
type BuildOptions struct {
	// MaxArea is the largest playing area enumerated.
	MaxArea int
	// Workers is the number of goroutines (0: 1).
	Workers int
	// Analysis are the pipeline's options for valuing the tiles (use
	// library.Analysis).
	Analysis endgame.Options
	// Progress, if set, is told how the build goes.
	Progress func(string)
}

// Build enumerates the tiles of 1..o.MaxArea points, values them through
// the pipeline and stores them in a new library at path. It returns the
// enumeration's counts.
func Build(path string, o BuildOptions) ([]Stats, error) {
	if o.MaxArea < 1 || o.MaxArea > MaxArea {
		return nil, fmt.Errorf("library: --max-area %d out of range (1..%d)", o.MaxArea, MaxArea)
	}
	entries, stats := Enumerate(o.MaxArea, o.Workers, o.Progress)
	vals, err := ValueAll(entries, o.Analysis, o.Workers, o.Progress)
	if err != nil {
		return nil, err
	}
	if o.Progress != nil {
		o.Progress(fmt.Sprintf("writing %d tiles to %s", len(vals), path))
	}
	return stats, Create(path, vals, o.MaxArea)
}

// MaxArea is the largest area Build accepts (wall colourings of larger
// areas do not fit the enumeration's 32-bit masks, and the counts grow
// about fivefold per point).
const MaxArea = 8
