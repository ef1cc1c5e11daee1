package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/gtp"
	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/mathgo/mathgo/position"
)

func post(t *testing.T, h http.Handler, path string, body any) (int, []byte) {
	t.Helper()
	var data []byte
	switch b := body.(type) {
	case string:
		data = []byte(b)
	case []byte:
		data = b
	default:
		var err error
		if data, err = json.Marshal(body); err != nil {
			t.Fatal(err)
		}
	}
	req := httptest.NewRequest("POST", path, bytes.NewReader(data))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes()
}

// generic decodes JSON into maps, with what may differ between two runs
// left out (testpos.DropRunVarying: the timing, the search's nodes and
// principal variations).
func generic(t *testing.T, data []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("not JSON: %v: %.300s", err, data)
	}
	testpos.DropRunVarying(m)
	return m
}

// TestAnalyzeIsThePipeline checks, for every bundled position, that POST
// /api/analyze answers the report's JSON as endgame gives it (the same
// position parsed and analyzed here, with analyze's budgets), and that
// the page's view carries that same analysis. Spight's problem
// (testlong.HeavyExamples) is checked in the long tier only.
func TestAnalyzeIsThePipeline(t *testing.T) {
	ex, err := Examples()
	if err != nil || len(ex) < 5 {
		t.Fatalf("examples: %d, %v", len(ex), err)
	}
	s := New(Limits{}, nil)
	for name, text := range ex {
		t.Run(name, func(t *testing.T) {
			testlong.SkipHeavy(t, name)
			code, body := post(t, s, "/api/analyze", Request{Position: text, Name: name})
			if code != 200 {
				t.Fatalf("status %d: %s", code, body)
			}
			got := generic(t, body)
			var pos *position.Position
			game := false
			if g, err := position.ParseGame(name, []byte(text)); err == nil && len(g.Moves) > 0 && (g.KomiKnown || g.Rules != "" || g.Result != "") {
				game = true
				pos, err = g.PositionAfter(-1)
				if err != nil {
					t.Fatal(err)
				}
			} else if pos, err = position.Parse(name, []byte(text)); err != nil {
				t.Fatal(err)
			}
			r, err := endgame.Analyze(pos, endgame.Options{})
			if err != nil {
				t.Fatal(err)
			}
			wantData, _ := json.Marshal(r.JSON(endgame.DefaultMaxPrint))
			want := generic(t, wantData)
			for k, v := range want {
				if !reflect.DeepEqual(got[k], v) {
					t.Errorf("%s: API %v\nendgame %v", k, got[k], v)
				}
			}
			if _, ok := got["move"]; ok != game {
				t.Errorf("move field present %v, game record %v", ok, game)
			}
			code, body = post(t, s, "/api/analyze?view=1", Request{Position: text, Name: name})
			if code != 200 {
				t.Fatalf("view: status %d: %s", code, body)
			}
			var v struct {
				Analysis json.RawMessage `json:"analysis"`
			}
			if err := json.Unmarshal(body, &v); err != nil {
				t.Fatal(err)
			}
			if va := generic(t, v.Analysis); !reflect.DeepEqual(va, got) {
				t.Errorf("the view's analysis differs from /api/analyze")
			}
		})
	}
}

// TestMoveScores checks the per-move scores of gote2's start against the
// review: Black's E9 (a dame) lets White reach -1, E6 keeps 1.
func TestMoveScores(t *testing.T) {
	ex, _ := Examples()
	s := New(Limits{}, nil)
	zero := 0
	code, body := post(t, s, "/api/analyze?view=1", Request{Position: ex["gote2.sgf"], Name: "gote2.sgf", Move: &zero})
	if code != 200 {
		t.Fatalf("status %d: %s", code, body)
	}
	var v View
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatal(err)
	}
	score := map[string]MoveScore{}
	for _, m := range v.Moves["black"] {
		score[m.Point] = m
	}
	if m := score["E6"]; m.Score != "1" || !m.Optimal {
		t.Errorf("E6: %+v, want score 1, optimal", m)
	}
	if m := score["E9"]; m.Score != "-1" || m.Optimal {
		t.Errorf("E9: %+v, want score -1, not optimal", m)
	}
	if b := v.Best["black"]; b.Point != "E6" || b.Score != "1" {
		t.Errorf("best for black %+v, want E6 with score 1", b)
	}
	if v.Board.ToMove != "black" || !v.Game || v.GameMoves != 6 {
		t.Errorf("board %+v, game %v, moves %d", v.Board, v.Game, v.GameMoves)
	}
}

