package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"runtime"
	"time"

	"github.com/tavoliere/tavoliere/engine/quixo"
)

// runQuixoTable builds Quixo's endgame table (every position with at most one blank cube)
// and writes it where the service loads it, or checks a table already written.
func runQuixoTable(ctx context.Context, args []string, stdout, _ io.Writer) error {
	fs := newFlags("quixo-table")
	out := fs.String("out", "", "build the table and write it to this file")
	in := fs.String("in", "", "load the table from this file instead of building it")
	check := fs.Int("check", 100000, "positions drawn at random whose entries are checked against the engine's moves")
	seed := fs.Uint64("seed", 1, "random seed of the positions checked")
	if err := parseFlags(fs, args, stdout); err != nil {
		return ignoreHelp(err)
	}
	if (*out == "") == (*in == "") {
		return errors.New("quixo-table: give -out FILE to build the table, or -in FILE to check one")
	}
	var (
		t   *quixo.Table
		err error
	)
	start := time.Now()
	if *in != "" {
		if t, err = loadQuixoTable(*in); err != nil {
			return fmt.Errorf("quixo-table: %w", err)
		}
		fmt.Fprintf(stdout, "loaded %s in %v\n", *in, time.Since(start).Round(time.Millisecond))
	} else {
		t, err = quixo.BuildTable(ctx, func(plies, decided int) {
			fmt.Fprintf(stdout, "plies %3d: %11d positions decided, %v\n", plies, decided, time.Since(start).Round(time.Second))
		})
		if err != nil {
			return fmt.Errorf("quixo-table: %w", err)
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		fmt.Fprintf(stdout, "built in %v, %d MiB of memory obtained\n", time.Since(start).Round(time.Second), ms.Sys>>20)
	}
	st := t.Stats()
	fmt.Fprintf(stdout, "positions: %d wins, %d draws, %d losses for the player to move; %d finished; longest %d plies\n",
		st.Wins, st.Draws, st.Losses, st.None, st.Longest)
	if *check > 0 {
		start := time.Now()
		if err := t.Check(*check, *seed); err != nil {
			return fmt.Errorf("quixo-table: %w", err)
		}
		fmt.Fprintf(stdout, "checked %d positions against the engine's moves in %v\n", *check, time.Since(start).Round(time.Millisecond))
	}
	if *out == "" {
		return nil
	}
	// Written aside and renamed, so a service never loads half a table.
	if err := writeAside(*out, func(w io.Writer) error { _, err := t.WriteTo(w); return err }); err != nil {
		return fmt.Errorf("quixo-table: %w", err)
	}
	fmt.Fprintf(stdout, "wrote %s\n", *out)
	return nil
}

// writeAside creates path+".tmp", has write fill it, syncs it and renames it to path, so
// that no reader ever finds half a file at path; on an error it removes the ".tmp".
func writeAside(path string, write func(io.Writer) error) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	err = write(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// useQuixoTable loads the endgame table at path, if path is not empty, and gives it to
// every game of Quixo.
func useQuixoTable(cmd, path string) error {
	if path == "" {
		return nil
	}
	t, err := loadQuixoTable(path)
	if err != nil {
		return fmt.Errorf("%s: -quixo-table: %w", cmd, err)
	}
	quixo.SetTable(t)
	return nil
}

// serveQuixoTable starts loading the endgame table for serve, in the background: reading
// a 432 MiB file from a Pi's SD card takes seconds, and the AI searches without it until
// then. A table that is not there is no error unless the flag named it.
func serveQuixoTable(path string, named bool, log *slog.Logger) error {
	if _, err := os.Stat(path); err != nil {
		if named || !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("serve: -quixo-table: %w", err)
		}
		log.Info("no Quixo endgame table: the AI searches Quixo's endgames (build one with tavoliere quixo-table -out "+path+")", "path", path)
		return nil
	}
	go func() {
		start := time.Now()
		t, err := loadQuixoTable(path)
		if err != nil {
			log.Error("Quixo endgame table not loaded: the AI searches Quixo's endgames", "err", err)
			return
		}
		quixo.SetTable(t)
		log.Info("Quixo endgame table loaded", "path", path, "took", time.Since(start).Round(time.Millisecond))
	}()
	return nil
}

// loadQuixoTable maps the table file at path read only and hands it to the engine, which
// checks it (quixo.ReadTable). Its entries stay in the page cache, outside the Go heap: the
// collector neither scans them nor lets the heap grow by their size, and the kernel can
// drop pages that are not used and read them back from the file.
func loadQuixoTable(path string) (*quixo.Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("quixo table: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("quixo table: %w", err)
	}
	if !st.Mode().IsRegular() || st.Size() != int64(quixo.TableFileSize) {
		return nil, fmt.Errorf("quixo table %s: %d bytes, want %d: %w", path, st.Size(), quixo.TableFileSize, quixo.ErrNoTable)
	}
	data, unmap, err := mapFile(f, int(st.Size()))
	if err != nil {
		return nil, fmt.Errorf("quixo table %s: %w", path, err)
	}
	t, err := quixo.ReadTable(data, unmap)
	if err != nil {
		unmap()
		return nil, fmt.Errorf("quixo table %s: %w", path, err)
	}
	return t, nil
}
