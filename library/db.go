package library

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/mathgo/mathgo/cgt"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver "sqlite"
)

// schemaVersion is stored in the meta table; Open refuses other versions.
// Version 2: values are stored as the expression language prints them
// since `2^3` reads as a power (CGSuite's reading), so 2 + ^3 is written
// `2+^3`; a version-1 database holds `2^3` for it and must be rebuilt.
const schemaVersion = "2"

// schema is the library's SQLite schema: one row per tile, indexed by
// every attribute a query filters on.
const schema = `
CREATE TABLE meta (k TEXT PRIMARY KEY, v TEXT NOT NULL);
CREATE TABLE tiles (
	id            INTEGER PRIMARY KEY,
	key           TEXT NOT NULL UNIQUE,
	name          TEXT NOT NULL,
	area          INTEGER NOT NULL,
	orientation   TEXT NOT NULL,
	shape         TEXT NOT NULL,
	game          TEXT NOT NULL,
	game_neg      INTEGER NOT NULL,
	settled       INTEGER NOT NULL,
	liveable      INTEGER NOT NULL,
	stones        INTEGER NOT NULL,
	variants      INTEGER NOT NULL,
	kind          TEXT NOT NULL,
	has_ko        INTEGER NOT NULL,
	error         TEXT NOT NULL,
	count         TEXT,
	chilled       TEXT,
	mean          TEXT,
	temperature   TEXT,
	temperature_f REAL,
	class         TEXT,
	atomic_weight TEXT,
	sente         TEXT,
	diagram       TEXT NOT NULL
);
CREATE INDEX tiles_chilled ON tiles (chilled, id);
CREATE INDEX tiles_temperature ON tiles (temperature_f, id);
CREATE INDEX tiles_area ON tiles (area, orientation);
CREATE INDEX tiles_class ON tiles (class);
CREATE INDEX tiles_game ON tiles (game);
`

// DB is a tile library: an SQLite database file opened by path.
type DB struct {
	sql  *sql.DB
	path string
}

