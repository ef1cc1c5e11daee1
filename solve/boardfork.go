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
		if o.tts[i] != nil {
			s.tts[i] = maps.Clone(o.tts[i])
		}
		if o.ttsFull[i] != nil {
			s.ttsFull[i] = maps.Clone(o.ttsFull[i])
		}
	}
	s.reck, s.cheap, s.safe = maps.Clone(o.reck), maps.Clone(o.cheap), maps.Clone(o.safe)
	if o.reckFull != nil {
		s.reckFull = maps.Clone(o.reckFull)
	}
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
		s.tts[i] = mergeMissing(s.tts[i], o.tts[i])
		s.ttsFull[i] = mergeMissing(s.ttsFull[i], o.ttsFull[i])
	}
	s.reck = mergeMissing(s.reck, o.reck)
	s.cheap = mergeMissing(s.cheap, o.cheap)
	s.safe = mergeMissing(s.safe, o.safe)
	if s.rkFull != nil {
		// reckFull goes with its own reckoner; the fork's ends hold
		// all the same (a reckoning is a bound on the end's count).
		s.reckFull = mergeMissing(s.reckFull, o.reckFull)
	}
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
