package endgame

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/corridors"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
	"github.com/mathgo/mathgo/safety"
	"github.com/mathgo/mathgo/solve"
	"github.com/mathgo/mathgo/thermograph"
	"github.com/mathgo/mathgo/tiles"
)

// Defaults of the budgets, shared by every front end (the command line
// flags show them).
const (
	// DefaultSolverNodes bounds the life-and-death search per block.
	DefaultSolverNodes = 50_000
	// DefaultMaxPositions bounds the tile search.
	DefaultMaxPositions = tiles.DefaultMaxPositions
	// DefaultMaxAreaPositions bounds the area games (Chinese counting).
	DefaultMaxAreaPositions = tiles.DefaultMaxAreaPositions
	// DefaultMaxTotalGames bounds the canonical totals.
	DefaultMaxTotalGames = solve.DefaultMaxTotalGames
	// DefaultSearchNodes bounds each search over the tile values.
	DefaultSearchNodes = solve.DefaultSearchNodes
)

// Options control an analysis. The zero value uses every default.
type Options struct {
	// AssumeSettled treats every stone as immortal without a proof (the
	// report warns).
	AssumeSettled bool
	// NoSolver settles walls by declaration and Benson's algorithm only,
	// without the life-and-death search.
	NoSolver bool
	// SolverNodes bounds the life search per block (0:
	// DefaultSolverNodes).
	SolverNodes int
	// NoFormulas values corridors and sockets by searching their game
	// graphs instead of by Wolfe's closed forms (a cross-check).
	NoFormulas bool
	// MaxPositions bounds the tile search (0: DefaultMaxPositions).
	MaxPositions int
	// MaxAreaPositions bounds the area games (0: DefaultMaxAreaPositions).
	MaxAreaPositions int
	// MaxTilePoints, if positive, leaves tiles with more points unsearched
	// (closed forms still value them); negative: no limit. 0:
	// TriageMaxOpenArea, so that a tile no search can finish (a whole
	// 13x13 board left one tile because no wall could be proven, a middle
	// game) is reported at once instead of after the whole search budget:
	// on the real-game benchmark no tile of more than 40 points was ever
	// valued within the default budget, and the search of one took up to
	// 90 seconds before giving up.
	MaxTilePoints int
	// MaxTotalGames bounds the canonical totals (0: DefaultMaxTotalGames).
	MaxTotalGames int
	// SearchNodes bounds each search over the tile values made when a
	// canonical total is too large to build (0: DefaultSearchNodes).
	SearchNodes int
	// BanStates bounds the states of exact play with the ko ban when the
	// position has ko tiles (0: DefaultBanStates).
	BanStates int
	// NoRealCheck skips the whole-board check under real rules of the ko
	// scores of a small board (confirmReal in ko.go): for the
	// cross-checks that use that same search as their independent oracle.
	NoRealCheck bool
	// WinnersOnly asks for the Mathematical Go winners alone, as `solve
	// --method decomposition` does (Report.Decide): the totals are decided
	// with solve.TotalsOptions.WinnersOnly, so the report has no canonical
	// chilled or area total and, unless the total count was small enough
	// to build, no Japanese score (Report.Japanese reports false); the
	// tiles get no area games, so there is no Chinese score either. The
	// Mathematical Go winner of a position with kos is found as usual.
	WinnersOnly bool
	// BoardSearchNodes bounds each question of the board search, which
	// plays the tiles that have no value on the board under real rules
	// inside the sum of the valued tiles (0: DefaultBoardSearchNodes;
	// negative: no board search, such positions are only bounded, unless
	// their only tiles without a value are tiles whose cycles shift the
	// prisoners, which exact play with the ko ban plays).
	BoardSearchNodes int
	// JapaneseOnly makes the board search under Japanese counting only
	// (solve.PositionOptions.JapaneseOnly): for the GTP engine's genmove,
	// which plays the Japanese game. The report then has no Chinese
	// score where the board search would have given it.
	JapaneseOnly bool
	// Stop, if set, ends the board search once it is true: the scores it
	// has not proven by then stay bounds (solve.PositionOptions.Stop).
	// The tile search and the life solver are bounded by their budgets
	// only.
	Stop *atomic.Bool
	// Progress, if set, is told about long work now and then.
	Progress func(msg string)
	// Assume, if set, gives the blocks an analysis cannot settle a
	// status from a named source, and the position is analyzed again
	// under those assumptions (see "Stated assumptions" in assume.go):
	// the report is then conditional.
	Assume Assumer

	territory []board.Color // areas assumed territory (analyzeAssuming)
	// assumed marks an analysis under assumptions (analyzeAssuming): the
	// claims get no escalated budget (an area they do not prove becomes
	// an assumption), and the tile search after the claims reuses the
	// values of the one before (tiles.Options.Reuse).
	assumed bool
	// reuse, if set, is an earlier analysis of the same position with the
	// same walls (the analysis under the blocks' assumptions, before the
	// areas were assumed): its settlement and tile values are reused, and
	// it must not be used afterwards.
	reuse *Report
}

