package main

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/mathgo/mathgo/internal/testlong"
	"github.com/mathgo/mathgo/internal/testpos"
	"github.com/mathgo/mathgo/serve"
)

// TestServeAgreesWithAnalyze checks that for every bundled position of
// the page, POST /api/analyze answers what `mathgo analyze --json FILE`
// prints (what may differ between two runs left out:
// testpos.DropRunVarying). Spight's problem
// (testlong.HeavyExamples) is checked in the long tier only.
func TestServeAgreesWithAnalyze(t *testing.T) {
	dir := filepath.Join("..", "..", "serve", "static", "examples")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	if len(names) < 5 {
		t.Fatalf("only %d bundled positions", len(names))
	}
	s := serve.New(serve.Limits{}, nil)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			testlong.SkipHeavy(t, name)
			path := filepath.Join(dir, name)
			var out, errb bytes.Buffer
			code := run([]string{"analyze", "--json", path}, strings.NewReader(""), &out, &errb)
			if code != exitOK && code != exitUnproven {
				t.Fatalf("analyze: exit %d: %s", code, errb.String())
			}
			data, _ := os.ReadFile(path)
			body, _ := json.Marshal(serve.Request{Position: string(data), Name: path})
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, httptest.NewRequest("POST", "/api/analyze", bytes.NewReader(body)))
			if rec.Code != 200 {
				t.Fatalf("API: %d %s", rec.Code, rec.Body.String())
			}
			var cli, api map[string]any
			if err := json.Unmarshal(out.Bytes(), &cli); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &api); err != nil {
				t.Fatal(err)
			}
			testpos.DropRunVarying(cli)
			testpos.DropRunVarying(api)
			if !reflect.DeepEqual(cli, api) {
				a, _ := json.MarshalIndent(api, "", " ")
				t.Errorf("the API differs from analyze --json:\nCLI %s\nAPI %s", out.String(), a)
			}
		})
	}
}

// TestServeFlags checks the command's refusals: they exit before
// serving anything.
func TestServeFlags(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "bin.sgf")
	if err := os.WriteFile(bin, []byte{0, 1, 2, 0xff, 0xfe, 3}, 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(t.TempDir(), "big.sgf")
	if err := os.WriteFile(big, []byte("(;FF[4]SZ[25])"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"serve", "--host", "0.0.0.0", "--port", "0"}, exitUsage, "--allow-remote"},
		{[]string{"serve", "--port", "70000"}, exitUsage, "--port"},
		{[]string{"serve", "--concurrent", "0"}, exitUsage, "--concurrent"},
		{[]string{"serve", "a", "b"}, exitUsage, "too many arguments"},
		{[]string{"serve", "no-such-file.txt"}, exitInput, "no-such-file.txt"},
		{[]string{"serve", bin}, exitInput, "bin.sgf"},
		{[]string{"serve", big}, exitInput, "at most 19x19"},
	} {
		var out, errb bytes.Buffer
		code := run(c.args, strings.NewReader(""), &out, &errb)
		if code != c.code || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d mentioning %q", c.args, code, errb.String(), c.code, c.want)
		}
	}
}
