package journal

import (
	"bytes"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// The mark: a high-water mark of the journal kept apart from its write-ahead log, so that
// Open can tell when the log was lost or damaged. SQLite cannot: it replays a log up to its
// first bad frame and silently drops the rest, and a missing log is simply no log.
//
// Table meta holds the journal's id (random, made when marking began) and its change count,
// which every write transaction increments. After each commit the count is written to
// path+".mark" and fdatasynced. So a database that holds fewer changes than its mark has
// lost committed transactions. It may hold more: a power cut between the commit and the
// mark leaves it one ahead, and a reader beside a writer reads the mark before the database.
//
// Open and OpenReadOnly refuse, with ErrCorrupt:
//   - a journal that holds fewer changes than its mark says: its log was lost or damaged;
//   - a journal without a count (made before marks) beside a mark of changes: the log that
//     held the change that began the marking was lost;
//   - a journal whose mark is damaged (a power cut tears at most one of its records);
//   - a journal of one change or more whose mark is missing or another journal's (of none,
//     nothing can be lost: a power cut came before Open wrote its mark, and Open writes it);
//   - (Open only) a missing journal beside a mark of changes, or a damaged mark: a lost journal.
//
// A journal made before marks, without a mark, is accepted, and Open begins marking it.
// Open brings a mark that is behind up to the database; OpenReadOnly writes nothing.
//
// The mark file has two records, for even and odd counts, in separate blocks, and each write
// overwrites only the record of its parity: a power cut that tears one leaves the other,
// one change behind, which Open accepts. A new mark file is written under a temporary name
// and renamed into place, so it is never torn.

const (
	markSuffix = ".mark"
	markMagic  = "tavoliere-journal-mark"
	markSlot   = 4096 // the offset of the odd record; the even one is at 0
)

// mark is what a mark file says.
type mark struct {
	id      string
	changes int64
}

// markState is the state of a journal's mark file.
type markState int

const (
	markMissing markState = iota
	markDamaged           // no readable record
	markValid
)

// markRecord is the line a mark file holds for n changes, at offset markOffset(n).
func markRecord(id string, n int64) []byte {
	s := markMagic + " " + id + " " + strconv.FormatInt(n, 10)
	return fmt.Appendf(nil, "%s %08x\n", s, crc32.ChecksumIEEE([]byte(s)))
}

func markOffset(n int64) int64 { return n % 2 * markSlot }

// parseMarkRecord reads the record at the start of b, which came from offset off.
func parseMarkRecord(b []byte, off int64) (mark, bool) {
	line, _, ok := bytes.Cut(b, []byte{'\n'})
	if !ok {
		return mark{}, false
	}
	f := strings.Fields(string(line))
	if len(f) != 4 || f[0] != markMagic || f[1] == "" {
		return mark{}, false
	}
	n, err := strconv.ParseInt(f[2], 10, 64)
	if err != nil || n < 0 || markOffset(n) != off {
		return mark{}, false
	}
	want := markRecord(f[1], n)
	if !bytes.Equal(want[:len(want)-1], line) {
		return mark{}, false
	}
	return mark{id: f[1], changes: n}, true
}

// readMark reads the mark of the journal at path: the higher of its readable records.
func readMark(path string) (mark, markState, error) {
	b, err := os.ReadFile(path + markSuffix)
	if errors.Is(err, fs.ErrNotExist) {
		return mark{}, markMissing, nil
	}
	if err != nil {
		return mark{}, 0, fmt.Errorf("journal %s: reading its mark: %w", path, err)
	}
	var best mark
	state := markDamaged
	for _, off := range []int64{0, markSlot} {
		if int64(len(b)) <= off {
			break
		}
		if m, ok := parseMarkRecord(b[off:], off); ok && (state != markValid || m.changes > best.changes) {
			best, state = m, markValid
		}
	}
	return best, state, nil
}

// checkMark tells whether a journal whose meta has id and changes ("" and -1 for a journal
// made before marks) has lost changes its mark m vouches for, by the rules at the top of
// this file.
func checkMark(path string, m mark, state markState, id string, changes int64) error {
	name := path + markSuffix
	if id == "" { // a journal from before marks, or one whose log held the change that began them
		switch state {
		case markMissing:
			return nil
		case markDamaged:
			return corrupt(path, "its mark %s is damaged: neither of its records can be read", name)
		}
		if m.changes > 0 {
			return corrupt(path, "the journal has no change count, but its mark %s says %d changes: %s",
				name, m.changes, walLost(path))
		}
		return nil
	}
	switch {
	case state == markDamaged:
		return corrupt(path, "its mark %s is damaged: neither of its records can be read", name)
	case state == markValid && m.id == id:
		if changes < m.changes {
			return corrupt(path, "the journal holds %d changes, its mark %s says %d: %s",
				changes, name, m.changes, walLost(path))
		}
		return nil
	case changes == 0:
		// Nothing to lose: a power cut right after the journal was made, or began marking.
		return nil
	case state == markMissing:
		return corrupt(path, "its mark %s is missing, and without it whether its write-ahead log is whole "+
			"cannot be told (the journal holds %d changes; a journal is copied or moved with its mark)", name, changes)
	default:
		return corrupt(path, "its mark %s belongs to another journal (%s, this one is %s)", name, m.id, id)
	}
}

// walLost says what became of the write-ahead log of a journal that lost changes.
func walLost(path string) string {
	if fi, err := os.Stat(path + "-wal"); err != nil || fi.Size() == 0 {
		return "its write-ahead log " + path + "-wal was lost"
	}
	return "its write-ahead log " + path + "-wal was damaged or lost"
}

// newJournalID makes the id that ties a journal to its mark.
func newJournalID() (string, error) {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// writeNewMark puts a new mark file for n changes at path+".mark", replacing any, and opens
// it for the updates that follow.
func writeNewMark(path, id string, n int64) (*os.File, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	// Marks half-written by a process that died; nobody else writes one while we hold the lock.
	if old, _ := filepath.Glob(filepath.Join(dir, "."+base+".mark-*")); len(old) > 0 {
		for _, f := range old {
			os.Remove(f)
		}
	}
	f, err := os.CreateTemp(dir, "."+base+".mark-*")
	if err != nil {
		return nil, err
	}
	tmp := f.Name()
	b := make([]byte, markSlot+len(markRecord(id, n)))
	copy(b[markOffset(n):], markRecord(id, n))
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path+markSuffix)
	}
	if err != nil {
		os.Remove(tmp)
		return nil, err
	}
	if d, err := os.Open(dir); err == nil {
		err = d.Sync()
		d.Close()
		if err != nil {
			return nil, err
		}
	}
	return os.OpenFile(path+markSuffix, os.O_RDWR, 0)
}