// debugNoReuse turns off the reuse of analyses under assumptions
// (Options.assumed, Options.reuse), for the test that compares both.
var debugNoReuse = false

// Report is the analysis of one position: its tiles with their exact
// values, the certificates of their walls, the totals and the outcome
// under Mathematical Go, Japanese and Chinese counting. Every front end
// (analyze, play, tree, thermograph, solve, the GTP engine) reads the
// same Report, so they cannot disagree.
type Report struct {
	// Position is the position analyzed.
	Position *position.Position
	// Analysis holds the tiles and their values.
	Analysis *tiles.Analysis
	// Claimed is the number of areas claimed as territory after the tile
	// search could not value them (safety.Result.Claim).
	Claimed int
	// Totals are the totals and outcomes; nil when some tile has no value
	// (see Problems).
	Totals *solve.Totals
	// Bounds are set when some number could not be proven (a partial
	// analysis, a ko past the budget): the scores lie within them. Totals
	// is then nil.
	Bounds *solve.Bounds
	// Decision is how the tiles' values became the scores
	// (solve.DecidePosition): the scored games of every counting rule, and
	// for a position with ko tiles the loopy Mathematical Go totals, the
	// walls' ko threats and the real-rules checks.
	Decision *solve.Decision
	// KoThermographs are the ko tiles' ko thermographs, by tile ID
	// (missing when they could not be computed; see Warnings).
	KoThermographs map[string]*thermograph.KoAnalysis
	// Sockets are the socketed groups found (Wolfe's sockets): chains
	// alive only through a socket, each valued with its corridors and
	// socket as one tile (the tile holding Socket.Point).
	Sockets []corridors.Socket
	// Problems are the reasons some number could not be proven; an
	// analysis with problems is not exact.
	Problems []string
	// Warnings are remarks that do not affect exactness.
	Warnings []string
	// Triage is the verdict of Triage on the position: whether it looked
	// like an endgame mathgo can value before any search. When it did not
	// and the analysis is not exact, its reason is the first problem.
	Triage Verdict
	// Nodes counts the work done: life-search nodes, tile positions and
	// sum-search positions.
	Nodes int
	// Elapsed is the wall-clock time of the analysis.
	Elapsed time.Duration

	// ProvenSettled counts the board's points proven settled without any
	// assumption: the stones of the walls proven safe (or declared) and
	// the points of the territories they enclose, dead stones included
	// (provenSettled). A conditional report keeps the count of the
	// analysis without its assumptions.
	ProvenSettled int
	// credit is the points of carved open areas credited to each colour
	// (carveOpenAreas), held with the analysis's prisoners and shown
	// apart from them.
	credit [3]int

	// Assumptions are the statuses assumed, not proven (Options.Assume),
	// in reading order; nil when none. A report with assumptions is
	// conditional (Conditional), and Position is then the position as
	// analyzed (blocks assumed dead taken off), Unassumed the position
	// as given.
	Assumptions []Assumption
	Unassumed   *position.Position

	safety    *safety.Result       // the walls' certificates (ko threats: ko.go)
	unsettled []safety.Certificate // the blocks that are not walls
	set       *settlement          // the walls settled (Options.reuse)
}

