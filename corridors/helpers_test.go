package corridors

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/tiles"
)

// Placements of a generated corridor on its board.
var placements = []string{"centre", "edge", "corner", "bent"}

// corridorSpec describes a corridor to draw, with Black as the owner: its
// points from the near end to the far end ('.' empty, 'O' an invader
// stone) and whether each end touches the invader's wall.
type corridorSpec struct {
	cells           string
	nearInv, farInv bool
	owner           board.Color
	placement       string
}

// familySpec returns the drawing of a family's corridor of length n: the
// mouth is the far end; a gote corridor has its stone at the near end.
func familySpec(typ string, n int, owner board.Color, placement string) corridorSpec {
	s := corridorSpec{cells: strings.Repeat(".", n), farInv: true, owner: owner, placement: placement}
	switch typ {
	case TypeUnblocked:
		s.nearInv = true
	case TypeGote:
		s.cells = "O" + strings.Repeat(".", n-1)
	}
	return s
}

// diagram draws the corridor on a whole board (borders on all four
// sides): in the centre (walls all round), along the bottom edge (the
// edge is one long side), in the lower-left corner (along the bottom edge
// with the near end at the left edge, or the invader's stone in the
// corner when the near end is open) or bent into an L in the centre.
func (s corridorSpec) diagram() string {
	n := len(s.cells)
	type pt struct{ r, c int }
	var path []pt
	var rows, cols int
	var nearDir, farDir pt
	switch s.placement {
	case "centre", "edge":
		rows, cols = 5, n+4
		if s.placement == "edge" {
			rows = 3
		}
		for i := range n {
			path = append(path, pt{2, 2 + i})
		}
		nearDir, farDir = pt{0, -1}, pt{0, 1}
	case "corner":
		rows, cols = 3, n+2
		off := 0
		if s.nearInv {
			off, cols = 1, n+3
		}
		for i := range n {
			path = append(path, pt{2, off + i})
		}
		nearDir, farDir = pt{0, -1}, pt{0, 1}
	case "bent":
		rows, cols = n+4, n+4
		k := (n + 1) / 2
		for i := range k {
			path = append(path, pt{rows - 3, 2 + i})
		}
		for i := range n - k {
			path = append(path, pt{rows - 4 - i, k + 1})
		}
		nearDir, farDir = pt{0, -1}, pt{0, 1}
		if n > k {
			farDir = pt{-1, 0}
		}
	default:
		panic("unknown placement " + s.placement)
	}
	wall, inv, stone := "#", "@", "O"
	if s.owner == board.White {
		wall, inv, stone = "@", "#", "X"
	}
	grid := make([][]string, rows)
	for r := range grid {
		grid[r] = make([]string, cols)
		for c := range grid[r] {
			grid[r][c] = wall
		}
	}
	for i, p := range path {
		grid[p.r][p.c] = "."
		if s.cells[i] == 'O' {
			grid[p.r][p.c] = stone
		}
	}
	line := func(from, dir pt) {
		for p := (pt{from.r + dir.r, from.c + dir.c}); p.r >= 0 && p.r < rows && p.c >= 0 && p.c < cols; p = (pt{p.r + dir.r, p.c + dir.c}) {
			grid[p.r][p.c] = inv
		}
	}
	if s.nearInv {
		line(path[0], nearDir)
	}
	if s.farInv {
		line(path[n-1], farDir)
	}
	var sb strings.Builder
	border := "+" + strings.Repeat("-", 2*cols-1) + "+\n"
	sb.WriteString(border)
	for _, r := range grid {
		sb.WriteString("|" + strings.Join(r, " ") + "|\n")
	}
	sb.WriteString(border)
	return sb.String()
}

// analyzeText parses and analyzes a diagram.
func analyzeText(t testing.TB, name, text string) *tiles.Analysis {
	t.Helper()
	pos, err := position.Parse(name, []byte(text))
	if err != nil {
		t.Fatalf("%s: parse: %v\n%s", name, err, text)
	}
	a, err := tiles.Analyze(pos, tiles.Options{})
	if err != nil {
		t.Fatalf("%s: analyze: %v", name, err)
	}
	if len(a.Problems) > 0 {
		t.Fatalf("%s: problems %v\n%s", name, a.Problems, text)
	}
	return a
}

// onlyTile returns the one tile of a generated corridor board.
func onlyTile(t testing.TB, name string, a *tiles.Analysis, text string) *tiles.Tile {
	t.Helper()
	if len(a.Tiles) != 1 {
		var ids []string
		for _, tl := range a.Tiles {
			ids = append(ids, fmt.Sprintf("%s%v", tl.ID, tl.Points))
		}
		t.Fatalf("%s: %d tiles %v, want 1\n%s", name, len(a.Tiles), ids, text)
	}
	return a.Tiles[0]
}
