package library

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"sync"
	"testing"

	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/position"
)

// The fixed and free polyomino counts (OEIS A001168 and A000105).
func TestPolyominoCounts(t *testing.T) {
	fixed := []int{1, 2, 6, 19, 63, 216, 760}
	free := []int{1, 1, 2, 5, 12, 35, 108}
	for n := 1; n <= 7; n++ {
		if got := len(fixedPolyominoes(n)); got != fixed[n-1] {
			t.Errorf("fixed polyominoes of %d cells: %d, want %d", n, got, fixed[n-1])
		}
		if got := len(freePolyominoes(n)); got != free[n-1] {
			t.Errorf("free polyominoes of %d cells: %d, want %d", n, got, free[n-1])
		}
	}
}

// TestRappaportCounts checks the enumeration against Rappaport's chapter
// 7. He counts a tile up to every symmetry of board and colour, ignores
// settled territory, and ignores what does not change the game (which
// wall stones beyond a point's class, straight or bent, where on the
// board): that is our game key (the labelled graph of the area up to
// isomorphism and colour swap) over all orientations, settled tiles left
// out. Figure 7.2: one T1 tile and five T2 tiles (mortal stones
// included: "add all distinct combinations of potential prisoners");
// Figure 7.3: eleven T3 configurations (the classes alone, no stones),
// which are exactly his list 1 = BBS ... 11 = SES.
func TestRappaportCounts(t *testing.T) {
	entries, _ := Enumerate(3, 2, nil)
	games := map[int]map[string]bool{1: {}, 2: {}, 3: {}}
	configs := map[string]bool{}
	names := map[string]bool{}
	for _, e := range entries {
		if e.Settled {
			if e.Name != "" {
				t.Errorf("settled tile %s has a name %s", e.Key, e.Name)
			}
			continue
		}
		games[e.Area][e.Game] = true
		names[e.Name] = true
		if e.Area == 3 && e.Stones == 0 {
			cs := classString(pathSymbols(e.Instance))
			if n := configNumber(cs); n == 0 {
				t.Errorf("T3 tile %s: configuration %s is not in Figure 7.3's list", e.Key, cs)
			} else {
				configs[t3Configs[n-1]] = true
			}
		}
		if e.Name == "" {
			t.Errorf("tile %s of %d points has no Rappaport name", e.Key, e.Area)
		}
	}
	if len(games[1]) != 1 {
		t.Errorf("T1 tiles: %d, want 1", len(games[1]))
	}
	if len(games[2]) != 5 {
		t.Errorf("T2 tiles: %d, want 5 (%v)", len(games[2]), keys(games[2]))
	}
	if len(configs) != 11 {
		t.Errorf("T3 configurations: %d, want 11 (%v)", len(configs), keys(configs))
	}
	for i, c := range t3Configs {
		found := false
		for d := range configs {
			found = found || matchPath(d, c, true)
		}
		if !found {
			t.Errorf("Figure 7.3's configuration %d = %s was not enumerated", i+1, c)
		}
	}
	for _, n := range []string{"T1", "T2.1", "T2.2", "T2.3", "T2.4", "T2.5", "T3.1.1", "T3.9.1", "T3.10.1", "T3.11.1"} {
		if !names[n] {
			t.Errorf("no tile is named %s", n)
		}
	}
	// E occurs only in the middle of a bent three in a corner.
	for _, e := range entries {
		if e.Area <= 3 && !e.Settled && containsClass(e, ClassE) && (e.Orientation != Corner || e.Area != 3) {
			t.Errorf("tile %s has an E point", e.Key)
		}
	}
}

func classString(s string) string {
	b := []byte(s)
	for i := range b {
		b[i] = classOf(b[i]).String()[0]
	}
	return string(b)
}

