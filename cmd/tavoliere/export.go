package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/tavoliere/tavoliere/cmd/tavoliere/journal"
)

func runExport(_ context.Context, args []string, stdout, _ io.Writer) error {
	fs := newFlags("export")
	path := fs.String("journal", defaultJournal(), "the journal")
	id := fs.Int64("id", 0, "export only this game (default: every finished game)")
	out := fs.String("o", "", "write to this file instead of standard output")
	if err := parseFlags(fs, args, stdout); err != nil {
		return ignoreHelp(err)
	}
	j, err := openExisting(*path)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	defer j.Close()
	var games []journal.Game
	if *id != 0 {
		g, err := j.Game(*id)
		if err != nil {
			return fmt.Errorf("export: %w", err)
		}
		games = append(games, g)
	} else {
		all, err := j.Games()
		if err != nil {
			return fmt.Errorf("export: %w", err)
		}
		for i := len(all) - 1; i >= 0; i-- { // oldest first
			if !all[i].Ended.IsZero() && all[i].Result != journal.Abandoned {
				games = append(games, all[i])
			}
		}
	}
	w := stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return fmt.Errorf("export: %w", err)
		}
		defer f.Close()
		w = f
	}
	for i, g := range games {
		if i > 0 {
			fmt.Fprintln(w)
		}
		if err := journal.Export(w, g); err != nil {
			return fmt.Errorf("export: game %d: %w", g.ID, err)
		}
	}
	return nil
}
