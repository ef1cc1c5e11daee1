package layers

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/mathgo/mathgo/"

// floors lists every package of the module (its directory) and its floor.
// A package may import a package of the module only on a lower floor.
// The flow of one analysis reads upward: the ground floor (board, games,
// positions), life and death, the Mathematical Go rules (mgo), the tiles
// and their values, deciding
// (solve), choosing (play), the one pipeline (endgame), the front ends.
var floors = map[string]int{
	"board":             0,
	"rules":             0,
	"cgt":               0,
	"internal/table":    0,
	"internal/testlong": 0,
	"position/sgf":      0,
	"position":          1,
	"cgt/loopy":         1,
	"life":              1,
	"internal/testpos":  2,
	"thermograph":       2,
	"safety":            2,
	"realgo":            2,
	"mgo":               2,
	"tiles":             3,
	"corridors":         4,
	"solve":             5,
	"play":              6,
	"endgame":           7,
	"gtp":               8,
	"review":            8,
	"library":           8,
	"assume":            9,
	"compose":           9,
	"internal/gengames": 9,
	"serve":             9,
	"cmd/mathgo":        10,
	"internal/layers":   11,
}

// independent packages must not lean on these (they exist to check them).
var independent = map[string][]string{
	"realgo": {"cgt", "mgo", "tiles", "life", "safety", "corridors", "solve", "play", "endgame"},
}

// imports returns, per package directory, the module packages its
// non-test files import.
func imports(t *testing.T, root string) map[string]map[string]bool {
	t.Helper()
	out := map[string]map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		dir, _ := filepath.Rel(root, filepath.Dir(path))
		dir = filepath.ToSlash(dir)
		if out[dir] == nil {
			out[dir] = map[string]bool{}
		}
		for _, imp := range f.Imports {
			p := strings.Trim(imp.Path.Value, `"`)
			if strings.HasPrefix(p, module) {
				out[dir][strings.TrimPrefix(p, module)] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestImportsFlowOneWay checks every import of the module against the
// floors.
func TestImportsFlowOneWay(t *testing.T) {
	graph := imports(t, filepath.Join("..", ".."))
	var dirs []string
	for d := range graph {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, d := range dirs {
		f, ok := floors[d]
		if !ok {
			t.Errorf("package %s has no floor: add it to the table in internal/layers (and to ARCHITECTURE.md)", d)
			continue
		}
		for imp := range graph[d] {
			g, ok := floors[imp]
			switch {
			case !ok:
				t.Errorf("%s imports %s, which has no floor", d, imp)
			case g >= f:
				t.Errorf("%s (floor %d) imports %s (floor %d): imports must go down", d, f, imp, g)
			}
			for _, bad := range independent[d] {
				if imp == bad {
					t.Errorf("%s must stay independent of %s (it checks it), but imports it", d, bad)
				}
			}
		}
	}
	if graph["solve"]["play"] {
		t.Error("solve imports play")
	}
}
