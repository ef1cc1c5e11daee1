package serve

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"testing"
)

// BenchmarkDecodeRequest decodes and parses the request of a bundled
// game record (JSON, SGF, replay to its end).
func BenchmarkDecodeRequest(b *testing.B) {
	ex, _ := Examples()
	body, _ := json.Marshal(Request{Position: ex["gote2.sgf"], Name: "gote2.sgf"})
	l := DefaultLimits()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeRequest(bytes.NewReader(body), l); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkView is one request of the page on five-tiles.txt: the
// analysis, every move's score for both players, the best moves, the
// thermographs and the JSON.
func BenchmarkView(b *testing.B) {
	ex, _ := Examples()
	body, _ := json.Marshal(Request{Position: ex["five-tiles.txt"], Name: "five-tiles.txt"})
	s := New(Limits{}, nil)
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("POST", "/api/analyze?view=1", bytes.NewReader(body)))
		if rec.Code != 200 {
			b.Fatal(rec.Body.String())
		}
	}
}
