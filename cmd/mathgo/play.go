package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/play"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func init() { subcommands = append(subcommands, newPlayCmd) }

// playJSON is the `play --json` document (CONTRACT.md), plus "strategy".
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
	MGO string `json:"mgo"`
}

// playFlags are the options of `mathgo play`.
type playFlags struct {
	games, asJSON, brief, unicode bool
	compare                       bool
	optimal                       string
	first                         string
	strategy, black, white        string
	maxNodes                      int
}

func newPlayCmd() *cobra.Command {
	var f playFlags
	cmd := &cobra.Command{
		Use:   "play FILE | --games EXPR...",
		Short: "Play a sum of games out move by move, as Rappaport's Figure 4.10 does",
		Long: `Play a sum of games out move by move and print, before every move, each tile with
its value and class, Black's and White's best moves there, the move made and the
moves that were as good (Rappaport's Figure 4.10), then the result.

With --games, the arguments are CGSuite expressions (see 'mathgo eval --help'), the
tiles A, B, C, ... in order. Expressions may start with '-' ('-2v', '-7'): every
argument that is not one of the flags below is an expression. A move replaces one
tile by one of its canonical options and is named by the option's value; a number
is a tile like any other (a player may move in it: filling his own territory).
Play is normal play (Mathematical Go): it ends when the player to move has no move
in any tile, and that player loses. Position FILEs are not supported yet.

Strategies (--strategy for both players, --black/--white for one):
  exact        a move is optimal if the mover still wins the whole sum after it,
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
  value          the tile's value before the move (not the whole sum's)
  incentive      the mover's incentive, a game: Black's G^L - G, White's G - G^R
                 (larger is better for the mover); meanIncentive is its mean
                 (Figure 4.10's "White increases his value by 1/4")
  class          the tile's class before the move (chapter 6): hot (IV,
                 temperature > 0), infinitesimal (III, a number plus an
                 infinitesimal, e.g. 1*, 3^, -2v), number (II), integer (I)
  equal          the other maximal moves, as "TILE:OPTION"
  optimal        every optimal move for the mover ("TILE:OPTION": the winning
                 moves; [] when the mover has lost), null when not computed
                 (computed when both players play exact, or with --optimal)
  strategy       the strategies played
  result.mgo     the normal-play winner; japanese and chinese are null for --games
  result.exact   the winner with exact play, when a heuristic played and the sum
                 was solved (see --compare, --max-nodes)
  result.final   each tile's value at the end`,
		Example: `  mathgo play --games '{3|5/2}' '3+{0|^}' '1*' -2v 1/2 2v -7 --first white
  mathgo play --games '{3|5/2}' '3+{0|^}' '1*' -2v 1/2 2v -7 --first white --json
  mathgo play --strategy thermostrat --brief --games '{4|2}' '+-3' '{1|-1}' -1/2`,
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPlay(cmd, &f, args)
		},
	}
	fs := cmd.Flags()
	fs.BoolVar(&f.games, "games", false, "the arguments are game expressions, tiles A, B, C, ... in order")
	fs.StringVar(&f.first, "first", "black", "who moves first: black or white")
	fs.StringVar(&f.strategy, "strategy", "exact", "strategy of both players: exact, greedy, hotstrat, thermostrat, sentestrat")
	fs.StringVar(&f.black, "black", "", "Black's strategy (overrides --strategy)")
	fs.StringVar(&f.white, "white", "", "White's strategy (overrides --strategy)")
	fs.StringVar(&f.optimal, "optimal", "auto", "list every optimal move before each move: true, false, or auto (when both play exact)")
	fs.BoolVar(&f.asJSON, "json", false, "print one JSON document (see the README)")
	fs.BoolVar(&f.brief, "brief", false, "one table row per move instead of a table of every tile before each move")
	fs.BoolVar(&f.unicode, "unicode", false, "print ↑ ↓ ⋆ ± instead of ^ v * +-")
	fs.BoolVar(&f.compare, "compare", true, "with a heuristic, also solve the sum exactly to report the exact winner (skipped past --max-nodes)")
	fs.IntVar(&f.maxNodes, "max-nodes", play.DefaultMaxNodes, "exact search budget (positions per decision; 0: no limit)")
	return cmd
}

