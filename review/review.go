package review

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/rules"
)

// Budgets of the analysis of each position, smaller than a single
// analysis's defaults so that a position mathgo cannot value is refused
// in seconds: a review analyzes every position of a game's end.
const (
	// DefaultSolverNodes bounds the life-and-death search per block.
	DefaultSolverNodes = 5_000
	// DefaultMaxPositions bounds the tile search of each position.
	DefaultMaxPositions = 100_000
	// DefaultBoardSearchNodes is the review's budget of each question of
	// the board search (endgame.Options.BoardSearchNodes), in the first
	// analyses and the second alike.
	DefaultBoardSearchNodes = 100_000
	// DefaultMaxRefused ends the search for the first position that can
	// be analyzed exactly: going back from the end of the game, the review
	// stops after this many positions in a row that are not exact.
	DefaultMaxRefused = 6
	// DefaultMistakes is the number of biggest mistakes listed per player.
	DefaultMistakes = 5
	// DefaultRetries is the number of second analyses in a row that may
	// fail before the review stops making them (Options.Retries).
	DefaultRetries = 2
)

// Options control a review. The zero value uses every default.
type Options struct {
	// Analysis are the budgets of each position's analysis
	// (endgame.Analyze); zero SolverNodes and MaxPositions take
	// DefaultSolverNodes and DefaultMaxPositions, other zero fields
	// endgame's defaults. Analysis.Progress is not used (see Progress).
	Analysis endgame.Options
	// First is the first move reviewed (from 1); 0 finds it: the move
	// after the earliest position that can be analyzed exactly, searching
	// back from the end until MaxRefused positions in a row are not exact.
	First int
	// Last is the last move reviewed (0: the last move of the main line).
	Last int
	// MaxRefused is the stopping rule of the search for First (0:
	// DefaultMaxRefused).
	MaxRefused int
	// Mistakes is the number of biggest mistakes listed per player (0:
	// DefaultMistakes).
	Mistakes int
	// Retries governs the second analyses: a position that the review's
	// budgets (Analysis) leave unproven is analyzed again with a single
	// analysis's budgets (endgame.DefaultSolverNodes and
	// endgame.DefaultMaxPositions, or Analysis's where larger), so that
	// the review reaches as far back as `analyze` proves. Only the last
	// position and those before an exact one get a second analysis (a
	// game whose end is not exact is refused quickly), only when the
	// triage takes the position for an endgame (larger budgets do not
	// claim an area the triage finds too large, nor value open areas),
	// and once Retries second analyses in a row have failed, the review
	// makes no more until a position is exact again. After a position
	// proven that way, the one before it goes straight to the larger
	// budgets (positions earlier in the game are harder). 0: DefaultRetries;
	// negative: no second analysis. There is none either when Analysis's
	// budgets are already the larger ones.
	Retries int
	// Progress, if set, is told about each position analyzed and about
	// long analyses.
	Progress func(msg string)
}

// analysis returns the options of each position's analysis: opts.Analysis
// with the review's default budgets.
func (opts Options) analysis() endgame.Options {
	ao := opts.Analysis
	if ao.SolverNodes == 0 {
		ao.SolverNodes = DefaultSolverNodes
	}
	if ao.MaxPositions == 0 {
		ao.MaxPositions = DefaultMaxPositions
	}
	if ao.BoardSearchNodes == 0 {
		ao.BoardSearchNodes = DefaultBoardSearchNodes
	}
	return ao
}

// retryAnalysis returns the options of a second analysis (Options.Retries)
// and whether there is one: ao with a single analysis's budgets where
// they are larger.
func (opts Options) retryAnalysis(ao endgame.Options) (endgame.Options, bool) {
	if opts.Retries < 0 {
		return ao, false
	}
	retry, ok := ao.WithDefaultBudgets()
	// The board search keeps the review's budget: a second analysis that
	// fails costs seconds, not the tens of seconds of analyze's budget.
	retry.BoardSearchNodes = ao.BoardSearchNodes
	return retry, ok
}

