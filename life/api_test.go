package life

import (
	"math/rand"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
)

func readProblem(t *testing.T, name string) *position.Position {
	t.Helper()
	pos, err := position.ReadFile("../testdata/life/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

func TestBensonTwoEyes(t *testing.T) {
	// White has two one-point eyes at A1 and C1; E1-E2 is too small for
	// Black ever to live there, every point touching a pass-alive stone.
	b := parseWhole(t, `
O O O O .
. O . O .`)
	alive, safe := Benson(b)
	if !alive[b.Pt(1, 0)] || !alive[b.Pt(0, 1)] {
		t.Errorf("white two-eyed group not pass-alive")
	}
	if !safe[board.White][b.Pt(0, 0)] || !safe[board.White][b.Pt(2, 0)] {
		t.Errorf("eyes not safe for white")
	}
	if !safe[board.White][b.Pt(4, 0)] || safe[board.Black][b.Pt(4, 0)] {
		t.Errorf("E1 should be safe for white only")
	}
	// A lone black stone with one liberty is not pass-alive.
	b2 := parseWhole(t, `
. X . .
X O X .
. X . .`)
	if alive, _ := Benson(b2); alive[b2.Pt(1, 1)] || alive[b2.Pt(1, 2)] {
		t.Errorf("nothing is pass-alive on an open board")
	}
}

func TestCertify(t *testing.T) {
	pos := readProblem(t, "straight4.txt")
	b := pos.Board
	p, _ := b.ParsePoint("A2")
	r := Certify(b, p, Options{Immortal: immortalOf(pos)})
	if r.Status != StatusAlive || r.AttackerFirst != OutcomeLives {
		t.Errorf("%+v", r)
	}
	pos = readProblem(t, "straight3.txt")
	b = pos.Board
	p, _ = b.ParsePoint("A2")
	r = Certify(b, p, Options{Immortal: immortalOf(pos)})
	if r.AttackerFirst != OutcomeDies || r.KeyMove != b.Pt(1, 0) || len(r.PV) == 0 {
		t.Errorf("%+v", r)
	}
	// Immortal block: declared.
	q, _ := b.ParsePoint("A3")
	if r := Certify(b, q, Options{Immortal: immortalOf(pos)}); r.Status != StatusDeclared {
		t.Errorf("immortal wall: %+v", r)
	}
}

func TestUnknownAndBadInput(t *testing.T) {
	pos := readProblem(t, "rect6-liberties.txt")
	b := pos.Board
	p, _ := b.ParsePoint("A3")
	r := Analyze(b, p, Options{Immortal: immortalOf(pos), MaxNodes: 5})
	if r.Status != StatusUnknown || r.Reason == "" {
		t.Errorf("tiny budget: %+v", r)
	}
	empty, _ := b.ParsePoint("A1")
	if r := Analyze(b, empty, Options{}); r.Status != StatusUnknown || r.Reason == "" {
		t.Errorf("empty point: %+v", r)
	}
	if r := Analyze(b, board.Point(-7), Options{}); r.Status != StatusUnknown {
		t.Errorf("off board: %+v", r)
	}
	if r := Analyze(nil, 0, Options{}); r.Status != StatusUnknown {
		t.Errorf("nil board: %+v", r)
	}
	// Short Immortal and Region slices are tolerated.
	_ = Analyze(b, p, Options{Immortal: []bool{true}, Region: []bool{true, true}, MaxNodes: 1000})
}

// TestRandomPositionsNoPanic runs small-budget analyses of every block of
// random positions: no panic, the board unchanged, a known status.
func TestRandomPositionsNoPanic(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	valid := map[string]bool{StatusPassAlive: true, StatusDeclared: true, StatusAlive: true, StatusSeki: true,
		StatusUnsettled: true, StatusKo: true, StatusDead: true, StatusUnknown: true}
	for i := 0; i < 20; i++ {
		b, _, _ := randomGame(rng, 5+i%3, 5+i%3, 10+rng.Intn(40))
		h, n := b.Hash(), b.MoveNumber()
		for _, blk := range b.Blocks() {
			r := Analyze(b, blk[0], Options{MaxNodes: 300})
			if !valid[r.Status] {
				t.Fatalf("status %q", r.Status)
			}
			if r.Status == StatusUnknown && r.Reason == "" {
				t.Fatalf("unknown without a reason")
			}
		}
		if b.Hash() != h || b.MoveNumber() != n {
			t.Fatal("board changed")
		}
	}
}

// TestAnalyzeGroup checks the group API: the attacker wins by capturing
// any block, so the group can be weaker than each block asked alone, and
// bad groups are refused honestly.
func TestAnalyzeGroup(t *testing.T) {
	pos := readProblem(t, "rect6-cut.txt")
	b := pos.Board
	a3, _ := b.ParsePoint("A3")
	d1, _ := b.ParsePoint("D1")
	c3, _ := b.ParsePoint("C3")
	opts := Options{Immortal: immortalOf(pos)}
	r := AnalyzeGroup(b, []board.Point{a3, d1, c3}, opts) // C3 repeats A3's block
	if r.Status != StatusKo || len(r.Group) != 2 || r.Group[0] != a3 || r.Group[1] != d1 || r.Stones != 5 || r.Block != a3 {
		t.Errorf("group: %+v", r)
	}
	if c := CertifyGroup(b, []board.Point{d1, a3}, opts); c.AttackerFirst != OutcomeKo || c.DefenderFirst != OutcomeUnknown {
		t.Errorf("certify group: %+v", c)
	}
	if s := Analyze(b, a3, opts); s.Group != nil || s.Stones != 3 {
		t.Errorf("single block: %+v", s)
	}
	// A block with an immortal stone is dropped from the targets.
	e4, _ := b.ParsePoint("E4")
	if r := AnalyzeGroup(b, []board.Point{e4}, opts); r.Status != StatusDeclared {
		t.Errorf("immortal group: %+v", r)
	}
	a1, _ := b.ParsePoint("A1")
	for _, bad := range [][]board.Point{nil, {a3, a1}, {a3, e4}} {
		if r := AnalyzeGroup(b, bad, opts); r.Status != StatusUnknown || r.Reason == "" {
			t.Errorf("%v: %+v", bad, r)
		}
	}
}

// TestFrameWithoutRoom: a frame drawn with no room outside it is alive by
// declaration, so its last drawn liberties may be filled (the square nine
// with a cutting point: White cuts at D4, Black connects there). The
// answers must be those of the same diagram with an empty line outside the
// frame, and the principal variations must name the caller's points.
func TestFrameWithoutRoom(t *testing.T) {
	tight := `
$$ | @ @ @ @ @
$$ | X X X . @
$$ | . . . X @
$$ | . . . X @
$$ | . . . X @
$$ +----------`
	roomy := `
$$ | @ @ @ @ @ .
$$ | X X X . @ .
$$ | . . . X @ .
$$ | . . . X @ .
$$ | . . . X @ .
$$ +------------`
	var rs [2]Result
	var bs [2]*board.Board
	for i, d := range []string{tight, roomy} {
		pos, err := position.Parse("frame", []byte(d))
		if err != nil {
			t.Fatal(err)
		}
		b := pos.Board
		a4, _ := b.ParsePoint("A4")
		d1, _ := b.ParsePoint("D1")
		rs[i] = AnalyzeGroup(b, []board.Point{a4, d1}, Options{Immortal: immortalOf(pos)})
		bs[i] = b
	}
	for i, r := range rs {
		if r.Status != StatusSeki || r.AttackerFirst != OutcomeLives {
			t.Errorf("diagram %d: status %s, attacker first %s; want seki, lives", i, r.Status, r.AttackerFirst)
		}
	}
	if a, b := names(bs[0], rs[0].AttackerPV), names(bs[1], rs[1].AttackerPV); a != b {
		t.Errorf("principal variations differ: %q and %q", a, b)
	}
	// A black block whose only candidate for a second eye is the frame's
	// last drawn liberty C2: White may fill it (the stone joins the frame),
	// so it is no eye and the block is dead.
	pos, err := position.Parse("eye", []byte(`
$$ | @ @ @ @
$$ | X X . @
$$ | . X X @
$$ +--------`))
	if err != nil {
		t.Fatal(err)
	}
	b := pos.Board
	a2, _ := b.ParsePoint("A2")
	r := Analyze(b, a2, Options{Immortal: immortalOf(pos)})
	if r.Status != StatusDead || r.AttackerFirst != OutcomeDies {
		t.Errorf("status %s, attacker first %s; want dead, dies", r.Status, r.AttackerFirst)
	}
}
