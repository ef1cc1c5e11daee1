package board

// moveInfo is what analyze learns about a legal move before it is made.
type moveInfo struct {
	own     [4]Point // distinct blocks of the mover's colour next to the point
	capt    [4]Point // distinct opponent blocks the move captures
	nOwn    int8
	nCapt   int8
	empties int8 // empty neighbours of the point
}

// analyze checks the legality of a move by c at p without changing the
// board and returns what Play needs to make it.
func (b *Board) analyze(p Point, c Color) (mi moveInfo, err error) {
	b.sync()
	if c != Black && c != White {
		return mi, ErrColor
	}
	if p == Pass {
		return mi, nil
	}
	if p < 0 || int(p) >= b.size {
		return mi, ErrOffBoard
	}
	if b.color[p] != Empty {
		return mi, ErrOccupied
	}
	if p == b.ko && c == b.koColor && b.koRule != KoNone {
		return mi, ErrKo
	}
	var enemy [4]Point
	var enemyAdj [4]int32
	nEnemy := 0
	ownAdj := int32(0)
	for _, q := range b.nbrs[p] {
		qc := b.color[q]
		if qc == Empty {
			mi.empties++
			continue
		}
		h := b.head[q]
		if qc == c {
			ownAdj++
			dup := false
			for i := int8(0); i < mi.nOwn; i++ {
				if mi.own[i] == h {
					dup = true
					break
				}
			}
			if !dup {
				mi.own[mi.nOwn] = h
				mi.nOwn++
			}
			continue
		}
		i := 0
		for i < nEnemy && enemy[i] != h {
			i++
		}
		if i == nEnemy {
			enemy[i] = h
			nEnemy++
		}
		enemyAdj[i]++
	}
	for i := 0; i < nEnemy; i++ {
		if b.plibs[enemy[i]] == enemyAdj[i] {
			mi.capt[mi.nCapt] = enemy[i]
			mi.nCapt++
		}
	}
	if mi.empties == 0 && mi.nCapt == 0 {
		libs := -ownAdj
		for i := int8(0); i < mi.nOwn; i++ {
			libs += b.plibs[mi.own[i]]
		}
		if libs <= 0 {
			return mi, ErrSuicide
		}
	}
	if b.koRule == KoSuperko {
		h := b.hash ^ zobrist(p, c)
		opp := c.Opponent()
		for i := int8(0); i < mi.nCapt; i++ {
			first := mi.capt[i]
			s := first
			for {
				h ^= zobrist(s, opp)
				s = b.next[s]
				if s == first {
					break
				}
			}
		}
		if b.seen[h] > 0 {
			return mi, ErrSuperko
		}
	}
	return mi, nil
}

// Legal reports whether c may play at p now (a pass is always legal for
// Black and White).
func (b *Board) Legal(p Point, c Color) bool {
	_, err := b.analyze(p, c)
	return err == nil
}

// Play plays a stone of colour c at p, removing the opponent blocks it
// leaves without liberties, and returns the number of stones captured. An
// illegal move returns one of the Err values (ErrOffBoard, ErrOccupied,
// ErrKo, ErrSuperko, ErrSuicide, ErrColor) and leaves the board unchanged;
// under KoSuperko an immediate ko recapture is reported as ErrKo. p == Pass
// is a pass: it is recorded for Undo and clears the ko point. Play does not
// enforce alternation: either colour may move.
func (b *Board) Play(p Point, c Color) (captured int, err error) {
	mi, err := b.analyze(p, c)
	if err != nil {
		return 0, err
	}
	rec := undoRec{p: p, c: c, ko: b.ko, koColor: b.koColor, hash: b.hash}
	if p == Pass {
		b.ko, b.koColor = Pass, Empty
		b.hist = append(b.hist, rec)
		if b.koRule == KoSuperko {
			b.seen[b.hash]++
		}
		return 0, nil
	}
	opp := c.Opponent()

	// Place the stone as a block of its own.
	b.color[p] = c
	b.head[p] = p
	b.next[p] = p
	b.bsize[p] = 1
	b.plibs[p] = int32(mi.empties)
	b.hash ^= zobrist(p, c)
	for _, q := range b.nbrs[p] {
		if b.color[q] != Empty && q != p {
			b.plibs[b.head[q]]--
		}
	}

	// Join the neighbouring blocks of the same colour.
	cur := p
	for i := int8(0); i < mi.nOwn; i++ {
		cur = b.merge(cur, mi.own[i])
	}
	rec.merges = mi.nOwn

	// Remove the captured blocks.
	start := len(b.capStones)
	for i := int8(0); i < mi.nCapt; i++ {
		first := mi.capt[i]
		n := int32(0)
		s := first
		for {
			b.color[s] = Empty
			b.hash ^= zobrist(s, opp)
			b.capStones = append(b.capStones, capStone{p: s, size: b.bsize[s], plibs: b.plibs[s]})
			n++
			s = b.next[s]
			if s == first {
				break
			}
		}
		b.capBlocks = append(b.capBlocks, capBlock{head: first, n: n})
	}
	for _, cs := range b.capStones[start:] {
		for _, q := range b.nbrs[cs.p] {
			if b.color[q] != Empty {
				b.plibs[b.head[q]]++
			}
		}
	}
	captured = len(b.capStones) - start
	rec.captured = int32(captured)
	rec.capBlocks = mi.nCapt
	b.prisoners[c] += captured

	// A single stone that captured a single stone and has that point as
	// its only liberty makes a ko.
	if captured == 1 && b.bsize[cur] == 1 && b.plibs[cur] == 1 {
		b.ko, b.koColor = b.capStones[start].p, opp
	} else {
		b.ko, b.koColor = Pass, Empty
	}

	b.hist = append(b.hist, rec)
	if b.koRule == KoSuperko {
		b.seen[b.hash]++
	}
	return captured, nil
}

