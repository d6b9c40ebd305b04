package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"github.com/tavoliere/tavoliere/cmd/tavoliere/journal"
)

func runGamesPlayed(_ context.Context, args []string, stdout, _ io.Writer) error {
	fs := newFlags("games-played")
	path := fs.String("journal", defaultJournal(), "the journal")
	if err := parseFlags(fs, args, stdout); err != nil {
		return ignoreHelp(err)
	}
	j, err := openExisting(*path)
	if err != nil {
		return fmt.Errorf("games-played: %w", err)
	}
	defer j.Close()
	games, err := j.Games()
	if err != nil {
		return fmt.Errorf("games-played: %w", err)
	}
	tw := tabwriter.NewWriter(stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "id\tgame\tsides\tstarted\tmoves\tresult")
	for _, g := range games {
		result := g.Result
		if result == "" {
			result = "in progress"
		}
		fmt.Fprintf(tw, "%d\t%s\t%v\t%s\t%d\t%s\n", g.ID, g.Rules, g.Sides, g.Started.Format("2006-01-02 15:04"), len(g.Moves), result)
	}
	return tw.Flush()
}

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

// openExisting opens a journal that must already exist, for reading: listing a journal never
// creates one, and works while serve is writing it.
func openExisting(path string) (*journal.Journal, error) {
	return journal.OpenReadOnly(path)
}