// Result is the review of a game: every move of the reviewed range with
// its optimal moves and loss, and a summary per player.
type Result struct {
	// Game is the game reviewed.
	Game *position.Game
	// Scoring is the counting of the game's rules (CountingFor); Komi and
	// KomiKnown are the record's.
	Scoring   rules.Counting
	Komi      position.Komi
	KomiKnown bool
	// First and Last are the first and last moves reviewed (from 1);
	// First is 0 when no position could be analyzed exactly.
	First, Last int
	// Moves are the moves First..Last in order.
	Moves []Move
	// Black and White summarize each player's moves.
	Black, White Player
	// Analyzed counts the positions analyzed (the search for First
	// included) and Exact those analyzed exactly (by the first or the
	// second analysis); Retried counts the analyses with the larger
	// budgets (Options.Retries: second analyses, and analyses that went
	// straight to those budgets) and Rescued those of them that proved
	// what the review's budgets could not (the position exact, or its
	// optimal moves known).
	Analyzed, Exact, Retried, Rescued int
	// Reason says why the review does not reach further back: why the
	// position before the first move reviewed, or (when nothing was
	// reviewed) the last position, is not exact; empty when the review
	// starts at the first move or at Options.First.
	Reason string
	// End is what the bounds of the last position's analysis (after move
	// EndMove: Options.Last, or the game's end) prove of the result with
	// komi when that position is not exact (RangeOf); EndOK tells whether
	// there is such a range.
	End     Range
	EndMove int
	EndOK   bool
	// Inconsistencies lists contradictions between exact results: two
	// analyses of one position that disagree, a move better than the
	// optimum. Each is a bug; the moves concerned get no loss.
	Inconsistencies []string
	// Assumed names the source of the statuses assumed
	// (Options.Analysis.Assume, carried back from the end of the game);
	// empty when none. The moves that rest on them are Conditional.
	Assumed string
	// Elapsed is the wall-clock time of the review.
	Elapsed time.Duration

	aheadUsed int // positions whose analysis made ahead was used (aheads)
}

// Move is the review of one move.
type Move struct {
	// N is the move number (from 1), Color the player, Point the point
	// played or board.Pass, Name its GTP name ("C3", "pass").
	N     int
	Color board.Color
	Point board.Point
	Name  string
	// Exact tells whether the move was reviewed exactly: the positions
	// before and after it were analyzed exactly, the optimal moves are
	// known (BestKnown) and everything agrees, so Lost is proven, or,
	// when Conditional, exact under the assumptions. Reason says why not.
	Exact  bool
	Reason string
	// Conditional tells that the move's numbers rest on assumptions: the
	// analysis of the position before or after it is conditional
	// (Options.Analysis.Assume, carried back from the end of the game).
	Conditional bool
	// BestKnown tells whether Best is known: the position before the move
	// was analyzed exactly (and, on a sum too large for its canonical
	// form, the searches for the optimal moves stayed within budget).
	// Best lists every move proven optimal (every optimal move, unless
	// Undecided has some), in reading order, board.Pass last when passing
	// is optimal; BestNames their GTP names. Choice is the
	// optimal move shown as a variation in the annotated record.
	BestKnown bool
	Best      []board.Point
	BestNames []string
	Choice    board.Point
	// Undecided lists the moves that may be optimal too, which Best
	// leaves out (reading order, board.Pass last; UndecidedNames their
	// names): exact play with the ko ban only bounds the score after
	// them, by bounds that hold the best score (endless play at stake).
	// Best is every optimal move when Undecided is empty.
	Undecided      []board.Point
	UndecidedNames []string
	// Before is the mover's best score before the move (the mover to
	// move) and After the score after it (the opponent to move), Black
	// minus White before komi, in the game's scoring; BeforeKnown and
	// AfterKnown tell whether each position was analyzed exactly.
	Before, After           cgt.Dyadic
	BeforeKnown, AfterKnown bool
	// Lost is the points the move lost, from the mover's side: Before -
	// After for Black, After - Before for White; 0 for an optimal move.
	// Only meaningful when Exact.
	Lost cgt.Dyadic
	// Note says in players' words why a move reviewed exactly lost
	// points, where the review can tell (empty otherwise): under Japanese
	// counting, a move inside the mover's own territory ("fills own
	// territory": a point of it lost) or a stone played inside the
	// opponent's territory ("dead stone in the opponent's territory": a
	// prisoner given); under either counting, a pass while a move was
	// worth playing ("passed too early"); a threat and its answer judged
	// together (NoteThreat, NoteAnswer) or a needed fill (NoteTeire).
	Note string
	// wall names the wall assumed alive of the territory the move was
	// played in, when that is why the move was not judged (judgeThreat
	// may judge it with the next move).
	wall string
}

