package serve

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"net"
	"net/http"
	"os"
	"path"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/position"
)

//go:embed static
var static embed.FS

// Bounds of the server (Limits).
const (
	// DefaultMaxBody is the largest request body: an SGF of a long game
	// is some tens of kilobytes.
	DefaultMaxBody = 1 << 20
	// MaxBoardSize is the largest board side the server analyzes.
	MaxBoardSize = 19
	// DefaultConcurrent is the number of analyses run at once.
	DefaultConcurrent = 2
	// DefaultQueue is the number of requests that may wait for a slot;
	// more are refused with 503.
	DefaultQueue = 8
)

// Limits bound the server's work: each analysis has endgame's node
// budgets (analyze's defaults, so the page shows what `mathgo analyze`
// prints), bodies and boards have a size limit, and at most Concurrent
// analyses run at once with at most Queue more waiting.
type Limits struct {
	// MaxPositions, SolverNodes, MaxTotalGames and SearchNodes are the
	// endgame.Options budgets of each analysis.
	MaxPositions  int `json:"maxPositions"`
	SolverNodes   int `json:"solverNodes"`
	MaxTotalGames int `json:"maxTotalGames"`
	SearchNodes   int `json:"searchNodes"`
	// MaxBody is the largest request body in bytes.
	MaxBody int64 `json:"maxBody"`
	// MaxBoard is the largest board side.
	MaxBoard int `json:"maxBoard"`
	// Concurrent is the number of analyses run at once; Queue the
	// number of requests that may wait for one.
	Concurrent int `json:"concurrent"`
	Queue      int `json:"queue"`
}

// Server is the HTTP handler of `mathgo serve`: the page, its assets and
// the JSON API. Create it with New.
type Server struct {
	limits  Limits
	initial *Initial
	mux     *http.ServeMux
	slots   chan struct{}
	waiting atomic.Int32
	running atomic.Int32
	// abandoned counts analyses whose request went away (cancel) while
	// they ran on to the end of their budget.
	abandoned atomic.Int32
	// Log, if set, receives one line per abandoned or failed analysis.
	Log *log.Logger
	// allowed, when set, are the Host header values accepted (a server
	// bound to loopback refuses other names: DNS rebinding).
	allowed map[string]bool
}

// Initial is the file given on the command line (`mathgo serve FILE`),
// loaded by the page when it opens.
type Initial struct {
	Name     string `json:"name"`
	Position string `json:"position"`
}

// New returns a server with the limits l (zero fields: DefaultLimits')
// that opens with the file initial (nil: none).
func New(l Limits, initial *Initial) *Server {
	d := DefaultLimits()
	fill := func(x *int, def int) {
		if *x <= 0 {
			*x = def
		}
	}
	fill(&l.MaxPositions, d.MaxPositions)
	fill(&l.SolverNodes, d.SolverNodes)
	fill(&l.MaxTotalGames, d.MaxTotalGames)
	fill(&l.SearchNodes, d.SearchNodes)
	fill(&l.MaxBoard, d.MaxBoard)
	fill(&l.Concurrent, d.Concurrent)
	fill(&l.Queue, d.Queue)
	if l.MaxBody <= 0 {
		l.MaxBody = d.MaxBody
	}
	l.MaxBoard = min(l.MaxBoard, MaxBoardSize)
	s := &Server{limits: l, initial: initial, mux: http.NewServeMux(), slots: make(chan struct{}, l.Concurrent)}
	sub, _ := fs.Sub(static, "static")
	files := http.FileServerFS(sub)
	s.mux.Handle("GET /{$}", files)
	s.mux.Handle("GET /{file}", files)
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "not found: "+r.URL.Path)
	})
	s.mux.HandleFunc("GET /api/examples", s.examples)
	s.mux.HandleFunc("GET /api/initial", s.initialFile)
	s.mux.HandleFunc("GET /api/limits", func(w http.ResponseWriter, r *http.Request) { writeJSON(w, http.StatusOK, s.limits) })
	s.mux.HandleFunc("POST /api/analyze", s.analyze)
	s.mux.HandleFunc("POST /api/play", s.analyze)
	s.mux.HandleFunc("POST /api/review", s.review)
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/api/analyze", "/api/play", "/api/review":
			w.Header().Set("Allow", "POST")
			writeError(w, http.StatusMethodNotAllowed, r.Method+" "+r.URL.Path+": use POST")
		case "/api/examples", "/api/initial", "/api/limits":
			w.Header().Set("Allow", "GET")
			writeError(w, http.StatusMethodNotAllowed, r.Method+" "+r.URL.Path+": use GET")
		default:
			writeError(w, http.StatusNotFound, "no such API: "+r.URL.Path)
		}
	})
	return s
}