func containsClass(e *Entry, c Class) bool {
	for _, x := range e.Instance.cells {
		if classOf(x.sym) == c {
			return true
		}
	}
	return false
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// The enumeration is deterministic and does not depend on the number of
// workers.
func TestEnumerateDeterministic(t *testing.T) {
	a, sa := Enumerate(4, 1, nil)
	b, sb := Enumerate(4, 3, nil)
	if len(a) != len(b) || !slices.Equal(sa, sb) {
		t.Fatalf("1 worker: %d tiles %v; 3 workers: %d tiles %v", len(a), sa, len(b), sb)
	}
	for i := range a {
		if a[i].Key != b[i].Key || a[i].Instance.Diagram() != b[i].Instance.Diagram() || a[i].Variants != b[i].Variants {
			t.Fatalf("tile %d differs: %s and %s", i, a[i].Key, b[i].Key)
		}
	}
}

// Every stored instance has its key, every key is unique, and a tile
// with a liveable colouring keeps one.
func TestInstancesMatchKeys(t *testing.T) {
	entries, _ := Enumerate(4, 2, nil)
	seen := map[string]bool{}
	for _, e := range entries {
		if seen[e.Key] {
			t.Fatalf("key %s twice", e.Key)
		}
		seen[e.Key] = true
		k, neg := e.Instance.Key()
		if k != e.Key || neg {
			t.Fatalf("tile %s: its instance has key %s (swap %v)", e.Key, k, neg)
		}
		if err := ParseKey(e.Key); err != nil {
			t.Fatal(err)
		}
		// The diagram parses and has the area as its only region.
		pos, err := position.Parse(e.Key, []byte(e.Instance.Diagram()))
		if err != nil {
			t.Fatalf("tile %s: %v\n%s", e.Key, err, e.Instance.Diagram())
		}
		imm := pos.ImmortalStones()
		free := 0
		for p := range pos.Board.Size() {
			if !imm[p] {
				free++
			}
		}
		if free != e.Area {
			t.Fatalf("tile %s: %d points outside the walls, want %d\n%s", e.Key, free, e.Area, e.Instance.Diagram())
		}
	}
}

// A concave area against the edge that encloses a wall point has walls
// that cannot live: the U pentomino open to the edge.
func TestLiveability(t *testing.T) {
	u := normalise([]xy{{0, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}})
	pl := place(Edge, u)
	for c := uint32(0); c < 1<<len(pl.walls); c++ {
		if live, _ := pl.groups(c); live {
			t.Fatalf("U open to the edge: colouring %b is liveable, but the wall point in the U is cut off", c)
		}
	}
	pl = place(Centre, u)
	if live, _ := pl.groups(0); !live {
		t.Fatal("U in the centre, all walls Black: not liveable")
	}
}

var (
	libOnce sync.Once
	libPath string
	libErr  error
	libVals []Valued
)

// testLibrary builds the library up to area 5 once for the tests that
// need one.
func testLibrary(t testing.TB) (string, []Valued) {
	if testing.Short() {
		t.Skip("builds the library up to area 5 (-short)")
	}
	testlong.Skip(t, "builds the library up to area 5")
	libOnce.Do(func() {
		dir, err := os.MkdirTemp("", "mathgo-library")
		if err != nil {
			libErr = err
			return
		}
		libPath = filepath.Join(dir, "tiles.db")
		entries, _ := Enumerate(5, 2, nil)
		libVals, libErr = ValueAll(entries, Analysis, 2, nil)
		if libErr == nil {
			libErr = Create(libPath, libVals, 5)
		}
	})
	if libErr != nil {
		t.Fatal(libErr)
	}
	return libPath, libVals
}

// Every library value equals `analyze --no-solver` on the tile's own
// diagram (the walls declared, nothing else settled: the Mathematical Go
// value of the tile): 200 tiles drawn with a fixed seed, each analysed
// afresh (the library values each game once, so this checks that every
// tile of a game has the game's value).
func TestLibraryValuesEqualAnalyze(t *testing.T) {
	path, vals := testLibrary(t)
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rng := rand.New(rand.NewPCG(18, 2026))
	ko := 0
	for range 200 {
		v := vals[rng.IntN(len(vals))]
		row, err := db.Tile(v.Key)
		if err != nil {
			t.Fatal(err)
		}
		pos, err := position.Parse(v.Key, []byte(row.Diagram))
		if err != nil {
			t.Fatal(err)
		}
		r, err := endgame.Analyze(pos, Analysis)
		if err != nil {
			t.Fatal(err)
		}
		got := reportValue(r)
		if got.HasKo != row.HasKo {
			t.Fatalf("tile %s: analyze says ko=%v, the library %v\n%s", v.Key, got.HasKo, row.HasKo, row.Diagram)
		}
		if got.HasKo {
			ko++
			continue
		}
		if got.Err != "" || !row.Valued() {
			t.Fatalf("tile %s: analyze error %q, library valued %v", v.Key, got.Err, row.Valued())
		}
		if got.Count.String() != *row.Count || got.Chilled.String() != *row.Chilled {
			t.Fatalf("tile %s: analyze gives count %s chilled %s, the library %s and %s\n%s", v.Key, got.Count, got.Chilled, *row.Count, *row.Chilled, row.Diagram)
		}
	}
	if ko == 200 {
		t.Fatal("every sampled tile was a ko: the sample checks no value")
	}
}

// Queries: by chilled value (canonical forms compared), temperature
// range, area and orientation, negatives, disguises.
func TestQuery(t *testing.T) {
	path, vals := testLibrary(t)
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	upStar := cgt.MustParse("2^")
	rows, err := db.Query(Query{Chilled: &upStar})
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, v := range vals {
		if !v.HasKo && v.Err == "" && v.Chilled == upStar {
			want++
		}
	}
	if len(rows) != want || want == 0 {
		t.Fatalf("--chilled 2^: %d rows, %d tiles have 2^", len(rows), want)
	}
	for _, r := range rows {
		if *r.Chilled != "2^" {
			t.Fatalf("tile %s: chilled %s", r.Key, *r.Chilled)
		}
	}
	lo, hi, err := ParseRange("1/2..1")
	if err != nil {
		t.Fatal(err)
	}
	rows, err = db.Query(Query{TempLo: lo, TempHi: hi, Area: 4, Orientation: "corner"})
	if err != nil {
		t.Fatal(err)
	}
	want = 0
	for _, v := range vals {
		if !v.HasKo && v.Err == "" && v.Area == 4 && v.Orientation == Corner {
			tt := v.Count.Temperature()
			if tt.Cmp(*lo) >= 0 && tt.Cmp(*hi) <= 0 {
				want++
			}
		}
	}
	if len(rows) != want || want == 0 {
		t.Fatalf("temperature 1/2..1, area 4, corner: %d rows, want %d", len(rows), want)
	}
	// Negatives and disguises of a hot tile.
	var key string
	for _, v := range vals {
		if !v.HasKo && v.Err == "" && ClassOfChilled(v.Chilled) == "hot" && v.Area == 3 {
			key = v.Key
			break
		}
	}
	me, err := db.Tile(key)
	if err != nil {
		t.Fatal(err)
	}
	neg, err := db.Query(Query{NegativeOf: key})
	if err != nil {
		t.Fatal(err)
	}
	if len(neg) == 0 {
		t.Fatalf("no negative of %s (every tile's colour swap is one)", key)
	}
	g := cgt.MustParse(*me.Chilled)
	for _, r := range neg {
		if cgt.MustParse(*r.Chilled) != g.Neg() {
			t.Fatalf("negative of %s (%s): %s has %s", key, g, r.Key, *r.Chilled)
		}
	}
	dis, err := db.Query(Query{Disguise: key})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range dis {
		if *r.Chilled != *me.Chilled || r.Shape == me.Shape {
			t.Fatalf("disguise of %s: %s (shape %s, chilled %s)", key, r.Key, r.Shape, *r.Chilled)
		}
	}
	if _, err := db.Query(Query{Disguise: "c:QQ"}); err == nil {
		t.Fatal("a bad key was accepted")
	}
}

func TestParseRange(t *testing.T) {
	for _, c := range []struct {
		in     string
		lo, hi string
		ok     bool
	}{
		{"1/2..3", "1/2", "3", true},
		{"..1", "", "1", true},
		{"-1..", "-1", "", true},
		{"1", "1", "1", true},
		{"3..1", "", "", false},
		{"..", "", "", false},
		{"a..b", "", "", false},
		{"1/3..1", "", "", false},
		{"", "", "", false},
	} {
		lo, hi, err := ParseRange(c.in)
		if (err == nil) != c.ok {
			t.Errorf("ParseRange(%q): error %v, want ok=%v", c.in, err, c.ok)
			continue
		}
		if !c.ok {
			continue
		}
		str := func(d *cgt.Dyadic) string {
			if d == nil {
				return ""
			}
			return d.String()
		}
		if str(lo) != c.lo || str(hi) != c.hi {
			t.Errorf("ParseRange(%q) = %s..%s, want %s..%s", c.in, str(lo), str(hi), c.lo, c.hi)
		}
	}
}

func FuzzParseRange(f *testing.F) {
	for _, s := range []string{"1/2..3", "..1", "-1..", "1", "3..1", "..", "1/0..2", "1/3..1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lo, hi, err := ParseRange(s)
		if err != nil {
			return
		}
		if lo == nil && hi == nil {
			t.Fatalf("%q: no bound and no error", s)
		}
		if lo != nil && hi != nil && lo.Cmp(*hi) > 0 {
			t.Fatalf("%q: lo > hi", s)
		}
	})
}