// Create makes a new library at path (an existing file is replaced) and
// stores the valued tiles in it.
func Create(path string, tiles []Valued, maxArea int) (err error) {
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("library: %w", err)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		return fmt.Errorf("library: %s: %w", path, err)
	}
	defer func() {
		if cerr := db.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("library: %s: %w", path, cerr)
		}
	}()
	db.SetMaxOpenConns(1)
	for _, s := range []string{"PRAGMA journal_mode=OFF", "PRAGMA synchronous=OFF", schema} {
		if _, err := db.Exec(s); err != nil {
			return fmt.Errorf("library: %s: %w", path, err)
		}
	}
	tx, err := db.Begin()
	if err != nil {
		return fmt.Errorf("library: %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	for k, v := range map[string]string{"version": schemaVersion, "max_area": strconv.Itoa(maxArea)} {
		if _, err := tx.Exec("INSERT INTO meta (k, v) VALUES (?, ?)", k, v); err != nil {
			return fmt.Errorf("library: %s: %w", path, err)
		}
	}
	st, err := tx.Prepare(`INSERT INTO tiles (key, name, area, orientation, shape, game, game_neg, settled, liveable,
		stones, variants, kind, has_ko, error, count, chilled, mean, temperature, temperature_f, class, atomic_weight,
		sente, diagram) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`)
	if err != nil {
		return fmt.Errorf("library: %s: %w", path, err)
	}
	defer st.Close()
	for _, t := range tiles {
		var count, chilled, mean, temp, class, aw, sente any
		var tempF any
		if !t.HasKo && t.Err == "" {
			count, chilled = t.Count.String(), t.Chilled.String()
			mean = t.Count.Mean().String()
			temp, tempF = t.Count.Temperature().String(), t.Count.Temperature().Float64()
			class = ClassOfChilled(t.Chilled)
			if w, ok := AtomicWeightOf(t.Chilled); ok {
				aw = w.String()
			}
			sente = SenteOf(t.Count)
		}
		_, err := st.Exec(t.Key, t.Name, t.Area, t.Orientation.String(), t.Shape, t.Game, b2i(t.GameNeg), b2i(t.Settled),
			b2i(t.Liveable), t.Stones, t.Variants, t.Kind, b2i(t.HasKo), t.Err, count, chilled, mean, temp, tempF, class,
			aw, sente, t.Instance.Diagram())
		if err != nil {
			return fmt.Errorf("library: %s: tile %s: %w", path, t.Key, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("library: %s: %w", path, err)
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Open opens the library at path read-only.
func Open(path string) (*DB, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("library: %w", err)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return nil, fmt.Errorf("library: %s: %w", path, err)
	}
	var v string
	if err := db.QueryRow("SELECT v FROM meta WHERE k = 'version'").Scan(&v); err != nil {
		db.Close()
		return nil, fmt.Errorf("library: %s is not a mathgo tile library: %w", path, err)
	}
	if v != schemaVersion {
		db.Close()
		return nil, fmt.Errorf("library: %s has schema version %s, this mathgo reads %s (rebuild it)", path, v, schemaVersion)
	}
	return &DB{sql: db, path: path}, nil
}

// Close closes the library.
func (db *DB) Close() error { return db.sql.Close() }

// MaxArea returns the largest area the library was built for.
func (db *DB) MaxArea() (int, error) {
	var v string
	if err := db.sql.QueryRow("SELECT v FROM meta WHERE k = 'max_area'").Scan(&v); err != nil {
		return 0, fmt.Errorf("library: %s: %w", db.path, err)
	}
	return strconv.Atoi(v)
}

// Row is one tile as stored.
type Row struct {
	ID           int64   `json:"id"`
	Key          string  `json:"key"`
	Name         string  `json:"name,omitempty"`
	Area         int     `json:"area"`
	Orientation  string  `json:"orientation"`
	Shape        string  `json:"shape"`
	Game         string  `json:"game"`
	Settled      bool    `json:"settled"`
	Liveable     bool    `json:"liveable"`
	Stones       int     `json:"stones"`
	Kind         string  `json:"kind"`
	HasKo        bool    `json:"hasKo"`
	Error        string  `json:"error,omitempty"`
	Count        *string `json:"count"`
	Chilled      *string `json:"chilled"`
	Mean         *string `json:"mean"`
	Temperature  *string `json:"temperature"`
	Class        *string `json:"class"`
	AtomicWeight *string `json:"atomicWeight"`
	Sente        *string `json:"sente"`
	Diagram      string  `json:"diagram"`
}

// Valued reports whether the row has values (no ko, no error).
func (r *Row) Valued() bool { return r.Count != nil && r.Chilled != nil }

// OrientationOf returns the row's orientation.
func (r *Row) OrientationOf() Orientation {
	o, _ := ParseOrientation(r.Orientation)
	return o
}

const rowColumns = `id, key, name, area, orientation, shape, game, settled, liveable, stones, kind, has_ko, error,
	count, chilled, mean, temperature, class, atomic_weight, sente, diagram`

func scanRows(rows *sql.Rows) ([]Row, error) {
	defer rows.Close()
	var out []Row
	for rows.Next() {
		var r Row
		var settled, live, ko int
		if err := rows.Scan(&r.ID, &r.Key, &r.Name, &r.Area, &r.Orientation, &r.Shape, &r.Game, &settled, &live,
			&r.Stones, &r.Kind, &ko, &r.Error, &r.Count, &r.Chilled, &r.Mean, &r.Temperature, &r.Class,
			&r.AtomicWeight, &r.Sente, &r.Diagram); err != nil {
			return nil, err
		}
		r.Settled, r.Liveable, r.HasKo = settled != 0, live != 0, ko != 0
		out = append(out, r)
	}
	return out, rows.Err()
}

// Tile returns the tile with the given key (the key is checked first).
func (db *DB) Tile(key string) (*Row, error) {
	if err := ParseKey(key); err != nil {
		return nil, err
	}
	rows, err := db.sql.Query("SELECT "+rowColumns+" FROM tiles WHERE key = ?", key)
	if err != nil {
		return nil, fmt.Errorf("library: %s: %w", db.path, err)
	}
	rs, err := scanRows(rows)
	if err != nil {
		return nil, fmt.Errorf("library: %s: %w", db.path, err)
	}
	if len(rs) == 0 {
		return nil, fmt.Errorf("library: %s has no tile %q (keys are canonical: the smallest drawing over the symmetries and the colour swap; a query lists them)", db.path, key)
	}
	return &rs[0], nil
}

// Query selects tiles; the zero Query selects every tile. Filters
// combine with "and".
type Query struct {
	// Chilled, if set, selects the tiles whose chilled value equals it
	// (canonical forms compared).
	Chilled *cgt.Game
	// TempLo and TempHi, if set, bound the count's temperature
	// (inclusive, exactly).
	TempLo, TempHi *cgt.Dyadic
	// Area (0: any), Orientation ("" any), Class ("" any: number,
	// infinitesimal, hot).
	Area        int
	Orientation string
	Class       string
	// NegativeOf, if set, selects the tiles whose chilled value is the
	// negative of that tile's (the tile itself left out).
	NegativeOf string
	// Disguise, if set, selects the tiles with that tile's chilled value
	// and a different shape (another free polyomino).
	Disguise string
	// LiveableOnly leaves out tiles whose walls cannot live; ValuedOnly
	// leaves out ko tiles and tiles without a value; NoSettled leaves
	// out settled territory.
	LiveableOnly, ValuedOnly, NoSettled bool
	// Limit bounds the rows returned (0: no bound).
	Limit int
}

// Query returns the tiles q selects, ordered by id (the build order).
func (db *DB) Query(q Query) ([]Row, error) {
	var where []string
	var args []any
	if q.NegativeOf != "" || q.Disguise != "" {
		key := q.NegativeOf
		if key == "" {
			key = q.Disguise
		}
		t, err := db.Tile(key)
		if err != nil {
			return nil, err
		}
		if !t.Valued() {
			return nil, fmt.Errorf("library: tile %s has no value (%s)", key, t.Kind)
		}
		g, err := cgt.Parse(*t.Chilled)
		if err != nil {
			return nil, fmt.Errorf("library: tile %s: stored chilled value %q: %w", key, *t.Chilled, err)
		}
		if q.NegativeOf != "" {
			where = append(where, "chilled = ?", "key <> ?")
			args = append(args, g.Neg().String(), key)
		}
		if q.Disguise != "" {
			where = append(where, "chilled = ?", "shape <> ?")
			args = append(args, g.String(), t.Shape)
		}
	}
	if q.Chilled != nil {
		where = append(where, "chilled = ?")
		args = append(args, q.Chilled.String())
	}
	// Temperatures are dyadic: a float64 holds the small ones exactly;
	// the SQL bound is widened a little and the exact test made below.
	if q.TempLo != nil {
		where = append(where, "temperature_f >= ?")
		args = append(args, q.TempLo.Float64()-1e-9)
	}
	if q.TempHi != nil {
		where = append(where, "temperature_f <= ?")
		args = append(args, q.TempHi.Float64()+1e-9)
	}
	if q.Area > 0 {
		where = append(where, "area = ?")
		args = append(args, q.Area)
	}
	if q.Orientation != "" {
		o, err := ParseOrientation(q.Orientation)
		if err != nil {
			return nil, err
		}
		where = append(where, "orientation = ?")
		args = append(args, o.String())
	}
	if q.Class != "" {
		switch q.Class {
		case "number", "infinitesimal", "hot":
		default:
			return nil, fmt.Errorf("library: unknown class %q (want number, infinitesimal or hot)", q.Class)
		}
		where = append(where, "class = ?")
		args = append(args, q.Class)
	}
	if q.LiveableOnly {
		where = append(where, "liveable = 1")
	}
	if q.ValuedOnly {
		where = append(where, "chilled IS NOT NULL")
	}
	if q.NoSettled {
		where = append(where, "settled = 0")
	}
	s := "SELECT " + rowColumns + " FROM tiles"
	if len(where) > 0 {
		s += " WHERE " + strings.Join(where, " AND ")
	}
	s += " ORDER BY id"
	exactTemp := q.TempLo != nil || q.TempHi != nil
	if q.Limit > 0 && !exactTemp {
		s += " LIMIT " + strconv.Itoa(q.Limit)
	}
	rows, err := db.sql.Query(s, args...)
	if err != nil {
		return nil, fmt.Errorf("library: %s: %w", db.path, err)
	}
	rs, err := scanRows(rows)
	if err != nil {
		return nil, fmt.Errorf("library: %s: %w", db.path, err)
	}
	if exactTemp {
		kept := rs[:0]
		for _, r := range rs {
			if r.Temperature == nil {
				continue
			}
			t, err := cgt.ParseDyadic(*r.Temperature)
			if err != nil {
				return nil, fmt.Errorf("library: tile %s: stored temperature %q: %w", r.Key, *r.Temperature, err)
			}
			if (q.TempLo == nil || t.Cmp(*q.TempLo) >= 0) && (q.TempHi == nil || t.Cmp(*q.TempHi) <= 0) {
				kept = append(kept, r)
			}
		}
		rs = kept
		if q.Limit > 0 && len(rs) > q.Limit {
			rs = rs[:q.Limit]
		}
	}
	return rs, nil
}

// Counts returns the number of tiles per area and orientation, with how
// many are liveable, settled and ko.
func (db *DB) Counts() ([]CountRow, error) {
	rows, err := db.sql.Query(`SELECT area, orientation, COUNT(*), SUM(liveable), SUM(settled), SUM(has_ko),
		COUNT(DISTINCT game) FROM tiles GROUP BY area, orientation ORDER BY area, MIN(id)`)
	if err != nil {
		return nil, fmt.Errorf("library: %s: %w", db.path, err)
	}
	defer rows.Close()
	var out []CountRow
	for rows.Next() {
		var c CountRow
		if err := rows.Scan(&c.Area, &c.Orientation, &c.Tiles, &c.Liveable, &c.Settled, &c.Ko, &c.Games); err != nil {
			return nil, fmt.Errorf("library: %s: %w", db.path, err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// CountRow is one line of Counts.
type CountRow struct {
	Area        int    `json:"area"`
	Orientation string `json:"orientation"`
	Tiles       int    `json:"tiles"`
	Liveable    int    `json:"liveable"`
	Settled     int    `json:"settled"`
	Ko          int    `json:"ko"`
	Games       int    `json:"games"`
}

// ParseRange reads a range of dyadic rationals "LO..HI" ("1/2..3",
// "-1..0"); either end may be left out ("..1", "1/2..") for no bound, and
// a single number "1" means "1..1". LO must not exceed HI.
func ParseRange(s string) (lo, hi *cgt.Dyadic, err error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil, errors.New("empty range (want LO..HI, like 1/2..3)")
	}
	a, b, found := strings.Cut(s, "..")
	if !found {
		b = a
	}
	parse := func(x, which string) (*cgt.Dyadic, error) {
		x = strings.TrimSpace(x)
		if x == "" {
			if !found {
				return nil, fmt.Errorf("range %q: no number", s)
			}
			return nil, nil
		}
		d, err := cgt.ParseDyadic(x)
		if err != nil {
			return nil, fmt.Errorf("range %q: %s %q is not a dyadic rational: %v", s, which, x, err)
		}
		return &d, nil
	}
	if lo, err = parse(a, "lower end"); err != nil {
		return nil, nil, err
	}
	if hi, err = parse(b, "upper end"); err != nil {
		return nil, nil, err
	}
	if lo == nil && hi == nil {
		return nil, nil, fmt.Errorf("range %q has no bound", s)
	}
	if lo != nil && hi != nil && lo.Cmp(*hi) > 0 {
		return nil, nil, fmt.Errorf("range %q: the lower end exceeds the upper end", s)
	}
	return lo, hi, nil
}
