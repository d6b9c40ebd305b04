package journal

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

var t0 = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

// at is t0 plus s seconds and a few nanoseconds, to check that times keep their precision.
func at(s int) time.Time { return t0.Add(time.Duration(s)*time.Second + time.Duration(s)) }

func openT(t testing.TB, path string) *Journal {
	t.Helper()
	j, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	return j
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func sameGame(t *testing.T, what string, got, want Game) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got %+v\nwant %+v", what, got, want)
	}
}

func quadwrangle(started time.Time) Game {
	return Game{
		Rules:    "quadwrangle",
		Settings: map[string]string{"drop-last": "off", "move-cap": "300", "first": "white"},
		Sides:    []string{"human", "ai"},
		Level:    "normal",
		Started:  started,
	}
}

func TestRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "var", "tavoliere", "journal.db")
	j := openT(t, path)
	if j.Path() != path {
		t.Errorf("Path() = %q, want %q", j.Path(), path)
	}
	if _, ok, err := j.InProgress(); err != nil || ok {
		t.Fatalf("InProgress on a new journal = %v, %v", ok, err)
	}
	if gs, err := j.Games(); err != nil || len(gs) != 0 {
		t.Fatalf("Games on a new journal = %v, %v", gs, err)
	}

	want := quadwrangle(t0)
	id, err := j.StartGame(want)
	must(t, err)
	want.ID = id
	want.Moves = []Move{}
	got, ok, err := j.InProgress()
	if err != nil || !ok {
		t.Fatalf("InProgress = %v, %v", ok, err)
	}
	sameGame(t, "InProgress after StartGame", got, want)

	must(t, j.AddMove(id, 1, "f4", at(1)))
	must(t, j.AddMove(id, 2, "g5-f6", at(2)))
	must(t, j.AddMove(id, 3, "f5", at(3)))
	must(t, j.TakeBack(id, 1, at(4)))
	// A time in another zone comes back as the same instant in UTC.
	rome := time.FixedZone("CET", 3600)
	must(t, j.AddMove(id, 2, "a1", at(5).In(rome)))
	must(t, j.AddMove(id, 3, "b2", at(6)))
	want.Moves = []Move{{1, "f4", at(1)}, {2, "a1", at(5)}, {3, "b2", at(6)}}

	got, ok, err = j.InProgress()
	if err != nil || !ok {
		t.Fatalf("InProgress = %v, %v", ok, err)
	}
	sameGame(t, "InProgress after moves and a takeback", got, want)
	got, err = j.Game(id)
	must(t, err)
	sameGame(t, "Game after moves and a takeback", got, want)

	var kept int
	must(t, j.db.QueryRow(`SELECT count(*) FROM move WHERE game = ? AND taken_back_at IS NOT NULL`, id).Scan(&kept))
	if kept != 2 {
		t.Errorf("%d taken-back moves kept in the database, want 2", kept)
	}

	must(t, j.EndGame(id, "White wins (board full)", at(7)))
	want.Ended, want.Result = at(7), "White wins (board full)"
	got, err = j.Game(id)
	must(t, err)
	sameGame(t, "Game after EndGame", got, want)
	if g, ok, err := j.InProgress(); err != nil || ok {
		t.Errorf("InProgress after EndGame = %+v, %v, %v", g, ok, err)
	}

	// A second game left unfinished is abandoned by the third.
	second := Game{Rules: "quarto", Sides: []string{"human", "human"}, Started: at(10)}
	second.ID, err = j.StartGame(second)
	must(t, err)
	must(t, j.AddMove(second.ID, 1, "A1 b2", at(11)))
	third := Game{Rules: "quixo", Settings: map[string]string{"players": "4"},
		Sides: []string{"human", "ai", "ai", "human"}, Level: "easy", Started: at(20)}
	third.ID, err = j.StartGame(third)
	must(t, err)
	second.Settings = map[string]string{}
	second.Moves = []Move{{1, "A1 b2", at(11)}}
	second.Ended, second.Result = at(20), Abandoned
	third.Moves = []Move{}

	got, ok, err = j.InProgress()
	if err != nil || !ok {
		t.Fatalf("InProgress = %v, %v", ok, err)
	}
	sameGame(t, "InProgress after the third StartGame", got, third)
	got, err = j.Game(second.ID)
	must(t, err)
	sameGame(t, "the abandoned game", got, second)

	all := []Game{third, second, want}
	gs, err := j.Games()
	must(t, err)
	if !reflect.DeepEqual(gs, all) {
		t.Errorf("Games:\n got %+v\nwant %+v", gs, all)
	}

	if _, err := j.Game(99); !errors.Is(err, ErrNotFound) {
		t.Errorf("Game(99) = %v, want ErrNotFound", err)
	}

	// Everything is still there after Close.
	must(t, j.Close())
	must(t, j.Close())
	j = openT(t, path)
	gs, err = j.Games()
	must(t, err)
	if !reflect.DeepEqual(gs, all) {
		t.Errorf("Games after reopening:\n got %+v\nwant %+v", gs, all)
	}
}

