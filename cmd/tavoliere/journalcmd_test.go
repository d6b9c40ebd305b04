package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/cmd/tavoliere/journal"
)

func TestDamagedJournal(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "journal.db")
	garbage := []byte("these are not the games you are looking for")
	if err := os.WriteFile(path, garbage, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"serve", "-listen", "127.0.0.1:0", "-journal", path}, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "-new-journal") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("serve on a damaged journal: %v", err)
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, garbage) {
		t.Fatal("the damaged journal was changed")
	}
	// -new-journal moves it aside, never deletes it, and starts a new one.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := run(ctx, []string{"-listen", "127.0.0.1:0", "-journal", path, "-new-journal"}, &out, &errOut); err != nil {
		t.Fatalf("serve -new-journal: %v", err)
	}
	aside, _ := filepath.Glob(path + ".damaged-*")
	if len(aside) != 1 {
		t.Fatalf("moved aside: %v", aside)
	}
	if b, _ := os.ReadFile(aside[0]); !bytes.Equal(b, garbage) {
		t.Fatal("the damaged journal moved aside is not intact")
	}
	if _, err := journal.OpenReadOnly(path); err != nil {
		t.Fatalf("the new journal: %v", err)
	}
	if !strings.Contains(out.String(), "kiosk on http://localhost:") {
		t.Errorf("serve prints its address: %q", out.String())
	}
}

func TestGamesPlayedAndExport(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.db")
	j, err := journal.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	id, err := j.StartGame(journal.Game{Rules: "krypte", Settings: map[string]string{}, Sides: []string{"human", "ai"}, Level: "easy", Started: at})
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range strings.Fields("d1 e8 c1 h5 e7 c2 g5 a4 d2 f5 e6 e1 h2 d8 a5 e2 h1 e5") {
		if err := j.AddMove(id, i+1, m, at.Add(time.Duration(i)*time.Second)); err != nil {
			t.Fatal(err)
		}
	}
	if err := j.EndGame(id, "White wins (line of four)", at.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	// Listing works while a writer holds the journal (serve running).
	var out bytes.Buffer
	if err := run(context.Background(), []string{"games-played", "-journal", path}, &out, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "krypte") || !strings.Contains(out.String(), "White wins") {
		t.Errorf("games-played:\n%s", out.String())
	}
	out.Reset()
	if err := run(context.Background(), []string{"export", "-journal", path}, &out, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[Game "krypte"]`, "1. d1 e8", "9. h1 e5", "White wins"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("export lacks %q:\n%s", want, out.String())
		}
	}
	j.Close()
	if err := run(context.Background(), []string{"games-played", "-journal", filepath.Join(t.TempDir(), "none.db")}, &out, &out); err == nil {
		t.Error("games-played on a missing journal")
	}
}
