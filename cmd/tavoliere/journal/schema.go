package journal

import (
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// appMarker in table meta is how Open tells a journal from another program's database.
const appMarker = "tavoliere-journal"

// schemaVersion is the version this code writes and reads. A change to the schema bumps it
// and adds the migration from the previous one to Open.
const schemaVersion = 1

// schema creates a journal of schemaVersion. Games are never deleted, and moves never leave
// the database: a takeback marks them. The partial unique index keeps the current line of a
// game to one move per ply.
var schema = []string{
	`CREATE TABLE meta (
		key   TEXT PRIMARY KEY,
		value TEXT NOT NULL
	) STRICT`,
	`INSERT INTO meta (key, value) VALUES ('app', '` + appMarker + `'), ('schema_version', '` + strconv.Itoa(schemaVersion) + `')`,
	`CREATE TABLE game (
		id       INTEGER PRIMARY KEY,
		rules    TEXT NOT NULL,
		settings TEXT NOT NULL CHECK (json_valid(settings)), -- JSON object, setting -> value
		sides    TEXT NOT NULL CHECK (json_valid(sides)),    -- JSON array, "human" or "ai" per player
		level    TEXT NOT NULL,
		started  TEXT NOT NULL,                              -- UTC, RFC 3339 with nanoseconds
		ended    TEXT,                                       -- NULL while in progress
		result   TEXT,                                       -- NULL while in progress
		CHECK ((ended IS NULL) = (result IS NULL))
	) STRICT`,
	`CREATE INDEX game_in_progress ON game (id) WHERE result IS NULL`,
	`CREATE TABLE move (
		id            INTEGER PRIMARY KEY,
		game          INTEGER NOT NULL REFERENCES game (id),
		ply           INTEGER NOT NULL CHECK (ply >= 1),    -- the ply of the position after the move
		text          TEXT NOT NULL,
		at            TEXT NOT NULL,
		taken_back_at TEXT                                  -- NULL while on the current line
	) STRICT`,
	`CREATE UNIQUE INDEX move_current ON move (game, ply) WHERE taken_back_at IS NULL`,
	`CREATE INDEX move_game ON move (game)`,
}

// columns are the tables and columns the code reads and writes: a journal without them is
// damaged.
var columns = map[string][]string{
	"game": {"id", "rules", "settings", "sides", "level", "started", "ended", "result"},
	"move": {"id", "game", "ply", "text", "at", "taken_back_at"},
}

// create makes a new journal at path, where no file exists. It builds it under a temporary
// name in the same directory and links it into place only when it is complete and synced.
func create(path string) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	// Journals half-built by a process that died; nobody else builds one while we hold the lock.
	if old, _ := filepath.Glob(filepath.Join(dir, "."+base+".new-*")); len(old) > 0 {
		for _, f := range old {
			os.Remove(f)
		}
	}
	if fi, err := os.Stat(path + "-wal"); err == nil && fi.Size() > 0 {
		return corrupt(path, "the journal is missing but its write-ahead log %s-wal (%d bytes) is there; "+
			"a new journal would replay it: move it aside", path, fi.Size())
	}
	// A mark of changes is what a lost journal leaves; one of none, a power cut while making it.
	switch m, state, err := readMark(path); {
	case err != nil:
		return err
	case state == markDamaged:
		return corrupt(path, "the journal is missing and its mark %s is damaged: move the mark aside to begin a new journal",
			path+markSuffix)
	case state == markValid && m.changes > 0:
		return corrupt(path, "the journal is missing but its mark %s says it held %d changes: "+
			"move the mark aside to begin a new journal", path+markSuffix, m.changes)
	}
	id, err := newJournalID()
	if err != nil {
		return fmt.Errorf("journal %s: creating: %w", path, err)
	}

	f, err := os.CreateTemp(dir, "."+base+".new-*")
	if err != nil {
		return fmt.Errorf("journal %s: creating: %w", path, err)
	}
	tmp := f.Name()
	f.Close()
	defer func() {
		for _, s := range []string{"", "-wal", "-shm", "-journal"} {
			os.Remove(tmp + s)
		}
	}()

	db, err := sql.Open("sqlite", dsn(tmp, false))
	if err != nil {
		return fmt.Errorf("journal %s: creating: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	err = func() error {
		tx, err := db.Begin()
		if err != nil {
			return err
		}
		defer tx.Rollback()
		for _, s := range schema {
			if _, err := tx.Exec(s); err != nil {
				return err
			}
		}
		// Marked from the start (see mark.go); a journal made before marks lacks these rows.
		if _, err := tx.Exec(`INSERT INTO meta (key, value) VALUES ('id', ?), ('changes', '0')`, id); err != nil {
			return err
		}
		return tx.Commit()
	}()
	// Closing the last connection checkpoints the log into the file and removes it, so the
	// file is whole on its own.
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		if fi, serr := os.Stat(tmp + "-wal"); serr == nil && fi.Size() > 0 {
			err = errors.New("the write-ahead log was not checkpointed")
		}
	}
	if err != nil {
		return fmt.Errorf("journal %s: creating: %w", path, err)
	}
	// Link, unlike rename, never replaces a file that appeared meanwhile.
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, os.ErrExist) {
			return fmt.Errorf("journal %s: appeared while it was being created: %w", path, err)
		}
		// Filesystems without hard links (FAT): rename, having looked once more.
		if _, serr := os.Lstat(path); serr == nil {
			return fmt.Errorf("journal %s: appeared while it was being created", path)
		}
		if err := os.Rename(tmp, path); err != nil {
			return fmt.Errorf("journal %s: creating: %w", path, err)
		}
	}
	if d, err := os.Open(dir); err == nil {
		// The new name must survive a power cut too.
		err = d.Sync()
		d.Close()
		if err != nil {
			return fmt.Errorf("journal %s: syncing %s: %w", path, dir, err)
		}
	}
	return nil
}

