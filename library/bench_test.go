package library

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/mathgo/mathgo/cgt"
)

var (
	benchOnce sync.Once
	benchPath string
	benchErr  error
)

// benchLibrary returns the area-6 library: MATHGO_LIBRARY names a built
// one, otherwise it is built once (about two minutes on two cores).
func benchLibrary(b *testing.B) string {
	if p := os.Getenv("MATHGO_LIBRARY"); p != "" {
		return p
	}
	benchOnce.Do(func() {
		dir, err := os.MkdirTemp("", "mathgo-bench")
		if err != nil {
			benchErr = err
			return
		}
		benchPath = filepath.Join(dir, "tiles6.db")
		_, benchErr = Build(benchPath, BuildOptions{MaxArea: 6, Workers: 2, Analysis: Analysis})
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	return benchPath
}

// BenchmarkQueryChilled is a query by value on the area-6 library.
func BenchmarkQueryChilled(b *testing.B) {
	db, err := Open(benchLibrary(b))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	g := cgt.MustParse("2^")
	b.ResetTimer()
	for b.Loop() {
		rows, err := db.Query(Query{Chilled: &g, Limit: 100})
		if err != nil || len(rows) == 0 {
			b.Fatal(err, len(rows))
		}
	}
}

// BenchmarkQueryTemperature is a temperature-range query restricted to
// one area and orientation.
func BenchmarkQueryTemperature(b *testing.B) {
	db, err := Open(benchLibrary(b))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	lo, hi, _ := ParseRange("1/2..3")
	b.ResetTimer()
	for b.Loop() {
		if _, err := db.Query(Query{TempLo: lo, TempHi: hi, Area: 4, Orientation: "corner"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEnumerate5 enumerates the tiles up to area 5.
func BenchmarkEnumerate5(b *testing.B) {
	for b.Loop() {
		Enumerate(5, 2, nil)
	}
}
