package safety

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/life"
)

// verdictKind is what is known about a group.
type verdictKind int

const (
	proven    verdictKind = iota // safe or alive
	refuted                      // the attacker captures (captured) or keeps it from settling
	undecided                    // the budget ran out (or no solver)
	needDeep                     // the quick search ran out: a deep search is due
	pending                      // a search is due
	none                         // (a tier) not applicable
)

// verdict is the outcome for one group (cached by the group's key).
type verdict struct {
	kind     verdictKind
	status   Status // for proven: safe or alive
	captured []int  // for refuted: the blocks the attacker captures first (empty: all)
	reason   string
	nodes    int
	claims   bool          // proven in the second tier: its enclosed regions are territory
	tiers    [3]tierResult // [1] eye regions only, [2] enclosed regions too
	wide     []int         // the group's targets next to no eye region
}

// tierResult is the outcome of one tier's searches.
type tierResult struct {
	kind     verdictKind // pending, needDeep, proven, refuted, undecided or none
	captured []int
	reason   string
	nodes    int
	deep     bool // the deep search ran
	final    bool // undecided without a search that more nodes could change
}

// job is one search to run: a group, the tier, the node budget.
type job struct {
	g      *group
	tier   int
	budget int
	sl     *sealed
}

// search runs the life solver on jobs, at most opts.Workers at once, and
// stores the results in the tiers of the groups' cached verdicts. The
// verdicts do not depend on the order in which the searches finish.
func (s *settler) search(jobs []job, deep bool) {
	if len(jobs) == 0 {
		return
	}
	for i := range jobs {
		jobs[i].sl = s.seal(jobs[i].g, jobs[i].tier == 2)
	}
	results := make([]life.Result, len(jobs))
	next := make(chan int)
	done := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(s.opts.Workers, len(jobs)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				j := jobs[i]
				if len(j.sl.libertyless()) > 0 {
					// Its liberties all lie in tiles: no search (the
					// sealed board has no move that captures it).
					results[i] = life.Result{Status: life.StatusUnsettled}
					done <- i
					continue
				}
				results[i] = life.CertifyGroup(j.sl.b, j.sl.targets, life.Options{
					MaxNodes: j.budget, Immortal: j.sl.imm, ReplyRegion: j.sl.reply})
				done <- i
			}
		}()
	}
	go func() {
		for i := range jobs {
			next <- i
		}
		close(next)
	}()
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	running := min(s.opts.Workers, len(jobs))
	for finished := 0; finished < len(jobs); {
		select {
		case <-done:
			finished++
			s.work++
			running = min(s.opts.Workers, len(jobs)-finished)
		case <-tick.C:
		}
		s.progress(running, s.work+len(jobs)-finished)
	}
	wg.Wait()
	for i, j := range jobs {
		s.nodes += results[i].Nodes
		t := s.judge(j, results[i], deep)
		t.deep = deep
		t.nodes += s.cache[j.g.key].tiers[j.tier].nodes
		s.cache[j.g.key].tiers[j.tier] = *t
	}
}

// judge turns a life result into a tier's result.
func (s *settler) judge(j job, r life.Result, deep bool) *tierResult {
	v := &tierResult{nodes: r.Nodes}
	switch r.Status {
	case life.StatusAlive, life.StatusPassAlive, life.StatusDeclared:
		v.kind = proven
	case life.StatusUnknown:
		v.kind = undecided
		if deep {
			v.reason = fmt.Sprintf("undecided: %s after %d nodes proving it lives without answering outside its own eyes", r.Reason, r.Nodes)
		}
	default:
		v.kind = refuted
		if dead := j.sl.libertyless(); len(dead) > 0 {
			v.captured = dead
			v.reason = fmt.Sprintf("%s captures it by filling its liberties in the tiles, where %s may not answer: it has none in its own eyes", colorName(j.sl.att), colorName(j.sl.def))
			if len(j.g.targets) > 1 {
				v.reason = fmt.Sprintf("%s captures %s by filling its liberties in the tiles, where %s may not answer: it has none in its own eyes",
					colorName(j.sl.att), s.blockNames(dead), colorName(j.sl.def))
			}
			return v
		}
		var pv []board.Point
		v.captured, pv = s.capturedBy(j, r.PV)
		for i, m := range pv {
			pv[i] = j.sl.orig(m)
		}
		line := s.line(j.sl, pv)
		who := colorName(j.sl.att)
		if len(v.captured) > 0 {
			v.reason = fmt.Sprintf("%s captures it if %s may answer only inside its own eyes: %s", who, colorName(j.sl.def), line)
			if len(j.g.targets) > 1 {
				v.reason = fmt.Sprintf("%s captures %s if %s may answer only inside its own eyes: %s",
					who, s.blockNames(v.captured), colorName(j.sl.def), line)
			}
		} else {
			v.reason = fmt.Sprintf("it cannot become pass-alive with its eye regions safe if %s may answer only inside them (a seki, or room for %s to live): %s",
				colorName(j.sl.def), colorName(j.sl.att), line)
		}
	}
	return v
}

// capturedBy replays the attacker's line on the sealed board and returns
// the group's blocks captured first (nil if none is) and the line up to
// that capture. The solver's line stops where the capture is certain (a
// target in atari with the attacker to move): the capture is then added.
func (s *settler) capturedBy(j job, pv []board.Point) ([]int, []board.Point) {
	c := j.sl.b.Clone()
	c.SetKoRule(board.KoNone)
	mover := j.sl.att
	lost := func() []int {
		var out []int
		for i, t := range j.sl.targets {
			if c.At(t) != j.sl.def {
				out = append(out, j.sl.target[i])
			}
		}
		return out
	}
	for k, m := range pv {
		if _, err := c.Play(m, mover); err != nil {
			return nil, slices.Clone(pv[:k])
		}
		mover = mover.Opponent()
		if out := lost(); len(out) > 0 {
			return out, slices.Clone(pv[:k+1])
		}
	}
	if mover != j.sl.att {
		return nil, pv
	}
	for _, t := range j.sl.targets {
		if c.At(t) != j.sl.def || c.LibertiesUpTo(t, 2) != 1 {
			continue
		}
		l := c.LibertyPoints(t)[0]
		if j.sl.reply[l] < 0 {
			continue
		}
		if _, err := c.Play(l, mover); err == nil {
			if out := lost(); len(out) > 0 {
				return out, append(slices.Clone(pv), l)
			}
			c.Undo()
		}
	}
	return nil, slices.Clone(pv)
}

// line writes a principal variation in a player's words: "W A8, B B9,
// W pass".
func (s *settler) line(sl *sealed, pv []board.Point) string { // pv on the real board
	if len(pv) == 0 {
		return "(no line)"
	}
	var parts []string
	mover := sl.att
	for _, m := range pv {
		name := "pass"
		if m != board.Pass {
			name = s.b.Name(m)
		}
		parts = append(parts, mover.Letter()+" "+name)
		mover = mover.Opponent()
	}
	return strings.Join(parts, ", ")
}

// blockNames names blocks by their first stones.
func (s *settler) blockNames(ids []int) string {
	var names []string
	for _, i := range ids {
		names = append(names, "the block at "+s.b.Name(s.blocks[i].first))
	}
	return strings.Join(names, " and ")
}

func colorName(c board.Color) string {
	if c == board.Black {
		return "Black"
	}
	return "White"
}