// TestTakeBackReopens: the move that ended a game taken back, the game is in progress again
// at the ply before it, and its end is recorded afresh.
func TestTakeBackReopens(t *testing.T) {
	j := openT(t, filepath.Join(t.TempDir(), "journal.db"))
	id, err := j.StartGame(quadwrangle(t0))
	must(t, err)
	must(t, j.AddMove(id, 1, "f4", at(1)))
	must(t, j.AddMove(id, 2, "g5-f6", at(2)))
	must(t, j.EndGame(id, "Black wins", at(2)))
	must(t, j.TakeBack(id, 1, at(3)))
	g, ok, err := j.InProgress()
	if err != nil || !ok || g.ID != id || g.Result != "" || !g.Ended.IsZero() || len(g.Moves) != 1 || g.Moves[0].Text != "f4" {
		t.Fatalf("InProgress after taking back the last move = %+v, %v, %v", g, ok, err)
	}
	must(t, j.AddMove(id, 2, "a1", at(4)))
	must(t, j.EndGame(id, "White wins", at(5)))
	gs, err := j.Games()
	must(t, err)
	if len(gs) != 1 || gs[0].Result != "White wins" || len(gs[0].Moves) != 2 || gs[0].Moves[1].Text != "a1" {
		t.Fatalf("Games = %+v", gs)
	}
}

func TestRefused(t *testing.T) {
	j := openT(t, filepath.Join(t.TempDir(), "journal.db"))
	over, err := j.StartGame(quadwrangle(t0))
	must(t, err)
	must(t, j.EndGame(over, "Black wins", at(1)))
	gone, err := j.StartGame(quadwrangle(at(1)))
	must(t, err)
	must(t, j.EndGame(gone, Abandoned, at(2)))
	id, err := j.StartGame(quadwrangle(at(2)))
	must(t, err)
	must(t, j.AddMove(id, 1, "f4", at(3)))
	must(t, j.AddMove(id, 2, "g5-f6", at(4)))

	rows := func() int {
		var n int
		must(t, j.db.QueryRow(`SELECT (SELECT count(*) FROM move) + (SELECT count(*) FROM game)`).Scan(&n))
		return n
	}
	before, err := j.Games()
	must(t, err)
	n := rows()

	for _, tc := range []struct {
		name string
		do   func() error
		is   error
	}{
		{"ply 0", func() error { return j.AddMove(id, 0, "f5", at(5)) }, nil},
		{"the same ply again", func() error { return j.AddMove(id, 2, "f5", at(5)) }, nil},
		{"a ply skipped", func() error { return j.AddMove(id, 4, "f5", at(5)) }, nil},
		{"an empty move", func() error { return j.AddMove(id, 3, "", at(5)) }, nil},
		{"a move to an unknown game", func() error { return j.AddMove(99, 1, "f5", at(5)) }, ErrNotFound},
		{"a move to a finished game", func() error { return j.AddMove(over, 1, "f5", at(5)) }, nil},
		{"a takeback past the end", func() error { return j.TakeBack(id, 3, at(5)) }, nil},
		{"a takeback before the start", func() error { return j.TakeBack(id, -1, at(5)) }, nil},
		{"a takeback in an abandoned game", func() error { return j.TakeBack(gone, 0, at(5)) }, nil},
		{"ending a finished game", func() error { return j.EndGame(over, "draw", at(5)) }, nil},
		{"ending with no result", func() error { return j.EndGame(id, "", at(5)) }, nil},
		{"ending an unknown game", func() error { return j.EndGame(99, "draw", at(5)) }, ErrNotFound},
		{"a game without rules", func() error { _, err := j.StartGame(Game{Sides: []string{"ai"}, Started: t0}); return err }, nil},
		{"a game without sides", func() error { _, err := j.StartGame(Game{Rules: "push", Started: t0}); return err }, nil},
		{"a game without a start", func() error { _, err := j.StartGame(Game{Rules: "push", Sides: []string{"ai"}}); return err }, nil},
	} {
		err := tc.do()
		switch {
		case err == nil:
			t.Errorf("%s: accepted", tc.name)
		case tc.is != nil && !errors.Is(err, tc.is):
			t.Errorf("%s: %v, want %v", tc.name, err, tc.is)
		}
	}
	after, err := j.Games()
	must(t, err)
	if !reflect.DeepEqual(after, before) || rows() != n {
		t.Errorf("refused calls changed the journal:\n got %+v\nwant %+v", after, before)
	}
	// The game goes on from where it was.
	must(t, j.AddMove(id, 3, "f5", at(6)))
}

