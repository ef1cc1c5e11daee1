package gtp

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/internal/testlong"
)

// rulesStats counts what a rules-agreement run compared.
type rulesStats struct {
	attempts, legal, illegal int
	captures, suicides, kos  int // moves that captured; refused suicides; refused ko retakes
	superkos                 int // refused repetitions other than an immediate ko retake
	occupied, passes, checks int // refused occupied points; passes; board comparisons
	koFills                  int // the ko point played by the side that just captured
	lateRetakes              int // legal retakes of a ko after a pass
	mismatches               int
	firstMismatches          []string
}

// TestRulesAgreeWithGNUGo replays random legal move sequences on 9x9 and
// 19x19 boards in mathgo and GNU Go, biased toward captures, suicide
// attempts, ko retakes and occupied points. Every attempted move is checked
// with GNU Go's is_legal against mathgo's play; legal moves are played in
// both, and the stones (list_stones) and prisoners (captures) are compared
// regularly. It runs twice: mathgo with simple ko against GNU Go's
// defaults, named explicitly (--simple-ko --forbid-suicide), and mathgo
// with positional superko against GNU Go --positional-superko.
func TestRulesAgreeWithGNUGo(t *testing.T) {
	// The long tier (MATHGO_LONG=1) attempts 10000 moves a size, the fast
	// tier (and -short) the first 1500.
	perSize := 10000
	if testing.Short() || !testlong.Enabled() {
		perSize = 1500
	}
	for _, tc := range []struct {
		name string
		rule board.KoRule
		flag string
	}{
		{"simple-ko", board.KoSimple, "--simple-ko"},
		{"positional-superko", board.KoSuperko, "--positional-superko"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gnugo := startGNUGo(t, 2*time.Minute, tc.flag, "--forbid-suicide", "--japanese-rules")
			n := perSize
			if tc.rule == board.KoSuperko {
				n /= 2
			}
			total := rulesStats{}
			for _, size := range []int{9, 19} {
				st := compareRules(t, gnugo, tc.rule, size, n, uint64(size)+uint64(tc.rule)<<8)
				t.Logf("%dx%d: %d attempts, %d legal (%d captures, %d passes), %d illegal (%d suicides, %d ko retakes, "+
					"%d superko, %d occupied), %d ko fills, %d retakes after a pass, %d board comparisons, %d mismatches",
					size, size, st.attempts, st.legal, st.captures, st.passes, st.illegal, st.suicides, st.kos,
					st.superkos, st.occupied, st.koFills, st.lateRetakes, st.checks, st.mismatches)
				for _, m := range st.firstMismatches {
					t.Error(m)
				}
				total.attempts += st.attempts
				total.mismatches += st.mismatches
				missed := st.captures == 0 || st.suicides == 0 || st.kos == 0 || st.occupied == 0
				if tc.rule == board.KoSuperko {
					missed = missed || st.superkos == 0
				} else {
					missed = missed || st.lateRetakes == 0
				}
				if missed {
					t.Errorf("%dx%d: the random games missed a case: %+v", size, size, st)
				}
			}
			t.Logf("%s: %d moves compared, %d mismatches", tc.name, total.attempts, total.mismatches)
		})
	}
}