// TestMoveScoresKo: a position with ko tiles gets its per-move scores from
// the same scored game (exact play with the ko ban): on P + P + P
// (testdata/ko/p-p-p.txt) Black wins by one point, and taking any of the
// three kos keeps it.
func TestMoveScoresKo(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "ko", "p-p-p.txt"))
	if err != nil {
		t.Fatal(err)
	}
	s := New(Limits{}, nil)
	code, body := post(t, s, "/api/analyze?view=1", Request{Position: string(data), Name: "p-p-p.txt"})
	if code != 200 {
		t.Fatalf("status %d: %s", code, body)
	}
	var v View
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatal(err)
	}
	optimal := 0
	for _, m := range v.Moves["black"] {
		if m.Optimal {
			optimal++
			if m.Score != "1" {
				t.Errorf("%s: optimal with score %s, want 1", m.Point, m.Score)
			}
		}
	}
	if optimal != 3 || !v.Best["black"].Ko || v.Best["black"].Score != "1" {
		t.Errorf("moves %+v, best %+v: want three optimal kos worth 1", v.Moves["black"], v.Best["black"])
	}
}

// TestPlayAnswersAsGenmove plays a move on gote2's start and checks that
// mathgo's answer is the move the GTP engine's genmove makes there.
func TestPlayAnswersAsGenmove(t *testing.T) {
	ex, _ := Examples()
	s := New(Limits{}, nil)
	zero := 0
	req := Request{Position: ex["gote2.sgf"], Name: "gote2.sgf", Move: &zero, Plays: []string{"B E9"}, Reply: "white"}
	code, body := post(t, s, "/api/play", req)
	if code != 200 {
		t.Fatalf("status %d: %s", code, body)
	}
	var v View
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatal(err)
	}
	if v.Reply == nil {
		t.Fatalf("no reply: %s", v.ReplyError)
	}
	g, err := position.ParseGame("gote2.sgf", []byte(ex["gote2.sgf"]))
	if err != nil {
		t.Fatal(err)
	}
	pos, _ := g.PositionAfter(0)
	if _, err := pos.Board.Play(mustPoint(t, pos.Board, "E9"), board.Black); err != nil {
		t.Fatal(err)
	}
	p, _, err := gtp.ExactGenerator{}.GenMove(pos.Board, pos.Immortal, board.White, 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := pos.Board.Name(p); v.Reply.Point != want {
		t.Errorf("mathgo answered %s, genmove plays %s", v.Reply.Point, want)
	}
	if want := []string{"B E9", "W " + v.Reply.Point}; !reflect.DeepEqual(v.Plays, want) {
		t.Errorf("plays %v, want %v", v.Plays, want)
	}
	if v.Board.ToMove != "black" {
		t.Errorf("to move after the answer: %q", v.Board.ToMove)
	}
}

