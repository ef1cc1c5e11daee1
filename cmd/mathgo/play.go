package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/internal/table"
	"github.com/mathgo/mathgo/play"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/solve"
	"github.com/spf13/cobra"
)

// playJSON is the `play --json` document (docs/json-contract.md), plus "strategy".
type playJSON struct {
	First    string             `json:"first"`
	Strategy playStrategiesJSON `json:"strategy"`
	Moves    []playMoveJSON     `json:"moves"`
	Result   playResultJSON     `json:"result"`
}

type playStrategiesJSON struct {
	Black string `json:"black"`
	White string `json:"white"`
}

type playMoveJSON struct {
	N             int      `json:"n"`
	Player        string   `json:"player"`
	Tile          string   `json:"tile"`
	Move          string   `json:"move"`
	Value         string   `json:"value"`
	Chilled       *string  `json:"chilled,omitempty"`
	Incentive     string   `json:"incentive"`
	MeanIncentive string   `json:"meanIncentive"`
	Class         string   `json:"class"`
	Equal         []string `json:"equal"`
	Optimal       []string `json:"optimal"`
}

type playResultJSON struct {
	MGO      *string           `json:"mgo"`
	Japanese *string           `json:"japanese"`
	Chinese  *string           `json:"chinese"`
	Moves    int               `json:"moves"`
	Exact    *playExactJSON    `json:"exact,omitempty"`
	Final    map[string]string `json:"final"`
}

type playExactJSON struct {
	MGO      string  `json:"mgo"`
	Japanese *string `json:"japanese,omitempty"`
	Chinese  *string `json:"chinese,omitempty"`
	// JapaneseBounds and ChineseBounds ([lo, hi]) replace Japanese and
	// Chinese when exact play with the ko ban was out of reach.
	JapaneseBounds []string `json:"japaneseBounds,omitempty"`
	ChineseBounds  []string `json:"chineseBounds,omitempty"`
}

// playOptions are the flags of `mathgo play`.
type playOptions struct {
	games, asJSON, brief, unicode bool
	compare, wide                 bool
	optimal                       string
	fill                          bool
	analysis                      analysisOptions
	first                         string
	strategy, black, white        string
	maxPrint                      int
}

