package safety

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mathgo/mathgo/board"
)

// partitionInfo is the board cut by a set of walls: the regions (connected
// sets of points that hold no wall stone), and for each the colour of
// which it is an eye region (Empty if none) or, failing that, an enclosed
// region.
type partitionInfo struct {
	regions  [][]board.Point // each increasing
	regionOf []int32         // per point: region index, -1 for a wall stone
	owner    []board.Color   // per region: the colour it is an eye region of
	enclosed []board.Color   // per region that is no eye region: the colour whose walls alone bound it, if it holds none of its stones
	walls    [][]int32       // per region: the wall blocks next to it (block indexes, increasing)
}

// partition cuts b by the wall stones marked in wall. A region is an eye
// region of colour c (owner c) when every wall stone next to it is of
// colour c and every point of it touches a wall stone of colour c: the
// settled territory of the tile valuation, in which the other colour can
// never make an eye.
func partition(b *board.Board, wall []bool, blockOf []int32) *partitionInfo {
	n := b.Size()
	pi := &partitionInfo{regionOf: make([]int32, n)}
	for i := range pi.regionOf {
		pi.regionOf[i] = -1
	}
	var stack []board.Point
	for p0 := 0; p0 < n; p0++ {
		p := board.Point(p0)
		if wall[p] || pi.regionOf[p] >= 0 {
			continue
		}
		id := int32(len(pi.regions))
		var pts []board.Point
		pi.regionOf[p] = id
		stack = append(stack[:0], p)
		for len(stack) > 0 {
			q := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			pts = append(pts, q)
			for _, r := range b.Neighbors(q) {
				if !wall[r] && pi.regionOf[r] < 0 {
					pi.regionOf[r] = id
					stack = append(stack, r)
				}
			}
		}
		slices.Sort(pts)
		pi.regions = append(pi.regions, pts)
	}
	pi.owner = make([]board.Color, len(pi.regions))
	pi.enclosed = make([]board.Color, len(pi.regions))
	pi.walls = make([][]int32, len(pi.regions))
	for i, reg := range pi.regions {
		black, white, allTouch := false, false, true
		var holds [3]bool
		var adj []int32
		for _, p := range reg {
			holds[b.At(p)] = true
			touch := [3]bool{}
			for _, q := range b.Neighbors(p) {
				if !wall[q] {
					continue
				}
				c := b.At(q)
				touch[c] = true
				if !slices.Contains(adj, blockOf[q]) {
					adj = append(adj, blockOf[q])
				}
			}
			black = black || touch[board.Black]
			white = white || touch[board.White]
			if !touch[board.Black] && !touch[board.White] {
				allTouch = false
			}
		}
		slices.Sort(adj)
		pi.walls[i] = adj
		if black == white {
			continue
		}
		c := board.Black
		if white {
			c = board.White
		}
		switch {
		case allTouch:
			// Only one colour's walls touch the region, and every point
			// touches one of them.
			pi.owner[i] = c
		case !holds[c]:
			pi.enclosed[i] = c
		}
	}
	return pi
}

// homeOf returns the eye regions of colour c next to the given stones,
// and with big the enclosed regions of c too, increasing.
func (pi *partitionInfo) homeOf(b *board.Board, stones []board.Point, c board.Color, big bool) []int32 {
	var out []int32
	for _, p := range stones {
		for _, q := range b.Neighbors(p) {
			r := pi.regionOf[q]
			if r >= 0 && (pi.owner[r] == c || (big && pi.enclosed[r] == c)) && !slices.Contains(out, r) {
				out = append(out, r)
			}
		}
	}
	slices.Sort(out)
	return out
}

// group is a set of candidate blocks of one colour that share eye regions
// or enclosed regions (they live or die together), with those regions and
// the settled blocks of the same colour next to them (anchors: never
// captured).
type group struct {
	color   board.Color
	targets []int           // candidate block indexes, increasing
	regions [][]board.Point // eye regions
	big     [][]board.Point // enclosed regions (not eye regions)
	anchors []int           // settled block indexes, increasing
	key     string
}

// groups joins the candidates that share eye regions; every candidate
// must have one (dropEyeless ran). Groups come in the reading order of
// their first blocks.
func (s *settler) groups(part *partitionInfo) []*group {
	parent := make([]int, len(s.blocks))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for r, walls := range part.walls {
		if part.owner[r] == board.Empty && part.enclosed[r] == board.Empty {
			continue
		}
		first := -1
		for _, w := range walls {
			if !s.candidate(int(w)) {
				continue
			}
			if first < 0 {
				first = int(w)
				continue
			}
			a, c := find(first), find(int(w))
			if a != c {
				parent[max(a, c)] = min(a, c)
			}
		}
	}
	byRoot := map[int]*group{}
	var out []*group
	for i, blk := range s.blocks {
		if !s.candidate(i) {
			continue
		}
		root := find(i)
		g := byRoot[root]
		if g == nil {
			g = &group{color: blk.color}
			byRoot[root] = g
			out = append(out, g)
		}
		g.targets = append(g.targets, i)
	}
	for _, g := range out {
		var regs []int32
		for _, t := range g.targets {
			for _, r := range part.homeOf(s.b, s.blocks[t].stones, g.color, true) {
				if !slices.Contains(regs, r) {
					regs = append(regs, r)
				}
			}
		}
		slices.Sort(regs)
		var sb strings.Builder
		for _, t := range g.targets {
			sb.WriteString(strconv.Itoa(t))
			sb.WriteByte(',')
		}
		for _, r := range regs {
			sb.WriteByte('|')
			if part.owner[r] != board.Empty {
				g.regions = append(g.regions, part.regions[r])
			} else {
				g.big = append(g.big, part.regions[r])
				sb.WriteByte('+')
			}
			for _, p := range part.regions[r] {
				sb.WriteString(strconv.Itoa(int(p)))
				sb.WriteByte(',')
			}
			for _, w := range part.walls[r] {
				if !s.candidate(int(w)) && !slices.Contains(g.anchors, int(w)) {
					g.anchors = append(g.anchors, int(w))
				}
			}
		}
		slices.Sort(g.anchors)
		g.key = sb.String()
	}
	return out
}

// empties counts the empty points of the group's eye regions, and with
// big of its enclosed regions too.
func (g *group) empties(b *board.Board, big bool) int {
	n := 0
	regs := g.regions
	if big {
		regs = append(slices.Clone(regs), g.big...)
	}
	for _, reg := range regs {
		for _, p := range reg {
			if b.At(p) == board.Empty {
				n++
			}
		}
	}
	return n
}

// wideTargets returns the targets next to no eye region of their own
// colour (only enclosed regions), increasing: the first tier can prove a
// group only when there is none.
func (s *settler) wideTargets(part *partitionInfo, g *group) []int {
	var wide []int
	for _, t := range g.targets {
		if len(part.homeOf(s.b, s.blocks[t].stones, g.color, false)) == 0 {
			wide = append(wide, t)
		}
	}
	return wide
}
