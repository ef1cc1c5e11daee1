package play

import (
	"github.com/mathgo/mathgo/cgt"
	"github.com/mathgo/mathgo/thermograph"
)

// The heuristics read thermographs through package thermograph, the one
// implementation of walls, compound thermographs and ambient temperature.

// walls returns the left and right walls of g's thermograph at t.
func walls(g cgt.Game, t cgt.Dyadic) (left, right cgt.Dyadic) { return thermograph.WallsAt(g, t) }

// width returns the width of g's thermograph at t (left wall minus right
// wall; 0 on the mast).
func width(g cgt.Game, t cgt.Dyadic) cgt.Dyadic { return thermograph.Width(g, t) }

// AmbientTemperature returns the ambient temperature of the sum of values
// for player p: thermograph.AmbientFor, Winning Ways' definition from the
// compound thermograph (the least t >= 0 at which p's compound wall is
// furthest towards p; see package thermograph).
func AmbientTemperature(values []cgt.Game, p Player) cgt.Dyadic {
	return thermograph.AmbientFor(values, p)
}
