package search

import (
	"fmt"
	"time"
)

// Options are what a player is given for each move: the budget, the seed, and the AI's
// level. The AI, the arena's players and the referee take them; the AI turns them into the
// options of its searches (MCTSOptions, AlphaBetaOptions). At least one of Think and
// Iterations must be set.
type Options struct {
	Think      time.Duration // wall-clock budget; 0 = none
	Iterations int           // playouts, or alpha-beta's nodes; 0 = none
	Seed       uint64        // with Iterations and no Think, a seed gives one Result (but Elapsed)
	// Blunder is the chance that the AI plays a random move instead of searching (the
	// weaker levels): a move that lets no opponent win at once where there is one, and a
	// win at once is always taken. 0 = never.
	Blunder float64
	Clock   func() time.Time // nil = time.Now
}

// withDefaults gives o's zero fields their defaults.
func (o Options) withDefaults() Options {
	if o.Clock == nil {
		o.Clock = time.Now
	}
	return o
}

func (o Options) check() error {
	switch {
	case o.Think < 0:
		return fmt.Errorf("search: negative Think %v", o.Think)
	case o.Iterations < 0:
		return fmt.Errorf("search: negative Iterations %d", o.Iterations)
	case o.Think == 0 && o.Iterations == 0:
		return fmt.Errorf("search: %w", ErrNoBudget)
	}
	return nil
}

// mcts returns the MCTS options of o's budget and seed, the search's own at their defaults.
func (o Options) mcts() MCTSOptions {
	return MCTSOptions{Think: o.Think, Iterations: o.Iterations, Seed: o.Seed, Clock: o.Clock}
}

// alphaBeta returns the alpha-beta options of o's budget.
func (o Options) alphaBeta() AlphaBetaOptions {
	return AlphaBetaOptions{Think: o.Think, Nodes: o.Iterations, Clock: o.Clock}
}