func newPlayCmd() *cobra.Command {
	f := &playOptions{}
	cmd := &cobra.Command{
		Use:   "play FILE | --games EXPR...",
		Short: "Play a position or a sum of games out move by move, as Rappaport's Figure 4.10 does",
		Long: `Play a position or a sum of games out move by move and print, before every move,
each tile with its value and class, Black's and White's best moves there, the move
made and the moves that were as good (Rappaport's Figure 4.10), then the result.

A position FILE (a diagram or an SGF file, "-" for standard input) is analyzed as
'mathgo analyze' does (the same analysis, and the same flags: --assume-settled,
--no-solver, --max-positions, --solver-nodes, --max-area-positions ...) and its tiles, named
by their analyze IDs, are played; a move is a board point ("C3"). A position with a
problem (an unsettled boundary, a tile over the budget, a ko the analysis cannot
decide) is refused with the reason (exit 3).

  Kos. A position with ko tiles is played as players play it, with the simple ko
  ban (a ko just taken may not be taken back at once; any other move or a pass
  lifts the ban; ko threats anywhere count): by exact search over the sum of the
  tiles' position graphs (the first optimal move in tile order, passes last),
  once with Japanese and once with Chinese counting. A heuristic --strategy plays
  the komaster-aware thermostrat for both players instead; it also plays a sum too
  large for exact play with the ban (which the exact strategy refuses, exit 3),
  and then prints the bounds analyze proves for exact play and how far its own
  result can lie from them (JSON: result.exact.japaneseBounds, chineseBounds),
  with exit status 3: the play-out is shown, the position's value is not proven.
  Each move is printed with "ko" when it takes a ko. The Mathematical Go result (no ban, endless play a
  draw) is the outcome of the loopy total, as analyze reports it.

  Currency. A tile's value in play is its count: its exact value under territory
  (Japanese) counting, prisoners taken inside it included; the table prints its
  chilled value beside it (evaluated on its own: Rappaport's figures write values
  relative to the start, which differ by one point per move made in the tile).
  The exact strategy plays the counts, not the chilled values: a move is optimal
  when it keeps the score (the stop of the count sum: Black's left stop when Black
  moves, White's right stop when White moves) and, among those, keeps the
  Mathematical Go win (normal play of the count sum, the outcome analyze reports)
  when the mover has it; that costs no point. Berlekamp and Rappaport play the
  chilled values, but chilled normal play is a game in which every move costs a
  point: its winner is not the count's (a lone dame is chilled 0, a second
  player win, while its count * is won by whoever fills it), and when one side is
  far ahead every chilled move wins, score-keeping or not. Play ends when every
  tile is a number (settled); a dame (count *) is filled during play.

  Results of a position:
    japanese  the score of the played line: territory plus prisoners, Black minus
              White (the sum of the tiles' counts and the prisoners at the end)
    mgo       the Mathematical Go winner of the played line: play goes on in the
              numbers left (filling one's own territory, handing back prisoners),
              so a positive score is Black's, a negative one White's, and with 0
              the player to move runs out of moves first and loses. --fill plays
              that phase out move by move (a point of one's own territory, or
              "prisoner": handing back a prisoner taken in that tile; prisoners
              from before the position are the tile "settled") and reports the
              winner it reaches
    chinese   the area score of the playing area (the tiles' points, not the
              immortal stones, as Rappaport's chapter 6 counts), from a second
              play-out of the same position with the same strategies in area
              values (each tile's area game: every stone placed counts a point),
              counted directly on its final board: the stones on those points and
              the empty points they surround (a settled region all its owner's).
              With exact play it is analyze's Chinese score. Every stone placed
              counts, so it shows chapter 6's parity effects: the player who made
              one move more in the playing area gains a point (four blocked
              corridors of length 3: japanese 5 either way, chinese 6 with Black
              first, 4 with White first). null when a tile is over
              --max-area-positions.

With --games, the arguments are CGSuite expressions (see 'mathgo eval --help'), the
tiles A, B, C, ... in order. Expressions may start with '-' ('-2v', '-7'): every
argument that is not one of the flags below is an expression. A move replaces one
tile by one of its canonical options and is named by the option's value; a number
is a tile like any other (a player may move in it: filling his own territory).
Play is normal play (Mathematical Go): it ends when the player to move has no move
in any tile, and that player loses.

Strategies (--strategy for both players, --black/--white for one):
  exact        (for a position see Currency above; with --games:)
               a move is optimal if the mover still wins the whole sum after it,
               decided exactly (search over the sum with cgt values, stop bounds
               and memo; never the canonical sum of everything). Among optimal
               moves (all moves when the mover has lost) it plays the largest
               incentive: the moves whose incentive no other one strictly exceeds
               are the maximal ones; the first of them in tile order (then option
               order) is played, the others are "equal" (equal or incomparable
               incentives: all keep the same result).
  greedy       largest gain in mean value (Rappaport's "be greedy" for switches)
  hotstrat     the hottest tile, with the option that gives its thermograph wall
  thermostrat  the tile widest at the ambient temperature (Winning Ways)
  sentestrat   answer a move that raised a tile above the ambient temperature
               locally, else thermostrat
The heuristics fall back to the largest incentive once no tile is hot.

Fields whose meaning this command chooses (JSON):
  move           the board point for a position, the option's value for --games
  value          the tile's value before the move (not the whole sum's); for a
                 position its count
  chilled        (position only) the tile's chilled value before the move
  incentive      the mover's incentive, a game: Black's G^L - G, White's G - G^R
                 (larger is better for the mover); meanIncentive is its mean
                 (Figure 4.10's "White increases his value by 1/4")
  class          the tile's class before the move (chapter 6): hot (IV,
                 temperature > 0), infinitesimal (III, a number plus an
                 infinitesimal, e.g. 1*, 3^, -2v), number (II), integer (I); for
                 a position the class of its chilled value, as chapter 6 has it
  equal          the other maximal moves, as "TILE:OPTION" ("TILE:POINT")
  optimal        every optimal move for the mover ("TILE:OPTION": the winning
                 moves, [] when the mover has lost; for a position the moves
                 that keep the score and the win), null when not computed
                 (computed when both players play exact, or with --optimal)
  strategy       the strategies played
  result.mgo     the normal-play winner; japanese and chinese are null for --games
  result.exact   the result with exact play, when a heuristic played: for --games
                 the winner when the sum was solved (see --compare, --search-nodes),
                 for a position analyze's outcome (mgo, japanese, chinese)
  result.final   each tile's value at the end`,
		Example: `  mathgo play testdata/problems/five-tiles.txt
  mathgo play testdata/problems/five-tiles.txt --first white --json
  mathgo play testdata/corridors/packed-19x19-split.txt --brief --strategy thermostrat
  mathgo play --games '{3|5/2}' '3+{0|^}' '1*' -2v 1/2 2v -7 --first white
  mathgo play --games '{3|5/2}' '3+{0|^}' '1*' -2v 1/2 2v -7 --first white --json
  mathgo play --strategy thermostrat --brief --games '{4|2}' '+-3' '{1|-1}' -1/2`,
		Args: args(1, -1, "a position FILE, or --games and expressions (EXPR...)"),
		RunE: func(cmd *cobra.Command, argv []string) error { return runPlay(cmd, f, argv) },
	}
	fs := cmd.Flags()
	fs.BoolVar(&f.games, "games", false, "the arguments are game expressions, tiles A, B, C, ... in order")
	colorFlag(cmd, &f.first, "first", "black", "who moves first")
	strategies := play.StrategyNames()
	enumFlag(cmd, &f.strategy, "strategy", "exact", "strategy of both players: "+strings.Join(strategies, ", "), strategies, nil)
	enumFlag(cmd, &f.black, "black", "", "Black's strategy (not given: --strategy)", strategies, nil)
	enumFlag(cmd, &f.white, "white", "", "White's strategy (not given: --strategy)", strategies, nil)
	enumFlag(cmd, &f.optimal, "optimal", "auto", "list every optimal move before each move (auto: when both play exact)", []string{"true", "false", "auto"}, map[string]string{"yes": "true", "1": "true", "no": "false", "0": "false"})
	fs.BoolVar(&f.asJSON, "json", false, "print one JSON document (see docs/json-contract.md)")
	fs.BoolVar(&f.brief, "brief", false, "one table row per move instead of a table of every tile before each move")
	fs.BoolVar(&f.wide, "wide", false, "print every cell whole (the tables fit in 100 columns without it)")
	fs.BoolVar(&f.unicode, "unicode", false, "print ↑ ↓ ⋆ ± instead of ^ v * +-")
	fs.BoolVar(&f.compare, "compare", true, "with a heuristic, also solve the sum exactly to report the exact winner (skipped past --search-nodes)")
	fs.IntVar(&f.maxPrint, "max-print", 2_000, "print values whose canonical form is longer than this many characters as a marker (0: print everything)")
	fs.BoolVar(&f.fill, "fill", false, "position only: once every tile is settled, play Mathematical Go to its end (fill your own territory, hand back prisoners)")
	f.analysis.register(cmd)
	f.analysis.registerCounting(cmd)
	return cmd
}

