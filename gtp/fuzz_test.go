package gtp

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/board"
)

// fuzzFiles returns the only files the fuzzer's loadsgf commands may name
// (a fuzzed path could name a device or a huge file; the engine refuses
// those too, but the test should not depend on the machine's files): the
// match positions, a fragment diagram (open sides, frame blocks without
// liberties), an SGF game with captures and immortal marks, a broken file,
// a missing file and a directory.
func fuzzFiles(f *testing.F) []string {
	dir := f.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			f.Fatal(err)
		}
		return path
	}
	return []string{
		filepath.Join("..", "testdata", "gtp", "dame7.txt"),
		filepath.Join("..", "testdata", "gtp", "regions9.txt"),
		write("fragment.txt", "$$W\n| # # # # # #\n| # . a . b X\n| @ @ @ @ @ @\n+------------\n"),
		write("game.sgf", "(;GM[1]FF[4]SZ[5]AB[aa][ba]AW[ea]SQ[aa];B[cc];W[dd];B[bb];W[ab];B[ac];W[tt];B[ad])"),
		write("broken.sgf", "(;GM[1]SZ[5]AB[zz])"),
		filepath.Join(dir, "no-such-file.sgf"),
		dir,
	}
}

// fuzzLine replaces the file name of a loadsgf command by one of files,
// chosen by the name's hash; other lines pass unchanged.
func fuzzLine(line string, files []string) string {
	cmd, ok := parseLine(line)
	if !ok || cmd.name != "loadsgf" || len(cmd.args) == 0 {
		return line
	}
	h := fnv.New32a()
	h.Write([]byte(cmd.args[0]))
	args := append([]string{files[int(h.Sum32()%uint32(len(files)))]}, cmd.args[1:]...)
	return strings.TrimSpace(cmd.id + " loadsgf " + strings.Join(args, " "))
}

