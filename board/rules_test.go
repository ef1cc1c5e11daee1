package board

import (
	"errors"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// step is one move of a rules case: colour ('B' or 'W'), point name,
// the stones it should capture, and the error it should give (nil if legal).
type step struct {
	color   byte
	at      string
	capture int
	err     error
}

type rulesCase struct {
	name  string
	rule  KoRule
	start []string
	moves []step
	end   []string // the board after the moves (nil: not checked)
	ko    string   // KoPoint after the moves ("" for none)
}

func colorOf(c byte) Color {
	if c == 'B' {
		return Black
	}
	return White
}

// Figures 2, 3, 4 and the snapbacks follow the cases of the 5x5 capture
// model in shared/seeds/003: full-board blocks, a throw-in that captures,
// self-capture, and snapback.
var rulesCases = []rulesCase{
	{
		name:  "single stone in the centre",
		start: []string{".....", "..X..", ".XO..", "..X..", "....."},
		moves: []step{{'B', "D3", 1, nil}},
		end:   []string{".....", "..X..", ".X.X.", "..X..", "....."},
	},
	{
		name:  "corner stone has two liberties",
		start: []string{"...", "...", "O.."},
		moves: []step{{'B', "A2", 0, nil}, {'B', "B1", 1, nil}},
		end:   []string{"...", "X..", ".X."},
	},
	{
		name:  "edge stone has three liberties",
		start: []string{"....", "....", "....", ".O.."},
		moves: []step{{'B', "A1", 0, nil}, {'B', "C1", 0, nil}, {'B', "B2", 1, nil}},
		end:   []string{"....", "....", ".X..", "X.X."},
	},
	{
		name:  "two blocks captured by one move",
		start: []string{"XOXX.", "XO.OX", "XXXOX", "...X.", "....."},
		moves: []step{{'B', "C4", 4, nil}},
		end:   []string{"X.XX.", "X.X.X", "XXX.X", "...X.", "....."},
	},
	{
		name:  "four blocks captured by one move",
		start: []string{".XOX.", "XO.OX", ".XOX.", "..X..", "....."},
		moves: []step{{'B', "C4", 4, nil}},
		end:   []string{".X.X.", "X.X.X", ".X.X.", "..X..", "....."},
	},
	{
		name:  "capture that looks like suicide",
		start: []string{".OX..", "OX...", "X....", ".....", "....."},
		moves: []step{{'W', "A5", 0, ErrSuicide}, {'B', "A5", 2, nil}},
		end:   []string{"X.X..", ".X...", "X....", ".....", "....."},
	},
	{
		name:  "capture on the edge",
		start: []string{"OX...", "X....", ".....", ".....", "....."},
		moves: []step{{'W', "B4", 0, nil}, {'W', "C5", 1, nil}},
		end:   []string{"O.O..", "XO...", ".....", ".....", "....."},
	},
	{
		name:  "suicide of a single stone",
		start: []string{".X...", "X....", ".....", ".....", "....."},
		moves: []step{{'W', "A5", 0, ErrSuicide}, {'B', "A5", 0, nil}},
		end:   []string{"XX...", "X....", ".....", ".....", "....."},
	},
	{
		name:  "suicide of several stones",
		start: []string{"XX.O.", "OOO..", ".....", ".....", "....."},
		moves: []step{{'B', "C5", 0, ErrSuicide}, {'W', "C5", 2, nil}},
		end:   []string{"..OO.", "OOO..", ".....", ".....", "....."},
	},
	{
		name:  "multi-stone suicide filling the last liberty of two blocks",
		start: []string{"X.X", "OXO", ".O."},
		moves: []step{{'B', "B3", 0, ErrSuicide}, {'W', "B3", 3, nil}},
		end:   []string{".O.", "O.O", ".O."},
	},
	{
		name: "seed figure 3: filling the last eye of the whole board is suicide",
		start: []string{
			"XXXXX",
			"X.XXX",
			"XXXXX",
			"XXXXX",
			"XXXXX",
		},
		moves: []step{{'B', "B4", 0, ErrSuicide}, {'W', "B4", 24, nil}},
		end:   []string{".....", ".O...", ".....", ".....", "....."},
	},
	{
		name: "seed figure 2: two eyes; filling one is legal, then the other captures all",
		start: []string{
			"XXXXX",
			"X.XXX",
			"XXXXX",
			"X.XXX",
			"XXXXX",
		},
		moves: []step{{'W', "B4", 0, ErrSuicide}, {'B', "B2", 0, nil}, {'W', "B4", 24, nil}},
		end:   []string{".....", ".O...", ".....", ".....", "....."},
	},
	{
		name: "seed figure 4: stone without liberties captures the dividing row",
		start: []string{
			"XXXXX",
			"XXXXX",
			"OO.OO",
			"XXXXX",
			"XXXXX",
		},
		moves: []step{{'W', "C3", 20, nil}},
		end: []string{
			".....",
			".....",
			"OOOOO",
			".....",
			".....",
		},
	},
	{
		name: "seed figure 4 reversed: black's move captures 4",
		start: []string{
			"XXXXX",
			"XXXXX",
			"OO.OO",
			"XXXXX",
			"XXXXX",
		},
		moves: []step{{'B', "C3", 4, nil}},
		end: []string{
			"XXXXX",
			"XXXXX",
			"..X..",
			"XXXXX",
			"XXXXX",
		},
	},
	{
		name: "snapback",
		start: []string{
			".....",
			".....",
			"XXXX.",
			"OOOX.",
			"..OX.",
		},
		moves: []step{{'B', "B1", 0, nil}, {'W', "A1", 1, nil}, {'B', "B1", 5, nil}},
		end: []string{
			".....",
			".....",
			"XXXX.",
			"...X.",
			".X.X.",
		},
	},
	{
		name: "snapback is not a ko under simple ko",
		rule: KoSimple,
		start: []string{
			".....",
			".....",
			"XXXX.",
			"OOOX.",
			"..OX.",
		},
		moves: []step{{'B', "B1", 0, nil}, {'W', "A1", 1, nil}, {'B', "B1", 5, nil}},
	},
	{
		name:  "ko: immediate recapture forbidden under simple ko",
		rule:  KoSimple,
		start: []string{".XO.", "XO.O", ".XO.", "...."},
		moves: []step{{'B', "C3", 1, nil}, {'W', "B3", 0, ErrKo}, {'B', "B3", 0, nil}},
		end:   []string{".XO.", "XXXO", ".XO.", "...."},
	},
	{
		name:  "ko point is set after a ko capture",
		rule:  KoSimple,
		start: []string{".XO.", "XO.O", ".XO.", "...."},
		moves: []step{{'B', "C3", 1, nil}},
		ko:    "B3",
	},
	{
		name:  "ko: recapture allowed under KoNone",
		rule:  KoNone,
		start: []string{".XO.", "XO.O", ".XO.", "...."},
		moves: []step{{'B', "C3", 1, nil}, {'W', "B3", 1, nil}, {'B', "C3", 1, nil}, {'W', "B3", 1, nil}},
		end:   []string{".XO.", "XO.O", ".XO.", "...."},
	},
	{
		name:  "ko: retake allowed under simple ko after a move elsewhere",
		rule:  KoSimple,
		start: []string{".XO.", "XO.O", ".XO.", "...."},
		moves: []step{{'B', "C3", 1, nil}, {'W', "D1", 0, nil}, {'B', "A1", 0, nil}, {'W', "B3", 1, nil}, {'B', "C3", 0, ErrKo}},
		ko:    "C3",
	},
	{
		name:  "ko: a pass clears the ko point",
		rule:  KoSimple,
		start: []string{".XO.", "XO.O", ".XO.", "...."},
		moves: []step{{'B', "C3", 1, nil}, {'W', "pass", 0, nil}, {'B', "pass", 0, nil}, {'W', "B3", 1, nil}},
		ko:    "C3",
	},
	{
		name:  "superko: retaking after two passes repeats the position",
		rule:  KoSuperko,
		start: []string{".XO.", "XO.O", ".XO.", "...."},
		moves: []step{{'B', "C3", 1, nil}, {'W', "B3", 0, ErrKo}, {'W', "pass", 0, nil}, {'B', "pass", 0, nil}, {'W', "B3", 0, ErrSuperko}, {'W', "D1", 0, nil}, {'B', "A1", 0, nil}, {'W', "B3", 1, nil}},
		ko:    "C3",
	},
	{
		name:  "a capturing stone that joins a block makes no ko",
		rule:  KoSimple,
		start: []string{".XO.", "XO.O", ".XX.", "...."},
		moves: []step{{'B', "C3", 1, nil}, {'W', "B3", 0, ErrSuicide}},
	},
	{
		name:  "capturing two stones is not a ko",
		rule:  KoSimple,
		start: []string{".XXO.", "XOO.O", ".XXO.", ".....", "....."},
		moves: []step{{'B', "D4", 2, nil}, {'W', "C4", 1, nil}},
	},
	{
		name:  "one-point board",
		start: []string{"."},
		moves: []step{{'B', "A1", 0, ErrSuicide}, {'W', "A1", 0, ErrSuicide}, {'B', "pass", 0, nil}},
	},
	{
		name:  "1x2 board",
		start: []string{".."},
		moves: []step{{'B', "A1", 0, nil}, {'W', "B1", 1, nil}, {'B', "A1", 1, nil}},
		end:   []string{"X."},
	},
}

func TestRules(t *testing.T) {
	for _, tc := range rulesCases {
		t.Run(tc.name, func(t *testing.T) {
			b := load(t, tc.start...)
			b.SetKoRule(tc.rule)
			start := b.Clone()
			type snap struct {
				stones []Color
				hash   uint64
				pris   [2]int
				ko     Point
			}
			var snaps []snap
			take := func() snap {
				return snap{slices.Clone(b.color), b.Hash(), [2]int{b.Prisoners(Black), b.Prisoners(White)}, b.KoPoint()}
			}
			prisoners := [3]int{}
			for i, m := range tc.moves {
				p := mustPt(t, b, m.at)
				c := colorOf(m.color)
				before := take()
				if legal := b.Legal(p, c); legal != (m.err == nil) {
					t.Errorf("move %d %c %s: Legal = %v, want %v", i+1, m.color, m.at, legal, m.err == nil)
				}
				got, err := b.Play(p, c)
				if !errors.Is(err, m.err) || (m.err == nil && err != nil) {
					t.Fatalf("move %d %c %s: error %v, want %v\n%s", i+1, m.color, m.at, err, m.err, b)
				}
				if err != nil {
					if now := take(); !slices.Equal(now.stones, before.stones) || now.hash != before.hash || now.ko != before.ko {
						t.Fatalf("move %d: illegal move changed the board", i+1)
					}
					continue
				}
				snaps = append(snaps, before)
				if got != m.capture {
					t.Errorf("move %d %c %s: captured %d, want %d", i+1, m.color, m.at, got, m.capture)
				}
				prisoners[c] += got
				if b.Prisoners(c) != prisoners[c] {
					t.Errorf("move %d: Prisoners(%v) = %d, want %d", i+1, c, b.Prisoners(c), prisoners[c])
				}
				checkConsistent(t, b)
			}
			if tc.end != nil {
				want := make([]string, len(tc.end))
				for i, r := range tc.end {
					want[i] = strings.ReplaceAll(r, " ", "")
				}
				if got := picture(b); !slices.Equal(got, want) {
					t.Errorf("final board\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
			}
			wantKo := Pass
			if tc.ko != "" {
				wantKo = mustPt(t, b, tc.ko)
			}
			if b.KoPoint() != wantKo {
				t.Errorf("KoPoint = %s, want %s", b.Name(b.KoPoint()), b.Name(wantKo))
			}
			if b.MoveNumber() != len(snaps) {
				t.Errorf("MoveNumber = %d, want %d", b.MoveNumber(), len(snaps))
			}
			// Undo everything, checking each position on the way back.
			for i := len(snaps) - 1; i >= 0; i-- {
				if !b.Undo() {
					t.Fatalf("Undo %d failed", i)
				}
				now := take()
				if !slices.Equal(now.stones, snaps[i].stones) || now.hash != snaps[i].hash || now.pris != snaps[i].pris || now.ko != snaps[i].ko {
					t.Fatalf("after undo back to move %d: state differs\n%s", i, b)
				}
				checkConsistent(t, b)
			}
			if b.Undo() {
				t.Error("Undo past the start succeeded")
			}
			if b.Hash() != start.Hash() || !slices.Equal(b.color, start.color) {
				t.Error("not back at the start")
			}
		})
	}
}

// checkConsistent compares every block's size and liberties, the hash and
// the pseudo-liberty counts with a recomputation from the colours.
func checkConsistent(t testing.TB, b *Board) {
	t.Helper()
	n := &naive{cols: b.cols, rows: b.rows, c: b.color}
	if b.Hash() != n.hash() {
		t.Fatalf("hash %x, recomputed %x\n%s", b.Hash(), n.hash(), b)
	}
	fresh := b.Clone()
	fresh.rebuildBlocks()
	done := make([]bool, b.size)
	for p := Point(0); int(p) < b.size; p++ {
		if b.color[p] == Empty || done[p] {
			continue
		}
		stones, libs := n.group(p)
		for _, s := range stones {
			done[s] = true
		}
		if got := b.BlockSize(p); got != len(stones) {
			t.Fatalf("BlockSize(%s) = %d, want %d\n%s", b.Name(p), got, len(stones), b)
		}
		if got := b.Liberties(p); got != libs {
			t.Fatalf("Liberties(%s) = %d, want %d\n%s", b.Name(p), got, libs, b)
		}
		for max := 0; max <= libs+1; max++ {
			if got := b.LibertiesUpTo(p, max); got != min(libs, max) {
				t.Fatalf("LibertiesUpTo(%s, %d) = %d, want %d\n%s", b.Name(p), max, got, min(libs, max), b)
			}
		}
		if b.plibs[b.head[p]] != fresh.plibs[fresh.head[p]] {
			t.Fatalf("pseudo-liberties of %s = %d, want %d\n%s", b.Name(p), b.plibs[b.head[p]], fresh.plibs[fresh.head[p]], b)
		}
		for _, q := range stones {
			if !b.SameBlock(p, q) {
				t.Fatalf("%s and %s should be one block", b.Name(p), b.Name(q))
			}
		}
		// The circular list of the block has exactly its stones.
		h := b.head[p]
		count := 0
		for s := h; ; {
			if b.head[s] != h || b.color[s] != b.color[p] {
				t.Fatalf("list of block %s reaches %s", b.Name(p), b.Name(s))
			}
			count++
			if s = b.next[s]; s == h || count > b.size {
				break
			}
		}
		if count != len(stones) {
			t.Fatalf("list of block %s has %d stones, want %d", b.Name(p), count, len(stones))
		}
	}
}

func TestCloneIsIndependent(t *testing.T) {
	b := load(t, ".XO.", "XO.O", ".XO.", "....")
	b.SetKoRule(KoSuperko)
	if _, err := b.Play(b.Pt(2, 2), Black); err != nil {
		t.Fatal(err)
	}
	c := b.Clone()
	if c.MoveNumber() != 1 || c.KoPoint() != b.KoPoint() || c.Hash() != b.Hash() {
		t.Fatal("clone differs")
	}
	if _, err := c.Play(b.Pt(0, 0), White); err != nil {
		t.Fatal(err)
	}
	if b.At(b.Pt(0, 0)) != Empty || b.MoveNumber() != 1 {
		t.Error("playing on the clone changed the original")
	}
	if !c.Undo() || !c.Undo() || c.Hash() != load(t, ".XO.", "XO.O", ".XO.", "....").Hash() {
		t.Error("clone history does not undo to the start")
	}
	if b.MoveNumber() != 1 {
		t.Error("undo on the clone changed the original")
	}
}

func TestSetKoRuleMidGame(t *testing.T) {
	b := load(t, ".XO.", "XO.O", ".XO.", "....")
	for _, m := range []string{"C3", "pass", "pass"} {
		c := Black
		if m == "pass" && b.MoveNumber() == 1 {
			c = White
		}
		if _, err := b.Play(mustPt(t, b, m), c); err != nil {
			t.Fatal(err)
		}
	}
	b3 := mustPt(t, b, "B3")
	if !b.Legal(b3, White) {
		t.Fatal("retake should be legal without superko")
	}
	b.SetKoRule(KoSuperko)
	if _, err := b.Play(b3, White); !errors.Is(err, ErrSuperko) {
		t.Fatalf("after switching to superko: %v, want ErrSuperko", err)
	}
	b.Undo()
	b.Undo()
	b.Undo()
	if b.MoveNumber() != 0 || !b.Legal(mustPt(t, b, "C3"), Black) || b.Legal(b3, White) {
		t.Error("after undoing to the start: wrong move number or legality")
	}
	if p, c := b.KoRecapture(); p != Pass || c != Empty {
		t.Error("KoRecapture at start")
	}
}

func TestKoRecaptureUnderKoNone(t *testing.T) {
	b := load(t, ".XO.", "XO.O", ".XO.", "....")
	if _, err := b.Play(mustPt(t, b, "C3"), Black); err != nil {
		t.Fatal(err)
	}
	if b.KoPoint() != Pass {
		t.Error("KoPoint under KoNone should be Pass")
	}
	if p, c := b.KoRecapture(); p != mustPt(t, b, "B3") || c != White {
		t.Errorf("KoRecapture = %s %v", b.Name(p), c)
	}
	if p, c, ok := b.LastMove(); !ok || p != mustPt(t, b, "C3") || c != Black {
		t.Error("LastMove wrong")
	}
}

// TestCloneIntoIsClone: CloneInto, reusing a board that played another
// game (with marks of its own and a longer history), gives the board
// Clone gives: the same points, hash, ko, prisoners, legal moves and
// liberties, and the same game after the same random moves and undos,
// while the original is left alone. Superko (the seen table) included.
func TestCloneIntoIsClone(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	randomPlay := func(b *Board, n int) {
		for i := 0; i < n; i++ {
			var legal []Point
			c := Black
			if b.MoveNumber()%2 == 1 {
				c = White
			}
			for p := Point(0); int(p) < b.Size(); p++ {
				if b.At(p) == Empty && b.Legal(p, c) {
					legal = append(legal, p)
				}
			}
			if len(legal) == 0 {
				return
			}
			if _, err := b.Play(legal[rng.Intn(len(legal))], c); err != nil {
				t.Fatal(err)
			}
		}
	}
	same := func(x, y *Board) bool {
		if x.Hash() != y.Hash() || x.KoPoint() != y.KoPoint() || x.MoveNumber() != y.MoveNumber() ||
			x.Prisoners(Black) != y.Prisoners(Black) || x.Prisoners(White) != y.Prisoners(White) {
			return false
		}
		for p := Point(0); int(p) < x.Size(); p++ {
			if x.At(p) != y.At(p) || x.Legal(p, Black) != y.Legal(p, Black) || x.Legal(p, White) != y.Legal(p, White) {
				return false
			}
			if x.At(p) != Empty && x.LibertiesUpTo(p, 10) != y.LibertiesUpTo(p, 10) {
				return false
			}
		}
		return true
	}
	for _, rule := range []KoRule{KoSimple, KoSuperko} {
		var dst *Board
		for round := 0; round < 30; round++ {
			b, err := New(7, 7)
			if err != nil {
				t.Fatal(err)
			}
			b.SetKoRule(rule)
			randomPlay(b, 10+rng.Intn(40))
			orig := b.Clone()
			want := b.Clone()
			got := b.CloneInto(dst)
			if got == b || !same(got, want) {
				t.Fatalf("%v, round %d: CloneInto differs from Clone", rule, round)
			}
			seed := rng.Int63()
			rng.Seed(seed)
			randomPlay(want, 15)
			rng.Seed(seed)
			randomPlay(got, 15)
			for k := 0; k < 5; k++ {
				want.Undo()
				got.Undo()
			}
			if !same(got, want) || !same(b, orig) {
				t.Fatalf("%v, round %d: the copy played differently, or the original changed", rule, round)
			}
			dst = got // reused next round, with its history and marks
		}
	}
}

// TestSetKo: after Setup (which clears the ko ban) SetKo restores the ban
// of a ko just taken, with the same effect as the capture that made it,
// and refuses a shape that is not a ko.
func TestSetKo(t *testing.T) {
	b, _ := New(5, 5)
	b.SetKoRule(KoSimple)
	// Black takes a ko at B2 by playing C2: the white stone at B2 is
	// captured, White may not take back at B2 at once.
	for _, s := range []struct {
		at string
		c  Color
	}{{"A2", Black}, {"B1", Black}, {"B3", Black}, {"C1", White}, {"C3", White}, {"D2", White}, {"B2", White}} {
		p, _ := b.ParsePoint(s.at)
		b.Setup(p, s.c)
	}
	c2, _ := b.ParsePoint("C2")
	if _, err := b.Play(c2, Black); err != nil {
		t.Fatal(err)
	}
	b2, _ := b.ParsePoint("B2")
	if b.KoPoint() != b2 {
		t.Fatalf("ko point %s after the capture, want B2", b.Name(b.KoPoint()))
	}
	nb := b.Clone()
	e5, _ := b.ParsePoint("E5")
	nb.Setup(e5, Black) // any Setup clears the ban
	if nb.KoPoint() != Pass {
		t.Fatalf("Setup left the ko point %s", nb.Name(nb.KoPoint()))
	}
	if nb.SetKo(c2, White) || nb.SetKo(b2, Black) {
		// C2 is a stone; Black's own ban at B2 would need a white stone
		// alone in atari next to it.
		t.Fatal("SetKo set a ban where the shape is no ko for that colour")
	}
	if !nb.SetKo(b2, White) {
		t.Fatal("SetKo refused the ko just taken")
	}
	if k, c := nb.KoRecapture(); k != b2 || c != White || nb.KoPoint() != b2 {
		t.Fatalf("ko %s for %s, want B2 for White", nb.Name(k), c)
	}
	if _, err := nb.Play(b2, White); !errors.Is(err, ErrKo) {
		t.Fatalf("White retakes at once: %v, want ErrKo", err)
	}
}