func runPlay(cmd *cobra.Command, f *playOptions, pos []string) error {
	stderr := cmd.ErrOrStderr()
	first, err := play.ParsePlayer(f.first)
	if err != nil {
		return usageError{cmd, "--first: " + err.Error()}
	}
	var strat [2]play.Strategy
	for i, name := range []string{f.black, f.white} {
		if name == "" {
			name = f.strategy
		}
		strat[i], _ = play.StrategyByName(name)
	}
	if f.analysis.searchNodes < 0 || f.analysis.maxPositions < 0 {
		return usageError{cmd, "--search-nodes and --max-positions must be >= 0"}
	}
	bothExact := strat[0].Name() == "exact" && strat[1].Name() == "exact"
	var listOptimal bool
	switch f.optimal {
	case "auto":
		listOptimal = bothExact
	case "true":
		listOptimal = true
	}
	if !f.games {
		if len(pos) > 1 {
			return usageError{cmd, fmt.Sprintf("one position FILE at a time (got %d arguments: %s); use --games for expressions", len(pos), strings.Join(pos, " "))}
		}
		return runPlayFile(cmd, f, pos[0], first, strat, listOptimal)
	}
	sum, err := play.ParseGames(pos)
	if err != nil {
		return fail(stderr, 1, "play: %v", err)
	}
	sv := solve.NewSolver()
	sv.MaxNodes = f.analysis.searchNodes
	if cmd.Flags().Changed("max-positions") || cmd.Flags().Changed("max-nodes") {
		return usageError{cmd, "--max-positions bounds the search of a position's tiles; the search of a sum of --games is bounded by --search-nodes"}
	}
	if cmd.Flags().Changed("counting") {
		return usageError{cmd, "--counting chooses the scores a position FILE's board search proves; a sum of --games is played under Mathematical Go rules"}
	}
	rec, err := play.Play(sum, first, play.Options{
		Black: strat[0], White: strat[1],
		CompareExact: !bothExact && f.compare,
		ListOptimal:  listOptimal,
		NoTiles:      f.asJSON || f.brief,
		Solver:       sv,
	})
	if err != nil {
		if errors.Is(err, solve.ErrTooBig) {
			return fail(stderr, exitUnproven, "play: %v (raise --search-nodes, or play with --strategy thermostrat)", err)
		}
		return fail(stderr, 1, "play: %v", err)
	}
	out := cmd.OutOrStdout()
	pr := playPrinter{unicode: f.unicode, wide: f.wide, maxPrint: f.maxPrint}
	switch {
	case f.asJSON:
		return writeJSON(out, pr.json(rec))
	case f.brief:
		if err := pr.brief(out, rec); err != nil {
			return err
		}
	default:
		if err := pr.figure(out, rec); err != nil {
			return err
		}
	}
	pr.result(out, rec)
	return nil
}

