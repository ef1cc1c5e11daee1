package assume

import (
	"testing"

	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/mathgo/mathgo/life"
)

// BenchmarkFinalAssumed: `analyze --assume gnugo` on the finals of four
// professional games among the slowest of testdata/finals (one bounded,
// three conditional), GNU Go's call included (about 1.5 s each).
// Skipped without GNU Go.
func BenchmarkFinalAssumed(b *testing.B) {
	src, err := Parse("gnugo")
	if err != nil {
		b.Skip(err)
	}
	for _, name := range []string{"f19-14-kisei34-rin-shien-vs-takemiya", "f19-27-kisei37-takanashi-vs-kudo", "f19-07-kisei37-kurotaki-vs-ishida", "f19-09-kisei37-yamada-vs-hikosaka", "f19-08-kisei37-kataoka-vs-lee-ishu", "f19-10-kisei35-ryu-vs-kono", "f19-18-kisei33-rin-kaiho-vs-uchida", "f19-20-kisei33-ryu-vs-takagi"} {
		_, pos := testpos.GameEnd(b, "../testdata/finals/"+name+".sgf")
		b.Run(name[:6], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				life.ForgetCertificates()
				if _, err := endgame.Analyze(pos, endgame.Options{Assume: src}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
