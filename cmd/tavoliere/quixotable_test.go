package main

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/engine/quixo"
)

// TestQuixoTableFile: a table file is mapped and checked by the engine; a damaged, cut,
// foreign or missing file, or a directory, is refused with the path and the reason. The
// file is sparse, its entries zeros: the framing is what is tested here.
func TestQuixoTableFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "quixo.tbl")
	entries := quixo.TableFileSize - len(quixo.TableHeader) - 4
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	var sum [4]byte
	binary.LittleEndian.PutUint32(sum[:], crc32.Update(0, crc32.IEEETable, make([]byte, entries)))
	if _, err := f.WriteString(quixo.TableHeader); err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt(sum[:], int64(len(quixo.TableHeader)+entries)); err != nil {
		t.Fatal(err)
	}
	f.Close()
	tab, err := loadQuixoTable(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := tab.Close(); err != nil {
		t.Fatal(err)
	}
	f, _ = os.OpenFile(path, os.O_RDWR, 0)
	f.WriteAt([]byte{0x42}, int64(entries/2))
	f.Close()
	if _, err := loadQuixoTable(path); err == nil || !strings.Contains(err.Error(), "checksum") || !strings.Contains(err.Error(), path) {
		t.Fatalf("a damaged table: %v", err)
	}
	os.Truncate(path, int64(entries))
	if _, err := loadQuixoTable(path); !errors.Is(err, quixo.ErrNoTable) || !strings.Contains(err.Error(), "bytes") {
		t.Fatalf("a cut table: %v", err)
	}
	os.Truncate(path, int64(quixo.TableFileSize))
	f, _ = os.OpenFile(path, os.O_RDWR, 0)
	f.WriteAt([]byte("x"), 0)
	f.Close()
	if _, err := loadQuixoTable(path); !errors.Is(err, quixo.ErrNoTable) || !strings.Contains(err.Error(), "header") {
		t.Fatalf("a foreign file: %v", err)
	}
	if _, err := loadQuixoTable(filepath.Join(t.TempDir(), "none")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("no file: %v", err)
	}
	if _, err := loadQuixoTable(t.TempDir()); !errors.Is(err, quixo.ErrNoTable) {
		t.Fatalf("a directory: %v", err)
	}
}