// playPrinter formats a play record. position is set for a position
// FILE: tiles are listed with their chilled values, and classes are those
// of the chilled values.
type playPrinter struct {
	unicode, position bool
	wide              bool // --wide: every cell whole
	maxPrint          int  // see game
}

// game prints g, or a marker when its canonical form is longer than
// p.maxPrint characters (--max-print): the canonical forms of the tiles
// of a big position can be enormous when printed.
func (p playPrinter) game(g cgt.Game) string {
	s, ok := g.FormatLimit(p.unicode, p.maxPrint)
	if !ok {
		return fmt.Sprintf("(canonical form over %d characters)", p.maxPrint)
	}
	return s
}

// class is the class shown for a tile of value v: of its chilled value for
// a position (v is then a count), of v itself for --games.
func (p playPrinter) class(v cgt.Game) play.Class {
	if p.position {
		return play.ClassOf(v.Chill())
	}
	return play.ClassOf(v)
}

// tileCells are the cells naming a tile and its value in the figure.
func (p playPrinter) tileCells(v play.TileView) []any {
	c := p.class(v.Value)
	if p.position {
		return []any{v.Name, p.game(v.Value), p.game(v.Value.Chill()), c.Roman() + " " + c.String()}
	}
	return []any{v.Name, p.game(v.Value), c.Roman() + " " + c.String()}
}

// lineWidth is the width text lines are wrapped at: none with --wide.
func (p playPrinter) lineWidth() int {
	if p.wide {
		return 0
	}
	return table.DefaultWidth
}

// tileHeader is the header of tileCells.
func (p playPrinter) tileHeader() []string {
	if p.position {
		return []string{"tile", "count", "chilled", "class"}
	}
	return []string{"tile", "value", "class"}
}

func (p playPrinter) names(cs []play.Candidate) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Tile + ":" + p.label(c)
	}
	return out
}

