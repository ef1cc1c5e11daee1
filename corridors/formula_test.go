package corridors

import (
	"fmt"
	"testing"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/tiles"
)

// TestFormulasMatchEngine checks every formula (count, chilled and area)
// against the tiles engine's exhaustive search, for lengths 1..12 where
// the family is defined, both colours owning the corridor, in the centre
// (walls all round), along the edge (a wall and the board edge), in the
// corner and bent into an L; and checks that Recognize, Label and Value
// name the tile. With -short the lengths stop at 9.
func TestFormulasMatchEngine(t *testing.T) {
	maxLen := 12
	if testing.Short() {
		maxLen = 9
	}
	start := time.Now()
	for _, typ := range Types {
		for n := MinLength(typ); n <= maxLen; n++ {
			for _, owner := range []board.Color{board.Black, board.White} {
				for _, pl := range placements {
					name := fmt.Sprintf("%s/%d/%s/%s", typ, n, owner, pl)
					text := familySpec(typ, n, owner, pl).diagram()
					a := analyzeText(t, name, text)
					tl := onlyTile(t, name, a, text)
					count, chilled, err := Values(typ, n, owner)
					if err != nil {
						t.Fatal(err)
					}
					area := Area(typ, n)
					if owner == board.White {
						area = area.Neg()
					}
					if tl.Count != count || tl.Chilled != chilled || tl.Area != area {
						t.Errorf("%s: engine count %s chilled %s area %s; formula %s %s %s\n%s",
							name, tl.Count, tl.Chilled, tl.Area, count, chilled, area, text)
					}
					c, ok := Recognize(a, tl)
					// A corridor of one or two points may touch both
					// colours equally; its value is then its own negative
					// (* or 0) and either colour may be named the owner.
					ownerOK := c.Owner == owner || c.Count == c.Count.Neg()
					if !ok || c.Type != typ || c.Length != n || !ownerOK || c.Count != count || c.Area != area {
						t.Errorf("%s: Recognize = %+v, %v\n%s", name, c, ok, text)
						continue
					}
					val, ok := Value(a.Board(), tl.Points, a.Board().At, func(p board.Point) bool { return a.Immortal[p] })
					if !ok || val.Count != count || !val.AreaOK || val.Area != area || val.Label != c.Label() {
						t.Errorf("%s: Value = %+v, %v", name, val, ok)
					}
					if msgs := Label(a); len(msgs) > 0 || tl.Corridor != c.Label() {
						t.Errorf("%s: Label: %v, tile label %q", name, msgs, tl.Corridor)
					}
					if tl.Kind != tiles.KindCorridor && tl.Kind != tiles.KindDame {
						t.Errorf("%s: kind %s after Label", name, tl.Kind)
					}
				}
			}
		}
	}
	t.Logf("%d families, lengths up to %d, 2 owners, %d placements: %v", len(Types), maxLen, len(placements), time.Since(start))
}

