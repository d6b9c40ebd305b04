// Package journal keeps every game and every committed move in an embedded SQLite database
// (modernc.org/sqlite, no cgo), so that nothing the players did is lost across a crash or a
// power cut: the service writes a move here, and only once AddMove has returned does it show
// the move. After a restart, InProgress gives back the game to resume.
//
// It is part of cmd because it opens a file; it must not import engine, boards or hw: it
// stores rule ids, settings and moves as the text the engine's notation gives it, and never
// interprets them.
//
// # Durability
//
// The database runs in WAL mode with synchronous=FULL: a transaction that has committed has
// been fsynced to the write-ahead log, and survives a power cut. Every mutating method is one
// transaction (BEGIN IMMEDIATE), so each call either happens whole or not at all, and before
// it returns writes the journal's count of changes to path+".mark", fdatasynced. A new
// journal is built under a temporary name and linked into place only when complete, so a
// power cut while creating one leaves either no journal or a whole one, never a half-made
// file that the next start would refuse.
//
// # Damaged and foreign files
//
// Open never repairs, truncates or overwrites an existing journal or its log. A file that is not a
// tavoliere journal (not SQLite, another program's database, no schema version) or that is
// damaged (truncated, failing PRAGMA integrity_check) gives an error wrapping ErrCorrupt that
// names the file and what is wrong, and the file is left byte for byte as it was; a journal
// written by a newer tavoliere gives ErrNewer. A zero-length file is not a journal: only a
// path where no file exists gets a new one. A zero-length file is what a lost journal can
// look like (a filesystem that lost the data, an editor that emptied it), and silently
// starting afresh on top of it would hide that the games were lost. Likewise a missing
// journal beside a non-empty write-ahead log (path-wal) is refused: SQLite would replay the
// orphaned log into the new file. So is a journal with fewer changes than its mark says (its
// write-ahead log was lost or damaged), or whose mark is missing, damaged or another's: see
// mark.go. A journal is copied or moved with its mark.
//
// # One writer, any number of readers
//
// Open takes an exclusive flock on path+".lock" (created beside the journal and left there)
// for as long as the Journal is open. A second Open of the same journal, from another
// process or from this one, fails at once with an error wrapping ErrLocked that gives the
// pid of the holder; it does not wait. The kernel drops the lock when the holder exits, even
// by a crash or kill -9, so a stale lock file never blocks a restart. OpenReadOnly takes no
// lock: thanks to WAL, `tavoliere games-played` can read while serve writes, and sees every
// committed move. (Without flock, on platforms other than Linux and the BSDs, Open does not
// lock and two writers are kept apart only by SQLite's busy timeout.)
//
// # The AI's announced move
//
// The AI's move, once announced (lit on the board for a person to carry out), is kept by
// Announce until it is carried out (AddMove), taken back, or the game ends or gives way to
// another: after a restart InProgress gives it back (Game.Announced), and the service shows
// the same move again rather than search anew, since a search on a time budget, or with
// another seed, may find another and the players have seen this one. It is no move of the
// game, so it stays out of table move: it is one row of table meta ('announced'), at most
// one since at most one game is in progress, which needs no change of schema (a journal
// stays readable by the tavoliere before). A search that a restart interrupted left
// nothing to keep: the AI searches again.
//
// # The AI's secrets
//
// An AI that keeps a secret choice and shows a commitment to it (Xe Queo!'s pawn of each
// round) must keep the same choice across a restart, or the commitment the players saw no
// longer binds it. KeepSecret keeps each one, by seat and round, with its commitment and the
// reveal that opens it, as the AI wrote them, until the game gives way to another; moves and
// takebacks keep them, since a choice, once sealed, is the AI's for good, and so does the
// game's end, since a takeback may reopen it. After a restart InProgress gives them back
// (Game.Secrets), for a game in progress only. The reveal is secret until its round is
// over: the journal is a local file, and nothing here shows or logs it. They are one row of
// table meta ('secrets'), like the announced move.
//
// # The LEDs' brightness
//
// The brightness the kiosk's operator sets is no part of a game either: SetBrightness keeps
// it in a row of table meta ('brightness') across games and restarts, with the board
// file's brightness it was set over, so that the service can tell an edited board file
// (which then wins) from the same one.
//
// # Times
//
// All times are inputs, stored as UTC RFC 3339 text with nanoseconds. Nothing here orders by
// time (games by id, moves by ply), because a Raspberry Pi has no real-time clock and its
// clock may jump after a power cut until it synchronises.
package journal

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver
)