// WithDefaultBudgets returns o with at least a single analysis's budgets
// (DefaultSolverNodes, DefaultMaxPositions: those of `mathgo analyze`),
// and whether that raised either: the second analysis that front ends
// with smaller budgets of their own (review, GTP genmove) make of a
// position their budgets leave unproven, so that they prove what
// analyze proves. A zero budget counts as its default.
func (o Options) WithDefaultBudgets() (Options, bool) {
	solver, positions := o.SolverNodes, o.MaxPositions
	if solver == 0 {
		solver = DefaultSolverNodes
	}
	if positions == 0 {
		positions = DefaultMaxPositions
	}
	board := o.BoardSearchNodes
	if board == 0 {
		board = solve.DefaultBoardSearchNodes
	}
	r := o
	r.SolverNodes = max(solver, DefaultSolverNodes)
	r.MaxPositions = max(positions, DefaultMaxPositions)
	if board > 0 {
		r.BoardSearchNodes = max(board, solve.DefaultBoardSearchNodes)
	}
	return r, r.SolverNodes > solver || r.MaxPositions > positions || r.BoardSearchNodes > board
}

// Analyze is the one way a position becomes an analysis: it settles the
// walls, cuts the board into tiles, values each (corridors and sockets by
// their closed forms unless opts.NoFormulas), and adds the values up.
func Analyze(pos *position.Position, opts Options) (*Report, error) {
	if pos == nil || pos.Board == nil {
		return nil, errors.New("endgame: no position")
	}
	if opts.Assume != nil {
		return analyzeAssuming(pos, opts)
	}
	start := time.Now()
	verdict := Triage(pos)
	maxTile := tileLimit(opts)
	var set settlement
	if opts.reuse != nil && opts.reuse.set != nil {
		set = *opts.reuse.set
		set.nodes = 0
	} else {
		var err error
		if set, err = settle(pos, opts); err != nil {
			return nil, err
		}
	}
	if opts.territory != nil {
		if set.territory == nil {
			set.territory = make([]board.Color, pos.Board.Size())
		}
		for p, c := range opts.territory {
			if c != board.Empty {
				set.territory[p] = c
			}
		}
	}
	to := tiles.Options{
		Immortal:         set.immortal,
		Certificates:     set.certs,
		Territory:        set.territory,
		MaxPositions:     opts.MaxPositions,
		MaxAreaPositions: opts.MaxAreaPositions,
		MaxTilePoints:    maxTile,
		Progress:         opts.Progress,
	}
	if !opts.NoFormulas {
		to.Valuer = corridors.Value
	}
	if opts.WinnersOnly {
		to.MaxAreaPositions = -1 // no Chinese score is asked for
	}
	if opts.reuse != nil {
		to.Reuse = opts.reuse.Analysis
	}
	if opts.assumed {
		// An empty area the walls enclose whose search runs long becomes
		// an assumed territory anyway (analyzeAssuming): a short search
		// leaves the budget to the tiles after it.
		to.MaxEnclosedPositions = assumedEnclosedPositions
	}
	a, err := tiles.Analyze(pos, to)
	if err != nil {
		return nil, err
	}
	claimed := set.claim(a, opts.assumed)
	if claimed > 0 {
		// Areas the tile search could not value are territory after all
		// (safety.Result.Claim): value the tiles again with them counted.
		if opts.assumed && !debugNoReuse {
			to.Reuse = a
		}
		if a, err = tiles.Analyze(pos, to); err != nil {
			return nil, err
		}
	}
	r := &Report{Position: pos, Analysis: a, Claimed: claimed, Triage: verdict, Nodes: set.nodes + a.Positions, safety: set.safety, unsettled: set.mortal, set: &set}
	r.ProvenSettled = provenSettled(a)
	// A chain that lives only through a socket is no wall (it must answer
	// in its corridors): its tile holds the chain, the socket and the
	// corridors, valued by the socket game.
	for _, t := range a.Tiles {
		if s, ok := corridors.SocketOf(a, t); ok && t.Err == nil {
			r.Sockets = append(r.Sockets, s)
		}
	}
	r.Warnings = append(r.Warnings, set.warnings...)
	r.Warnings = append(r.Warnings, a.Warnings...)
	b := a.Board()
	for _, m := range set.mortal {
		if t := r.tileAt(m.Block); t != nil && !t.Valued() {
			a.Problems = append(a.Problems, fmt.Sprintf("block %s (%s) inside tile %s is not settled (%s)", b.Name(m.Block), m.Color, t.ID, describeMortal(b, m)))
		}
	}
	for _, m := range corridors.Label(a) {
		a.Problems = append(a.Problems, "corridor formula check: "+m)
	}
	r.Problems = append(r.Problems, a.Problems...)
	r.decide(opts)
	searched := r.Decision.Search != nil && r.Decision.Search.Exact
	switch {
	case searched:
		r.searchedProblems("searched on the board: ")
	case r.Totals != nil && len(r.Decision.Cyclic) > 0:
		r.searchedProblems("played with the ko ban: ")
	case len(r.Decision.Cyclic) > 0:
		// Exact play with the ko ban played the tiles whose cycles shift
		// the prisoners and could not prove the scores: why comes first,
		// the tiles' own want of a value after.
		var own, rest []string
		for _, p := range r.Problems {
			if tilesProblem(p, r.Decision.Cyclic) {
				own = append(own, p)
			} else {
				rest = append(rest, p)
			}
		}
		r.Problems = append(rest, own...)
	}
	if k := pos.Board.KoPoint(); k != board.Pass && !r.Decision.KoTiles && !(searched && slices.Contains(r.Decision.Search.Region.Points, k)) {
		// A game record or a GTP board right after a ko capture whose
		// tiles have no ko value (the retake cannot repeat the position
		// under Mathematical Go): the short values let the player to
		// move take back at once. (With ko tiles, exact play with the
		// ban starts from the ban: solve.DecidePosition.)
		r.Problems = append(r.Problems, fmt.Sprintf("a ko was just taken: the player to move may not take back at %s at once, and mathgo's Japanese and Chinese scores here assume it may; they are not stated as exact (the Mathematical Go values, which have no ban, stand)", b.Name(k)))
	}
	// The verdict heads the problems, unless the area it names is assumed
	// territory (analyzeAssuming): then it is not what keeps the analysis
	// from being exact, and the problems that are come first.
	if !verdict.Valuable && !r.Exact() && !(opts.territory != nil && verdict.At != board.Pass && opts.territory[verdict.At] != board.Empty) {
		r.Problems = append([]string{verdict.Reason}, r.Problems...)
	}
	r.Elapsed = time.Since(start)
	return r, nil
}

