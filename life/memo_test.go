package life

import (
	"reflect"
	"testing"
	"time"

	"github.com/mathgo/mathgo/board"
)

// resetMemo empties the memo of certificates.
func resetMemo() {
	memo.Lock()
	clear(memo.m)
	memo.Unlock()
}

func memoLen() int {
	memo.Lock()
	defer memo.Unlock()
	return len(memo.m)
}

// straightThree is the reply-mode problem of TestReplyStraightThree.
func straightThree(t *testing.T) (*board.Board, []bool, []int32, []bool, board.Point) {
	t.Helper()
	return sealedBoard(t,
		". . . X @",
		"X X X X @",
		"@ @ @ @ @")
}

// TestMemoAnswersAsTheSearch: a certification asked twice is answered
// the second time from memory, with exactly what the search says (status,
// line, node count, reason); a change of any input (the budget here) is a
// different question; the caller's copy of the line is its own.
func TestMemoAnswersAsTheSearch(t *testing.T) {
	resetMemo()
	b, imm, reply, region, x := straightThree(t)
	opts := Options{Immortal: imm, ReplyRegion: reply, Region: region, MaxNodes: 10_000}
	first := Certify(b, x, opts)
	if memoLen() != 1 {
		t.Fatalf("memo holds %d results after one call, want 1", memoLen())
	}
	second := Certify(b, x, opts)
	if memoLen() != 1 {
		t.Fatalf("memo holds %d results after the same call again, want 1", memoLen())
	}
	fresh := analyze(b, []board.Point{x}, opts, false, false)
	for _, r := range []Result{first, second} {
		r.Elapsed, fresh.Elapsed = 0, 0
		if !reflect.DeepEqual(r, fresh) {
			t.Errorf("remembered %+v, the search says %+v", r, fresh)
		}
	}
	if len(second.PV) == 0 {
		t.Fatal("the straight three has no killing line")
	}
	second.PV[0] = board.Pass
	if third := Certify(b, x, opts); third.PV[0] == board.Pass {
		t.Error("a caller's change to the line reached the memo")
	}
	small := opts
	small.MaxNodes = 1
	r := Certify(b, x, small)
	want := analyze(b, []board.Point{x}, small, false, false)
	if r.Status != want.Status || r.Nodes != want.Nodes {
		t.Errorf("budget 1: %s after %d nodes, the search says %s after %d", r.Status, r.Nodes, want.Status, want.Nodes)
	}
	if memoLen() != 2 {
		t.Errorf("memo holds %d results after a second budget, want 2", memoLen())
	}
}

// TestMemoSkipsClockAndHistory: a call with a timeout, or on a board with
// moves played, is not remembered.
func TestMemoSkipsClockAndHistory(t *testing.T) {
	resetMemo()
	b, imm, reply, region, x := straightThree(t)
	Certify(b, x, Options{Immortal: imm, ReplyRegion: reply, Region: region, MaxNodes: 10_000, Timeout: time.Minute})
	if memoLen() != 0 {
		t.Error("a call with a timeout was remembered")
	}
	if _, err := b.Play(b.Pt(0, 2), board.White); err != nil {
		t.Fatal(err)
	}
	Certify(b, x, Options{Immortal: imm, ReplyRegion: reply, Region: region, MaxNodes: 10_000})
	if memoLen() != 0 {
		t.Error("a call on a board with a move history was remembered")
	}
}

// TestMemoKeyCoversOptions fails when Options gains a field: memoKey
// must then include it, or two different questions would share an answer.
func TestMemoKeyCoversOptions(t *testing.T) {
	want := []string{"MaxNodes", "Timeout", "Immortal", "Region", "LargeRegion", "LargeRegionNodes", "MaxKoThreats", "ReplyRegion", "NoReplies"}
	typ := reflect.TypeOf(Options{})
	var got []string
	for i := range typ.NumField() {
		got = append(got, typ.Field(i).Name)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Options has the fields %v; memoKey covers %v: add the new ones to it", got, want)
	}
}