// The notes of Move.Note.
const (
	NoteOwnTerritory      = "fills own territory"
	NoteOpponentTerritory = "dead stone in the opponent's territory"
	NotePassedEarly       = "passed too early"
	// NoteTeire marks a move that fills a point the assumptions have its
	// owner fill before counting (endgame.AssumedFilled): the analysis
	// before it already counts the point as filled, so the move is
	// valued as a pass; it loses only if a pass would.
	NoteTeire = "teire (needed fill)"
	// NoteThreat marks a move played in a territory whose wall is
	// assumed alive and answered by the opponent's next move in a
	// territory of the same wall (the same territory, or another eye of
	// it): the pair is judged together, the answer taken as needed
	// (the analysis, whose wall lives without answering, would count
	// both moves as wasted). The threat loses what the exchange costs its
	// player: the best score before it minus the score after the answer,
	// the same player to move.
	NoteThreat = "threat, answered"
	// NoteAnswer marks the answer of such a pair: taken as needed, it
	// loses nothing and is its own only optimal move (an assumption the
	// review states, not a proof).
	NoteAnswer = "answer taken as needed"
	// NoteUnanswered marks a stone played in the opponent's territory,
	// beside a wall assumed alive, that the opponent's next move leaves
	// unanswered: the wall lived without answering, as assumed, and the
	// stone is valued as the analysis values it (a prisoner given under
	// Japanese counting).
	NoteUnanswered = "in the opponent's territory, not answered"
)

// Optimal reports whether the move is proven optimal (exact, lost 0).
func (m Move) Optimal() bool { return m.Exact && m.Lost.Sign() == 0 }

// Player summarizes one player's reviewed moves.
type Player struct {
	Color board.Color
	// Lost is the sum of the points lost by the moves reviewed exactly.
	Lost cgt.Dyadic
	// Moves counts the player's moves in the reviewed range, Exact those
	// reviewed exactly (proven or under assumptions), Optimal those that
	// lost nothing, Conditional those of Exact that rest on assumptions.
	Moves, Exact, Optimal, Conditional int
	// Mistakes are the move numbers of the biggest losses (largest first,
	// then earliest), at most Options.Mistakes of them.
	Mistakes []int
}

// Player returns the summary of colour c.
func (r *Result) Player(c board.Color) *Player {
	if c == board.White {
		return &r.White
	}
	return &r.Black
}

// Move returns the review of move n, or nil if it was not reviewed.
func (r *Result) Move(n int) *Move {
	if r.First == 0 || n < r.First || n > r.Last {
		return nil
	}
	return &r.Moves[n-r.First]
}

// BestList names the optimal moves (BestNames), then the moves that may
// be optimal too (UndecidedNames), each marked with a question mark.
func (m Move) BestList() []string {
	out := slices.Clone(m.BestNames)
	for _, n := range m.UndecidedNames {
		out = append(out, n+"?")
	}
	return out
}

// Complete reports whether every move of the range was reviewed exactly,
// on no assumption, with every optimal move decided, and nothing was
// inconsistent: every number of the review is proven.
func (r *Result) Complete() bool {
	if r.First == 0 || len(r.Inconsistencies) > 0 {
		return false
	}
	for _, m := range r.Moves {
		if !m.Exact || !m.BestKnown || m.Conditional || len(m.Undecided) > 0 {
			return false
		}
	}
	return true
}

// Conditional reports whether some number of the review rests on
// assumptions (a move reviewed under them: Move.Conditional).
func (r *Result) Conditional() bool {
	for _, m := range r.Moves {
		if m.Conditional {
			return true
		}
	}
	return false
}

// posInfo is what the review keeps of a position's analysis: whether it
// is exact, why not, and the scores with each player to move (known says
// which are proven: both when exact, or one when the bounds of an
// analysis that is not exact meet for that player).
type posInfo struct {
	exact       bool
	conditional bool // exact under the assumptions of its report
	known       [2]bool
	reason      string
	score       [2]cgt.Dyadic // Black minus White before komi; [0] Black to move
}

func (p posInfo) knownFor(c board.Color) bool {
	if c == board.White {
		return p.exact || p.known[1]
	}
	return p.exact || p.known[0]
}

func (p posInfo) scoreFor(c board.Color) cgt.Dyadic {
	if c == board.White {
		return p.score[1]
	}
	return p.score[0]
}

