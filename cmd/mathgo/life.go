package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/endgame"
	"github.com/mathgo/mathgo/internal/table"
	"github.com/mathgo/mathgo/life"
	"github.com/mathgo/mathgo/position"
	"github.com/spf13/cobra"
)

// lifeKo is the ko detail of one side moving first in `life --json`.
type lifeKo struct {
	Threats  int    `json:"threats"`
	NeededBy string `json:"neededBy"`
}

// lifeBlock is one element of `life --json` (docs/json-contract.md, plus documented
// additions).
type lifeBlock struct {
	Block           string   `json:"block"`
	Color           string   `json:"color"`
	Stones          int      `json:"stones"`
	Status          string   `json:"status"`
	AttackerFirst   string   `json:"attackerFirst"`
	DefenderFirst   string   `json:"defenderFirst"`
	KoThreats       int      `json:"koThreats"`
	KeyMove         *string  `json:"keyMove"`
	Nodes           int      `json:"nodes"`
	KoFor           string   `json:"koFor,omitempty"`
	AttackerFirstKo *lifeKo  `json:"attackerFirstKo,omitempty"`
	DefenderFirstKo *lifeKo  `json:"defenderFirstKo,omitempty"`
	PV              []string `json:"pv"`
	AttackerPV      []string `json:"attackerPV"`
	DefenderPV      []string `json:"defenderPV"`
	Seconds         float64  `json:"seconds"`
	Reason          string   `json:"reason,omitempty"`
	Group           []string `json:"group,omitempty"`
	KoSeki          bool     `json:"koSeki,omitempty"`
}

// lifeJSON is the whole `life --json` document.
type lifeJSON struct {
	Blocks []lifeBlock `json:"blocks"`
}

func pointNames(b *board.Board, ps []board.Point) []string {
	out := make([]string, 0, len(ps))
	for _, p := range ps {
		out = append(out, b.Name(p))
	}
	return out
}

// lifeRecord turns a life.Result into its JSON record.
func lifeRecord(b *board.Board, r life.Result) lifeBlock {
	rec := lifeBlock{
		Block: b.Name(r.Block), Color: r.Color.String(), Stones: r.Stones, Status: r.Status,
		AttackerFirst: r.AttackerFirst, DefenderFirst: r.DefenderFirst, KoThreats: r.KoThreats,
		Nodes: r.Nodes, KoFor: r.KoFor, PV: pointNames(b, r.PV),
		AttackerPV: pointNames(b, r.AttackerPV), DefenderPV: pointNames(b, r.DefenderPV),
		Seconds: r.Elapsed.Seconds(), Reason: r.Reason, KoSeki: r.KoSeki,
	}
	if r.Group != nil {
		rec.Group = pointNames(b, r.Group)
	}
	if r.KeyMove != board.Pass {
		rec.KeyMove = ptr(b.Name(r.KeyMove))
	}
	if r.AttackerFirst == life.OutcomeKo {
		rec.AttackerFirstKo = &lifeKo{Threats: r.AttackerFirstKo, NeededBy: r.AttackerFirstKoFor}
	}
	if r.DefenderFirst == life.OutcomeKo {
		rec.DefenderFirstKo = &lifeKo{Threats: r.DefenderFirstKo, NeededBy: r.DefenderFirstKoFor}
	}
	return rec
}

// lifeOptions are the flags of `mathgo life`.
type lifeOptions struct {
	asJSON      bool
	wide        bool
	blockName   string
	groupList   string
	solverNodes int
	timeout     time.Duration
	kmax        int
}

