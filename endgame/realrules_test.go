package endgame

import (
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/realgo"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
	"github.com/mathgo/mathgo/tiles"
)

// TestRealRulesCrossCheck: on random small whole boards (5x5 to 7x7,
// ordinary stones only, late endgame, some groups alive only with
// answers), every result analyze gives as exact (exit status 0) equals an
// exhaustive search under real rules (realgo: captures, simple ko, passes,
// Japanese and Chinese counting), with each side first. The count of
// positions answered and refused is logged. Most of these boards have a
// ko (cutting points left in the walls), so the answers with ko tiles —
// Japanese and Chinese by exact play of the tiles' graphs with the ko ban
// (solve.BanGame) — are checked against realgo's whole-board search with
// the simple-ko ban; at least one such answer must be compared.
func TestRealRulesCrossCheck(t *testing.T) {
	// The long tier (MATHGO_LONG=1) checks 150 boards (300 took 315 s
	// alone on two loaded cores), the fast tier the first 16, -short at
	// most 60; the campaigns go further. (The oracle takes most of the
	// time: of the first 25 boards' 111 s, realgo took 99, 46 of them on
	// board 17 and 17 on board 20; the first 16 take about 35 s.)
	n := testlong.Pick(16, 150)
	if testing.Short() {
		n = min(n, 60)
	}
	// Enough boards to require a ko answer compared.
	full := testlong.Enabled() && !testing.Short()
	seed := int64(2026)
	// A longer campaign: MATHGO_CROSSCHECK_N=3000 MATHGO_CROSSCHECK_SEED=7.
	if v, err := strconv.Atoi(os.Getenv("MATHGO_CROSSCHECK_N")); err == nil && v > 0 {
		n = v
		full = !testing.Short()
	}
	if os.Getenv("MATHGO_CROSSCHECK_CLAIM") != "" {
		// Claim every enclosed tile the walls can prove (not only the
		// ones the tile search fails on), so that the claims are checked
		// on every board that has one.
		claimAll = true
		defer func() { claimAll = false }()
	}
	if v, err := strconv.ParseInt(os.Getenv("MATHGO_CROSSCHECK_SEED"), 10, 64); err == nil {
		seed = v
	}
	rng := rand.New(rand.NewSource(seed))
	answered, refused, oracleUnknown, compared, bounded := 0, 0, 0, 0, 0
	koAnswered, koCompared, claims := 0, 0, 0
	solvableN, solvableAnswered := 0, 0 // boards realgo solves within its budget
	for i := range n {
		size := 5 + i%3
		pos := realgo.RandomEndgame(rng, size, size, realgo.GenOptions{MinOpen: 6, MaxOpen: 14})
		name := fmt.Sprintf("position %d (%dx%d)", i, size, size)
		// NoRealCheck: realgo is this test's oracle; analyze's own check
		// with it would make the comparison of its ko scores circular.
		r, err := Analyze(pos, Options{SolverNodes: 20_000, MaxPositions: 300_000, NoRealCheck: true, BoardSearchNodes: crossCheckBoardNodes})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if r.Claimed > 0 {
			claims++
		}
		if !r.Exact() && !full {
			// (The share of the boards realgo solves is measured on the
			// long tier only: realgo is slow on the refused ones.)
			refused++
			continue
		}
		res, err := realgo.Solve(pos, realgo.Options{NoMoves: true, MaxNodes: 2_000_000})
		if err != nil {
			t.Fatalf("%s: realgo: %v", name, err)
		}
		solvable := true
		for _, first := range []board.Color{board.Black, board.White} {
			solvable = solvable && res.Get(rules.Japanese, first).Known && res.Get(rules.Chinese, first).Known
		}
		if solvable {
			solvableN++
			if r.Exact() {
				solvableAnswered++
			}
		}
		if !r.Exact() {
			refused++
			// Bounds are claims too: those of positions with kos
			// (and, in a campaign with MATHGO_CROSSCHECK_BOUNDS=1, all)
			// must hold the real-rules results.
			if r.Bounds != nil && (r.Decision.KoTiles || os.Getenv("MATHGO_CROSSCHECK_BOUNDS") != "") {
				bounded++
				checkBounds(t, name, pos, r)
			}
			continue
		}
		answered++
		hasKo := false
		for _, tl := range r.Tiles() {
			hasKo = hasKo || tl.Kind == tiles.KindKo
		}
		if hasKo {
			koAnswered++
		}
		for _, first := range []board.Color{board.Black, board.White} {
			jp := res.Get(rules.Japanese, first)
			ch := res.Get(rules.Chinese, first)
			if !jp.Known || !ch.Known {
				oracleUnknown++
				continue
			}
			compared++
			if hasKo {
				koCompared++
			}
			if j, _ := r.Japanese(first); !j.IsInteger() || j.String() != fmt.Sprint(jp.Score) {
				t.Errorf("%s, %s first: analyze says Japanese %s, real rules %d\n%s", name, first, j, jp.Score, pos.Board)
			}
			if c, ok := r.Chinese(first); ok {
				whole, _ := c.Add(cgt.DyadicInt(int64(r.WallStones()))).Int64()
				if int(whole) != ch.Score || !c.IsInteger() {
					t.Errorf("%s, %s first: analyze says Chinese %s (+%d wall stones), real rules %d\n%s", name, first, c, r.WallStones(), ch.Score, pos.Board)
				}
			}
		}
	}
	t.Logf("%d positions: %d answered exactly (%d with a ko tile), %d refused or partial (%d of them with bounds checked); %d side-results compared with real rules (%d with a ko tile), %d beyond the oracle's budget; %d positions with an area claimed after the tile search",
		n, answered, koAnswered, refused, bounded, compared, koCompared, oracleUnknown, claims)
	if full && koCompared == 0 {
		t.Errorf("no answer with a ko tile was compared with the whole-board simple-ko search")
	}
	if full {
		t.Logf("realgo solves %d positions within its budget; analyze answers %d of them exactly", solvableN, solvableAnswered)
	}
	// Since the board search, most boards are answered (75 of the first
	// 90, 2026-11-29); before it, about a third. Issue #32 asks for 90%
	// of those realgo solves (226 of 229 on 300 boards of seed 777).
	if answered < n/2 {
		t.Errorf("only %d of %d positions answered", answered, n)
	}
	if full && solvableAnswered*10 < solvableN*9 {
		t.Errorf("%d of the %d positions realgo solves answered exactly, want at least 90%%", solvableAnswered, solvableN)
	}
}

