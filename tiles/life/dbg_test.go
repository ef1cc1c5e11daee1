package life

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/mathgo/mathgo/tiles/board"
	"github.com/mathgo/mathgo/tiles/position"
)

func TestDbg(t *testing.T) {
	if os.Getenv("F") == "" {
		t.Skip()
	}
	pos, err := position.ReadFile(os.Getenv("F"))
	if err != nil {
		t.Fatal(err)
	}
	b := pos.Board
	imm := pos.Frame()
	for i := range imm {
		imm[i] = imm[i] || pos.Immortal[i]
	}
	p, err := b.ParsePoint(os.Getenv("B"))
	if err != nil {
		t.Fatal(err)
	}
	r := Analyze(b, p, Options{Immortal: imm, Timeout: 60 * time.Second, MaxNodes: 5000000})
	nm := func(ps []board.Point) string {
		s := ""
		for _, q := range ps {
			s += b.Name(q) + " "
		}
		return s
	}
	fmt.Printf("status=%s af=%s df=%s ko=%d/%s afko=%d dfko=%d key=%s nodes=%d t=%v reason=%q\n", r.Status, r.AttackerFirst, r.DefenderFirst, r.KoThreats, r.KoFor, r.AttackerFirstKo, r.DefenderFirstKo, b.Name(r.KeyMove), r.Nodes, r.Elapsed, r.Reason)
	fmt.Println("APV:", nm(r.AttackerPV))
	fmt.Println("DPV:", nm(r.DefenderPV))
}
