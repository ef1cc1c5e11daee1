package assume

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/review"
	"github.com/mathgo/mathgo/rules"
)

// finalsCampaign skips the test unless the campaign switch env is set,
// and returns the records (MATHGO_FINALS_GAMES, a glob; testdata/finals
// by default) and the source (MATHGO_FINALS_ASSUME; gnugo by default).
func finalsCampaign(t *testing.T, env string) ([]string, endgame.Assumer) {
	t.Helper()
	if os.Getenv(env) == "" {
		t.Skipf("set %s=1 to run the campaign", env)
	}
	glob := os.Getenv("MATHGO_FINALS_GAMES")
	if glob == "" {
		glob = "../testdata/finals/*.sgf"
	}
	name := os.Getenv("MATHGO_FINALS_ASSUME")
	if name == "" {
		name = "gnugo"
	}
	src, err := Parse(name)
	if err != nil {
		t.Skip(err)
	}
	files, err := filepath.Glob(glob)
	if err != nil {
		t.Fatal(err)
	}
	return files, src
}

// TestFinalsCampaign measures the finals of the counted games of strong
// players in testdata/finals (MATHGO_FINALS_GAMES, a glob, for others):
// each final position is analyzed without assumptions and with
// MATHGO_FINALS_ASSUME's source (gnugo by default), and the result with
// the record's komi is compared with the record's. A campaign, not a
// check: MATHGO_FINALS_CAMPAIGN=1 (docs/benchmarks.md has the figures).
func TestFinalsCampaign(t *testing.T) {
	files, src := finalsCampaign(t, "MATHGO_FINALS_CAMPAIGN")
	var exact, conditional, bounded, agree, compared int
	var times []time.Duration
	var shares []float64 // the proven-settled share of the board, in %
	for _, f := range files {
		g, pos := testpos.GameEnd(t, f)
		first := pos.ToMove
		if first == board.Empty {
			first = board.Black
		}
		start := time.Now()
		r, err := endgame.Analyze(pos, endgame.Options{Assume: src})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		el := time.Since(start)
		times = append(times, el)
		share := 100 * float64(r.ProvenSettled) / float64(pos.Board.Size())
		shares = append(shares, share)
		verdict := "bounded"
		switch {
		case r.Proven():
			exact++
			verdict = "exact"
		case r.Exact():
			conditional++
			verdict = fmt.Sprintf("conditional (%d assumptions)", len(r.Assumptions))
		default:
			bounded++
		}
		got := ""
		if r.Exact() {
			c := review.CountingFor(pos.Rules)
			s, err := review.Score(r, c, first)
			if err == nil {
				s = s.Sub(review.KomiDyadic(pos.Komi))
				got = resultString(s)
				compared++
				if sameResult(got, g.Result) {
					agree++
				} else {
					verdict += " DIFFERS"
				}
			}
		}
		fmt.Printf("%-45s %-32s %8s record %-7s proven %3.0f%% %v\n", filepath.Base(f), verdict, got, g.Result, share, el.Round(100*time.Millisecond))
	}
	slices.Sort(times)
	med := time.Duration(0)
	if len(times) > 0 {
		med = times[len(times)/2]
	}
	slices.Sort(shares)
	fmt.Printf("%d finals: %d exact, %d conditional, %d bounded; %d of %d results equal the record's; median %v, largest %v; proven settled: median %.0f%%, least %.0f%%\n",
		len(files), exact, conditional, bounded, agree, compared, med.Round(100*time.Millisecond), times[len(times)-1].Round(100*time.Millisecond),
		shares[len(shares)/2], shares[0])
	_ = rules.Japanese
}

// resultString writes a score with komi as a record does: "B+3.5", "W+0.5", "0".
func resultString(s interface{ String() string }) string {
	v := s.String()
	switch {
	case v == "0":
		return "0"
	case strings.HasPrefix(v, "-"):
		return "W+" + strings.TrimPrefix(v, "-")
	}
	return "B+" + v
}

// sameResult compares results as numbers ("W+2.50" is "W+5/2").
func sameResult(got, rec string) bool {
	norm := func(s string) string {
		s = strings.TrimSpace(s)
		if len(s) < 3 || s[1] != '+' {
			return s
		}
		v := s[2:]
		if i := strings.IndexByte(v, '/'); i > 0 {
			n, _ := strconv.ParseFloat(v[:i], 64)
			d, _ := strconv.ParseFloat(v[i+1:], 64)
			return fmt.Sprintf("%c+%g", s[0], n/d)
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return s
		}
		return fmt.Sprintf("%c+%g", s[0], f)
	}
	return norm(got) == norm(rec)
}

