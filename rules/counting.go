package rules

import (
	"fmt"
	"strings"
)

// Counting is a counting rule: how a finished game is scored. Its zero
// value is MathematicalGo.
type Counting int8

// The countings.
const (
	// MathematicalGo is Berlekamp's Mathematical Go: every move counts
	// (filling one's own territory, handing back a prisoner), the player
	// who cannot move loses, endless play is a draw. Its result is a
	// winner, not a score.
	MathematicalGo Counting = iota
	// Japanese is territory counting: territory plus prisoners.
	Japanese
	// Chinese is area counting: stones plus the empty points one colour
	// surrounds.
	Chinese
)

// All lists the countings in their order.
var All = []Counting{MathematicalGo, Japanese, Chinese}

// String returns the counting's name as flags and JSON spell it: "mgo",
// "japanese" or "chinese".
func (c Counting) String() string {
	switch c {
	case MathematicalGo:
		return "mgo"
	case Japanese:
		return "japanese"
	case Chinese:
		return "chinese"
	}
	return fmt.Sprintf("counting(%d)", int8(c))
}

// Words names the counting in a player's words: "Mathematical Go",
// "Japanese counting" or "Chinese counting".
func (c Counting) Words() string {
	switch c {
	case MathematicalGo:
		return "Mathematical Go"
	case Japanese:
		return "Japanese counting"
	case Chinese:
		return "Chinese counting"
	}
	return c.String()
}

// Scored reports whether the counting's result is a score (Japanese,
// Chinese) rather than a winner (Mathematical Go).
func (c Counting) Scored() bool { return c == Japanese || c == Chinese }

// Parse reads a counting's name: "mgo" (also "mathematical"), "japanese"
// (also "territory") or "chinese" (also "area"), in any case.
func Parse(s string) (Counting, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "mgo", "mathematical", "mathematical-go":
		return MathematicalGo, nil
	case "japanese", "territory":
		return Japanese, nil
	case "chinese", "area":
		return Chinese, nil
	}
	return 0, fmt.Errorf("unknown counting %q (want mgo, japanese or chinese)", s)
}

// MarshalText writes the counting's name (String).
func (c Counting) MarshalText() ([]byte, error) {
	if c < MathematicalGo || c > Chinese {
		return nil, fmt.Errorf("rules: bad counting %d", int8(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads a counting's name (Parse).
func (c *Counting) UnmarshalText(b []byte) error {
	v, err := Parse(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}