// provenSettled counts the points of a that are settled: the stones of
// its walls (Analysis.Immortal: proven safe or declared) and the points of
// its valued territories.
func provenSettled(a *tiles.Analysis) int {
	b := a.Board()
	n := 0
	for p := range b.Size() {
		if a.Immortal != nil && a.Immortal[p] && b.At(board.Point(p)) != board.Empty {
			n++
		}
	}
	for _, t := range a.Tiles {
		if t.Kind == tiles.KindTerritory && t.Err == nil {
			n += len(t.Points)
		}
	}
	return n
}

// tileLimit is the most points a tile searched may have
// (Options.MaxTilePoints), 0 for no limit.
func tileLimit(opts Options) int {
	switch {
	case opts.MaxTilePoints < 0:
		return 0
	case opts.MaxTilePoints == 0:
		return TriageMaxOpenArea
	}
	return opts.MaxTilePoints
}

// decide adds the tile values up: solve.DecidePosition decides the
// scores under every counting rule (the short totals, exact play with the
// ko ban, or bounds); the ko tiles' ko thermographs are computed first.
func (r *Report) decide(opts Options) {
	r.koThermographs()
	d := solve.DecidePosition(solve.PositionInput{Position: r.Position, Analysis: r.Analysis, Walls: r.safety},
		solve.PositionOptions{MaxTotalGames: opts.MaxTotalGames, SearchNodes: opts.SearchNodes, BanStates: opts.BanStates,
			ThreatNodes: opts.SolverNodes, NoRealCheck: opts.NoRealCheck, WinnersOnly: opts.WinnersOnly,
			BoardSearchNodes: opts.BoardSearchNodes, JapaneseOnly: opts.JapaneseOnly, Stop: opts.Stop, Progress: opts.Progress})
	r.Decision = d
	r.Totals, r.Bounds = d.Totals, d.Bounds
	r.Problems = append(r.Problems, d.Problems...)
	r.Warnings = append(r.Warnings, d.Warnings...)
	r.Nodes += d.Nodes
}

