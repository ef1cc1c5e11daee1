package endgame

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
)

// openBoard is a 13x13 board cut by a Black wall on column D and a White
// wall on column K: Black's area A to C, White's L to N (39 points each),
// and between the walls an open area of 65 points touching both, too
// large for a tile.
func openBoard() []string {
	var rows []string
	for range 13 {
		rows = append(rows, "...X.....O....")
	}
	for i := range rows {
		rows[i] = rows[i][:13]
	}
	return rows
}

// TestCarveOpenArea: under assumptions (every wall alive), the open area
// between the walls is carved: its points within two of one colour's
// stones and farther from the other's (E and F for Black, H and J for
// White) are assumed territory, each listed and credited, and column G is
// left a tile of its own. The score is then exact and conditional:
// Black's 39 + 26 points against White's 26 + 39, 0 with either side
// first. The
// prisoners shown are the board's, the credits apart.
func TestCarveOpenArea(t *testing.T) {
	pos := testpos.Rows(openBoard())
	plain, err := Analyze(pos, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if plain.Exact() {
		t.Fatal("the board is exact without assumptions: the test needs walls the analysis cannot settle")
	}
	r, err := Analyze(pos, Options{Assume: &fixedSource{status: AssumedAlive}})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Exact() || !r.Conditional() {
		t.Fatalf("exact %v, conditional %v; problems %q", r.Exact(), r.Conditional(), r.Problems)
	}
	b := pos.Board
	carved := map[board.Color]int{}
	for _, a := range r.Assumptions {
		if a.Source != carveSource {
			continue
		}
		carved[a.Color] += a.Points
		if !strings.Contains(a.Why, "could not be valued") {
			t.Errorf("the carving of %s says %q", b.Name(a.Block), a.Why)
		}
	}
	if carved[board.Black] != 26 || carved[board.White] != 26 {
		t.Errorf("carved %d points for Black, %d for White: want columns E and F, H and J (26 each)", carved[board.Black], carved[board.White])
	}
	ab := r.Analysis.Board()
	for p := range ab.Size() {
		x, _ := ab.Coords(board.Point(p))
		want := board.Empty
		switch x {
		case 3, 4, 5:
			want = board.Black
		case 7, 8, 9:
			want = board.White
		}
		if got := ab.At(board.Point(p)); got != want && x != 6 && x < 10 {
			t.Fatalf("%s is %s on the analyzed board, want %s", ab.Name(board.Point(p)), got, want)
		}
	}
	for _, c := range []board.Color{board.Black, board.White} {
		if s, ok := r.Japanese(c); !ok || !s.Equal(cgt.DyadicInt(0)) {
			t.Errorf("%s first: Japanese %v (known %v), want 0", c, s, ok)
		}
	}
	// Area counting: the carved stones are walls and count as area, as
	// the territory they stand for would; the 13 dame of column G go 7
	// to the first player, 6 to the other.
	for c, want := range map[board.Color]int64{board.Black: 1, board.White: -1} {
		if s, err := r.Score(rules.Chinese, c); err != nil || !s.Equal(cgt.DyadicInt(want)) {
			t.Errorf("%s first: Chinese %v (%v), want %d", c, s, err, want)
		}
	}
	j := r.JSON(0)
	if j.Prisoners.Black != 0 || j.Prisoners.White != 0 {
		t.Errorf("prisoners shown %d and %d, want none: the credits are not prisoners", j.Prisoners.Black, j.Prisoners.White)
	}
	if r.Analysis.Prisoners[board.Black] != 26 || r.Analysis.Prisoners[board.White] != 26 {
		t.Errorf("the analysis holds %d and %d with the prisoners, want the credits 26 and 26", r.Analysis.Prisoners[board.Black], r.Analysis.Prisoners[board.White])
	}
}

// TestCarveKeep: a source that says which points stay empty (a game
// record's, KeepsEmpty) limits the carving to them; and a point next to
// a stone that is not immortal already (a wall the analysis proved, say)
// is not carved, so that the wall keeps its proof.
func TestCarveKeep(t *testing.T) {
	pos := testpos.Rows(openBoard())
	b := pos.Board
	areas := [][]board.Point{}
	var area []board.Point
	for p := range b.Size() {
		if x, _ := b.Coords(board.Point(p)); x > 3 && x < 9 { // E to J
			area = append(area, board.Point(p))
		}
	}
	areas = append(areas, area)
	nb := b.Clone()
	imm := make([]bool, b.Size())
	for p := range b.Size() {
		imm[p] = b.At(board.Point(p)) != board.Empty
	}
	keep := func(p board.Point) bool { x, _ := b.Coords(p); return x != 4 } // column E is played later
	list, credit := carveOpenAreas(nb, imm, areas, keep, carveSource)
	if credit[board.Black] != 13 || credit[board.White] != 26 || len(list) != 2 {
		t.Fatalf("credits %v in %d assumptions, want F for Black, H and J for White", credit, len(list))
	}
	for p := range b.Size() {
		if x, _ := b.Coords(board.Point(p)); x == 4 && nb.At(board.Point(p)) != board.Empty {
			t.Fatalf("%s carved, though it does not stay empty", b.Name(board.Point(p)))
		}
	}
	if nb.Prisoners(board.Black) != 13 || nb.Prisoners(board.White) != 26 {
		t.Errorf("prisoners with the credits: %d and %d, want 13 and 26", nb.Prisoners(board.Black), nb.Prisoners(board.White))
	}
	// Column D not marked immortal: E, next to it, stays empty.
	nb = b.Clone()
	for p := range b.Size() {
		x, _ := b.Coords(board.Point(p))
		imm[p] = b.At(board.Point(p)) != board.Empty && x != 3
	}
	_, credit = carveOpenAreas(nb, imm, areas, nil, carveSource)
	if credit[board.Black] != 13 {
		t.Errorf("credit %d for Black with D unmarked, want F's 13", credit[board.Black])
	}
	for p := range b.Size() {
		if x, _ := b.Coords(board.Point(p)); x == 4 && nb.At(board.Point(p)) != board.Empty {
			t.Fatalf("%s carved next to a stone not immortal", b.Name(board.Point(p)))
		}
	}
}

// TestCarveRandom: on random 9x9 boards, every point carved was empty,
// has a stone of its colour within two points and none of the other's
// (on the board before the carving), touches only stones of its colour
// that were immortal or carved, and is credited once; no block is left
// without a liberty; and the points the source does not keep are never
// carved.
func TestCarveRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	carvedAll := 0
	for range 400 {
		b, _ := board.New(9, 9)
		imm := make([]bool, b.Size())
		for p := range b.Size() {
			switch x := r.IntN(100); {
			case x < 8:
				b.Setup(board.Point(p), board.Black)
			case x < 16:
				b.Setup(board.Point(p), board.White)
			}
			imm[p] = b.At(board.Point(p)) != board.Empty && r.IntN(2) == 0
		}
		legal := true
		for _, blk := range b.Blocks() {
			legal = legal && b.Liberties(blk[0]) > 0
		}
		if !legal {
			continue
		}
		// The areas: the points connected through points not immortal.
		var areas [][]board.Point
		seen := make([]bool, b.Size())
		for s := range b.Size() {
			if seen[s] || imm[s] {
				continue
			}
			area := []board.Point{board.Point(s)}
			seen[s] = true
			for i := 0; i < len(area); i++ {
				for _, q := range b.Neighbors(area[i]) {
					if !seen[q] && !imm[q] {
						seen[q] = true
						area = append(area, q)
					}
				}
			}
			areas = append(areas, area)
		}
		skip := board.Point(r.IntN(b.Size()))
		keep := func(p board.Point) bool { return p != skip }
		nb, ni := b.Clone(), slices.Clone(imm)
		list, credit := carveOpenAreas(nb, ni, areas, keep, carveSource)
		within := func(p board.Point, c board.Color) bool {
			x, y := b.Coords(p)
			for q := range b.Size() {
				qx, qy := b.Coords(board.Point(q))
				if max(qx-x, x-qx)+max(qy-y, y-qy) <= carveReach && b.At(board.Point(q)) == c {
					return true
				}
			}
			return false
		}
		var count [3]int
		for p := range b.Size() {
			pt := board.Point(p)
			c := nb.At(pt)
			if c == b.At(pt) {
				continue
			}
			count[c]++
			if b.At(pt) != board.Empty || pt == skip || !within(pt, c) || within(pt, c.Opponent()) || !ni[p] {
				t.Fatalf("%s carved for %s against the rule:\n%s", b.Name(pt), c, b)
			}
			for _, q := range b.Neighbors(pt) {
				if b.At(q) == c && !imm[q] {
					t.Fatalf("%s carved next to %s, not immortal:\n%s", b.Name(pt), b.Name(q), b)
				}
			}
		}
		points := 0
		for _, a := range list {
			points += a.Points
		}
		for _, c := range []board.Color{board.Black, board.White} {
			if count[c] != credit[c] || nb.Prisoners(c) != b.Prisoners(c)+credit[c] {
				t.Fatalf("%s: %d carved, %d credited, prisoners %d", c, count[c], credit[c], nb.Prisoners(c))
			}
		}
		if points != count[board.Black]+count[board.White] {
			t.Fatalf("the assumptions list %d points, %d carved", points, count[board.Black]+count[board.White])
		}
		for _, blk := range nb.Blocks() {
			if nb.Liberties(blk[0]) == 0 {
				t.Fatalf("%s left without a liberty:\n%s", nb.Name(blk[0]), nb)
			}
		}
		carvedAll += count[board.Black] + count[board.White]
	}
	if carvedAll == 0 {
		t.Fatal("nothing carved on any board: the test checks nothing")
	}
}