// label names a move: the board point and value for a position, the value
// alone when the label is the value.
func (p playPrinter) label(c play.Candidate) string {
	v := p.game(c.After)
	if !p.position {
		return v // the label is the option's value
	}
	return c.Move.Label + " " + v
}

func (p playPrinter) json(rec *play.Record) playJSON {
	doc := playJSON{
		First:    play.PlayerName(rec.First),
		Strategy: playStrategiesJSON{Black: rec.Strategies[play.Black], White: rec.Strategies[play.White]},
		Moves:    make([]playMoveJSON, len(rec.Turns)),
	}
	for i, t := range rec.Turns {
		m := playMoveJSON{
			N:             t.N,
			Player:        play.PlayerName(t.Player),
			Tile:          t.Move.Tile,
			Move:          p.moveName(t.Move),
			Value:         p.game(t.Move.Before),
			Incentive:     p.game(t.Move.Incentive),
			MeanIncentive: t.Move.Incentive.Mean().String(),
			Class:         p.class(t.Move.Before).String(),
			Equal:         p.moveNames(t.Equal),
		}
		if p.position {
			m.Chilled = ptr(p.game(t.Move.Before.Chill()))
		}
		if t.OptimalKnown {
			m.Optimal = p.moveNames(t.Optimal)
		}
		doc.Moves[i] = m
	}
	w := rec.Result.String()
	doc.Result.MGO = &w
	doc.Result.Moves = rec.Result.Moves
	if ex := rec.Result.Exact; ex != nil && (rec.Strategies[0] != "exact" || rec.Strategies[1] != "exact") {
		doc.Result.Exact = &playExactJSON{MGO: ex.String()}
	}
	doc.Result.Final = map[string]string{}
	for _, c := range rec.Final {
		doc.Result.Final[c.Name] = p.game(c.Value)
	}
	return doc
}

// moveName is the JSON name of a move: its label (the option's value with
// --games).
func (p playPrinter) moveName(c play.Candidate) string {
	if !p.position {
		return p.game(c.After)
	}
	return c.Move.Label
}

func (p playPrinter) moveNames(cs []play.Candidate) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Tile + ":" + p.moveName(c)
	}
	return out
}

// options lists a player's best moves in a tile.
func (p playPrinter) options(cs []play.Candidate) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = p.label(c)
	}
	return strings.Join(s, ", ")
}

