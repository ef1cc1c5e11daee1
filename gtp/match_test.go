package gtp

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/position"
)

// game is one game of a match: who played which colour from which
// position, the moves, and the end.
type game struct {
	position     string
	black, white player
	first        board.Color
	moves        []string
	endedBy      string  // "two passes", "resign by black", "move limit", ...
	score        float64 // mathgo's final_score at the end: Japanese, all stones alive, Black minus White
	gnugoScore   string  // the other engine's own final_score, if it has one
	finalStones  string  // list_stones black / white at the end, from mathgo
	relayFailure string  // a move one engine made and the other refused
}

// playGame is a small twogtp: it sets up the position file in both
// players, then asks the side to move for a move with genmove and relays it
// to the other with play, until two passes in a row, a resignation, a move
// the other engine refuses, or maxMoves moves (0: twice the number of
// points, plus 20). The position reaches a player that reads diagrams
// (mathgo, which keeps the immortal marks) with loadsgf, any other with
// boardsize, clear_board and one play per stone (GNU Go).
func playGame(t *testing.T, path string, black, white player, first board.Color, komi float64, maxMoves int) game {
	t.Helper()
	pos, err := position.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b := pos.Board
	if b.Cols() != b.Rows() {
		t.Fatalf("%s: GTP boards are square, this one is %dx%d", path, b.Cols(), b.Rows())
	}
	if b.MoveNumber() != 0 || b.Prisoners(board.Black)+b.Prisoners(board.White) != 0 {
		t.Fatalf("%s: match positions must be pure setup (no moves, no prisoners)", path)
	}
	g := game{position: filepath.Base(path), black: black, white: white, first: first}
	if maxMoves <= 0 {
		maxMoves = 2*b.Size() + 20
	}
	abs, _ := filepath.Abs(path)
	for _, p := range []player{black, white} {
		if p.ReadsDiagrams() {
			must(t, p, "loadsgf "+abs)
			must(t, p, fmt.Sprintf("komi %g", komi))
			continue
		}
		must(t, p, fmt.Sprintf("boardsize %d", b.Cols()))
		must(t, p, "clear_board")
		must(t, p, fmt.Sprintf("komi %g", komi))
		for p0 := 0; p0 < b.Size(); p0++ {
			if c := b.At(board.Point(p0)); c != board.Empty {
				must(t, p, fmt.Sprintf("play %s %s", c, b.Name(board.Point(p0))))
			}
		}
	}
	stones := func(p player) string {
		return must(t, p, "list_stones black") + " / " + must(t, p, "list_stones white")
	}
	if sb, sw := stones(black), stones(white); sb != sw {
		t.Fatalf("%s: the players start from different positions:\n%s: %s\n%s: %s", path, black.Name(), sb, white.Name(), sw)
	}

	c := first
	passes := 0
	for len(g.moves) < maxMoves && passes < 2 {
		mover, other := black, white
		if c == board.White {
			mover, other = white, black
		}
		mv := strings.ToLower(must(t, mover, "genmove "+c.String()))
		if mv == "resign" {
			g.endedBy = "resign by " + c.String()
			break
		}
		g.moves = append(g.moves, fmt.Sprintf("%s %s", c, mv))
		if resp, ok, err := other.Cmd(fmt.Sprintf("play %s %s", c, mv)); err != nil {
			t.Fatal(err)
		} else if !ok {
			g.relayFailure = fmt.Sprintf("%s refuses %s's move %s %s: %s", other.Name(), mover.Name(), c, mv, resp)
			g.endedBy = "refused move"
			break
		}
		if mv == "pass" {
			passes++
		} else {
			passes = 0
		}
		c = c.Opponent()
	}
	switch {
	case passes >= 2:
		g.endedBy = "two passes"
	case g.endedBy == "":
		g.endedBy = "move limit"
	}

	// Score with mathgo's final_score (the players' boards must agree).
	var mathgo player
	for _, p := range []player{black, white} {
		if p.Name() == "mathgo" {
			mathgo = p
		} else if resp, ok, err := p.Cmd("final_score"); err == nil && ok {
			g.gnugoScore = resp
		}
	}
	if sb, sw := stones(black), stones(white); sb != sw {
		t.Errorf("%s: the players end in different positions:\n%s: %s\n%s: %s", path, black.Name(), sb, white.Name(), sw)
	}
	if mathgo != nil {
		g.finalStones = stones(mathgo)
		g.score = parseScore(t, must(t, mathgo, "final_score"))
	}
	return g
}

