package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/search"
)

func runSelfplay(ctx context.Context, args []string, stdout, _ io.Writer) error {
	fs := newFlags("selfplay")
	id := fs.String("game", "", "game id (see tavoliere games)")
	n := fs.Int("games", 1, "number of games")
	think := fs.Duration("think", 100*time.Millisecond, "thinking time per move")
	iters := fs.Int("iterations", 0, "playouts per move instead of a time budget (exactly reproducible)")
	seed := fs.Uint64("seed", 1, "random seed: the same seed replays the same games with -iterations")
	verbose := fs.Bool("v", false, "print every game's moves")
	var sets setFlags
	fs.Var(&sets, "set", "a setting, key=value (repeatable)")
	if err := parseFlags(fs, args, stdout); err != nil {
		return ignoreHelp(err)
	}
	r, err := rulesFromFlags("selfplay", *id, sets)
	if err != nil {
		return err
	}
	if err := hiddenChoices("selfplay", r); err != nil {
		return err
	}
	switch {
	case *n < 1:
		return fmt.Errorf("selfplay: -games %d: want at least 1", *n)
	case *think <= 0 && *iters <= 0:
		return fmt.Errorf("selfplay: -think %v: want a positive time, or -iterations", *think)
	case *iters < 0:
		return fmt.Errorf("selfplay: -iterations %d: want at least 1", *iters)
	}
	if *iters > 0 {
		*think = 0
	}
	fmt.Fprintf(stdout, "%s [%s]: %d games, baseline MCTS v itself, ", r.ID(), settingsText(r), *n)
	if *iters > 0 {
		fmt.Fprintf(stdout, "%d playouts a move, seed %d\n", *iters, *seed)
	} else {
		fmt.Fprintf(stdout, "%v a move, seed %d\n", *think, *seed)
	}
	wins := make([]int, r.Players())
	var draws, moves, playouts int
	var spent time.Duration
	for g := range *n {
		ai := search.NewMCTS(search.MCTSOptions{Think: *think, Iterations: *iters, Seed: *seed + uint64(g)})
		s := r.Start()
		var line []string
		for !s.Outcome().Over {
			res, err := ai.Search(ctx, s)
			if err != nil {
				return fmt.Errorf("selfplay: game %d move %d: %w", g+1, s.Ply()+1, err)
			}
			spent += res.Elapsed
			playouts += res.Iterations
			moves++
			line = append(line, r.FormatMove(res.Move))
			s.Play(res.Move)
		}
		o := s.Outcome()
		result := "draw"
		for p := range wins {
			if o.Won(p) {
				wins[p]++
				result = r.PlayerName(p) + " wins"
			}
		}
		if o.IsDraw() {
			draws++
		}
		fmt.Fprintf(stdout, "game %d: %s (%s), %d moves, score %s\n", g+1, result, o.Reason, s.Ply(), scoreText(s))
		if *verbose {
			fmt.Fprintf(stdout, "  %s\n", strings.Join(line, " "))
		}
	}
	for p, w := range wins {
		fmt.Fprintf(stdout, "%s wins %d, ", r.PlayerName(p), w)
	}
	fmt.Fprintf(stdout, "draws %d\n", draws)
	fmt.Fprintf(stdout, "mean time per move %v over %d moves, %d playouts a move (%.0f playouts/s)\n",
		(spent / time.Duration(moves)).Round(time.Microsecond), moves, playouts/moves, float64(playouts)/spent.Seconds())
	return nil
}

func scoreText(s engine.State) string {
	n := s.Rules().Players()
	parts := make([]string, n)
	for p := range n {
		parts[p] = fmt.Sprint(s.Score(p))
	}
	return strings.Join(parts, "-")
}
