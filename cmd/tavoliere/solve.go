package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tavoliere/tavoliere/engine"
)

func runSolve(ctx context.Context, args []string, stdout, _ io.Writer) error {
	fs := newFlags("solve")
	id := fs.String("game", "", "game id (see tavoliere games)")
	pos := fs.String("position", "", "solve this position (the game's notation) instead of the start")
	qtable := fs.String("quixo-table", "", "load Quixo's endgame table from this file (built by tavoliere quixo-table)")
	var sets setFlags
	fs.Var(&sets, "set", "a setting, key=value (repeatable)")
	if err := parseFlags(fs, args, stdout); err != nil {
		return ignoreHelp(err)
	}
	if err := useQuixoTable("solve", *qtable); err != nil {
		return err
	}
	r, err := rulesFromFlags("solve", *id, sets)
	if err != nil {
		return err
	}
	solvable, ok := r.(engine.Solvable)
	var solver engine.Solver
	if ok {
		solver = solvable.NewSolver()
	}
	if solver == nil {
		return fmt.Errorf("solve: %s has no exact solver", r.ID())
	}
	s := r.Start()
	if *pos != "" {
		if s, err = r.ParsePosition(*pos); err != nil {
			return fmt.Errorf("solve: %w", err)
		}
	}
	fmt.Fprintf(stdout, "%s [%s] from %s\n", r.ID(), settingsText(r), s)
	start := time.Now()
	sol, err := solver.Solve(ctx, s)
	if err == nil && ctx.Err() != nil {
		err = ctx.Err() // a win found before the interruption, its best moves not all
	}
	if err != nil {
		return fmt.Errorf("solve: %w", err)
	}
	el := time.Since(start)
	fmt.Fprintf(stdout, "value: %s\n", valueText(r, s, sol))
	if len(sol.Best) > 0 {
		names := make([]string, len(sol.Best))
		for i, m := range sol.Best {
			names[i] = r.FormatMove(m)
		}
		ranked := ""
		if sol.Ranked {
			ranked = ", the solver's choice of those that keep the value"
		}
		fmt.Fprintf(stdout, "best moves (%d of %d%s): %s\n", len(sol.Best), len(s.Legal(nil)), ranked, strings.Join(names, " "))
	}
	fmt.Fprintf(stdout, "%d positions in %v\n", sol.Nodes, el.Round(time.Millisecond))
	return nil
}

// valueText says what the value means for the player to move: "Light wins", "draw".
func valueText(r engine.Rules, s engine.State, sol engine.Solution) string {
	me := r.PlayerName(s.Turn())
	plies := ""
	if sol.Plies > 0 {
		plies = fmt.Sprintf(", in %d plies", sol.Plies)
	}
	switch {
	case s.Outcome().Over:
		return "the game is over: " + s.Outcome().Text(r)
	case sol.Value > 0:
		return fmt.Sprintf("win for %s, the player to move%s", me, plies)
	case sol.Value < 0:
		return fmt.Sprintf("loss for %s, the player to move%s", me, plies)
	}
	return fmt.Sprintf("draw with best play (%s to move)", me)
}
