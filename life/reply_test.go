package life

import (
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
)

// sealedBoard builds a reply-mode problem from rows (top row first): 'X'
// Black (the defender's stones), 'O' a mortal White stone, '@' an
// immortal White stone (the attacker's filled tiles), '.' an empty point.
// Every connected set of empty points and mortal White stones is one
// numbered reply region, except those marked with '-' (empty points in
// Region where the defender may never answer: a tile). It returns the
// board, the immortal stones, the reply regions, Region and the first
// Black stone.
func sealedBoard(t *testing.T, rows ...string) (*board.Board, []bool, []int32, []bool, board.Point) {
	t.Helper()
	b, err := board.New(len(strings.Fields(rows[0])), len(rows))
	if err != nil {
		t.Fatal(err)
	}
	n := b.Size()
	imm := make([]bool, n)
	tile := make([]bool, n)
	target := board.Pass
	for r, line := range rows {
		for c, f := range strings.Fields(line) {
			p := b.Pt(c, len(rows)-1-r)
			switch f {
			case "X":
				b.Setup(p, board.Black)
				if target == board.Pass {
					target = p
				}
			case "O":
				b.Setup(p, board.White)
			case "@":
				b.Setup(p, board.White)
				imm[p] = true
			case "-":
				tile[p] = true
			}
		}
	}
	reply := make([]int32, n)
	region := make([]bool, n)
	for i := range reply {
		reply[i] = -1
	}
	next := int32(0)
	for p0 := 0; p0 < n; p0++ {
		p := board.Point(p0)
		if reply[p] >= 0 || tile[p] || b.At(p) == board.Black || imm[p] {
			continue
		}
		stack := []board.Point{p}
		reply[p] = next
		for len(stack) > 0 {
			q := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, u := range b.Neighbors(q) {
				if reply[u] < 0 && !tile[u] && b.At(u) != board.Black && !imm[u] {
					reply[u] = next
					stack = append(stack, u)
				}
			}
		}
		next++
	}
	for i := range region {
		region[i] = reply[i] >= 0 || tile[i]
	}
	return b, imm, reply, region, target
}

// TestReplyStraightFour: a straight four lives when Black may answer in
// it, and dies when it lies in a tile where Black may not.
func TestReplyStraightFour(t *testing.T) {
	b, imm, reply, region, x := sealedBoard(t,
		". . . . X @",
		"X X X X X @",
		"@ @ @ @ @ @")
	r := Certify(b, x, Options{Immortal: imm, ReplyRegion: reply, Region: region, MaxNodes: 10_000})
	if r.Status != StatusAlive {
		t.Errorf("straight four with answers inside it: %s (%s), want alive", r.Status, r.Reason)
	}
	b, imm, reply, region, x = sealedBoard(t,
		"- - - - X @",
		"X X X X X @",
		"@ @ @ @ @ @")
	r = Certify(b, x, Options{Immortal: imm, ReplyRegion: reply, Region: region, MaxNodes: 10_000})
	if r.Status != StatusUnsettled || r.AttackerFirst != OutcomeDies {
		t.Errorf("straight four in a tile: %s, want unsettled (dies with the attacker first)", r.Status)
	}
	// The ordinary certificate lets Black answer anywhere: alive.
	if r := Certify(b, x, Options{Immortal: imm, Region: region, MaxNodes: 10_000}); r.Status != StatusAlive {
		t.Errorf("ordinary certificate: %s, want alive", r.Status)
	}
}

// TestReplyStraightThree: a straight three dies; the killing line starts
// at its centre.
func TestReplyStraightThree(t *testing.T) {
	b, imm, reply, region, x := sealedBoard(t,
		". . . X @",
		"X X X X @",
		"@ @ @ @ @")
	r := Certify(b, x, Options{Immortal: imm, ReplyRegion: reply, Region: region, MaxNodes: 10_000})
	if r.Status != StatusUnsettled || len(r.PV) == 0 || r.PV[0] != b.Pt(1, 2) {
		t.Errorf("straight three: %s, line %v, want unsettled starting at B3", r.Status, r.PV)
	}
}

// TestReplySeki: an eyeless wall that shares two liberties with three
// White stones in its region lives in seki (whoever fills a liberty lets
// the other capture; Black capturing makes a straight four); the ordinary
// certificate says seki,
// the reply certificate refuses it (the settling phase cannot make the
// wall pass-alive, and the White stones there are not dead).
func TestReplySeki(t *testing.T) {
	b, imm, reply, region, x := sealedBoard(t,
		". O O O . X @",
		"X X X X X X @",
		"@ @ @ @ @ @ @")
	if r := Certify(b, x, Options{Immortal: imm, Region: region, MaxNodes: 10_000}); r.Status != StatusSeki {
		t.Errorf("ordinary certificate: %s, want seki", r.Status)
	}
	r := Certify(b, x, Options{Immortal: imm, ReplyRegion: reply, Region: region, MaxNodes: 10_000})
	if r.Status != StatusUnsettled {
		t.Errorf("reply certificate of a seki: %s, want unsettled", r.Status)
	}
}

// TestReplyAnswersInTheSameRegion: two Black blocks, each with one eye
// of its own, share a region in which they have two common liberties
// (C1, C2: miai) and a point each touches alone (C3, D3). Answered in that
// region the miai connects them: alive (and not pass-alive, so the search
// decides). When the shared region is a tile, White fills it unanswered
// and captures the block at B3.
func TestReplyAnswersInTheSameRegion(t *testing.T) {
	b, imm, reply, region, _ := sealedBoard(t,
		". X . . X",
		". X . X X",
		"X X . X .")
	targets := []board.Point{b.Pt(1, 2), b.Pt(4, 2)}
	r := CertifyGroup(b, targets, Options{Immortal: imm, ReplyRegion: reply, Region: region, MaxNodes: 20_000})
	if r.Status != StatusAlive {
		t.Errorf("shared region answerable: %s (%s), want alive", r.Status, r.Reason)
	}
	b, imm, reply, region, _ = sealedBoard(t,
		". X - - X",
		". X - X X",
		"X X - X .")
	r = CertifyGroup(b, targets, Options{Immortal: imm, ReplyRegion: reply, Region: region, MaxNodes: 20_000})
	if r.Status != StatusUnsettled {
		t.Errorf("shared region a tile: %s, want unsettled", r.Status)
	}
}

// TestReplyKoFree: in the ten-thousand-year ko each side needs one threat
// to win the ko it starts; the attacker of the reply certificate has every
// threat it wants, so neither group is certified.
func TestReplyKoFree(t *testing.T) {
	pos := readProblem(t, "mannen-ko.txt")
	b := pos.Board
	imm := immortalOf(pos)
	for _, name := range []string{"A2", "B3"} {
		p, err := b.ParsePoint(name)
		if err != nil {
			t.Fatal(err)
		}
		reply := make([]int32, b.Size())
		for i := range reply {
			reply[i] = -1
			q := board.Point(i)
			if b.At(q) == board.Empty || (b.At(q) != b.At(p) && !imm[q]) {
				reply[i] = 0
			}
		}
		r := Certify(b, p, Options{Immortal: imm, ReplyRegion: reply, MaxNodes: 100_000})
		if r.Status == StatusAlive || r.Status == StatusUnknown {
			t.Errorf("%s: %s (%s), want not alive", name, r.Status, r.Reason)
		}
	}
}
