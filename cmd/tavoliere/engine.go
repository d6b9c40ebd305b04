package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/engine/search"
)

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

func ignoreHelp(err error) error {
	if errors.Is(err, errHelp) {
		return nil
	}
	return err
}

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

// settingsText is the settings in force as the output headers print them: Settings.String
// is empty for a game that has none.
func settingsText(r engine.Rules) string {
	if s := r.Settings().String(); s != "" {
		return s
	}
	return "no settings"
}

func scoreText(s engine.State) string {
	n := s.Rules().Players()
	parts := make([]string, n)
	for p := range n {
		parts[p] = fmt.Sprint(s.Score(p))
	}
	return strings.Join(parts, "-")
}
