package review

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/gtp"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
)

// gtpPlayer is one side of a play-out: mathgo in process or GNU Go.
type gtpPlayer interface {
	cmd(line string) (string, error)
}

// engineGTP is mathgo's GTP engine in process (what `mathgo gtp` runs),
// with the exact move generator and a log of its reasons.
type engineGTP struct {
	e   *gtp.Engine
	log *strings.Builder
}

func (p engineGTP) cmd(line string) (string, error) {
	resp, ok, _ := p.e.Exec(line)
	if !ok {
		return "", fmt.Errorf("mathgo: %q failed: %s", line, resp)
	}
	return resp, nil
}

// TestExactPlayAgainstGNUGo plays mathgo's GTP engine (exact genmove)
// against GNU Go at level 10 from every position a review analyzed
// exactly (the position before each move reviewed with its optimal moves
// known), once with mathgo as the player to move and once as the
// opponent, until two passes; the end is scored by the exact analysis of
// the final board. mathgo must never end below the review's optimum for
// its side (Japanese counting: the GTP engine plays for territory; for a
// record under Chinese rules the Japanese optimum of the same position is
// the one checked). The positions are those of the hand-made records and
// of the reviewed GNU Go games (reviewedGames: the level-10 games with
// --capture-all-dead give most of them). Of the positions exact only at
// the budgets of the review's second analysis (Options.Retries), only the
// earliest of each game is played, with mathgo at those budgets.
func TestExactPlayAgainstGNUGo(t *testing.T) {
	if testing.Short() {
		t.Skip("playing against GNU Go: skipped in -short mode")
	}
	path := gnugoPath()
	if path == "" {
		t.Skip("GNU Go is not installed (apt-get install gnugo, or $GNUGO)")
	}
	files := []string{filepath.Join(handDir, "gote2.sgf"), filepath.Join(handDir, "choice.sgf"), filepath.Join(handDir, "gote2-chinese.sgf")}
	files = append(files, reviewedPaths(t)...)
	played, rescued, skipped := 0, 0, 0
	for _, file := range files {
		g := readGame(t, file)
		res := reviewOf(t, file)
		ruleFlag := "--japanese-rules"
		if res.Scoring == rules.Chinese {
			ruleFlag = "--chinese-rules"
		}
		gnugo := startGTP(t, path, "--mode", "gtp", "--level", "10", "--seed", "1", ruleFlag)
		abs, _ := filepath.Abs(file)
		for _, m := range res.Moves {
			if !m.BeforeKnown || !m.BestKnown {
				continue
			}
			pos, err := g.PositionAfter(m.N - 1)
			if err != nil {
				t.Fatal(err)
			}
			r, err := endgame.Analyze(pos, Options{}.analysis())
			if err != nil {
				t.Fatal(err)
			}
			// No tile-size limit: the review's positions are exact, and
			// territories may be large.
			gen := gtp.ExactGenerator{MaxTilePoints: 10_000}
			if !r.Exact() {
				// A position exact only at the second analysis's budgets
				// (Options.Retries): mathgo plays with those budgets. To
				// keep the test's time in bounds only the earliest such
				// position of a game, the hardest, is played.
				if m.N != res.First {
					skipped++
					continue
				}
				deep, _ := Options{}.retryAnalysis(Options{}.analysis())
				if r, err = endgame.Analyze(pos, deep); err != nil {
					t.Fatal(err)
				}
				gen.SolverNodes, gen.MaxPositions = deep.SolverNodes, deep.MaxPositions
				rescued++
			}
			optimum, err := Score(r, rules.Japanese, m.Color)
			if err != nil {
				t.Fatalf("%s before move %d: %v", file, m.N, err)
			}
			for _, mathgoColor := range []board.Color{m.Color, m.Color.Opponent()} {
				log := &strings.Builder{}
				// No time limit (MoveTime -1): the exact player's node
				// budgets decide, not the wall clock (on loaded cores
				// genmove's 9 s ran out and the fallback played).
				e := gtp.NewEngine(gtp.Options{KoRule: board.KoSimple, Generator: gen, Log: log, MoveTime: -1})
				mathgo := engineGTP{e, log}
				end, moves := playFrom(t, abs, g, m.N, m.Color, mathgo, gnugo, mathgoColor, res.Komi)
				played++
				final := &position.Position{Board: end, Immortal: make([]bool, end.Size()), ToMove: board.Black}
				fr, err := endgame.Analyze(final, Options{}.analysis())
				if err == nil && !fr.Exact() {
					deep, _ := Options{}.retryAnalysis(Options{}.analysis())
					fr, err = endgame.Analyze(final, deep)
				}
				if err != nil || !fr.Exact() {
					t.Errorf("%s before move %d, mathgo %s: the final board is not analyzed exactly: %v %v (moves %s)", filepath.Base(file), m.N, mathgoColor, err, fr.Problems, moves)
					continue
				}
				b, _ := fr.Japanese(board.Black)
				w, _ := fr.Japanese(board.White)
				if !b.Equal(w) {
					t.Errorf("%s before move %d, mathgo %s: the game ended with a move worth playing left (stops %s and %s; moves %s)", filepath.Base(file), m.N, mathgoColor, b, w, moves)
					continue
				}
				// Points mathgo gained over its optimum (never negative).
				gain := b.Sub(optimum)
				if mathgoColor == board.White {
					gain = gain.Neg()
				}
				fallback := strings.Count(log.String(), "fallback")
				t.Logf("%s before move %d (%s to move, optimum %s): mathgo %s ends at %s (%+g for mathgo; %d fallback moves): %s",
					filepath.Base(file), m.N, m.Color, optimum, mathgoColor, b, gain.Float64(), fallback, moves)
				if gain.Sign() < 0 {
					t.Errorf("%s before move %d: mathgo (%s) lost %s against the optimum %s; moves %s\n%s", filepath.Base(file), m.N, mathgoColor, gain.Neg(), optimum, moves, log)
				}
				if res.Scoring == rules.Chinese {
					area := cgt.DyadicInt(int64(areaCount(end)))
					t.Logf("  (Chinese record: the final board's area count is %s, the review's Chinese optimum %s)", area, m.Before)
				}
			}
		}
	}
	t.Logf("%d play-outs against GNU Go, from %d positions exact only at the second analysis's budgets (%d more such positions not played)", played, rescued, skipped)
	if played == 0 {
		t.Error("no position was played: the hand-made records must be reviewed exactly")
	}
}

