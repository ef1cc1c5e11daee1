package realgo

import "github.com/mathgo/mathgo/board"

// Zobrist keys of realgo's own tables (independent of board's): one per
// (point, content) for the component hashes of the status search, and the
// extra state of a search node.
var (
	pointKeys [3][board.MaxSide * board.MaxSide]uint64
	koKeys    [2][board.MaxSide * board.MaxSide]uint64
	sideKey   [3]uint64
	passKey   [2]uint64
	miscKeys  [8]uint64
)

func init() {
	state := uint64(0x7265616c676f2121) // "realgo!!"
	next := func() uint64 {
		state += 0x9e3779b97f4a7c15
		z := state
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return z ^ (z >> 31)
	}
	for c := range pointKeys {
		for p := range pointKeys[c] {
			pointKeys[c][p] = next()
		}
	}
	for c := range koKeys {
		for p := range koKeys[c] {
			koKeys[c][p] = next()
		}
	}
	for i := range sideKey {
		sideKey[i] = next()
	}
	for i := range passKey {
		passKey[i] = next()
	}
	for i := range miscKeys {
		miscKeys[i] = next()
	}
}

// koKey returns the key of b's ko state: the point where the last move's
// single capture may not be retaken at once, and by whom (0 if none).
func koKey(b *board.Board) uint64 {
	p, c := b.KoRecapture()
	if p == board.Pass || (c != board.Black && c != board.White) {
		return 0
	}
	return koKeys[c-1][p]
}
