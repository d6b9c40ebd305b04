package search

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/quantik"
)

// givesWin reports whether m lets the opponent of s's player to move win at once.
func givesWin(s engine.State, m engine.Move) bool {
	s.Play(m)
	defer s.Undo()
	if s.Outcome().Over {
		return false
	}
	_, ok := engine.WinningMoveByPlay(s, s.Legal(nil))
	return ok
}

// Where the solver decides, the AI keeps the hard rules all the same, on Quantik positions
// of random games: it takes a win at once when there is one (the solver counts every
// winning move alike), and in a lost position it never makes a move that lets the opponent
// win at once while another exists (the solver counts every move alike there) — with a
// budget of iterations, which plays no swindle, and with a time budget where one move is
// safe, which the swindle leaves to the caller.
func TestAISolverHardRules(t *testing.T) {
	r, err := quantik.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	sv := r.NewSolver()
	rng := rand.New(rand.NewPCG(1, 2))
	var wins, lost, oneSafe int
	for g := 0; g < 400 && (wins < 40 || lost < 40); g++ {
		s := r.Start()
		for !s.Outcome().Over {
			moves := s.Legal(nil)
			budgets := []Options{{Iterations: 1000, Seed: uint64(g)}}
			win := false
			if _, ok := engine.WinningMoveByPlay(s, moves); ok {
				win = true
				wins++
			} else {
				sol, err := sv.Solve(t.Context(), s)
				if err != nil {
					t.Fatal(err)
				}
				safe := 0
				for _, m := range moves {
					if !givesWin(s, m) {
						safe++
					}
				}
				switch {
				case sol.Value >= 0 || safe == 0 || safe == len(moves):
					budgets = nil
				case safe == 1:
					oneSafe++
					budgets = append(budgets, Options{Think: 50 * time.Millisecond, Seed: uint64(g)})
					fallthrough
				default:
					lost++
				}
			}
			for _, o := range budgets {
				res, err := NewAI(r, o).Search(t.Context(), s.Clone())
				if err != nil {
					t.Fatal(err)
				}
				if win {
					s.Play(res.Move)
					if !s.Outcome().Over {
						t.Errorf("%s: the AI (%s) played %s, which does not win at once", s, budget(o), r.FormatMove(res.Move))
					}
					s.Undo()
				} else if givesWin(s, res.Move) {
					t.Errorf("%s, lost: the AI (%s) played %s, which lets the opponent win at once", s, budget(o), r.FormatMove(res.Move))
				}
			}
			s.Play(moves[rng.IntN(len(moves))])
		}
	}
	t.Logf("%d positions with a win at once, %d lost with safe and unsafe moves (%d with one safe)", wins, lost, oneSafe)
	if wins < 40 || lost < 40 || oneSafe == 0 {
		t.Errorf("too few positions: %d, %d, %d", wins, lost, oneSafe)
	}
}

// budget names the budget of o.
func budget(o Options) string {
	if o.Think > 0 {
		return o.Think.String()
	}
	return fmt.Sprintf("%d iterations", o.Iterations)
}