// compareRules plays about n attempted moves on a size x size board.
func compareRules(t *testing.T, gnugo *gtpProc, rule board.KoRule, size, n int, seed uint64) rulesStats {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	e := NewEngine(Options{KoRule: rule})
	mathgo := enginePlayer{e}
	var st rulesStats
	mismatch := func(format string, args ...any) {
		st.mismatches++
		if len(st.firstMismatches) < 5 {
			st.firstMismatches = append(st.firstMismatches, fmt.Sprintf("%dx%d after %d moves: ", size, size, e.Board().MoveNumber())+
				fmt.Sprintf(format, args...)+"\n"+e.Board().String())
		}
	}
	compareBoards := func() {
		st.checks++
		for _, c := range []string{"black", "white"} {
			m, g := must(t, mathgo, "list_stones "+c), must(t, gnugo, "list_stones "+c)
			if m != g {
				mismatch("list_stones %s: mathgo %q, GNU Go %q", c, m, g)
			}
		}
		mb, mw := e.Board().Prisoners(board.Black), e.Board().Prisoners(board.White)
		gb, gw := must(t, gnugo, "captures black"), must(t, gnugo, "captures white")
		if fmt.Sprint(mb) != gb || fmt.Sprint(mw) != gw {
			mismatch("prisoners: mathgo %d/%d, GNU Go %s/%s", mb, mw, gb, gw)
		}
	}
	newGame := func() {
		for _, p := range []player{mathgo, gnugo} {
			must(t, p, fmt.Sprintf("boardsize %d", size))
			must(t, p, "clear_board")
		}
	}
	newGame()
	gameLen := size * size * 2
	c := board.Black
	lastLegal := true
	var memo koMemo
	for st.attempts < n {
		b := e.Board()
		if b.MoveNumber() >= gameLen {
			compareBoards()
			newGame()
			c = board.Black
			continue
		}
		p, kind := pickMove(rng, b, c, lastLegal, memo)
		vertex := b.Name(p)
		captured, err := b.Clone().Play(p, c)
		_, mOK, _ := mathgo.Cmd(fmt.Sprintf("play %s %s", c, vertex))
		gLegal := must(t, gnugo, fmt.Sprintf("is_legal %s %s", c, vertex))
		st.attempts++
		switch {
		case mOK != (err == nil):
			mismatch("mathgo play %s %s answered %v, its board says %v", c, vertex, mOK, err)
		case mOK && gLegal != "1":
			mismatch("%s %s (%s): legal in mathgo, not in GNU Go", c, vertex, kind)
			e.Board().Undo()
			continue
		case !mOK && gLegal != "0":
			mismatch("%s %s (%s): illegal in mathgo (%v), legal in GNU Go", c, vertex, kind, err)
			continue
		}
		lastLegal = mOK
		if !mOK {
			st.illegal++
			switch {
			case errors.Is(err, board.ErrSuicide):
				st.suicides++
			case errors.Is(err, board.ErrKo):
				st.kos++
			case errors.Is(err, board.ErrSuperko):
				st.superkos++
			case errors.Is(err, board.ErrOccupied):
				st.occupied++
			}
		} else {
			st.legal++
			must(t, gnugo, fmt.Sprintf("play %s %s", c, vertex))
			switch {
			case p == board.Pass:
				st.passes++
			case kind == "ko fill":
				st.koFills++
			case kind == "late retake":
				st.lateRetakes++
			case captured > 0:
				st.captures++
			}
			if ko, koColor := e.Board().KoRecapture(); ko != board.Pass {
				memo = koMemo{ko, koColor, e.Board().MoveNumber()}
			}
			// Mostly alternate; sometimes the same colour moves again, as
			// GTP allows.
			if rng.IntN(10) != 0 {
				c = c.Opponent()
			}
		}
		if st.attempts%25 == 0 {
			compareBoards()
		}
	}
	compareBoards()
	return st
}

// koMemo remembers the last ko: the point, the colour that may not
// retake at once, and the move number after the capture.
type koMemo struct {
	p  board.Point
	c  board.Color
	at int
}

// pickMove chooses the next move to try for c, biased toward the cases
// where rules differ: captures, suicide, ko and occupied points. kind says
// which case was aimed at. Otherwise, and always after an illegal attempt
// (special false, so that the same refusal is not tried again and again),
// it picks a random legal point, or passes if there is none.
//
// Around a ko it tries the retake at once (refused), passes instead (which
// clears a simple ko), answers that pass with a pass, and retakes a ko one
// or two moves after it was made (legal under simple ko once a pass
// cleared it, refused under positional superko after two passes, since it
// repeats the position before the capture).
func pickMove(rng *rand.Rand, b *board.Board, c board.Color, special bool, memo koMemo) (board.Point, string) {
	r := rng.IntN(100)
	if !special {
		r = 99
	}
	if ko, koColor := b.KoRecapture(); ko != board.Pass && r < 70 {
		switch {
		case koColor != c:
			return ko, "ko fill"
		case r < 40:
			return ko, "ko retake"
		}
		return board.Pass, "pass at a ko"
	}
	if n := b.MoveNumber() - memo.at; n >= 1 && n <= 2 && b.At(memo.p) == board.Empty && r < 70 {
		if memo.c == c {
			return memo.p, "late retake"
		}
		if last, _, _ := b.LastMove(); last == board.Pass {
			return board.Pass, "pass after a pass at a ko"
		}
	}
	var atari, suicide, occupied, empty []board.Point // empty: the legal ones
	for p0 := 0; p0 < b.Size(); p0++ {
		p := board.Point(p0)
		if b.At(p) != board.Empty {
			occupied = append(occupied, p)
			if b.At(p) == c.Opponent() && b.Liberties(p) == 1 {
				atari = append(atari, b.LibertyPoints(p)[0])
			}
			continue
		}
		if b.Legal(p, c) {
			empty = append(empty, p)
		}
		surrounded := true
		for _, q := range b.Neighbors(p) {
			if b.At(q) == board.Empty {
				surrounded = false
				break
			}
		}
		if surrounded {
			suicide = append(suicide, p)
		}
	}
	switch {
	case r < 30:
		if len(atari) > 0 {
			return atari[rng.IntN(len(atari))], "capture"
		}
	case r < 45:
		if len(suicide) > 0 {
			return suicide[rng.IntN(len(suicide))], "surrounded point"
		}
	case r < 50:
		if len(occupied) > 0 {
			return occupied[rng.IntN(len(occupied))], "occupied"
		}
	case r < 52:
		return board.Pass, "pass"
	}
	if len(empty) == 0 {
		return board.Pass, "pass"
	}
	return empty[rng.IntN(len(empty))], "random"
}