// FuzzGTP feeds random and malformed command lines to an engine: it must
// never panic (a recovered panic is answered "internal error", which the
// test counts as a failure), every response must be one well-formed GTP
// response, and Exec must agree with Respond.
func FuzzGTP(f *testing.F) {
	for _, s := range []string{
		"1 boardsize 9\n2 play black C3\n3 genmove white\n4 showboard\n5 final_score",
		"boardsize 5\nplay b B1\nplay b A2\nplay w C1\nplay w B2\nplay b C2\nplay w A1\nplay b B1\nundo\nundo\nlist_stones w",
		"loadsgf x\ngenmove b\ngenmove w\ngenmove b\nmathgo-analyze\nundo\nshowboard",
		"loadsgf y 2\nlist_stones black\nfinal_score",
		"komi 7.5\nkomi -0\nkomi 1e308\nkomi 0x1p-2\nkomi\nkomi nan",
		"known_command play\nknown_command\nlist_commands\nprotocol_version\nname\nversion",
		"\x00\x01\x7f\t\r\n# only a comment\n   \n12\n12 \n-1 name\n007 name",
		"play black I9\nplay black A0\nplay black Z25\nplay white pass\nplay w resign\nplay\nplay b",
		"boardsize 1\ngenmove b\ngenmove w\nplay b A1\nboardsize 25\ngenmove b\nboardsize 26\nboardsize -1",
		"clear_board\nundo\nundo\nquit\nname",
		"genmove\ngenmove black white\nlist_stones\nlist_stones green\nshowboard extra",
		"1 boardsize 7\n2 play b D4\n3 play w D5\n4 play b C5\n5 play w E4\n6 play b E5\n7 play w C4\n8 play b D6\n9 play w D3\n10 genmove b\n11 genmove w",
		"\xff\xfe boardsize 9\nplay\tblack\tD4\nplay  white   e5  ",
		"boardsize 9\ntime_settings 300 10 5\ntime_left b 30 2\ntime_left white 1.5 0\ngenmove b\nkgs-genmove_cleanup w\nfinal_status_list dead\nfinal_status_list seki",
		"time_settings\ntime_settings -1 0 0\ntime_settings 1 2 x\ntime_left b\ntime_left green 1 1\nfinal_status_list\nfinal_status_list zombie",
		"boardsize 9\nfixed_handicap 9\nfixed_handicap 2\nclear_board\nplace_free_handicap 5\nclear_board\nset_free_handicap A1 A1\nset_free_handicap A1 J9 E5\ngenmove w",
		"boardsize 7\nfixed_handicap 5\nboardsize 6\nfixed_handicap 4\nfixed_handicap 1\nset_free_handicap pass A1",
		"loadsgf 0\ngogui-analyze_commands\nmathgo-tile-values\nmathgo-temperatures\nmathgo-triage\nfinal_status_list alive",
		"loadsgf 0\nmathgo-assumptions\nmathgo-assumptions x\nfinal_score\nfinal_status_list dead",
		"boardsize 99999999999999999999999999\nboardsize 1000\nboardsize 0x9\nplay b A99\nplay b AA1\nplay b \xff1\nfixed_handicap 99999999999999999999",
		"\xff\xfe\xfd\n3 \x80\x81garbage\n\x1b[2J\n\x00\x00\x00 name\nPLAY b A1\n99999999999999999999999 name",
	} {
		f.Add(s)
	}
	files := fuzzFiles(f)
	for i := range files {
		f.Add(fmt.Sprintf("loadsgf %d\nshowboard\ngenmove w\ngenmove b\nplay b A1\nundo\nundo\nfinal_score\nloadsgf %d 3", i, i))
	}
	f.Fuzz(func(t *testing.T, input string) {
		e := NewEngine(Options{KoRule: board.KoSuperko})
		shadow := NewEngine(Options{KoRule: board.KoSuperko})
		lines := strings.Split(input, "\n")
		if len(lines) > 64 {
			lines = lines[:64]
		}
		for _, raw := range lines {
			line := fuzzLine(raw, files)
			out, quit := e.Respond(line)
			resp, ok, quit2 := shadow.Exec(line)
			if quit != quit2 {
				t.Fatalf("%q: Respond quit %v, Exec quit %v", line, quit, quit2)
			}
			if out == "" {
				if _, nonEmpty := parseLine(line); nonEmpty {
					t.Fatalf("%q: no response", line)
				}
				continue
			}
			if !strings.HasSuffix(out, "\n\n") || strings.Count(out, "\n\n") != 1 {
				t.Fatalf("%q: response is not one GTP response: %q", line, out)
			}
			if (out[0] == '=') != ok || (out[0] != '=' && out[0] != '?') {
				t.Fatalf("%q: Respond %q, Exec ok=%v", line, out, ok)
			}
			if !ok && strings.TrimSpace(resp) == "" {
				t.Fatalf("%q: a failure without a message: %q", line, out)
			}
			if !strings.Contains(out, resp) {
				t.Fatalf("%q: Respond %q does not contain Exec's %q", line, out, resp)
			}
			if strings.Contains(out, "internal error") {
				t.Fatalf("%q: %q", line, out)
			}
			if quit {
				break
			}
		}
		// The board is still consistent: every stone listed is on it.
		for _, c := range []string{"black", "white"} {
			if _, ok, _ := e.Exec("list_stones " + c); !ok {
				t.Fatalf("list_stones failed at the end")
			}
		}
	})
}

// FuzzRun feeds a random stream to Run: it must answer each line as
// Respond does, in order, stop at quit, and never fail on bad input.
func FuzzRun(f *testing.F) {
	for _, s := range []string{
		"1 boardsize 5\r\n\n# comment\n2 play b C3\n3 list_stones black\n4 quit\n5 name\n",
		"name",
		"\xff\xfe\x00\n\n\r\r\n7\n8 \x80\n",
		"boardsize 99999999999999999999\nplay b Z99\nquit",
	} {
		f.Add(s)
	}
	files := fuzzFiles(f)
	f.Fuzz(func(t *testing.T, input string) {
		if len(input) >= MaxLineBytes {
			t.Skip("Run refuses lines this long (TestRunLongLine)")
		}
		lines := strings.SplitAfter(input, "\n")
		if len(lines) > 64 {
			lines = lines[:64]
		}
		for i, l := range lines {
			lines[i] = fuzzLine(strings.TrimSuffix(l, "\n"), files) + l[len(strings.TrimSuffix(l, "\n")):]
		}
		var out bytes.Buffer
		if err := NewEngine(Options{KoRule: board.KoSuperko}).Run(strings.NewReader(strings.Join(lines, "")), &out); err != nil {
			t.Fatalf("Run: %v", err)
		}
		shadow := NewEngine(Options{KoRule: board.KoSuperko})
		var want strings.Builder
		for _, l := range lines {
			resp, quit := shadow.Respond(l)
			want.WriteString(resp)
			if quit {
				break
			}
		}
		if out.String() != want.String() {
			t.Fatalf("Run wrote %q, Respond line by line %q", out.String(), want.String())
		}
	})
}
