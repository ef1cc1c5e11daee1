package thermograph

import (
	"fmt"

	"github.com/mathgo/mathgo/cgt"
)

// Sente is the players' word for the moves in a tile (see Classify and the
// package documentation for the definitions).
type Sente int8

// The words. Their String and text forms are the contract's JSON values.
const (
	Gote         Sente = iota // "gote": neither player's move forces a reply
	BlackSente                // "black": Black's move is sente (White's is reverse sente)
	WhiteSente                // "white": White's move is sente (Black's is reverse sente)
	ReverseBlack              // "reverse-black": Black's move is reverse sente, preventing White's sente
	ReverseWhite              // "reverse-white": White's move is reverse sente, preventing Black's sente
	DoubleSente               // "double": both players' moves are sente
	Ambiguous                 // "ambiguous": sente and gote readings give the same value
)

var senteNames = [...]string{"gote", "black", "white", "reverse-black", "reverse-white", "double", "ambiguous"}

// String returns the word as the contract spells it: gote, black, white,
// reverse-black, reverse-white, double or ambiguous.
func (s Sente) String() string {
	if s < 0 || int(s) >= len(senteNames) {
		return fmt.Sprintf("Sente(%d)", int8(s))
	}
	return senteNames[s]
}

// MarshalText implements encoding.TextMarshaler (the String form).
func (s Sente) MarshalText() ([]byte, error) {
	if s < 0 || int(s) >= len(senteNames) {
		return nil, fmt.Errorf("thermograph: no word for Sente(%d)", int8(s))
	}
	return []byte(s.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler (the String form).
func (s *Sente) UnmarshalText(b []byte) error {
	for i, n := range senteNames {
		if string(b) == n {
			*s = Sente(i)
			return nil
		}
	}
	return fmt.Errorf("thermograph: unknown sente word %q (want one of gote, black, white, reverse-black, reverse-white, double, ambiguous)", b)
}

// Words is what endgame books say about a tile: whether its moves are
// gote or sente, and how much a move there is worth in miai counting.
type Words struct {
	// Sente is the tile's word: Gote, BlackSente, WhiteSente, DoubleSente
	// or Ambiguous (the reverse sente words describe one player's move;
	// see For).
	Sente Sente `json:"sente"`
	// Miai is the miai value in points: what a move in the tile gains on
	// average in miai counting (half the swing for gote, the whole swing
	// of the reverse sente for sente). It equals the temperature of the
	// tile's count.
	Miai cgt.Dyadic `json:"miai"`
	// Count is the tile's count: its mean value (with the sente exchange
	// made, for a sente tile).
	Count cgt.Dyadic `json:"-"`
	// Black and White are each player's status: Gote, BlackSente /
	// WhiteSente (that player's move is sente) or Ambiguous.
	Black, White Sente `json:"-"`
}

// For returns the word for p's move in the tile: p's sente (BlackSente or
// WhiteSente), p's reverse sente (ReverseBlack or ReverseWhite) when the
// opponent's move is sente and p's is not, Gote or Ambiguous.
func (w Words) For(p cgt.Player) Sente {
	own, other := w.Black, w.White
	rev := ReverseBlack
	if p == cgt.Right {
		own, other, rev = w.White, w.Black, ReverseWhite
	}
	if own == Gote && (other == BlackSente || other == WhiteSente) {
		return rev
	}
	return own
}

// Classify returns the players' words for the short game g (a tile's
// count value) from its thermograph, at its own temperature: what miai
// counting says in an environment of every temperature (see the package
// documentation). It returns false for a game no move in which gains
// anything: a number or an infinitesimal (temperature <= 0).
func Classify(g cgt.Game) (Words, bool) {
	return classify(g, nil)
}

// ClassifyAt returns the players' words for g when the ambient
// temperature (the size of the biggest move elsewhere) is t: a move is
// sente when its follow-up is hotter than t. Below g's temperature this
// can differ from Classify (a double sente shows up only here); at or
// above it ClassifyAt is Classify. Miai is g's miai value either way. It
// returns false when g's temperature is <= 0.
func ClassifyAt(g cgt.Game, t cgt.Dyadic) (Words, bool) {
	return classify(g, &t)
}

func classify(g cgt.Game, ambient *cgt.Dyadic) (Words, bool) {
	th := g.Thermograph()
	T := th.Temperature
	if T.Sign() <= 0 {
		return Words{}, false
	}
	at := T
	if ambient != nil && ambient.Cmp(T) < 0 {
		at = *ambient
		if at.Sign() < 0 {
			at = cgt.Dyadic{} // ambient temperatures are >= 0 (see Ambient)
		}
	}
	w := Words{Miai: T, Count: th.Mean}
	lw, rw := optionWalls(g)
	w.Black = status(lw, at, 0, -1, BlackSente)
	w.White = status(rw, at, 0, 1, WhiteSente)
	switch {
	case w.Black == Ambiguous || w.White == Ambiguous:
		w.Sente = Ambiguous
	case w.Black == BlackSente && w.White == WhiteSente:
		w.Sente = DoubleSente
	case w.Black == BlackSente:
		w.Sente = BlackSente
	case w.White == WhiteSente:
		w.Sente = WhiteSente
	default:
		w.Sente = Gote
	}
	return w, true
}

// optionWalls returns g's walls before they are cut at the mast: Left's
// is the highest right wall of his options less t, Right's the lowest left
// wall of hers plus t. Below the temperature they are g's walls; just
// above it they show whether the follow-ups are hotter still.
func optionWalls(g cgt.Game) (left, right cgt.Trajectory) {
	fold := func(opts []cgt.Game, isLeft bool) cgt.Trajectory {
		var w cgt.Trajectory
		for _, o := range opts {
			ol, or := Walls(o)
			ow := ol
			if isLeft {
				ow = or
			}
			if w == nil {
				w = ow
				continue
			}
			var err error
			if isLeft {
				w, err = w.Max(ow)
			} else {
				w, err = w.Min(ow)
			}
			if err != nil {
				panic(err) // unreachable: walls of short games have slopes -1, 0, 1
			}
		}
		return w
	}
	return fold(g.LeftOptions(), true).AddSlope(-1), fold(g.RightOptions(), false).AddSlope(1)
}

// status reads one player's wall w around temperature t: vertical (slope
// vertical) on both sides means the move is sente there, sloped (slope
// sloped) on both sides gote, and a change of slope at t exactly means
// the follow-up is as hot as t, so either reading gives the same value.
func status(w cgt.Trajectory, t cgt.Dyadic, vertical, sloped int, sente Sente) Sente {
	below, above := w.SlopeBelow(t), w.SlopeAbove(t)
	switch {
	case below == vertical && above == vertical:
		return sente
	case below == sloped && above == sloped:
		return Gote
	}
	return Ambiguous
}