func newLifeCmd() *cobra.Command {
	o := &lifeOptions{}
	cmd := &cobra.Command{
		Use:   "life FILE",
		Short: "Life-and-death status of every block (or of one block)",
		Long: fmt.Sprintf(`Prove the life-and-death status of every block of a position (or of --block).

Each block is first tested with Benson's algorithm (pass-alive: alive even if its
owner always passes). Otherwise a depth-first proof-number search (df-pn, as in
Kishimoto and Müller) plays it out twice: with the attacker (the opponent of the
block's colour) moving first, and, when that kills, with the defender moving
first. The attacker wins by capturing the block; the defender wins by making it
pass-alive, or by a seki. Moves are restricted to the region around the block
(points connected to it through empty points and stones that are neither
immortal nor pass-alive). Kos are counted in external ko threats as in Wolf:
the search is repeated giving the loser 1, 2, ... threats (up to --ko-threats),
with Wolf's pass rules, so bent four in the corner is dead.

Immortal stones (# and @ in a diagram, SQ in SGF) and the frame of a partial
diagram (blocks touching an open side) are never captured; a block containing
one has status "declared".

--group D4,E2 analyses a group instead: several blocks of one colour (one point
of each, comma-separated) that live or die together, such as blocks joined only
by shape (the carpenter's square). The attacker wins by capturing any one of
them; the defender must make all of them pass-alive, or live in seki. The group
is one record: in JSON "block" is its first point and "group" lists them all.

Without --block or --group every block is analyzed; a block whose region holds more than
%d empty points (the open area around a group of a finished game) is then searched with at
most %d nodes (fewer with a smaller --solver-nodes): such searches rarely end, and an
unknown status says so. --block searches one block with the whole budget.

Statuses: pass-alive, declared, alive (lives with the attacker first and can
become pass-alive), seki (lives with the attacker first, only in seki),
unsettled (dies if the attacker moves first, lives if the defender does), ko,
dead (dies whoever moves first), unknown (the node or time budget ran out:
an honest "don't know", never a guess; the exit status is then 3).

--json prints {"blocks":[...]} with, per block, the contract's fields
  block, color, stones, status, attackerFirst, defenderFirst (lives|dies|ko|unknown),
  koThreats, keyMove (null if none), nodes
and these additions:
  koFor            "attacker" or "defender": who needs koThreats external threats
  attackerFirstKo, defenderFirstKo   {"threats","neededBy"} per side to move, if a ko
  pv               the principal variation keyMove starts ("pass" for a pass)
  attackerPV, defenderPV   the lines with each side moving first
  seconds          time taken
  reason           why the status is unknown
  group            with --group, one point of each block of the group
  koSeki           true when the status is ko, the attacker needs the threats
                   (koFor "attacker"), and without them the block lives only in
                   seki: a seki the attacker can turn into a ko, as in a
                   ten-thousand-year ko (omitted when false)`, lifeLargeRegion, lifeLargeRegionNodes),
		Example: `  mathgo life testdata/life/straight3.txt
  mathgo life --block B2 --json testdata/life/bent3.txt
  mathgo life --group A3,D1 testdata/life/rect6-cut.txt`,
		Args: args(1, 1, "the position file (FILE)"),
		RunE: func(cmd *cobra.Command, argv []string) error { return runLife(cmd, o, argv[0]) },
	}
	cmd.Flags().BoolVar(&o.asJSON, "json", false, "print one JSON document (see above)")
	cmd.Flags().BoolVar(&o.wide, "wide", false, "print every cell whole, with each block's nodes and time (the table fits in 100 columns without it)")
	cmd.Flags().StringVar(&o.blockName, "block", "", "analyze only the block with a stone at this point (like D4)")
	cmd.Flags().StringVar(&o.groupList, "group", "", "analyze the group of these blocks together (comma-separated points, one per block, like D4,E2)")
	cmd.Flags().IntVar(&o.solverNodes, "solver-nodes", life.DefaultMaxNodes, "life-and-death search budget per block (df-pn expansions), as analyze's --solver-nodes")
	renamedFlag(cmd, "max-nodes", "solver-nodes")
	cmd.Flags().DurationVar(&o.timeout, "timeout", 60*time.Second, "time budget per block (0 for none)")
	cmd.Flags().IntVar(&o.kmax, "ko-threats", life.DefaultMaxKoThreats, "most external ko threats tried before a ko counts as unconditional")
	return cmd
}

// The survey's cap (life.Options.LargeRegion): a block whose region holds
// more empty points than the largest area mathgo searches as a tile is
// searched with at most lifeLargeRegionNodes nodes (under a second),
// enough for a ladder or a capture in a few moves.
const (
	lifeLargeRegion      = endgame.TriageMaxOpenArea
	lifeLargeRegionNodes = 5_000
)

