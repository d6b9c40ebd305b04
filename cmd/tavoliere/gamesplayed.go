package main

import (
	"context"
	"fmt"
	"io"
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

// openExisting opens a journal that must already exist, for reading: listing a journal never
// creates one, and works while serve is writing it.
func openExisting(path string) (*journal.Journal, error) {
	return journal.OpenReadOnly(path)
}
