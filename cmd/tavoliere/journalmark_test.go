package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/cmd/tavoliere/journal"
)

// TestJournalWALLost: a journal whose write-ahead log was lost is refused like a damaged
// one, and -new-journal moves its mark aside with it, so that the new journal is marked
// afresh and the one set aside still says what it lost.
func TestJournalWALLost(t *testing.T) {
	live := filepath.Join(t.TempDir(), "journal.db")
	j, err := journal.Open(live)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	id, err := j.StartGame(journal.Game{Rules: "krypte", Sides: []string{"human", "human"}, Started: at})
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range strings.Fields("d1 e8 c1 h5 e7 c2 g5 a4") {
		if err := j.AddMove(id, i+1, m, at.Add(time.Duration(i)*time.Second)); err != nil {
			t.Fatal(err)
		}
	}
	// A power cut, then the log is lost: the journal and its mark are left.
	path := filepath.Join(t.TempDir(), "journal.db")
	for _, ext := range []string{"", ".mark"} {
		b, err := os.ReadFile(live + ext)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path+ext, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	j.Close()
	db, mark := journalBytes(t, path), journalBytes(t, path+".mark")

	var out, errOut bytes.Buffer
	err = run(context.Background(), []string{"serve", "-listen", "127.0.0.1:0", "-journal", path}, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "-new-journal") || !strings.Contains(err.Error(), "write-ahead log") {
		t.Fatalf("serve on a journal that lost its log: %v", err)
	}
	t.Log(err)
	if !bytes.Equal(journalBytes(t, path), db) || !bytes.Equal(journalBytes(t, path+".mark"), mark) {
		t.Fatal("the journal or its mark was changed")
	}

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := run(ctx, []string{"serve", "-listen", "127.0.0.1:0", "-journal", path, "-new-journal"}, &out, &errOut); err != nil {
		t.Fatalf("serve -new-journal: %v", err)
	}
	aside, _ := filepath.Glob(path + ".damaged-*[0-9]Z")
	if len(aside) != 1 {
		t.Fatalf("moved aside: %v", aside)
	}
	if !bytes.Equal(journalBytes(t, aside[0]), db) || !bytes.Equal(journalBytes(t, aside[0]+".mark"), mark) {
		t.Fatal("the journal and its mark moved aside are not intact")
	}
	if _, err := journal.OpenReadOnly(aside[0]); !errors.Is(err, journal.ErrCorrupt) {
		t.Errorf("the journal moved aside = %v, want ErrCorrupt still", err)
	}
	if bytes.Equal(journalBytes(t, path+".mark"), mark) {
		t.Error("the new journal kept the old mark")
	}
	if r, err := journal.OpenReadOnly(path); err != nil {
		t.Fatalf("the new journal: %v", err)
	} else {
		r.Close()
	}
}

func journalBytes(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
