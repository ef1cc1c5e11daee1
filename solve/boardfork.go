package solve

import (
	"maps"
	"slices"
)

// fork returns a copy of the game whose searcher is its own: it starts
// from copies of this searcher's tables, reckoned ends and caches (keyed
// alike: the same seed), so that another goroutine can ask it questions
// while this game is asked others (Optimal's helper). The game may not be
// searching while fork runs.
func (g *boardSearchGame) fork() (*boardSearchGame, error) {
	f := *g
	s, err := newSearcher(&f, g.a, g.opts)
	if err != nil {
		return nil, err
	}
	o := g.s
	s.seed = o.seed
	for i := range o.tts {
		s.tts[i] = o.tts[i].clone()
	}
	s.mid.fork(&o.mid)
	s.full.fork(&o.full)
	s.reck, s.cheap, s.safe = maps.Clone(o.reck), maps.Clone(o.cheap), maps.Clone(o.safe)
	s.moveCache, s.keyCache = maps.Clone(o.moveCache), maps.Clone(o.keyCache)
	s.reachMemo, s.reachWork = maps.Clone(o.reachMemo), o.reachWork
	s.killers = slices.Clone(o.killers)
	s.koEver = o.koEver
	s.total, s.forkedAt = o.total, o.total
	f.s = s
	f.helper, f.isFork = nil, true
	f.starts = [3]*searchNode{} // the nodes are the game's own
	return &f, nil
}

// fork makes t a copy of o's tables and reckoned ends (its reckoner is
// made when first used).
func (t *reckTier) fork(o *reckTier) {
	for i := range o.tts {
		t.tts[i] = o.tts[i].clone()
	}
	if o.reck != nil {
		t.reck = maps.Clone(o.reck)
	}
}
