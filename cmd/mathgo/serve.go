package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"syscall"
	"time"

	"github.com/mathgo/mathgo/serve"
	"github.com/spf13/cobra"
)

// serveOptions are the flags of `mathgo serve`.
type serveOptions struct {
	host         string
	port         int
	open         bool
	allowRemote  bool
	concurrent   int
	maxPositions int
	solverNodes  int
}

func newServeCmd() *cobra.Command {
	o := &serveOptions{}
	cmd := &cobra.Command{
		Use:   "serve [FILE]",
		Short: "Show the analysis of a position on a board in the browser (a local web server)",
		Long: `Start a local web server whose page shows the analysis of a Go position on the board:
the tiles as coloured regions with their count, temperature and move word, settled
territory shaded by owner, the walls by certificate, the optimal moves (hover a point for
its exact score), the totals and outcomes, a tile's thermograph on click, a game record's
moves stepped with the review's points lost per move, and play against mathgo.

FILE (a diagram or an SGF file) is loaded when the page opens; the page also takes files
by its file chooser, by drag and drop and by paste, and has the bundled examples. Every
number comes from the same pipeline as 'mathgo analyze' (POST /api/analyze answers
exactly what 'analyze --json' prints). Everything is embedded in the binary: nothing is
fetched from the network.

The server listens on 127.0.0.1 only; --host with another address needs --allow-remote
(the server has no authentication). Each analysis has analyze's node budgets, at most
--concurrent run at once, boards are at most 19x19 and requests at most 1 MiB. Cancel on
the page drops the request at once; the analysis itself runs on to the end of its budget.
Stop the server with Ctrl-C.`,
		Example: `  mathgo serve testdata/problems/five-tiles.txt --open     # not run: a server
  mathgo serve --port 9000     # not run: a server`,
		Args: args(0, 1, "at most one position file"),
		RunE: func(cmd *cobra.Command, argv []string) error { return runServe(cmd, o, argv) },
	}
	f := cmd.Flags()
	f.StringVar(&o.host, "host", "127.0.0.1", "address to listen on (not a loopback address: needs --allow-remote)")
	f.IntVar(&o.port, "port", 8080, "port to listen on (0: any free port)")
	f.BoolVar(&o.open, "open", false, "open the page in the default browser")
	f.BoolVar(&o.allowRemote, "allow-remote", false, "allow --host to be an address other machines can reach (no authentication: anyone who reaches it can make it analyze)")
	f.IntVar(&o.concurrent, "concurrent", serve.DefaultConcurrent, "analyses run at once (more wait, up to a queue of 8)")
	d := serve.DefaultLimits()
	f.IntVar(&o.maxPositions, "max-positions", d.MaxPositions, "budget of each analysis: distinct tile positions searched")
	renamedFlag(cmd, "max-nodes", "max-positions")
	f.IntVar(&o.solverNodes, "solver-nodes", d.SolverNodes, "budget of each analysis: life-and-death search nodes per block")
	return cmd
}

func runServe(cmd *cobra.Command, o *serveOptions, argv []string) error {
	stderr := cmd.ErrOrStderr()
	if o.port < 0 || o.port > 65535 {
		return usageError{cmd, fmt.Sprintf("--port must be between 0 and 65535, not %d", o.port)}
	}
	if o.concurrent < 1 || o.concurrent > 64 {
		return usageError{cmd, fmt.Sprintf("--concurrent must be between 1 and 64, not %d", o.concurrent)}
	}
	if o.maxPositions < 1 || o.solverNodes < 1 {
		return usageError{cmd, "--max-positions and --solver-nodes must be positive"}
	}
	var initial *serve.Initial
	if len(argv) == 1 {
		data, err := os.ReadFile(argv[0])
		if err != nil {
			return fail(stderr, exitInput, "%v", err)
		}
		if _, err := serve.ParseFile(argv[0], data, serve.DefaultLimits()); err != nil {
			return fail(stderr, exitInput, "%v", err)
		}
		initial = &serve.Initial{Name: filepath.Base(argv[0]), Position: string(data)}
	}
	addr := net.JoinHostPort(o.host, strconv.Itoa(o.port))
	ln, err := serve.Listen(addr, o.allowRemote)
	if err != nil {
		return fail(stderr, exitUsage, "serve: %v", err)
	}
	l := serve.DefaultLimits()
	l.Concurrent, l.MaxPositions, l.SolverNodes = o.concurrent, o.maxPositions, o.solverNodes
	s := serve.New(l, initial)
	s.Log = log.New(stderr, "mathgo serve: ", 0)
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	if serve.IsLoopback(o.host) {
		s.LoopbackOnly(port)
	} else {
		fmt.Fprintf(stderr, "mathgo serve: WARNING: listening on %s, reachable from other machines; the server has no authentication\n", ln.Addr())
	}
	host := o.host
	if !serve.IsLoopback(host) || host == "::1" {
		host = "localhost"
	}
	url := "http://" + net.JoinHostPort(host, port) + "/"
	fmt.Fprintf(cmd.OutOrStdout(), "mathgo serve: %s (Ctrl-C stops)\n", url)
	hs := serve.HTTPServer(s)
	hs.ErrorLog = log.New(stderr, "mathgo serve: ", 0)
	if o.open {
		if err := openBrowser(url); err != nil {
			fmt.Fprintf(stderr, "mathgo serve: could not open a browser (%v); open %s yourself\n", err, url)
		}
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		if err != nil && !errors.Is(err, http.ErrServerClosed) {
			return fail(stderr, exitInput, "serve: %v", err)
		}
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = hs.Shutdown(sctx)
	}
	return nil
}

// openBrowser opens url in the desktop's browser.
func openBrowser(url string) error {
	var c *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		c = exec.Command("open", url)
	case "windows":
		c = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		c = exec.Command("xdg-open", url)
	}
	return c.Start()
}