// TestCarryBackCaptured: carried back from the end of a game, a block
// whose stones are all captured later is assumed dead, named as the game
// record's; a stone taken in a ko gets no status; and a block still on
// the board at the end keeps the source's status.
func TestCarryBackCaptured(t *testing.T) {
	// 5x5. Moves: 1 B A2, 2 W A1, 3 B B1 (takes A1), 4 W C1, 5 B E2,
	// 6 W D2, 7 B A5, 8 W E1 (in atari), 9 B D1 (takes E1: a ko, D1 alone
	// with that one liberty), then two passes.
	sgf := "(;GM[1]SZ[5]KM[0];B[ad];W[ae];B[be];W[ce];B[ed];W[dd];B[aa];W[ee];B[de];W[];B[])"
	g, err := position.ParseGame("captured.sgf", []byte(sgf))
	if err != nil {
		t.Fatal(err)
	}
	src := CarryBack(g, &fixedSource{status: AssumedAlive})
	after := func(n int) *position.Position {
		pos, err := g.PositionAfter(n)
		if err != nil {
			t.Fatal(err)
		}
		return pos
	}
	pos2 := after(2)
	a1 := pos2.Board.Pt(0, 0)
	st, err := src.Statuses(pos2, []board.Point{a1})
	if err != nil {
		t.Fatal(err)
	}
	if st[a1] != AssumedDead {
		t.Errorf("W A1, captured at move 3: status %q after move 2, want dead", st[a1])
	}
	if s := src.(BlockSource).SourceOf(pos2, a1); s != capturedSource {
		t.Errorf("its source %q, want the game record", s)
	}
	pos8 := after(8)
	e1 := pos8.Board.Pt(4, 0)
	if pos8.Board.At(e1) != board.White || after(9).Board.KoPoint() != e1 {
		t.Fatalf("want W E1 after move 8 and a ko at E1 after move 9:\n%s\n%s", pos8.Board, after(9).Board)
	}
	st, err = src.Statuses(pos8, []board.Point{e1})
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := st[e1]; ok {
		t.Errorf("W E1, taken in a ko at move 9: status %q, want none", s)
	}
	a2 := pos2.Board.Pt(0, 1)
	st, err = src.Statuses(pos2, []board.Point{a2})
	if err != nil {
		t.Fatal(err)
	}
	if st[a2] != AssumedAlive {
		t.Errorf("B A2, on the board at the end: status %q, want the source's alive", st[a2])
	}
}
