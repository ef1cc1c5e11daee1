package library

import "slices"

// placement is a playing area placed against the orientation's edges,
// with its wall points (the on-board neighbours outside the area) and,
// for every area point, the mask of its wall neighbours.
type placement struct {
	o     Orientation
	area  polyomino
	walls []xy
	masks []uint32 // per area point: bit i set when walls[i] is a neighbour
	adj   [][2]int // pairs of adjacent wall points
	// anchor marks the wall points that touch the open board (the region
	// outside the tile that reaches far away), where a living group can
	// be built; a wall stone that cannot be joined, through stones of its
	// colour among the wall points, to an anchor cannot live.
	anchor uint32
	in     map[xy]int // area point -> index
}

// placements returns the playing areas of n points placed for
// orientation o, one per class of placements under the orientation's
// symmetries.
func placements(o Orientation, n int) []*placement {
	var out []*placement
	for _, p := range fixedPolyominoes(n) {
		if !representative(o, p) {
			continue
		}
		if pl := place(o, p); pl != nil {
			out = append(out, pl)
		}
	}
	return out
}

// representative reports whether fixed polyomino p is the one of its
// class under o's symmetries that the enumeration places, and whether it
// fits o: for an edge it touches the top edge (always, being
// normalised), for a corner the top and left edges (always).
func representative(o Orientation, p polyomino) bool {
	k := p.key()
	for _, t := range o.symmetries() {
		cells := make([]xy, len(p))
		for i, c := range p {
			cells[i] = transform(t, c)
		}
		if normalise(cells).key() < k {
			return false
		}
	}
	return true
}

// place computes the walls of polyomino p placed for o (p normalised: it
// touches row 0 and column 0; a centre area is moved off the edges).
func place(o Orientation, p polyomino) *placement {
	pl := &placement{o: o, area: p, in: map[xy]int{}}
	for i, c := range p {
		pl.in[c] = i
	}
	wallIdx := map[xy]int{}
	for _, c := range p {
		for _, d := range dirs {
			q := xy{c.x + d.x, c.y + d.y}
			if _, ok := pl.in[q]; ok || !o.onBoard(q) {
				continue
			}
			if _, ok := wallIdx[q]; !ok {
				wallIdx[q] = len(pl.walls)
				pl.walls = append(pl.walls, q)
			}
		}
	}
	if len(pl.walls) > 30 {
		return nil
	}
	pl.masks = make([]uint32, len(p))
	for i, c := range p {
		for _, d := range dirs {
			if w, ok := wallIdx[xy{c.x + d.x, c.y + d.y}]; ok {
				pl.masks[i] |= 1 << w
			}
		}
	}
	for i, w := range pl.walls {
		for j := i + 1; j < len(pl.walls); j++ {
			v := pl.walls[j]
			if abs(w.x-v.x)+abs(w.y-v.y) == 1 {
				pl.adj = append(pl.adj, [2]int{i, j})
			}
		}
	}
	// The open board: flood from the frame of a window two points beyond
	// the area (every point there is outside the area and its walls).
	minX, minY, maxX, maxY := 1<<30, 1<<30, -1<<30, -1<<30
	for _, c := range p {
		minX, minY, maxX, maxY = min(minX, c.x), min(minY, c.y), max(maxX, c.x), max(maxY, c.y)
	}
	minX, minY, maxX, maxY = minX-2, minY-2, maxX+2, maxY+2
	inside := func(q xy) bool { return q.x >= minX && q.x <= maxX && q.y >= minY && q.y <= maxY && o.onBoard(q) }
	free := func(q xy) bool {
		_, a := pl.in[q]
		_, w := wallIdx[q]
		return inside(q) && !a && !w
	}
	open := map[xy]bool{}
	var stack []xy
	for x := minX; x <= maxX; x++ {
		for y := minY; y <= maxY; y++ {
			q := xy{x, y}
			if (x == minX || x == maxX || y == minY || y == maxY) && free(q) {
				open[q] = true
				stack = append(stack, q)
			}
		}
	}
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range dirs {
			r := xy{q.x + d.x, q.y + d.y}
			if free(r) && !open[r] {
				open[r] = true
				stack = append(stack, r)
			}
		}
	}
	for i, w := range pl.walls {
		for _, d := range dirs {
			if open[xy{w.x + d.x, w.y + d.y}] {
				pl.anchor |= 1 << i
			}
		}
	}
	return pl
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// classes returns the class vector of wall colouring c (bit i set: wall
// i is White) as symbols of empty points.
func (pl *placement) classes(c uint32, out []byte) {
	all := uint32(1)<<len(pl.walls) - 1
	for i, m := range pl.masks {
		w := c&m != 0
		b := (^c)&all&m != 0
		switch {
		case m == 0:
			out[i] = 'E'
		case w && b:
			out[i] = 'S'
		case b:
			out[i] = 'B'
		default:
			out[i] = 'W'
		}
	}
}