// TestCrash copies the journal, its write-ahead log and its mark while it is open, as a
// power cut would leave them, and finds every move whose AddMove returned.
func TestCrash(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "journal.db")
	j := openT(t, path)
	id, err := j.StartGame(quadwrangle(t0))
	must(t, err)
	var want []Move
	for ply := 1; ply <= 40; ply++ {
		m := Move{ply, "m" + strconv.Itoa(ply), at(ply)}
		must(t, j.AddMove(id, m.Ply, m.Text, m.At))
		want = append(want, m)
	}
	must(t, j.TakeBack(id, 30, at(41)))
	want = want[:30]

	crash := filepath.Join(t.TempDir(), "crash")
	must(t, os.Mkdir(crash, 0o755))
	copied := 0
	for _, s := range []string{"", "-wal", markSuffix} {
		b, err := os.ReadFile(path + s)
		if err != nil {
			t.Fatal(err)
		}
		if s == "-wal" && len(b) == 0 {
			t.Fatal("the write-ahead log is empty: this test would not test it")
		}
		copied += len(b)
		must(t, os.WriteFile(filepath.Join(crash, "journal.db"+s), b, 0o644))
	}
	t.Logf("copied %d bytes", copied)
	// The original goes on, and does not see the copy.
	must(t, j.AddMove(id, 31, "later", at(50)))

	c := openT(t, filepath.Join(crash, "journal.db"))
	g, ok, err := c.InProgress()
	if err != nil || !ok {
		t.Fatalf("InProgress after the crash = %v, %v", ok, err)
	}
	if g.ID != id || !reflect.DeepEqual(g.Moves, want) {
		t.Errorf("after the crash, game %d has moves\n %+v\nwant game %d with\n %+v", g.ID, g.Moves, id, want)
	}
	must(t, c.AddMove(id, 31, "resumed", at(60)))
}

// TestKilled kills a process that is writing moves, and finds every move it reported
// written; the kernel releases its lock, so the journal opens at once.
func TestKilled(t *testing.T) {
	if os.Getenv("JOURNAL_TEST_WRITER") != "" {
		return // the writer runs from TestMain
	}
	path := filepath.Join(t.TempDir(), "journal.db")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "JOURNAL_TEST_WRITER="+path)
	out, err := cmd.StdoutPipe()
	must(t, err)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); errors.Is(err, syscall.ENOEXEC) {
		t.Skipf("cannot run the test binary as a child (under an emulator?): %v", err)
	} else if err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()

	lines := bufio.NewScanner(out)
	last := 0
	for lines.Scan() && last < 25 {
		last, err = strconv.Atoi(lines.Text())
		must(t, err)
		if last == 1 {
			// The writer holds the lock: a second Open fails at once and names it.
			_, err := Open(path)
			if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), strconv.Itoa(cmd.Process.Pid)) {
				t.Errorf("Open while another process has the journal = %v, want ErrLocked naming pid %d", err, cmd.Process.Pid)
			}
			// A reader may look at the same time.
			r, err := OpenReadOnly(path)
			must(t, err)
			g, ok, err := r.InProgress()
			if err != nil || !ok || len(g.Moves) < 1 {
				t.Errorf("a reader beside the writer sees %+v, %v, %v", g, ok, err)
			}
			must(t, r.Close())
		}
	}
	must(t, cmd.Process.Kill())
	cmd.Wait()

	j := openT(t, path)
	g, ok, err := j.InProgress()
	if err != nil || !ok {
		t.Fatalf("InProgress after kill = %v, %v", ok, err)
	}
	if len(g.Moves) < last {
		t.Errorf("after kill: %d moves, but the writer had reported %d written", len(g.Moves), last)
	}
}