// searchedProblems turns the problems that only say why a tile the
// decision played without a value has none (the tile could not be valued,
// a block inside it is not settled) into remarks, each after how it was
// played: the board search played its region exactly, or exact play with
// the ko ban played the tiles whose cycles shift the prisoners.
func (r *Report) searchedProblems(how string) {
	var kept []string
	for _, p := range r.Problems {
		if r.searchedProblem(p) {
			r.Warnings = append(r.Warnings, how+p)
		} else {
			kept = append(kept, p)
		}
	}
	r.Problems = kept
}

// playedTiles are the tiles without a value that the decision played
// exactly: the region of an exact board search, or the tiles whose cycles
// shift the prisoners when exact play with the ko ban decided the scores.
func (r *Report) playedTiles() []string {
	d := r.Decision
	switch {
	case d == nil:
		return nil
	case d.Search != nil:
		if d.Search.Exact {
			return d.Search.Region.Tiles
		}
		return nil
	case r.Totals != nil:
		return d.Cyclic
	}
	return nil
}

// searchedProblem reports whether problem p only says why a tile the
// decision played without a value has none (playedTiles: the tile could
// not be valued, a block inside it is not settled). ExactUnder asks it of
// a board search that proved one counting's scores only.
func (r *Report) searchedProblem(p string) bool {
	if d := r.Decision; d != nil && d.Search != nil {
		return tilesProblem(p, d.Search.Region.Tiles)
	}
	return tilesProblem(p, r.playedTiles())
}

// tilesProblem reports whether problem p only says why one of the tiles
// ids has no value (the tile could not be valued, a block inside it is
// not settled).
func tilesProblem(p string, ids []string) bool {
	for _, id := range ids {
		if strings.HasPrefix(p, "tile "+id+" ") || strings.HasPrefix(p, "tile "+id+":") ||
			(strings.HasPrefix(p, "block ") && strings.Contains(p, " inside tile "+id+" is not settled")) {
			return true
		}
	}
	return false
}

// ExactUnder reports whether the scores under counting c are known
// exactly: the whole report is exact, or the board search proved every
// score of c (with each side first, and the optimal moves of its game)
// and the only problems left are the ones it answers for c (its region's
// tiles have no value) and its own (the scores of another counting past
// the budget). Spight's problem is one: its Japanese scores are proven,
// its Chinese ones are not. Such a report is still not exact (analyze
// exits 3), but its game under c can be played (Game, BestMove).
func (r *Report) ExactUnder(c rules.Counting) bool {
	if r.Exact() {
		return true
	}
	d := r.Decision
	if d == nil || d.Search == nil || !d.Search.ExactIn[c] {
		return false
	}
	for _, p := range r.Problems {
		if p != d.SearchProblem && !r.searchedProblem(p) {
			return false
		}
	}
	return true
}

// tileAt returns the tile holding point p, or nil.
func (r *Report) tileAt(p board.Point) *tiles.Tile {
	for _, t := range r.Analysis.Tiles {
		for _, q := range t.Points {
			if q == p {
				return t
			}
		}
	}
	return nil
}

// Board returns the board of the analysis.
func (r *Report) Board() *board.Board { return r.Analysis.Board() }

// Tiles returns the tiles in reading order of their first point (named A,
// B, C, ...).
func (r *Report) Tiles() []*tiles.Tile { return r.Analysis.Tiles }

// Tile returns the tile with the given ID, or nil.
func (r *Report) Tile(id string) *tiles.Tile { return r.Analysis.Tile(id) }

// Exact reports whether every number of the report is known exactly: no
// problems, and the totals known. A conditional report (Options.Assume)
// is exact under its assumptions only: Proven is what a front end asks
// before it calls a number proven (exit status 0).
func (r *Report) Exact() bool { return len(r.Problems) == 0 && r.Totals != nil }

// Winner returns the Mathematical Go winner with first to move (Unknown
// when the totals are not known).
func (r *Report) Winner(first board.Color) solve.Winner {
	if r.Totals == nil {
		if l := r.Decision.Loopy; l != nil {
			return l.Winner[solve.PlayerOf(first)]
		}
		return solve.Unknown
	}
	return r.Totals.Winner[solve.PlayerOf(first)]
}

