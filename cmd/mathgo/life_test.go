package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runLife runs `mathgo life args...` and returns the exit status, standard
// output and standard error.
func runLifeCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"life"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func lifeFixture(name string) string {
	return filepath.Join("..", "..", "testdata", "life", name)
}

func TestLifeJSONContract(t *testing.T) {
	code, out, errs := runLifeCmd(t, "--json", "--block", "A2", lifeFixture("straight3.txt"))
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var doc struct {
		Blocks []map[string]any `json:"blocks"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not one JSON document: %v\n%s", err, out)
	}
	if len(doc.Blocks) != 1 {
		t.Fatalf("%d blocks", len(doc.Blocks))
	}
	b := doc.Blocks[0]
	want := map[string]any{"block": "A2", "color": "white", "stones": 5.0, "status": "unsettled",
		"attackerFirst": "dies", "defenderFirst": "lives", "koThreats": 0.0, "keyMove": "B1"}
	for k, v := range want {
		if b[k] != v {
			t.Errorf("%s = %v, want %v", k, b[k], v)
		}
	}
	if n, ok := b["nodes"].(float64); !ok || n < 1 {
		t.Errorf("nodes = %v", b["nodes"])
	}
	if pv, ok := b["pv"].([]any); !ok || len(pv) == 0 || pv[0] != "B1" {
		t.Errorf("pv = %v", b["pv"])
	}
}

func TestLifeAllBlocksTable(t *testing.T) {
	code, out, errs := runLifeCmd(t, lifeFixture("seki-eyeless.txt"))
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{"declared", "seki", "atk first", "B1", "D1"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}

func TestLifeJSONKo(t *testing.T) {
	code, out, _ := runLifeCmd(t, "--json", "--block", "A3", lifeFixture("rect6-1liberty.txt"))
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var doc lifeJSON
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	r := doc.Blocks[0]
	if r.Status != "ko" || r.KoThreats != 1 || r.KoFor != "defender" || r.AttackerFirstKo == nil || r.AttackerFirstKo.NeededBy != "defender" {
		t.Errorf("%+v", r)
	}
}

func TestLifeUnknownIsHonest(t *testing.T) {
	code, out, _ := runLifeCmd(t, "--json", "--solver-nodes", "3", "--block", "A3", lifeFixture("rect6-liberties.txt"))
	if code != 3 {
		t.Fatalf("exit %d, want 3 (not proven)", code)
	}
	var doc lifeJSON
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if r := doc.Blocks[0]; r.Status != "unknown" || r.Reason == "" {
		t.Errorf("%+v", r)
	}
}

func TestLifeErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(bad, []byte("X Q\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"no-such-file.txt"},
		{bad},
		{"--block", "Z99", lifeFixture("straight3.txt")},
		{"--block", "B1", lifeFixture("straight3.txt")},
	} {
		code, out, errs := runLifeCmd(t, args...)
		if code == 0 || out != "" || !strings.HasPrefix(errs, "mathgo") || strings.Contains(errs, "goroutine") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

func TestLifeGroup(t *testing.T) {
	code, out, errs := runLifeCmd(t, "--json", "--group", "A3,d1", lifeFixture("rect6-cut.txt"))
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var doc lifeJSON
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Blocks) != 1 {
		t.Fatalf("%d records", len(doc.Blocks))
	}
	r := doc.Blocks[0]
	if r.Block != "A3" || strings.Join(r.Group, ",") != "A3,D1" || r.Stones != 5 || r.Status != "ko" || r.KoFor != "defender" || r.KoSeki {
		t.Errorf("%+v", r)
	}
	code, out, _ = runLifeCmd(t, "--group", "A3,D1", lifeFixture("rect6-cut.txt"))
	if code != 0 || !strings.Contains(out, "A3,D1") {
		t.Errorf("table: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{
		{"--group", "A3,A1", lifeFixture("rect6-cut.txt")},
		{"--group", "A3,E4", lifeFixture("rect6-cut.txt")},
		{"--group", "A3,Z9", lifeFixture("rect6-cut.txt")},
		{"--group", "A3", "--block", "A3", lifeFixture("rect6-cut.txt")},
	} {
		code, out, errs := runLifeCmd(t, args...)
		if code != 2 || out != "" || !strings.HasPrefix(errs, "mathgo life: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

func TestLifeKoSeki(t *testing.T) {
	code, out, _ := runLifeCmd(t, "--json", "--block", "A2", lifeFixture("mannen-ko.txt"))
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var doc map[string][]map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	r := doc["blocks"][0]
	if r["status"] != "ko" || r["koFor"] != "attacker" || r["koSeki"] != true {
		t.Errorf("%v", r)
	}
	if _, ok := r["group"]; ok {
		t.Errorf("group field without --group: %v", r)
	}
	// koSeki is omitted when false.
	_, out, _ = runLifeCmd(t, "--json", "--block", "A3", lifeFixture("rect6-1liberty.txt"))
	if strings.Contains(out, "koSeki") {
		t.Errorf("koSeki printed when false: %s", out)
	}
}
