//go:build !race

package review

// raceOn: the tests run under the race detector (go test -race).
const raceOn = false