func mustPoint(t *testing.T, b *board.Board, s string) board.Point {
	t.Helper()
	p, err := b.ParsePoint(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBadRequests sends what a broken or hostile page could: each gets
// a clear error with the right status, and the server goes on serving.
func TestBadRequests(t *testing.T) {
	ex, _ := Examples()
	s := New(Limits{MaxBody: 64 << 10}, nil)
	big25 := "(;FF[4]SZ[25]AB[aa][yy])"
	var diag25 strings.Builder
	for range 25 {
		diag25.WriteString(strings.Repeat(". ", 25) + "\n")
	}
	binary := make([]byte, 3000)
	for i := range binary {
		binary[i] = byte(i*7 + i/13)
	}
	cases := []struct {
		name, path string
		body       any
		status     int
		want       string
	}{
		{"malformed JSON", "/api/analyze", `{"position": "abc`, 400, "malformed request"},
		{"not an object", "/api/analyze", `[1,2,3]`, 400, "malformed request"},
		{"wrong type", "/api/analyze", `{"position": 3}`, 400, `"position" must be a string`},
		{"unknown field", "/api/analyze", `{"positon": "x"}`, 400, "unknown field"},
		{"two values", "/api/analyze", `{"position": "X"} {}`, 400, "more than one JSON value"},
		{"empty", "/api/analyze", `{}`, 400, "no position"},
		{"oversized", "/api/analyze", `{"position": "` + strings.Repeat("x", 70<<10) + `"}`, 413, "request too large"},
		{"25x25 SGF", "/api/analyze", Request{Position: big25}, 400, "at most 19x19"},
		{"25x25 diagram", "/api/analyze", Request{Position: diag25.String()}, 400, "at most 19x19"},
		{"binary file", "/api/analyze", Request{Position: string(binary), Name: "x.bin"}, 400, "x.bin"},
		{"bad diagram", "/api/analyze", Request{Position: "+---+\n|X Q|\n+---+\n", Name: "d.txt"}, 400, "d.txt:2"},
		{"move past the end", "/api/analyze", Request{Position: ex["gote2.sgf"], Move: ptr(99)}, 400, "no move 99"},
		{"move on a diagram", "/api/analyze", Request{Position: ex["five-tiles.txt"], Move: ptr(3)}, 400, "for a game record"},
		{"bad play", "/api/play", Request{Position: ex["five-tiles.txt"], Plays: []string{"B"}}, 400, "want a colour and a point"},
		{"bad colour", "/api/play", Request{Position: ex["five-tiles.txt"], Plays: []string{"R B10"}}, 400, "colour must be B or W"},
		{"off the board", "/api/play", Request{Position: ex["five-tiles.txt"], Plays: []string{"B Z30"}}, 400, "play 1"},
		{"occupied", "/api/play", Request{Position: ex["five-tiles.txt"], Plays: []string{"B A1"}}, 400, "illegal move"},
		{"bad reply", "/api/play", Request{Position: ex["five-tiles.txt"], Reply: "red"}, 400, "reply must be"},
		{"review of a position", "/api/review", Request{Position: ex["five-tiles.txt"]}, 400, "needs a game record"},
		{"long game", "/api/review", Request{Position: "(;SZ[9]KM[6.5]" + strings.Repeat(";B[];W[]", 600) + ")"}, 400, "at most 1000"},
		{"long name", "/api/analyze", Request{Position: "X", Name: strings.Repeat("n", 300)}, 400, "file name"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, body := post(t, s, c.path, c.body)
			if code != c.status {
				t.Errorf("status %d, want %d: %s", code, c.status, body)
			}
			var e struct {
				Error string `json:"error"`
			}
			if err := json.Unmarshal(body, &e); err != nil || !strings.Contains(e.Error, c.want) {
				t.Errorf("error %q (%v), want it to mention %q", e.Error, err, c.want)
			}
		})
	}
	// A streamed request with an error ends with an error line.
	code, body := post(t, s, "/api/analyze?stream=1", Request{Position: "+---+\n|X Q|\n+---+\n"})
	if code != 400 || !strings.Contains(string(body), "error") {
		t.Errorf("stream with a bad position: %d %s", code, body)
	}
	// Wrong method, unknown path.
	for _, c := range []struct {
		method, path string
		status       int
	}{{"GET", "/api/analyze", 405}, {"PUT", "/api/review", 405}, {"GET", "/nothing-here", 404}, {"GET", "/api/nothing", 404}} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest(c.method, c.path, nil))
		if rec.Code != c.status {
			t.Errorf("%s %s: %d, want %d", c.method, c.path, rec.Code, c.status)
		}
	}
	// Still serving.
	if code, body := post(t, s, "/api/analyze", Request{Position: ex["five-tiles.txt"]}); code != 200 {
		t.Errorf("after the bad requests: %d %s", code, body)
	}
}

func ptr[T any](v T) *T { return &v }

