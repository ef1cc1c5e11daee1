package main

import (
	"fmt"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/internal/table"
	"github.com/mathgo/mathgo/solve"
	"github.com/spf13/cobra"
)

// playKoJSON is play's JSON document for a position with ko tiles: the
// keys of the plain document where they apply (first, strategy, moves,
// result), the moves of the Japanese play-out.
type playKoJSON struct {
	First    string             `json:"first"`
	Strategy playStrategiesJSON `json:"strategy"`
	Rules    string             `json:"rules"`
	Moves    []playKoMoveJSON   `json:"moves"`
	Result   playKoResultJSON   `json:"result"`
}

// playKoMoveJSON is one move of a play-out with the ko ban.
type playKoMoveJSON struct {
	N        int      `json:"n"`
	Player   string   `json:"player"`
	Tile     string   `json:"tile"`
	Move     string   `json:"move"`
	KoTaken  bool     `json:"koTaken,omitempty"`
	Captured int      `json:"captured,omitempty"`
	Optimal  []string `json:"optimal"`
}

// playKoResultJSON is the result of a play-out with the ko ban.
type playKoResultJSON struct {
	MGO      *string        `json:"mgo"`
	Japanese *string        `json:"japanese"`
	Chinese  *string        `json:"chinese"`
	Moves    int            `json:"moves"`
	Exact    *playExactJSON `json:"exact,omitempty"`
}