// parsePlayArgs separates flags from expressions by hand: cobra would take
// an expression such as -2v for a shorthand flag.
func parsePlayArgs(fs *pflag.FlagSet, args []string) (pos []string, help bool, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(pos, args[i+1:]...), help, nil
		case a == "-h" || a == "--help":
			help = true
		case strings.HasPrefix(a, "--"):
			name, val, hasVal := strings.Cut(a[2:], "=")
			fl := fs.Lookup(name)
			if fl == nil {
				return nil, false, fmt.Errorf("unknown flag: --%s", name)
			}
			if !hasVal {
				if fl.Value.Type() == "bool" {
					val = "true"
				} else {
					if i+1 >= len(args) {
						return nil, false, fmt.Errorf("flag needs an argument: --%s", name)
					}
					i++
					val = args[i]
				}
			}
			if err := fl.Value.Set(val); err != nil {
				return nil, false, fmt.Errorf("invalid value %q for --%s: %v", val, name, err)
			}
		default:
			pos = append(pos, a)
		}
	}
	return pos, help, nil
}

func runPlay(cmd *cobra.Command, f *playFlags, args []string) error {
	stderr := cmd.ErrOrStderr()
	pos, help, err := parsePlayArgs(cmd.Flags(), args)
	if err != nil {
		return fail(stderr, 2, "play: %v", err)
	}
	if help {
		return cmd.Help()
	}
	first, err := play.ParsePlayer(f.first)
	if err != nil {
		return fail(stderr, 2, "play: --first: %v", err)
	}
	var strat [2]play.Strategy
	for i, name := range []string{f.black, f.white} {
		if name == "" {
			name = f.strategy
		}
		strat[i], err = play.StrategyByName(name)
		if err != nil {
			return fail(stderr, 2, "play: %v", err)
		}
	}
	if f.maxNodes < 0 {
		return fail(stderr, 2, "play: --max-nodes must be >= 0")
	}
	bothExact := strat[0].Name() == "exact" && strat[1].Name() == "exact"
	var listOptimal bool
	switch strings.ToLower(f.optimal) {
	case "auto":
		listOptimal = bothExact
	case "true", "yes", "1":
		listOptimal = true
	case "false", "no", "0":
	default:
		return fail(stderr, 2, "play: --optimal: want true, false or auto, not %q", f.optimal)
	}
	if !f.games {
		if len(pos) == 0 {
			return fail(stderr, 2, "play: give a position FILE or --games EXPR...")
		}
		return fail(stderr, 2, "play: position files are not supported yet (the tiles package does not plug in here yet); use --games with the tile values")
	}
	if len(pos) == 0 {
		return fail(stderr, 2, "play: --games needs at least one expression")
	}
	sum, err := play.ParseGames(pos)
	if err != nil {
		return fail(stderr, 1, "play: %v", err)
	}
	sv := play.NewSolver()
	sv.MaxNodes = f.maxNodes
	rec, err := play.Play(sum, first, play.Options{
		Black: strat[0], White: strat[1],
		CompareExact: !bothExact && f.compare,
		ListOptimal:  listOptimal,
		NoTiles:      f.asJSON || f.brief,
		Solver:       sv,
	})
	if err != nil {
		if errors.Is(err, play.ErrTooBig) {
			return fail(stderr, 1, "play: %v (raise --max-nodes, or play with --strategy thermostrat)", err)
		}
		return fail(stderr, 1, "play: %v", err)
	}
	out := cmd.OutOrStdout()
	pr := playPrinter{unicode: f.unicode}
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

// playPrinter formats a play record.
type playPrinter struct{ unicode bool }

func (p playPrinter) game(g cgt.Game) string { return g.Format(p.unicode) }

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
	if c.Move.Label == c.After.String() {
		return v
	}
	return c.Move.Label + " " + v
}

