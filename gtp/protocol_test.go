package gtp

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestBadInput: malformed lines, unknown commands, bad vertices, huge
// sizes and binary garbage each get one clear "?" response (the GTP
// message, with the line's id), never a panic, and leave the position as
// it was.
func TestBadInput(t *testing.T) {
	e, log := newTestEngine(t, Options{})
	mustExec(t, e, "boardsize 9", "komi 6.5", "play b E5")
	before := e.Board().String()
	for _, tc := range []struct{ in, want string }{
		// Unknown commands: any case but the right one, garbage, binary.
		{"frobnicate", "? unknown command"},
		{"7 frobnicate", "?7 unknown command"},
		{"PLAY b A1", "? unknown command"},
		{"Boardsize 9", "? unknown command"},
		{"\xff\xfe\xfd", "? unknown command"},
		{"3 \x80\x81garbage", "?3 unknown command"},
		{"é", "? unknown command"},
		{"-1 name", "? unknown command"}, // not an id: the name is "-1"
		{"1.5 name", "? unknown command"},
		{strings.Repeat("x", 100_000), "? unknown command"},
		// A line of an id alone, or nothing but control characters.
		{"12", "?12 syntax error"},
		{"\x00\x01 12 \x7f", "?12 syntax error"},
		// Huge and bad board sizes.
		{"boardsize 99999999999999999999999999", "? unacceptable size"},
		{"boardsize 1000", "? unacceptable size"},
		{"boardsize 26", "? unacceptable size"},
		{"boardsize 0", "? unacceptable size"},
		{"boardsize +9", "? syntax error"},
		{"boardsize 9.0", "? syntax error"},
		{"boardsize 0x9", "? syntax error"},
		{"boardsize -1", "? syntax error"},
		{"boardsize \xff", "? syntax error"},
		// Bad vertices: malformed is a syntax error, off this board illegal.
		{"play b A99", "? syntax error"},
		{"play b A0", "? syntax error"},
		{"play b I5", "? syntax error"},
		{"play b AA1", "? syntax error"},
		{"play b A-1", "? syntax error"},
		{"play b 11", "? syntax error"},
		{"play b é5", "? syntax error"},
		{"play b A1A", "? syntax error"},
		{"play b \xff1", "? syntax error"},
		{"play b A 1", "? syntax error"},
		{"play b A20", "? illegal move"},
		{"play b Z9", "? illegal move"},
		{"play b J10", "? illegal move"},
		{"play b E5", "? illegal move"}, // occupied
		{"play purple A1", "? syntax error"},
		// Numbers out of range.
		{"komi 1e400", "? syntax error"},
		{"komi ∞", "? syntax error"},
		{"time_settings 1e999 0 0", "? syntax error"},
		{"time_left b -1 0", "? syntax error"},
		{"fixed_handicap 99999999999999999999", "? syntax error"},
		{"fixed_handicap 10", "? board not empty"},
		{"set_free_handicap \xff\xfe", "? syntax error"},
		{"loadsgf \x00", "? syntax error"}, // the NUL is dropped: no argument
		{"loadsgf /no/such/file.sgf", "? cannot load file"},
		{"1 " + strings.Repeat("play ", 1000), "?1 syntax error"},
		// Arguments to commands that take none.
		{"list_commands x", "? syntax error"},
		{"mathgo-triage x", "? syntax error"},
		{"gogui-analyze_commands \xff", "? syntax error"},
	} {
		got, quit := e.Respond(tc.in)
		if got != tc.want+"\n\n" || quit {
			in := tc.in
			if len(in) > 40 {
				in = in[:40] + "..."
			}
			t.Errorf("Respond(%q) = %q, %v; want %q", in, got, quit, tc.want+"\n\n")
		}
	}
	if strings.Contains(log.String(), "internal error") {
		t.Errorf("a bad line panicked: %s", log.String())
	}
	if e.Board().String() != before || e.Komi() != 6.5 {
		t.Errorf("bad input changed the position:\n%s\nkomi %v", e.Board(), e.Komi())
	}
}

// TestRunLongLine: Run answers a line longer than MaxLineBytes with
// "? line too long" (and its id), reads it to its end without keeping it,
// and goes on with the next line; a line of exactly MaxLineBytes bytes is
// read as usual.
func TestRunLongLine(t *testing.T) {
	e, _ := newTestEngine(t, Options{})
	long := "7 name " + strings.Repeat("\xff", MaxLineBytes) + "\n"
	fits := "8 frobnicate" + strings.Repeat(" ", MaxLineBytes-len("8 frobnicate\n")) + "\n"
	garbage := strings.Repeat("\x00\xfe", 3*MaxLineBytes) // no newline at all
	in := long + "1 name\n" + fits + strings.Repeat("x", MaxLineBytes+1) + "\n2 name\n" + garbage
	var out bytes.Buffer
	if err := e.Run(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	tooLong := fmt.Sprintf("line too long: more than %d bytes", MaxLineBytes)
	want := "?7 " + tooLong + "\n\n=1 mathgo\n\n?8 unknown command\n\n? " + tooLong + "\n\n=2 mathgo\n\n? " + tooLong + "\n\n"
	if out.String() != want {
		t.Errorf("Run wrote %q, want %q", out.String(), want)
	}
}

// TestReadLine: readLine keeps at most limit bytes and says when it cut.
func TestReadLine(t *testing.T) {
	r := bufio.NewReaderSize(strings.NewReader("abc\nabcdef\nab"), 16)
	for _, want := range []struct {
		line    string
		tooLong bool
	}{{"abc\n", false}, {"abcd", true}, {"ab", false}} {
		line, tooLong, _ := readLine(r, 4)
		if line != want.line || tooLong != want.tooLong {
			t.Errorf("readLine = %q, %v; want %q, %v", line, tooLong, want.line, want.tooLong)
		}
	}
}