// writeBanPlay writes a play-out with the simple ko ban (a position with
// ko tiles: PlayResult.KoBan), whose moves carry no tile values: the
// moves, whether each took a ko, the number of optimal moves, the results.
func writeBanPlay(cmd *cobra.Command, f *playOptions, r *endgame.Report, c board.Color, res *endgame.PlayResult) error {
	rec := res.Territory
	name := rec.Strategies[0]
	heuristic := name != "exact"
	doc := playKoJSON{
		First:    c.String(),
		Strategy: playStrategiesJSON{Black: name, White: name},
		Rules:    "simple ko ban (Japanese and Chinese); Mathematical Go from the loopy total",
		Moves:    make([]playKoMoveJSON, len(rec.Turns)),
	}
	searched := r.Decision.Search != nil
	if searched {
		doc.Rules = "real rules on the board for the searched tiles (the board search), the simple ko ban (Japanese and Chinese); Mathematical Go not known"
	}
	for i, t := range rec.Turns {
		m := playKoMoveJSON{N: t.N, Player: solve.ColorOf(t.Player).String(), Tile: t.Move.Tile, Move: "pass", KoTaken: t.KoTaken, Captured: t.Captured}
		if t.Move.Tile != "" {
			m.Move = t.Move.String()
		}
		if t.OptimalKnown {
			m.Optimal = []string{}
			for _, o := range t.Optimal {
				if o.Tile == "" {
					m.Optimal = append(m.Optimal, "pass")
				} else {
					m.Optimal = append(m.Optimal, o.String())
				}
			}
		}
		doc.Moves[i] = m
	}
	mgo, jp := res.MGO.String(), res.Japanese.String()
	doc.Result.MGO, doc.Result.Japanese, doc.Result.Moves = &mgo, &jp, len(rec.Turns)
	if res.Area != nil {
		doc.Result.Chinese = ptr(fmt.Sprint(res.Chinese))
	}
	if heuristic {
		ex := &playExactJSON{MGO: r.Winner(c).String()}
		if j, ok := r.Japanese(c); ok {
			ex.Japanese = ptr(j.String())
		}
		if ch, ok := r.Chinese(c); ok {
			ex.Chinese = ptr(ch.String())
		}
		if bd := r.Bounds; bd != nil && !r.Exact() {
			i := 0
			if c == board.White {
				i = 1
			}
			ex.JapaneseBounds = []string{bd.Japanese[i][0].String(), bd.Japanese[i][1].String()}
			if bd.ChineseOK {
				ex.ChineseBounds = []string{bd.Chinese[i][0].String(), bd.Chinese[i][1].String()}
			}
		}
		doc.Result.Exact = ex
	}
	out := cmd.OutOrStdout()
	// Exact play was out of reach: the play-out is printed, but nothing
	// about the position is proven beyond analyze's bounds (exit 3).
	var status error
	if !r.Exact() {
		status = exitError{exitUnproven}
	}
	if f.asJSON {
		if err := writeJSON(out, doc); err != nil {
			return err
		}
		return status
	}
	if searched {
		fmt.Fprintf(out, "play-out (%s; tile %s searched on the board), %s first, Japanese counting:\n", name, strings.Join(r.Decision.Search.Region.Tiles, ", "), c)
	} else {
		fmt.Fprintf(out, "play-out with the simple ko ban (%s), %s first, Japanese counting:\n", name, c)
	}
	tw := table.New(out, "move", "player", "tile", "point", "ko", "optimal")
	for _, m := range doc.Moves {
		ko := ""
		if m.KoTaken {
			ko = "takes"
		}
		opt := "-"
		if m.Optimal != nil {
			opt = fmt.Sprint(len(m.Optimal))
		}
		point := m.Move
		if m.Tile != "" {
			point = m.Move[len(m.Tile)+1:]
		}
		tw.Row(m.N, m.Player, m.Tile, point, ko, opt)
	}
	if err := tw.Render(); err != nil {
		return err
	}
	fmt.Fprintf(out, "result after %d moves:\n", len(rec.Turns))
	fmt.Fprintf(out, "  Japanese (territory + prisoners, Black minus White, simple ko ban): %s\n", jp)
	if doc.Result.Chinese != nil {
		fmt.Fprintf(out, "  Chinese (area of the playing area, simple ko ban, a second play-out): %s\n", *doc.Result.Chinese)
	} else if f.analysis.counting == "japanese" && r.Decision.Search != nil {
		fmt.Fprintf(out, "  Chinese: not asked for (--counting japanese)\n")
	} else {
		fmt.Fprintf(out, "  Chinese: not computed (a tile has no area game, endless play is at stake, ko threats from the walls decide it, or the board search passed its budget)\n")
	}
	if searched {
		fmt.Fprintf(out, "  Mathematical Go: not known (the searched tiles have no value)\n")
	} else {
		fmt.Fprintf(out, "  Mathematical Go (no ko ban, endless play a draw; from the loopy total): %s\n", winsWordCLI(mgo))
	}
	if ex := doc.Result.Exact; ex != nil && ex.JapaneseBounds != nil {
		fmt.Fprintf(out, "exact play with the ko ban: not computed (too many positions); analyze proves Japanese between %s and %s", ex.JapaneseBounds[0], ex.JapaneseBounds[1])
		if ex.ChineseBounds != nil {
			fmt.Fprintf(out, ", Chinese between %s and %s", ex.ChineseBounds[0], ex.ChineseBounds[1])
		}
		fmt.Fprintf(out, "\n  so this play-out's Japanese result %s is at most %s from exact play\n", jp, koGap(jp, ex.JapaneseBounds))
	} else if ex != nil {
		fmt.Fprintf(out, "exact play (analyze): Mathematical Go %s, Japanese %s, Chinese %s\n", ex.MGO, orDash(ex.Japanese), orDash(ex.Chinese))
	}
	return status
}

// winsWordCLI writes a winner as "black wins", "white wins", "draw" or
// "unknown".
func winsWordCLI(w string) string {
	if w == "black" || w == "white" {
		return w + " wins"
	}
	return w
}

// koGap is the farthest the score got can lie from a result known only to
// lie in bounds [lo, hi]: max(|got-lo|, |hi-got|).
func koGap(got string, bounds []string) string {
	g, err1 := cgt.ParseDyadic(got)
	lo, err2 := cgt.ParseDyadic(bounds[0])
	hi, err3 := cgt.ParseDyadic(bounds[1])
	if err1 != nil || err2 != nil || err3 != nil {
		return "?"
	}
	a, b := g.Sub(lo), hi.Sub(g)
	if a.Sign() < 0 {
		a = a.Neg()
	}
	if b.Sign() < 0 {
		b = b.Neg()
	}
	if a.Cmp(b) < 0 {
		return b.String()
	}
	return a.String()
}
