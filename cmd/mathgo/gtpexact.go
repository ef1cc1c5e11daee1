package main

import (
	"bytes"

	"github.com/mathgo/mathgo/board"
	"github.com/mathgo/mathgo/gtp"
	"github.com/mathgo/mathgo/position"
	"github.com/mathgo/mathgo/tiles"
)

func init() {
	gtpGenerator = gtp.ExactGenerator{}
	gtpAnalyzer = gtpAnalyze
}

// gtpAnalyze answers mathgo-analyze with the analyze table or JSON.
func gtpAnalyze(b *board.Board, immortal []bool, asJSON bool) (string, error) {
	a, err := tiles.Analyze(&position.Position{Board: b, Immortal: immortal, Name: "gtp"}, tiles.Options{})
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	ja := analysisJSON(a)
	if asJSON {
		err = writeJSON(&buf, ja)
	} else {
		err = printAnalysis(&buf, ja)
	}
	return string(bytes.TrimRight(buf.Bytes(), "\n")), err
}
