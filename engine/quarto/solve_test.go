package quarto

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
	"github.com/tavoliere/tavoliere/engine/search"
)

// TestSolveAgainstNegamax compares the solver with plain negamax (engine/search) on random
// positions of every variant late enough for negamax: the value, and the best moves as the
// moves whose value negamax finds equal to it.
func TestSolveAgainstNegamax(t *testing.T) {
	games := 12
	if short() {
		games = 3
	}
	for _, v := range variants {
		r := mustRules(t, v.id, v.set)
		sv := NewSolver(r)
		compared := 0
		for _, s := range midgames(r, 77+uint64(len(v.name)), 4*games) {
			if s.Placed() < 10 {
				continue
			}
			compared++
			before := s.String()
			sol, err := sv.Solve(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			if s.String() != before {
				t.Fatalf("Solve changed %s into %s", before, s)
			}
			if want := search.Negamax(s); sol.Value != want {
				t.Errorf("%s: %s: value %d, negamax %d", v.name, s, sol.Value, want)
			}
			var best []engine.Move
			for _, m := range s.Legal(nil) {
				s.Play(m)
				if -search.Negamax(s) == sol.Value {
					best = append(best, m)
				}
				s.Undo()
			}
			if !slices.Equal(best, sol.Best) {
				t.Errorf("%s: %s: best %v, negamax %v", v.name, s, sol.Best, best)
			}
		}
		if compared < games {
			t.Errorf("%s: %d positions compared, want %d", v.name, compared, games)
		}
	}
}

// TestWins: Wins says whether the player to move wins, as Solve's value does, on random
// positions of every variant, and refuses what Solve refuses.
func TestWins(t *testing.T) {
	for _, v := range variants {
		r := mustRules(t, v.id, v.set)
		sv, wsv := NewSolver(r), NewSolver(r)
		wins := 0
		for _, s := range midgames(r, 13+uint64(len(v.name)), 60) {
			for s.Placed() > wsv.MinPlaced+3 {
				s.Undo()
			}
			sol, err := sv.Solve(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			won, err := wsv.Wins(context.Background(), s)
			if err != nil || won != (sol.Value == 1) {
				t.Errorf("%s: %s: Wins %v, %v; value %d", v.name, s, won, err, sol.Value)
			}
			if won {
				wins++
			}
		}
		if wins == 0 || wins == 60 {
			t.Errorf("%s: %d of 60 positions won: want both kinds", v.name, wins)
		}
	}
	r := mustRules(t, IDBase, nil)
	if _, err := NewSolver(r).Wins(context.Background(), r.Start()); !errors.Is(err, engine.ErrTooDeep) {
		t.Errorf("start: %v, want ErrTooDeep", err)
	}
}

func TestSolveRefusesEarlyPositions(t *testing.T) {
	r := mustRules(t, IDBase, nil)
	s := r.Start()
	if _, err := NewSolver(r).Solve(context.Background(), s); !errors.Is(err, engine.ErrTooDeep) {
		t.Fatalf("start: %v, want ErrTooDeep", err)
	}
	other := mustRules(t, IDAdvanced, nil)
	if _, err := NewSolver(other).Solve(context.Background(), s); err == nil {
		t.Fatal("a base position solved by an Advanced solver")
	}
}

func TestSolveCancelled(t *testing.T) {
	r := mustRules(t, IDBase, nil)
	sv := NewSolver(r)
	sv.MinPlaced = 0
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := r.Start()
	s.Play(mustMove(t, r, "BLRH"))
	if _, err := sv.Solve(ctx, s); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled solve: %v", err)
	}
}

// solvePositions are midgame positions of the base game with 8 and 6 pieces placed, from
// seeded random games.
func solvePositions(b *testing.B, id string, placed int) []*State {
	r, _ := New(id, nil)
	var out []*State
	for _, s := range midgames(r, 5, 200) {
		for s.Placed() > placed {
			s.Undo()
		}
		if s.Placed() == placed && s.Held() >= 0 && len(out) < 8 {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		b.Fatal("no positions")
	}
	return out
}

// BenchmarkSolve solves positions with 8 and 6 pieces placed, each with a fresh solver (an
// empty table): one op is one position.
func BenchmarkSolve(b *testing.B) {
	for _, c := range []struct {
		name   string
		id     string
		placed int
	}{{"base-8", IDBase, 8}, {"base-6", IDBase, 6}, {"pro-8", IDPro, 8}, {"pro-6", IDPro, 6},
		{"simplified-10", IDSimplified, 10}, {"simplified-9", IDSimplified, 9}, {"simplified-8", IDSimplified, 8}} {
		b.Run(c.name, func(b *testing.B) {
			positions := solvePositions(b, c.id, c.placed)
			r := positions[0].r
			b.ReportAllocs()
			var nodes uint64
			i := 0
			for b.Loop() {
				sv := NewSolver(r)
				sol, err := sv.Solve(context.Background(), positions[i%len(positions)])
				if err != nil {
					b.Fatal(err)
				}
				nodes += sol.Nodes
				i++
			}
			b.ReportMetric(float64(nodes)/float64(i), "nodes/op")
		})
	}
}

// TestSolveWinBeforeDeadline: the solver returns a win proven before its deadline, with the
// winning moves it had found (enginetest.WinBeforeDeadline), in positions with 7 pieces
// placed.
func TestSolveWinBeforeDeadline(t *testing.T) {
	r := mustRules(t, IDBase, nil)
	var positions []engine.State
	for _, s := range midgames(r, 91, 60) {
		for s.Placed() > 7 {
			s.Undo()
		}
		positions = append(positions, s)
	}
	enginetest.WinBeforeDeadline(t, r.NewSolver, positions, 4)
}