// Review reviews game g: going back from the end (or from opts.Last), it
// analyzes each position with endgame.Analyze, once each (the position
// after move n is the one before move n+1), and for every move whose
// previous position is exact lists the mover's optimal moves and the
// points the move lost: the mover's best score before it minus his best
// score after it with the opponent to move, in the scoring of the game's
// rules. A loss is given only when both positions are exact. Errors are
// reserved for a game that cannot be replayed; positions mathgo cannot
// analyze are moves with a Reason.
func Review(g *position.Game, opts Options) (*Result, error) {
	start := time.Now()
	if g == nil {
		return nil, errors.New("review: no game")
	}
	n := len(g.Moves)
	res := &Result{Game: g, Scoring: CountingFor(g.Rules), Komi: g.Komi, KomiKnown: g.KomiKnown, Black: Player{Color: board.Black}, White: Player{Color: board.White}}
	last := opts.Last
	if last == 0 {
		last = n
	}
	if last < 0 || last > n {
		return nil, fmt.Errorf("%s: no move %d: the main line has %d moves", g.Name, last, n)
	}
	if opts.First < 0 || opts.First > last {
		return nil, fmt.Errorf("%s: the first move reviewed (%d) must be between 1 and the last (%d)", g.Name, opts.First, last)
	}
	if last == 0 {
		res.Elapsed = time.Since(start)
		return res, nil
	}
	ao := opts.analysis()
	if res.Scoring == rules.Japanese {
		// The review scores the game under its own counting: no Chinese
		// board search to wait for.
		ao.JapaneseOnly = true
	}
	if ao.Assume != nil {
		// One set of assumptions for the whole review: the statuses the
		// source gives the end of the game, carried back to every
		// position, so that a move's loss compares two positions under
		// the same assumptions.
		ao.Assume = endgame.CarryBack(g, ao.Assume)
		res.Assumed = ao.Assume.Name()
	}
	maxRefused := opts.MaxRefused
	if maxRefused <= 0 {
		maxRefused = DefaultMaxRefused
	}
	retry, canRetry := opts.retryAnalysis(ao)
	retries := opts.Retries
	if retries == 0 {
		retries = DefaultRetries
	}
	failedRetries := 0  // second analyses in a row that were not exact
	deepStreak := false // the last position was proven by a second analysis
	progress := func(string) {}
	if opts.Progress != nil {
		progress = opts.Progress
	}
	ao.Progress = nil
	if opts.Progress != nil {
		ao.Progress = func(msg string) { opts.Progress(msg) }
	}

	// The positions before the one analyzed are analyzed ahead, beside
	// it, with the review's budgets (ao, what the loop asks for unless the
	// position after needed the larger ones): one analysis leaves the
	// second core idle most of the time (a board search under one
	// counting, the tiles' searches), and an analysis's answer does not
	// depend on what runs beside it (every budget counts nodes, and the
	// memos return what the search would compute).
	ahead := newAheads(g, res, ao, opts.First)
	defer ahead.wait()

	// Going back from the end: analyze position i, then review move i+1
	// with the analyses of positions i and i+1.
	var moves []Move  // in reverse order
	var next posInfo  // the position after move i+1
	var later posInfo // the position after move i+2
	earliest := -1    // the earliest exact position
	refused := 0
	reasons := map[int]string{}
	for i := last; i >= 0; i-- {
		if opts.First > 0 && i < opts.First-1 {
			break
		}
		progress(fmt.Sprintf("analyzing the position after move %d (%d analyzed, %d exact)", i, res.Analyzed, res.Exact))
		pos, err := g.PositionAfter(i)
		if err != nil {
			return nil, err
		}
		var r *endgame.Report
		var info posInfo
		retried := false
		if deepStreak {
			// The position after this one needed the larger budgets:
			// this one, earlier in the game, will too.
			retried = true
		} else {
			ahead.start(i - 1)
			var ok bool
			if r, info, ok = ahead.take(i); ok {
				res.aheadUsed++
			} else {
				r, info = res.analyze(pos, i, ao)
			}
			retried = !info.exact && canRetry && failedRetries < retries && (earliest >= 0 || i == last) && r != nil && r.Triage.Valuable
		}
		res.Analyzed++
		if retried {
			// The review's budgets are small so that hopeless positions
			// are refused quickly; near exact ones, a single analysis's
			// budgets often prove what they could not.
			progress(fmt.Sprintf("analyzing the position after move %d with larger budgets (--solver-nodes %d, --max-positions %d)", i, retry.SolverNodes, retry.MaxPositions))
			r, info = res.analyze(pos, i, retry)
			res.Retried++
			if info.exact {
				res.Rescued++
			} else {
				failedRetries++
			}
		}
		deepStreak = retried && info.exact
		reasons[i] = info.reason
		if i == last && !info.exact {
			res.End, res.EndOK = RangeOf(r)
			res.EndMove = last
		}
		if info.exact {
			res.Exact++
			earliest = i
			refused = 0
			failedRetries = 0
		} else {
			refused++
		}
		if i < last {
			m := res.reviewMove(g, i+1, r, info, next)
			if m.BeforeKnown && !m.BestKnown && !retried && canRetry && failedRetries < retries && len(res.Inconsistencies) == 0 {
				// Exact, but the optimal moves were past the budgets:
				// the second analysis's tiles may tell them.
				progress(fmt.Sprintf("analyzing the position after move %d again with larger budgets (--solver-nodes %d, --max-positions %d) for the optimal moves", i, retry.SolverNodes, retry.MaxPositions))
				res.Retried++
				if r2, info2 := res.analyze(pos, i, retry); info2.exact {
					if m2 := res.reviewMove(g, i+1, r2, info2, next); m2.BestKnown {
						info, m = info2, m2
						res.Rescued++
					}
				}
			}
			var answer *Move
			if len(moves) > 0 {
				answer = &moves[len(moves)-1]
			}
			res.judgeThreat(g, r, &m, answer, later)
			moves = append(moves, m)
		}
		later, next = next, info
		if opts.First == 0 && refused >= maxRefused {
			break
		}
	}
	slices.Reverse(moves)
	switch {
	case opts.First > 0:
		res.First = opts.First
	case earliest >= 0 && earliest < last:
		res.First = earliest + 1
		res.Reason = reasons[earliest-1]
	case earliest == last && last > 0:
		// Only the end is exact: why the position before the last move
		// is not (a move is reviewed when both its positions are exact).
		res.Reason = reasons[last-1]
	default:
		res.Reason = reasons[last]
	}
	if res.First > 0 {
		res.Last = last
		res.Moves = moves[len(moves)-(last-res.First+1):]
	}
	res.summarize(opts.Mistakes)
	res.Elapsed = time.Since(start)
	return res, nil
}