// startMark brings the mark of a journal just opened for writing up to its database, after
// the checks (Open holds the lock, so nothing changed since): it begins marking a journal
// made before marks, writes a missing mark, or catches up one a power cut left behind.
func (j *Journal) startMark() error {
	id, changes, err := readCount(j.db)
	if err != nil {
		return err
	}
	if id == "" {
		if id, err = newJournalID(); err != nil {
			return err
		}
		if _, err := j.db.Exec(`INSERT INTO meta (key, value) VALUES ('id', ?), ('changes', '0')`, id); err != nil {
			return err
		}
		changes = 0
	}
	j.id = id
	m, state, err := readMark(j.path)
	if err != nil {
		return err
	}
	if state == markValid && m.id == id && m.changes <= changes {
		if j.mark, err = os.OpenFile(j.path+markSuffix, os.O_RDWR, 0); err != nil {
			return err
		}
		if m.changes < changes {
			return j.writeMark(changes)
		}
		return nil
	}
	j.mark, err = writeNewMark(j.path, id, changes)
	return err
}

// writeMark records that the database holds n changes.
func (j *Journal) writeMark(n int64) error {
	if _, err := j.mark.WriteAt(markRecord(j.id, n), markOffset(n)); err != nil {
		return err
	}
	return datasync(j.mark)
}

// countOf gives the journal id and change count that meta holds: "" and -1 for a journal
// made before marks. A problem is reported as text, for corrupt.
func countOf(meta map[string]string) (id string, changes int64, problem string) {
	id, hasID := meta["id"]
	v, hasChanges := meta["changes"]
	switch {
	case !hasID && !hasChanges:
		return "", -1, ""
	case id == "" || !hasChanges:
		return "", 0, fmt.Sprintf("meta has id %q and changes %q: one without the other", id, v)
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		return "", 0, fmt.Sprintf("bad change count %q in meta", v)
	}
	return id, n, ""
}

// readCount reads the journal id and change count from meta, as countOf gives them.
func readCount(db *sql.DB) (string, int64, error) {
	rows, err := db.Query(`SELECT key, value FROM meta WHERE key IN ('id', 'changes')`)
	if err != nil {
		return "", 0, err
	}
	defer rows.Close()
	meta := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return "", 0, err
		}
		meta[k] = v
	}
	if err := rows.Err(); err != nil {
		return "", 0, err
	}
	id, n, problem := countOf(meta)
	if problem != "" {
		return "", 0, errors.New(problem)
	}
	return id, n, nil
}
