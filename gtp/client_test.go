package gtp

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// player is one side of a GTP conversation: it runs a command and returns
// the result text and whether it succeeded. Both an in-process Engine and
// a GTP subprocess are players.
type player interface {
	// Cmd runs one command line.
	Cmd(line string) (resp string, ok bool, err error)
	// Name names the player in reports.
	Name() string
	// ReadsDiagrams reports whether loadsgf accepts mathgo's position
	// files, diagrams included (GNU Go exits on a file that is not SGF).
	ReadsDiagrams() bool
}

// enginePlayer is mathgo in-process, through Exec.
type enginePlayer struct{ e *Engine }

func (p enginePlayer) Cmd(line string) (string, bool, error) {
	resp, ok, _ := p.e.Exec(line)
	return resp, ok, nil
}

func (p enginePlayer) Name() string { return "mathgo" }

func (p enginePlayer) ReadsDiagrams() bool { return true }

// gtpProc is a GTP engine in a subprocess, talked to through pipes.
type gtpProc struct {
	name   string
	cmd    *exec.Cmd
	cancel context.CancelFunc
	in     io.WriteCloser
	out    *bufio.Reader
	nextID int
	// diagrams says the engine is mathgo, whose loadsgf reads diagrams.
	diagrams bool
}

// gnugoPath returns the GNU Go binary, or "" if there is none: $GNUGO if
// set ("none" for none), else /usr/games/gnugo (Debian's package gnugo),
// else gnugo on the PATH.
func gnugoPath() string {
	if env, ok := os.LookupEnv("GNUGO"); ok {
		if env == "none" || env == "" {
			return ""
		}
		return env
	}
	if fi, err := os.Stat("/usr/games/gnugo"); err == nil && !fi.IsDir() {
		return "/usr/games/gnugo"
	}
	if p, err := exec.LookPath("gnugo"); err == nil {
		return p
	}
	return ""
}

// startGNUGo starts GNU Go in GTP mode with the given extra options, or
// skips the test if GNU Go is not installed. The process is killed when the
// test ends or after timeout, whichever comes first.
func startGNUGo(t testing.TB, timeout time.Duration, args ...string) *gtpProc {
	t.Helper()
	path := gnugoPath()
	if path == "" {
		t.Skip("GNU Go is not installed (/usr/games/gnugo, gnugo on the PATH, or $GNUGO): apt-get install gnugo")
	}
	g, err := startGTP("gnugo", timeout, path, append([]string{"--mode", "gtp"}, args...)...)
	if err != nil {
		t.Fatalf("starting GNU Go: %v", err)
	}
	t.Cleanup(g.Close)
	return g
}

// startGTP starts a GTP engine subprocess.
func startGTP(name string, timeout time.Duration, path string, args ...string) (*gtpProc, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	cmd := exec.CommandContext(ctx, path, args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		cancel()
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		cancel()
		return nil, err
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		cancel()
		return nil, err
	}
	return &gtpProc{name: name, cmd: cmd, cancel: cancel, in: in, out: bufio.NewReader(out), nextID: 1}, nil
}

func (g *gtpProc) Name() string { return g.name }

func (g *gtpProc) ReadsDiagrams() bool { return g.diagrams }

// Cmd sends one command with a fresh id and reads the response, checking
// that it answers that id.
func (g *gtpProc) Cmd(line string) (string, bool, error) {
	id := g.nextID
	g.nextID++
	if _, err := fmt.Fprintf(g.in, "%d %s\n", id, line); err != nil {
		return "", false, fmt.Errorf("%s: sending %q: %w", g.name, line, err)
	}
	var lines []string
	for {
		l, err := g.out.ReadString('\n')
		if err != nil {
			return "", false, fmt.Errorf("%s: reading the answer to %q: %w", g.name, line, err)
		}
		l = strings.TrimRight(l, "\r\n")
		if l == "" {
			if len(lines) == 0 {
				continue // tolerate stray empty lines before a response
			}
			break
		}
		lines = append(lines, l)
	}
	head := lines[0]
	if head[0] != '=' && head[0] != '?' {
		return "", false, fmt.Errorf("%s: answer to %q does not start with = or ?: %q", g.name, line, head)
	}
	ok := head[0] == '='
	rest := head[1:]
	want := fmt.Sprint(id)
	if !strings.HasPrefix(rest, want) {
		return "", false, fmt.Errorf("%s: answer to %q has the wrong id: %q", g.name, line, head)
	}
	rest = strings.TrimPrefix(rest[len(want):], " ")
	lines[0] = rest
	return strings.TrimSpace(strings.Join(lines, "\n")), ok, nil
}

// Close sends quit and waits briefly for the process, killing it if need
// be.
func (g *gtpProc) Close() {
	fmt.Fprintf(g.in, "quit\n")
	g.in.Close()
	done := make(chan struct{})
	go func() {
		g.cmd.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
	}
	g.cancel()
	<-done
}

// must runs a command on p and fails the test if it fails.
func must(t testing.TB, p player, line string) string {
	t.Helper()
	resp, ok, err := p.Cmd(line)
	if err != nil {
		t.Fatal(err)
	}
	if !ok {
		t.Fatalf("%s: %q failed: %s", p.Name(), line, resp)
	}
	return resp
}