// runLife analyzes the blocks asked for and prints them.
func runLife(cmd *cobra.Command, o *lifeOptions, path string) error {
	stderr := cmd.ErrOrStderr()
	pos, err := position.ReadFile(path)
	if err != nil {
		return fail(stderr, exitInput, "%v", err)
	}
	b := pos.Board
	imm := pos.Frame()
	if imm == nil {
		imm = make([]bool, b.Size())
	}
	for i := range imm {
		imm[i] = imm[i] || pos.Immortal != nil && pos.Immortal[i]
	}
	opts := life.Options{MaxNodes: o.solverNodes, Timeout: o.timeout, Immortal: imm, MaxKoThreats: o.kmax}
	var targets []board.Point
	if o.blockName != "" && o.groupList != "" {
		return usageError{cmd, "--block and --group exclude each other"}
	}
	if o.groupList != "" {
		var group []board.Point
		for _, name := range strings.Split(o.groupList, ",") {
			name = strings.TrimSpace(name)
			p, err := b.ParsePoint(name)
			if err != nil {
				return usageError{cmd, "--group: " + err.Error()}
			}
			if p == board.Pass || b.At(p) == board.Empty {
				return usageError{cmd, "--group: no stone at " + strings.ToUpper(name)}
			}
			if b.At(p) != b.At(group0(group, p)) {
				return usageError{cmd, fmt.Sprintf("--group: %s and %s are stones of different colours", b.Name(group[0]), b.Name(p))}
			}
			group = append(group, p)
		}
		out := lifeJSON{Blocks: []lifeBlock{lifeRecord(b, life.AnalyzeGroup(b, group, opts))}}
		return writeLife(cmd, out, o.asJSON, o.wide)
	}
	if o.blockName != "" {
		p, err := b.ParsePoint(o.blockName)
		if err != nil {
			return usageError{cmd, "--block: " + err.Error()}
		}
		if p == board.Pass || b.At(p) == board.Empty {
			return usageError{cmd, "--block: no stone at " + strings.ToUpper(o.blockName)}
		}
		targets = []board.Point{p}
	} else {
		for _, blk := range b.Blocks() {
			targets = append(targets, blk[0])
		}
		// A survey of every block: the searches around the groups of a
		// finished game (regions of a hundred empty points) rarely end,
		// and each would spend the whole budget.
		opts.LargeRegion, opts.LargeRegionNodes = lifeLargeRegion, lifeLargeRegionNodes
	}
	out := lifeJSON{Blocks: []lifeBlock{}}
	progress := progressPrinter(stderr) // a real game's blocks can take a minute in all
	for i, p := range targets {
		progress(fmt.Sprintf("life: block %s (%d of %d)", b.Name(p), i+1, len(targets)))
		r := life.Analyze(b, p, opts)
		out.Blocks = append(out.Blocks, lifeRecord(b, r))
		progress(fmt.Sprintf("life: %d of %d blocks done (%s: %s, %d nodes)", i+1, len(targets), b.Name(p), r.Status, r.Nodes))
	}
	return writeLife(cmd, out, o.asJSON, o.wide)
}

// group0 is the first point of group, or p when group is empty.
func group0(group []board.Point, p board.Point) board.Point {
	if len(group) == 0 {
		return p
	}
	return group[0]
}

// writeLife prints the records as JSON or as the table.
func writeLife(cmd *cobra.Command, out lifeJSON, asJSON, wide bool) error {
	w := cmd.OutOrStdout()
	if asJSON {
		if err := writeJSON(w, out); err != nil {
			return err
		}
		return lifeExit(out)
	}
	// The narrow table names the colour with the block, shortens the
	// headers (attacker first, defender first) and gives the nodes and
	// time in total, below it, to fit in 100 columns.
	t := newTable(w, "block", "stones", "status", "atk first", "def first", "ko threats", "key move", "line")
	if wide {
		t = newTable(w, "block", "color", "stones", "status", "attacker first", "defender first", "ko threats", "key move", "principal variation", "nodes", "time").Wide(true)
	}
	nodes, seconds := 0, 0.0
	reasons := map[string][]string{} // the narrow table's reasons, with their blocks
	var order []string
	for _, r := range out.Blocks {
		nodes += r.Nodes
		seconds += r.Seconds
		key := "-"
		if r.KeyMove != nil {
			key = *r.KeyMove
		}
		ko := "-"
		if r.KoFor != "" {
			ko = fmt.Sprintf("%d (%s)", r.KoThreats, r.KoFor)
		}
		if r.KoSeki {
			ko += ", seki without"
		}
		block := r.Block
		if len(r.Group) > 1 {
			block = strings.Join(r.Group, ",")
		}
		status := r.Status
		if r.Reason != "" && wide {
			status += " (" + r.Reason + ")"
		}
		if r.Reason != "" && !wide {
			if _, ok := reasons[r.Reason]; !ok {
				order = append(order, r.Reason)
			}
			reasons[r.Reason] = append(reasons[r.Reason], block)
		}
		if wide {
			t.Row(block, r.Color, r.Stones, status, r.AttackerFirst, r.DefenderFirst, ko, key,
				strings.Join(r.PV, " "), r.Nodes, fmt.Sprintf("%.3fs", r.Seconds))
			continue
		}
		t.Row(block+" "+r.Color, r.Stones, status, r.AttackerFirst, r.DefenderFirst, ko, key, strings.Join(r.PV, " "))
	}
	if err := t.Render(); err != nil {
		return err
	}
	if !wide {
		fmt.Fprintf(w, "%d blocks, %d nodes searched in %.3fs (--wide: per block)\n", len(out.Blocks), nodes, seconds)
		// Why a status is unknown, once per reason, with its blocks.
		for _, why := range order {
			_ = table.WriteWrapped(w, "", strings.Join(reasons[why], ", ")+": "+why, table.DefaultWidth)
		}
	}
	return lifeExit(out)
}

// lifeExit is exitUnproven when some status is unknown.
func lifeExit(out lifeJSON) error {
	for _, r := range out.Blocks {
		if r.Status == life.StatusUnknown {
			return exitError{exitUnproven}
		}
	}
	return nil
}
