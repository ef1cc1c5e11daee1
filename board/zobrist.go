package board

// zobristKeys holds one pseudo-random key per (point, colour), for every
// point index a board of up to MaxSide x MaxSide can have. The keys are a
// fixed function of the index (splitmix64), so hashes are reproducible
// from run to run. The table is written once, at package initialisation.
var zobristKeys = func() (k [2][MaxSide * MaxSide]uint64) {
	state := uint64(0x6d617468676f2121) // "mathgo!!"
	for c := range k {
		for p := range k[c] {
			state += 0x9e3779b97f4a7c15
			k[c][p] = Mix(state)
		}
	}
	return k
}()

// zobrist returns the key of a stone of colour c (Black or White) at p.
func zobrist(p Point, c Color) uint64 {
	return zobristKeys[c-1][p]
}

// Mix is SplitMix64's finalizer: a fixed function that makes any 64-bit
// value look random, for keys built by adding or combining parts.
func Mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}
