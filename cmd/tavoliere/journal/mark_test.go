package journal

import (
	"crypto/sha256"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// snapshot copies the files of the open journal at path to a new directory, as a power cut
// would leave them (SQLite has synced the log; nothing is checkpointed), and returns the
// copy's path.
func snapshot(t *testing.T, path string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(path))
	for _, s := range []string{"", "-wal", "-shm", markSuffix} {
		b, err := os.ReadFile(path + s)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		must(t, err)
		must(t, os.WriteFile(dst+s, b, 0o644))
	}
	return dst
}

// played is an open journal holding a finished game of 54 moves and a game in progress
// of 9, all in the write-ahead log: 66 changes.
func played(t *testing.T) (*Journal, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "journal.db")
	j := openT(t, path)
	id, err := j.StartGame(quadwrangle(t0))
	must(t, err)
	for ply := 1; ply <= 54; ply++ {
		must(t, j.AddMove(id, ply, "m"+strconv.Itoa(ply), at(ply)))
	}
	must(t, j.EndGame(id, "White wins (board full)", at(55)))
	id, err = j.StartGame(quadwrangle(at(100)))
	must(t, err)
	for ply := 1; ply <= 9; ply++ {
		must(t, j.AddMove(id, ply, "n"+strconv.Itoa(ply), at(100+ply)))
	}
	if fi, err := os.Stat(path + "-wal"); err != nil || fi.Size() == 0 {
		t.Fatalf("no write-ahead log to test: %v", err)
	}
	return j, path
}

// refused checks that Open and OpenReadOnly refuse the journal at path with ErrCorrupt and
// an error that contains every one of want, and leave its files as they were.
func refused(t *testing.T, path string, want ...string) {
	t.Helper()
	files := []string{path, path + "-wal", path + markSuffix}
	before := map[string][32]byte{}
	for _, f := range files {
		before[f] = hash(t, f)
	}
	for _, open := range []struct {
		name string
		f    func(string) (*Journal, error)
	}{{"Open", Open}, {"OpenReadOnly", OpenReadOnly}} {
		j, err := open.f(path)
		if err == nil {
			j.Close()
			t.Errorf("%s accepted the journal", open.name)
			continue
		}
		if !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s = %v, want ErrCorrupt", open.name, err)
		}
		for _, w := range append([]string{path}, want...) {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s = %v: does not say %q", open.name, err, w)
			}
		}
		t.Logf("%s: %v", open.name, err)
		for _, f := range files {
			h := hash(t, f)
			// A read-only SQLite connection may make an empty log where there was none.
			if h != before[f] && !(f == path+"-wal" && before[f] == [32]byte{} && h == sha256.Sum256(nil)) {
				t.Errorf("%s changed %s", open.name, f)
			}
		}
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("the journal: %v", err)
	}
}

// resumes opens the journal at path and checks that its game in progress has moves plies.
func resumes(t *testing.T, path string, plies int) *Journal {
	t.Helper()
	j := openT(t, path)
	g, ok, err := j.InProgress()
	if err != nil || !ok || len(g.Moves) != plies {
		t.Fatalf("InProgress = %d moves, %v, %v; want %d moves", len(g.Moves), ok, err, plies)
	}
	return j
}

// markOf reads the mark of the journal at path, which must be there.
func markOf(t *testing.T, path string) mark {
	t.Helper()
	m, state, err := readMark(path)
	must(t, err)
	if state != markValid {
		t.Fatalf("the mark of %s is missing or damaged (%d)", path, state)
	}
	return m
}

func TestWALDamaged(t *testing.T) {
	j, path := played(t)
	crash := snapshot(t, path)
	// The snapshot is sound: undamaged, it opens with everything.
	resumes(t, snapshot(t, crash), 9).Close()

	for _, tc := range []struct {
		name string
		at   func(size int) int
	}{
		{"its header", func(int) int { return 10 }},
		{"the middle", func(size int) int { return size / 2 }},
		{"the last frame", func(size int) int { return size - 100 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := snapshot(t, crash)
			b, err := os.ReadFile(p + "-wal")
			must(t, err)
			b[tc.at(len(b))] ^= 0x5a
			must(t, os.WriteFile(p+"-wal", b, 0o644))
			refused(t, p, "its mark", "says 66", "write-ahead log", "damaged")
		})
	}
	must(t, j.Close())
}

