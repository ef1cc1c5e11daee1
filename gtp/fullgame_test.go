package gtp

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/position"
)

// fullGame is the record of one game from the empty board.
type fullGame struct {
	mathgo   board.Color
	moves    []string
	endedBy  string
	sources  map[string]int // mathgo's moves by who chose them
	maxTime  time.Duration  // mathgo's slowest genmove
	maxMove  string
	takeover int        // the move number mathgo took over at (0: never)
	optimum  cgt.Dyadic // mathgo's stated optimum there (its side, komi included)
	final    cgt.Dyadic // the final score (mathgo's side, komi included)
	finalBy  string     // how the final score was found
	log      string
}

// scoreFor turns a score (Black minus White) into c's side.
func scoreFor(s cgt.Dyadic, c board.Color) cgt.Dyadic {
	if c == board.White {
		return s.Neg()
	}
	return s
}

// playFullGame plays a game on the empty size x size board: mathgo (exact
// play, with GNU Go at level 10 as its child engine) against GNU Go at
// level 10 (seed 1), both GNU Gos with --capture-all-dead (they remove
// the dead stones before they pass, so that the end can be valued
// exactly), Japanese rules, simple ko, komi 6.5, until two passes
// or 2 x points + 20 moves. It records mathgo's genmove times, who chose
// each of mathgo's moves, the takeover (the first move mathgo's exact
// play chose) with the optimum the pipeline states there, and the final
// score by the pipeline's analysis of the final board (GNU Go's own
// final_score when that is not exact).
func playFullGame(t *testing.T, size int, mathgoColor board.Color) fullGame {
	t.Helper()
	const komi = 6.5
	komiD := cgt.NewDyadic(13, 1) // 6.5
	// The opponent lives as long as the race run may take (go test -race
	// runs the game several times slower).
	opponent := startGNUGo(t, 25*time.Minute, "--level", "10", "--seed", "1", "--japanese-rules", "--capture-all-dead")
	log := &lockedBuffer{}
	child, err := StartChild(gnugoPath()+" --mode gtp --level 10 --seed 1 --japanese-rules --capture-all-dead", ChildOptions{Log: log})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(child.Close)
	// No wall-clock bound: the test decides by the node budgets, and
	// reports the times.
	// The second analysis keeps genmove's board budget: with analyze's
	// (no time is known) each middle-game move would search the board
	// for seconds, many times over under -race.
	gen := ExactGenerator{RetryBoardNodes: DefaultGenMoveBoardNodes}
	e := NewEngine(Options{KoRule: board.KoSimple, Generator: gen, Child: child, Log: log, MoveTime: -1})
	mathgo := enginePlayer{e}
	for _, p := range []player{mathgo, opponent} {
		must(t, p, fmt.Sprintf("boardsize %d", size))
		must(t, p, "clear_board")
		must(t, p, fmt.Sprintf("komi %g", komi))
	}
	g := fullGame{mathgo: mathgoColor, sources: map[string]int{}}
	c, passes := board.Black, 0
	for len(g.moves) < 2*size*size+20 && passes < 2 {
		var mv string
		if c == mathgoColor {
			before := e.Board().Clone()
			start := time.Now()
			mv = strings.ToLower(must(t, mathgo, "genmove "+c.String()))
			if d := time.Since(start); d > g.maxTime {
				g.maxTime, g.maxMove = d, fmt.Sprintf("move %d", len(g.moves)+1)
			}
			src := e.LastSource()
			g.sources[src]++
			if src == sourceExact && g.takeover == 0 {
				g.takeover = len(g.moves) + 1
				pos := &position.Position{Board: before, Immortal: make([]bool, before.Size())}
				r, err := gen.exactAnalysis(pos, 0)
				if err != nil || !r.Exact() {
					t.Fatalf("move %d: mathgo took over, but the pipeline does not value the position again: %v", g.takeover, err)
				}
				opt, _ := r.Japanese(c)
				g.optimum = scoreFor(opt.Sub(komiD), c)
			}
			if _, ok, err := opponent.Cmd(fmt.Sprintf("play %s %s", c, mv)); err != nil || !ok {
				t.Fatalf("GNU Go refuses mathgo's move %s %s: %v", c, mv, err)
			}
		} else {
			mv = strings.ToLower(must(t, opponent, "genmove "+c.String()))
			if mv == "resign" {
				g.endedBy = "GNU Go resigns"
				break
			}
			if _, ok, _ := mathgo.Cmd(fmt.Sprintf("play %s %s", c, mv)); !ok {
				t.Fatalf("mathgo refuses GNU Go's move %s %s", c, mv)
			}
		}
		g.moves = append(g.moves, c.String()[:1]+" "+mv)
		if mv == "pass" {
			passes++
		} else {
			passes = 0
		}
		c = c.Opponent()
	}
	if g.endedBy == "" {
		g.endedBy = "two passes"
		if passes < 2 {
			g.endedBy = "move limit"
		}
	}
	// The three boards agree: mathgo's, its child's, the opponent's.
	mine := stonesOf(t, func(l string) (string, error) { return mustExec(t, e, l), nil })
	if theirs := stonesOf(t, func(l string) (string, error) { r, _, err := opponent.Cmd(l); return r, err }); theirs != mine {
		t.Errorf("mathgo and GNU Go end with different stones:\n%s\n%s", mine, theirs)
	}
	if ch := stonesOf(t, func(l string) (string, error) { return child.Call(l, 0) }); ch != mine {
		t.Errorf("mathgo's child engine ends out of sync:\n%s\n%s", mine, ch)
	}
	end := e.Board().Clone()
	endPos := &position.Position{Board: end, Immortal: make([]bool, end.Size())}
	// As genmove analyzes it. (GNU Go's final_score is only the fallback:
	// with --capture-all-dead it counts a board whose dead stones are
	// still on it as if they had to be captured by play, 5 points less
	// for Black on one of these games' ends than the Japanese rules'
	// B+11.5, which GNU Go without the flag gives.)
	r, err := gen.exactAnalysis(endPos, 0)
	if err == nil && r.Exact() {
		s, _ := r.Japanese(mathgoColor.Opponent()) // the side to move after mathgo's pass does not matter once settled
		g.final, g.finalBy = scoreFor(s.Sub(komiD), mathgoColor), "mathgo's analysis of the final board"
	} else {
		resp := must(t, opponent, "final_score")
		v := parseScore(t, resp)
		g.final = scoreFor(dyadicOf(t, v), mathgoColor)
		g.finalBy = "GNU Go's final_score " + resp + " (the final board is not analyzed exactly)"
	}
	g.log = log.String()
	return g
}

