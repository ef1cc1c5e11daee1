package position

import (
	"bytes"
	"errors"
	"testing"

	"github.com/mathgo/mathgo/board"
)

// checkParse parses data and checks what any result must satisfy: an error
// is an *Error placed inside the input; a position has a consistent board,
// immortal stones only on stones, labels on the board, and no block
// without liberties except a frame block of a fragment or an immortal
// block.
func checkParse(t *testing.T, data []byte) {
	p, err := Parse("fuzz", data)
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("error %T %v is not *Error", err, err)
		}
		if e.Msg == "" || e.Line < 0 || e.Col < 0 || (e.Line == 0 && e.Col != 0) {
			t.Fatalf("malformed error %#v", e)
		}
		if lines := bytes.Count(data, []byte{'\n'}) + 1; e.Line > lines {
			t.Fatalf("error line %d beyond the %d lines of the input: %v", e.Line, lines, err)
		}
		return
	}
	b := p.Board
	if b == nil || len(p.Immortal) != b.Size() || len(p.Frame()) != b.Size() {
		t.Fatalf("inconsistent position sizes")
	}
	for q, imm := range p.Immortal {
		if imm && b.At(board.Point(q)) == board.Empty {
			t.Fatalf("immortal flag on empty point %s", b.Name(board.Point(q)))
		}
	}
	for q := range p.Labels {
		if !b.Contains(q) {
			t.Fatalf("label off the board at %d", q)
		}
	}
	frame, imm := p.Frame(), p.ImmortalStones()
	for _, blk := range b.Blocks() {
		if b.Liberties(blk[0]) == 0 && !frame[blk[0]] && !imm[blk[0]] {
			t.Fatalf("block at %s without liberties accepted\n%s", b.Name(blk[0]), b)
		}
	}
}

func FuzzParseDiagram(f *testing.F) {
	for _, s := range []string{
		"$$ +---------------+\n$$ | # # # # # # # |\n$$ | # . a . b X # |\n$$ | @ @ @ @ @ @ @ |\n$$ +---------------+\n",
		"$$B Black to play\n$$ +--------\n$$ | . . . .\n$$ | . X O .\n",
		"X.O\n.a.\n,,,\n",
		"| X . O |\n| . . . |\n",
		"O X . .\nO X . .\n-------\n",
		"// comment\n\n# # #\n. . .\n@ @ @\n",
		"\uFEFF$$ +-----+\r\n$$ | . X .|\r\n$$ +-----+\r\n",
		"X.Q\n", "...\n..\n", "", "XO\nO.\n", "+------\n| . . |\n", ". | .\n", "\x00\xff", "$$Wc19 title\n$$ . .\n",
		"..\n--\n..\n", "| |\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkParse(t, data)
	})
}

func FuzzParseSGF(f *testing.F) {
	for _, s := range []string{
		"(;GM[1]FF[4]SZ[9]AB[aa][bb]AW[cc]PL[W])",
		"(;SZ[7:3]AB[aa]AW[gc])",
		"(;SZ[4]AB[aa:cc]AW[dd];AE[bb])",
		"(;SZ[3];B[ba];W[aa];B[ab])",
		"(;SZ[5](;B[aa];W[bb](;B[cc])(;B[dd]))(;B[ee]))",
		"(;SZ[19];B[];W[tt];B[aa])",
		"(;SZ[3]AB[aa]AW[cc]SQ[aa][cc][bb]LB[aa:x][bb:a\\]b])",
		"( ;SZ [3]\n AddBlack [aa]\n [bb] C[x\\\n y] )",
		"(;SZ[9]AB[zz])", "(;SZ[5]AB[aa];W[aa])", "(;SZ[26])", "(;SZ[5]C[oops", "(;SZ[5](;B[aa]",
		"(;SZ[5]%)", "(;SZ[3]AW[ba][ab]AB[aa])", "(;SZ[3]AB[aa]SQ[aa];W[ba];W[ab])", "(;", "(;SZ[5](;B[aa]);W[bb])",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkParse(t, data)
	})
}
