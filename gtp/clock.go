package gtp

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/mathgo/mathgo/board"
)

// parseSeconds reads a GTP time: a non-negative number of seconds (GTP
// says an integer; a decimal is accepted too).
func parseSeconds(s string) (time.Duration, error) {
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(x) || x < 0 || x > 1e9 {
		return 0, errSyntax
	}
	return time.Duration(x * float64(time.Second)), nil
}

// parseCount reads a non-negative integer (stones).
func parseCount(s string) (int, error) {
	if !isDigits(s) || len(s) > 9 {
		return 0, errSyntax
	}
	return strconv.Atoi(s)
}

// cmdTimeSettings is time_settings MAIN BYO_TIME BYO_STONES (seconds,
// seconds, stones), as GTP defines it: byo-yomi time with 0 stones means
// no time limit, byo-yomi time 0 means absolute time. The settings bound
// the time of each genmove (see clock.perMove); they are passed on to the
// child engine.
func (e *Engine) cmdTimeSettings(args []string) (string, error) {
	if len(args) != 3 {
		return "", errSyntax
	}
	main, err := parseSeconds(args[0])
	if err != nil {
		return "", err
	}
	byo, err := parseSeconds(args[1])
	if err != nil {
		return "", err
	}
	stones, err := parseCount(args[2])
	if err != nil {
		return "", err
	}
	e.clock = clock{set: true, main: main, byo: byo, byoStones: stones, unlimited: byo > 0 && stones == 0}
	e.toChildInfo("time_settings " + strings.Join(args, " "))
	return "", nil
}

// cmdTimeLeft is time_left COLOR TIME STONES: the time left for COLOR
// (seconds) and, in byo-yomi, the stones left in the period (0 in main
// time). It bounds that colour's next genmoves; it is passed on to the
// child engine.
func (e *Engine) cmdTimeLeft(args []string) (string, error) {
	if len(args) != 3 {
		return "", errSyntax
	}
	c, err := parseColor(args[0])
	if err != nil {
		return "", err
	}
	left, err := parseSeconds(args[1])
	if err != nil {
		return "", err
	}
	stones, err := parseCount(args[2])
	if err != nil {
		return "", err
	}
	e.clock.leftSet[c], e.clock.left[c], e.clock.leftStones[c] = true, left, stones
	e.toChildInfo("time_left " + c.String() + " " + strings.Join(args[1:], " "))
	return "", nil
}

// toChildInfo passes a command that does not change the position to the
// child engine, when it knows it and is in sync; a failure is only
// logged.
func (e *Engine) toChildInfo(cmd string) {
	ch := e.opts.Child
	if ch == nil || e.childState != childSynced || ch.Err() != nil {
		return
	}
	if !ch.Known(strings.Fields(cmd)[0]) {
		return
	}
	if _, err := ch.Call(cmd, 0); err != nil {
		e.logf("engine %s: %q failed: %v\n", ch.Name(), cmd, err)
	}
}

// handicapPoints are the fixed handicap points of GTP (for 19x19: D4 Q16
// D16 Q4 D10 Q10 K4 K16 K10), in the order they are placed, on a board of
// the given size: the corner points are on the fourth line (the third on
// boards smaller than 13x13), the side and centre points on the middle
// lines of odd boards. It returns nil when n stones cannot be placed.
func handicapPoints(b *board.Board, n int) []board.Point {
	size := b.Cols()
	if b.Rows() != size || size < 7 || n < 2 {
		return nil
	}
	maxStones := 4
	if size%2 == 1 && size >= 9 {
		maxStones = 9
	}
	if n > maxStones {
		return nil
	}
	d := 3
	if size < 13 {
		d = 2
	}
	lo, hi, mid := d, size-1-d, size/2
	pt := func(col, row int) board.Point { return b.Pt(col, row) }
	corners := []board.Point{pt(lo, lo), pt(hi, hi), pt(lo, hi), pt(hi, lo)}
	var out []board.Point
	switch {
	case n <= 4:
		out = corners[:n]
	case n == 5:
		out = append(corners, pt(mid, mid))
	case n == 6 || n == 7:
		out = append(corners, pt(lo, mid), pt(hi, mid))
		if n == 7 {
			out = append(out, pt(mid, mid))
		}
	default:
		out = append(corners, pt(lo, mid), pt(hi, mid), pt(mid, lo), pt(mid, hi))
		if n == 9 {
			out = append(out, pt(mid, mid))
		}
	}
	return out
}

// cmdFixedHandicap is fixed_handicap N (and place_free_handicap N, which
// places the same stones): N black stones on the fixed handicap points of
// an empty board, answered with their vertices.
func (e *Engine) cmdFixedHandicap(args []string) (string, error) {
	if len(args) != 1 {
		return "", errSyntax
	}
	n, err := parseCount(args[0])
	if err != nil {
		return "", err
	}
	if !e.boardEmpty() {
		return "", errors.New("board not empty")
	}
	pts := handicapPoints(e.b, n)
	if pts == nil {
		return "", errors.New("invalid number of stones")
	}
	return e.placeHandicap(pts), nil
}

// cmdSetFreeHandicap is set_free_handicap VERTEX...: black stones on the
// given points of an empty board (at least two, all different).
func (e *Engine) cmdSetFreeHandicap(args []string) (string, error) {
	if len(args) < 2 || len(args) > e.b.Size()-1 {
		return "", errSyntax
	}
	if !e.boardEmpty() {
		return "", errors.New("board not empty")
	}
	seen := map[board.Point]bool{}
	var pts []board.Point
	for _, a := range args {
		p, err := parseVertex(e.b, a)
		if err != nil {
			return "", err
		}
		if p == board.Pass || seen[p] {
			return "", errors.New("bad vertex list")
		}
		seen[p] = true
		pts = append(pts, p)
	}
	e.placeHandicap(pts)
	return "", nil
}

// boardEmpty reports whether no stone is on the board.
func (e *Engine) boardEmpty() bool {
	for p := range e.b.Size() {
		if e.b.At(board.Point(p)) != board.Empty {
			return false
		}
	}
	return true
}

// placeHandicap sets black stones up on pts (setup, not moves: White
// moves next) and returns their vertices.
func (e *Engine) placeHandicap(pts []board.Point) string {
	names := make([]string, len(pts))
	for i, p := range pts {
		e.b.Setup(p, board.Black)
		names[i] = e.b.Name(p)
	}
	e.resetChild()
	return strings.Join(names, " ")
}

// logf writes a line to the log.
func (e *Engine) logf(format string, args ...any) {
	fmt.Fprintf(e.log, format, args...)
}
