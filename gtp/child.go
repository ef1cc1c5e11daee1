package gtp

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// DefaultChildTimeout bounds every command sent to a child engine except
// genmove (whose bound is the time left for the move).
const DefaultChildTimeout = 5 * time.Second

// maxChildLine bounds a line of a child engine's answer.
const maxChildLine = 1 << 20

// Child is a GTP engine running as a child process (mathgo gtp --engine
// CMD), talked to through its standard input and output. Every command is
// sent with a fresh numeric id, and the answer must carry it. A call that
// takes too long, an answer that is not GTP, or the end of the process
// breaks the child: it is killed, and the calls after fail at once until
// Restart. A Child is not safe for concurrent use.
type Child struct {
	argv    []string
	log     io.Writer
	timeout time.Duration

	proc   *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string   // the lines of standard output; closed at its end
	stop   chan struct{} // closed to stop the readers
	exited chan struct{} // closed when the process and its readers are done
	nextID int
	broken error
	name   string
	known  map[string]bool
}

// ChildOptions configure a Child.
type ChildOptions struct {
	// Timeout bounds each command but genmove (0: DefaultChildTimeout).
	Timeout time.Duration
	// Log receives the child's standard error, line by line, and the
	// reasons of failures; nil discards them. It must be safe for
	// concurrent use (the child's standard error is read by a goroutine).
	Log io.Writer
}

// StartChild starts the GTP engine that command names: its words
// (SplitCommand: spaces separate words, quotes and backslashes work as in
// a shell) are the program and its arguments, run directly, not through a
// shell. It checks that the engine answers protocol_version with 2 and
// asks its name.
func StartChild(command string, opts ChildOptions) (*Child, error) {
	argv, err := SplitCommand(command)
	if err != nil {
		return nil, fmt.Errorf("engine command %q: %w", command, err)
	}
	if len(argv) == 0 {
		return nil, fmt.Errorf("engine command %q: empty", command)
	}
	c := &Child{argv: argv, log: opts.Log, timeout: opts.Timeout}
	if c.log == nil {
		c.log = io.Discard
	}
	if c.timeout <= 0 {
		c.timeout = DefaultChildTimeout
	}
	if err := c.start(); err != nil {
		return nil, err
	}
	return c, nil
}

// start starts the process and checks its protocol version.
func (c *Child) start() error {
	cmd := exec.Command(c.argv[0], c.argv[1:]...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return fmt.Errorf("engine %s: %w", c.argv[0], err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return fmt.Errorf("engine %s: %w", c.argv[0], err)
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return fmt.Errorf("engine %s: %w", c.argv[0], err)
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("engine %s: %w", c.argv[0], err)
	}
	c.proc, c.stdin, c.broken, c.nextID = cmd, stdin, nil, 1
	c.lines = make(chan string, 64)
	c.stop = make(chan struct{})
	c.exited = make(chan struct{})
	c.known = map[string]bool{}
	var readers sync.WaitGroup
	readers.Add(2)
	go func(lines chan<- string, stop <-chan struct{}) {
		defer readers.Done()
		defer close(lines)
		send := func(l string) bool {
			select {
			case lines <- l:
				return true
			case <-stop:
				return false
			}
		}
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 4096), maxChildLine)
		for sc.Scan() {
			if !send(sc.Text()) {
				io.Copy(io.Discard, stdout) // until the process ends
				return
			}
		}
		if err := sc.Err(); err != nil {
			send("\x00" + err.Error()) // a marker no GTP line has
			io.Copy(io.Discard, stdout)
		}
	}(c.lines, c.stop)
	go func() {
		defer readers.Done()
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 4096), maxChildLine)
		for sc.Scan() {
			fmt.Fprintf(c.log, "engine %s: %s\n", c.argv[0], sc.Text())
		}
	}()
	go func(exited chan<- struct{}) {
		readers.Wait()
		cmd.Wait()
		close(exited)
	}(c.exited)
	v, err := c.Call("protocol_version", c.timeout)
	if err != nil {
		return err
	}
	if v != "2" {
		c.fail(fmt.Errorf("speaks GTP version %q, not 2", v))
		return c.broken
	}
	if name, err := c.Call("name", c.timeout); err == nil && name != "" {
		c.name = name
	}
	return nil
}

// Name names the engine: its answer to name, or its program.
func (c *Child) Name() string {
	if c.name != "" {
		return c.name
	}
	return c.argv[0]
}

// Err returns why the child is broken, or nil.
func (c *Child) Err() error { return c.broken }

// Restart kills the process if it still runs and starts a new one.
func (c *Child) Restart() error {
	c.kill()
	return c.start()
}

// Known reports whether the engine knows the command name (known_command,
// asked once per name and process).
func (c *Child) Known(name string) bool {
	if k, ok := c.known[name]; ok {
		return k
	}
	r, err := c.Call("known_command "+name, c.timeout)
	k := err == nil && r == "true"
	if err == nil {
		c.known[name] = k
	}
	return k
}

// ErrRefused is wrapped by the errors of commands the child answered with
// a failure ("? ...").
var ErrRefused = errors.New("the engine refused")

