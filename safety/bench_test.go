package safety

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/mathgo/mathgo/life"
	"github.com/mathgo/mathgo/position"
)

// benchFiles are the bundled positions Settle is benchmarked on.
func benchFiles(b *testing.B) []string {
	var files []string
	for _, pat := range []string{"positions/*.txt", "solve/endgame-19x19.txt", "play/endgame-19x19.txt", "corridors/*.txt", "problems/*.txt"} {
		m, err := filepath.Glob(filepath.Join("..", "testdata", pat))
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, m...)
	}
	return files
}

// BenchmarkSettle settles each bundled position and reports how many
// blocks each method settled (declared, pass-alive, safe, alive) and how
// many stayed mortal or unknown, and the search nodes. The bundled
// positions declare most of their walls, so each is also settled as
// drawn with plain stones ("plain/": no '#', '@' or frame), where the
// proofs do the work; Spight's problem is added.
func BenchmarkSettle(b *testing.B) {
	type named struct {
		name string
		pos  *position.Position
	}
	var all []named
	for _, f := range benchFiles(b) {
		pos, err := position.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		rel, _ := filepath.Rel(filepath.Join("..", "testdata"), f)
		all = append(all, named{rel, pos})
		plain := *pos
		plain.Immortal = make([]bool, pos.Board.Size())
		plain.Open = position.Sides{}
		all = append(all, named{"plain/" + rel, &plain})
	}
	all = append(all, named{"spight-2011", parse(b, spight)})
	for _, nm := range all {
		pos := nm.pos
		b.Run(nm.name, func(b *testing.B) {
			var r *Result
			var err error
			for i := 0; i < b.N; i++ {
				life.ForgetCertificates()
				r, err = Settle(pos, Options{})
				if err != nil {
					b.Fatal(err)
				}
			}
			counts := map[Status]int{}
			for _, c := range r.Certificates {
				counts[c.Status]++
			}
			for _, st := range []Status{StatusDeclared, StatusPassAlive, StatusSafe, StatusAlive, StatusMortal, StatusUnknown} {
				b.ReportMetric(float64(counts[st]), string(st))
			}
			b.ReportMetric(float64(r.Nodes), "nodes")
		})
	}
}

// BenchmarkClaimFinal times the claims of the final positions of the
// 9x9 benchmark games whose last areas need the escalated budget (an area
// inside pass-alive walls, empty or with stones in atari only), and of a
// 19x19 game's narrow area of more than MaxClaimEmpties points: Settle,
// then Claim of that area, reporting the claim's nodes and whether it was
// proven. Each iteration starts with no remembered certificates
// (life.ForgetCertificates).
func BenchmarkClaimFinal(b *testing.B) {
	for _, c := range []struct {
		game  string
		move  int
		point string
	}{
		{"g09-l10-s45-cad.sgf", -1, "J1"},
		{"g09-l10-s50-cad.sgf", -1, "A1"},
		{"g09-l10-s50-cad.sgf", 52, "J1"},
		{"g09-l10-s33-cad.sgf", -1, "J9"},
		{"g19-l10-s403-cad.sgf", -1, "J10"}, // a narrow area of 28 empty points
	} {
		g, err := position.ReadGame(filepath.Join("..", "testdata", "games", c.game))
		if err != nil {
			b.Fatal(err)
		}
		pos, err := g.PositionAfter(c.move)
		if err != nil {
			b.Fatal(err)
		}
		bd := pos.Board
		p, err := bd.ParsePoint(c.point)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%s@%d", strings.TrimSuffix(c.game, ".sgf"), c.move), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				life.ForgetCertificates()
				r, err := Settle(pos, Options{})
				if err != nil {
					b.Fatal(err)
				}
				reg := regionAt(bd, r, p)
				before := r.Nodes
				n := r.Claim([][]board.Point{reg})
				b.ReportMetric(float64(r.Nodes-before), "claim-nodes")
				b.ReportMetric(float64(n), "claimed")
			}
		})
	}
}

// BenchmarkSettleFinal settles the final positions of three counted
// professional games (testdata/finals) as analyze does, with no
// remembered certificates: f19-18, whose walls' proof is the longest of
// the finals (a nine-block group's deep search runs out of nodes), and
// f19-10 and f19-14, whose deep searches prove groups alive. It reports
// the nodes and the blocks proven settled.
func BenchmarkSettleFinal(b *testing.B) {
	for _, name := range []string{
		"f19-18-kisei33-rin-kaiho-vs-uchida",
		"f19-10-kisei35-ryu-vs-kono",
		"f19-14-kisei34-rin-shien-vs-takemiya",
	} {
		_, pos := testpos.GameEnd(b, filepath.Join("..", "testdata", "finals", name+".sgf"))
		b.Run(name[:6], func(b *testing.B) {
			b.ReportAllocs()
			var r *Result
			for b.Loop() {
				life.ForgetCertificates()
				var err error
				if r, err = Settle(pos, Options{}); err != nil {
					b.Fatal(err)
				}
			}
			settled := 0
			for _, c := range r.Certificates {
				if c.Status.Settled() {
					settled++
				}
			}
			b.ReportMetric(float64(r.Nodes), "nodes")
			b.ReportMetric(float64(settled), "settled")
		})
	}
}