// Limits returns the server's limits (defaults filled in).
func (s *Server) Limits() Limits { return s.limits }

// LoopbackOnly makes the server refuse requests whose Host header is not
// a loopback name or address, so that a web page elsewhere cannot reach
// it through DNS rebinding. port is the port it listens on.
func (s *Server) LoopbackOnly(port string) {
	s.allowed = map[string]bool{}
	for _, h := range []string{"localhost", "127.0.0.1", "[::1]"} {
		s.allowed[h] = true
		s.allowed[h+":"+port] = true
	}
}

// ServeHTTP serves the page and the API. A panic in a handler is an
// internal error (500), never the end of the server.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.logf("internal error on %s %s: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
			writeError(w, http.StatusInternalServerError, fmt.Sprintf("internal error: %v", v))
		}
	}()
	if s.allowed != nil && !s.allowed[strings.ToLower(r.Host)] {
		writeError(w, http.StatusForbidden, fmt.Sprintf("host %q refused: this server answers only on localhost", r.Host))
		return
	}
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; connect-src 'self'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	s.mux.ServeHTTP(w, r)
}

func (s *Server) logf(format string, args ...any) {
	if s.Log != nil {
		s.Log.Printf(format, args...)
	}
}

// examples lists the bundled positions and game records.
func (s *Server) examples(w http.ResponseWriter, r *http.Request) {
	type example struct {
		Name     string `json:"name"`
		Title    string `json:"title"`
		Position string `json:"position"`
	}
	out := []example{}
	ex, err := Examples()
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	for name, text := range ex {
		out = append(out, example{Name: name, Title: exampleTitle(name, text), Position: text})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	writeJSON(w, http.StatusOK, out)
}

// exampleTitle is the first comment line of a diagram, or the name.
func exampleTitle(name, text string) string {
	for _, line := range strings.Split(text, "\n") {
		if t, ok := strings.CutPrefix(strings.TrimSpace(line), "//"); ok && strings.TrimSpace(t) != "" {
			t = strings.TrimSpace(t)
			if len(t) > 90 {
				t = t[:87] + "..."
			}
			return name + ": " + t
		}
	}
	return name
}

// Examples returns the bundled examples' file names and texts.
func Examples() (map[string]string, error) {
	out := map[string]string{}
	entries, err := fs.ReadDir(static, "static/examples")
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		data, err := fs.ReadFile(static, path.Join("static/examples", e.Name()))
		if err != nil {
			return nil, err
		}
		out[e.Name()] = string(data)
	}
	return out, nil
}

func (s *Server) initialFile(w http.ResponseWriter, r *http.Request) {
	if s.initial == nil {
		writeJSON(w, http.StatusOK, nil)
		return
	}
	writeJSON(w, http.StatusOK, s.initial)
}

