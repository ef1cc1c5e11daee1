package play

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mathgo/mathgo/cgt"
)

// Player is Black (Left, positive values) or White (Right, negative
// values): cgt's Player, named for Go.
type Player = cgt.Player

// The two players. Black is Left, White is Right.
const (
	Black = cgt.Left
	White = cgt.Right
)

// PlayerName returns "black" or "white".
func PlayerName(p Player) string {
	if p == White {
		return "white"
	}
	return "black"
}

// ParsePlayer reads "black"/"b"/"left" or "white"/"w"/"right" (any case).
func ParsePlayer(s string) (Player, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "black", "b", "left", "l":
		return Black, nil
	case "white", "w", "right", "r":
		return White, nil
	}
	return Black, fmt.Errorf("unknown player %q (want black or white)", s)
}

// Local is one component of a sum in its current position: it has a
// value and, for each player, the moves available there. Implementations
// must be immutable: a move leads to a new Local.
type Local interface {
	// Value is the component's value (in whatever currency the sum is
	// played in: chilled values for Berlekamp's problems, counts for
	// Japanese scoring).
	Value() cgt.Game
	// Moves lists the moves p may make in this component, in a fixed
	// order. A component with no move for p returns nil.
	Moves(p Player) []Move
}

// Move is one move inside a component.
type Move struct {
	// Label names the move: a board point for a Go tile, the value of the
	// option for a bare game.
	Label string
	// Next is the component after the move.
	Next Local
}

// gameLocal is a bare game: its moves are its canonical options.
type gameLocal struct{ g cgt.Game }

// Value returns g itself as a Local whose moves are the canonical options
// of g, each labelled by the option's value in CGSuite notation.
func Value(g cgt.Game) Local { return gameLocal{g} }

func (l gameLocal) Value() cgt.Game { return l.g }

func (l gameLocal) Moves(p Player) []Move {
	var opts []cgt.Game
	if p == Black {
		opts = l.g.LeftOptions()
	} else {
		opts = l.g.RightOptions()
	}
	if len(opts) == 0 {
		return nil
	}
	out := make([]Move, len(opts))
	for i, o := range opts {
		out[i] = Move{Label: o.String(), Next: gameLocal{o}}
	}
	sortMoves(out)
	return out
}

// sortMoves orders moves by label so that output does not depend on the
// ids of the game table.
func sortMoves(ms []Move) {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j].Label < ms[j-1].Label; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

// Component is a named component of a sum.
type Component struct {
	Name  string
	Local Local
}

// SettledName is the name of the pseudo-component that carries a sum's
// settled territory and prisoners.
const SettledName = "settled"

// Sum is a sum of components plus settled territory and prisoners
// (Settled, Black minus White, in the same currency as the values).
// Settled territory is played like any number: a player may fill his own
// territory (move in the number), as Mathematical Go rules require; it
// takes part in play as a component named SettledName.
type Sum struct {
	Components []Component
	Settled    cgt.Dyadic
}

// TileName returns the name of the i-th tile (0-based): A..Z, then AA, AB,
// ... as spreadsheet columns are named.
func TileName(i int) string {
	if i < 0 {
		return "?"
	}
	var b []byte
	for i++; i > 0; i = (i - 1) / 26 {
		b = append([]byte{byte('A' + (i-1)%26)}, b...)
	}
	return string(b)
}

// Games returns the sum of bare games, named A, B, C, ... in order.
func Games(gs ...cgt.Game) Sum {
	s := Sum{Components: make([]Component, len(gs))}
	for i, g := range gs {
		s.Components[i] = Component{Name: TileName(i), Local: Value(g)}
	}
	return s
}

// ExprError is an expression of ParseGames that did not parse.
type ExprError struct {
	Index int    // 0-based position among the expressions
	Tile  string // the tile name the expression would have had
	Expr  string
	Err   error // the cgt error; a *cgt.ParseError names the column
}

// Error names the expression, its tile and the column of the problem.
func (e *ExprError) Error() string {
	return fmt.Sprintf("game %d (tile %s) %q: %v", e.Index+1, e.Tile, e.Expr, e.Err)
}

// Unwrap returns the cgt error.
func (e *ExprError) Unwrap() error { return e.Err }

// ParseGames parses CGSuite expressions into a sum of bare games named A,
// B, C, ... in order.
func ParseGames(exprs []string) (Sum, error) {
	if len(exprs) == 0 {
		return Sum{}, errors.New("no games given")
	}
	gs := make([]cgt.Game, len(exprs))
	for i, e := range exprs {
		g, err := cgt.Parse(e)
		if err != nil {
			return Sum{}, &ExprError{Index: i, Tile: TileName(i), Expr: e, Err: err}
		}
		gs[i] = g
	}
	return Games(gs...), nil
}

// locals returns the components played, the settled pseudo-component last
// when it is not zero.
func (s Sum) locals() []Component {
	out := append([]Component(nil), s.Components...)
	if s.Settled.Sign() != 0 {
		out = append(out, Component{Name: SettledName, Local: Value(cgt.Number(s.Settled))})
	}
	return out
}

// Total returns the value of the whole sum, settled territory included.
func (s Sum) Total() cgt.Game {
	gs := make([]cgt.Game, 0, len(s.Components)+1)
	for _, c := range s.Components {
		gs = append(gs, c.Local.Value())
	}
	gs = append(gs, cgt.Number(s.Settled))
	return cgt.Sum(gs...)
}