// aheads are the analyses of positions made ahead of the review's loop,
// each on its own goroutine (Review).
type aheads struct {
	g     *position.Game
	res   *Result
	ao    endgame.Options
	first int // Options.First: no position before move first-1
	on    bool
	runs  map[int]*aheadRun
}

// aheadRun is one analysis made ahead: the position after move i.
type aheadRun struct {
	done chan struct{}
	r    *endgame.Report
	info posInfo
	ok   bool // the position could be made (the loop makes it again)
}

// newAheads returns the analyses ahead of a review with options ao: none
// without a second core.
func newAheads(g *position.Game, res *Result, ao endgame.Options, first int) *aheads {
	ao.Progress = nil // its lines would interleave with the position's the loop reports
	return &aheads{g: g, res: res, ao: ao, first: first, on: runtime.GOMAXPROCS(0) > 1, runs: map[int]*aheadRun{}}
}

// start starts the analysis of the position after move i unless it is
// started already, lies before the start of the game or before the first
// move reviewed, or there is no second core.
func (a *aheads) start(i int) {
	if !a.on || i < 0 || a.first > 0 && i < a.first-1 || a.runs[i] != nil {
		return
	}
	run := &aheadRun{done: make(chan struct{})}
	a.runs[i] = run
	go func() {
		defer close(run.done)
		pos, err := a.g.PositionAfter(i)
		if err != nil {
			return
		}
		run.r, run.info = a.res.analyze(pos, i, a.ao)
		run.ok = true
	}()
}

// take returns the analysis made ahead of the position after move i,
// waiting for it; false when there is none.
func (a *aheads) take(i int) (*endgame.Report, posInfo, bool) {
	run := a.runs[i]
	if run == nil {
		return nil, posInfo{}, false
	}
	<-run.done
	delete(a.runs, i)
	return run.r, run.info, run.ok
}

// wait waits for the analyses still running (the review is over: their
// positions are not needed).
func (a *aheads) wait() {
	for _, run := range a.runs {
		<-run.done
	}
}

