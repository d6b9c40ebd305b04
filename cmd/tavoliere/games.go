package main

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/tavoliere/tavoliere/engine/registry"
)

// runGames lists the games with their settings and defaults.
func runGames(_ context.Context, args []string, stdout, _ io.Writer) error {
	fs := newFlags("games")
	if err := parseFlags(fs, args, stdout); err != nil {
		return ignoreHelp(err)
	}
	tw := tabwriter.NewWriter(stdout, 2, 4, 2, ' ', 0)
	for _, g := range registry.All() {
		fmt.Fprintf(tw, "%s\t%s\t%s, %d players\n", g.ID, g.Name, g.Board, g.Players)
		if len(g.Settings) == 0 {
			fmt.Fprintf(tw, "\t  (no settings)\t\n")
		}
		for _, s := range g.Settings {
			fmt.Fprintf(tw, "\t  %s=%s\t%s (%s)\n", s.Key, s.Default, s.Doc, s.Values())
		}
	}
	return tw.Flush()
}