// Call sends one command and returns the result text of a success. A
// failure answer is an error wrapping ErrRefused (the child stays usable);
// no answer within timeout (DefaultChildTimeout if not positive), an
// answer that is not GTP, or the end of the process break the child.
func (c *Child) Call(cmd string, timeout time.Duration) (string, error) {
	if c.broken != nil {
		return "", fmt.Errorf("engine %s is not running: %w", c.argv[0], c.broken)
	}
	if strings.ContainsAny(cmd, "\n\r") {
		return "", fmt.Errorf("engine %s: command %q spans lines", c.argv[0], cmd)
	}
	if timeout <= 0 {
		timeout = c.timeout
	}
	id := c.nextID
	c.nextID++
	if _, err := fmt.Fprintf(c.stdin, "%d %s\n", id, cmd); err != nil {
		return "", c.fail(fmt.Errorf("sending %q: %w", cmd, err))
	}
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	var resp []string
	for {
		var line string
		var ok bool
		select {
		case line, ok = <-c.lines:
		case <-timer.C:
			return "", c.fail(fmt.Errorf("no answer to %q within %v", cmd, timeout))
		}
		if !ok {
			return "", c.fail(fmt.Errorf("the process ended before answering %q", cmd))
		}
		if strings.HasPrefix(line, "\x00") {
			return "", c.fail(fmt.Errorf("reading the answer to %q: %s", cmd, line[1:]))
		}
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" {
			if len(resp) == 0 {
				continue // empty lines before an answer are tolerated
			}
			break
		}
		resp = append(resp, line)
	}
	text, ok, err := parseChildAnswer(resp, id)
	if err != nil {
		return "", c.fail(fmt.Errorf("answer to %q: %w", cmd, err))
	}
	if !ok {
		return "", fmt.Errorf("%w %q: %s", ErrRefused, cmd, text)
	}
	return text, nil
}

// parseChildAnswer reads the lines of one GTP answer (without the final
// empty line) to the command with the given id: the result text (its
// lines joined by newlines, trimmed), and whether it is a success.
func parseChildAnswer(lines []string, id int) (text string, ok bool, err error) {
	if len(lines) == 0 {
		return "", false, errors.New("empty answer")
	}
	head := lines[0]
	if head == "" || (head[0] != '=' && head[0] != '?') {
		return "", false, fmt.Errorf("not a GTP answer: %q", truncate(head, 80))
	}
	ok = head[0] == '='
	rest := head[1:]
	digits := 0
	for digits < len(rest) && rest[digits] >= '0' && rest[digits] <= '9' {
		digits++
	}
	if rest[:digits] != fmt.Sprint(id) {
		return "", false, fmt.Errorf("answer for id %q, not %d: %q", rest[:digits], id, truncate(head, 80))
	}
	rest = rest[digits:]
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return "", false, fmt.Errorf("no space after the id: %q", truncate(head, 80))
	}
	out := append([]string{rest}, lines[1:]...)
	return strings.TrimSpace(strings.Join(out, "\n")), ok, nil
}

// truncate shortens s to at most n bytes for messages.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// fail breaks the child with err (logged), kills it, and returns err.
func (c *Child) fail(err error) error {
	err = fmt.Errorf("engine %s: %w", c.argv[0], err)
	if c.broken == nil {
		c.broken = err
		fmt.Fprintf(c.log, "%v; the engine is stopped\n", err)
	}
	c.kill()
	return err
}

// kill ends the process (if running) and waits for it and its readers.
func (c *Child) kill() {
	if c.broken == nil {
		c.broken = errors.New("stopped")
	}
	c.shutdown(100 * time.Millisecond)
}

// shutdown closes the child's standard input, gives the process grace
// time to end, then kills it. It waits at most two seconds more for the
// pipes to close (a grandchild could keep them open).
func (c *Child) shutdown(grace time.Duration) {
	if c.proc == nil {
		return
	}
	close(c.stop)
	c.stdin.Close()
	select {
	case <-c.exited:
	case <-time.After(grace):
		c.proc.Process.Kill()
		select {
		case <-c.exited:
		case <-time.After(2 * time.Second):
		}
	}
	c.proc = nil
}

// Close sends quit (briefly waiting for the answer) and ends the process.
func (c *Child) Close() {
	if c.proc == nil {
		return
	}
	if c.broken == nil {
		c.Call("quit", time.Second)
	}
	if c.broken == nil {
		c.broken = errors.New("closed")
	}
	c.shutdown(2 * time.Second)
}

// SplitCommand splits a command line into words the way a shell does for
// simple commands: words are separated by unquoted spaces or tabs; single
// quotes keep everything up to the next single quote; double quotes keep
// everything up to the next unescaped double quote, where a backslash
// escapes a double quote or a backslash; outside quotes a backslash
// escapes the next character. No variables, globs or redirections.
func SplitCommand(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case ch == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, errors.New("unterminated single quote")
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case ch == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				w.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, errors.New("unterminated double quote")
			}
			inWord = true
		case ch == '\\':
			if i+1 >= len(s) {
				return nil, errors.New("backslash at the end")
			}
			i++
			w.WriteByte(s[i])
			inWord = true
		default:
			w.WriteByte(ch)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}
