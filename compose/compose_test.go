package compose

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/library"
	"github.com/mathgo/mathgo/play"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/solve"
)

// composedDir holds the problems made by `mathgo compose`: NAME.txt (the
// diagram), NAME.sgf (the solution tree) and NAME.json (compose --json).
const composedDir = "../testdata/composed"

// composedDoc is the part of compose --json the tests read.
type composedDoc struct {
	Diagram string `json:"diagram"`
	Outcome struct {
		MGO struct {
			BlackFirst string `json:"blackFirst"`
			WhiteFirst string `json:"whiteFirst"`
		} `json:"mgo"`
	} `json:"outcome"`
	Metrics   Metrics `json:"metrics"`
	AlphaBeta string  `json:"alphaBeta"`
}

// composed lists the bundled problems.
func composed(t *testing.T) []string {
	names, err := filepath.Glob(filepath.Join(composedDir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(names) < 10 {
		t.Fatalf("%s holds %d problems, want 10", composedDir, len(names))
	}
	for i := range names {
		names[i] = strings.TrimSuffix(names[i], ".txt")
	}
	return names
}

func readDoc(t *testing.T, name string) composedDoc {
	data, err := os.ReadFile(name + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var d composedDoc
	if err := json.Unmarshal(data, &d); err != nil {
		t.Fatalf("%s.json: %v", name, err)
	}
	return d
}

// TestComposedProblems re-verifies every bundled problem: the diagram is
// the one compose printed, its walls are pass-alive, the pipeline is
// exact with the stated winner both ways, the decomposition agrees, the
// whole-board alpha-beta agrees where compose ran it (within its
// budget), and the metrics are the ones stated. At least one problem is
// lost by hotstrat against exact defence, and won by exact play.
func TestComposedProblems(t *testing.T) {
	hotLoses := 0
	for _, name := range composed(t) {
		d := readDoc(t, name)
		data, err := os.ReadFile(name + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		if string(data) != d.Diagram {
			t.Errorf("%s: the diagram file differs from compose's JSON", name)
		}
		pos, err := position.Parse(name+".txt", data)
		if err != nil {
			t.Fatal(err)
		}
		winner := board.Black
		if d.Outcome.MGO.BlackFirst == "white" {
			winner = board.White
		}
		if d.Outcome.MGO.BlackFirst != d.Outcome.MGO.WhiteFirst {
			t.Fatalf("%s: the stated winners differ: %+v", name, d.Outcome.MGO)
		}
		r, err := Verify(pos, winner)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		m, err := Difficulty(r)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if math.Abs(m.ForcedBits-d.Metrics.ForcedBits) > 1e-9 || m.UniquePlies != d.Metrics.UniquePlies ||
			math.Abs(m.Balance-d.Metrics.Balance) > 1e-9 || m.Disguise != d.Metrics.Disguise ||
			math.Abs(m.TrapRate-d.Metrics.TrapRate) > 1e-9 || m.HotstratLoses != d.Metrics.HotstratLoses {
			t.Errorf("%s: metrics %+v, stated %+v", name, m, d.Metrics)
		}
		if m.HotstratLoses {
			hotLoses++
			checkHotstratLoses(t, name, r, winner)
		}
		switch {
		case strings.HasPrefix(d.AlphaBeta, "alpha-beta agrees"):
			if testing.Short() {
				continue
			}
			ab, err := solve.SolveAlphaBeta(pos, solve.Options{})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			dec := r.Decide(board.Empty)
			if !ab.Complete() || ab.BlackFirst != dec.BlackFirst || ab.WhiteFirst != dec.WhiteFirst {
				t.Errorf("%s: alpha-beta %s/%s (%s), decomposition %s/%s", name, ab.BlackFirst, ab.WhiteFirst, ab.Reason, dec.BlackFirst, dec.WhiteFirst)
			}
		case strings.HasPrefix(d.AlphaBeta, "alpha-beta out of reach"):
			t.Logf("%s: %s", name, d.AlphaBeta)
		default:
			t.Errorf("%s: alphaBeta %q says neither", name, d.AlphaBeta)
		}
	}
	if hotLoses == 0 {
		t.Error("no bundled problem is lost by hotstrat")
	}
}

// checkHotstratLoses plays the problem as `mathgo play` does: the
// winner with hotstrat against exact defence loses, and with exact play
// wins.
func checkHotstratLoses(t *testing.T, name string, r *endgame.Report, winner board.Color) {
	t.Helper()
	hot, err := play.StrategyByName("hotstrat")
	if err != nil {
		t.Fatal(err)
	}
	opts := endgame.PlayOptions{NoTiles: true}
	if winner == board.Black {
		opts.Black = hot
	} else {
		opts.White = hot
	}
	want := solve.Black
	if winner == board.White {
		want = solve.White
	}
	res, err := r.PlayOut(winner, opts)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if res.MGO == want {
		t.Errorf("%s: stated as lost by hotstrat, but hotstrat wins", name)
	}
	res, err = r.PlayOut(winner, endgame.PlayOptions{NoTiles: true})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if res.MGO != want {
		t.Errorf("%s: exact play does not win", name)
	}
}

// TestComposedSGF reads every solution tree back: it parses, its root is
// the problem, and its main line replays legally (simple ko rule) from
// the problem's position.
func TestComposedSGF(t *testing.T) {
	for _, name := range composed(t) {
		data, err := os.ReadFile(name + ".sgf")
		if err != nil {
			t.Fatal(err)
		}
		g, err := position.ParseGame(name+".sgf", data)
		if err != nil {
			t.Fatalf("%s.sgf: %v", name, err)
		}
		if len(g.Moves) == 0 {
			t.Errorf("%s.sgf: no main line", name)
		}
		// Read as a position, the file is the problem after the main
		// line: the same board size, and the pipeline still reads it.
		end, err := position.Parse(name+".sgf", data)
		if err != nil {
			t.Fatal(err)
		}
		if end.Board.Cols() != g.Cols || end.Board.Rows() != g.Rows {
			t.Errorf("%s.sgf: size differs", name)
		}
	}
}

// TestComposedSGFGnuGo loads every solution tree in GNU Go (GTP loadsgf),
// which plays the main line under its rules and refuses an illegal move.
func TestComposedSGFGnuGo(t *testing.T) {
	gnugo := "/usr/games/gnugo"
	if _, err := os.Stat(gnugo); err != nil {
		if p, err := exec.LookPath("gnugo"); err == nil {
			gnugo = p
		} else {
			t.Skip("GNU Go is not installed")
		}
	}
	for _, name := range composed(t) {
		abs, err := filepath.Abs(name + ".sgf")
		if err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile(abs)
		g, err := position.ParseGame(abs, data)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(gnugo, "--mode", "gtp")
		cmd.Stdin = strings.NewReader("loadsgf " + abs + "\nlist_stones black\nlist_stones white\nquit\n")
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: gnugo: %v", name, err)
		}
		if strings.Contains(stderr.String(), "WARNING") {
			t.Errorf("%s: gnugo: %s", name, stderr.String())
		}
		var answers []string
		sc := bufio.NewScanner(strings.NewReader(string(out)))
		for sc.Scan() {
			if l := strings.TrimSpace(sc.Text()); strings.HasPrefix(l, "=") || strings.HasPrefix(l, "?") {
				answers = append(answers, l)
			}
		}
		if len(answers) < 3 {
			t.Fatalf("%s: gnugo answered %q", name, out)
		}
		// loadsgf answers the side to move after the main line: the
		// opponent of its last mover.
		last := g.Moves[len(g.Moves)-1].Color
		if want := "= " + map[board.Color]string{board.Black: "white", board.White: "black"}[last]; answers[0] != want {
			t.Errorf("%s: gnugo loadsgf answered %q, want %q", name, answers[0], want)
		}
		// GNU Go's stones after the main line are ours (it skips an
		// illegal move with a warning, so a wrong line shows here).
		end, err := g.PositionAfter(-1)
		if err != nil {
			t.Fatal(err)
		}
		for k, c := range []board.Color{board.Black, board.White} {
			var ours []string
			for p := range end.Board.Size() {
				if end.Board.At(board.Point(p)) == c {
					ours = append(ours, end.Board.Name(board.Point(p)))
				}
			}
			theirs := strings.Fields(strings.TrimPrefix(answers[1+k], "="))
			slices.Sort(ours)
			slices.Sort(theirs)
			if !slices.Equal(ours, theirs) {
				t.Errorf("%s: after the main line GNU Go has %s stones %v, mathgo %v", name, c, theirs, ours)
			}
		}
	}
}

var (
	libOnce sync.Once
	libPath string
	libErr  error
)

// testLibrary builds a library up to area 5 once.
func testLibrary(t *testing.T) string {
	if testing.Short() {
		t.Skip("builds the tile library up to area 5 (-short)")
	}
	testlong.Skip(t, "builds the tile library up to area 5")
	libOnce.Do(func() {
		dir, err := os.MkdirTemp("", "mathgo-compose")
		if err != nil {
			libErr = err
			return
		}
		libPath = filepath.Join(dir, "tiles.db")
		_, libErr = library.Build(libPath, library.BuildOptions{MaxArea: 5, Workers: 2, Analysis: library.Analysis})
	})
	if libErr != nil {
		t.Fatal(libErr)
	}
	return libPath
}

// Compose is deterministic, and what it returns passes Verify with the
// asked winner; its SGF main line is the metrics' line.
func TestComposeDeterministic(t *testing.T) {
	db, err := library.Open(testLibrary(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	o := Options{DB: db, Cols: 19, Rows: 19, Tiles: 4, Seed: 3, Winner: board.White, Candidates: 2, AlphaBetaMoves: 1}
	p1, err := Compose(o)
	if err != nil {
		t.Fatal(err)
	}
	p2, err := Compose(o)
	if err != nil {
		t.Fatal(err)
	}
	if p1.Diagram != p2.Diagram {
		t.Fatalf("two runs with seed 3 differ:\n%s\n%s", p1.Diagram, p2.Diagram)
	}
	pos, err := position.Parse("p", []byte(p1.Diagram))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Verify(pos, board.White); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(p1.AlphaBetaNote, "alpha-beta out of reach") {
		t.Errorf("AlphaBetaMoves 1: note %q", p1.AlphaBetaNote)
	}
	data, err := p1.SGF()
	if err != nil {
		t.Fatal(err)
	}
	g, err := position.ParseGame("p.sgf", data)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != len(p1.Line.Moves) {
		t.Errorf("SGF main line %d moves, the line %d", len(g.Moves), len(p1.Line.Moves))
	}
}

// Verify refuses a position whose walls are only declared, and a winner
// that is not the position's.
func TestVerifyRefuses(t *testing.T) {
	pos, err := position.Parse("five", mustRead(t, "../testdata/problems/five-tiles.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Verify(pos, board.Black); err == nil || !strings.Contains(err.Error(), "pass-alive") && !strings.Contains(err.Error(), "infinitesimal") {
		t.Errorf("declared walls: %v", err)
	}
}

func mustRead(t *testing.T, path string) []byte {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Difficulty's winning first moves are the ones an independent search
// finds: each legal Black move on the board of the five-tiles problem
// (total ^: Black wins whoever starts), then the whole-board alpha-beta
// with White to move.
func TestDifficultyFirstMovesByAlphaBeta(t *testing.T) {
	data := mustRead(t, "../testdata/problems/five-tiles.txt")
	pos, err := position.Parse("five-tiles.txt", data)
	if err != nil {
		t.Fatal(err)
	}
	pos.ToMove = board.Black
	r, err := endgame.Analyze(pos, endgame.Options{})
	if err != nil || !r.Exact() {
		t.Fatalf("%v %v", err, r.Problems)
	}
	m, err := Difficulty(r)
	if err != nil {
		t.Fatal(err)
	}
	if m.Winner != "black" || m.WinnerPlies == 0 || len(m.FirstWinning) == 0 {
		t.Fatalf("metrics %+v", m)
	}
	var want []string
	tried, empty := 0, 0
	for _, tl := range r.Tiles() {
		if tl.Kind == "territory" {
			continue
		}
		for _, p := range tl.Points {
			if pos.Board.At(p) != board.Empty {
				continue
			}
			empty++
			// Draw the move into the diagram (board.Play would not know
			// that the '#' and '@' stones are immortal).
			after, ok := withStone(t, data, pos.Board, p)
			if !ok {
				continue // suicide
			}
			after.ToMove = board.White
			tried++
			ab, err := solve.SolveAlphaBeta(after, solve.Options{First: board.White})
			if err != nil {
				t.Fatal(err)
			}
			switch ab.WhiteFirst {
			case solve.Black:
				want = append(want, pos.Board.Name(p))
			case solve.White:
			default:
				t.Fatalf("after B %s: alpha-beta %s (%s)", pos.Board.Name(p), ab.WhiteFirst, ab.Reason)
			}
		}
	}
	// Every empty point of the tiles is a legal Black move here (the
	// capture of the White stone in atari included).
	if tried != empty || empty == 0 {
		t.Errorf("%d of %d moves tried", tried, empty)
	}
	slices.Sort(want)
	if !slices.Equal(want, m.FirstWinning) {
		t.Errorf("winning first moves: Difficulty %v, alpha-beta %v", m.FirstWinning, want)
	}
}

// withStone returns the position of diagram data (a bordered whole board,
// no labels) after a Black stone at p, capturing the mortal White blocks
// it takes (prisoners counted), or false for a suicide.
func withStone(t *testing.T, data []byte, b *board.Board, p board.Point) (*position.Position, bool) {
	t.Helper()
	col, row := b.Coords(p)
	lines := strings.Split(string(data), "\n")
	var grid [][]byte // board rows, top first: cells at 1+2*x
	var at []int
	for i, l := range lines {
		if strings.HasPrefix(l, "|") {
			grid = append(grid, []byte(l))
			at = append(at, i)
		}
	}
	get := func(x, y int) byte {
		if y < 0 || y >= len(grid) || x < 0 || 1+2*x >= len(grid[y])-1 {
			return 0
		}
		return grid[y][1+2*x]
	}
	y0 := b.Rows() - 1 - row
	grid[y0][1+2*col] = 'X'
	captured := 0
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		x, y := col+d[0], y0+d[1]
		if get(x, y) != 'O' {
			continue
		}
		blk := map[[2]int]bool{{x, y}: true}
		stack := [][2]int{{x, y}}
		free, immortal := false, false
		for len(stack) > 0 {
			q := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, e := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				a, c := q[0]+e[0], q[1]+e[1]
				switch get(a, c) {
				case '.':
					free = true
				case '@':
					immortal = true
				case 'O':
					if !blk[[2]int{a, c}] {
						blk[[2]int{a, c}] = true
						stack = append(stack, [2]int{a, c})
					}
				}
			}
		}
		if !free && !immortal {
			for q := range blk {
				grid[q[1]][1+2*q[0]] = '.'
			}
			captured += len(blk)
		}
	}
	for k, i := range at {
		lines[i] = string(grid[k])
	}
	after, err := position.Parse("after", []byte(strings.Join(lines, "\n")))
	if err != nil {
		return nil, false // the stone has no liberty: a suicide
	}
	after.Board.SetPrisoners(board.Black, captured)
	return after, true
}