// dyadicOf converts a half-integer score.
func dyadicOf(t *testing.T, v float64) cgt.Dyadic {
	t.Helper()
	n := int64(v * 2)
	if float64(n) != v*2 {
		t.Fatalf("score %v is not a half-integer", v)
	}
	return cgt.NewDyadic(n, 1)
}

// TestFullGameAgainstGNUGo is the game: from the empty 9x9 board,
// mathgo with GNU Go as its engine against GNU Go level 10, both colours
// (see playFullGame). mathgo must take over in both games (its exact play
// chooses a move), and from that move its final score must never be below
// the optimum the pipeline states there.
// The boards of the three engines must agree at the end. The times of
// mathgo's genmoves are reported (the test runs without the wall-clock
// bound, so its result does not depend on the machine's load). The two
// games take about half a minute each. The fast tier plays the first (mathgo
// Black), the long tier (MATHGO_LONG=1) both.
func TestFullGameAgainstGNUGo(t *testing.T) {
	var report []string
	colors := []board.Color{board.Black, board.White}
	if !testlong.Enabled() {
		colors = colors[:1]
	}
	for _, mathgoColor := range colors {
		g := playFullGame(t, 9, mathgoColor)
		line := fmt.Sprintf("mathgo %s: %d moves (%s), final %s for mathgo by %s; mathgo's moves by %v; slowest genmove %.2fs (%s)",
			mathgoColor, len(g.moves), g.endedBy, g.final, g.finalBy, g.sources, g.maxTime.Seconds(), g.maxMove)
		if g.takeover == 0 {
			line += "; mathgo never took over (no position of its was valued exactly)"
			t.Errorf("mathgo %s never took over", mathgoColor)
		} else {
			line += fmt.Sprintf("; takeover at move %d with the optimum %s for mathgo", g.takeover, g.optimum)
			if g.final.Cmp(g.optimum) < 0 {
				t.Errorf("mathgo (%s) took over at move %d with the optimum %s and ended at %s: it dropped %s\nmoves: %s\nlog:\n%s",
					mathgoColor, g.takeover, g.optimum, g.final, g.optimum.Sub(g.final), strings.Join(g.moves, ", "), g.log)
			}
		}
		if g.endedBy != "two passes" && g.endedBy != "GNU Go resigns" {
			t.Errorf("mathgo %s: the game ended by %s", mathgoColor, g.endedBy)
		}
		report = append(report, line+"\n  moves: "+strings.Join(g.moves, ", "))
	}
	t.Logf("full 9x9 games against GNU Go level 10:\n%s", strings.Join(report, "\n"))
}