// analyze analyzes pos, the position after move i, with options ao, and
// summarizes the report (nil when the analysis failed).
func (res *Result) analyze(pos *position.Position, i int, ao endgame.Options) (*endgame.Report, posInfo) {
	r, err := endgame.Analyze(pos, ao)
	if err != nil {
		return nil, posInfo{reason: fmt.Sprintf("the position after move %d cannot be analyzed: %v", i, err)}
	}
	info := summarize(r, res.Scoring)
	if !info.exact {
		info.reason = fmt.Sprintf("the position after move %d is not exact: %s", i, info.reason)
	}
	return r, info
}

// summarize reads what the review needs from a report.
func summarize(r *endgame.Report, s rules.Counting) posInfo {
	var info posInfo
	if !r.ExactUnder(s) {
		info.reason = r.Reason()
		for i, c := range []board.Color{board.Black, board.White} {
			info.score[i], info.known[i] = sideScore(r, s, c)
		}
		return info
	}
	for i, c := range []board.Color{board.Black, board.White} {
		d, err := Score(r, s, c)
		if err != nil {
			info.reason = err.Error()
			return info
		}
		info.score[i] = d
	}
	info.exact, info.known = true, [2]bool{true, true}
	info.conditional = r.Conditional()
	return info
}

// reviewMove reviews move n: r is the analysis of the position before it
// (nil if it failed), before and after what the review keeps of the
// positions before and after it.
func (res *Result) reviewMove(g *position.Game, n int, r *endgame.Report, before, after posInfo) Move {
	gm := g.Moves[n-1]
	m := Move{N: n, Color: gm.Color, Point: gm.Point, Choice: board.Pass}
	m.Name = nameOf(g, gm.Point)
	m.BeforeKnown, m.AfterKnown = before.knownFor(gm.Color), after.knownFor(gm.Color.Opponent())
	if m.BeforeKnown {
		m.Before = before.scoreFor(gm.Color)
	}
	m.Conditional = before.conditional || (m.AfterKnown && after.conditional)
	if m.AfterKnown {
		m.After = after.scoreFor(gm.Color.Opponent())
	}
	if !m.BeforeKnown {
		m.Reason = before.reason
		return m
	}
	// A teire the assumptions already count as filled: the board the
	// analysis values holds the stone, so the move is a pass there.
	played := gm.Point
	teire := assumedFill(r, gm.Point, gm.Color)
	if teire {
		played = board.Pass
	}
	o, err := bestMoves(r, res.Scoring, gm.Color, played)
	switch {
	case errors.Is(err, errInconsistent):
		m.Reason = fmt.Sprintf("move %d (%s %s): %v", n, gm.Color, m.Name, err)
		res.Inconsistencies = append(res.Inconsistencies, m.Reason)
		return m
	case err != nil:
		m.Reason = fmt.Sprintf("the optimal moves before move %d are unknown: %v", n, err)
	default:
		m.BestKnown = true
		m.Best, m.Choice, m.Undecided = o.best, o.choice, o.undecided
		for _, p := range o.best {
			m.BestNames = append(m.BestNames, nameOf(g, p))
		}
		for _, p := range o.undecided {
			m.UndecidedNames = append(m.UndecidedNames, nameOf(g, p))
		}
		if !o.target.Equal(m.Before) {
			m.Reason = fmt.Sprintf("move %d: %v: the optimal moves keep %s, the analysis says %s", n, errInconsistent, o.target, m.Before)
			res.Inconsistencies = append(res.Inconsistencies, m.Reason)
			m.BestKnown = false
			return m
		}
	}
	if !m.AfterKnown {
		if m.Reason == "" {
			m.Reason = after.reason
		}
		return m
	}
	lost := lossOf(gm.Color, m.Before, m.After)
	if lost.Sign() < 0 && m.Conditional {
		// Two positions analyzed under different assumptions (a block
		// given the end's status in one, searched in the other): no
		// loss, and no bug either.
		m.Reason = fmt.Sprintf("move %d (%s %s) gains %s on the best score %s (after it %s) under the assumptions: the statuses carried back from the end do not hold alike in the positions before and after it", n, gm.Color, m.Name, lost.Neg(), m.Before, m.After)
		return m
	}
	if lost.Sign() < 0 {
		m.Reason = fmt.Sprintf("move %d (%s %s): %v: it gains %s on the best score %s (after it %s)", n, gm.Color, m.Name, errInconsistent, lost.Neg(), m.Before, m.After)
		res.Inconsistencies = append(res.Inconsistencies, m.Reason)
		return m
	}
	if !m.BestKnown {
		return m // the loss is proven, but without the optimal moves the move is not reviewed exactly
	}
	if o.inTerritory {
		// A move inside a territory: its score is the analysis of the
		// position after it (both analyses exact); a territory's moves
		// are never among the optimal ones the analysis lists.
		if w := assumedWall(r, gm.Point); w != "" && lost.Sign() > 0 && m.Conditional {
			// The wall is assumed to live without answering: what the
			// move threatens, or answers, is outside the analysis.
			m.Reason = fmt.Sprintf("move %d (%s %s) is played in a territory whose wall %s is assumed alive, not proven: the analysis takes the wall to live without answering, so a ko threat or an attack against it, or the answer to one, would count as a wasted move; not judged", n, gm.Color, m.Name, w)
			m.wall = w
			return m
		}
		m.Exact, m.Lost = true, lost
		if lost.Sign() > 0 && res.Scoring == rules.Japanese {
			switch territoryOwner(r, gm.Point) {
			case gm.Color:
				m.Note = NoteOwnTerritory
			case gm.Color.Opponent():
				m.Note = NoteOpponentTerritory
			}
		}
		return m
	}
	if !o.played.Equal(m.After) && m.Conditional {
		// The analyses before and after the move disagree about the
		// position after it under assumptions: the blocks a move makes or
		// joins, and the points filled before counting, take the statuses
		// carried back from the end only in the position after it.
		m.Reason = fmt.Sprintf("move %d (%s %s): the position before the move values it at %s, the position after at %s, under the assumptions: the statuses carried back from the end do not hold alike in the positions before and after it", n, gm.Color, m.Name, o.played, m.After)
		return m
	}
	if !o.played.Equal(m.After) {
		// The same without assumptions: a bug.
		m.Reason = fmt.Sprintf("move %d (%s %s): %v: the position before the move values it at %s, the position after at %s", n, gm.Color, m.Name, errInconsistent, o.played, m.After)
		res.Inconsistencies = append(res.Inconsistencies, m.Reason)
		return m
	}
	// A teire is judged as the pass it is on the analysis's board.
	if slices.Contains(m.Best, played) != (lost.Sign() == 0) {
		m.Reason = fmt.Sprintf("move %d (%s %s): %v: it loses %s but is %s the optimal moves %v", n, gm.Color, m.Name, errInconsistent, lost,
			map[bool]string{true: "among", false: "not among"}[slices.Contains(m.Best, played)], m.BestNames)
		res.Inconsistencies = append(res.Inconsistencies, m.Reason)
		return m
	}
	m.Exact, m.Lost = true, lost
	switch {
	case teire:
		m.Note = NoteTeire
	case gm.Point == board.Pass && lost.Sign() > 0:
		m.Note = NotePassedEarly
	}
	return m
}