// parseScore reads a final_score answer ("B+3.5", "W+2", "0") as Black
// minus White.
func parseScore(t *testing.T, s string) float64 {
	t.Helper()
	var v float64
	switch {
	case s == "0":
		return 0
	case strings.HasPrefix(s, "B+"):
		_, err := fmt.Sscan(s[2:], &v)
		if err != nil {
			t.Fatalf("bad score %q", s)
		}
		return v
	case strings.HasPrefix(s, "W+"):
		_, err := fmt.Sscan(s[2:], &v)
		if err != nil {
			t.Fatalf("bad score %q", s)
		}
		return -v
	}
	t.Fatalf("bad score %q", s)
	return 0
}

// matchOptimum gives the exact Japanese score (Black minus White) of a
// match position with best play when first moves first, and whether it is
// known: the japanese outcome of the endgame pipeline (analyze).
var matchOptimum = func(path string, first board.Color) (float64, bool) {
	pos, err := position.ReadFile(path)
	if err != nil {
		return 0, false
	}
	r, err := endgame.Analyze(pos, endgame.Options{})
	if err != nil || !r.Exact() {
		return 0, false
	}
	s, ok := r.Japanese(first)
	return s.Float64(), ok
}

// matchGenerator is the move generator mathgo plays the match with; nil is
// FallbackGenerator. The lead plugs the exact player in here.
var matchGenerator MoveGenerator = ExactGenerator{}

// TestMatchAgainstGNUGo plays mathgo (in process) against GNU Go (a
// subprocess) from every position of testdata/gtp, with either engine as
// Black and either side moving first, komi 0, simple ko, GNU Go at its
// default level with a fixed random seed (--seed 1). Each game ends
// with two passes; mathgo's final_score (Japanese, all stones alive: the
// positions are settled walls with one-point eyes) scores it. Where the
// optimum is known (matchOptimum), mathgo's result must never be below it,
// and the points GNU Go dropped against it are reported.
func TestMatchAgainstGNUGo(t *testing.T) {
	if testing.Short() {
		t.Skip("the match against GNU Go is skipped in -short mode")
	}
	gnugo := startGNUGo(t, 3*time.Minute, "--simple-ko", "--forbid-suicide", "--japanese-rules", "--seed", "1")
	var report []string
	dropped, known := 0.0, 0
	for _, path := range matchPositions(t) {
		for _, first := range []board.Color{board.Black, board.White} {
			for _, mathgoColor := range []board.Color{board.Black, board.White} {
				// MoveTime -1: node budgets decide, not the wall clock.
				e := NewEngine(Options{KoRule: board.KoSimple, Generator: matchGenerator, Log: testLog{t}, MoveTime: -1})
				mathgo := enginePlayer{e}
				black, white := player(mathgo), player(gnugo)
				if mathgoColor == board.White {
					black, white = gnugo, mathgo
				}
				g := playGame(t, path, black, white, first, 0, 0)
				if g.relayFailure != "" {
					t.Errorf("%s: %s", g.position, g.relayFailure)
				}
				if g.endedBy != "two passes" {
					t.Errorf("%s: the game ended by %s", g.position, g.endedBy)
				}
				mathgoResult := g.score // from mathgo's side
				if mathgoColor == board.White {
					mathgoResult = -g.score
				}
				line := fmt.Sprintf("%-13s %s first, mathgo %s: %-7s (GNU Go counts %s) in %d moves: %s",
					g.position, first, mathgoColor, FormatScore(g.score), g.gnugoScore, len(g.moves), strings.Join(g.moves, ", "))
				if opt, ok := matchOptimum(path, first); ok {
					mathgoOpt := opt
					if mathgoColor == board.White {
						mathgoOpt = -opt
					}
					if mathgoResult < mathgoOpt {
						t.Errorf("%s: mathgo (%s) got %v, below the optimum %v", line, mathgoColor, mathgoResult, mathgoOpt)
					}
					drop := mathgoResult - mathgoOpt // what GNU Go gave away
					dropped += drop
					known++
					line += fmt.Sprintf(" — optimum %s, GNU Go dropped %g", FormatScore(opt), drop)
				}
				report = append(report, line)
			}
		}
	}
	summary := "no optimum is known yet (matchOptimum): the games are reported, not judged"
	if known > 0 {
		summary = fmt.Sprintf("GNU Go dropped %g points in all against the optima of %d of %d games", dropped, known, len(report))
	}
	t.Logf("mathgo (%s) against GNU Go:\n%s\n%s", generatorName(matchGenerator), strings.Join(report, "\n"), summary)
}

// generatorName names a move generator in reports.
func generatorName(g MoveGenerator) string {
	if g == nil {
		return "FallbackGenerator"
	}
	return fmt.Sprintf("%T", g)
}

// testLog sends an engine's log to the test log.
type testLog struct{ t *testing.T }

func (l testLog) Write(p []byte) (int, error) {
	l.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}
