package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/search"
	"github.com/tavoliere/tavoliere/engine/xequeo"
)

// arenaPlayers are the players arena knows, by the names its -a and -b flags take.
var arenaPlayers = map[string]search.Factory{
	"random": func(_ engine.Rules, o search.Options) search.Player { return search.NewRandom(o) },
	"mcts":   func(_ engine.Rules, o search.Options) search.Player { return search.NewBaseline(o) },
	"ai":     func(r engine.Rules, o search.Options) search.Player { return search.NewAI(r, o) },
}

const arenaPlayerNames = "random, mcts, ai, or a level (beginner … strongest)"

// arenaPlayer returns the player named name: one of arenaPlayers, or the AI at a level of
// the kiosk, with that level's time per move and random moves whatever -think says.
func arenaPlayer(name string) (search.Factory, bool) {
	if f, ok := arenaPlayers[name]; ok {
		return f, true
	}
	l, ok := search.LevelNamed(name)
	if !ok {
		return nil, false
	}
	return l.Player(), true
}

func runArena(ctx context.Context, args []string, stdout, _ io.Writer) error {
	fs := newFlags("arena")
	id := fs.String("game", "", "game id (see tavoliere games)")
	a := fs.String("a", "ai", "player A: "+arenaPlayerNames+" (Xe Queo!: "+xqPlayerNames+")")
	b := fs.String("b", "mcts", "player B: "+arenaPlayerNames+" (Xe Queo!: "+xqPlayerNames+"; mcts means random)")
	n := fs.Int("games", 10, "number of games; A and B swap seats every game, so an even number is fair (Xe Queo!: rounds, each worth a ring, played as whole matches)")
	think := fs.Duration("think", 50*time.Millisecond, "thinking time per move")
	iters := fs.Int("iterations", 0, "playouts per move instead of a time budget (exactly reproducible)")
	seed := fs.Uint64("seed", 1, "random seed of the openings and the searches")
	opening := fs.Int("opening", 2, "random plies that open each pair of games (the same opening for both)")
	verbose := fs.Bool("v", false, "print every game's moves")
	qtable := fs.String("quixo-table", "", "load Quixo's endgame table from this file (built by tavoliere quixo-table)")
	var sets setFlags
	fs.Var(&sets, "set", "a setting, key=value (repeatable)")
	if err := parseFlags(fs, args, stdout); err != nil {
		return ignoreHelp(err)
	}
	if err := useQuixoTable("arena", *qtable); err != nil {
		return err
	}
	r, err := rulesFromFlags("arena", *id, sets)
	if err != nil {
		return err
	}
	if xr, ok := r.(*xequeo.Rules); ok {
		return xqArena(ctx, stdout, xr, *a, *b, *n, *think, *iters, *seed, *verbose)
	}
	fa, ok := arenaPlayer(*a)
	if !ok {
		return fmt.Errorf("arena: -a %q: unknown player (want %s)", *a, arenaPlayerNames)
	}
	fb, ok := arenaPlayer(*b)
	if !ok {
		return fmt.Errorf("arena: -b %q: unknown player (want %s)", *b, arenaPlayerNames)
	}
	switch {
	case *n < 1:
		return fmt.Errorf("arena: -games %d: want at least 1", *n)
	case *iters < 0:
		return fmt.Errorf("arena: -iterations %d: want at least 1", *iters)
	case *think <= 0 && *iters == 0:
		return fmt.Errorf("arena: -think %v: want a positive time, or -iterations", *think)
	case *opening < 0:
		return fmt.Errorf("arena: -opening %d: want 0 or more plies", *opening)
	}
	if *iters > 0 {
		*think = 0
	}
	budget := fmt.Sprintf("%v a move", *think)
	if *iters > 0 {
		budget = fmt.Sprintf("%d playouts a move", *iters)
	}
	var own []string // the levels play at their own budgets
	for _, p := range []string{*a, *b} {
		if l, ok := search.LevelNamed(p); ok && !slices.Contains(own, p+": "+l.Think.String()) {
			own = append(own, p+": "+l.Think.String())
		}
	}
	if len(own) > 0 {
		budget += " (" + strings.Join(own, ", ") + ")"
	}
	fmt.Fprintf(stdout, "%s [%s]: %s (A) v %s (B), %d games, %s, %d-ply openings, seed %d\n",
		r.ID(), settingsText(r), *a, *b, *n, budget, *opening, *seed)

	m := search.Match{
		Rules:   r,
		A:       fa,
		B:       fb,
		Games:   *n,
		Options: search.Options{Think: *think, Iterations: *iters, Seed: *seed},
		Opening: *opening,
	}
	res, err := m.Play(ctx, func(g search.Game) {
		open := ""
		if len(g.Opening) > 0 {
			open = ", opening " + strings.Join(g.Opening, " ")
		}
		fmt.Fprintf(stdout, "game %d: A %s: %s, %d moves%s\n", g.Index+1,
			seatsText(r, g.ASeats), gameResultText(r, g, *a, *b), len(g.Moves), open)
		if *verbose {
			fmt.Fprintf(stdout, "  %s\n", strings.Join(g.Moves, " "))
		}
	})
	if res.Games() > 0 {
		printArena(stdout, res, *a, *b)
	}
	if err != nil {
		return fmt.Errorf("arena: %w", err)
	}
	return nil
}

// seatsText names A's seats: "Black", "Crosses A1 and Crosses A2".
func seatsText(r engine.Rules, seats uint8) string {
	var names []string
	for p := range r.Players() {
		if seats>>p&1 != 0 {
			names = append(names, r.PlayerName(p))
		}
	}
	return strings.Join(names, " and ")
}

// gameResultText says who won a game of the match and how: "ai (A) wins (3×3 square)".
func gameResultText(r engine.Rules, g search.Game, a, b string) string {
	switch g.Score {
	case 1:
		return fmt.Sprintf("%s (A) wins (%s)", a, g.Outcome.Reason)
	case 0:
		return fmt.Sprintf("%s (B) wins (%s)", b, g.Outcome.Reason)
	}
	if g.Outcome.Winners != 0 { // a winner on both sides: not in any game so far
		return "shared (" + g.Outcome.Text(r) + ")"
	}
	return "draw (" + g.Outcome.Reason + ")"
}

func printArena(w io.Writer, res search.MatchResult, a, b string) {
	lo, hi := res.Interval()
	elo, eloLo, eloHi := res.Elo()
	fmt.Fprintf(w, "%s v %s: %d wins, %d draws, %d losses in %d games\n", a, b, res.Wins, res.Draws, res.Losses, res.Games())
	fmt.Fprintf(w, "score %.1f%% (95%% CI %.1f%%…%.1f%%), Elo %+.0f (95%% CI %+.0f…%+.0f)\n",
		100*res.Score(), 100*lo, 100*hi, elo, eloLo, eloHi)
	for _, u := range []struct {
		name string
		search.Usage
	}{{a + " (A)", res.A}, {b + " (B)", res.B}} {
		if u.Moves == 0 {
			continue
		}
		fmt.Fprintf(w, "%s: %d moves, %v a move, %d playouts a move\n", u.name, u.Moves,
			(u.Time / time.Duration(u.Moves)).Round(time.Microsecond), u.Iterations/u.Moves)
	}
}
