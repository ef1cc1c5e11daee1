package gtp

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

// This file is the protocol: the command table, reading a command line
// (id, name, arguments), running it and writing its response. The Go
// commands themselves are in commands.go (and clock.go, status.go,
// gogui.go); each is registered once, in commandTable.

// The standard GTP error messages.
var (
	errSyntax  = errors.New("syntax error")
	errUnknown = errors.New("unknown command")
	errIllegal = errors.New("illegal move")
)

// handler runs one command on its arguments and returns the result text.
type handler func(e *Engine, args []string) (string, error)

// gtpCommand is one entry of the command table: the command's name, its
// handler, the arguments it takes (for the help) and what it does.
type gtpCommand struct {
	name string
	run  handler
	args string
	help string
}

// commandTable lists every command the engine knows, in the order
// list_commands answers them: the one place a command is registered,
// with its handler and help. (It is a function that init calls, not a
// variable's initializer, because known_command and list_commands read
// the table they are in: Go would reject that as an initialization
// cycle.)
func commandTable() []gtpCommand {
	return []gtpCommand{
		{"protocol_version", nullary(func(*Engine) (string, error) { return "2", nil }), "", "2"},
		{"name", nullary(func(e *Engine) (string, error) { return e.opts.Name, nil }), "", "Options.Name (mathgo by default)"},
		{"version", nullary(func(e *Engine) (string, error) { return e.opts.Version, nil }), "", "Options.Version"},
		{"known_command", (*Engine).cmdKnownCommand, "NAME", "true or false"},
		{"list_commands", nullary((*Engine).cmdListCommands), "", "one command per line"},
		{"quit", nullary(func(e *Engine) (string, error) { e.Close(); return "", nil }), "", "answers, ends the child engine, then Run returns"},
		{"boardsize", (*Engine).cmdBoardsize, "N", `1..25; empties the board ("unacceptable size" otherwise)`},
		{"clear_board", nullary((*Engine).cmdClearBoard), "", "empties the board, prisoners and history"},
		{"komi", (*Engine).cmdKomi, "X", "a finite decimal number"},
		{"play", (*Engine).cmdPlay, "COLOR VERTEX", `"illegal move" if the rules forbid it`},
		{"genmove", (*Engine).cmdGenmove, "COLOR", `plays and answers the generated move ("pass" included)`},
		{"undo", nullary((*Engine).cmdUndo), "", `takes back the last move ("cannot undo" at the start)`},
		{"showboard", nullary((*Engine).cmdShowboard), "", "the board as a diagram, with prisoners and komi"},
		{"loadsgf", (*Engine).cmdLoadSGF, "FILE [MOVE]", "a diagram or SGF file (see Positions)"},
		{"final_score", nullary((*Engine).cmdFinalScore), "", `the score with komi, like "B+3.5", "W+2" or "0" (see Scoring)`},
		{"list_stones", (*Engine).cmdListStones, "COLOR", "the stones of that colour, as GNU Go lists them"},
		{"mathgo-analyze", nullary((*Engine).cmdAnalyze), "", "the analyze table (or document) of the current position"},
		{"time_settings", (*Engine).cmdTimeSettings, "M B S", "main time, byo-yomi time (seconds) and stones; B > 0, S = 0: no limit"},
		{"time_left", (*Engine).cmdTimeLeft, "COLOR T S", "time left (seconds) and byo-yomi stones left (0 in main time)"},
		{"final_status_list", (*Engine).cmdFinalStatusList, "STATUS", "alive, dead or seki: the stones, one block per line"},
		{"kgs-genmove_cleanup", (*Engine).cmdGenmoveCleanup, "COLOR", "genmove that captures dead stones instead of passing"},
		{"fixed_handicap", (*Engine).cmdFixedHandicap, "N", "N black stones on GTP's fixed points of an empty board"},
		{"place_free_handicap", (*Engine).cmdFixedHandicap, "N", "the same points as fixed_handicap"},
		{"set_free_handicap", (*Engine).cmdSetFreeHandicap, "VERTEX...", "black stones on the given points of an empty board"},
		{"gogui-analyze_commands", nullary((*Engine).cmdGoGuiAnalyzeCommands), "", `GoGui's "type/label/command" lines for the commands below`},
		{"mathgo-tile-values", nullary((*Engine).cmdTileValues), "", "gfx: each point of a tile labelled with its count"},
		{"mathgo-temperatures", nullary((*Engine).cmdTemperatures), "", "gfx: hot tiles coloured and labelled by temperature"},
		{"mathgo-triage", nullary((*Engine).cmdTriage), "", "whether the position is an endgame mathgo can value"},
		{"mathgo-assumptions", nullary((*Engine).cmdAssumptions), "", "the assumptions final_score and final_status_list rest on (--assume)"},
	}
}