// TestLoopbackOnly refuses a Host header that is not a loopback name.
func TestLoopbackOnly(t *testing.T) {
	s := New(Limits{}, nil)
	s.LoopbackOnly("8080")
	for host, want := range map[string]int{"localhost:8080": 200, "127.0.0.1:8080": 200, "evil.example:8080": 403, "127.0.0.1:9999": 403} {
		req := httptest.NewRequest("GET", "/", nil)
		req.Host = host
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != want {
			t.Errorf("Host %s: %d, want %d", host, rec.Code, want)
		}
	}
	if _, err := Listen("0.0.0.0:0", false); err == nil || !strings.Contains(err.Error(), "--allow-remote") {
		t.Errorf("Listen on 0.0.0.0 without allowRemote: %v", err)
	}
	ln, err := Listen("127.0.0.1:0", false)
	if err != nil {
		t.Fatal(err)
	}
	ln.Close()
}

// TestManyAtOnce fills the analysis slots and the queue, and checks that
// the next requests are refused with 503 while the queued ones are
// answered once the slots free up. The slots are held by the test, so
// the outcome does not depend on timing.
func TestManyAtOnce(t *testing.T) {
	ex, _ := Examples()
	s := New(Limits{Concurrent: 2, Queue: 3}, nil)
	for range 2 {
		s.slots <- struct{}{}
	}
	body, _ := json.Marshal(Request{Position: ex["five-tiles.txt"]})
	var wg sync.WaitGroup
	codes := make(chan int, 10)
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, httptest.NewRequest("POST", "/api/analyze", bytes.NewReader(body)))
			codes <- rec.Code
		}()
	}
	waitFor(t, func() bool { return s.waiting.Load() == 3 })
	for range 4 {
		code, msg := post(t, s, "/api/analyze", body)
		if code != 503 || !strings.Contains(string(msg), "busy") {
			t.Errorf("over the queue: %d %s", code, msg)
		}
	}
	<-s.slots
	<-s.slots
	wg.Wait()
	close(codes)
	for c := range codes {
		if c != 200 {
			t.Errorf("a queued request got %d", c)
		}
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for !cond() {
		select {
		case <-ctx.Done():
			t.Fatal("condition never met")
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// TestCancel checks that a request that goes away (the page's cancel
// button) ends its handler at once while its analysis keeps its slot to
// the end, and that streamed progress comes before the result.
func TestCancel(t *testing.T) {
	s := New(Limits{Concurrent: 1}, nil)
	release := make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	req := httptest.NewRequest("POST", "/api/analyze?stream=1", nil).WithContext(ctx)
	rec := httptest.NewRecorder()
	done := make(chan struct{})
	go func() {
		s.run(rec, req, func(progress func(string)) (any, error) {
			progress("working")
			<-release
			return "never written", nil
		})
		close(done)
	}()
	waitFor(t, func() bool { return s.running.Load() == 1 })
	cancel()
	<-done
	if s.Abandoned() != 1 || s.running.Load() != 1 {
		t.Errorf("abandoned %d, running %d", s.Abandoned(), s.running.Load())
	}
	if strings.Contains(rec.Body.String(), "never written") {
		t.Errorf("a cancelled request got its result")
	}
	close(release)
	waitFor(t, func() bool { return s.running.Load() == 0 && len(s.slots) == 0 })

	// A job that panics is an internal error, not the end of the server.
	rec = httptest.NewRecorder()
	s.run(rec, httptest.NewRequest("POST", "/api/analyze", nil), func(func(string)) (any, error) { panic("boom") })
	if rec.Code != 500 || !strings.Contains(rec.Body.String(), "internal error: boom") {
		t.Errorf("panic: %d %s", rec.Code, rec.Body.String())
	}

	// Streaming: progress lines, then the result.
	rec = httptest.NewRecorder()
	step := make(chan struct{})
	go func() { time.Sleep(1200 * time.Millisecond); close(step) }()
	s.run(rec, httptest.NewRequest("POST", "/api/analyze?stream=1", nil), func(progress func(string)) (any, error) {
		progress("half way")
		<-step
		return map[string]int{"x": 1}, nil
	})
	lines := strings.Split(strings.TrimSpace(rec.Body.String()), "\n")
	last := lines[len(lines)-1]
	if last != `{"result":{"x":1}}` {
		t.Errorf("last line %s", last)
	}
	for _, l := range lines[:len(lines)-1] {
		if !strings.Contains(l, `"progress"`) {
			t.Errorf("line before the result: %s", l)
		}
	}
}

// TestPageAssets checks that the page and its assets are served from
// the binary and that the page asks nothing of another host.
func TestPageAssets(t *testing.T) {
	s := New(Limits{}, &Initial{Name: "x.txt", Position: "X"})
	for _, p := range []string{"/", "/app.js", "/style.css", "/api/examples", "/api/initial", "/api/limits"} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", p, nil))
		if rec.Code != 200 {
			t.Errorf("%s: %d", p, rec.Code)
		}
		b, _ := io.ReadAll(rec.Body)
		text := strings.ReplaceAll(string(b), "http://www.w3.org/2000/svg", "")
		if strings.Contains(text, "http://") || strings.Contains(text, "https://") {
			t.Errorf("%s mentions another host", p)
		}
		if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("%s: CSP %q", p, csp)
		}
	}
}

// FuzzDecodeRequest feeds arbitrary bodies to the request decoding: it
// must never panic, every refusal is a RequestError with a 4xx status,
// and every position accepted fits the board limit.
func FuzzDecodeRequest(f *testing.F) {
	ex, _ := Examples()
	for name, text := range ex {
		b, _ := json.Marshal(Request{Position: text, Name: name})
		f.Add(b)
	}
	f.Add([]byte(`{"position":"(;SZ[25])"}`))
	f.Add([]byte(`{"position":"(;SZ[3];B[aa];W[bb])","move":1,"plays":["B cc","W pass"]}`))
	f.Add([]byte(`{"position":"X O\nO X","plays":["B C3"],"reply":"white"}`))
	f.Add([]byte(`{"position`))
	l := DefaultLimits()
	l.MaxBody = 8 << 10
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := DecodeRequest(bytes.NewReader(data), l)
		if err != nil {
			re, ok := err.(*RequestError)
			if !ok || re.Status < 400 || re.Status > 499 || re.Msg == "" {
				t.Fatalf("error %T %v", err, err)
			}
			return
		}
		b := in.Pos.Board
		if b.Cols() > l.MaxBoard || b.Rows() > l.MaxBoard {
			t.Fatalf("accepted a %dx%d board", b.Cols(), b.Rows())
		}
		if err := applyPlays(in.Pos, in.Plays); err != nil {
			if _, ok := err.(*RequestError); !ok {
				t.Fatalf("plays: %T %v", err, err)
			}
		}
		_ = fmt.Sprint(boardJSON(in.Pos))
	})
}

