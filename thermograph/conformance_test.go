package thermograph

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// loadConformance reads CGSuite's test vectors (testdata/README in the
// shared design: one row per vector, tab-separated, header first) as maps
// from column name to cell.
func loadConformance(t *testing.T) []map[string]string {
	t.Helper()
	path := filepath.Join("..", "testdata", "cgsuite", "cgsuite-conformance.tsv")
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var header []string
	var rows []map[string]string
	for sc.Scan() {
		cells := strings.Split(sc.Text(), "\t")
		if header == nil {
			header = cells
			continue
		}
		if len(cells) != len(header) {
			t.Fatalf("%s: row %q has %d cells, want %d", path, sc.Text(), len(cells), len(header))
		}
		row := make(map[string]string, len(header))
		for i, h := range header {
			row[h] = cells[i]
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}
