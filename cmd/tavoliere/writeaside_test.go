package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteAside: the file appears whole under its name, or not at all, and no ".tmp" is
// left behind either way.
func TestWriteAside(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "book.bin")
	if err := writeAside(path, func(w io.Writer) error { _, err := io.WriteString(w, "whole"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "whole" {
		t.Fatalf("read back %q, %v", b, err)
	}
	failed := filepath.Join(dir, "half.bin")
	boom := errors.New("boom")
	err := writeAside(failed, func(w io.Writer) error { io.WriteString(w, "half"); return boom })
	if !errors.Is(err, boom) {
		t.Fatalf("a failed write: %v", err)
	}
	for _, p := range []string{failed, failed + ".tmp", path + ".tmp"} {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: %v, want no such file", p, err)
		}
	}
}
