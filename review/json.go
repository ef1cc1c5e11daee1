package review

import (
	"github.com/mathgo/mathgo/board"
)

// JSON is the review as `mathgo review --json` prints it: the contract's
// per-move {"n","player","move","best","lost"} and per-player
// {"lost","mistakes"}, with these extensions: per move "exact", "reason",
// "scoreBefore" and "scoreAfter" (results with komi such as "B+1.5", null
// when unknown), "note" (Move.Note, when there is one); per player "moves", "exact" and "optimal", and mistakes
// as objects; the game's "file", "size", "rules", "scoring", "komi",
// "first" and "last" moves reviewed, the "positions" analyzed and exact,
// "complete", "conditional" and "assumed" (the source of the statuses
// assumed: review --assume; each move then says "conditional", each
// player how many), "reason" (Result.Reason), "problems" (inconsistencies, each a bug) and "seconds".
type JSON struct {
	File      string        `json:"file"`
	Size      JSONSize      `json:"size"`
	Rules     string        `json:"rules"`
	Scoring   string        `json:"scoring"`
	Komi      string        `json:"komi"`
	KomiKnown bool          `json:"komiKnown"`
	First     int           `json:"first"`
	Last      int           `json:"last"`
	Moves     []JSONMove    `json:"moves"`
	Players   JSONPlayers   `json:"players"`
	Positions JSONPositions `json:"positions"`
	Complete  bool          `json:"complete"`
	// Conditional is set when some move's numbers rest on assumptions
	// (review --assume), whose source Assumed names.
	Conditional bool     `json:"conditional,omitempty"`
	Assumed     string   `json:"assumed,omitempty"`
	EndBounds   *JSONEnd `json:"endBounds,omitempty"`
	Reason      string   `json:"reason,omitempty"`
	Problems    []string `json:"problems,omitempty"`
	Seconds     float64  `json:"seconds"`
}

// JSONSize is the board size.
type JSONSize struct {
	Cols int `json:"cols"`
	Rows int `json:"rows"`
}

// JSONMove is one move reviewed. Best is null when the optimal moves are
// unknown (the position before the move is not exact); Undecided lists
// the moves that may be optimal too (Move.Undecided); Lost is null
// unless the move was reviewed exactly ("0" for an optimal move).
type JSONMove struct {
	N           int      `json:"n"`
	Player      string   `json:"player"`
	Move        string   `json:"move"`
	Best        []string `json:"best"`
	Undecided   []string `json:"bestUndecided,omitempty"`
	Lost        *string  `json:"lost"`
	Exact       bool     `json:"exact"`
	Conditional bool     `json:"conditional,omitempty"`
	ScoreBefore *string  `json:"scoreBefore"`
	ScoreAfter  *string  `json:"scoreAfter"`
	Reason      string   `json:"reason,omitempty"`
	Note        string   `json:"note,omitempty"`
}

// JSONPlayers holds both players' summaries.
type JSONPlayers struct {
	Black JSONPlayer `json:"black"`
	White JSONPlayer `json:"white"`
}

// JSONPlayer is one player's summary: the points lost in the moves
// reviewed exactly, the biggest mistakes, and move counts.
type JSONPlayer struct {
	Lost     string        `json:"lost"`
	Mistakes []JSONMistake `json:"mistakes"`
	Moves    int           `json:"moves"`
	Exact    int           `json:"exact"`
	Optimal  int           `json:"optimal"`
	// Conditional counts the moves of Exact that rest on assumptions.
	Conditional int `json:"conditional,omitempty"`
}

// JSONMistake is one of a player's biggest mistakes.
type JSONMistake struct {
	N    int      `json:"n"`
	Move string   `json:"move"`
	Lost string   `json:"lost"`
	Best []string `json:"best"`
}

// JSONEnd is what the bounds prove of the result at the end of the range
// reviewed when its last position is not exact: the move after which it
// stands, and the range (Result.End).
type JSONEnd struct {
	Move int `json:"move"`
	JSONRange
}

// JSONPositions counts the positions analyzed and those analyzed exactly,
// and the second analyses with larger budgets (Options.Retries) and those
// of them that were exact.
type JSONPositions struct {
	Analyzed int `json:"analyzed"`
	Exact    int `json:"exact"`
	Retried  int `json:"retried"`
	Rescued  int `json:"rescued"`
}

// JSON returns the review as the contract's JSON document.
func (r *Result) JSON() JSON {
	j := JSON{
		File:      r.Game.Name,
		Size:      JSONSize{r.Game.Cols, r.Game.Rows},
		Rules:     r.Game.Rules,
		Scoring:   r.Scoring.String(),
		Komi:      r.Komi.String(),
		KomiKnown: r.KomiKnown,
		First:     r.First,
		Last:      r.Last,
		Moves:     []JSONMove{},
		Positions: JSONPositions{r.Analyzed, r.Exact, r.Retried, r.Rescued},
		Complete:  r.Complete(),
		Assumed:   r.Assumed,
		Reason:    r.Reason,
		Problems:  r.Inconsistencies,
		Seconds:   r.Elapsed.Seconds(),
	}
	j.Conditional = r.Conditional()
	if r.EndOK {
		j.EndBounds = &JSONEnd{Move: r.EndMove, JSONRange: *r.End.JSON()}
	}
	for _, m := range r.Moves {
		jm := JSONMove{N: m.N, Player: m.Color.String(), Move: m.Name, Exact: m.Exact, Conditional: m.Conditional && m.Exact, Reason: m.Reason}
		if m.BestKnown {
			jm.Best = append([]string{}, m.BestNames...)
			jm.Undecided = m.UndecidedNames
		}
		if m.Exact {
			jm.Lost = ptr(m.Lost.String())
			jm.Note = m.Note
		}
		if m.BeforeKnown {
			jm.ScoreBefore = ptr(r.result(m.Before))
		}
		if m.AfterKnown {
			jm.ScoreAfter = ptr(r.result(m.After))
		}
		j.Moves = append(j.Moves, jm)
	}
	j.Players.Black = r.jsonPlayer(board.Black)
	j.Players.White = r.jsonPlayer(board.White)
	return j
}

func (r *Result) jsonPlayer(c board.Color) JSONPlayer {
	p := r.Player(c)
	jp := JSONPlayer{Lost: p.Lost.String(), Mistakes: []JSONMistake{}, Moves: p.Moves, Exact: p.Exact, Optimal: p.Optimal, Conditional: p.Conditional}
	for _, n := range p.Mistakes {
		m := r.Move(n)
		jp.Mistakes = append(jp.Mistakes, JSONMistake{N: n, Move: m.Name, Lost: m.Lost.String(), Best: append([]string{}, m.BestNames...)})
	}
	return jp
}

func ptr[T any](v T) *T { return &v }