// figure prints the Figure 4.10 layout: a table of every tile before each
// move, then the tiles after the last one.
func (p playPrinter) figure(w io.Writer, rec *play.Record) error {
	for _, t := range rec.Turns {
		fmt.Fprintf(w, "prior to move %d: %s to play (%s)\n", t.N, play.PlayerName(t.Player), t.Strategy)
		tb := newWideTable(p.wide, w, append(p.tileHeader(), "black's move", "white's move", "note")...)
		equal := map[int]string{}
		for _, e := range t.Equal {
			if equal[e.Index] != "" {
				equal[e.Index] += ", "
			}
			equal[e.Index] += p.label(e)
		}
		// Narrow, the note column names the move and the equal
		// choices, and lines under the table give them in full.
		var notes []string
		for i, v := range t.Tiles {
			note, short := "", ""
			switch {
			case i == t.Move.Index:
				note = fmt.Sprintf("move made: %s (incentive %s, mean %s)", p.label(t.Move), p.game(t.Move.Incentive), t.Move.Incentive.Mean())
				short = "move made"
				if equal[i] != "" {
					note += "; equal choice: " + equal[i]
					short += "; equal"
				}
			case equal[i] != "":
				note = "equal choice: " + equal[i]
				short = "equal choice"
			}
			if !p.wide && note != "" {
				notes = append(notes, "tile "+v.Name+": "+note)
				note = short
			}
			tb.Row(append(p.tileCells(v), p.options(v.Black), p.options(v.White), note)...)
		}
		if err := tb.Render(); err != nil {
			return err
		}
		for _, n := range notes {
			table.WriteWrapped(w, "", n, p.lineWidth())
		}
		if t.OptimalKnown && rec.Rules == rules.Japanese {
			table.WriteWrapped(w, fmt.Sprintf("optimal moves for %s (keep the score, and the win): ", play.PlayerName(t.Player)), strings.Join(p.names(t.Optimal), ", "), p.lineWidth())
		} else if t.OptimalKnown {
			if len(t.Optimal) == 0 {
				fmt.Fprintf(w, "%s has no winning move.\n", play.PlayerName(t.Player))
			} else {
				table.WriteWrapped(w, fmt.Sprintf("winning moves for %s: ", play.PlayerName(t.Player)), strings.Join(p.names(t.Optimal), ", "), p.lineWidth())
			}
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "after move %d:\n", len(rec.Turns))
	tb := newWideTable(p.wide, w, append(p.tileHeader(), "black's move", "white's move")...)
	for _, v := range rec.Final {
		tb.Row(append(p.tileCells(v), p.options(v.Black), p.options(v.White))...)
	}
	return tb.Render()
}

// brief prints one row per move.
func (p playPrinter) brief(w io.Writer, rec *play.Record) error {
	tb := newWideTable(p.wide, w, "n", "player", "tile", "value", "move", "incentive", "class", "equal")
	for _, t := range rec.Turns {
		tb.Row(t.N, play.PlayerName(t.Player), t.Move.Tile, p.game(t.Move.Before), p.label(t.Move), p.game(t.Move.Incentive),
			p.class(t.Move.Before), strings.Join(p.names(t.Equal), ", "))
	}
	return tb.Render()
}

// result prints the outcome line(s).
func (p playPrinter) result(w io.Writer, rec *play.Record) {
	r := rec.Result
	loser := r.Winner.Opponent()
	fmt.Fprintf(w, "result (Mathematical Go, normal play): %s wins; %s has no move after move %d.\n", play.PlayerName(r.Winner), play.PlayerName(loser), r.Moves)
	if r.Exact != nil && (rec.Strategies[0] != "exact" || rec.Strategies[1] != "exact") {
		if r.WinnerChanged() {
			fmt.Fprintf(w, "exact play: %s wins; the strategies (black %s, white %s) lost a won game.\n", r.Exact, rec.Strategies[0], rec.Strategies[1])
		} else {
			fmt.Fprintf(w, "exact play: %s wins too.\n", r.Exact)
		}
	}
}

// runPlayFile plays the position in path out (see the command's help).
func runPlayFile(cmd *cobra.Command, f *playOptions, path string, first play.Player, strat [2]play.Strategy, listOptimal bool) error {
	stderr := cmd.ErrOrStderr()
	r, err := f.analysis.analyzeFile(cmd, path)
	if err != nil {
		return err
	}
	for _, w := range r.Warnings {
		fmt.Fprintf(stderr, "mathgo: play: warning: %s\n", w)
	}
	c := board.Black
	if first == play.White {
		c = board.White
	}
	// A position whose tiles all have values (kos by their position
	// graphs) but whose exact game with the ko ban is too large can still
	// be played by a heuristic strategy, beside the bounds of exact play.
	heuristic := strat[0] != nil && strat[0].Name() != "exact" || strat[1] != nil && strat[1].Name() != "exact"
	playable := r.Decision.KoTiles && r.Analysis.Valued()
	// A board search that proved the Japanese scores but not the Chinese
	// (Spight's problem) is played under Japanese counting, exit 3.
	japaneseOnly := !r.Exact() && !heuristic && r.ExactUnder(rules.Japanese)
	if japaneseOnly {
		fmt.Fprintf(stderr, "mathgo: play: warning: only the Japanese scores are proven, so only they are played: %s\n", r.Decision.SearchProblem)
	}
	if !r.Exact() && !(heuristic && playable) && !japaneseOnly {
		fmt.Fprintf(stderr, "mathgo: play: %s cannot be played (see 'mathgo analyze %s'):\n", path, path)
		for _, pr := range r.Problems {
			fmt.Fprintf(stderr, "  %s\n", pr)
		}
		if playable {
			fmt.Fprintf(stderr, "  (--strategy thermostrat plays it with the komaster-aware thermostrat and reports the bounds of exact play)\n")
		}
		return exitError{exitUnproven}
	}
	if heuristic && r.Decision.KoTiles {
		fmt.Fprintf(stderr, "mathgo: play: warning: a position with kos is played by the komaster-aware thermostrat for both players (a heuristic --strategy)\n")
	}
	res, err := r.PlayOut(c, endgame.PlayOptions{
		Black: strat[0], White: strat[1],
		ListOptimal: listOptimal,
		NoTiles:     f.asJSON || f.brief,
		Fill:        f.fill,
		Heuristic:   true,
	})
	if err != nil {
		return fail(stderr, exitInput, "play: %s: %v", path, err)
	}
	if res.KoBan {
		return writeBanPlay(cmd, f, r, c, res)
	}
	rec, fill := res.Territory, res.Fill
	out := cmd.OutOrStdout()
	pr := playPrinter{unicode: f.unicode, wide: f.wide, position: true, maxPrint: f.maxPrint}
	bothExact := rec.Strategies[0] == "exact" && rec.Strategies[1] == "exact"
	var exact *playExactJSON
	if !bothExact {
		exact = &playExactJSON{MGO: r.Winner(c).String()}
		if j, ok := r.Japanese(c); ok {
			exact.Japanese = ptr(j.String())
		}
		if ch, ok := r.Chinese(c); ok {
			exact.Chinese = ptr(ch.String())
		}
	}
	var chinese *string
	if res.Area != nil {
		chinese = ptr(fmt.Sprint(res.Chinese))
	}
	switch {
	case f.asJSON:
		doc := pr.json(rec)
		mgo, jp := res.MGO.String(), res.Japanese.String()
		doc.Result.MGO, doc.Result.Japanese, doc.Result.Chinese = &mgo, &jp, chinese
		doc.Result.Exact = exact
		if fill != nil {
			fd := pr.json(fill)
			doc.Moves = append(doc.Moves, fd.Moves...)
			doc.Result.Moves += fill.Result.Moves
			doc.Result.Final = fd.Result.Final
		}
		return writeJSON(out, doc)
	case f.brief:
		if err := pr.brief(out, rec); err != nil {
			return err
		}
		if fill != nil {
			fmt.Fprintf(out, "Mathematical Go to its end: filling territory, handing back prisoners\n")
			if err := pr.brief(out, fill); err != nil {
				return err
			}
		}
	default:
		if err := pr.figure(out, rec); err != nil {
			return err
		}
		if fill != nil {
			fmt.Fprintf(out, "Mathematical Go to its end: filling territory, handing back prisoners\n\n")
			if err := pr.figure(out, fill); err != nil {
				return err
			}
		}
	}
	fmt.Fprintf(out, "result after %d moves, %s to move:\n", rec.Result.Moves, play.PlayerName(rec.Next))
	if fill != nil {
		fmt.Fprintf(out, "  (then %d moves filling territory and handing back prisoners: %s could not move)\n", fill.Result.Moves, play.PlayerName(fill.Next))
	}
	fmt.Fprintf(out, "  Japanese (territory + prisoners, Black minus White): %s\n", res.Japanese)
	if chinese != nil {
		fmt.Fprintf(out, "  Chinese (area of the playing area, Black minus White, after a play-out in area values): %s\n", *chinese)
	} else {
		fmt.Fprintf(out, "  Chinese: not computed (a tile is over --max-area-positions)\n")
	}
	fmt.Fprintf(out, "  Mathematical Go: %s wins\n", res.MGO)
	if exact != nil {
		fmt.Fprintf(out, "exact play (analyze): Mathematical Go %s wins, Japanese %s, Chinese %s\n", exact.MGO, orDash(exact.Japanese), orDash(exact.Chinese))
	}
	return nil
}

// orDash prints a missing value as "-".
func orDash(s *string) string {
	if s == nil {
		return "-"
	}
	return *s
}