// View is what the page draws: the analysis (exactly `analyze --json`),
// the board, every move's score, the best move of each colour, the
// tiles' thermographs, and for /api/play the plays made and mathgo's
// answer.
type View struct {
	Analysis     AnalyzeJSON                `json:"analysis"`
	Board        BoardJSON                  `json:"board"`
	Moves        map[string][]MoveScore     `json:"moves"`
	MovesError   string                     `json:"movesError,omitempty"`
	Best         map[string]BestJSON        `json:"best"`
	BestError    string                     `json:"bestError,omitempty"`
	Thermographs map[string]ThermographJSON `json:"thermographs"`
	Plays        []string                   `json:"plays"`
	Reply        *BestJSON                  `json:"reply,omitempty"`
	ReplyError   string                     `json:"replyError,omitempty"`
	GameMoves    int                        `json:"gameMoves,omitempty"`
	Game         bool                       `json:"game"`
}

// BoardJSON is the board: Stones holds one string per row, top row
// first, one character per point ('.' empty, 'X' black, 'O' white, '#'
// and '@' stones declared immortal).
type BoardJSON struct {
	Cols      int               `json:"cols"`
	Rows      int               `json:"rows"`
	Stones    []string          `json:"stones"`
	Open      position.Sides    `json:"open"`
	ToMove    string            `json:"toMove"`
	Prisoners [2]int            `json:"prisoners"`
	Labels    map[string]string `json:"labels"`
	Ko        string            `json:"ko,omitempty"`
}

func boardJSON(pos *position.Position) BoardJSON {
	b := pos.Board
	bj := BoardJSON{Cols: b.Cols(), Rows: b.Rows(), Open: pos.Open, Labels: map[string]string{},
		Prisoners: [2]int{b.Prisoners(board.Black), b.Prisoners(board.White)}}
	if pos.ToMove != board.Empty {
		bj.ToMove = pos.ToMove.String()
	}
	for y := b.Rows() - 1; y >= 0; y-- {
		var row strings.Builder
		for x := 0; x < b.Cols(); x++ {
			p := b.Pt(x, y)
			imm := pos.Immortal != nil && pos.Immortal[p]
			switch b.At(p) {
			case board.Black:
				row.WriteByte("X#"[btoi(imm)])
			case board.White:
				row.WriteByte("O@"[btoi(imm)])
			default:
				row.WriteByte('.')
			}
		}
		bj.Stones = append(bj.Stones, row.String())
	}
	for p, l := range pos.Labels {
		bj.Labels[b.Name(p)] = l
	}
	return bj
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// analyze serves POST /api/analyze and /api/play. The plain answer of
// /api/analyze is exactly `mathgo analyze --json`; /api/play, and
// /api/analyze?view=1, answer the page's View; with ?stream=1 either
// answers NDJSON: progress lines, then {"result": ...}.
func (s *Server) analyze(w http.ResponseWriter, r *http.Request) {
	in, err := s.decode(w, r)
	if err != nil {
		writeRequestError(w, err)
		return
	}
	if err := applyPlays(in.Pos, in.Plays); err != nil {
		writeRequestError(w, err)
		return
	}
	plain := r.URL.Path == "/api/analyze" && r.URL.Query().Get("stream") == "" && r.URL.Query().Get("view") == ""
	s.run(w, r, func(progress func(string)) (any, error) {
		v, err := s.view(in, progress)
		if err != nil {
			return nil, err
		}
		if plain {
			return v.Analysis, nil
		}
		return v, nil
	})
}

// bodyTimeout bounds the reading of a request body.
const bodyTimeout = 30 * time.Second

// decode reads the request within bodyTimeout, then lifts the read
// deadline: an analysis may stream its answer for longer, and the
// connection's reader must not cancel it (http.Server.ReadTimeout would).
func (s *Server) decode(w http.ResponseWriter, r *http.Request) (*Input, error) {
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(bodyTimeout))
	in, err := DecodeRequest(r.Body, s.limits)
	_ = rc.SetReadDeadline(time.Time{})
	return in, err
}