// writer is the process TestKilled kills: it writes moves and reports each once AddMove
// has returned.
func writer(path string) {
	j, err := Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	id, err := j.StartGame(quadwrangle(t0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for ply := 1; ; ply++ {
		if err := j.AddMove(id, ply, "m"+strconv.Itoa(ply), at(ply)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Println(ply)
	}
}

func TestMain(m *testing.M) {
	if path := os.Getenv("JOURNAL_TEST_WRITER"); path != "" {
		writer(path)
	}
	os.Exit(m.Run())
}

func TestLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.db")
	j := openT(t, path)
	id, err := j.StartGame(quadwrangle(t0))
	must(t, err)
	must(t, j.AddMove(id, 1, "f4", at(1)))

	if k, err := Open(path); !errors.Is(err, ErrLocked) {
		if err == nil {
			k.Close()
		}
		t.Fatalf("second Open = %v, want ErrLocked", err)
	}

	r, err := OpenReadOnly(path)
	must(t, err)
	defer r.Close()
	must(t, j.AddMove(id, 2, "g5-f6", at(2)))
	g, err := r.Game(id)
	must(t, err)
	if len(g.Moves) != 2 {
		t.Errorf("the reader sees %d moves, want 2", len(g.Moves))
	}
	if err := r.AddMove(id, 3, "f5", at(3)); !errors.Is(err, ErrReadOnly) {
		t.Errorf("AddMove on a reader = %v, want ErrReadOnly", err)
	}
	if _, err := r.StartGame(quadwrangle(t0)); !errors.Is(err, ErrReadOnly) {
		t.Errorf("StartGame on a reader = %v, want ErrReadOnly", err)
	}

	must(t, j.Close())
	j = openT(t, path)
	must(t, j.AddMove(id, 3, "f5", at(3)))

	if _, err := OpenReadOnly(filepath.Join(t.TempDir(), "none.db")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("OpenReadOnly of a missing journal = %v, want fs.ErrNotExist", err)
	}
}

// hash is the SHA-256 of the file at path, or zero where there is none.
func hash(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return [32]byte{}
	}
	must(t, err)
	return sha256.Sum256(b)
}

// crashed opens the journal at path, calls f with its game in progress, and leaves at path
// what a power cut right after would leave: the file, its write-ahead log and its mark.
func crashed(t *testing.T, path string, f func(j *Journal, game int64)) {
	t.Helper()
	dir := t.TempDir()
	live := filepath.Join(dir, filepath.Base(path))
	for _, s := range []string{"", "-wal", markSuffix} {
		if b, err := os.ReadFile(path + s); err == nil {
			must(t, os.WriteFile(live+s, b, 0o644))
		}
	}
	j := openT(t, live)
	g, ok, err := j.InProgress()
	if err != nil || !ok {
		t.Fatalf("InProgress = %v, %v", ok, err)
	}
	f(j, g.ID)
	for _, s := range []string{"", "-wal", markSuffix} {
		b, err := os.ReadFile(live + s)
		must(t, err)
		must(t, os.WriteFile(path+s, b, 0o644))
	}
}

// rawSQL runs statements on a database without the journal's checks.
func rawSQL(t *testing.T, path string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	must(t, err)
	defer db.Close()
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	must(t, db.Close())
}

// journalWithGames makes a closed journal big enough to span many pages.
func journalWithGames(t *testing.T, path string) {
	t.Helper()
	j := openT(t, path)
	for g := range 20 {
		id, err := j.StartGame(quadwrangle(at(1000 * g)))
		must(t, err)
		for ply := 1; ply <= 60; ply++ {
			must(t, j.AddMove(id, ply, fmt.Sprintf("move-%d-%d", g, ply), at(1000*g+ply)))
		}
	}
	must(t, j.Close())
}

func TestNotAJournal(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	random := make([]byte, 8192)
	for i := range random {
		random[i] = byte(rnd.Uint32())
	}
	for _, tc := range []struct {
		name string
		make func(t *testing.T, path string)
		is   error
	}{
		{"a text file", func(t *testing.T, path string) {
			must(t, os.WriteFile(path, []byte("[Game \"quadwrangle\"]\n1. f4 g5-f6\n"), 0o644))
		}, ErrCorrupt},
		{"an empty file", func(t *testing.T, path string) {
			must(t, os.WriteFile(path, nil, 0o644))
		}, ErrCorrupt},
		{"random bytes", func(t *testing.T, path string) {
			must(t, os.WriteFile(path, random, 0o644))
		}, ErrCorrupt},
		{"random bytes after the SQLite magic", func(t *testing.T, path string) {
			must(t, os.WriteFile(path, append([]byte("SQLite format 3\x00"), random...), 0o644))
		}, ErrCorrupt},
		{"another program's database", func(t *testing.T, path string) {
			rawSQL(t, path, `CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)`,
				`INSERT INTO notes (body) VALUES ('hello')`)
		}, ErrCorrupt},
		{"another program's database with a meta table", func(t *testing.T, path string) {
			rawSQL(t, path, `PRAGMA journal_mode=WAL`, `CREATE TABLE meta (key TEXT, value TEXT)`,
				`INSERT INTO meta VALUES ('app', 'other'), ('schema_version', '1')`)
		}, ErrCorrupt},
		{"a newer journal", func(t *testing.T, path string) {
			journalWithGames(t, path)
			rawSQL(t, path, `UPDATE meta SET value = '2' WHERE key = 'schema_version'`)
		}, ErrNewer},
		{"a journal without a schema version", func(t *testing.T, path string) {
			journalWithGames(t, path)
			rawSQL(t, path, `DELETE FROM meta WHERE key = 'schema_version'`)
		}, ErrCorrupt},
		{"a journal without moves", func(t *testing.T, path string) {
			journalWithGames(t, path)
			rawSQL(t, path, `DROP TABLE move`)
		}, ErrCorrupt},
		{"a journal truncated in the middle", func(t *testing.T, path string) {
			journalWithGames(t, path)
			fi, err := os.Stat(path)
			must(t, err)
			must(t, os.Truncate(path, fi.Size()/2))
		}, ErrCorrupt},
		{"a journal truncated off a page boundary", func(t *testing.T, path string) {
			journalWithGames(t, path)
			fi, err := os.Stat(path)
			must(t, err)
			must(t, os.Truncate(path, fi.Size()/2+123))
		}, ErrCorrupt},
		{"a journal truncated in the middle, with a write-ahead log", func(t *testing.T, path string) {
			journalWithGames(t, path)
			crashed(t, path, func(j *Journal, id int64) {
				for ply := 61; ply <= 90; ply++ {
					must(t, j.AddMove(id, ply, "x", at(ply)))
				}
			})
			fi, err := os.Stat(path)
			must(t, err)
			must(t, os.Truncate(path, fi.Size()/2))
		}, ErrCorrupt},
		{"a journal with a page overwritten", func(t *testing.T, path string) {
			journalWithGames(t, path)
			f, err := os.OpenFile(path, os.O_WRONLY, 0)
			must(t, err)
			defer f.Close()
			fi, err := f.Stat()
			must(t, err)
			_, err = f.WriteAt(random[:4096], fi.Size()/4096/2*4096)
			must(t, err)
			must(t, f.Close())
		}, ErrCorrupt},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "journal.db")
			tc.make(t, path)
			before, beforeLog := hash(t, path), hash(t, path+"-wal")
			for _, open := range []struct {
				name string
				f    func(string) (*Journal, error)
			}{{"Open", Open}, {"OpenReadOnly", OpenReadOnly}} {
				j, err := open.f(path)
				if err == nil {
					j.Close()
				}
				if !errors.Is(err, tc.is) {
					t.Errorf("%s = %v, want %v", open.name, err, tc.is)
				} else if !strings.Contains(err.Error(), path) {
					t.Errorf("%s = %v: does not name the file", open.name, err)
				} else {
					t.Logf("%s: %v", open.name, err)
				}
				if hash(t, path) != before {
					t.Fatalf("%s changed the file", open.name)
				}
				// A read-only SQLite connection to a file in WAL mode makes an empty log beside
				// it if there is none; that changes nothing.
				if log := hash(t, path+"-wal"); log != beforeLog && !(beforeLog == [32]byte{} && log == sha256.Sum256(nil)) {
					t.Fatalf("%s changed the write-ahead log", open.name)
				}
			}
		})
	}
}