// judgeThreat judges a move not judged because it was played in a
// territory whose wall is assumed alive (Move.wall), with the move after
// it. r is the analysis of the position before the move, answer the
// review of the next move (nil when the move is the last reviewed) and
// after what the review keeps of the position after the next move.
//
// When the next move is the opponent's in a territory of one of the same
// walls assumed alive (the same territory, or another eye of the wall the
// move attacks), the two are a threat and its answer, judged together
// with the answer taken as needed: the threat loses the best score before
// it minus the score after the answer (its player to move again), and the
// answer, unless it was judged optimal already, loses nothing, the score
// after the threat being the score after the answer. A threat that would
// gain by the exchange stays not judged: the analysis before it does not
// value the exchange, so its best score is not known under that
// assumption.
//
// When the move is played in the opponent's territory and the next move
// (or the end of the game) leaves it unanswered, the wall lived without
// answering as the assumption says: the move is judged as the analysis
// values it, a stone the wall's owner need not answer.
func (res *Result) judgeThreat(g *position.Game, r *endgame.Report, threat, answer *Move, after posInfo) {
	if threat.wall == "" || r == nil {
		return
	}
	walls := assumedWalls(r, threat.Point)
	inWalls := func(p board.Point) bool {
		return slices.ContainsFunc(assumedWalls(r, p), func(w board.Point) bool { return slices.Contains(walls, w) })
	}
	next := board.Pass // the next move of the game; a pass at its end
	if threat.N < len(g.Moves) {
		next = g.Moves[threat.N].Point
	}
	if next != board.Pass && inWalls(next) {
		if answer != nil && answer.N == threat.N+1 && answer.Color == threat.Color.Opponent() {
			res.pairThreat(r, threat, answer, after)
		}
		return
	}
	if territoryOwner(r, threat.Point) != threat.Color.Opponent() {
		return // a move in its own territory: an answer come late, or a fill
	}
	lost := lossOf(threat.Color, threat.Before, threat.After)
	threat.Exact, threat.Lost, threat.Reason, threat.wall = true, lost, "", ""
	threat.Note = NoteUnanswered
}