func TestWALDeleted(t *testing.T) {
	t.Run("a new journal", func(t *testing.T) {
		j, path := played(t)
		crash := snapshot(t, path)
		must(t, j.Close())
		must(t, os.Remove(crash+"-wal"))
		must(t, os.Remove(crash+"-shm"))
		refused(t, crash, "holds 0 changes", "says 66", "-wal was lost")
	})
	t.Run("a journal with checkpointed games", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "journal.db")
		journalWithGames(t, path)
		crashed(t, path, func(j *Journal, id int64) {
			for ply := 61; ply <= 70; ply++ {
				must(t, j.AddMove(id, ply, "x", at(ply)))
			}
		})
		must(t, os.Remove(path+"-wal"))
		refused(t, path, "holds 1220 changes", "says 1230", "-wal was lost")
	})
}

// A power cut between a commit and its mark leaves the database one change ahead of the
// mark: the journal opens with that change, and the mark catches up.
func TestMarkOneBehind(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.db")
	j := openT(t, path)
	id, err := j.StartGame(quadwrangle(t0))
	must(t, err)
	for ply := 1; ply <= 9; ply++ {
		must(t, j.AddMove(id, ply, "m"+strconv.Itoa(ply), at(ply)))
	}
	early, err := os.ReadFile(path + markSuffix) // 10 changes
	must(t, err)
	for ply := 10; ply <= 19; ply++ {
		must(t, j.AddMove(id, ply, "m"+strconv.Itoa(ply), at(ply)))
	}
	behind, err := os.ReadFile(path + markSuffix) // 20 changes
	must(t, err)
	must(t, j.AddMove(id, 20, "m20", at(20))) // 21 changes
	crash := snapshot(t, path)
	must(t, j.Close())
	if m := markOf(t, crash); m.changes != 21 {
		t.Fatalf("the mark says %d changes, want 21", m.changes)
	}

	t.Run("the mark not written", func(t *testing.T) {
		p := snapshot(t, crash)
		must(t, os.WriteFile(p+markSuffix, behind, 0o600))
		resumes(t, p, 20).Close()
		if m := markOf(t, p); m.changes != 21 {
			t.Errorf("after Open, the mark says %d changes, want 21", m.changes)
		}
	})
	t.Run("the mark torn", func(t *testing.T) {
		p := snapshot(t, crash)
		f, err := os.OpenFile(p+markSuffix, os.O_WRONLY, 0)
		must(t, err)
		_, err = f.WriteAt([]byte("tavoliere-journal-mark 0123"), markOffset(21)+5)
		must(t, err)
		must(t, f.Close())
		if m := markOf(t, p); m.changes != 20 {
			t.Fatalf("the torn mark says %d changes, want 20", m.changes)
		}
		resumes(t, p, 20).Close()
		if m := markOf(t, p); m.changes != 21 {
			t.Errorf("after Open, the mark says %d changes, want 21", m.changes)
		}
	})
	// More than one behind is not a power cut, but it is no loss either: the database holds
	// everything the mark vouches for.
	t.Run("a stale mark", func(t *testing.T) {
		p := snapshot(t, crash)
		must(t, os.WriteFile(p+markSuffix, early, 0o600))
		resumes(t, p, 20).Close()
		if m := markOf(t, p); m.changes != 21 {
			t.Errorf("after Open, the mark says %d changes, want 21", m.changes)
		}
	})
}

func TestMarkDeleted(t *testing.T) {
	j, path := played(t)
	must(t, j.Close())
	must(t, os.Remove(path+markSuffix))
	refused(t, path, "mark", "missing", "66 changes")
	if _, err := os.Stat(path + markSuffix); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused Open made a mark: %v", err)
	}

	// A journal of no changes has nothing to lose: a power cut right after it was made.
	empty := filepath.Join(t.TempDir(), "journal.db")
	must(t, openT(t, empty).Close())
	must(t, os.Remove(empty+markSuffix))
	openT(t, empty).Close()
	if m := markOf(t, empty); m.changes != 0 {
		t.Errorf("a new mark says %d changes", m.changes)
	}
}

func TestMarkDamaged(t *testing.T) {
	t.Run("both records", func(t *testing.T) {
		j, path := played(t)
		must(t, j.Close())
		b, err := os.ReadFile(path + markSuffix)
		must(t, err)
		for _, off := range []int{0, markSlot} {
			if off < len(b) {
				b[off+3] ^= 1
			}
		}
		must(t, os.WriteFile(path+markSuffix, b, 0o600))
		refused(t, path, "mark", "damaged")
	})
	t.Run("another journal's", func(t *testing.T) {
		j, path := played(t)
		must(t, j.Close())
		other, _ := played(t)
		must(t, other.Close())
		b, err := os.ReadFile(other.Path() + markSuffix)
		must(t, err)
		must(t, os.WriteFile(path+markSuffix, b, 0o600))
		refused(t, path, "mark", "another journal")
	})
}