// groups returns, for wall colouring c, whether every wall stone can be
// joined through stones of its colour among the walls to an anchor, and
// the number of such one-colour wall groups (fewer look more natural).
func (pl *placement) groups(c uint32) (liveable bool, n int) {
	var parent [32]int8
	for i := range pl.walls {
		parent[i] = int8(i)
	}
	var find func(i int8) int8
	find = func(i int8) int8 {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for _, e := range pl.adj {
		if (c>>e[0])&1 == (c>>e[1])&1 {
			a, b := find(int8(e[0])), find(int8(e[1]))
			if a != b {
				parent[a] = b
			}
		}
	}
	var anchored uint32
	for i := range pl.walls {
		if pl.anchor&(1<<i) != 0 {
			anchored |= 1 << find(int8(i))
		}
	}
	liveable = true
	for i := range pl.walls {
		r := find(int8(i))
		if r == int8(i) {
			n++
		}
		if anchored&(1<<r) == 0 {
			liveable = false
		}
	}
	return liveable, n
}

// classChoice is the best wall colouring found for one class vector.
type classChoice struct {
	colouring uint32
	liveable  bool
	groups    int
	count     int // colourings giving this class vector
}

// classVectors enumerates every wall colouring of pl and returns, per
// class vector (as symbols of empty points), the colouring drawn for it:
// a liveable one if any, with the fewest wall groups, then the smallest.
func (pl *placement) classVectors() map[string]*classChoice {
	out := map[string]*classChoice{}
	buf := make([]byte, len(pl.area))
	for c := uint32(0); c < 1<<len(pl.walls); c++ {
		pl.classes(c, buf)
		live, n := pl.groups(c)
		k := string(buf)
		ch := out[k]
		if ch == nil {
			out[k] = &classChoice{colouring: c, liveable: live, groups: n, count: 1}
			continue
		}
		ch.count++
		if (live && !ch.liveable) || (live == ch.liveable && n < ch.groups) {
			ch.colouring, ch.liveable, ch.groups = c, live, n
		}
	}
	return out
}

// stoneFillings calls f with every placement of mortal stones on the class
// vector cls (symbols of empty points): a White stone may sit on a B
// point, a Black one on a W point, either on an E point, none on an S
// point (it would join a wall); every block of stones keeps a liberty.
func (pl *placement) stoneFillings(cls []byte, f func(syms []byte)) {
	n := len(cls)
	syms := slices.Clone(cls)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			if pl.libertiesOK(syms) {
				f(syms)
			}
			return
		}
		opts := [3]byte{cls[i]}
		k := 1
		switch cls[i] {
		case 'B':
			opts[1], k = 'b', 2
		case 'W':
			opts[1], k = 'w', 2
		case 'E':
			opts[1], opts[2], k = 'x', 'o', 3
		}
		for _, s := range opts[:k] {
			syms[i] = s
			rec(i + 1)
		}
		syms[i] = cls[i]
	}
	rec(0)
}

// libertiesOK reports whether every block of mortal stones has an empty
// neighbour in the area (walls give no liberty to mortal stones: a
// stone's own colour would have made it a wall, the other colour's are
// not liberties).
func (pl *placement) libertiesOK(syms []byte) bool {
	n := len(syms)
	var seen uint32
	for i := range n {
		st := stoneOf(syms[i])
		if st == 0 || seen&(1<<i) != 0 {
			continue
		}
		lib := false
		stack := []int{i}
		seen |= 1 << i
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			c := pl.area[j]
			for _, d := range dirs {
				k, ok := pl.in[xy{c.x + d.x, c.y + d.y}]
				if !ok {
					continue
				}
				switch s := stoneOf(syms[k]); {
				case s == 0:
					lib = true
				case s == st && seen&(1<<k) == 0:
					seen |= 1 << k
					stack = append(stack, k)
				}
			}
		}
		if !lib {
			return false
		}
	}
	return true
}

// instance builds the tile instance of pl with symbols syms and wall
// colouring c.
func (pl *placement) instance(syms []byte, c uint32) *Instance {
	in := &Instance{Orientation: pl.o}
	for i, p := range pl.area {
		in.cells = append(in.cells, cell{p, syms[i]})
	}
	for i, w := range pl.walls {
		col := byte('X')
		if c&(1<<i) != 0 {
			col = 'O'
		}
		in.walls = append(in.walls, wall{w, col})
	}
	return in
}