// merge joins the blocks with representatives a and x, records the merge
// for Undo and returns the representative of the joined block (that of the
// larger block).
func (b *Board) merge(a, x Point) Point {
	keep, abs := a, x
	if b.bsize[a] < b.bsize[x] {
		keep, abs = x, a
	}
	s := abs
	for {
		b.head[s] = keep
		s = b.next[s]
		if s == abs {
			break
		}
	}
	b.next[keep], b.next[abs] = b.next[abs], b.next[keep]
	b.bsize[keep] += b.bsize[abs]
	b.plibs[keep] += b.plibs[abs]
	b.merges = append(b.merges, merge{keep: keep, absorbed: abs})
	return keep
}

// Undo takes back the last Play (a pass included), restoring the stones,
// blocks, hash, ko point and prisoners exactly. It returns false if there is
// nothing to undo since the last Setup or Clear.
func (b *Board) Undo() bool {
	if len(b.hist) == 0 {
		return false
	}
	r := b.hist[len(b.hist)-1]
	b.hist = b.hist[:len(b.hist)-1]
	if b.koRule == KoSuperko {
		if b.seen[b.hash]--; b.seen[b.hash] <= 0 {
			delete(b.seen, b.hash)
		}
	}
	if r.p != Pass {
		p, c := r.p, r.c
		opp := c.Opponent()

		// Put the captured stones back.
		stones := b.capStones[len(b.capStones)-int(r.captured):]
		for _, cs := range stones {
			b.color[cs.p] = opp
			b.bsize[cs.p] = cs.size
			b.plibs[cs.p] = cs.plibs
		}
		for _, cs := range stones {
			for _, q := range b.nbrs[cs.p] {
				if b.color[q] == c {
					b.plibs[b.head[q]]--
				}
			}
		}
		blocks := b.capBlocks[len(b.capBlocks)-int(r.capBlocks):]
		i := 0
		for _, blk := range blocks {
			n := int(blk.n)
			for j := 0; j < n; j++ {
				s := stones[i+j].p
				b.head[s] = blk.head
				if j+1 < n {
					b.next[s] = stones[i+j+1].p
				} else {
					b.next[s] = blk.head
				}
			}
			i += n
		}
		b.capStones = b.capStones[:len(b.capStones)-int(r.captured)]
		b.capBlocks = b.capBlocks[:len(b.capBlocks)-int(r.capBlocks)]

		// Split the merged blocks, last merge first.
		ms := b.merges[len(b.merges)-int(r.merges):]
		for k := len(ms) - 1; k >= 0; k-- {
			keep, abs := ms[k].keep, ms[k].absorbed
			b.next[keep], b.next[abs] = b.next[abs], b.next[keep]
			s := abs
			for {
				b.head[s] = abs
				s = b.next[s]
				if s == abs {
					break
				}
			}
			b.bsize[keep] -= b.bsize[abs]
			b.plibs[keep] -= b.plibs[abs]
		}
		b.merges = b.merges[:len(b.merges)-int(r.merges)]

		// Lift the stone.
		b.color[p] = Empty
		for _, q := range b.nbrs[p] {
			if b.color[q] != Empty {
				b.plibs[b.head[q]]++
			}
		}
	}
	b.hash = r.hash
	b.ko, b.koColor = r.ko, r.koColor
	b.prisoners[r.c] -= int(r.captured)
	return true
}