// view analyzes the input and builds the page's view of it.
func (s *Server) view(in *Input, progress func(string)) (*View, error) {
	opts := analysisOptions(s.limits, progress)
	rep, aj, err := analyzePosition(in.Pos, in.Game != nil, opts)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	v := &View{Analysis: aj, Moves: map[string][]MoveScore{}, Best: map[string]BestJSON{}, Plays: []string{}, Game: in.Game != nil}
	if in.Game != nil {
		v.GameMoves = len(in.Game.Moves)
	}
	for _, p := range in.Plays {
		v.Plays = append(v.Plays, playText(p))
	}
	if in.Reply != board.Empty {
		best, _, err := bestMove(rep, in.Reply)
		if err != nil {
			v.ReplyError = fmt.Sprintf("mathgo cannot answer for %s: %v", in.Reply, err)
		} else {
			v.Reply = &best
			pl := Play{Color: in.Reply, Text: best.Point}
			if err := applyPlays(in.Pos, []Play{pl}); err != nil {
				return nil, fmt.Errorf("mathgo's own move %s %s is illegal: %v", in.Reply, best.Point, err)
			}
			v.Plays = append(v.Plays, playText(pl))
			rep, aj, err = analyzePosition(in.Pos, in.Game != nil, opts)
			if err != nil {
				return nil, badRequest("%v", err)
			}
			v.Analysis = aj
		}
	}
	v.Board = boardJSON(in.Pos)
	if rep.Position.Board.KoPoint() != board.Pass {
		v.Board.Ko = rep.Board().Name(rep.Position.Board.KoPoint())
	}
	var moveErrs, bestErrs []string
	for _, c := range []board.Color{board.Black, board.White} {
		ms, err := moveScores(rep, c)
		if err != nil {
			moveErrs = append(moveErrs, err.Error())
		} else {
			v.Moves[c.String()] = ms
		}
		if !rep.Exact() {
			continue
		}
		b, _, err := bestMove(rep, c)
		if err != nil {
			bestErrs = append(bestErrs, fmt.Sprintf("%s: %v", c, err))
		} else {
			v.Best[c.String()] = b
		}
	}
	if len(moveErrs) > 0 {
		v.MovesError = moveErrs[0]
	}
	v.BestError = strings.Join(bestErrs, "; ")
	v.Thermographs = tileThermographs(rep)
	return v, nil
}

func playText(p Play) string {
	c := "B"
	if p.Color == board.White {
		c = "W"
	}
	return c + " " + p.Text
}

// review serves POST /api/review: `mathgo review --json` of a game
// record, NDJSON progress first with ?stream=1.
func (s *Server) review(w http.ResponseWriter, r *http.Request) {
	in, err := s.decode(w, r)
	if err != nil {
		writeRequestError(w, err)
		return
	}
	if in.Game == nil {
		writeError(w, http.StatusBadRequest, "review needs a game record: an SGF file with moves and a komi, rules or result")
		return
	}
	s.run(w, r, func(progress func(string)) (any, error) {
		j, err := reviewGame(in.Game, progress)
		if err != nil {
			return nil, badRequest("%v", err)
		}
		return j, nil
	})
}

// run runs one analysis job in a slot of the semaphore, in its own
// goroutine, and writes its result: plain JSON, or with ?stream=1 NDJSON
// lines {"progress","seconds"} about every half second and a last line
// {"result": ...} or {"error": ..., "status": ...}. When the request goes
// away (the page's cancel button) the handler returns at once; the
// analysis itself cannot be interrupted (endgame has no cancel hook) and
// runs on to the end of its node budgets, holding its slot.
func (s *Server) run(w http.ResponseWriter, r *http.Request, job func(progress func(string)) (any, error)) {
	ctx := r.Context()
	stream := r.URL.Query().Get("stream") != ""
	if int(s.waiting.Add(1)) > s.limits.Queue {
		s.waiting.Add(-1)
		writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("busy: %d analyses running and %d waiting; try again when one ends", s.limits.Concurrent, s.limits.Queue))
		return
	}
	var flusher http.Flusher
	if stream {
		flusher, _ = w.(http.Flusher)
		w.Header().Set("Content-Type", "application/x-ndjson")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusOK)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	start := time.Now()
	line := func(v any) {
		_ = enc.Encode(v)
		if flusher != nil {
			flusher.Flush()
		}
	}
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	var last atomic.Value
	last.Store("waiting for a free analysis slot")
	// Wait for a slot.
