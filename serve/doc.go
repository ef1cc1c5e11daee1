// Package serve is `mathgo serve`: a local web server whose one page
// shows the combinatorial analysis of a Go position on the board. The
// board is cut into coloured tiles with each tile's count, temperature
// and move word on it, settled territory shaded by its owner, the walls
// drawn by certificate (proven, assumed or declared, unproven), the
// optimal moves marked with every move's exact score on hover, the
// totals and outcomes under each rule set, a tile's thermograph on
// click, a game record's moves stepped with the review's points lost per
// move plotted under the board, and play against mathgo's exact move.
//
// Every number comes from the one pipeline (package endgame, through
// pipeline.go, the only file that calls it): POST /api/analyze answers
// exactly what `mathgo analyze --json` prints, POST /api/review what
// `mathgo review --json` prints. The page and its script are embedded
// (static/): nothing is fetched from the network and there is no build
// step.
//
// The server's work is bounded: request bodies (Limits.MaxBody), board
// size (19x19 at most), endgame's node budgets on every analysis, at most
// Limits.Concurrent analyses at once with Limits.Queue waiting (more are
// refused with 503). endgame has no cancellation hook: the page's cancel
// button abandons the request at once, while the analysis runs on to the
// end of its node budget in the background, holding its slot.
package serve
