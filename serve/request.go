package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
)

// Request is the body of POST /api/analyze, /api/play and /api/review.
type Request struct {
	// Position is the text of a diagram or an SGF file (a position or a
	// game record), as the command line reads it.
	Position string `json:"position"`
	// Name is the file name used in error messages (default "board").
	Name string `json:"name,omitempty"`
	// Move, for a game record, is the move after which the position is
	// analyzed (-1: the end; 0: the start). Absent: a game record (moves
	// and a komi, rules or result) is analyzed at its end, as `mathgo
	// analyze FILE.sgf` does; anything else is a position.
	Move *int `json:"move,omitempty"`
	// Plays are moves played on the position before it is analyzed, each
	// "B D4", "W C3" or "B pass" (the page's moves against mathgo).
	Plays []string `json:"plays,omitempty"`
	// Reply, "black" or "white", asks mathgo to answer (POST /api/play):
	// after Plays, exact play's move for that colour is played too.
	Reply string `json:"reply,omitempty"`
}

// Play is one decoded move of Request.Plays.
type Play struct {
	Color board.Color
	Text  string // the point as given, or "pass"
}

// Input is a decoded request: the position to analyze and, for a game
// record, the game.
type Input struct {
	Pos   *position.Position
	Game  *position.Game // set for a game record
	Plays []Play
	Reply board.Color // board.Empty: no reply
}

// RequestError is a request the server refuses: Status is the HTTP
// status, Msg says why in the words the command line would use.
type RequestError struct {
	Status int
	Msg    string
}

func (e *RequestError) Error() string { return e.Msg }

func badRequest(format string, args ...any) *RequestError {
	return &RequestError{Status: 400, Msg: fmt.Sprintf(format, args...)}
}

// maxPlays bounds Request.Plays.
const maxPlays = 1000

// MaxGameMoves bounds the main line of a game record: a review analyzes
// positions of it one by one, and real games have a few hundred moves.
const MaxGameMoves = 1000

// DecodeRequest reads a request body (at most l.MaxBody bytes), checks
// it and parses its position. Every problem is a *RequestError: a body
// too large (413), JSON that does not parse, unknown fields, a position
// that does not parse (the parser's error, naming line and column or the
// SGF property), a board larger than l.MaxBoard, an illegal play.
func DecodeRequest(body io.Reader, l Limits) (*Input, error) {
	data, err := io.ReadAll(io.LimitReader(body, l.MaxBody+1))
	if err != nil {
		return nil, badRequest("reading the request: %v", err)
	}
	if int64(len(data)) > l.MaxBody {
		return nil, &RequestError{Status: 413, Msg: fmt.Sprintf("request too large: more than %d bytes", l.MaxBody)}
	}
	var req Request
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return nil, badRequest("malformed request: %v (want a JSON object such as {\"position\": \"...diagram or SGF...\"})", jsonError(data, err))
	}
	if dec.More() {
		return nil, badRequest("malformed request: more than one JSON value")
	}
	return decodeInput(&req, l)
}

// ParseFile checks a position file as the API checks an upload (the
// same parsers, the same size limits and errors): `mathgo serve FILE`
// refuses a file the page could not load.
func ParseFile(name string, data []byte, l Limits) (*Input, error) {
	if int64(len(data)) > l.MaxBody {
		return nil, &RequestError{Status: 413, Msg: fmt.Sprintf("%s: too large: more than %d bytes", name, l.MaxBody)}
	}
	return decodeInput(&Request{Position: string(data), Name: name}, l)
}

// jsonError adds the byte offset to a JSON syntax error.
func jsonError(data []byte, err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%v at byte %d", err, se.Offset)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("field %q must be a %s, not a JSON %s", te.Field, te.Type, te.Value)
	}
	return err.Error()
}