wait:
	for {
		select {
		case s.slots <- struct{}{}:
			break wait
		case <-ctx.Done():
			s.waiting.Add(-1)
			return
		case <-tick.C:
			if stream {
				line(progressLine{Progress: last.Load().(string), Seconds: time.Since(start).Seconds()})
			}
		}
	}
	s.waiting.Add(-1)
	s.running.Add(1)
	last.Store("analyzing")
	type outcome struct {
		v   any
		err error
	}
	done := make(chan outcome, 1)
	var once sync.Once
	go func() {
		defer func() {
			s.running.Add(-1)
			<-s.slots
			if v := recover(); v != nil {
				s.logf("internal error: %v\n%s", v, debug.Stack())
				once.Do(func() { done <- outcome{err: fmt.Errorf("internal error: %v", v)} })
			}
		}()
		v, err := job(func(msg string) { last.Store(msg) })
		once.Do(func() { done <- outcome{v, err} })
	}()
	for {
		select {
		case o := <-done:
			status, msg := errorStatus(o.err)
			switch {
			case stream && o.err != nil:
				line(errorLine{Error: msg, Status: status})
			case stream:
				line(resultLine{Result: o.v})
			case o.err != nil:
				writeError(w, status, msg)
			default:
				writeJSON(w, http.StatusOK, o.v)
			}
			return
		case <-ctx.Done():
			s.abandoned.Add(1)
			s.logf("request cancelled after %.1fs: its analysis runs on to the end of its budget", time.Since(start).Seconds())
			return
		case <-tick.C:
			if stream {
				line(progressLine{Progress: last.Load().(string), Seconds: time.Since(start).Seconds()})
			}
		}
	}
}

// Abandoned returns the number of analyses whose request went away
// before they ended.
func (s *Server) Abandoned() int { return int(s.abandoned.Load()) }

type progressLine struct {
	Progress string  `json:"progress"`
	Seconds  float64 `json:"seconds"`
}

type resultLine struct {
	Result any `json:"result"`
}

type errorLine struct {
	Error  string `json:"error"`
	Status int    `json:"status"`
}

func errorStatus(err error) (int, string) {
	if err == nil {
		return http.StatusOK, ""
	}
	var re *RequestError
	if errors.As(err, &re) {
		return re.Status, re.Msg
	}
	return http.StatusInternalServerError, err.Error()
}

func writeRequestError(w http.ResponseWriter, err error) {
	status, msg := errorStatus(err)
	writeError(w, status, msg)
}

// writeError writes {"error": msg} with the status.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, errorLine{Error: msg, Status: status})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v)
}

// IsLoopback reports whether host (a name or an address, no port) is a
// loopback address or "localhost".
func IsLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

// Listen opens the listening socket on addr (host:port). A host that is
// not a loopback address is refused unless allowRemote: the server has no
// authentication, and anyone who can reach it can make it analyze.
func Listen(addr string, allowRemote bool) (net.Listener, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("bad address %q: %v (want host:port, like 127.0.0.1:8080)", addr, err)
	}
	if !IsLoopback(host) && !allowRemote {
		return nil, fmt.Errorf("address %q is not a loopback address: anyone who can reach it could make the server work; give --allow-remote to serve it anyway", addr)
	}
	return net.Listen("tcp", addr)
}

// HTTPServer wraps s in an http.Server with header limits and a timeout
// for reading headers (bodies: Server.decode; the analyses have their
// own budgets).
func HTTPServer(s *Server) *http.Server {
	return &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          log.New(os.Stderr, "mathgo serve: ", 0),
	}
}