// Sentinel errors, for callers to branch on with errors.Is.
var (
	// ErrCorrupt: the file is not a tavoliere journal, or it is damaged. It was not changed.
	ErrCorrupt = errors.New("not a tavoliere journal, or damaged")
	// ErrNewer: the journal was written by a newer tavoliere with a schema this one does not know.
	ErrNewer = errors.New("journal written by a newer tavoliere")
	// ErrNotFound: no game with that id.
	ErrNotFound = errors.New("not found")
	// ErrLocked: another Open holds the journal.
	ErrLocked = errors.New("journal in use by another process")
	// ErrReadOnly: a write to a journal opened with OpenReadOnly.
	ErrReadOnly = errors.New("journal opened read-only")
)

// Results the journal writes itself.
const (
	// Abandoned is the Result of a game that was still in progress when the next one started.
	Abandoned = "abandoned"
)

// busyTimeout is how long a statement waits for a lock held by a reader's checkpoint or the
// sqlite3 shell before it fails with SQLITE_BUSY.
const busyTimeout = 5 * time.Second

// Journal is an open journal. Its methods are safe for concurrent use, serialized on one
// database connection, except Close, which must come after all the others.
type Journal struct {
	path     string
	db       *sql.DB
	lock     *os.File // nil for OpenReadOnly, and where flock does not exist
	readOnly bool

	// The mark (see mark.go), for writing only: the open mark file and the journal id.
	mu     sync.Mutex // serializes write, so that each mark follows its own commit
	mark   *os.File
	id     string
	behind int64 // the change count a failed mark write left unrecorded, or 0
}

// Game is one game as the journal holds it.
type Game struct {
	ID       int64
	Rules    string            // registry id, e.g. "quadwrangle"
	Settings map[string]string // the settings in force; never nil when read back
	Sides    []string          // per player: "human" or "ai"
	Level    string            // the AI level
	Started  time.Time
	Ended    time.Time // zero while in progress
	Result   string    // "" while in progress, else e.g. "White wins (board full)" or Abandoned
	Moves    []Move    // in ply order, current line only (taken-back moves are excluded); never nil when read back
	// Announced is the AI's move announced for the position after Moves and not yet carried
	// out (Announce), "" for none.
	Announced string
	// Secrets are the secrets the AI sealed in the game in progress (KeepSecret), by round
	// and seat; nil for none, and for a game over.
	Secrets []Secret
}

// Secret is a secret choice the AI sealed, kept for a restart: the commitment the kiosk
// shows and the reveal that opens it, as the AI wrote them. The journal does not read them.
type Secret struct {
	Seat       int    `json:"seat"` // the player, from 0
	Round      int    `json:"round"`
	Commitment string `json:"commitment"`
	Reveal     string `json:"reveal"` // secret until the round is over
}

// secretsKey is the row of table meta that holds the AI's secrets: the JSON of sealed.
const secretsKey = "secrets"

type sealed struct {
	Game    int64    `json:"game"`
	Secrets []Secret `json:"secrets"`
}

// announcedKey is the row of table meta that holds the AI's announced move: the JSON of
// announcement.
const announcedKey = "announced"

type announcement struct {
	Game int64  `json:"game"`
	Ply  int    `json:"ply"` // the ply the move leads to, as AddMove's
	Move string `json:"move"`
	At   string `json:"at"`
}

// brightnessKey is the row of table meta that holds the LEDs' brightness the operator set:
// the JSON of Brightness.
const brightnessKey = "brightness"

// Brightness is the LEDs' brightness the kiosk's operator set, 1…255, and the level the
// board file gave when it was set.
type Brightness struct {
	Level int `json:"level"`
	Over  int `json:"over"`
}

