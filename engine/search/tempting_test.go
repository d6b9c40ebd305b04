package search

import (
	"context"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
)

// The AI's ranking of drawing moves stops at its budget even when each solve is small: it
// looks at the clock before every reply it solves. Here a solve takes 20 ms and every move
// of Nim (take 1…6) under a move cap of 6 plies draws, so ranking the 6 × 6 replies would
// take 720 ms against a budget of 50 ms.
func TestAITemptingWithinBudget(t *testing.T) {
	r := newNim(2, 40)
	r.max, r.moveCap = 6, 6
	var late []time.Duration // how long after the deadline a solve began
	r.solve = func(ctx context.Context, s engine.State) (engine.Solution, error) {
		if d, ok := ctx.Deadline(); ok && time.Now().After(d) {
			late = append(late, time.Since(d))
		}
		time.Sleep(20 * time.Millisecond)
		sol := engine.Solution{Value: Negamax(s.Clone()), Plies: -1}
		for _, m := range s.Legal(nil) {
			s.Play(m)
			if v := -Negamax(s.Clone()); v == sol.Value {
				sol.Best = append(sol.Best, m)
			}
			s.Undo()
		}
		return sol, nil
	}
	ai := NewAI(r, Options{Think: 50 * time.Millisecond, Seed: 1})
	res, err := ai.Search(t.Context(), r.Start())
	if err != nil {
		t.Fatal(err)
	}
	if res.Value != 0.5 {
		t.Errorf("value %v, want the draw", res.Value)
	}
	// A solve may begin a moment after the deadline (the clock is read just before it);
	// the ranking must not go on solving replies well past it.
	for _, l := range late {
		if l > 15*time.Millisecond {
			t.Errorf("solves began after the deadline: %v", late)
			break
		}
	}
}

// The AI ranks drawing moves in rounds, one reply more for each at a time, in a random
// order: when its budget does not let it solve every reply, the move that stands out is
// still found. Here every move of Nim (take 1…6) under a move cap of 6 plies draws, and the
// solver says the opponent loses after every reply to taking 6 alone (the last move in
// Legal's order); a solve takes 10 ms, and ranking the moves one after the other, all 6
// replies each, would take 360 ms against a budget of 200 ms.
func TestAITemptingRounds(t *testing.T) {
	r := newNim(2, 40)
	r.max, r.moveCap = 6, 6
	solves := 0
	r.solve = takeSixTempts(&solves, 10*time.Millisecond)
	for seed := range uint64(4) {
		solves = 0
		ai := NewAI(r, Options{Think: 200 * time.Millisecond, Seed: seed})
		res, err := ai.Search(t.Context(), r.Start())
		if err != nil {
			t.Fatal(err)
		}
		if res.Move != 6 {
			t.Errorf("seed %d: the AI takes %d after %d solves, want 6", seed, res.Move, solves)
		}
		if solves > 1+36 {
			t.Errorf("seed %d: %d solves, more than the replies", seed, solves)
		}
	}
}

// takeSixTempts is a solver for Nim under a move cap where every move draws, that counts its
// solves in solves and takes pause over each: after every reply to taking 6 the opponent
// has lost, after every other reply nobody has.
func takeSixTempts(solves *int, pause time.Duration) func(context.Context, engine.State) (engine.Solution, error) {
	return func(ctx context.Context, s engine.State) (engine.Solution, error) {
		*solves++
		time.Sleep(pause)
		if h := s.(*nim).hist; len(h) == 2 {
			v := 0
			if h[0] == 6 {
				v = 1 // to the player to move, the AI again
			}
			return engine.Solution{Value: v, Plies: -1}, nil
		}
		return engine.Solution{Value: 0, Best: s.Legal(nil), Plies: -1}, nil
	}
}

// Given the time, the ranking is exact and drops a move once its share can no longer
// reach the best share certain: with the solver of TestAITemptingRounds at once, the moves
// other than taking 6 are dropped after four rounds, 26 reply solves instead of 36.
func TestAITemptingPrunes(t *testing.T) {
	r := newNim(2, 40)
	r.max, r.moveCap = 6, 6
	solves := 0
	r.solve = takeSixTempts(&solves, 0)
	ai := NewAI(r, Options{Think: time.Minute, Seed: 1})
	res, err := ai.Search(t.Context(), r.Start())
	if err != nil {
		t.Fatal(err)
	}
	if res.Move != 6 || solves != 1+26 {
		t.Errorf("the AI takes %d after %d solves, want 6 after 1+26", res.Move, solves)
	}
}

// The AI's solver has four fifths of the budget (solverShare); a position it does not
// solve in them is left to MCTS, which has the rest and answers within the budget.
func TestAISolverShare(t *testing.T) {
	r := newNim(2, 40)
	var left []time.Duration // the solver's time to its deadline, at each call
	r.solve = func(ctx context.Context, s engine.State) (engine.Solution, error) {
		d, ok := ctx.Deadline()
		if !ok {
			t.Fatal("the solver has no deadline")
		}
		left = append(left, time.Until(d))
		<-ctx.Done()
		return engine.Solution{}, ctx.Err()
	}
	const think = time.Second
	ai := NewAI(r, Options{Think: think, Seed: 1})
	res, err := ai.Search(t.Context(), r.Start())
	if err != nil {
		t.Fatal(err)
	}
	if len(left) != 1 || left[0] <= think*7/10 || left[0] > think*4/5 {
		t.Errorf("the solver's time: %v, want one call with just under %v", left, think*4/5)
	}
	if res.Iterations == 0 || res.Elapsed > think*11/10 {
		t.Errorf("after the solver: %d playouts in %v, want MCTS within %v", res.Iterations, res.Elapsed, think)
	}
}
