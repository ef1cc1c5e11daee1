//go:build race

package review

// raceOn: the tests run under the race detector (go test -race), ten
// times slower: TestReviewCores reviews its small records only.
const raceOn = true