// playFrom loads the position before move n of the record at path into
// both engines (loadsgf), checks they agree, and plays it out with c to
// move, mathgo playing mathgoColor, until two passes (or a move limit). It
// returns mathgo's final board (prisoners included) and the moves.
func playFrom(t *testing.T, path string, g *position.Game, n int, c board.Color, mathgo, gnugo gtpPlayer, mathgoColor board.Color, komi position.Komi) (*board.Board, string) {
	t.Helper()
	for _, p := range []gtpPlayer{mathgo, gnugo} {
		for _, line := range []string{fmt.Sprintf("loadsgf %s %d", path, n), "komi " + komi.String()} {
			if _, err := p.cmd(line); err != nil {
				t.Fatal(err)
			}
		}
	}
	stones := func(p gtpPlayer) string {
		var s []string
		for _, col := range []string{"black", "white"} {
			l, err := p.cmd("list_stones " + col)
			if err != nil {
				t.Fatal(err)
			}
			f := strings.Fields(l)
			s = append(s, strings.Join(sortedNames(f), " "))
		}
		return strings.Join(s, " / ")
	}
	if a, b := stones(mathgo), stones(gnugo); a != b {
		t.Fatalf("%s before move %d: the engines load different positions:\nmathgo %s\nGNU Go %s", path, n, a, b)
	}
	pos, err := g.PositionAfter(n - 1)
	if err != nil {
		t.Fatal(err)
	}
	limit := 2*pos.Board.Size() + 20
	var moves []string
	passes := 0
	for passes < 2 && len(moves) < limit {
		mover, other := mathgo, gnugo
		if c != mathgoColor {
			mover, other = gnugo, mathgo
		}
		mv, err := mover.cmd("genmove " + c.String())
		if err != nil {
			t.Fatal(err)
		}
		mv = strings.ToLower(mv)
		if mv == "resign" {
			t.Fatalf("%s before move %d: %s resigns", path, n, c)
		}
		if _, err := other.cmd(fmt.Sprintf("play %s %s", c, mv)); err != nil {
			t.Fatalf("%s before move %d: %v", path, n, err)
		}
		moves = append(moves, c.String()[:1]+" "+mv)
		if mv == "pass" {
			passes++
		} else {
			passes = 0
		}
		c = c.Opponent()
	}
	if passes < 2 {
		t.Fatalf("%s before move %d: no end after %d moves", path, n, limit)
	}
	if a, b := stones(mathgo), stones(gnugo); a != b {
		t.Fatalf("%s before move %d: the engines end in different positions:\nmathgo %s\nGNU Go %s", path, n, a, b)
	}
	return mathgo.(engineGTP).e.Board().Clone(), strings.Join(moves, ", ")
}

func sortedNames(names []string) []string {
	out := append([]string(nil), names...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && strings.ToUpper(out[j]) < strings.ToUpper(out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	for i := range out {
		out[i] = strings.ToUpper(out[i])
	}
	return out
}