// Move is one committed move of a game's current line.
type Move struct {
	Ply  int    // the ply of the position after the move, from 1
	Text string // the move in the game's notation
	At   time.Time
}

// Open opens the journal at path for writing, creating it (and its directory) with the
// schema if no file exists there. See the package documentation for what it refuses, and
// for the lock it holds until Close.
func Open(path string) (*Journal, error) {
	if path == "" {
		return nil, errors.New("journal: empty path")
	}
	path = filepath.Clean(path)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("journal %s: creating its directory: %w", path, err)
	}
	lock, err := acquire(path)
	if err != nil {
		return nil, err
	}
	j, err := openLocked(path)
	if err != nil {
		release(lock)
		return nil, err
	}
	j.lock = lock
	return j, nil
}

func openLocked(path string) (*Journal, error) {
	switch _, err := os.Lstat(path); {
	case errors.Is(err, fs.ErrNotExist):
		if err := create(path); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, fmt.Errorf("journal %s: %w", path, err)
	default:
		// A read-only look first: a read-write connection could change a file that turns out
		// not to be ours (switch it to WAL, roll back its hot journal, checkpoint its log).
		ro, err := openReadOnly(path)
		if err != nil {
			return nil, err
		}
		if err := ro.db.Close(); err != nil {
			return nil, fmt.Errorf("journal %s: %w", path, err)
		}
	}
	db, err := sql.Open("sqlite", dsn(path, false))
	if err != nil {
		return nil, fmt.Errorf("journal %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	var mode string
	if err := db.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil {
		db.Close()
		return nil, fmt.Errorf("journal %s: %w", path, err)
	}
	if !strings.EqualFold(mode, "wal") {
		// WAL needs shared memory beside the file; some network filesystems refuse it, and
		// without WAL neither the durability nor the concurrent readers described above hold.
		db.Close()
		return nil, fmt.Errorf("journal %s: journal_mode is %q, not wal (is it on a filesystem without shared memory?)", path, mode)
	}
	j := &Journal{path: path, db: db}
	if err := j.startMark(); err != nil {
		if j.mark != nil {
			j.mark.Close()
		}
		db.Close()
		return nil, fmt.Errorf("journal %s: writing its mark %s: %w", path, path+markSuffix, err)
	}
	return j, nil
}

// OpenReadOnly opens an existing journal for reading, next to a serve that may be writing
// it. It takes no lock and never creates the file: a missing journal gives an error wrapping
// fs.ErrNotExist. Writes return ErrReadOnly.
func OpenReadOnly(path string) (*Journal, error) {
	if path == "" {
		return nil, errors.New("journal: empty path")
	}
	return openReadOnly(filepath.Clean(path))
}

func openReadOnly(path string) (*Journal, error) {
	if err := sniff(path); err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", dsn(path, true))
	if err != nil {
		return nil, fmt.Errorf("journal %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	if err := check(db, path); err != nil {
		db.Close()
		return nil, err
	}
	return &Journal{path: path, db: db, readOnly: true}, nil
}

// dsn gives the modernc.org/sqlite data source name for path. The read-write connection
// never creates the file (mode=rw): create has made it, and if it vanished since, an empty
// database must not silently take its place.
func dsn(path string, readOnly bool) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	// SQLite decodes %HH in URI paths and stops the path at ? or #.
	esc := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(filepath.ToSlash(abs))
	q := fmt.Sprintf("_pragma=busy_timeout(%d)", busyTimeout.Milliseconds())
	if readOnly {
		q += "&mode=ro"
	} else {
		q += "&mode=rw&_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_txlock=immediate"
	}
	return "file:" + esc + "?" + q
}

// Close closes the journal and releases its lock. Closing twice is harmless.
func (j *Journal) Close() error {
	if j.db == nil {
		return nil
	}
	err := j.db.Close()
	j.db = nil
	if j.mark != nil {
		j.mark.Close()
		j.mark = nil
	}
	release(j.lock)
	j.lock = nil
	if err != nil {
		return fmt.Errorf("journal %s: closing: %w", j.path, err)
	}
	return nil
}

// Path is the journal's file.
func (j *Journal) Path() string { return j.path }

// StartGame records a new game and returns its id; g.ID, g.Moves, g.Ended and g.Result are
// ignored. A game still in progress is marked Abandoned, ended at g.Started, in the same
// transaction, so that at most one game is ever in progress.
func (j *Journal) StartGame(g Game) (int64, error) {
	switch {
	case g.Rules == "":
		return 0, errors.New("journal: start game: no rules")
	case len(g.Sides) == 0:
		return 0, errors.New("journal: start game: no sides")
	case g.Started.IsZero():
		return 0, errors.New("journal: start game: no start time")
	}
	settings := g.Settings
	if settings == nil {
		settings = map[string]string{}
	}
	settingsJSON, err := json.Marshal(settings) // keys sorted
	if err != nil {
		return 0, fmt.Errorf("journal: start game: %w", err)
	}
	sidesJSON, err := json.Marshal(g.Sides)
	if err != nil {
		return 0, fmt.Errorf("journal: start game: %w", err)
	}
	var id int64
	err = j.write(func(tx *sql.Tx) error {
		if _, err := tx.Exec(`UPDATE game SET result = ?, ended = ? WHERE result IS NULL`,
			Abandoned, formatTime(g.Started)); err != nil {
			return err
		}
		if err := forgetAnnounced(tx); err != nil {
			return err
		}
		if err := forgetSecrets(tx); err != nil {
			return err
		}
		r, err := tx.Exec(`INSERT INTO game (rules, settings, sides, level, started) VALUES (?, ?, ?, ?, ?)`,
			g.Rules, string(settingsJSON), string(sidesJSON), g.Level, formatTime(g.Started))
		if err != nil {
			return err
		}
		id, err = r.LastInsertId()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("journal: start game: %w", err)
	}
	return id, nil
}

// AddMove records the move that leads to ply (the first move leads to ply 1). ply must be
// the next ply of the game's current line and the game must be in progress; otherwise
// nothing is written. The move is on disk when AddMove returns nil.
func (j *Journal) AddMove(game int64, ply int, text string, at time.Time) error {
	if text == "" {
		return fmt.Errorf("journal: game %d: add move at ply %d: empty move", game, ply)
	}
	err := j.write(func(tx *sql.Tx) error {
		last, err := currentPly(tx, game)
		if err != nil {
			return err
		}
		if ply != last+1 {
			return fmt.Errorf("the next ply is %d", last+1)
		}
		if _, err = tx.Exec(`INSERT INTO move (game, ply, text, at) VALUES (?, ?, ?, ?)`,
			game, ply, text, formatTime(at)); err != nil {
			return err
		}
		return forgetAnnounced(tx)
	})
	if err != nil {
		return fmt.Errorf("journal: game %d: add move %q at ply %d: %w", game, text, ply, err)
	}
	return nil
}

// TakeBack takes the game's current line back to toPly (0: before the first move). The
// moves after it stay in the database, marked taken back at at, but leave the current line.
// A game that ended is in progress again (the move that ended it was a mistake); an
// abandoned game cannot be taken back.
func (j *Journal) TakeBack(game int64, toPly int, at time.Time) error {
	err := j.write(func(tx *sql.Tx) error {
		if _, err := tx.Exec(`UPDATE game SET result = NULL, ended = NULL WHERE id = ? AND result IS NOT NULL AND result != ?`,
			game, Abandoned); err != nil {
			return err
		}
		last, err := currentPly(tx, game)
		if err != nil {
			return err
		}
		if toPly < 0 || toPly > last {
			return fmt.Errorf("the current line has plies 0 to %d", last)
		}
		if _, err = tx.Exec(`UPDATE move SET taken_back_at = ? WHERE game = ? AND taken_back_at IS NULL AND ply > ?`,
			formatTime(at), game, toPly); err != nil {
			return err
		}
		return forgetAnnounced(tx)
	})
	if err != nil {
		return fmt.Errorf("journal: game %d: take back to ply %d: %w", game, toPly, err)
	}
	return nil
}

// EndGame records the result of a game in progress.
func (j *Journal) EndGame(game int64, result string, at time.Time) error {
	if result == "" {
		return fmt.Errorf("journal: game %d: end: empty result", game)
	}
	err := j.write(func(tx *sql.Tx) error {
		if _, err := currentPly(tx, game); err != nil {
			return err
		}
		if _, err := tx.Exec(`UPDATE game SET result = ?, ended = ? WHERE id = ?`, result, formatTime(at), game); err != nil {
			return err
		}
		// (The secrets stay, unread while the game is over: a takeback may reopen it.)
		return forgetAnnounced(tx)
	})
	if err != nil {
		return fmt.Errorf("journal: game %d: end: %w", game, err)
	}
	return nil
}

// Announce keeps the AI's move text, announced for the position at ply-1 of the game's
// current line (so leading to ply, as AddMove counts), until it is carried out, taken back,
// or the game ends; it replaces any move announced before. The game must be in progress and
// ply its next ply; otherwise nothing is written.
func (j *Journal) Announce(game int64, ply int, text string, at time.Time) error {
	if text == "" {
		return fmt.Errorf("journal: game %d: announce at ply %d: empty move", game, ply)
	}
	b, err := json.Marshal(announcement{Game: game, Ply: ply, Move: text, At: formatTime(at)})
	if err != nil {
		return fmt.Errorf("journal: game %d: announce: %w", game, err)
	}
	err = j.write(func(tx *sql.Tx) error {
		last, err := currentPly(tx, game)
		if err != nil {
			return err
		}
		if ply != last+1 {
			return fmt.Errorf("the next ply is %d", last+1)
		}
		_, err = tx.Exec(`INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
			announcedKey, string(b))
		return err
	})
	if err != nil {
		return fmt.Errorf("journal: game %d: announce %q at ply %d: %w", game, text, ply, err)
	}
	return nil
}

// KeepSecret keeps the secret the AI sealed in a game in progress, until another game
// starts (through the game's end too: a takeback may reopen it), replacing the one kept
// before for the same seat and round.
func (j *Journal) KeepSecret(game int64, sec Secret) error {
	what := fmt.Sprintf("journal: game %d: keep player %d's secret for round %d", game, sec.Seat+1, sec.Round)
	if sec.Seat < 0 || sec.Round < 1 || sec.Commitment == "" || sec.Reveal == "" {
		return fmt.Errorf("%s: want a seat from 0, a round from 1, a commitment and a reveal", what)
	}
	err := j.write(func(tx *sql.Tx) error {
		if _, err := currentPly(tx, game); err != nil {
			return err
		}
		all, err := readSecrets(tx)
		if err != nil {
			return err
		}
		kept := sealed{Game: game}
		if all.Game == game {
			kept.Secrets = slices.DeleteFunc(all.Secrets, func(s Secret) bool { return s.Seat == sec.Seat && s.Round == sec.Round })
		}
		kept.Secrets = append(kept.Secrets, sec)
		slices.SortFunc(kept.Secrets, func(a, b Secret) int { return cmp.Or(cmp.Compare(a.Round, b.Round), cmp.Compare(a.Seat, b.Seat)) })
		b, err := json.Marshal(kept)
		if err != nil {
			return err
		}
		_, err = tx.Exec(`INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
			secretsKey, string(b))
		return err
	})
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// readSecrets reads the secrets kept, of whichever game; none gives the zero sealed.
func readSecrets(tx *sql.Tx) (sealed, error) {
	var text string
	switch err := tx.QueryRow(`SELECT value FROM meta WHERE key = ?`, secretsKey).Scan(&text); {
	case errors.Is(err, sql.ErrNoRows):
		return sealed{}, nil
	case err != nil:
		return sealed{}, err
	}
	var s sealed
	if err := json.Unmarshal([]byte(text), &s); err != nil {
		return sealed{}, fmt.Errorf("the AI's secrets: %w", err) // (not the text: it holds them)
	}
	return s, nil
}

// SetBrightness keeps the LEDs' brightness the operator set, replacing the one kept before.
func (j *Journal) SetBrightness(b Brightness) error {
	if b.Level < 1 || b.Level > 255 {
		return fmt.Errorf("journal: brightness %d: want 1…255", b.Level)
	}
	text, err := json.Marshal(b)
	if err != nil {
		return fmt.Errorf("journal: brightness: %w", err)
	}
	err = j.write(func(tx *sql.Tx) error {
		_, err := tx.Exec(`INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
			brightnessKey, string(text))
		return err
	})
	if err != nil {
		return fmt.Errorf("journal: brightness %d: %w", b.Level, err)
	}
	return nil
}

// Brightness gives the LEDs' brightness SetBrightness kept; false when none was.
func (j *Journal) Brightness() (Brightness, bool, error) {
	if j.db == nil {
		return Brightness{}, false, errors.New("journal closed")
	}
	var text string
	switch err := j.db.QueryRow(`SELECT value FROM meta WHERE key = ?`, brightnessKey).Scan(&text); {
	case errors.Is(err, sql.ErrNoRows):
		return Brightness{}, false, nil
	case err != nil:
		return Brightness{}, false, fmt.Errorf("journal: brightness: %w", err)
	}
	var b Brightness
	if err := json.Unmarshal([]byte(text), &b); err != nil {
		return Brightness{}, false, fmt.Errorf("journal: brightness %q: %w", text, err)
	}
	return b, true, nil
}

// forgetAnnounced drops the announced move: the line it was announced for has changed.
func forgetAnnounced(tx *sql.Tx) error {
	_, err := tx.Exec(`DELETE FROM meta WHERE key = ?`, announcedKey)
	return err
}

// forgetSecrets drops the AI's secrets: their game is over, or gives way to another.
func forgetSecrets(tx *sql.Tx) error {
	_, err := tx.Exec(`DELETE FROM meta WHERE key = ?`, secretsKey)
	return err
}

// currentPly is the last ply of the current line of a game in progress.
func currentPly(tx *sql.Tx, game int64) (int, error) {
	var result sql.NullString
	err := tx.QueryRow(`SELECT result FROM game WHERE id = ?`, game).Scan(&result)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("no such game: %w", ErrNotFound)
	}
	if err != nil {
		return 0, err
	}
	if result.Valid {
		return 0, fmt.Errorf("the game is over (%s)", result.String)
	}
	var last int
	err = tx.QueryRow(`SELECT coalesce(max(ply), 0) FROM move WHERE game = ? AND taken_back_at IS NULL`, game).Scan(&last)
	return last, err
}

// write runs f in one immediate transaction that also counts the change, commits it, and
// writes the count to the mark. A change the mark does not record is not vouched for: if the
// mark cannot be written, write says so, and the next write tries again before it changes
// anything, so that the database is never more than one change ahead of its mark.
func (j *Journal) write(f func(*sql.Tx) error) error {
	if j.readOnly {
		return ErrReadOnly
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.db == nil {
		return errors.New("journal closed")
	}
	if j.behind > 0 {
		if err := j.writeMark(j.behind); err != nil {
			return fmt.Errorf("its mark %s could not be written (nothing was changed): %w", j.path+markSuffix, err)
		}
		j.behind = 0
	}
	tx, err := j.db.Begin()
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	var n int64
	if err := tx.QueryRow(`UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'changes' RETURNING value`).Scan(&n); err != nil {
		tx.Rollback()
		return fmt.Errorf("counting the change: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	if err := j.writeMark(n); err != nil {
		j.behind = n
		return fmt.Errorf("committed, but its mark %s could not be written, so the journal does not vouch for it: %w", j.path+markSuffix, err)
	}
	return nil
}

// InProgress gives the most recent game that has no result, with its moves.
func (j *Journal) InProgress() (Game, bool, error) {
	gs, err := j.games(`WHERE id = (SELECT max(id) FROM game WHERE result IS NULL)`)
	if err != nil {
		return Game{}, false, fmt.Errorf("journal: game in progress: %w", err)
	}
	if len(gs) == 0 {
		return Game{}, false, nil
	}
	return gs[0], true, nil
}

// Game gives one game with its moves.
func (j *Journal) Game(id int64) (Game, error) {
	gs, err := j.games(`WHERE id = ?`, id)
	if err != nil {
		return Game{}, fmt.Errorf("journal: game %d: %w", id, err)
	}
	if len(gs) == 0 {
		return Game{}, fmt.Errorf("journal: game %d: %w", id, ErrNotFound)
	}
	return gs[0], nil
}

// Games gives every game, newest first, with their moves.
func (j *Journal) Games() ([]Game, error) {
	gs, err := j.games(``)
	if err != nil {
		return nil, fmt.Errorf("journal: games: %w", err)
	}
	return gs, nil
}

// games reads the games that where selects (a WHERE clause on table game, or nothing),
// newest first, and their current lines, in one read transaction so that both agree.
func (j *Journal) games(where string, args ...any) ([]Game, error) {
	if j.db == nil {
		return nil, errors.New("journal closed")
	}
	tx, err := j.db.BeginTx(context.Background(), &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()

	rows, err := tx.Query(`SELECT id, rules, settings, sides, level, started, ended, result FROM game `+where+` ORDER BY id DESC`, args...)
	if err != nil {
		return nil, err
	}
	var gs []Game
	index := map[int64]int{}
	for rows.Next() {
		var (
			g                        Game
			settings, sides, started string
			ended, result            sql.NullString
		)
		if err := rows.Scan(&g.ID, &g.Rules, &settings, &sides, &g.Level, &started, &ended, &result); err != nil {
			rows.Close()
			return nil, err
		}
		if err := json.Unmarshal([]byte(settings), &g.Settings); err != nil {
			rows.Close()
			return nil, fmt.Errorf("game %d: settings: %w", g.ID, err)
		}
		if g.Settings == nil {
			g.Settings = map[string]string{}
		}
		if err := json.Unmarshal([]byte(sides), &g.Sides); err != nil {
			rows.Close()
			return nil, fmt.Errorf("game %d: sides: %w", g.ID, err)
		}
		if g.Started, err = parseTime(started); err != nil {
			rows.Close()
			return nil, fmt.Errorf("game %d: %w", g.ID, err)
		}
		if ended.Valid {
			if g.Ended, err = parseTime(ended.String); err != nil {
				rows.Close()
				return nil, fmt.Errorf("game %d: %w", g.ID, err)
			}
		}
		g.Result = result.String
		g.Moves = []Move{}
		index[g.ID] = len(gs)
		gs = append(gs, g)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(gs) == 0 {
		return nil, nil
	}

	rows, err = tx.Query(`SELECT game, ply, text, at FROM move
		WHERE taken_back_at IS NULL AND game IN (SELECT id FROM game `+where+`)
		ORDER BY game, ply`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			game int64
			m    Move
			at   string
		)
		if err := rows.Scan(&game, &m.Ply, &m.Text, &at); err != nil {
			return nil, err
		}
		if m.At, err = parseTime(at); err != nil {
			return nil, fmt.Errorf("game %d ply %d: %w", game, m.Ply, err)
		}
		i, ok := index[game]
		if !ok {
			continue // a game that appeared between the two queries cannot happen in one transaction
		}
		gs[i].Moves = append(gs[i].Moves, m)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	secrets, err := readSecrets(tx)
	if err != nil {
		return nil, err
	}
	if i, ok := index[secrets.Game]; ok && gs[i].Result == "" {
		gs[i].Secrets = secrets.Secrets
	}
	var text string
	switch err := tx.QueryRow(`SELECT value FROM meta WHERE key = ?`, announcedKey).Scan(&text); {
	case errors.Is(err, sql.ErrNoRows):
		return gs, nil
	case err != nil:
		return nil, err
	}
	var a announcement
	if err := json.Unmarshal([]byte(text), &a); err != nil {
		return nil, fmt.Errorf("the announced move %q: %w", text, err)
	}
	// Only for the position it was announced for: what changed the line dropped it.
	if i, ok := index[a.Game]; ok && gs[i].Result == "" && a.Ply == len(gs[i].Moves)+1 {
		gs[i].Announced = a.Move
	}
	return gs, nil
}

func formatTime(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

func parseTime(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("bad time %q: %w", s, err)
	}
	return t.UTC(), nil
}