// Japanese returns the territory score (Black minus White, prisoners
// included, before komi) with best play and first to move.
func (r *Report) Japanese(first board.Color) (cgt.Dyadic, bool) {
	if r.Totals == nil || r.Totals.NoJapanese {
		return cgt.Dyadic{}, false
	}
	return r.Totals.Japanese[solve.PlayerOf(first)], true
}

// Chinese returns the area score of the playing area (Black minus White)
// with best play under area counting and first to move; see the README
// for the definition.
func (r *Report) Chinese(first board.Color) (cgt.Dyadic, bool) {
	if r.Totals == nil || !r.Totals.ChineseOK {
		return cgt.Dyadic{}, false
	}
	return r.Totals.Chinese[solve.PlayerOf(first)], true
}

// Tree returns the best-play tree of tile id to the given depth.
func (r *Report) Tree(id string, depth int) (*tiles.TreeNode, error) {
	return r.Analysis.Tree(id, depth)
}

// DecideScore is Decide for real rules: the exact score under counting c
// (Japanese or Chinese, Report.Score: the board search included) with
// first to move (both sides when first is neither colour), and the winner
// it makes with the position's komi, as `mathgo solve --counting` reports
// them; a side whose score is not proven is unknown, with the reason.
func (r *Report) DecideScore(c rules.Counting, first board.Color) *solve.Result {
	res := &solve.Result{Method: solve.Decomposition, Counting: c, Nodes: r.Nodes, Elapsed: r.Elapsed, Warnings: r.Warnings}
	res.Moves = solve.RemainingMoves(r.Position, r.Analysis.Immortal)
	sides := []board.Color{board.Black, board.White}
	if first == board.Black || first == board.White {
		sides = []board.Color{first}
	}
	komi := cgt.NewDyadic(int64(r.Position.Komi.HalfPoints()), 1)
	for _, side := range sides {
		s, err := r.Score(c, side)
		if err != nil {
			if side == board.Black {
				res.BlackFirst = solve.Unknown
			} else {
				res.WhiteFirst = solve.Unknown
			}
			res.Reason = err.Error()
			continue
		}
		res.SetScore(side, s, komi)
	}
	return res
}

// Decide answers `solve --method decomposition`: the report's
// Mathematical Go winners as a solve.Result, with first (board.Empty for
// both sides) to move. Nodes counts the life search, the tile positions
// and the sum searches; Moves the empty points outside settled regions.
func (r *Report) Decide(first board.Color) *solve.Result {
	res := &solve.Result{Method: solve.Decomposition, Nodes: r.Nodes, Elapsed: r.Elapsed, Warnings: r.Warnings}
	res.Moves = solve.RemainingMoves(r.Position, r.Analysis.Immortal)
	sides := []board.Color{board.Black, board.White}
	if first == board.Black || first == board.White {
		sides = []board.Color{first}
	}
	for _, c := range sides {
		w := r.Winner(c)
		if c == board.Black {
			res.BlackFirst = w
		} else {
			res.WhiteFirst = w
		}
	}
	if res.Reason == "" && (res.BlackFirst == solve.Unknown || res.WhiteFirst == solve.Unknown) {
		switch {
		case r.Totals != nil && r.Totals.Board:
			res.Reason = "the Mathematical Go winner is not known: the scores come from the board search under real rules, and the region it plays has no Mathematical Go value"
		case r.Totals != nil && len(r.Decision.Cyclic) > 0:
			res.Reason = fmt.Sprintf("the Mathematical Go winner is not known: tile %s goes round a cycle that changes the prisoner balance every lap, which has no Mathematical Go value (the scores come from exact play with the ko ban)", strings.Join(r.Decision.Cyclic, ", "))
		default:
			res.Reason = "a Mathematical Go draw of the loopy total could not be confirmed by a whole-board search"
		}
	}
	if !r.Exact() && r.Decision.Loopy == nil {
		for _, c := range sides {
			if c == board.Black {
				res.BlackFirst = solve.Unknown
			} else {
				res.WhiteFirst = solve.Unknown
			}
		}
		res.Reason = strings.Join(r.Problems, "; ")
	}
	return res
}