// sniff looks at the file's header before SQLite does, to say plainly what is wrong with a
// file that is not a database at all, or is shorter than its header says.
func sniff(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("journal %s: %w", path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return fmt.Errorf("journal %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("journal %s: not a regular file (%s)", path, fi.Mode().Type())
	}
	var h [100]byte
	n, err := io.ReadFull(f, h[:])
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("journal %s: %w", path, err)
	}
	const magic = "SQLite format 3\x00"
	switch {
	case n == 0:
		return corrupt(path, "the file is empty (0 bytes); a new journal is only made where no file exists")
	case n < len(magic) || string(h[:len(magic)]) != magic:
		return corrupt(path, "not an SQLite database (it starts with %q)", h[:min(n, 16)])
	case n < len(h):
		return corrupt(path, "truncated: %d bytes, shorter than an SQLite header", n)
	}
	pageSize := int64(binary.BigEndian.Uint16(h[16:]))
	if pageSize == 1 {
		pageSize = 65536
	}
	pages := int64(binary.BigEndian.Uint32(h[28:]))
	// The header's page count is trustworthy only when it was written with the change counter
	// it carries; and while a write-ahead log holds frames, the file may lag behind it.
	valid := pages > 0 && binary.BigEndian.Uint32(h[24:]) == binary.BigEndian.Uint32(h[92:])
	wal, werr := os.Stat(path + "-wal")
	if valid && (werr != nil || wal.Size() == 0) && fi.Size() < pages*pageSize {
		return corrupt(path, "truncated: %d bytes, but its header says %d pages of %d bytes (%d bytes)",
			fi.Size(), pages, pageSize, pages*pageSize)
	}
	return nil
}

// check tells whether db, opened read-only, is a sound journal this code can use, and
// whether it holds every change its mark vouches for.
func check(db *sql.DB, path string) error {
	// The mark first: a writer beside us commits, then marks, so the database we read next
	// holds at least what this mark says.
	m, markState, err := readMark(path)
	if err != nil {
		return err
	}
	problems, err := strings1(db, `PRAGMA integrity_check(5)`)
	if err != nil {
		return dbError(path, "integrity check", err)
	}
	if !slices.Equal(problems, []string{"ok"}) {
		var lines []string
		for _, p := range problems {
			for l := range strings.Lines(p) {
				if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "***") {
					lines = append(lines, l)
				}
			}
		}
		return corrupt(path, "integrity check failed: %s", strings.Join(lines, "; "))
	}

	tables, err := strings1(db, `SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`)
	if err != nil {
		return dbError(path, "reading the schema", err)
	}
	if !slices.Contains(tables, "meta") {
		return corrupt(path, "an SQLite database without a meta table (tables: %s)", list(tables))
	}
	meta := map[string]string{}
	rows, err := db.Query(`SELECT key, value FROM meta`)
	if err != nil {
		return dbError(path, "reading meta", err)
	}
	for rows.Next() {
		var k, v sql.NullString
		if err := rows.Scan(&k, &v); err != nil {
			rows.Close()
			return dbError(path, "reading meta", err)
		}
		meta[k.String] = v.String
	}
	if err := rows.Close(); err != nil {
		return dbError(path, "reading meta", err)
	}
	if app := meta["app"]; app != appMarker {
		return corrupt(path, "meta app is %q, not %q", app, appMarker)
	}
	v, ok := meta["schema_version"]
	if !ok {
		return corrupt(path, "no schema_version in meta")
	}
	version, err := strconv.Atoi(v)
	switch {
	case err != nil || version < 1:
		return corrupt(path, "bad schema_version %q", v)
	case version > schemaVersion:
		return fmt.Errorf("journal %s: %w: schema version %d, this tavoliere knows %d", path, ErrNewer, version, schemaVersion)
	}

	for _, t := range slices.Sorted(maps.Keys(columns)) {
		if !slices.Contains(tables, t) {
			return corrupt(path, "table %s is missing", t)
		}
		have, err := strings1(db, `SELECT name FROM pragma_table_info(?)`, t)
		if err != nil {
			return dbError(path, "reading the schema", err)
		}
		for _, c := range columns[t] {
			if !slices.Contains(have, c) {
				return corrupt(path, "table %s has no column %s", t, c)
			}
		}
	}
	id, changes, problem := countOf(meta)
	if problem != "" {
		return corrupt(path, "%s", problem)
	}
	return checkMark(path, m, markState, id, changes)
}

// strings1 runs a query whose rows are one text column.
func strings1(db *sql.DB, query string, args ...any) ([]string, error) {
	rows, err := db.Query(query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s sql.NullString
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s.String)
	}
	return out, rows.Err()
}

func corrupt(path, format string, args ...any) error {
	return fmt.Errorf("journal %s: %w: %s", path, ErrCorrupt, fmt.Sprintf(format, args...))
}

// dbError reports err from SQLite while checking path, as ErrCorrupt when SQLite says the
// file is damaged or not a database.
func dbError(path, doing string, err error) error {
	var e *sqlite.Error
	if errors.As(err, &e) {
		switch e.Code() & 0xff {
		case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
			return fmt.Errorf("journal %s: %w: %s: %w", path, ErrCorrupt, doing, err)
		}
	}
	return fmt.Errorf("journal %s: %s: %w", path, doing, err)
}

func list(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}