// commands is commandTable, and byName indexes it by name.
var (
	commands []gtpCommand
	byName   map[string]handler
)

func init() {
	commands = commandTable()
	byName = make(map[string]handler, len(commands))
	for _, c := range commands {
		if _, dup := byName[c.name]; dup {
			panic("gtp: command " + c.name + " registered twice") // unreachable: the table is a literal; any test of the package would fail at start-up
		}
		byName[c.name] = c.run
	}
}

// Commands returns the names of the commands the engine knows, in the
// order list_commands answers them. The slice is new.
func Commands() []string {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return names
}

// Help returns one line per command, in the order of list_commands: the
// command with its arguments, then what it does (the table of the package
// documentation).
func Help() string {
	usage := func(c gtpCommand) string { return strings.TrimSpace(c.name + " " + c.args) }
	width := 0
	for _, c := range commands {
		width = max(width, len(usage(c)))
	}
	var sb strings.Builder
	for _, c := range commands {
		fmt.Fprintf(&sb, "%-*s  %s\n", width, usage(c), c.help)
	}
	return sb.String()
}

func (e *Engine) cmdKnownCommand(args []string) (string, error) {
	if len(args) != 1 {
		return "", errSyntax
	}
	if _, ok := byName[args[0]]; ok {
		return "true", nil
	}
	return "false", nil
}

func (e *Engine) cmdListCommands() (string, error) {
	return strings.Join(Commands(), "\n"), nil
}

// nullary adapts a command without arguments, refusing any.
func nullary(f func(e *Engine) (string, error)) handler {
	return func(e *Engine, args []string) (string, error) {
		if len(args) != 0 {
			return "", errSyntax
		}
		return f(e)
	}
}

// command is one parsed command line.
type command struct {
	id   string // the digits of the id, "" if none
	name string
	args []string
}

// parseLine preprocesses a line as GTP version 2 says and splits it into
// id, name and arguments. ok is false for a line that is empty once
// comments and control characters are gone (it gets no response).
func parseLine(line string) (cmd command, ok bool) {
	var sb strings.Builder
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '#':
			i = len(line)
		case c == '\t':
			sb.WriteByte(' ')
		case c < 32 || c == 127:
			// Control characters are discarded (CR, LF, NUL, ...).
		default:
			sb.WriteByte(c)
		}
	}
	fields := strings.FieldsFunc(sb.String(), func(r rune) bool { return r == ' ' })
	if len(fields) == 0 {
		return cmd, false
	}
	if isDigits(fields[0]) {
		cmd.id = fields[0]
		fields = fields[1:]
	}
	if len(fields) > 0 {
		cmd.name = fields[0]
		cmd.args = fields[1:]
	}
	return cmd, true
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Exec runs one command line and returns its result text (without the
// '='/'?' status, the id or the final newlines), whether it succeeded, and
// whether it was quit. A line that is empty after preprocessing does
// nothing and returns ("", true, false).
func (e *Engine) Exec(line string) (resp string, ok bool, quit bool) {
	cmd, nonEmpty := parseLine(line)
	if !nonEmpty {
		return "", true, false
	}
	return e.exec(cmd)
}

// exec runs a parsed command, turning a panic into a failure.
func (e *Engine) exec(cmd command) (resp string, ok bool, quit bool) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(e.log, "mathgo gtp: internal error in %q: %v\n%s", cmd.name, r, debug.Stack())
			resp, ok, quit = fmt.Sprintf("internal error: %v", r), false, false
		}
	}()
	if cmd.name == "" {
		return errSyntax.Error(), false, false
	}
	h, known := byName[cmd.name]
	if !known {
		return errUnknown.Error(), false, false
	}
	out, err := h(e, cmd.args)
	if err != nil {
		return cleanText(err.Error()), false, false
	}
	return cleanText(out), true, cmd.name == "quit"
}