func TestOrphanedLog(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "journal.db")
	must(t, os.WriteFile(path+"-wal", []byte("frames of a journal that is gone"), 0o644))
	_, err := Open(path)
	if !errors.Is(err, ErrCorrupt) {
		t.Fatalf("Open beside an orphaned log = %v, want ErrCorrupt", err)
	}
	t.Log(err)
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open made %s anyway: %v", path, err)
	}
}

func TestUncreatableDirectory(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	must(t, os.WriteFile(file, []byte("x"), 0o644))
	path := filepath.Join(file, "tavoliere", "journal.db")
	j, err := Open(path)
	if err == nil {
		j.Close()
		t.Fatal("Open under a regular file succeeded")
	}
	if errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("Open under a regular file = %v, want a plain error naming %s", err, path)
	}
	t.Log(err)
}

// longGame is a finished two-player game with enough moves to wrap.
func longGame() Game {
	g := quadwrangle(t0)
	g.ID = 7
	files := "abcdefg"
	for ply := 1; ply <= 47; ply++ {
		text := fmt.Sprintf("%c%d", files[ply%7], ply%7+1)
		if ply%3 == 0 {
			text += fmt.Sprintf("-%c%d", files[(ply+2)%7], (ply+3)%7+1)
		}
		g.Moves = append(g.Moves, Move{ply, text, at(ply)})
	}
	g.Ended, g.Result = at(48), "White wins (board full)"
	return g
}