// pairThreat judges threat and its answer together (judgeThreat).
func (res *Result) pairThreat(r *endgame.Report, threat, answer *Move, after posInfo) {
	// The score after the exchange, the threat's player to move: after
	// an answer judged optimal, the score before it; else the position
	// after the answer's.
	var s cgt.Dyadic
	judged := answer.Exact && answer.Lost.Sign() == 0
	switch {
	case judged:
		s = answer.Before
	case answer.wall != "" && after.knownFor(threat.Color):
		s = after.scoreFor(threat.Color)
	default:
		return // not judged for another reason, or judged a loss
	}
	lost := lossOf(threat.Color, threat.Before, s)
	if lost.Sign() < 0 {
		return
	}
	b := r.Board()
	if !judged {
		answer.Before, answer.BeforeKnown = s, true
		answer.After, answer.AfterKnown = s, true
		answer.Exact, answer.Lost, answer.Reason, answer.wall = true, cgt.DyadicInt(0), "", ""
		answer.BestKnown, answer.Choice = true, answer.Point
		answer.Best, answer.BestNames = []board.Point{answer.Point}, []string{answer.Name}
		answer.Undecided, answer.UndecidedNames = nil, nil
		answer.Note = NoteAnswer
		answer.Conditional = true
	}
	threat.After, threat.AfterKnown = s, true
	threat.Exact, threat.Lost, threat.Reason, threat.wall = true, lost, "", ""
	threat.Note = NoteThreat
	if lost.Sign() == 0 && !slices.Contains(threat.Best, threat.Point) {
		threat.Best = append(threat.Best, threat.Point)
		sortMoves(b, threat.Best)
		threat.BestNames = threat.BestNames[:0]
		for _, p := range threat.Best {
			threat.BestNames = append(threat.BestNames, nameOn(b, p))
		}
	}
}

// lossOf is what c lost from the score before (c to move) to the score
// after, both Black minus White: before - after for Black, after - before
// for White.
func lossOf(c board.Color, before, after cgt.Dyadic) cgt.Dyadic {
	if c == board.White {
		return after.Sub(before)
	}
	return before.Sub(after)
}

// assumedFill reports whether r (conditional) assumes the empty point p
// filled by c before counting (endgame.AssumedFilled).
func assumedFill(r *endgame.Report, p board.Point, c board.Color) bool {
	if r == nil || p == board.Pass {
		return false
	}
	for _, a := range r.Assumptions {
		if a.Point && a.Status == endgame.AssumedFilled && a.Block == p && a.Color == c {
			return true
		}
	}
	return false
}

// nameOf names a point of g's board as GTP does ("C3", "pass").
func nameOf(g *position.Game, p board.Point) string {
	if p == board.Pass {
		return "pass"
	}
	b, err := board.New(g.Cols, g.Rows)
	if err != nil {
		return fmt.Sprint(p) // unreachable: the game's size was checked
	}
	return b.Name(p)
}

// summarize fills the players' summaries.
func (res *Result) summarize(mistakes int) {
	if mistakes <= 0 {
		mistakes = DefaultMistakes
	}
	for i := range res.Moves {
		m := &res.Moves[i]
		p := res.Player(m.Color)
		p.Moves++
		if !m.Exact {
			continue
		}
		p.Exact++
		if m.Conditional {
			p.Conditional++
		}
		p.Lost = p.Lost.Add(m.Lost)
		if m.Lost.Sign() == 0 {
			p.Optimal++
		} else {
			p.Mistakes = append(p.Mistakes, m.N)
		}
	}
	for _, p := range []*Player{&res.Black, &res.White} {
		slices.SortStableFunc(p.Mistakes, func(a, b int) int {
			if c := res.Move(b).Lost.Cmp(res.Move(a).Lost); c != 0 {
				return c
			}
			return a - b
		})
		if len(p.Mistakes) > mistakes {
			p.Mistakes = p.Mistakes[:mistakes]
		}
	}
}
