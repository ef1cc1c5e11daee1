package thermograph

import (
	"math"
	"strings"

	"github.com/mathgo/mathgo/cgt"
)

// Default size of an ASCII sketch, in characters.
const (
	DefaultASCIIWidth  = 60
	DefaultASCIIHeight = 16
)

// ASCII returns a plain-text sketch of th for the terminal, width columns
// by height rows of plot area (zero or small values take the defaults).
// Temperature runs upward; values run horizontally with larger values
// (better for Black/Left) on the left, as in the pictures. The left wall
// is drawn with '/' (slope -1) or '|' (vertical), the right wall with '\'
// or '|', the point where they meet with '^' and the mast with '#'. Rows
// holding a breakpoint are labelled with its exact temperature, and the
// axis below carries the exact extreme values and the mean.
func ASCII(th Thermograph, width, height int) string {
	if width < 10 {
		width = DefaultASCIIWidth
	}
	if height < 4 {
		height = DefaultASCIIHeight
	}
	left, right := th.Left, th.Right

	xmin, xmax := math.Inf(1), math.Inf(-1)
	for _, pt := range append(append([]Point(nil), th.Left...), th.Right...) {
		xmin, xmax = math.Min(xmin, pt.V.Float64()), math.Max(xmax, pt.V.Float64())
	}
	col := func(v float64) int {
		if xmax == xmin {
			return (width - 1) / 2
		}
		return int(math.Round((xmax - v) / (xmax - xmin) * float64(width-1)))
	}
	temp := th.Temperature.Float64()
	top := temp + math.Max(1, 0.3*(temp+1))
	rowT := func(r int) float64 { return top - float64(r)*(top+1)/float64(height-1) }
	rowOf := func(t float64) int { return int(math.Round((top - t) / (top + 1) * float64(height-1))) }

	// Exact temperature labels on the rows nearest to breakpoints.
	// Those rows are drawn at the breakpoint's exact temperature.
	labels := make([]string, height)
	rowTs := make([]float64, height)
	for r := range rowTs {
		rowTs[r] = rowT(r)
	}
	for _, pt := range append(append([]Point(nil), th.Left...), th.Right...) {
		if r := rowOf(pt.T.Float64()); labels[r] == "" {
			labels[r] = pt.T.String()
			rowTs[r] = pt.T.Float64()
		}
	}
	margin := 1
	for _, l := range labels {
		margin = max(margin, len(l))
	}

	grid := make([][]byte, height)
	for r := range grid {
		grid[r] = []byte(strings.Repeat(" ", width))
		t := rowTs[r]
		if t > temp+1e-9 || temp <= -1 {
			grid[r][col(th.Mean.Float64())] = '#'
			continue
		}
		lv, rv := evalFloat(left, t), evalFloat(right, t)
		cl, cr := col(lv), col(rv)
		if cl >= cr {
			grid[r][cl] = '^'
			continue
		}
		grid[r][cl] = wallChar(left, t, '/')
		grid[r][cr] = wallChar(right, t, '\\')
	}

	var sb strings.Builder
	sb.WriteString("Thermograph of " + th.Canonical + ": mean " + th.Mean.String() + ", temperature " + th.Temperature.String() + "\n")
	sb.WriteString(strings.Repeat(" ", margin) + " t\n")
	for r, line := range grid {
		sb.WriteString(strings.Repeat(" ", margin-len(labels[r])) + labels[r] + " |" + strings.TrimRight(string(line), " ") + "\n")
	}
	sb.WriteString(strings.Repeat(" ", margin) + " +" + strings.Repeat("-", width) + "\n")

	// Value axis: the largest value on the left, the smallest on the
	// right, the mean under the mast when there is room.
	axis := []byte(strings.Repeat(" ", width+2))
	put := func(c int, s string) {
		c = max(0, min(c-len(s)/2, len(axis)-len(s)))
		for i := max(0, c-1); i < min(len(axis), c+len(s)+1); i++ {
			if axis[i] != ' ' {
				return // no room
			}
		}
		copy(axis[c:], s)
	}
	hi, lo := maxPoint(th), minPoint(th)
	mean := th.Mean.String()
	if hi != lo {
		put(len(hi)/2, hi)
		put(width+1, lo)
	}
	if mean != hi && mean != lo || hi == lo {
		put(col(th.Mean.Float64())+1, mean)
	}
	sb.WriteString(strings.Repeat(" ", margin+1) + strings.TrimRight(string(axis), " ") + "\n")
	sb.WriteString(strings.Repeat(" ", margin+2) + "<- Black/Left better" + strings.Repeat(" ", max(1, width-41)) + "White/Right better ->\n")
	return sb.String()
}

// wallChar draws a wall at t: vertical pieces as '|', sloped ones as
// sloped.
func wallChar(f cgt.Trajectory, t float64, sloped byte) byte {
	for i := len(f) - 1; i >= 0; i-- {
		if f[i].T.Float64() <= t+1e-9 {
			if f[i].Slope == 0 {
				return '|'
			}
			return sloped
		}
	}
	return sloped
}

// evalFloat evaluates f at a float temperature (for drawing only).
func evalFloat(f cgt.Trajectory, t float64) float64 {
	i := len(f) - 1
	for i > 0 && f[i].T.Float64() > t {
		i--
	}
	s := f[i]
	return s.V.Float64() + float64(s.Slope)*(t-s.T.Float64())
}

// maxPoint and minPoint return the exact extreme values of the walls.
func maxPoint(th Thermograph) string {
	best := th.Left[0].V
	for _, pt := range append(append([]Point(nil), th.Left...), th.Right...) {
		if pt.V.Cmp(best) > 0 {
			best = pt.V
		}
	}
	return best.String()
}

func minPoint(th Thermograph) string {
	best := th.Left[0].V
	for _, pt := range append(append([]Point(nil), th.Left...), th.Right...) {
		if pt.V.Cmp(best) < 0 {
			best = pt.V
		}
	}
	return best.String()
}
