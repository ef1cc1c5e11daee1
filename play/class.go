package play

import "github.com/mathgo/mathgo/cgt"

// Class is one of the four classes of values of Rappaport's chapter 6,
// which says to play in the highest class available.
type Class int8

// The four classes, lowest first.
const (
	// Integer is class I: settled territory (and 0).
	Integer Class = iota + 1
	// Number is class II: a number that is not an integer (a fraction,
	// with its integer part).
	Number
	// Infinitesimal is class III: an infinitesimal with a numeric part,
	// i.e. a tepid game such as 1*, 3^, -2v or Miny(1): not a number, with
	// equal left and right stops (temperature 0).
	Infinitesimal
	// Hot is class IV: a game whose left stop exceeds its right stop
	// (temperature > 0).
	Hot
)

// String returns "integer", "number", "infinitesimal" or "hot".
func (c Class) String() string {
	switch c {
	case Integer:
		return "integer"
	case Number:
		return "number"
	case Infinitesimal:
		return "infinitesimal"
	case Hot:
		return "hot"
	}
	return "?"
}

// Roman returns the class number of chapter 6: "I" .. "IV".
func (c Class) Roman() string {
	switch c {
	case Integer:
		return "I"
	case Number:
		return "II"
	case Infinitesimal:
		return "III"
	case Hot:
		return "IV"
	}
	return "?"
}

// ClassOf returns the class of a value.
func ClassOf(g cgt.Game) Class {
	if d, ok := g.Number(); ok {
		if d.IsInteger() {
			return Integer
		}
		return Number
	}
	if g.LeftStop().Cmp(g.RightStop()) > 0 {
		return Hot
	}
	return Infinitesimal
}
