package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/boardfile"
	"github.com/tavoliere/tavoliere/engine"
)

// runCheckConfig is tavoliere check-config FILE: it validates a board file without
// touching any hardware and shows what the service would make of it (the board as the
// game's diagram draws it, each square with its sensor channel and LED, then the drivers,
// chips and pins), or every problem, one a line, on stderr.
func runCheckConfig(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("check-config")
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(stdout, "usage: tavoliere check-config FILE")
		fmt.Fprintln(stdout, "\nValidates a board file (firmware-config/*.toml) and prints the board's wiring:")
		fmt.Fprintln(stdout, "each square's sensor channel and LED, the drivers, chips and GPIO pins.")
		fmt.Fprintln(stdout, "Problems are printed one a line as FILE:LINE:COLUMN: key \"KEY\": what is wrong.")
		return nil
	}
	if err != nil {
		return fmt.Errorf("check-config: %w", err)
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("check-config: want one board file, as in: tavoliere check-config firmware-config/sim.toml")
	}
	path := fs.Arg(0)
	f, err := boardfile.Load(path)
	if err != nil {
		var list boardfile.ErrorList
		if !errors.As(err, &list) {
			return fmt.Errorf("check-config: %w", err)
		}
		for _, e := range list {
			fmt.Fprintln(stderr, e)
		}
		problems := "problems"
		if len(list) == 1 {
			problems = "problem"
		}
		return fmt.Errorf("check-config: %s: %d %s", path, len(list), problems)
	}
	spec, err := f.Spec()
	if err != nil {
		return fmt.Errorf("check-config: %w", err)
	}
	layout, err := boards.NewLayout(spec)
	if err != nil {
		return fmt.Errorf("check-config: %s: %w", path, err)
	}
	fmt.Fprintln(stdout, "squares as the game's diagram draws them, each with its sensor channel and LED (cN/LN):")
	fmt.Fprintln(stdout)
	fmt.Fprint(stdout, layout.Picture(engine.NewGeometry(f.Board.Files, f.Board.Ranks, false)))
	fmt.Fprintln(stdout)
	fmt.Fprint(stdout, f.Summary())
	fmt.Fprintf(stdout, "\n%s: ok\n", path)
	return nil
}