// TestConcurrentAnalyses runs analyses of different positions at once
// (as several pages would) and checks each answer equals the one the
// same request gets alone. Run with -race, it checks that the pipeline
// may be shared by concurrent requests.
func TestConcurrentAnalyses(t *testing.T) {
	ex, _ := Examples()
	names := []string{"five-tiles.txt", "gote2.sgf", "infinitesimal-1.txt", "one-point-ko-p.txt", "choice.sgf"}
	s := New(Limits{Concurrent: len(names), Queue: len(names)}, nil)
	alone := map[string]map[string]any{}
	for _, name := range names {
		code, body := post(t, s, "/api/analyze", Request{Position: ex[name], Name: name})
		if code != 200 {
			t.Fatalf("%s: %d %s", name, code, body)
		}
		alone[name] = generic(t, body)
	}
	var wg sync.WaitGroup
	for round := range 2 {
		for _, name := range names {
			wg.Add(1)
			go func() {
				defer wg.Done()
				body, _ := json.Marshal(Request{Position: ex[name], Name: name})
				rec := httptest.NewRecorder()
				s.ServeHTTP(rec, httptest.NewRequest("POST", "/api/analyze", bytes.NewReader(body)))
				if rec.Code != 200 {
					t.Errorf("%s (round %d): %d %s", name, round, rec.Code, rec.Body.String())
					return
				}
				var got map[string]any
				if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
					t.Error(err)
					return
				}
				testpos.DropRunVarying(got)
				if !reflect.DeepEqual(got, alone[name]) {
					t.Errorf("%s: the answer differs when analyses run at once", name)
				}
			}()
		}
		wg.Wait()
	}
}
