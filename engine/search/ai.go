package search

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/tavoliere/tavoliere/engine"
)

// AI is the player the service seats: it plays exactly where the game has a solver that
// reaches the position (engine.Solvable: Quantik, Quarto's endgames), choosing among the
// moves that keep the position's value; elsewhere it runs MCTS over the root moves that
// pass two hard rules: take a win at once when there is one, and never make a move that
// lets the opponent win at once while another move exists (in Quarto: never hand over a
// piece that wins).
//
// An AI keeps its solver's table from one search to the next; it is not safe for concurrent
// use.
type AI struct {
	opt    Options
	mcts   *MCTS
	rules  engine.Rules
	solver engine.Solver
	moves  []engine.Move
	safe   []engine.Move
}

// NewAI returns an AI for the games of r, searching within the budget of o.
func NewAI(r engine.Rules, o Options) *AI {
	a := &AI{opt: o, mcts: NewMCTS(o), rules: r}
	if sv, ok := r.(engine.Solvable); ok {
		a.solver = sv.NewSolver()
	}
	return a
}

// SetOptions changes the budget and seed of the searches to come; the solver's table stays.
func (a *AI) SetOptions(o Options) {
	a.opt = o
	a.mcts.opt = withDefaults(o)
}

// Search returns the AI's move for s. Result.Value is 1, ½ or 0 when the position was
// solved; Result.Children is empty then.
func (a *AI) Search(ctx context.Context, s engine.State) (Result, error) {
	if o := s.Outcome(); o.Over {
		return Result{}, fmt.Errorf("search: %w (%s)", ErrGameOver, o.Reason)
	}
	start := a.mcts.opt.Clock()
	if a.solver != nil && s.Rules() == a.rules {
		// The solver has half the budget: a position it cannot finish in time is left to
		// MCTS with the other half (the table keeps what it found for the next move).
		sctx := ctx
		if a.opt.Think > 0 {
			var cancel context.CancelFunc
			sctx, cancel = context.WithTimeout(ctx, a.opt.Think/2)
			defer cancel()
		}
		sol, err := a.solver.Solve(sctx, s)
		switch {
		case err == nil && len(sol.Best) > 0:
			rng := rand.New(rand.NewPCG(a.opt.Seed, seed2))
			return Result{
				Move:       sol.Best[rng.IntN(len(sol.Best))],
				Value:      float64(sol.Value+1) / 2,
				Iterations: int(sol.Nodes),
				Elapsed:    a.mcts.opt.Clock().Sub(start),
			}, nil
		case err != nil && !errors.Is(err, engine.ErrTooDeep) && !errors.Is(err, context.DeadlineExceeded):
			return Result{}, err
		}
	}
	root := a.rootMoves(s)
	o := a.opt
	if o.Think > 0 {
		o.Think -= a.mcts.opt.Clock().Sub(start)
		o.Think = max(o.Think, time.Millisecond)
	}
	a.mcts.opt = withDefaults(o)
	return a.mcts.SearchMoves(ctx, s, root)
}

// rootMoves returns the moves that win at once, if any; else the moves after which the
// opponent cannot win at once, if any; else nil (every legal move).
func (a *AI) rootMoves(s engine.State) []engine.Move {
	me := s.Turn()
	a.moves = s.Legal(a.moves[:0])
	a.safe = a.safe[:0]
	for _, m := range a.moves {
		s.Play(m)
		o := s.Outcome()
		won := o.Over && o.Won(me)
		if won || o.IsDraw() || !o.Over && !a.loseAtOnce(s, me) {
			a.safe = append(a.safe, m)
		}
		s.Undo()
		if won {
			return a.safe[len(a.safe)-1:]
		}
	}
	if len(a.safe) == 0 {
		return nil
	}
	return a.safe
}

// loseAtOnce reports whether the player to move in s, not me, has a move that wins.
func (a *AI) loseAtOnce(s engine.State, me int) bool {
	n := len(a.moves)
	a.moves = s.Legal(a.moves)
	defer func() { a.moves = a.moves[:n] }()
	for _, r := range a.moves[n:] {
		s.Play(r)
		o := s.Outcome()
		s.Undo()
		if o.Over && o.Winners != 0 && !o.Won(me) {
			return true
		}
	}
	return false
}
