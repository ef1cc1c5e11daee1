package endgame

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/mathgo/mathgo/life"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
)

// fixedSource is an Assumer that gives every block asked one status.
type fixedSource struct {
	status AssumedStatus
	asked  int
}

func (f *fixedSource) Name() string { return "a test source" }

func (f *fixedSource) Statuses(pos *position.Position, blocks []board.Point) (map[board.Point]AssumedStatus, error) {
	f.asked += len(blocks)
	out := map[board.Point]AssumedStatus{}
	for _, b := range blocks {
		out[b] = f.status
	}
	return out, nil
}

// TestAssumeExactUnchanged: a position proven without assumptions gets
// none, and the same scores.
func TestAssumeExactUnchanged(t *testing.T) {
	pos, err := position.ReadFile("../testdata/problems/five-tiles.txt")
	if err != nil {
		t.Fatal(err)
	}
	plain, err := Analyze(pos, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := &fixedSource{status: AssumedDead}
	r, err := Analyze(pos, Options{Assume: src})
	if err != nil {
		t.Fatal(err)
	}
	if !plain.Proven() || !r.Proven() || r.Conditional() || src.asked != 0 {
		t.Fatalf("proven %v/%v, conditional %v, blocks asked %d: want an exact position left alone", plain.Proven(), r.Proven(), r.Conditional(), src.asked)
	}
	for _, c := range []board.Color{board.Black, board.White} {
		a, _ := plain.Japanese(c)
		b, _ := r.Japanese(c)
		if !a.Equal(b) {
			t.Errorf("%s first: Japanese %s with --assume, %s without", c, b, a)
		}
	}
}

// TestAssumeConditional: the final of a 9x9 game whose walls the
// analysis cannot settle (eye spaces too large to search) is analyzed
// again under a source's statuses: every assumption is listed with its
// source and why it is not proven, the blocks assumed dead are prisoners
// of the other side, and the report is conditional, never proven.
func TestAssumeConditional(t *testing.T) {
	_, pos := testpos.GameEnd(t, "../testdata/games/g09-l4-s3.sgf")
	plain, err := Analyze(pos, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if plain.Exact() || plain.Conditional() {
		t.Fatal("the final is exact without assumptions: the test needs one that is not")
	}
	for _, st := range []AssumedStatus{AssumedAlive, AssumedDead} {
		src := &fixedSource{status: st}
		r, err := Analyze(pos, Options{Assume: src})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Conditional() || r.Proven() {
			t.Fatalf("%s: conditional %v, proven %v: want a conditional report", st, r.Conditional(), r.Proven())
		}
		dead := 0
		for _, a := range r.Assumptions {
			if a.Source == "" || a.Why == "" {
				t.Errorf("%s: assumption %+v has no source or reason", st, a)
			}
			if a.Status == AssumedDead {
				dead += a.Stones
			}
		}
		blocks := 0
		for _, a := range r.Assumptions {
			if !a.Area {
				blocks++
			}
		}
		if blocks != src.asked {
			t.Errorf("%s: %d block assumptions for %d blocks asked", st, blocks, src.asked)
		}
		before := plain.Analysis.Prisoners[board.Black] + plain.Analysis.Prisoners[board.White]
		after := r.Analysis.Prisoners[board.Black] + r.Analysis.Prisoners[board.White]
		if after-before != dead {
			t.Errorf("%s: prisoners grew by %d, %d stones assumed dead", st, after-before, dead)
		}
		j := r.JSON(0)
		if !j.Conditional || len(j.Assumptions) != len(r.Assumptions) {
			t.Errorf("%s: JSON conditional %v with %d assumptions, want %d", st, j.Conditional, len(j.Assumptions), len(r.Assumptions))
		}
		var text strings.Builder
		if err := j.WriteText(&text, TextOptions{}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text.String(), "CONDITIONAL") || strings.Count(text.String(), "assumed: ") != len(r.Assumptions) {
			t.Errorf("%s: the text does not say the result is conditional and list every assumption:\n%s", st, text.String())
		}
	}
}

// TestFillDame: a point the source counts as no one's is filled by its
// owner only when the blocks assumed touch it, every neighbour is the
// owner's stone or a point the source does not call dame, and the stone
// keeps a liberty; the new stone joins its neighbours' wall.
func TestFillDame(t *testing.T) {
	pos, err := position.Parse("fill", []byte(`$$ +-----------+
$$ | . O . X . |
$$ | O O X X . |
$$ | X X X . . |
$$ | . . . . . |
$$ | . . . . . |
$$ +-----------+
`))
	if err != nil {
		t.Fatal(err)
	}
	b := pos.Board
	pt := func(s string) board.Point {
		p, err := b.ParsePoint(s)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	all := make([]bool, b.Size())
	for p := range all {
		all[p] = b.At(board.Point(p)) != board.Empty
	}
	for _, tc := range []struct {
		name    string
		dame    []string
		assumed []bool
		want    map[string]board.Color
	}{
		{"owner's teire", []string{"A5"}, all, map[string]board.Color{"A5": board.White}},
		{"between colours", []string{"C5"}, all, nil},
		{"an edge point", []string{"E5"}, all, map[string]board.Color{"E5": board.Black}},
		{"next to another dame", []string{"E5", "E4"}, all, nil},
		{"no block assumed", []string{"A5", "E5"}, make([]bool, b.Size()), nil},
	} {
		nb := b.Clone()
		imm := make([]bool, b.Size())
		imm[pt("B5")] = true
		var dame []board.Point
		for _, s := range tc.dame {
			dame = append(dame, pt(s))
		}
		got := fillDame(b, nb, imm, dame, tc.assumed, func(board.Point) string { return "a test source" })
		if len(got) != len(tc.want) {
			t.Errorf("%s: %d points filled, want %d: %+v", tc.name, len(got), len(tc.want), got)
			continue
		}
		for _, a := range got {
			name := b.Name(a.Block)
			if c, ok := tc.want[name]; !ok || a.Color != c || !a.Point || a.Status != AssumedFilled || a.Why == "" || a.Source == "" {
				t.Errorf("%s: filled %s by %s (%+v), want %v", tc.name, name, a.Color, a, tc.want)
			}
			if nb.At(a.Block) != a.Color {
				t.Errorf("%s: %s not filled on the board", tc.name, name)
			}
		}
		if tc.name == "owner's teire" && !imm[pt("A5")] {
			t.Errorf("the stone filled at A5 is not part of B5's wall")
		}
	}
	// The last liberty of the owner's block is not filled.
	pos2, err := position.Parse("last", []byte(`$$ +-----------+
$$ | . O X . . |
$$ | O O X . . |
$$ | X X X . . |
$$ | . . . . . |
$$ | . . . . . |
$$ +-----------+
`))
	if err != nil {
		t.Fatal(err)
	}
	b2 := pos2.Board
	a5, _ := b2.ParsePoint("A5")
	all2 := make([]bool, b2.Size())
	for p := range all2 {
		all2[p] = true
	}
	if got := fillDame(b2, b2.Clone(), make([]bool, b2.Size()), []board.Point{a5}, all2, func(board.Point) string { return "a test source" }); len(got) != 0 {
		t.Errorf("filled the last liberty of White's block: %+v", got)
	}
}

// TestAssumeReuseSame: the analysis under assumptions reuses its own
// work (the settlement and tile values of the analysis before the areas
// were assumed, the tile values before the claims): its report is the
// one the analyses made afresh give, and it searches less (Report.Nodes).
func TestAssumeReuseSame(t *testing.T) {
	_, pos := testpos.GameEnd(t, "../testdata/games/g13-l6-s12.sgf")
	defer func() { debugNoReuse = false }()
	statuses := []AssumedStatus{AssumedAlive, AssumedDead}
	if !testlong.Enabled() {
		statuses = statuses[:1] // the long tier (MATHGO_LONG=1) both
	}
	for _, st := range statuses {
		var docs [2]JSON
		var positions [2]int // Report.Nodes
		for i, off := range []bool{true, false} {
			debugNoReuse = off
			life.ForgetCertificates()
			r, err := Analyze(pos, Options{Assume: &fixedSource{status: st}})
			if err != nil {
				t.Fatal(err)
			}
			if !r.Conditional() {
				t.Fatalf("%s: not conditional: the test needs assumptions", st)
			}
			docs[i] = r.JSON(0)
			positions[i] = r.Nodes
			docs[i].Positions, docs[i].Seconds = 0, 0
		}
		a, _ := json.Marshal(docs[0])
		b, _ := json.Marshal(docs[1])
		if string(a) != string(b) {
			t.Errorf("%s: the report reusing its work differs from the one made afresh:\n%s\n%s", st, a, b)
		}
		if positions[1] >= positions[0] {
			t.Errorf("%s: %d nodes searched reusing, %d afresh: want fewer", st, positions[1], positions[0])
		}
		t.Logf("%s: %d nodes afresh, %d reusing", st, positions[0], positions[1])
	}
}

// wholeBoard is a fixedSource that answers for the whole board at once
// (BoardSource).
type wholeBoard struct{ fixedSource }

func (*wholeBoard) WholeBoard() {}

// TestBoardSourceEarly: a whole-board source is asked about every block
// of the position, while the analysis without assumptions runs, and the
// report is the one the source asked afterwards about the unsettled
// blocks gives.
func TestBoardSourceEarly(t *testing.T) {
	_, pos := testpos.GameEnd(t, "../testdata/games/g09-l4-s3.sgf")
	for _, st := range []AssumedStatus{AssumedAlive, AssumedDead} {
		after := &fixedSource{status: st}
		r1, err := Analyze(pos, Options{Assume: after})
		if err != nil {
			t.Fatal(err)
		}
		early := &wholeBoard{fixedSource{status: st}}
		r2, err := Analyze(pos, Options{Assume: early})
		if err != nil {
			t.Fatal(err)
		}
		if n := len(pos.Board.Blocks()); early.asked != n || after.asked >= n {
			t.Errorf("%s: the whole-board source was asked about %d blocks of %d, the other about %d", st, early.asked, n, after.asked)
		}
		j1, j2 := r1.JSON(0), r2.JSON(0)
		j1.Seconds, j2.Seconds = 0, 0
		a, _ := json.Marshal(j1)
		b, _ := json.Marshal(j2)
		if string(a) != string(b) || !r2.Conditional() {
			t.Errorf("%s: asked early, the report differs:\n%s\n%s", st, b, a)
		}
	}
}

// TestVerdictNotAboutAssumedTerritory: the triage's verdict heads the
// problems of a position it refuses (g09-l10-s52-cad's end: Black's area
// at F1, 27 empty points, too large to prove), but not once that area is
// assumed territory (analyzeAssuming's second analysis): what keeps the
// analysis from being exact is then another problem (here budgets cut to
// nothing: one tile position, one life-and-death node, no board search),
// which comes first.
func TestVerdictNotAboutAssumedTerritory(t *testing.T) {
	_, pos := testpos.GameEnd(t, "../testdata/games/g09-l10-s52-cad.sgf")
	v := Triage(pos)
	if v.Valuable || v.At == board.Pass {
		t.Fatalf("the triage lets the final through (%s): the test needs a refused area", v.Reason)
	}
	b := pos.Board
	terr := make([]board.Color, b.Size())
	stack := []board.Point{v.At}
	terr[v.At] = v.Enclosed
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, q := range b.Neighbors(p) {
			if b.At(q) == board.Empty && terr[q] == board.Empty {
				terr[q] = v.Enclosed
				stack = append(stack, q)
			}
		}
	}
	opts := Options{MaxPositions: 1, NoFormulas: true, SolverNodes: 1, BoardSearchNodes: -1}
	plain, err := Analyze(pos, opts)
	if err != nil {
		t.Fatal(err)
	}
	if plain.Exact() || len(plain.Problems) == 0 || plain.Problems[0] != v.Reason {
		t.Fatalf("without assumed territory: exact %v, problems %q; want the verdict first", plain.Exact(), plain.Problems)
	}
	opts.territory = terr
	r, err := Analyze(pos, opts)
	if err != nil {
		t.Fatal(err)
	}
	if r.Exact() {
		t.Fatal("exact with the area assumed and budgets of nothing: the test needs a problem left")
	}
	if slices.Contains(r.Problems, v.Reason) || len(r.Problems) == 0 {
		t.Errorf("with the area assumed territory the problems are %q: want others, not the verdict", r.Problems)
	}
}

// recordingSource is a fixedSource that keeps every call's blocks.
type recordingSource struct {
	fixedSource
	calls [][]board.Point
}

func (s *recordingSource) Statuses(pos *position.Position, blocks []board.Point) (map[board.Point]AssumedStatus, error) {
	s.calls = append(s.calls, slices.Clone(blocks))
	return s.fixedSource.Statuses(pos, blocks)
}

// TestAssumeRounds: the walls assumed alive change the tiles, and a block
// the analysis without assumptions settled can be left unsettled by the
// analysis under them (its eye space now a tile, where it may not
// answer). The source is asked about those too, in further rounds, each
// about blocks it was not asked before, until no block is unsettled
// without having been asked (or assumeRounds analyses). Before move 257
// of f19-03 (a 19x19 professional game), White's blocks around Q19 are
// such blocks: asked only once, the position stayed bounded by a 55-point
// tile around them.
func TestAssumeRounds(t *testing.T) {
	g, err := position.ReadGame("../testdata/finals/f19-03-kisei38-shuto-vs-kudo.sgf")
	if err != nil {
		t.Fatal(err)
	}
	pos, err := g.PositionAfter(256)
	if err != nil {
		t.Fatal(err)
	}
	src := &recordingSource{fixedSource: fixedSource{status: AssumedAlive}}
	r, err := Analyze(pos, Options{Assume: src})
	if err != nil {
		t.Fatal(err)
	}
	if len(src.calls) < 2 {
		t.Fatalf("the source was asked %d times: want a second round", len(src.calls))
	}
	asked := map[board.Point]bool{}
	for _, call := range src.calls {
		for _, blk := range call {
			for _, p := range pos.Board.Block(blk) {
				if asked[p] {
					t.Fatalf("block %s asked twice", pos.Board.Name(blk))
				}
				asked[p] = true
			}
		}
	}
	if len(src.calls) < assumeRounds {
		left, _ := unsettledBlocks(r, pos.Board, nil)
		for _, blk := range left {
			if !asked[blk] {
				t.Errorf("block %s is left unsettled and was never asked", pos.Board.Name(blk))
			}
		}
	}
	blocks := 0
	for _, a := range r.Assumptions {
		if !a.Area && !a.Point {
			blocks++
		}
	}
	n := 0
	for _, call := range src.calls {
		n += len(call)
	}
	if blocks != n {
		t.Errorf("%d block assumptions for %d blocks asked", blocks, n)
	}
}

// allDame is a DameSource that gives every block asked one status and
// counts every empty point of the position as dame.
type allDame struct {
	fixedSource
}

func (s *allDame) StatusesAndDame(pos *position.Position, blocks []board.Point) (map[board.Point]AssumedStatus, []board.Point, error) {
	st, err := s.Statuses(pos, blocks)
	var dame []board.Point
	for p := range pos.Board.Size() {
		if pos.Board.At(board.Point(p)) == board.Empty {
			dame = append(dame, board.Point(p))
		}
	}
	return st, dame, err
}

// TestCarryBackTeire: the fills of their own the players make near the
// end of the game (g09-l10-s1: White's A4 at move 56, Black's B6 at 57,
// each among its own stones and empty points) are, in the positions
// where their points stay empty until then, dame of the source carried
// back (points filled by their owner before counting); a stone next to a
// living stone of the other colour (White's G9 at move 54, next to
// Black's H9) is none, nor is a point once its stone is placed, nor
// before the other colour's stone played there (White's B6 at move 52,
// captured at 55).
func TestCarryBackTeire(t *testing.T) {
	g, err := position.ReadGame("../testdata/games/g09-l10-s1.sgf")
	if err != nil {
		t.Fatal(err)
	}
	src := CarryBack(g, &allDame{fixedSource{status: AssumedAlive}}).(DameSource)
	final, err := g.PositionAfter(-1)
	if err != nil {
		t.Fatal(err)
	}
	pt := func(s string) board.Point {
		p, err := final.Board.ParsePoint(s)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		after int
		dame  []string
		not   []string
	}{
		{51, []string{"A4"}, []string{"G9", "B6"}},
		{53, []string{"A4"}, []string{"G9", "B6"}},
		{55, []string{"A4", "B6"}, nil},
		{56, []string{"B6"}, []string{"A4"}},
		{57, nil, []string{"A4", "B6"}},
	} {
		pos, err := g.PositionAfter(tc.after)
		if err != nil {
			t.Fatal(err)
		}
		_, dame, err := src.StatusesAndDame(pos, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range tc.dame {
			if !slices.Contains(dame, pt(s)) {
				t.Errorf("after move %d: %s is not a point filled before counting", tc.after, s)
			}
		}
		for _, s := range tc.not {
			if slices.Contains(dame, pt(s)) {
				t.Errorf("after move %d: %s is a point filled before counting", tc.after, s)
			}
		}
	}
	pos, err := g.PositionAfter(55)
	if err != nil {
		t.Fatal(err)
	}
	if s := src.(BlockSource).SourceOf(pos, pt("A4")); !strings.Contains(s, "the game record (white fills it at move 56") {
		t.Errorf("A4's source: %q", s)
	}
}

// TestAssumeKeepsKoBan: right after a ko capture (f19-05 after move 249,
// Black's G1 taking at F1) the analysis under assumptions changes the
// board (dead stones off, points filled), which cleared the ko ban: the
// position analyzed let White take back at F1 at once, and a review gave
// the ko fight's threats scores on that board. The ban is the rules', not
// an assumption: the board analyzed keeps it, and exact play with the ban
// starts from it.
func TestAssumeKeepsKoBan(t *testing.T) {
	g, err := position.ReadGame("../testdata/finals/f19-05-kisei38-ishida-vs-fujita.sgf")
	if err != nil {
		t.Fatal(err)
	}
	pos, err := g.PositionAfter(249)
	if err != nil {
		t.Fatal(err)
	}
	k := pos.Board.KoPoint()
	if pos.Board.Name(k) != "F1" {
		t.Fatalf("ko point %s after move 249, want F1", pos.Board.Name(k))
	}
	for _, st := range []AssumedStatus{AssumedAlive, AssumedDead} {
		r, err := Analyze(pos, Options{Assume: &fixedSource{status: st}})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Conditional() || r.Position == pos {
			t.Fatalf("%s: conditional %v: want the analysis of a board the assumptions changed", st, r.Conditional())
		}
		// G1, the stone that took the ko: assumed dead and taken off,
		// there is no ko left to ban.
		g1, _ := pos.Board.ParsePoint("G1")
		want := k
		if r.Position.Board.At(g1) != pos.Board.At(g1) {
			want = board.Pass
		}
		if got := r.Position.Board.KoPoint(); got != want {
			t.Fatalf("%s: the board analyzed has the ko point %s, want %s", st, r.Position.Board.Name(got), r.Position.Board.Name(want))
		}
		if want == board.Pass {
			continue
		}
		if !r.Decision.KoTiles {
			// No ko tile: the scores, which let White take back at
			// once, are not stated as exact.
			if !slices.ContainsFunc(r.Problems, func(p string) bool { return strings.Contains(p, "a ko was just taken") }) {
				t.Errorf("%s: no ko tile, and no problem says the ban is not played: %v", st, r.Problems)
			}
			continue
		}
		gm, err := r.Decision.Game(rules.Japanese)
		if err != nil {
			continue // not exact: nothing is claimed
		}
		n, err := gm.Start(board.White)
		if err != nil {
			t.Fatal(err)
		}
		opts, err := n.Options()
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range opts {
			if o.Move.Point == k {
				t.Errorf("%s: White's first moves include the retake at F1, which the ban forbids", st)
			}
		}
	}
}
