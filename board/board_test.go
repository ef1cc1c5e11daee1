package board

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// load builds a board from diagram rows, top row first: X black, O white,
// anything else empty; spaces are ignored.
func load(t testing.TB, rows ...string) *Board {
	t.Helper()
	grid := make([]string, len(rows))
	for i, r := range rows {
		grid[i] = strings.ReplaceAll(r, " ", "")
	}
	b, err := New(len(grid[0]), len(grid))
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range grid {
		if len(r) != b.Cols() {
			t.Fatalf("ragged test diagram row %d", i)
		}
		row := len(grid) - 1 - i
		for col, ch := range r {
			switch ch {
			case 'X':
				b.Setup(b.Pt(col, row), Black)
			case 'O':
				b.Setup(b.Pt(col, row), White)
			}
		}
	}
	return b
}

// picture returns the stones of b as rows, top first, in load's format.
func picture(b *Board) []string {
	var out []string
	for row := b.Rows() - 1; row >= 0; row-- {
		var sb strings.Builder
		for col := 0; col < b.Cols(); col++ {
			switch b.At(b.Pt(col, row)) {
			case Black:
				sb.WriteByte('X')
			case White:
				sb.WriteByte('O')
			default:
				sb.WriteByte('.')
			}
		}
		out = append(out, sb.String())
	}
	return out
}