func (p playPrinter) json(rec *play.Record) playJSON {
	doc := playJSON{
		First:    rec.First.String(),
		Strategy: playStrategiesJSON{Black: rec.Strategies[play.Black], White: rec.Strategies[play.White]},
		Moves:    make([]playMoveJSON, len(rec.Turns)),
	}
	for i, t := range rec.Turns {
		m := playMoveJSON{
			N:             t.N,
			Player:        t.Player.String(),
			Tile:          t.Move.Tile,
			Move:          p.moveName(t.Move),
			Value:         p.game(t.Move.Before),
			Incentive:     p.game(t.Move.Incentive),
			MeanIncentive: t.Move.Incentive.Mean().String(),
			Class:         t.Move.Class.String(),
			Equal:         p.moveNames(t.Equal),
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
	if c.Move.Label == c.After.String() {
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
		fmt.Fprintf(w, "prior to move %d: %s to play (%s)\n", t.N, t.Player, t.Strategy)
		tb := newTable(w, "TILE", "VALUE", "CLASS", "BLACK'S MOVE", "WHITE'S MOVE", "")
		equal := map[int]string{}
		for _, e := range t.Equal {
			if equal[e.Index] != "" {
				equal[e.Index] += ", "
			}
			equal[e.Index] += p.label(e)
		}
		for i, v := range t.Tiles {
			note := ""
			switch {
			case i == t.Move.Index:
				note = fmt.Sprintf("MOVE MADE: %s (incentive %s, mean %s)", p.label(t.Move), p.game(t.Move.Incentive), t.Move.Incentive.Mean())
				if equal[i] != "" {
					note += "; EQUAL CHOICE: " + equal[i]
				}
			case equal[i] != "":
				note = "EQUAL CHOICE: " + equal[i]
			}
			tb.row(v.Name, p.game(v.Value), v.Class.Roman()+" "+v.Class.String(), p.options(v.Black), p.options(v.White), note)
		}
		if err := tb.render(); err != nil {
			return err
		}
		if t.OptimalKnown {
			if len(t.Optimal) == 0 {
				fmt.Fprintf(w, "%s has no winning move.\n", t.Player)
			} else {
				fmt.Fprintf(w, "winning moves for %s: %s\n", t.Player, strings.Join(p.names(t.Optimal), ", "))
			}
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "after move %d:\n", len(rec.Turns))
	tb := newTable(w, "TILE", "VALUE", "CLASS", "BLACK'S MOVE", "WHITE'S MOVE")
	for _, v := range rec.Final {
		tb.row(v.Name, p.game(v.Value), v.Class.Roman()+" "+v.Class.String(), p.options(v.Black), p.options(v.White))
	}
	return tb.render()
}

// brief prints one row per move.
func (p playPrinter) brief(w io.Writer, rec *play.Record) error {
	tb := newTable(w, "N", "PLAYER", "TILE", "VALUE", "MOVE", "INCENTIVE", "CLASS", "EQUAL")
	for _, t := range rec.Turns {
		tb.row(t.N, t.Player, t.Move.Tile, p.game(t.Move.Before), p.label(t.Move), p.game(t.Move.Incentive),
			t.Move.Class, strings.Join(p.names(t.Equal), ", "))
	}
	return tb.render()
}

// result prints the outcome line(s).
func (p playPrinter) result(w io.Writer, rec *play.Record) {
	r := rec.Result
	loser := r.Winner.Opponent()
	fmt.Fprintf(w, "result (Mathematical Go, normal play): %s wins; %s has no move after move %d.\n", r.Winner, loser, r.Moves)
	if r.Exact != nil && (rec.Strategies[0] != "exact" || rec.Strategies[1] != "exact") {
		if r.WinnerChanged() {
			fmt.Fprintf(w, "exact play: %s wins; the strategies (black %s, white %s) lost a won game.\n", r.Exact, rec.Strategies[0], rec.Strategies[1])
		} else {
			fmt.Fprintf(w, "exact play: %s wins too.\n", r.Exact)
		}
	}
}
