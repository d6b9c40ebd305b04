package search

import (
	"context"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
)

// fakeClock returns a clock that moves on by tick every time it is read.
func fakeClock(tick time.Duration) func() time.Time {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	return func() time.Time {
		now = now.Add(tick)
		return now
	}
}

// negamaxSolver solves Nim by plain negamax: every move that keeps the value is best.
func negamaxSolver(_ context.Context, s engine.State) (engine.Solution, error) {
	sol := engine.Solution{Value: Negamax(s.Clone()), Plies: -1}
	for _, m := range s.Legal(nil) {
		s.Play(m)
		if -Negamax(s.Clone()) == sol.Value {
			sol.Best = append(sol.Best, m)
		}
		s.Undo()
	}
	return sol, nil
}

// In a lost position the AI does not stop at the proof: it searches on without proofs
// for the rest of its budget and plays the move that search favours (the one its
// playouts, a player taking any win at once and otherwise moving at random, most often
// fail to win against), saying the position is lost. Nim (take 1…3) from 12 stones is
// lost for the player to move, by the solver or by the tree's proofs.
func TestAISwindles(t *testing.T) {
	for _, solver := range []bool{false, true} {
		r := newNim(2, 12)
		if solver {
			r.solve = negamaxSolver
		}
		const think = 100 * time.Millisecond
		ai := NewAI(r, Options{Think: think, Seed: 1, Clock: fakeClock(10 * time.Microsecond)})
		res, err := ai.Search(t.Context(), r.Start())
		if err != nil {
			t.Fatal(err)
		}
		if res.Value != 0 {
			t.Errorf("solver %v: value %v, want 0 (lost)", solver, res.Value)
		}
		if len(res.Children) != 3 || res.Children[0].Move != res.Move {
			t.Fatalf("solver %v: move %v, children %+v: want the most visited of the three moves", solver, res.Move, res.Children)
		}
		for _, c := range res.Children {
			if c.Proven {
				t.Errorf("solver %v: %+v is proven: the move was not chosen by a search without proofs", solver, c)
			}
		}
		// The search went on to the end of the budget (2% of it kept to answer).
		if res.Elapsed < think*9/10 || res.Elapsed > think {
			t.Errorf("solver %v: elapsed %v of %v", solver, res.Elapsed, think)
		}
	}
}

// Without a time budget a lost position is played as before: by the proof, or by the
// solver, at once.
func TestAINoSwindle(t *testing.T) {
	for _, solver := range []bool{false, true} {
		r := newNim(2, 12)
		if solver {
			r.solve = negamaxSolver
		}
		res, err := NewAI(r, Options{Iterations: 20000, Seed: 1}).Search(t.Context(), r.Start())
		if err != nil {
			t.Fatal(err)
		}
		if res.Value != 0 {
			t.Errorf("solver %v: value %v, want 0 (lost)", solver, res.Value)
		}
		if !solver && !provenLost(res) {
			t.Errorf("children %+v, want every move proven lost", res.Children)
		}
		if solver && len(res.Children) != 0 {
			t.Errorf("solver: children %+v, want none (solved)", res.Children)
		}
	}
}