// A journal made before marks is accepted and marked from then on.
func TestOldJournal(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.db")
	rawSQL(t, path, append(append([]string{`PRAGMA journal_mode=WAL`}, schema...),
		`INSERT INTO game (rules, settings, sides, level, started) VALUES ('quadwrangle', '{}', '["human","ai"]', 'normal', '2026-11-22T10:00:00Z')`,
		`INSERT INTO move (game, ply, text, at) VALUES (1, 1, 'f4', '2026-11-22T10:00:01Z'), (1, 2, 'g5-f6', '2026-11-22T10:00:02Z')`)...)
	old := snapshot(t, path)

	j := resumes(t, path, 2)
	if m := markOf(t, path); m.changes != 0 || m.id == "" {
		t.Errorf("the new mark says %+v", m)
	}
	must(t, j.AddMove(1, 3, "f5", at(3)))
	if m := markOf(t, path); m.changes != 1 {
		t.Errorf("the mark says %d changes, want 1", m.changes)
	}
	must(t, j.Close())

	// Once marked, a lost log is found, even the one that began the marking.
	crashed(t, old, func(j *Journal, id int64) {
		for ply := 3; ply <= 10; ply++ {
			must(t, j.AddMove(id, ply, "x", at(ply)))
		}
	})
	must(t, os.Remove(old+"-wal"))
	refused(t, old, "no change count", "says 8", "-wal was lost")
}

func TestJournalMissingBesideMark(t *testing.T) {
	j, path := played(t)
	must(t, j.Close())
	must(t, os.Remove(path))
	before := hash(t, path+markSuffix)
	if _, err := Open(path); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "says it held 66 changes") {
		t.Fatalf("Open of a missing journal beside its mark = %v, want ErrCorrupt", err)
	} else {
		t.Log(err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Open made %s anyway: %v", path, err)
	}
	if hash(t, path+markSuffix) != before {
		t.Error("Open changed the mark")
	}

	// The mark of a journal that never held a change: a power cut while making one.
	empty := filepath.Join(t.TempDir(), "journal.db")
	must(t, openT(t, empty).Close())
	must(t, os.Remove(empty))
	openT(t, empty).Close()
}

// Readers beside a writer read the mark before the database, so they never see it behind.
func TestReadersBesideWriter(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.db")
	j := openT(t, path)
	id, err := j.StartGame(quadwrangle(t0))
	must(t, err)
	var wg sync.WaitGroup
	done := make(chan struct{})
	wg.Go(func() {
		defer close(done)
		for ply := 1; ply <= 200; ply++ {
			if err := j.AddMove(id, ply, "m", at(ply)); err != nil {
				t.Error(err)
				return
			}
		}
	})
	reads := 0
	for running := true; running; reads++ {
		select {
		case <-done:
			running = false
		default:
		}
		r, err := OpenReadOnly(path)
		if err != nil {
			t.Fatalf("a reader beside the writer: %v", err)
		}
		r.Close()
	}
	wg.Wait()
	t.Logf("%d reads", reads)
}

// A change whose mark cannot be written is reported, and nothing more is written until the
// mark has caught up: the database is never more than one change ahead of it.
func TestMarkWriteFails(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.db")
	j := openT(t, path)
	id, err := j.StartGame(quadwrangle(t0))
	must(t, err)
	must(t, j.AddMove(id, 1, "f4", at(1)))
	good := j.mark
	bad, err := os.Open(path + markSuffix) // read-only: writes fail
	must(t, err)
	defer bad.Close()
	j.mark = bad

	if err := j.AddMove(id, 2, "g5-f6", at(2)); err == nil || !strings.Contains(err.Error(), "committed, but its mark") {
		t.Fatalf("AddMove with an unwritable mark = %v", err)
	} else {
		t.Log(err)
	}
	if err := j.AddMove(id, 3, "f5", at(3)); err == nil || !strings.Contains(err.Error(), "nothing was changed") {
		t.Fatalf("the next AddMove = %v", err)
	} else {
		t.Log(err)
	}
	if m := markOf(t, path); m.changes != 2 {
		t.Errorf("the mark says %d changes, want 2", m.changes)
	}
	g, _, err := j.InProgress()
	must(t, err)
	if len(g.Moves) != 2 {
		t.Errorf("%d moves, want 2: the committed one, and not the refused one", len(g.Moves))
	}

	j.mark = good
	must(t, j.AddMove(id, 3, "f5", at(3)))
	if m := markOf(t, path); m.changes != 4 {
		t.Errorf("the mark says %d changes, want 4", m.changes)
	}
}
