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

// gameSeeds are seed inputs for the game record fuzz targets.
var gameSeeds = []string{
	koGame,
	"(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]HA[2]AB[cc][gg];W[ee];B[];W[tt])",
	"(;SZ[5];B[aa];W[bb]AB[cc];B[dd]PL[B])",
	"(;SZ[5](;B[aa];W[bb](;B[cc])(;B[dd]))(;B[ee]))",
	"(;SZ[3];B[ba];W[aa];B[ab];W[bb])",
	"(;SZ[5]KM[6.75])", "(;SZ[5]AB[aa];W[aa])", "(;SZ[5];B[aa]W[bb])", "(;SZ[3]AW[ba][ab]AB[aa])",
	"(;SZ[5]C[a\\]b\\\\]LB[aa:x\\:y];B[cc]C[soft\\\nbreak])", "(;", "X.O\n",
}

// checkGame parses data as a game record and checks what any result must
// satisfy: an error is an *Error inside the input; a game replays to every
// move, its moves are numbered and legal, and its positions agree with its
// prisoners.
func checkGame(t *testing.T, data []byte) *Game {
	g, err := ParseGame("fuzz.sgf", data)
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
		return nil
	}
	captured := [3]int{}
	for i, m := range g.Moves {
		if m.Number != i+1 || (m.Color != board.Black && m.Color != board.White) || m.Node == nil {
			t.Fatalf("move %d: %+v", i+1, m)
		}
		captured[m.Color] += m.Captured
	}
	for _, n := range []int{0, len(g.Moves) / 2, len(g.Moves)} {
		p, err := g.PositionAfter(n)
		if err != nil {
			t.Fatalf("PositionAfter(%d): %v", n, err)
		}
		if p.MoveNumber != n || p.Board.Cols() != g.Cols || p.Board.Rows() != g.Rows {
			t.Fatalf("PositionAfter(%d): move %d size %dx%d", n, p.MoveNumber, p.Board.Cols(), p.Board.Rows())
		}
		if n == len(g.Moves) && (p.Board.Prisoners(board.Black) != captured[board.Black] || p.Board.Prisoners(board.White) != captured[board.White]) {
			t.Fatalf("prisoners %d/%d, moves captured %v", p.Board.Prisoners(board.Black), p.Board.Prisoners(board.White), captured)
		}
	}
	return g
}

func FuzzParseGame(f *testing.F) {
	for _, s := range gameSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkGame(t, data)
	})
}

// FuzzGameRoundTrip checks that a game record written back by Marshal
// (after a variation is added, when one can be) reads as the same game.
func FuzzGameRoundTrip(f *testing.F) {
	for _, s := range gameSeeds {
		f.Add([]byte(s), uint8(1))
	}
	f.Fuzz(func(t *testing.T, data []byte, at uint8) {
		g := checkGame(t, data)
		if g == nil {
			return
		}
		if n := int(at); n >= 1 && n <= len(g.Moves) {
			// A pass is always legal: the variation exists whenever the
			// move is not in the root node.
			m := g.Moves[n-1]
			nodes, err := g.AddVariation(n, []Play{{m.Color, board.Pass}})
			if err == nil {
				nodes[0].Set("C", "pass ] \\ instead")
				m.Node.Add("MA", "aa")
			} else if m.Node != g.Root {
				t.Fatalf("AddVariation(%d): %v", n, err)
			}
		}
		out, err := g.Marshal()
		if err != nil {
			t.Fatalf("Marshal: %v", err)
		}
		back := checkGame(t, out)
		if back == nil {
			t.Fatalf("the written game does not parse:\n%s", out)
		}
		if !sameGame(g, back) {
			t.Fatalf("round trip changed the game:\n%q\n%s", data, out)
		}
	})
}
