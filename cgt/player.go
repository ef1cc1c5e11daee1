package cgt

// Player is one of the two players of a partizan game: Left, who wants
// values positive, or Right, who wants them negative. In Go Black is Left
// and White is Right; every package of mathgo uses this one type.
type Player int8

// The two players.
const (
	Left Player = iota
	Right
)

// Opponent returns the other player.
func (p Player) Opponent() Player { return 1 - p }

// String returns "Left" or "Right", as CGSuite names the players.
func (p Player) String() string {
	if p == Right {
		return "Right"
	}
	return "Left"
}

// Options returns p's options of g.
func (g Game) Options(p Player) []Game {
	if p == Right {
		return g.RightOptions()
	}
	return g.LeftOptions()
}

// Stop returns g's stop with p moving first: the left stop for Left, the
// right stop for Right.
func (g Game) Stop(p Player) Dyadic {
	if p == Right {
		return g.RightStop()
	}
	return g.LeftStop()
}