// crossCheckBoardNodes is the board search's budget in the cross-check:
// a quarter of analyze's, so that a board the search cannot finish costs
// seconds.
const crossCheckBoardNodes = 500_000

// checkBounds checks a report's bounds against realgo's whole-board
// results, for the sides realgo decides within its budget.
func checkBounds(t *testing.T, name string, pos *position.Position, r *Report) {
	t.Helper()
	res, err := realgo.Solve(pos, realgo.Options{NoMoves: true, MaxNodes: 2_000_000})
	if err != nil {
		t.Fatalf("%s: realgo: %v", name, err)
	}
	walls := cgt.DyadicInt(int64(r.WallStones()))
	for _, first := range []board.Color{board.Black, board.White} {
		p := solve.PlayerOf(first)
		if jp := res.Get(rules.Japanese, first); jp.Known {
			j := cgt.DyadicInt(int64(jp.Score))
			if b := r.Bounds.Japanese[p]; j.Cmp(b[0]) < 0 || j.Cmp(b[1]) > 0 {
				t.Errorf("%s, %s first: real rules Japanese %d outside analyze's bounds %s..%s\n%s", name, first, jp.Score, b[0], b[1], pos.Board)
			}
		}
		if ch := res.Get(rules.Chinese, first); ch.Known && r.Bounds.ChineseOK {
			c := cgt.DyadicInt(int64(ch.Score))
			if b := r.Bounds.Chinese[p]; c.Cmp(b[0].Add(walls)) < 0 || c.Cmp(b[1].Add(walls)) > 0 {
				t.Errorf("%s, %s first: real rules Chinese %d outside analyze's bounds %s..%s (+%s wall stones)\n%s", name, first, ch.Score, b[0], b[1], walls, pos.Board)
			}
		}
	}
}
