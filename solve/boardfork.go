package solve

import (
	"maps"
	"slices"
)

// fork returns a copy of the game whose searcher is its own: it starts
// from copies of this searcher's tables, reckoned ends and caches (keyed
// alike: the same seed), so that another goroutine can ask it questions
// while this game is asked others. join takes back what the fork learnt.
// Neither game may be searching while fork or join runs.
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
	s.killers = slices.Clone(o.killers)
	s.koEver = o.koEver
	s.total, s.forkedAt = o.total, o.total
	f.s = s
	return &f, nil
}

// join takes back what fork f learnt: the table entries, reckoned ends
// and pass-alive territories this game lacks (each holds for its state
// whichever searcher found it: the tables are kept by the same settings
// and keyed alike), its nodes and whether a ko arose.
func (g *boardSearchGame) join(f *boardSearchGame) {
	s, o := g.s, f.s
	for i := range o.tts {
		s.tts[i] = mergeMissingTT(s.tts[i], o.tts[i])
	}
	s.reck = mergeMissing(s.reck, o.reck)
	s.cheap = mergeMissing(s.cheap, o.cheap)
	s.safe = mergeMissing(s.safe, o.safe)
	s.mid.join(&o.mid)
	s.full.join(&o.full)
	s.total += o.total - o.forkedAt
	s.koEver = s.koEver || o.koEver
}

// mergeMissing adds to dst the entries of src whose keys it lacks (dst
// nil: src itself).
func mergeMissing[V any](dst, src map[uint64]V) map[uint64]V {
	if dst == nil {
		return src
	}
	for k, v := range src {
		if _, ok := dst[k]; !ok {
			dst[k] = v
		}
	}
	return dst
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

// join takes into t the entries of the fork's tier o that t lacks.
func (t *reckTier) join(o *reckTier) {
	for i := range o.tts {
		t.tts[i] = mergeMissingTT(t.tts[i], o.tts[i])
	}
	if t.rk != nil {
		// The ends go with their reckoner; the fork's hold all the
		// same (a reckoning is a bound on the end's count).
		t.reck = mergeMissing(t.reck, o.reck)
	}
}