// TestFinalsReviewCampaign reviews the counted games of testdata/finals
// (MATHGO_FINALS_GAMES, a glob, for others) with MATHGO_FINALS_ASSUME's
// source (gnugo by default) carried back from each game's end: per game,
// the moves reviewed exactly (proven or conditional), how many of them are
// conditional, the positions analyzed and the time per position. A
// campaign, not a check: MATHGO_FINALS_REVIEW=1 (docs/benchmarks.md has
// the figures).
func TestFinalsReviewCampaign(t *testing.T) {
	files, src := finalsCampaign(t, "MATHGO_FINALS_REVIEW")
	var covered []int
	reasons := map[string]int{}
	stops := map[string]int{} // why the review reaches no further back
	teire, pairs, unanswered := 0, 0, 0
	for _, f := range files {
		g, err := position.ReadGame(f)
		if err != nil {
			t.Fatal(err)
		}
		res, err := review.Review(g, review.Options{Analysis: endgame.Options{Assume: src}})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		exact, cond := res.Black.Exact+res.White.Exact, res.Black.Conditional+res.White.Conditional
		// The moves reviewed exactly in a row back from the end.
		run := 0
		for i := len(res.Moves) - 1; i >= 0 && res.Moves[i].Exact; i-- {
			run++
		}
		covered = append(covered, run)
		for _, m := range res.Moves {
			if !m.Exact {
				reasons[reasonKind(m.Reason)]++
			}
		}
		if res.Reason != "" {
			stops[reasonKind(res.Reason)]++
		}
		for _, m := range res.Moves {
			switch m.Note {
			case review.NoteTeire:
				teire++
			case review.NoteThreat:
				pairs++
				fmt.Printf("  move %d %s: %s\n", m.N, m.Name, m.Note)
			case review.NoteUnanswered:
				unanswered++
				fmt.Printf("  move %d %s: %s\n", m.N, m.Name, m.Note)
			}
		}
		per := time.Duration(0)
		if res.Analyzed > 0 {
			per = res.Elapsed / time.Duration(res.Analyzed)
		}
		fmt.Printf("%-45s moves %3d-%3d: %2d exact (%2d conditional), last %2d in a row; %2d positions, %v each; %d inconsistent\n",
			filepath.Base(f), res.First, res.Last, exact, cond, run, res.Analyzed, per.Round(100*time.Millisecond), len(res.Inconsistencies))
	}
	slices.Sort(covered)
	if len(covered) > 0 {
		fmt.Printf("%d games: the last moves reviewed exactly in a row: median %d, most %d; %d games with 50 or more\n",
			len(covered), covered[len(covered)/2], covered[len(covered)-1], len(covered)-sort50(covered))
	}
	fmt.Printf("%d teire reviewed, %d threats judged with their answers, %d stones in the opponent's territory not answered; moves of the reviewed ranges not reviewed exactly, by reason:\n", teire, pairs, unanswered)
	printTally(reasons)
	fmt.Println("why the reviews reach no further back:")
	printTally(stops)
}

// printTally prints a tally, the largest count first.
func printTally(tally map[string]int) {
	kinds := make([]string, 0, len(tally))
	for k := range tally {
		kinds = append(kinds, k)
	}
	slices.SortFunc(kinds, func(a, b string) int {
		if d := tally[b] - tally[a]; d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	for _, k := range kinds {
		fmt.Printf("  %3d %s\n", tally[k], k)
	}
}

// reasonKind sorts the reason a move was not reviewed exactly into a
// few kinds, for the campaign's tally.
func reasonKind(reason string) string {
	for _, k := range []struct{ has, kind string }{
		{"is assumed alive, not proven", "played in a territory of a wall assumed alive (not judged)"},
		{"do not hold alike", "the statuses carried back do not hold alike before and after"},
		{"ko ban not proven: walls that live by answering", "a ko whose scores depend on threats of walls that live by answering"},
		{"states with a ko ban", "exact play with the ko ban over its state budget"},
		{"only bounded", "a move's score only bounded (exact play with the ko ban)"},
		{"ko threats the board search does not play", "the board search: a ko arises and walls outside it live by answering"},
		{"could not prove every score", "the board search over its node budget"},
		{"has every liberty in", "no board search: a wall assumed alive could be captured in its region"},
	} {
		if strings.Contains(reason, k.has) {
			return k.kind
		}
	}
	if _, after, ok := strings.Cut(reason, "is not exact: "); ok {
		reason = after
	}
	if len(reason) > 70 {
		reason = reason[:70]
	}
	return "other: " + reason
}

// sort50 counts the values under 50 of a sorted slice.
func sort50(v []int) int {
	n, _ := slices.BinarySearch(v, 50)
	return n
}
