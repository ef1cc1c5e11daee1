package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/gtp"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/review"
)

// chromium finds a headless Chromium: $MATHGO_CHROMIUM, or Debian's
// chromium on the path.
func chromium() string {
	if p := os.Getenv("MATHGO_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// artifacts is where the browser tests keep their screenshots:
// $MATHGO_ARTIFACTS, or a directory under the system's temporary one.
func artifacts(t *testing.T) string {
	dir := os.Getenv("MATHGO_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "mathgo-serve-artifacts")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// browser starts a headless Chromium on a fresh profile (skipping the
// test when there is none) and the server, and returns a browser context
// bounded by a timeout, and the server's URL.
func browser(t *testing.T) (context.Context, string, *Server) {
	t.Helper()
	return browserWith(t, nil)
}

// browserWith is browser with the server opening the file initial (the
// FILE argument of `mathgo serve`).
func browserWith(t *testing.T, initial *Initial) (context.Context, string, *Server) {
	t.Helper()
	bin := chromium()
	if bin == "" {
		t.Skip("no Chromium (apt-get install chromium, or set MATHGO_CHROMIUM)")
	}
	if testing.Short() {
		t.Skip("browser test: not in -short mode")
	}
	s := New(Limits{}, initial)
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(bin),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1400, 1150),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelA)
	ctx, cancelC := chromedp.NewContext(actx)
	t.Cleanup(cancelC)
	ctx, cancelT := context.WithTimeout(ctx, 4*time.Minute)
	t.Cleanup(cancelT)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`))); err != nil {
		t.Fatalf("starting Chromium on the page: %v", err)
	}
	return ctx, ts.URL, s
}

// run runs void actions, failing the test on an error.
func run(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

// eval evaluates a JavaScript expression on the page.
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// text is the visible text of the first element matching sel.
func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
	if err != nil {
		t.Fatalf("%s: %v", sel, err)
	}
	return v
}

// attr is an attribute of the first element matching sel.
func attr(t *testing.T, ctx context.Context, sel, name string) string {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(sel), name))
	if err != nil {
		t.Fatalf("%s[%s]: %v", sel, name, err)
	}
	return v.Value
}

// done is the number of analyses the page has finished.
func done(t *testing.T, ctx context.Context) int {
	return eval[int](t, ctx, `Number(document.body.dataset.done||0)`)
}

// settle waits until the page has finished n analyses and is not busy.
func settle(t *testing.T, ctx context.Context, n int) {
	t.Helper()
	expr := fmt.Sprintf(`Number(document.body.dataset.done||0) >= %d && !document.body.dataset.busy`, n)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		t.Fatalf("waiting for analysis %d: %v", n, err)
	}
}

func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(artifacts(t), name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
}

// apiView asks the API for the page's view of a request.
func apiView(t *testing.T, s *Server, req Request) View {
	t.Helper()
	code, body := post(t, s, "/api/analyze?view=1", req)
	if code != 200 {
		t.Fatalf("API: %d %s", code, body)
	}
	var v View
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// pageTiles reads every tile drawn on the board: id -> "count|temperature".
const pageTilesJS = `Object.fromEntries([...document.querySelectorAll('#board g.tile')].map(g => [g.dataset.tile, g.dataset.count + '|' + g.dataset.temperature]))`

func wantTiles(v View) map[string]string {
	out := map[string]string{}
	for _, t := range v.Analysis.Tiles {
		c, tt := "", ""
		if t.Count != nil {
			c = *t.Count
		}
		if t.Temperature != nil {
			tt = *t.Temperature
		}
		out[t.ID] = c + "|" + tt
	}
	return out
}

// TestBrowserPosition loads a bundled position in Chromium, checks the
// tiles, values, totals and best move on the page against the API (which
// TestAnalyzeIsThePipeline checks against endgame), edits a stone and
// sees the analysis change, and plays a move against mathgo.
func TestBrowserPosition(t *testing.T) {
	ctx, _, s := browser(t)
	ex, _ := Examples()
	name := "five-tiles.txt"
	want := apiView(t, s, Request{Position: ex[name], Name: name})
	n := done(t, ctx)
	eval[bool](t, ctx, fmt.Sprintf(`mgLoadExample(%q), true`, name))
	settle(t, ctx, n+1)
	run(t, ctx, chromedp.Click(chromedp.CSS(`#tile-table tr[data-tile="B"]`)), chromedp.WaitVisible(chromedp.CSS(`#thermo .thermo-walls`)))
	tiles := eval[map[string]string](t, ctx, pageTilesJS)
	labels := eval[int](t, ctx, `document.querySelectorAll('#board .tile-label').length`)
	total, jb, jw, mgoB := text(t, ctx, `#total-count`), text(t, ctx, `#japanese-black`), text(t, ctx, `#japanese-white`), text(t, ctx, `#mgo-black`)
	best, bestScore := attr(t, ctx, `#board .best-move`, "data-point"), attr(t, ctx, `#board .best-move`, "data-score")
	if th := text(t, ctx, `#thermo-title`); !strings.Contains(th, "tile B: "+*want.Thermographs["B"].Canonical) {
		t.Errorf("thermograph title %q, want tile B's %s", th, *want.Thermographs["B"].Canonical)
	}
	screenshot(t, ctx, "serve-five-tiles.png")
	if w := wantTiles(want); fmt.Sprint(tiles) != fmt.Sprint(w) {
		t.Errorf("tiles on the page %v\nAPI %v", tiles, w)
	}
	if labels != len(want.Analysis.Tiles) {
		t.Errorf("%d tile labels for %d tiles", labels, len(want.Analysis.Tiles))
	}
	o := want.Analysis.Outcome
	if total != *want.Analysis.Total.Count || jb != *o.Japanese.BlackFirst || jw != *o.Japanese.WhiteFirst || mgoB != *o.MGO.BlackFirst {
		t.Errorf("page: total %s, japanese %s/%s, mgo %s; API %s, %s/%s, %s", total, jb, jw, mgoB, *want.Analysis.Total.Count, *o.Japanese.BlackFirst, *o.Japanese.WhiteFirst, *o.MGO.BlackFirst)
	}
	if b := want.Best["black"]; best != b.Point || bestScore != b.Score {
		t.Errorf("best move on the page %s (%s), API %s (%s)", best, bestScore, b.Point, b.Score)
	}
	// Hover: a move's exact score.
	m := want.Moves["black"][0]
	eval[bool](t, ctx, fmt.Sprintf(`document.querySelector('#targets rect[data-point=%q]').dispatchEvent(new MouseEvent('mouseenter')), true`, m.Point))
	hover := text(t, ctx, `#hover`)
	if !strings.Contains(hover, "score after it "+m.Score) {
		t.Errorf("hover on %s: %q, want the score %s", m.Point, hover, m.Score)
	}

	// Edit: erase the White stone D8 inside tile B; the page's analysis
	// must change and equal the API's on the edited diagram.
	n = done(t, ctx)
	run(t, ctx, chromedp.Click(chromedp.CSS(`input[name=mode][value="."]`)), chromedp.Click(chromedp.CSS(`#targets rect[data-point="D8"]`)))
	settle(t, ctx, n+1)
	tiles = eval[map[string]string](t, ctx, pageTilesJS)
	edited := eval[string](t, ctx, `mgState.base.text`)
	after := apiView(t, s, Request{Position: edited, Name: "edited"})
	if after.Board.Stones[3][3] != '.' {
		t.Errorf("D8 not erased in the edited diagram:\n%s", edited)
	}
	if w := wantTiles(after); fmt.Sprint(tiles) != fmt.Sprint(w) {
		t.Errorf("after the edit: page %v\nAPI %v", tiles, w)
	}
	if fmt.Sprint(wantTiles(after)) == fmt.Sprint(wantTiles(want)) {
		t.Errorf("erasing D8 did not change the analysis")
	}

	// Play against mathgo: Black plays its best move, mathgo answers
	// with genmove's move for White.
	n = done(t, ctx)
	bp := after.Best["black"].Point
	run(t, ctx, chromedp.Click(chromedp.CSS(`input[name=mode][value="play"]`)), chromedp.Click(chromedp.CSS(fmt.Sprintf(`#targets rect[data-point=%q]`, bp))))
	settle(t, ctx, n+1)
	log := text(t, ctx, `#playlog`)
	reply := eval[string](t, ctx, `mgState.view.reply ? mgState.view.reply.point : ''`)
	screenshot(t, ctx, "serve-play.png")
	pos, err := position.Parse("edited", []byte(edited))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pos.Board.Play(mustPoint(t, pos.Board, bp), board.Black); err != nil {
		t.Fatal(err)
	}
	p, _, err := gtp.ExactGenerator{}.GenMove(pos.Board, pos.ImmortalStones(), board.White, 0)
	if err != nil {
		t.Fatal(err)
	}
	if g := pos.Board.Name(p); reply != g || !strings.Contains(log, "mathgo white "+g) {
		t.Errorf("mathgo's answer %q (log %q), genmove plays %s", reply, log, g)
	}
}

// TestBrowserGame loads a bundled game record, checks the review's plot
// (one bar per move reviewed, the mistakes marked) against review's own
// JSON, and steps back and forth with the keyboard.
func TestBrowserGame(t *testing.T) {
	ctx, _, _ := browser(t)
	ex, _ := Examples()
	name := "gote2.sgf"
	g, err := position.ParseGame(name, []byte(ex[name]))
	if err != nil {
		t.Fatal(err)
	}
	res, err := review.Review(g, review.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rj := res.JSON()
	mistakes := 0
	for _, m := range rj.Moves {
		if m.Lost != nil && *m.Lost != "0" {
			mistakes++
		}
	}
	if mistakes == 0 {
		t.Fatal("the bundled game has no mistake to show")
	}
	n := done(t, ctx)
	eval[bool](t, ctx, fmt.Sprintf(`mgLoadExample(%q), true`, name))
	settle(t, ctx, n+1)
	run(t, ctx, chromedp.WaitVisible(chromedp.CSS(`#plot .bar`)))
	bars := eval[int](t, ctx, `document.querySelectorAll('#plot .bar').length`)
	marked := eval[int](t, ctx, `document.querySelectorAll('#plot .bar.mistake').length`)
	lost := attr(t, ctx, `#plot .bar.mistake`, "data-lost")
	movenum := text(t, ctx, `#movenum`)
	if bars != len(rj.Moves) || marked != mistakes {
		t.Errorf("plot: %d bars, %d mistakes; review: %d moves, %d mistakes", bars, marked, len(rj.Moves), mistakes)
	}
	if lost != mistakeLost(rj) {
		t.Errorf("first mistake on the plot lost %s", lost)
	}
	if movenum != fmt.Sprintf("move %d of %d", len(g.Moves), len(g.Moves)) {
		t.Errorf("at the end: %q", movenum)
	}
	// Home, then right arrow twice: the position after move 2.
	for _, key := range []string{kb.Home, kb.ArrowRight, kb.ArrowRight} {
		n = done(t, ctx)
		run(t, ctx, chromedp.KeyEvent(key))
		settle(t, ctx, n+1)
	}
	movenum = text(t, ctx, `#movenum`)
	stones := eval[string](t, ctx, `mgState.view.board.stones.join('\n')`)
	if movenum != fmt.Sprintf("move 2 of %d", len(g.Moves)) {
		t.Errorf("after Home and two right arrows: %q", movenum)
	}
	pos, _ := g.PositionAfter(2)
	if want := strings.Join(boardJSON(pos).Stones, "\n"); stones != want {
		t.Errorf("board after move 2:\n%s\nwant\n%s", stones, want)
	}
	screenshot(t, ctx, "serve-game.png")
}

func mistakeLost(rj review.JSON) string {
	for _, m := range rj.Moves {
		if m.Lost != nil && *m.Lost != "0" {
			return *m.Lost
		}
	}
	return ""
}

// TestBrowserCancel holds every analysis slot, so that the page's
// request waits with its progress shown, presses Cancel, and checks that
// the page says so, the server drops the request, and the next analysis
// runs. The slots are held by the test: nothing depends on timing.
func TestBrowserCancel(t *testing.T) {
	ctx, _, s := browser(t)
	for range s.limits.Concurrent {
		s.slots <- struct{}{}
	}
	eval[bool](t, ctx, `mgLoadExample('five-tiles.txt'), true`)
	waitFor(t, func() bool { return s.waiting.Load() == 1 })
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById('status').textContent.includes('waiting for a free analysis slot')`, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		t.Fatalf("no progress shown: %v", err)
	}
	run(t, ctx, chromedp.Click(chromedp.CSS(`#cancel`)))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById('status').textContent.startsWith('cancelled')`, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		t.Fatalf("the page does not say cancelled: %v", err)
	}
	waitFor(t, func() bool { return s.waiting.Load() == 0 })
	if hidden := eval[bool](t, ctx, `document.getElementById('cancel').hidden`); !hidden {
		t.Errorf("the cancel button is still shown")
	}
	for range s.limits.Concurrent {
		<-s.slots
	}
	n := done(t, ctx)
	eval[bool](t, ctx, `mgLoadExample('five-tiles.txt'), true`)
	settle(t, ctx, n+1)
	if got := eval[int](t, ctx, `document.querySelectorAll('#board g.tile').length`); got != 5 {
		t.Errorf("after the cancel: %d tiles drawn, want 5", got)
	}
}

// TestBrowserDiagram checks the page's diagram writer (what an edit
// sends): for every choice of open sides, the diagram it writes reads
// back, through the API, as the same stones, open sides and side to
// move.
func TestBrowserDiagram(t *testing.T) {
	ctx, _, s := browser(t)
	// Immortal stones and no ko, so that each analysis is quick.
	stones := []string{"##.@@", "#...@", "##.@@", ".#.@."}
	js, _ := json.Marshal(stones)
	// Mask 15, every side open, is no border at all: a whole board, by
	// the diagram format's rule, so no parsed position has it.
	for mask := range 15 {
		open := position.Sides{Top: mask&1 != 0, Bottom: mask&2 != 0, Left: mask&4 != 0, Right: mask&8 != 0}
		oj, _ := json.Marshal(open)
		text := eval[string](t, ctx, fmt.Sprintf(`diagram(%s, %s, 'white')`, js, oj))
		v := apiView(t, s, Request{Position: text, Name: "page-diagram"})
		if fmt.Sprint(v.Board.Stones) != fmt.Sprint(stones) || v.Board.Open != open || v.Board.ToMove != "white" {
			t.Errorf("open %+v: the page wrote\n%s\nread back as %v, open %+v, %q to move", open, text, v.Board.Stones, v.Board.Open, v.Board.ToMove)
		}
	}
}

// TestBrowserLoading loads positions every way the page takes them but
// drag and drop: the FILE argument, the file chooser, the paste box; and
// a binary file, which gets the parser's error in words.
func TestBrowserLoading(t *testing.T) {
	ex, _ := Examples()
	ctx, _, _ := browserWith(t, &Initial{Name: "five-tiles.txt", Position: ex["five-tiles.txt"]})
	settle(t, ctx, 1)
	if got := eval[string](t, ctx, `mgState.base.name + ' ' + document.querySelectorAll('#board g.tile').length`); got != "five-tiles.txt 5" {
		t.Errorf("FILE argument: %q", got)
	}
	dir := t.TempDir()
	game := filepath.Join(dir, "gote2.sgf")
	binary := filepath.Join(dir, "image.png")
	if err := os.WriteFile(game, []byte(ex["gote2.sgf"]), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(binary, []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	n := done(t, ctx)
	run(t, ctx, chromedp.SetUploadFiles(chromedp.CSS(`#file`), []string{game}))
	settle(t, ctx, n+1)
	if got := eval[string](t, ctx, `mgState.base.name + ' ' + mgState.view.game + ' ' + mgState.view.board.cols`); got != "gote2.sgf true 9" {
		t.Errorf("file chooser: %q", got)
	}
	n = done(t, ctx)
	run(t, ctx, chromedp.Click(chromedp.CSS(`#paste-toggle`)), chromedp.SetValue(chromedp.CSS(`#paste`), ex["infinitesimal-1.txt"]), chromedp.Click(chromedp.CSS(`#paste-load`)))
	settle(t, ctx, n+1)
	want := apiView(t, New(Limits{}, nil), Request{Position: ex["infinitesimal-1.txt"], Name: "pasted"})
	if got := eval[map[string]string](t, ctx, pageTilesJS); fmt.Sprint(got) != fmt.Sprint(wantTiles(want)) {
		t.Errorf("paste: tiles %v, want %v", got, wantTiles(want))
	}
	n = done(t, ctx)
	run(t, ctx, chromedp.SetUploadFiles(chromedp.CSS(`#file`), []string{binary}))
	settle(t, ctx, n+1)
	if msg := text(t, ctx, `#error`); !strings.Contains(msg, "image.png") {
		t.Errorf("binary file: error %q, want it to name the file", msg)
	}
}