// cleanText makes s fit in a GTP response: no carriage returns or other
// control characters but newline, no empty lines, no trailing newline.
func cleanText(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '\t' {
			return ' '
		}
		if r != '\n' && (r < 32 || r == 127) {
			return -1
		}
		return r
	}, s)
	if !strings.Contains(s, "\n") {
		return s
	}
	lead := strings.HasPrefix(s, "\n")
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, strings.TrimRight(l, " "))
		}
	}
	out := strings.Join(lines, "\n")
	if lead && out != "" {
		out = "\n" + out
	}
	return out
}

// Respond runs one command line and returns the complete GTP response:
// "=id result\n\n" or "?id message\n\n" (the id only if the command had
// one), or "" for a line that is empty after preprocessing. quit reports
// the quit command.
func (e *Engine) Respond(line string) (out string, quit bool) {
	cmd, nonEmpty := parseLine(line)
	if !nonEmpty {
		return "", false
	}
	resp, ok, quit := e.exec(cmd)
	return format(cmd.id, resp, ok), quit
}

// format builds a GTP response from its parts.
func format(id, resp string, ok bool) string {
	var sb strings.Builder
	if ok {
		sb.WriteByte('=')
	} else {
		sb.WriteByte('?')
	}
	sb.WriteString(id)
	if resp != "" {
		if resp[0] != '\n' {
			sb.WriteByte(' ')
		}
		sb.WriteString(resp)
	}
	sb.WriteString("\n\n")
	return sb.String()
}

// MaxLineBytes bounds a command line Run reads, its newline included (a
// few kilobytes are the longest real commands: set_free_handicap on
// 19x19, a long loadsgf path). A longer line is read to its end and
// dropped, and answered "? line too long: ...", so that garbage without
// newlines cannot exhaust memory.
const MaxLineBytes = 1 << 20

// Run is the GTP loop: it reads commands from in, one per line, and writes
// each response to out at once, until quit or the end of in. It returns nil
// at quit or at the end of input, and the first read or write error
// otherwise.
func (e *Engine) Run(in io.Reader, out io.Writer) error {
	r := bufio.NewReader(in)
	w := bufio.NewWriter(out)
	for {
		line, tooLong, rerr := readLine(r, MaxLineBytes)
		var resp string
		quit := false
		switch {
		case tooLong:
			resp = tooLongResponse(line)
		case line != "":
			resp, quit = e.Respond(line)
		}
		if resp != "" {
			if _, err := w.WriteString(resp); err != nil {
				return err
			}
			if err := w.Flush(); err != nil {
				return err
			}
		}
		if quit {
			return nil
		}
		if rerr == io.EOF {
			return nil
		}
		if rerr != nil {
			return rerr
		}
	}
}

// readLine reads a line up to and including its newline (or the end of
// input). A line of more than limit bytes is read to its end but only its
// first limit bytes are returned, with tooLong set.
func readLine(r *bufio.Reader, limit int) (line string, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			if room := limit - len(buf); len(chunk) > room {
				buf, tooLong = append(buf, chunk[:room]...), true
			} else {
				buf = append(buf, chunk...)
			}
		}
		if err != bufio.ErrBufferFull {
			return string(buf), tooLong, err
		}
	}
}

// tooLongResponse answers a line longer than MaxLineBytes, given its
// beginning: a failure, with the line's id when it starts with one.
func tooLongResponse(prefix string) string {
	id := ""
	if cmd, ok := parseLine(prefix); ok && cmd.name != "" {
		id = cmd.id
	}
	return format(id, fmt.Sprintf("line too long: more than %d bytes", MaxLineBytes), false)
}
