package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/tavoliere/tavoliere/engine"
)

const maxPerftDepth = 30

func runPerft(_ context.Context, args []string, stdout, _ io.Writer) error {
	fs := newFlags("perft")
	id := fs.String("game", "", "game id (see tavoliere games)")
	depth := fs.Int("depth", 0, fmt.Sprintf("number of moves, 1…%d", maxPerftDepth))
	pos := fs.String("position", "", "start from this position (the game's notation) instead of the start")
	divide := fs.Bool("divide", false, "print the count below each first move")
	var sets setFlags
	fs.Var(&sets, "set", "a setting, key=value (repeatable)")
	if err := parseFlags(fs, args, stdout); err != nil {
		return ignoreHelp(err)
	}
	r, err := rulesFromFlags("perft", *id, sets)
	if err != nil {
		return err
	}
	if *depth < 1 || *depth > maxPerftDepth {
		return fmt.Errorf("perft: depth %d out of range 1…%d", *depth, maxPerftDepth)
	}
	s := r.Start()
	if *pos != "" {
		if s, err = r.ParsePosition(*pos); err != nil {
			return fmt.Errorf("perft: %w", err)
		}
	}
	fmt.Fprintf(stdout, "%s [%s] depth %d from %s\n", r.ID(), settingsText(r), *depth, s)
	start := time.Now()
	var n uint64
	if *divide {
		moves, counts := engine.Divide(s, *depth)
		for i, m := range moves {
			fmt.Fprintf(stdout, "%s %d\n", r.FormatMove(m), counts[i])
			n += counts[i]
		}
	} else {
		n = engine.Perft(s, *depth)
	}
	el := time.Since(start)
	fmt.Fprintf(stdout, "time %v, %.1f M leaf nodes/s\n", el.Round(time.Millisecond), float64(n)/el.Seconds()/1e6)
	fmt.Fprintln(stdout, n)
	return nil
}