// decodeInput parses the request's position and checks its fields.
func decodeInput(req *Request, l Limits) (*Input, error) {
	name := req.Name
	if name == "" {
		name = "board"
	}
	if len(name) > 200 || !utf8.ValidString(name) || strings.ContainsAny(name, "\x00\n\r") {
		return nil, badRequest("the file name must be at most 200 characters of text on one line")
	}
	if strings.TrimSpace(req.Position) == "" {
		return nil, badRequest("no position: give a diagram or an SGF file in \"position\"")
	}
	if len(req.Plays) > maxPlays {
		return nil, badRequest("too many plays: %d (at most %d)", len(req.Plays), maxPlays)
	}
	in := &Input{}
	switch strings.ToLower(req.Reply) {
	case "":
	case "black", "b":
		in.Reply = board.Black
	case "white", "w":
		in.Reply = board.White
	default:
		return nil, badRequest("reply must be \"black\" or \"white\", not %q", req.Reply)
	}
	data := []byte(req.Position)
	if size, ok := sgfSize(data); ok && size > l.MaxBoard {
		return nil, badRequest("%s: the board is %dx%d: the server takes boards of at most %dx%d", name, size, size, l.MaxBoard, l.MaxBoard)
	}
	var err error
	if g, gerr := position.ParseGame(name, data); gerr == nil && looksSGF(data) && (req.Move != nil || isGameRecord(g)) {
		n := -1
		if req.Move != nil {
			n = *req.Move
		}
		if len(g.Moves) > MaxGameMoves {
			return nil, badRequest("%s: the main line has %d moves: the server takes game records of at most %d", name, len(g.Moves), MaxGameMoves)
		}
		if n < -1 || n > len(g.Moves) {
			return nil, badRequest("%s: no move %d: the main line has %d moves (0 is the start, -1 the end)", name, n, len(g.Moves))
		}
		in.Game = g
		in.Pos, err = g.PositionAfter(n)
	} else if req.Move != nil && *req.Move != -1 {
		return nil, badRequest("%s: \"move\" is for a game record (an SGF file with moves)", name)
	} else {
		in.Pos, err = position.Parse(name, data)
	}
	if err != nil {
		return nil, badRequest("%v", err)
	}
	b := in.Pos.Board
	if b.Cols() > l.MaxBoard || b.Rows() > l.MaxBoard {
		return nil, badRequest("%s: the board is %dx%d: the server takes boards of at most %dx%d", name, b.Cols(), b.Rows(), l.MaxBoard, l.MaxBoard)
	}
	for i, s := range req.Plays {
		f := strings.Fields(s)
		if len(f) != 2 {
			return nil, badRequest("play %d: %q: want a colour and a point, like \"B D4\" or \"W pass\"", i+1, s)
		}
		var c board.Color
		switch strings.ToUpper(f[0]) {
		case "B", "BLACK":
			c = board.Black
		case "W", "WHITE":
			c = board.White
		default:
			return nil, badRequest("play %d: %q: the colour must be B or W", i+1, s)
		}
		in.Plays = append(in.Plays, Play{Color: c, Text: f[1]})
	}
	return in, nil
}

// isGameRecord is the command line's test: a game record has moves and
// a komi, rules or result; other SGF files are positions.
func isGameRecord(g *position.Game) bool {
	return len(g.Moves) > 0 && (g.KomiKnown || g.Rules != "" || g.Result != "")
}

// looksSGF reports whether data starts like an SGF file.
func looksSGF(data []byte) bool {
	return bytes.HasPrefix(bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))), []byte("("))
}

// sgfSize finds an SGF SZ[n] or SZ[c:r] early, so that a huge board is
// refused before it is built; ok is false when there is none.
func sgfSize(data []byte) (int, bool) {
	i := bytes.Index(data, []byte("SZ["))
	if i < 0 || !looksSGF(data) {
		return 0, false
	}
	rest := data[i+3:]
	j := bytes.IndexByte(rest, ']')
	if j < 0 || j > 16 {
		return 0, false
	}
	best := 0
	for _, part := range strings.Split(string(rest[:j]), ":") {
		n := 0
		for _, r := range strings.TrimSpace(part) {
			if r < '0' || r > '9' || n > 1000 {
				return 0, false
			}
			n = n*10 + int(r-'0')
		}
		best = max(best, n)
	}
	return best, true
}

// applyPlays plays the moves on the position's board under the board's
// rules (captures, suicide and the ko ban refused), the prisoners
// counted. The side to move becomes the opponent of the last mover.
func applyPlays(pos *position.Position, plays []Play) error {
	b := pos.Board
	if len(plays) > 0 {
		b.SetKoRule(board.KoSimple)
	}
	defer func() {
		// A captured stone declared immortal leaves no mark behind.
		for p := range pos.Immortal {
			if b.At(board.Point(p)) == board.Empty {
				pos.Immortal[p] = false
			}
		}
	}()
	for i, pl := range plays {
		if strings.EqualFold(pl.Text, "pass") {
			pos.ToMove = pl.Color.Opponent()
			continue
		}
		p, err := b.ParsePoint(pl.Text)
		if err != nil {
			return badRequest("play %d: %v", i+1, err)
		}
		if _, err := b.Play(p, pl.Color); err != nil {
			return badRequest("play %d: illegal move %s %s: %s", i+1, pl.Color, b.Name(p), strings.TrimPrefix(err.Error(), "board: "))
		}
		pos.ToMove = pl.Color.Opponent()
	}
	return nil
}
