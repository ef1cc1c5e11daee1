package life

import (
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/internal/testlong"
)

// TestRetrogradeFirstMoves checks, by the brute force of retrograde, which
// first moves of the attacker kill outright (even if the defender may
// ignore every ko ban), which kill only while the defender obeys the ko
// rule (a ko, or a cycle the defender can keep going only by retaking kos
// at once), and which fail, for problems whose files record them; and that
// mathgo's key move is among the recorded ones.
// The carpenter's square takes minutes: the long tier (MATHGO_LONG=1)
// only.
func TestRetrogradeFirstMoves(t *testing.T) {
	cases := []struct {
		file, target, region string
		kill, ko             string // first moves that kill outright, that make a ko
		slow                 bool
	}{
		{"rect6-noliberty.txt", "A3", "A1 B1 C1 A2 B2 C2", "B2", "B1", false},
		{"throw-in-false-eye.txt", "B1", "A1 D1 E1 F1 G1 H1", "", "E1", false},
		{"carpenters-square.txt", "B4", "A1 B1 C1 D1 A2 B2 C2 A3 B3 C3 A4 A5 E1", "", "B2 C2 B3 A4 D1", true},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			if tc.slow && testing.Short() {
				t.Skip("the brute force of this problem takes minutes; skipped under -short")
			}
			if tc.slow {
				testlong.Skip(t, "the brute force of this problem takes minutes")
			}
			pos := readProblem(t, tc.file)
			b := pos.Board
			imm := immortalOf(pos)
			pt := func(s string) board.Point {
				p, err := b.ParsePoint(s)
				if err != nil {
					t.Fatal(err)
				}
				return p
			}
			var region []board.Point
			for _, f := range strings.Fields(tc.region) {
				region = append(region, pt(f))
			}
			targets := []board.Point{pt(tc.target)}
			def := b.At(targets[0])
			att := def.Opponent()
			want := map[string]string{}
			for _, f := range strings.Fields(tc.kill) {
				want[f] = "kill"
			}
			for _, f := range strings.Fields(tc.ko) {
				want[f] = "ko"
			}
			for _, m := range region {
				if b.At(m) != board.Empty {
					continue
				}
				c := b.Clone()
				if _, err := c.Play(m, att); err != nil {
					continue
				}
				got := "fails"
				if retrograde(c, region, targets, def, board.Empty, imm, false) {
					got = "ko"
					if retrograde(c, region, targets, def, def, imm, false) {
						got = "kill"
					}
				}
				w := want[b.Name(m)]
				if w == "" {
					w = "fails"
				}
				if got != w {
					t.Errorf("attacker first at %s: brute force says %s, the file records %s", b.Name(m), got, w)
				}
			}
			r := Analyze(b, targets[0], Options{Immortal: imm})
			if want[b.Name(r.KeyMove)] == "" {
				t.Errorf("mathgo's key move %s is not one the brute force finds", b.Name(r.KeyMove))
			}
		})
	}
}
