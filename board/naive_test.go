package board

// A deliberately simple reference implementation of the rules, used to
// check Board move by move: colours in a slice, blocks by flood fill,
// superko by comparing whole configurations.

type naive struct {
	cols, rows int
	c          []Color
	prisoners  [3]int
	ko         Point
	koColor    Color
	rule       KoRule
	history    []string // configurations since the start, for superko
}

func newNaive(cols, rows int, rule KoRule) *naive {
	n := &naive{cols: cols, rows: rows, c: make([]Color, cols*rows), ko: Pass, rule: rule}
	n.history = append(n.history, string(n.key()))
	return n
}

func (n *naive) key() []byte {
	k := make([]byte, len(n.c))
	for i, c := range n.c {
		k[i] = byte(c)
	}
	return k
}

func (n *naive) nbrs(p Point) []Point {
	col, row := int(p)%n.cols, int(p)/n.cols
	var out []Point
	if row > 0 {
		out = append(out, p-Point(n.cols))
	}
	if col > 0 {
		out = append(out, p-1)
	}
	if col < n.cols-1 {
		out = append(out, p+1)
	}
	if row < n.rows-1 {
		out = append(out, p+Point(n.cols))
	}
	return out
}

// group returns the block at p and its number of distinct liberties.
func (n *naive) group(p Point) (stones []Point, libs int) {
	col := n.c[p]
	seen := map[Point]bool{p: true}
	libSeen := map[Point]bool{}
	stack := []Point{p}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		stones = append(stones, s)
		for _, q := range n.nbrs(s) {
			switch {
			case n.c[q] == Empty:
				libSeen[q] = true
			case n.c[q] == col && !seen[q]:
				seen[q] = true
				stack = append(stack, q)
			}
		}
	}
	return stones, len(libSeen)
}

func (n *naive) play(p Point, c Color) (int, error) {
	if c != Black && c != White {
		return 0, ErrColor
	}
	if p == Pass {
		n.ko, n.koColor = Pass, Empty
		n.history = append(n.history, string(n.key()))
		return 0, nil
	}
	if p < 0 || int(p) >= len(n.c) {
		return 0, ErrOffBoard
	}
	if n.c[p] != Empty {
		return 0, ErrOccupied
	}
	if n.rule != KoNone && p == n.ko && c == n.koColor {
		return 0, ErrKo
	}
	saved := append([]Color(nil), n.c...)
	n.c[p] = c
	var captured []Point
	for _, q := range n.nbrs(p) {
		if n.c[q] == c.Opponent() {
			stones, libs := n.group(q)
			if libs == 0 {
				for _, s := range stones {
					n.c[s] = Empty
				}
				captured = append(captured, stones...)
			}
		}
	}
	own, libs := n.group(p)
	if libs == 0 {
		n.c = saved
		return 0, ErrSuicide
	}
	k := string(n.key())
	if n.rule == KoSuperko {
		for _, h := range n.history {
			if h == k {
				n.c = saved
				return 0, ErrSuperko
			}
		}
	}
	n.history = append(n.history, k)
	n.prisoners[c] += len(captured)
	if len(captured) == 1 && len(own) == 1 && libs == 1 {
		n.ko, n.koColor = captured[0], c.Opponent()
	} else {
		n.ko, n.koColor = Pass, Empty
	}
	return len(captured), nil
}

func (n *naive) hash() uint64 {
	var h uint64
	for i, c := range n.c {
		if c != Empty {
			h ^= zobrist(Point(i), c)
		}
	}
	return h
}