func FuzzParseKey(f *testing.F) {
	for _, s := range []string{"c:BSW", "k:SE/.S", "e:B/b", "x:B", "c:", "c:B/BB"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_ = ParseKey(s)
	})
}

// With its default options `analyze` also runs the life solver, which may
// prove a mortal stone inside a tile alive (a certificate "alive") and
// cut the tile, and values corridors and sockets by closed forms, which
// can miss a ko the search finds; wherever neither happens, its values
// are the library's. The same 200-tile sample; the disagreements (an "alive"
// certificate, or analyze refusing the tile because the solver cannot
// settle a block in it) are logged.
func TestLibraryValuesEqualDefaultAnalyze(t *testing.T) {
	_, vals := testLibrary(t)
	rng := rand.New(rand.NewPCG(18, 2026))
	cut, refused, formula := 0, 0, 0
	for range 200 {
		v := vals[rng.IntN(len(vals))]
		pos, err := position.Parse(v.Key, []byte(v.Instance.Diagram()))
		if err != nil {
			t.Fatal(err)
		}
		r, err := endgame.Analyze(pos, endgame.Options{})
		if err != nil {
			t.Fatal(err)
		}
		solved := false
		for _, c := range r.Analysis.Certificates {
			solved = solved || c.Status == "alive"
		}
		closed := len(r.Sockets) > 0
		for _, tl := range r.Tiles() {
			closed = closed || tl.Kind == "corridor"
		}
		got := reportValue(r)
		same := got.HasKo == v.HasKo && (got.HasKo || got.Err == "" && v.Err == "" && got.Count == v.Count)
		switch {
		case same:
		case got.Err != "":
			refused++
			t.Logf("tile %s: analyze refuses it (%s); the library has %s (ko %v)", v.Key, got.Err, v.Count, v.HasKo)
		case solved:
			cut++
			t.Logf("tile %s: the life solver proves a stone alive: analyze gives %s (ko %v), the library %s (ko %v)", v.Key, got.Count, got.HasKo, v.Count, v.HasKo)
		case closed:
			formula++
			t.Logf("tile %s: a closed form (corridor or socket) gives %s (ko %v), the search %s (ko %v)", v.Key, got.Count, got.HasKo, v.Count, v.HasKo)
		default:
			t.Errorf("tile %s: analyze gives %s (ko %v), the library %s (ko %v), with no stone proved alive and no closed form\n%s", v.Key, got.Count, got.HasKo, v.Count, v.HasKo, v.Instance.Diagram())
		}
	}
	t.Logf("%d of 200 tiles are cut by the life solver, %d refused (a block the solver cannot settle), %d valued differently by a closed form", cut, refused, formula)
}