// TestFormulaIdentities checks the closed forms against each other for
// long corridors: the count is warm(chilled), plus * for an odd number of
// empty points (the BIG theorem's parity); the count chills to the
// chilled value; the area chills back to the count; an unblocked corridor
// is worth a blocked one two points shorter; the recursions hold.
func TestFormulaIdentities(t *testing.T) {
	for _, typ := range Types {
		for n := MinLength(typ); n <= 40; n++ {
			count, chilled := mustValues(t, typ, n)
			empty := n
			if typ == TypeGote {
				empty = n - 1
			}
			warm := chilled.Warm()
			if empty%2 == 1 {
				warm = warm.Add(cgt.Star(1))
			}
			if warm != count {
				t.Errorf("%s %d: warm(chilled)%s = %s, count %s", typ, n, map[bool]string{true: "+*", false: ""}[empty%2 == 1], warm, count)
			}
			if count.Chill() != chilled {
				t.Errorf("%s %d: chill(count) = %s, chilled %s", typ, n, count.Chill(), chilled)
			}
			if a := Area(typ, n); a.Chill() != count || a != count.Heat(cgt.DyadicInt(1)) {
				t.Errorf("%s %d: area %s does not chill to the count %s or is not its heat", typ, n, a, count)
			}
		}
	}
	for n := 3; n <= 40; n++ {
		u, uc := Unblocked(n)
		b, bc := Blocked(n - 2)
		if u != b || uc != bc {
			t.Errorf("unblocked %d = %s (%s), blocked %d = %s (%s)", n, u, uc, n-2, b, bc)
		}
		// U(n) = {B(n-1) | U(n-1)}: Black fills an end, White enters one.
		b1, _ := Blocked(n - 1)
		u1, _ := Unblocked(n - 1)
		if g := cgt.New([]cgt.Game{b1}, []cgt.Game{u1}); g != u {
			t.Errorf("unblocked %d: {B(n-1)|U(n-1)} = %s, want %s", n, g, u)
		}
	}
	// Figure 5.1 of the seed: the blocked corridor of length 3 leading
	// to a one-point gote is 2 + ^.
	if _, c := Gote(3); c != cgt.MustParse("2^") {
		t.Errorf("gote 3 chilled %s, want 2^", c)
	}
	// Figure 5.2's corridors: A = 1 + 1/4, B = 1/2, C = 0 (unblocked 5, 4,
	// 3), D = 3 + 1/16, E = F = 2 + 1/8, G = H = 1 + 1/4 (blocked 5, 4, 4,
	// 3, 3): 11 + 9/16 in all.
	sum := cgt.Zero
	for _, c := range []struct {
		typ  string
		n    int
		want string
	}{{TypeUnblocked, 5, "5/4"}, {TypeUnblocked, 4, "1/2"}, {TypeUnblocked, 3, "0"}, {TypeBlocked, 5, "49/16"},
		{TypeBlocked, 4, "17/8"}, {TypeBlocked, 4, "17/8"}, {TypeBlocked, 3, "5/4"}, {TypeBlocked, 3, "5/4"}} {
		_, ch := mustValues(t, c.typ, c.n)
		if ch != cgt.MustParse(c.want) {
			t.Errorf("%s %d chilled %s, want %s", c.typ, c.n, ch, c.want)
		}
		sum = sum.Add(ch)
	}
	if sum != cgt.MustParse("185/16") {
		t.Errorf("Figure 5.2 corridors sum to %s, want 11 + 9/16", sum)
	}
}

func mustValues(t *testing.T, typ string, n int) (count, chilled cgt.Game) {
	t.Helper()
	count, chilled, err := Values(typ, n, board.Black)
	if err != nil {
		t.Fatal(err)
	}
	return count, chilled
}

func TestValuesErrors(t *testing.T) {
	for _, c := range []struct {
		typ string
		n   int
	}{{"blocked", 0}, {"blocked", -3}, {"unblocked", 1}, {"gote", 1}, {"open", 5}, {"", 3}, {"blocked", MaxLength + 1}} {
		if _, _, err := Values(c.typ, c.n, board.Black); err == nil {
			t.Errorf("Values(%q, %d): no error", c.typ, c.n)
		}
	}
	if _, _, err := Values("blocked", 3, board.Empty); err == nil {
		t.Error("Values with owner empty: no error")
	}
	if _, _, err := Values("blocked", MaxLength, board.White); err != nil {
		t.Errorf("Values(blocked, %d): %v", MaxLength, err)
	}
}

func TestFormulaText(t *testing.T) {
	for _, c := range []struct {
		typ  string
		n    int
		want string
	}{
		{TypeBlocked, 1, "n-2+2^-(n-1) = 0"},
		{TypeBlocked, 2, "n-2+2^-(n-1) = 1/2"},
		{TypeBlocked, 5, "n-2+2^-(n-1) = 3 + 1/16"},
		{TypeUnblocked, 2, "n-4+2^-(n-3) = 0"},
		{TypeUnblocked, 3, "n-4+2^-(n-3) = 0"},
		{TypeUnblocked, 5, "n-4+2^-(n-3) = 1 + 1/4"},
		{TypeGote, 2, "n-1+(n-2)·^+* = 1 + *"},
		{TypeGote, 3, "n-1+(n-2)·^ = 2 + ^"},
		{TypeGote, 4, "n-1+(n-2)·^+* = 3 + ^^ + *"},
		{TypeGote, 7, "n-1+(n-2)·^ = 6 + ^5"},
		{"gote", 1, ""},
	} {
		if got := Formula(c.typ, c.n); got != c.want {
			t.Errorf("Formula(%s, %d) = %q, want %q", c.typ, c.n, got, c.want)
		}
	}
	c := Corridor{Type: TypeBlocked, Length: 5, Owner: board.White}
	if got := c.Label(); got != "blocked corridor, length 5: -(3 + 1/16)" {
		t.Errorf("label %q", got)
	}
}
