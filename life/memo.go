package life

import (
	"encoding/binary"
	"slices"
	"sync"

	"github.com/mathgo/mathgo/board"
)

// Certificates remembered.
//
// A review analyzes forty positions of one game, and GTP analyzes the
// board again after every move; package safety proves each wall on a
// sealed board cropped to the wall and its eye regions, which a move
// elsewhere does not change. Certify and CertifyGroup therefore remember
// their results: a call whose inputs are identical to an earlier one's
// (the board's points and ko state, the targets, the immortal stones,
// the regions, the budget and every other option) returns the earlier
// result. The search is deterministic, so the answer is the one it would
// compute again, node count included: the memo changes the time a
// caller waits, never what it is told. Calls with a Timeout (which makes
// the result depend on the clock) or on a board with a move history (a
// superko rule may look at it) are not remembered.

// memoMax bounds the number of results remembered; past it the memo
// starts afresh.
const memoMax = 4096

var memo = struct {
	sync.Mutex
	m map[string]Result
}{m: map[string]Result{}}

// memoKey is the key of a certification call, or "" when the call must
// not be remembered.
func memoKey(b *board.Board, targets []board.Point, opts Options, group bool) string {
	if opts.Timeout > 0 || b == nil || b.MoveNumber() != 0 {
		return ""
	}
	n := b.Size()
	key := make([]byte, 0, 64+4*n)
	put := func(v int) { key = binary.AppendVarint(key, int64(v)) }
	flag := func(v bool) {
		if v {
			put(1)
		} else {
			put(0)
		}
	}
	put(b.Cols())
	put(b.Rows())
	put(int(b.KoRule()))
	kp, kc := b.KoRecapture()
	put(int(kp))
	put(int(kc))
	put(b.Prisoners(board.Black))
	put(b.Prisoners(board.White))
	flag(group)
	put(opts.MaxNodes)
	put(opts.LargeRegion)
	put(opts.LargeRegionNodes)
	put(opts.MaxKoThreats)
	flag(opts.NoReplies)
	flag(opts.Region != nil)
	flag(opts.ReplyRegion != nil)
	put(len(targets))
	for _, t := range targets {
		put(int(t))
	}
	for i := range n {
		p := board.Point(i)
		key = append(key, byte(b.At(p)))
		flag(i < len(opts.Immortal) && opts.Immortal[i])
		if opts.Region != nil {
			flag(i < len(opts.Region) && opts.Region[i])
		}
		if opts.ReplyRegion != nil {
			r := int32(-1)
			if i < len(opts.ReplyRegion) {
				r = opts.ReplyRegion[i]
			}
			put(int(r))
		}
	}
	return string(key)
}

// memoGet returns the remembered result for key.
func memoGet(key string) (Result, bool) {
	if key == "" {
		return Result{}, false
	}
	memo.Lock()
	defer memo.Unlock()
	r, ok := memo.m[key]
	if ok {
		r = r.clone()
	}
	return r, ok
}

// memoPut remembers res for key.
func memoPut(key string, res Result) {
	if key == "" {
		return
	}
	memo.Lock()
	defer memo.Unlock()
	if len(memo.m) >= memoMax {
		clear(memo.m)
	}
	memo.m[key] = res.clone()
}

// clone copies the result's slices, so that no caller shares them.
func (r Result) clone() Result {
	r.Group = slices.Clone(r.Group)
	r.PV = slices.Clone(r.PV)
	r.AttackerPV = slices.Clone(r.AttackerPV)
	r.DefenderPV = slices.Clone(r.DefenderPV)
	return r
}

// ForgetCertificates empties the memory of Certify and CertifyGroup.
// Benchmarks call it in each iteration, so that every iteration pays for
// the searches a first analysis of the position pays for.
func ForgetCertificates() {
	memo.Lock()
	defer memo.Unlock()
	clear(memo.m)
}