func TestExportGolden(t *testing.T) {
	var b bytes.Buffer
	must(t, Export(&b, longGame()))
	golden := filepath.Join("testdata", "export.golden")
	if *update {
		must(t, os.MkdirAll("testdata", 0o755))
		must(t, os.WriteFile(golden, b.Bytes(), 0o644))
	}
	want, err := os.ReadFile(golden)
	must(t, err)
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("Export differs from %s (go test -update rewrites it):\n%s", golden, b.String())
	}
	for i, l := range strings.Split(b.String(), "\n") {
		if len(l) > exportWidth {
			t.Errorf("line %d is %d columns long: %q", i+1, len(l), l)
		}
	}
}

func TestExport(t *testing.T) {
	for _, tc := range []struct {
		name string
		g    Game
		want string
	}{
		{"in progress, no moves", Game{Rules: "push", Sides: []string{"human", "ai"}, Started: t0},
			"[Game \"push\"]\n[Settings \"\"]\n[Sides \"human ai\"]\n[Started \"2026-11-22T10:00:00Z\"]\n[Result \"*\"]\n\n*\n"},
		{"four players, one number per ply", Game{Rules: "quixo", Settings: map[string]string{"players": "4"},
			Sides: []string{"human", "ai", "ai", "human"}, Level: "easy", Started: t0,
			Moves: []Move{{1, "a1-a5", t0}, {2, "e1-a1", t0}, {3, "b1>b5", t0}}},
			"[Game \"quixo\"]\n[Settings \"players=4\"]\n[Sides \"human ai ai human\"]\n[Level \"easy\"]\n" +
				"[Started \"2026-11-22T10:00:00Z\"]\n[Result \"*\"]\n\n1. a1-a5 2. e1-a1 3. b1>b5\n*\n"},
		{"quotes in values", Game{Rules: `x"y\z`, Sides: []string{"ai"}, Started: t0, Ended: at(1), Result: `"odd" result`},
			"[Game \"x\\\"y\\\\z\"]\n[Settings \"\"]\n[Sides \"ai\"]\n[Started \"2026-11-22T10:00:00Z\"]\n" +
				"[Ended \"2026-11-22T10:00:01.000000001Z\"]\n[Result \"\\\"odd\\\" result\"]\n\n\"odd\" result\n"},
	} {
		var b strings.Builder
		must(t, Export(&b, tc.g))
		if b.String() != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, b.String(), tc.want)
		}
	}
}

func ExampleExport() {
	started := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	g := Game{
		Rules:    "quadwrangle",
		Settings: map[string]string{"first": "white", "drop-last": "off"},
		Sides:    []string{"human", "ai"},
		Level:    "normal",
		Started:  started,
		Moves:    []Move{{1, "f4", started}, {2, "g5-f6", started}, {3, "f5", started}},
	}
	Export(os.Stdout, g)
	// Output:
	// [Game "quadwrangle"]
	// [Settings "drop-last=off first=white"]
	// [Sides "human ai"]
	// [Level "normal"]
	// [Started "2026-11-22T10:00:00Z"]
	// [Result "*"]
	//
	// 1. f4 g5-f6 2. f5
	// *
}

// BenchmarkAddMove measures one durable move: a transaction fsynced to the write-ahead log,
// the cost of "written before it is shown". It depends on the disk under TMPDIR; run it
// with TMPDIR on the SD card of a Pi to see the figure that matters.
func BenchmarkAddMove(b *testing.B) {
	j := openT(b, filepath.Join(b.TempDir(), "journal.db"))
	id, err := j.StartGame(quadwrangle(t0))
	must(b, err)
	b.ReportAllocs()
	ply := 0
	for b.Loop() {
		ply++
		if err := j.AddMove(id, ply, "g5-f6", t0); err != nil {
			b.Fatal(err)
		}
	}
}