func mustPt(t testing.TB, b *Board, name string) Point {
	t.Helper()
	p, err := b.ParsePoint(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestNew(t *testing.T) {
	for _, tc := range []struct {
		cols, rows int
		ok         bool
	}{
		{1, 1, true}, {19, 19, true}, {25, 25, true}, {9, 5, true}, {25, 1, true},
		{0, 5, false}, {5, 0, false}, {26, 5, false}, {5, 26, false}, {-1, -1, false},
	} {
		b, err := New(tc.cols, tc.rows)
		if (err == nil) != tc.ok {
			t.Errorf("New(%d,%d) error %v, want ok=%v", tc.cols, tc.rows, err, tc.ok)
			continue
		}
		if tc.ok && (b.Cols() != tc.cols || b.Rows() != tc.rows || b.Size() != tc.cols*tc.rows) {
			t.Errorf("New(%d,%d) = %dx%d size %d", tc.cols, tc.rows, b.Cols(), b.Rows(), b.Size())
		}
	}
}

func TestColor(t *testing.T) {
	if Black.Opponent() != White || White.Opponent() != Black || Empty.Opponent() != Empty {
		t.Error("Opponent wrong")
	}
	for c, want := range map[Color]string{Empty: "empty", Black: "black", White: "white", 7: "color(7)"} {
		if got := c.String(); got != want {
			t.Errorf("Color(%d).String() = %q, want %q", uint8(c), got, want)
		}
	}
}

func TestNames(t *testing.T) {
	b19, _ := New(19, 19)
	b25, _ := New(25, 25)
	b9x5, _ := New(9, 5)
	for _, tc := range []struct {
		b        *Board
		name     string
		col, row int
	}{
		{b19, "A1", 0, 0},
		{b19, "T19", 18, 18},
		{b19, "J10", 8, 9},
		{b19, "H8", 7, 7},
		{b25, "Z25", 24, 24},
		{b25, "Y1", 23, 0},
		{b9x5, "J5", 8, 4},
	} {
		p := tc.b.Pt(tc.col, tc.row)
		if got := tc.b.Name(p); got != tc.name {
			t.Errorf("Name(%d,%d) = %q, want %q", tc.col, tc.row, got, tc.name)
		}
		for _, s := range []string{tc.name, strings.ToLower(tc.name)} {
			q, err := tc.b.ParsePoint(s)
			if err != nil || q != p {
				t.Errorf("ParsePoint(%q) = %v, %v; want %v", s, q, err, p)
			}
		}
		if c, r := tc.b.Coords(p); c != tc.col || r != tc.row {
			t.Errorf("Coords(%v) = %d,%d", p, c, r)
		}
	}
	if b19.Name(Pass) != "pass" {
		t.Error("Name(Pass)")
	}
	for _, s := range []string{"pass", "PASS", "Pass"} {
		if p, err := b19.ParsePoint(s); err != nil || p != Pass {
			t.Errorf("ParsePoint(%q) = %v, %v", s, p, err)
		}
	}
	for _, s := range []string{"", "A", "I5", "i5", "A0", "A01", "A20", "U1", "Z25", "5A", "A-1", "AA1", "A 1", "A1000", "passs"} {
		_, err := b19.ParsePoint(s)
		if err == nil {
			t.Errorf("ParsePoint(%q) succeeded on 19x19", s)
			continue
		}
		if !strings.Contains(err.Error(), `"`+s+`"`) {
			t.Errorf("ParsePoint(%q) error %q does not name the text", s, err)
		}
	}
	// Every point round-trips on a rectangular board.
	for p := Point(0); int(p) < b9x5.Size(); p++ {
		if q, err := b9x5.ParsePoint(b9x5.Name(p)); err != nil || q != p {
			t.Errorf("round trip of %v: %v %v", p, q, err)
		}
	}
}

func TestNeighbors(t *testing.T) {
	b, _ := New(5, 3)
	for name, want := range map[string][]string{
		"A1": {"B1", "A2"},
		"E1": {"D1", "E2"},
		"A3": {"A2", "B3"},
		"E3": {"E2", "D3"},
		"C1": {"B1", "D1", "C2"},
		"A2": {"A1", "B2", "A3"},
		"C2": {"C1", "B2", "D2", "C3"},
	} {
		var got []string
		for _, q := range b.Neighbors(mustPt(t, b, name)) {
			got = append(got, b.Name(q))
		}
		if !slices.Equal(got, want) {
			t.Errorf("Neighbors(%s) = %v, want %v", name, got, want)
		}
	}
	one, _ := New(1, 1)
	if n := one.Neighbors(0); len(n) != 0 {
		t.Errorf("1x1 board neighbours %v", n)
	}
	if b.Neighbors(-1) != nil || b.Neighbors(15) != nil {
		t.Error("Neighbors off the board should be nil")
	}
}

func TestLibertiesAndBlocks(t *testing.T) {
	b := load(t,
		"X.O..",
		"XX.OO",
		".....",
		"....X",
	)
	for _, tc := range []struct {
		at     string
		libs   []string
		block  []string
		isSelf bool
	}{
		{"A4", []string{"B4", "A2", "C3", "B2"}, []string{"A3", "B3", "A4"}, true},
		{"C4", []string{"B4", "D4", "C3"}, []string{"C4"}, true},
		{"D3", []string{"C3", "D4", "E4", "D2", "E2"}, []string{"D3", "E3"}, true},
		{"E1", []string{"D1", "E2"}, []string{"E1"}, true},
		{"B1", nil, nil, false},
	} {
		p := mustPt(t, b, tc.at)
		var wantLibs, wantBlock []Point
		for _, s := range tc.libs {
			wantLibs = append(wantLibs, mustPt(t, b, s))
		}
		for _, s := range tc.block {
			wantBlock = append(wantBlock, mustPt(t, b, s))
		}
		slices.Sort(wantLibs)
		slices.Sort(wantBlock)
		if got := b.LibertyPoints(p); !slices.Equal(got, wantLibs) {
			t.Errorf("LibertyPoints(%s) = %v, want %v", tc.at, got, wantLibs)
		}
		if got := b.Liberties(p); got != len(wantLibs) {
			t.Errorf("Liberties(%s) = %d, want %d", tc.at, got, len(wantLibs))
		}
		if got := b.Block(p); !slices.Equal(got, wantBlock) {
			t.Errorf("Block(%s) = %v, want %v", tc.at, got, wantBlock)
		}
		if got := b.BlockSize(p); got != len(wantBlock) {
			t.Errorf("BlockSize(%s) = %d", tc.at, got)
		}
	}
	blocks := b.Blocks()
	if len(blocks) != 4 {
		t.Fatalf("Blocks() = %v, want 4 blocks", blocks)
	}
	for i := 1; i < len(blocks); i++ {
		if blocks[i-1][0] >= blocks[i][0] {
			t.Errorf("Blocks not ordered by smallest point: %v", blocks)
		}
	}
	if !b.SameBlock(mustPt(t, b, "A3"), mustPt(t, b, "B3")) || b.SameBlock(mustPt(t, b, "A3"), mustPt(t, b, "C4")) {
		t.Error("SameBlock wrong")
	}
}

func TestString(t *testing.T) {
	b := load(t,
		"X.O",
		".X.",
	)
	want := "    A B C\n" +
		" 2  X . O 2\n" +
		" 1  . X . 1\n" +
		"    A B C\n"
	if got := b.String(); got != want {
		t.Errorf("String() =\n%s\nwant\n%s", got, want)
	}
}

func TestSetupAndClear(t *testing.T) {
	b, _ := New(5, 5)
	a1, b1, a2 := b.Pt(0, 0), b.Pt(1, 0), b.Pt(0, 1)
	if _, err := b.Play(b.Pt(2, 2), Black); err != nil {
		t.Fatal(err)
	}
	b.Setup(a1, White)
	b.Setup(b1, Black)
	b.Setup(a2, Black)
	if b.MoveNumber() != 0 || b.Undo() {
		t.Error("Setup should clear the history")
	}
	// Setup allows a block without liberties and makes no capture.
	if b.At(a1) != White || b.Liberties(a1) != 0 {
		t.Errorf("setup stone A1: %v with %d liberties", b.At(a1), b.Liberties(a1))
	}
	// Removing a stone by setup splits a block.
	b.Setup(b.Pt(1, 1), Black)
	if b.BlockSize(b1) != 3 {
		t.Errorf("B1 block size %d, want 3", b.BlockSize(b1))
	}
	b.Setup(b.Pt(1, 1), Empty)
	if b.BlockSize(b1) != 1 || b.BlockSize(a2) != 1 {
		t.Errorf("after removing B2: sizes %d %d", b.BlockSize(b1), b.BlockSize(a2))
	}
	// Ignored setups.
	b.Setup(-5, Black)
	b.Setup(25, Black)
	b.Setup(0, Color(9))
	if b.At(a1) != White {
		t.Error("invalid setup changed the board")
	}
	n := newNaive(5, 5, KoNone)
	copy(n.c, b.color)
	if b.Hash() != n.hash() {
		t.Error("hash after setup differs from the reference")
	}
	b.Clear()
	if b.Hash() != 0 || len(b.Blocks()) != 0 || b.Prisoners(Black) != 0 {
		t.Error("Clear left something")
	}
}

func TestErrorsAreSentinels(t *testing.T) {
	b := load(t,
		".X.",
		"X.X",
		".X.",
	)
	for _, tc := range []struct {
		p    Point
		c    Color
		want error
	}{
		{b.Pt(1, 1), White, ErrSuicide},
		{b.Pt(1, 2), White, ErrOccupied},
		{9, Black, ErrOffBoard},
		{-2, Black, ErrOffBoard},
		{b.Pt(0, 0), Empty, ErrColor},
		{b.Pt(0, 0), Color(3), ErrColor},
		{Pass, Empty, ErrColor},
	} {
		h := b.Hash()
		_, err := b.Play(tc.p, tc.c)
		if !errors.Is(err, tc.want) {
			t.Errorf("Play(%v,%v) = %v, want %v", tc.p, tc.c, err, tc.want)
		}
		if b.Legal(tc.p, tc.c) {
			t.Errorf("Legal(%v,%v) = true", tc.p, tc.c)
		}
		if b.Hash() != h || b.MoveNumber() != 0 {
			t.Error("illegal move changed the board")
		}
	}
}
